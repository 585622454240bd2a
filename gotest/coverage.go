package gotest

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// A pos is a line and a byte column, both 1-based.
type pos struct{ line, col int }

func (p pos) before(q pos) bool { return p.line < q.line || p.line == q.line && p.col < q.col }

// A span is a range of a source file, by base name, ends inclusive.
type span struct {
	file       string
	start, end pos
}

func (s span) overlaps(t span) bool {
	return s.file == t.file && !s.end.before(t.start) && !t.end.before(s.start)
}

// parseProfile reads a coverage profile (go test -coverprofile) and returns
// the executed blocks of the files of the packages pkgPaths, by package
// and base name.
func parseProfile(path string, pkgPaths []string) (map[string][]span, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("coverage profile: %w", err)
	}
	defer f.Close()
	blocks := map[string][]span{}
	for _, p := range pkgPaths {
		blocks[p] = nil
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		// name.go:L1.C1,L2.C2 statements count
		colon := strings.LastIndex(line, ":")
		if colon < 0 {
			return nil, fmt.Errorf("coverage profile %s: bad line %q", path, line)
		}
		file, rest := line[:colon], line[colon+1:]
		var l1, c1, l2, c2, n, count int
		if _, err := fmt.Sscanf(rest, "%d.%d,%d.%d %d %d", &l1, &c1, &l2, &c2, &n, &count); err != nil {
			return nil, fmt.Errorf("coverage profile %s: bad line %q: %w", path, line, err)
		}
		if count == 0 {
			continue
		}
		dir, base := splitLast(file)
		if _, ok := blocks[dir]; !ok {
			continue
		}
		blocks[dir] = append(blocks[dir], span{file: base, start: pos{l1, c1}, end: pos{l2, c2}})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("coverage profile %s: %w", path, err)
	}
	return blocks, nil
}

func splitLast(p string) (string, string) {
	i := strings.LastIndex(p, "/")
	if i < 0 {
		return "", p
	}
	return p[:i], p[i+1:]
}

// lineCol converts a byte offset of src into a 1-based line and column.
func lineCol(src []byte, off int) pos {
	if off > len(src) {
		off = len(src)
	}
	line, col := 1, 1
	for _, b := range src[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return pos{line, col}
}
