package main

import (
	"flag"

	"github.com/mutprop/mutprop/ci"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/preflight"
	"github.com/mutprop/mutprop/runreport"
)

// ciFlags are the CI flags of mutprop run and mutprop merge.
type ciFlags struct {
	ci.Options
}

func (c *ciFlags) register(fs *flag.FlagSet) {
	fs.Var(&c.Annotations, "annotations", "`KIND` of CI annotations for survivors and timeouts: github (::warning lines on stdout, and a Markdown summary appended to $GITHUB_STEP_SUMMARY), gitlab=FILE (a GitLab code-quality report; gitlab alone writes "+ci.DefaultGitLabReport+"); repeat or comma-separate for both")
	fs.StringVar(&c.Baseline, "baseline", "", "accepted survivors: `FILE` lists the undetected mutants that do not fail the run (keyed by package, function, operator and text, not lines); an undetected mutant missing from it exits 1, an entry whose mutant is now detected is reported stale")
	fs.BoolVar(&c.UpdateBaseline, "update-baseline", false, "write --baseline FILE from this run's undetected mutants (keeping the entries' reasons, dropping stale entries) instead of failing on new ones")
}

// ciReport reports a finished run for CI (package ci).
type ciReport struct{ r *ci.Reporter }

// open checks the CI flags and reads the baseline, before the run (ci.Open:
// its errors are usage errors). args are the command's arguments after
// the flags.
func (c *ciFlags) open(args []string) (*ciReport, error) {
	r, err := ci.Open(c.Options, args)
	if err != nil {
		return nil, cli.WithCode(cli.ExitUsage, err)
	}
	return &ciReport{r}, nil
}

// ciRun describes the run being reported (ci.Run).
type ciRun struct {
	cmd      string
	dirs     map[string]string
	complete bool
}

// listedDirs maps the packages' import paths to their directories.
func listedDirs(ps []preflight.ListedPackage) map[string]string {
	out := map[string]string{}
	for _, p := range ps {
		out[p.ImportPath] = p.Dir
	}
	return out
}

// assess finds what the CI outputs of the finished run show (ci.Assess),
// and sets the model's baseline verdicts, which its JSON report holds.
func (c *ciReport) assess(e *cli.Env, rep *runreport.Report, run ciRun) *ci.Verdicts {
	v := c.r.Assess(rep.Packages, ci.Run{Cmd: run.cmd, Dirs: run.dirs, Complete: run.complete,
		Stdout: e.Stdout, Stderr: e.Stderr, Getenv: e.Getenv})
	rep.Baseline = v.Baseline()
	return v
}

// report prints and writes the CI outputs of the run v assessed. gate
// fails the run (exit 1) when undetected mutants are not in the baseline;
// err is a failure to write (exit 3).
func (c *ciReport) report(v *ci.Verdicts, rep *runreport.Report) (gate, err error) {
	gate, err = c.r.Report(v, rep.Score)
	if err != nil {
		return nil, cli.WithCode(cli.ExitError, err)
	}
	if gate != nil {
		return cli.WithCode(cli.ExitFailed, gate), nil
	}
	return nil, nil
}

// checkOutputs checks, before any work, that every file the command will
// write can be written (cli.CheckWritable): the reports (flag name ->
// path, "" for none), the GitLab report, the baseline when
// --update-baseline writes it, and $GITHUB_STEP_SUMMARY with --annotations
// github. No two of them, the journal and the baseline may be one file
// (cli.CheckDistinct); journal is the journal's name and path.
func (c *ciFlags) checkOutputs(e *cli.Env, reports [][2]string, journal [2]string) error {
	outs := append([][2]string(nil), reports...)
	if c.Annotations.GitLab != "" {
		outs = append(outs, [2]string{"--annotations gitlab", c.Annotations.GitLab})
	}
	if c.UpdateBaseline && c.Baseline != "" {
		outs = append(outs, [2]string{"--baseline", c.Baseline})
	}
	if c.Annotations.GitHub && e.Getenv != nil && e.Getenv("GITHUB_STEP_SUMMARY") != "" {
		outs = append(outs, [2]string{"$GITHUB_STEP_SUMMARY", e.Getenv("GITHUB_STEP_SUMMARY")})
	}
	files := append([][2]string{journal}, outs...)
	if !c.UpdateBaseline {
		files = append(files, [2]string{"--baseline", c.Baseline}) // read: no output may replace it
	}
	if err := cli.CheckDistinct(files); err != nil {
		return err
	}
	for _, o := range outs {
		if o[1] == "" {
			continue
		}
		if err := cli.CheckWritable(o[0], o[1]); err != nil {
			return err
		}
	}
	return nil
}
