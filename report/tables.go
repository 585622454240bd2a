package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/stats"
)

// StatusTable counts a run's mutants per status, with the mutation score
// as a note.
func StatusTable(r Run) Table {
	s := ScoreOf(r.Mutants)
	t := Table{Title: "Mutants of " + r.Name + " by status", Header: []string{"status", "mutants", "share"}}
	for _, st := range orderedStatuses(s.Counts) {
		n := s.Counts[st]
		t.Rows = append(t.Rows, []string{string(st), strconv.Itoa(n), percent(n, s.Total)})
	}
	t.Rows = append(t.Rows, []string{"total", strconv.Itoa(s.Total), percent(s.Total, s.Total)})
	t.Notes = append(t.Notes, fmt.Sprintf("mutation score: %d/%d = %.1f%% (killed, crashed and timeout over all but not-viable and ignored)", s.Detected, s.Valid, s.Percent))
	return t
}

// KillRateTable gives, for each test (property) of a run, how many mutants
// it killed, how many it killed that no other test killed, and its kill
// rate over the run's valid mutants.
func KillRateTable(r Run) Table {
	km := KillMatrixOf(r)
	valid := ScoreOf(r.Mutants).Valid
	killers := make([]int, len(km.Mutants))
	for i := range km.Tests {
		for j, c := range km.Cells[i] {
			if c == KilledHere {
				killers[j]++
			}
		}
	}
	t := Table{Title: "Kill rate per test of " + r.Name, Header: []string{"test", "killed", "only killer", "covered", "kill rate"}}
	for i, id := range km.Tests {
		var killed, unique, covered int
		for j, c := range km.Cells[i] {
			switch c {
			case KilledHere:
				killed++
				covered++
				if killers[j] == 1 {
					unique++
				}
			case Covered:
				covered++
			}
		}
		t.Rows = append(t.Rows, []string{id, strconv.Itoa(killed), strconv.Itoa(unique), strconv.Itoa(covered), percent(killed, valid)})
	}
	t.Notes = append(t.Notes, fmt.Sprintf("kill rate over %d valid mutants; a test with 0 only-killer mutants is redundant given the others", valid))
	return t
}

// generatorTable compares generators (Etna-style): tasks solved, mean of
// the mean tests to failure, and tasks solved within 10, 100, 1,000 and
// 10,000 tests on average.
func generatorTable(e Experiment) Table {
	t := Table{Title: "Generators of " + e.Name, Header: []string{"generator", "tasks", "solved", "mean tests to failure"}}
	for _, b := range testBuckets {
		t.Header = append(t.Header, "<= "+num(b))
	}
	for _, s := range summarizeGenerators(e) {
		row := []string{s.Generator, strconv.Itoa(s.Tasks), strconv.Itoa(s.Solved), fixed(s.MeanOfMeans)}
		for _, n := range s.WithinTests {
			row = append(row, strconv.Itoa(n))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, "a task is a (mutant, property) pair; solved = the property failed within the budget; <= N counts solved tasks with mean tests to failure at most N")
	return t
}

// cellTable lists every cell of an experiment with its statistics of tests
// to failure: trials, mean, median and the 95% confidence interval.
func cellTable(e Experiment) Table {
	e = e.summarized()
	t := Table{Title: "Tests to failure in " + e.Name, Header: []string{"mutant", "property", "generator", "fails", "trials", "mean", "median", "95% CI"}}
	for _, c := range e.Cells {
		if !c.Fails || c.Summary.N == 0 {
			t.Rows = append(t.Rows, []string{c.Mutant, c.Property, c.Generator, "no", "0", "-", "-", "-"})
			continue
		}
		s := c.Summary
		t.Rows = append(t.Rows, []string{c.Mutant, c.Property, c.Generator, "yes", strconv.Itoa(s.N), fixed(s.Mean), fixed(s.Median), "[" + fixed(s.CILow) + ", " + fixed(s.CIHigh) + "]"})
	}
	if e.Budget > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("fails = the property failed within %d tests", e.Budget))
	}
	return t
}

// beatsTable shows a stats.Beats matrix: the row generator beats the
// column generator on that many tasks.
func beatsTable(b stats.Beats) Table {
	t := Table{Title: "Tasks on which the row generator beats the column generator", Header: append([]string{"generator"}, b.Generators...)}
	for i, g := range b.Generators {
		row := []string{g}
		for j := range b.Generators {
			if i == j {
				row = append(row, "-")
				continue
			}
			row = append(row, strconv.Itoa(b.Wins[i][j]))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%d tasks; A beats B when A fails the property and B does not, or both do and A needs significantly fewer tests (Mann-Whitney U, alpha %g)", len(b.Tasks), b.Alpha))
	return t
}

func orderedStatuses(counts map[outcome.Outcome]int) []outcome.Outcome {
	var out []outcome.Outcome
	known := map[outcome.Outcome]bool{}
	for _, s := range outcome.Order() {
		known[s] = true
		if counts[s] > 0 {
			out = append(out, s)
		}
	}
	var other []outcome.Outcome
	for s := range counts {
		if !known[s] {
			other = append(other, s)
		}
	}
	slices.Sort(other)
	return append(out, other...)
}

func location(m Mutant) string {
	if m.File == "" {
		return "-"
	}
	if m.Line == 0 {
		return m.File
	}
	if m.Col == 0 {
		return fmt.Sprintf("%s:%d", m.File, m.Line)
	}
	return fmt.Sprintf("%s:%d:%d", m.File, m.Line, m.Col)
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// fixed formats a statistic with two decimals.
func fixed(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// num formats a threshold with thousands separators: 10000 -> "10,000".
func num(x float64) string {
	if x != float64(int64(x)) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	s := strconv.FormatInt(int64(x), 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
