package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/testfix"
)

// TestExitCodesMatchTheREADMEAndNameTheCause runs the inputs whose exit
// code once disagreed with the README's table (an import path that does
// not exist, a directory outside any module, a merge of what is not a
// journal) and the outputs that cannot be written: each must exit 2
// before any build, with one line naming the cause.
func TestExitCodesMatchTheREADMEAndNameTheCause(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	outsideModule := func(t *testing.T) string {
		d := t.TempDir()
		writeFiles(t, d, map[string]string{"x.go": "package x\n\nfunc F() int { return 1 }\n", "x_test.go": "package x\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n"})
		return d
	}
	withFile := func(name, content string) func(t *testing.T) string {
		return func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{name: content})
			return d
		}
	}
	withSymlink := func(dir, link string) func(t *testing.T) string {
		return func(t *testing.T) string {
			d := tinyModule(t)
			if err := os.Mkdir(filepath.Join(d, dir), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(dir, filepath.Join(d, link)); err != nil {
				t.Skipf("no symbolic links here: %v", err)
			}
			return d
		}
	}
	runJournal := `{"mutprop_journal":"1","suite":"mutprop run","seed":1}` + "\n" +
		`{"package":"example.com/tiny","info":{"name":"tiny","files":[],"tests":["TestAdd"],"stats":{},"universe":0}}` + "\n"
	cases := []struct {
		name  string
		setup func(t *testing.T) string
		args  []string
		want  []string // substrings of the last line of stderr
	}{
		{"import path that does not exist", tinyModule, []string{"run", "example.com/tiny/nosuch"}, []string{"example.com/tiny/nosuch: no such package"}},
		{"std path that does not exist", tinyModule, []string{"run", "nosuchstd"}, []string{"nosuchstd: no such package"}},
		{"run ./... outside a module", outsideModule, []string{"run", "./..."}, []string{"is not inside a Go module"}},
		{"run . outside a module", outsideModule, []string{"run", "."}, []string{"is not inside a Go module"}},
		{"mutants . outside a module", outsideModule, []string{"mutants", "."}, []string{"is not inside a Go module"}},
		{"show outside a module", outsideModule, []string{"show", "m-12345678"}, []string{"is not inside a Go module"}},
		{"schemata outside a module", outsideModule, []string{"schemata", "-o", "gen", "."}, []string{"is not inside a Go module"}},
		{"mutants of a directory that does not exist", tinyModule, []string{"mutants", "./nosuch"}, []string{"nosuch", "directory not found"}},
		{"mutants of an import path that does not exist", tinyModule, []string{"mutants", "example.com/other"}, []string{"example.com/other"}},
		{"merge of a missing file", tinyModule, []string{"merge", "notajournal.jsonl"}, []string{"notajournal.jsonl: no such file"}},
		{"merge -o of a missing file", tinyModule, []string{"merge", "-o", "out.jsonl", "notajournal.jsonl"}, []string{"notajournal.jsonl: no such file"}},
		{"merge of a file that is not a journal", withFile("notes.jsonl", "hello\n"), []string{"merge", "notes.jsonl"}, []string{"notes.jsonl is not a mutprop journal"}},
		{"merge of nothing", tinyModule, []string{"merge"}, []string{"want at least one journal"}},
		{"merge of an experiment without -o", withFile("e.jsonl", `{"mutprop_journal":"1","suite":"insert","seed":1}`+"\n"), []string{"merge", "e.jsonl"}, []string{"e.jsonl is the journal of an experiment", "want -o OUT"}},
		{"merge -o into a missing directory", withFile("e.jsonl", `{"mutprop_journal":"1","suite":"insert","seed":1}`+"\n"), []string{"merge", "-o", "nodir/m.jsonl", "e.jsonl"}, []string{"-o nodir/m.jsonl: directory nodir does not exist"}},
		{"merge --json into a missing directory", withFile("j.jsonl", runJournal), []string{"merge", "--json", "nodir/r.json", "j.jsonl"}, []string{"--json nodir/r.json: directory nodir does not exist"}},
		{"run --json into a missing directory", tinyModule, []string{"run", "--json", "nodir/r.json", "."}, []string{"--json nodir/r.json: directory nodir does not exist"}},
		{"run --html under a file", tinyModule, []string{"run", "--html", "go.mod/r.html", "."}, []string{"--html go.mod/r.html: go.mod is not a directory"}},
		{"run --json onto a directory", withFile("out/keep.txt", "x"), []string{"run", "--json", "out", "."}, []string{"--json out: is a directory"}},
		{"run --annotations gitlab= into a missing directory", tinyModule, []string{"run", "--annotations", "gitlab=nodir/cq.json", "."}, []string{"nodir/cq.json: directory nodir does not exist"}},
		{"run --update-baseline into a missing directory", tinyModule, []string{"run", "--baseline", "nodir/b.json", "--update-baseline", "."}, []string{"--baseline nodir/b.json: directory nodir does not exist"}},
		{"schemata into the package's own directory", tinyModule, []string{"schemata", "-o", ".", "."}, []string{"-o . is the directory of example.com/tiny itself", "(tiny.go)"}},
		{"schemata into a directory of the user's Go files", withFile("other/x.go", "package other\n"), []string{"schemata", "-o", "other", "."}, []string{"-o other holds Go files that mutprop did not generate (x.go)"}},
		{"schemata into another package's copy", withFile("gen/a.go", schemataHeader+"\n\npackage other\n"), []string{"schemata", "-o", "gen", "."}, []string{"another package (a.go: package other), not of package tiny"}},
		{"schemata into a file", tinyModule, []string{"schemata", "-o", "go.mod", "."}, []string{"-o go.mod is not a directory"}},
		{"run --json onto --journal", tinyModule, []string{"run", "--journal", "j.jsonl", "--json", "j.jsonl", "."}, []string{"--journal j.jsonl and --json j.jsonl are the same file"}},
		{"run --json onto --html", tinyModule, []string{"run", "--json", "x.json", "--html", "./x.json", "."}, []string{"--json x.json and --html ./x.json are the same file"}},
		{"run --json onto the default journal", tinyModule, []string{"run", "--json", ".mutprop/run.jsonl", "."}, []string{"the journal .mutprop/run.jsonl and --json .mutprop/run.jsonl are the same file"}},
		{"run --html onto --json through a symlink", withSymlink("out", "link"), []string{"run", "--json", "out/r.json", "--html", "link/r.json", "."}, []string{"--json out/r.json and --html link/r.json are the same file"}},
		{"run --annotations gitlab= onto --json", tinyModule, []string{"run", "--json", "r.json", "--annotations", "gitlab=r.json", "."}, []string{"--json r.json and --annotations gitlab r.json are the same file"}},
		{"run --update-baseline onto --html", tinyModule, []string{"run", "--html", "b.json", "--baseline", "b.json", "--update-baseline", "."}, []string{"--html b.json and --baseline b.json are the same file"}},
		{"merge --json onto -o", withFile("j.jsonl", runJournal), []string{"merge", "-o", "m.jsonl", "--json", "m.jsonl", "j.jsonl"}, []string{"-o m.jsonl and --json m.jsonl are the same file"}},
		{"run --results under a file", tinyModule, []string{"run", "--results", "go.mod/res", "."}, []string{"--results go.mod/res: go.mod is not a directory"}},
		{"run --mem-limit below the floor", tinyModule, []string{"run", "--mem-limit", "1", "."}, []string{"--mem-limit 1: want at least 32 MiB"}},
		{"show --mem-limit below the floor", tinyModule, []string{"show", "--mem-limit", "8", "--test", "TestAdd", "m-00000000"}, []string{"--mem-limit 8: want at least 32 MiB"}},
		{"show of an ID a shell cut at >", tinyModule, []string{"show", "operator:tiny.go:7:33:boundary:"}, []string{"a shell cut it", "alias"}},
		{"show of an unknown alias", tinyModule, []string{"show", "m-00000000"}, []string{`no mutant "m-00000000"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := c.setup(t)
			cmd := exec.Command(bin, c.args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			cmd.Run()
			code := cmd.ProcessState.ExitCode()
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			last := lines[len(lines)-1]
			if code != cli.ExitUsage {
				t.Errorf("exit %d, want %d\nstderr:\n%s", code, cli.ExitUsage, stderr.String())
			}
			if !strings.HasPrefix(last, "mutprop "+c.args[0]+": ") {
				t.Errorf("the last line of stderr is not mutprop's one-line message: %q", last)
			}
			for _, w := range c.want {
				if !strings.Contains(last, w) {
					t.Errorf("the message lacks %q: %q", w, last)
				}
			}
			if strings.Contains(stderr.String(), ": built in ") {
				t.Errorf("the refusal came after the build:\n%s", stderr.String())
			}
			if _, err := os.Stat(filepath.Join(dir, "nodir")); err == nil {
				t.Errorf("the refused output's directory was created")
			}
		})
	}
}
