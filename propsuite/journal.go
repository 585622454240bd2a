package propsuite

import "github.com/mutprop/mutprop/engine"

// CellLog is the engine's journal of finished cells: a run killed at any
// moment loses at most the cell being written, and --resume skips every
// cell it holds.
type CellLog = engine.Log[Cell]

// OpenCellLog opens the journal of cells at path (engine.OpenLog).
func OpenCellLog(path string, h engine.Header, resume bool) (*CellLog, error) {
	return engine.OpenLog(path, h, resume, (*Cell).Key)
}
