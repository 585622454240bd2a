package radix

import (
	"fmt"

	"github.com/mutprop/mutprop/gen/covering"
)

// Options tunes the split; nil means the defaults.
type Options struct {
	// MaxDirectSize: parameters with at most this many values stay whole
	// (0 = 10, the NIST guide's practical limit).
	MaxDirectSize int
	// MaxDigits bounds the digits per split parameter when Base is 0
	// (0 = 6, ACTS's guaranteed maximum strength).
	MaxDigits int
	// MinBase is the smallest base the automatic rule tries (0 = 2): the
	// base is the smallest b >= MinBase with ⌈log_b k⌉ <= MaxDigits. Seed
	// 000 §4 starts from decimal digits and raises the base only for ranges
	// that would need more than 6 of them; MinBase 10 is that reading (a
	// range of 101 or 1001 values gets 3 or 4 decimal digits), and it is
	// the one that reproduces the seed's TCAS Tables 4 and 5. With 0 the
	// base is the smallest possible (101 values: base 3, 5 digits).
	MinBase int
	// Base overrides the automatic base when >= 2.
	Base int
	// DigitStrength is the strength of each split parameter's digit
	// relation: 0 = p (all digits, so every value appears); otherwise
	// min(DigitStrength, p); a negative value adds no digit relation.
	DigitStrength int
}

func (o *Options) maxDirect() int {
	if o == nil || o.MaxDirectSize <= 0 {
		return 10
	}
	return o.MaxDirectSize
}

func (o *Options) maxDigits() int {
	if o == nil || o.MaxDigits <= 0 {
		return 6
	}
	return o.MaxDigits
}

// Split describes one parameter of the input list in the covering model.
type Split struct {
	Name string
	Size int // k, the number of values
	// Base is the digit base, 0 when the parameter stays whole.
	Base int
	// Columns are the model indexes of its digits, least significant first
	// (a single column when whole).
	Columns []int
	values  []int // nil for Small
}

// Plan is the covering model of a parameter list and how to decode it.
type Plan struct {
	Model  covering.Model
	Splits []Split // one per input parameter, in input order
}

// NewPlan splits params and builds the mixed-strength constrained model
// at global strength t.
func NewPlan(params []Param, t int, opts *Options) (*Plan, error) {
	if len(params) == 0 {
		return nil, fmt.Errorf("radix: no parameters")
	}
	pl := &Plan{}
	var digitRels []covering.Relation
	for i, p := range params {
		k := p.size()
		name := p.paramName()
		if name == "" {
			name = fmt.Sprintf("p%d", i)
		}
		if k < 1 {
			return nil, fmt.Errorf("radix: parameter %s has %d values", name, k)
		}
		sp := Split{Name: name, Size: k}
		if r, ok := p.(Range); ok {
			sp.values = r.Values
		}
		if k <= opts.maxDirect() {
			sp.Columns = []int{len(pl.Model.Params)}
			pl.Model.Params = append(pl.Model.Params, covering.Param{Name: name, Size: k})
			pl.Splits = append(pl.Splits, sp)
			continue
		}
		b, d, err := base(k, opts)
		if err != nil {
			return nil, fmt.Errorf("radix: parameter %s: %w", name, err)
		}
		sp.Base = b
		for j := range d {
			sp.Columns = append(sp.Columns, len(pl.Model.Params))
			pl.Model.Params = append(pl.Model.Params, covering.Param{Name: fmt.Sprintf("%s.d%d", name, j), Size: b})
		}
		if pow(b, d) > k {
			pl.Model.Constraints = append(pl.Model.Constraints,
				covering.Bound(name+" index <= "+fmt.Sprint(k-1), sp.Columns, b, k-1))
		}
		if s := digitStrength(d, opts); s > 0 {
			digitRels = append(digitRels, covering.Relation{Params: sp.Columns, Strength: s})
		}
		pl.Splits = append(pl.Splits, sp)
	}
	n := len(pl.Model.Params)
	if t < 1 || t > n {
		return nil, fmt.Errorf("radix: strength %d not in 1..%d (subparameters)", t, n)
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	pl.Model.Relations = append([]covering.Relation{{Params: all, Strength: t}}, digitRels...)
	return pl, nil
}

func digitStrength(d int, opts *Options) int {
	if opts == nil || opts.DigitStrength == 0 {
		return d
	}
	if opts.DigitStrength < 0 {
		return 0
	}
	return min(opts.DigitStrength, d)
}

// base returns the base and digit count for a range of k values.
func base(k int, opts *Options) (b, d int, err error) {
	if opts != nil && opts.Base != 0 {
		if opts.Base < 2 {
			return 0, 0, fmt.Errorf("base %d, want >= 2", opts.Base)
		}
		return opts.Base, digits(k, opts.Base), nil
	}
	b = 2
	if opts != nil && opts.MinBase > 2 {
		b = opts.MinBase
	}
	for ; ; b++ {
		if d = digits(k, b); d <= opts.maxDigits() {
			return b, d, nil
		}
	}
}

// digits returns the smallest d with b^d >= k.
func digits(k, b int) int {
	d, p := 0, 1
	for p < k {
		p *= b
		d++
	}
	return d
}

func pow(b, d int) int {
	p := 1
	for range d {
		p *= b
	}
	return p
}

// index returns the index into parameter i's range that row holds.
func (pl *Plan) index(row []int, i int) int {
	sp := &pl.Splits[i]
	if sp.Base == 0 {
		return row[sp.Columns[0]]
	}
	x := 0
	for j := len(sp.Columns) - 1; j >= 0; j-- {
		x = x*sp.Base + row[sp.Columns[j]]
	}
	return x
}

// Decode turns a model row into one value per input parameter: the value
// itself for a Small, Values[index] for a Range.
func (pl *Plan) Decode(row []int) []int {
	out := make([]int, len(pl.Splits))
	for i := range pl.Splits {
		x := pl.index(row, i)
		if vs := pl.Splits[i].values; vs != nil {
			x = vs[x]
		}
		out[i] = x
	}
	return out
}
