package bst

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mutprop/mutprop/report"
)

// WriteText renders the report as mutprop scenario bst prints it: a heading
// (the experiment, seed, cells and tests, Elapsed), the per-generator
// table, the failing properties per bug, the figures of the experiment's
// paper, the hardest pairs, the tree sizes, the key presence readings and
// the explanation when measured.
func (s *Report) WriteText(out io.Writer) error {
	e, err := ExperimentByName(s.Experiment)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "%s (seed %d, %d failing trials per failing cell, %d cells, %d tests in %s: %.0f tests/s)\n\n",
		e.Doc, s.Seed, s.Trials, len(s.Cells), s.Tests, s.Elapsed.Round(time.Second), float64(s.Tests)/s.Elapsed.Seconds())
	if err := s.writeTables(w); err != nil {
		return err
	}
	return w.Flush()
}

// WriteText renders the scored suite as mutprop scenario bst --config
// mutants prints it: a heading, the kills by origin and by kind of
// property, each property's kill rate, the redundant and subsumed
// properties, a minimal killing set and the survivors.
func (st *MutantReport) WriteText(out io.Writer) error {
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "The %d properties scored with %d mutants, generator %s, %d tests per (mutant, property), seed %d (%d cells in %s)\n\n",
		len(st.Properties), len(st.Mutants), st.Generator, st.Tests, st.Seed, st.Measured, st.Elapsed.Round(time.Second))
	if err := st.writeTables(w); err != nil {
		return err
	}
	return w.Flush()
}

// The alignments of the tables' columns: names left, figures right.
const (
	nameCol   = report.AlignLeft
	figureCol = report.AlignRight
)

// figures aligns a table of n columns whose first names the row and the
// others hold figures.
func figures(n int) []report.Align {
	a := []report.Align{nameCol}
	for range n - 1 {
		a = append(a, figureCol)
	}
	return a
}

// writeTable renders t as a text table.
func writeTable(w io.Writer, t report.Table) error {
	return report.Write(w, report.FormatText, t)
}

// writeTables prints the report's tables in order, then the explanation
// when measured.
func (s *Report) writeTables(w io.Writer) error {
	for _, write := range []func(io.Writer) error{
		s.writeGenerators,
		s.writePerBug,
		s.writeKinds,
		s.writeHardest,
		s.writeSizes,
		s.writePresence,
	} {
		if err := write(w); err != nil {
			return err
		}
	}
	if x := s.Explanation; x != nil {
		return s.writeExplanation(w, x)
	}
	return nil
}

// writeGenerators prints the per-generator table (Fig. 13).
func (s *Report) writeGenerators(w io.Writer) error {
	fmt.Fprintln(w, "Per generator: total cost = sum of mean tests-to-failure over failing (bug, property) pairs")
	gens := report.Table{
		Header: []string{"generator", "total", "paper", "gap", "worst", "paper", "gap", "failing pairs", "paper", "key presence %", "paper", "worst pair"},
		Align:  figures(11),
	}
	for _, g := range s.Generators {
		p := s.Paper.Fig13[g.Generator]
		pairs := "-"
		if p.FailingPairs > 0 {
			pairs = fmt.Sprint(p.FailingPairs)
		}
		gens.Rows = append(gens.Rows, []string{g.Generator,
			fmt.Sprintf("%.0f", g.Total), dash(p.Total, "%.0f"), gap(g.Total, p.Total),
			fmt.Sprintf("%.1f", g.Worst), dash(p.Worst, "%.0f"), gap(g.Worst, p.Worst),
			fmt.Sprint(g.FailingPairs), pairs, fmt.Sprintf("%.1f", g.KeyPresence), dash(p.KeyPresence, "%.1f"), g.WorstCell})
	}
	return writeTable(w, gens)
}

