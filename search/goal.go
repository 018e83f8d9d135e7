package search

// Goal terms of the generic evaluation: a royal piece's way to the region it wins by reaching (goals.royal_reaches) and the pressure on that region.

import (
	"math/bits"

	"anychess/core"
)

// For a side A whose royal piece wins by reaching a region G
// (core.Rules.GoalRegion), the goal terms add to A:
//
//   - goal distance: goalNear[d] for its royal piece d royal steps from G
//     (over the board's real geometry: the squares it can stop on, reached
//     by its own moves on the empty board), plus goalMarch per step it has
//     made of the longest way;
//   - pressure, with the royal piece at most goalRange steps from G: for
//     each square of G it can reach in s ≤ goalRange steps, neither holding
//     a piece of A nor a royal piece, goalOpen[s] when no enemy attacks it,
//     else goalContest[s] when A attacks it too;
//   - entry: with the royal piece one step from G and a square of G it can
//     step to that no enemy attacks (and no piece of A or royal piece
//     blocks), goalEntry when A is to move (the step wins at once; the
//     search finds it, this scores it in quiescence), else goalThreat for
//     one such square and goalDouble for two or more.
//
// Distance and pressure are scaled by the share of their starting material
// the opponents have lost: the way is open when they have little left, and
// a royal piece walking out in the middlegame walks into a mating attack.
// The opponents' view is the negation, so they lose what A gains: that is
// the defender's penalty for an enemy royal near its palace.
const (
	goalMarch  = 8   // centipawns per step towards G when the opponents have no material left
	goalRange  = 3   // the pressure counts squares of G this many steps away at most
	goalEntry  = 700 // A to move can step onto G
	goalThreat = 150 // the opponent to move must stop A's step onto one square of G
	goalDouble = 400 // … onto two or more
)

// goalMaxSquares is the most squares of a region the pressure counts (the
// masks are 32 bits): a larger region's other squares count for distance
// only.
const goalMaxSquares = 32

// goalNear is the bonus of a royal piece d steps from its goal region, by d.
var goalNear = [...]int{0, 40, 20, 10, 5, 2, 1}

// goalOpen and goalContest are the pressure on a square of the goal region
// s steps from the royal piece, by s (see above; s = 1 is the entry term's).
var (
	goalOpen    = [goalRange + 1]int{0, 0, 60, 25}
	goalContest = [goalRange + 1]int{0, 30, 15, 8}
)

// goalTables are the precomputed tables of the goal terms of one variant.
// Index t*size+sq is piece type t on square sq.
type goalTables struct {
	size int
	// has[pl]: pl has a goal region.
	has [core.MaxPlayers]bool
	// region[pl] are the squares of pl's goal region, in mask bit order.
	region [core.MaxPlayers][]core.Square
	// dist[pl] is the number of steps pl's royal piece needs from a square
	// to pl's goal region, -1 where it cannot get there.
	dist [core.MaxPlayers][]int8
	// within[pl][s] is the mask of squares of pl's goal region pl's royal
	// piece reaches from a square in s moves at most (empty board).
	within [core.MaxPlayers][goalRange + 1][]uint32
	// longest[pl] is the longest finite distance in dist[pl].
	longest [core.MaxPlayers]int
	// start[pl] is pl's material in the start position.
	start [core.MaxPlayers]int
}

// newGoalTables builds the goal tables of a bounded board, or returns nil
// when no player's royal piece has a region to reach.
func newGoalTables(r *core.Rules, values []int) *goalTables {
	g := &goalTables{size: r.Board.Size()}
	found := false
	for pl := 0; pl < r.Players; pl++ {
		reg := r.GoalRegion(core.Player(pl))
		if reg == nil || len(reg.Squares) == 0 {
			continue
		}
		found = true
		g.has[pl] = true
		g.region[pl] = reg.Squares
		g.distances(r, core.Player(pl))
	}
	if !found {
		return nil
	}
	start := r.StartPosition()
	for pl := 0; pl < r.Players; pl++ {
		for _, sq := range start.PieceSquares(core.Player(pl)) {
			g.start[pl] += values[start.At(sq).Type()]
		}
	}
	return g
}

