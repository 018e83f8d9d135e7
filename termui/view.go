package termui

// Viewports for unbounded boards: a window that can be panned and re-centred, with far pieces shown at its edge.

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"anychess/core"
)

// View is the window of an unbounded board that Render shows: W×H squares
// around the square (X, Y). Pieces outside it are marked by arrows on a
// frame around it and listed below the board.
type View struct {
	X, Y int64 // the centre square
	W, H int   // squares across and down
}

// Window sizes.
const (
	defaultViewSize = 20 // for an empty board
	minViewSize     = 8
	maxDefaultView  = 26
	groupReach      = 12 // how far from the median a piece belongs to the main group
	maxViewSize     = 60
	maxListed       = 8 // far pieces listed by name below the board
)

// DefaultView returns a window on the main group of pieces of p: those
// within 12 squares of the median of their coordinates (so that a few
// far-away pieces do not pull the window off the group), framed with one
// square to spare, 8 to 26 squares each way.
func DefaultView(p *core.Position) View {
	var cs []core.Coord
	var xs, ys []int64
	for pl := 0; pl < p.Rules().Players; pl++ {
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			c := p.Coord(sq)
			cs = append(cs, c)
			xs = append(xs, c.X)
			ys = append(ys, c.Y)
		}
	}
	if len(cs) == 0 {
		return View{W: defaultViewSize, H: defaultViewSize}
	}
	slices.Sort(xs)
	slices.Sort(ys)
	mx, my := xs[len(xs)/2], ys[len(ys)/2]
	x0, x1, y0, y1 := mx, mx, my, my
	for _, c := range cs {
		if absDiff(c.X, mx) <= groupReach && absDiff(c.Y, my) <= groupReach {
			x0, x1 = min(x0, c.X), max(x1, c.X)
			y0, y1 = min(y0, c.Y), max(y1, c.Y)
		}
	}
	v := View{X: x0 + (x1-x0)/2, Y: y0 + (y1-y0)/2, W: int(x1-x0) + 3, H: int(y1-y0) + 3}
	v.W = min(max(v.W, minViewSize), maxDefaultView)
	v.H = min(max(v.H, minViewSize), maxDefaultView)
	return v
}

// absDiff returns |a-b|, saturating instead of overflowing.
func absDiff(a, b int64) int64 {
	d := a - b
	if (d < 0) != (a < b) { // overflow
		return math.MaxInt64
	}
	if d < 0 {
		return -d
	}
	return d
}

// bounds returns the squares the window shows: x0..x1, y0..y1.
func (v View) bounds() (x0, x1, y0, y1 int64) {
	x0 = v.X - int64(v.W-1)/2
	y0 = v.Y - int64(v.H-1)/2
	return x0, x0 + int64(v.W) - 1, y0, y0 + int64(v.H) - 1
}

// arrow points from the window toward a piece outside it.
func arrow(dx, dy int) string {
	return [3][3]string{{"↙", "←", "↖"}, {"↓", "·", "↑"}, {"↘", "→", "↗"}}[dx+1][dy+1]
}

// RenderView draws the window v of an unbounded board: rows from the top,
// each with its rank (y, or the rank number of the letters style) on the
// left, files below. A frame around it shows an arrow where pieces lie
// beyond, in their direction; the pieces outside the window are listed
// after the board, nearest first. Marks are drawn as Render draws them.
func RenderView(p *core.Position, v View) string {
	r := p.Rules()
	x0, x1, y0, y1 := v.bounds()
	type far struct {
		text string
		dist uint64
	}
	var outside []far
	edge := map[[2]int]string{} // frame cell (-1..W, -1..H) -> arrow
	for pl := 0; pl < r.Players; pl++ {
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			c := p.Coord(sq)
			if c.X >= x0 && c.X <= x1 && c.Y >= y0 && c.Y <= y1 {
				continue
			}
			col := clampCol(c.X, x0, x1)
			row := clampCol(c.Y, y0, y1)
			dx, dy := sgn(c.X, x0, x1), sgn(c.Y, y0, y1)
			edge[[2]int{col, row}] = arrow(dx, dy)
			d := max(uint64(absDiff(c.X, v.X)), uint64(absDiff(c.Y, v.Y)))
			outside = append(outside, far{PieceText(r, p.At(sq)) + " " + p.Name(sq) + " " + arrow(dx, dy), d})
		}
	}
	// Labels: the names of the squares on the window's left column and
	// bottom row, without their parentheses, split into file and rank.
	rankLabel := func(y int64) string { return splitName(p.Name(p.Square(core.Coord{X: x0, Y: y})), false) }
	fileLabel := func(x int64) string { return splitName(p.Name(p.Square(core.Coord{X: x, Y: y0})), true) }
	width := 3
	for x := x0; x <= x1; x++ {
		width = max(width, len([]rune(fileLabel(x)))+1)
	}
	label := 1
	for y := y0; y <= y1; y++ {
		label = max(label, len([]rune(rankLabel(y))))
	}
	var sb strings.Builder
	var marked []core.Square // squares of the window with marks
	frame := func(row int) {
		sb.WriteString(strings.Repeat(" ", label+1))
		for col := -1; col <= v.W; col++ {
			sb.WriteString(padRunes(edgeText(edge, col, row), width))
		}
		sb.WriteString("\n")
	}
	frame(v.H)
	for y := y1; y >= y0; y-- {
		row := int(y - y0)
		fmt.Fprintf(&sb, "%*s ", label, rankLabel(y))
		sb.WriteString(padRunes(edgeText(edge, -1, row), width))
		for x := x0; x <= x1; x++ {
			sq := p.Square(core.Coord{X: x, Y: y})
			text, marks := ".", marksText(p, sq)
			if marks != "" {
				marked = append(marked, sq)
				text = marks
			}
			if pc := p.At(sq); pc.IsPiece() {
				text = PieceText(r, pc) + marks
			}
			sb.WriteString(padRunes(text, width))
		}
		sb.WriteString(edgeText(edge, v.W, row) + "\n")
	}
	frame(-1)
	sb.WriteString(strings.Repeat(" ", label+1+width))
	for x := x0; x <= x1; x++ {
		sb.WriteString(padRunes(fileLabel(x), width))
	}
	sb.WriteString("\n")
	if legend := MarksLegend(p, marked); legend != "" {
		sb.WriteString(legend + "\n")
	}
	if len(outside) > 0 {
		slices.SortStableFunc(outside, func(a, b far) int {
			switch {
			case a.dist < b.dist:
				return -1
			case a.dist > b.dist:
				return 1
			}
			return 0
		})
		var names []string
		for i, f := range outside {
			if i == maxListed {
				names = append(names, fmt.Sprintf("… %d more", len(outside)-maxListed))
				break
			}
			names = append(names, f.text)
		}
		fmt.Fprintf(&sb, "Outside the window (%d): %s\n", len(outside), strings.Join(names, ", "))
	}
	fmt.Fprintf(&sb, "Window: %d×%d around %s ('pan DX DY', 'center SQUARE', 'home', 'zoom W H')\n", v.W, v.H, p.Name(p.Square(core.Coord{X: v.X, Y: v.Y})))
	return sb.String()
}

