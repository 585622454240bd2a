// Package proc is mutprop's process hygiene: every process that runs a
// mutant (a test binary, a worker) is started here, in its own process
// group, with a deadline, a cap on its resident memory, an output budget
// and a guaranteed reaping.
//
// Files:
//
//	process.go   Spec, Result, Run: start a command in a new process
//	             group, collect its output, kill the whole group on
//	             deadline, cancellation, memory cap or output budget (the
//	             first one reached is the one reported), and always kill
//	             the group once the leader has exited (so grandchildren that
//	             outlive a test binary die with it); then kill the
//	             descendants that left the group, found by the tag every
//	             process of the run inherits in its environment
//	             (Result.Escaped); Run is start without pipes, then Wait
//	start.go     start, Start, Handle: the same for a long-lived process
//	             the caller talks to through pipes (a worker:
//	             engine.Pool); Kill kills the group, Wait reaps it and
//	             reports the Result (its standard error as Output)
//	output.go    the output kept: the first and last MiB (Spec.OutputHead,
//	             OutputTail) around a marker line counting the bytes
//	             dropped, whole lines only, so a test2json stream keeps its
//	             final framing; the budget (Spec.OutputLimit, 256 MiB) past
//	             which the group is killed (Result.End: EndOutputExceeded)
//	memory.go    MemoryCap: GOMEMLIMIT (Soft, a hint to the Go runtime) and
//	             the cap on the group's resident memory (Hard);
//	             DefaultMemoryCapFor sizes both from the machine's memory
//	             and the number of workers
//	memory_{linux,darwin,windows,other}.go  the machine's memory:
//	             MemTotal or the cgroup's limit, hw.memsize,
//	             GlobalMemoryStatusEx, unknown
//	watchdog.go  the memory watchdog: samples a run's resident memory
//	             every 50 ms (20 ms past half the cap), records its peak
//	             (Result.PeakRSS) and reports the first sample past the cap
//	             (Run and Start kill the group: Result.End: EndMemoryExceeded);
//	             WatchMemory for processes started elsewhere
//	watchdog_linux.go  the sampler: /proc/<pid>/statm summed over the
//	             leader's descendants (/proc/<pid>/task/<tid>/children) and,
//	             rescanned every second, the group's members and tagged
//	             escapees whose parent died
//	group_linux.go  the group of a run: Setpgid and Pdeathsig,
//	             waitid(WNOWAIT) (the leader is waited for without being
//	             reaped, so its pid, and the group id, cannot be reused
//	             before the group is killed), kill(-pgid), ru_maxrss
//	scan_linux.go  the /proc scans: groupMembers, Tagged, GroupGone, the
//	             escapees of a run among the pids allocated since its start
//	group_other.go  darwin and the BSDs: Setpgid and kill(-pgid) only (no
//	             Pdeathsig, the leader reaped before the group kill, no
//	             escapee hunt, no memory watchdog: see the file)
//	group_windows.go  a job object per run (TerminateJobObject,
//	             KILL_ON_JOB_CLOSE); no escapee hunt, no memory watchdog
//	scan_other.go  the /proc scans outside Linux: errors
//	timeout.go   Timeouts: factor x baseline + constant, with a floor, as
//	             in PIT and Stryker
//
// The memory cap is on resident memory, not address space: Go reserves
// address space freely (a test binary maps about 1 GiB at start, a healthy
// test may reserve gigabytes it never touches), so RLIMIT_AS killed healthy
// tests; only touched pages count against Hard. A cgroup would enforce the
// cap in the kernel, without sampling, but needs a writable cgroup v2
// hierarchy that containers and unprivileged users often lack; the
// watchdog works wherever /proc does. Its cost: a fast allocator overshoots
// the cap by what it touches in one sampling interval.
//
// What is out of reach: a descendant that leaves the process group and
// also clears its environment (the tag goes with it) survives Run, and its
// memory counts only while its parent lives; catching it would take a
// cgroup or a subreaper that mutprop does not use. gotest's hostile fixture
// (internal/testdata/hostile) checks the rest: children in the group,
// setsid and setpgid escapes, the memory cap, the output budget.
package proc
