package runreport

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mutprop/mutprop/ci"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
)

// TestDocumentKeys encodes a JSON report with every one of mutprop's
// keys: they follow the schema's, in their order, those other packages
// name equal to their constants (report.TrialsJSONKey, ...), and a key
// without a value is left out.
func TestDocumentKeys(t *testing.T) {
	t.Parallel()
	r := mustNew([]runlog.Package{pkg("example.com/a")})
	r.Suites = []gotest.SuiteResult{{Name: "s"}}
	r.SetAside = []SetAsideTest{{Package: "example.com/a"}}
	r.Flaky = []FlakyKiller{{Test: "TestF"}}
	r.Trials = &report.TrialsReport{}
	r.Strength = &report.Strength{}
	r.Baseline = &ci.BaselineJSON{}
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"schemaVersion", "thresholds", "files", "testFiles", "framework",
		suitesJSONKey, "mutpropSetAside", "mutpropFlaky", report.TrialsJSONKey, report.StrengthJSONKey, ci.BaselineJSONKey}
	if got := topKeys(t, b); !reflect.DeepEqual(got, want) {
		t.Errorf("keys %v, want %v", got, want)
	}
	r.Suites, r.SetAside, r.Flaky, r.Trials, r.Strength, r.Baseline = nil, nil, nil, nil, nil, nil
	b, err = r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if got := topKeys(t, b); !reflect.DeepEqual(got, want[:5]) {
		t.Errorf("without extensions: keys %v, want %v", got, want[:5])
	}
}

// topKeys lists a JSON object's keys in their order.
func topKeys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %v", err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}
