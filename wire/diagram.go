package wire

// Movement diagrams: each piece alone on an otherwise empty board, its moves and captures marked, as the Interactive Diagram shows them.

import (
	"fmt"

	"anychess/core"
)

// DiagramRadius is the half-width of the window of squares a diagram of an
// unbounded board shows: the piece stands at (0,0) and the window runs from
// -DiagramRadius to DiagramRadius on both axes.
const DiagramRadius = 7

// Diagram is one piece type's movement: the piece alone on an otherwise
// empty board, owned by Owner (the first player who can move it there:
// player 0, but in a variant where who moves a piece depends on where it
// stands), and the squares it reaches.
// Moves are the squares it can move to but not capture on, Captures those
// it can capture on (an enemy piece placed there) but not move to, Both
// those it can do either on. Initial are the squares it reaches only when
// it has not moved yet (a pawn's double step). Squares are in the board's
// coordinates, as the state's.
type Diagram struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
	Betza  string `json:"betza"`
	Royal  bool   `json:"royal,omitempty"`
	Owner  int    `json:"owner"`
	// At is where the piece stands.
	At Coord `json:"at"`
	// Window is the part of an unbounded board the diagram covers; nil on a
	// bounded board, where it covers the whole board.
	Window   *Window `json:"window,omitempty"`
	Moves    []Coord `json:"moves"`
	Captures []Coord `json:"captures"`
	Both     []Coord `json:"both"`
	Initial  []Coord `json:"initial"`
}

// Window is a rectangle of squares, its corners included.
type Window struct {
	Min Coord `json:"min"`
	Max Coord `json:"max"`
}

// Diagrams builds the movement diagram of every piece type of the rules. On
// a bounded board the piece stands on the playable square nearest the
// centre; on an unbounded board at (0,0), and the diagram covers the
// squares within DiagramRadius. What the rules core generates is what the
// diagram shows (the variant's hooks included), so a new variant gets its
// diagrams for free. An error names a piece whose moves could not be
// generated (a variant hook that failed).
func Diagrams(r *core.Rules) (out []Diagram, err error) {
	center, targets, window := diagramSquares(r)
	if center == nil {
		return nil, fmt.Errorf("%s: no playable square for a diagram", r.Name())
	}
	for t := 1; t < len(r.Pieces); t++ {
		d, err := diagram(r, core.PieceType(t), *center, targets)
		if err != nil {
			return nil, err
		}
		d.Window = window
		out = append(out, d)
	}
	return out, nil
}

// diagramSquares returns where the piece stands, the squares to try, and
// the window of an unbounded board.
func diagramSquares(r *core.Rules) (*core.Coord, []core.Coord, *Window) {
	if r.Board.Unbounded {
		var targets []core.Coord
		for y := int64(-DiagramRadius); y <= DiagramRadius; y++ {
			for x := int64(-DiagramRadius); x <= DiagramRadius; x++ {
				if x != 0 || y != 0 {
					targets = append(targets, core.Coord{X: x, Y: y})
				}
			}
		}
		w := &Window{Min: CoordOf(core.Coord{X: -DiagramRadius, Y: -DiagramRadius}), Max: CoordOf(core.Coord{X: DiagramRadius, Y: DiagramRadius})}
		return &core.Coord{}, targets, w
	}
	b := r.Board
	var center *core.Coord
	best := int64(-1)
	// Twice the distance from the centre, to stay in whole numbers.
	cx, cy := int64(b.Files-1), int64(b.Ranks-1)
	var playable []core.Coord
	for _, sq := range b.Squares() {
		if !b.Playable(sq) || b.IsWater(sq) {
			continue
		}
		c := b.Coord(sq)
		playable = append(playable, c)
		dx, dy := 2*c.X-cx, 2*c.Y-cy
		if d := dx*dx + dy*dy; best < 0 || d < best {
			best, center = d, &c
		}
	}
	var targets []core.Coord
	for _, c := range playable {
		if center != nil && c != *center {
			targets = append(targets, c)
		}
	}
	return center, targets, nil
}

// diagram builds one piece type's diagram.
func diagram(r *core.Rules, t core.PieceType, at core.Coord, targets []core.Coord) (d Diagram, err error) {
	info := r.Pieces[t]
	d = Diagram{Letter: string(info.Letter), Name: info.Name, Betza: info.Betza, Royal: info.Royal, At: CoordOf(at),
		Moves: []Coord{}, Captures: []Coord{}, Both: []Coord{}, Initial: []Coord{}}
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("%s: the diagram of the %s: %v", r.Name(), info.Name, e)
		}
	}()
	moved := reach(r, t, 0, at, targets, false, false)
	for pl := 1; len(moved) == 0 && pl < r.Players; pl++ {
		if m := reach(r, t, core.Player(pl), at, targets, false, false); len(m) > 0 {
			d.Owner, moved = pl, m
		}
	}
	owner := core.Player(d.Owner)
	unmoved := reach(r, t, owner, at, targets, true, false)
	captures := reach(r, t, owner, at, targets, false, true)
	for _, c := range targets {
		mv, cp := moved[c], captures[c]
		switch {
		case mv && cp:
			d.Both = append(d.Both, CoordOf(c))
		case mv:
			d.Moves = append(d.Moves, CoordOf(c))
		case cp:
			d.Captures = append(d.Captures, CoordOf(c))
		}
		if unmoved[c] && !mv {
			d.Initial = append(d.Initial, CoordOf(c))
		}
	}
	return d, nil
}

// reach returns the target squares that a piece of type t, owned by
// player owner (to move) and standing alone at at, moves to or, with
// capture, captures on (an enemy's piece of the same type placed on each
// target in turn). virgin says whether the piece has not moved yet.
func reach(r *core.Rules, t core.PieceType, owner core.Player, at core.Coord, targets []core.Coord, virgin, capture bool) map[core.Coord]bool {
	p := r.NewPosition()
	p.SetTurn(owner)
	from := p.Square(at)
	p.Put(from, core.MakePiece(owner, t))
	p.SetVirgin(from, virgin)
	enemy := core.MakePiece(core.Player((int(owner)+1)%r.Players), t)
	out := map[core.Coord]bool{}
	var buf []core.Move
	for _, c := range targets {
		to := p.Square(c)
		if to == core.NoSquare {
			continue
		}
		if capture {
			p.Put(to, enemy)
		}
		buf = movesFrom(p, buf[:0], from, to)
		for _, m := range buf {
			if m.To == to && m.Kind != core.KindCastle || capture && m.Kind == core.KindNormal && hasVictim(m, to) {
				out[c] = true
			}
		}
		if capture {
			p.Put(to, core.Empty)
		}
	}
	return out
}

func hasVictim(m core.Move, sq core.Square) bool {
	for _, v := range m.Victims {
		if v == sq {
			return true
		}
	}
	return false
}

// movesFrom appends the moves of the piece on from, of those that reach to
// (or capture there) at least: on a bounded board the moves its rules
// generate (PseudoMoves: a piece alone is never in check, and a variant's
// Legal veto judges a game's state, such as Martian Chess's end when a zone
// is empty, not a piece's movement); on an unbounded board exactly, by
// LegalMovesTo, since its move lists hold only candidates.
func movesFrom(p *core.Position, buf []core.Move, from, to core.Square) []core.Move {
	if p.Unbounded() {
		return p.LegalMovesTo(buf, from, to)
	}
	for _, m := range p.PseudoMoves(nil) {
		if m.From == from {
			buf = append(buf, m)
		}
	}
	return buf
}
