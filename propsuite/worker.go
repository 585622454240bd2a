package propsuite

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
)

// ActiveEnv is the environment variable that selects the schemata mutant a
// process runs (0 or unset: the original). Generated schemata code reads it
// once at start-up.
const ActiveEnv = "MUTPROP_ACTIVE"

// workerMaxStack is the goroutine stack limit Serve sets in a worker
// process (Go's default is 1 GB, which an unbounded recursion takes seconds
// to fill); a process that set a lower limit keeps it.
const workerMaxStack = 64 << 20

// Serve is the worker side of the pool's protocol: it reads jobs, one JSON
// object a line, from in, measures each with s in this process, and writes
// each cell, one JSON object a line, to out. active is the schemata switch
// this process was started with (the value of MUTPROP_ACTIVE); a job for a
// mutant with another schema is answered with an error cell rather than
// measured on the wrong code. Serve returns nil at the end of in.
func Serve(ctx context.Context, s *Suite, active int, in io.Reader, out io.Writer) error {
	if err := s.Validate(); err != nil {
		return err
	}
	// A mutant that recurses without end should crash in a blink, not after
	// growing a gigabyte of stack: cap goroutine stacks at workerMaxStack,
	// or keep the lower cap the process set itself.
	if prev := debug.SetMaxStack(workerMaxStack); prev < workerMaxStack {
		debug.SetMaxStack(prev)
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	for sc.Scan() {
		var j job
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			return fmt.Errorf("worker: malformed job: %w", err)
		}
		var c Cell
		if j.Mutant.Schema != active {
			c = Cell{Mutant: j.Mutant.ID, Property: j.Property, Generator: j.Generator,
				Error: fmt.Sprintf("worker runs schemata mutant %d, job needs %d", active, j.Mutant.Schema)}
		} else {
			c = measure(ctx, s, j)
		}
		if err := enc.Encode(c); err != nil {
			return fmt.Errorf("worker: write cell: %w", err)
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("worker: write cell: %w", err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("worker: read jobs: %w", err)
	}
	return nil
}

// ParseActive parses the value of MUTPROP_ACTIVE ("" means 0).
func ParseActive(v string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s=%q: want a non-negative integer", ActiveEnv, v)
	}
	return n, nil
}
