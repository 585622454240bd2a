package blackbox

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
)

// ErrCannotPerturb is wrapped by every error (and by the panic of a mutant
// at call time) that reports a value or type that has no observably
// different value the mutant could return: struct{}, empty arrays, funcs,
// channels, structs without exported perturbable fields, a nil interface
// of a type the injected error does not implement, or a value that the
// mutant's Equal says equals every perturbation drawn.
var ErrCannotPerturb = errors.New("cannot perturb")

// maxDepth bounds how deep a perturbation descends into a value; below it
// pointers become nil and containers change their length instead.
const maxDepth = 64

var errorType = reflect.TypeFor[error]()

// perturber is the type-directed engine: the built-in mutators plus the
// mutators a mutant registered. It never modifies the value it is given
// or anything reachable from it: each mutator copies the containers on
// the path to the change and shares the rest (copy on the path).
type perturber struct {
	muts     map[reflect.Type]Mutator
	injected error // the non-nil error a nil error (or interface) becomes
}

func cannot(t reflect.Type, reason string) error {
	return fmt.Errorf("%w %v: %s", ErrCannotPerturb, t, reason)
}

// check returns nil if values of type t can in general be perturbed, and an
// error naming t (or the part of t) that cannot.
func (p *perturber) check(t reflect.Type) error {
	if _, ok := p.muts[t]; ok {
		return nil
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128,
		reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
		return nil
	case reflect.Array:
		if t.Len() == 0 {
			return cannot(t, "an empty array has a single value")
		}
		if err := p.check(t.Elem()); err != nil {
			return fmt.Errorf("%v: element: %w", t, err)
		}
		return nil
	case reflect.Struct:
		var errs []error
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			err := p.check(f.Type)
			if err == nil {
				return nil
			}
			errs = append(errs, fmt.Errorf("field %s: %w", f.Name, err))
		}
		if len(errs) == 0 {
			return cannot(t, "a struct with no exported field (register a Mutator with WithMutator)")
		}
		return fmt.Errorf("%w %v: no exported field can be perturbed: %w",
			ErrCannotPerturb, t, errors.Join(errs...))
	default: // Func, Chan, UnsafePointer
		return cannot(t, fmt.Sprintf("%s values cannot be changed observably", t.Kind()))
	}
}

