package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// benchModule writes a module of files files spread over directories of 20
// files each (a few hundred files: a mid-sized module, or x/text's
// transform and its neighbours), and returns its template copy.
func benchModule(b *testing.B, files int) *Template {
	b.Helper()
	mod := filepath.Join(b.TempDir(), "mod")
	if err := os.MkdirAll(mod, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/m\n\ngo 1.21\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < files; i++ {
		p := filepath.Join(mod, fmt.Sprintf("d%d", i/20), "testdata", fmt.Sprintf("f%d.go", i))
		if err := mkfile(p); err != nil {
			b.Fatal(err)
		}
	}
	tmpl, err := CopyModule(filepath.Join(mod, "d0"), filepath.Join(b.TempDir(), "src"))
	if err != nil {
		b.Fatal(err)
	}
	return tmpl
}

// BenchmarkScratchReset is the reset of a worker's module copy before
// every run of a test binary (a copy of 400 files in 40 directories),
// after a run that wrote nothing (most runs) and after one that rewrote a
// file; "walk" walks the copy every time, as on systems without inotify,
// "watch" asks the copy's watch first (inode_linux.go). The ratio of the
// two is what the watch saves per run.
func BenchmarkScratchReset(b *testing.B) {
	tmpl := benchModule(b, 400)
	for _, run := range []string{"clean", "one-write"} {
		for _, mode := range []string{"walk", "watch"} {
			b.Run(run+"/"+mode, func(b *testing.B) {
				sc := NewScratch(tmpl, filepath.Join(b.TempDir(), "w0"))
				if err := sc.Reset(); err != nil {
					b.Fatal(err)
				}
				if mode == "walk" {
					sc.copy.watch.close()
					sc.copy.watch = nil
				} else if sc.copy.watch == nil {
					b.Skip("no inotify here")
				}
				victim := filepath.Join(sc.WorkDir(), "testdata", "f3.go")
				for b.Loop() {
					if run == "one-write" {
						if err := os.WriteFile(victim, []byte("mutant"), 0o644); err != nil {
							b.Fatal(err)
						}
					}
					if err := sc.Reset(); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				if b, err := os.ReadFile(victim); err != nil || string(b) != "x" {
					panic(fmt.Sprintf("the reset left %q, %v", b, err))
				}
			})
		}
	}
}

// BenchmarkGuardCheck is the tree guard's check of the package directory
// around a run that writes nothing into it (a package of 100 files, and
// 100 more under testdata); "scan" compares every entry each time, as
// without inotify, "watch" asks the guard's watch first.
func BenchmarkGuardCheck(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "pkg")
	for i := 0; i < 100; i++ {
		for _, p := range []string{fmt.Sprintf("f%d.go", i), fmt.Sprintf("testdata/d%d/in%d.txt", i/10, i)} {
			if err := mkfile(filepath.Join(dir, p)); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, mode := range []string{"scan", "watch"} {
		b.Run(mode, func(b *testing.B) {
			g, err := NewGuard(dir, filepath.Join(b.TempDir(), "pristine"), b.Logf)
			if err != nil {
				b.Fatal(err)
			}
			defer g.Finish()
			if mode == "scan" {
				g.watch.close()
				g.watch = nil
			} else if g.watch == nil {
				b.Skip("no inotify here")
			}
			run := func() (verdict, error) { return verdict{}, nil }
			for b.Loop() {
				if v, err := do(context.Background(), g, "m", run); err != nil || len(v.Notes) > 0 {
					b.Fatalf("%v, %v", v.Notes, err)
				}
			}
		})
	}
}
