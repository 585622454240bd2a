package tcas

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// WriteText renders the report as plain tables.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	p := func(format string, a ...any) { fmt.Fprintf(tw, format, a...) }
	u := r.Universe
	p("TCAS: %d faulty versions (v%d not portable: kept, excluded from scores); seed %d; %d uniform samples per domain\n",
		len(r.Versions), notPortableVersion, r.Seed, r.Samples)
	p("universe: %d lines, %d well-formed (%d skipped: usage-error path), %d with Alt_Layer_Value outside 0..3 skipped, %d tests\n\n",
		u.Lines, u.WellFormed, u.Lines-u.WellFormed, u.BadLayer, u.Tests)

	p("Safety properties on the original (NIST grid + uniform samples)\nproperty\tholds\tchecked\tcounterexample (argv order) -> output\tdefinition\n")
	for _, h := range r.Properties {
		ce := "-"
		if !h.Holds {
			ce = fmt.Sprintf("%v -> %d (%s)", h.Counterexample, h.Output, h.Where)
		}
		p("%s\t%v\t%d\t%s\t%s\n", h.Name, h.Holds, h.Checked, ce, h.Doc)
	}
	p("\nEquivalent versions per domain (no input of the set separates them)\ndomain\tinputs\texhaustive\tclasses\tdistinct faults\n")
	for _, e := range r.Equivalence {
		var cs []string
		for _, c := range e.Classes {
			cs = append(cs, "{"+strings.Join(c.Members, " ")+"}")
		}
		p("%s\t%d\t%v\t%s\t%d\n", e.Domain, e.Inputs, e.Exhaustive, strings.Join(cs, " "), e.Distinct)
	}
	var fs []string
	for _, f := range r.Faults {
		var ms []string
		for _, v := range f {
			ms = append(ms, fmt.Sprintf("v%d", v))
		}
		if len(ms) > 1 {
			fs = append(fs, "{"+strings.Join(ms, " ")+"}")
		}
	}
	p("all sets together: %d distinct faults (41 - v%d - versions equivalent to the original or to a lower one); merged: %s\n\n",
		len(r.Faults), notPortableVersion, strings.Join(fs, " "))

	p("Suites (gate: rows on which the original's decision logic runs; faults: distinct faults found; versions: scored versions killed;\n")
	p("of 38: killed among the seed's 38 (v27, v39, v38 left out); random: what the first `rows` uniform random tests of the domain find (faults, of 38);\n")
	p("paper: seed 000 runtime / bugs of 38; gap: of-38 minus the paper's bugs)\n")
	p("experiment\tdomain\tmethod\tt\toracle\trows\tgate\tgen s\ttest s\tpeak heap\tfaults\tversions\tof 38\trandom\tpaper\tgap\n")
	for _, row := range r.Rows {
		if !isMain(row.Fill) {
			continue // in the side-by-side table
		}
		t := "-"
		if row.T > 0 {
			t = fmt.Sprint(row.T)
		}
		paper, gap := "-", "-"
		if row.Paper != nil {
			paper = row.Paper.Text
			if row.Paper.Bugs > 0 && row.Skipped == "" {
				gap = fmt.Sprintf("%+d", row.Seed38Killed-row.Paper.Bugs)
			}
		}
		if row.Skipped != "" {
			p("%s\t%s\t%s\t%s\t%s\t-\t-\t%.2f\t-\t-\t%s\t\t\t\t%s\t-\n", row.Experiment, row.Domain, row.Method, t, row.Oracle, row.GenSeconds, row.shortSkip(), paper)
			continue
		}
		heap := "-"
		if row.PeakHeap > 0 {
			heap = bytesString(float64(row.PeakHeap))
		}
		random := "-"
		if (row.Experiment == methodCovering || row.Experiment == methodRadix) && row.RandomSeed38 >= 0 {
			random = fmt.Sprintf("%d, %d", row.RandomFaults, row.RandomSeed38)
		}
		p("%s\t%s\t%s\t%s\t%s\t%d\t%d\t%.3f\t%.3f\t%s\t%d/%d\t%d/%d\t%d/38\t%s\t%s\t%s\n", row.Experiment, row.Domain, row.Method, t, row.Oracle, row.Rows, row.GateOpen,
			row.GenSeconds, row.TestSeconds, heap, row.FaultsFound, row.FaultsTotal, row.VersionsKilled, row.VersionsScored, row.Seed38Killed, random, paper, gap)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	if err := r.writeTables45(w); err != nil {
		return err
	}
	if err := r.writeKillTable(w); err != nil {
		return err
	}
	if err := r.writeMTTF(w); err != nil {
		return err
	}
	if len(r.Curves) > 0 {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "\nFaults found by the first n uniform random tests (one sequence per domain)\ndomain\toracle\t%s\n", curveHeader(r.Curves[0]))
		for _, c := range r.Curves {
			var xs []string
			for _, pt := range c.Points {
				xs = append(xs, fmt.Sprint(pt.Faults))
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Domain, c.Oracle, strings.Join(xs, "\t"))
		}
		if err := tw.Flush(); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	if g := r.Generic; g != nil {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "\nGeneric mutants: %d operator mutants (mutate); %d black-box mutants with every output perturbed within 0..2 (blackbox),\nand %d per suite with the output perturbed at one input of the suite (blackbox-1pt: the differential oracle kills them all, the properties show their strength)\norigin\tsuite\toracle\tkilled\tseparable\tnot separated by any input\tcrashed\n", g.Operators, g.Blackbox, g.Blackbox)
		for _, row := range g.Rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\n", row.Origin, row.Suite, row.Oracle, row.Killed, row.Total, row.Equivalent, row.Crashed)
		}
		if err := tw.Flush(); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
		if len(g.Survivors) > 0 {
			fmt.Fprintf(w, "operator mutants separable but not killed by the universe: %d\n", len(g.Survivors))
			for _, s := range g.Survivors {
				fmt.Fprintf(w, "  %s\n", s)
			}
		}
	}
	_, err := fmt.Fprintf(w, "\nevaluation %.1fs, total %.1fs, max RSS %s (largest worker %s)\n", r.EvalSeconds, r.TotalSeconds, bytesString(float64(r.MaxRSS)), bytesString(float64(r.ChildMaxRSS)))
	return err
}

