package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
)

// treeSnapshot hashes every file under root, by slash-separated relative
// path.
func treeSnapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// calcModule is a module of one package, calc, whose boundary mutant
// "operator:calc.go:5:7:boundary:>=" survives, beside a package other
// and a file that is no Go code.
func calcModule(t *testing.T) string {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.22\n",
		"NOTES.txt":      "the user's notes\n",
		"other/other.go": "// Package other is the user's.\npackage other\n",
		"calc/doc.go":    "// Package calc computes.\npackage calc\n",
		"calc/calc.go": `package calc

// Max returns the larger.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}
`,
		"calc/calc_test.go": `package calc

import "testing"

func TestMax(t *testing.T) {
	if Max(1, 2) != 2 || Max(3, 2) != 3 {
		t.Fatal("Max")
	}
}
`,
	})
	return dir
}

// survivorID is calcModule's surviving mutant.
const survivorID = "operator:calc.go:5:7:boundary:>="

// TestNoCommandChangesAUserFile runs every command that takes a user's
// tree (run, mutants, show, schemata, merge) with the flags that write
// (--json, --html, --journal, --results, --annotations, --baseline, -o),
// one after another in one module: after each, every file the module held
// before is byte-identical, and new files are only those the command was
// asked to write (and the results directory .mutprop). The scenario
// commands take no user tree.
func TestNoCommandChangesAUserFile(t *testing.T) {
	t.Parallel()
	bin := mutpropBinary(t)
	root := calcModule(t)
	alias := mutantid.Alias("example.com/m/calc", survivorID)
	cases := []struct {
		dir     string // relative to the module's root
		args    []string
		code    int
		outputs []string // paths (or directories) the command may create
	}{
		{"", []string{"run", "--workers", "2", "./calc"}, cli.ExitOK, nil},
		{"", []string{"run", "--workers", "2", "--no-cache", "--json", "r.json", "--html", "r.html", "--journal", "j.jsonl", "--results", "res", "./calc"}, cli.ExitOK, []string{"r.json", "r.html", "j.jsonl", "res"}},
		{"calc", []string{"run", "--workers", "2", "--annotations", "gitlab=cq.json", "--baseline", "b.json", "--update-baseline", "."}, cli.ExitOK, []string{"calc/cq.json", "calc/b.json", "calc/.mutprop"}},
		{"calc", []string{"run", "--workers", "2", "--shard", "1/2", "--journal", "s1.jsonl", "."}, cli.ExitOK, []string{"calc/s1.jsonl", "calc/.mutprop"}},
		{"", []string{"mutants", "./calc"}, cli.ExitOK, nil},
		{"calc", []string{"mutants", "--json", "."}, cli.ExitOK, nil},
		{"", []string{"show", survivorID}, cli.ExitOK, nil},
		{"", []string{"show", alias}, cli.ExitOK, nil},
		{"calc", []string{"show", "--pkg", ".", survivorID}, cli.ExitOK, nil},
		{"", []string{"schemata", "-o", "gen", "./calc"}, cli.ExitOK, []string{"gen"}},
		{"", []string{"schemata", "-o", "gen", "./calc"}, cli.ExitOK, nil}, // again, over its own copy
		{"", []string{"schemata", "-o", "calc", "./calc"}, cli.ExitUsage, nil},
		{"calc", []string{"schemata", "-o", ".", "."}, cli.ExitUsage, nil},
		{"", []string{"schemata", "-o", "other", "./calc"}, cli.ExitUsage, nil},
		{"", []string{"merge", "--json", "m.json", "--html", "m.html", "j.jsonl"}, cli.ExitOK, []string{"m.json", "m.html"}},
		{"", []string{"merge", "-o", "merged.jsonl", "j.jsonl"}, cli.ExitOK, []string{"merged.jsonl"}},
	}
	for _, c := range cases {
		name := strings.Join(c.args, " ")
		before := treeSnapshot(t, root)
		cmd := exec.Command(bin, c.args...)
		cmd.Dir = filepath.Join(root, c.dir)
		cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != c.code {
			t.Errorf("%s (in %s/): exit %d, want %d\n%s", name, c.dir, code, c.code, stderr.String())
		}
		after := treeSnapshot(t, root)
		for path, sum := range before {
			switch got, ok := after[path]; {
			case !ok:
				t.Errorf("%s (in %s/) removed %s", name, c.dir, path)
			case got != sum && !underAny(path, c.outputs) && !strings.HasPrefix(path, ".mutprop/") && !strings.HasPrefix(path, "calc/.mutprop/"):
				t.Errorf("%s (in %s/) changed %s", name, c.dir, path)
			}
		}
		for path := range after {
			if _, ok := before[path]; !ok && !underAny(path, c.outputs) && !strings.HasPrefix(path, ".mutprop/") {
				t.Errorf("%s (in %s/) created %s, which it was not asked to write", name, c.dir, path)
			}
		}
	}
}

// underAny reports whether path is one of outputs or inside one.
func underAny(path string, outputs []string) bool {
	return slices.ContainsFunc(outputs, func(o string) bool { return path == o || strings.HasPrefix(path, o+"/") })
}
