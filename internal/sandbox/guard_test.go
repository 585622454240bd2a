package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// guardFixture is a package directory with a source file and testdata.
func guardFixture(t *testing.T) (dir string, g *Guard, logged *strings.Builder) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "pkg")
	for name, body := range map[string]string{
		"a.go":              "package a\n",
		"testdata/in.txt":   "input\n",
		"testdata/sub/x.go": "package x\n",
		"other/b.go":        "package b\n", // another package: not guarded
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// An old modification time, so that a restore that forgets it shows.
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "a.go"), old, old); err != nil {
		t.Fatal(err)
	}
	logged = &strings.Builder{}
	var mu sync.Mutex
	g, err := NewGuard(dir, filepath.Join(t.TempDir(), "pristine"), func(f string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(logged, f+"\n", args...)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, g, logged
}

type treeEntry struct {
	body  string
	mode  os.FileMode
	mtime time.Time
}

func tree(t *testing.T, dir string) map[string]treeEntry {
	t.Helper()
	out := map[string]treeEntry{}
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		e := treeEntry{mode: fi.Mode()}
		if !fi.IsDir() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			e.body, e.mtime = string(b), fi.ModTime()
		}
		out[p] = e
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameSnapshot(t *testing.T, before, after map[string]treeEntry) {
	t.Helper()
	for p, b := range before {
		if a, ok := after[p]; !ok {
			t.Errorf("%s is missing", p)
		} else if a != b {
			t.Errorf("%s: %+v, was %+v", p, a, b)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s was created", p)
		}
	}
}

func write(t *testing.T, p, body string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestTheGuardRestoresAndNamesAMutantThatWritesEveryTime(t *testing.T) {
	dir, g, logged := guardFixture(t)
	before := tree(t, dir)
	runs := 0
	v, err := do(context.Background(), g, "m1", func() (verdict, error) {
		runs++
		write(t, filepath.Join(dir, "a.go"), "package a // mutant\n")
		write(t, filepath.Join(dir, "new.txt"), "new")
		write(t, filepath.Join(dir, "testdata", "sub", "y.txt"), "y")
		if err := os.Remove(filepath.Join(dir, "testdata", "in.txt")); err != nil && runs == 1 {
			t.Error(err)
		}
		return verdict{Outcome: "survived"}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if runs != 2 {
		t.Errorf("ran %d times, want 2 (the run and its rerun alone)", runs)
	}
	want := "wrote into the package directory " + dir + ": modified a.go, created new.txt, removed testdata/in.txt, created testdata/sub/y.txt (restored; it did so again when rerun alone)"
	if len(v.Notes) != 1 || v.Notes[0] != want {
		t.Errorf("notes %q, want %q", v.Notes, want)
	}
	sameSnapshot(t, before, tree(t, dir))
	if logged.Len() > 0 {
		t.Errorf("logged %q", logged.String())
	}
	// Nothing changes on the next, clean run.
	v, _ = do(context.Background(), g, "m2", func() (verdict, error) { return verdict{}, nil })
	if len(v.Notes) != 0 {
		t.Errorf("a clean run got notes %q", v.Notes)
	}
}

func TestTheGuardKeepsAnEditThatTheRunDoesNotRepeat(t *testing.T) {
	dir, g, logged := guardFixture(t)
	runs := 0
	v, _ := do(context.Background(), g, "m1", func() (verdict, error) {
		runs++
		if runs == 1 { // the user saves a file while m1 runs
			write(t, filepath.Join(dir, "a.go"), "package a // the user's edit\n")
			write(t, filepath.Join(dir, ".a.go.swp"), "swap")
		}
		return verdict{}, nil
	})
	if len(v.Notes) != 0 {
		t.Errorf("notes %q: the run did not write", v.Notes)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.go")); string(b) != "package a // the user's edit\n" {
		t.Errorf("the user's edit was lost: a.go = %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, ".a.go.swp")); err != nil {
		t.Errorf("the editor's file was removed: %v", err)
	}
	if !strings.Contains(logged.String(), "kept created .a.go.swp, modified a.go") {
		t.Errorf("log %q: want the kept edit", logged.String())
	}
	// The edit is now what a later mutant's write is undone to.
	after := tree(t, dir)
	v, _ = do(context.Background(), g, "m2", func() (verdict, error) {
		write(t, filepath.Join(dir, "a.go"), "package a // mutant\n")
		return verdict{}, nil
	})
	if len(v.Notes) != 1 {
		t.Errorf("m2 notes %q: want its write", v.Notes)
	}
	sameSnapshot(t, after, tree(t, dir))
}

func TestTheGuardNamesTheWriterAmongConcurrentRuns(t *testing.T) {
	dir, g, logged := guardFixture(t)
	before := tree(t, dir)
	// m1 and m2 run at the same time; m2 writes while both are in flight
	// and m1 ends first, so m1 sees the change and both are suspects.
	m1InFlight, m2Wrote := make(chan bool), make(chan bool)
	var once sync.Once
	m2Runs := 0 // only m2's goroutine uses it
	var wg sync.WaitGroup
	notes := map[string][]string{}
	var mu sync.Mutex
	for _, id := range []string{"m1", "m2"} {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			v, _ := do(context.Background(), g, id, func() (verdict, error) {
				switch id {
				case "m1":
					once.Do(func() {
						close(m1InFlight)
						<-m2Wrote
					})
				case "m2":
					m2Runs++
					if m2Runs == 1 {
						<-m1InFlight
					}
					write(t, filepath.Join(dir, "testdata", "in.txt"), "by m2")
					if m2Runs == 1 {
						close(m2Wrote)
						time.Sleep(50 * time.Millisecond) // m1 ends and checks first
					}
				}
				return verdict{}, nil
			})
			mu.Lock()
			notes[id] = v.Notes
			mu.Unlock()
		}(id)
	}
	wg.Wait()
	if len(notes["m1"]) != 0 {
		t.Errorf("m1 notes %q: it wrote nothing", notes["m1"])
	}
	if len(notes["m2"]) != 1 || !strings.Contains(notes["m2"][0], "modified testdata/in.txt") {
		t.Errorf("m2 notes %q: want its write", notes["m2"])
	}
	sameSnapshot(t, before, tree(t, dir))
	if logged.Len() > 0 {
		t.Errorf("logged %q", logged.String())
	}
}

func TestAnInterruptedGuardRestoresWithoutARerun(t *testing.T) {
	dir, g, logged := guardFixture(t)
	before := tree(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	runs := 0
	v, _ := do(ctx, g, "m1", func() (verdict, error) {
		runs++
		write(t, filepath.Join(dir, "a.go"), "package a // mutant\n")
		cancel()
		return verdict{}, nil
	})
	if runs != 1 {
		t.Errorf("ran %d times after the interrupt, want 1", runs)
	}
	if len(v.Notes) != 0 {
		t.Errorf("notes %q", v.Notes)
	}
	sameSnapshot(t, before, tree(t, dir))
	if !strings.Contains(logged.String(), "restored modified a.go, changed while m1 ran") {
		t.Errorf("log %q: want the restore", logged.String())
	}
}

func TestTheGuardIgnoresFilesMutpropHoldsOpenAndOtherPackages(t *testing.T) {
	dir, g, logged := guardFixture(t)
	journal, err := os.OpenFile(filepath.Join(dir, "run.jsonl"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer journal.Close()
	v, _ := do(context.Background(), g, "m1", func() (verdict, error) {
		fmt.Fprintln(journal, "a record")
		write(t, filepath.Join(dir, "other", "b.go"), "package b // not guarded\n")
		return verdict{}, nil
	})
	if len(v.Notes) != 0 || logged.Len() > 0 {
		t.Errorf("notes %q, log %q: want none", v.Notes, logged.String())
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "run.jsonl")); string(b) != "a record\n" {
		t.Errorf("the journal holds %q", b)
	}
}

// The guard's watch reports what its directory events do not: a write
// through a hard link made outside the package directory.
func TestTheGuardSeesAWriteThroughAHardLink(t *testing.T) {
	dir, g, logged := guardFixture(t)
	before := tree(t, dir)
	do(context.Background(), g, "m0", func() (verdict, error) { return verdict{}, nil }) // the first check scans
	link := filepath.Join(t.TempDir(), "link")
	v, _ := do(context.Background(), g, "m1", func() (verdict, error) {
		if err := os.Link(filepath.Join(dir, "testdata", "in.txt"), link); err != nil && !os.IsExist(err) {
			t.Skipf("no hard links here: %v", err)
		}
		write(t, link, "mutant") // the size of "input\n"
		return verdict{}, nil
	})
	if len(v.Notes) != 1 || !strings.Contains(v.Notes[0], "modified testdata/in.txt") {
		t.Errorf("notes %q: want the write through the link", v.Notes)
	}
	os.Remove(link)
	sameSnapshot(t, before, tree(t, dir))
	if logged.Len() > 0 {
		t.Errorf("logged %q", logged.String())
	}
}

// A directory created under testdata and kept as an outside edit is
// guarded from then on, and a run that changes nothing is not compared
// (with a watch).
func TestTheGuardWatchesWhatItKeeps(t *testing.T) {
	dir, g, logged := guardFixture(t)
	fresh := filepath.Join(dir, "testdata", "fresh")
	runs := 0
	do(context.Background(), g, "m1", func() (verdict, error) {
		if runs++; runs == 1 { // the user's, while m1 runs
			if err := os.MkdirAll(fresh, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return verdict{}, nil
	})
	if !strings.Contains(logged.String(), "kept created testdata/fresh") {
		t.Fatalf("log %q: want the directory kept", logged.String())
	}
	if g.watch != nil {
		// A stale record is not looked at by a run that changes nothing.
		do(context.Background(), g, "m2", func() (verdict, error) { return verdict{}, nil })
		g.mu.Lock()
		rec := g.seen["a.go"]
		g.seen["a.go"] = fileState{mode: rec.mode, size: -1}
		g.mu.Unlock()
		v, _ := do(context.Background(), g, "m3", func() (verdict, error) { return verdict{}, nil })
		if len(v.Notes) != 0 || strings.Contains(logged.String(), "a.go") {
			t.Fatalf("notes %q, log %q: a run that changed nothing was compared", v.Notes, logged.String())
		}
		g.mu.Lock()
		g.seen["a.go"] = rec
		g.mu.Unlock()
	}
	after := tree(t, dir)
	v, _ := do(context.Background(), g, "m4", func() (verdict, error) {
		write(t, filepath.Join(fresh, "out.txt"), "by m4")
		return verdict{}, nil
	})
	if len(v.Notes) != 1 || !strings.Contains(v.Notes[0], "created testdata/fresh/out.txt") {
		t.Errorf("m4 notes %q: want its write into testdata/fresh", v.Notes)
	}
	sameSnapshot(t, after, tree(t, dir))
}
