// Package testwatch gives each test of a run its own deadline, read from
// the test events the binary streams: a loop in a 10 ms test costs about
// 5 x 10 ms, whatever the other tests of the process take. A Watch
// parses the framing lines as they are written, keeps one clock per
// running top-level test (paused while the test waits on
// t.Parallel), one for the process outside its tests (start-up, between
// tests, TestMain), and ends the process (proc.Live.Expire: a timeout)
// when a clock passes its rule:
//
//  1. the test computed: it used more CPU since its start than the factor
//     times what it used alone in the baseline, and half its first
//     deadline (factor x baseline + at most a small constant), read from
//     the time a loop on two threads can have used that (a loop, whether
//     or not it also goes through memory or output: CPU time does not
//     depend on the machine's load, and a memory cap or an output budget
//     would end it later, or not at all);
//  2. past its full deadline in its own time, it was blocked: it neither
//     ran nor waited for a CPU for a hundredth of that deadline (a sleep,
//     a wait on a channel), and no read saw a thread of it in
//     uninterruptible sleep (disk or memory pressure: the machine's
//     doing, so it runs on); where the process cannot be read (outside
//     Linux), its full deadline in wall time;
//  3. past Stretch x its full deadline in its own time, whatever it did.
//
// A test's CPU is its share of the process's: between two reads, what
// the process used is divided among the tests then running, so parallel
// tests do not each count the others'. A test's own time is its wall
// time less the time its threads waited in the run queue for a CPU
// (proc.Usage.Waited, from schedstat): the time a loaded machine took
// from it does not count. A test past its first
// deadline that neither computed nor was blocked was starved (a loaded
// machine, the other workers): it runs on, in place, until it ends,
// computes past rule 1, or reaches rule 3 in its own time. Nothing runs
// alone and nothing waits for another worker: a starved test gets its
// time in CPU, a looping one is stopped by its CPU, so the verdicts do not
// depend on the load nor on the number of workers. The process's own
// deadline (proc.Spec.Timeout) is only a backstop, in wall time:
// BackstopStretch x the sum of its tests' full deadlines and its
// overhead's. A failed assertion's block in the output (testify's, read
// by testjson.AssertScan) ends the run at once: the test has failed for
// good. So does, in Run, a test that goes on after one of its subtests
// failed, or after the switch of a batch build saw it failed
// (Watch.CutAtFailedSubtest; the parser cuts at the same line).
// RuleFor gives a test its rule from its baseline; Run runs a test
// binary under a Watch and confirms an unexplained timeout once, with
// Patience x the deadlines.
package testwatch
