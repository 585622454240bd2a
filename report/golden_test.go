package report

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/stats"
)

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	testfix.Golden(t, filepath.Join("testdata", name), got)
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
