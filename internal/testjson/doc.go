// Package testjson reads what a Go test binary run with
// -test.v=test2json says, and the verdict mutprop draws from it.
//
//   - stream.go: Parse reads the framing (lines starting with ^V) the way
//     go tool test2json does. Go 1.26 no longer ships a prebuilt
//     test2json, and spawning "go tool test2json" per run would cost more
//     than most test runs.
//   - classify.go: Classify draws a Verdict from the stream, never from
//     the exit code (killed, survived, timeout, crashed), with a one-line
//     reason: the failing test's failure message, the fatal error, the
//     test running at the timeout.
//   - ttf.go: TestsToFailure reads the count of generated tests up to a
//     failure from rapid, gopter, testing/quick and mutproptest messages;
//     Cases adds up every case a test ran, from those messages, the
//     libraries' pass lines, testing/quick's count lines and traces (a
//     trial's count, censored or not).
package testjson
