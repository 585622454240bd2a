package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesTheFileAndLeavesNoTemporary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "r.json")
	for _, content := range []string{"first", "second"} {
		if err := Write(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil || string(b) != content {
			t.Fatalf("read %q, %v; want %q", b, err, content)
		}
	}
	if _, err := os.Stat(path + ".tmp"); !os.IsNotExist(err) {
		t.Errorf("the temporary file is left: %v", err)
	}
	if err := Write(filepath.Join(dir, "no", "such", "dir"), nil); err == nil {
		t.Error("a write into a missing directory: want an error")
	}
}
