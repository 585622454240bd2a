package mutate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

// bbCall is one function of the blackbox fixture as the driver calls it:
// call is the call with FN in place of the function's name, setup a
// statement run first (x is the input), hash the arguments the mutant
// hashes (the receiver first).
type bbCall struct {
	name, setup, call, hash string
}

var bbCalls = []bbCall{
	{name: "Int", call: "FN(x)", hash: "x"},
	{name: "Float", call: "FN(x)", hash: "x"},
	{name: "Str", call: "FN(x)", hash: "x"},
	{name: "Even", call: "FN(x)", hash: "x"},
	{name: "Upto", call: "FN(x)", hash: "x"},
	{name: "Triple", call: "FN(x)", hash: "x"},
	{name: "Count", call: "FN(x)", hash: "x"},
	{name: "MakePair", call: "FN(x)", hash: "x"},
	{name: "NewPair", call: "FN(x)", hash: "x"},
	{name: "Pair.Sum", setup: "p := Pair{x, 2 * x}", call: "p.FN()", hash: "p"},
	{name: "Check", call: "FN(x)", hash: "x"},
	{name: "Half", call: "FN(x)", hash: "x"},
	{name: "Split", call: "FN(x)", hash: "x"},
	{name: "(*Set).Add", setup: "s := &Set{items: map[int]bool{0: true, 2: true}}", call: "s.FN(x % 4)", hash: "s, x % 4"},
	{name: "Sorted", setup: "xs := []int{x, -x, x % 3}", call: "FN(xs...)", hash: "xs"},
	{name: "Fact", call: "FN(x)", hash: "x"},
	{name: "Shadow", call: `FN(x, "s")`, hash: `x, "s"`},
}

// bbShort is a function's or method's own name: "Add" for "(*Set).Add".
func bbShort(name string) string { return name[strings.LastIndexByte(name, '.')+1:] }

// bbDriver is a test file of the fixture that prints, for every call at
// every input, "@ name|x|hash|result|original result"; without wrapping
// (wrapped false) hash is 0 and the original is the result.
func bbDriver(wrapped bool) []byte {
	var b bytes.Buffer
	b.WriteString(`package bb

import (
	"fmt"
	"reflect"
	"testing"
)

var _ = reflect.ValueOf

func show(vs ...interface{}) string {
	s := ""
	for i, v := range vs {
		if i > 0 {
			s += ","
		}
		switch x := v.(type) {
		case error:
			s += "error:" + x.Error()
		case *Pair:
			if x == nil {
				s += "(*Pair)(nil)"
			} else {
				s += fmt.Sprintf("&%#v", *x)
			}
		default:
			s += fmt.Sprintf("%#v", v)
		}
	}
	return s
}

func TestBlackboxDriver(t *testing.T) {
	for x := -4; x < 12; x++ {
`)
	for _, c := range bbCalls {
		fmt.Fprintf(&b, "\t\t{\n")
		if c.setup != "" {
			fmt.Fprintf(&b, "\t\t\t%s\n", c.setup)
		}
		hash, orig := "uint64(0)", "got"
		if wrapped {
			var vals []string
			for _, a := range strings.Split(c.hash, ", ") {
				vals = append(vals, "reflect.ValueOf("+a+")")
			}
			hash = blackboxPrefix + "Hash(" + strings.Join(vals, ", ") + ")"
			orig = "show(" + strings.Replace(c.call, "FN", blackboxPrefix+"Orig_"+bbShort(c.name), 1) + ")"
			if c.setup != "" { // a fresh receiver for the original
				orig = "func() string { " + c.setup + "; return " + orig + " }()"
			}
		}
		fmt.Fprintf(&b, "\t\t\th := %s\n", hash)
		fmt.Fprintf(&b, "\t\t\tgot := show(%s)\n", strings.Replace(c.call, "FN", bbShort(c.name), 1))
		fmt.Fprintf(&b, "\t\t\tfmt.Printf(\"@ %%s|%%d|%%d|%%s|%%s\\n\", %q, x, h, got, %s)\n\t\t}\n", c.name, orig)
	}
	b.WriteString("\t}\n}\n")
	return b.Bytes()
}

// bbRow is one line of the driver's output.
type bbRow struct {
	name      string
	x         int
	hash      uint64
	got, orig string
}

