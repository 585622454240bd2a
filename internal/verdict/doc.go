// Package verdict is the policy that turns what the runs of a mutant's
// tests showed into the mutant's verdict: pure functions over
// observations (a run's parsed test events and its classification, what
// the watch that ended it saw, the CPU each test used alone), with no
// process, binary or clock. gotest executes the runs they ask for.
//
// README's "Deadlines and caps" rules, where each is decided and where its
// table test is (none builds a binary):
//
//	rule                                             decided by                           table test
//	computing past 5 x its CPU alone: timeout        testwatch (clock.judge, RuleFor)     testwatch TestATestsTimeoutIsConfirmedByItsCPUTime...
//	blocked: timeout at its full deadline            testwatch (clock.judge)              same table, "blocked" rows
//	starved: runs on, at most Stretch x              testwatch (clock.judge)              same table, "starved" rows
//	a failed test decides the verdict: a kill        testjson.Classify, Settle            TestAFailedTestDecidesTheVerdictWhateverEndsTheProcess
//	testify's Error Trace ends the run at once       testwatch (Watch.readOutput)         testwatch TestAFailedAssertionStopsTheRunUnlessItsTestPrintsSuchBlocks
//	after a timeout or crash, the rest runs on       Search.Next, Unheld                  TestAfterATimeoutOrCrashTheTestsNotReachedRunUntilASecond
//	a quick timeout runs again alone                 Search.RerunAlone, AloneDecides      TestAQuickTimeoutRunsAgainAloneOnlyWhenNothingElseRanAway
//	the order of the tests from their CPU alone      Speed, testorder.Sort and Stages     TestTheOrderOfTestsComesFromTheirCPUAlone
//
// Search is a mutant's search through its stages (testorder.Stages): the
// engine runs a stage, settles its kills (confirm.go), and asks Next what
// follows. Settle reads one watched run: blame, the watch's evidence, and
// a failure that came before the deadline or the crash.
package verdict
