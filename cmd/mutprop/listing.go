package main

import (
	"fmt"
	"io"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/report"
)

// writeListings writes each listing as mutprop mutants prints it: a plain
// table (ID, location, operator or origin, description: a header line,
// then one line per mutant, columns two spaces apart) followed by the line
// "path: stats", then, with black-box mutants, a line counting them and
// one line per function they cannot wrap, with the reason. Package report
// draws it; mutate only enumerates.
func writeListings(w io.Writer, ls []mutate.Listing) error {
	for _, p := range ls {
		t := report.Table{
			Header: []string{"ID", "LOCATION", "OPERATOR", "DESCRIPTION"},
			Notes:  []string{fmt.Sprintf("%s: %s", p.Path, p.Stats)},
			Style:  report.StylePlain,
		}
		black, funcs := 0, map[string]bool{}
		for _, m := range p.Mutants {
			if m.Origin == mutate.OriginBlackbox {
				black++
				funcs[m.Original] = true
			}
		}
		if black > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("%s: %d black-box mutants of %d functions", p.Path, black, len(funcs)))
		}
		for _, r := range p.Refused {
			t.Notes = append(t.Notes, fmt.Sprintf("%s: %s (%s:%d) cannot be wrapped: %s", p.Path, r.Name, r.File, r.Line, r.Reason))
		}
		for _, m := range p.Mutants {
			op := m.Operator
			if op == "" {
				op = m.Origin
			}
			t.Rows = append(t.Rows, []string{m.ID, m.Location(), op, m.Description})
		}
		if err := report.Write(w, report.FormatText, t); err != nil {
			return err
		}
	}
	return nil
}
