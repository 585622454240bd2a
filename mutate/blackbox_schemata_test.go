package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
)

// bbsDriver is the test file zz_driver_test.go of
// testdata/bbschemata_drivers.txtar: three tests, each printing
// "@ name|x|hash|result|original result" for the functions it calls.
// Wrapped, the hash is that of the call's arguments (the receiver first)
// and the original result comes from the renamed original; otherwise both
// are the result and the hash 0.
func bbsDriver(t *testing.T, wrapped bool) []byte {
	t.Helper()
	hash := func(args string) string {
		if !wrapped {
			return "uint64(0)"
		}
		var vals []string
		for _, a := range strings.Split(args, ", ") {
			vals = append(vals, "reflect.ValueOf("+a+")")
		}
		return blackboxPrefix + "Hash(" + strings.Join(vals, ", ") + ")"
	}
	orig := ""
	if wrapped {
		orig = blackboxPrefix + "Orig_"
	}
	return bbsDriverFile(t, "zz_driver_test.go", "HASHX", hash("x"), "HASHCX", hash("c, x"), "ORIG", orig)
}

// bbsDriverFile is the file name of testdata/bbschemata_drivers.txtar,
// with the pairs oldnew replaced.
func bbsDriverFile(t *testing.T, name string, oldnew ...string) []byte {
	t.Helper()
	b, ok := testfix.ReadTxtar(t, filepath.Join("testdata", "bbschemata_drivers.txtar"), oldnew...)[name]
	if !ok {
		t.Fatalf("testdata/bbschemata_drivers.txtar has no %s", name)
	}
	return b
}

// bbsBuild builds the fixture's test binary with files and the driver
// (bbsDriver). It may run in a goroutine of the test: it fails with
// t.Error, not t.Fatal.
func bbsBuild(t *testing.T, pkg *Package, files map[string][]byte, driver []byte, work string) string {
	t.Helper()
	all := map[string][]byte{filepath.Join(pkg.Dir, "zz_driver_test.go"): driver}
	for k, v := range files {
		all[k] = v
	}
	overlay, err := WriteOverlay(filepath.Join(work, "overlay"), all)
	if err != nil {
		t.Error(err)
		return ""
	}
	bin := filepath.Join(work, "bbs.test")
	cmd := exec.Command("go", "test", "-c", "-vet=off", "-overlay", overlay, "-o", bin, ".")
	cmd.Dir = pkg.Dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test -c: %v\n%s", err, out)
		return ""
	}
	return bin
}

// bbsRun runs the tests run selects of the fixture's binary with env and
// returns the driver's rows by function name; a run that fails fails the
// test.
func bbsRun(t *testing.T, bin, run string, env ...string) map[string][]bbRow {
	t.Helper()
	rows, err := bbsTry(t, bin, run, env...)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// bbsTry is bbsRun for a run that may fail (a mutant's): it returns the
// rows printed and the failure.
func bbsTry(t *testing.T, bin, run string, env ...string) (map[string][]bbRow, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run="+run)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		err = fmt.Errorf("%s %v: %w\n%s", bin, env, err, out)
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
	return rows, err
}

// bbsFuncOf returns the name (as BlackboxFunc.Name spells it) of the
// function of pkg's first file whose declaration spans line.
func bbsFuncOf(t *testing.T, pkg *Package, line int) string {
	t.Helper()
	for _, d := range pkg.Files[0].Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && pkg.Fset.Position(fd.Pos()).Line <= line && line <= pkg.Fset.Position(fd.End()).Line {
			return blackboxName(fd)
		}
	}
	t.Fatalf("no function at line %d", line)
	return ""
}

// bbsRecord runs one test of the fixture's binary as the recording run
// and returns the schema numbers it records as reached and as infected.
func bbsRecord(t *testing.T, bin, test string) (reached, infected map[int]bool) {
	t.Helper()
	probe := filepath.Join(t.TempDir(), "probe")
	bbsRun(t, bin, "^"+test+"$", ProbeEnv+"="+probe)
	b, err := os.ReadFile(probe)
	if err != nil {
		t.Fatalf("%s: the recording run wrote no file: %v", test, err)
	}
	reached, infected = map[int]bool{}, map[int]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		into, fields := infected, []string{l}
		if list, ok := strings.CutPrefix(l, "r "); ok {
			into, fields = reached, strings.Fields(list)
		}
		for _, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("%s: bad recording line %q", test, l)
			}
			into[n] = true
		}
	}
	return reached, infected
}

