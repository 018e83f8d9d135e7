package search

// Search for more than two players: paranoid (inside the main search), max-n, and the choice between them and best-reply search.

import (
	"anychess/core"
)

// Paranoid search (Sturtevant and Korf) reduces a game of n players to two
// sides: the player to move at the root, with its partners
// (core.Rules.Allies), maximises its evaluation, and every other player is
// assumed to play against it, minimising that same evaluation. The main
// search (negamax) does this with every feature of the two-player search:
// scores are from the view of the player to move's side, and they change
// sign only between moves of different sides (Engine.flips), so a move by
// one opponent followed by another opponent's is searched as one side's two
// moves. Transposition-table keys include the root player, as scores depend
// on it. Two teams whose turns alternate (Martian Chess with teams) are
// plain two-sided negamax.
//
// Max-n (Luckhardt and Irani) gives each position a vector of every
// player's evaluation; each player picks the move best for itself. It
// needs no assumption that the others gang up, but it cannot prune: shallow
// pruning (Korf) cuts when one player's score proves that the parent's
// player cannot do better, which needs an upper bound on the sum of the
// scores and a lower bound on each; the variants' evaluations (a player's
// lead over the others) sum to at most 0, but a player's score can fall as
// low as a lost game, −MateScore, so the bound never cuts. Without cuts,
// move ordering below the root changes nothing, so max-n keeps no table,
// killers or history; its root orders the moves by the previous iteration
// and plays an unfinished iteration's better move.
//
// Best-reply search (brs.go) is the third search; Options.Multi chooses.
// By default (Auto) games of more than two sides use best-reply search:
// in self-play it beat max-n and paranoid search in four-team Longchess by
// far, and in four-player Martian Chess it beat paranoid search and lost
// to max-n by less (doc/SEARCH.md).

// searchMode returns the search the position at the root calls for: MaxN
// or BRS, or Paranoid for the negamax search (which is plain negamax when
// two sides alternate). Games of two players are always negamax; for more,
// Options.Multi chooses, and Auto picks by the rule self-play supported
// (doc/SEARCH.md).
func (s *Engine) searchMode() MultiMode {
	if s.p.Rules().Players <= 2 {
		return Paranoid
	}
	switch s.opts.Multi {
	case Auto:
		if s.multi {
			return BRS
		}
		return Paranoid
	default:
		return s.opts.Multi
	}
}

// vector holds one score for each player.
type vector [core.MaxPlayers]int

// maxnQuiescence is the most plies max-n's capture search adds.
const maxnQuiescence = 2

// maxnIteration runs one iteration of max-n over the root moves, the
// previous one's best move first and the others in the order of their
// scores, and returns the best move and its score; done is false when it
// was stopped (a move returned then scored better than the previous best,
// which it searched first).
func (s *Engine) maxnIteration(root []core.Move, scores []int, depth int) (core.Move, int, bool) {
	p := s.p
	r := p.Rules()
	us := p.Turn()
	s.rootDepth = depth
	sortRoot(root, scores)
	bestScore, bestMove, besti := -infinity, core.NullMove, -1
	for i, m := range root {
		margin := 0
		if r.Bare(m) != m {
			margin = DeclarationMargin
		}
		p.MakeMove(m)
		v := s.maxn(depth-1, 1)
		p.UnmakeMove()
		if s.stopped {
			break
		}
		scores[i] = v[us] - margin
		if scores[i] > bestScore {
			bestScore, bestMove, besti = scores[i], m, i
		}
	}
	if s.stopped && besti == 0 {
		// Only the previous best was searched to the end: nothing new.
		return core.NullMove, bestScore, false
	}
	if besti >= 0 {
		scores[besti] = infinity // first in the next iteration
	}
	return bestMove, bestScore, !s.stopped
}

// maxnTerminal scores a finished game for every player: a winner gains a
// mate score, everyone else loses one; a draw is 0 for all.
func (s *Engine) maxnTerminal(o core.Outcome, ply int) vector {
	var v vector
	if o.Status != core.Win {
		return v
	}
	for pl := 0; pl < s.p.Rules().Players; pl++ {
		if o.Winners>>pl&1 != 0 {
			v[pl] = mateScore - ply
		} else {
			v[pl] = -mateScore + ply
		}
	}
	return v
}

// evalVector returns every player's static evaluation.
func (s *Engine) evalVector() vector {
	var v vector
	for pl := 0; pl < s.p.Rules().Players; pl++ {
		v[pl] = s.ev.eval(s.p, core.Player(pl), !s.opts.MaterialOnly)
	}
	return v
}

// maxn returns the players' scores of the position searched to depth.
func (s *Engine) maxn(depth, ply int) vector {
	s.nodes++
	if s.checkStop() {
		return vector{}
	}
	p := s.p
	if o := s.decided(); o.Status != core.Ongoing {
		return s.maxnTerminal(o, ply)
	}
	if ply >= maxPly-1 {
		return s.evalVector()
	}
	if depth <= 0 {
		return s.maxnQuiesce(ply, 0)
	}
	us := p.Turn()
	st := &s.stack[ply]
	s.generate(st)
	s.scoreMoves(st, core.NullMove)
	var best vector
	best[us] = -infinity
	legal := 0
	for i := range st.moves {
		m := s.pick(st, i)
		if !s.makeLegal(m) {
			continue
		}
		legal++
		v := s.maxn(depth-1, ply+1)
		p.UnmakeMove()
		if s.stopped {
			return vector{}
		}
		if v[us] > best[us] {
			best = v
		}
	}
	if legal == 0 {
		o := p.OutcomeBuf(s.outcomeMoves)
		if o.Status != core.Ongoing {
			return s.maxnTerminal(o, ply)
		}
		st.moves = p.LegalMoves(st.moves[:0])
		if len(st.moves) == 0 {
			return vector{}
		}
		p.MakeMove(st.moves[0])
		best = s.maxn(depth-1, ply+1)
		p.UnmakeMove()
	}
	return best
}

// maxnQuiesce lets the player to move stand on the static evaluation or
// make a tactical move, for up to maxnQuiescence plies.
func (s *Engine) maxnQuiesce(ply, q int) vector {
	s.nodes++
	if s.checkStop() {
		return vector{}
	}
	p := s.p
	if q > 0 {
		if o := s.decided(); o.Status != core.Ongoing {
			return s.maxnTerminal(o, ply)
		}
	}
	best := s.evalVector()
	if q >= maxnQuiescence || ply >= maxPly-1 {
		return best
	}
	us := p.Turn()
	st := &s.stack[ply]
	s.generate(st)
	s.scoreMoves(st, core.NullMove)
	for i := range st.moves {
		m := s.pick(st, i)
		if st.gains[i] < 0 {
			break
		}
		if !s.makeLegal(m) {
			continue
		}
		v := s.maxnQuiesce(ply+1, q+1)
		p.UnmakeMove()
		if s.stopped {
			return vector{}
		}
		if v[us] > best[us] {
			best = v
		}
	}
	return best
}
