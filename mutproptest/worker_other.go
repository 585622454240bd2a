//go:build !linux

package mutproptest

import "os"

// protocolOutput is standard output itself where file descriptors cannot
// be rearranged: output of the code under test would corrupt the protocol.
func protocolOutput() (*os.File, error) { return os.Stdout, nil }
