package tcas

// Published is one figure of seed 000 (§5.1, Tables 4 and 5, and the
// whitebox paragraph): the runtime and bugs found by Radix Coverage or plain
// ACTS at strength t, of the seed's 38 mutants.
type Published struct {
	Seconds float64 `json:"seconds,omitempty"` // 0 when not given
	Bugs    int     `json:"bugs,omitempty"`
	DNF     bool    `json:"dnf,omitempty"` // did not finish
	Text    string  `json:"text"`
}

// published returns the seed's figure for (domain, method, t), if any;
// both readings of Radix Coverage's base stand next to the seed's Radix
// figures.
func published(domain, method string, t int) (Published, bool) {
	if method == methodRadixSmallest {
		method = methodRadix
	}
	type key struct {
		d, m string
		t    int
	}
	p, ok := map[key]Published{
		{domainNIST, methodRadix, 6}:       {Bugs: 26, Text: "whitebox t=6: 26 bugs"},
		{domainNIST, methodCovering, 6}:    {Bugs: 35, Text: "whitebox t=6: 35 bugs (7.3x Radix's memory)"},
		{domainInt1001, methodRadix, 2}:    {Seconds: 2.53 * 60, Bugs: 26, Text: "2.53 min / 26"},
		{domainInt1001, methodRadix, 3}:    {Seconds: 53.23 * 60, Bugs: 28, Text: "53.23 min / 28"},
		{domainInt1001, methodCovering, 2}: {Seconds: 46.29 * 3600, Bugs: 18, Text: "46.29 h / 18"},
		{domainInt1001, methodCovering, 3}: {DNF: true, Text: "DNF"},
		{domainStep10, methodRadix, 2}:     {Seconds: 45.6, Bugs: 9, Text: "45.6 s / 9"},
		{domainStep10, methodRadix, 3}:     {Seconds: 148.1, Bugs: 30, Text: "148.1 s / 30"},
		{domainStep10, methodRadix, 4}:     {Seconds: 25.98 * 60, Bugs: 35, Text: "25.98 min / 35"},
		{domainStep10, methodCovering, 2}:  {Seconds: 102.71, Bugs: 17, Text: "102.71 s / 17"},
		{domainStep10, methodCovering, 3}:  {Seconds: 76.58 * 3600, Bugs: 35, Text: "76.58 h / 35"},
		{domainStep10, methodCovering, 4}:  {DNF: true, Text: "DNF"},
	}[key{domain, method, t}]
	return p, ok
}
