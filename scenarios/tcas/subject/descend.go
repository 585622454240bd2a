package subject

//lint:file-ignore U1000 the faulty versions are called only by the schematized copy (../internal/mutated)

// Non_Crossing_Biased_Descend, with the faulty versions that change it.

// nonCrossingBiasedDescend is Non_Crossing_Biased_Descend().
func nonCrossingBiasedDescend(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return ownBelowThreat(in) && in.CurVerticalSep >= minSep() && in.DownSeparation >= alim(in)
	}
	return !ownAboveThreat(in) || (ownAboveThreat(in) && in.UpSeparation >= alim(in))
}

//mutprop:variant nonCrossingBiasedDescend v9 "NCBD: upward_preferred > becomes >="
func nonCrossingBiasedDescendV9(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) >= in.DownSeparation
	if upwardPreferred {
		return ownBelowThreat(in) && in.CurVerticalSep >= minSep() && in.DownSeparation >= alim(in)
	}
	return !ownAboveThreat(in) || (ownAboveThreat(in) && in.UpSeparation >= alim(in))
}

//mutprop:variant nonCrossingBiasedDescend v23 "NCBD: upward_preferred is (Up + NOZCROSS) > Down, ignoring Climb_Inhibit"
func nonCrossingBiasedDescendV23(in *Input) bool {
	upwardPreferred := in.UpSeparation+noZCross() > in.DownSeparation
	if upwardPreferred {
		return ownBelowThreat(in) && in.CurVerticalSep >= minSep() && in.DownSeparation >= alim(in)
	}
	return !ownAboveThreat(in) || (ownAboveThreat(in) && in.UpSeparation >= alim(in))
}

//mutprop:variant nonCrossingBiasedDescend v24 "NCBD: upward_preferred is Up > Down (the Inhibit_Biased_Climb term is missing)"
func nonCrossingBiasedDescendV24(in *Input) bool {
	upwardPreferred := in.UpSeparation > in.DownSeparation
	if upwardPreferred {
		return ownBelowThreat(in) && in.CurVerticalSep >= minSep() && in.DownSeparation >= alim(in)
	}
	return !ownAboveThreat(in) || (ownAboveThreat(in) && in.UpSeparation >= alim(in))
}

//mutprop:variant nonCrossingBiasedDescend v25 "NCBD else-branch: Up >= ALIM becomes Up > ALIM"
func nonCrossingBiasedDescendV25(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return ownBelowThreat(in) && in.CurVerticalSep >= minSep() && in.DownSeparation >= alim(in)
	}
	return !ownAboveThreat(in) || (ownAboveThreat(in) && in.UpSeparation > alim(in))
}

//mutprop:variant nonCrossingBiasedDescend v32 "Own_Above_Threat moved into NCBD with < in the if-branch (<= in the else-branch); need_downward_RA drops && Own_Above_Threat"
func nonCrossingBiasedDescendV32(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		result := ownBelowThreat(in) && in.CurVerticalSep >= minSep() && in.DownSeparation >= alim(in)
		return result && in.OtherTrackedAlt < in.OwnTrackedAlt
	}
	result := !ownAboveThreat(in) || (ownAboveThreat(in) && in.UpSeparation >= alim(in))
	return result && in.OtherTrackedAlt <= in.OwnTrackedAlt
}

//mutprop:variant nonCrossingBiasedDescend v39 "NCBD else-branch: Up >= ALIM becomes Up > ALIM (as v25)"
func nonCrossingBiasedDescendV39(in *Input) bool {
	upwardPreferred := inhibitBiasedClimb(in) > in.DownSeparation
	if upwardPreferred {
		return ownBelowThreat(in) && in.CurVerticalSep >= minSep() && in.DownSeparation >= alim(in)
	}
	return !ownAboveThreat(in) || (ownAboveThreat(in) && in.UpSeparation > alim(in))
}
