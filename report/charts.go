package report

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// chart is a chart the report package can draw: a *histogram, *barChart,
// *lineChart or *cumulativeChart.
type chart interface {
	build() (*plot.Plot, error)
}

// sized is a chart with its own size (the default is chartWidth by
// chartHeight).
type sized interface {
	size() (w, h vg.Length)
}

// legendBeside is a chart whose legend is drawn right of the plot, not
// over its data; the chart grows taller when the legend needs it.
type legendBeside interface {
	legendOutside() bool
}

// palette gives each series of a chart its own colour: Okabe and Ito's
// colours for colour-blind readers, then Tableau's, the yellow that reads
// poorly on white last. Beyond sixteen, colours come round again with
// another dash pattern (seriesDashes).
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{0, 0, 0, 255},       // black
	color.RGBA{140, 86, 75, 255},   // brown
	color.RGBA{127, 127, 127, 255}, // grey
	color.RGBA{188, 189, 34, 255},  // olive
	color.RGBA{148, 103, 189, 255}, // purple
	color.RGBA{214, 39, 40, 255},   // red
	color.RGBA{23, 190, 207, 255},  // cyan
	color.RGBA{31, 119, 180, 255},  // dark blue
	color.RGBA{44, 160, 44, 255},   // green
	color.RGBA{240, 228, 66, 255},  // yellow
}

// seriesColor is the colour of series i.
func seriesColor(i int) color.Color { return palette[((i%len(palette))+len(palette))%len(palette)] }

// seriesDashes is the dash pattern of series i: solid for the first
// round of colours, then plotutil's patterns.
func seriesDashes(i int) []vg.Length {
	if i < len(palette) {
		return nil
	}
	return plotutil.Dashes(i/len(palette) + 1)
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
	// Dots draws each value as a dot with its whiskers, not a bar: a
	// value at the axis's minimum stays visible. A whisker whose high end
	// is +Inf runs to the top of the axis (a value bounded below only).
	Dots bool
	// Width is the chart's width; 0 for chartWidth.
	Width vg.Length
	// Beside puts the legend right of the plot.
	Beside bool
}

func (b *barChart) size() (vg.Length, vg.Length) {
	if b.Width > 0 {
		return b.Width, chartHeight
	}
	return chartWidth, chartHeight
}

func (b *barChart) legendOutside() bool { return b.Beside }

// barSeries is one series of a barChart: Values[i] is the bar for
// Categories[i]. Low and High, when not nil, give whisker ends. Color
// is its index in the palette plus one; 0 for its place among the series.
type barSeries struct {
	Name              string
	Values, Low, High []float64
	Color             int
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
	width, height := chartWidth, chartHeight
	if s, ok := c.(sized); ok {
		width, height = s.size()
	}
	if lb, ok := c.(legendBeside); !ok || !lb.legendOutside() {
		canvas := vgsvg.New(width, height)
		p.Draw(draw.New(canvas))
		return writeCanvas(w, canvas)
	}
	// The legend goes in a column of its own, right of the plot: measured
	// on a canvas of the chart's size, drawn apart from the plot.
	legend := p.Legend
	p.Legend = plot.NewLegend()
	probe := draw.New(vgsvg.New(width, height))
	box := legend.Rectangle(probe)
	pad := vg.Points(8)
	legendW, legendH := box.Max.X-box.Min.X, box.Max.Y-box.Min.Y
	height = max(height, legendH+2*pad+p.Title.TextStyle.Height(p.Title.Text))
	canvas := vgsvg.New(width+legendW+2*pad, height)
	dc := draw.New(canvas)
	p.Draw(draw.Crop(dc, 0, -(legendW + 2*pad), 0, 0))
	legend.Top, legend.Left = true, true
	legend.Draw(draw.Crop(dc, width+pad, -pad, pad, -pad-p.Title.TextStyle.Height(p.Title.Text)))
	return writeCanvas(w, canvas)
}

