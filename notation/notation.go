// Package notation: the Encoder/Decoder interfaces, the error type and helpers shared by the notations.

// Package notation writes and reads moves as text, in two notations:
// Coordinate, the canonical machine form, and SAN, standard algebraic
// notation. Both work on any board anychess supports: files past z take two
// letters (aa, ab, …) and ranks may have several digits.
//
// # Coordinate notation
//
// A move is its from-square and to-square, then the extras it needs:
//
//	e2e4        a normal move, a double step, or en passant (e5d6)
//	e1g1        castling, written as the king's move
//	b8b9q       promotion: the lower-case letter of the new piece type
//	c4e6xd5     a move that captures extra pieces (Victims): "x" and the
//	            square of each, in the order the move passes them; the
//	            piece on the to-square, if any, is captured too
//	e4@e6       a stationary capture: the piece on e4 removes the piece on
//	            e6 without moving (plain e4e6 would be a move to e6)
//	e4e5#3      a variant-defined move (kind ≥ core.KindSpecial): "#" and its
//	            Arg, then ".k" when the kind is core.KindSpecial+k with k > 0;
//	            variant packages will be able to supply their own form
//
// Victims are always written for normal moves that have them: that is the
// canonical, stable form. On input they may be left out when exactly one
// legal move fits (a victim-less move from and to the same squares is
// preferred). Promotion letters may be upper case on input; where promotion
// is optional, a move written without one does not promote.
//
// In the rare variant where two different legal moves would get the same
// text (castling whose king move is also an ordinary king move, a double
// step that is also an ordinary step), the normal move keeps the plain text
// and every other one gets a tag: "/" and a kind letter (c castling,
// d double step, e en passant, k0, k1 … variant kinds) followed by the
// squares the move carries: e1g1/ch1f1 is castling with the rook from h1 to
// f1, e2e4/de3 a double step passing e3. The plain text then reads as the
// normal move. Moves that differ only in Arg (other than variant-defined
// kinds, whose text shows it) cannot be told apart.
//
// # SAN
//
// Standard algebraic notation with the piece letters of the variant
// (core.PieceInfo.Letter; pawns, the pieces with Pawn set, have none):
// Nf3, exd5, Nbd7, R1e2, Qh4e1, e8=Q+, O-O, O-O-O#. Castling toward the
// higher file is O-O, toward the lower O-O-O. En passant is written as a
// pawn capture (exd6). A check is marked "+", a checkmate "#".
//
// Extra captures are written in the order the move makes them, each as "x"
// and its square, before the destination: Bxd5e6 jumps over d5, capturing
// it, and lands on the empty e6; Bxd5xe6 also captures on e6. A victim
// always has its "x", so Bd5e6 still means the bishop on d5 going to e6.
// A stationary capture is written "x@" and the target: Ax@e6 (the archer
// stays where it is). Moves SAN cannot tell apart (variant-defined kinds, or
// the rare collisions described above) are written in coordinate notation,
// which the SAN decoder also reads.
//
// As in coordinate notation, victims may be left out on input when no
// victim-less move fits (Le6 for Lxd5e6), and a move written without a
// promotion piece does not promote where promotion is optional.
//
// A variant may have a readable notation of its own (core.Hooks.Readable:
// Longchess names squares 4W2 as its players do); SAN
// then writes that notation for the variant and reads it before SAN.
//
// The SAN decoder accepts the usual sloppiness: no "+" or "#" (and any
// trailing !, ?), a missing or superfluous "x", e8Q, e8q, e8=Q and e8(Q),
// 0-0 and o-o for castling, long forms such as Ng1-f3 or Ng1f3, a trailing
// "e.p.", and coordinate notation. Ambiguous text is refused with an error
// listing the candidates.
//
// On an unbounded board (Chess on an Infinite Plane) a square is written
// in parentheses, (8,40) or in the board's letters style (e8), and any
// destination is read, however far away: the decoders ask the position
// whether that exact move is legal (core.Position.LegalMovesTo), not only
// the finite candidate set that LegalMoves lists. SAN there is R(8,40),
// R(8,1)-(8,40), Rx(8,7), (3,3)x(4,4), (4,8)=Q (see unbounded.go).
//
// Encoders need a legal move of the position; given anything else they
// write the move's coordinate text. Neither encoding nor decoding changes
// the position, and decoders never panic, whatever the input.
package notation

import (
	"fmt"
	"strconv"
	"strings"

	"anychess/core"
)

// Encoder writes a move of a position as text.
type Encoder interface {
	// Encode writes m, a legal move of p, as text. p is left unchanged.
	Encode(p *core.Position, m core.Move) string
}

// Decoder reads a move of a position, returning a legal move or an error.
type Decoder interface {
	// Decode reads s as a move of p. It returns one of p's legal moves, or an
	// error (an *Error) saying what is wrong. p is left unchanged.
	Decode(p *core.Position, s string) (core.Move, error)
}

