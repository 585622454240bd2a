package tcas

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/report"
)

// WriteText renders the report as text: the headings, then per
// experiment its tables (report.Table) with their explanations.
func (r *Report) WriteText(w io.Writer) error {
	u := r.Universe
	fmt.Fprintf(w, "TCAS: %d faulty versions (v%d not portable: kept, excluded from scores); seed %d; %d uniform samples per domain\n",
		len(r.Versions), notPortableVersion, r.Seed, r.Samples)
	fmt.Fprintf(w, "universe: %d lines, %d well-formed (%d skipped: usage-error path), %d with Alt_Layer_Value outside 0..3 skipped, %d tests\n\n",
		u.Lines, u.WellFormed, u.Lines-u.WellFormed, u.BadLayer, u.Tests)
	for _, write := range []func(io.Writer) error{
		r.writeProperties,
		r.writeEquivalence,
		r.writeSuites,
		r.writeTables45,
		r.writeKillTable,
		r.writeMTTF,
		r.writeCurves,
		r.writeGeneric,
	} {
		if err := write(w); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "\nevaluation %.1fs, total %.1fs, max RSS %s (largest worker %s)\n", r.EvalSeconds, r.TotalSeconds, bytesString(float64(r.MaxRSS)), bytesString(float64(r.ChildMaxRSS)))
	return err
}

// writeProperties prints the safety properties and whether they hold on
// the original.
func (r *Report) writeProperties(w io.Writer) error {
	fmt.Fprintln(w, "Safety properties on the original (NIST grid + uniform samples)")
	props := report.Table{
		Header: []string{"property", "holds", "checked", "counterexample (argv order) -> output", "definition"},
		Align:  []report.Align{report.AlignLeft, report.AlignLeft, report.AlignRight},
	}
	for _, h := range r.Properties {
		ce := "-"
		if !h.Holds {
			ce = fmt.Sprintf("%v -> %d (%s)", h.Counterexample, h.Output, h.Where)
		}
		props.Rows = append(props.Rows, []string{h.Name, fmt.Sprint(h.Holds), fmt.Sprint(h.Checked), ce, h.Doc})
	}
	return writeTable(w, props)
}

