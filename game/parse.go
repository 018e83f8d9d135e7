package game

// The one move decoder of every front end: coordinate notation, else SAN, with declarations.

import (
	"strings"

	"anychess/core"
	"anychess/notation"
)

// ParseMove reads a legal move of p written in any notation the CLI takes:
// coordinate notation (e2e4, (1,1)(1,9)), else SAN or the variant's own
// readable notation (Nf3, 4W2-5W2), followed by the variant's declarations
// (b2c3:clock, see core.Declaration). A refused text gets the reason of the
// notation it was written in: SAN's ("no white queen can move to d5", "Nd2
// could be Nbd2, Nfd2") for text SAN reads as a move of a named piece or a
// pawn, the coordinate notation's otherwise. It never changes p.
func ParseMove(p *core.Position, text string) (core.Move, error) {
	return p.ParseDeclared(text, func(s string) (core.Move, error) {
		m, err := notation.Coordinate.Decode(p, s)
		if err == nil {
			return m, nil
		}
		m2, err2 := notation.SAN.Decode(p, s)
		if err2 == nil {
			return m2, nil
		}
		if sanShaped(s) {
			return m2, err2
		}
		return m, err
	})
}

// sanShaped reports whether s looks like SAN rather than coordinate
// notation: it starts with a piece letter or castling, or it names a
// single square (a pawn's move, e4 or exd5).
func sanShaped(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	if t[0] >= 'A' && t[0] <= 'Z' || strings.HasPrefix(t, "0-0") || strings.HasPrefix(t, "o-o") {
		return true
	}
	// A pawn move names one square: letters then digits, perhaps after a
	// capture ("exd5"); coordinate notation names two.
	squares, inDigits := 0, false
	for i := 0; i < len(t); i++ {
		c := t[i]
		isDigit := c >= '0' && c <= '9'
		if isDigit && !inDigits {
			squares++
		}
		inDigits = isDigit
		if c == '(' || c == '@' || c == '#' {
			return false // the coordinate forms of planes, stationary and variant moves
		}
	}
	return squares == 1
}

// Notation is ParseMove as a notation.Decoder, for notation.ParseMoves.
var Notation notation.Decoder = anyNotation{}

type anyNotation struct{}

func (anyNotation) Decode(p *core.Position, s string) (core.Move, error) { return ParseMove(p, s) }

// MoveText writes m, a legal move of p, in coordinate notation with its
// declarations: the canonical text, which ParseMove reads back.
func MoveText(p *core.Position, m core.Move) string {
	return notation.Coordinate.Encode(p, p.Rules().Bare(m)) + p.DeclarationText(m)
}

// MoveSAN writes m, a legal move of p, in SAN (or the variant's readable
// notation) with its declarations.
func MoveSAN(p *core.Position, m core.Move) string {
	return notation.SAN.Encode(p, p.Rules().Bare(m)) + p.DeclarationText(m)
}
