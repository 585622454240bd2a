package gotest

import "testing"

func TestWithNotesAppendsTheNotesToTheReason(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		reason string
		notes  []string
		want   string
	}{
		{"boom", []string{"a", "b"}, "boom; a; b"},
		{"", []string{"killed a process"}, "killed a process"},
		{"boom", nil, "boom"},
	} {
		if got := withNotes(c.reason, c.notes); got != c.want {
			t.Errorf("withNotes(%q, %q) = %q, want %q", c.reason, c.notes, got, c.want)
		}
	}
}
