package engine

// Pilot is how many of a stage's n jobs run first, spread evenly over the
// stage: a systematic sample whose cost predicts the whole stage's (mutprop
// run's progress line's ETA, --budget's estimate). Jobs in their hosts'
// order are not such a sample: a user package's mutants in source order
// share their tests and their cost by function. 2% of them, at least 20.
func Pilot(n int) int { return min(n, max(20, n/50)) }

// PilotFirst orders jobs so that Pilot of them, evenly spaced, come first,
// then the others in their order. The order changes no result: a job's
// result depends on its key and the run's seed, never on when it ran (the
// hosts' part of the contract, in the package's doc).
func PilotFirst[J any](jobs []J) []J {
	n := len(jobs)
	k := Pilot(n)
	if k == 0 || k >= n {
		return jobs
	}
	out := make([]J, 0, n)
	picked := make([]bool, n)
	for i := range k {
		j := i * n / k
		picked[j] = true
		out = append(out, jobs[j])
	}
	for j := range jobs {
		if !picked[j] {
			out = append(out, jobs[j])
		}
	}
	return out
}
