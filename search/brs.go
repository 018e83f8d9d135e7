package search

// Best-reply search for games of more than two players: the root player's moves against the single best reply of all its opponents.

import (
	"anychess/core"
)

// Best-reply search (Schadd and Winands, 2011) searches a game of n
// players as a game of two: at max nodes the root player (with its
// partners, core.Rules.Allies) moves; at min nodes the moves of every
// opponent are pooled and only the one that is best for them (worst for
// the root player) is played, the other opponents passing. Max and min
// nodes alternate, so the root player sees more of its own moves than
// max-n or paranoid search, and the tree is a two-player tree: alpha-beta,
// the transposition table, killers, history, late-move reductions and
// quiescence all apply. Its positions are not always reachable in the game
// (opponents skip their turns), which is its price.
//
// A player who is not next in turn order moves after
// core.Position.MakeNullMoveTo hands it the turn; the turn is handed over
// when its moves are generated and when one is searched, so the variant's
// hooks see a position whose player to move is the mover.

// brsState is the scratch space of best-reply search, made at its first use.
type brsState struct {
	one    plyState                  // one player's moves before they join the pool
	owners [maxPly + 1][]core.Player // the player of each pooled move, per ply
}

// brsMinKey marks the table keys of min nodes: a position is scored
// differently when the root player's side or its opponents are to move.
const brsMinKey = 0x6A09E667F3BCC909

// brsKey returns the table key of the current position as a max or min
// node.
func (s *Engine) brsKey(maxNode bool) uint64 {
	if maxNode {
		return s.key()
	}
	return s.key() ^ brsMinKey
}

// brsInit makes best-reply search's scratch space at its first use.
func (s *Engine) brsInit() {
	if s.brs != nil {
		return
	}
	s.brs = &brsState{}
	s.brs.one.moves = make([]core.Move, 0, 128)
	s.brs.one.keys = make([]int32, 0, 128)
	s.brs.one.gains = make([]int32, 0, 128)
	for i := range s.brs.owners {
		s.brs.owners[i] = make([]core.Player, 0, 128)
	}
}

// brsRootSearch runs one iteration over the root moves, the previous
// iteration's best first, and returns the best move and score; done is
// false when it was stopped (a move returned then beat the previous best).
func (s *Engine) brsRootSearch(root []core.Move, scores []int, depth int) (core.Move, int, bool) {
	p := s.p
	r := p.Rules()
	s.rootDepth = depth
	sortRoot(root, scores)
	alpha := -infinity
	bestScore, bestMove, besti := -infinity, core.NullMove, -1
	for i, m := range root {
		margin := 0
		if r.Bare(m) != m {
			margin = DeclarationMargin
		}
		bound := alpha + margin
		p.MakeMove(m)
		var score int
		if i == 0 || s.opts.NoPVS {
			score = -s.brsNode(depth-1, 1, -infinity, -bound, false)
		} else {
			score = -s.brsNode(depth-1, 1, -bound-1, -bound, false)
			if score > bound && !s.stopped {
				score = -s.brsNode(depth-1, 1, -infinity, -bound, false)
			}
		}
		p.UnmakeMove()
		if s.stopped {
			return bestMove, bestScore, false
		}
		scores[i] = score - margin
		if score > bound {
			if besti >= 0 {
				scores[besti] = alpha // no longer the best
			}
			alpha, bestScore, bestMove, besti = score-margin, score, m, i
		}
	}
	if besti >= 0 {
		scores[besti] = infinity // first in the next iteration
		s.tt.store(s.brsKey(true), depth, toTT(bestScore, 0), boundExact, r.Bare(bestMove), noEval)
	}
	return bestMove, bestScore, true
}

// onSide reports whether player pl moves at max nodes (maxNode) or at min
// nodes.
func (s *Engine) onSide(pl core.Player, maxNode bool) bool {
	return s.p.Rules().Allies(pl, s.root) == maxNode
}

// handTo gives the turn to pl when it is another player's, and reports
// whether it did (the caller then takes the handover back).
func (s *Engine) handTo(pl core.Player) bool {
	if s.p.Turn() == pl {
		return false
	}
	s.p.MakeNullMoveTo(pl)
	return true
}

