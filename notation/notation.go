package notation

// The Encoder/Decoder interfaces, the error type and helpers shared by the notations.

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
