package core

// Extended FEN: multi-digit empty runs and '*' for cells that are not part of the board.

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a position in extended FEN. Ranks run from the last to the
// first, files from a; a number (of any size, without a leading 0) counts
// empty cells; '*' is a cell that is not part of the board (see
// Board.ReadBoard); upper case is player 0 (White), lower case player 1
// (Black). The castling, en-passant, counter and move-number fields are
// optional. A position whose side not to move is in check is refused (see
// checkMoverSafe). On error nothing is returned but a *PositionError.
func (r *Rules) ParseFEN(fen string) (*Position, error) { return r.parseFEN(fen, true) }

func (r *Rules) parseFEN(fen string, virgins bool) (*Position, error) {
	bad := positionFault("FEN", fen)
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
	err := b.ReadBoard(fields[0], BoardText{}, func(sq Square, text string) error {
		pc, ok := r.PieceOfLetter(text[0])
		if !ok {
			return fmt.Errorf("unknown piece letter %q", string(rune(text[0])))
		}
		if err := p.secondRoyal(pc); err != nil {
			return err
		}
		p.put(sq, Empty, pc)
		return nil
	})
	if err != nil {
		return bad("board", "%v", err)
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
	if field, err := p.readCounts(fields[min(4, len(fields)):]); err != nil {
		return bad(field, "%v", err)
	}
	if err := p.checkMoverSafe(); err != nil {
		return bad("turn", "%v", err)
	}
	return p, nil
}

// readCounts reads the last two fields of a two-player position text, the
// move counter in plies and the move number, each where the text has it; it
// returns the field at fault and what is wrong.
func (p *Position) readCounts(fields []string) (field string, err error) {
	if len(fields) > 0 {
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 0 || n > 1_000_000 {
			return "counter", fmt.Errorf("want a number of plies, got %q", fields[0])
		}
		p.counter = n
	}
	if len(fields) > 1 {
		n, err := strconv.Atoi(fields[1])
		if err != nil || n < 1 || n > 1_000_000 {
			return "move number", fmt.Errorf("want a positive number, got %q", fields[1])
		}
		p.fullmove = n
	}
	return "", nil
}

// secondRoyal refuses to place pc where its owner has a royal piece and pc
// is one too.
func (p *Position) secondRoyal(pc Piece) error {
	if p.rules.Pieces[pc.Type()].Royal && p.royal[pc.Owner()] != NoSquare {
		return fmt.Errorf("player %d has two royal pieces", pc.Owner()+1)
	}
	return nil
}

// letter is the letter a two-player position text writes pc as (see
// PieceOfLetter).
func (r *Rules) letter(pc Piece) byte {
	l := r.Pieces[pc.Type()].Letter
	if pc.Owner() == 1 {
		l = l - 'A' + 'a'
	}
	return l
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
	sb.Write(b.AppendBoard(make([]byte, 0, 2*b.Files*b.Ranks), BoardText{}, func(buf []byte, sq Square) []byte {
		if pc := p.board[sq]; pc != Empty {
			buf = append(buf, r.letter(pc))
		}
		return buf
	}))
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
