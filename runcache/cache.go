package runcache

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/runlog"
	"github.com/mutprop/mutprop/runsettings"
)

// Options describe a run to the cache.
type Options struct {
	// Results is the results directory; the cache lives in its cache
	// subdirectory, and writing it creates the directory as
	// runlog.EnsureResultsDir does.
	Results string
	// Settings are the run's settings: the cache keeps the verdicts of
	// each set of settings apart (runsettings.Settings.Key).
	Settings runsettings.Settings
	// Packages are the import paths of the packages the run mutates and
	// of the packages that only hold tests (Config.TestPackages).
	Packages []string
	// Outputs are the absolute paths of the files the run writes (the
	// results directory, the journal, the reports): never hashed as the
	// packages' files, by this run or later ones.
	Outputs []string
	// NoCache neither reads nor writes the cache: Open only hashes the
	// tree (for the journal), and Score is gotest.Score.
	NoCache bool
	// Started is when the run started: a run served from the cache says
	// how long it took.
	Started time.Time
	// Logf prints a line about what the cache gave the run; Warnf a
	// warning (a cache ignored or not written). Nil prints nothing.
	Logf, Warnf func(format string, args ...any)
}

// cacheFormat versions the file; another version is ignored.
const cacheFormat = 2

// maxConfigs bounds the sets of settings the cache keeps verdicts for: a
// run with other settings adds its own, and the least recently used one
// goes past this many.
const maxConfigs = 8

// outcomeCache is the cache file.
type outcomeCache struct {
	Format int `json:"format"`
	// Exe is mutprop's executable when its hash was computed: an
	// executable with the same path, size and time keeps it.
	Exe exeStamp `json:"exe"`
	// Configs are the verdicts of up to maxConfigs sets of settings, the
	// most recently used first.
	Configs []*cachedConfig `json:"configs"`
	// Outputs are the files mutprop runs wrote (reports, journals), by
	// absolute path: a later run does not take them for the user's files,
	// even where its own flags no longer name them.
	Outputs []string `json:"outputs,omitempty"`
}

// cachedConfig is the verdicts of one set of settings.
type cachedConfig struct {
	// Settings is the settings' key (runsettings.Settings.Key).
	Settings map[string]string `json:"settings"`
	// Env identifies what else every verdict depends on (cacheRun.env):
	// the go command, mutprop's build, the module files.
	Env map[string]string `json:"env"`
	// Tests are the inputs of each test package (its files, the code it
	// links, what its tests read) as the last run that ran its tests
	// recorded them: their reads are hashed again to key the verdicts
	// that depend on it.
	Tests    map[string]runlog.TestInputs `json:"tests,omitempty"`
	Packages map[string]*cachedPackage    `json:"packages"`
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
	// packages it imports; Tests its own test package's inputs ("" without
	// tests).
	Code  string `json:"code"`
	Tests string `json:"tests,omitempty"`
	// What the report needs besides the mutants, from the run that wrote
	// the package: its tests (gotest.PackageResult.Tests), the tests set
	// aside, the registered suites, the black-box strength's inputs
	// (gotest.PackageResult.Strength, as JSON) and a hash of the mutants
	// the suites and the strength measured.
	TestNames  []string                 `json:"testNames,omitempty"`
	SetAside   []gotest.SetAside        `json:"setAside,omitempty"`
	Suites     []gotest.SuiteResult     `json:"suites,omitempty"`
	Strength   json.RawMessage          `json:"strength,omitempty"`
	SuitesOver string                   `json:"suitesOver,omitempty"`
	Mutants    map[string]*cachedMutant `json:"mutants"`
}

// cachedMutant is one verdict: the journal's record of it, and the test
// packages it depends on with the hashes of their inputs
// (runlog.TestInputs.Sum).
type cachedMutant struct {
	runlog.Mutant
	Deps map[string]string `json:"deps,omitempty"`
	// All says that Deps are every test package that counted for the
	// mutated package and linked it: the verdict needs that set unchanged.
	All bool `json:"all,omitempty"`
}

// Cache is the outcome cache during one run: the file as read, the hashes
// of the tree as it is when the run starts, and the verdicts it serves.
type Cache struct {
	o    Options
	cr   *cacheRun    // nil: the cache is not used (NoCache, or it could not be)
	tree *runlog.Tree // nil when the tree could not be hashed
}

