package hostile

//lint:file-ignore U1000 the variants run only through mutprop's schemata
//lint:file-ignore SA5007 the overflowing variant recurses on purpose

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// Double returns 2x.
func Double(x int) int {
	return 2 * x
}

// Triangle returns 1 + 2 + ... + n.
func Triangle(n int) int {
	s := 0
	for i := 1; i <= n; i++ {
		s += i
	}
	return s
}

// record appends "what pid pgid sid" to $HOSTILE_LOG/pids.
//
//mutprop:ignore
func record(what string, pid int) {
	dir := os.Getenv("HOSTILE_LOG")
	if dir == "" {
		return
	}
	pgid, _ := syscall.Getpgid(pid)
	sid, _ := getsid(pid)
	f, err := os.OpenFile(filepath.Join(dir, "pids"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintf(f, "%s %d %d %d\n", what, pid, pgid, sid)
	f.Close()
}

// getsid returns the session id of pid.
//
//mutprop:ignore
func getsid(pid int) (int, error) {
	sid, _, errno := syscall.RawSyscall(syscall.SYS_GETSID, uintptr(pid), 0, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(sid), nil
}

// doubleLoop never returns.
//
//mutprop:variant Double loop "loops forever"
func doubleLoop(x int) int {
	for {
		x++
	}
}

// doubleSleep sleeps past any deadline.
//
//mutprop:variant Double sleep "sleeps for an hour"
func doubleSleep(x int) int {
	time.Sleep(time.Hour)
	return 2 * x
}

// doubleOverflow recurses without a base case.
//
//mutprop:variant Double overflow "recurses until the stack overflows"
func doubleOverflow(x int) int {
	return doubleOverflow(x+1) + 1
}

// doubleExit0 exits with status 0 in the middle of a test.
//
//mutprop:variant Double exit0 "calls os.Exit(0)"
func doubleExit0(x int) int {
	os.Exit(0)
	return 2 * x
}

// doubleExit1 exits with status 1 in the middle of a test.
//
//mutprop:variant Double exit1 "calls os.Exit(1)"
func doubleExit1(x int) int {
	os.Exit(1)
	return 2 * x
}

// doubleGoexit ends the test's goroutine.
//
//mutprop:variant Double goexit "calls runtime.Goexit"
func doubleGoexit(x int) int {
	runtime.Goexit()
	return 2 * x
}

// doubleDeadlock locks a mutex it holds.
//
//mutprop:variant Double deadlock "locks a mutex twice"
func doubleDeadlock(x int) int {
	var mu sync.Mutex
	mu.Lock()
	mu.Lock()
	return 2 * x
}

var sink [][]byte

// doubleAlloc allocates (and touches) memory until something stops it.
//
//mutprop:variant Double alloc "allocates without bound"
func doubleAlloc(x int) int {
	for {
		b := make([]byte, 64<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		sink = append(sink, b)
	}
}

// doubleNoisy writes to its standard output without end, as fast as it
// can: 12 KB lines.
//
//mutprop:variant Double noisy "writes output without end"
func doubleNoisy(x int) int {
	line := make([]byte, 12000)
	for i := range line {
		line[i] = 'x'
	}
	line[len(line)-1] = '\n'
	for {
		if _, err := os.Stdout.Write(line); err != nil {
			return 2 * x
		}
	}
}

// doubleOrphan starts a child that outlives it, in its process group, with
// the test binary's stdout and stderr.
//
//mutprop:variant Double orphan "starts a child process that outlives it"
func doubleOrphan(x int) int {
	record("orphan-self", os.Getpid())
	cmd := exec.Command("sleep", "1000")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if cmd.Start() == nil {
		record("orphan-child", cmd.Process.Pid)
	}
	return 2 * x
}

// doubleEscape starts children that leave its process group: one in a new
// session (holding the test binary's stdout), one in a new process group.
//
//mutprop:variant Double escape "starts child processes that leave its process group"
func doubleEscape(x int) int {
	record("escape-self", os.Getpid())
	setsid := exec.Command("sleep", "1000")
	setsid.Stdout = os.Stdout
	setsid.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if setsid.Start() == nil {
		record("escape-setsid", setsid.Process.Pid)
	}
	setpgid := exec.Command("sleep", "1000")
	setpgid.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if setpgid.Start() == nil {
		record("escape-setpgid", setpgid.Process.Pid)
	}
	return 2 * x
}

// doubleWriteCwd writes into its working directory, a subdirectory of it,
// its parent and the temporary directory: all of them mutprop's scratch.
//
//mutprop:variant Double writecwd "writes files into its working and temporary directories"
func doubleWriteCwd(x int) int {
	_ = os.WriteFile("hostile-cwd.txt", []byte("cwd"), 0o644)
	_ = os.MkdirAll("testdata/hostile-dir", 0o755)
	_ = os.WriteFile("testdata/hostile-dir/file.txt", []byte("cwd"), 0o644)
	_ = os.WriteFile("testdata/victim.txt", []byte("overwritten in the scratch copy"), 0o644)
	if f, err := os.CreateTemp("", "mutprop-hostile-*"); err == nil {
		f.Close()
	}
	_ = os.WriteFile(filepath.Join(os.TempDir(), "mutprop-hostile-fixed.txt"), []byte("tmp"), 0o644)
	return 2 * x
}

// doubleWritePkg writes into the package directory: where runtime.Caller
// says its source is (relative under -trimpath, so that lands in the
// scratch directory) and, by absolute path, $HOSTILE_PKG_DIR: a new file
// and an overwritten one.
//
//mutprop:variant Double writepkg "writes into its package directory"
func doubleWritePkg(x int) int {
	if _, file, _, ok := runtime.Caller(0); ok {
		dir := filepath.Dir(file)
		_ = os.MkdirAll(dir, 0o755)
		_ = os.WriteFile(filepath.Join(dir, "hostile-caller.txt"), []byte("caller"), 0o644)
	}
	if dir := os.Getenv("HOSTILE_PKG_DIR"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, "hostile-pkg.txt"), []byte("pkg"), 0o644)
		_ = os.WriteFile(filepath.Join(dir, "testdata", "victim.txt"), []byte("overwritten"), 0o644)
	}
	return 2 * x
}

// doubleRmPkg removes a file of the package directory.
//
//mutprop:variant Double rmpkg "removes a file of its package directory"
func doubleRmPkg(x int) int {
	if dir := os.Getenv("HOSTILE_PKG_DIR"); dir != "" {
		_ = os.Remove(filepath.Join(dir, "testdata", "keep.txt"))
	}
	return 2 * x
}
