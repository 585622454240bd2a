package subject

//lint:file-ignore U1000 the faulty versions are called only by the schematized copy (../internal/mutated)

// The constants and the threshold table of tcas.c, and ALIM, with the
// faulty versions that change them.

// Constants of tcas.c, each behind a function so that a faulty version is a
// named variant of it.

func olev() int       { return 600 } // OLEV
func maxAltDiff() int { return 600 } // MAXALTDIFF
func minSep() int     { return 300 } // MINSEP
func noZCross() int   { return 100 } // NOZCROSS
func downwardRA() int { return DownwardRA }

// threshTable is Positive_RA_Alt_Thresh as filled by initialize().
func threshTable() [4]int { return [4]int{400, 500, 640, 740} }

// alim is ALIM(): the threshold of the altitude layer.
func alim(in *Input) int {
	return threshTable()[in.AltLayerValue]
}

//mutprop:variant threshTable v7 "initialize: Positive_RA_Alt_Thresh[1] 500 becomes 550"
func threshTableV7() [4]int { return [4]int{400, 550, 640, 740} }

//mutprop:variant threshTable v8 "initialize: Positive_RA_Alt_Thresh[3] 740 becomes 700"
func threshTableV8() [4]int { return [4]int{400, 500, 640, 700} }

//mutprop:variant olev v13 "OLEV 600 becomes 700"
func olevV13() int { return 700 }

//mutprop:variant maxAltDiff v14 "MAXALTDIFF 600 becomes 650"
func maxAltDiffV14() int { return 650 }

//mutprop:variant minSep v15 "MINSEP 300 becomes 650, and enabled drops && Cur_Vertical_Sep > MAXALTDIFF"
func minSepV15() int { return 650 }

//mutprop:variant threshTable v16 "initialize: Positive_RA_Alt_Thresh[0] 400 becomes 401"
func threshTableV16() [4]int { return [4]int{401, 500, 640, 740} }

//mutprop:variant threshTable v17 "initialize: Positive_RA_Alt_Thresh[1] 500 becomes 501"
func threshTableV17() [4]int { return [4]int{400, 501, 640, 740} }

//mutprop:variant threshTable v18 "initialize: Positive_RA_Alt_Thresh[2] 640 becomes 690"
func threshTableV18() [4]int { return [4]int{400, 500, 690, 740} }

//mutprop:variant threshTable v19 "initialize: Positive_RA_Alt_Thresh[3] 740 becomes 760"
func threshTableV19() [4]int { return [4]int{400, 500, 640, 760} }

// threshTableV33 is the Go port of v33: C writes thresholds 1..4 (index 4
// out of bounds, index 0 left at 0); the out-of-bounds write is dropped.
//
//mutprop:variant threshTable v33 "initialize: index shifted, Positive_RA_Alt_Thresh = {0, 400, 500, 640} (the C out-of-bounds write of 740 dropped)"
func threshTableV33() [4]int { return [4]int{0, 400, 500, 640} }

//mutprop:variant downwardRA v36 "DOWNWARD_RA 2 becomes 1"
func downwardRAV36() int { return 1 }

//mutprop:variant alim v37 "ALIM: Positive_RA_Alt_Thresh[Alt_Layer_Value] becomes Positive_RA_Alt_Thresh[0]"
func alimV37(in *Input) int {
	return threshTable()[0]
}

// threshTableV38 stands for v38, whose C source declares the threshold
// table with 3 elements: reading or writing index 3 is undefined behaviour,
// which a memory-safe port cannot reproduce. It is modelled as the original
// table, marked not portable and excluded from every score.
//
//mutprop:variant threshTable v38 "NOT PORTABLE: Positive_RA_Alt_Thresh declared with 3 elements (undefined behaviour in C); modelled as the original"
func threshTableV38() [4]int { return [4]int{400, 500, 640, 740} }
