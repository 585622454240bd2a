package propsuite

// Hosted suites: a Suite registered in a Go package's tests (package
// mutproptest) and served by that package's own test binary, which mutprop
// run re-executes as a worker, as go test -fuzz re-executes its test binary.
// The environment variables below are the whole contract between the
// binary (mutproptest) and its host (gotest).
const (
	// SuiteWorkerEnv names the suite a test binary started as a worker
	// serves with Serve on its standard input and output, instead of
	// running it as a test.
	SuiteWorkerEnv = "MUTPROP_SUITE_WORKER"
	// SuiteDescribeEnv is a file to which a test binary appends, one JSON
	// line each, the SuiteInfo of the suites its selected tests register,
	// without running them.
	SuiteDescribeEnv = "MUTPROP_SUITE_DESCRIBE"
)

// SuiteInfo describes a hosted suite to its host: everything but its code.
type SuiteInfo struct {
	Name string `json:"name"`
	// Test is the top-level test that registers the suite, which a worker
	// runs (-test.run); "" for a suite registered in TestMain.
	Test       string   `json:"test,omitempty"`
	Mutants    []Mutant `json:"mutants"`
	Properties []string `json:"properties"`
	Generators []string `json:"generators"`
	// Protocol is how the suite asks to be measured.
	Protocol Protocol `json:"protocol"`
}

// Info describes the suite, registered by test, to be measured with p
// (HostedProtocol fills p's unset fields).
func (s *Suite) Info(test string, p Protocol) SuiteInfo {
	return SuiteInfo{
		Name:       s.Name,
		Test:       test,
		Mutants:    append([]Mutant(nil), s.Mutants...),
		Properties: append([]string(nil), s.Properties...),
		Generators: append([]string(nil), s.Generators...),
		Protocol:   HostedProtocol(p),
	}
}

// HostedProtocol fills the unset fields of p with the defaults of a hosted
// suite, sized for a mutprop run of a package (seconds, not hours): mttf
// deciding with 1,000 tests, then 10 trials of at most 10,000 tests for
// tests-to-failure.
func HostedProtocol(p Protocol) Protocol {
	if p.Kind == "" {
		p.Kind = "mttf"
	}
	if p.Trials <= 0 {
		p.Trials = 10
	}
	if p.DecideBudget <= 0 {
		p.DecideBudget = 1000
	}
	if p.FailBudget <= 0 {
		p.FailBudget = 10000
	}
	if p.Tests <= 0 {
		p.Tests = 1000
	}
	return p
}

// HostedTest returns the test of one cell of a hosted suite in a worker
// process: a white-box mutant (Schema > 0) is the original code running
// under the process's schemata switch, so the suite's own test of the
// original measures it; every other mutant is the suite's.
func HostedTest(s *Suite) func(m Mutant, property, generator string) (Test, error) {
	return func(m Mutant, property, generator string) (Test, error) {
		if m.Schema > 0 {
			return s.Test(Mutant{}, property, generator)
		}
		return s.Test(m, property, generator)
	}
}
