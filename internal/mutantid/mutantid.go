// Package mutantid gives each mutant a shell-safe alias. A mutant's ID
// ("operator:calc.go:13:7:boundary:>=") holds characters a shell reads as
// redirections or pipes (>, <, |); its alias ("m-1a2b3c4d") holds only
// letters, digits and a dash, so it can be pasted unquoted into a command
// line. mutprop prints the alias beside each survivor and timeout, and
// accepts it wherever it accepts an ID.
//
// It imports no mutprop package, so that every command and package may
// use it.
package mutantid

import (
	"crypto/sha256"
	"encoding/hex"
)

// Prefix starts every alias; no mutant ID starts with it (IDs start with
// their origin: "operator:", "named:", "blackbox:").
const Prefix = "m-"

// hexDigits is the length of an alias's hash: 8 hex digits (32 bits), so
// that two of a module's mutants share an alias with a chance of about
// n^2 / 2^33 (under 0.02 % for 1,000 mutants). Commands that find a
// mutant by its alias say so when two match.
const hexDigits = 8

// Alias returns the alias of the mutant id of the package with import
// path pkg: Prefix and the first 8 hex digits of the SHA-256 of the
// package path and ID. It is stable: the same package and ID give the same
// alias on every machine and run.
func Alias(pkg, id string) string {
	sum := sha256.Sum256([]byte(pkg + "\x1f" + id))
	return Prefix + hex.EncodeToString(sum[:])[:hexDigits]
}

// IsAlias reports whether s has the form of an alias (Prefix and 8
// lowercase hex digits).
func IsAlias(s string) bool {
	if len(s) != len(Prefix)+hexDigits || s[:len(Prefix)] != Prefix {
		return false
	}
	for _, c := range s[len(Prefix):] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Matches reports whether ref, an ID or an alias given by a user, names
// the mutant id of the package pkg.
func Matches(ref, pkg, id string) bool {
	if IsAlias(ref) {
		return ref == Alias(pkg, id)
	}
	return ref == id
}
