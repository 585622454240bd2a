package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/testfix"
)

// writeFiles writes files (relative path -> content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fixture writes the module of testdata/name.txtar into a new temporary
// directory and returns it.
func fixture(t *testing.T, name string, oldnew ...string) string {
	t.Helper()
	return testfix.Module(t, filepath.Join("testdata", name+".txtar"), oldnew...)
}

// addFixture writes the files of testdata/name.txtar into dir.
func addFixture(t *testing.T, dir, name string, oldnew ...string) {
	t.Helper()
	testfix.WriteTxtar(t, filepath.Join("testdata", name+".txtar"), dir, oldnew...)
}

// tinyModule is a module whose one package has a killed mutant (a+b) and
// a surviving one (the boundary of x > 0): testdata/tiny.txtar.
func tinyModule(t *testing.T) string {
	t.Helper()
	return fixture(t, "tiny")
}

// moduleOf is a case's setup: the module of testdata/name.txtar.
func moduleOf(name string) func(t *testing.T) string {
	return func(t *testing.T) string { return fixture(t, name) }
}

// tinyWith is tinyModule with the files of testdata/badinput/name.txtar
// added.
func tinyWith(name string, oldnew ...string) func(t *testing.T) string {
	return func(t *testing.T) string {
		d := tinyModule(t)
		addFixture(t, d, "badinput/"+name, oldnew...)
		return d
	}
}

