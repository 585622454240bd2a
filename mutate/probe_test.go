package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

// runProbed runs bin as the original with probes writing to a fresh file
// and returns its output and the infected schema numbers.
func runProbed(t *testing.T, bin string) (string, map[int]bool) {
	t.Helper()
	out, infected, _ := runRecorded(t, bin)
	return out, infected
}

// runRecorded runs bin as the original with its recording on (probes and
// coverage, SchemataOptions.Coverage) and returns its output, the
// infected schema numbers and those whose guarded site ran.
func runRecorded(t *testing.T, bin string) (string, map[int]bool, map[int]bool) {
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
	infected, reached := map[int]bool{}, map[int]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if list, ok := strings.CutPrefix(l, "r "); ok {
			for _, f := range strings.Fields(list) {
				n, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("probe file line %q: %v", l, err)
				}
				reached[n] = true
			}
			continue
		}
		n, err := strconv.Atoi(l)
		if err != nil {
			t.Fatalf("probe file line %q: %v", l, err)
		}
		if infected[n] {
			t.Errorf("schema %d recorded twice", n)
		}
		infected[n] = true
	}
	return got, infected, reached
}

// TestProbesAreSound builds the behave fixture's schemata with probes and
// checks the filter's promise on every probed mutant: a mutant the
// original's run never infects prints what the original prints. It also
// checks that probing changes nothing of the original's behaviour and
// that the filter filters (some probed mutants are not infected).
func TestProbesAreSound(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "behave")
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

// TestCoverageIsSound builds the behave fixture as mutprop run does
// (copies, probes, coverage) and checks the coverage it records of itself:
// recording changes nothing of the original's behaviour; a mutant whose
// site never ran prints what the original prints (so the tests that do
// not reach it need not run against it); every infected mutant was
// reached; and some mutants are not reached, so the check means something.
func TestCoverageIsSound(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "behave")
	bin := buildSchemata(t, pkg, muts, SchemataOptions{Copies: true, Probes: true, Coverage: true}, t.TempDir())
	original := runBinary(bin, 0)
	recorded, infected, reached := runRecorded(t, bin)
	if recorded != original {
		t.Fatalf("with its recording on, the original prints\n%s\nwant\n%s", recorded, original)
	}
	var unreached []string
	for _, m := range muts {
		if m.Schema == 0 {
			continue
		}
		if infected[m.Schema] && !reached[m.Schema] {
			t.Errorf("mutant %s is infected but its site was not recorded as run", m.ID)
		}
		if reached[m.Schema] {
			continue
		}
		unreached = append(unreached, m.ID)
		if out := runBinary(bin, m.Schema); out != original {
			t.Errorf("mutant %s changes the output but its site never ran: its tests would be skipped\n%s", m.ID, out)
		}
	}
	sort.Strings(unreached)
	t.Logf("%d mutants, %d reached, %d infected, %d never reached: %v", len(muts), len(reached), len(infected), len(unreached), unreached)
	if len(unreached) == 0 || len(reached) == 0 {
		t.Errorf("want both reached and unreached mutants for the check to mean something: %d reached, %d not", len(reached), len(unreached))
	}
}

// onEachRightHandSide type-checks src, whose functions hold only
// assignments "_ = expr", and returns pred of each expr, in order.
func onEachRightHandSide(t *testing.T, src string, pred func(*types.Info, ast.Expr) bool) []bool {
	t.Helper()
	pkg, ok := sourcePackage(src)
	if !ok {
		t.Fatal("the source does not type-check")
	}
	var got []bool
	for _, d := range pkg.Files[0].Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			for _, st := range fd.Body.List {
				got = append(got, pred(pkg.TypesInfo, st.(*ast.AssignStmt).Rhs[0]))
			}
		}
	}
	return got
}

func TestProbesEvaluateWithoutRecoverOnlyWhatCannotPanic(t *testing.T) {
	t.Parallel()
	src := `package p

import "math"

type S struct{ n int; p *S }

func f(x, y int, s S, ps *S, a []int, u uint8, fl float64) {
	_ = x + y*2 < 3
	_ = x/y > 0
	_ = x<<u > 0
	_ = s.n+1 > x
	_ = ps.n > 0
	_ = s.p.n > 0
	_ = a[x] > 0
	_ = len(a) > x && int(u) < math.MaxInt8
	_ = int(fl) > x
	_ = string(rune(x)) == "a"
	_ = min(x, y) <= max(x, 3)
}
`
	got := onEachRightHandSide(t, src, panicFree)
	if want := []bool{true, false, false, true, false, false, false, true, true, true, true}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("panicFree: got %v, want %v", got, want)
	}
	for text, want := range map[string]bool{"-": true, "<=": true, "&&": true, "": true, "0": true, "x + 1": true, "!(a < b)": true,
		"/": false, "%": false, "<<": false, ">>": false, "x / 2": false, "a[0]": false, "f()": false, "*p": false} {
		if got := safeEdit(text); got != want {
			t.Errorf("safeEdit(%q) = %v, want %v", text, got, want)
		}
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
	got := onEachRightHandSide(t, src, pureExpr)
	want := []bool{true, true, true, true, false, false, false, false}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pureExpr: got %v, want %v", got, want)
	}
}

// TestProbedFilesKeepTheirLinesAndImportTheirLoads schematizes a package
// that does not import sync/atomic, with probes and coverage: each
// schematized file imports it on its package clause's line, reads the
// probes' flags with it, and uses it at its end, so that every line of
// the source keeps its number (a kill's reason names the line) and the
// overlay type-checks (checkOverlay) and builds in the fuzz test.
func TestProbedFilesKeepTheirLinesAndImportTheirLoads(t *testing.T) {
	t.Parallel()
	src := `package p

func f(x int) bool {
	return x+1 > 2
}
`
	pkg, ok := sourcePackage(src)
	if !ok {
		t.Fatal("the source does not type-check")
	}
	muts, _, err := Enumerate(context.Background(), pkg, &Options{Workers: 1})
	if err != nil || len(muts) == 0 {
		t.Fatalf("enumerate: %d mutants, %v", len(muts), err)
	}
	out, err := SchemataWith(pkg, muts, SchemataOptions{Probes: true, Coverage: true, Copies: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkOverlay(pkg, out); err != nil {
		t.Fatalf("%v\n%s", err, dumpOverlay(out))
	}
	text := string(out[pkg.Filenames[0]])
	lines := strings.Split(text, "\n")
	if want := `package p; import mutpropatomic "sync/atomic"`; lines[0] != want {
		t.Errorf("line 1: %q, want %q", lines[0], want)
	}
	if !strings.Contains(lines[2], "func f(x int) bool {") || !strings.Contains(text, "mutpropatomic.LoadUint32(&mutpropInfected[") ||
		!strings.Contains(text, "mutpropatomic.LoadUint32(&mutpropReached[") || !strings.HasSuffix(text, probeImportUse) {
		t.Errorf("the schematized file moved a line or reads no flag with sync/atomic:\n%s", text)
	}
	plain, err := SchemataWith(pkg, cloneMutants(muts), SchemataOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(plain[pkg.Filenames[0]]), "mutpropatomic") {
		t.Error("a schematized file without probes imports sync/atomic")
	}
}
