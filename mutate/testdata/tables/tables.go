// Command tables is a fixture for the table probes: lookup tables whose
// elements the program reads in part, and tables the probes must leave to
// the expression probes (sliced, written, or seen by another file).
package main

import (
	"fmt"
	"os"
)

// dec maps a digit's byte to its value; 0xFF marks a byte that is not a
// digit. The program decodes "0123", so it reads a few elements only.
var dec = [...]byte{
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	'0': 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
	'A': 0xFF, 0xFF,
}

// weights is read at a constant index and through len. Its last
// element calls a function: its mutants are not the table's.
var weights = []int{1, 2 + 3, 4 * 5, 7, bump(8)}

// bumps sums the arguments of bump, which main prints: a mutant of an
// argument changes the output though no one reads weights[4].
var bumps int

func bump(n int) int {
	bumps += n
	return n
}

// sliced is sliced: every element can be seen through the slice.
var sliced = []int{10, 20, 30}

// written is written: a read may see the written value.
var written = [3]int{1, 2, 3}

// Exported can be read by any package.
var Exported = []int{5, 6}

// decode returns the value of the digits of s, -1 at a byte not a digit.
func decode(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if int(s[i]) >= len(dec) || dec[s[i]] == 0xFF {
			return -1
		}
		n = n*10 + int(dec[s[i]])
	}
	return n
}

func main() {
	written[0] = 4
	fmt.Println(decode("0123"), decode("9"), weights[1], len(weights))
	fmt.Println(sum(sliced[1:]), written[0]+written[2], Exported[0], bumps)
	if len(os.Args) > 1 {
		fmt.Println(decode(os.Args[1]))
	}
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
