package report

import (
	"sort"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// Run is one mutation-testing run of a subject: its source files, its
// mutants with their outcomes, and the tests (properties) that ran.
type Run struct {
	// Name names the subject, e.g. a package path.
	Name string
	// Framework and Version describe the tool that produced the run;
	// empty means "mutprop".
	Framework, Version string
	// Thresholds for the mutation score in percent; zero means 80/60.
	Thresholds Thresholds
	Files      []File
	Mutants    []Mutant
	Tests      []Test
}

// Thresholds are the high and low mutation-score thresholds in percent.
type Thresholds struct{ High, Low int }

// File is a source file of the subject.
type File struct {
	// Path is relative to the subject's root, slash-separated.
	Path string
	// Language names the language for syntax highlighting; "" means "go".
	Language string
	// Source is the original (unmutated) text.
	Source string
}

// Test is a test or property that ran against the mutants.
type Test struct {
	// ID is what Mutant.KilledBy and Mutant.CoveredBy refer to.
	ID   string
	Name string
	// File and Line locate the test; both optional.
	File string
	Line int
}

// Mutant is one mutant and its outcome. Positions are 1-based; the end
// position is exclusive, as in the mutation-testing-report-schema.
type Mutant struct {
	ID     string
	Origin string // operator | named | blackbox
	File   string // a File.Path; "" for black-box mutants
	Line   int
	Col    int
	// EndLine and EndCol end the mutated range; zero means the end of the
	// start line.
	EndLine, EndCol int
	// Operator is the mutator's name (the schema's mutatorName).
	Operator    string
	Description string
	// Replacement is the text that replaced the range, when known.
	Replacement string
	// Diff is a unified diff of the mutant against the original, when
	// known; the HTML report shows it for survivors.
	Diff string
	// Alias is the mutant's shell-safe name (m-1a2b3c4d), when known:
	// mutprop run sets it (internal/mutantid), and the JSON report holds
	// it as "mutpropAlias".
	Alias string
	// Unstable, when set, says which kills did not recur when their test
	// ran again against the mutant (mutprop run's confirmation): they
	// are not counted, and the JSON report holds it as "mutpropUnstable".
	Unstable       string
	Status         outcome.Outcome
	StatusReason   string
	KilledBy       []string // test IDs
	CoveredBy      []string // test IDs
	TestsCompleted int
	Duration       time.Duration
}

// KillMatrix records, for each test and mutant, whether the test killed or
// covered the mutant. Cells[i][j] concerns Tests[i] and Mutants[j].
type KillMatrix struct {
	Tests   []string
	Mutants []string
	Cells   [][]KillCell
}

// KillCell is one cell of a KillMatrix.
type KillCell int

// The values of a KillCell.
const (
	NotCovered KillCell = iota
	Covered             // covered but not killed
	KilledHere          // killed by this test
)

// KillMatrixOf derives the kill matrix of a run from its mutants'
// KilledBy and CoveredBy lists. Tests are r.Tests in order, followed by any
// test ID that only appears in a mutant's lists; mutants are in r.Mutants
// order.
func KillMatrixOf(r Run) KillMatrix {
	index := map[string]int{}
	var tests []string
	add := func(id string) {
		if _, ok := index[id]; !ok {
			index[id] = len(tests)
			tests = append(tests, id)
		}
	}
	for _, t := range r.Tests {
		add(t.ID)
	}
	for _, m := range r.Mutants {
		for _, id := range m.KilledBy {
			add(id)
		}
		for _, id := range m.CoveredBy {
			add(id)
		}
	}
	km := KillMatrix{Tests: tests, Mutants: make([]string, len(r.Mutants)), Cells: make([][]KillCell, len(tests))}
	for i := range km.Cells {
		km.Cells[i] = make([]KillCell, len(r.Mutants))
	}
	for j, m := range r.Mutants {
		km.Mutants[j] = m.ID
		for _, id := range m.CoveredBy {
			km.Cells[index[id]][j] = Covered
		}
		for _, id := range m.KilledBy {
			km.Cells[index[id]][j] = KilledHere
		}
	}
	return km
}

// Score is the mutation score of a run.
type Score struct {
	// Counts per status.
	Counts map[outcome.Outcome]int
	// Detected counts killed, crashed and timeout mutants; Valid every
	// mutant but not-viable and ignored ones.
	Detected, Valid, Total int
	// Percent is 100*Detected/Valid, or 0 when Valid is 0.
	Percent float64
}

// ScoreOf computes the mutation score of the mutants.
func ScoreOf(ms []Mutant) Score {
	s := Score{Counts: map[outcome.Outcome]int{}, Total: len(ms)}
	for _, m := range ms {
		s.Counts[m.Status]++
		if m.Status.Valid() {
			s.Valid++
		}
		if m.Status.Detected() {
			s.Detected++
		}
	}
	if s.Valid > 0 {
		s.Percent = 100 * float64(s.Detected) / float64(s.Valid)
	}
	return s
}

// BlackBoxCount counts the black-box mutants among ms (Origin
// "blackbox"): the run's summaries say how many of its mutants are.
func BlackBoxCount(ms []Mutant) int {
	n := 0
	for _, m := range ms {
		if m.Origin == "blackbox" {
			n++
		}
	}
	return n
}

// Experiment is a generator comparison: mutants (or bugs) x properties x
// generators, each cell measured over many trials.
type Experiment struct {
	Name string
	Seed uint64
	// Budget is the test budget of the deciding trial (e.g. 10,000).
	Budget int
	Cells  []Cell
	// Sizes holds, per generator, a sample of the sizes of the values it
	// generated (for size histograms); optional.
	Sizes map[string][]float64
}

// Cell is one (mutant, property, generator) cell of an Experiment.
type Cell struct {
	Mutant, Property, Generator string
	// Fails reports whether the property failed within the budget.
	Fails bool
	// Counts holds the tests-to-failure of every failing trial.
	Counts []int
	// Seconds holds the time to failure of every failing trial; optional.
	Seconds []float64
	// Summary summarizes Counts; callers may leave it zero, and the
	// report's tables and charts compute it from Counts.
	Summary stats.Summary
}

// task names the cell's task: its mutant and property.
func (c Cell) task() string { return c.Mutant + "/" + c.Property }

// summarized returns the experiment with every cell's Summary computed
// from its Counts where the Summary is empty.
func (e Experiment) summarized() Experiment {
	out := e
	out.Cells = make([]Cell, len(e.Cells))
	for i, c := range e.Cells {
		if c.Summary.N == 0 && len(c.Counts) > 0 {
			c.Summary = stats.SummarizeInts(c.Counts)
		}
		out.Cells[i] = c
	}
	return out
}

// generators returns the experiment's generators, sorted.
func (e Experiment) generators() []string {
	return sortedUnique(e.Cells, func(c Cell) string { return c.Generator })
}

// tasks returns the experiment's tasks (mutant/property), sorted.
func (e Experiment) tasks() []string {
	return sortedUnique(e.Cells, Cell.task)
}

func sortedUnique(cells []Cell, key func(Cell) string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cells {
		k := key(c)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// testBuckets are Etna's thresholds on tests to failure.
var testBuckets = []float64{10, 100, 1000, 10000}

// timeBuckets are Etna's thresholds on seconds to failure.
var timeBuckets = []float64{0.1, 1, 10, 60}

// generatorSummary summarizes one generator over an experiment's tasks.
type generatorSummary struct {
	Generator string
	Tasks     int // tasks the generator was run on
	Solved    int // tasks on which the property failed within the budget
	// MeanOfMeans is the mean over solved tasks of the mean tests to
	// failure; 0 when nothing was solved.
	MeanOfMeans float64
	// WithinTests[i] counts solved tasks whose mean tests to failure is at
	// most testBuckets[i].
	WithinTests []int
	// WithinSeconds[i] counts solved tasks whose mean seconds to failure
	// is at most timeBuckets[i]; nil when no cell has Seconds.
	WithinSeconds []int
}

// summarizeGenerators computes one generatorSummary per generator, sorted
// by generator name.
func summarizeGenerators(e Experiment) []generatorSummary {
	e = e.summarized()
	hasTime := false
	for _, c := range e.Cells {
		if len(c.Seconds) > 0 {
			hasTime = true
		}
	}
	var out []generatorSummary
	for _, g := range e.generators() {
		s := generatorSummary{Generator: g, WithinTests: make([]int, len(testBuckets))}
		if hasTime {
			s.WithinSeconds = make([]int, len(timeBuckets))
		}
		var sum float64
		for _, c := range e.Cells {
			if c.Generator != g {
				continue
			}
			s.Tasks++
			if !c.Fails || c.Summary.N == 0 {
				continue
			}
			s.Solved++
			sum += c.Summary.Mean
			for i, b := range testBuckets {
				if c.Summary.Mean <= b {
					s.WithinTests[i]++
				}
			}
			if hasTime && len(c.Seconds) > 0 {
				mean := stats.Summarize(c.Seconds).Mean
				for i, b := range timeBuckets {
					if mean <= b {
						s.WithinSeconds[i]++
					}
				}
			}
		}
		if s.Solved > 0 {
			s.MeanOfMeans = sum / float64(s.Solved)
		}
		out = append(out, s)
	}
	return out
}

// countsByGenerator returns counts[generator][task] as float64 samples of
// tests to failure for the failing cells, the input of stats.BeatsMatrix.
func countsByGenerator(e Experiment) map[string]map[string][]float64 {
	out := map[string]map[string][]float64{}
	for _, c := range e.Cells {
		if out[c.Generator] == nil {
			out[c.Generator] = map[string][]float64{}
		}
		if !c.Fails || len(c.Counts) == 0 {
			continue
		}
		xs := make([]float64, len(c.Counts))
		for i, n := range c.Counts {
			xs[i] = float64(n)
		}
		out[c.Generator][c.task()] = xs
	}
	return out
}
