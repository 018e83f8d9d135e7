// Extended FEN: multi-digit empty runs and '*' for cells that are not part of the board.
package core

import (
	"fmt"
	"strconv"
	"strings"
)

// FENError reports what is wrong with a FEN string.
type FENError struct {
	FEN   string
	Field string // "board", "turn", "castling", "en passant", "counter", "move number"
	Msg   string
}

// Error implements error.
func (e *FENError) Error() string {
	return fmt.Sprintf("bad FEN %q: %s: %s", e.FEN, e.Field, e.Msg)
}

// ParseFEN reads a position in extended FEN. Ranks run from the last to the
// first, files from a; digits (any number of them) count empty cells; '*' is a
// cell that is not part of the board; upper case is player 0 (White), lower case
// player 1 (Black). The castling, en-passant, counter and move-number fields
// are optional. A position whose side not to move is in check is refused
// (see checkMoverSafe). On error nothing is returned but the error.
func (r *Rules) ParseFEN(fen string) (*Position, error) { return r.parseFEN(fen, true) }

func (r *Rules) parseFEN(fen string, virgins bool) (*Position, error) {
	bad := func(field, format string, args ...any) (*Position, error) {
		return nil, &FENError{FEN: fen, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	if r.plane != nil {
		return bad("board", "FEN does not apply to the unbounded board of %s; its position text is a piece list", r.Def.Name)
	}
	if r.Players != 2 {
		return bad("board", "FEN is defined for two-player variants; %s uses its own position format", r.Def.Name)
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return bad("board", "empty")
	}
	if len(fields) > 6 {
		return bad("board", "too many fields (%d, at most 6)", len(fields))
	}
	b := r.Board
	p := r.NewPosition()
	rows := strings.Split(fields[0], "/")
	if len(rows) != b.Ranks {
		return bad("board", "%d ranks, the board has %d", len(rows), b.Ranks)
	}
	for i, row := range rows {
		y := b.Ranks - 1 - i
		x := 0
		for j := 0; j < len(row); {
			ch := row[j]
			switch {
			case ch >= '0' && ch <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, err := strconv.Atoi(row[j:k])
				if err != nil || n == 0 || n > b.Files {
					return bad("board", "rank %d: bad empty run %q", y+1, row[j:k])
				}
				for e := 0; e < n; e++ {
					if x >= b.Files {
						return bad("board", "rank %d has more than %d files", y+1, b.Files)
					}
					sq := b.square(x, y)
					if !b.Playable(sq) {
						return bad("board", "%s is not part of the board: write '*'", b.Name(sq))
					}
					x++
				}
				j = k
				continue
			case ch == '*':
				if x >= b.Files {
					return bad("board", "rank %d has more than %d files", y+1, b.Files)
				}
				if sq := b.square(x, y); b.Playable(sq) {
					return bad("board", "'*' on %s, which is part of the board", b.Name(sq))
				}
				x++
			default:
				owner := Player(0)
				up := ch
				if ch >= 'a' && ch <= 'z' {
					owner, up = 1, ch-'a'+'A'
				}
				t, ok := r.letters[up]
				if !ok {
					return bad("board", "rank %d: unknown piece letter %q", y+1, string(ch))
				}
				if x >= b.Files {
					return bad("board", "rank %d has more than %d files", y+1, b.Files)
				}
				sq := b.square(x, y)
				if !b.Playable(sq) {
					return bad("board", "a piece on %s, which is not part of the board", b.Name(sq))
				}
				if r.Pieces[t].Royal && p.royal[owner] != NoSquare {
					return bad("board", "player %d has two royal pieces", owner+1)
				}
				p.put(sq, Empty, MakePiece(owner, t))
				x++
			}
			j++
		}
		if x != b.Files {
			return bad("board", "rank %d has %d files, the board has %d", y+1, x, b.Files)
		}
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w":
			p.turn = 0
		case "b":
			p.turn = 1
		default:
			return bad("turn", "want w or b, got %q", fields[1])
		}
	}
	p.hash = r.zobrist.turn[p.turn]
	for _, sq := range b.squares {
		if pc := p.board[sq]; pc != Empty {
			p.hash ^= r.zobrist.piece(sq, pc)
		}
	}
	castling := "-"
	if len(fields) > 2 {
		castling = fields[2]
	}
	if err := p.setCastling(castling); err != nil {
		return bad("castling", "%v", err)
	}
	if virgins {
		p.setInitialVirgins()
	}
	if len(fields) > 3 && fields[3] != "-" {
		ep, err := b.ParseSquare(fields[3])
		if err != nil {
			return bad("en passant", "%v", err)
		}
		mover := 1 - p.turn
		victim := ep + Square(r.delta(mover, 0, 1))
		vp := p.board[victim]
		if p.board[ep] != Empty || !vp.IsPiece() || vp.Owner() != mover || !r.Pieces[vp.Type()].Pawn {
			return bad("en passant", "no pawn of the side that just moved passed %s", fields[3])
		}
		p.ep, p.epVictim = ep, victim
		p.hash ^= r.zobrist.epKey(ep)
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 1_000_000 {
			return bad("counter", "want a number of plies, got %q", fields[4])
		}
		p.counter = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 1_000_000 {
			return bad("move number", "want a positive number, got %q", fields[5])
		}
		p.fullmove = n
	}
	if err := p.checkMoverSafe(); err != nil {
		return bad("turn", "%v", err)
	}
	return p, nil
}

// checkMoverSafe refuses a position in which the player who moved last —
// with two players, the side not to move — has its royal piece attacked:
// no legal move leaves one's own royal piece in check, so no game reaches
// it (and play from it would capture the royal piece). Variants without
// royal pieces have no check and are never refused.
func (p *Position) checkMoverSafe() error {
	prev := p.previousPlayer()
	k := p.royal[prev]
	if k == NoSquare || !p.AttackedBy(k, prev) {
		return nil
	}
	r := p.rules
	return fmt.Errorf("%s's %s on %s is in check, yet %s is to move: the side that just moved cannot be in check",
		r.playerName(prev), r.Pieces[p.At(k).Type()].Name, p.Name(k), r.playerName(p.turn))
}

// playerName is player pl's name in the variant, or "player N".
func (r *Rules) playerName(pl Player) string {
	if int(pl) < len(r.Def.Players) && r.Def.Players[pl].Name != "" {
		return r.Def.Players[pl].Name
	}
	return fmt.Sprintf("player %d", pl+1)
}

// setCastling marks kings and rooks unmoved according to the castling field.
func (p *Position) setCastling(field string) error {
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		found := false
		for j := range p.rules.castling {
			c := &p.rules.castling[j]
			if c.flag != field[i] {
				continue
			}
			k, rk := p.board[c.kingFrom], p.board[c.rookFrom]
			if !k.IsPiece() || k.Owner() != c.player || !p.rules.Pieces[k.Type()].Royal {
				return fmt.Errorf("%q needs the king on %s", string(field[i]), p.rules.Board.Name(c.kingFrom))
			}
			if !rk.IsPiece() || rk.Owner() != c.player {
				return fmt.Errorf("%q needs a rook on %s", string(field[i]), p.rules.Board.Name(c.rookFrom))
			}
			p.setVirginRaw(c.kingFrom)
			p.setVirginRaw(c.rookFrom)
			found = true
		}
		if !found {
			return fmt.Errorf("unknown castling flag %q", string(field[i]))
		}
	}
	return nil
}

