package longchess

// Longchess computer player: the evaluation hook (material, flags, keep defence, the hunt for the last pieces) and its walking distances.

import "anychess/core"

// The evaluation's default weights (longTerms), in centipawns (a pawn is
// 100). Distances are walks (longWalks); "the longest walk" is the board's.
const (
	// evalCarry is a piece carrying an enemy flag, plus evalCarryMove for
	// each of its own moves fewer than carryMoves it needs to reach its own
	// Keep on the empty board, and evalCarryStep for each step its walk
	// there is shorter than the longest walk (the gradient between moves).
	evalCarry     = 400
	evalCarryMove = 40
	carryMoves    = 12
	evalCarryStep = 10
	// evalFlagStep is paid per step the side's nearest piece is nearer the
	// nearest enemy flag (lying, or on the square of the piece carrying
	// it) than the longest walk.
	evalFlagStep = 8
	// evalGuard is each of a side's pieces within guardRadius steps of its
	// own Keep while its flag lies there, counting at most one more than
	// the enemy pieces as near.
	evalGuard   = 15
	guardRadius = 2
	// evalAdvance is paid in Capture the Map, to a side ahead in material
	// of every enemy by advanceLead or more, per step each of its pieces is
	// nearer the nearest enemy Keep (the enemy army's end) than the longest
	// walk. Paid for smaller leads too, it lost (doc/SEARCH.md).
	evalAdvance = 1
	advanceLead = 500
	// evalHold is paid back in two-player Capture the Map by a side short
	// of that lead, per step of the same measure, so that a side level in
	// material keeps its pieces back (stop 39: +35 by SPRT; see
	// doc/SEARCH.md). The four-team game was not tested with it and has
	// none.
	evalHold = 1
	// evalNonlethalStep is, with nonlethal captures, each of a side's pieces'
	// distance from the edge it is sent back over, per square (up to
	// nonlethalFar): each capture costs the victim sendBackRanks squares.
	evalNonlethalStep = 10
	nonlethalFar      = 16
)

// The evaluation's terms (core.Hooks.EvalTerms), by index in its weights:
// the pieces' values (the rules' own by default), then the weights above.
const (
	termRook = iota
	termNightrider
	termBishop
	termPawn
	termArtillery
	termCarry
	termCarryMove
	termCarryStep
	termFlagStep
	termGuard
	termAdvance
	termNonlethal
	termHold
)

var longTerms = []core.EvalTerm{
	termRook:       {Name: "rook", Default: 500},
	termNightrider: {Name: "nightrider", Default: 300},
	termBishop:     {Name: "bishop", Default: 300},
	termPawn:       {Name: "pawn", Default: 100, Unit: true},
	termArtillery:  {Name: "artillery", Default: 400},
	termCarry:      {Name: "carry", Default: evalCarry},
	termCarryMove:  {Name: "carry-move", Default: evalCarryMove},
	termCarryStep:  {Name: "carry-step", Default: evalCarryStep},
	termFlagStep:   {Name: "flag-step", Default: evalFlagStep},
	termGuard:      {Name: "guard", Default: evalGuard},
	termAdvance:    {Name: "advance", Default: evalAdvance},
	termNonlethal:  {Name: "nonlethal-step", Default: evalNonlethalStep},
	termHold:       {Name: "hold", Default: evalHold},
}

// Capture the Map: taking an enemy piece is worth huntGone[n] more than its
// value when the enemy had n pieces (the last entry for larger n), and a
// side ahead in material hunts an enemy with at most huntFew pieces:
// huntStep[n] per step its nearest piece is nearer each enemy piece than
// the longest walk. Each huntGone[n] exceeds huntStep[n] × the longest walk
// (46 squares), so taking a piece always gains more than the hunt loses by
// its going.
const huntFew = 8

var (
	huntGone = [...]int{0, 400, 350, 300, 250, 200, 175, 150, 100, 50}
	huntStep = [...]int{0, 3, 3, 3, 3, 3, 3, 3, 2, 0}
)

