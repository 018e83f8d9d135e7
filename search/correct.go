package search

// Correction history: what the searches of positions with the same pawns,
// or the same pieces of one player, found the static evaluation to be off
// by, added to it.

import "anychess/core"

// A correction table has corrSize entries per side to move, indexed by the
// low bits of a hash: core.Position.PawnHash for the pawns' table,
// core.Position.PieceHash of either player for its pieces' tables. An
// entry is a correction in 1/corrGrain centipawns, within ±corrLimit
// centipawns; a position's correction is the sum of its entries in the
// tables.
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

// The correction tables: the pawns', then each player's pieces'
// (Options.NoPieceCorrection leaves those out).
const (
	corrPawns  = 0
	corrPieces = 1 // and 2
	corrTables = 3
)

// corrEntries returns the entries in the tables used of the position
// searched.
func (s *Engine) corrEntries() (e [corrTables]*int32, n int) {
	stm := s.p.Turn() & 1
	e[0] = &s.corr[corrPawns][stm][s.p.PawnHash()&(corrSize-1)]
	n = 1
	if !s.opts.NoPieceCorrection {
		for pl := range core.Player(2) {
			e[n] = &s.corr[corrPieces+int(pl)][stm][s.p.PieceHash(pl)&(corrSize-1)]
			n++
		}
	}
	return e, n
}

// corrected returns the static evaluation raw of the position searched
// with its correction added (raw itself where correction history does not
// apply).
func (s *Engine) corrected(raw int) int {
	if !s.corrOn {
		return raw
	}
	e, n := s.corrEntries()
	c := 0
	for _, v := range e[:n] {
		c += int(*v)
	}
	return raw + c/corrGrain
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

// learnCorrection moves the correction of the position searched toward
// best − raw, the error of its static evaluation raw that a search of the
// depth found: each entry toward what the error leaves for it beside the
// others (a step of gradient descent on the sum), within ±corrLimit.
func (s *Engine) learnCorrection(raw, best, depth int) {
	e, n := s.corrEntries()
	sum := int64(0)
	for _, v := range e[:n] {
		sum += int64(*v)
	}
	target := int64(min(max(best-raw, -corrLimit), corrLimit) * corrGrain)
	w := int64(min(depth+1, corrMaxWeight))
	for _, v := range e[:n] {
		own := target - (sum - int64(*v)) // the error less the other entries
		own = min(max(own, -corrLimit*corrGrain), corrLimit*corrGrain)
		*v = int32((int64(*v)*(corrWeights-w) + own*w) / corrWeights)
	}
}
