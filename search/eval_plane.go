package search

// Evaluation terms of unbounded boards, where no square table can be built: royal safety, activity of short-range pieces, idle far-away pieces and pawn advance toward a promotion line.

import (
	"math/bits"

	"anychess/core"
)

// On an unbounded board (core.BoardDef.Unbounded, no Hooks.Evaluate) the
// generic evaluation adds, for each side, terms that need no per-square
// table and cost the same wherever the pieces stand:
//
//   - royal safety (2 players): royalSafety for each square next to the
//     royal piece that an enemy attacks, as on bounded boards
//     (core.Position.AttackedAround, which looks at each enemy piece once
//     and gives no square a handle); its eight squares stay below
//     royalDanger at the default weight, so the cap is left out;
//   - activity: a short-range piece (one whose moves all stay within
//     core.PlaneNear squares, like a knight, guard or hawk; royal pieces and
//     pawns aside) gains planeActivity per step it stands closer than
//     planeReach (Chebyshev distance) to the nearest enemy royal piece, so
//     leapers join the attack instead of idling, and the gain is bounded;
//   - idle pieces: a long-range piece (a slider or prime leaper) farther
//     than planeFar from every royal piece loses planeIdle: far away it
//     only matters along its lines, and a search with material only parks
//     pieces there as readily as anywhere;
//   - pawn advance: a pawn whose promotion area is a line across its
//     forward direction (like "(*,8)") gains pawnAdvance × (g/5)³ with
//     g = planePawnSteps − the steps it still has to go (chess's pawn
//     advance; pawns further back gain nothing).
//
// These are named terms (planeTerms.defs), with the pieces' values, so that
// anychess tune can fit them (Weights.Terms) as it fits a variant's own
// evaluation; the pawn advance stays fixed.
const (
	planeActivity  = 3  // centipawns per step closer than planeReach to the enemy royal piece
	planeReach     = 8  // the distance from which a short-range piece counts as active
	planeFar       = 32 // beyond this distance from every royal piece a long-range piece is idle
	planeIdle      = 20 // centipawns an idle long-range piece loses
	planePawnSteps = 6  // the last steps before promotion count for the pawn advance
)

// The plane's named terms, by index in planeTerms.w; the pieces' values
// follow, one per piece type that is not royal (planeTerms.valueTerm).
const (
	planeTermActivity = iota
	planeTermIdle
	planeTermSafety
)

// planeTerms holds one unbounded variant's tables of the plane terms.
type planeTerms struct {
	// defs name the terms and give their defaults: activity, idle,
	// royal-safety, then the values of the pieces that are not royal
	// (the piece's value, PieceValues); w are the weights in use.
	defs []core.EvalTerm
	w    []int
	// valueTerm[t] is the index in w of piece type t's value (0 for a
	// royal piece, which has none); values are the pieces' values the
	// rest of the search uses (evaluator.values).
	valueTerm         []int
	values            []int
	short, long, pawn []bool // by piece type: short-range, long-range, pawn that promotes
	// line[pl] is where pl's promotion area starts along forward[pl] (see
	// along); has[pl] is false when pl's pawns do not promote across a line.
	line    [core.MaxPlayers]int64
	forward [core.MaxPlayers]core.Coord
	has     [core.MaxPlayers]bool
	players int
}

// newPlaneTerms builds the plane terms of r, or returns nil unless r's board
// is unbounded and the variant has no evaluation of its own.
func newPlaneTerms(r *core.Rules, values []int) *planeTerms {
	if !r.Board.Unbounded || r.Hooks.Evaluate != nil {
		return nil
	}
	n := len(r.Pieces)
	t := &planeTerms{short: make([]bool, n), long: make([]bool, n), pawn: make([]bool, n), players: r.Players,
		valueTerm: make([]int, n), values: values}
	t.defs = []core.EvalTerm{
		planeTermActivity: {Name: "activity", Default: planeActivity},
		planeTermIdle:     {Name: "idle", Default: planeIdle},
		planeTermSafety:   {Name: "royal-safety", Default: royalSafety},
	}
	// The unit term, which sets the scale: a pawn's value, or else the
	// least valuable piece's.
	unit := 0
	for typ := 1; typ < n; typ++ {
		if r.Pieces[typ].Royal {
			continue
		}
		t.valueTerm[typ] = len(t.defs)
		t.defs = append(t.defs, core.EvalTerm{Name: r.Pieces[typ].Name, Default: values[typ]})
		if unit == 0 || !r.Pieces[unit].Pawn && (r.Pieces[typ].Pawn || values[typ] < values[unit]) {
			unit = typ
		}
	}
	if unit != 0 {
		t.defs[t.valueTerm[unit]].Unit = true
	}
	t.w = make([]int, len(t.defs))
	for i, d := range t.defs {
		t.w[i] = d.Default
	}
	for pl := 0; pl < r.Players; pl++ {
		t.forward[pl] = forwardOf(r, core.Player(pl))
		t.line[pl], t.has[pl] = promotionLine(r, core.Player(pl), t.forward[pl])
	}
	for typ := 1; typ < n; typ++ {
		info := &r.Pieces[typ]
		switch {
		case info.Royal:
		case info.Pawn:
			t.pawn[typ] = true
		case reach(r, core.PieceType(typ)) > core.PlaneNear:
			t.long[typ] = true
		default:
			t.short[typ] = true
		}
	}
	return t
}

