package blackbox

import (
	"math"
	"math/bits"
	"reflect"
)

// Hash returns a stable 64-bit hash of values, the seed of a mutant's
// perturbation at an input (QuickCheck's CoArbitrary). It depends only on
// the values' structure and contents, never on addresses or map iteration
// order, so it is the same in every run and for every deep copy:
//
//   - integers, unsigned integers and bools by value; floats and complex
//     numbers by their IEEE bits (so 0.0 and -0.0 differ, and a NaN hashes
//     by its payload);
//   - strings, slices and arrays element by element with their length;
//   - maps order-independently: each entry's key and value are hashed
//     together and the entries are combined by a commutative sum, which
//     equals hashing them in any fixed (for example sorted) key order;
//   - structs field by field, exported or not;
//   - pointers and interfaces by what they point to or hold (an interface
//     is transparent: any(3) hashes as 3); a reference that leads back to
//     one of its own ancestors (a cycle) hashes as a back-reference;
//   - nil slices, maps, pointers and interfaces differ from empty or zero
//     ones, as reflect.DeepEqual tells them apart;
//   - funcs, channels and unsafe pointers have no stable identity: they
//     hash by kind and nil-ness only (a documented fallback, not an error:
//     two non-nil funcs get the same perturbation seed).
//
// Values of different kinds hash differently; values of distinct named
// types with the same kind and contents hash alike. An invalid
// reflect.Value hashes as nil.
func Hash(values ...reflect.Value) uint64 {
	h := hasher{h: hashSeed}
	h.word(uint64(len(values)))
	for _, v := range values {
		h.value(v, 0)
	}
	return fmix(h.h)
}

const (
	hashSeed = 0x6d757470726f7021 // "mutprop!"
	// trackDepth is the nesting depth from which the hasher starts to
	// remember the references on its path, so shallow values (the common
	// case) hash without allocating and cycles still terminate.
	trackDepth = 32
)

// Kind tags; tagNil marks a nil reference, tagBack a back-reference.
const (
	tagNil = 0x100 + iota
	tagBack
	tagOpaque
)

type hasher struct {
	h    uint64
	path map[refKey]int // references on the current path, by depth
}

// refKey identifies a reference for cycle detection.
type refKey struct {
	t   reflect.Type
	ptr uintptr
	n   int
}

func (s *hasher) word(x uint64) {
	s.h ^= x
	s.h = bits.RotateLeft64(s.h*0x87c37b91114253d5, 31) * 0x4cf5ad432745937f
}

func (s *hasher) str(x string) {
	s.word(uint64(len(x)))
	var w uint64
	n := 0
	for i := 0; i < len(x); i++ {
		w = w<<8 | uint64(x[i])
		n++
		if n == 8 {
			s.word(w)
			w, n = 0, 0
		}
	}
	if n > 0 {
		s.word(w)
	}
}

// enter reports whether a reference at depth is new on the path; for a
// back-reference it hashes the ancestor's depth and returns false.
func (s *hasher) enter(k refKey, depth int) bool {
	if depth < trackDepth {
		return true
	}
	if s.path == nil {
		s.path = make(map[refKey]int)
	}
	if d, ok := s.path[k]; ok {
		s.word(tagBack)
		s.word(uint64(d))
		return false
	}
	s.path[k] = depth
	return true
}

func (s *hasher) leave(k refKey, depth int) {
	if depth >= trackDepth {
		delete(s.path, k)
	}
}

func (s *hasher) value(v reflect.Value, depth int) {
	for v.IsValid() && v.Kind() == reflect.Interface {
		// Transparent: an interface hashes as its dynamic value.
		v = v.Elem()
	}
	if !v.IsValid() {
		s.word(tagNil)
		return
	}
	k := v.Kind()
	s.word(uint64(k))
	switch k {
	case reflect.Bool:
		if v.Bool() {
			s.word(1)
		} else {
			s.word(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		s.word(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		s.word(v.Uint())
	case reflect.Float32, reflect.Float64:
		s.word(math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		s.word(math.Float64bits(real(c)))
		s.word(math.Float64bits(imag(c)))
	case reflect.String:
		s.str(v.String())
	case reflect.Array:
		n := v.Len()
		s.word(uint64(n))
		for i := 0; i < n; i++ {
			s.value(v.Index(i), depth+1)
		}
	case reflect.Slice:
		if v.IsNil() {
			s.word(tagNil)
			return
		}
		n := v.Len()
		s.word(uint64(n))
		if v.Type().Elem().Kind() == reflect.Uint8 {
			s.bytes(v)
			return
		}
		key := refKey{v.Type(), v.Pointer(), n}
		if !s.enter(key, depth) {
			return
		}
		for i := 0; i < n; i++ {
			s.value(v.Index(i), depth+1)
		}
		s.leave(key, depth)
	case reflect.Map:
		if v.IsNil() {
			s.word(tagNil)
			return
		}
		s.word(uint64(v.Len()))
		key := refKey{v.Type(), v.Pointer(), 0}
		if !s.enter(key, depth) {
			return
		}
		var sum uint64
		it := v.MapRange()
		for it.Next() {
			e := hasher{h: hashSeed, path: s.path}
			e.value(it.Key(), depth+1)
			e.value(it.Value(), depth+1)
			s.path = e.path
			sum += fmix(e.h)
		}
		s.word(sum)
		s.leave(key, depth)
	case reflect.Struct:
		n := v.NumField()
		s.word(uint64(n))
		for i := 0; i < n; i++ {
			s.value(v.Field(i), depth+1)
		}
	case reflect.Pointer:
		if v.IsNil() {
			s.word(tagNil)
			return
		}
		key := refKey{v.Type(), v.Pointer(), 0}
		if !s.enter(key, depth) {
			return
		}
		s.value(v.Elem(), depth+1)
		s.leave(key, depth)
	default: // Func, Chan, UnsafePointer: no stable identity.
		s.word(tagOpaque)
		if v.IsNil() {
			s.word(tagNil)
		}
	}
}

// bytes hashes a []byte-like slice (or a named byte slice type).
func (s *hasher) bytes(v reflect.Value) {
	n := v.Len()
	var w uint64
	c := 0
	for i := 0; i < n; i++ {
		w = w<<8 | v.Index(i).Uint()
		c++
		if c == 8 {
			s.word(w)
			w, c = 0, 0
		}
	}
	if c > 0 {
		s.word(w)
	}
}

// fmix is the splitmix64 finalizer: a bijective avalanche of x.
func fmix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
