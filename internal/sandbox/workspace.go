package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/mod/modfile"
)

// workspaceFile returns the go.work that governs the go command in dir,
// as the go command finds it: $GOWORK when set ("off": none), else the
// first go.work in dir or above it; "" for none.
func workspaceFile(dir string) string {
	switch env := os.Getenv("GOWORK"); env {
	case "off":
		return ""
	case "":
	default:
		return env
	}
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, "go.work")); err == nil && !fi.IsDir() {
			return filepath.Join(d, "go.work")
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// copyWorkspace gives dst, the copy of the module at root, the workspace
// that governs root, if any (a go.work in root or above it): a go.work
// at dst that uses the copy (".") and every other module of the
// workspace where it lies in the user's tree, by absolute path (they are
// read, never written), with its replace directives made absolute, and
// its go.work.sum. So the copy builds as go test builds the module in the
// user's tree. A module the workspace does not use is left alone: the go
// command builds it without the workspace, and so does its copy.
func copyWorkspace(root, dst string) error {
	path := workspaceFile(root)
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("workspace: %w", err)
	}
	wf, err := modfile.ParseWork(path, b, nil)
	if err != nil {
		return fmt.Errorf("workspace: %w", err)
	}
	dir := filepath.Dir(path)
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, filepath.FromSlash(p))
	}
	uses := false
	for _, u := range wf.Use {
		if same(abs(u.Path), root) {
			uses = true
		}
	}
	if !uses {
		return nil
	}
	for _, u := range slices.Clone(wf.Use) {
		p := abs(u.Path)
		if same(p, root) {
			p = "."
		}
		if err := wf.DropUse(u.Path); err != nil {
			return fmt.Errorf("workspace %s: %w", path, err)
		}
		if err := wf.AddUse(p, u.ModulePath); err != nil {
			return fmt.Errorf("workspace %s: %w", path, err)
		}
	}
	for _, r := range slices.Clone(wf.Replace) {
		if r.New.Version != "" || filepath.IsAbs(r.New.Path) || !modfile.IsDirectoryPath(r.New.Path) {
			continue
		}
		if err := wf.AddReplace(r.Old.Path, r.Old.Version, abs(r.New.Path), ""); err != nil {
			return fmt.Errorf("workspace %s: %w", path, err)
		}
	}
	wf.Cleanup()
	if err := os.WriteFile(filepath.Join(dst, "go.work"), modfile.Format(wf.Syntax), 0o644); err != nil {
		return err
	}
	sum := path + ".sum"
	if _, err := os.Stat(sum); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return copyFile(sum, filepath.Join(dst, "go.work.sum"), 0o644)
}

// same reports whether the paths a and b name one directory, after
// resolving symbolic links.
func same(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}