func gitT(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=mutprop", "-c", "user.email=mutprop@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// reportMutants reads a JSON report: mutant IDs by file.
func reportMutants(t *testing.T, path string) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Files map[string]struct {
			Mutants []struct{ ID string }
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for f, v := range doc.Files {
		for _, m := range v.Mutants {
			out[f] = append(out[f], m.ID)
		}
	}
	return out
}

// TestBadInputGivesOneLineAndADocumentedExitCode runs mutprop on every
// kind of bad input: each must end with the documented exit code and a
// clear message, never a Go panic trace; the inputs mutprop handles
// (build tags, generated files, --since, a torn journal) must work.
func TestBadInputGivesOneLineAndADocumentedExitCode(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	bin := mutpropBinary(t)
	type result struct {
		dir    string // where the run happened
		stdout string
	}
	cases := []struct {
		name  string
		setup func(t *testing.T) string // returns the working directory
		args  []string
		code  int
		want  []string // substrings of stderr
		check func(t *testing.T, r result)
	}{
		{name: "nonexistent path", setup: tinyModule, args: []string{"run", "./no/such/dir"}, code: cli.ExitUsage, want: []string{"./no/such/dir: no such directory"}},
		{name: "absolute nonexistent path", setup: tinyModule, args: []string{"run", "/no/such/dir"}, code: cli.ExitUsage, want: []string{"no such directory"}},
		{name: "directory outside any module", setup: func(t *testing.T) string {
			d := t.TempDir()
			writeFiles(t, d, map[string]string{"x.go": "package x\n"})
			return d
		}, args: []string{"run", "."}, code: cli.ExitUsage, want: []string{"is not inside a Go module"}},
		{name: "directory outside the main module", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, filepath.Join(d, "..", "elsewhere"), map[string]string{"x.go": "package x\n"})
			return d
		}, args: []string{"run", "../elsewhere"}, code: cli.ExitUsage, want: []string{"outside the main module"}},
		{name: "pattern matching nothing", setup: tinyModule, args: []string{"run", "./nothing/..."}, code: cli.ExitUsage, want: []string{"nothing"}},
		{name: "package that does not compile", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"broken.go": "package tiny\n\nfunc Broken() int { return \"x\" }\n"})
			return d
		}, args: []string{"run", "."}, code: cli.ExitError, want: []string{"broken.go:3:", "cannot use"}},
		{name: "tests that do not compile", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"broken_test.go": "package tiny\n\nvar _ int = \"x\"\n"})
			return d
		}, args: []string{"run", "."}, code: cli.ExitError, want: []string{"broken_test.go:3:", "cannot use"}},
		{name: "package without tests", setup: moduleOf("badinput/notests"), args: []string{"run", "."}, code: cli.ExitError, want: []string{"has no test files"}},
		{name: "failing baseline", setup: tinyWith("failing"), args: []string{"run", "."}, code: cli.ExitError, want: []string{"fails without any mutant", "TestWrong", "--skip '^TestWrong$' leaves it out"}},
		{name: "failing test left out with --skip", setup: tinyWith("failing"), args: []string{"run", "-v", "--skip", "^TestWrong$", "--json", "r.json", "."}, code: cli.ExitOK, want: []string{"--skip leaves out 1 of the tests: TestWrong"}, check: func(t *testing.T, r result) {
			if ms := reportMutants(t, filepath.Join(r.dir, "r.json")); len(ms["tiny.go"]) == 0 {
				t.Errorf("with TestWrong left out, no mutant of tiny.go scored: %v", ms)
			}
		}},
		{name: "--skip that leaves no test", setup: tinyModule, args: []string{"run", "--skip", "Test", "."}, code: cli.ExitError, want: []string{"no test is left once --skip Test leaves out its matches"}},
		{name: "bad --skip regexp", setup: tinyModule, args: []string{"run", "--skip", "(", "."}, code: cli.ExitUsage, want: []string{"--skip: error parsing regexp"}},
		{name: "flaky baseline", setup: func(t *testing.T) string {
			return tinyWith("flaky", "COUNTER", filepath.Join(t.TempDir(), "runs"))(t)
		}, args: []string{"run", "."}, code: cli.ExitError, want: []string{"is flaky", "TestFlaky"}},
		{name: "cgo package", setup: tinyWith("cgo"), args: []string{"run", "./c"}, code: cli.ExitError, want: []string{"uses cgo", "c.go"}},
		{name: "files excluded by build tags", setup: moduleOf("badinput/buildtags"), args: []string{"run", "."}, code: cli.ExitError, want: []string{"build constraints exclude all Go files", "--tags"}},
		{name: "build tags handled with --tags", setup: moduleOf("badinput/buildtags"), args: []string{"run", "--tags", "special", "--json", "r.json", "."}, code: cli.ExitOK, check: func(t *testing.T, r result) {
			if ms := reportMutants(t, filepath.Join(r.dir, "r.json")); len(ms["a.go"]) == 0 {
				t.Errorf("with --tags special, no mutant of a.go: %v", ms)
			}
		}},
		{name: "generated files are not mutated", setup: tinyWith("generated"), args: []string{"run", "--json", "r.json", "."}, code: cli.ExitOK, check: func(t *testing.T, r result) {
			ms := reportMutants(t, filepath.Join(r.dir, "r.json"))
			if len(ms["gen.go"]) > 0 || len(ms["tiny.go"]) == 0 {
				t.Errorf("want mutants of tiny.go and none of the generated gen.go: %v", ms)
			}
		}},
		{name: "unknown flag", setup: tinyModule, args: []string{"run", "--bogus", "."}, code: cli.ExitUsage, want: []string{"flag provided but not defined: -bogus"}},
		{name: "flag after the packages", setup: tinyModule, args: []string{"run", ".", "--json", "x.json"}, code: cli.ExitUsage, want: []string{"flags come first"}},
		{name: "bad flag value", setup: tinyModule, args: []string{"run", "--timeout-factor", "fast", "."}, code: cli.ExitUsage, want: []string{"invalid value \"fast\""}},
		{name: "bad --flaky", setup: tinyModule, args: []string{"run", "--flaky", "maybe", "."}, code: cli.ExitUsage, want: []string{`--flaky "maybe": want refuse or skip`}},
		{name: "negative test limit", setup: tinyModule, args: []string{"run", "--test-limit", "-1s", "."}, code: cli.ExitUsage, want: []string{"--test-limit -1s: want a positive duration, or 0 for none"}},
		{name: "zero workers", setup: tinyModule, args: []string{"run", "--workers", "0", "."}, code: cli.ExitUsage, want: []string{"--workers 0"}},
		{name: "bad shard", setup: tinyModule, args: []string{"run", "--shard", "3/2", "."}, code: cli.ExitUsage, want: []string{"bad shard \"3/2\""}},
		{name: "bad min-score", setup: tinyModule, args: []string{"run", "--min-score", "120", "."}, code: cli.ExitUsage, want: []string{"--min-score \"120\""}},
		{name: "bad mode", setup: tinyModule, args: []string{"run", "--mode", "fast", "."}, code: cli.ExitUsage, want: []string{"--mode \"fast\""}},
		{name: "bad test regexp", setup: tinyModule, args: []string{"run", "--run", "(", "."}, code: cli.ExitUsage, want: []string{"--run"}},
		{name: "unknown operator", setup: tinyModule, args: []string{"run", "--operators", "nonsense", "."}, code: cli.ExitUsage, want: []string{"--operators"}},
		{name: "malformed journal", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"j.jsonl": `{"mutprop_journal":"1","suite":"mutprop run","seed":1,"extra":{"records":"2"}}` + "\nnot json\n{}\n"})
			return d
		}, args: []string{"run", "--journal", "j.jsonl", "--resume", "."}, code: cli.ExitUsage, want: []string{"j.jsonl:2: malformed journal record"}},
		{name: "journal that is not a journal", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"j.jsonl": "hello\n"})
			return d
		}, args: []string{"run", "--journal", "j.jsonl", "--resume", "."}, code: cli.ExitUsage, want: []string{"not a mutprop journal"}},
		{name: "journal of another run", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"j.jsonl": `{"mutprop_journal":"1","suite":"mutprop run","seed":99,"extra":{"records":"2"}}` + "\n"})
			return d
		}, args: []string{"run", "--journal", "j.jsonl", "--resume", "."}, code: cli.ExitUsage, want: []string{"belongs to another experiment"}},
		{name: "existing journal without --resume", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"j.jsonl": `{"mutprop_journal":"1","suite":"mutprop run","seed":1,"extra":{"records":"2"}}` + "\n"})
			return d
		}, args: []string{"run", "--journal", "j.jsonl", "."}, code: cli.ExitUsage, want: []string{"already exists: pass --resume"}},
		{name: "torn last journal line is a warning", setup: func(t *testing.T) string {
			d := tinyModule(t)
			tornJournal(t, bin, d)
			return d
		}, args: []string{"run", "--journal", "j.jsonl", "--resume", "--json", "r.json", "."}, code: cli.ExitOK, want: []string{"j.jsonl:", "ignoring a truncated last record"}},
		{name: "journal torn in its header", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"j.jsonl": `{"mutprop_journal":"1","sui`})
			return d
		}, args: []string{"run", "--journal", "j.jsonl", "--resume", "."}, code: cli.ExitOK, want: []string{"ignoring a truncated header"}},
		{name: "--since outside git", setup: tinyModule, args: []string{"run", "--since", "HEAD", "."}, code: cli.ExitUsage, want: []string{"not in a git repository"}},
		{name: "--since an unknown revision", setup: func(t *testing.T) string {
			d := tinyModule(t)
			gitT(t, d, "init", "-q")
			gitT(t, d, "add", ".")
			gitT(t, d, "commit", "-q", "-m", "tiny")
			return d
		}, args: []string{"run", "--since", "no-such-rev", "."}, code: cli.ExitUsage, want: []string{`"no-such-rev" is not a revision`}},
		{name: "--since keeps the changed lines' mutants", setup: func(t *testing.T) string {
			d := tinyModule(t)
			gitT(t, d, "init", "-q")
			gitT(t, d, "add", ".")
			gitT(t, d, "commit", "-q", "-m", "tiny")
			tiny, err := os.ReadFile(filepath.Join(d, "tiny.go"))
			if err != nil {
				t.Fatal(err)
			}
			writeFiles(t, d, map[string]string{"tiny.go": strings.Replace(string(tiny), "return a + b", "return b + a", 1)})
			return d
		}, args: []string{"run", "--since", "HEAD", "--json", "r.json", "."}, code: cli.ExitOK, check: func(t *testing.T, r result) {
			ms := reportMutants(t, filepath.Join(r.dir, "r.json"))
			if len(ms["tiny.go"]) == 0 {
				t.Fatal("no mutant of the changed line")
			}
			for _, id := range ms["tiny.go"] {
				if !strings.Contains(id, "tiny.go:4:") {
					t.Errorf("%s is not on the changed line 4", id)
				}
			}
		}},
		{name: "--since HEAD without a change under --min-score", setup: func(t *testing.T) string {
			d := tinyModule(t)
			gitT(t, d, "init", "-q")
			gitT(t, d, "add", ".")
			gitT(t, d, "commit", "-q", "-m", "tiny")
			return d
		}, args: []string{"run", "--since", "HEAD", "--min-score", "80", "."}, code: cli.ExitOK,
			want: []string{"mutprop run: no mutants on the lines changed since HEAD: the --min-score 80% gate was not applied"}},
		{name: "--min-score below the score", setup: tinyModule, args: []string{"run", "--min-score", "100", "--json", "r.json", "--html", "r.html", "."}, code: cli.ExitFailed,
			want: []string{"is below --min-score 100%"}, check: func(t *testing.T, r result) {
				n := 0
				for _, ids := range reportMutants(t, filepath.Join(r.dir, "r.json")) {
					n += len(ids)
				}
				html, err := os.ReadFile(filepath.Join(r.dir, "r.html"))
				if err != nil {
					t.Fatal(err)
				}
				if n == 0 || !bytes.Contains(html, []byte(`data-mutant-count="`+strconv.Itoa(n)+`"`)) {
					t.Errorf("the HTML report does not show the JSON's %d mutants", n)
				}
				if !strings.Contains(r.stdout, "survived") {
					t.Errorf("no survivor in the tables:\n%s", r.stdout)
				}
			}},
		{name: "merge of an incomplete run", setup: func(t *testing.T) string {
			d := tinyModule(t)
			writeFiles(t, d, map[string]string{"j.jsonl": `{"mutprop_journal":"1","suite":"mutprop run","seed":1,"extra":{"records":"2"}}` + "\n" +
				`{"package":"example.com/tiny","info":{"name":"tiny","files":[],"tests":["TestAdd"],"stats":{},"universe":3}}` + "\n"})
			return d
		}, args: []string{"merge", "--json", "r.json", "j.jsonl"}, code: cli.ExitUsage, want: []string{"hold 0 of its 3 mutants"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := c.setup(t)
			cmd := exec.Command(bin, c.args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Run()
			code := cmd.ProcessState.ExitCode()
			errOut := stderr.String()
			if code != c.code {
				t.Errorf("exit %d, want %d\nstderr:\n%s", code, c.code, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
			if strings.Contains(errOut, "goroutine ") || strings.Contains(errOut, "panic:") {
				t.Errorf("a Go trace on stderr:\n%s", errOut)
			}
			if c.code != cli.ExitOK {
				// The error is the last line, one line starting with the command.
				lines := strings.Split(strings.TrimSpace(errOut), "\n")
				last := lines[len(lines)-1]
				if strings.HasPrefix(last, "Run 'mutprop ") && len(lines) > 1 {
					last = lines[len(lines)-2] // a flag error, then where to find the flags
				}
				if !strings.HasPrefix(last, "mutprop "+c.args[0]+": ") {
					t.Errorf("the last line of stderr is not mutprop's message: %q", last)
				}
			}
			if c.check != nil {
				c.check(t, result{dir: dir, stdout: stdout.String()})
			}
		})
	}
}

// tornJournal runs the tiny module with a journal and cuts its last
// record in half, as a kill in the middle of a write would.
func tornJournal(t *testing.T, bin, dir string) {
	t.Helper()
	cmd := exec.Command(bin, "run", "--workers", "1", "--journal", "j.jsonl", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("first run: %v\n%s", err, out)
	}
	p := filepath.Join(dir, "j.jsonl")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	if err := os.WriteFile(p, b[:len(b)-10], 0o644); err != nil {
		t.Fatal(err)
	}
}
