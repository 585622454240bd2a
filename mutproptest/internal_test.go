package mutproptest

import "testing"

func TestTopLevelPatternStopsAtTheFirstSlashOutsideGroups(t *testing.T) {
	for pat, want := range map[string]string{
		"":                    "",
		"TestX":               "TestX",
		"TestX/sub":           "TestX",
		"^(TestA|TestB)$/x":   "^(TestA|TestB)$",
		"Test[/]X/y":          "Test[/]X",
		`Test\/X/y`:           `Test\/X`,
		"^TestMutpropSuite$/": "^TestMutpropSuite$",
	} {
		if got := topLevelPattern(pat); got != want {
			t.Errorf("topLevelPattern(%q) = %q, want %q", pat, got, want)
		}
	}
}