// reach returns the longest Chebyshev distance a piece of type typ moves
// from the origin of the otherwise empty board (player 0's piece): for a
// slider or prime leaper, the far candidate of an open ray.
func reach(r *core.Rules, typ core.PieceType) int64 {
	p := r.NewPosition()
	from := p.Square(core.Coord{})
	p.Put(from, core.MakePiece(0, typ))
	far := int64(0)
	for _, m := range p.PseudoMoves(nil) {
		far = max(far, chebyshev(core.Coord{}, p.Coord(m.To)))
	}
	return far
}

// planePromoProbe bounds the search for a promotion line: it must lie within
// this distance of the origin, and it is checked this far to each side.
const planePromoProbe = 64

// promotionLine finds where player pl's promotion area starts along fwd: the
// least value of along(c, fwd) over the area, when the area holds a whole
// line across fwd near the origin and nothing just before it (checked on
// the origin's line and planePromoProbe squares to either side).
func promotionLine(r *core.Rules, pl core.Player, fwd core.Coord) (int64, bool) {
	side := core.Coord{X: fwd.Y, Y: fwd.X} // across the forward direction
	in := func(k, s int64) bool {
		c := core.Coord{X: k*fwd.X + s*side.X, Y: k*fwd.Y + s*side.Y}
		return len(r.PromotionChoices(pl, r.Board.Square(c))) > 0
	}
	for k := int64(-planePromoProbe); k < planePromoProbe; k++ {
		if !in(k, 0) {
			continue
		}
		for _, s := range []int64{-planePromoProbe, 0, planePromoProbe} {
			if in(k-1, s) || !in(k, s) {
				return 0, false
			}
		}
		return k, true
	}
	return 0, false
}

// along returns how far c lies along the unit direction fwd.
func along(c, fwd core.Coord) int64 { return c.X*fwd.X + c.Y*fwd.Y }

// chebyshev returns the king-step distance between a and b (exact: plane
// coordinates are below 2^62).
func chebyshev(a, b core.Coord) int64 {
	return max(abs64(a.X-b.X), abs64(a.Y-b.Y))
}

// withWeights returns a copy of t that weighs its terms by w.
func (t *planeTerms) withWeights(w []int) *planeTerms {
	c := *t
	c.w = w
	return &c
}

// side returns player pl's plane terms, including how far its pieces'
// weighted values differ from their values (t.values).
func (t *planeTerms) side(p *core.Position, pl core.Player) int {
	r := p.Rules()
	// The royal pieces: pl's own, and the enemies' (for activity).
	var royal [core.MaxPlayers]core.Coord
	var enemies, royals int
	for q := 0; q < t.players; q++ {
		k := p.Royal(core.Player(q))
		if k == core.NoSquare {
			continue
		}
		royal[royals] = p.Coord(k)
		royals++
		if !r.Allies(pl, core.Player(q)) {
			royal[royals-1], royal[enemies] = royal[enemies], royal[royals-1]
			enemies++
		}
	}
	sum := 0
	w := t.w
	for _, sq := range p.PieceSquares(pl) {
		typ := p.At(sq).Type()
		if v := t.valueTerm[typ]; v != 0 {
			sum += w[v] - t.values[typ]
		}
		switch {
		case t.short[typ] && enemies > 0:
			c := p.Coord(sq)
			d := chebyshev(c, royal[0])
			for _, e := range royal[1:enemies] {
				d = min(d, chebyshev(c, e))
			}
			sum += w[planeTermActivity] * int(max(0, planeReach-d))
		case t.long[typ] && royals > 0:
			c := p.Coord(sq)
			idle := true
			for _, k := range royal[:royals] {
				idle = idle && chebyshev(c, k) > planeFar
			}
			if idle {
				sum -= w[planeTermIdle]
			}
		case t.pawn[typ] && t.has[pl]:
			togo := t.line[pl] - along(p.Coord(sq), t.forward[pl])
			if g := planePawnSteps - togo; togo > 0 && g > 0 {
				sum += pawnAdvance * int(g*g*g) / ((planePawnSteps - 1) * (planePawnSteps - 1) * (planePawnSteps - 1))
			}
		}
	}
	if t.players == 2 {
		if k := p.Royal(pl); k != core.NoSquare {
			sum -= w[planeTermSafety] * bits.OnesCount8(p.AttackedAround(p.Coord(k), pl))
		}
	}
	return sum
}
