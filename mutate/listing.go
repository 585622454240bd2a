package mutate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
)

// Listing is the mutants of one package as mutprop mutants lists them.
type Listing struct {
	Path    string   `json:"path"`
	Mutants []Mutant `json:"mutants"`
	Stats   Stats    `json:"stats"`
	// Refused are the functions of the package that black-box mutants
	// cannot wrap, with the reason, when the listing asks for black-box
	// mutants of every function (mutprop mutants --blackbox).
	Refused []Refusal `json:"blackboxRefused,omitempty"`
}

// A Refusal is a function that black-box mutants cannot wrap, and why
// (BlackboxFunc.Reason).
type Refusal struct {
	Name   string `json:"name"` // as BlackboxFunc.Name spells it
	File   string `json:"file"` // package-relative (the file's base name)
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// Refusals returns the functions of pkg that black-box mutants cannot
// wrap (BlackboxCandidates with a reason), in source order.
func Refusals(pkg *Package) []Refusal {
	var out []Refusal
	for _, c := range BlackboxCandidates(pkg) {
		if c.Reason != "" {
			out = append(out, Refusal{Name: c.Name, File: filepath.Base(c.File), Line: c.Line, Reason: c.Reason})
		}
	}
	return out
}

// List loads the packages of patterns in dir and enumerates their mutants
// with opts, one listing per package.
func List(ctx context.Context, dir string, patterns []string, opts *Options) ([]Listing, error) {
	return ListWith(ctx, dir, patterns, func(ctx context.Context, p *Package) (Listing, error) {
		muts, stats, err := Enumerate(ctx, p, opts)
		return Listing{Path: p.Path, Mutants: muts, Stats: stats}, err
	})
}

// ListWith loads the packages of patterns in dir and lists each with
// list, one listing per package; a listing's nil Mutants become empty.
func ListWith(ctx context.Context, dir string, patterns []string, list func(context.Context, *Package) (Listing, error)) ([]Listing, error) {
	pkgs, err := Load(ctx, dir, patterns...)
	if err != nil {
		return nil, err
	}
	var out []Listing
	for _, p := range pkgs {
		l, err := list(ctx, p)
		if err != nil {
			return nil, err
		}
		if l.Mutants == nil {
			l.Mutants = []Mutant{}
		}
		out = append(out, l)
	}
	return out, nil
}

// WriteListingsJSON writes the listings as the indented JSON object
// {"packages": [{"path", "mutants", "stats"}]}.
func WriteListingsJSON(w io.Writer, ls []Listing) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Packages []Listing `json:"packages"`
	}{ls})
}

// Find looks for the mutant with the given ID among the mutants of the
// packages of pattern in dir (every operator, as Enumerate gives them by
// default); found is false when none has it.
func Find(ctx context.Context, dir, pattern, id string) (pkg *Package, m Mutant, found bool, err error) {
	pkgs, err := Load(ctx, dir, pattern)
	if err != nil {
		return nil, Mutant{}, false, err
	}
	for _, p := range pkgs {
		muts, _, err := Enumerate(ctx, p, nil)
		if err != nil {
			return nil, Mutant{}, false, err
		}
		for _, m := range muts {
			if m.ID == id {
				return p, m, true, nil
			}
		}
	}
	return nil, Mutant{}, false, nil
}

// WriteMutant writes one mutant of pkg as mutprop show prints it: its ID;
// its origin, operator ("-" for none), location and description; and the
// unified diff of its single-mutant build. Nothing is written when the
// diff cannot be made.
func WriteMutant(w io.Writer, pkg *Package, m Mutant) error {
	d, err := Diff(pkg, m)
	if err != nil {
		return err
	}
	op := m.Operator
	if op == "" {
		op = "-"
	}
	_, err = fmt.Fprintf(w, "%s\n%s (%s) at %s: %s\n\n%s", m.ID, m.Origin, op, m.Location(), m.Description, d)
	return err
}
