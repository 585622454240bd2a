package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// TestASecondInterruptExitsAtOnce checks InterruptContext: the first
// interrupt cancels the command's context, an echo of it (a wrapper
// forwarding the same signal) is ignored, a second one later exits with
// 130 without waiting for the command.
func TestASecondInterruptExitsAtOnce(t *testing.T) {
	t.Parallel()
	sig := make(chan os.Signal, 2)
	exited := make(chan int, 1)
	e := &Env{Stdout: io.Discard, Stderr: io.Discard, Signals: sig, Exit: func(code int) { exited <- code }}
	ctx, stop := InterruptContext(e)
	defer stop()
	sig <- os.Interrupt
	sig <- os.Interrupt // its echo
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the first interrupt did not cancel the context")
	}
	select {
	case code := <-exited:
		t.Fatalf("the first interrupt or its echo exited (%d)", code)
	case <-time.After(echoWindow + 100*time.Millisecond):
	}
	sig <- os.Interrupt
	select {
	case code := <-exited:
		if code != ExitInterrupted {
			t.Fatalf("exit %d, want %d", code, ExitInterrupted)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second interrupt did not exit")
	}
}

func testEnv() (*Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	return &Env{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader(""), Getenv: func(string) string { return "" }}, &out, &errOut
}

func TestFailPrintsOneLineAndTheErrorsExitCode(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		err  error
		code int
	}{
		{UsageError("bad %s", "flag"), ExitUsage},
		{CannotRun("no build"), ExitError},
		{errors.New("plain"), ExitError},
		{WithCode(ExitFailed, errors.New("gate")), ExitFailed},
		{WithCode(ExitInterrupted, UsageError("kept")), ExitUsage}, // WithCode keeps an existing code
		{WithCode(ExitInterrupted, errors.New("stopped")), ExitInterrupted},
	} {
		e, _, errOut := testEnv()
		if code := Fail(e, "cmd", c.err); code != c.code {
			t.Errorf("%v: exit %d, want %d", c.err, code, c.code)
		}
		if want := "mutprop cmd: " + c.err.Error() + "\n"; errOut.String() != want {
			t.Errorf("stderr %q, want %q", errOut, want)
		}
	}
	if WithCode(ExitError, nil) != nil {
		t.Error("WithCode of nil is not nil")
	}
}

func TestOneLineFoldsCompilerOutput(t *testing.T) {
	t.Parallel()
	msg := "# example.com/tiny\n./broken.go:3:9: cannot use x\n/abs/broken.go:3:9: cannot use x\n-: second; third\n\n"
	if got, want := oneLine(msg), "./broken.go:3:9: cannot use x; second; third"; got != want {
		t.Fatalf("oneLine = %q, want %q", got, want)
	}
}

func TestHelpGoesToStdoutAndFlagErrorsToStderr(t *testing.T) {
	t.Parallel()
	e, out, errOut := testEnv()
	fs := NewFlagSet(e, "thing", "ARG", "\nDoes a thing.\n")
	fs.Int("n", 1, "how many")
	if code := ParseFlags(fs, []string{"--help"}); code != ExitOK {
		t.Fatalf("--help: exit %d", code)
	}
	want := "Usage: mutprop thing [flags] ARG\n\nDoes a thing.\n\nFlags:\n  -n int\n    \thow many (default 1)\n"
	if out.String() != want || errOut.Len() != 0 {
		t.Fatalf("--help: stdout %q, stderr %q; want stdout %q", out, errOut, want)
	}

	e, out, errOut = testEnv()
	fs = NewFlagSet(e, "thing", "", "")
	fs.Int("n", 1, "how many")
	if code := ParseFlags(fs, []string{"-n", "x"}); code != ExitUsage {
		t.Fatalf("bad value: exit %d", code)
	}
	want = "mutprop thing: invalid value \"x\" for flag -n: parse error\nRun 'mutprop thing --help' for its flags.\n"
	if errOut.String() != want || out.Len() != 0 {
		t.Fatalf("bad value: stderr %q, stdout %q; want stderr %q", errOut, out, want)
	}

	e, _, _ = testEnv()
	fs = NewFlagSet(e, "thing", "", "")
	if code := ParseFlags(fs, []string{"--", "-h"}); code != -1 || fs.Arg(0) != "-h" {
		t.Fatalf("-h after --: exit %d, args %q; want -1 and -h an argument", code, fs.Args())
	}
}

func TestVersionNamesTheModuleTheRevisionAndGo(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/mutprop/mutprop", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "4b0214b"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}
	got := versionOf(bi, true)
	want := "mutprop v1.2.3, revision 4b0214b+dirty (2026-01-02T03:04:05Z), " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	if got != want {
		t.Errorf("versionOf = %q, want %q", got, want)
	}
	if got := versionOf(&debug.BuildInfo{}, true); !strings.HasPrefix(got, "mutprop (devel), go") {
		t.Errorf("a build without version or revision: %q", got)
	}
	if got := versionOf(nil, false); !strings.HasPrefix(got, "mutprop (unknown), go") {
		t.Errorf("no build information: %q", got)
	}
}
