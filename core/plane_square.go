package core

// Squares of unbounded boards: Square handles for 64-bit coordinates, square names and regions.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxPlaneCoord is the largest coordinate magnitude on an unbounded board:
// every square (x, y) has |x| and |y| below 2^62. A move whose destination
// would lie outside is rejected with an error; arithmetic on coordinates
// never wraps around.
const MaxPlaneCoord = 1<<62 - 1

// Square handles on an unbounded board. A square near the origin (both
// coordinates in [-2^14, 2^14)) has a fixed handle computed from its
// coordinates, the same in every position; any other square gets a handle
// from farBase up when a position first meets it (interned per position, and
// kept by Position.Copy). Handles are never reused within a position.
const (
	nearBits          = 15
	nearHalf          = 1 << (nearBits - 1)
	farBase    Square = 1 << (2 * nearBits)
	nearMask          = 1<<nearBits - 1
	maxFarSqrs        = math.MaxInt32 - int(farBase)
)

// Square-name styles of an unbounded board (BoardDef.Names).
const (
	// NamesNumeric writes squares as their coordinates: (x,y).
	NamesNumeric = "numeric"
	// NamesLetters writes squares as file letters and a rank number in
	// parentheses, relative to BoardDef.LettersA1: (a1), (φ8), (-b3), (aa0).
	NamesLetters = "letters"
)

// inPlane reports whether c lies within the coordinate range of unbounded boards.
func inPlane(c Coord) bool {
	return c.X >= -MaxPlaneCoord && c.X <= MaxPlaneCoord && c.Y >= -MaxPlaneCoord && c.Y <= MaxPlaneCoord
}

// nearSquare returns the fixed handle of c, and false when c is not near the origin.
func nearSquare(c Coord) (Square, bool) {
	if c.X < -nearHalf || c.X >= nearHalf || c.Y < -nearHalf || c.Y >= nearHalf {
		return NoSquare, false
	}
	return Square((c.Y+nearHalf)<<nearBits | (c.X + nearHalf)), true
}

// nearCoord decodes a handle below farBase.
func nearCoord(sq Square) Coord {
	return Coord{X: int64(sq&nearMask) - nearHalf, Y: int64(sq>>nearBits) - nearHalf}
}

// planeBox is a rectangle of an unbounded board, possibly unbounded in any
// direction (math.MinInt64 / math.MaxInt64 ends), bounds included.
type planeBox struct{ x0, x1, y0, y1 int64 }

func (b planeBox) contains(c Coord) bool {
	return c.X >= b.x0 && c.X <= b.x1 && c.Y >= b.y0 && c.Y <= b.y1
}

// parsePlaneArea reads an area of an unbounded board: "(X,Y)" where X and Y
// are each an integer, "*" (every value) or a range "a..b" whose ends may be
// left out ("..0", "9.."). "(*,8)" is rank 8, "(1..8,2)" eight squares.
func parsePlaneArea(s string) (planeBox, error) {
	inner, ok := strings.CutPrefix(s, "(")
	if ok {
		inner, ok = strings.CutSuffix(inner, ")")
	}
	xs, ys, comma := strings.Cut(inner, ",")
	if !ok || !comma {
		return planeBox{}, fmt.Errorf("area %q: want (X,Y) with X and Y an integer, * or a range a..b", s)
	}
	x0, x1, err := parseSpan(xs)
	if err != nil {
		return planeBox{}, fmt.Errorf("area %q: %v", s, err)
	}
	y0, y1, err := parseSpan(ys)
	if err != nil {
		return planeBox{}, fmt.Errorf("area %q: %v", s, err)
	}
	return planeBox{x0, x1, y0, y1}, nil
}

// parseSpan reads one side of an area: an integer, "*" or "a..b".
func parseSpan(s string) (lo, hi int64, err error) {
	if s == "*" {
		return math.MinInt64, math.MaxInt64, nil
	}
	a, b, isRange := strings.Cut(s, "..")
	if !isRange {
		v, err := parsePlaneInt(s)
		return v, v, err
	}
	lo, hi = math.MinInt64, math.MaxInt64
	if a != "" {
		if lo, err = parsePlaneInt(a); err != nil {
			return 0, 0, err
		}
	}
	if b != "" {
		if hi, err = parsePlaneInt(b); err != nil {
			return 0, 0, err
		}
	}
	if lo > hi {
		return 0, 0, fmt.Errorf("empty range %q", s)
	}
	return lo, hi, nil
}

// parsePlaneInt reads a coordinate: an optional sign ('-', '+' or the minus
// sign U+2212) and decimal digits, within ±MaxPlaneCoord.
func parsePlaneInt(s string) (int64, error) { return parsePlaneNumber(s, MaxPlaneCoord) }

