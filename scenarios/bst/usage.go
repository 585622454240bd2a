package bst

// Doc describes the scenario, its configurations and what it prints: the
// help text of 'mutprop scenario bst'.
const Doc = `
The BST of How to Specify It! with its 8 bugs and 79 properties, measured as
mean tests-to-failure: one 10,000-test trial decides whether a (bug,
property, generator) fails; if it does, --trials more failing trials give
mean, median and a 95% CI (QuickCheck's size schedule).

Configurations:
  fig13   Holey Generators Fig. 13: keys 0..size, 57 properties, generators
          api, classic, holey, tuned-api, tuned-classic (--explain: the
          readings that explain the gaps to the paper)
  hughes  How to Specify It! Figs. 8-9: Int keys/values, 48 hand-written
          properties, API-based generator
  etna    Etna's BST workload: Bool values, 18 guarded properties
  mutants the properties scored: operator mutants of the subject, black-box
          mutants of insert/delete/union/find and the 8 bugs against
          holey57, --tests tests each: kill matrix, kill rate per property
          and kind, redundant properties, a minimal killing set

Generators: api, api-correct, tuned-api, tuned-api-correct, classic,
tuned-classic, holey, classic-page2, tuned-classic-page2, etna-size, enum,
exhaustive; a name ending in +valid discards tests whose generated trees
are invalid.`