// writePerBug prints the failing properties per bug (with Fig. 8's rows
// when measured) and Etna's tasks when the paper lists them.
func (s *Report) writePerBug(w io.Writer) error {
	bugs := slices.Sorted(maps.Keys(s.FailingByBug))
	fmt.Fprintln(w, "\nFailing properties per bug")
	perBug := report.Table{Header: []string{"bug"}}
	for _, g := range s.Generators {
		perBug.Header = append(perBug.Header, g.Generator)
	}
	if s.Fig8 != nil {
		perBug.Header = append(perBug.Header, "of them rows of Fig. 8", "one 100-test run (expected)", "paper (Fig. 8)", "gap (rows)")
	}
	for _, b := range bugs {
		row := []string{strings.TrimPrefix(b, "named:")}
		for _, g := range s.Generators {
			row = append(row, fmt.Sprint(len(s.FailingByBug[b][g.Generator])))
		}
		if s.Fig8 != nil && len(s.Generators) > 0 {
			f, p := s.Fig8[s.Generators[0].Generator][b], s.Paper.Fig8[b]
			row = append(row, fmt.Sprint(f.Rows), fmt.Sprintf("%.1f", f.Rows100), fmt.Sprint(p), gap(float64(f.Rows), float64(p)))
		}
		perBug.Rows = append(perBug.Rows, row)
	}
	perBug.Align = figures(len(perBug.Header))
	if err := writeTable(w, perBug); err != nil {
		return err
	}
	if s.Paper.Tasks != nil {
		s.writeEtnaTasks(w)
	}
	if s.Fig8 != nil {
		fmt.Fprintln(w, "The rows of Fig. 8 leave out ShrinkValid, Equivs, ShrinkEquivs, SizeInsert, UnionInsert and UnionDeleteDelete")
		fmt.Fprintln(w, "(scenarios/bst/sets.go); the 100-test column sums each failing row's share of trials that fail within 100 tests.")
	}
	return nil
}

// writeKinds prints the mean tests-to-failure by property kind (Fig. 9),
// when the paper has it.
func (s *Report) writeKinds(w io.Writer) error {
	if s.Paper.Fig9 == nil {
		return nil
	}
	fmt.Fprintln(w, "\nMean tests-to-failure by property kind, bugs 1 and 3-8, rows of Fig. 8, no weak properties (How to Specify It! Fig. 9)")
	kinds := report.Table{
		Header: []string{"generator", "kind", "pairs", "min", "paper", "max", "paper", "mean", "paper", "gap (mean)"},
		Align:  append([]report.Align{nameCol}, figures(9)...),
	}
	for _, g := range s.Generators {
		ks := s.KindStats[g.Generator]
		names := make([]string, 0, len(ks))
		for k := range ks {
			names = append(names, string(k))
		}
		sort.Strings(names)
		for _, k := range names {
			m, p := ks[Kind(k)], s.Paper.Fig9[Kind(k)]
			kinds.Rows = append(kinds.Rows, []string{g.Generator, k, fmt.Sprint(m.N),
				fmt.Sprintf("%.1f", m.Min), dash(p.Min, "%.1f"), fmt.Sprintf("%.1f", m.Max), dash(p.Max, "%.0f"),
				fmt.Sprintf("%.1f", m.Mean), dash(p.Mean, "%.1f"), gap(m.Mean, p.Mean)})
		}
	}
	if err := writeTable(w, kinds); err != nil {
		return err
	}
	for _, g := range s.Generators {
		if m, ok := s.Fig9Note[g.Generator]; ok {
			fmt.Fprintf(w, "  %s: postconditions without InsertDeleteComplete; with it: %d pairs, min %.1f, max %.1f, mean %.1f\n", g.Generator, m.N, m.Min, m.Max, m.Mean)
		}
	}
	return nil
}

// writeHardest prints the five hardest (bug, property) pairs of each
// generator.
func (s *Report) writeHardest(w io.Writer) error {
	fmt.Fprintln(w, "\nHardest (bug, property) pairs per generator: mean [95% CI], median")
	for _, g := range s.Generators {
		var parts []string
		for i, c := range g.Hardest {
			if i == 5 {
				break
			}
			parts = append(parts, fmt.Sprintf("%s %s %.1f [%.1f, %.1f] med %.0f", strings.TrimPrefix(c.Bug, "named:"), c.Property, c.Mean, c.CILow, c.CIHigh, c.Median))
		}
		fmt.Fprintf(w, "  %s: %s\n", g.Generator, strings.Join(parts, "; "))
	}
	return nil
}

