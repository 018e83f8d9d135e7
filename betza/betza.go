package betza

// The parsed form: modes, legs, paths and pieces, and the parse error.

import "fmt"

// Mode says what a leg may do on the square where it ends.
//
// A final leg normally carries Move|Capture (the default), Move or Capture.
// A non-final leg of a multi-leg move carries one or more of:
//   - Move (m): the square must be empty; the path bends or continues there;
//   - Capture (c): the square must hold an enemy, which is captured (locust capture);
//   - Hop (p): the square must be occupied (by anyone); the piece is not captured;
//   - Friend (tp): the square must hold a friendly piece, which stays;
//   - Enemy (xp): the square must hold an enemy piece, which stays.
//
// Several bits accept any of their squares (mp: empty or occupied).
type Mode uint8

// Mode bits.
const (
	Move    Mode = 1 << iota // may end on an empty square
	Capture                  // may end on an enemy piece, capturing it
	Hop                      // non-final leg: square must be occupied, piece stays
	Friend                   // non-final leg: square must hold a friendly piece, which stays
	Enemy                    // non-final leg: square must hold an enemy piece, which stays
)

// Leg is one straight segment of a move path.
type Leg struct {
	DX, DY int // one step, in the piece's frame (forward = +DY)
	// Range is the most steps the leg may take: 1 for a leaper, 0 for unlimited,
	// n for a rider limited to n steps. Every intermediate square must be empty
	// (or a passable hole); only the last square reached is tested against Mode.
	// The legs of a multi-leg path share the atom's range unless a leg has its
	// own (written before its 'a', as in c0afmW).
	Range int
	Mode  Mode
	// Lame lists intermediate squares (relative to the leg's start, in the piece's
	// frame) that must be empty for a single leap (Betza n). Only for Range 1.
	Lame [][2]int
	// Jump (Betza j on a slider): the first square of the path is skipped, whatever
	// it holds. On a leaper (j on D, A, ...): the midpoint must be occupied.
	Jump bool
	// HopOver (Betza p and g on a rider): the leg must pass exactly one occupied
	// square (the screen) before it may end. With Stop, the leg ends on the
	// first square after the screen (g, grasshopper); without, it may go on (p, cannon).
	HopOver bool
	Stop    bool
	// Prime (an anychess extension, written {prime} or {prime>=N} after the
	// atom, as in W{prime>=5}) makes the leg a prime leaper: it leaps exactly
	// k steps for every prime k ≥ Prime, with no upper limit, over anything
	// in between. Range is 0 on such a leg. 0 for every other leg.
	Prime int
}

// Path is one concrete move: one or more legs taken in order. For a multi-leg
// path every leg's vector is already absolute in the piece's frame (relative
// continuation directions have been resolved).
type Path struct {
	Legs []Leg
	// Initial (Betza i): only a piece that has never moved may make this move.
	Initial bool
	// EnPassant (Betza e): the final leg may also capture en passant.
	EnPassant bool
}

// Piece is the parsed form of a Betza string: the union of its paths.
type Piece struct {
	Source string
	Paths  []Path
}

// Error reports where a Betza string fails to parse.
type Error struct {
	Source string // the whole string
	Pos    int    // byte offset of the failing character
	Msg    string
}

// Error implements error.
func (e *Error) Error() string {
	return fmt.Sprintf("betza: %q at offset %d: %s", e.Source, e.Pos, e.Msg)
}