func writeCanvas(w io.Writer, canvas *vgsvg.Canvas) error {
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
	width, _ := b.size()
	groupWidth := width * 0.7 / vg.Length(n)
	barWidth := groupWidth / vg.Length(len(b.Series))
	for i, s := range b.Series {
		col := i
		if s.Color > 0 {
			col = s.Color - 1
		}
		bars := &groupedBars{
			series: s, width: barWidth, logY: b.LogY, dots: b.Dots,
			offset: barWidth * (vg.Length(i) - vg.Length(len(b.Series)-1)/2),
			color:  seriesColor(col),
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
	dots   bool
}

func (g *groupedBars) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	base := 0.0
	if g.logY {
		base = plt.Y.Min
	}
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(1)}
	if g.dots {
		line.Color = g.color
	}
	for i, v := range g.series.Values {
		x := trX(float64(i)) + g.offset
		switch {
		case g.logY && v <= 0:
		case g.dots:
			c.DrawGlyph(draw.GlyphStyle{Color: g.color, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}, vg.Point{X: x, Y: trY(v)})
		default:
			y0, y1 := trY(base), trY(v)
			rect := c.ClipPolygonY([]vg.Point{{X: x - g.width/2, Y: y0}, {X: x - g.width/2, Y: y1}, {X: x + g.width/2, Y: y1}, {X: x + g.width/2, Y: y0}})
			c.FillPolygon(g.color, rect)
		}
		if g.series.Low == nil || g.series.High == nil {
			continue
		}
		lo, hi := g.series.Low[i], g.series.High[i]
		if g.dots && (lo <= 0 || (v <= 0 && math.IsInf(hi, 1) && lo <= 0)) {
			continue
		}
		if math.IsInf(hi, 1) {
			hi = plt.Y.Max
		}
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
		if g.logY && v <= 0 || math.IsInf(v, 0) {
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
		if g.dots {
			ymin *= 0.7 // a dot at a power of ten stays off the axis
		}
		ymax = math.Max(ymax, ymin*10)
		if g.dots {
			ymax *= 1.5 // room for a whisker that runs to the top
		}
	}
	return xmin, xmax, ymin, ymax
}

// Thumbnail implements plot.Thumbnailer for the legend.
func (g *groupedBars) Thumbnail(c *draw.Canvas) {
	if g.dots {
		c.DrawGlyph(draw.GlyphStyle{Color: g.color, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}, c.Center())
		return
	}
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
		line.Color = seriesColor(i)
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

// cumulativeChart is Etna's chart of bugs found against effort: per
// series (a test), the share of Total mutants whose estimated cases to
// failure is at most x, on a log x axis, as a step line. A mutant whose
// estimate counts censored trials is marked with a ring on its step; a
// dashed vertical line marks the trials' budget. The legend is beside the
// plot.
type cumulativeChart struct {
	Title, XLabel, YLabel string
	Series                []cumulativeSeries
	Total                 int
	// Budget, when positive, draws the budget's line at that x.
	Budget float64
}

// cumulativeSeries is one test's line: the estimates of the mutants it
// found (finite, any order), with Censored[i] set when Found[i] counts
// censored trials. Color is its palette index.
type cumulativeSeries struct {
	Name     string
	Found    []float64
	Censored []bool
	Color    int
}

func (c *cumulativeChart) size() (vg.Length, vg.Length) { return chartWidth, chartHeight }

func (c *cumulativeChart) legendOutside() bool { return true }

func (c *cumulativeChart) build() (*plot.Plot, error) {
	if len(c.Series) == 0 || c.Total <= 0 {
		return nil, fmt.Errorf("cumulative chart %q: no series or no mutants", c.Title)
	}
	p := plot.New()
	p.Title.Text = c.Title
	p.X.Label.Text = c.XLabel
	p.Y.Label.Text = c.YLabel
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	maxX := math.Max(10, c.Budget*2)
	for _, s := range c.Series {
		for _, x := range s.Found {
			maxX = math.Max(maxX, x*2)
		}
	}
	maxX = math.Pow(10, math.Ceil(math.Log10(maxX)))
	p.X.Min, p.X.Max = 1, maxX
	p.Y.Min, p.Y.Max = 0, 100
	p.Add(plotter.NewGrid())
	for _, s := range c.Series {
		if len(s.Found) != len(s.Censored) {
			return nil, fmt.Errorf("cumulative chart %q: series %q has %d estimates and %d censoring marks", c.Title, s.Name, len(s.Found), len(s.Censored))
		}
		idx := make([]int, len(s.Found))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return s.Found[idx[a]] < s.Found[idx[b]] })
		pts := plotter.XYs{{X: 1, Y: 0}}
		var rings plotter.XYs
		for k, i := range idx {
			x, y := math.Max(1, s.Found[i]), 100*float64(k+1)/float64(c.Total)
			pts = append(pts, plotter.XY{X: x, Y: y})
			if s.Censored[i] {
				rings = append(rings, plotter.XY{X: x, Y: y})
			}
		}
		pts = append(pts, plotter.XY{X: maxX, Y: pts[len(pts)-1].Y})
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("cumulative chart %q: series %q: %w", c.Title, s.Name, err)
		}
		line.StepStyle = plotter.PostStep
		line.Color = seriesColor(s.Color)
		line.Width = vg.Points(1.8)
		line.Dashes = seriesDashes(s.Color)
		p.Add(line)
		name := s.Name
		if never := c.Total - len(s.Found); never > 0 {
			name += fmt.Sprintf(" (%d never)", never)
		}
		p.Legend.Add(name, line)
		if len(rings) > 0 {
			sc, err := plotter.NewScatter(rings)
			if err != nil {
				return nil, fmt.Errorf("cumulative chart %q: series %q: %w", c.Title, s.Name, err)
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: seriesColor(s.Color), Radius: vg.Points(3.5), Shape: draw.RingGlyph{}}
			p.Add(sc)
		}
	}
	ring, err := plotter.NewScatter(plotter.XYs{{X: 1, Y: -10}})
	if err != nil {
		return nil, err
	}
	ring.GlyphStyle = draw.GlyphStyle{Color: color.Gray{Y: 90}, Radius: vg.Points(3.5), Shape: draw.RingGlyph{}}
	p.Legend.Add("o: counts censored trials", ring)
	if c.Budget > 0 {
		budget, err := plotter.NewLine(plotter.XYs{{X: c.Budget, Y: 0}, {X: c.Budget, Y: 100}})
		if err != nil {
			return nil, err
		}
		budget.Color = color.Gray{Y: 110}
		budget.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(budget)
		p.Legend.Add(fmt.Sprintf("budget: %g cases per trial", c.Budget), budget)
	}
	return p, nil
}
