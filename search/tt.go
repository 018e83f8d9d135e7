package search

// Transposition table: a preallocated slice of entries keyed by Zobrist hash, always-replace with depth preference.

import (
	"unsafe"

	"anychess/core"
)

// Bound kinds of a stored score.
const (
	boundNone  uint8 = iota
	boundExact       // the score is exact
	boundLower       // the score is a lower bound (it failed high)
	boundUpper       // the score is an upper bound (it failed low)
)

// ttEntry is one slot of the table.
type ttEntry struct {
	key   uint64
	move  core.Move
	score int32
	// eval is the position's static evaluation (noEval: none, or in
	// check), which a later visit takes instead of evaluating again.
	eval  int32
	depth int8
	bound uint8
	gen   uint8
}

// table is the transposition table. Its size is a power of two; a slot is
// found by the low bits of the key and checked against the whole key.
type table struct {
	entries []ttEntry
	mask    uint64
	gen     uint8
}

// newTable allocates a table of at most mb megabytes, and more than half
// of that (at least 1024 entries).
func newTable(mb int) *table {
	const entrySize = uint64(unsafe.Sizeof(ttEntry{}))
	n := uint64(1024)
	for n*2*entrySize <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{entries: make([]ttEntry, n), mask: n - 1}
}

// clear empties the table.
func (t *table) clear() {
	clear(t.entries)
	t.gen = 0
}

// newSearch starts a new generation: older entries are replaced first.
func (t *table) newSearch() { t.gen++ }

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

// store records a search result, with the position's static evaluation
// (noEval for none). A slot keeps an entry of the current generation that
// was searched deeper, unless the new one is for the same position.
func (t *table) store(key uint64, depth int, score int, bound uint8, move core.Move, eval int) {
	e := &t.entries[key&t.mask]
	if e.key != key && e.gen == t.gen && int(e.depth) > depth && e.bound != boundNone {
		return
	}
	if e.key == key && move == core.NullMove {
		move = e.move // keep the old best move when this search found none
	}
	*e = ttEntry{key: key, move: move, score: int32(score), eval: int32(eval), depth: int8(min(depth, 127)), bound: bound, gen: t.gen}
}

// cuts returns the entry's score at ply and whether it settles a node of
// the window (alpha, beta): an exact score, or a bound beyond the window.
func (e *ttEntry) cuts(ply, alpha, beta int) (int, bool) {
	v := fromTT(int(e.score), ply)
	return v, e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha
}

// boundOf is the kind of bound a fail-soft search's best score is for the
// window (alpha, beta) it was searched in.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best <= alpha:
		return boundUpper
	}
	return boundExact
}

// toTT converts a score at ply into its stored form: mate scores count
// from the stored position, not the root.
func toTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

// fromTT converts a stored score back to one at ply.
func fromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}

// guess returns what the entry, of the position at ply, says of its score
// beside the static evaluation eval (noEval in check): its score where its
// bound says the score lies beyond eval on the side it bounds (an exact
// score always), else eval; never a mate score, and noEval stays.
func (e ttEntry) guess(eval, ply int) int {
	v := fromTT(int(e.score), ply)
	if eval == noEval || v <= -mateBound || v >= mateBound {
		return eval
	}
	if e.bound == boundExact || e.bound == boundLower && v > eval || e.bound == boundUpper && v < eval {
		return v
	}
	return eval
}
