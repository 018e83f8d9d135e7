// Paranoid search for games of more than two players: the root player's side maximises, everyone else minimises.
package search

import "anychess/core"

// The paranoid assumption (Sturtevant and Korf) reduces a game of n players to
// two sides: the player to move at the root, with its partners (core.Rules.Allies),
// maximises its evaluation, and every other player is assumed to play against
// it, minimising that same evaluation. Scores are always from the root player's
// view, so plain alpha-beta applies even though the turn does not alternate
// between the two sides. It is a minimal mode, kept until the full engine
// brings max-n or better.

// paranoidSearch returns the score of the position from the root player's view.
func (s *searcher) paranoidSearch(depth, ply, alpha, beta int) int {
	s.nodes++
	if s.timeUp() {
		return 0
	}
	p := s.p
	if o := p.Outcome(); o.Status != core.Ongoing {
		return s.rootTerminal(o, ply)
	}
	if depth <= 0 {
		return s.paranoidQuiesce(ply, alpha, beta)
	}
	maximise := p.Rules().Allies(p.Turn(), s.root)
	moves := s.orderMoves(p.LegalMoves(s.buf(ply)))
	if ply < len(s.bufs) {
		s.bufs[ply] = moves[:0]
	}
	for _, m := range moves {
		p.MakeMove(m)
		score := s.paranoidSearch(depth-1, ply+1, alpha, beta)
		p.UnmakeMove()
		if s.stopped {
			return 0
		}
		if maximise {
			alpha = max(alpha, score)
		} else {
			beta = min(beta, score)
		}
		if alpha >= beta {
			break
		}
	}
	if maximise {
		return alpha
	}
	return beta
}

// paranoidQuiesce searches captures only, from the root player's view; the
// side to move may stand pat.
func (s *searcher) paranoidQuiesce(ply, alpha, beta int) int {
	s.nodes++
	if s.timeUp() {
		return 0
	}
	p := s.p
	stand := EvaluateFor(p, s.values, s.root)
	maximise := p.Rules().Allies(p.Turn(), s.root)
	if ply >= 96 {
		return stand
	}
	if maximise {
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
	} else {
		if stand <= alpha {
			return stand
		}
		beta = min(beta, stand)
	}
	moves := p.LegalMoves(s.buf(ply))
	if ply < len(s.bufs) {
		s.bufs[ply] = moves[:0]
	}
	caps := moves[:0]
	for _, m := range moves {
		if s.gain(m) > 0 {
			caps = append(caps, m)
		}
	}
	for _, m := range s.orderMoves(caps) {
		p.MakeMove(m)
		score := s.paranoidQuiesce(ply+1, alpha, beta)
		p.UnmakeMove()
		if s.stopped {
			return 0
		}
		if maximise {
			alpha = max(alpha, score)
		} else {
			beta = min(beta, score)
		}
		if alpha >= beta {
			break
		}
	}
	if maximise {
		return alpha
	}
	return beta
}

// rootTerminal scores a finished game from the root player's view: a win
// shared with others is still a win.
func (s *searcher) rootTerminal(o core.Outcome, ply int) int {
	if o.Status == core.Draw {
		return 0
	}
	if o.Winners>>s.root&1 != 0 {
		return mateScore - ply
	}
	return -mateScore + ply
}

// EvaluateFor returns the variant's evaluation (core.Hooks.Evaluate) from
// player pl's view, or else pl's side's material (its own and its partners')
// minus everyone else's.
func EvaluateFor(p *core.Position, values []int, pl core.Player) int {
	r := p.Rules()
	if r.Hooks.Evaluate != nil {
		return r.Hooks.Evaluate(p, pl)
	}
	score := 0
	for q := 0; q < r.Players; q++ {
		sum := 0
		for _, sq := range p.PieceSquares(core.Player(q)) {
			sum += values[p.At(sq).Type()]
		}
		if r.Allies(pl, core.Player(q)) {
			score += sum
		} else {
			score -= sum
		}
	}
	return score
}
