package tcas

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// WritePlots writes one PNG per oracle into dir: distinct faults found
// against the number of uniform random tests (log scale), one line per
// domain. It returns the files written.
func (r *Report) WritePlots(dir string) ([]string, error) {
	if len(r.Curves) == 0 {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("plots: %w", err)
	}
	var files []string
	for _, oracle := range []string{differentialName, "properties"} {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("TCAS: distinct faults found by uniform random tests (%s oracle)", oracle)
		p.X.Label.Text = "tests"
		p.Y.Label.Text = fmt.Sprintf("faults found (of %d)", len(r.Faults))
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
		var lines []any
		for _, c := range r.Curves {
			if c.Oracle != oracle {
				continue
			}
			xys := make(plotter.XYs, len(c.Points))
			for i, pt := range c.Points {
				xys[i].X, xys[i].Y = math.Max(1, float64(pt.Tests)), float64(pt.Faults)
			}
			lines = append(lines, c.Domain, xys)
		}
		if err := plotutil.AddLinePoints(p, lines...); err != nil {
			return files, fmt.Errorf("plots: %w", err)
		}
		path := filepath.Join(dir, "tcas-random-"+oracle+".png")
		if err := p.Save(7*vg.Inch, 4.5*vg.Inch, path); err != nil {
			return files, fmt.Errorf("plots: %w", err)
		}
		files = append(files, path)
	}
	return files, nil
}
