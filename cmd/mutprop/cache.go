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
	"github.com/mutprop/mutprop/runsettings"
)

// openCache reads the outcome cache (package runcache) and hashes what
// verdicts depend on in the tree, which the journal records: with
// --no-cache only the tree, and with --no-journal too, nothing (nil).
func (f *runFlags) openCache(ctx context.Context, e *cli.Env, cfg *gotest.Config, s runsettings.Settings, listed, testOnly []preflight.ListedPackage, started time.Time) (*runcache.Cache, error) {
	if f.noCache && f.noJournal {
		return nil, nil
	}
	var paths []string
	for _, p := range listed {
		paths = append(paths, p.ImportPath)
	}
	for _, p := range testOnly {
		paths = append(paths, p.ImportPath)
	}
	return runcache.Open(ctx, cfg, runcache.Options{
		Results:  f.results,
		Settings: s,
		Packages: paths,
		Outputs:  f.outputs(),
		NoCache:  f.noCache,
		Started:  started,
		Logf: func(format string, args ...any) {
			fmt.Fprintf(e.Stderr, "mutprop run: "+format+"\n", args...)
		},
		Warnf: func(format string, args ...any) {
			fmt.Fprintf(e.Stderr, "mutprop run: warning: "+format+"\n", args...)
		},
	})
}

// score runs gotest.Score through the outcome cache, or not (nil, or
// --no-cache).
func (f *runFlags) score(ctx context.Context, cache *runcache.Cache, cfg *gotest.Config) (*gotest.Result, error) {
	if cache == nil {
		return gotest.Score(ctx, *cfg)
	}
	return cache.Score(ctx, cfg)
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