// cacheRun is the cache of one run, when it is used.
type cacheRun struct {
	path  string
	old   *outcomeCache // the file as read; empty when missing or unusable
	conf  *cachedConfig // the configuration of this run's settings: the file's, or a new one
	key   map[string]string
	env   map[string]string
	exe   exeStamp
	tree  *runlog.Tree
	warnf func(format string, args ...any)
	// outputs are the files mutprop runs wrote: the earlier runs' and
	// this one's (outcomeCache.Outputs).
	outputs []string

	// tests hashes each test package's inputs now (runlog.TestInputs.Sum
	// of its recorded reads hashed again), and changed says why one is
	// not what the cache recorded; fresh holds the inputs this run's
	// tests read, hashed as each package is ready.
	tests   map[string]string
	changed map[string]string
	fresh   map[string]runlog.TestInputs
	links   map[string]map[string]bool // test package -> the packages its test binary links
	// counting lists, per mutated package, the test packages whose tests
	// count for it (as gotest.Score picks them) and link it.
	counting map[string][]string
	ownTests bool
	matrix   bool

	hits    map[string]map[string]gotest.MutantResult // package -> mutant ID -> cached verdict
	served  map[string]map[string]bool                // what the cache gave this run
	resumed int                                       // mutants the journal gave (--resume)
	// unscored holds the packages the plan selects no mutant from, with a
	// filter (gotest.Selection.Live unset): Score does not build them.
	unscored map[string]bool
	total    int
	misses   map[string]int // why mutants were not in the cache, by reason
	envNote  string         // why the whole cache was not used
}

// Score runs gotest.Score with cfg through the outcome cache (Open, then
// Cache.Score).
func Score(ctx context.Context, cfg *gotest.Config, o Options) (*gotest.Result, error) {
	c, err := Open(ctx, cfg, o)
	if err != nil {
		return nil, err
	}
	return c.Score(ctx, cfg)
}

// Open reads the cache file (unless o.NoCache) and hashes what the
// verdicts of a run with cfg depend on in the tree (Tree). A cache that
// cannot be used (go env or go list fails) is left aside with a warning,
// and Tree is nil; Open fails only when ctx is done.
func Open(ctx context.Context, cfg *gotest.Config, o Options) (*Cache, error) {
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	if o.Warnf == nil {
		o.Warnf = func(string, ...any) {}
	}
	c := &Cache{o: o}
	cr, err := open(ctx, o, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if o.NoCache {
			o.Warnf("what verdicts depend on cannot be hashed (%v): the journal records none, and a resumed run reruns its mutants", err)
		} else {
			o.Warnf("outcome cache not used: %v", err)
		}
		return c, nil
	}
	c.tree = cr.tree
	if !o.NoCache {
		c.cr = cr
	}
	return c, nil
}

// Tree is what verdicts depend on in the tree as the run starts; nil when
// it could not be hashed.
func (c *Cache) Tree() *runlog.Tree {
	if c == nil {
		return nil
	}
	return c.tree
}

// Score runs gotest.Score with cfg through the outcome cache: with every
// selected mutant in the cache, nothing is built and the result comes from
// it, through cfg's plan and observer (Prior, Ready, Finished) as a run's
// would; with some, those are given to Score as prior outcomes and sent to
// Finished as outcomes of this run. cfg's Plan and Observer are replaced.
func (c *Cache) Score(ctx context.Context, cfg *gotest.Config) (*gotest.Result, error) {
	cr, o := c.cr, c.o
	if cr == nil {
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
		o.Logf("%d of %d mutants from the cache, 0 run: nothing built (%.2f s)",
			cr.count(), cr.total, time.Since(o.Started).Seconds())
		if cr.old.Exe != cr.exe || !slices.Equal(cr.old.Outputs, cr.outputs) || len(cr.old.Configs) == 0 || cr.old.Configs[0] != cr.conf {
			cr.save(cfg, nil) // the executable's new stamp, this run's output files, the configuration used last
		}
		return res, nil
	}
	cr.hook(cfg)
	res, err := gotest.Score(ctx, *cfg)
	if err != nil || res == nil {
		return res, err
	}
	o.Logf("%d of %d mutants from the cache, %d run%s",
		cr.count(), cr.total, cr.total-cr.count()-cr.resumed, cr.missNote())
	if !res.Interrupted {
		cr.save(cfg, res)
	}
	return res, nil
}

