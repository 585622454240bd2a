package proc

import (
	"strconv"
)

// MemoryCap bounds the memory of one process. Soft sets GOMEMLIMIT (the Go
// runtime collects harder as it approaches it); Hard sets RLIMIT_AS on
// Linux, so an unbounded allocation ends in the process's own "out of
// memory" fatal error instead of the machine's OOM killer. Zero fields mean
// no cap. The limit holds from exec (Run), and the Go runtime then keeps its
// reservations under it, but a Go test binary needs about 900 MiB of
// address space to start: keep Hard at 1 GiB or more.
type MemoryCap struct {
	Soft int64 // bytes, GOMEMLIMIT
	Hard int64 // bytes, RLIMIT_AS
}

// DefaultMemoryCap is 2 GiB soft, 4 GiB of address space hard.
var DefaultMemoryCap = MemoryCap{Soft: 2 << 30, Hard: 4 << 30}

// env returns the environment entries that apply the soft cap.
func (m MemoryCap) env() []string {
	if m.Soft <= 0 {
		return nil
	}
	return []string{"GOMEMLIMIT=" + strconv.FormatInt(m.Soft, 10)}
}
