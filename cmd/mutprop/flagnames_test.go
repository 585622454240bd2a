package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// flagsOf returns the flags of the command args (its --help lists them).
func flagsOf(t *testing.T, args ...string) []string {
	t.Helper()
	_, out, _ := runCLI(t, append(args, "--help")...)
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`).FindAllStringSubmatch(out, -1) {
		names = append(names, m[1])
	}
	if len(names) == 0 && args[0] != "version" {
		t.Fatalf("mutprop %s --help lists no flag:\n%s", strings.Join(args, " "), out)
	}
	return names
}

// flagMention finds "--flag" in a message, and the "mutprop CMD" that
// may name its command just before it.
var flagMention = regexp.MustCompile(`(?:mutprop (\w+)(?: [^\s'"-][^\s'"]*)*?)?(?:^|[^\w-])--([a-z][a-z0-9-]*)`)

// TestEveryMessageNamesOnlyFlagsThatExist reads every string literal of
// mutprop's non-test Go files: each --flag it names must be a flag of the
// command that prints it. A message names the command ("mutprop run
// --resume") or comes from a package whose messages one set of commands
// prints (printedBy); a flag named without its command must be one of
// each of them. Elsewhere it must be one of some command. merge once
// suggested --resume, which merge does not have.
func TestEveryMessageNamesOnlyFlagsThatExist(t *testing.T) {
	t.Parallel()
	flags := map[string][]string{}
	for _, c := range commands() {
		if c.name != "scenario" && c.name != "worker" {
			flags[c.name] = append(flagsOf(t, c.name), "help")
		}
	}
	for _, s := range caseStudies() {
		flags["scenario"] = append(flags["scenario"], flagsOf(t, "scenario", s.Name)...)
	}
	flags["scenario"] = append(flags["scenario"], "help")
	flags["version"] = append(flags["version"], "version") // mutprop --version
	// The commands whose output carries a file's or a package's messages.
	printedBy := map[string][]string{
		"runlog":                {"run", "merge"},
		"runlog/journal.go":     {"run"},
		"ci":                    {"run", "merge"},
		"runreport":             {"run", "merge"},
		"runreport/estimate.go": {"run"},
		"runcache":              {"run"},
		"gotest":                {"run"},
		"internal/flakiness":    {"run"},
		"show":                  {"show"},
	}
	// A literal that is only a flag is another program's argument (git's).
	argument := regexp.MustCompile(`^--[a-z][a-z0-9-]*(=.*)?$`)
	any := func(flag string) bool {
		for _, fs := range flags {
			if slices.Contains(fs, flag) {
				return true
			}
		}
		return false
	}
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || argument.MatchString(s) {
				return true
			}
			by := printedBy[pkg+"/"+filepath.Base(path)]
			if by == nil {
				by = printedBy[pkg]
			}
			for _, m := range flagMention.FindAllStringSubmatch(s, -1) {
				checked++
				cmd, flag := m[1], m[2]
				switch {
				case cmd != "" && flags[cmd] != nil:
					if !slices.Contains(flags[cmd], flag) {
						t.Errorf("%s: %q names --%s, which mutprop %s does not have", path, s, flag, cmd)
					}
				case by != nil:
					for _, c := range by {
						if !slices.Contains(flags[c], flag) {
							t.Errorf("%s: %q names --%s, which mutprop %s (which prints it) does not have", path, s, flag, c)
						}
					}
				case !any(flag):
					t.Errorf("%s: %q names --%s, which no mutprop command has", path, s, flag)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("checked %d flag mentions: the scan is broken", checked)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module's root is not %s: %v", root, err)
	}
}
