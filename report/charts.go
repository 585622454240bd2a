package report

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// chart is a chart the report package can draw: a *histogram, *barChart or
// *lineChart.
type chart interface {
	build() (*plot.Plot, error)
}

// histogram is a histogram of values, e.g. the sizes of generated inputs.
type histogram struct {
	Title, XLabel string
	Values        []float64
	// Bins is the number of bins; zero means about sqrt(len(Values)),
	// between 5 and 40.
	Bins int
}

// barChart is a grouped bar chart: for each category, one bar per series,
// with optional whiskers (e.g. a 95% confidence interval).
type barChart struct {
	Title, XLabel, YLabel string
	Categories            []string
	Series                []barSeries
	// LogY draws the value axis on a log scale; bars then start at the
	// axis minimum. Values <= 0 are not drawn.
	LogY bool
}

// barSeries is one series of a barChart: Values[i] is the bar for
// Categories[i]. Low and High, when not nil, give whisker ends.
type barSeries struct {
	Name              string
	Values, Low, High []float64
}

// lineChart draws series of points joined by lines, e.g. faults found
// against the number of tests.
type lineChart struct {
	Title, XLabel, YLabel string
	Series                []lineSeries
	LogX                  bool
}

// lineSeries is one line of a lineChart.
type lineSeries struct {
	Name string
	X, Y []float64
}

// Chart sizes.
const (
	chartWidth  = 16 * vg.Centimeter
	chartHeight = 10 * vg.Centimeter
)

// plotSVG draws the chart as an SVG document.
func plotSVG(c chart) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeSVG(&buf, c); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeSVG(w io.Writer, c chart) error {
	p, err := c.build()
	if err != nil {
		return err
	}
	canvas := vgsvg.New(chartWidth, chartHeight)
	p.Draw(draw.New(canvas))
	if _, err := canvas.WriteTo(w); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}

func (h *histogram) build() (*plot.Plot, error) {
	if len(h.Values) == 0 {
		return nil, fmt.Errorf("histogram %q: no values", h.Title)
	}
	p := plot.New()
	p.Title.Text = h.Title
	p.X.Label.Text = h.XLabel
	p.Y.Label.Text = "count"
	bins := h.Bins
	if bins <= 0 {
		bins = min(40, max(5, int(math.Sqrt(float64(len(h.Values))))))
	}
	minV, maxV := h.Values[0], h.Values[0]
	for _, v := range h.Values {
		minV, maxV = math.Min(minV, v), math.Max(maxV, v)
	}
	if minV == maxV {
		bins = 1
	}
	hist, err := plotter.NewHist(plotter.Values(h.Values), bins)
	if err != nil {
		return nil, fmt.Errorf("histogram %q: %w", h.Title, err)
	}
	hist.FillColor = plotutil.Color(0)
	p.Add(hist)
	return p, nil
}

func (b *barChart) build() (*plot.Plot, error) {
	n := len(b.Categories)
	if n == 0 || len(b.Series) == 0 {
		return nil, fmt.Errorf("bar chart %q: no categories or no series", b.Title)
	}
	for _, s := range b.Series {
		if len(s.Values) != n || (s.Low != nil && len(s.Low) != n) || (s.High != nil && len(s.High) != n) {
			return nil, fmt.Errorf("bar chart %q: series %q has %d values for %d categories", b.Title, s.Name, len(s.Values), n)
		}
	}
	p := plot.New()
	p.Title.Text = b.Title
	p.X.Label.Text = b.XLabel
	p.Y.Label.Text = b.YLabel
	if b.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	groupWidth := chartWidth * 0.7 / vg.Length(n)
	barWidth := groupWidth / vg.Length(len(b.Series))
	for i, s := range b.Series {
		bars := &groupedBars{
			series: s, width: barWidth, logY: b.LogY,
			offset: barWidth * (vg.Length(i) - vg.Length(len(b.Series)-1)/2),
			color:  plotutil.Color(i),
		}
		p.Add(bars)
		if len(b.Series) > 1 {
			p.Legend.Add(s.Name, bars)
		}
	}
	p.Legend.Top = true
	p.NominalX(b.Categories...)
	if n > 4 {
		p.X.Tick.Label.Rotation = math.Pi / 6
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
	}
	return p, nil
}

