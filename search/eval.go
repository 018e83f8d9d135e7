package search

// Static evaluation: piece values derived from mobility, mobility tables per square, pawn advance, royal safety and the structure terms, or the variant's own Hooks.Evaluate.

import (
	"math/bits"
	"sync"

	"anychess/core"
)

// The generic evaluation, used for variants without Hooks.Evaluate, is the
// sum over each side's pieces of
//
//   - the piece's value (PieceValues);
//   - a square term from the piece's mobility: (moves from that square on the
//     empty board − the piece's average) × squareWeight, so a knight in the
//     corner is worth less than one in the centre (bounded boards only);
//   - for a pawn that promotes, an advance term growing with the cube of
//     its progress towards the far side;
//   - for a royal piece, royalSafety for each square next to it that an
//     enemy attacks (king safety), with the royal piece itself standing on
//     its square (2 players, bounded boards; where the structure terms
//     apply, it is one of them, with their weights);
//   - where a royal piece wins by reaching a region (goals.royal_reaches),
//     the goal terms of goal.go: its distance to the region and the
//     pressure on it (bounded boards; off with Options.NoGoal);
//   - with two players on a bounded board, the structure terms of
//     eval_structure.go: passed, doubled and isolated pawns, pawn threats
//     and support, the pair of colour-bound pieces, rook-like sliders on
//     open files, a tempo bonus for the side to move, royal safety
//     and the pawn shield, each with tuned weights
//     (Weights.Terms) or its defaults.
//
// A variant's Hooks.Evaluate replaces all of it.
const (
	squareWeight = 8   // centipawns per move of mobility above the piece's average
	pawnAdvance  = 60  // centipawns for a pawn one step from promotion (less further back)
	royalSafety  = 12  // centipawns lost per attacked square next to a royal piece
	royalDanger  = 200 // the most royal safety can cost
)

// evaluator holds one variant's evaluation tables. It is shared (read-only)
// by every engine that plays the variant.
type evaluator struct {
	r      *core.Rules
	values []int
	// square[pl][t*size+sq] is the square term of player pl's piece type t.
	square [core.MaxPlayers][]int16
	size   int
	// safety: royal safety on a bounded board (two players, royal
	// pieces); the plane's evaluation has its own.
	safety bool
	hook   func(*core.Position, core.Player, []int) int
	// terms are the weights hook gets: the variant's tuned ones
	// (Weights.Terms), or its defaults; tunedTerms says whether they,
	// or the plane's weights (plane.w), are tuned.
	terms      []int
	tunedTerms bool
	royals     bool
	// goal holds the goal terms' tables (goal.go), nil without a region a
	// royal piece wins by reaching.
	goal  *goalTables
	plane *planeTerms // the terms of unbounded boards (eval_plane.go), or nil
	// pst are the variant's tuned piece-square tables (weights.go), which
	// replace the square terms; nil without them.
	pst *pstTables
	// variants are this evaluator without the goal terms and/or the tuned
	// tables, by forOptions's key, made on first use.
	variants sync.Map
	// exchange: core.Position.Exchange can judge the moves of these
	// rules' games (core.Rules.ExchangeApplies).
	exchange bool
	// short[t]: a piece of type t attacks only squares within 2 steps of
	// its own on an empty board (see shortRange).
	short []bool
	// structure holds the structure terms' tables (eval_structure.go), nil
	// where they do not apply.
	structure *structTerms
}

var evaluators sync.Map // *core.Rules → *evaluator

// evaluatorFor returns the evaluator of r, building it on first use.
func evaluatorFor(r *core.Rules) *evaluator {
	if e, ok := evaluators.Load(r); ok {
		return e.(*evaluator)
	}
	e := newEvaluator(r)
	actual, _ := evaluators.LoadOrStore(r, e)
	return actual.(*evaluator)
}

