package mutantid

import (
	"strings"
	"testing"
)

func TestAnAliasIsShellSafeStableAndTellsPackagesApart(t *testing.T) {
	id := "operator:calc.go:13:7:boundary:>="
	a := Alias("example.com/m/calc", id)
	if !IsAlias(a) {
		t.Fatalf("Alias gave %q, which IsAlias refuses", a)
	}
	if strings.ContainsAny(a, "<>|&;$`'\"\\ *?()[]{}!#~=") {
		t.Errorf("alias %q holds a shell metacharacter", a)
	}
	if again := Alias("example.com/m/calc", id); again != a {
		t.Errorf("Alias is not stable: %q then %q", a, again)
	}
	if other := Alias("example.com/m/other", id); other == a {
		t.Errorf("the same ID in two packages has one alias %q", a)
	}
	if !Matches(a, "example.com/m/calc", id) || !Matches(id, "example.com/m/calc", id) {
		t.Errorf("Matches refuses the mutant's own alias or ID")
	}
	if Matches(a, "example.com/m/other", id) || Matches("m-00000000", "example.com/m/calc", id) && a != "m-00000000" {
		t.Errorf("Matches accepts another mutant's alias")
	}
}

func TestIsAliasRefusesIDsAndMalformedAliases(t *testing.T) {
	for _, s := range []string{"", "m-", "m-1234567", "m-123456789", "m-1234567G", "M-12345678", "operator:a.go:1:1:x:+", "named:m-12345678"} {
		if IsAlias(s) {
			t.Errorf("IsAlias(%q) = true", s)
		}
	}
}
