package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"sync"
)

// typeCheckAll type-checks every candidate in a pool of workers and
// reports which are well-typed. Each check parses only the changed file and
// re-checks the package with the other files' syntax and the imports that
// were loaded once (shared, read-only). Cost: one go/types check of the
// package per candidate, spread over workers.
func typeCheckAll(ctx context.Context, pkg *Package, cands []candidate, workers int) ([]bool, error) {
	ok := make([]bool, len(cands))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				ok[i] = wellTyped(pkg, cands[i].file, cands[i].m.Edits) == nil
			}
		}()
	}
	var err error
loop:
	for i := range cands {
		select {
		case jobs <- i:
		case <-ctx.Done():
			err = fmt.Errorf("type-check mutants: %w", ctx.Err())
			break loop
		}
	}
	close(jobs)
	wg.Wait()
	return ok, err
}

// wellTyped applies edits to file i of pkg and type-checks the package.
func wellTyped(pkg *Package, i int, edits []TextEdit) error {
	filename := pkg.Filenames[i]
	src, err := applyEdits(pkg.src[filename], edits)
	if err != nil {
		return err
	}
	f, err := parser.ParseFile(pkg.Fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	files := make([]*ast.File, len(pkg.Files))
	copy(files, pkg.Files)
	files[i] = f
	_, err = pkg.check(files, pkg.Fset, nil)
	return err
}
