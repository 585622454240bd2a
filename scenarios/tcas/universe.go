package tcas

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

// universeText is SIR's universe test plan for TCAS: one test a line, the
// twelve inputs in argv order.
//
//go:embed testdata/universe.txt
var universeText string

// universe is the parsed universe test plan.
type universe struct {
	Lines int // lines in the plan
	// WellFormed counts the lines with twelve integers; the others exercise
	// the C program's usage-error path (fewer than 12 arguments) and are
	// skipped.
	WellFormed int
	// BadLayer counts well-formed lines whose Alt_Layer_Value is outside
	// 0..3: an out-of-bounds read in C, undefined behaviour; skipped.
	BadLayer int
	// Tests are the remaining tests, in file order.
	Tests []input
	// Line is the 1-based line number of each test.
	Line []int
}

// parseUniverse parses a universe test plan.
func parseUniverse(text string) (*universe, error) {
	u := &universe{}
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		u.Lines++
		f := strings.Fields(line)
		if len(f) != 12 {
			continue
		}
		var v [12]int
		for j, s := range f {
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("universe line %d field %d: %w", i+1, j+1, err)
			}
			v[j] = n
		}
		u.WellFormed++
		if v[6] < 0 || v[6] > 3 {
			u.BadLayer++
			continue
		}
		u.Tests = append(u.Tests, fromValues(v[:]))
		u.Line = append(u.Line, i+1)
	}
	return u, nil
}

// loadUniverse parses the embedded universe test plan.
func loadUniverse() (*universe, error) { return parseUniverse(universeText) }