// parsePlaneNumber reads a signed decimal number within ±limit.
func parsePlaneNumber(s string, limit int64) (int64, error) {
	t := strings.Replace(s, "−", "-", 1)
	if t == "" || len(t) > 24 {
		return 0, fmt.Errorf("bad coordinate %q", s)
	}
	digits := strings.TrimLeft(t, "+-")
	if len(t)-len(digits) > 1 || digits == "" {
		return 0, fmt.Errorf("bad coordinate %q", s)
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, fmt.Errorf("bad coordinate %q", s)
		}
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil || v < -limit || v > limit {
		return 0, fmt.Errorf("coordinate %s is outside ±2^62", s)
	}
	return v, nil
}

// parseXY reads "x,y" (the coordinates of an unbounded board's square
// without parentheses).
func parseXY(s string) (Coord, error) {
	xs, ys, ok := strings.Cut(s, ",")
	if !ok {
		return Coord{}, fmt.Errorf("want x,y, got %q", s)
	}
	x, err := parsePlaneInt(xs)
	if err != nil {
		return Coord{}, err
	}
	y, err := parsePlaneInt(ys)
	if err != nil {
		return Coord{}, err
	}
	return Coord{x, y}, nil
}

// planeFileName writes file number n of the letters style: 1 = a … 26 = z,
// 27 = aa …; 0 = φ; -1 = -a, -2 = -b ….
func planeFileName(n int64) string {
	if n == 0 {
		return "φ"
	}
	neg := n < 0
	u := absU(n)
	var buf [16]byte
	i := len(buf)
	for u > 0 {
		u--
		i--
		buf[i] = byte('a' + u%26)
		u /= 26
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// parsePlaneFile reads a file of the letters style at the start of s and
// returns its number and the rest of s.
func parsePlaneFile(s string) (n int64, rest string, err error) {
	switch {
	case strings.HasPrefix(s, "φ"):
		return 0, s[len("φ"):], nil
	case strings.HasPrefix(s, "0"):
		return 0, s[1:], nil
	}
	neg := false
	if r, size := utf8.DecodeRuneInString(s); r == '-' || r == '−' {
		neg, s = true, s[size:]
	}
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 {
		return 0, s, fmt.Errorf("expected file letters, φ or 0")
	}
	for j := 0; j < i; j++ {
		n = n*26 + int64(s[j]-'a') + 1
		if n > MaxPlaneCoord+2*nearHalf { // the frame's origin is near: x is checked after
			return 0, s, fmt.Errorf("file %q is outside ±2^62", s[:i])
		}
	}
	if neg {
		n = -n
	}
	return n, s[i:], nil
}

// planeName writes the square at c in the board's style, "(x,y)" or
// letters "(e8)".
func (b *Board) planeName(c Coord) string {
	if b.names != NamesLetters {
		return c.String()
	}
	file := planeFileName(c.X - b.a1.X + 1)
	return "(" + file + strconv.FormatInt(c.Y-b.a1.Y+1, 10) + ")"
}

// parsePlaneSquare reads a square of an unbounded board in either style:
// "(x,y)" or "(e8)", "(φ8)", "(08)", "(-b8)", "(a-3)".
func (b *Board) parsePlaneSquare(s string) (Coord, error) {
	if len(s) > 64 {
		return Coord{}, fmt.Errorf("square name %q… is too long", s[:20])
	}
	inner, ok := strings.CutPrefix(s, "(")
	if ok {
		inner, ok = strings.CutSuffix(inner, ")")
	}
	if !ok || inner == "" {
		return Coord{}, fmt.Errorf("square %q: want (x,y) or a file and rank in parentheses, like (e8)", s)
	}
	if strings.Contains(inner, ",") {
		c, err := parseXY(inner)
		if err != nil {
			return Coord{}, fmt.Errorf("square %q: %v", s, err)
		}
		return c, nil
	}
	n, rest, err := parsePlaneFile(lowerLetters(inner))
	if err != nil {
		return Coord{}, fmt.Errorf("square %q: %v", s, err)
	}
	if rest == "" {
		return Coord{}, fmt.Errorf("square %q: missing the rank number", s)
	}
	r, err := parsePlaneNumber(rest, MaxPlaneCoord+2*nearHalf) // the frame's origin is near: y is checked after
	if err != nil {
		return Coord{}, fmt.Errorf("square %q: bad rank %q", s, rest)
	}
	x, ok1 := addChecked(n-1, b.a1.X)
	y, ok2 := addChecked(r-1, b.a1.Y)
	c := Coord{x, y}
	if !ok1 || !ok2 || !inPlane(c) {
		return Coord{}, fmt.Errorf("square %q is outside ±2^62", s)
	}
	return c, nil
}

// Coord returns the coordinates of sq on the position's board. On an
// unbounded board it knows every handle the position has given out.
func (p *Position) Coord(sq Square) Coord {
	if p.plane != nil {
		return p.plane.coord(sq)
	}
	return p.rules.Board.Coord(sq)
}

// Square returns the square at c, or NoSquare when c is not on the board. On
// an unbounded board every c within ±2^62 is a square; a handle is made for it
// when needed.
func (p *Position) Square(c Coord) Square {
	if p.plane != nil {
		if !inPlane(c) {
			return NoSquare
		}
		return p.plane.square(c)
	}
	return p.rules.Board.Square(c)
}

// Name returns the name of sq: "e4" on a bounded board; "(x,y)" or the
// letters style "(e8)" on an unbounded one (BoardDef.Names).
func (p *Position) Name(sq Square) string {
	if p.plane != nil {
		if !p.plane.known(sq) {
			return "(?)"
		}
		return p.rules.Board.planeName(p.plane.coord(sq))
	}
	return p.rules.Board.Name(sq)
}

// ParseSquare reads a square name of the position's board. On an unbounded
// board both styles are read: "(x,y)" and letters "(e8)".
func (p *Position) ParseSquare(s string) (Square, error) {
	if p.plane != nil {
		c, err := p.rules.Board.parsePlaneSquare(s)
		if err != nil {
			return NoSquare, err
		}
		return p.plane.square(c), nil
	}
	return p.rules.Board.ParseSquare(s)
}

// InRegion reports whether sq lies in the region (on an unbounded board,
// regions are rectangles that may be infinite).
func (p *Position) InRegion(r *Region, sq Square) bool {
	if r == nil {
		return false
	}
	if p.plane != nil {
		return p.plane.known(sq) && r.containsCoord(p.plane.coord(sq))
	}
	return r.Contains(sq)
}

func (r *Region) containsCoord(c Coord) bool {
	for _, b := range r.boxes {
		if b.contains(c) {
			return true
		}
	}
	return false
}

// Unbounded reports whether the position's board is unbounded.
func (p *Position) Unbounded() bool { return p.plane != nil }

// newUnboundedBoard builds the geometry of an unbounded board: its naming
// and its regions, which are rectangles that may be infinite.
func newUnboundedBoard(def *BoardDef) (*Board, error) {
	for _, f := range []struct {
		name  string
		areas []string
	}{{"board.holes", def.Holes}, {"board.pass_through", def.PassThrough}, {"board.water", def.Water}, {"board.zones", def.Zones}} {
		if len(f.areas) > 0 {
			return nil, &FieldError{Field: f.name, Err: fmt.Errorf("not supported on unbounded boards")}
		}
	}
	if def.Files != 0 || def.Ranks != 0 {
		return nil, &FieldError{Field: "board.files", Err: fmt.Errorf("an unbounded board has no files or ranks")}
	}
	b := &Board{Unbounded: true, names: NamesNumeric, a1: Coord{1, 1}, regions: map[string]*Region{}}
	switch def.Names {
	case "", NamesNumeric:
	case NamesLetters:
		b.names = NamesLetters
	default:
		return nil, &FieldError{Field: "board.names", Err: fmt.Errorf("want %q or %q, got %q", NamesNumeric, NamesLetters, def.Names)}
	}
	if def.LettersA1 != "" {
		inner, ok := strings.CutPrefix(def.LettersA1, "(")
		if ok {
			inner, ok = strings.CutSuffix(inner, ")")
		}
		c, err := parseXY(inner)
		if !ok || err != nil || c.X < -nearHalf || c.X >= nearHalf || c.Y < -nearHalf || c.Y >= nearHalf {
			return nil, &FieldError{Field: "board.letters_a1", Err: fmt.Errorf("want a square (x,y) with |x|, |y| < %d, got %q", nearHalf, def.LettersA1)}
		}
		b.a1 = c
	}
	for name, areas := range def.Regions {
		r := &Region{Name: name, boxes: []planeBox{}}
		for i, a := range areas {
			box, err := parsePlaneArea(a)
			if err != nil {
				return nil, &FieldError{Field: fmt.Sprintf("board.regions.%s[%d]", name, i), Err: err}
			}
			r.boxes = append(r.boxes, box)
		}
		b.regions[name] = r
	}
	return b, nil
}

// parseNearSquare is Board.ParseSquare on an unbounded board: it knows only
// the squares near the origin (Position.ParseSquare knows them all).
func (b *Board) parseNearSquare(name string) (Square, error) {
	c, err := b.parsePlaneSquare(name)
	if err != nil {
		return NoSquare, err
	}
	sq, ok := nearSquare(c)
	if !ok {
		return NoSquare, fmt.Errorf("square %q is far from the origin: only a position can name it", name)
	}
	return sq, nil
}

// lowerLetters lower-cases the ASCII letters of s.
func lowerLetters(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}