// writeEquivalence prints the equivalent versions per domain and the
// distinct faults over every set.
func (r *Report) writeEquivalence(w io.Writer) error {
	fmt.Fprintln(w, "\nEquivalent versions per domain (no input of the set separates them)")
	equiv := report.Table{
		Header: []string{"domain", "inputs", "exhaustive", "classes", "distinct faults"},
		Align:  []report.Align{report.AlignLeft, report.AlignRight, report.AlignLeft, report.AlignLeft, report.AlignRight},
	}
	for _, e := range r.Equivalence {
		var cs []string
		for _, c := range e.Classes {
			cs = append(cs, "{"+strings.Join(c.Members, " ")+"}")
		}
		equiv.Rows = append(equiv.Rows, []string{e.Domain, fmt.Sprint(e.Inputs), fmt.Sprint(e.Exhaustive), strings.Join(cs, " "), fmt.Sprint(e.Distinct)})
	}
	if err := writeTable(w, equiv); err != nil {
		return err
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
	fmt.Fprintf(w, "all sets together: %d distinct faults (41 - v%d - versions equivalent to the original or to a lower one); merged: %s\n\n",
		len(r.Faults), notPortableVersion, strings.Join(fs, " "))
	return nil
}

// writeSuites prints the table of the suites (main fills only).
func (r *Report) writeSuites(w io.Writer) error {
	fmt.Fprint(w, "Suites (gate: rows on which the original's decision logic runs; faults: distinct faults found; versions: scored versions killed;\n")
	fmt.Fprint(w, "of 38: killed among the seed's 38 (v27, v39, v38 left out); random: what the first `rows` uniform random tests of the domain find (faults, of 38);\n")
	fmt.Fprint(w, "paper: seed 000 runtime / bugs of 38; gap: of-38 minus the paper's bugs)\n")
	suites := report.Table{
		Header: []string{"experiment", "domain", "method", "t", "oracle", "rows", "gate", "gen s", "test s", "peak heap", "faults", "versions", "of 38", "random", "paper", "gap"},
		Align: []report.Align{report.AlignLeft, report.AlignLeft, report.AlignLeft, report.AlignRight, report.AlignLeft,
			report.AlignRight, report.AlignRight, report.AlignRight, report.AlignRight, report.AlignRight,
			report.AlignRight, report.AlignRight, report.AlignRight, report.AlignRight, report.AlignLeft, report.AlignRight},
	}
	for _, row := range r.Rows {
		if !isMain(row.Fill) {
			continue // in the side-by-side table
		}
		suites.Rows = append(suites.Rows, row.suiteCells())
	}
	return writeTable(w, suites)
}

// suiteCells is the row's line in the table of the suites.
func (row Row) suiteCells() []string {
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
		return []string{row.Experiment, row.Domain, row.Method, t, row.Oracle, "-", "-", fmt.Sprintf("%.2f", row.GenSeconds), "-", "-", row.shortSkip(), "", "", "", paper, "-"}
	}
	heap := "-"
	if row.PeakHeap > 0 {
		heap = bytesString(float64(row.PeakHeap))
	}
	random := "-"
	if (row.Experiment == methodCovering || row.Experiment == methodRadix) && row.RandomSeed38 >= 0 {
		random = fmt.Sprintf("%d, %d", row.RandomFaults, row.RandomSeed38)
	}
	return []string{row.Experiment, row.Domain, row.Method, t, row.Oracle, fmt.Sprint(row.Rows), fmt.Sprint(row.GateOpen),
		fmt.Sprintf("%.3f", row.GenSeconds), fmt.Sprintf("%.3f", row.TestSeconds), heap, fmt.Sprintf("%d/%d", row.FaultsFound, row.FaultsTotal),
		fmt.Sprintf("%d/%d", row.VersionsKilled, row.VersionsScored), fmt.Sprintf("%d/38", row.Seed38Killed), random, paper, gap}
}

// writeCurves prints the faults found by the first n uniform random
// tests, when the random experiment ran.
func (r *Report) writeCurves(w io.Writer) error {
	if len(r.Curves) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\nFaults found by the first n uniform random tests (one sequence per domain)")
	curves := report.Table{Header: append([]string{"domain", "oracle"}, curveHeader(r.Curves[0])...), Style: report.StylePlain}
	for _, c := range r.Curves {
		row := []string{c.Domain, c.Oracle}
		for _, pt := range c.Points {
			row = append(row, fmt.Sprint(pt.Faults))
		}
		curves.Rows = append(curves.Rows, row)
	}
	curves.Align = []report.Align{report.AlignLeft, report.AlignLeft}
	for range curves.Header[2:] {
		curves.Align = append(curves.Align, report.AlignRight)
	}
	return writeTable(w, curves)
}

