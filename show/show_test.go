package show

import (
	"testing"
	"time"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/runlog"
)

func TestABlackboxIDIsReadInOnePlace(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		id, pkg string
		want    blackboxID
		ok      bool
	}{
		{"blackbox:example.com/m/calc.Max:3", "example.com/m/calc", blackboxID{pkg: "example.com/m/calc", fn: "Max", k: 3}, true},
		{"blackbox:example.com/m/calc.(*Set).Add:0", "example.com/m/calc", blackboxID{pkg: "example.com/m/calc", fn: "(*Set).Add", k: 0}, true},
		{"blackbox:example.com/m/calc.Max:3", "example.com/m/other", blackboxID{}, false},
		{"blackbox:example.com/m/calc.Max:-1", "example.com/m/calc", blackboxID{}, false},
		{"blackbox:example.com/m/calc.Max", "example.com/m/calc", blackboxID{}, false},
		{"operator:calc.go:5:7:boundary:>=", "example.com/m/calc", blackboxID{}, false},
	} {
		got, ok := parseBlackboxID(c.id, c.pkg)
		if got != c.want || ok != c.ok {
			t.Errorf("parseBlackboxID(%q, %q) = %+v, %v; want %+v, %v", c.id, c.pkg, got, ok, c.want, c.ok)
		}
	}
}

func TestAPackagePrefixIsSplitFromTheID(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]ref{
		"example.com/m/calc/operator:calc.go:5:7:boundary:>=": {pkg: "example.com/m/calc", id: "operator:calc.go:5:7:boundary:>="},
		"example.com/m/calc/named:loop":                       {pkg: "example.com/m/calc", id: "named:loop"},
		"operator:calc.go:5:7:boundary:>=":                    {id: "operator:calc.go:5:7:boundary:>="},
		"m-1a2b3c4d":                                          {id: "m-1a2b3c4d"},
	} {
		if got := parseRef(in); got != want {
			t.Errorf("parseRef(%q) = %+v, want %+v", in, got, want)
		}
	}
}

func TestTheStatusComesFromTheNewestJournal(t *testing.T) {
	t.Parallel()
	rec := func(journal string, age time.Duration, o outcome.Outcome, killers ...string) runlog.Journaled {
		return runlog.Journaled{Package: "p", Journal: journal, ModTime: time.Unix(1e9, 0).Add(-age),
			Mutant: runlog.Mutant{Mutant: mutate.Mutant{ID: "named:x"}, Outcome: o, KilledBy: killers}}
	}
	last := []runlog.Journaled{rec("old.jsonl", time.Hour, outcome.Survived), rec("new.jsonl", 0, outcome.Killed, "TestA")}
	if got, want := status(last, "p", "named:x"), "last run (new.jsonl): killed by TestA"; got != want {
		t.Errorf("status = %q, want %q", got, want)
	}
	if got := status(last, "p", "named:y"); got != "last run: not in the journal (not part of the last run)" {
		t.Errorf("status of a mutant no journal holds: %q", got)
	}
	if got := status(nil, "p", "named:x"); got != "last run: none recorded (no journal)" {
		t.Errorf("status without a journal: %q", got)
	}
}
