package core

// Position text of unbounded boards: a piece list in the style of infinitechess.org's ICN, read and written.

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Limits on position texts of unbounded boards, against hostile input.
const (
	maxPlaneText   = 1 << 20
	maxPlanePieces = 1024
)

// PlaneTextHelp describes the position text of unbounded boards.
const PlaneTextHelp = `Position text of unbounded boards (after infinitechess.org's ICN piece lists):
  PIECES [TURN [EN-PASSANT [COUNTER [MOVE]]]]
PIECES is "-" or entries joined by "|": a piece letter (upper case White,
lower case Black), its x,y and "+" if it has never moved and has moves only
an unmoved piece may make (a pawn's double step), e.g. K5,1|Q4,1|P1,2+|k5,8.
TURN is w or b; EN-PASSANT is "-" or the x,y a pawn has just passed; COUNTER
counts plies since the last capture or pawn move; MOVE is the move number.
Coordinates are integers below 2^62 in magnitude.`

// parsePlane reads a position text of an unbounded board (PlaneTextHelp).
func (r *Rules) parsePlane(text string) (*Position, error) {
	bad := PositionFault("FEN", text)
	if len(text) > maxPlaneText {
		return bad("board", "text too long (%d bytes)", len(text))
	}
	if r.Players != 2 {
		return bad("board", "the piece-list text is defined for two players; %s has %d", r.Def.Name, r.Players)
	}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return bad("board", "empty")
	}
	if len(fields) > 5 {
		return bad("board", "too many fields (%d, at most 5)", len(fields))
	}
	p := r.NewPosition()
	b := p.plane
	if fields[0] != "-" {
		entries := strings.Split(fields[0], "|")
		if len(entries) > maxPlanePieces {
			return bad("board", "too many pieces (%d, at most %d)", len(entries), maxPlanePieces)
		}
		for i, e := range entries {
			what := fmt.Sprintf("piece %d %q", i+1, e)
			if len(e) < 4 {
				return bad("board", "%s: want a letter and x,y, like K5,1", what)
			}
			pc, ok := r.PieceOfLetter(e[0])
			if !ok {
				return bad("board", "%s: unknown piece letter %q", what, string(rune(e[0])))
			}
			t := pc.Type()
			xy, unmoved := strings.CutSuffix(e[1:], "+")
			c, err := parseXY(xy)
			if err != nil {
				return bad("board", "%s: %v", what, err)
			}
			sq := b.square(c)
			if b.at(sq) != Empty {
				return bad("board", "%s: two pieces on %d,%d", what, c.X, c.Y)
			}
			if err := p.secondRoyal(pc); err != nil {
				return bad("board", "%s: %v", what, err)
			}
			if unmoved && !r.hasInitial(t) {
				return bad("board", "%s: \"+\" marks an unmoved piece with initial moves; a %s has none", what, r.Pieces[t].Name)
			}
			p.planePut(sq, Empty, pc)
			if unmoved {
				p.planeSetVirgin(sq, true)
			}
		}
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w":
		case "b":
			p.SetTurn(1)
		default:
			return bad("turn", "want w or b, got %q", fields[1])
		}
	}
	if len(fields) > 2 && fields[2] != "-" {
		c, err := parseXY(fields[2])
		if err != nil {
			return bad("en passant", "%v", err)
		}
		mover := 1 - p.turn
		f := r.orient64(mover, 0, 1)
		vc, ok := offset(c, f, 1)
		ep := b.square(c)
		var victim Square = NoSquare
		if ok {
			victim = b.square(vc)
		}
		vp := b.at(victim)
		if !ok || b.at(ep) != Empty || !vp.IsPiece() || vp.Owner() != mover || !r.Pieces[vp.Type()].Pawn {
			return bad("en passant", "no pawn of the side that just moved passed %s", fields[2])
		}
		p.SetEnPassant(ep, victim)
	}
	if field, err := p.readCounts(fields[min(3, len(fields)):]); err != nil {
		return bad(field, "%v", err)
	}
	if err := p.checkMoverSafe(); err != nil {
		return bad("turn", "%v", err)
	}
	return p, nil
}

// planeText writes the position text of an unbounded board: White's pieces,
// then Black's, each in the order of the variant's piece types, then by x
// and y.
func (p *Position) planeText() string {
	r := p.rules
	b := p.plane
	type entry struct {
		c  Coord
		pc Piece
		sq Square
	}
	var all []entry
	for pl := 0; pl < r.Players; pl++ {
		for i, q := range b.pieces[pl] {
			all = append(all, entry{q.c, q.pc, p.lists[pl].sqs[i]})
		}
	}
	slices.SortFunc(all, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.pc.Owner(), b.pc.Owner()), cmp.Compare(a.pc.Type(), b.pc.Type()),
			cmp.Compare(a.c.X, b.c.X), cmp.Compare(a.c.Y, b.c.Y))
	})
	var sb strings.Builder
	for i, e := range all {
		if i > 0 {
			sb.WriteByte('|')
		}
		sb.WriteByte(r.letter(e.pc))
		sb.WriteString(strconv.FormatInt(e.c.X, 10))
		sb.WriteByte(',')
		sb.WriteString(strconv.FormatInt(e.c.Y, 10))
		if b.virgin[e.sq] {
			sb.WriteByte('+')
		}
	}
	if len(all) == 0 {
		sb.WriteByte('-')
	}
	sb.WriteString([]string{" w ", " b "}[p.turn&1])
	if p.ep != NoSquare {
		c := b.coord(p.ep)
		fmt.Fprintf(&sb, "%d,%d", c.X, c.Y)
	} else {
		sb.WriteByte('-')
	}
	fmt.Fprintf(&sb, " %d %d", p.counter, p.fullmove)
	return sb.String()
}