// longWalks holds the distances of one Longchess board: the walks, the
// fewest orthogonal steps between two squares over land and bridges (a
// pawn's walk: water blocks, a river is crossed on a bridge), each
// player's walk to its nearest Keep square, and the moves each of its
// pieces needs to get there on the empty board.
type longWalks struct {
	index []int16 // by mailbox square: the square's number, or -1 for water and off the board
	n     int     // squares numbered
	far   int     // the longest walk
	steps []uint8 // steps[a*n+b]
	home  [core.MaxPlayers][]uint8
	// guarded[i] has bit k set when square number i is within
	// guardRadius steps of player k's Keep.
	guarded []uint8
	// moves[pl][t][i] is how many moves pl's piece of type t needs from
	// square number i to pl's Keep on the empty board (255: never).
	moves [core.MaxPlayers][][]uint8
}

// newLongWalks measures every walk by a breadth-first search from each
// square, and the moves home by one from the Keep squares back along the
// pieces' moves on the empty board. It sets r.Extra to g (which longPrepare
// returns for it) first, for the hooks that generate those moves.
func newLongWalks(r *core.Rules, g *longGeo) *longWalks {
	w := &longWalks{index: make([]int16, g.board.Size())}
	for i := range w.index {
		w.index[i] = -1
	}
	var sqs []core.Square
	for _, sq := range g.board.Squares() {
		if !g.water[sq] {
			w.index[sq] = int16(len(sqs))
			sqs = append(sqs, sq)
		}
	}
	w.n = len(sqs)
	w.steps = make([]uint8, w.n*w.n)
	queue := make([]core.Square, 0, w.n)
	for a, from := range sqs {
		row := w.steps[a*w.n : (a+1)*w.n]
		for i := range row {
			row[i] = 255
		}
		row[a] = 0
		queue = append(queue[:0], from)
		for k := 0; k < len(queue); k++ {
			sq := queue[k]
			d := row[w.index[sq]] + 1
			for _, step := range g.orth {
				if i := w.index[sq+step]; i >= 0 && row[i] == 255 {
					row[i] = d
					w.far = max(w.far, int(d))
					queue = append(queue, sq+step)
				}
			}
		}
	}
	for pl := 0; pl < g.players; pl++ {
		w.home[pl] = make([]uint8, w.n)
		for i := range w.home[pl] {
			w.home[pl][i] = 255
			for _, k := range g.keep[pl].Squares {
				w.home[pl][i] = min(w.home[pl][i], w.steps[i*w.n+int(w.index[k])])
			}
		}
	}
	w.guarded = make([]uint8, w.n)
	for i := range w.guarded {
		for pl := 0; pl < g.players; pl++ {
			if w.home[pl][i] <= guardRadius {
				w.guarded[i] |= 1 << pl
			}
		}
	}
	r.Extra = g
	p := r.NewPosition()
	var buf []core.Move
	from := make([][]int16, w.n) // from[i]: the squares a piece moves to square i from
	for pl := core.Player(0); int(pl) < g.players; pl++ {
		p.SetTurn(pl)
		w.moves[pl] = make([][]uint8, len(r.Pieces))
		for t := core.PieceType(1); int(t) < len(r.Pieces); t++ {
			if t == g.flag {
				continue
			}
			for i := range from {
				from[i] = from[i][:0]
			}
			for i, sq := range sqs {
				p.Put(sq, core.MakePiece(pl, t))
				buf = p.PseudoMoves(buf[:0])
				p.Put(sq, core.Empty)
				for _, m := range buf {
					if m.Kind == core.KindNormal && m.From == sq && w.index[m.To] >= 0 {
						from[w.index[m.To]] = append(from[w.index[m.To]], int16(i))
					}
				}
			}
			moves := make([]uint8, w.n)
			for i := range moves {
				moves[i] = 255
			}
			queue = queue[:0]
			for _, k := range g.keep[pl].Squares {
				moves[w.index[k]] = 0
				queue = append(queue, k)
			}
			for k := 0; k < len(queue); k++ {
				d := moves[w.index[queue[k]]] + 1
				for _, i := range from[w.index[queue[k]]] {
					if moves[i] == 255 {
						moves[i] = d
						queue = append(queue, sqs[i])
					}
				}
			}
			w.moves[pl][t] = moves
		}
	}
	return w
}

