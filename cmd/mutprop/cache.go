package main

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
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
)

// The outcome cache (RESULTS/cache/outcomes.json) keeps the verdict of
// every mutant of the last runs with hashes of what it depends on, so that
// a run reuses the verdicts nothing has invalidated:
//
//   - every verdict: the mutated package's build inputs (its non-test
//     source and embedded files) and those of the packages of the module
//     it imports; go.mod, go.sum (go.work, vendor/modules.txt); the go
//     command's version and target (go env); mutprop's executable; the
//     flags that change verdicts (cacheFlags);
//   - a killed mutant, in addition: the test package of the test that
//     killed it (its test files, the other files of its directory, its
//     testdata, and the build inputs of everything its test binary links);
//   - any other verdict (survived, no-coverage, timeout, crashed,
//     not-viable, and every one with --matrix): every test package that
//     counts for the mutated package and links it (a test added anywhere
//     that reaches the code may kill it), and that set itself.
//
// When every selected mutant of every package is in the cache, mutprop run
// builds and runs nothing: the result is made from the cache and reported
// as a run's (console, journal, JSON, HTML). Otherwise the verdicts that
// hold are given to gotest.Score as Config.Prior (like a resumed journal's)
// and the rest run; Score still builds, runs the baseline and measures
// coverage. The cache is written (temporary file and rename) after a run
// that finished; --no-cache neither reads nor writes it.

// cacheFormat versions the file; another version is ignored.
const cacheFormat = 1

// outcomeCache is the cache file.
type outcomeCache struct {
	Format int `json:"format"`
	// Env identifies what every verdict depends on (cacheRun.env).
	Env map[string]string `json:"env"`
	// Exe is mutprop's executable when its hash was computed: an
	// executable with the same path, size and time keeps it.
	Exe      exeStamp                  `json:"exe"`
	Packages map[string]*cachedPackage `json:"packages"`
	// Outputs are the files mutprop runs wrote (reports, journals), by
	// absolute path: a later run does not take them for the user's files,
	// even where its own flags no longer name them.
	Outputs []string `json:"outputs,omitempty"`
}

type exeStamp struct {
	Path    string `json:"path"`
	Size    int64  `json:"size"`
	ModTime int64  `json:"modTime"`
	Hash    string `json:"hash"`
}

// cachedPackage is a mutated package in the cache.
type cachedPackage struct {
	// Code hashes the package's build inputs and those of the module's
	// packages it imports; Tests its own test package ("" without tests).
	Code  string `json:"code"`
	Tests string `json:"tests,omitempty"`
	// What the report needs besides the mutants, from the run that wrote
	// the package: its tests (gotest.PackageResult.Tests), the tests set
	// aside, the registered suites and a hash of the mutants they measured.
	TestNames  []string                 `json:"testNames,omitempty"`
	SetAside   []gotest.SetAside        `json:"setAside,omitempty"`
	Suites     []gotest.SuiteResult     `json:"suites,omitempty"`
	SuitesOver string                   `json:"suitesOver,omitempty"`
	Mutants    map[string]*cachedMutant `json:"mutants"`
}

// cachedMutant is one verdict: the journal's record of it, and the test
// packages it depends on with their hashes.
type cachedMutant struct {
	runMutant
	Deps map[string]string `json:"deps,omitempty"`
	// All says that Deps are every test package that counted for the
	// mutated package and linked it: the verdict needs that set unchanged.
	All bool `json:"all,omitempty"`
}

// cacheRun is the cache during one run: the file as read, the hashes of
// the tree as it is when the run starts, and the verdicts it serves.
type cacheRun struct {
	path string
	old  *outcomeCache // the file as read; empty when missing or unusable
	env  map[string]string
	exe  exeStamp
	// outputs are the files mutprop runs wrote: the earlier runs' and
	// this one's (outcomeCache.Outputs).
	outputs []string

	code  map[string]string          // mutated package -> hash of its build inputs
	tests map[string]string          // test package -> hash
	links map[string]map[string]bool // test package -> the packages its test binary links
	// counting lists, per mutated package, the test packages whose tests
	// count for it (as gotest.Score picks them) and link it.
	counting map[string][]string
	ownTests bool

	hits    map[string]map[string]gotest.MutantResult // package -> mutant ID -> cached verdict
	served  map[string]map[string]bool                // what the cache gave this run
	resumed int                                       // mutants the journal gave (--resume)
	total   int
	misses  map[string]int // why mutants were not in the cache, by reason
	envNote string         // why the whole cache was not used
}

