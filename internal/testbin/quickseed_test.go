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
	// Nothing but the seed changed.
	if string(bytes.Replace(got, []byte(quickSeededSource), []byte(quickDefaultSource), 1)) != string(before) {
		t.Errorf("the rewrite changed more than the default source")
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
	getRand := "package quick\n\nfunc (c *Config) getRand() *rand.Rand {\n\tif c.Rand == nil {\n\t\treturn " + quickDefaultSource + "\n\t}\n\treturn c.Rand\n}\n"
	if out, err := rewriteQuick([]byte("// Copyright\n\n" + getRand)); err != nil || !bytes.Contains(out, []byte(quickSeededSource)) {
		t.Fatalf("the expected shape: %v, %q", err, out)
	}
	for name, src := range map[string]string{
		"no clock seed":     "package quick\n\nfunc (c *Config) getRand() *rand.Rand { return c.Rand }\n",
		"two clock seeds":   getRand + "\nvar r = " + quickDefaultSource + "\n",
		"outside getRand":   "package quick\n\nvar r = " + quickDefaultSource + "\n",
		"another package":   strings.Replace(getRand, "package quick", "package slow", 1),
		"already rewritten": strings.Replace(getRand, quickDefaultSource, quickSeededSource, 1) + "\n// " + quickDefaultSource + "\n",
	} {
		if _, err := rewriteQuick([]byte(src)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
