package insert

// Doc describes the scenario, its configurations and what it prints: the
// help text of 'mutprop scenario insert'.
const Doc = `
Duregård's black-box insert rep (Automating Black-Box Property Based
Testing, paper IV, Fig. 4.1): six properties of a sorted insert on []int,
from vacuous (prop_insert0) to complete (prop_insert5), scored by black-box
mutants of insert, next to the percentages the paper printed. Two sort
properties show the method's limits: a tautology (0%), and prop_singlesort,
which kills every mutant yet only ever sorts singleton lists.

Scores are Duregård's per-test-case score: for every test case a fresh
mutant that differs from insert at every input. The classic per-mutant kill
rate over a fixed set of mutants is printed next to it.`