func (p *Position) setVirginRaw(sq Square) {
	if !p.virgin[sq] {
		p.virgin[sq] = true
		p.hash ^= p.rules.zobrist.virgin[sq]
	}
}

// setInitialVirgins marks unmoved every piece with initial-only moves that
// stands where the variant's start position has the same piece.
func (p *Position) setInitialVirgins() {
	r := p.rules
	start := r.startBoard
	for _, sq := range r.Board.squares {
		pc := p.board[sq]
		if pc.IsPiece() && r.hasInitial(pc.Type()) && start != nil && start[sq] == pc {
			p.setVirginRaw(sq)
		}
	}
}

func (r *Rules) hasInitial(t PieceType) bool {
	for _, bp := range r.Pieces[t].Parsed.Paths {
		if bp.Initial {
			return true
		}
	}
	return false
}

// FEN writes the position in extended FEN.
func (p *Position) FEN() string {
	if p.plane != nil {
		return p.planeText() // an unbounded board has no FEN: its piece list
	}
	r := p.rules
	b := r.Board
	var sb strings.Builder
	for y := b.Ranks - 1; y >= 0; y-- {
		empty := 0
		for x := 0; x < b.Files; x++ {
			sq := b.square(x, y)
			pc := p.board[sq]
			if pc == Empty && b.Playable(sq) {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if !b.Playable(sq) {
				sb.WriteByte('*')
				continue
			}
			l := r.Pieces[pc.Type()].Letter
			if pc.Owner() == 1 {
				l = l - 'A' + 'a'
			}
			sb.WriteByte(l)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if y > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString([]string{" w ", " b "}[p.turn&1])
	castling := ""
	for i := range r.castling {
		c := &r.castling[i]
		if p.virgin[c.kingFrom] && p.virgin[c.rookFrom] && !strings.ContainsRune(castling, rune(c.flag)) {
			castling += string(c.flag)
		}
	}
	if castling == "" {
		castling = "-"
	}
	sb.WriteString(castling)
	if p.ep != NoSquare {
		sb.WriteString(" " + b.Name(p.ep))
	} else {
		sb.WriteString(" -")
	}
	fmt.Fprintf(&sb, " %d %d", p.counter, p.fullmove)
	return sb.String()
}

// ParsePosition reads a position in the variant's position text: its own
// format where its hooks define one, extended FEN otherwise. In a variant
// with royal pieces, a position whose side not to move (the player who
// moved last) is in check is refused: no game reaches it.
func (r *Rules) ParsePosition(text string) (*Position, error) {
	if r.Hooks.Position != nil {
		p, err := r.Hooks.Position.Parse(r, text)
		if err != nil {
			return nil, err
		}
		if err := p.checkMoverSafe(); err != nil {
			return nil, fmt.Errorf("bad position %q: %w", text, err)
		}
		return p, nil
	}
	if r.plane != nil {
		return r.parsePlane(text)
	}
	return r.ParseFEN(text)
}

// String writes the position in the variant's position text (see ParsePosition).
func (p *Position) String() string {
	if t := p.rules.Hooks.Position; t != nil {
		return t.Format(p)
	}
	return p.FEN()
}

// StartPosition returns a new position at the variant's start.
func (r *Rules) StartPosition() *Position {
	p, err := r.ParsePosition(r.Def.Start)
	if err != nil {
		panic("core: start position was checked by Compile: " + err.Error())
	}
	return p
}
