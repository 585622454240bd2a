// Package proc is mutprop's process hygiene: every process that runs a
// mutant (a test binary, a worker) is started here, in its own process
// group, with a deadline, a memory cap and a guaranteed reaping.
//
// Files:
//
//	process.go  Run: start a command in a new process group, collect its
//	            output, kill the whole group on deadline or cancellation,
//	            and always kill the group once the leader has exited (so
//	            grandchildren that outlive a test binary die with it)
//	group_linux.go  waitid(WNOWAIT), prlimit(RLIMIT_AS) and GroupMembers (from
//	            /proc, for tests that check nothing is left): the leader is
//	            waited for without being reaped, so its pid (and the group
//	            id) cannot be reused before the group is killed
//	            (mutprop runs on Linux, like runner/pool.go: Pdeathsig)
//	timeout.go  Timeouts: factor x baseline + constant, with a floor, as in
//	            PIT and Stryker
//	memory.go   MemoryCap: GOMEMLIMIT for the Go runtime (soft) and
//	            RLIMIT_AS (hard) so that an allocating mutant crashes its own
//	            process and not the machine
//
// A process that escapes its group on purpose (setsid, or Setpgid in the
// code under test) is out of reach of a group kill; Run documents this and
// the hostile fixture of mutprop's tests checks the common case, a child
// started with os/exec, which stays in the group.
package proc