func newEvaluator(r *core.Rules) *evaluator {
	e := &evaluator{r: r, values: PieceValues(r), hook: r.Hooks.Evaluate, short: shortRange(r), exchange: r.ExchangeApplies()}
	for t := 1; t < len(r.Pieces); t++ {
		e.royals = e.royals || r.Pieces[t].Royal
	}
	b := r.Board
	if b.Unbounded || e.hook != nil {
		e.terms = r.EvalDefaults()
		e.plane = newPlaneTerms(r, e.values)
		// Tuned terms were fitted to games of two players. A hook's terms
		// weigh the same in a game of two teams (stop 35: four-player
		// Martian Chess with teams +149 by SPRT); free-for-all games keep
		// the defaults (no gain shown there).
		if w := BuiltinWeights(r.Name()); w != nil && len(w.Terms) > 0 && (TermsTunable(r) || e.hook != nil && twoSides(r)) {
			switch {
			case e.hook != nil:
				if terms, err := termWeights(r.Hooks.EvalTerms, w); err == nil {
					e.terms, e.tunedTerms = terms, true
				}
			case e.plane != nil:
				if terms, err := termWeights(e.plane.defs, w); err == nil {
					e.plane.w, e.tunedTerms = terms, true
				}
			}
		}
		return e
	}
	e.size = b.Size()
	for pl := 0; pl < r.Players; pl++ {
		e.square[pl] = squareTable(r, core.Player(pl))
	}
	e.safety = e.royals && r.Players == 2 && !b.Unbounded
	e.goal = newGoalTables(r, e.values)
	e.structure = newStructTerms(r, e.values)
	if e.structure != nil {
		e.safety = false // the structure terms count it, with their weights
	}
	if w := BuiltinWeights(r.Name()); w != nil && Tunable(r) {
		if t, err := newPSTTables(r, e.values, w); err == nil {
			e.pst = t
		}
		if e.structure != nil && len(w.Terms) > 0 {
			if terms, err := termWeights(structDefs(), w); err == nil {
				e.structure, e.tunedTerms = e.structure.withWeights(terms), true
			}
		}
	}
	return e
}