// bbFmix is splitmix64's finalizer, written again from its definition:
// BlackboxPointsDoc's selection, computed apart from the runtime.
func bbFmix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func bbSelects(h uint64, seed, points int) bool {
	return bbFmix(h+uint64(seed)*0x9E3779B97F4A7C15)%uint64(points) == 0
}

// bbBuild builds the fixture's test binary with the files of an overlay,
// ActiveFile and the driver.
func bbBuild(t *testing.T, pkg *Package, files map[string][]byte, active string, wrapped bool, work string) string {
	t.Helper()
	all := map[string][]byte{filepath.Join(pkg.Dir, "zz_bbdriver_test.go"): bbDriver(wrapped)}
	for k, v := range files {
		all[k] = v
	}
	if active != "" {
		all[filepath.Join(pkg.Dir, ActiveFile)] = []byte(active)
	}
	overlay, err := WriteOverlay(filepath.Join(work, "overlay"), all)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(work, "bb.test")
	cmd := exec.Command("go", "test", "-c", "-vet=off", "-overlay", overlay, "-o", bin, ".")
	cmd.Dir = pkg.Dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	return bin
}

// bbRun runs the driver with env and returns its rows by name.
func bbRun(t *testing.T, bin string, env ...string) map[string][]bbRow {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run=^TestBlackboxDriver$")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", bin, env, err, out)
	}
	rows := map[string][]bbRow{}
	for _, line := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(line, "@ ") {
			continue
		}
		f := strings.Split(line[2:], "|")
		if len(f) != 5 {
			t.Fatalf("bad driver line %q", line)
		}
		x, err1 := strconv.Atoi(f[1])
		h, err2 := strconv.ParseUint(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad driver line %q", line)
		}
		rows[f[0]] = append(rows[f[0]], bbRow{f[0], x, h, f[3], f[4]})
	}
	if len(rows) != len(bbCalls) {
		t.Fatalf("%s %v: rows for %d functions, want %d:\n%s", bin, env, len(rows), len(bbCalls), out)
	}
	return rows
}

func TestBlackboxCandidates(t *testing.T) {
	pkg := loadFixture(t, "blackbox")
	refused := map[string]string{
		"Nothing": "no results", "Chan": "chan values", "Func": "func values",
		"Hidden": "no exported field", "init": "init function", "Max": "generic",
	}
	seen := map[string]bool{}
	for _, c := range BlackboxCandidates(pkg) {
		seen[c.Name] = true
		if want, ok := refused[c.Name]; ok {
			if !strings.Contains(c.Reason, want) {
				t.Errorf("%s: reason %q, want one that says %q", c.Name, c.Reason, want)
			}
			continue
		}
		if c.Reason != "" {
			t.Errorf("%s refused: %s", c.Name, c.Reason)
		}
	}
	for _, c := range bbCalls {
		if !seen[c.name] {
			t.Errorf("%s is not a candidate", c.name)
		}
	}
	for name := range refused {
		if !seen[name] {
			t.Errorf("%s is not a candidate", name)
		}
	}
	if _, err := BlackboxWrap(pkg, BlackboxOptions{Funcs: []string{"NoSuch"}, PerFunc: 1}); err == nil ||
		!strings.Contains(err.Error(), "NoSuch") || !strings.Contains(err.Error(), "(*Set).Add") {
		t.Errorf("wrapping NoSuch: %v, want an error that names the functions", err)
	}
	if _, err := BlackboxWrap(pkg, BlackboxOptions{Funcs: []string{"Chan"}, PerFunc: 1}); err == nil ||
		!strings.Contains(err.Error(), "chan values") {
		t.Errorf("wrapping Chan: %v, want the reason it is refused", err)
	}
	w, err := BlackboxWrap(pkg, BlackboxOptions{Funcs: []string{"(*Set).Add", "Fact"}, Base: 10, PerFunc: 3})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range w.Mutants {
		ids = append(ids, fmt.Sprintf("%s=%d", m.ID, m.Schema))
		if m.Origin != OriginBlackbox || len(m.Edits) != 0 {
			t.Errorf("%s: origin %q, %d edits", m.ID, m.Origin, len(m.Edits))
		}
	}
	want := "blackbox:example.com/bb.(*Set).Add:0=11 blackbox:example.com/bb.(*Set).Add:1=12 blackbox:example.com/bb.(*Set).Add:2=13 " +
		"blackbox:example.com/bb.Fact:0=14 blackbox:example.com/bb.Fact:1=15 blackbox:example.com/bb.Fact:2=16"
	if got := strings.Join(ids, " "); got != want {
		t.Errorf("mutants:\n%s\nwant\n%s", got, want)
	}
}

