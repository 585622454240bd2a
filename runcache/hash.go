package runcache

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/runlog"
)

// goCommandEnv returns what of go env changes builds and test runs.
func goCommandEnv(ctx context.Context) (map[string]string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "-json", "GOVERSION", "GOOS", "GOARCH", "GOFLAGS", "GOEXPERIMENT", "CGO_ENABLED", "GOAMD64", "GOARM64", "GOWORK", "GOTOOLCHAIN")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	var env map[string]string
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("go env: %v", err)
	}
	return env, nil
}

func goEnvString(env map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(env) {
		parts = append(parts, k+"="+env[k])
	}
	return strings.Join(parts, " ")
}

// executableStamp hashes mutprop's executable, unless prev describes the
// same file.
func executableStamp(prev exeStamp) (exeStamp, error) {
	path, err := os.Executable()
	if err != nil {
		return exeStamp{}, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return exeStamp{}, err
	}
	s := exeStamp{Path: path, Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
	if prev.Path == s.Path && prev.Size == s.Size && prev.ModTime == s.ModTime && prev.Hash != "" {
		s.Hash = prev.Hash
		return s, nil
	}
	file, err := os.Open(path)
	if err != nil {
		return exeStamp{}, err
	}
	defer file.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, file); err != nil {
		return exeStamp{}, err
	}
	s.Hash = hex.EncodeToString(sum.Sum(nil))
	return s, nil
}

// goListDep is what go list -deps -test says of a package.
type goListDep struct {
	ImportPath      string
	Dir             string
	Standard        bool
	ForTest         string
	Deps            []string
	EmbedFiles      []string
	TestEmbedFiles  []string
	XTestEmbedFiles []string
	Module          *struct {
		Path, Version, Dir, GoMod string
		Main                      bool
		Replace                   *struct{ Path, Version, Dir string }
	}
}

// local reports whether the package's sources are the user's (the main
// module, a workspace module, a directory replacement), not a module
// cache's, which go.sum pins.
func (d *goListDep) local() bool {
	if d.Standard || d.Dir == "" {
		return false
	}
	m := d.Module
	return m == nil || m.Main || m.Version == "" || m.Replace != nil && m.Replace.Version == ""
}

// hashTree hashes what the verdicts of the run depend on in the tree
// (runlog.Tree): every mutated package of paths with the module packages
// it imports, and every test package of paths (a mutated package with
// tests, or one of testOnly) with what its test binary links, under the
// build tags tags. It returns the tree, the packages each test binary
// links (by test package), and the hash of the module files.
func hashTree(ctx context.Context, h *treeHasher, paths, testOnly, tags []string, ownTests bool, gowork string) (*runlog.Tree, map[string]map[string]bool, string, error) {
	args := []string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,Standard,ForTest,Deps,EmbedFiles,TestEmbedFiles,XTestEmbedFiles,Module"}
	if len(tags) > 0 {
		args = append(args, "-tags="+strings.Join(tags, ","))
	}
	args = append(args, paths...)
	cmd := exec.CommandContext(ctx, "go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, "", fmt.Errorf("go list -deps -test: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	byPath := map[string]*goListDep{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var d goListDep
		if err := dec.Decode(&d); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, "", fmt.Errorf("go list -deps -test: %v", err)
		}
		byPath[d.ImportPath] = &d
	}
	// local returns self and the module packages in deps (as listed, test
	// variants included), by directory.
	local := func(self *goListDep, deps []string) map[string]*goListDep {
		dirs := map[string]*goListDep{self.Dir: self}
		for _, dep := range deps {
			if d := byPath[dep]; d != nil && d.local() {
				if _, ok := dirs[d.Dir]; !ok {
					dirs[d.Dir] = d
				}
			}
		}
		return dirs
	}
	// code hashes the build inputs of the packages in dirs, each named by
	// its import path (not its directory: the hash does not depend on
	// where the module lies).
	code := func(dirs map[string]*goListDep) (string, error) {
		sum := sha256.New()
		for _, dir := range sortedKeys(dirs) {
			s, err := h.code(dir, dirs[dir].EmbedFiles)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(sum, "%s %s\n", strings.SplitN(dirs[dir].ImportPath, " ", 2)[0], s)
		}
		return hex.EncodeToString(sum.Sum(nil)), nil
	}
	tree := &runlog.Tree{Code: map[string]string{}, TestFiles: map[string]string{}, TestLinks: map[string]string{},
		Counting: map[string][]string{}, Roots: map[string]string{}, Env: map[string][]string{}, Outputs: h.outputs}
	links := map[string]map[string]bool{}
	gomods := map[string]bool{}
	for _, p := range paths {
		d := byPath[p]
		if d == nil {
			return nil, nil, "", fmt.Errorf("go list -deps -test did not list %s", p)
		}
		if d.Module != nil && d.Module.GoMod != "" {
			gomods[d.Module.GoMod] = true
		}
		if !slices.Contains(testOnly, p) {
			c, err := code(local(d, d.Deps))
			if err != nil {
				return nil, nil, "", err
			}
			tree.Code[p] = c
		}
		bin := byPath[p+".test"]
		if bin == nil || !gotest.HasTests(d.Dir) {
			continue
		}
		linked := map[string]bool{p: true}
		for _, dep := range bin.Deps {
			linked[strings.SplitN(dep, " ", 2)[0]] = true
		}
		links[p] = linked
		dirs := local(d, bin.Deps)
		if tree.TestLinks[p], err = code(dirs); err != nil {
			return nil, nil, "", err
		}
		if tree.TestFiles[p], err = h.tests(d.Dir, append(slices.Clone(d.TestEmbedFiles), d.XTestEmbedFiles...)); err != nil {
			return nil, nil, "", err
		}
		tree.Roots[p] = d.Dir
		if d.Module != nil && d.Module.Dir != "" {
			tree.Roots[p] = d.Module.Dir
		}
		tree.Env[p] = h.getenvs(d.Dir, dirs)
	}
	// The test packages that count for each mutated package, as
	// gotest.Score picks them (before --since empties some: plan): with
	// --own-tests its own; else every one of the run's that links it.
	for _, p := range paths {
		if slices.Contains(testOnly, p) {
			continue
		}
		var counting []string
		for _, q := range paths {
			if links[q][p] && (q == p || !ownTests) {
				counting = append(counting, q)
			}
		}
		sort.Strings(counting)
		tree.Counting[p] = counting
	}
	sum := sha256.New()
	var files []string
	for gomod := range gomods {
		dir := filepath.Dir(gomod)
		files = append(files, gomod, filepath.Join(dir, "go.sum"), filepath.Join(dir, "vendor", "modules.txt"))
	}
	if gowork != "" && gowork != "off" {
		files = append(files, gowork, gowork+".sum")
	}
	sort.Strings(files)
	for _, file := range files {
		fmt.Fprintf(sum, "%s %s\n", file, fileHash(file))
	}
	return tree, links, hex.EncodeToString(sum.Sum(nil)), nil
}

