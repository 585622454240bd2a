package tcas

// category is the fault category of one of the 41 faulty versions of the
// SIR TCAS. Its named variant is "v<Number>" (mutant ID "named:v<Number>");
// the descriptions are on the variant functions in ./subject.
type category struct {
	Number   int
	Category string
}

// notPortableVersion is the version kept in the list but excluded from every score:
// v38 declares the threshold table with 3 elements, undefined behaviour in C
// that a memory-safe port cannot reproduce (no SIR test fails on it).
const notPortableVersion = 38

// categories lists the faulty versions in order, with their fault category.
var categories = []category{
	{1, "relational operator"},
	{2, "wrong constant or operand"},
	{3, "logical operator"},
	{4, "logical operator"},
	{5, "missing condition"},
	{6, "relational operator"},
	{7, "constant"},
	{8, "constant"},
	{9, "relational operator"},
	{10, "relational operator (x2)"},
	{11, "relational operator (x2) and missing branch"},
	{12, "logical operator"},
	{13, "constant"},
	{14, "constant"},
	{15, "constant and missing condition"},
	{16, "constant (off by one)"},
	{17, "constant (off by one)"},
	{18, "constant"},
	{19, "constant"},
	{20, "relational operator"},
	{21, "wrong expression"},
	{22, "missing term"},
	{23, "wrong expression"},
	{24, "missing term"},
	{25, "relational operator"},
	{26, "missing condition"},
	{27, "missing condition"},
	{28, "inverted condition"},
	{29, "missing condition"},
	{30, "missing condition"},
	{31, "moved condition with a relational error"},
	{32, "moved condition with a relational error"},
	{33, "array index"},
	{34, "parenthesization"},
	{35, "swapped branches"},
	{36, "output constant"},
	{37, "wrong index"},
	{38, "array size (not portable)"},
	{39, "relational operator"},
	{40, "missing condition (x2)"},
	{41, "missing condition"},
}