// open reads the cache file (unless o.NoCache), hashes what verdicts
// depend on, and picks the configuration of o's settings.
func open(ctx context.Context, o Options, cfg *gotest.Config) (*cacheRun, error) {
	cr := &cacheRun{
		path:     filepath.Join(o.Results, "cache", "outcomes.json"),
		old:      &outcomeCache{},
		warnf:    o.Warnf,
		key:      o.Settings.Key(),
		ownTests: cfg.OwnTests,
		matrix:   cfg.Matrix,
		fresh:    map[string]runlog.TestInputs{},
		hits:     map[string]map[string]gotest.MutantResult{},
		served:   map[string]map[string]bool{},
		misses:   map[string]int{},
	}
	if !o.NoCache {
		cr.read()
	}
	goEnv, err := goCommandEnv(ctx)
	if err != nil {
		return nil, err
	}
	if !o.NoCache {
		if cr.exe, err = executableStamp(cr.old.Exe); err != nil {
			return nil, err
		}
	}
	cr.outputs = mergeOutputs(cr.old.Outputs, o.Outputs)
	var testOnly []string
	for _, tp := range cfg.TestPackages {
		testOnly = append(testOnly, tp.Path)
	}
	tree, links, modules, err := hashTree(ctx, newTreeHasher(cr.outputs), o.Packages, testOnly, cfg.Tags, cfg.OwnTests, goEnv["GOWORK"])
	if err != nil {
		return nil, err
	}
	cr.tree, cr.links = tree, links
	cr.env = map[string]string{
		"go":      goEnvString(goEnv),
		"mutprop": cr.exe.Hash,
		"modules": modules,
	}
	cr.pickConfig()
	return cr, nil
}

// read reads the cache file; one that is missing, corrupt or of another
// format leaves the cache empty.
func (cr *cacheRun) read() {
	b, err := os.ReadFile(cr.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return
	case err != nil:
		cr.warnf("the outcome cache %s cannot be read (%v): ignored", cr.path, err)
		return
	}
	var c outcomeCache
	switch err := json.Unmarshal(b, &c); {
	case err != nil:
		cr.warnf("the outcome cache %s is corrupt (%v): ignored, and rewritten after this run", cr.path, err)
	case c.Format != cacheFormat:
		cr.warnf("the outcome cache %s has format %d, not %d: ignored, and rewritten after this run", cr.path, c.Format, cacheFormat)
	default:
		c.Configs = slices.DeleteFunc(c.Configs, func(conf *cachedConfig) bool { return conf == nil })
		cr.old = &c
	}
}

// pickConfig finds the configuration of the run's settings: its verdicts
// hold while its environment (go command, mutprop, module files) is this
// run's. Then it hashes each test package's recorded inputs again.
func (cr *cacheRun) pickConfig() {
	for _, conf := range cr.old.Configs {
		if maps.Equal(conf.Settings, cr.key) {
			cr.conf = conf
			break
		}
	}
	switch {
	case cr.conf == nil && len(cr.old.Configs) > 0:
		cr.envNote = "none with these settings"
		if diff := settingsDiff(cr.old.Configs[0].Settings, cr.key); diff != "" {
			cr.envNote += " (the last run's differ in " + diff + ")"
		}
	case cr.conf != nil:
		var changed []string
		for _, k := range sortedKeys(mergeKeys(cr.env, cr.conf.Env)) {
			if cr.conf.Env[k] != cr.env[k] {
				changed = append(changed, envName(k))
			}
		}
		if len(changed) > 0 {
			cr.envNote = "the cache was made with another " + strings.Join(changed, ", ")
			cr.conf = nil
		}
	}
	if cr.conf == nil {
		cr.conf = &cachedConfig{Settings: cr.key, Packages: map[string]*cachedPackage{}}
	}
	if cr.conf.Packages == nil {
		cr.conf.Packages = map[string]*cachedPackage{}
	}
	cr.conf.Env = cr.env
	cr.tests, cr.changed = map[string]string{}, map[string]string{}
	for q := range cr.tree.TestFiles {
		then, ok := cr.conf.Tests[q]
		now := cr.tree.TestInputs(q, nil)
		if ok {
			now = cr.tree.Rehash(q, then)
			cr.changed[q] = runlog.WhyChanged(q, then, now)
		}
		cr.tests[q] = now.Sum()
	}
}