func curveHeader(c Curve) string {
	var xs []string
	for _, pt := range c.Points {
		xs = append(xs, fmt.Sprintf("n=%d", pt.Tests))
	}
	return strings.Join(xs, "\t")
}

// writeKillTable prints, per version, the tests to first failure of every
// suite (- = survived).
func (r *Report) writeKillTable(w io.Writer) error {
	var cols []int
	for i, row := range r.Rows {
		if row.Skipped == "" && isMain(row.Fill) {
			cols = append(cols, i)
		}
	}
	if len(cols) == 0 {
		return nil
	}
	if _, err := fmt.Fprintln(w, "\nPer-version tests to first failure (- survived, x not scored; columns: the suites above, in order)"); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "v\tclass\t")
	for k := range cols {
		fmt.Fprintf(tw, "%d\t", k+1)
	}
	fmt.Fprintln(tw)
	for _, v := range r.Versions {
		class := fmt.Sprint(v.Class)
		if v.NotPortable {
			class = "n/p"
		}
		fmt.Fprintf(tw, "v%d\t%s\t", v.Number, class)
		for _, c := range cols {
			s := "x"
			for _, f := range r.Rows[c].Faults {
				if f.Version == v.Number {
					s = "-"
					if f.Killed {
						s = fmt.Sprint(f.TestsToFailure)
					}
				}
			}
			fmt.Fprintf(tw, "%s\t", s)
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	var legend []string
	for k, c := range cols {
		row := r.Rows[c]
		name := row.Experiment + "/" + row.Domain + "/" + row.Method
		if row.T > 0 {
			name += fmt.Sprintf("/t=%d", row.T)
		}
		legend = append(legend, fmt.Sprintf("%d=%s/%s", k+1, name, row.Oracle))
	}
	_, err := fmt.Fprintf(w, "columns: %s\n", strings.Join(legend, " "))
	return err
}

// writeMTTF prints mean tests-to-failure with 95% CI per version and
// domain for the differential oracle, and kills per property.
func (r *Report) writeMTTF(w io.Writer) error {
	if len(r.MTTF) == 0 {
		return nil
	}
	doms := []string{}
	seen := map[string]bool{}
	props := map[string]map[string]int{}
	cell := map[string]MTTF{}
	for _, m := range r.MTTF {
		if !seen[m.Domain] {
			seen[m.Domain] = true
			doms = append(doms, m.Domain)
		}
		if props[m.Property] == nil {
			props[m.Property] = map[string]int{}
		}
		if m.Fails {
			props[m.Property][m.Domain]++
		}
		cell[fmt.Sprintf("%d/%s/%s", m.Version, m.Property, m.Domain)] = m
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "\nRandom generation, differential oracle: mean tests-to-failure [95%% CI] (n failing trials; - survived 10,000 tests)\nv\t%s\n", strings.Join(doms, "\t"))
	var vs []int
	for _, v := range r.Versions {
		if !v.NotPortable {
			vs = append(vs, v.Number)
		}
	}
	for _, v := range vs {
		fmt.Fprintf(tw, "v%d", v)
		for _, d := range doms {
			m, ok := cell[fmt.Sprintf("%d/%s/%s", v, differentialName, d)]
			switch {
			case !ok:
				fmt.Fprint(tw, "\t")
			case !m.Fails:
				fmt.Fprint(tw, "\t-")
			default:
				fmt.Fprintf(tw, "\t%.1f [%.1f, %.1f] (n=%d)", m.Summary.Mean, m.Summary.CILow, m.Summary.CIHigh, m.Summary.N)
			}
		}
		fmt.Fprintln(tw)
	}
	var names []string
	for p := range props {
		names = append(names, p)
	}
	sort.Strings(names)
	fmt.Fprintf(tw, "\nversions killed within 10,000 random tests, per property\nproperty\t%s\n", strings.Join(doms, "\t"))
	for _, p := range names {
		fmt.Fprint(tw, p)
		for _, d := range doms {
			fmt.Fprintf(tw, "\t%d/%d", props[p][d], len(vs))
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// shortSkip is Skipped in a table cell: the projection of an infeasible
// array, or the reason.
func (row Row) shortSkip() string {
	if row.LowerBound > 0 && strings.HasPrefix(row.Skipped, "infeasible") {
		return fmt.Sprintf("not built: >= %s rows, coverage map %s", groupDigits(row.LowerBound), bytesString(row.CoverageBytes))
	}
	return row.Skipped
}
