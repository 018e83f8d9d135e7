package battletest

import (
	"fmt"
	"strings"

	"anychess/core"
	"anychess/game"
)

// Kind is what a move does to the pieces.
type Kind int

// Kinds of moves.
const (
	// Quiet: no side loses a piece.
	Quiet Kind = iota
	// Retreat: the mover loses a piece (it leaves the board), nobody else.
	Retreat
	// Capture: another side loses a piece, the mover none.
	Capture
)

// counts returns the number of pieces of each side.
func counts(p *core.Position) [core.MaxPlayers]int {
	var n [core.MaxPlayers]int
	for pl := range p.Rules().Players {
		n[pl] = len(p.PieceSquares(core.Player(pl)))
	}
	return n
}

// Find returns the text of the first legal move of kind k in p (for
// which also accept, when not nil, is true of the position after it), and
// false when there is none.
func Find(p *core.Position, k Kind, accept func(after *core.Position) bool) (string, bool) {
	mover := p.Turn()
	before := counts(p)
	for _, m := range p.LegalMoves(nil) {
		q := p.Copy()
		q.MakeMove(m)
		after := counts(q)
		lostMover, lostOther := after[mover] < before[mover], false
		for pl := range after {
			if core.Player(pl) != mover && after[pl] < before[pl] {
				lostOther = true
			}
		}
		var kind Kind
		switch {
		case lostMover && !lostOther:
			kind = Retreat
		case lostOther && !lostMover:
			kind = Capture
		case !lostMover && !lostOther:
			kind = Quiet
		default:
			continue
		}
		if kind != k || accept != nil && !accept(q) {
			continue
		}
		return game.MoveText(p, m), true
	}
	return "", false
}

// MustFind is Find that fails with the position when there is no move.
func MustFind(p *core.Position, k Kind, accept func(after *core.Position) bool) (string, error) {
	if text, ok := Find(p, k, accept); ok {
		return text, nil
	}
	names := map[Kind]string{Quiet: "quiet", Retreat: "retreating", Capture: "capturing"}
	return "", fmt.Errorf("no %s move in %s", names[k], p.String())
}

// Place is a piece for Position: a square's name, the piece's letter
// (upper case) and its owner.
type Place struct {
	Square string
	Letter string
	Owner  int
}

// Position writes the position of the pieces on an empty board of r, turn
// to move.
func Position(r *core.Rules, turn int, pieces ...Place) (string, error) {
	p := r.NewPosition()
	for _, pc := range pieces {
		sq, err := p.ParseSquare(pc.Square)
		if err != nil {
			return "", err
		}
		pt, ok := r.PieceByLetter(strings.ToUpper(pc.Letter))
		if !ok {
			return "", fmt.Errorf("no piece %q in %s", pc.Letter, r.Name())
		}
		p.Put(sq, core.MakePiece(core.Player(pc.Owner), pt))
	}
	p.SetTurn(core.Player(turn))
	text := p.String()
	if _, err := r.ParsePosition(text); err != nil {
		return "", fmt.Errorf("%q: %v", text, err)
	}
	return text, nil
}
