package subject

import "testing"

func build(kvs ...int) *Tree {
	var t *Tree
	for i := 0; i+1 < len(kvs); i += 2 {
		t = Insert(kvs[i], kvs[i+1], t)
	}
	return t
}

func TestTheOriginalKeepsTheInvariantAndTheLeftValueWins(t *testing.T) {
	t.Parallel()
	a, b := build(5, 1, 3, 1, 8, 1), build(3, 2, 9, 2, 1, 2)
	u := Union(a, b)
	if !Valid(u) || Size(u) != 5 {
		t.Fatalf("union %v: valid %v size %d", ToList(u), Valid(u), Size(u))
	}
	if v, _ := Find(3, u); v != 1 {
		t.Errorf("find 3 = %d, want the left value 1", v)
	}
	if d := Delete(5, u); Size(d) != 4 || !Valid(d) {
		t.Errorf("delete root: %v", ToList(d))
	}
	if got := Insertions(a); len(got) != 3 || got[0].Key != 5 {
		t.Errorf("insertions %v", got)
	}
}

func TestEachVariantDiffersFromTheOriginalOnASmallCase(t *testing.T) {
	t.Parallel()
	tr := build(5, 1, 3, 1, 8, 1)
	if Size(insertBug1(4, 0, tr)) != 1 {
		t.Error("bug1 keeps the tree")
	}
	if Valid(insertBug2(5, 2, tr)) {
		t.Error("bug2 does not duplicate the key")
	}
	if v, _ := Find(5, insertBug3(5, 2, tr)); v != 1 {
		t.Error("bug3 updates the value")
	}
	if Size(insertEtna2(9, 2, tr)) != 3 {
		t.Error("etna_insert2 keeps the new key")
	}
	if Size(deleteBug4(3, tr)) != 0 {
		t.Error("bug4 rebuilds the tree")
	}
	if Size(deleteBug5(3, tr)) != 3 {
		t.Error("bug5 deletes a key below the root")
	}
	if Size(deleteBug6(5, tr)) != 2 {
		t.Error("bug6 delete loses keys")
	}
	if Valid(unionBug6(build(5, 0), build(3, 0))) {
		t.Error("bug6 union keeps order")
	}
	if Valid(unionBug7(build(3, 0, 9, 0), build(5, 0))) {
		t.Error("bug7 union keeps order")
	}
	// bug 8: when the left root is larger the arguments swap, and the right value wins.
	l, r := build(5, 1), build(3, 2, 5, 2)
	if v, _ := Find(5, unionBug8(l, r)); v == 1 {
		t.Errorf("bug8 keeps the left value on %v ∪ %v", ToList(l), ToList(r))
	}
}
