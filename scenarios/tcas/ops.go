package tcas

import (
	"fmt"
	"strings"

	mutated "github.com/mutprop/mutprop/scenarios/tcas/internal/mutated"
	operators "github.com/mutprop/mutprop/scenarios/tcas/internal/operators"
)

// This file is the one place the harness touches the subject's code: the
// schematized copies of ./subject, whose active mutant is fixed per process
// by MUTPROP_ACTIVE. internal/mutated holds the 41 named versions only;
// internal/operators holds them and every operator mutant (the generic
// mutants), numbered independently. Everything else calls these wrappers.

// input is one TCAS test: the twelve inputs in argv order.
type input = mutated.Input

// decide runs the active version of TCAS on in.
func decide(in input) int { return mutated.Decide(in) }

// decideOperators runs the active mutant of the operator copy on in.
func decideOperators(in input) int { return operators.Decide(operators.Input(in)) }

// operatorMutant is one operator mutant of the subject.
type operatorMutant struct {
	ID, Operator, Description, File string
	Line, Schema                    int
}

// operatorMutants lists the operator mutants of the operator copy.
func operatorMutants() []operatorMutant {
	var out []operatorMutant
	for _, m := range operators.Mutants {
		if m.Origin == "operator" && m.Schema > 0 {
			out = append(out, operatorMutant{ID: m.ID, Operator: m.Operator, Description: m.Description, File: m.File, Line: m.Line, Schema: m.Schema})
		}
	}
	return out
}

// version is one faulty version of TCAS as compiled into the schematized
// copy.
type version struct {
	Number      int    // 1..41
	ID          string // mutant ID, "named:v<Number>"
	Description string
	Category    string
	Schema      int  // MUTPROP_ACTIVE value that runs it
	NotPortable bool // v38: kept, excluded from every score
}

// versions lists the 41 faulty versions in number order.
func versions() ([]version, error) {
	cat := make(map[int]string, len(categories))
	for _, v := range categories {
		cat[v.Number] = v.Category
	}
	byNum := make(map[int]version, len(mutated.Mutants))
	for _, m := range mutated.Mutants {
		var n int
		if _, err := fmt.Sscanf(strings.TrimPrefix(m.ID, "named:v"), "%d", &n); err != nil || !strings.HasPrefix(m.ID, "named:v") {
			return nil, fmt.Errorf("schematized copy: unexpected mutant %q", m.ID)
		}
		if m.Schema == 0 {
			return nil, fmt.Errorf("schematized copy: %s has no schema (not compiled into the copy)", m.ID)
		}
		byNum[n] = version{Number: n, ID: m.ID, Description: m.Description, Category: cat[n], Schema: m.Schema, NotPortable: n == notPortableVersion}
	}
	out := make([]version, 0, len(categories))
	for _, v := range categories {
		ver, ok := byNum[v.Number]
		if !ok {
			return nil, fmt.Errorf("schematized copy: v%d missing (run go generate ./scenarios/tcas/subject)", v.Number)
		}
		out = append(out, ver)
	}
	return out, nil
}
