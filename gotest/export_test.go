package gotest

// The external tests (package gotest_test) build a package's test binary,
// classify hand-made test2json streams and name suites through these
// aliases of unexported API.
var (
	Build       = buildTestBinary
	Classify    = classify
	ParseStream = parseStream
)

// BuildSpec is buildSpec, for the external tests.
type BuildSpec = buildSpec

// Label is label, for the external tests.
func (r *SuiteResult) Label() string { return r.label() }