// TestBlackboxWrapping builds the fixture three times (the original; every
// function wrapped with every-point mutants; with 3-point mutants and the
// recording on) and runs one driver over each at every schema number.
func TestBlackboxWrapping(t *testing.T) {
	testfix.EndToEnd(t)
	pkg := loadFixture(t, "blackbox")
	const perFunc = 2
	const points = 3
	work := t.TempDir()
	every := BlackboxOptions{Base: 5, PerFunc: perFunc}
	kpoint := BlackboxOptions{Base: 5, PerFunc: perFunc, Points: points, Coverage: true, Probes: true, ReachBase: 2}
	var everyFiles, kFiles map[string][]byte
	var everyMuts, kMuts []Mutant
	var err error
	if everyFiles, everyMuts, err = BlackboxOverlay(pkg, every); err != nil {
		t.Fatal(err)
	}
	if kFiles, kMuts, err = BlackboxOverlay(pkg, kpoint); err != nil {
		t.Fatal(err)
	}
	n := every.Base + len(everyMuts)
	reach := kpoint.ReachBase + len(kMuts)/perFunc
	var bins [3]string
	var wg sync.WaitGroup
	for i := range bins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dir := filepath.Join(work, strconv.Itoa(i))
			switch i {
			case 0:
				bins[i] = bbBuild(t, pkg, nil, "", false, dir)
			case 1:
				bins[i] = bbBuild(t, pkg, everyFiles, activeSource(pkg.Name, SchemataOptions{Copies: true}, n, 0, nil, nil), true, dir)
			case 2:
				bins[i] = bbBuild(t, pkg, kFiles, activeSource(pkg.Name, SchemataOptions{Coverage: true, Probes: true}, n, reach, nil, nil), true, dir)
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	original := bbRun(t, bins[0])
	// No mutant active, and the observer's path (AllCopies, the recording
	// run): every function answers as the original.
	probe := filepath.Join(work, "probe")
	var hashes map[string][]bbRow // the wrapped runs' rows, with the inputs' hashes
	for _, c := range []struct {
		bin string
		env []string
	}{
		{bins[1], nil}, {bins[1], []string{ActiveEnv + "=0"}}, {bins[1], []string{fmt.Sprintf("%s=%d", ActiveEnv, AllCopies)}},
		{bins[2], nil}, {bins[2], []string{ProbeEnv + "=" + probe}},
	} {
		rows := bbRun(t, c.bin, c.env...)
		hashes = rows
		for name, rs := range rows {
			for i, r := range rs {
				if o := original[name][i]; r.got != o.got || r.orig != o.got {
					t.Errorf("%v: %s(%d) = %s (original body %s), want the original's %s", c.env, name, r.x, r.got, r.orig, o.got)
				}
			}
		}
	}
	// The recording run: each wrapper's reach line, and the infections of
	// the 3-point mutants.
	rec, err := os.ReadFile(probe)
	if err != nil {
		t.Fatal(err)
	}
	wantRec := map[string]bool{}
	for i, m := range kMuts {
		if i%perFunc == 0 {
			var nums []string
			for k := 0; k < perFunc; k++ {
				nums = append(nums, strconv.Itoa(m.Schema+k))
			}
			wantRec["r "+strings.Join(nums, " ")] = true
		}
		name := strings.TrimPrefix(m.ID[:strings.LastIndexByte(m.ID, ':')], "blackbox:example.com/bb.")
		seed := i%perFunc + 1
		infected := false
		for _, r := range hashes[name] {
			if bbSelects(r.hash, seed, points) {
				infected = true
			}
		}
		if infected {
			wantRec[strconv.Itoa(m.Schema)] = true
		}
		if !m.Probed {
			t.Errorf("%s: not probed", m.ID)
		}
	}
	gotRec := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(rec)), "\n") {
		gotRec[line] = true
	}
	if fmt.Sprint(bbSorted(gotRec)) != fmt.Sprint(bbSorted(wantRec)) {
		t.Errorf("recording:\n%v\nwant\n%v", bbSorted(gotRec), bbSorted(wantRec))
	}

	// Every-point mutants differ from the original at every input; the
	// same on a second run.
	for _, m := range everyMuts {
		name := strings.TrimPrefix(m.ID[:strings.LastIndexByte(m.ID, ':')], "blackbox:example.com/bb.")
		env := fmt.Sprintf("%s=%d", ActiveEnv, m.Schema)
		rows, again := bbRun(t, bins[1], env), bbRun(t, bins[1], env)
		if fmt.Sprint(rows) != fmt.Sprint(again) {
			t.Errorf("%s: two runs differ", m.ID)
		}
		for other, rs := range rows {
			for i, r := range rs {
				o := original[other][i]
				switch {
				case r.orig != o.got:
					t.Errorf("%s active: the original body of %s(%d) = %s, want %s", m.ID, other, r.x, r.orig, o.got)
				case other == name && r.got == o.got:
					t.Errorf("%s: %s(%d) = %s, the original's answer", m.ID, name, r.x, r.got)
				case other != name && r.got != o.got:
					t.Errorf("%s active: %s(%d) = %s, want the original's %s", m.ID, other, r.x, r.got, o.got)
				}
			}
		}
	}

	// k-point mutants differ exactly at the inputs their seed selects
	// (recursive calls reach the original: Fact differs only at the
	// selected inputs), the same on a second run.
	selected, unselected := 0, 0
	for i, m := range kMuts {
		name := strings.TrimPrefix(m.ID[:strings.LastIndexByte(m.ID, ':')], "blackbox:example.com/bb.")
		seed := i%perFunc + 1
		env := fmt.Sprintf("%s=%d", ActiveEnv, m.Schema)
		rows, again := bbRun(t, bins[2], env), bbRun(t, bins[2], env)
		if fmt.Sprint(rows) != fmt.Sprint(again) {
			t.Errorf("%s: two runs differ", m.ID)
		}
		for _, r := range rows[name] {
			sel := bbSelects(r.hash, seed, points)
			if sel {
				selected++
			} else {
				unselected++
			}
			if differs := r.got != r.orig; differs != sel {
				t.Errorf("%s: %s(%d) = %s, original %s: differs %v, selected %v", m.ID, name, r.x, r.got, r.orig, differs, sel)
			}
		}
	}
	if selected == 0 || unselected == 0 {
		t.Errorf("%d-point mutants: %d inputs selected, %d not: want both", points, selected, unselected)
	}
}

