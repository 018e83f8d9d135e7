package core

// Board geometry: the padded mailbox of a bounded board, its terrain and regions.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// MaxBoardSide is the largest number of files or ranks of a bounded board.
const MaxBoardSide = 64

// Terrain flags of a cell.
const (
	cellOnBoard     uint8 = 1 << iota // part of the board: a piece may stand here
	cellWater                         // part of the board, but blocks (Longchess rivers)
	cellPassThrough                   // not part of the board, does not block
	cellHole                          // not part of the board, blocks
)

// Board is the geometry of a bounded board. Squares index a mailbox that has
// Pad rows and columns of Wall cells around the Files×Ranks rectangle, so a leap
// of up to Pad cells in any direction never leaves the array:
//
//	Square = (rank+Pad)*Stride + (file+Pad),   Stride = Files + 2*Pad
type Board struct {
	Files, Ranks int
	Pad, Stride  int
	cells        []uint8  // terrain flags per square
	empty        []Piece  // cell value of an empty position: Empty, Hole or Wall
	squares      []Square // the squares a piece may stand on, a1 first, rank by rank
	regions      map[string]*Region
	zones        []*Region // BoardDef.Zones, by player
	zoneOf       []int8    // the player whose zone holds each square, -1 for none
	symbol       []byte    // BoardDef.Draw: display character of each square, 0 for none
	col, row     []int16   // the file and rank of each cell (padding included)
	// Unbounded boards (BoardDef.Unbounded) have no mailbox: Files, Ranks and
	// Size are 0, and squares are handles that the Position interns
	// (plane_square.go). Use Position.Coord, Square, Name and ParseSquare;
	// the Board's own methods know only the squares near the origin.
	Unbounded bool
	names     string // BoardDef.Names
	a1        Coord  // BoardDef.LettersA1
}

// Region is a named set of squares (a zone, palace, keep or promotion area).
type Region struct {
	Name    string
	Squares []Square
	member  []bool
	boxes   []planeBox // on an unbounded board: the rectangles of the region
}

// Contains reports whether sq lies in the region.
func (r *Region) Contains(sq Square) bool {
	if r.boxes != nil {
		return sq >= 0 && sq < farBase && r.containsCoord(nearCoord(sq)) // far squares: Position.InRegion
	}
	return sq >= 0 && int(sq) < len(r.member) && r.member[sq]
}

// newBoard builds the geometry of def with the given padding.
func newBoard(def *BoardDef, pad int) (*Board, error) {
	if def.Unbounded {
		return newUnboundedBoard(def)
	}
	if def.Files < 1 || def.Files > MaxBoardSide {
		return nil, &FieldError{Field: "board.files", Err: fmt.Errorf("must be 1..%d, got %d", MaxBoardSide, def.Files)}
	}
	if def.Ranks < 1 || def.Ranks > MaxBoardSide {
		return nil, &FieldError{Field: "board.ranks", Err: fmt.Errorf("must be 1..%d, got %d", MaxBoardSide, def.Ranks)}
	}
	b := &Board{Files: def.Files, Ranks: def.Ranks, Pad: pad, Stride: def.Files + 2*pad}
	n := b.Stride * (def.Ranks + 2*pad)
	b.cells = make([]uint8, n)
	b.col, b.row = make([]int16, n), make([]int16, n)
	for i := range n {
		b.col[i], b.row[i] = int16(i%b.Stride-pad), int16(i/b.Stride-pad)
	}
	b.empty = make([]Piece, n)
	for i := range b.empty {
		b.empty[i] = Wall
	}
	for y := 0; y < def.Ranks; y++ {
		for x := 0; x < def.Files; x++ {
			sq := b.square(x, y)
			b.cells[sq] = cellOnBoard
			b.empty[sq] = Empty
		}
	}
	mark := func(field string, names []string, flag uint8, cell Piece) error {
		for i, name := range names {
			sqs, err := b.ParseArea(name)
			if err != nil {
				return &FieldError{Field: fmt.Sprintf("%s[%d]", field, i), Err: err}
			}
			for _, sq := range sqs {
				b.cells[sq] = flag
				b.empty[sq] = cell
			}
		}
		return nil
	}
	if err := mark("board.holes", def.Holes, cellHole, Wall); err != nil {
		return nil, err
	}
	if err := mark("board.pass_through", def.PassThrough, cellPassThrough, Hole); err != nil {
		return nil, err
	}
	if err := mark("board.water", def.Water, cellOnBoard|cellWater, Wall); err != nil {
		return nil, err
	}
	for y := 0; y < def.Ranks; y++ {
		for x := 0; x < def.Files; x++ {
			sq := b.square(x, y)
			if b.cells[sq] == cellOnBoard {
				b.squares = append(b.squares, sq)
			}
		}
	}
	b.regions = map[string]*Region{}
	for name, areas := range def.Regions {
		r := &Region{Name: name, member: make([]bool, n)}
		for i, a := range areas {
			sqs, err := b.ParseArea(a)
			if err != nil {
				return nil, &FieldError{Field: fmt.Sprintf("board.regions.%s[%d]", name, i), Err: err}
			}
			for _, sq := range sqs {
				if !r.member[sq] {
					r.member[sq] = true
					r.Squares = append(r.Squares, sq)
				}
			}
		}
		b.regions[name] = r
	}
	if err := b.setSymbols(def.Draw); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		field  string
		labels []string
		n      int
	}{{"board.file_labels", def.FileLabels, def.Files}, {"board.rank_labels", def.RankLabels, def.Ranks}} {
		if len(l.labels) != 0 && len(l.labels) != l.n {
			return nil, &FieldError{Field: l.field, Err: fmt.Errorf("want one label for each of the %d, got %d", l.n, len(l.labels))}
		}
		for i, s := range l.labels {
			if len(s) < 1 || len(s) > 3 || strings.TrimSpace(s) != s {
				return nil, &FieldError{Field: fmt.Sprintf("%s[%d]", l.field, i), Err: fmt.Errorf("want 1 to 3 characters without spaces at the ends, got %q", s)}
			}
		}
	}
	b.zoneOf = make([]int8, n)
	for i := range b.zoneOf {
		b.zoneOf[i] = -1
	}
	if len(def.Zones) > MaxPlayers {
		return nil, &FieldError{Field: "board.zones", Err: fmt.Errorf("at most %d zones, got %d", MaxPlayers, len(def.Zones))}
	}
	for i, name := range def.Zones {
		r := b.regions[name]
		if r == nil {
			return nil, &FieldError{Field: fmt.Sprintf("board.zones[%d]", i), Err: fmt.Errorf("no region named %q", name)}
		}
		for _, sq := range r.Squares {
			if b.zoneOf[sq] >= 0 {
				return nil, &FieldError{Field: fmt.Sprintf("board.zones[%d]", i), Err: fmt.Errorf("%s is also in zone %q", b.Name(sq), def.Zones[b.zoneOf[sq]])}
			}
			b.zoneOf[sq] = int8(i)
		}
		b.zones = append(b.zones, r)
	}
	return b, nil
}

