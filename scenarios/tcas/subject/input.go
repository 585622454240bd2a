package subject

// Input is one TCAS test: the twelve command-line inputs of the C program, in
// argv order. The three flags use C truthiness (nonzero is true);
// AltLayerValue must be 0..3.
type Input struct {
	CurVerticalSep         int
	HighConfidence         int
	TwoOfThreeReportsValid int
	OwnTrackedAlt          int
	OwnTrackedAltRate      int
	OtherTrackedAlt        int
	AltLayerValue          int
	UpSeparation           int
	DownSeparation         int
	OtherRAC               int
	OtherCapability        int
	ClimbInhibit           int
}

// The outputs of Decide.
const (
	Unresolved = 0 // no resolution advisory
	UpwardRA   = 1 // climb
	DownwardRA = 2 // descend
)

// Enumerations of the inputs.
const (
	NoIntent     = 0 // Other_RAC
	DoNotClimb   = 1 // Other_RAC
	DoNotDescend = 2 // Other_RAC
	TCASTA       = 1 // Other_Capability
	Other        = 2 // Other_Capability
)

// Decide is alt_sep_test of tcas.c: the advisory for one input. It panics
// when AltLayerValue is outside 0..3 (an out-of-bounds read in C).
func Decide(in Input) int {
	return altSepTest(&in)
}

func truth(v int) bool { return v != 0 }
