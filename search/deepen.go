package search

// Iterative deepening: one loop for every search (negamax, best-reply search, max-n), and the time it may take.

import (
	"time"

	"anychess/core"
)

// iteration searches the root moves to a depth, the previous iteration's
// best first (scores holds each move's score from the previous one and is
// updated), and returns the best move and its score. done is false when
// the search was stopped; a move returned then is one the unfinished
// iteration proved better than the previous best, else it is
// core.NullMove.
type iteration func(root []core.Move, scores []int, depth int) (move core.Move, score int, done bool)

// deepen runs iterations of growing depth until a limit is reached and
// returns the best move found. With negamax set (the two-sided search)
// each finished iteration is reported to Limits.Info with its principal
// variation from the table; a forced result found within the depth ends
// the search, except in max-n, whose scores are no forced results.
func (s *Engine) deepen(root []core.Move, iterate iteration, negamax bool) Result {
	maxDepth := s.limits.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
	}
	mateStops := negamax || s.searchMode() == BRS
	best := Result{Move: root[0]}
	scores := make([]int, len(root))
	var stable stability
	soft := s.soft
	for depth := 1 + s.skip; depth <= maxDepth; depth++ {
		move, score, done := iterate(root, scores, depth)
		if move != core.NullMove {
			// An unfinished iteration searched the previous best move
			// first: a move it found better is better.
			best.Move, best.Score = move, score
		}
		if !done {
			break
		}
		best.Depth = depth
		if negamax && s.limits.Info != nil {
			info := best
			info.Nodes, info.Time, info.PV = s.nodes, time.Since(s.start), s.pv(best.Move)
			s.limits.Info(info)
		}
		if plies, mate := IsMate(score); mateStops && mate && depth > 1 && plies <= depth {
			break // a forced result found at this depth stays found
		}
		if s.limits.Clock > 0 && s.soft > 0 && !s.opts.NoTimeScaling {
			// With a clock, an unsettled position gets more of it.
			soft = min(time.Duration(float64(s.soft)*stable.update(best.Move, score)), max(s.hard, s.soft))
		}
		if soft > 0 && time.Since(s.start) > soft {
			break // the next iteration would not finish
		}
	}
	best.Nodes = s.nodes
	if negamax {
		best.PV = s.pv(best.Move)
	} else {
		best.PV = []core.Move{best.Move}
	}
	best.Time = time.Since(s.start)
	return best
}

// sortRoot orders the root moves by their scores, highest first (a stable
// insertion sort: the list is nearly sorted from the previous iteration).
func sortRoot(root []core.Move, scores []int) {
	for i := 1; i < len(root); i++ {
		for j := i; j > 0 && scores[j] > scores[j-1]; j-- {
			root[j], root[j-1] = root[j-1], root[j]
			scores[j], scores[j-1] = scores[j-1], scores[j]
		}
	}
}