// perturb returns a value of v's type that differs from v under
// reflect.DeepEqual (user mutators excepted: the caller checks).
func (p *perturber) perturb(r *rand.Rand, v reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	if m, ok := p.muts[t]; ok {
		return p.user(r, m, v)
	}
	out := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Bool:
		out.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out.SetInt(mutateInt(r, v.Int(), t.Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		out.SetUint(mutateUint(r, v.Uint(), t.Bits()))
	case reflect.Float32, reflect.Float64:
		out.SetFloat(mutateFloat(r, v.Float(), t.Bits()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		if r.IntN(2) == 0 {
			out.SetComplex(complex(mutateFloat(r, real(c), t.Bits()/2), imag(c)))
		} else {
			out.SetComplex(complex(real(c), mutateFloat(r, imag(c), t.Bits()/2)))
		}
	case reflect.String:
		out.SetString(mutateString(r, v.String()))
	case reflect.Slice:
		return p.slice(r, v, depth)
	case reflect.Array:
		return p.array(r, v, depth)
	case reflect.Map:
		return p.mapValue(r, v, depth)
	case reflect.Struct:
		return p.structValue(r, v, depth)
	case reflect.Pointer:
		return p.pointer(r, v, depth)
	case reflect.Interface:
		return p.iface(r, v, depth)
	default:
		return reflect.Value{}, p.check(t)
	}
	return out, nil
}

// user runs a registered mutator and checks its result's type.
func (p *perturber) user(r *rand.Rand, m Mutator, v reflect.Value) (reflect.Value, error) {
	t := v.Type()
	nv, err := m.Mutate(r, v)
	if err != nil {
		return reflect.Value{}, fmt.Errorf("mutator for %v: %w", t, err)
	}
	if !nv.IsValid() {
		return reflect.Value{}, fmt.Errorf("mutator for %v returned an invalid value", t)
	}
	if nv.Type() == t {
		return nv, nil
	}
	if !nv.Type().AssignableTo(t) {
		return reflect.Value{}, fmt.Errorf("mutator for %v returned a %v", t, nv.Type())
	}
	out := reflect.New(t).Elem()
	out.Set(nv)
	return out, nil
}

// tryInOrder calls try(i) for i = 0..n-1 from a random start until one
// succeeds, and returns the last error otherwise.
func tryInOrder(r *rand.Rand, n int, try func(i int) (reflect.Value, error)) (reflect.Value, error) {
	start := r.IntN(n)
	var err error
	for k := 0; k < n; k++ {
		var v reflect.Value
		v, err = try((start + k) % n)
		if err == nil {
			return v, nil
		}
	}
	return reflect.Value{}, err
}

// The slice operations.
const (
	sliceDrop = iota
	sliceDup
	sliceSwap
	sliceChange
	sliceAppend
	numSliceOps
)

// slice drops an element, duplicates one, swaps two distinct ones, changes
// one recursively or appends one, always into a fresh backing array.
func (p *perturber) slice(r *rand.Rand, v reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	n := v.Len()
	var ops [numSliceOps]int
	k := 0
	if n > 0 {
		ops[k], ops[k+1] = sliceDrop, sliceDup
		k += 2
		if depth < maxDepth && p.check(t.Elem()) == nil {
			ops[k] = sliceChange
			k++
		}
	}
	if n > 1 {
		ops[k] = sliceSwap
		k++
	}
	ops[k] = sliceAppend
	k++
	return tryInOrder(r, k, func(o int) (reflect.Value, error) {
		switch ops[o] {
		case sliceDrop:
			i := r.IntN(n)
			out := reflect.MakeSlice(t, 0, n-1)
			out = reflect.AppendSlice(out, v.Slice(0, i))
			return reflect.AppendSlice(out, v.Slice(i+1, n)), nil
		case sliceDup:
			i := r.IntN(n)
			out := reflect.MakeSlice(t, 0, n+1)
			out = reflect.AppendSlice(out, v.Slice(0, i+1))
			out = reflect.Append(out, v.Index(i))
			return reflect.AppendSlice(out, v.Slice(i+1, n)), nil
		case sliceSwap:
			i, j, ok := distinctPair(r, v)
			if !ok {
				return reflect.Value{}, fmt.Errorf("%v: all elements equal, nothing to swap", t)
			}
			out := copySlice(v, n)
			a, b := v.Index(i), v.Index(j)
			out.Index(i).Set(b)
			out.Index(j).Set(a)
			return out, nil
		case sliceChange:
			i := r.IntN(n)
			e, err := p.perturb(r, v.Index(i), depth+1)
			if err != nil {
				return reflect.Value{}, fmt.Errorf("%v: element %d: %w", t, i, err)
			}
			out := copySlice(v, n)
			out.Index(i).Set(e)
			return out, nil
		default: // sliceAppend
			out := reflect.MakeSlice(t, 0, n+1)
			out = reflect.AppendSlice(out, v)
			return reflect.Append(out, p.fresh(r, t.Elem(), depth)), nil
		}
	})
}

func copySlice(v reflect.Value, n int) reflect.Value {
	out := reflect.MakeSlice(v.Type(), n, n)
	reflect.Copy(out, v)
	return out
}

// distinctPair finds two indices of v (len >= 2) whose elements differ.
func distinctPair(r *rand.Rand, v reflect.Value) (int, int, bool) {
	n := v.Len()
	i := r.IntN(n)
	a := v.Index(i).Interface()
	start := r.IntN(n)
	for k := 0; k < n; k++ {
		j := (start + k) % n
		if j != i && !reflect.DeepEqual(a, v.Index(j).Interface()) {
			return i, j, true
		}
	}
	return 0, 0, false
}

// fresh returns a new value of type t to add to a container: the zero
// value, or half of the time a perturbation of it.
func (p *perturber) fresh(r *rand.Rand, t reflect.Type, depth int) reflect.Value {
	zero := reflect.Zero(t)
	if r.IntN(2) == 0 || depth >= maxDepth || p.check(t) != nil {
		return zero
	}
	v, err := p.perturb(r, zero, depth+1)
	if err != nil {
		return zero
	}
	return v
}

// array changes one element (recursively) in a copy.
func (p *perturber) array(r *rand.Rand, v reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	if err := p.check(t); err != nil {
		return reflect.Value{}, err
	}
	if depth >= maxDepth {
		return reflect.Value{}, fmt.Errorf("%v: nested deeper than %d", t, maxDepth)
	}
	return tryInOrder(r, v.Len(), func(i int) (reflect.Value, error) {
		e, err := p.perturb(r, v.Index(i), depth+1)
		if err != nil {
			return reflect.Value{}, fmt.Errorf("%v: element %d: %w", t, i, err)
		}
		out := reflect.New(t).Elem()
		out.Set(v)
		out.Index(i).Set(e)
		return out, nil
	})
}

// The map operations.
const (
	mapDrop = iota
	mapChange
	mapAdd
	numMapOps
)

// mapValue drops a key, changes a value or adds a key, in a copy. Entries
// are chosen in the order of their keys' hashes, never in Go's random
// iteration order, so the choice is deterministic.
func (p *perturber) mapValue(r *rand.Rand, v reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	keys, vals := sortedEntries(v)
	n := len(keys)
	var ops [numMapOps]int
	k := 0
	if n > 0 {
		ops[k] = mapDrop
		k++
		if depth < maxDepth && p.check(t.Elem()) == nil {
			ops[k] = mapChange
			k++
		}
	}
	ops[k] = mapAdd
	k++
	// copyMap copies v without entry skip (-1: none). It copies from the
	// entries, not by lookup, so keys that are not equal to themselves
	// (NaN) survive.
	copyMap := func(skip int) reflect.Value {
		out := reflect.MakeMapWithSize(t, n+1)
		for i := range keys {
			if i != skip {
				out.SetMapIndex(keys[i], vals[i])
			}
		}
		return out
	}
	return tryInOrder(r, k, func(o int) (reflect.Value, error) {
		switch ops[o] {
		case mapDrop:
			return copyMap(r.IntN(n)), nil
		case mapChange:
			i := r.IntN(n)
			e, err := p.perturb(r, vals[i], depth+1)
			if err != nil {
				return reflect.Value{}, fmt.Errorf("%v: value at %v: %w", t, keys[i], err)
			}
			out := copyMap(i)
			out.SetMapIndex(keys[i], e)
			return out, nil
		default: // mapAdd
			key, err := p.newKey(r, v, keys, depth)
			if err != nil {
				return reflect.Value{}, err
			}
			out := copyMap(-1)
			out.SetMapIndex(key, p.fresh(r, t.Elem(), depth))
			return out, nil
		}
	})
}

// newKey finds a key absent from v: the zero key, or a perturbation of a
// present key.
func (p *perturber) newKey(r *rand.Rand, v reflect.Value, keys []reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	zero := reflect.Zero(t.Key())
	if v.Len() == 0 || !v.MapIndex(zero).IsValid() {
		return zero, nil
	}
	if depth >= maxDepth || p.check(t.Key()) != nil {
		return reflect.Value{}, fmt.Errorf("%v: no new key", t)
	}
	for range 8 {
		k, err := p.perturb(r, keys[r.IntN(len(keys))], depth+1)
		if err != nil {
			return reflect.Value{}, fmt.Errorf("%v: new key: %w", t, err)
		}
		if !v.MapIndex(k).IsValid() {
			return k, nil
		}
	}
	return reflect.Value{}, fmt.Errorf("%v: no new key after 8 draws", t)
}

// sortedEntries returns v's entries ordered by the Hash of their keys
// (ties keep no particular order; they need a hash collision between
// distinct keys).
func sortedEntries(v reflect.Value) (keys, vals []reflect.Value) {
	type entry struct {
		h    uint64
		k, v reflect.Value
	}
	es := make([]entry, 0, v.Len())
	it := v.MapRange()
	for it.Next() {
		es = append(es, entry{Hash(it.Key()), it.Key(), it.Value()})
	}
	slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.h, b.h) })
	keys = make([]reflect.Value, len(es))
	vals = make([]reflect.Value, len(es))
	for i, e := range es {
		keys[i], vals[i] = e.k, e.v
	}
	return keys, vals
}