// writeSizes prints the tree sizes per generator.
func (s *Report) writeSizes(w io.Writer) error {
	fmt.Fprintln(w, "\nTree sizes per generator (QuickCheck sizes 0..99)")
	sizes := report.Table{Header: []string{"generator", "mean size", "max size", "max depth", "empty %"}, Align: figures(5)}
	for _, g := range s.Generators {
		n, total, maxSize, maxDepth := 0, 0, len(g.Sizes)-1, len(g.Depths)-1
		for sz, c := range g.Sizes {
			n += c
			total += sz * c
		}
		if n > 0 {
			sizes.Rows = append(sizes.Rows, []string{g.Generator, fmt.Sprintf("%.1f", float64(total)/float64(n)), fmt.Sprint(maxSize), fmt.Sprint(maxDepth), fmt.Sprintf("%.1f", 100*float64(g.Sizes[0])/float64(n))})
		}
	}
	if err := writeTable(w, sizes); err != nil {
		return err
	}
	if s.Experiment == "fig13" {
		fmt.Fprintln(w, "\nholey57 drops UnionInsert, FindInsert and FindDelete by inference (see scenarios/bst/sets.go).")
	}
	return nil
}

// writePresence prints the key presence of the two readings of the
// classic generators, when measured.
func (s *Report) writePresence(w io.Writer) error {
	if len(s.PresenceReadings) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\nKey presence of the two readings of the classic generators (the leaf condition decides it)")
	pr := report.Table{Header: []string{"generator", "reading", "key presence %", "paper"}, Align: []report.Align{nameCol, nameCol, figureCol, figureCol}}
	for _, r := range s.PresenceReadings {
		pr.Rows = append(pr.Rows, []string{r.Generator, r.Reading, fmt.Sprintf("%.1f", r.Presence), dash(r.Paper, "%.1f")})
	}
	return writeTable(w, pr)
}

// writeEtnaTasks compares the failing (bug, property) pairs with Etna's
// task list: tasks solved, tasks missed, and failing pairs that are not
// tasks.
func (s *Report) writeEtnaTasks(w io.Writer) {
	fmt.Fprintln(w, "\nEtna's tasks (tool/benchtool/Tasks.py): solved, missed, and failing pairs that are no task")
	total := 0
	for _, ps := range s.Paper.Tasks {
		total += len(ps)
	}
	for _, g := range s.Generators {
		solved := 0
		var missed, extra []string
		for _, b := range slices.Sorted(maps.Keys(s.Paper.Tasks)) {
			failing := s.FailingByBug[b][g.Generator]
			short := strings.TrimPrefix(b, "named:")
			for _, p := range s.Paper.Tasks[b] {
				if slices.Contains(failing, p) {
					solved++
				} else {
					missed = append(missed, short+"/"+p)
				}
			}
			for _, p := range failing {
				if !slices.Contains(s.Paper.Tasks[b], p) {
					extra = append(extra, short+"/"+p)
				}
			}
		}
		fmt.Fprintf(w, "  %s: %d/%d solved; missed: %s; not tasks: %s\n", g.Generator, solved, total, joinOrDash(missed), joinOrDash(extra))
	}
}

// joinOrDash joins xs with spaces, or is "-" for none.
func joinOrDash(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, " ")
}

// writeExplanation prints the readings (name and meaning), the readings
// table: per generator, total cost / failing pairs [fewest-most failing
// properties per bug] under each reading, next to the paper's figures,
// and what each of holey57's last five drops would add.
func (s *Report) writeExplanation(w io.Writer, x *Explanation) error {
	fmt.Fprintln(w, "\nExplaining the gaps: total / failing pairs [fewest-most per bug] worst, gap of the total, under each reading")
	legend := report.Table{Header: []string{"reading", "meaning"}, Style: report.StylePlain}
	for _, rd := range readings {
		legend.Rows = append(legend.Rows, []string{rd.Name, rd.Doc})
	}
	if err := writeTable(w, legend); err != nil {
		return err
	}
	rt := report.Table{Header: append([]string{"reading"}, x.Generators...)}
	row := []string{"paper"}
	for _, g := range x.Generators {
		p := s.Paper.Fig13[g]
		cell := "-"
		if p.Total > 0 {
			cell = fmt.Sprintf("%.0f", p.Total)
			if p.FailingPairs > 0 {
				cell += fmt.Sprintf(" / %d", p.FailingPairs)
			}
			if g == "api" { // "each bug fails 9 to 23 properties"
				cell += " [9-23]"
			}
			cell += fmt.Sprintf(" w%.0f", p.Worst)
		}
		row = append(row, cell)
	}
	rt.Rows = append(rt.Rows, row)
	for _, rd := range readings {
		row := []string{rd.Name}
		for _, g := range x.Generators {
			t := x.Readings[g][rd.Name]
			cell := fmt.Sprintf("%.0f / %d [%d-%d] w%.0f", t.Total, t.Pairs, t.MinPerBug, t.MaxPerBug, t.Worst)
			if p := s.Paper.Fig13[g].Total; p > 0 {
				cell += " " + gap(t.Total, p)
			}
			row = append(row, cell)
		}
		rt.Rows = append(rt.Rows, row)
	}
	if err := writeTable(w, rt); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nWhat each of holey57's last five drops would add: pairs / cost (bugs)")
	drops := report.Table{Header: append([]string{"property"}, x.Generators...)}
	for i := 0; len(x.Generators) > 0 && i < len(x.Drops); i += len(x.Generators) {
		row := []string{x.Drops[i].Property}
		for _, d := range x.Drops[i:min(i+len(x.Generators), len(x.Drops))] {
			row = append(row, fmt.Sprintf("%d / %.0f (%s)", d.Pairs, d.Cost, strings.Join(d.Bugs, ",")))
		}
		drops.Rows = append(drops.Rows, row)
	}
	return writeTable(w, drops)
}