// cacheDir is where the cache lives in the results directory.
func cacheDir(results string) string { return filepath.Join(results, "cache") }

// score runs gotest.Score through the outcome cache (or not, with
// --no-cache): with every mutant in the cache, nothing is built and the
// result comes from it, through cfg's hooks as a run's would.
func (f *runFlags) score(ctx context.Context, e *env, cfg *gotest.Config, listed, testOnly []listedPackage, started time.Time) (*gotest.Result, error) {
	if f.noCache {
		return gotest.Score(ctx, *cfg)
	}
	warn := func(format string, args ...any) {
		fmt.Fprintf(e.stderr, "mutprop run: warning: "+format+"\n", args...)
	}
	cr, err := openCacheRun(ctx, f, cfg, listed, testOnly, warn)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		warn("outcome cache not used: %v", err)
		return gotest.Score(ctx, *cfg)
	}
	plan, err := cr.plan(ctx, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// Score reports what does not load or enumerate.
		return gotest.Score(ctx, *cfg)
	}
	if res, ok := cr.fromCache(cfg, plan); ok {
		fmt.Fprintf(e.stderr, "mutprop run: %d of %d mutants from the cache, 0 run: nothing built (%.2f s)\n",
			cr.count(), cr.total, time.Since(started).Seconds())
		if cr.old.Exe != cr.exe {
			cr.save(cfg, nil, warn) // the executable's new stamp
		}
		return res, nil
	}
	cr.hook(cfg)
	res, err := gotest.Score(ctx, *cfg)
	if err != nil || res == nil {
		return res, err
	}
	fmt.Fprintf(e.stderr, "mutprop run: %d of %d mutants from the cache, %d run%s\n",
		cr.count(), cr.total, cr.total-cr.count()-cr.resumed, cr.missNote())
	if !res.Interrupted {
		cr.save(cfg, res, warn)
	}
	return res, nil
}