// fileHash is the hex SHA-256 of a file's content, "-" when it does not
// exist, or the error.
func fileHash(path string) string {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "-"
	}
	if err != nil {
		return "!" + err.Error()
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// treeHasher hashes package directories, leaving out what mutprop itself
// writes (the results directory, the reports, the journal).
type treeHasher struct {
	outputs []string
	skip    map[string]bool // absolute paths
	memo    map[string]string
	env     map[string][]string // getenvs, by directory and kind of file
}

func newTreeHasher(outputs []string) *treeHasher {
	h := &treeHasher{outputs: outputs, skip: map[string]bool{}, memo: map[string]string{}, env: map[string][]string{}}
	for _, abs := range outputs {
		h.skip[abs] = true
		h.skip[abs+".tmp"] = true // the temporary file of an atomic write
	}
	return h
}

// isBuildFile reports whether a file of a package directory is one of its
// non-test build inputs (embedded files aside): a non-test .go file, or a
// file of another language go build reads.
func isBuildFile(name string) bool {
	if strings.HasSuffix(name, ".go") {
		return !strings.HasSuffix(name, "_test.go")
	}
	switch filepath.Ext(name) {
	case ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx",
		".s", ".S", ".sx", ".f", ".F", ".for", ".f90", ".m",
		".swig", ".swigcxx", ".syso":
		return true
	}
	return false
}

// code hashes the non-test build inputs of the package in dir: its source
// files and embedded files.
func (h *treeHasher) code(dir string, embeds []string) (string, error) {
	key := "code\x00" + dir
	if s, ok := h.memo[key]; ok {
		return s, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && isBuildFile(e.Name()) {
			files = append(files, e.Name())
		}
	}
	s := h.files(dir, append(files, embeds...))
	h.memo[key] = s
	return s, nil
}

// tests hashes what a test package's tests may read besides the build
// inputs of the packages they link: every other file of its directory
// (test files, golden files), its test-embedded files and its testdata.
func (h *treeHasher) tests(dir string, embeds []string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && !isBuildFile(e.Name()) {
			files = append(files, e.Name())
		}
	}
	testdata := filepath.Join(dir, "testdata")
	err = filepath.WalkDir(testdata, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && path == testdata {
				return nil
			}
			return err
		}
		if h.skip[path] {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return h.files(dir, append(files, embeds...)), nil
}

// files hashes the named files of dir (relative names), in name order;
// a symbolic link counts by its target's content, or its target's name.
func (h *treeHasher) files(dir string, names []string) string {
	sort.Strings(names)
	sum := sha256.New()
	prev := ""
	for _, name := range names {
		path := filepath.Join(dir, name)
		if name == prev || h.skip[path] {
			continue
		}
		prev = name
		hash := fileHash(path)
		if strings.HasPrefix(hash, "!") {
			if target, err := os.Readlink(path); err == nil {
				hash = "link " + target
			}
		}
		fmt.Fprintf(sum, "%s %s\n", filepath.ToSlash(name), hash)
	}
	return hex.EncodeToString(sum.Sum(nil))
}
