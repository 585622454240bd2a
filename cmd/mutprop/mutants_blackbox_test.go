package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
)

// mutantsIn runs mutprop mutants in dir and returns its exit code, stdout
// and stderr.
func mutantsIn(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(mutpropBinary(t), append([]string{"mutants"}, args...)...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("mutprop mutants %v: %v", args, err)
	}
	return code, out.String(), errOut.String()
}

// blackboxIDs returns the IDs of the black-box mutants of a listing,
// sorted.
func blackboxIDs(ls []mutate.Listing) []string {
	var ids []string
	for _, l := range ls {
		for _, m := range l.Mutants {
			if m.Origin == mutate.OriginBlackbox {
				ids = append(ids, m.ID)
			}
		}
	}
	slices.Sort(ids)
	return ids
}

// TestMutantsBlackboxListsWhatRunScores lists the fixture's black-box
// mutants: their IDs are those of mutprop run --blackbox's report with the
// same flags, and Clear, which has no result, is listed with the reason.
func TestMutantsBlackboxListsWhatRunScores(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir, out := blackboxModule(t), t.TempDir()
	flags := []string{"--operators", "arithmetic", "--blackbox", "--blackbox-mutants", "2"}

	code, stdout, stderr := mutantsIn(t, dir, append(slices.Clone(flags), "--json", ".")...)
	require.Equal(t, cli.ExitOK, code, stderr)
	var doc struct{ Packages []mutate.Listing }
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc))
	listed := blackboxIDs(doc.Packages)
	require.Len(t, listed, 8, "2 mutants of each of SortedUnique, (*Set).Add, (*Set).Len and Double")
	require.Contains(t, listed, "blackbox:example.com/blackbox.(*Set).Add:1")
	require.Len(t, doc.Packages, 1)
	refused := doc.Packages[0].Refused
	require.Len(t, refused, 1, "Clear only")
	require.Equal(t, "Clear", refused[0].Name)
	require.Equal(t, "bb.go", refused[0].File)
	require.NotEmpty(t, refused[0].Reason)

	report := filepath.Join(out, "run.json")
	code, stderr = runBlackboxIn(t, dir, append([]string{"run", "--no-cache", "--no-journal", "--workers", "2", "--json", report}, append(flags, ".")...)...)
	require.Equal(t, cli.ExitOK, code, stderr)
	statuses, _ := blackboxReport(t, report)
	var ran []string
	for id := range statuses {
		if strings.HasPrefix(id, mutate.OriginBlackbox+":") {
			ran = append(ran, id)
		}
	}
	slices.Sort(ran)
	require.Equal(t, ran, listed, "the black-box mutants of mutprop run's report")

	// The text listing: one line per mutant, a count, the refusal.
	code, stdout, stderr = mutantsIn(t, dir, append(slices.Clone(flags), ".")...)
	require.Equal(t, cli.ExitOK, code, stderr)
	for _, id := range listed {
		require.Contains(t, stdout, "\n"+id+" ")
	}
	require.Contains(t, stdout, "example.com/blackbox: 8 black-box mutants of 4 functions\n")
	require.Contains(t, stdout, "example.com/blackbox: Clear (bb.go:"+strconv.Itoa(refused[0].Line)+") cannot be wrapped: "+refused[0].Reason+"\n")
}

// TestMutantsBlackboxListAndPoints: a list wraps only the functions it
// names, with k-point mutants when asked, and lists no refusal.
func TestMutantsBlackboxListAndPoints(t *testing.T) {
	t.Parallel()
	dir := blackboxModule(t)
	code, stdout, stderr := mutantsIn(t, dir, "--operators", "arithmetic", "--blackbox=Double,(*Set).Len", "--blackbox-mutants", "3", "--blackbox-points", "4", "--json", ".")
	require.Equal(t, cli.ExitOK, code, stderr)
	var doc struct{ Packages []mutate.Listing }
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc))
	require.Equal(t, []string{
		"blackbox:example.com/blackbox.(*Set).Len:0/p4", "blackbox:example.com/blackbox.(*Set).Len:1/p4", "blackbox:example.com/blackbox.(*Set).Len:2/p4",
		"blackbox:example.com/blackbox.Double:0/p4", "blackbox:example.com/blackbox.Double:1/p4", "blackbox:example.com/blackbox.Double:2/p4",
	}, blackboxIDs(doc.Packages))
	for _, m := range doc.Packages[0].Mutants {
		if m.Origin == mutate.OriginBlackbox {
			require.Contains(t, m.Description, "about one input in 4", m.ID)
		}
	}
	require.Empty(t, doc.Packages[0].Refused, "a list names no refused function")
}

// TestMutantsBlackboxNamesAreChecked: an unknown name exits 2 naming the
// functions that can be wrapped, a refused one exits 2 with the reason,
// and the flags are checked as mutprop run checks them.
func TestMutantsBlackboxNamesAreChecked(t *testing.T) {
	t.Parallel()
	dir := blackboxModule(t)
	code, stdout, stderr := mutantsIn(t, dir, "--blackbox=NoSuchFunc", ".")
	require.Equal(t, cli.ExitUsage, code, stderr)
	require.Empty(t, stdout)
	require.Contains(t, stderr, "no function NoSuchFunc")
	for _, name := range []string{"SortedUnique", "(*Set).Add", "(*Set).Len", "Double"} {
		require.Contains(t, stderr, name, "the functions that can be wrapped")
	}

	code, _, stderr = mutantsIn(t, dir, "--blackbox=Clear", ".")
	require.Equal(t, cli.ExitUsage, code, stderr)
	require.Contains(t, stderr, "Clear cannot be wrapped: ")

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--blackbox-mutants", "5", "."}, "need --blackbox"},
		{[]string{"--blackbox", "--blackbox-mutants", "0", "."}, "want at least 1"},
		{[]string{"--blackbox", "Double", "."}, "a list of functions follows an '='"},
		{[]string{"--blackbox", "--named-only", "."}, "--named-only"},
	} {
		code, _, stderr := mutantsIn(t, dir, c.args...)
		if code != cli.ExitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("mutants %v: exit %d, want %d with %q:\n%s", c.args, code, cli.ExitUsage, c.want, stderr)
		}
	}
}
