package core

// Zobrist keys: tables for bounded boards and a mixing function for everything else.

// zobrist holds the keys of one variant. Piece keys are indexed by
// square*kinds + owner*types + type-1, so the table is only as large as the
// variant needs.
type zobrist struct {
	kinds  int
	types  int
	pieces []uint64
	// pawns is pieces with the keys of every type but the pawns
	// (PieceInfo.Pawn) zeroed: the keys of the pawn hash.
	pawns  []uint64
	virgin []uint64
	ep     []uint64
	turn   [MaxPlayers]uint64
}

func newZobrist(r *Rules) zobrist {
	n := r.Board.Size()
	z := zobrist{types: len(r.Pieces) - 1}
	z.kinds = r.Players * z.types
	z.pieces = make([]uint64, n*z.kinds)
	seed := uint64(0x9E3779B97F4A7C15)
	z.pawns = make([]uint64, n*z.kinds)
	for i := range z.pieces {
		z.pieces[i] = splitmix(&seed)
		if r.Pieces[i%z.types+1].Pawn {
			z.pawns[i] = z.pieces[i]
		}
	}
	z.virgin = make([]uint64, n)
	z.ep = make([]uint64, n)
	for i := range z.virgin {
		z.virgin[i] = splitmix(&seed)
		z.ep[i] = splitmix(&seed)
	}
	for i := range z.turn {
		z.turn[i] = splitmix(&seed)
	}
	z.turn[0] = 0
	return z
}

// index is the place of piece pc on sq in pieces and pawns.
func (z *zobrist) index(sq Square, pc Piece) int {
	return int(sq)*z.kinds + int(pc.Owner())*z.types + int(pc.Type()) - 1
}

func (z *zobrist) piece(sq Square, pc Piece) uint64 { return z.pieces[z.index(sq, pc)] }

func (z *zobrist) epKey(sq Square) uint64 {
	if sq == NoSquare {
		return 0
	}
	return z.ep[sq]
}

// splitmix advances a SplitMix64 state and returns the next value.
func splitmix(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	x := *state
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// mix hashes a (layer, index, value) triple into a key; a zero value hashes to
// zero so that absent state costs nothing.
func mix(layer, index, value uint64) uint64 {
	if value == 0 {
		return 0
	}
	s := layer<<56 ^ index<<20 ^ value
	return splitmix(&s)
}

// ComputeHash recomputes the hash from scratch; it must equal Hash().
func (p *Position) ComputeHash() uint64 {
	if p.plane != nil {
		return p.planeHash()
	}
	z := &p.rules.zobrist
	h := z.turn[p.turn] ^ z.epKey(p.ep)
	for sq, pc := range p.board {
		if pc.IsPiece() {
			h ^= z.piece(Square(sq), pc)
		}
		if p.virgin[sq] {
			h ^= z.virgin[sq]
		}
		if p.marks != nil {
			h ^= mix(uint64(layerMark), uint64(sq), uint64(p.marks[sq]))
		}
		if p.carry != nil {
			h ^= mix(uint64(layerCarry), uint64(sq), uint64(p.carry[sq]))
		}
	}
	for i, s := range p.scores {
		h ^= mix(uint64(layerScore), uint64(i), uint64(s))
	}
	for i, c := range p.counters {
		h ^= mix(uint64(layerCounter), uint64(i), uint64(c))
	}
	return h
}

// ComputePawnHash recomputes PawnHash from the board, for checking the
// incremental one.
func (p *Position) ComputePawnHash() uint64 {
	return p.hashOf(func(pc Piece) bool { return p.rules.Pieces[pc.Type()].Pawn })
}

// ComputePieceHash recomputes PieceHash(pl) from the board, for checking
// the incremental one.
func (p *Position) ComputePieceHash(pl Player) uint64 {
	return p.hashOf(func(pc Piece) bool { return pc.Owner() == pl && !p.rules.Pieces[pc.Type()].Pawn })
}

// hashOf is the Zobrist hash of the board's pieces that keep selects, 0
// on an unbounded board.
func (p *Position) hashOf(keep func(Piece) bool) uint64 {
	if p.plane != nil {
		return 0
	}
	z := &p.rules.zobrist
	h := uint64(0)
	for sq, pc := range p.board {
		if pc.IsPiece() && keep(pc) {
			h ^= z.piece(Square(sq), pc)
		}
	}
	return h
}
