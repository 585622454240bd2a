//go:build !linux

package proc

// usageOf is not known outside Linux.
func usageOf(int, *threadRead) (Usage, bool) { return Usage{}, false }

// threadRead keeps nothing outside Linux.
type threadRead struct{}
