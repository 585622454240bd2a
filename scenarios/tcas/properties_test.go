package tcas

import (
	"testing"
)

// holdingNames are the safety properties that hold on the original.
var holdingNames = map[string]bool{"P1a": true, "P1b": true, "P2a": true, "P3b": true, "P5a": true}

func TestExactlyP1aP1bP2aP3bP5aHoldOnTheOriginal(t *testing.T) {
	t.Parallel()
	var ins []input
	vals, err := domainValues(domainNIST)
	if err != nil {
		t.Fatal(err)
	}
	ins = append(ins, grid(vals)...)
	for i, d := range []string{domainInt1001, domainStep10} {
		v, err := domainValues(d)
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, sample(v, 200000, uint64(i+1))...)
	}
	for _, p := range safety {
		fails := 0
		for _, in := range ins {
			out := decide(in)
			if !p.Check(in, out, out) {
				fails++
			}
		}
		if holds := fails == 0; holds != holdingNames[p.Name] {
			t.Errorf("%s: %d counterexamples among %d inputs; want holds = %v", p.Name, fails, len(ins), holdingNames[p.Name])
		}
	}
}

func TestTheDroppedPropertiesFailOnTheirCounterexamples(t *testing.T) {
	t.Parallel()
	// Found by the harness on the NIST grid (argv order).
	cases := map[string][12]int{
		"P2b": {601, 1, 0, 1, 600, 2, 1, 399, 400, 0, 2, 1}, // Climb_Inhibit: Up+100 > Down > Up, so UPWARD
		"P3a": {601, 1, 0, 2, 600, 1, 0, 499, 499, 0, 2, 0}, // Down >= Up: not upward preferred, DOWNWARD
		"P4a": {601, 1, 0, 2, 600, 1, 0, 400, 400, 0, 2, 0},
		"P4b": {601, 1, 0, 1, 600, 2, 0, 0, 0, 0, 2, 1},
		"P5b": {601, 1, 0, 1, 600, 2, 1, 399, 400, 0, 2, 1},
	}
	for name, v := range cases {
		p, ok := propertyByName(name)
		if !ok {
			t.Fatalf("no property %s", name)
		}
		in := fromValues(v[:])
		out := decide(in)
		if p.Check(in, out, out) {
			t.Errorf("%s holds on %v (output %d)", name, v, out)
		}
	}
}
