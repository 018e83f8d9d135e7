package core

// Perft and divide: counting leaf nodes of the legal move tree, with bulk counting.

// Perft counts the leaves of the legal move tree of the given depth. At the last
// ply the legal moves are counted, not made (bulk counting). Game-ending rules
// that depend on history (repetition, move counters) are not applied; positions
// without legal moves have no children.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One move buffer per ply, added as the walk first reaches that ply: an
	// absurd depth allocates nothing up front.
	var bufs [][]Move
	return p.perft(depth, 0, &bufs)
}

func (p *Position) perft(depth, ply int, bufs *[][]Move) uint64 {
	if ply == len(*bufs) {
		*bufs = append(*bufs, make([]Move, 0, 256))
	}
	moves := p.LegalMoves((*bufs)[ply][:0])
	(*bufs)[ply] = moves[:0]
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.MakeMove(m)
		n += p.perft(depth-1, ply+1, bufs)
		p.UnmakeMove()
	}
	return n
}

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move.
func (p *Position) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	if depth < 1 {
		return out
	}
	for _, m := range p.LegalMoves(nil) {
		p.MakeMove(m)
		out = append(out, DivideEntry{Move: m, Nodes: p.Perft(depth - 1)})
		p.UnmakeMove()
	}
	return out
}
