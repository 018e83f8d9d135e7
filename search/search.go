// Package search is a simple alpha-beta engine that plays any two-player variant.
//
// It is the computer opponent of `anychess play` until the full engine (PVS,
// transposition table, per-variant evaluation) lands: iterative deepening
// negamax with a capture-only quiescence search, captures ordered by victim
// value, and a material evaluation (or the variant's own, core.Hooks.Evaluate).
// Games of more than two players are searched in paranoid mode (see
// paranoid). At the root it also tries each legal move with each declaration
// the variant allows (core.Declaration), and makes one only when it scores
// DeclarationMargin better than every plain move.
package search

import (
	"sort"
	"time"

	"anychess/core"
)

// Limits bound a search. Zero fields are unlimited; at least one should be set.
type Limits struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
}

// Result is the outcome of a search.
type Result struct {
	Move  core.Move
	Score int // centipawns from the side to move's view
	Depth int
	Nodes uint64
	PV    []core.Move
}

const (
	mateScore = 1_000_000
	infinity  = 2 * mateScore
)

// DeclarationMargin is how much better (in centipawns) a root move with a
// declaration must score than the best move without one to be chosen: a
// declaration is made only when it clearly helps.
const DeclarationMargin = 50

type searcher struct {
	p        *core.Position
	values   []int
	nodes    uint64
	limits   Limits
	deadline time.Time
	stopped  bool
	bufs     [][]core.Move
	paranoid bool        // more than two players: see paranoidSearch
	root     core.Player // the player to move at the root, in paranoid mode
}

// Best searches the position and returns the best move found. It returns a
// zero Result with Move == core.NullMove when the side to move has no move.
func Best(p *core.Position, limits Limits) Result {
	s := &searcher{p: p, values: PieceValues(p.Rules()), limits: limits}
	if limits.MoveTime > 0 {
		s.deadline = time.Now().Add(limits.MoveTime)
	}
	root := p.LegalMoves(nil)
	best := Result{Move: core.NullMove}
	if len(root) == 0 {
		return best
	}
	best.Move = root[0]
	root = append(root, p.LegalDeclared(root, nil)...)
	if p.Rules().Players > 2 {
		s.paranoid, s.root = true, p.Turn()
	}
	maxDepth := limits.Depth
	if maxDepth == 0 {
		maxDepth = 64
	}
	s.bufs = make([][]core.Move, 128)
	for depth := 1; depth <= maxDepth; depth++ {
		s.orderRoot(root, best.Move)
		// alpha is the best score so far, less DeclarationMargin when its
		// move carries a declaration.
		alpha, bestScore := -infinity, -infinity
		var bestMove core.Move
		for _, m := range root {
			margin := 0
			if p.Rules().Bare(m) != m {
				margin = DeclarationMargin
			}
			bound := alpha + margin
			p.MakeMove(m)
			var score int
			if s.paranoid {
				score = s.paranoidSearch(depth-1, 1, bound, infinity)
			} else {
				score = -s.negamax(depth-1, 1, -infinity, -bound)
			}
			p.UnmakeMove()
			if s.stopped {
				break
			}
			if score > bound {
				alpha, bestScore, bestMove = score-margin, score, m
			}
		}
		if s.stopped {
			break
		}
		best = Result{Move: bestMove, Score: bestScore, Depth: depth, Nodes: s.nodes, PV: []core.Move{bestMove}}
		if bestScore >= mateScore-depth || bestScore <= -mateScore+depth {
			break
		}
	}
	best.Nodes = s.nodes
	return best
}

func (s *searcher) orderRoot(root []core.Move, first core.Move) {
	for i, m := range root {
		if m == first {
			root[0], root[i] = root[i], root[0]
			return
		}
	}
}

func (s *searcher) timeUp() bool {
	if s.stopped {
		return true
	}
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.stopped = true
	}
	if !s.deadline.IsZero() && s.nodes&1023 == 0 && time.Now().After(s.deadline) {
		s.stopped = true
	}
	return s.stopped
}

