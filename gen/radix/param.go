package radix

// Param is a Small or a Range.
type Param interface {
	paramName() string
	size() int
}

// Small is a parameter with values 0..Size-1 that NewPlan keeps whole when
// Size <= Options.MaxDirectSize.
type Small struct {
	Name string
	Size int
}

// Range is an ordered finite range; rows hold its values.
type Range struct {
	Name   string
	Values []int
}

func (s Small) paramName() string { return s.Name }
func (s Small) size() int         { return s.Size }
func (r Range) paramName() string { return r.Name }
func (r Range) size() int         { return len(r.Values) }
