package search

// Correction history: what the searches of positions with the same pawns
// found the static evaluation to be off by, added to it.

import "anychess/core"

// The correction table has corrSize entries per side to move, indexed by
// the low bits of core.Position.PawnHash. An entry is a correction in
// 1/corrGrain centipawns, within ±corrLimit centipawns.
const (
	corrBits  = 14
	corrSize  = 1 << corrBits
	corrGrain = 256
	corrLimit = 200
	// corrWeights: a search of depth d moves an entry d+1 corrWeights-ths
	// of the way to its error, at most corrMaxWeight of them.
	corrWeights   = 256
	corrMaxWeight = 16
)

// corrFor reports whether correction history applies to the rules' games:
// two players on a bounded board with pawns (a pawn hash to key it by), and
// a royal piece to checkmate. Where the goal is elsewhere (Longchess's
// flag) the pawns say little of what the evaluation misses: Longchess lost
// −62.5 Elo with it (doc/SEARCH.md, stop 42).
func corrFor(r *core.Rules, opts Options) bool {
	if opts.NoCorrection || r.Players != 2 || r.Board.Unbounded || r.Def.Goals.NoCheckmate {
		return false
	}
	royal, pawn := false, false
	for _, info := range r.Pieces {
		royal = royal || info.Royal
		pawn = pawn || info.Pawn
	}
	return royal && pawn
}

// corrEntry returns the correction entry of the position searched.
func (s *Engine) corrEntry() *int32 {
	return &s.corr[s.p.Turn()&1][s.p.PawnHash()&(corrSize-1)]
}

// corrected returns the static evaluation raw with the position's
// correction added (raw itself where correction history does not apply).
func (s *Engine) corrected(raw int) int {
	if !s.corrOn {
		return raw
	}
	return raw + int(*s.corrEntry())/corrGrain
}

// learnFromNode learns from a node not in check (raw its evaluation,
// noEval in check; eval the corrected one), searched to the depth, whose
// best score best is a bound of the kind given and whose best move is
// tactical or not: a lower bound says the evaluation is too low only when
// above it, an upper bound too high only when below; a capture's gain is
// no error of the evaluation, nor is a mate.
func (s *Engine) learnFromNode(raw, eval, best int, bound uint8, tactical bool, depth int) {
	if !s.corrOn || raw == noEval || tactical || best <= -mateBound || best >= mateBound ||
		bound == boundLower && best <= eval || bound == boundUpper && best >= eval {
		return
	}
	s.learnCorrection(raw, best, depth)
}

// learnCorrection moves the position's correction toward best − raw, the
// error of its static evaluation raw that a search of the depth found.
func (s *Engine) learnCorrection(raw, best, depth int) {
	e := s.corrEntry()
	target := int64(min(max(best-raw, -corrLimit), corrLimit) * corrGrain)
	w := int64(min(depth+1, corrMaxWeight))
	*e = int32((int64(*e)*(corrWeights-w) + target*w) / corrWeights)
}
