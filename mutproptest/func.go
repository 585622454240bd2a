package mutproptest

import (
	"fmt"

	"github.com/mutprop/mutprop/blackbox"
	"github.com/mutprop/mutprop/propsuite"
)

// DefaultMutants is the number of black-box mutants of a Func suite when
// Func.Mutants is 0.
const DefaultMutants = 20

// DefaultGenerator names the one generator of a Func suite when
// Func.Generator is "".
const DefaultGenerator = "default"

// Func describes a suite of black-box properties of one function of type
// F. Each property receives the function under test as a parameter
// (Duregård's style), so the same property runs on the original, on its
// black-box mutants, and, under mutprop run, on the package's white-box
// mutants.
type Func[F any] struct {
	// Name names the suite (and its black-box mutants).
	Name string
	// Subject is the function under test.
	Subject F
	// Properties are the suite's properties, in report order.
	Properties []Property[F]
	// Generator names the properties' input generator in reports; ""
	// means DefaultGenerator.
	Generator string
	// Mutants is the number of every-point black-box mutants of Subject,
	// with seeds 1..Mutants; 0 means DefaultMutants.
	Mutants int
	// Options are added to every mutant (blackbox.WithMutator,
	// blackbox.Equal, ...). Mode and Seed options are the suite's.
	Options []blackbox.Option
}

// Property is one black-box property of a Func suite.
type Property[F any] struct {
	Name string
	// Test returns the property as a propsuite.Test of the function under
	// test f: it generates one input and checks f on it (propsuite.ForAll).
	Test func(f F) propsuite.Test
}

// MutantID is the ID of the k-th black-box mutant of the suite named name.
func MutantID(name string, k int) string { return fmt.Sprintf("blackbox:%s:%d", name, k) }

// Suite returns the propsuite.Suite: the original, then Mutants every-point
// black-box mutants of Subject (mutant k has blackbox.Seed(k)). A Subject
// that cannot be mutated (a function without results, or whose results
// cannot be perturbed, such as struct{}) gives a suite whose every cell
// fails with blackbox's error naming the type, so go test reports it.
func (s Func[F]) Suite() *propsuite.Suite {
	n := s.Mutants
	if n <= 0 {
		n = DefaultMutants
	}
	gen := s.Generator
	if gen == "" {
		gen = DefaultGenerator
	}
	seeds := map[string]uint64{}
	mutants := []propsuite.Mutant{{}}
	for k := 1; k <= n; k++ {
		id := MutantID(s.Name, k)
		seeds[id] = uint64(k)
		mutants = append(mutants, propsuite.Mutant{ID: id, Origin: "blackbox",
			Description: fmt.Sprintf("every-point black-box mutant of %s, seed %d", s.Name, k)})
	}
	props := map[string]Property[F]{}
	var names []string
	for _, p := range s.Properties {
		props[p.Name] = p
		names = append(names, p.Name)
	}
	opts := append(append([]blackbox.Option(nil), s.Options...), blackbox.Name(s.Name), blackbox.EveryPoint())
	opts = opts[:len(opts):len(opts)] // cells append their seed concurrently: no shared spare capacity
	_, mutErr := blackbox.MutateFunc(s.Subject, opts...)
	return &propsuite.Suite{
		Name:       s.Name,
		Mutants:    mutants,
		Properties: names,
		Generators: []string{gen},
		Test: func(m propsuite.Mutant, property, generator string) (propsuite.Test, error) {
			p, ok := props[property]
			if !ok || p.Test == nil || generator != gen {
				return nil, fmt.Errorf("suite %s has no cell (%s, %s)", s.Name, property, generator)
			}
			if mutErr != nil {
				return nil, fmt.Errorf("suite %s: %w", s.Name, mutErr)
			}
			if m.ID == "" {
				return p.Test(s.Subject), nil
			}
			seed, ok := seeds[m.ID]
			if !ok {
				return nil, fmt.Errorf("suite %s has no mutant %q", s.Name, m.ID)
			}
			f, err := blackbox.MutateFunc(s.Subject, append(opts, blackbox.Seed(seed))...)
			if err != nil {
				return nil, fmt.Errorf("suite %s: mutant %s: %w", s.Name, m.ID, err)
			}
			return p.Test(f), nil
		},
	}
}
