package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/preflight"
	"github.com/mutprop/mutprop/runcache"
)

// score runs gotest.Score through the outcome cache (package runcache),
// or not, with --no-cache.
func (f *runFlags) score(ctx context.Context, e *cli.Env, cfg *gotest.Config, listed, testOnly []preflight.ListedPackage, started time.Time) (*gotest.Result, error) {
	if f.noCache {
		return gotest.Score(ctx, *cfg)
	}
	var paths []string
	for _, p := range listed {
		paths = append(paths, p.ImportPath)
	}
	for _, p := range testOnly {
		paths = append(paths, p.ImportPath)
	}
	return runcache.Score(ctx, cfg, runcache.Options{
		Results:  f.results,
		Flags:    f.cacheFlags(),
		Packages: paths,
		Outputs:  f.outputs(),
		Started:  started,
		Logf: func(format string, args ...any) {
			fmt.Fprintf(e.Stderr, "mutprop run: "+format+"\n", args...)
		},
		Warnf: func(format string, args ...any) {
			fmt.Fprintf(e.Stderr, "mutprop run: warning: "+format+"\n", args...)
		},
	})
}

// cacheFlags describes the flags that change verdicts.
func (f *runFlags) cacheFlags() string {
	s := fmt.Sprintf("seed=%d operators=%q mode=%s matrix=%t probes=%t run=%q tags=%q timeout-factor=%g timeout-const=%v mem-limit=%d own-tests=%t strict-baseline=%t flaky=%s",
		f.seed, f.ops, f.mode, f.matrix, f.probes, f.runRE, f.tags, f.factor, f.tconst, f.memLimit, f.ownTests, f.strict, f.flaky)
	if f.memLimit < 0 {
		s += fmt.Sprintf(" workers=%d", f.workers) // the memory cap is sized from them
	}
	if k := f.blackbox.key(); k != "" {
		s += " " + k
	}
	return s
}

// outputs are the absolute paths of what this run writes: the results
// directory, the journal and the reports.
func (f *runFlags) outputs() []string {
	var out []string
	for _, p := range []string{f.results, f.journal, f.jsonOut, f.htmlOut, f.ci.Annotations.GitLab} {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil {
			out = append(out, abs)
		}
	}
	return out
}
