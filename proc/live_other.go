//go:build !linux

package proc

// usageOf is not known outside Linux.
func usageOf(int) (Usage, bool) { return Usage{}, false }
