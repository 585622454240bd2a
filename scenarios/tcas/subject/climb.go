package subject

//lint:file-ignore U1000 the faulty versions are called only by the schematized copy (../internal/mutated)

// Inhibit_Biased_Climb and Non_Crossing_Biased_Climb, with the faulty
// versions that change them.

// inhibitBiasedClimb is Inhibit_Biased_Climb().
func inhibitBiasedClimb(in *Input) int {
	if truth(in.ClimbInhibit) {
		return in.UpSeparation + noZCross()
	}
	return in.UpSeparation
}

// nonCrossingBiasedClimb is Non_Crossing_Biased_Climb().
func nonCrossingBiasedClimb(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation >= alim(in)))
	}
	return ownAboveThreat(in) && in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
}

//mutprop:variant nonCrossingBiasedClimb v1 "NCBC if-branch: !(Down >= ALIM) becomes !(Down > ALIM)"
func nonCrossingBiasedClimbV1(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation > alim(in)))
	}
	return ownAboveThreat(in) && in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
}

//mutprop:variant inhibitBiasedClimb v2 "Inhibit_Biased_Climb adds MINSEP (300) instead of NOZCROSS (100)"
func inhibitBiasedClimbV2(in *Input) int {
	if truth(in.ClimbInhibit) {
		return in.UpSeparation + minSep()
	}
	return in.UpSeparation
}

//mutprop:variant nonCrossingBiasedClimb v4 "NCBC else-branch: A && CVS >= MINSEP && Up >= ALIM becomes A && CVS >= MINSEP || Up >= ALIM"
func nonCrossingBiasedClimbV4(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation >= alim(in)))
	}
	return ownAboveThreat(in) && in.CurVerticalSep >= minSep() || in.UpSeparation >= alim(in)
}

//mutprop:variant nonCrossingBiasedClimb v20 "NCBC: upward_preferred > becomes >="
func nonCrossingBiasedClimbV20(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) >= in.DownSeparation
	if upwardPreferred {
		return !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation >= alim(in)))
	}
	return ownAboveThreat(in) && in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
}

//mutprop:variant nonCrossingBiasedClimb v21 "NCBC: upward_preferred is (Up + NOZCROSS) > Down, ignoring Climb_Inhibit"
func nonCrossingBiasedClimbV21(in *Input) bool {
	upwardPreferred := in.UpSeparation+noZCross() > in.DownSeparation
	if upwardPreferred {
		return !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation >= alim(in)))
	}
	return ownAboveThreat(in) && in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
}

//mutprop:variant nonCrossingBiasedClimb v22 "NCBC: upward_preferred is Up > Down (the Inhibit_Biased_Climb term is missing)"
func nonCrossingBiasedClimbV22(in *Input) bool {
	upwardPreferred := in.UpSeparation > in.DownSeparation
	if upwardPreferred {
		return !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation >= alim(in)))
	}
	return ownAboveThreat(in) && in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
}

//mutprop:variant inhibitBiasedClimb v28 "Inhibit_Biased_Climb: condition Climb_Inhibit becomes Climb_Inhibit == 0"
func inhibitBiasedClimbV28(in *Input) int {
	if in.ClimbInhibit == 0 {
		return in.UpSeparation + noZCross()
	}
	return in.UpSeparation
}

//mutprop:variant inhibitBiasedClimb v29 "Inhibit_Biased_Climb: always Up_Separation"
func inhibitBiasedClimbV29(in *Input) int {
	return in.UpSeparation
}

//mutprop:variant inhibitBiasedClimb v30 "Inhibit_Biased_Climb: always Up_Separation + NOZCROSS"
func inhibitBiasedClimbV30(in *Input) int {
	return in.UpSeparation + noZCross()
}

//mutprop:variant nonCrossingBiasedClimb v31 "Own_Below_Threat moved into NCBC with <= in the if-branch (< in the else-branch); need_upward_RA drops && Own_Below_Threat"
func nonCrossingBiasedClimbV31(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		result := !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation >= alim(in)))
		return result && in.OwnTrackedAlt <= in.OtherTrackedAlt
	}
	result := ownAboveThreat(in) && in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
	return result && in.OwnTrackedAlt < in.OtherTrackedAlt
}

//mutprop:variant inhibitBiasedClimb v35 "Inhibit_Biased_Climb: branches swapped, Climb_Inhibit ? Up : Up + NOZCROSS"
func inhibitBiasedClimbV35(in *Input) int {
	if truth(in.ClimbInhibit) {
		return in.UpSeparation
	}
	return in.UpSeparation + noZCross()
}

//mutprop:variant nonCrossingBiasedClimb v40 "NCBC if-branch: !B || (B && !(Down >= ALIM)) becomes B && !(Down >= ALIM); need_upward_RA drops && Own_Below_Threat"
func nonCrossingBiasedClimbV40(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return ownBelowThreat(in) && !(in.DownSeparation >= alim(in))
	}
	return ownAboveThreat(in) && in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
}

//mutprop:variant nonCrossingBiasedClimb v41 "NCBC else-branch: drops Own_Above_Threat &&"
func nonCrossingBiasedClimbV41(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return !ownBelowThreat(in) || (ownBelowThreat(in) && !(in.DownSeparation >= alim(in)))
	}
	return in.CurVerticalSep >= minSep() && in.UpSeparation >= alim(in)
}
