package subject

//lint:file-ignore U1000 the faulty versions are called only by the schematized copy (../internal/mutated)

// alt_sep_test, split into enabled, gate, need_upward/downward_RA and
// resolve, with the faulty versions that change them.

// enabled is the first conjunct of alt_sep_test.
func enabled(in *Input) bool {
	return truth(in.HighConfidence) && in.OwnTrackedAltRate <= olev() && in.CurVerticalSep > maxAltDiff()
}

// tcasEquipped is Other_Capability == TCAS_TA.
func tcasEquipped(in *Input) bool {
	return in.OtherCapability == TCASTA
}

// intentNotKnown is Two_of_Three_Reports_Valid && Other_RAC == NO_INTENT.
func intentNotKnown(in *Input) bool {
	return truth(in.TwoOfThreeReportsValid) && in.OtherRAC == NoIntent
}

// gate is the condition under which alt_sep_test resolves at all.
func gate(in *Input) bool {
	return enabled(in) && ((tcasEquipped(in) && intentNotKnown(in)) || !tcasEquipped(in))
}

// needUpwardRA is need_upward_RA.
func needUpwardRA(in *Input) bool {
	return nonCrossingBiasedClimb(in) && ownBelowThreat(in)
}

// needDownwardRA is need_downward_RA.
func needDownwardRA(in *Input) bool {
	return nonCrossingBiasedDescend(in) && ownAboveThreat(in)
}

// resolve turns the two needs into the advisory.
func resolve(needUp, needDown bool) int {
	switch {
	case needUp && needDown:
		return Unresolved
	case needUp:
		return UpwardRA
	case needDown:
		return downwardRA()
	}
	return Unresolved
}

// altSepTest is alt_sep_test().
func altSepTest(in *Input) int {
	if !gate(in) {
		return Unresolved
	}
	return resolve(needUpwardRA(in), needDownwardRA(in))
}

//mutprop:variant intentNotKnown v3 "intent_not_known: && becomes ||"
func intentNotKnownV3(in *Input) bool {
	return truth(in.TwoOfThreeReportsValid) || in.OtherRAC == NoIntent
}

//mutprop:variant enabled v5 "enabled: drops && Cur_Vertical_Sep > MAXALTDIFF"
func enabledV5(in *Input) bool {
	return truth(in.HighConfidence) && in.OwnTrackedAltRate <= olev()
}

//mutprop:variant resolve v11 "as v10, and alt_sep_test drops the need_upward && need_downward arm"
func resolveV11(needUp, needDown bool) int {
	switch {
	case needUp:
		return UpwardRA
	case needDown:
		return downwardRA()
	}
	return Unresolved
}

//mutprop:variant enabled v12 "enabled: the first && becomes ||: HC || (Rate <= OLEV && CVS > MAXALTDIFF)"
func enabledV12(in *Input) bool {
	return truth(in.HighConfidence) || in.OwnTrackedAltRate <= olev() && in.CurVerticalSep > maxAltDiff()
}

//mutprop:variant enabled v15 "MINSEP 300 becomes 650, and enabled drops && Cur_Vertical_Sep > MAXALTDIFF"
func enabledV15(in *Input) bool {
	return truth(in.HighConfidence) && in.OwnTrackedAltRate <= olev()
}

//mutprop:variant enabled v26 "enabled: drops Own_Tracked_Alt_Rate <= OLEV"
func enabledV26(in *Input) bool {
	return truth(in.HighConfidence) && in.CurVerticalSep > maxAltDiff()
}

//mutprop:variant enabled v27 "enabled: drops && Cur_Vertical_Sep > MAXALTDIFF (as v5)"
func enabledV27(in *Input) bool {
	return truth(in.HighConfidence) && in.OwnTrackedAltRate <= olev()
}

//mutprop:variant needUpwardRA v31 "Own_Below_Threat moved into NCBC with <= in the if-branch (< in the else-branch); need_upward_RA drops && Own_Below_Threat"
func needUpwardRAV31(in *Input) bool {
	return nonCrossingBiasedClimb(in)
}

//mutprop:variant needDownwardRA v32 "Own_Above_Threat moved into NCBD with < in the if-branch (<= in the else-branch); need_downward_RA drops && Own_Above_Threat"
func needDownwardRAV32(in *Input) bool {
	return nonCrossingBiasedDescend(in)
}

//mutprop:variant gate v34 "alt_sep_test: enabled && ((eq && iu) || !eq) becomes enabled && eq && iu || !eq"
func gateV34(in *Input) bool {
	return enabled(in) && tcasEquipped(in) && intentNotKnown(in) || !tcasEquipped(in)
}

//mutprop:variant needUpwardRA v40 "NCBC if-branch: !B || (B && !(Down >= ALIM)) becomes B && !(Down >= ALIM); need_upward_RA drops && Own_Below_Threat"
func needUpwardRAV40(in *Input) bool {
	return nonCrossingBiasedClimb(in)
}
