package tcas

import (
	"reflect"
	"testing"
)

func TestParseStrengthsReadsANumberAListAndARange(t *testing.T) {
	for in, want := range map[string][]int{"": nil, "3": {3}, "2,4": {2, 4}, "2..5": {2, 3, 4, 5}, "4..4": {4}} {
		got, err := ParseStrengths(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseStrengths(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0", "x", "5..2", "1..", "2,,3", "-1"} {
		if got, err := ParseStrengths(in); err == nil {
			t.Errorf("ParseStrengths(%q) = %v, want an error", in, got)
		}
	}
}

func TestParseExperimentsExpandsAllAndRefusesUnknownNames(t *testing.T) {
	all, err := ParseExperiments(expAll)
	if err != nil || len(all) != 6 || !all[ExpRandom] || all[expAll] {
		t.Errorf("all: %v, %v; want the six experiments", all, err)
	}
	two, err := ParseExperiments("random,universe")
	if err != nil || len(two) != 2 || !two[ExpRandom] || !two[expUniverse] {
		t.Errorf("random,universe: %v, %v", two, err)
	}
	if _, err := ParseExperiments("random,bogus"); err == nil {
		t.Error("an unknown experiment was accepted")
	}
}

func TestTheJournalHeaderNamesWhatDecidesTheCells(t *testing.T) {
	base := Config{Seed: 3}
	h, err := MTTFHeader(base)
	if err != nil {
		t.Fatal(err)
	}
	// The defaults are spelled out, so that a run that names them resumes
	// a run that did not.
	explicit, err := MTTFHeader(Config{Seed: 3, Trials: 100, Samples: 1000000, Domains: allDomains})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h, explicit) || h.Seed != 3 || h.Suite != "tcas-random" {
		t.Errorf("defaults %+v, explicit %+v", h, explicit)
	}
	for _, c := range []Config{{Seed: 3, Trials: 5}, {Seed: 3, Samples: 10}, {Seed: 3, Domains: []string{domainNIST}}, {Seed: 4}} {
		other, err := MTTFHeader(c)
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(h, other) {
			t.Errorf("config %+v has the default's header", c)
		}
	}
}
