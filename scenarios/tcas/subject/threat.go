package subject

//lint:file-ignore U1000 the faulty versions are called only by the schematized copy (../internal/mutated)

// Own_Below_Threat and Own_Above_Threat, with the faulty versions that
// change them.

// ownBelowThreat is Own_Below_Threat().
func ownBelowThreat(in *Input) bool {
	return in.OwnTrackedAlt < in.OtherTrackedAlt
}

// ownAboveThreat is Own_Above_Threat().
func ownAboveThreat(in *Input) bool {
	return in.OtherTrackedAlt < in.OwnTrackedAlt
}

//mutprop:variant ownBelowThreat v6 "Own_Below_Threat: < becomes <="
func ownBelowThreatV6(in *Input) bool {
	return in.OwnTrackedAlt <= in.OtherTrackedAlt
}

//mutprop:variant ownBelowThreat v10 "Own_Below_Threat and Own_Above_Threat: < becomes <="
func ownBelowThreatV10(in *Input) bool {
	return in.OwnTrackedAlt <= in.OtherTrackedAlt
}

//mutprop:variant ownAboveThreat v10 "Own_Below_Threat and Own_Above_Threat: < becomes <="
func ownAboveThreatV10(in *Input) bool {
	return in.OtherTrackedAlt <= in.OwnTrackedAlt
}

//mutprop:variant ownBelowThreat v11 "as v10, and alt_sep_test drops the need_upward && need_downward arm"
func ownBelowThreatV11(in *Input) bool {
	return in.OwnTrackedAlt <= in.OtherTrackedAlt
}

//mutprop:variant ownAboveThreat v11 "as v10, and alt_sep_test drops the need_upward && need_downward arm"
func ownAboveThreatV11(in *Input) bool {
	return in.OtherTrackedAlt <= in.OwnTrackedAlt
}
