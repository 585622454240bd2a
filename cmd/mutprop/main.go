// Command mutprop measures how much property-based tests check, by running
// them against mutants of the code under test.
//
// Run "mutprop help" for the list of commands.
package main

import "os"

func main() { os.Exit(Main(os.Args[1:], newEnv())) }
