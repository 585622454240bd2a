package mutate

import (
	"bytes"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestRewriteTestsCallsTheSwitchFirstInEachTestAndKeepsTheLines(t *testing.T) {
	t.Parallel()
	src := `// Copyright

package p_test

import (
	"testing"
)

func TestNamed(t *testing.T) {
	t.Log("x")
}

func TestBlank(_ *testing.T) {}

func TestUnnamed(*testing.T) {}

func TestMain(m *testing.M) { m.Run() }

func Testlower(t *testing.T) {}

func ExampleF() {
	// Output:
}

func FuzzF(f *testing.F) {}

func Test(t *testing.T) {}

func helper(t *testing.T) {
	for i := 0; i < 3; i++ {
		for range []int{i} {
		}
	}
	go func() {
		for range 2 {
		}
	}()
}

func shadowed(t *testing.T, rows []int) {
	for _, t := range rows {
		_ = t
	}
}

func noT(x int) {
	for range x {
	}
}

func helperTB(tb testing.TB) {
	for range 2 {
	}
}

func benchLoop(b *testing.B) {
	for range b.N {
	}
}

func TestSub(t *testing.T) {
	t.Run("a", func(t *testing.T) {
		t.Run("b", func(*testing.T) {})
	})
	t.Run("c", func(_ *testing.T) {})
	t.Run("d", helper)
	t.Run("e", func(t *testing.T, x int) {})
	b := &testing.B{}
	b.Run("f", func(b *testing.B) {})
}
`
	got, names, err := RewriteTests("p_test.go", []byte(src), "example.com/m/mutpropswitch")
	if err != nil {
		t.Fatal(err)
	}
	if want := "TestNamed TestBlank TestUnnamed Test TestSub"; strings.Join(names, " ") != want {
		t.Errorf("RewriteTests rewrote %q, want %q", names, want)
	}
	if n, m := bytes.Count(got, []byte("\n")), strings.Count(src, "\n"); n != m {
		t.Errorf("the rewrite has %d lines, the source %d:\n%s", n, m, got)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "p_test.go", got, 0); err != nil {
		t.Fatalf("the rewrite does not parse: %v\n%s", err, got)
	}
	for _, want := range []string{
		`package p_test; import mutpropswitch "example.com/m/mutpropswitch"`,
		"func TestNamed(t *testing.T) { defer mutpropswitch.Begin(t)();",
		"func TestBlank(mutpropT *testing.T) { defer mutpropswitch.Begin(mutpropT)();}",
		"func TestUnnamed(mutpropT *testing.T) { defer mutpropswitch.Begin(mutpropT)();}",
		"func TestMain(m *testing.M) { m.Run() }",
		// A function t.Run may run by name (not a test) defers SubNamed.
		"func Testlower(t *testing.T) { defer mutpropswitch.SubNamed(t)();}",
		"func ExampleF() {\n",
		"func FuzzF(f *testing.F) {}",
		"func Test(t *testing.T) { defer mutpropswitch.Begin(t)();}",
		// A loop of a function whose *testing.T is t passes it, but in
		// a function literal without one (a goroutine), or where t is
		// declared again.
		"func helper(t *testing.T) { defer mutpropswitch.SubNamed(t)();\n\tfor i := 0; i < 3; i++ { mutpropswitch.TickT(t);\n\t\tfor range []int{i} { mutpropswitch.TickT(t);\n",
		"func shadowed(t *testing.T, rows []int) {\n",
		"func helperTB(tb testing.TB) {\n",
		"\tgo func() {\n\t\tfor range 2 { mutpropswitch.Tick();\n",
		"\tfor _, t := range rows { mutpropswitch.Tick();\n",
		"\tfor range x { mutpropswitch.Tick();\n",
		"\tfor range 2 { mutpropswitch.TickT(tb);\n",
		"\tfor range b.N { mutpropswitch.Tick();\n",
		// Each subtest written in place defers Sub, named or not.
		`t.Run("a", func(t *testing.T) { defer mutpropswitch.Sub(t)();`,
		`t.Run("b", func(mutpropT *testing.T) { defer mutpropswitch.Sub(mutpropT)();})`,
		`t.Run("c", func(mutpropT *testing.T) { defer mutpropswitch.Sub(mutpropT)();})`,
		`t.Run("d", helper)`,
		`t.Run("e", func(t *testing.T, x int) {})`,
		`b.Run("f", func(b *testing.B) {})`,
	} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the rewrite lacks %q:\n%s", want, got)
		}
	}
}