// setSymbols records the display characters of BoardDef.Draw.
func (b *Board) setSymbols(draw map[string]string) error {
	if len(draw) == 0 {
		return nil
	}
	b.symbol = make([]byte, len(b.cells))
	names := make([]string, 0, len(draw))
	for name := range draw {
		names = append(names, name)
	}
	sort.Strings(names)
	owner := map[Square]string{}
	for _, name := range names {
		field := "board.draw." + name
		ch := draw[name]
		if len(ch) != 1 || ch[0] <= ' ' || ch[0] > '~' {
			return &FieldError{Field: field, Err: fmt.Errorf("want one printable ASCII character, got %q", ch)}
		}
		r := b.regions[name]
		if r == nil {
			return &FieldError{Field: field, Err: fmt.Errorf("no region named %q", name)}
		}
		for _, sq := range r.Squares {
			if old := b.symbol[sq]; old != 0 && old != ch[0] {
				return &FieldError{Field: field, Err: fmt.Errorf("%s is also drawn %q (region %q)", b.Name(sq), string(old), owner[sq])}
			}
			b.symbol[sq] = ch[0]
			owner[sq] = name
		}
	}
	return nil
}

// Symbol returns the character displays draw on sq when it is empty
// (BoardDef.Draw), or 0 for none.
func (b *Board) Symbol(sq Square) byte {
	if b.symbol == nil || sq < 0 || int(sq) >= len(b.symbol) {
		return 0
	}
	return b.symbol[sq]
}

// Zones returns the players' zones (BoardDef.Zones): Zones()[i] is player i's.
func (b *Board) Zones() []*Region { return b.zones }

// Zone returns the player whose zone holds sq, and false if sq lies in no zone.
func (b *Board) Zone(sq Square) (Player, bool) {
	if sq < 0 || int(sq) >= len(b.zoneOf) || b.zoneOf[sq] < 0 {
		return 0, false
	}
	return Player(b.zoneOf[sq]), true
}

func (b *Board) square(x, y int) Square { return Square((y+b.Pad)*b.Stride + x + b.Pad) }

// Size returns the length of the mailbox: every Square is below it.
func (b *Board) Size() int { return len(b.cells) }

// Squares returns the squares a piece may stand on, a1 first, rank by rank.
func (b *Board) Squares() []Square { return b.squares }

// Region returns the named region, or nil.
func (b *Board) Region(name string) *Region { return b.regions[name] }

// Square returns the square at c, or NoSquare if c is outside the rectangle.
func (b *Board) Square(c Coord) Square {
	if b.Unbounded {
		sq, _ := nearSquare(c)
		return sq
	}
	if c.X < 0 || c.Y < 0 || c.X >= int64(b.Files) || c.Y >= int64(b.Ranks) {
		return NoSquare
	}
	return b.square(int(c.X), int(c.Y))
}

// Coord returns the coordinate of sq.
func (b *Board) Coord(sq Square) Coord {
	if b.Unbounded && sq >= 0 && sq < farBase {
		return nearCoord(sq)
	}
	return Coord{X: int64(int(sq)%b.Stride - b.Pad), Y: int64(int(sq)/b.Stride - b.Pad)}
}

