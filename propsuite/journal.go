package propsuite

import "github.com/mutprop/mutprop/engine"

// Journal is the engine's journal of finished cells: a run killed at any
// moment loses at most the cell being written, and --resume skips every
// cell it holds.
type Journal = engine.Log[Cell]

// OpenJournal opens the journal of cells at path (engine.OpenLog).
func OpenJournal(path string, h engine.Header, resume bool) (*Journal, error) {
	return engine.OpenLog(path, h, resume, (*Cell).Key)
}
