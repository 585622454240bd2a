package bst

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteText renders the study as mutprop scenario bst prints it: a heading
// (the experiment, seed, cells and tests, Elapsed), the per-generator
// table, the failing properties per bug, the figures of the experiment's
// paper, the hardest pairs, the tree sizes, the key presence readings and
// the explanation when measured.
func (s *Study) WriteText(out io.Writer) error {
	e, err := ExperimentByName(s.Experiment)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "%s (seed %d, %d failing trials per failing cell, %d cells, %d tests in %s: %.0f tests/s)\n\n",
		e.Doc, s.Seed, s.Trials, len(s.Cells), s.Tests, s.Elapsed.Round(time.Second), float64(s.Tests)/s.Elapsed.Seconds())
	s.writeTables(w)
	return w.Flush()
}

// WriteText renders the scored suite as mutprop scenario bst --config
// mutants prints it: a heading, the kills by origin and by kind of
// property, each property's kill rate, the redundant and subsumed
// properties, a minimal killing set and the survivors.
func (st *MutantStudy) WriteText(out io.Writer) error {
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "The %d properties scored with %d mutants, generator %s, %d tests per (mutant, property), seed %d (%d cells in %s)\n\n",
		len(st.Properties), len(st.Mutants), st.Generator, st.Tests, st.Seed, st.Measured, st.Elapsed.Round(time.Second))
	st.writeTables(w)
	return w.Flush()
}

func (s *Study) writeTables(w io.Writer) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "Per generator: total cost = sum of mean tests-to-failure over failing (bug, property) pairs")
	fmt.Fprintln(tw, "generator\ttotal\tpaper\tgap\tworst\tpaper\tgap\tfailing pairs\tpaper\tkey presence %\tpaper\tworst pair")
	for _, g := range s.Generators {
		p := s.Paper.Fig13[g.Generator]
		pairs := "-"
		if p.FailingPairs > 0 {
			pairs = fmt.Sprint(p.FailingPairs)
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%.1f\t%s\t%s\t%d\t%s\t%.1f\t%s\t%s\n", g.Generator,
			g.Total, dash(p.Total, "%.0f"), gap(g.Total, p.Total),
			g.Worst, dash(p.Worst, "%.0f"), gap(g.Worst, p.Worst),
			g.FailingPairs, pairs, g.KeyPresence, dash(p.KeyPresence, "%.1f"), g.WorstCell)
	}
	tw.Flush()

	bugs := slices.Sorted(maps.Keys(s.FailingByBug))
	fmt.Fprintln(w, "\nFailing properties per bug")
	header := "bug"
	for _, g := range s.Generators {
		header += "\t" + g.Generator
	}
	if s.Fig8 != nil {
		header += "\tof them rows of Fig. 8\tone 100-test run (expected)\tpaper (Fig. 8)\tgap (rows)"
	}
	fmt.Fprintln(tw, header)
	for _, b := range bugs {
		line := strings.TrimPrefix(b, "named:")
		for _, g := range s.Generators {
			line += fmt.Sprintf("\t%d", len(s.FailingByBug[b][g.Generator]))
		}
		if s.Fig8 != nil && len(s.Generators) > 0 {
			f, p := s.Fig8[s.Generators[0].Generator][b], s.Paper.Fig8[b]
			line += fmt.Sprintf("\t%d\t%.1f\t%d\t%s", f.Rows, f.Rows100, p, gap(float64(f.Rows), float64(p)))
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	if s.Paper.Tasks != nil {
		s.writeEtnaTasks(w)
	}

	if s.Fig8 != nil {
		fmt.Fprintln(w, "The rows of Fig. 8 leave out ShrinkValid, Equivs, ShrinkEquivs, SizeInsert, UnionInsert and UnionDeleteDelete")
		fmt.Fprintln(w, "(scenarios/bst/sets.go); the 100-test column sums each failing row's share of trials that fail within 100 tests.")
	}
	if s.Paper.Fig9 != nil {
		fmt.Fprintln(w, "\nMean tests-to-failure by property kind, bugs 1 and 3-8, rows of Fig. 8, no weak properties (How to Specify It! Fig. 9)")
		fmt.Fprintln(tw, "generator\tkind\tpairs\tmin\tpaper\tmax\tpaper\tmean\tpaper\tgap (mean)")
		for _, g := range s.Generators {
			ks := s.KindStats[g.Generator]
			kinds := make([]string, 0, len(ks))
			for k := range ks {
				kinds = append(kinds, string(k))
			}
			sort.Strings(kinds)
			for _, k := range kinds {
				m, p := ks[Kind(k)], s.Paper.Fig9[Kind(k)]
				fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f\t%s\t%.1f\t%s\t%.1f\t%s\t%s\n", g.Generator, k, m.N,
					m.Min, dash(p.Min, "%.1f"), m.Max, dash(p.Max, "%.0f"), m.Mean, dash(p.Mean, "%.1f"), gap(m.Mean, p.Mean))
			}
		}
		tw.Flush()
		for _, g := range s.Generators {
			if m, ok := s.Fig9Note[g.Generator]; ok {
				fmt.Fprintf(w, "  %s: postconditions without InsertDeleteComplete; with it: %d pairs, min %.1f, max %.1f, mean %.1f\n", g.Generator, m.N, m.Min, m.Max, m.Mean)
			}
		}
	}

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
	fmt.Fprintln(w, "\nTree sizes per generator (QuickCheck sizes 0..99)")
	for _, g := range s.Generators {
		n, total, maxSize, maxDepth := 0, 0, len(g.Sizes)-1, len(g.Depths)-1
		for sz, c := range g.Sizes {
			n += c
			total += sz * c
		}
		if n > 0 {
			fmt.Fprintf(w, "  %s: mean size %.1f, max size %d, max depth %d, empty %.1f%%\n", g.Generator, float64(total)/float64(n), maxSize, maxDepth, 100*float64(g.Sizes[0])/float64(n))
		}
	}
	if s.Experiment == "fig13" {
		fmt.Fprintln(w, "\nholey57 drops UnionInsert, FindInsert and FindDelete by inference (see scenarios/bst/sets.go).")
	}
	if len(s.PresenceReadings) > 0 {
		fmt.Fprintln(w, "\nKey presence of the two readings of the classic generators (the leaf condition decides it)")
		fmt.Fprintln(tw, "generator\treading\tkey presence %\tpaper")
		for _, r := range s.PresenceReadings {
			fmt.Fprintf(tw, "%s\t%s\t%.1f\t%s\n", r.Generator, r.Reading, r.Presence, dash(r.Paper, "%.1f"))
		}
		tw.Flush()
	}
	if x := s.Explanation; x != nil {
		s.writeExplanation(w, x)
	}
}