// Notation is a way of writing moves that can be both written and read.
type Notation interface {
	Encoder
	Decoder
}

// Coordinate is long coordinate notation (e2e4, b8b9q, c4e6xd5, e4@e6), the
// canonical machine form.
var Coordinate Notation = coordinate{}

// SAN is standard algebraic notation (Nf3, exd5, e8=Q+, O-O), extended for
// extra captures (Bxd5e6) and stationary captures (Ax@e6).
var SAN Notation = san{}

// maxInput is the longest text a decoder looks at.
const maxInput = 200

// Error is a move text that could not be read as a legal move.
type Error struct {
	Input string // the text as given
	Msg   string // what is wrong, in words
	// Candidates lists the texts of the legal moves the input could have
	// meant, when it is ambiguous or lacks a promotion piece.
	Candidates []string
}

// Error implements error.
func (e *Error) Error() string { return e.Msg }

// fail builds an *Error with a formatted message.
func fail(input string, format string, args ...any) *Error {
	return &Error{Input: input, Msg: fmt.Sprintf(format, args...)}
}

// show returns s as it should appear in a message: as typed when it is short
// printable ASCII without spaces, otherwise quoted and shortened.
func show(s string) string {
	plain := s != "" && len(s) <= 40
	for i := 0; plain && i < len(s); i++ {
		plain = s[i] > ' ' && s[i] < 0x7f && s[i] != '"'
	}
	if plain {
		return s
	}
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "…"
	}
	return strconv.Quote(s)
}

// quote returns s in double quotes, shortened when long.
func quote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "…"
	}
	return strconv.Quote(s)
}

// checkInput rejects empty and overlong text before any parsing.
func checkInput(s string) *Error {
	switch {
	case strings.TrimSpace(s) == "":
		return fail(s, "empty move")
	case len(s) > maxInput:
		return fail(s, "move text %s is too long (%d bytes)", show(s), len(s))
	}
	return nil
}

// legalMoves returns p's legal moves without duplicates.
func legalMoves(p *core.Position) []core.Move {
	all := p.LegalMoves(make([]core.Move, 0, 64))
	if len(all) <= 16 {
		out := all[:0]
		for _, m := range all {
			out = addUnique(out, m)
		}
		return out
	}
	seen := make(map[core.Move]bool, len(all))
	out := all[:0]
	for _, m := range all {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// contains reports whether m is in moves.
func contains(moves []core.Move, m core.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// addUnique appends m to moves unless it is already there.
func addUnique(moves []core.Move, m core.Move) []core.Move {
	if contains(moves, m) {
		return moves
	}
	return append(moves, m)
}

// victims returns the extra captured squares a move's text shows: those of
// normal and variant-defined moves (other kinds use Victims for squares the
// rules imply, such as the castling rook).
func victims(m core.Move) []core.Square {
	if m.Kind != core.KindNormal && m.Kind < core.KindSpecial {
		return nil
	}
	var out []core.Square
	for _, v := range m.Victims {
		if v != core.NoSquare {
			out = append(out, v)
		}
	}
	return out
}

// sameSquares reports whether a and b hold the same squares, in any order.
func sameSquares(a, b []core.Square) bool {
	if len(a) != len(b) {
		return false
	}
	used := make([]bool, len(b))
	for _, x := range a {
		found := false
		for j, y := range b {
			if !used[j] && x == y {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// playerName returns the name of a player for messages ("white").
func playerName(r *core.Rules, pl core.Player) string {
	if int(pl) < len(r.Def.Players) && r.Def.Players[pl].Name != "" {
		return r.Def.Players[pl].Name
	}
	return fmt.Sprintf("player %d", pl+1)
}

// pieceName returns the lower-case name of a piece type for messages.
func pieceName(r *core.Rules, t core.PieceType) string {
	if int(t) <= 0 || int(t) >= len(r.Pieces) {
		return "piece"
	}
	return strings.ToLower(r.Pieces[t].Name)
}

// list joins texts for a message, shortening long lists.
func list(texts []string) string {
	const most = 12
	if len(texts) > most {
		return strings.Join(texts[:most], ", ") + fmt.Sprintf(" … (%d in all)", len(texts))
	}
	return strings.Join(texts, ", ")
}

// fileIndex reads a file name of one or two letters; ok is false for
// anything else.
func fileIndex(s string) (int, bool) {
	switch {
	case len(s) == 1 && isLower(s[0]):
		return int(s[0] - 'a'), true
	case len(s) == 2 && isLower(s[0]) && isLower(s[1]):
		return 26 + int(s[0]-'a')*26 + int(s[1]-'a'), true
	}
	return 0, false
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// lowerASCII lower-cases the ASCII letters of s and leaves other bytes alone.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if isUpper(c) {
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}
