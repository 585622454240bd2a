// Package proc is mutprop's process hygiene: every process that runs a
// mutant (a test binary, a worker) is started here, in its own process
// group, with a deadline, a memory cap and a guaranteed reaping.
//
// Files:
//
//	process.go  Run: start a command in a new process group, collect its
//	            output, kill the whole group on deadline or cancellation,
//	            and always kill the group once the leader has exited (so
//	            grandchildren that outlive a test binary die with it); then
//	            kill the descendants that left the group, found by the tag
//	            every process of the run inherits in its environment
//	            (Result.Escaped)
//	group_linux.go  waitid(WNOWAIT), the /proc scans (GroupMembers, Tagged,
//	            the escapees of a run among the pids allocated since its
//	            start) and RLIMIT_AS: the leader is waited for without being
//	            reaped, so its pid (and the group id) cannot be reused before
//	            the group is killed (mutprop runs on Linux, like
//	            runner/pool.go: Pdeathsig)
//	timeout.go  Timeouts: factor x baseline + constant, with a floor, as in
//	            PIT and Stryker
//	memory.go   MemoryCap: GOMEMLIMIT for the Go runtime (soft) and
//	            RLIMIT_AS (hard, set by a /bin/sh wrapper before exec, so a
//	            Go program sizes its reservations to it) so that an
//	            allocating mutant crashes its own process and not the
//	            machine; Result.Memory records the cap for the report
//
// What is out of reach: a descendant that leaves the process group and
// also clears its environment (the tag goes with it) survives Run;
// catching it would take a cgroup or a subreaper that mutprop does not
// use. gotest's hostile fixture (internal/testdata/hostile) checks the
// rest: children in the group, setsid and setpgid escapes, memory caps.
package proc
