package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/testfix"
)

// TestShowReadsThePointsOfABlackboxID: the ID of a p-point mutant ends
// in /pP and show defines it with those points; the same K without them
// names the every-point mutant, and no mutant once --blackbox-points asks
// for points the ID does not hold.
func TestShowReadsThePointsOfABlackboxID(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	mutprop := mutpropIn(t, mutpropBinary(t), calcModule(t))
	const every, pointed = "blackbox:example.com/m/calc.Max:3", "blackbox:example.com/m/calc.Max:3/p5"

	code, out, errOut := mutprop("show", pointed)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.True(t, strings.HasPrefix(out, pointed+"\n"), out)
	assert.Contains(t, out, "Max: results perturbed at about one input in 5 (black-box mutant 3, seed 4)")

	code, out, errOut = mutprop("show", every)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "results perturbed at every input")

	code, _, errOut = mutprop("show", "--blackbox-points", "5", every)
	assert.Equal(t, cli.ExitUsage, code, "an every-point ID under --blackbox-points 5: %s", errOut)
	code, _, errOut = mutprop("show", "blackbox:example.com/m/calc.Max:3/p0")
	assert.Equal(t, cli.ExitUsage, code, "points 0 are never written in an ID: %s", errOut)
}
