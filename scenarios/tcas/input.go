package tcas

import (
	"fmt"
	"math/rand/v2"
)

// The outputs of TCAS.
const (
	unresolved = 0
	upward     = 1
	downward   = 2
)

// thresh is the threshold table of the original program.
var thresh = [4]int{400, 500, 640, 740}

// reference is the closed form of the original program (case notes §1):
// with upPref = InhibitBiasedClimb > Down and gate = enabled ∧
// (¬tcasEquipped ∨ intentUnknown), the output is UPWARD when gate ∧ upPref ∧
// Own < Other ∧ Down < ALIM, DOWNWARD when gate ∧ ¬upPref ∧ Own > Other ∧ Up ≥
// ALIM, and UNRESOLVED otherwise. It is the oracle of the differential
// property inside worker processes, where the original is not compiled in.
func reference(in input) int {
	alimV := thresh[in.AltLayerValue]
	enabled := in.HighConfidence != 0 && in.OwnTrackedAltRate <= 600 && in.CurVerticalSep > 600
	equipped := in.OtherCapability == 1
	intentUnknown := in.TwoOfThreeReportsValid != 0 && in.OtherRAC == 0
	if !enabled || (equipped && !intentUnknown) {
		return unresolved
	}
	inhibit := in.UpSeparation
	if in.ClimbInhibit != 0 {
		inhibit += 100
	}
	upPref := inhibit > in.DownSeparation
	switch {
	case upPref && in.OwnTrackedAlt < in.OtherTrackedAlt && in.DownSeparation < alimV:
		return upward
	case !upPref && in.OwnTrackedAlt > in.OtherTrackedAlt && in.UpSeparation >= alimV:
		return downward
	}
	return unresolved
}

// fields returns pointers to the twelve inputs of in, in argv order.
func fields(in *input) [12]*int {
	return [12]*int{
		&in.CurVerticalSep, &in.HighConfidence, &in.TwoOfThreeReportsValid,
		&in.OwnTrackedAlt, &in.OwnTrackedAltRate, &in.OtherTrackedAlt,
		&in.AltLayerValue, &in.UpSeparation, &in.DownSeparation,
		&in.OtherRAC, &in.OtherCapability, &in.ClimbInhibit,
	}
}

// paramNames are the twelve inputs in argv order.
var paramNames = [12]string{
	"Cur_Vertical_Sep", "High_Confidence", "Two_of_Three_Reports_Valid",
	"Own_Tracked_Alt", "Own_Tracked_Alt_Rate", "Other_Tracked_Alt",
	"Alt_Layer_Value", "Up_Separation", "Down_Separation",
	"Other_RAC", "Other_Capability", "Climb_Inhibit",
}

// fromValues builds an input from twelve values in argv order.
func fromValues(v []int) input {
	var in input
	for i, p := range fields(&in) {
		*p = v[i]
	}
	return in
}

// values returns the twelve inputs of in in argv order.
func values(in input) [12]int {
	var out [12]int
	for i, p := range fields(&in) {
		out[i] = *p
	}
	return out
}

// largeParams are the argv indexes of the six integer inputs whose range a
// domain chooses; the other six are small and the same in every domain.
var largeParams = [6]int{0, 3, 4, 5, 7, 8}

// Domain names.
const (
	domainNIST    = "nist"
	domainInt1001 = "int1001"
	domainStep10  = "step10"
)

// allDomains lists the input domains.
var allDomains = []string{domainNIST, domainInt1001, domainStep10}

// domainValues returns the value set of each of the twelve inputs (argv
// order) in a domain. Small inputs: flags {0,1}, Alt_Layer_Value 0..3,
// Other_RAC 0..2, Other_Capability {1,2}. nist: the NIST value sets of the
// six integers; int1001: 0..1000 for each; step10: 0,10,...,1000.
func domainValues(domain string) ([12][]int, error) {
	var v [12][]int
	v[1], v[2], v[11] = []int{0, 1}, []int{0, 1}, []int{0, 1}
	v[6] = []int{0, 1, 2, 3}
	v[9] = []int{0, 1, 2}
	v[10] = []int{1, 2}
	switch domain {
	case domainNIST:
		sep := []int{0, 399, 400, 499, 500, 639, 640, 739, 740, 840}
		v[0] = []int{299, 300, 601}
		v[3], v[5] = []int{1, 2}, []int{1, 2}
		v[4] = []int{600, 601}
		v[7], v[8] = sep, sep
	case domainInt1001, domainStep10:
		step := 1
		if domain == domainStep10 {
			step = 10
		}
		var r []int
		for x := 0; x <= 1000; x += step {
			r = append(r, x)
		}
		for _, i := range largeParams {
			v[i] = r
		}
	default:
		return v, fmt.Errorf("unknown domain %q (want nist, int1001 or step10)", domain)
	}
	return v, nil
}

// gridSize is the number of inputs of the full grid of a domain.
func gridSize(vals [12][]int) float64 {
	n := 1.0
	for _, vs := range vals {
		n *= float64(len(vs))
	}
	return n
}

// grid enumerates every combination of vals (the NIST grid: 460,800 inputs),
// last input varying fastest.
func grid(vals [12][]int) []input {
	n := int(gridSize(vals))
	out := make([]input, 0, n)
	var idx [12]int
	var cur [12]int
	for {
		for i := range cur {
			cur[i] = vals[i][idx[i]]
		}
		out = append(out, fromValues(cur[:]))
		i := 11
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < len(vals[i]) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return out
		}
	}
}

// uniform draws an input uniformly from vals.
func uniform(r *rand.Rand, vals *[12][]int) input {
	var cur [12]int
	for i, vs := range vals {
		cur[i] = vs[r.IntN(len(vs))]
	}
	return fromValues(cur[:])
}

// sample draws n inputs uniformly from vals with seed.
func sample(vals [12][]int, n int, seed uint64) []input {
	r := rand.New(rand.NewPCG(seed, 0x7ca5))
	out := make([]input, n)
	for i := range out {
		out[i] = uniform(r, &vals)
	}
	return out
}