func (s *searcher) buf(ply int) []core.Move {
	if ply >= len(s.bufs) {
		return make([]core.Move, 0, 64)
	}
	return s.bufs[ply][:0]
}

func (s *searcher) negamax(depth, ply, alpha, beta int) int {
	s.nodes++
	if s.timeUp() {
		return 0
	}
	p := s.p
	if o := p.Outcome(); o.Status != core.Ongoing {
		return s.terminal(o, ply)
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta)
	}
	moves := s.orderMoves(p.LegalMoves(s.buf(ply)))
	if ply < len(s.bufs) {
		s.bufs[ply] = moves[:0]
	}
	for _, m := range moves {
		p.MakeMove(m)
		score := -s.negamax(depth-1, ply+1, -beta, -alpha)
		p.UnmakeMove()
		if s.stopped {
			return 0
		}
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

func (s *searcher) terminal(o core.Outcome, ply int) int {
	if o.Status == core.Draw {
		return 0
	}
	if o.Winners>>s.p.Turn()&1 != 0 {
		return mateScore - ply
	}
	return -mateScore + ply
}

func (s *searcher) quiesce(ply, alpha, beta int) int {
	s.nodes++
	if s.timeUp() {
		return 0
	}
	p := s.p
	stand := Evaluate(p, s.values)
	if stand >= beta || ply >= 96 {
		return stand
	}
	alpha = max(alpha, stand)
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
		score := -s.quiesce(ply+1, -beta, -alpha)
		p.UnmakeMove()
		if s.stopped {
			return 0
		}
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

// gain is the material a move wins at once: victims and promotion.
func (s *searcher) gain(m core.Move) int {
	p := s.p
	g := 0
	if m.To != m.From {
		if pc := p.At(m.To); pc.IsPiece() && pc.Owner() != p.Turn() {
			g += s.values[pc.Type()]
		}
	}
	for _, v := range m.Victims {
		if m.Kind == core.KindNormal || m.Kind == core.KindEnPassant {
			if v != core.NoSquare && m.Kind != core.KindCastle {
				if pc := p.At(v); pc.IsPiece() {
					g += s.values[pc.Type()]
				}
			}
		}
	}
	if m.Promo != 0 {
		g += s.values[m.Promo]
	}
	return g
}

func (s *searcher) orderMoves(moves []core.Move) []core.Move {
	sort.SliceStable(moves, func(i, j int) bool { return s.gain(moves[i]) > s.gain(moves[j]) })
	return moves
}

// Evaluate returns the variant's evaluation (core.Hooks.Evaluate) or else
// the material balance, from the side to move's view.
func Evaluate(p *core.Position, values []int) int {
	if h := p.Rules().Hooks.Evaluate; h != nil {
		return h(p, p.Turn())
	}
	score := 0
	us := p.Turn()
	for pl := 0; pl < p.Rules().Players; pl++ {
		sum := 0
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			sum += values[p.At(sq).Type()]
		}
		if core.Player(pl) == us {
			score += sum
		} else {
			score -= sum
		}
	}
	return score
}

// PieceValues returns each piece type's value in centipawns: the variant's own
// figure where it gives one, else one derived from the piece's average number
// of moves over the empty board (40 centipawns a move). Royal pieces are 0.
func PieceValues(r *core.Rules) []int {
	values := make([]int, len(r.Pieces))
	for t := 1; t < len(r.Pieces); t++ {
		info := &r.Pieces[t]
		switch {
		case info.Royal:
		case info.Value > 0:
			values[t] = info.Value
		default:
			values[t] = 40 * averageMobility(r, core.PieceType(t))
		}
	}
	return values
}

func averageMobility(r *core.Rules, t core.PieceType) int {
	sqs := r.Board.Squares()
	if len(sqs) == 0 {
		return 1
	}
	total := 0
	buf := make([]core.Move, 0, 256)
	for _, sq := range sqs {
		p := r.NewPosition()
		p.Put(sq, core.MakePiece(0, t))
		total += len(p.PseudoMoves(buf[:0]))
	}
	return max(1, (total+len(sqs)/2)/len(sqs))
}
