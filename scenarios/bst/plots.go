package bst

import (
	"fmt"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// WritePlots writes, for every generator of the report, a PNG of its
// tree-size distribution and one of its depth distribution into dir.
func WritePlots(dir string, s *Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("plots: %w", err)
	}
	for _, g := range s.Generators {
		for _, h := range []struct {
			what   string
			counts []int
		}{{"size", g.Sizes}, {"depth", g.Depths}} {
			path := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.png", s.Experiment, g.Generator, h.what))
			if err := histogram(path, fmt.Sprintf("%s: tree %s", g.Generator, h.what), h.what, h.counts); err != nil {
				return fmt.Errorf("plot %s: %w", path, err)
			}
		}
	}
	return nil
}

func histogram(path, title, xlabel string, counts []int) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "fraction of trees"
	total := 0
	for _, c := range counts {
		total += c
	}
	xys := make(plotter.XYs, len(counts))
	for i, c := range counts {
		xys[i].X = float64(i)
		if total > 0 {
			xys[i].Y = float64(c) / float64(total)
		}
	}
	h, err := plotter.NewHistogram(xys, max(1, len(counts)))
	if err != nil {
		return err
	}
	p.Add(h)
	return p.Save(6*vg.Inch, 4*vg.Inch, path)
}