// writeEtnaTasks compares the failing (bug, property) pairs with Etna's
// task list: tasks solved, tasks missed, and failing pairs that are not
// tasks.
func (s *Study) writeEtnaTasks(w io.Writer) {
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

// writeExplanation prints the readings table: per generator, total cost
// / failing pairs [fewest-most failing properties per bug] under each
// reading, next to the paper's figures.
func (s *Study) writeExplanation(w io.Writer, x *Explanation) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "\nExplaining the gaps: total / failing pairs [fewest-most per bug] worst, gap of the total, under each reading")
	for _, rd := range readings {
		fmt.Fprintf(w, "  %-16s %s\n", rd.Name, rd.Doc)
	}
	fmt.Fprintln(tw, "reading\t"+strings.Join(x.Generators, "\t"))
	line := "paper"
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
		line += "\t" + cell
	}
	fmt.Fprintln(tw, line)
	for _, rd := range readings {
		line := rd.Name
		for _, g := range x.Generators {
			t := x.Readings[g][rd.Name]
			line += fmt.Sprintf("\t%.0f / %d [%d-%d] w%.0f", t.Total, t.Pairs, t.MinPerBug, t.MaxPerBug, t.Worst)
			if p := s.Paper.Fig13[g].Total; p > 0 {
				line += " " + gap(t.Total, p)
			}
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nWhat each of holey57's last five drops would add: pairs / cost (bugs)")
	fmt.Fprintln(tw, "property\t"+strings.Join(x.Generators, "\t"))
	for i := 0; i < len(x.Drops); i += len(x.Generators) {
		line := x.Drops[i].Property
		for _, d := range x.Drops[i : i+len(x.Generators)] {
			line += fmt.Sprintf("\t%d / %.0f (%s)", d.Pairs, d.Cost, strings.Join(d.Bugs, ","))
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

func (st *MutantStudy) writeTables(w io.Writer) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "Mutants killed, by origin")
	fmt.Fprintln(tw, "origin\tkilled\tof\tscore %")
	for _, g := range st.Origins {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\n", g.Name, g.Killed, g.Of, g.Rate)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nKill rate per kind of property (union: mutants some property of the kind kills)")
	fmt.Fprintln(tw, "kind\tproperties\tkilled (union)\tunion %\tmean per property %")
	for _, g := range st.Kinds {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.1f\n", g.Name, g.Members, g.Killed, g.Rate, g.MeanRate)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nKill rate per property (only: mutants no other property kills)")
	ps := append([]PropertyScore(nil), st.Properties...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Kills > ps[j].Kills })
	fmt.Fprintln(tw, "property\tkind\tkills\tonly\tkill rate %")
	for _, p := range ps {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.1f\n", p.Property, p.Kind, p.Kills, p.Only, p.Rate)
	}
	tw.Flush()
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
