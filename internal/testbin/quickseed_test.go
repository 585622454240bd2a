package testbin

import (
	"bytes"
	"context"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
)

func TestQuickSeedOverlayRewritesTheInstalledQuickGoAndAddsItsHelper(t *testing.T) {
	root, err := GoRoot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	quickGo := filepath.Join(root, "src", "testing", "quick", "quick.go")
	before, err := os.ReadFile(quickGo)
	if err != nil {
		t.Fatal(err)
	}
	files, err := QuickSeedOverlay(root)
	if err != nil {
		t.Fatalf("QuickSeedOverlay(%s): %v", root, err)
	}
	if len(files) != 2 {
		t.Fatalf("%d overlay entries, want quick.go and the helper: %v", len(files), files)
	}
	got := files[quickGo]
	if bytes.Count(got, []byte(quickSeededSource)) != 1 || bytes.Contains(got, []byte(quickDefaultSource)) {
		t.Errorf("the rewritten quick.go does not seed its default source from the helper exactly once")
	}
	if bytes.Count(got, []byte(quickCountedLoop)) != 2 {
		t.Errorf("the rewritten quick.go does not count the cases of Check and CheckEqual")
	}
	// Nothing but the seed and the loops changed.
	back := bytes.ReplaceAll(got, []byte(quickCountedLoop), []byte(quickLoop))
	if string(bytes.Replace(back, []byte(quickSeededSource), []byte(quickDefaultSource), 1)) != string(before) {
		t.Errorf("the rewrite changed more than the default source and the loops")
	}
	fset := token.NewFileSet()
	for path, src := range files {
		if !strings.HasPrefix(path, filepath.Join(root, "src", "testing", "quick")+string(filepath.Separator)) {
			t.Errorf("overlay entry %s is outside testing/quick", path)
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Errorf("%s does not parse: %v", path, err)
		} else if f.Name.Name != "quick" {
			t.Errorf("%s is package %s, want quick", path, f.Name.Name)
		}
	}
	after, err := os.ReadFile(quickGo)
	if err != nil || !bytes.Equal(before, after) {
		t.Errorf("GOROOT's quick.go changed (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(root, "src", "testing", "quick", quickSeedHelper)); err == nil {
		t.Errorf("the helper was written into GOROOT")
	}
}

func TestRewriteQuickFailsClearlyOnAnUnexpectedQuickGo(t *testing.T) {
	loops := "\nfunc Check() {\n" + quickLoop + "\t}\n}\n\nfunc CheckEqual() {\n" + quickLoop + "\t}\n}\n"
	getRand := "package quick\n\nfunc (c *Config) getRand() *rand.Rand {\n\tif c.Rand == nil {\n\t\treturn " + quickDefaultSource + "\n\t}\n\treturn c.Rand\n}\n"
	if out, err := rewriteQuick([]byte("// Copyright\n\n" + getRand + loops)); err != nil || !bytes.Contains(out, []byte(quickSeededSource)) ||
		bytes.Count(out, []byte(quickCountedLoop)) != 2 {
		t.Fatalf("the expected shape: %v, %q", err, out)
	}
	for name, src := range map[string]string{
		"no clock seed":     "package quick\n\nfunc (c *Config) getRand() *rand.Rand { return c.Rand }\n" + loops,
		"two clock seeds":   getRand + "\nvar r = " + quickDefaultSource + "\n" + loops,
		"outside getRand":   "package quick\n\nvar r = " + quickDefaultSource + "\n" + loops,
		"another package":   strings.Replace(getRand, "package quick", "package slow", 1) + loops,
		"already rewritten": strings.Replace(getRand, quickDefaultSource, quickSeededSource, 1) + "\n// " + quickDefaultSource + "\n" + loops,
		"one loop":          getRand + "\nfunc Check() {\n" + quickLoop + "\t}\n}\n",
	} {
		if _, err := rewriteQuick([]byte(src)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestQuickCountsItsCasesHoweverAPropertyEnds builds testdata/quickcount
// over the overlay and runs each test as a trial: the count of cases
// reaches the output whether the property returns false, panics or passes
// its budget, and a traced run tells the case at which os.Exit ended the
// process. Without the variables, nothing is printed.
func TestQuickCountsItsCasesHoweverAPropertyEnds(t *testing.T) {
	t.Parallel()
	root, err := GoRoot(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	files, err := QuickSeedOverlay(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := testfix.Module(t, "testdata/quickcount.txtar")
	ov, err := mutate.WriteOverlay(t.TempDir(), files)
	if err != nil {
		t.Fatal(err)
	}
	bin := &Binary{Path: filepath.Join(t.TempDir(), "p.test"), QuickSeed: true}
	if err := Build(t.Context(), BuildSpec{Dir: dir, Overlay: ov, Out: bin.Path}); err != nil {
		t.Fatal(err)
	}
	run := func(test string, spec RunSpec) string {
		spec.Tests, spec.Dir, spec.Timeout, spec.Seed = []string{test}, t.TempDir(), time.Minute, 7
		st, _, err := bin.Run(t.Context(), spec)
		if err != nil {
			t.Fatal(err)
		}
		return st.Output
	}
	for _, c := range []struct {
		test string
		spec RunSpec
		want string
	}{
		{"TestFalse", RunSpec{Trial: true}, "mutprop-quick: ran 5 tests\n"},
		{"TestPanic", RunSpec{Trial: true}, "mutprop-quick: ran 3 tests\n"},
		{"TestPass", RunSpec{Trial: true}, "mutprop-quick: ran 100 tests\n"},
		{"TestPass", RunSpec{Trial: true, Budget: 40}, "mutprop-quick: ran 40 tests\n"},
		{"TestExit", RunSpec{Trial: true, Trace: true}, "mutprop-quick: test #4\n"},
	} {
		if out := run(c.test, c.spec); !strings.Contains(out, c.want) {
			t.Errorf("%s %+v: the output lacks %q:\n%s", c.test, c.spec, c.want, out)
		}
	}
	if out := run("TestExit", RunSpec{Trial: true, Trace: true}); strings.Contains(out, "test #5") {
		t.Errorf("TestExit ran past its os.Exit:\n%s", out)
	}
	if out := run("TestPanic", RunSpec{}); strings.Contains(out, "mutprop-quick") {
		t.Errorf("a run that is no trial prints the counts:\n%s", out)
	}
}
