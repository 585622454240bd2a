package mutate

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// BlackboxData is a wrapped function's data coverage in a test's
// recording run (BlackboxOptions.Data).
type BlackboxData struct {
	// Distinct is the number of distinct inputs (arguments, receiver
	// included, by blackbox.Hash) the function was called with: exact
	// below BlackboxDataExact, beyond it at least Distinct and less than
	// twice it (at least BlackboxDistinctCap when it is
	// BlackboxDistinctCap).
	Distinct int
	// MinSize and MaxSize are the least and greatest size of a call's
	// arguments (BlackboxSizeDoc): exact up to BlackboxDataExact, within
	// a factor of two of the true ones beyond (MaxSize more than half the
	// greatest, MinSize less than twice the least).
	MinSize, MaxSize uint64
}

// BlackboxDataExact is the bound of BlackboxData's exact figures: a
// wrapper records every change of a figure up to it, and only the
// doublings beyond (the runtime's dataExact).
const BlackboxDataExact = 16

// AtLeast reports whether Distinct is a lower bound: the function saw at
// least that many distinct inputs, maybe more.
func (d BlackboxData) AtLeast() bool { return d.Distinct >= BlackboxDataExact }

// SplitBlackboxData separates the data-coverage lines "d FIRST DISTINCT
// MIN MAX" from a recording (the file ProbeEnv names): it returns the
// other lines, unchanged, and the data coverage by the wrapped function's
// first schema number. Lines of one function combine: the greatest
// distinct count and size and the least size win, so that a file two
// runs appended to holds the wider coverage.
func SplitBlackboxData(recording []byte) (rest []byte, data map[int]BlackboxData, err error) {
	if !bytes.Contains(recording, []byte("d ")) {
		return recording, nil, nil
	}
	var out bytes.Buffer
	for _, l := range strings.SplitAfter(string(recording), "\n") {
		fields, ok := strings.CutPrefix(l, "d ")
		if !ok {
			out.WriteString(l)
			continue
		}
		f := strings.Fields(fields)
		if len(f) != 4 {
			return nil, nil, fmt.Errorf("recording: bad data-coverage line %q (want d FIRST DISTINCT MIN MAX)", strings.TrimSpace(l))
		}
		first, err1 := strconv.Atoi(f[0])
		distinct, err2 := strconv.Atoi(f[1])
		lo, err3 := strconv.ParseUint(f[2], 10, 64)
		hi, err4 := strconv.ParseUint(f[3], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil || first <= 0 || distinct <= 0 || lo > hi {
			return nil, nil, fmt.Errorf("recording: bad data-coverage line %q (want d FIRST DISTINCT MIN MAX)", strings.TrimSpace(l))
		}
		if data == nil {
			data = map[int]BlackboxData{}
		}
		d, seen := data[first]
		if !seen {
			d = BlackboxData{Distinct: distinct, MinSize: lo, MaxSize: hi}
		}
		d.Distinct, d.MinSize, d.MaxSize = max(d.Distinct, distinct), min(d.MinSize, lo), max(d.MaxSize, hi)
		data[first] = d
	}
	return out.Bytes(), data, nil
}