// distances fills dist, within and longest of player pl: breadth-first
// searches back from pl's goal region, and from each of its squares, along
// the moves each of pl's royal piece types makes alone on the empty board.
func (g *goalTables) distances(r *core.Rules, pl core.Player) {
	size := g.size
	n := size * len(r.Pieces)
	g.dist[pl] = make([]int8, n)
	for i := range g.dist[pl] {
		g.dist[pl][i] = -1
	}
	for s := range g.within[pl] {
		g.within[pl][s] = make([]uint32, n)
	}
	buf := make([]core.Move, 0, 256)
	for t := 1; t < len(r.Pieces); t++ {
		if !r.Pieces[t].Royal {
			continue
		}
		// from[to] lists the squares from which the royal piece moves to to.
		from := make([][]core.Square, size)
		for _, sq := range r.Board.Squares() {
			p := r.NewPosition()
			p.SetTurn(pl)
			p.Put(sq, core.MakePiece(pl, core.PieceType(t)))
			for _, m := range p.PseudoMoves(buf[:0]) {
				if m.To != core.NoSquare && m.To != sq && int(m.To) < size {
					from[m.To] = append(from[m.To], sq)
				}
			}
		}
		dist := g.dist[pl][t*size : (t+1)*size]
		for sq, d := range backSearch(from, g.region[pl], size) {
			dist[sq] = int8(min(d, 127))
			g.longest[pl] = max(g.longest[pl], int(dist[sq]))
		}
		for i, target := range g.region[pl] {
			if i >= goalMaxSquares {
				break
			}
			for sq, d := range backSearch(from, []core.Square{target}, size) {
				for s := max(d, 1); s <= goalRange; s++ {
					g.within[pl][s][t*size+sq] |= 1 << i
				}
			}
		}
	}
}

// backSearch returns the number of moves from each square to the nearest
// of targets (-1: none reaches them), from[to] listing the squares that
// move to to.
func backSearch(from [][]core.Square, targets []core.Square, size int) []int {
	dist := make([]int, size)
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]core.Square, 0, size)
	for _, sq := range targets {
		if int(sq) < size && dist[sq] < 0 {
			dist[sq] = 0
			queue = append(queue, sq)
		}
	}
	for len(queue) > 0 {
		sq := queue[0]
		queue = queue[1:]
		for _, f := range from[sq] {
			if dist[f] < 0 {
				dist[f] = dist[sq] + 1
				queue = append(queue, f)
			}
		}
	}
	return dist
}

// goalScore returns the goal terms from player pl's view: those of pl's
// side (its own and its partners') minus everyone else's, given each
// player's material.
func (e *evaluator) goalScore(p *core.Position, pl core.Player, material *[core.MaxPlayers]int) int {
	score := 0
	for q := 0; q < e.r.Players; q++ {
		s := e.goalTerms(p, core.Player(q), material)
		if e.r.Allies(pl, core.Player(q)) {
			score += s
		} else {
			score -= s
		}
	}
	return score
}

// goalTerms returns player a's goal terms (see the constants above), given
// each player's material; zero when a has no goal region or no royal piece.
func (e *evaluator) goalTerms(p *core.Position, a core.Player, material *[core.MaxPlayers]int) int {
	g := e.goal
	if !g.has[a] {
		return 0
	}
	k := p.Royal(a)
	if k == core.NoSquare || int(k) >= g.size {
		return 0
	}
	i := int(p.At(k).Type())*g.size + int(k)
	d := int(g.dist[a][i])
	if d <= 0 {
		return 0 // cannot get there (or already there: the game is over)
	}
	// lost is the share of the opponents' starting material they have
	// lost, in 1/256: how open the way is.
	left, start := 0, 0
	for q := 0; q < e.r.Players; q++ {
		if !e.r.Allies(a, core.Player(q)) {
			left += material[q]
			start += g.start[q]
		}
	}
	lost := 0
	if start > 0 && left < start {
		lost = 256 * (start - left) / start
	}
	score := goalNear[min(d, len(goalNear)-1)] + goalMarch*(g.longest[a]-d)
	if d > goalRange {
		return score * lost / 256
	}
	open := 0
	for s := d; s <= goalRange; s++ {
		// The squares first reached in s steps.
		m := g.within[a][s][i]
		if s > 1 {
			m &^= g.within[a][s-1][i]
		}
		for ; m != 0; m &= m - 1 {
			sq := g.region[a][bits.TrailingZeros32(m)]
			if pc := p.At(sq); pc.IsPiece() && (pc.Owner() == a || e.r.Pieces[pc.Type()].Royal) {
				continue
			}
			switch {
			case !p.AttackedBy(sq, a):
				if s == 1 {
					open++
				}
				score += goalOpen[s]
			case p.Attacks(sq, a):
				score += goalContest[s]
			}
		}
	}
	score = score * lost / 256
	switch {
	case open == 0:
	case p.Turn() == a:
		score += goalEntry
	case open == 1:
		score += goalThreat
	default:
		score += goalDouble
	}
	return score
}
