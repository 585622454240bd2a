package cli

import "path/filepath"

// SameDir reports whether the directories a and b are one, after
// resolving symbolic links.
func SameDir(a, b string) (bool, error) {
	ra, err := filepath.EvalSymlinks(a)
	if err != nil {
		return false, err
	}
	rb, err := filepath.EvalSymlinks(b)
	if err != nil {
		return false, err
	}
	ra, err = filepath.Abs(ra)
	if err != nil {
		return false, err
	}
	rb, err = filepath.Abs(rb)
	if err != nil {
		return false, err
	}
	return ra == rb, nil
}
