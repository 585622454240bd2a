// Package ops has at least one site for every operator of mutprop.
package ops

import "strings"

func arith(a, b int) int { return a + b*2 }

func bits(a, b uint) uint { return a&b | a<<1 }

func less(a, b int) bool { return a < b }

func cond(a, b bool) bool {
	if a && !b {
		return true
	}
	return false
}

func neg(x int) int { return -x }

func loop(xs []int) (n int) {
	for i := 0; i < len(xs); i++ {
		if xs[i] < 0 {
			break
		}
		n += xs[i]
	}
	for _, x := range xs {
		if x == 0 {
			continue
		}
		n++
	}
	return n
}

func text(s string) string { return strings.Repeat(s, 2) + "!" }

func choose(x int, ch chan int) float64 {
	switch x {
	case 1:
		ch <- x
	default:
		x--
	}
	buf := make([]int, 0, 8) // the capacity is a known equivalent site
	_ = buf
	return 1.5
}

func ignored(x int) int { return x + 1 } //mutprop:ignore
