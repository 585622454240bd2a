//go:build linux

package mutproptest

import (
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestLimitAddressSpaceParsesItsValue(t *testing.T) {
	for _, v := range []string{"", "0"} {
		if err := limitAddressSpace(v); err != nil {
			t.Errorf("limitAddressSpace(%q) = %v, want no limit and no error", v, err)
		}
	}
	if err := limitAddressSpace("lots"); err == nil || !strings.Contains(err.Error(), `"lots"`) {
		t.Errorf("limitAddressSpace(lots) = %v, want an error quoting the value", err)
	}
	// Setting the limit this process already has (its hard limit, often
	// infinity) changes nothing that matters and must succeed.
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Fatal(err)
	}
	if err := limitAddressSpace(strconv.FormatUint(lim.Max, 10)); err != nil {
		t.Fatal(err)
	}
	var after syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &after); err != nil {
		t.Fatal(err)
	}
	if after.Cur != lim.Max || after.Max != lim.Max {
		t.Errorf("RLIMIT_AS after limitAddressSpace(%d) = %+v", lim.Max, after)
	}
}