// between returns the walk from a to b (squares a piece may stand on), at
// most the longest.
func (w *longWalks) between(a, b core.Square) int {
	return min(int(w.row(a)[w.index[b]]), w.far)
}

// row returns the walks from sq to every square, by square number.
func (w *longWalks) row(sq core.Square) []uint8 {
	i := int(w.index[sq]) * w.n
	return w.steps[i : i+w.n]
}

// homeOf returns pl's walk from sq to its nearest Keep square.
func (w *longWalks) homeOf(pl core.Player, sq core.Square) int {
	return min(int(w.home[pl][w.index[sq]]), w.far)
}

// movesHome returns how many moves pl's piece of type t on sq needs to
// reach pl's Keep on the empty board, at most carryMoves.
func (w *longWalks) movesHome(pl core.Player, t core.PieceType, sq core.Square) int {
	return min(int(w.moves[pl][t][w.index[sq]]), carryMoves)
}

// longEvaluate is the computer player's view of a position, from pl's side:
// each side's sum, less the others' (their mean, with four teams). A side's
// sum is its material and
//
//   - Capture the Flag: for a piece carrying an enemy flag, evalCarry and
//     more the fewer moves and the shorter walk it needs to reach its own
//     Keep; otherwise the walk of its nearest piece to the nearest enemy
//     flag (lying, or held by the piece that carries it); while its flag
//     lies in its Keep, its pieces guarding the Keep, as many as count
//     against the enemy pieces as near;
//   - Capture the Map: the enemy pieces gone (each worth more as the army
//     dwindles) and, for a side ahead in material, how near its pieces are
//     to each piece of an enemy with few left and, for a lead of
//     advanceLead, how far they have advanced towards the enemy's end;
//   - with nonlethal captures: how far its pieces stand from the edge they
//     are sent back over.
//
// Each term counts at its weight (longTerms); the hunt, its lead and the
// lead of the advance are fixed, in the rules' piece values. It allocates
// nothing: the walks are tables made by longPrepare.
func longEvaluate(p *core.Position, pl core.Player, weight []int) int {
	g := lgeo(p.Rules())
	w := g.walks
	far := w.far
	// material is in the rules' values, which decide the hunt and the
	// advance; sums count the pieces at their weights.
	var sums, count, material [core.MaxPlayers]int
	var flagAt [core.MaxPlayers]core.Square  // where each player's flag is: lying, or on its carrier's square
	var holder [core.MaxPlayers]int8         // who carries each flag (-1: it lies)
	var carrying [core.MaxPlayers]bool       // whether the side carries an enemy flag
	var guards, raiders [core.MaxPlayers]int // pieces near each player's Keep: its own, its enemies'
	var advance [core.MaxPlayers]int         // Capture the Map: how far each side's pieces have advanced
	for side := range g.players {
		flagAt[side] = core.NoSquare
	}
	for side := core.Player(0); int(side) < g.players; side++ {
		for _, sq := range p.PieceSquares(side) {
			t := p.At(sq).Type()
			if t == g.flag {
				flagAt[side], holder[side] = sq, -1
				continue
			}
			i := w.index[sq]
			count[side]++
			material[side] += g.values[t]
			sums[side] += weight[g.valueTerm[t]]
			if g.mods.nonlethal {
				sums[side] += weight[termNonlethal] * min(g.backDepth(side, sq), nonlethalFar)
			}
			if g.mods.ctm {
				near := far
				for foe := range g.players {
					if foe != int(side) {
						near = min(near, int(w.home[foe][i]))
					}
				}
				advance[side] += far - near
				continue
			}
			if near := w.guarded[i]; near != 0 {
				for keep := range g.players {
					switch {
					case near>>keep&1 == 0:
					case keep == int(side):
						guards[keep]++
					default:
						raiders[keep]++
					}
				}
			}
			if item := core.Piece(p.Carry(sq)); item != 0 {
				owner := item.Owner()
				flagAt[owner], holder[owner] = sq, int8(side)
				if owner != side {
					carrying[side] = true
					sums[side] += weight[termCarry] + weight[termCarryMove]*(carryMoves-w.movesHome(side, t, sq)) +
						weight[termCarryStep]*(far-w.homeOf(side, sq))
				}
			}
		}
	}
	for side := core.Player(0); int(side) < g.players; side++ {
		mine := p.PieceSquares(side)
		if g.mods.ctm {
			lead := advanceLead // the side's lead over its strongest enemy, at most advanceLead
			for foe := core.Player(0); int(foe) < g.players; foe++ {
				if foe == side {
					continue
				}
				sums[side] -= huntLeft(count[foe])
				lead = min(lead, material[side]-material[foe])
				if material[side] <= material[foe] {
					continue
				}
				if count[foe] > huntFew {
					continue
				}
				step := huntStep[count[foe]]
				for _, e := range p.PieceSquares(foe) {
					sums[side] += step * (far - g.nearest(p, mine, core.NoSquare, []core.Square{e}))
				}
			}
			if lead >= advanceLead {
				sums[side] += weight[termAdvance] * advance[side]
			} else if g.players == 2 {
				sums[side] -= weight[termHold] * advance[side]
			}
			continue
		}
		// The side's own flag when it lies: not a piece that moves to a flag.
		lying := core.NoSquare
		if holder[side] < 0 {
			lying = flagAt[side]
		}
		if !carrying[side] {
			var targets [core.MaxPlayers]core.Square
			n := 0
			for foe := core.Player(0); int(foe) < g.players; foe++ {
				if foe != side && flagAt[foe] != core.NoSquare {
					targets[n] = flagAt[foe]
					n++
				}
			}
			sums[side] += weight[termFlagStep] * (far - g.nearest(p, mine, lying, targets[:n]))
		}
		if lying != core.NoSquare && g.keep[side].Contains(lying) {
			sums[side] += weight[termGuard] * min(guards[side], raiders[side]+1)
		}
	}
	score, others := 0, 0
	for side := range g.players {
		if core.Player(side) == pl {
			score = sums[side]
		} else {
			others += sums[side]
		}
	}
	return score - others/(g.players-1)
}