// openCacheRun reads the cache file and hashes what verdicts depend on.
func openCacheRun(ctx context.Context, f *runFlags, cfg *gotest.Config, listed, testOnly []listedPackage, warn func(string, ...any)) (*cacheRun, error) {
	cr := &cacheRun{
		path:     filepath.Join(cacheDir(f.results), "outcomes.json"),
		old:      &outcomeCache{},
		ownTests: cfg.OwnTests,
		hits:     map[string]map[string]gotest.MutantResult{},
		served:   map[string]map[string]bool{},
		misses:   map[string]int{},
	}
	if b, err := os.ReadFile(cr.path); err == nil {
		var c outcomeCache
		switch err := json.Unmarshal(b, &c); {
		case err != nil:
			warn("the outcome cache %s is corrupt (%v): ignored, and rewritten after this run", cr.path, err)
		case c.Format != cacheFormat:
			warn("the outcome cache %s has format %d, not %d: ignored, and rewritten after this run", cr.path, c.Format, cacheFormat)
		default:
			cr.old = &c
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		warn("the outcome cache %s cannot be read (%v): ignored", cr.path, err)
	}
	if cr.old.Packages == nil {
		cr.old.Packages = map[string]*cachedPackage{}
	}

	goEnv, err := goCommandEnv(ctx)
	if err != nil {
		return nil, err
	}
	if cr.exe, err = executableStamp(cr.old.Exe); err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range listed {
		paths = append(paths, p.ImportPath)
	}
	for _, p := range testOnly {
		paths = append(paths, p.ImportPath)
	}
	cr.outputs = mergeOutputs(cr.old.Outputs, f.outputs())
	h := newTreeHasher(cr.outputs)
	modules, err := cr.hashPackages(ctx, h, paths, goEnv["GOWORK"])
	if err != nil {
		return nil, err
	}
	cr.env = map[string]string{
		"go":      goEnvString(goEnv),
		"mutprop": cr.exe.Hash,
		"flags":   f.cacheFlags(),
		"modules": modules,
	}
	if len(cr.old.Env) > 0 {
		var changed []string
		for _, k := range sortedKeys(cr.env) {
			if cr.old.Env[k] != cr.env[k] {
				changed = append(changed, cacheEnvNames[k])
			}
		}
		if len(changed) > 0 {
			cr.envNote = "the cache was made with another " + strings.Join(changed, ", ")
			cr.old.Packages = map[string]*cachedPackage{}
		}
	}
	return cr, nil
}

var cacheEnvNames = map[string]string{
	"go":      "go command (go env)",
	"mutprop": "mutprop build",
	"flags":   "set of flags",
	"modules": "go.mod or go.sum",
}

// cacheFlags describes the flags that change verdicts.
func (f *runFlags) cacheFlags() string {
	s := fmt.Sprintf("seed=%d operators=%q mode=%s matrix=%t probes=%t run=%q tags=%q timeout-factor=%g timeout-const=%v mem-limit=%d own-tests=%t strict-baseline=%t",
		f.seed, f.ops, f.mode, f.matrix, f.probes, f.runRE, f.tags, f.factor, f.tconst, f.memLimit, f.ownTests, f.strict)
	if f.memLimit < 0 {
		s += fmt.Sprintf(" workers=%d", f.workers) // the memory cap is sized from them
	}
	return s
}

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

// hashPackages hashes every package of paths (mutated and test packages)
// with the module packages they link, and returns the hash of the module
// files.
func (cr *cacheRun) hashPackages(ctx context.Context, h *treeHasher, paths []string, gowork string) (string, error) {
	args := append([]string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,Standard,ForTest,Deps,EmbedFiles,TestEmbedFiles,XTestEmbedFiles,Module"}, paths...)
	cmd := exec.CommandContext(ctx, "go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list -deps -test: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	byPath := map[string]*goListDep{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var d goListDep
		if err := dec.Decode(&d); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", fmt.Errorf("go list -deps -test: %v", err)
		}
		byPath[d.ImportPath] = &d
	}
	// code hashes a package's build inputs with those of the module
	// packages in deps (as listed, test variants included).
	code := func(self *goListDep, deps []string) (string, error) {
		dirs := map[string]*goListDep{self.Dir: self}
		for _, dep := range deps {
			if d := byPath[dep]; d != nil && d.local() {
				if _, ok := dirs[d.Dir]; !ok {
					dirs[d.Dir] = d
				}
			}
		}
		sum := sha256.New()
		for _, dir := range sortedKeys(dirs) {
			s, err := h.code(dir, dirs[dir].EmbedFiles)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(sum, "%s %s\n", dir, s)
		}
		return hex.EncodeToString(sum.Sum(nil)), nil
	}
	cr.code, cr.tests, cr.links = map[string]string{}, map[string]string{}, map[string]map[string]bool{}
	gomods := map[string]bool{}
	for _, p := range paths {
		d := byPath[p]
		if d == nil {
			return "", fmt.Errorf("go list -deps -test did not list %s", p)
		}
		if d.Module != nil && d.Module.GoMod != "" {
			gomods[d.Module.GoMod] = true
		}
		c, err := code(d, d.Deps)
		if err != nil {
			return "", err
		}
		cr.code[p] = c
		bin := byPath[p+".test"]
		if bin == nil || !gotest.HasTests(d.Dir) {
			continue
		}
		links := map[string]bool{p: true}
		for _, dep := range bin.Deps {
			links[strings.SplitN(dep, " ", 2)[0]] = true
		}
		cr.links[p] = links
		linked, err := code(d, bin.Deps)
		if err != nil {
			return "", err
		}
		t, err := h.tests(d.Dir, append(append([]string(nil), d.TestEmbedFiles...), d.XTestEmbedFiles...))
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256([]byte(linked + " " + t))
		cr.tests[p] = hex.EncodeToString(sum[:])
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
	return hex.EncodeToString(sum.Sum(nil)), nil
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
	skip map[string]bool // absolute paths
	memo map[string]string
}

func newTreeHasher(outputs []string) *treeHasher {
	h := &treeHasher{skip: map[string]bool{}, memo: map[string]string{}}
	for _, abs := range outputs {
		h.skip[abs] = true
		h.skip[abs+".tmp"] = true // writeFileAtomic's
	}
	return h
}

// mergeOutputs returns the sorted union of two path lists.
func mergeOutputs(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// outputs are the absolute paths of what this run writes: the results
// directory, the journal and the reports.
func (f *runFlags) outputs() []string {
	var out []string
	for _, p := range []string{f.results, f.journal, f.jsonOut, f.htmlOut, f.ci.annotations.gitlab} {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil {
			out = append(out, abs)
		}
	}
	return out
}

// buildExts are the extensions of the files go build reads in a package
// directory besides .go files.
var buildExts = map[string]bool{
	".c": true, ".cc": true, ".cpp": true, ".cxx": true, ".h": true, ".hh": true, ".hpp": true, ".hxx": true,
	".s": true, ".S": true, ".sx": true, ".f": true, ".F": true, ".for": true, ".f90": true, ".m": true,
	".swig": true, ".swigcxx": true, ".syso": true,
}

// isBuildFile reports whether a file of a package directory is one of its
// non-test build inputs (embedded files aside).
func isBuildFile(name string) bool {
	if strings.HasSuffix(name, ".go") {
		return !strings.HasSuffix(name, "_test.go")
	}
	return buildExts[filepath.Ext(name)]
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

// plannedPackage is a package's mutants as gotest.Score selects them.
type plannedPackage struct {
	pkg      *mutate.Package
	stats    mutate.Stats
	muts     []mutate.Mutant
	index    []int
	universe int
	live     bool
}

// plan loads and enumerates the packages as gotest.Score does (Filter,
// then Shard), works out which test packages count for each, and looks up
// every selected mutant.
func (cr *cacheRun) plan(ctx context.Context, cfg *gotest.Config) ([]plannedPackage, error) {
	pkgs, err := mutate.Load(ctx, cfg.Dir, cfg.Patterns...)
	if err != nil {
		return nil, err
	}
	var plan []plannedPackage
	allLive := true
	for _, pkg := range pkgs {
		all, stats, err := mutate.Enumerate(ctx, pkg, &mutate.Options{Operators: cfg.Operators})
		if err != nil {
			return nil, err
		}
		pp := plannedPackage{pkg: pkg, stats: stats}
		keep := func(mutate.Mutant) bool { return true }
		if cfg.Filter != nil {
			if keep, err = cfg.Filter(pkg); err != nil {
				return nil, err
			}
		}
		for _, m := range all {
			if !keep(m) {
				continue
			}
			pp.universe++
			if cfg.Shard == nil || cfg.Shard(pkg.Path, m) {
				pp.muts = append(pp.muts, m)
				pp.index = append(pp.index, pp.universe-1)
			}
		}
		pp.live = pp.universe > 0 || cfg.Filter == nil
		allLive = allLive && pp.live
		plan = append(plan, pp)
	}
	// The test packages that count, as gotest.Score picks them: with
	// OwnTests a package's own; else every matched package with tests
	// (only those with mutants left when a filter emptied some) and the
	// test-only packages.
	var testPkgs []string
	for _, pp := range plan {
		if _, ok := cr.tests[pp.pkg.Path]; ok && (allLive || pp.live) {
			testPkgs = append(testPkgs, pp.pkg.Path)
		}
	}
	if !cr.ownTests {
		for _, tp := range cfg.TestPackages {
			if _, ok := cr.tests[tp.Path]; ok {
				testPkgs = append(testPkgs, tp.Path)
			}
		}
	}
	cr.counting = map[string][]string{}
	for _, pp := range plan {
		p := pp.pkg.Path
		var counting []string
		for _, q := range testPkgs {
			if (q == p || !cr.ownTests) && cr.links[q][p] {
				counting = append(counting, q)
			}
		}
		sort.Strings(counting)
		cr.counting[p] = counting
	}
	for _, pp := range plan {
		cr.lookup(pp)
	}
	return plan, nil
}

// lookup finds the package's selected mutants whose verdicts hold.
func (cr *cacheRun) lookup(pp plannedPackage) {
	p := pp.pkg.Path
	cr.total += len(pp.muts)
	cp := cr.old.Packages[p]
	miss := func(reason string) {
		cr.misses[reason]++
	}
	hits := map[string]gotest.MutantResult{}
	cr.hits[p] = hits
	for i, m := range pp.muts {
		switch {
		case cr.envNote != "":
			miss(cr.envNote)
			continue
		case cp == nil:
			miss("not in the cache")
			continue
		case cp.Code != cr.code[p]:
			miss("code of " + p + " changed")
			continue
		}
		c := cp.Mutants[m.ID]
		if c == nil || !sameMutant(c.Mutant, m) {
			miss("not in the cache")
			continue
		}
		if reason := cr.stale(p, c); reason != "" {
			miss(reason)
			continue
		}
		r := c.runMutant.result()
		r.Mutant, r.Index = m, pp.index[i]
		hits[m.ID] = r
	}
}

// stale says why a cached verdict of package p no longer holds, or "".
func (cr *cacheRun) stale(p string, c *cachedMutant) string {
	counting := cr.counting[p]
	for _, q := range sortedKeys(c.Deps) {
		switch {
		case !containsString(counting, q):
			return "tests of " + q + " no longer count"
		case cr.tests[q] != c.Deps[q]:
			return "tests of " + q + " changed"
		}
	}
	if c.All {
		for _, q := range counting {
			if _, ok := c.Deps[q]; !ok {
				return "tests of " + q + " count now"
			}
		}
	}
	return ""
}

// deps returns the test packages a verdict of package p depends on.
func (cr *cacheRun) deps(p string, r gotest.MutantResult, matrix bool) (map[string]string, bool) {
	counting := cr.counting[p]
	all := func() (map[string]string, bool) {
		deps := map[string]string{}
		for _, q := range counting {
			deps[q] = cr.tests[q]
		}
		return deps, true
	}
	if r.Outcome != gotest.Killed || matrix || len(r.KilledBy) == 0 {
		return all()
	}
	deps := map[string]string{}
	for _, name := range r.KilledBy {
		q := ""
		for _, c := range counting {
			if c != p && strings.HasPrefix(name, c+".") && len(c) > len(q) {
				q = c
			}
		}
		if q == "" && containsString(counting, p) {
			q = p // its own tests are named bare
		}
		if q == "" {
			return all()
		}
		deps[q] = cr.tests[q]
	}
	return deps, false
}

// count is the number of mutants the cache gave this run.
func (cr *cacheRun) count() int {
	n := 0
	for _, ids := range cr.served {
		n += len(ids)
	}
	return n
}

func (cr *cacheRun) serve(p, id string) {
	if cr.served[p] == nil {
		cr.served[p] = map[string]bool{}
	}
	cr.served[p][id] = true
}

// missNote says why mutants ran: " (12 not in the cache, 3 tests of x changed)".
func (cr *cacheRun) missNote() string {
	if len(cr.misses) == 0 {
		return ""
	}
	reasons := sortedKeys(cr.misses)
	sort.SliceStable(reasons, func(i, j int) bool { return cr.misses[reasons[i]] > cr.misses[reasons[j]] })
	var parts []string
	for _, r := range reasons {
		parts = append(parts, strconv.Itoa(cr.misses[r])+": "+r)
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// packageHolds reports whether the cache has the package-level results of
// p (its tests, set-aside tests and suites) for this tree and selection.
func (cr *cacheRun) packageHolds(pp plannedPackage) bool {
	cp := cr.old.Packages[pp.pkg.Path]
	if cp == nil || cr.envNote != "" || cp.Code != cr.code[pp.pkg.Path] || cp.Tests != cr.tests[pp.pkg.Path] {
		return false
	}
	return len(cp.Suites) == 0 || cp.SuitesOver == mutantsHash(pp.muts)
}

// fromCache makes the run's result from the cache when it holds every
// selected mutant of every package, calling cfg's hooks as gotest.Score
// would: Prior first (a resumed journal's outcomes), Ready per package,
// Finished for each verdict the cache gives.
func (cr *cacheRun) fromCache(cfg *gotest.Config, plan []plannedPackage) (*gotest.Result, bool) {
	for _, pp := range plan {
		if !pp.live {
			continue
		}
		if !cr.packageHolds(pp) || len(cr.hits[pp.pkg.Path]) != len(pp.muts) {
			return nil, false
		}
	}
	res := &gotest.Result{}
	workers := max(cfg.Workers, 1)
	for _, pp := range plan {
		pkg := pp.pkg
		pr := &gotest.PackageResult{Path: pkg.Path, Name: pkg.Name, Dir: pkg.Dir, Package: pkg, Files: pkg.Filenames,
			Stats: pp.stats, Universe: pp.universe, Workers: workers, Timeouts: cfg.Timeouts}
		res.Packages = append(res.Packages, pr)
		var fresh []gotest.MutantResult
		if pp.live {
			cp := cr.old.Packages[pkg.Path]
			for _, name := range cp.TestNames {
				pr.Tests = append(pr.Tests, gotest.TestInfo{Name: name})
			}
			pr.SetAside, pr.Suites = cp.SetAside, cp.Suites
			pr.Mutants = make([]gotest.MutantResult, len(pp.muts))
			for i, m := range pp.muts {
				if cfg.Prior != nil {
					if prev, ok := cfg.Prior(pkg.Path, m); ok {
						prev.Mutant, prev.Index = m, pp.index[i]
						pr.Mutants[i] = prev
						cr.resumed++
						continue
					}
				}
				pr.Mutants[i] = cr.hits[pkg.Path][m.ID]
				cr.serve(pkg.Path, m.ID)
				fresh = append(fresh, pr.Mutants[i])
			}
		}
		if cfg.Ready != nil {
			if err := cfg.Ready(pr); err != nil {
				return nil, false // Score meets the same error and reports it
			}
		}
		if cfg.Finished != nil {
			for _, m := range fresh {
				cfg.Finished(pr, m)
			}
		}
	}
	return res, true
}

// hook gives Score the cached verdicts that hold (after the journal's,
// when resuming) and sends them to Finished as the package is ready, as
// outcomes of this run (the journal records them).
func (cr *cacheRun) hook(cfg *gotest.Config) {
	prior, ready, finished := cfg.Prior, cfg.Ready, cfg.Finished
	cfg.Prior = func(p string, m mutate.Mutant) (gotest.MutantResult, bool) {
		if prior != nil {
			if r, ok := prior(p, m); ok {
				cr.resumed++
				return r, true
			}
		}
		r, ok := cr.hits[p][m.ID]
		if ok && sameMutant(r.Mutant, m) {
			cr.serve(p, m.ID)
			return r, true
		}
		return gotest.MutantResult{}, false
	}
	cfg.Ready = func(pr *gotest.PackageResult) error {
		if ready != nil {
			if err := ready(pr); err != nil {
				return err
			}
		}
		if finished != nil {
			for _, m := range pr.Mutants {
				if cr.served[pr.Path][m.Mutant.ID] {
					finished(pr, m)
				}
			}
		}
		return nil
	}
}

// save writes the cache: the verdicts of res with the hashes taken when
// the run started, over what the file held for this environment. With a
// nil res it only rewrites the file (a new executable stamp).
func (cr *cacheRun) save(cfg *gotest.Config, res *gotest.Result, warn func(string, ...any)) {
	c := &outcomeCache{Format: cacheFormat, Env: cr.env, Exe: cr.exe, Packages: cr.old.Packages, Outputs: cr.outputs}
	if res != nil {
		for _, pr := range res.Packages {
			if pr.Universe == 0 && cfg.Filter != nil {
				continue // nothing selected: the package was not scored
			}
			p := pr.Path
			cp := c.Packages[p]
			if cp == nil || cp.Code != cr.code[p] {
				cp = &cachedPackage{Mutants: map[string]*cachedMutant{}}
				c.Packages[p] = cp
			}
			cp.Code, cp.Tests = cr.code[p], cr.tests[p]
			cp.TestNames = nil
			for _, t := range pr.Tests {
				cp.TestNames = append(cp.TestNames, t.Name)
			}
			cp.SetAside, cp.Suites = pr.SetAside, pr.Suites
			var muts []mutate.Mutant
			for _, m := range pr.Mutants {
				muts = append(muts, m.Mutant)
				if m.Outcome == "" {
					continue
				}
				rec := mutantRecord(&gotest.PackageResult{}, m) // no diff: the report makes it
				rec.Mutant = portable(rec.Mutant)
				deps, all := cr.deps(p, m, cfg.Matrix)
				cp.Mutants[m.Mutant.ID] = &cachedMutant{runMutant: rec, Deps: deps, All: all}
			}
			cp.SuitesOver = mutantsHash(muts)
		}
	}
	b, err := json.Marshal(c)
	if err == nil {
		err = writeCacheFile(cr.path, b)
	}
	if err != nil {
		warn("the outcome cache was not written: %v", err)
	}
}

// writeCacheFile writes b to path through a temporary file and a rename,
// so that a reader never sees half a cache.
func writeCacheFile(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := ensureResultsDir(filepath.Dir(dir)); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".outcomes-*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// mutantsHash identifies a selection of mutants.
func mutantsHash(muts []mutate.Mutant) string {
	sum := sha256.New()
	for _, m := range muts {
		fmt.Fprintln(sum, m.ID)
	}
	return hex.EncodeToString(sum.Sum(nil))
}