// groupedBars draws one barSeries, shifted by offset within each category,
// with its whiskers. It exists because plotter.YErrorBars cannot follow a
// bar's offset.
type groupedBars struct {
	series barSeries
	width  vg.Length
	offset vg.Length
	color  color.Color
	logY   bool
}

func (g *groupedBars) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	base := 0.0
	if g.logY {
		base = plt.Y.Min
	}
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(1)}
	for i, v := range g.series.Values {
		if g.logY && v <= 0 {
			continue
		}
		x := trX(float64(i)) + g.offset
		y0, y1 := trY(base), trY(v)
		rect := c.ClipPolygonY([]vg.Point{{X: x - g.width/2, Y: y0}, {X: x - g.width/2, Y: y1}, {X: x + g.width/2, Y: y1}, {X: x + g.width/2, Y: y0}})
		c.FillPolygon(g.color, rect)
		if g.series.Low == nil || g.series.High == nil {
			continue
		}
		lo, hi := g.series.Low[i], g.series.High[i]
		if g.logY {
			lo = math.Max(lo, base)
			if hi <= 0 {
				continue
			}
		}
		capW := g.width / 4
		c.StrokeLine2(line, x, trY(lo), x, trY(hi))
		c.StrokeLine2(line, x-capW, trY(lo), x+capW, trY(lo))
		c.StrokeLine2(line, x-capW, trY(hi), x+capW, trY(hi))
	}
}

// DataRange implements plot.DataRanger.
func (g *groupedBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = -0.5, float64(len(g.series.Values))-0.5
	ymin, ymax = 0, 0
	if g.logY {
		ymin, ymax = math.Inf(1), math.Inf(-1)
	}
	consider := func(v float64) {
		if g.logY && v <= 0 {
			return
		}
		ymin, ymax = math.Min(ymin, v), math.Max(ymax, v)
	}
	for i, v := range g.series.Values {
		consider(v)
		if g.series.Low != nil && g.series.High != nil {
			consider(g.series.Low[i])
			consider(g.series.High[i])
		}
	}
	if g.logY {
		if math.IsInf(ymin, 1) {
			return xmin, xmax, 1, 10
		}
		ymin = math.Pow(10, math.Floor(math.Log10(ymin)))
		ymax = math.Max(ymax, ymin*10)
	}
	return xmin, xmax, ymin, ymax
}

// Thumbnail implements plot.Thumbnailer for the legend.
func (g *groupedBars) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}}
	c.FillPolygon(g.color, c.ClipPolygonY(pts))
}

func (l *lineChart) build() (*plot.Plot, error) {
	if len(l.Series) == 0 {
		return nil, fmt.Errorf("line chart %q: no series", l.Title)
	}
	p := plot.New()
	p.Title.Text = l.Title
	p.X.Label.Text = l.XLabel
	p.Y.Label.Text = l.YLabel
	if l.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	for i, s := range l.Series {
		if len(s.X) != len(s.Y) || len(s.X) == 0 {
			return nil, fmt.Errorf("line chart %q: series %q has %d x and %d y values", l.Title, s.Name, len(s.X), len(s.Y))
		}
		pts := make(plotter.XYs, 0, len(s.X))
		for j := range s.X {
			if l.LogX && s.X[j] <= 0 {
				continue
			}
			pts = append(pts, plotter.XY{X: s.X[j], Y: s.Y[j]})
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("line chart %q: series %q: %w", l.Title, s.Name, err)
		}
		line.Color = plotutil.Color(i)
		line.Width = vg.Points(1.5)
		line.Dashes = plotutil.Dashes(i)
		p.Add(line)
		p.Legend.Add(s.Name, line)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	return p, nil
}