func TestRewriteTestsFindsSubtestsUnderTheFilesNameOfTesting(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		imp, typ string
		sub      bool
	}{
		{`"testing"`, "*testing.T", true},
		{`tt "testing"`, "*tt.T", true},
		{`tt "testing"`, "*testing.T", false}, // another package's T
		{`. "testing"`, "*T", false},
	} {
		src := "package p\n\nimport " + c.imp + "\n\nfunc TestX(t " + c.typ + ") {\n\tt.Run(\"a\", func(t " + c.typ + ") {})\n}\n"
		got, _, err := RewriteTests("p_test.go", []byte(src), "m/mutpropswitch")
		if err != nil {
			t.Fatal(err)
		}
		if sub := bytes.Contains(got, []byte("mutpropswitch.Sub(t)")); sub != c.sub {
			t.Errorf("import %s, subtest of %s: Sub deferred %v, want %v:\n%s", c.imp, c.typ, sub, c.sub, got)
		}
	}
}

func TestRewriteTestsLeavesAFileWithoutTestsAsItIs(t *testing.T) {
	t.Parallel()
	src := "package p\n\nfunc helper() {}\n"
	got, names, err := RewriteTests("h_test.go", []byte(src), "m/mutpropswitch")
	if err != nil || names != nil || string(got) != src {
		t.Fatalf("RewriteTests = %q, %v, %v; want the source, no test, nil", got, names, err)
	}
}

// TestRewriteTestsRewritesAFileOfHelpers: a _test.go file without a
// test whose helper writes subtests in place and loops (spf13/cast's
// cast_test.go) gets Sub in the subtests, a Tick in the loop and the
// switch's import, and names no test.
func TestRewriteTestsRewritesAFileOfHelpers(t *testing.T) {
	t.Parallel()
	src := "package p\n\nimport \"testing\"\n\nfunc runTests(t *testing.T, cases []int) {\n\tfor _, c := range cases {\n\t\tt.Run(\"\", func(t *testing.T) {\n\t\t\t_ = c\n\t\t})\n\t}\n}\n"
	got, names, err := RewriteTests("h_test.go", []byte(src), "m/mutpropswitch")
	if err != nil || names != nil {
		t.Fatalf("RewriteTests: names %v, err %v; want none, nil", names, err)
	}
	for _, want := range []string{"import mutpropswitch \"m/mutpropswitch\"", "defer mutpropswitch.Sub(t)();", "mutpropswitch.Tick"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the rewrite lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(string(got), "\n"); n != strings.Count(src, "\n") {
		t.Errorf("%d lines, want %d: line numbers moved:\n%s", n, strings.Count(src, "\n"), got)
	}
}

func TestFormatScheduleWritesAStepPerLine(t *testing.T) {
	t.Parallel()
	got := string(FormatSchedule([]Step{{Active: 3, Seed: 7}, {Active: 0, Seed: 9, MutpropSeed: true, Checks: 4, Tests: []string{"TestA", "TestB"}},
		{Active: 3, Seed: 7, Confirm: true}, {Active: 5, Ends: true}, {Active: 6, Seed: 1, Failfast: true}, {Active: 6, Seed: 1, Confirm: true, Failfast: true}}))
	if want := "3 7 0 0\n0 9 1 4 TestA TestB\n3 7 2 0\n5 0 4 0\n6 1 8 0\n6 1 10 0\n"; got != want {
		t.Fatalf("FormatSchedule = %q, want %q", got, want)
	}
}

// TestATestParameterDeclaredAgainIsNotPassedToTickT lists the ways a
// function of the test files can declare its *testing.T's name again: a
// loop there calls Tick, since t may then be another value.
func TestATestParameterDeclaredAgainIsNotPassedToTickT(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ body, tick string }{
		{"for range 2 {}", "TickT(t)"},
		{"t := 1; _ = t; for range 2 {}", "Tick()"},
		{"var t int; _ = t; for range 2 {}", "Tick()"},
		{"for range 2 {}; f := func(t int) {}; _ = f", "Tick()"},
		{"switch t := any(t).(type) { default: _ = t }; for range 2 {}", "Tick()"},
		{"type t int; for range 2 {}", "Tick()"},
		{"for t := 0; t < 2; t++ {}", "Tick()"},
	} {
		src := "package p\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { " + c.body + " }\n"
		got, _, err := RewriteTests("p_test.go", []byte(src), "m/mutpropswitch")
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		if want := "mutpropswitch." + c.tick + ";"; !bytes.Contains(got, []byte(want)) {
			t.Errorf("%s: the rewrite lacks %q:\n%s", c.body, want, got)
		}
	}
}