// brsGenerate fills the ply's moves with those of every player of the
// node's side (only tactical ones when tactical is set), each ordered as
// scoreMoves orders it for its player, with their owners in s.brs.owners.
func (s *Engine) brsGenerate(ply int, hashMove core.Move, maxNode, tactical bool) {
	p := s.p
	r := p.Rules()
	st := &s.stack[ply]
	st.moves, st.keys, st.gains = st.moves[:0], st.keys[:0], st.gains[:0]
	owners := s.brs.owners[ply][:0]
	one := &s.brs.one
	one.killers = st.killers
	for k := 0; k < r.Players; k++ {
		pl := core.Player((int(s.root) + k) % r.Players)
		if !s.onSide(pl, maxNode) {
			continue
		}
		handed := s.handTo(pl)
		s.generate(one)
		s.scoreMoves(one, hashMove)
		for i, m := range one.moves {
			if tactical && one.gains[i] < 0 {
				continue
			}
			st.moves = append(st.moves, m)
			st.keys = append(st.keys, one.keys[i])
			st.gains = append(st.gains, one.gains[i])
			owners = append(owners, pl)
		}
		if handed {
			p.UnmakeMove()
		}
	}
	s.brs.owners[ply] = owners
}

// brsPick moves the best remaining pooled move (by key) to index i and
// returns it with its owner.
func (s *Engine) brsPick(ply, i int) (core.Move, core.Player) {
	st := &s.stack[ply]
	owners := s.brs.owners[ply]
	if best := st.bringBest(i); best != i {
		owners[i], owners[best] = owners[best], owners[i]
	}
	return st.moves[i], owners[i]
}

// brsEval is the static evaluation from the view of the node's side: the
// root player's evaluation, negated at min nodes.
func (s *Engine) brsEval(maxNode bool) int {
	v := s.ev.eval(s.p, s.root, !s.opts.MaterialOnly)
	if s.opts.Noise > 0 {
		n := int(mix64(s.p.Hash()^s.opts.Seed) % uint64(2*s.opts.Noise+1))
		v += n - s.opts.Noise
	}
	if !maxNode {
		v = -v
	}
	return v
}

// brsTerminal scores a finished game from the view of the node's side: a
// win of the root player's side, a loss, or a draw (also a win shared with
// an opponent).
func (s *Engine) brsTerminal(o core.Outcome, ply int, maxNode bool) int {
	if o.Status != core.Win {
		return 0
	}
	r := s.p.Rules()
	ours, theirs := false, false
	for pl := 0; pl < r.Players; pl++ {
		if o.Winners>>pl&1 == 0 {
			continue
		}
		if r.Allies(core.Player(pl), s.root) {
			ours = true
		} else {
			theirs = true
		}
	}
	v := 0
	switch {
	case ours && !theirs:
		v = mateScore - ply
	case theirs && !ours:
		v = -mateScore + ply
	}
	if !maxNode {
		v = -v
	}
	return v
}

// rootInCheck reports whether the node's side is the root player's and its
// royal piece is attacked (the node then searches every move).
func (s *Engine) rootInCheck(maxNode bool) bool {
	if !maxNode {
		return false
	}
	k := s.p.Royal(s.root)
	return k != core.NoSquare && s.p.AttackedBy(k, s.root)
}

// brsNode searches a node of best-reply search to depth, returning a score
// from the view of the node's side (fail-soft negamax): the root player's
// side at max nodes, its opponents at min nodes.
func (s *Engine) brsNode(depth, ply, alpha, beta int, maxNode bool) int {
	s.nodes++
	if s.checkStop() {
		return 0
	}
	p := s.p
	if o := s.decided(); o.Status != core.Ongoing {
		return s.brsTerminal(o, ply, maxNode)
	}
	if p.Repetitions() >= 2 {
		return 0
	}
	if ply >= maxPly-1 {
		return s.brsEval(maxNode)
	}
	alpha = max(alpha, -mateScore+ply)
	beta = min(beta, mateScore-ply-1)
	if alpha >= beta {
		return alpha
	}
	if depth <= 0 {
		return s.brsQuiesce(ply, alpha, beta, maxNode)
	}
	pvNode := beta-alpha > 1
	key := s.brsKey(maxNode)
	hashMove := core.NullMove
	if !s.opts.NoTT {
		if e, ok := s.tt.probe(key); ok {
			hashMove = e.move
			if int(e.depth) >= depth && !pvNode {
				if v, ok := e.cuts(ply, alpha, beta); ok {
					return v
				}
			}
		}
	}
	inCheck := s.rootInCheck(maxNode)
	// The static evaluation near the horizon, for the pruning below.
	eval := 0
	shallow := !pvNode && !inCheck && depth <= rfpDepth && beta < mateBound && beta > -mateBound
	if shallow {
		eval = s.brsEval(maxNode)
		// Reverse futility pruning, as in negamax: far enough above beta
		// near the horizon, the node's side is taken to hold it.
		if !s.opts.NoRFP && eval-rfpMargin*depth >= beta {
			return eval
		}
	}
	// Futility pruning of quiet moves, as in negamax, where no move can
	// give check (no royal pieces), so none needs making to be judged.
	futile := shallow && depth <= pruneDepth && !s.opts.NoFutility && !s.ev.royals && eval+futilityMargin(depth) <= alpha
	s.brsGenerate(ply, hashMove, maxNode, false)
	st := &s.stack[ply]
	best, bestMove := -infinity, core.NullMove
	origAlpha := alpha
	legal := 0
	for i := range st.moves {
		m, owner := s.brsPick(ply, i)
		tactical := st.gains[i] >= 0
		if futile && legal > 0 && !tactical && st.keys[i] < orderKiller {
			continue
		}
		handed := s.handTo(owner)
		if !s.makeLegal(m) {
			if handed {
				p.UnmakeMove()
			}
			continue
		}
		legal++
		var v int
		if legal == 1 || s.opts.NoPVS {
			v = -s.brsNode(depth-1, ply+1, -beta, -alpha, !maxNode)
		} else {
			reduce := 0
			if !s.opts.NoLMR && depth >= 3 && legal > 3 && !tactical && !inCheck && st.keys[i] < orderKiller {
				reduce = 1
				if legal > 8 && depth >= 5 {
					reduce = 2
				}
			}
			v = -s.brsNode(depth-1-reduce, ply+1, -alpha-1, -alpha, !maxNode)
			if v > alpha && reduce > 0 && !s.stopped {
				v = -s.brsNode(depth-1, ply+1, -alpha-1, -alpha, !maxNode)
			}
			if v > alpha && v < beta && !s.stopped {
				v = -s.brsNode(depth-1, ply+1, -beta, -alpha, !maxNode)
			}
		}
		p.UnmakeMove()
		cut := false
		if !s.stopped && v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if v >= beta {
					if !tactical {
						s.goodQuiet(st, m, depth) // for the owner, still to move
					}
					cut = true
				}
			}
		}
		if handed {
			p.UnmakeMove()
		}
		if s.stopped {
			return 0
		}
		if cut {
			break
		}
	}
	if legal == 0 {
		return s.brsNoMoves(depth, ply, alpha, beta, maxNode)
	}
	if !s.opts.NoTT {
		s.tt.store(key, depth, toTT(best, ply), boundOf(best, origAlpha, beta), bestMove, noEval)
	}
	return best
}

