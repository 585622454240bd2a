package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// runProbed runs bin as the original with probes writing to a fresh file
// and returns its output and the infected schema numbers.
func runProbed(t *testing.T, bin string) (string, map[int]bool) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "probe")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), ProbeEnv+"="+file)
	out, err := cmd.CombinedOutput()
	got := fmt.Sprintf("%s\nerr=%v", out, err)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the probes wrote no file: %v", err)
	}
	infected := map[int]bool{}
	for _, l := range strings.Fields(string(b)) {
		n, err := strconv.Atoi(l)
		if err != nil {
			t.Fatalf("probe file line %q: %v", l, err)
		}
		if infected[n] {
			t.Errorf("schema %d recorded twice", n)
		}
		infected[n] = true
	}
	return got, infected
}

// TestProbesAreSound builds the behave fixture's schemata with probes and
// checks the filter's promise on every probed mutant: a mutant the
// original's run never infects prints what the original prints. It also
// checks that probing changes nothing of the original's behaviour and
// that the filter filters (some probed mutants are not infected).
func TestProbesAreSound(t *testing.T) {
	t.Parallel()
	pkg := loadFixture(t, "behave")
	muts, _, err := Enumerate(context.Background(), pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	bin := buildSchemata(t, pkg, muts, SchemataOptions{Probes: true}, t.TempDir())
	original := runBinary(bin, 0)
	probedOut, infected := runProbed(t, bin)
	if probedOut != original {
		t.Fatalf("with probes on, the original prints\n%s\nwant\n%s", probedOut, original)
	}

	var probed, uninfected, changedAndInfected []string
	for _, m := range muts {
		if m.Schema == 0 {
			t.Errorf("mutant %s was left out of the schemata with probes", m.ID)
			continue
		}
		if !m.Probed {
			if infected[m.Schema] {
				t.Errorf("mutant %s is not probed but was recorded as infected", m.ID)
			}
			continue
		}
		probed = append(probed, m.ID)
		changed := runBinary(bin, m.Schema) != original
		switch {
		case !infected[m.Schema] && changed:
			t.Errorf("mutant %s changes the output but no probe recorded it: the filter would call it survived", m.ID)
		case !infected[m.Schema]:
			uninfected = append(uninfected, m.ID)
		case changed:
			changedAndInfected = append(changedAndInfected, m.ID)
		}
	}
	sort.Strings(uninfected)
	t.Logf("%d mutants, %d probed, %d infected, %d never infected: %v", len(muts), len(probed), len(infected), len(uninfected), uninfected)
	if len(probed) < len(muts)/4 {
		t.Errorf("only %d of %d mutants are probed", len(probed), len(muts))
	}
	if len(uninfected) == 0 || len(changedAndInfected) == 0 {
		t.Errorf("want both uninfected and killed probed mutants for the check to mean something: %d uninfected, %d killed",
			len(uninfected), len(changedAndInfected))
	}
}

func TestPureExpressions(t *testing.T) {
	t.Parallel()
	src := `package p

type S struct{ a []int; m map[string]int }

func f(x, y int, s *S, ch chan int, g func() int) {
	_ = x + y*2
	_ = len(s.a) > 0 && s.a[0] == x
	_ = s.m["k"] - int(uint8(y))
	_ = min(x, y) <= max(x, 3)
	_ = g() + 1
	_ = <-ch + 1
	_ = x + func() int { return 1 }()
	_ = append(s.a, 1)[0]
}
`
	pkg, ok := sourcePackage(src)
	if !ok {
		t.Fatal("the source does not type-check")
	}
	want := []bool{true, true, true, true, false, false, false, false}
	var got []bool
	for _, d := range pkg.Files[0].Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		for _, st := range fd.Body.List {
			as := st.(*ast.AssignStmt)
			got = append(got, pureExpr(pkg.TypesInfo, as.Rhs[0]))
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pureExpr: got %v, want %v", got, want)
	}
}
