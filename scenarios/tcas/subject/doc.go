// Package subject is TCAS, the Traffic Collision Avoidance System program of
// the Siemens suite (SIR's tcas.c), ported to Go, with its 41 faulty versions
// as named variants (//mutprop:variant). The harness never imports this
// package directly: it imports the schematized copy in ../internal/mutated,
// regenerated with go generate, where MUTPROP_ACTIVE selects the version.
//
// Files (each part of tcas.c next to the faulty versions that change it, since
// a variant lives in its target's file):
//   - input.go: Input, the outputs and enumerations, Decide.
//   - constants.go: OLEV, MAXALTDIFF, MINSEP, NOZCROSS, DOWNWARD_RA, the
//     threshold table and ALIM, each a small function; v7, v8, v13-v19,
//     v33, v36-v38 (v38 is not portable: modelled as the original).
//   - climb.go: Inhibit_Biased_Climb, Non_Crossing_Biased_Climb; v1, v2, v4,
//     v20-v22, v28-v31, v35, v40, v41.
//   - descend.go: Non_Crossing_Biased_Descend; v9, v23-v25, v32, v39.
//   - threat.go: Own_Below_Threat, Own_Above_Threat; v6, v10, v11.
//   - altsep.go: alt_sep_test split into enabled, tcasEquipped,
//     intentNotKnown, gate, needUpwardRA, needDownwardRA and resolve; v3, v5,
//     v11, v12, v15, v26, v27, v31, v32, v34, v40.
package subject

//go:generate go test -run TestTheSchematizedCopiesAreUpToDate -update
