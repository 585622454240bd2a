package engine

import (
	"fmt"
	"testing"
)

func TestParseShardAcceptsEveryShardFromFirstToLast(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]Shard{"1/1": {1, 1}, "1/3": {1, 3}, "3/3": {3, 3}} {
		if got, err := ParseShard(s); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, bad := range []string{"0/0", "2/1", "3/-1", "a/b", "", "1/"} {
		if got, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) = %v, want an error", bad, got)
		}
	}
}

func TestParseShard(t *testing.T) {
	t.Parallel()
	if s, err := ParseShard("2/5"); err != nil || s != (Shard{2, 5}) {
		t.Errorf("ParseShard(2/5) = %v, %v", s, err)
	}
	for _, bad := range []string{"0/3", "4/3", "1/0", "x", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) succeeded", bad)
		}
	}
}

func TestShardsSpreadTheCellsOverEveryShard(t *testing.T) {
	t.Parallel()
	per := make([]int, 4)
	for i := range 200 {
		key := fmt.Sprintf("m%d/p/g", i)
		n := 0
		for k := 1; k <= 4; k++ {
			if (Shard{K: k, N: 4}).Has(key) {
				per[k-1]++
				n++
			}
		}
		if n != 1 {
			t.Fatalf("cell %q is in %d of 4 shards", key, n)
		}
	}
	for k, n := range per {
		if n < 25 {
			t.Errorf("shard %d/4 holds %d of 200 cells, want about 50 (shards %v)", k+1, n, per)
		}
	}
	if !(Shard{}).Has("x") || !(Shard{K: 1, N: 1}).Has("x") {
		t.Errorf("the zero shard and 1/1 must hold every cell")
	}
}
