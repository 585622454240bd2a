package sandbox

import (
	"context"
	"os"
	"path/filepath"
)

func mkfile(p string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte("x"), 0o644)
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// verdict stands for what a host's run returns.
type verdict struct {
	Outcome string
	Notes   []string
}

// do runs run under g, the note appended to the verdict, as a host does.
func do(ctx context.Context, g *Guard, id string, run func() (verdict, error)) (verdict, error) {
	v, note, err := Guarded(ctx, g, id, run)
	if note != "" {
		v.Notes = append(v.Notes, note)
	}
	return v, err
}
