package engine

import (
	"fmt"
	"sort"
)

// ShardKey is the entry of Header.Extra that names a journal's shard
// ("k/n", or "" for a whole run); it is the one entry merged journals may
// differ in.
const ShardKey = "shard"

// mergeError is a Merge failure caused by the journals themselves (torn
// beyond repair, of other experiments, or disagreeing), not by I/O.
type mergeError struct{ msg string }

func (e *mergeError) Error() string { return e.msg }

// Merge reads the journals at paths (the shards of one experiment, or a
// run and its resumption) and combines their records: their headers must
// be equal but for ShardKey, and a key recorded in two journals must hold
// the same record by same (nil: equal JSON). The returned header has no
// shard; warnings list what was repaired while reading.
func Merge[T any](paths []string, key func(*T) string, same func(a, b *T) bool) (Header, map[string]T, []string, error) {
	if same == nil {
		same = func(a, b *T) bool { return jsonEqual(a, b) }
	}
	var header Header
	var warnings []string
	records := map[string]T{}
	for i, path := range paths {
		h, rs, ws, err := ReadLog(path, key)
		if err != nil {
			return Header{}, nil, nil, &mergeError{err.Error()}
		}
		warnings = append(warnings, ws...)
		h = h.withShard("")
		if i == 0 {
			header = h
		} else if !jsonEqual(h, header) {
			return Header{}, nil, nil, &mergeError{fmt.Sprintf("%s belongs to another experiment than %s (other settings or seed)", path, paths[0])}
		}
		for k, r := range rs {
			if prev, ok := records[k]; ok && !same(&prev, &r) {
				return Header{}, nil, nil, &mergeError{fmt.Sprintf("%s: record %s disagrees with an earlier journal", path, k)}
			}
			records[k] = r
		}
	}
	return header, records, warnings, nil
}

// withShard returns the header with its ShardKey entry set to shard (a
// copy: Extra is not shared).
func (h Header) withShard(shard string) Header {
	extra := map[string]string{ShardKey: shard}
	for k, v := range h.Extra {
		if k != ShardKey {
			extra[k] = v
		}
	}
	h.Extra = extra
	return h
}

// WriteLog writes a finished journal at path (which must not exist): the
// header, with no shard, then the records in key order. A run resumed
// from it finds every record done.
func WriteLog[T any](path string, h Header, records map[string]T, key func(*T) string) error {
	j, err := OpenLog(path, h.withShard(""), false, key)
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(records))
	for k := range records {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := j.Append(records[k]); err != nil {
			j.Close()
			return err
		}
	}
	if err := j.Close(); err != nil {
		return fmt.Errorf("close journal %s: %w", path, err)
	}
	return nil
}