// brsNoMoves scores a node whose side has no legal move: the game's end as
// the side's first player to move would meet it, or its pass (Hooks.Pass),
// which is then searched.
func (s *Engine) brsNoMoves(depth, ply, alpha, beta int, maxNode bool) int {
	p := s.p
	r := p.Rules()
	first := s.root
	for k := 0; k < r.Players; k++ {
		if pl := core.Player((int(s.root) + k) % r.Players); s.onSide(pl, maxNode) {
			first = pl
			break
		}
	}
	handed := s.handTo(first)
	v := 0
	if o := p.OutcomeBuf(s.outcomeMoves); o.Status != core.Ongoing {
		v = s.brsTerminal(o, ply, maxNode)
	} else {
		st := &s.stack[ply]
		st.moves = p.LegalMoves(st.moves[:0])
		if len(st.moves) == 0 {
			v = s.brsEval(maxNode)
		} else {
			p.MakeMove(st.moves[0])
			v = -s.brsNode(depth-1, ply+1, -beta, -alpha, !maxNode)
			p.UnmakeMove()
		}
	}
	if handed {
		p.UnmakeMove()
	}
	return v
}

// brsQuiesce searches the tactical moves of the node's side (every move of
// the root player in check), from the view of the node's side, which may
// stand pat on the static evaluation.
func (s *Engine) brsQuiesce(ply, alpha, beta int, maxNode bool) int {
	s.nodes++
	if s.checkStop() {
		return 0
	}
	p := s.p
	if ply >= maxPly-1 || s.opts.NoQuiescence {
		return s.brsEval(maxNode)
	}
	inCheck := s.rootInCheck(maxNode)
	best := -infinity
	stand := 0
	if !inCheck {
		stand = s.brsEval(maxNode)
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	s.brsGenerate(ply, core.NullMove, maxNode, !inCheck)
	st := &s.stack[ply]
	legal := 0
	for i := range st.moves {
		m, owner := s.brsPick(ply, i)
		if !inCheck && stand+int(st.gains[i])+qMargin < alpha {
			continue // delta pruning
		}
		handed := s.handTo(owner)
		if !s.makeLegal(m) {
			if handed {
				p.UnmakeMove()
			}
			continue
		}
		legal++
		v := 0
		if o := s.decided(); o.Status != core.Ongoing {
			v = -s.brsTerminal(o, ply+1, !maxNode)
		} else {
			v = -s.brsQuiesce(ply+1, -beta, -alpha, !maxNode)
		}
		p.UnmakeMove()
		if handed {
			p.UnmakeMove()
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	if inCheck && legal == 0 {
		return s.brsNoMoves(0, ply, alpha, beta, maxNode)
	}
	return best
}
