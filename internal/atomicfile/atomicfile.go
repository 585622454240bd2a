// Package atomicfile writes files that readers never see half written.
package atomicfile

import "os"

// Write writes data to path through the temporary file path+".tmp" and a
// rename, so that a reader never sees half a file. The temporary file is
// removed when the rename fails.
func Write(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
