package testlog

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseResolvesPathsFromTheWorkingDirectoryOfTheMoment: relative
// paths are read from where the binary started, or from the last chdir;
// each input is kept once; a malformed log is an error.
func TestParseResolvesPathsFromTheWorkingDirectoryOfTheMoment(t *testing.T) {
	t.Parallel()
	log := "# test log\nopen fixtures/mode.txt\ngetenv MODE\nstat ../shared/exp.txt\nopen fixtures/mode.txt\nchdir /elsewhere\nopen x.txt\ngetenv MODE\n"
	ins, err := Parse([]byte(log), "/copy/app")
	require.NoError(t, err)
	assert.Equal(t, []Input{
		{Open, "/copy/app/fixtures/mode.txt"},
		{Getenv, "MODE"},
		{Stat, "/copy/shared/exp.txt"},
		{Chdir, "/elsewhere"},
		{Open, "/elsewhere/x.txt"},
	}, ins)

	for _, bad := range []string{"open x\n", "# test log\nwrite x\n", "# test log\nopen\n"} {
		_, err := Parse([]byte(bad), "/copy")
		assert.Error(t, err, "%q", bad)
	}
	ins, err = Parse([]byte("# test log\n"), "/copy")
	require.NoError(t, err)
	assert.Empty(t, ins, "a test that read nothing")

	in, err := ParseInput(Input{Open, "fixtures/a b.txt"}.String())
	require.NoError(t, err)
	assert.Equal(t, Input{Open, "fixtures/a b.txt"}, in, "a name with a space")
}

// TestMapKeepsTheUsersInputsOnly: a path in the copy becomes relative to
// the module root, one the run wrote there is dropped (one it only looked
// for is kept), and so are the run's own directories, /proc and
// mutprop's variables; a path outside the module stays as it is.
func TestMapKeepsTheUsersInputsOnly(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tmpl, cp, tmp := filepath.Join(root, "tmpl"), filepath.Join(root, "copy"), filepath.Join(root, "copy.tmp")
	for _, d := range []string{tmpl + "/fixtures", cp + "/fixtures", tmp} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	for _, f := range []string{tmpl + "/fixtures/mode.txt", cp + "/fixtures/mode.txt", cp + "/fixtures/written.txt"} {
		require.NoError(t, os.WriteFile(f, []byte("x"), 0o644))
	}
	p := Places{Copy: cp, Template: tmpl, Own: []string{tmp}, OwnEnv: func(n string) bool { return n == "TMPDIR" }}
	got := p.Map([]Input{
		{Open, cp + "/fixtures/mode.txt"},
		{Open, cp + "/fixtures/written.txt"},
		{Stat, cp + "/fixtures/absent.txt"},
		{Open, cp},
		{Open, cp + "/.mutprop/run.jsonl"},
		{Open, tmp + "/scratch"},
		{Open, tmp},
		{Open, "/proc/self/stat"},
		{Open, "/etc/outside.txt"},
		{Getenv, "TMPDIR"},
		{Getenv, "MODE"},
		{Chdir, cp + "/fixtures"},
	})
	assert.Equal(t, []Input{
		{Open, "fixtures/mode.txt"},
		{Stat, "fixtures/absent.txt"},
		{Open, "."},
		{Open, "/etc/outside.txt"},
		{Getenv, "MODE"},
		{Chdir, "fixtures"},
	}, got)
}

// TestHashChangesWithWhatTheTestsRead: a file's content, a directory's
// entries (not the skipped ones), a stat's size and existence and a
// variable's value or absence each change its input's hash, and nothing
// else does.
func TestHashChangesWithWhatTheTestsRead(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, name), []byte(content), 0o644))
	}
	write("fixtures/mode.txt", "on\n")
	report := filepath.Join(root, "r.json")
	env := map[string]string{"MODE": "a"}
	h := Hasher{Root: root, Skip: func(p string) bool { return p == report },
		LookupEnv: func(n string) (string, bool) { v, ok := env[n]; return v, ok }}
	ins := []Input{{Open, "fixtures/mode.txt"}, {Open, "."}, {Stat, "fixtures/mode.txt"}, {Stat, "gone"}, {Getenv, "MODE"}, {Getenv, "UNSET"}, {Open, filepath.Join(root, "fixtures")}}
	before := h.Sum(ins)
	assert.Equal(t, "-", before["stat gone"])
	assert.Equal(t, before, h.Sum(ins), "the same tree hashes the same")

	write("r.json", "{}")
	assert.Equal(t, before, h.Sum(ins), "a skipped output changed a directory's hash")

	changed := func(what string, keys ...string) {
		t.Helper()
		now := h.Sum(ins)
		for k := range before {
			assert.Equal(t, before[k] != now[k], contains(keys, k), "%s: %s", what, k)
		}
		before = now
	}
	write("fixtures/mode.txt", "no\n")
	changed("the same size, another content", "open fixtures/mode.txt")
	write("fixtures/mode.txt", "off\n")
	changed("another size", "open fixtures/mode.txt", "stat fixtures/mode.txt")
	write("gone", "")
	changed("a file that appears", "stat gone", "open .")
	env["MODE"] = "b"
	changed("a variable's value", "getenv MODE")
	env["UNSET"] = ""
	changed("a variable set empty", "getenv UNSET")
	write("fixtures/new.txt", "")
	changed("a directory's new entry", "open "+filepath.Join(root, "fixtures"))
	assert.NotEqual(t, Digest(before), Digest(map[string]string{}))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