func (st *MutantReport) writeTables(w io.Writer) error {
	fmt.Fprintln(w, "Mutants killed, by origin")
	origins := report.Table{Header: []string{"origin", "killed", "of", "score %"}, Align: figures(4)}
	for _, g := range st.Origins {
		origins.Rows = append(origins.Rows, []string{g.Name, fmt.Sprint(g.Killed), fmt.Sprint(g.Of), fmt.Sprintf("%.1f", g.Rate)})
	}
	if err := writeTable(w, origins); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nKill rate per kind of property (union: mutants some property of the kind kills)")
	kinds := report.Table{Header: []string{"kind", "properties", "killed (union)", "union %", "mean per property %"}, Align: figures(5)}
	for _, g := range st.Kinds {
		kinds.Rows = append(kinds.Rows, []string{g.Name, fmt.Sprint(g.Members), fmt.Sprint(g.Killed), fmt.Sprintf("%.1f", g.Rate), fmt.Sprintf("%.1f", g.MeanRate)})
	}
	if err := writeTable(w, kinds); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nKill rate per property (only: mutants no other property kills)")
	ps := append([]PropertyScore(nil), st.Properties...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Kills > ps[j].Kills })
	props := report.Table{Header: []string{"property", "kind", "kills", "only", "kill rate %"}, Align: []report.Align{nameCol, nameCol, figureCol, figureCol, figureCol}}
	for _, p := range ps {
		props.Rows = append(props.Rows, []string{p.Property, string(p.Kind), fmt.Sprint(p.Kills), fmt.Sprint(p.Only), fmt.Sprintf("%.1f", p.Rate)})
	}
	if err := writeTable(w, props); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nRedundant properties (%d: each kills nothing no other kills): %s\n", len(st.Redundant), strings.Join(st.Redundant, " "))
	var sub []string
	for _, p := range st.Properties {
		if by, ok := st.Subsumed[p.Property]; ok {
			sub = append(sub, p.Property+"<"+by)
		}
	}
	fmt.Fprintf(w, "Subsumed properties (%d, p<q: q kills every mutant p kills): %s\n", len(sub), strings.Join(sub, " "))
	fmt.Fprintf(w, "Minimal killing set (%d, greedy): %s\n", len(st.Minimal), strings.Join(st.Minimal, " "))
	surv := st.survivors()
	fmt.Fprintf(w, "\nSurvivors (%d)\n", len(surv))
	for _, m := range surv {
		loc := ""
		if m.Line > 0 {
			loc = fmt.Sprintf(" (%s:%d)", subjectFile, m.Line)
		}
		fmt.Fprintf(w, "  %s%s: %s\n", m.ID, loc, m.Description)
	}
	return nil
}

// gap is measured's relative distance to paper, "+12%" ("-" without a
// paper figure).
func gap(measured, paper float64) string {
	if paper == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.0f%%", 100*(measured-paper)/paper)
}

// dash formats v, or "-" for 0 (no figure).
func dash(v float64, format string) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf(format, v)
}
