package main

import (
	"reflect"
	"sort"
	"testing"

	"github.com/mutprop/mutprop/mutate"
)

func TestParseDiffKeepsTheNewSideLines(t *testing.T) {
	t.Parallel()
	diff := `diff --git a/p/a.go b/p/a.go
index 1..2 100644
--- a/p/a.go
+++ b/p/a.go
@@ -3 +3 @@ func A() {
-	x := 1
+	x := 2
@@ -10,0 +11,2 @@ func B() {
+	y++
+	y++
@@ -20,3 +22,0 @@ func C() {
-	a
-	b
-	c
diff --git a/p/gone.go b/p/gone.go
deleted file mode 100644
--- a/p/gone.go
+++ /dev/null
@@ -1,2 +0,0 @@
-package p
-
`
	ch, err := parseDiff("/repo", diff)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch) != 1 {
		t.Fatalf("want one changed file, got %v", ch)
	}
	ls := ch["/repo/p/a.go"]
	if ls == nil {
		t.Fatalf("a.go missing: %v", ch)
	}
	var lines []int
	for l := range ls.lines {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	// 3 (replaced), 11-12 (added), 22-23 (both sides of a deletion).
	if want := []int{3, 11, 12, 22, 23}; !reflect.DeepEqual(lines, want) {
		t.Errorf("changed lines %v, want %v", lines, want)
	}
	keep := ch.filter(&mutate.Package{Dir: "/repo/p"})
	for _, c := range []struct {
		m    mutate.Mutant
		want bool
	}{
		{mutate.Mutant{File: "a.go", Line: 3}, true},
		{mutate.Mutant{File: "a.go", Line: 4}, false},
		{mutate.Mutant{File: "a.go", Line: 9, EndLine: 11}, true},
		{mutate.Mutant{File: "b.go", Line: 3}, false},
	} {
		if got := keep(c.m); got != c.want {
			t.Errorf("%s:%d-%d: kept %v, want %v", c.m.File, c.m.Line, c.m.EndLine, got, c.want)
		}
	}
}

func TestBadHunkHeadersAreErrors(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"@@ -1 @@", "@@ -1 +x @@", "@@ -1 +2,y @@"} {
		if _, _, err := hunkNewSide(h); err == nil {
			t.Errorf("%q: no error", h)
		}
	}
}
