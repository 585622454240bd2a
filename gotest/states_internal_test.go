package gotest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestEndsApartNeedsRunsThatStartAlike reads state files as the switch
// writes them (mutate.StateEnv): two runs that start alike once put back
// ("r1" = "-1") but end apart name the variables that differ, unless the
// put back did not give the first state or the runs ended alike.
func TestEndsApartNeedsRunsThatStartAlike(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, file string
		want       []string
	}{
		{"random bytes", "-1 10 p.buf=1 p.n=5\n0 20 p.buf=2 p.n=5\nr1 10 p.buf=1 p.n=5\n1 30 p.buf=3 p.n=5\n",
			[]string{"p.buf"}},
		{"put back differs", "-1 10 p.buf=1\n0 20 p.buf=2\nr1 11 p.buf=4\n1 30 p.buf=3\n", nil},
		{"runs end alike", "-1 10 p.n=1\n0 20 p.n=2\nr1 10 p.n=1\n1 20 p.n=2\n", nil},
	} {
		path := filepath.Join(t.TempDir(), "state.out")
		if err := os.WriteFile(path, []byte(c.file), 0o644); err != nil {
			t.Fatal(err)
		}
		states, err := readStates(path)
		if err != nil {
			t.Fatal(err)
		}
		got, end := endsApart(states)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: endsApart = %q, want %q", c.name, got, c.want)
		}
		if len(c.want) > 0 && (end.whole != "20" || !slices.Contains(end.each, "p.buf=2")) {
			t.Errorf("%s: the first run's end is %+v, want the line labelled 0", c.name, end)
		}
	}
}

// TestSomeNamesSaysHowManyMore: a leak's message names three variables
// at most, and counts the others.
func TestSomeNamesSaysHowManyMore(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		names []string
		want  string
	}{
		{nil, ""},
		{[]string{"p.a"}, "p.a"},
		{[]string{"p.a", "p.b", "p.c"}, "p.a, p.b, p.c"},
		{[]string{"p.a", "p.b", "p.c", "p.d", "p.e"}, "p.a, p.b, p.c and 2 more"},
	} {
		if got := someNames(c.names); got != c.want {
			t.Errorf("someNames(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}