// settingsDiff names the flags whose settings differ between two keys.
func settingsDiff(a, b map[string]string) string {
	var flags []string
	for _, k := range sortedKeys(mergeKeys(a, b)) {
		if a[k] != b[k] {
			flags = append(flags, runsettings.FlagName(k))
		}
	}
	return strings.Join(flags, ", ")
}

// envName names an entry of the cache's environment for the reader.
func envName(k string) string {
	switch k {
	case "go":
		return "go command (go env)"
	case "mutprop":
		return "mutprop build"
	case "modules":
		return "go.mod or go.sum"
	}
	return k
}

// mergeKeys returns a map with the keys of a and b.
func mergeKeys(a, b map[string]string) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// mergeOutputs returns the sorted union of two path lists.
func mergeOutputs(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
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

// missNote says why mutants ran: " (12: not in the cache; 3: tests of x changed)".
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

// save writes the cache: the verdicts of res with the hashes taken when
// the run started (and the inputs its tests read, hashed as each package
// was ready), over what the configuration held, as the most recently used
// one. With a nil res it only rewrites the file (a new executable stamp,
// new output files, the configuration used last).
func (cr *cacheRun) save(cfg *gotest.Config, res *gotest.Result) {
	conf := cr.conf
	if res != nil {
		if conf.Tests == nil {
			conf.Tests = map[string]runlog.TestInputs{}
		}
		for q, ti := range cr.fresh {
			conf.Tests[q] = ti
			cr.tests[q] = ti.Sum()
		}
		for _, pr := range res.Packages {
			if cr.unscored[pr.Path] {
				continue // nothing selected: the package was not scored
			}
			p := pr.Path
			cp := conf.Packages[p]
			if cp == nil || cp.Code != cr.tree.Code[p] {
				cp = &cachedPackage{Mutants: map[string]*cachedMutant{}}
				conf.Packages[p] = cp
			}
			cp.Code, cp.Tests = cr.tree.Code[p], cr.tests[p]
			cp.TestNames = nil
			for _, t := range pr.Tests {
				cp.TestNames = append(cp.TestNames, t.Name)
			}
			cp.SetAside, cp.Suites, cp.Strength = pr.SetAside, pr.Suites, nil
			if len(pr.Strength) > 0 {
				sb, err := json.Marshal(pr.Strength)
				if err != nil {
					cr.warnf("the outcome cache was not written: %v", err)
					return
				}
				cp.Strength = sb
			}
			var muts []mutate.Mutant
			for _, m := range pr.Mutants {
				muts = append(muts, m.Mutant)
				if m.Outcome == "" {
					continue
				}
				rec := runlog.NewMutant(&gotest.PackageResult{}, m)
				rec.Diff = "" // a journal's verdict has one; the report makes it
				rec.Mutant = runlog.Portable(rec.Mutant)
				deps, all := cr.deps(p, m)
				cp.Mutants[m.Mutant.ID] = &cachedMutant{Mutant: rec, Deps: deps, All: all}
			}
			cp.SuitesOver = mutantsHash(muts)
		}
	}
	configs := []*cachedConfig{conf}
	for _, other := range cr.old.Configs {
		if len(configs) < maxConfigs && !maps.Equal(other.Settings, conf.Settings) {
			configs = append(configs, other)
		}
	}
	c := &outcomeCache{Format: cacheFormat, Exe: cr.exe, Configs: configs, Outputs: cr.outputs}
	b, err := json.Marshal(c)
	if err == nil {
		err = writeCacheFile(cr.path, b)
	}
	if err != nil {
		cr.warnf("the outcome cache was not written: %v", err)
	}
}

// writeCacheFile writes b to path through a temporary file and a rename,
// so that a reader never sees half a cache.
func writeCacheFile(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := runlog.EnsureResultsDir(filepath.Dir(dir)); err != nil {
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

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