func bbSorted(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestBlackboxIDsHoldThePoints: every-point mutants keep the IDs
// blackbox:PKG.Func:K, p-point ones end in /pP, so that no ID names two
// mutants under two --blackbox-points; ParseBlackboxID reads both back
// and refuses what BlackboxID never writes.
func TestBlackboxIDsHoldThePoints(t *testing.T) {
	pkg := loadFixture(t, "blackbox")
	ids := map[string]int{}
	for _, points := range []int{0, 3, 4} {
		w, err := BlackboxWrap(pkg, BlackboxOptions{Funcs: []string{"(*Set).Add"}, PerFunc: 2, Points: points})
		if err != nil {
			t.Fatal(err)
		}
		for k, m := range w.Mutants {
			if prev, ok := ids[m.ID]; ok {
				t.Errorf("%s names a mutant under points %d and %d", m.ID, prev, points)
			}
			ids[m.ID] = points
			fn, gotK, gotP, ok := ParseBlackboxID(m.ID)
			if !ok || fn != "example.com/bb.(*Set).Add" || gotK != k || gotP != points {
				t.Errorf("ParseBlackboxID(%q) = %q, %d, %d, %v; want example.com/bb.(*Set).Add, %d, %d", m.ID, fn, gotK, gotP, ok, k, points)
			}
		}
	}
	for id, points := range map[string]int{
		"blackbox:example.com/bb.(*Set).Add:1":    0,
		"blackbox:example.com/bb.(*Set).Add:1/p3": 3,
	} {
		if got, ok := ids[id]; !ok || got != points {
			t.Errorf("%s: made under points %d (%v), want %d", id, got, ok, points)
		}
	}
	for _, bad := range []string{
		"operator:a.go:1:1:x:y", "blackbox:", "blackbox:F", "blackbox:p.F:", "blackbox:p.F:-1", "blackbox:p.F:01",
		"blackbox:p.F:1/p0", "blackbox:p.F:1/p", "blackbox:p.F:1/q3", "blackbox:p.F:1/p03", "blackbox:p.F:x/p3",
	} {
		if fn, k, p, ok := ParseBlackboxID(bad); ok {
			t.Errorf("ParseBlackboxID(%q) = %q, %d, %d: want no ID", bad, fn, k, p)
		}
	}
}