// shortRange tells, for each piece type, whether the piece attacks only
// squares within 2 steps (Chebyshev) of its own: placed alone in the
// middle of the board (or at the origin of an unbounded one), it attacks
// something, and nothing farther. A piece that attacks nothing there (a
// hopper needs a screen) counts as long-range.
func shortRange(r *core.Rules) []bool {
	short := make([]bool, len(r.Pieces))
	b := r.Board
	centre := core.Coord{}
	if !b.Unbounded {
		centre = core.Coord{X: int64(b.Files / 2), Y: int64(b.Ranks / 2)}
	}
	for t := 1; t < len(r.Pieces); t++ {
		p := r.NewPosition()
		c := p.Square(centre)
		if c == core.NoSquare || (!b.Unbounded && !b.Playable(c)) {
			continue
		}
		p.Put(c, core.MakePiece(0, core.PieceType(t)))
		near, far := false, false
		for dy := int64(-6); dy <= 6; dy++ {
			for dx := int64(-6); dx <= 6; dx++ {
				if dx == 0 && dy == 0 {
					continue
				}
				sq := p.Square(core.Coord{X: centre.X + dx, Y: centre.Y + dy})
				if sq == core.NoSquare || (!b.Unbounded && !b.Playable(sq)) || !p.Attacks(sq, 0) {
					continue
				}
				if max(abs64(dx), abs64(dy)) <= 2 {
					near = true
				} else {
					far = true
				}
			}
		}
		short[t] = near && !far
	}
	return short
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// squareTable builds player pl's square terms: mobility for every piece but
// royal ones, advance for pawns that promote.
func squareTable(r *core.Rules, pl core.Player) []int16 {
	b := r.Board
	size := b.Size()
	tab := make([]int16, size*len(r.Pieces))
	sqs := b.Squares()
	buf := make([]core.Move, 0, 256)
	fwd := forwardOf(r, pl)
	for t := 1; t < len(r.Pieces); t++ {
		info := &r.Pieces[t]
		if info.Royal {
			continue
		}
		mob := make([]int, size)
		total := 0
		for _, sq := range sqs {
			p := r.NewPosition()
			p.SetTurn(pl)
			p.Put(sq, core.MakePiece(pl, core.PieceType(t)))
			n := len(p.PseudoMoves(buf[:0]))
			mob[sq] = n
			total += n
		}
		avg := float64(total) / float64(len(sqs))
		far := 0
		if info.Pawn && promotes(r, pl) {
			for _, sq := range sqs {
				far = max(far, progress(b.Coord(sq), fwd, b))
			}
		}
		for _, sq := range sqs {
			v := (float64(mob[sq]) - avg) * squareWeight
			if info.Pawn {
				v = 0 // a pawn's worth is its advance, not its moves
				if far > 1 {
					// Cubic in the steps taken, so it grows most near the end.
					g := float64(progress(b.Coord(sq), fwd, b) - 1)
					f := float64(far - 2)
					v = pawnAdvance * max(g, 0) * max(g, 0) * max(g, 0) / (f * f * f)
				}
			}
			tab[t*size+int(sq)] = int16(v)
		}
	}
	return tab
}

// forwardOf returns player pl's forward direction as a unit vector.
func forwardOf(r *core.Rules, pl core.Player) core.Coord {
	if int(pl) < len(r.Def.Players) {
		switch r.Def.Players[pl].Forward {
		case "south":
			return core.Coord{Y: -1}
		case "east":
			return core.Coord{X: 1}
		case "west":
			return core.Coord{X: -1}
		}
	}
	return core.Coord{Y: 1}
}

// progress measures how far c lies along fwd from the player's own edge.
func progress(c, fwd core.Coord, b *core.Board) int {
	switch {
	case fwd.Y > 0:
		return int(c.Y)
	case fwd.Y < 0:
		return b.Ranks - 1 - int(c.Y)
	case fwd.X > 0:
		return int(c.X)
	}
	return b.Files - 1 - int(c.X)
}

// promotes reports whether player pl's pawns have a promotion rule.
func promotes(r *core.Rules, pl core.Player) bool {
	for _, sq := range r.Board.Squares() {
		if len(r.PromotionChoices(pl, sq)) > 0 {
			return true
		}
	}
	return false
}

// side returns player pl's own terms (material, the default square terms
// where the variant has no tuned tables, royal safety), and its material
// alone. With tuned tables a positional evaluation takes tunedSides
// instead, and a material one no square terms.
func (e *evaluator) side(p *core.Position, pl core.Player, positional bool) (total, material int) {
	sum := 0
	tab := e.square[pl]
	if e.pst != nil {
		tab = nil
	}
	for _, sq := range p.PieceSquares(pl) {
		t := int(p.At(sq).Type())
		material += e.values[t]
		if positional && tab != nil {
			sum += int(tab[t*e.size+int(sq)])
		}
	}
	if positional {
		sum += e.safetyAndPlane(p, pl)
	}
	return sum + material, material
}

// safetyAndPlane returns player pl's royal safety on a bounded board
// (e.safety) and its terms on an unbounded one (e.plane).
func (e *evaluator) safetyAndPlane(p *core.Position, pl core.Player) int {
	sum := 0
	if e.safety {
		if k := p.Royal(pl); k != core.NoSquare {
			danger := royalSafety * bits.OnesCount8(p.AttackedAround(p.Coord(k), pl))
			sum -= min(danger, royalDanger)
		}
	}
	if e.plane != nil {
		sum += e.plane.side(p, pl)
	}
	return sum
}

// tunedSides is side for every player with the tuned tables (e.pst): one
// pass over each player's pieces finds its material, its tables' sums and
// the phase, by which the sums are then blended. It fills material and
// returns the sides' terms from player pl's view.
func (e *evaluator) tunedSides(p *core.Position, pl core.Player, material *[core.MaxPlayers]int) int {
	t := e.pst
	var mg, eg [core.MaxPlayers]int
	phase := 0
	for q := 0; q < e.r.Players; q++ {
		tmg, teg := t.mg[q], t.eg[q]
		for _, sq := range p.PieceSquares(core.Player(q)) {
			ty := int(p.At(sq).Type())
			material[q] += e.values[ty]
			if t.nonPawn[ty] {
				phase += e.values[ty]
			}
			i := ty*e.size + int(sq)
			mg[q] += int(tmg[i])
			eg[q] += int(teg[i])
		}
	}
	phase = min(phase, t.full)
	score := 0
	for q := 0; q < e.r.Players; q++ {
		v := (mg[q]*phase+eg[q]*(t.full-phase))/t.full + e.safetyAndPlane(p, core.Player(q)) + material[q]
		if e.r.Allies(pl, core.Player(q)) {
			score += v
		} else {
			score -= v
		}
	}
	return score
}

// forOptions returns the evaluator an engine with opts uses: e, or e
// without the goal terms (Options.NoGoal) or the tuned tables and terms
// (Options.NoTunedWeights).
func (e *evaluator) forOptions(opts Options) *evaluator {
	noGoal := opts.NoGoal && e.goal != nil
	noPST := opts.NoTunedWeights && (e.pst != nil || e.tunedTerms)
	if !noGoal && !noPST {
		return e
	}
	key := 0
	if noGoal {
		key |= 1
	}
	if noPST {
		key |= 2
	}
	if v, ok := e.variants.Load(key); ok {
		return v.(*evaluator)
	}
	plain := &evaluator{r: e.r, values: e.values, square: e.square, size: e.size, safety: e.safety, hook: e.hook, terms: e.terms, tunedTerms: e.tunedTerms,
		royals: e.royals, goal: e.goal, plane: e.plane, pst: e.pst, short: e.short, structure: e.structure, exchange: e.exchange}
	if noGoal {
		plain.goal = nil
	}
	if noPST {
		plain.pst = nil
		if plain.tunedTerms {
			plain.terms, plain.tunedTerms = e.r.EvalDefaults(), false
			if plain.plane != nil {
				plain.plane = plain.plane.withWeights(core.TermDefaults(plain.plane.defs))
			}
			if plain.structure != nil {
				plain.structure = plain.structure.withWeights(core.TermDefaults(structDefs()))
			}
		}
	}
	v, _ := e.variants.LoadOrStore(key, plain)
	return v.(*evaluator)
}

// eval returns the evaluation from player pl's view: the variant's own, or
// pl's side's terms (its own and its partners') minus everyone else's.
func (e *evaluator) eval(p *core.Position, pl core.Player, positional bool) int {
	return e.evalWith(p, pl, positional, nil)
}

// evalWith is eval with a cache of the structure terms' pawn facts, which
// may be nil.
func (e *evaluator) evalWith(p *core.Position, pl core.Player, positional bool, pawns *pawnCache) int {
	if e.hook != nil {
		return e.hook(p, pl, e.terms)
	}
	score := 0
	var material [core.MaxPlayers]int
	if positional && e.pst != nil {
		score = e.tunedSides(p, pl, &material)
	} else {
		for q := 0; q < e.r.Players; q++ {
			s, m := e.side(p, core.Player(q), positional)
			material[q] = m
			if e.r.Allies(pl, core.Player(q)) {
				score += s
			} else {
				score -= s
			}
		}
	}
	if positional && e.goal != nil {
		score += e.goalScore(p, pl, &material)
	}
	if positional && e.structure != nil {
		score += e.structure.score(p, pl, pawns)
	}
	return score
}

// Evaluate returns the static evaluation from the side to move's view: the
// variant's own (core.Hooks.Evaluate), or else material, mobility by square,
// pawn advance, royal safety, the goal terms and, with two players on a
// bounded board, the structure terms (pawn structure, the pair of
// colour-bound pieces, sliders on open files, tempo). values is kept for
// callers of the first engine and is unused: the values are the variant's
// (PieceValues).
func Evaluate(p *core.Position, values []int) int {
	return evaluatorFor(p.Rules()).eval(p, p.Turn(), true)
}

// EvaluateFor returns the static evaluation from player pl's view (see
// Evaluate); values is unused.
func EvaluateFor(p *core.Position, values []int, pl core.Player) int {
	return evaluatorFor(p.Rules()).eval(p, pl, true)
}

// PieceValues returns each piece type's value in centipawns: the variant's own
// figure where it gives one (PieceDef.Value), else one derived from the
// piece's mobility on the variant's empty board: 40 centipawns a move
// averaged over the squares, plus 20 a move of its worst square (a piece that
// is lame in the corner is worth less). Royal pieces are 0. On an unbounded
// board mobility is measured on a 16×16 patch around the origin.
func PieceValues(r *core.Rules) []int {
	values := make([]int, len(r.Pieces))
	for t := 1; t < len(r.Pieces); t++ {
		info := &r.Pieces[t]
		switch {
		case info.Royal:
		case info.Value > 0:
			values[t] = info.Value
		default:
			avg, worst := mobility(r, core.PieceType(t))
			values[t] = max(40, 40*avg/100+20*worst)
		}
	}
	return values
}

// mobility returns a piece's average number of moves (in hundredths) and its
// fewest over the squares of the empty board, for player 0.
func mobility(r *core.Rules, t core.PieceType) (avg100, worst int) {
	var sqs []core.Square
	b := r.Board
	if b.Unbounded {
		for y := int64(-8); y < 8; y++ {
			for x := int64(-8); x < 8; x++ {
				sqs = append(sqs, b.Square(core.Coord{X: x, Y: y}))
			}
		}
	} else {
		sqs = b.Squares()
	}
	if len(sqs) == 0 {
		return 100, 1
	}
	total, worst := 0, 1<<30
	buf := make([]core.Move, 0, 256)
	for _, sq := range sqs {
		p := r.NewPosition()
		p.Put(sq, core.MakePiece(0, t))
		n := len(p.PseudoMoves(buf[:0]))
		total += n
		worst = min(worst, n)
	}
	return 100 * total / len(sqs), worst
}
