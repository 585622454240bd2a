package mutate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// applyEdits returns src with edits (all of one file) applied. Edits must
// not overlap; insertions at the same offset keep their order.
func applyEdits(src []byte, edits []TextEdit) ([]byte, error) {
	es := make([]TextEdit, len(edits))
	copy(es, edits)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Start < es[j].Start })
	var b strings.Builder
	last := 0
	for _, e := range es {
		if e.Start < last || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) of %s overlaps or is out of range", e.Start, e.End, filepath.Base(e.File))
		}
		b.Write(src[last:e.Start])
		b.WriteString(e.NewText)
		last = e.End
	}
	b.Write(src[last:])
	return []byte(b.String()), nil
}

// Apply returns the sources of the single-mutant build of m: for each file
// m changes (absolute path), its full mutated content. Use it with
// WriteOverlay for the overlay-per-mutant cross-check.
func Apply(pkg *Package, m Mutant) (map[string][]byte, error) {
	byFile := map[string][]TextEdit{}
	for _, e := range m.Edits {
		byFile[e.File] = append(byFile[e.File], e)
	}
	out := map[string][]byte{}
	for file, edits := range byFile {
		src, ok := pkg.src[file]
		if !ok {
			return nil, fmt.Errorf("apply %s: %s is not a file of %s", m.ID, file, pkg.Path)
		}
		b, err := applyEdits(src, edits)
		if err != nil {
			return nil, fmt.Errorf("apply %s: %w", m.ID, err)
		}
		out[file] = b
	}
	return out, nil
}

// WriteOverlay writes files (absolute path of the original -> content) into
// dir and the go build -overlay JSON that replaces each original by its
// copy; it returns the JSON's path. Paths that do not exist on disk (such
// as mutprop_active.go) are added to their package by the overlay. The
// user's tree is never written.
func WriteOverlay(dir string, files map[string][]byte) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("write overlay: %w", err)
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	replace := map[string]string{}
	for i, p := range paths {
		if !filepath.IsAbs(p) {
			return "", fmt.Errorf("write overlay: %s is not an absolute path", p)
		}
		tmp := filepath.Join(dir, fmt.Sprintf("%03d_%s", i, filepath.Base(p)))
		if err := os.WriteFile(tmp, files[p], 0o644); err != nil {
			return "", fmt.Errorf("write overlay: %w", err)
		}
		replace[p] = tmp
	}
	b, err := json.MarshalIndent(struct{ Replace map[string]string }{replace}, "", "\t")
	if err != nil {
		return "", fmt.Errorf("write overlay: %w", err)
	}
	jsonPath := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(jsonPath, b, 0o644); err != nil {
		return "", fmt.Errorf("write overlay: %w", err)
	}
	return jsonPath, nil
}
