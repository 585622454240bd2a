package runner

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseShardAcceptsEveryShardFromFirstToLast(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]Shard{"1/1": {1, 1}, "1/3": {1, 3}, "3/3": {3, 3}} {
		if got, err := ParseShard(s); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, bad := range []string{"0/0", "2/1", "3/-1", "a/b", "", "1/"} {
		if got, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) = %v, want an error", bad, got)
		}
	}
}

func TestSizedGeneratorsAtSizeOne(t *testing.T) {
	t.Parallel()
	wantExactly(t, "IntSized at 1", draws(IntSized(), 1, 300), -1, 1)
	wantExactly(t, "NatSized at 1", draws(NatSized(), 1, 300), 0, 1)
	var lens []int
	for _, m := range draws(MapOf(IntRange(0, 1000), Const(0)), 1, 300) {
		lens = append(lens, len(m))
	}
	wantExactly(t, "len(MapOf) at 1", lens, 0, 1)
	lens = lens[:0]
	for _, xs := range draws(SliceOf(Const(0)), 1, 300) {
		lens = append(lens, len(xs))
	}
	wantExactly(t, "len(SliceOf) at 1", lens, 0, 1)
}

func TestBoolIsFair(t *testing.T) {
	t.Parallel()
	n := 0
	for _, b := range draws(Bool(), 0, 4000) {
		if b {
			n++
		}
	}
	// 2000 expected, sigma about 32.
	if n < 1850 || n > 2150 {
		t.Errorf("Bool drew true %d times in 4000", n)
	}
}

func TestOneOfOfOneGeneratorAndOfNone(t *testing.T) {
	t.Parallel()
	if got := draws(OneOf(Const(5)), 0, 3); got[0] != 5 || got[2] != 5 {
		t.Errorf("OneOf(Const(5)) drew %v", got)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("OneOf() did not panic when built")
		}
	}()
	OneOf[int]()
}

func TestFrequencyOfEqualWeightsDrawsEachAlike(t *testing.T) {
	t.Parallel()
	n := map[int]int{}
	for _, x := range draws(Frequency(Weighted[int]{1, Const(0)}, Weighted[int]{1, Const(1)}, Weighted[int]{1, Const(2)}), 0, 3000) {
		n[x]++
	}
	for v := 0; v < 3; v++ {
		if n[v] < 850 || n[v] > 1150 {
			t.Errorf("weights 1:1:1 drew %d %d times in 3000", v, n[v])
		}
	}
}

func TestFilterGivesUpAfterTenThousandAttempts(t *testing.T) {
	t.Parallel()
	attempts := 0
	g := Filter(Const(0), func(int) bool { attempts++; return false })
	func() {
		defer func() { _ = recover() }()
		draws(g, 0, 1)
	}()
	if attempts != 10000 {
		t.Errorf("Filter tried %d values before giving up, want 10000", attempts)
	}
}

func TestHostedProtocolFillsAZeroOrNegativeProtocolAndKeepsOnes(t *testing.T) {
	t.Parallel()
	def := Protocol{Kind: "mttf", Trials: 10, DecideBudget: 1000, FailBudget: 10000, Tests: 1000}
	if got := HostedProtocol(Protocol{}); got != def {
		t.Errorf("HostedProtocol(zero) = %+v, want %+v", got, def)
	}
	if got := HostedProtocol(Protocol{Trials: -1, DecideBudget: -1, FailBudget: -1, Tests: -1}); got != def {
		t.Errorf("HostedProtocol(negative) = %+v, want %+v", got, def)
	}
	ones := Protocol{Kind: "score", Trials: 1, DecideBudget: 1, FailBudget: 1, Tests: 1}
	if got := HostedProtocol(ones); got != ones {
		t.Errorf("HostedProtocol(%+v) = %+v, want it unchanged", ones, got)
	}
}

func TestHostedTestTreatsSchemaOneAsWhiteBox(t *testing.T) {
	t.Parallel()
	var asked []string
	s := &Suite{Name: "s", Mutants: []Mutant{{}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(m Mutant, _, _ string) (Test, error) {
			asked = append(asked, m.ID)
			return func(*rand.Rand, int) Verdict { return Pass }, nil
		}}
	if _, err := HostedTest(s)(Mutant{ID: "operator:x.go:1:1:literal:1", Schema: 1}, "p", "g"); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 || asked[0] != "" {
		t.Errorf("schema 1: the suite was asked for %q, want the original", asked)
	}
}

func TestASchemataMutantWithoutAPoolIsAnError(t *testing.T) {
	t.Parallel()
	s := &Suite{Name: "s", Mutants: []Mutant{{}, {ID: "w", Schema: 1}}, Properties: []string{"p"}, Generators: []string{"g"},
		Test: func(Mutant, string, string) (Test, error) {
			return func(*rand.Rand, int) Verdict { return Pass }, nil
		}}
	_, err := Run(context.Background(), s, &Options{Seed: 1, Protocol: &Protocol{Kind: "trials", Trials: 1, DecideBudget: 5}})
	if err == nil || !strings.Contains(err.Error(), "worker pool") {
		t.Errorf("Run of a schemata mutant in process: %v, want an error asking for a worker pool", err)
	}
}

type rec struct {
	K string `json:"k"`
	V int    `json:"v"`
}

func recKey(r *rec) string { return r.K }

func openRecs(t *testing.T, path string, resume bool) *Log[rec] {
	t.Helper()
	j, err := OpenLog(path, JournalHeader{Suite: "edges", Seed: 1}, resume, recKey)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func TestAJournalTornAfterOneByteResumesCleanly(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := openRecs(t, path, false)
	if err := j.Append(rec{"a", 1}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if info, err := os.Stat(path); err != nil || info.Mode().Perm()&0o600 != 0o600 {
		t.Fatalf("journal mode %v (%v): the owner must read and write it", info.Mode(), err)
	}
	// A kill in the middle of the next write left one byte of it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{")
	f.Close()
	j = openRecs(t, path, true)
	if w := j.Warnings(); len(w) != 1 || !strings.Contains(w[0], "j.jsonl:3:") {
		t.Errorf("warnings %q, want one naming line 3, the torn record", w)
	}
	if err := j.Append(rec{"b", 2}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	j = openRecs(t, path, true)
	defer j.Close()
	if c := j.Cells(); len(c) != 2 || c["a"].V != 1 || c["b"].V != 2 || len(j.Warnings()) != 0 {
		t.Errorf("after the repair and one more record: %v, warnings %q", c, j.Warnings())
	}
}

func TestAJournalWithABlankLineResumes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j := openRecs(t, path, false)
	j.Close()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{\"k\":\"a\",\"v\":1}\n\n{\"k\":\"b\",\"v\":2}\n")
	f.Close()
	j = openRecs(t, path, true)
	defer j.Close()
	if c := j.Cells(); len(c) != 2 {
		t.Errorf("cells %v, want a and b around the blank line", c)
	}
}

func TestAJSONFileThatIsNotAJournalIsRefusedAsSuch(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "x.json")
	if err := os.WriteFile(path, []byte("{\"name\":\"x\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := OpenLog(path, JournalHeader{Suite: "edges"}, true, recKey)
	if err == nil || !strings.Contains(err.Error(), "not a mutprop journal") {
		t.Errorf("OpenLog of a JSON file: %v, want 'not a mutprop journal'", err)
	}
}
