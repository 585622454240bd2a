package testlog

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// A Hasher hashes inputs as they are now, in the user's tree.
type Hasher struct {
	// Root is the module root a relative path (Places.Map) lies in.
	Root string
	// LookupEnv reads a variable; nil is os.LookupEnv.
	LookupEnv func(name string) (string, bool)
	// Skip reports the paths a directory's entries leave out: mutprop's
	// own outputs (reports, results directory), which are not the user's.
	Skip func(path string) bool
}

// Hash returns what in is now, as go test's cache hashes it (hashGetenv,
// hashOpen, hashStat), but for modification times: mutprop's copy of the
// module gives the tests their own. It hashes:
//
//	getenv  the value, or its absence
//	open    a file's content; a directory's entries (names and types); another file's type
//	stat    the type, permissions and, for a file, the size
//	chdir   the same as stat
//
// A missing path hashes as "-", an unreadable one as "!" and the error.
func (h Hasher) Hash(in Input) string {
	sum := sha256.New()
	fmt.Fprintf(sum, "mutprop testlog %s\x00", in.Op)
	if in.Op == Getenv {
		lookup := h.LookupEnv
		if lookup == nil {
			lookup = os.LookupEnv
		}
		if v, ok := lookup(in.Name); ok {
			fmt.Fprintf(sum, "1%s", v)
		} else {
			sum.Write([]byte{0})
		}
		return short(sum)
	}
	path := h.Path(in)
	fi, err := os.Stat(path)
	if err != nil && in.Op == Stat {
		fi, err = os.Lstat(path) // os.Lstat, or a dangling link
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "-"
	case err != nil:
		return "!" + err.Error()
	}
	if in.Op != Open || !(fi.Mode().IsRegular() || fi.IsDir()) {
		fmt.Fprintf(sum, "%v", fi.Mode())
		if fi.Mode().IsRegular() {
			fmt.Fprintf(sum, " %d", fi.Size())
		}
		return short(sum)
	}
	if fi.IsDir() {
		entries, err := os.ReadDir(path)
		if err != nil {
			return "!" + err.Error()
		}
		for _, e := range entries {
			if h.Skip != nil && h.Skip(filepath.Join(path, e.Name())) {
				continue
			}
			fmt.Fprintf(sum, "%s %v\n", e.Name(), e.Type())
		}
		return short(sum)
	}
	f, err := os.Open(path)
	if err != nil {
		return "!" + err.Error()
	}
	defer f.Close()
	if _, err := io.Copy(sum, f); err != nil {
		return "!" + err.Error()
	}
	return short(sum)
}

// Path is the absolute path of a path input: a relative one lies in
// h.Root.
func (h Hasher) Path(in Input) string {
	if filepath.IsAbs(in.Name) {
		return in.Name
	}
	return filepath.Join(h.Root, filepath.FromSlash(in.Name))
}

// Sum hashes every input: its String form -> Hash.
func (h Hasher) Sum(ins []Input) map[string]string {
	out := make(map[string]string, len(ins))
	for _, in := range ins {
		out[in.String()] = h.Hash(in)
	}
	return out
}

// Digest is one hash of the inputs' hashes (as Sum returns them), in name
// order.
func Digest(sums map[string]string) string {
	sum := sha256.New()
	keys := make([]string, 0, len(sums))
	for k := range sums {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(sum, "%s\x00%s\n", k, sums[k])
	}
	return short(sum)
}

func short(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)[:16]) }
