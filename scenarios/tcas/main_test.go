package tcas

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
)

// workerEnv, when set in the environment of this test binary, makes it a
// TCAS worker serving the mode it holds instead of running tests: tests
// evaluate versions in processes of their own binary, each with its
// MUTPROP_ACTIVE, exactly as mutprop does.
const workerEnv = "MUTPROP_TCAS_TEST_WORKER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(workerEnv); mode != "" {
		active, err := propsuite.ParseActive(os.Getenv(propsuite.ActiveEnv))
		if err == nil {
			err = ServeWorker(context.Background(), mode, active, os.Stdin, os.Stdout)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testLauncher starts this test binary as a worker.
func testLauncher(t testing.TB) Launcher {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return func(mode string) (proc.Spec, error) {
		return proc.Spec{Path: exe, Args: []string{"-test.run=^$"}, Env: append(os.Environ(), workerEnv+"="+mode)}, nil
	}
}
