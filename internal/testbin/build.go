package testbin

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// BuildSpec says how to compile a package's test binary.
type BuildSpec struct {
	Dir     string // the package directory; go test -c runs there on "."
	Overlay string // a go build -overlay JSON; "" for the original sources
	Out     string // the binary to write
	// CoverPkg, when set, builds with -cover -coverpkg=CoverPkg (the
	// package's import path) for per-test coverage profiles.
	CoverPkg string
	// Plain builds as go test does. Otherwise the binary is linked without
	// DWARF (-ldflags=-w: no test reads its own debug information, stack
	// traces and runtime.Caller use the symbol and line tables, which stay;
	// it saves a tenth of a schemata build), unless GOFLAGS sets -ldflags.
	Plain bool
	// Tags are build tags, passed as -tags (the process's GOFLAGS still
	// applies); none for the default.
	Tags []string
}

// buildTimeout bounds one go test -c.
const buildTimeout = 10 * time.Minute

// Build runs go test -c -vet=off. Score builds in the module's copy, not
// in the user's tree, and without -trimpath, as go test does: a test that
// locates its sources with runtime.Caller finds them in the copy. The go
// command's temporary files go beside b.Out (GOTMPDIR). The error carries
// the compiler's output.
func Build(ctx context.Context, b BuildSpec) error {
	args := []string{"test", "-c", "-vet=off", "-o", b.Out}
	if b.Overlay != "" {
		args = append(args, "-overlay", b.Overlay)
	}
	if b.CoverPkg != "" {
		args = append(args, "-cover", "-coverpkg", b.CoverPkg)
	}
	if len(b.Tags) > 0 {
		args = append(args, "-tags="+strings.Join(b.Tags, ","))
	}
	if !b.Plain && !strings.Contains(os.Getenv("GOFLAGS"), "-ldflags") {
		args = append(args, "-ldflags=-w")
	}
	args = append(args, ".")
	// The go command's work directory goes beside the binary, in the
	// run's temporary directory: a build ended by an interrupt (its
	// process group killed) leaves it behind, and removing the run's
	// directory then removes it too.
	env := append(os.Environ(), "GOTMPDIR="+filepath.Dir(b.Out))
	if ownWorkspace(b.Dir) {
		env = append(env, "GOWORK=")
	}
	res, err := proc.Run(ctx, proc.Spec{Path: goCommand(), Args: args, Dir: b.Dir, Env: env, Timeout: buildTimeout})
	if err != nil {
		return fmt.Errorf("go test -c in %s: %w", b.Dir, err)
	}
	switch {
	case res.End == proc.EndCanceled:
		return fmt.Errorf("go test -c in %s: %w", b.Dir, context.Canceled)
	case res.End == proc.EndTimedOut:
		return fmt.Errorf("go test -c in %s: no result within %v", b.Dir, buildTimeout)
	case res.ExitCode != 0:
		return fmt.Errorf("go test -c in %s: %s", b.Dir, strings.TrimSpace(string(res.Output)))
	}
	if _, err := os.Stat(b.Out); err != nil {
		return fmt.Errorf("go test -c in %s wrote no binary (does the package have tests?): %w", b.Dir, err)
	}
	return nil
}

// goCommand is the go command: $GOROOT/bin/go when GOROOT is set, else "go"
// from PATH.
func goCommand() string {
	if r := os.Getenv("GOROOT"); r != "" {
		if _, err := os.Stat(r + "/bin/go"); err == nil {
			return r + "/bin/go"
		}
	}
	return "go"
}

// ownWorkspace reports whether $GOWORK names a go.work other than the one
// found from dir up: a copy of a module has its own (sandbox.CopyModule),
// and the user's names the user's tree, not the copy. Then the build
// clears $GOWORK, so that the go command finds the copy's.
func ownWorkspace(dir string) bool {
	w := os.Getenv("GOWORK")
	if w == "" || w == "off" {
		return false
	}
	for d := dir; ; {
		found := filepath.Join(d, "go.work")
		if fi, err := os.Stat(found); err == nil && !fi.IsDir() {
			a, err1 := filepath.EvalSymlinks(found)
			b, err2 := filepath.EvalSymlinks(w)
			return err1 != nil || err2 != nil || a != b
		}
		parent := filepath.Dir(d)
		if parent == d {
			return false
		}
		d = parent
	}
}
