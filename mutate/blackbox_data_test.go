package mutate

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

// bbDataRecord runs test of bin as the recording run with env and returns
// its recording's data-coverage lines and what SplitBlackboxData reads.
func bbDataRecord(t *testing.T, bin, test string, env ...string) (lines int, data map[int]BlackboxData) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	probe := filepath.Join(t.TempDir(), "probe")
	cmd := exec.CommandContext(ctx, bin, "-test.run=^"+test+"$")
	cmd.Env = append(append(os.Environ(), env...), ProbeEnv+"="+probe)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", test, env, err, out)
	}
	b, err := os.ReadFile(probe)
	if err != nil {
		t.Fatalf("%s: the recording run wrote no file: %v", test, err)
	}
	lines = strings.Count(string(b), "\nd ")
	if strings.HasPrefix(string(b), "d ") {
		lines++
	}
	rest, data, err := SplitBlackboxData(b)
	if err != nil {
		t.Fatalf("%s: %v", test, err)
	}
	if strings.Contains(string(rest), "d ") {
		t.Errorf("%s: data-coverage lines left in the rest of the recording: %q", test, rest)
	}
	return lines, data
}

// TestBlackboxDataCoverage builds the bbschemata fixture as mutprop run
// --blackbox does (copies, probes, coverage, data coverage) and runs
// tests that call Scale on three small inputs and on n inputs 0..n-1: the
// recording holds Scale's data coverage alone, exact for the small test
// (3 distinct inputs, sizes 0 to 1: |-1| is 1), within a factor of two
// for n = 1,000, capped at BlackboxDistinctCap for n = 300,000, its sizes
// the bit lengths of 0 and n-1 (BlackboxSizeDoc); and the number of lines
// does not grow with the run.
func TestBlackboxDataCoverage(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "bbschemata")
	opts := SchemataOptions{Copies: true, Probes: true, Coverage: true, Blackbox: &BlackboxOptions{PerFunc: 2, Data: true}}
	files, bbMuts, err := SchemataWithBlackbox(pkg, muts, opts)
	if err != nil {
		t.Fatal(err)
	}
	scale := 0
	for _, m := range bbMuts {
		if strings.HasSuffix(m.ID, ".Scale:0") {
			scale = m.Schema
		}
	}
	if scale == 0 {
		t.Fatal("no black-box mutant of Scale")
	}
	work := t.TempDir()
	all := map[string][]byte{filepath.Join(pkg.Dir, "zz_data_test.go"): bbsDriverFile(t, "zz_data_test.go")}
	for k, v := range files {
		all[k] = v
	}
	overlay, err := WriteOverlay(filepath.Join(work, "overlay"), all)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(work, "bbs.test")
	build := exec.Command("go", "test", "-c", "-vet=off", "-overlay", overlay, "-o", bin, ".")
	build.Dir = pkg.Dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}

	_, data := bbDataRecord(t, bin, "TestDataSmall")
	if len(data) != 1 || data[scale] != (BlackboxData{Distinct: 3, MinSize: 0, MaxSize: 1}) || data[scale].AtLeast() {
		t.Errorf("TestDataSmall: data coverage %+v, want Scale's (schema %d) alone: exactly 3 distinct inputs, sizes 0 to 1", data, scale)
	}
	// The runtime's bounds are the ones BlackboxData documents.
	for _, c := range []string{fmt.Sprintf("mutpropbbdataExact = %d\n", BlackboxDataExact), fmt.Sprintf("mutpropbbdataCap = %d\n", BlackboxDistinctCap)} {
		if !strings.Contains(blackboxRuntime, c) {
			t.Errorf("the runtime does not declare %q", strings.TrimSpace(c))
		}
	}

	const short, long = 1000, 300_000
	var lines [2]int
	for i, n := range []int{short, long} {
		l, data := bbDataRecord(t, bin, "TestDataWide", "BBDATA_N="+strconv.Itoa(n))
		lines[i] = l
		d, ok := data[scale]
		if len(data) != 1 || !ok {
			t.Fatalf("n=%d: data coverage %+v, want Scale's (schema %d) alone", n, data, scale)
		}
		wantDistinct := min(n, BlackboxDistinctCap)
		if d.Distinct > wantDistinct || 2*d.Distinct <= wantDistinct {
			t.Errorf("n=%d: %d distinct inputs recorded, want more than half of %d and at most it", n, d.Distinct, wantDistinct)
		}
		if !d.AtLeast() {
			t.Errorf("n=%d: %d distinct inputs recorded, not a lower bound", n, d.Distinct)
		}
		// The bit length of n-1: exact up to BlackboxDataExact, more than
		// half of it beyond.
		if want := uint64(bits.Len(uint(n - 1))); d.MinSize != 0 || d.MaxSize > want || 2*d.MaxSize <= want ||
			want <= BlackboxDataExact && d.MaxSize != want {
			t.Errorf("n=%d: sizes %d to %d recorded, want 0 to %d, the bit length of %d", n, d.MinSize, d.MaxSize, want, n-1)
		}
		if l > 200 {
			t.Errorf("n=%d: %d data-coverage lines, want at most 200", n, l)
		}
		t.Logf("n=%d: %d data-coverage lines, %+v", n, l, d)
	}
	// From 1,000 to 300,000 inputs: at most 8 more powers of two of the
	// distinct count (the cap included) and 9 more bit lengths of the size.
	if lines[1] > lines[0]+17 {
		t.Errorf("%d data-coverage lines for %d inputs, %d for %d: the recording grows with the run", lines[1], long, lines[0], short)
	}
}

// TestSplitBlackboxData checks the parsing of data-coverage lines: other
// lines pass through in order, lines of one function combine to the
// widest figures, and a malformed line is an error.
func TestSplitBlackboxData(t *testing.T) {
	rest, data, err := SplitBlackboxData([]byte("r 7 8\nd 7 1 4 4\n3\nd 9 2 0 1\nd 7 2 3 4\nd 7 16 5 90\n"))
	if err != nil {
		t.Fatal(err)
	}
	if string(rest) != "r 7 8\n3\n" {
		t.Errorf("rest %q, want %q", rest, "r 7 8\n3\n")
	}
	want := map[int]BlackboxData{7: {Distinct: 16, MinSize: 3, MaxSize: 90}, 9: {Distinct: 2, MinSize: 0, MaxSize: 1}}
	if len(data) != len(want) || data[7] != want[7] || data[9] != want[9] {
		t.Errorf("data %+v, want %+v", data, want)
	}
	for _, bad := range []string{"d 7 1 4\n", "d 0 1 1 1\n", "d 7 0 1 1\n", "d 7 1 5 4\n", "d x 1 1 1\n"} {
		if _, _, err := SplitBlackboxData([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if rest, data, err := SplitBlackboxData([]byte("r 1\n2\n")); err != nil || string(rest) != "r 1\n2\n" || data != nil {
		t.Errorf("a recording without data: %q, %v, %v", rest, data, err)
	}
}