// edgeText returns the frame cell's arrow, a blank if none.
func edgeText(edge map[[2]int]string, col, row int) string {
	if a, ok := edge[[2]int{col, row}]; ok {
		return a
	}
	return " "
}

// clampCol places v relative to lo..hi: -1 below, the offset within, or
// hi-lo+1 above.
func clampCol(v, lo, hi int64) int {
	switch {
	case v < lo:
		return -1
	case v > hi:
		return int(hi-lo) + 1
	}
	return int(v - lo)
}

func sgn(v, lo, hi int64) int {
	switch {
	case v < lo:
		return -1
	case v > hi:
		return 1
	}
	return 0
}

// splitName takes a square name "(x,y)" or "(e8)" apart: the file part
// (x, or the letters) or the rank part (y, or the number).
func splitName(name string, file bool) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(name, "("), ")")
	if x, y, ok := strings.Cut(inner, ","); ok {
		if file {
			return x
		}
		return y
	}
	i := len(inner)
	for i > 0 && inner[i-1] >= '0' && inner[i-1] <= '9' {
		i--
	}
	if i > 1 && inner[i-1] == '-' {
		i-- // a negative rank after the file: (a-3)
	}
	if file {
		return inner[:i]
	}
	return inner[i:]
}

// padRunes pads s with spaces to width runes, plus one space when longer.
func padRunes(s string, width int) string {
	n := len([]rune(s))
	if n >= width {
		return s + " "
	}
	return s + strings.Repeat(" ", width-n)
}

// Command carries out a window command for an unbounded board: "pan DX
// DY", "center SQUARE" or "center X Y", "home" (back to DefaultView) and
// "zoom W H". It reports whether line was one, and a message when it was
// one but wrong.
func (v *View) Command(p *core.Position, line string) (bool, string) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false, ""
	}
	nums := func(args []string) ([2]int64, bool) {
		var out [2]int64
		if len(args) != 2 {
			return out, false
		}
		for i, a := range args {
			n, err := strconv.ParseInt(a, 10, 64)
			if err != nil || n < -core.MaxPlaneCoord || n > core.MaxPlaneCoord {
				return out, false
			}
			out[i] = n
		}
		return out, true
	}
	switch fields[0] {
	case "home":
		*v = DefaultView(p)
		return true, ""
	case "pan":
		d, ok := nums(fields[1:])
		if !ok {
			return true, "pan DX DY: two whole numbers, e.g. 'pan 10 -4'"
		}
		x, ok1 := addSat(v.X, d[0])
		y, ok2 := addSat(v.Y, d[1])
		if !ok1 || !ok2 {
			return true, "pan: that leaves the plane (coordinates stay below 2^62)"
		}
		v.X, v.Y = x, y
		return true, ""
	case "center", "centre":
		if c, ok := nums(fields[1:]); ok {
			v.X, v.Y = c[0], c[1]
			return true, ""
		}
		if len(fields) == 2 {
			sq, err := p.ParseSquare(fields[1])
			if err != nil {
				return true, "center: " + err.Error()
			}
			c := p.Coord(sq)
			v.X, v.Y = c.X, c.Y
			return true, ""
		}
		return true, "center SQUARE or center X Y, e.g. 'center (5,1)' or 'center 5 1'"
	case "zoom":
		d, ok := nums(fields[1:])
		if !ok || d[0] < 1 || d[1] < 1 || d[0] > maxViewSize || d[1] > maxViewSize {
			return true, fmt.Sprintf("zoom W H: a window of 1 to %d squares each way", maxViewSize)
		}
		v.W, v.H = int(d[0]), int(d[1])
		return true, ""
	}
	return false, ""
}

// addSat adds within the plane's coordinates.
func addSat(a, b int64) (int64, bool) {
	s := a + b
	if (s > a) != (b > 0) || s < -core.MaxPlaneCoord || s > core.MaxPlaneCoord {
		return 0, false
	}
	return s, true
}
