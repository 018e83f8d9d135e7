package core

// The Move type: one move of any game, including multi-capture and multi-piece moves.

// MoveKind says which of the core's effects a move has beyond relocating a piece.
type MoveKind uint8

// Move kinds. A variant's own kinds start at KindSpecial and are carried out by
// its Hooks.
const (
	// KindNormal moves From to To, capturing an enemy on To; Victims hold further
	// captured squares (pieces jumped over, locust captures).
	KindNormal MoveKind = iota
	// KindDoubleStep is a pawn move that passes squares; it grants en-passant rights
	// on them (Victims[0] = the first passed square).
	KindDoubleStep
	// KindEnPassant captures the pawn on Victims[0] while moving to the empty To.
	KindEnPassant
	// KindCastle moves the king From to To and the rook Victims[0] to Victims[1].
	KindCastle
	// KindStationary captures without moving: the piece on From stays, the enemy
	// on To is removed (range attacks).
	KindStationary
	// KindSpecial and above are variant-defined and carried out by Hooks.MakeSpecial.
	KindSpecial
)

// MaxVictims is the number of extra squares a Move carries.
const MaxVictims = 3

// Move is one move. It is a small value type, compared with ==.
//
//	bytes  0-3   From     square the moving piece leaves
//	bytes  4-7   To       square it lands on (or the target of a stationary capture)
//	bytes  8-19  Victims  up to 3 extra squares (captured pieces, castling rook
//	                      from/to, variant data such as shells); NoSquare when unused
//	byte   20    Kind     MoveKind
//	byte   21    Promo    PieceType the mover becomes, 0 for none
//	bytes 22-23  Arg      variant-defined argument (charge distance, flags …)
type Move struct {
	From, To Square
	Victims  [MaxVictims]Square
	Kind     MoveKind
	Promo    PieceType
	Arg      uint16
}

// NullMove is the zero move of no piece; it is never legal.
var NullMove = Move{From: NoSquare, To: NoSquare, Victims: noVictims}

var noVictims = [MaxVictims]Square{NoSquare, NoSquare, NoSquare}

// NewMove returns a normal move from one square to another.
func NewMove(from, to Square) Move {
	return Move{From: from, To: to, Victims: noVictims}
}

// VictimCount returns how many Victims entries are in use.
func (m Move) VictimCount() int {
	n := 0
	for _, v := range m.Victims {
		if v != NoSquare {
			n++
		}
	}
	return n
}
