package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mutprop/mutprop/stats"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (rerun with -update if intended)\n--- got:\n%s\n--- want:\n%s", name, got, want)
	}
}

func runTables() []Table {
	r := sampleRun()
	return []Table{StatusTable(r), KillRateTable(r)}
}

func experimentTables(t *testing.T) []Table {
	t.Helper()
	e := sampleExperiment()
	b, err := stats.BeatsMatrix(countsByGenerator(e), 0)
	if err != nil {
		t.Fatal(err)
	}
	return []Table{generatorTable(e), beatsTable(b), cellTable(e)}
}

func TestGoldenTablesInEveryFormat(t *testing.T) {
	t.Parallel()
	sets := map[string][]Table{"run": runTables(), "experiment": experimentTables(t)}
	formats := map[Format]string{FormatText: ".txt", FormatMarkdown: ".md", FormatCSV: ".csv"}
	for name, tables := range sets {
		for f, ext := range formats {
			var buf bytes.Buffer
			if err := Write(&buf, f, tables...); err != nil {
				t.Fatalf("%s %s: %v", name, f, err)
			}
			golden(t, name+ext, buf.Bytes())
		}
	}
}

func TestGoldenJSONReport(t *testing.T) {
	t.Parallel()
	b, err := JSON(sampleRun())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "run.json", b)
}
