package engine

import (
	"fmt"
	"hash/fnv"
)

// Shard is the k-th of n parts of a run (1 <= K <= N). A job belongs to the
// shard its key hashes to, so shards do not depend on order, and the zero
// Shard is the whole run.
type Shard struct{ K, N int }

// ParseShard parses "k/n".
func ParseShard(s string) (Shard, error) {
	var sh Shard
	if _, err := fmt.Sscanf(s, "%d/%d", &sh.K, &sh.N); err != nil || sh.N < 1 || sh.K < 1 || sh.K > sh.N {
		return Shard{}, fmt.Errorf("bad shard %q: want k/n with 1 <= k <= n", s)
	}
	return sh, nil
}

// Has reports whether the job with this key belongs to the shard.
func (s Shard) Has(key string) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(s.N)) == s.K-1
}

// String is "k/n", or "" for the whole run.
func (s Shard) String() string {
	if s.N <= 1 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}
