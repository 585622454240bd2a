package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/internal/testfix"
)

// calcModule is a module of one package, calc, whose boundary mutant
// "operator:calc.go:5:7:boundary:>=" survives, beside a package other
// and a file that is no Go code: testdata/calc.txtar.
func calcModule(t *testing.T) string {
	t.Helper()
	return fixture(t, "calc")
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
	testfix.EndToEnd(t)
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
		{"", []string{"show", "--test", "TestMax", "operator:calc.go:8:2:return-zero:zero"}, cli.ExitOK, nil},
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
		before := testfix.SnapshotTree(t, root)
		cmd := exec.Command(bin, c.args...)
		cmd.Dir = filepath.Join(root, c.dir)
		cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != c.code {
			t.Errorf("%s (in %s/): exit %d, want %d\n%s", name, c.dir, code, c.code, stderr.String())
		}
		for _, ch := range before.Diff(testfix.SnapshotTree(t, root)) {
			path, mine := ch.Path, underAny(ch.Path, c.outputs) || strings.HasPrefix(ch.Path, ".mutprop/")
			switch {
			case ch.Kind == testfix.Removed:
				t.Errorf("%s (in %s/) removed %s", name, c.dir, path)
			case ch.Kind == testfix.Modified && !mine && !strings.HasPrefix(path, "calc/.mutprop/"):
				t.Errorf("%s (in %s/) changed %s", name, c.dir, path)
			case ch.Kind == testfix.Created && !mine:
				t.Errorf("%s (in %s/) created %s, which it was not asked to write", name, c.dir, path)
			}
		}
	}
}

// underAny reports whether path is one of outputs or inside one.
func underAny(path string, outputs []string) bool {
	return slices.ContainsFunc(outputs, func(o string) bool { return path == o || strings.HasPrefix(path, o+"/") })
}
