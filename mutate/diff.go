package mutate

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// Diff returns a unified diff (three lines of context) of the single-mutant
// build of m against pkg's original files, with paths relative to the
// package directory ("a/tree.go", "b/tree.go").
func Diff(pkg *Package, m Mutant) (string, error) {
	files, err := Apply(pkg, m)
	if err != nil {
		return "", fmt.Errorf("diff: %w", err)
	}
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, f := range names {
		rel, err := filepath.Rel(pkg.Dir, f)
		if err != nil {
			rel = filepath.Base(f)
		}
		b.WriteString(unifiedDiff("a/"+rel, "b/"+rel, string(pkg.src[f]), string(files[f])))
	}
	return b.String(), nil
}

// unifiedDiff diffs two texts by lines: common prefix and suffix are cut,
// and the middle is matched by a longest common subsequence (quadratic in
// the changed region only, which for a mutant is a few lines).
func unifiedDiff(aName, bName, a, b string) string {
	al, bl := splitLines(a), splitLines(b)
	pre := 0
	for pre < len(al) && pre < len(bl) && al[pre] == bl[pre] {
		pre++
	}
	suf := 0
	for suf < len(al)-pre && suf < len(bl)-pre && al[len(al)-1-suf] == bl[len(bl)-1-suf] {
		suf++
	}
	if pre == len(al) && pre == len(bl) {
		return ""
	}
	type op struct {
		kind byte // ' ', '-', '+'
		text string
	}
	var ops []op
	for _, l := range al[:pre] {
		ops = append(ops, op{' ', l})
	}
	am, bm := al[pre:len(al)-suf], bl[pre:len(bl)-suf]
	lcs := make([][]int, len(am)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(bm)+1)
	}
	for i := len(am) - 1; i >= 0; i-- {
		for j := len(bm) - 1; j >= 0; j-- {
			if am[i] == bm[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(am) || j < len(bm) {
		switch {
		case i < len(am) && j < len(bm) && am[i] == bm[j]:
			ops = append(ops, op{' ', am[i]})
			i++
			j++
		case i < len(am) && (j == len(bm) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', am[i]})
			i++
		default:
			ops = append(ops, op{'+', bm[j]})
			j++
		}
	}
	for _, l := range al[len(al)-suf:] {
		ops = append(ops, op{' ', l})
	}
	// Group into hunks with 3 lines of context.
	const ctx = 3
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	n := len(ops)
	k := 0
	for k < n {
		for k < n && ops[k].kind == ' ' {
			k++
		}
		if k == n {
			break
		}
		start := max(k-ctx, 0)
		end := k
		for end < n {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < n && ops[run].kind == ' ' {
				run++
			}
			if run == n || run-end > 2*ctx {
				end = min(end+ctx, n)
				break
			}
			end = run
		}
		aStart, bStart := 1, 1
		for _, o := range ops[:start] {
			if o.kind != '+' {
				aStart++
			}
			if o.kind != '-' {
				bStart++
			}
		}
		aLen, bLen := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				aLen++
			}
			if o.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			out.WriteString(o.text)
			if !strings.HasSuffix(o.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		k = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// splitLines splits s after each newline; the last line may lack one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
