package stats

import "testing"

func TestSignTestMatchesTheBinomialByHand(t *testing.T) {
	cases := []struct {
		plus, minus int
		want        float64
	}{
		{0, 0, 1},
		{1, 1, 1},
		{5, 0, 2.0 / 32},         // 2 x (1/2)^5
		{0, 5, 2.0 / 32},         // symmetric
		{9, 1, 2 * 11.0 / 1024},  // 2 x (C(10,0) + C(10,1)) / 2^10
		{6, 4, 2 * 386.0 / 1024}, // 2 x (1 + 10 + 45 + 120 + 210) / 2^10
		{5, 5, 1},                // 2 x P(X <= 5) > 1: capped
	}
	for _, c := range cases {
		if got := SignTest(c.plus, c.minus); !near(got, c.want) {
			t.Errorf("SignTest(%d, %d) = %g, want %g", c.plus, c.minus, got, c.want)
		}
	}
}

func TestSignTestOfManyDifferencesStaysFinite(t *testing.T) {
	if p := SignTest(2000, 1000); !(p > 0 && p < 1e-20) {
		t.Errorf("SignTest(2000, 1000) = %g, want a tiny positive p", p)
	}
	if p := SignTest(1500, 1500); p != 1 {
		t.Errorf("SignTest(1500, 1500) = %g, want 1", p)
	}
}
