package report

// The analyses of a kill matrix: what each test kills, which tests are
// redundant or subsumed, and a small set of tests that kills everything.
// mutprop run's --matrix and the BST scenario's property scores both read
// them from a KillMatrix, so that "redundant" and "minimal" mean the same
// everywhere.

// killed reports whether Tests[i] killed Mutants[j].
func (km KillMatrix) killed(i, j int) bool { return km.Cells[i][j] == KilledHere }

// Killers counts, for each mutant (column), the tests that killed it.
func (km KillMatrix) Killers() []int {
	n := make([]int, len(km.Mutants))
	for i := range km.Tests {
		for j := range km.Mutants {
			if km.killed(i, j) {
				n[j]++
			}
		}
	}
	return n
}

// Kills maps each test that killed something to the IDs of the mutants it
// killed, in mutant order.
func (km KillMatrix) Kills() map[string][]string {
	out := map[string][]string{}
	for i, t := range km.Tests {
		for j, m := range km.Mutants {
			if km.killed(i, j) {
				out[t] = append(out[t], m)
			}
		}
	}
	return out
}

// Redundant lists, in matrix order, the tests that kill no mutant that no
// other test kills (tests that kill nothing included).
func (km KillMatrix) Redundant() []string {
	killers := km.Killers()
	var out []string
	for i, t := range km.Tests {
		only := false
		for j := range km.Mutants {
			if km.killed(i, j) && killers[j] == 1 {
				only = true
				break
			}
		}
		if !only {
			out = append(out, t)
		}
	}
	return out
}

// Subsumed maps a test to another whose kills include all of its own:
// strictly more, or the same set and earlier in the matrix (the first such
// test in matrix order). It is a finer redundancy than Redundant, which
// with overlapping tests often lists nearly all of them.
func (km KillMatrix) Subsumed() map[string]string {
	out := map[string]string{}
	for i, t := range km.Tests {
		for k, u := range km.Tests {
			if k == i {
				continue
			}
			sub, same := true, true
			for j := range km.Mutants {
				if km.killed(i, j) && !km.killed(k, j) {
					sub = false
					break
				}
				if km.killed(i, j) != km.killed(k, j) {
					same = false
				}
			}
			if sub && (!same || k < i) {
				out[t] = u
				break
			}
		}
	}
	return out
}

// Minimal is a small set of tests that kills every mutant the whole matrix
// kills, chosen greedily: the test killing the most mutants not yet killed
// first, ties in matrix order; in the order chosen.
func (km KillMatrix) Minimal() []string {
	left := map[int]bool{}
	for j, n := range km.Killers() {
		if n > 0 {
			left[j] = true
		}
	}
	var out []string
	for len(left) > 0 {
		best, bestN := -1, 0
		for i := range km.Tests {
			n := 0
			for j := range left {
				if km.killed(i, j) {
					n++
				}
			}
			if n > bestN {
				best, bestN = i, n
			}
		}
		out = append(out, km.Tests[best])
		for j := range left {
			if km.killed(best, j) {
				delete(left, j)
			}
		}
	}
	return out
}