// writeGeneric prints the generic experiment, when it ran.
func (r *Report) writeGeneric(w io.Writer) error {
	g := r.Generic
	if g == nil {
		return nil
	}
	fmt.Fprintf(w, "\nGeneric mutants: %d operator mutants (mutate); %d black-box mutants with every output perturbed within 0..2 (blackbox),\nand %d per suite with the output perturbed at one input of the suite (blackbox-1pt: the differential oracle kills them all, the properties show their strength)\n", g.Operators, g.Blackbox, g.Blackbox)
	gen := report.Table{
		Header: []string{"origin", "suite", "oracle", "killed", "separable", "not separated by any input", "crashed"},
		Align:  []report.Align{report.AlignLeft, report.AlignLeft, report.AlignLeft, report.AlignRight, report.AlignRight, report.AlignRight, report.AlignRight},
	}
	for _, row := range g.Rows {
		gen.Rows = append(gen.Rows, []string{row.Origin, row.Suite, row.Oracle, fmt.Sprint(row.Killed), fmt.Sprint(row.Total), fmt.Sprint(row.Equivalent), fmt.Sprint(row.Crashed)})
	}
	if err := writeTable(w, gen); err != nil {
		return err
	}
	if len(g.Survivors) > 0 {
		fmt.Fprintf(w, "operator mutants separable but not killed by the universe: %d\n", len(g.Survivors))
		for _, s := range g.Survivors {
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
	return nil
}

// writeTable renders t as a text table.
func writeTable(w io.Writer, t report.Table) error {
	if err := report.Write(w, report.FormatText, t); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// curveHeader is the curve's column headings: n=<tests> per point.
func curveHeader(c Curve) []string {
	var xs []string
	for _, pt := range c.Points {
		xs = append(xs, fmt.Sprintf("n=%d", pt.Tests))
	}
	return xs
}

// writeKillTable prints, per version, the tests to first failure of every
// suite (- survived, x not scored) as a plain matrix with the figures
// right-aligned, then the legend of its columns.
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
	kt := report.Table{Header: []string{"v", "class"}, Align: []report.Align{report.AlignLeft, report.AlignRight}, Style: report.StylePlain}
	for k := range cols {
		kt.Header = append(kt.Header, fmt.Sprint(k+1))
		kt.Align = append(kt.Align, report.AlignRight)
	}
	for _, v := range r.Versions {
		class := fmt.Sprint(v.Class)
		if v.NotPortable {
			class = "n/p"
		}
		row := []string{fmt.Sprintf("v%d", v.Number), class}
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
			row = append(row, s)
		}
		kt.Rows = append(kt.Rows, row)
	}
	if err := writeTable(w, kt); err != nil {
		return err
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
	fmt.Fprintln(w, "\nRandom generation, differential oracle: mean tests-to-failure [95% CI] (n failing trials; - survived 10,000 tests)")
	mt := report.Table{Header: append([]string{"v"}, doms...)}
	var vs []int
	for _, v := range r.Versions {
		if !v.NotPortable {
			vs = append(vs, v.Number)
		}
	}
	for _, v := range vs {
		row := []string{fmt.Sprintf("v%d", v)}
		for _, d := range doms {
			m, ok := cell[fmt.Sprintf("%d/%s/%s", v, differentialName, d)]
			switch {
			case !ok:
				row = append(row, "")
			case !m.Fails:
				row = append(row, "-")
			default:
				row = append(row, fmt.Sprintf("%.1f [%.1f, %.1f] (n=%d)", m.Summary.Mean, m.Summary.CILow, m.Summary.CIHigh, m.Summary.N))
			}
		}
		mt.Rows = append(mt.Rows, row)
	}
	if err := writeTable(w, mt); err != nil {
		return err
	}
	var names []string
	for p := range props {
		names = append(names, p)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "\nversions killed within 10,000 random tests, per property")
	pt := report.Table{Header: append([]string{"property"}, doms...), Align: []report.Align{report.AlignLeft}}
	for range doms {
		pt.Align = append(pt.Align, report.AlignRight)
	}
	for _, p := range names {
		row := []string{p}
		for _, d := range doms {
			row = append(row, fmt.Sprintf("%d/%d", props[p][d], len(vs)))
		}
		pt.Rows = append(pt.Rows, row)
	}
	return writeTable(w, pt)
}

// shortSkip is Skipped in a table cell: the projection of an infeasible
// array, or the reason.
func (row Row) shortSkip() string {
	if row.LowerBound > 0 && strings.HasPrefix(row.Skipped, "infeasible") {
		return fmt.Sprintf("not built: >= %s rows, coverage map %s", groupDigits(row.LowerBound), bytesString(row.CoverageBytes))
	}
	return row.Skipped
}