// Inside reports whether sq is within the rectangle (on the board or not).
func (b *Board) Inside(sq Square) bool {
	if b.Unbounded {
		return sq >= 0
	}
	if sq < 0 || int(sq) >= len(b.cells) {
		return false
	}
	c := b.Coord(sq)
	return c.X >= 0 && c.Y >= 0 && c.X < int64(b.Files) && c.Y < int64(b.Ranks)
}

// Playable reports whether a piece may stand on sq.
func (b *Board) Playable(sq Square) bool {
	if b.Unbounded {
		return sq >= 0
	}
	return sq >= 0 && int(sq) < len(b.cells) && b.cells[sq] == cellOnBoard
}

// IsWater reports whether sq is a water cell.
func (b *Board) IsWater(sq Square) bool {
	return sq >= 0 && int(sq) < len(b.cells) && b.cells[sq]&cellWater != 0
}

// IsPassThrough reports whether sq is an unused cell that moves may cross.
func (b *Board) IsPassThrough(sq Square) bool {
	return sq >= 0 && int(sq) < len(b.cells) && b.cells[sq]&cellPassThrough != 0
}

// Name returns the coordinate name of sq, e.g. "e4" or "ab12".
func (b *Board) Name(sq Square) string {
	if b.Unbounded {
		if sq < 0 || sq >= farBase {
			return "(?)" // a far square: Position.Name knows it
		}
		return b.planeName(nearCoord(sq))
	}
	return CoordName(b.Coord(sq))
}

// ParseSquare reads a square name such as "e4" and checks it lies in the rectangle.
func (b *Board) ParseSquare(name string) (Square, error) {
	if b.Unbounded {
		return b.parseNearSquare(name)
	}
	c, err := ParseCoordName(name)
	if err != nil {
		return NoSquare, err
	}
	sq := b.Square(c)
	if sq == NoSquare {
		return NoSquare, fmt.Errorf("square %q is outside the %dx%d board", name, b.Files, b.Ranks)
	}
	return sq, nil
}

// ParseArea reads a square ("e4") or a rectangle ("a1-i2") into its squares.
func (b *Board) ParseArea(s string) ([]Square, error) {
	from, to, found := strings.Cut(s, "-")
	a, err := b.ParseSquare(from)
	if err != nil {
		return nil, err
	}
	if !found {
		return []Square{a}, nil
	}
	z, err := b.ParseSquare(to)
	if err != nil {
		return nil, err
	}
	ca, cz := b.Coord(a), b.Coord(z)
	x0, x1 := min(ca.X, cz.X), max(ca.X, cz.X)
	y0, y1 := min(ca.Y, cz.Y), max(ca.Y, cz.Y)
	var out []Square
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			out = append(out, b.square(int(x), int(y)))
		}
	}
	return out, nil
}

// FileName returns the letters of a file index: a..z, then aa, ab, … .
func FileName(x int64) string {
	if x < 26 {
		return string(rune('a' + x))
	}
	x -= 26
	return string(rune('a'+x/26)) + string(rune('a'+x%26))
}

// CoordName returns the coordinate name of c on a bounded board: file letters
// then the rank number counted from 1 ("a1", "aa37").
func CoordName(c Coord) string {
	if c.X < 0 || c.X >= 26*27 || c.Y < 0 {
		return c.String()
	}
	return FileName(c.X) + strconv.FormatInt(c.Y+1, 10)
}

// ParseCoordName reads a name written by CoordName. It reads one or two file
// letters and a rank number, and returns an error naming what is wrong.
func ParseCoordName(s string) (Coord, error) {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	switch {
	case i == 0:
		return Coord{}, fmt.Errorf("square %q: expected a file letter", s)
	case i > 2:
		return Coord{}, fmt.Errorf("square %q: a file has at most two letters", s)
	case i == len(s):
		return Coord{}, fmt.Errorf("square %q: missing rank number", s)
	}
	var x int64
	if i == 1 {
		x = int64(s[0] - 'a')
	} else {
		x = 26 + int64(s[0]-'a')*26 + int64(s[1]-'a')
	}
	digits := s[i:]
	for j := 0; j < len(digits); j++ {
		if digits[j] < '0' || digits[j] > '9' {
			return Coord{}, fmt.Errorf("square %q: bad rank number %q", s, digits)
		}
	}
	if digits[0] == '0' {
		return Coord{}, fmt.Errorf("square %q: ranks count from 1", s)
	}
	r, err := strconv.Atoi(digits)
	if err != nil || r < 1 || r > 1<<20 {
		return Coord{}, fmt.Errorf("square %q: bad rank number %q", s, digits)
	}
	return Coord{X: x, Y: int64(r - 1)}, nil
}

// FieldError is an error in one field of a Definition. Field is a dotted path
// such as "pieces[2].betza"; loaders map it to a line of the source file.
type FieldError struct {
	Field string
	Err   error
}

// Error implements error.
func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *FieldError) Unwrap() error { return e.Err }
