package mutate

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

var allMutants = flag.Bool("schemata.all", false, "compare every mutant of the behave fixture with its single-mutant build (slow: one go build each)")

// sampleMutants returns every mutant with -schemata.all; otherwise the first
// two of each operator and every named mutant, which covers every kind of
// guard in the fixture at a tenth of the builds.
func sampleMutants(muts []Mutant) []int {
	var idx []int
	per := map[string]int{}
	for i, m := range muts {
		if *allMutants || m.Origin == OriginNamed || per[m.Operator] < 2 || m.File == "labels.go" {
			idx = append(idx, i)
			per[m.Operator]++
		}
	}
	return idx
}

// goBuild builds the package in dir with an overlay into out.
func goBuild(t *testing.T, dir, overlay, out string) error {
	t.Helper()
	cmd := exec.Command("go", "build", "-overlay", overlay, "-o", out, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, b)
	}
	return nil
}

// runBinary runs bin with MUTPROP_ACTIVE=active and returns its output and
// exit status, or "timeout".
func runBinary(bin string, active int) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d", ActiveEnv, active))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return "timeout"
	}
	return fmt.Sprintf("%s\nerr=%v", out.String(), err)
}

func TestSchemataBehavesLikeEverySingleMutantBuild(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "behave")
	work := t.TempDir()
	schemBin := buildSchemata(t, pkg, muts, SchemataOptions{}, work)
	// The build mutprop run makes: each function body twice, probes on.
	copiesBin := buildSchemata(t, pkg, muts, SchemataOptions{Copies: true, Probes: true}, filepath.Join(work, "copies"))
	origBin := filepath.Join(work, "original.bin")
	if err := goBuild(t, pkg.Dir, writeEmptyOverlay(t, work), origBin); err != nil {
		t.Fatal(err)
	}
	original := runBinary(origBin, 0)
	if got := runBinary(schemBin, 0); got != original {
		t.Fatalf("schemata build with no active mutant:\n%s\nwant the original's:\n%s", got, original)
	}
	for _, active := range []int{0, AllCopies} {
		if got := runBinary(copiesBin, active); got != original {
			t.Fatalf("schemata build with copies, %s=%d:\n%s\nwant the original's:\n%s", ActiveEnv, active, got, original)
		}
	}

	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	changed := make([]bool, len(muts))
	for _, m := range muts {
		if m.Schema == 0 {
			t.Errorf("mutant %s was left out of the schemata", m.ID)
		}
	}
	sample := sampleMutants(muts)
	for _, i := range sample {
		m := muts[i]
		if m.Schema == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			single, err := Apply(pkg, m)
			if err != nil {
				t.Errorf("apply %s: %v", m.ID, err)
				return
			}
			ov, err := WriteOverlay(filepath.Join(work, fmt.Sprintf("m%d", i)), single)
			if err != nil {
				t.Errorf("%s: %v", m.ID, err)
				return
			}
			bin := filepath.Join(work, fmt.Sprintf("m%d.bin", i))
			if err := goBuild(t, pkg.Dir, ov, bin); err != nil {
				t.Errorf("single-mutant build of %s: %v", m.ID, err)
				return
			}
			want, got := runBinary(bin, 0), runBinary(schemBin, m.Schema)
			if got != want {
				t.Errorf("mutant %s (schema %d): schemata build prints\n%s\nsingle-mutant build prints\n%s", m.ID, m.Schema, got, want)
			}
			if got := runBinary(copiesBin, m.Schema); got != want {
				t.Errorf("mutant %s (schema %d): schemata build with copies prints\n%s\nsingle-mutant build prints\n%s", m.ID, m.Schema, got, want)
			}
			changed[i] = want != original
		}()
	}
	wg.Wait()
	n := 0
	for _, c := range changed {
		if c {
			n++
		}
	}
	if n < len(sample)/2 {
		t.Errorf("only %d of %d mutants change the fixture's output; the comparison is too weak", n, len(sample))
	}
}

// TestCopiesKeepLabeledBodiesInPlace checks where SchemataOptions.Copies
// renders a body twice: not in a function with a label, nor in a named
// fault's target; a function without results gets a return after its
// original.
func TestCopiesKeepLabeledBodiesInPlace(t *testing.T) {
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "behave")
	files, err := SchemataWith(pkg, muts, SchemataOptions{Copies: true})
	if err != nil {
		t.Fatal(err)
	}
	body := func(file, fn string) string {
		src := string(files[filepath.Join(pkg.Dir, file)])
		i := strings.Index(src, "\nfunc "+fn+"(")
		if i < 0 {
			t.Fatalf("%s: no func %s in\n%s", file, fn, src)
		}
		rest := src[i+1:]
		if j := strings.Index(rest, "\n}\n"); j >= 0 {
			rest = rest[:j]
		}
		return rest
	}
	const guard = "if !(mutpropActive < 0 || mutpropActive >= "
	for _, c := range []struct {
		file, fn string
		copied   bool
	}{
		{"behave.go", "sum", true},
		{"behave.go", "classify", false}, // a named fault's target
		{"labels.go", "pairSum", false},  // a label
		{"labels.go", "record", true},
	} {
		if got := strings.Contains(body(c.file, c.fn), guard); got != c.copied {
			t.Errorf("%s: copied = %v, want %v:\n%s", c.fn, got, c.copied, body(c.file, c.fn))
		}
	}
	if b := body("labels.go", "record"); !strings.Contains(b, "history = append(history, x)\n\nreturn\n};") {
		t.Errorf("record's original does not return before its copy:\n%s", b)
	}
}

func writeEmptyOverlay(t *testing.T, dir string) string {
	t.Helper()
	p, err := WriteOverlay(filepath.Join(dir, "empty"), map[string][]byte{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// buildSchemata writes the schemata of muts (with opts) as an overlay under
// work and builds the package's program with it, failing the test if
// either step fails; it returns the binary.
func buildSchemata(t *testing.T, pkg *Package, muts []Mutant, opts SchemataOptions, work string) string {
	t.Helper()
	files, err := SchemataWith(pkg, muts, opts)
	if err != nil {
		t.Fatal(err)
	}
	overlay, err := WriteOverlay(filepath.Join(work, "schemata"), files)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(work, "schemata.bin")
	if err := goBuild(t, pkg.Dir, overlay, bin); err != nil {
		t.Fatalf("the schemata (%+v) do not build: %v", opts, err)
	}
	return bin
}