// TestSchemataWithBlackbox builds the bbschemata fixture as mutprop run
// does (copies, probes, coverage) with its operator mutants and 3-point
// black-box mutants of every function in one build, and the same
// schemata without the black-box mutants, and runs every mutant of both:
// an operator mutant acts as it does without the wrapping and no wrapper
// perturbs; a black-box mutant perturbs its function exactly at the
// inputs its seed selects (its recursive calls reach the original) and
// leaves every operator site original; no mutant, or AllCopies, runs the
// original; and the recording run of a test lists the black-box mutants
// of the functions it calls as reached, and no other's.
func TestSchemataWithBlackbox(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pkg, muts, _ := enumerateFixture(t, "bbschemata")
	const base, perFunc, points = 4, 2, 3
	opts := SchemataOptions{Base: base, Copies: true, Probes: true, Coverage: true}
	for _, c := range BlackboxCandidates(pkg) {
		if (c.Name == "labelAllOdd") != strings.Contains(c.Reason, "variant") {
			t.Errorf("candidate %s: reason %q (a named fault's variant, and only it, is refused)", c.Name, c.Reason)
		}
	}
	if _, err := SchemataWith(pkg, muts, SchemataOptions{Blackbox: &BlackboxOptions{PerFunc: 1}}); err == nil {
		t.Errorf("SchemataWith with Blackbox set: no error, want one that points to SchemataWithBlackbox")
	}
	plainFiles, err := SchemataWith(pkg, muts, opts)
	if err != nil {
		t.Fatal(err)
	}
	plainMuts := append([]Mutant(nil), muts...)
	bbOpts := opts
	bbOpts.Blackbox = &BlackboxOptions{PerFunc: perFunc, Points: points}
	files, bbMuts, err := SchemataWithBlackbox(pkg, muts, bbOpts)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := files[filepath.Join(pkg.Dir, BlackboxRuntimeFile)]; !ok {
		t.Errorf("no %s in the output", BlackboxRuntimeFile)
	}
	// Every function holds operator mutants: each body but Label's (a
	// named fault's target) is still copied (the renames of the wrapping
	// do not keep the guards in place).
	const guard = "if !(mutprop"
	src := filepath.Join(pkg.Dir, "bbs.go")
	if got, want := strings.Count(string(files[src]), guard), strings.Count(string(plainFiles[src]), guard); got != want || want != 3 {
		t.Errorf("%d bodies copied with the wrapping, %d without: want 3", got, want)
	}
	// The operator mutants keep their numbers; the black-box mutants
	// follow them, function after function in source order.
	live, named := 0, 0
	for i, m := range muts {
		if m.Origin == OriginNamed && m.Schema != 0 {
			named++
		}
		if m.Schema != plainMuts[i].Schema {
			t.Errorf("%s: schema %d with the wrapping, %d without", m.ID, m.Schema, plainMuts[i].Schema)
		}
		if m.Schema != 0 {
			live++
		}
	}
	if named != 1 {
		t.Errorf("%d named mutants in the schemata, want the fixture's 1", named)
	}
	if live < 10 {
		t.Fatalf("%d operator mutants in the schemata: too few for the test to mean something", live)
	}
	var ids []string
	for i, m := range bbMuts {
		ids = append(ids, fmt.Sprintf("%s=%d", m.ID, m.Schema))
		if m.Schema != base+len(muts)+i+1 || m.Origin != OriginBlackbox || !m.Probed {
			t.Errorf("%s: schema %d, origin %q, probed %v: want schema %d, origin blackbox, probed", m.ID, m.Schema, m.Origin, m.Probed, base+len(muts)+i+1)
		}
	}
	var want []string
	for i, name := range []string{"Fact", "(*Counter).Add", "Scale", "Label"} {
		for k := 0; k < perFunc; k++ {
			want = append(want, fmt.Sprintf("blackbox:example.com/bbs.%s:%d/p%d=%d", name, k, points, base+len(muts)+i*perFunc+k+1))
		}
	}
	if got, want := strings.Join(ids, " "), strings.Join(want, " "); got != want {
		t.Fatalf("black-box mutants:\n%s\nwant\n%s", got, want)
	}

	work := t.TempDir()
	var wrappedBin, plainBin string
	wrappedDriver, plainDriver := bbsDriver(t, true), bbsDriver(t, false)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		wrappedBin = bbsBuild(t, pkg, files, wrappedDriver, filepath.Join(work, "wrapped"))
	}()
	go func() {
		defer wg.Done()
		plainBin = bbsBuild(t, pkg, plainFiles, plainDriver, filepath.Join(work, "plain"))
	}()
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	const all = "^(TestFact|TestCounter|TestScale)$"
	original := bbsRun(t, plainBin, all)
	if len(original) != 4 {
		t.Fatalf("the driver prints rows of %d functions, want 4: %v", len(original), original)
	}
	same := func(what string, rows map[string][]bbRow, wantOrig bool) {
		t.Helper()
		for name, rs := range original {
			if len(rows[name]) != len(rs) {
				t.Errorf("%s: %d rows of %s, want %d", what, len(rows[name]), name, len(rs))
				continue
			}
			for i, o := range rs {
				r := rows[name][i]
				if r.got != o.got || wantOrig && r.orig != o.got {
					t.Errorf("%s: %s(%d) = %s (original body %s), want the original's %s", what, name, r.x, r.got, r.orig, o.got)
				}
			}
		}
	}
	hashes := bbsRun(t, wrappedBin, all)
	same("no mutant active", hashes, true)
	for _, v := range []int{0, AllCopies} {
		same(fmt.Sprintf("%s=%d", ActiveEnv, v), bbsRun(t, wrappedBin, all, fmt.Sprintf("%s=%d", ActiveEnv, v)), true)
	}

	// Operator mutants: as in the build without the wrapping, and no
	// wrapper perturbs (each function answers as its renamed original,
	// which holds the mutant).
	acted := 0
	for _, m := range muts {
		if m.Schema == 0 {
			continue
		}
		env := fmt.Sprintf("%s=%d", ActiveEnv, m.Schema)
		got, gotErr := bbsTry(t, wrappedBin, all, env)
		want, wantErr := bbsTry(t, plainBin, all, env)
		if (gotErr != nil) != (wantErr != nil) {
			t.Errorf("%s: the run fails with the wrapping: %v; without: %v", m.ID, gotErr, wantErr)
		}
		changed := wantErr != nil
		for name, rs := range want {
			if len(got[name]) != len(rs) {
				t.Errorf("%s: %d rows of %s with the wrapping, %d without", m.ID, len(got[name]), name, len(rs))
				continue
			}
			for i, w := range rs {
				r := got[name][i]
				if r.got != w.got || r.orig != w.got {
					t.Errorf("%s: %s(%d) = %s (original body %s), without the wrapping %s", m.ID, name, r.x, r.got, r.orig, w.got)
				}
				changed = changed || w.got != original[name][i].got
			}
		}
		if changed {
			acted++
		}
	}
	if acted < live/2 {
		t.Errorf("only %d of %d operator mutants change the driver's output: the comparison is too weak", acted, live)
	}

	// Black-box mutants: the function differs from its original exactly at
	// the inputs the mutant's seed selects; every other function, and
	// every original body, answers as the original.
	selected, unselected := 0, 0
	for _, m := range bbMuts {
		fn, k, p, ok := ParseBlackboxID(m.ID)
		if !ok || p != points {
			t.Fatalf("%s: not the ID of a %d-point mutant", m.ID, points)
		}
		name := strings.TrimPrefix(fn, "example.com/bbs.")
		rows := bbsRun(t, wrappedBin, all, fmt.Sprintf("%s=%d", ActiveEnv, m.Schema))
		for other, rs := range original {
			for i, o := range rs {
				r := rows[other][i]
				if r.orig != o.got {
					t.Errorf("%s active: the original body of %s(%d) = %s, want %s", m.ID, other, r.x, r.orig, o.got)
				}
				if other != name {
					if r.got != o.got {
						t.Errorf("%s active: %s(%d) = %s, want the original's %s", m.ID, other, r.x, r.got, o.got)
					}
					continue
				}
				sel := bbSelects(r.hash, k+1, points)
				if sel {
					selected++
				} else {
					unselected++
				}
				if differs := r.got != o.got; differs != sel {
					t.Errorf("%s: %s(%d) = %s, original %s: differs %v, selected %v", m.ID, name, r.x, r.got, o.got, differs, sel)
				}
			}
		}
	}
	if selected == 0 || unselected == 0 {
		t.Errorf("%d-point mutants: %d inputs selected, %d not: want both", points, selected, unselected)
	}
	t.Logf("%d operator mutants (%d change the output), %d black-box mutants (%d inputs selected, %d not)",
		live, acted, len(bbMuts), selected, unselected)

	// The recording runs: a test reaches the black-box mutants of the
	// functions it calls and no other's; it infects those whose seed
	// selects one of its inputs.
	calls := map[string][]string{"TestFact": {"Fact"}, "TestCounter": {"(*Counter).Add"}, "TestScale": {"Scale", "Label"}}
	for test, names := range calls {
		reached, infected := bbsRecord(t, wrappedBin, test)
		calls := map[string]bool{}
		for _, n := range names {
			calls[n] = true
		}
		for _, m := range bbMuts {
			colon := strings.LastIndexByte(m.ID, ':')
			name := strings.TrimPrefix(m.ID[:colon], "blackbox:example.com/bbs.")
			k, _ := strconv.Atoi(m.ID[colon+1:])
			if reached[m.Schema] != calls[name] {
				t.Errorf("%s: %s (schema %d) reached %v, want %v", test, m.ID, m.Schema, reached[m.Schema], calls[name])
			}
			wantInf := false
			for _, r := range hashes[name] {
				wantInf = wantInf || calls[name] && bbSelects(r.hash, k+1, points)
			}
			if infected[m.Schema] != wantInf {
				t.Errorf("%s: %s (schema %d) infected %v, want %v", test, m.ID, m.Schema, infected[m.Schema], wantInf)
			}
		}
		// The guarded sites record as they do without the wrapping.
		opReached := 0
		for _, m := range muts {
			if m.Schema == 0 {
				continue
			}
			if reached[m.Schema] {
				opReached++
				fn := bbsFuncOf(t, pkg, m.Line)
				if m.Origin == OriginNamed {
					fn = "Label" // the variant's target
				}
				if !calls[fn] {
					t.Errorf("%s: operator mutant %s of %s reached", test, m.ID, fn)
				}
			}
		}
		if opReached == 0 {
			t.Errorf("%s: no operator mutant reached", test)
		}
	}
}
