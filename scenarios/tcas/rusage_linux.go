package tcas

import "syscall"

// maxRSS returns the peak resident set of this process and of its largest
// waited-for child, in bytes.
func maxRSS() (self, child int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		self = ru.Maxrss * 1024
	}
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err == nil {
		child = ru.Maxrss * 1024
	}
	return self, child
}
