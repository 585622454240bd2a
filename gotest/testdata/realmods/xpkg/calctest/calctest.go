// Package calctest holds the tests of calc.
package calctest