// huntLeft is what n enemy pieces left cost in Capture the Map: huntGone
// summed over the captures that would take them all.
func huntLeft(n int) int {
	last := len(huntGone) - 1
	sum := huntGone[last] * max(0, n-last)
	for k := 1; k <= min(n, last); k++ {
		sum += huntGone[k]
	}
	return sum
}

// nearest returns the walk to the nearest of targets (at most
// core.MaxPlayers) from the nearest of the pieces on sqs that can get
// there, at most the longest walk: every piece but the flag lying on skip
// and a bishop on the other colour. (A carrier of an enemy flag could take
// no other: the callers ask only when the side carries none.)
func (g *longGeo) nearest(p *core.Position, sqs []core.Square, skip core.Square, targets []core.Square) int {
	w := g.walks
	var rows [core.MaxPlayers][]uint8
	var colour [core.MaxPlayers]int8
	for k, t := range targets {
		rows[k], colour[k] = w.row(t), (g.x[t]+g.y[t])&1
	}
	best := w.far
	for _, sq := range sqs {
		i := w.index[sq]
		for k := range targets {
			if d := int(rows[k][i]); d < best && sq != skip && ((g.x[sq]+g.y[sq])&1 == colour[k] || p.At(sq).Type() != g.bishop) {
				best = d
			}
		}
	}
	return best
}

// backDepth is how far pl's piece on sq stands from the edge a nonlethal
// capture sends it back over: its own rank, or in the four-team game the
// larger of its row and column counted from its corner.
func (g *longGeo) backDepth(pl core.Player, sq core.Square) int {
	r, c := g.local(pl, int(g.x[sq]), int(g.y[sq]))
	if g.four {
		return max(r, c)
	}
	return c
}
