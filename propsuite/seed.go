package propsuite

import (
	"encoding/binary"
	"hash/fnv"
)

// TrialSeed derives the seed of one trial from the experiment's seed and the
// trial's coordinates. Results therefore depend only on what is run, never on
// how many workers ran it or in which order.
func TrialSeed(experiment uint64, mutant, property, generator string, trial int) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], experiment)
	h.Write(buf[:])
	for _, s := range []string{mutant, property, generator} {
		binary.LittleEndian.PutUint64(buf[:], uint64(len(s)))
		h.Write(buf[:])
		h.Write([]byte(s))
	}
	binary.LittleEndian.PutUint64(buf[:], uint64(trial))
	h.Write(buf[:])
	return mix(h.Sum64())
}

// mix is SplitMix64's finalizer: it spreads nearby hashes apart.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
