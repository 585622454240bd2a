package main

import (
	"flag"
	"fmt"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/runlog"
	"github.com/mutprop/mutprop/runreport"
)

// mergeFlags are the flags of mutprop merge that only run journals use.
type mergeFlags struct {
	json, html string
	minScore   string
	ci         ciFlags
}

func (m *mergeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.json, "json", "", "run journals: write the report (mutation-testing-report-schema) to `FILE`")
	fs.StringVar(&m.html, "html", "", "run journals: write a self-contained HTML report to `FILE`")
	fs.StringVar(&m.minScore, "min-score", "", "run journals: exit 1 when the mutation score is below `P` percent")
	m.ci.register(fs)
}

// isRunJournal reports whether the journal at path was written by
// mutprop run.
func isRunJournal(path string) bool { return runlog.IsJournal(path) }

// mergeRun combines the journals of the shards of one mutprop run
// (runlog.Merge): it prints the tables and writes the reports the
// unsharded run gives, and with out the merged journal.
func mergeRun(e *cli.Env, out string, mf mergeFlags, paths []string) error {
	min, err := parseMinScore(mf.minScore)
	if err != nil {
		return err
	}
	ci, err := mf.ci.open(paths)
	if err != nil {
		return err
	}
	if err := mf.ci.checkOutputs(e, [][2]string{{"-o", out}, {"--json", mf.json}, {"--html", mf.html}}, [2]string{}); err != nil {
		return err
	}
	merged, warnings, err := runlog.Merge(paths)
	for _, w := range warnings {
		fmt.Fprintln(e.Stderr, "mutprop merge: warning:", w)
	}
	if err != nil {
		return cli.UsageError("%v", err)
	}
	if out != "" {
		if err := engine.WriteLog(out, merged.Header, merged.Records, (*runlog.Record).Key); err != nil {
			return cli.CannotRun("merged journal: %v", err)
		}
	}
	pkgs, header := merged.Packages, merged.Header
	rep, err := runreport.New(pkgs, runreport.Options{Blackbox: header.Extra["blackbox"] != ""})
	if err != nil {
		return cli.CannotRun("%v", err)
	}
	verdicts := ci.assess(e, rep, ciRun{cmd: "merge", complete: header.Extra["since"] == "" && header.Extra["operators"] == ""})
	if err := runreport.Write(e.Stdout, rep, runreport.Outputs{JSON: mf.json, HTML: mf.html, Matrix: header.Extra["matrix"] == "true"}); err != nil {
		return cli.CannotRun("%v", err)
	}
	gate, err := ci.report(verdicts, rep)
	if err != nil {
		return err
	}
	score := rep.Score
	n := 0
	for _, p := range pkgs {
		n += len(p.Mutants)
	}
	fmt.Fprintf(e.Stderr, "mutprop merge: %d mutants of %d packages from %d journals\n", n, len(pkgs), len(paths))
	if err := min.check(e.Stderr, "merge", score, header.Extra["since"]); err != nil {
		return err
	}
	return gate
}