// structValue changes one exported field (recursively) in a copy.
// Unexported fields are copied as they are: reflect cannot set them
// without package unsafe, which this package does not use.
func (p *perturber) structValue(r *rand.Rand, v reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	if depth >= maxDepth {
		return reflect.Value{}, fmt.Errorf("%v: nested deeper than %d", t, maxDepth)
	}
	var fields []int
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() && p.check(f.Type) == nil {
			fields = append(fields, i)
		}
	}
	if len(fields) == 0 {
		return reflect.Value{}, p.check(t)
	}
	return tryInOrder(r, len(fields), func(k int) (reflect.Value, error) {
		i := fields[k]
		e, err := p.perturb(r, v.Field(i), depth+1)
		if err != nil {
			return reflect.Value{}, fmt.Errorf("%v: field %s: %w", t, t.Field(i).Name, err)
		}
		out := reflect.New(t).Elem()
		out.Set(v)
		out.Field(i).Set(e)
		return out, nil
	})
}

// pointer turns nil into a pointer to a zero value, and a non-nil pointer
// into nil or (more often) a new pointer to a perturbed copy of the
// pointee. The original pointee is never written.
func (p *perturber) pointer(r *rand.Rand, v reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	if v.IsNil() {
		return reflect.New(t.Elem()), nil
	}
	if r.IntN(4) == 0 || depth >= maxDepth || p.check(t.Elem()) != nil {
		return reflect.Zero(t), nil
	}
	e, err := p.perturb(r, v.Elem(), depth+1)
	if err != nil {
		// The pointee resisted (say, a nil interface inside): nil differs too.
		return reflect.Zero(t), nil
	}
	out := reflect.New(t.Elem())
	out.Elem().Set(e)
	return out, nil
}

// iface flips an error between nil and the injected error; for other
// interfaces it perturbs the dynamic value (or sets nil), and a nil one
// becomes the injected error when its type allows.
func (p *perturber) iface(r *rand.Rand, v reflect.Value, depth int) (reflect.Value, error) {
	t := v.Type()
	if v.IsNil() {
		inj := reflect.ValueOf(p.injected)
		if !inj.Type().Implements(t) {
			return reflect.Value{}, cannot(t, "nil, and no value of a type implementing it is known")
		}
		out := reflect.New(t).Elem()
		out.Set(inj)
		return out, nil
	}
	if t == errorType || r.IntN(4) == 0 || depth >= maxDepth {
		return reflect.Zero(t), nil
	}
	dyn := v.Elem()
	if p.check(dyn.Type()) != nil {
		return reflect.Zero(t), nil
	}
	e, err := p.perturb(r, dyn, depth+1)
	if err != nil {
		return reflect.Zero(t), nil
	}
	out := reflect.New(t).Elem()
	out.Set(e)
	return out, nil
}
