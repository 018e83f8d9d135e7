package core

// Position texts: the board field that FEN and the variants' own texts share, read and written once, and PositionError, the fault of any position text.

import (
	"fmt"
	"strconv"
	"strings"
)

// PositionError is a position text that cannot be read — FEN, the piece
// list of an unbounded board, or a variant's own text (Hooks.Position) —
// with the field at fault and what is wrong with it.
type PositionError struct {
	Format string // what the text was read as: "FEN", "martian-chess position"
	Text   string // the text, as shown (see PositionFault)
	Field  string // the field at fault ("board", "turn", …), "text" for the whole
	Msg    string // what is wrong
}

// Error implements error.
func (e *PositionError) Error() string {
	return fmt.Sprintf("bad %s %q: %s: %s", e.Format, e.Text, e.Field, e.Msg)
}

// shownText is how much of a position text errors show.
const shownText = 80

// PositionFault returns the function with which a parser of position texts
// read as format reports a fault: each call returns no position and a
// *PositionError naming the field. A text longer than 80 bytes is shown by
// its first 80 and "…" (FEN alone is shown whole).
func PositionFault(format, text string) func(field, msg string, args ...any) (*Position, error) {
	if len(text) > shownText {
		text = text[:shownText] + "…"
	}
	return positionFault(format, text)
}

func positionFault(format, shown string) func(field, msg string, args ...any) (*Position, error) {
	return func(field, msg string, args ...any) (*Position, error) {
		return nil, &PositionError{Format: format, Text: shown, Field: field, Msg: fmt.Sprintf(msg, args...)}
	}
}

// BoardText says how a position text writes its board field beyond the
// form all of them share (see Board.ReadBoard). The zero value is FEN's.
type BoardText struct {
	// Rows names the rows in messages by their place in the text, "row 1"
	// first (the top), and their cells "cells", for a variant whose players
	// call something else a rank (Longchess numbers its files as ranks); by
	// default a row is named as a rank ("rank 8" first on a chess board) and
	// its cells "files".
	Rows bool
	// Water, when not 0, is the character of water cells (Longchess's '~');
	// without it water is written '*', like every cell that is not part of
	// the board.
	Water byte
	// Cell says how many bytes, at least 1, the piece cell that s starts
	// with takes (a piece letter and whatever the text writes with it), or
	// why it cannot be read; nil: one byte.
	Cell func(s string) (int, error)
	// Name names a square in messages; nil: Board.Name.
	Name func(Square) string
}

func (t BoardText) cells() string {
	if t.Rows {
		return "cells"
	}
	return "files"
}

// rowName names row i of the text (0 is the top), which is rank y, in messages.
func (t BoardText) rowName(i, y int) string {
	if t.Rows {
		return "row " + strconv.Itoa(i+1)
	}
	return "rank " + strconv.Itoa(y+1)
}

// ScanRow reads one row of a board field into its cells: a number (without
// a leading 0, at most longest) stands for that many empty cells; '*' and
// t.Water are one cell each, and every other cell is as long as t.Cell
// says. It calls cell, when not nil, for each cell in turn with its place
// x, counted from 0, and its text ("" for an empty cell), and returns how
// many cells the row has, or the first fault.
func (t BoardText) ScanRow(row string, longest int, cell func(x int, text string) error) (int, error) {
	x := 0
	for j := 0; j < len(row); {
		ch := row[j]
		n := 1
		switch {
		case ch >= '0' && ch <= '9':
			k := j
			for k < len(row) && row[k] >= '0' && row[k] <= '9' {
				k++
			}
			run, err := strconv.Atoi(row[j:k])
			switch {
			case ch == '0': // 0, or a leading 0
				return x, fmt.Errorf("bad empty run %q", row[j:k])
			case err != nil || run > longest:
				return x, fmt.Errorf("bad empty run %q: it does not fit the %d %s", row[j:k], longest, t.cells())
			}
			if cell == nil {
				x += run
			}
			for end := x + run; cell != nil && x < end; x++ {
				if err := cell(x, ""); err != nil {
					return x, err
				}
			}
			j = k
			continue
		case ch == '*' || t.Water != 0 && ch == t.Water:
		case t.Cell != nil:
			var err error
			if n, err = t.Cell(row[j:]); err != nil {
				return x, err
			}
			if n < 1 || n > len(row)-j {
				panic(fmt.Sprintf("core: BoardText.Cell gave %d bytes for a cell of %q", n, row[j:]))
			}
		}
		if cell != nil {
			if err := cell(x, row[j:j+n]); err != nil {
				return x, err
			}
		}
		j += n
		x++
	}
	return x, nil
}

