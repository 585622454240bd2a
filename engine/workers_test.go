package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// workerEnv makes this test binary a worker: its value says how it behaves.
const (
	workerEnv = "ENGINE_TEST_WORKER"
	groupEnv  = "ENGINE_TEST_GROUP"
)

type request struct{ N int }
type answer struct {
	N     int
	Group string
}

func TestMain(m *testing.M) {
	switch os.Getenv(workerEnv) {
	case "":
		os.Exit(m.Run())
	case "echo": // answers N+1 and its group; N < 0 hangs, N == 0 dies
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			var r request
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				fmt.Println("not json")
				continue
			}
			switch {
			case r.N < 0:
				time.Sleep(time.Hour)
			case r.N == 0:
				fmt.Fprintln(os.Stderr, "dying on request 0")
				os.Exit(2)
			}
			b, _ := json.Marshal(answer{N: r.N + 1, Group: os.Getenv(groupEnv)})
			fmt.Printf("%s\n", b)
		}
	case "garbage":
		io.Copy(io.Discard, bufio.NewReader(os.Stdin)) // answers nothing parseable
	case "alloc":
		var keep [][]byte
		for {
			b := make([]byte, 64<<20)
			for i := range b {
				b[i] = 1
			}
			keep = append(keep, b)
			runtime.KeepAlive(keep)
		}
	case "sum": // a framing of its own: a count, then that many bytes; answers their sum
		r := bufio.NewReader(os.Stdin)
		var n int
		if _, err := fmt.Fscanln(r, &n); err != nil {
			os.Exit(1)
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(r, b); err != nil {
			os.Exit(1)
		}
		sum := 0
		for _, x := range b {
			sum += int(x)
		}
		fmt.Println(sum)
	}
	os.Exit(0)
}

func testPool(t *testing.T, mode string, mem proc.MemoryCap) *Pool {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Pool{GroupEnv: groupEnv, Command: func() (proc.Spec, error) {
		return proc.Spec{Path: exe, Env: append(os.Environ(), workerEnv+"="+mode), Memory: mem}, nil
	}}
}

func TestAWorkerAnswersItsCallsInItsGroupAndStops(t *testing.T) {
	t.Parallel()
	w, err := testPool(t, "echo", proc.MemoryCap{}).Start(7)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	for n := 1; n <= 3; n++ {
		var a answer
		if err := w.Call(context.Background(), request{N: n}, &a, 10*time.Second); err != nil {
			t.Fatal(err)
		}
		if a.N != n+1 || a.Group != "7" || w.Group() != 7 {
			t.Fatalf("answer %+v from group %d: want N=%d from group 7", a, w.Group(), n+1)
		}
	}
	w.Stop()
	if res := w.kill(); res.ExitCode != 0 || res.Signal != "" {
		t.Errorf("a stopped worker ended with %d %q, want a clean exit", res.ExitCode, res.Signal)
	}
}

func TestAHangingWorkerTimesOutAndADyingOneDiesWithItsStderr(t *testing.T) {
	t.Parallel()
	pool := testPool(t, "echo", proc.MemoryCap{})
	w, err := pool.Start(0)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := w.Call(context.Background(), request{N: -1}, new(answer), 200*time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Fatalf("hanging call: %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 30*time.Second { // a hang, not a loaded machine
		t.Errorf("the timeout took %v", d)
	}
	if res := w.kill(); res.Signal != "killed" {
		t.Errorf("a timed-out worker ended with %q, want killed", res.Signal)
	}
	w, err = pool.Start(0)
	if err != nil {
		t.Fatal(err)
	}
	var died *DiedError
	if err := w.Call(context.Background(), request{N: 0}, new(answer), 10*time.Second); !errors.As(err, &died) || !strings.Contains(died.Reason, "worker died: dying on request 0") {
		t.Fatalf("dying call: %v, want a DiedError with the worker's stderr", err)
	}
	w.Stop() // after its death: a no-op
}

func TestACancelledCallKillsItsWorker(t *testing.T) {
	t.Parallel()
	w, err := testPool(t, "echo", proc.MemoryCap{}).Start(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := w.Call(ctx, request{N: -1}, new(answer), 0); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("call: %v, want the context's error", err)
	}
	if res := w.kill(); res.Signal != "killed" {
		t.Errorf("worker ended with %q, want killed", res.Signal)
	}
}

func TestAMalformedAnswerIsNotADeath(t *testing.T) {
	t.Parallel()
	w, err := testPool(t, "echo", proc.MemoryCap{}).Start(0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	var died *DiedError
	err = w.Call(context.Background(), json.RawMessage(`"not an object"`), new(answer), 10*time.Second)
	if err == nil || errors.As(err, &died) || !strings.Contains(err.Error(), "malformed") {
		t.Fatalf("call: %v, want a malformed answer", err)
	}
}

func TestExchangeCarriesAFramingOfTheCallers(t *testing.T) {
	t.Parallel()
	w, err := testPool(t, "sum", proc.MemoryCap{}).Start(0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	// More than a pipe's buffer, so that the request is still being
	// written while the worker reads it.
	payload := make([]byte, 1<<20)
	for i := range payload {
		payload[i] = 1
	}
	var sum int
	err = w.Exchange(context.Background(), 30*time.Second, func(in io.Writer) error {
		if _, err := fmt.Fprintln(in, len(payload)); err != nil {
			return err
		}
		_, err := in.Write(payload)
		return err
	}, func(out *bufio.Reader) error {
		_, err := fmt.Fscanln(out, &sum)
		return err
	})
	if err != nil || sum != len(payload) {
		t.Fatalf("exchange: sum %d, %v; want %d", sum, err, len(payload))
	}
}

func TestAWorkerPastItsMemoryCapDiesNamingTheCap(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory watchdog runs on Linux")
	}
	t.Parallel()
	w, err := testPool(t, "alloc", proc.MemoryCap{Hard: 256 << 20}).Start(0)
	if err != nil {
		t.Fatal(err)
	}
	var died *DiedError
	err = w.Call(context.Background(), request{N: 1}, new(answer), time.Minute)
	if !errors.As(err, &died) || !strings.Contains(died.Reason, "worker exceeded its memory cap (resident ") || !strings.Contains(died.Reason, " > cap 256 MiB)") {
		t.Fatalf("call: %v, want a death by the memory cap", err)
	}
}
