package blackbox_test

import (
	"testing"
)

// chain returns a list of n nodes with the given keys pattern (key i%mod)
// whose last node points back to the node at index back (-1: no cycle).
func chain(n, mod, back int) *tree {
	nodes := make([]*tree, n)
	for i := range nodes {
		nodes[i] = &tree{Key: i % mod}
	}
	for i := 0; i+1 < n; i++ {
		nodes[i].Right = nodes[i+1]
	}
	if back >= 0 {
		nodes[n-1].Right = nodes[back]
	}
	return nodes[0]
}

func TestHashReadsEveryPartOfEveryKind(t *testing.T) {
	t.Parallel()
	pairs := [][2]any{
		{true, 1},
		{[1]bool{true}, [1]bool{false}},
		{complex(1, 2), complex(1, 3)},
		{complex(1, 2), complex(3, 2)},
		{complex64(complex(0, 1)), complex64(complex(1, 0))},
		{[3]int{}, [2]int{}},
		{[2]int{0, 1}, [2]int{1, 0}},
		{[]int(nil), []int{0}},
		{[]*int{nil}, []*int{}},
		{map[int]*int{0: nil}, map[int]*int{}},
		{map[int][]int(nil), map[int][]int{}},
		{struct{ A, B, C int }{}, struct{ A, B int }{}},
		{struct{ P *int }{}, struct{ P []int }{}},
		// Strings and byte slices go by 8-byte words: a difference in the
		// second word, in a partial last word, or in the length shows.
		{"abcdefghXjk", "abcdefghYjk"},
		{"abcdefghijklmnop", "abcdefghijklmnoq"},
		{"abcdefgh", "abcdefgh\x00"},
		{[]byte("abcdefghX"), []byte("abcdefghY")},
		{[]byte("abcdefghijklmnop"), []byte("abcdefghijklmnoq")},
		{[]byte("abcdefgh"), []byte("abcdefgh\x00")},
		{[]byte("\x01\x02"), []byte("\x02\x01")},
		{[]byte("a\x00"), []byte("\x00a")},
		{(func())(nil), (chan int)(nil)},
		// Deep (past the depth where cycles are tracked) but acyclic.
		{chain(40, 1000, -1), chain(41, 1000, -1)},
		{chain(40, 1000, -1), chain(40, 39, -1)},
		// Cycles entered past that depth, closing at different nodes.
		{chain(40, 1, 30), chain(40, 1, 31)},
		{chain(40, 1, 0), chain(40, 1, 39)},
	}
	for _, p := range pairs {
		if h(p[0]) == h(p[1]) {
			t.Errorf("Hash(%#v) == Hash(%#v)", p[0], p[1])
		}
	}
}

func TestHashOfASharedReferenceIsThatOfTwoCopies(t *testing.T) {
	t.Parallel()
	// A deep node reached twice, not on a cycle, is no back-reference: the
	// hash equals that of a tree with two separate copies of it.
	deep := func() *tree { return chain(45, 7, -1) }
	shared := deep()
	dag := &tree{Left: shared, Right: shared}
	copies := &tree{Left: deep(), Right: deep()}
	if h(dag) != h(copies) {
		t.Errorf("a node shared by two branches hashes unlike two copies of it")
	}
	s := chain(45, 7, -1)
	if h([]*tree{s, s}) != h([]*tree{chain(45, 7, -1), chain(45, 7, -1)}) {
		t.Errorf("a slice holding one deep list twice hashes unlike two copies")
	}
	m := map[string]*tree{"a": s, "b": s}
	if h(m) != h(map[string]*tree{"a": chain(45, 7, -1), "b": chain(45, 7, -1)}) {
		t.Errorf("a map holding one deep list twice hashes unlike two copies")
	}
}

func TestHashOfEveryKindIsPinned(t *testing.T) {
	t.Parallel()
	x := 5
	type all struct {
		B     bool
		F     bool
		C     complex128
		A     [3]int8
		S     []string
		NilS  []int
		Bytes []byte
		M     map[string]int
		NilM  map[int]int
		P     *int
		NilP  *int
		Fn    func()
		Ch    chan int
		Any   any
		Deep  *tree
		Cycle *tree
	}
	v := all{
		B: true, C: complex(1.5, -2), A: [3]int8{-1, 0, 1}, S: []string{"", "abcdefghijk"},
		Bytes: []byte("0123456789abc"), M: map[string]int{"x": 1, "y": 2}, P: &x,
		Fn: func() {}, Any: uint16(9), Deep: chain(40, 3, -1), Cycle: chain(40, 5, 20),
	}
	// Pinned like TestHashIsAFixedFunctionOfTheValue: every black-box
	// mutant's perturbation seed is this hash, so a change must be
	// deliberate.
	const want = uint64(0x6bdb73d7afb4fcbb)
	if got := h(v); got != want {
		t.Errorf("Hash(all kinds) = %#x, want %#x", got, want)
	}
}
