package notation

// ParseMoves: reading a space-separated move list and playing it, all or nothing.

import (
	"fmt"
	"strings"

	"anychess/core"
)

// MoveError is a move of a list that could not be read.
type MoveError struct {
	Index int    // how many moves of the list were read before it (move numbers do not count)
	Text  string // the move as written
	Err   error  // why it failed, usually an *Error
}

// Error implements error; it numbers moves from 1.
func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%s): %v", e.Index+1, show(e.Text), e.Err)
}

// Unwrap returns the underlying error.
func (e *MoveError) Unwrap() error { return e.Err }

// ParseMoves reads a list of moves separated by white space, decoding each
// with d and playing it on p, and returns the moves. Move numbers ("12.",
// "12...", also glued to a move as in "12.e4") are skipped, and so is a game
// result ("1-0", "0-1", "1/2-1/2", "*") at the end. On success p is left after
// the last move; on error every move played is taken back, so p is exactly as
// it was, and the error is a *MoveError naming the move that failed.
func ParseMoves(p *core.Position, text string, d Decoder) ([]core.Move, error) {
	fields := strings.Fields(text)
	var moves []core.Move
	for i, f := range fields {
		f = stripMoveNumber(f)
		if f == "" || i == len(fields)-1 && isResult(f) {
			continue
		}
		m, err := d.Decode(p, f)
		if err == nil && !trusted(d) && !p.IsLegal(m) {
			err = fmt.Errorf("the decoder returned an illegal move")
		}
		if err != nil {
			for range moves {
				p.UnmakeMove()
			}
			return nil, &MoveError{Index: len(moves), Text: f, Err: err}
		}
		p.MakeMove(m)
		moves = append(moves, m)
	}
	return moves, nil
}

// trusted reports whether d is one of this package's decoders, which only
// return legal moves.
func trusted(d Decoder) bool {
	switch d.(type) {
	case coordinate, san:
		return true
	}
	return false
}

// stripMoveNumber removes a leading move number such as "12." or "12...".
func stripMoveNumber(f string) string {
	i := 0
	for i < len(f) && isDigit(f[i]) {
		i++
	}
	if i == 0 || i == len(f) || f[i] != '.' {
		return f
	}
	return strings.TrimLeft(f[i:], ".")
}

// isResult reports whether f is a game result.
func isResult(f string) bool {
	switch f {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}
