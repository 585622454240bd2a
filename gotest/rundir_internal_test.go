package gotest

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestARunsDirectoryNameDependsOnItsKindAndDirectoryOnly: runs of one
// kind in one directory share a name, whatever the spelling of the
// directory; another kind or another directory gets another.
func TestARunsDirectoryNameDependsOnItsKindAndDirectoryOnly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := runKey("run", dir), runKey("run", filepath.Join(dir, "x", ".."))
	if a == "" || a != b {
		t.Errorf("one directory: %q and %q, want one name", a, b)
	}
	if !strings.HasPrefix(a, "run-") {
		t.Errorf("%q does not name its kind", a)
	}
	for _, other := range []string{runKey("one", dir), runKey("run", filepath.Join(dir, "sub"))} {
		if other == a {
			t.Errorf("%q names another kind or directory too", other)
		}
	}
}