// ReadBoard reads the board field of a position text of a bounded board: its rows separated
// by '/', from the board's last rank down to its first, each from its first
// file; a number (without a leading 0) stands for that many empty cells,
// '*' for a cell that is not part of the board (a hole, an unused cell,
// water) and t.Water, when set, for water; every other cell is a piece (see
// BoardText.Cell). It checks that the rows fill the board exactly and that
// every empty cell and piece stands on it, then calls place for each piece
// with its square and its text; it returns the first fault, with the row
// it is in.
func (b *Board) ReadBoard(field string, t BoardText, place func(sq Square, text string) error) error {
	rows := strings.Count(field, "/") + 1
	if rows != b.Ranks {
		noun := "ranks"
		if t.Rows {
			noun = "rows"
		}
		return fmt.Errorf("%d %s, the board has %d", rows, noun, b.Ranks)
	}
	name := b.Name
	if t.Name != nil {
		name = t.Name
	}
	for i := 0; i < b.Ranks; i++ {
		row := field
		if k := strings.IndexByte(field, '/'); k >= 0 {
			row, field = field[:k], field[k+1:]
		}
		y := b.Ranks - 1 - i
		// First the row's form and length, then what stands where.
		n, err := t.ScanRow(row, b.Files, nil)
		if err == nil && n != b.Files {
			return fmt.Errorf("%s has %d %s, the board has %d", t.rowName(i, y), n, t.cells(), b.Files)
		}
		if err == nil {
			_, err = t.ScanRow(row, b.Files, func(x int, text string) error {
				sq := b.square(x, y)
				switch {
				case len(text) == 1 && text[0] == '*':
					if b.Playable(sq) {
						return fmt.Errorf("'*' on %s, which is part of the board", name(sq))
					}
					return nil
				case len(text) == 1 && t.Water != 0 && text[0] == t.Water:
					if !b.IsWater(sq) {
						return fmt.Errorf("'%c' on %s, which is not water", t.Water, name(sq))
					}
					return nil
				case !b.Playable(sq) && t.Water != 0 && b.IsWater(sq):
					return fmt.Errorf("%s is water: write '%c' there", name(sq), t.Water)
				case !b.Playable(sq):
					return fmt.Errorf("%s is not part of the board: write '*'", name(sq))
				case text == "":
					return nil
				}
				return place(sq, text)
			})
		}
		if err != nil {
			return fmt.Errorf("%s: %w", t.rowName(i, y), err)
		}
	}
	return nil
}

// AppendRow appends one row of a board field to buf, the form ScanRow
// reads: cell appends the text of cell x, nothing for an empty one, and
// runs of empty cells are written as their number.
func AppendRow(buf []byte, cells int, cell func(buf []byte, x int) []byte) []byte {
	empty := 0
	for x := 0; x < cells; x++ {
		// The run before the cell is written first, and taken back when
		// the cell is empty too.
		n := len(buf)
		if empty > 0 {
			buf = strconv.AppendInt(buf, int64(empty), 10)
		}
		m := len(buf)
		if buf = cell(buf, x); len(buf) == m {
			buf = buf[:n]
			empty++
			continue
		}
		empty = 0
	}
	if empty > 0 {
		buf = strconv.AppendInt(buf, int64(empty), 10)
	}
	return buf
}

// AppendBoard appends the board field of a position text to buf, as
// ReadBoard reads it: piece appends the text of the piece on sq, nothing
// for an empty square; cells not part of the board are written '*', or
// t.Water for water when it is set.
func (b *Board) AppendBoard(buf []byte, t BoardText, piece func(buf []byte, sq Square) []byte) []byte {
	for y := b.Ranks - 1; y >= 0; y-- {
		buf = AppendRow(buf, b.Files, func(buf []byte, x int) []byte {
			sq := b.square(x, y)
			switch {
			case b.Playable(sq):
				return piece(buf, sq)
			case t.Water != 0 && b.IsWater(sq):
				return append(buf, t.Water)
			}
			return append(buf, '*')
		})
		if y > 0 {
			buf = append(buf, '/')
		}
	}
	return buf
}

// PieceOfLetter returns the piece a two-player position text writes as ch:
// a piece type's letter, in upper case for player 0 (White), in lower case
// for player 1 (Black).
func (r *Rules) PieceOfLetter(ch byte) (Piece, bool) {
	owner := Player(0)
	if ch >= 'a' && ch <= 'z' {
		owner, ch = 1, ch-'a'+'A'
	}
	t, ok := r.letters[ch]
	if !ok {
		return Empty, false
	}
	return MakePiece(owner, t), true
}
