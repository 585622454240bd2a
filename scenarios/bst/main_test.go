package bst

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
)

// workerEnv, when set in the environment of this test binary, makes it a
// pool worker serving the named experiment instead of running tests: the
// tests measure mutants in processes of their own binary, each with its
// MUTPROP_ACTIVE, exactly as mutprop does.
const workerEnv = "MUTPROP_BST_TEST_WORKER"

func TestMain(m *testing.M) {
	if name := os.Getenv(workerEnv); name != "" {
		os.Exit(serveWorker(name))
	}
	os.Exit(m.Run())
}

func serveWorker(spec string) int {
	name, gens, _ := strings.Cut(spec, ":")
	var s *propsuite.Suite
	var err error
	if name == "mutants" {
		// The mutants experiment, as mutprop serves it: with the watchdog.
		s, err = MutantSuite(MutantOptions{Generator: gens, BlackBoxSeeds: 2})
		if err == nil {
			wd := &watchdog{MaxTestCPU: 200 * time.Millisecond}
			wd.guard(s)
			go wd.run(context.Background(), func(reason string) {
				fmt.Fprintln(os.Stderr, reason)
				os.Exit(3)
			})
		}
	} else {
		var e Experiment
		if e, err = ExperimentByName(name); err == nil {
			s, err = e.Suite(strings.Split(gens, ","), true)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	active, err := propsuite.ParseActive(os.Getenv(propsuite.ActiveEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if err := propsuite.Serve(context.Background(), s, active, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// testPool returns a pool whose workers are this test binary serving the
// experiment over the generators.
func testPool(t testing.TB, experiment string, generators []string) *propsuite.Processes {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	spec := experiment + ":" + strings.Join(generators, ",")
	return &propsuite.Processes{
		CellTimeout: time.Minute,
		Command: func() (proc.Spec, error) {
			return proc.Spec{Path: exe, Args: []string{"-test.run=^$"}, Env: append(os.Environ(), workerEnv+"="+spec)}, nil
		},
	}
}

func benchPool(b *testing.B, generators []string) *propsuite.Processes {
	return testPool(b, "fig13", generators)
}
