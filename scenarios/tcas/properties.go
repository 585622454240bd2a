package tcas

// A property is an oracle over one input and the output of the version
// under test.
type property struct {
	Name string
	// Doc is the premise and conclusion.
	Doc string
	// Check reports whether out is acceptable for in. want is the
	// original's output, used only by the differential oracle.
	Check func(in input, out, want int) bool
}

// differentialName is the name of the differential oracle.
const differentialName = "differential"

// safety are the properties P1a..P5b as encoded by public verification
// harnesses (case notes §3); not all hold on the original program, see
// HoldingProperties.
var safety = []property{
	{"P1a", "Up >= ALIM && Down < ALIM => R != DOWNWARD", func(in input, out, _ int) bool {
		a := thresh[in.AltLayerValue]
		return !(in.UpSeparation >= a && in.DownSeparation < a) || out != downward
	}},
	{"P1b", "Up < ALIM && Down >= ALIM => R != UPWARD", func(in input, out, _ int) bool {
		a := thresh[in.AltLayerValue]
		return !(in.UpSeparation < a && in.DownSeparation >= a) || out != upward
	}},
	{"P2a", "Up < ALIM && Down < ALIM && Down < Up => R != DOWNWARD", func(in input, out, _ int) bool {
		a := thresh[in.AltLayerValue]
		return !(in.UpSeparation < a && in.DownSeparation < a && in.DownSeparation < in.UpSeparation) || out != downward
	}},
	{"P2b", "Up < ALIM && Down < ALIM && Down > Up => R != UPWARD", func(in input, out, _ int) bool {
		a := thresh[in.AltLayerValue]
		return !(in.UpSeparation < a && in.DownSeparation < a && in.DownSeparation > in.UpSeparation) || out != upward
	}},
	{"P3a", "Up > ALIM && Down >= ALIM && Own > Other => R != DOWNWARD", func(in input, out, _ int) bool {
		a := thresh[in.AltLayerValue]
		return !(in.UpSeparation > a && in.DownSeparation >= a && in.OwnTrackedAlt > in.OtherTrackedAlt) || out != downward
	}},
	{"P3b", "Up >= ALIM && Down >= ALIM && Own < Other => R != UPWARD", func(in input, out, _ int) bool {
		a := thresh[in.AltLayerValue]
		return !(in.UpSeparation >= a && in.DownSeparation >= a && in.OwnTrackedAlt < in.OtherTrackedAlt) || out != upward
	}},
	{"P4a", "Own > Other => R != DOWNWARD", func(in input, out, _ int) bool {
		return !(in.OwnTrackedAlt > in.OtherTrackedAlt) || out != downward
	}},
	{"P4b", "Own < Other => R != UPWARD", func(in input, out, _ int) bool {
		return !(in.OwnTrackedAlt < in.OtherTrackedAlt) || out != upward
	}},
	{"P5a", "Down < Up => R != DOWNWARD", func(in input, out, _ int) bool {
		return !(in.DownSeparation < in.UpSeparation) || out != downward
	}},
	{"P5b", "Down > Up => R != UPWARD", func(in input, out, _ int) bool {
		return !(in.DownSeparation > in.UpSeparation) || out != upward
	}},
}

// differential is the differential oracle: the output equals the
// original's.
var differential = property{differentialName, "R == original's output", func(_ input, out, want int) bool { return out == want }}

// propertyByName returns the property called name.
func propertyByName(name string) (property, bool) {
	if name == differentialName {
		return differential, true
	}
	for _, p := range safety {
		if p.Name == name {
			return p, true
		}
	}
	return property{}, false
}
