package search

// Structure terms of the generic evaluation (two players on a bounded board): pawn structure, the pair of colour-bound pieces, sliders on open files, and the side to move's tempo.

import "anychess/core"

// The structure terms, each from the rules' data, not a variant's name:
//
//   - a pawn is a piece type marked pawn that promotes for both players,
//     on a board where the players move up and down it (files are its
//     columns);
//   - a passed pawn (no enemy pawn ahead of it on its file or the files
//     next to it) gains passedMG/passedEG + passedGrowMG/passedGrowEG ×
//     (steps taken / steps to the last step before promotion)²;
//   - each pawn beyond the first on a file loses doubled; a pawn without
//     its own pawns on the files next to it loses isolated;
//   - a side with two pieces of one colour-bound type (a type whose every
//     move keeps the square's colour: the bishop) on both colours gains
//     bishopPair;
//   - a rook-like slider (a non-royal type whose moves are all orthogonal
//     and which slides along its file) on a file without its own pawns
//     gains rookHalfOpen, rookOpen when the file has no pawn at all;
//   - the side to move gains tempo.
//
// Middlegame and endgame figures are blended by the phase: the non-pawn,
// non-royal material on the board over that of the start position.
const (
	passedMG      = 5
	passedEG      = 15
	passedGrowMG  = 120
	passedGrowEG  = 150
	doubledMG     = 10
	doubledEG     = 25
	isolatedMG    = 8
	isolatedEG    = 12
	bishopPairMG  = 40
	bishopPairEG  = 55
	rookHalfOpenM = 15
	rookHalfOpenE = 5
	rookOpenMG    = 35
	rookOpenEG    = 15
	tempo         = 15
)

// maxStructTypes bounds the piece types the pair term tracks (two bits a
// type in a uint64).
const maxStructTypes = 32

// structTerms holds one variant's tables for the structure terms.
type structTerms struct {
	files int
	// pawn[t]: type t is a pawn (see above); nonPawn[t]: it counts for the
	// phase (neither pawn nor royal).
	pawn, nonPawn []bool
	// bound[t]: type t is colour-bound; rook[t]: it is a rook-like slider.
	bound, rook []bool
	// file and rank of each square, and its colour (0 or 1).
	file, rank []int8
	colour     []uint8
	// north[pl]: player pl's pawns move towards higher ranks.
	north [2]bool
	// passed[pl][sq]: the passed-pawn bonus of player pl's pawn on sq,
	// middlegame and endgame.
	passedMG, passedEG [2][]int16
	full               int // the start's non-pawn material (≥ 1)
	values             []int
}

// newStructTerms builds r's structure tables, or returns nil where the
// terms do not apply (not two players, an unbounded board, a Hooks.Evaluate).
func newStructTerms(r *core.Rules, values []int) *structTerms {
	b := r.Board
	if r.Players != 2 || b.Unbounded || r.Hooks.Evaluate != nil || len(r.Pieces) > maxStructTypes {
		return nil
	}
	n := len(r.Pieces)
	s := &structTerms{files: b.Files, values: values, pawn: make([]bool, n), bound: make([]bool, n), rook: make([]bool, n)}
	s.nonPawn, s.full = phaseTypes(r, values)
	f0, f1 := forwardOf(r, 0), forwardOf(r, 1)
	upDown := f0.X == 0 && f1.X == 0 && f0.Y == -f1.Y
	s.north = [2]bool{f0.Y > 0, f1.Y > 0}
	pawnsPromote := upDown && promotes(r, 0) && promotes(r, 1)
	for t := 1; t < n; t++ {
		info := &r.Pieces[t]
		s.pawn[t] = info.Pawn && pawnsPromote
		if info.Royal || info.Pawn {
			continue
		}
		s.bound[t] = colourBound(r, core.PieceType(t))
		s.rook[t] = rookLike(r, core.PieceType(t))
	}
	size := b.Size()
	s.file, s.rank, s.colour = make([]int8, size), make([]int8, size), make([]uint8, size)
	for _, sq := range b.Squares() {
		c := b.Coord(sq)
		s.file[sq], s.rank[sq], s.colour[sq] = int8(c.X), int8(c.Y), uint8((c.X+c.Y)&1)
	}
	for pl := 0; pl < 2; pl++ {
		s.passedMG[pl], s.passedEG[pl] = make([]int16, size), make([]int16, size)
		if !pawnsPromote {
			continue
		}
		fwd := forwardOf(r, core.Player(pl))
		far := 0
		for _, sq := range b.Squares() {
			far = max(far, progress(b.Coord(sq), fwd, b))
		}
		if far < 3 {
			continue
		}
		for _, sq := range b.Squares() {
			// 0 on the second rank, 1 one step from the last.
			g := max(float64(progress(b.Coord(sq), fwd, b)-1), 0) / float64(far-2)
			g = min(g, 1)
			s.passedMG[pl][sq] = int16(passedMG + passedGrowMG*g*g)
			s.passedEG[pl][sq] = int16(passedEG + passedGrowEG*g*g)
		}
	}
	return s
}

// colourBound reports whether every move of piece type t, from every square
// of the empty board, keeps the square's colour (and it has some move).
func colourBound(r *core.Rules, t core.PieceType) bool {
	b := r.Board
	buf := make([]core.Move, 0, 256)
	any := false
	for _, sq := range b.Squares() {
		p := r.NewPosition()
		p.Put(sq, core.MakePiece(0, t))
		c := b.Coord(sq)
		for _, m := range p.PseudoMoves(buf[:0]) {
			d := b.Coord(m.To)
			if (d.X+d.Y-c.X-c.Y)&1 != 0 {
				return false
			}
			any = true
		}
	}
	return any
}

// rookLike reports whether piece type t, alone in the middle of the empty
// board, moves only orthogonally and slides along its file (reaches a
// square two or more ranks away).
func rookLike(r *core.Rules, t core.PieceType) bool {
	b := r.Board
	centre := core.Coord{X: int64(b.Files / 2), Y: int64(b.Ranks / 2)}
	sq := b.Square(centre)
	if sq == core.NoSquare || !b.Playable(sq) {
		return false
	}
	p := r.NewPosition()
	p.Put(sq, core.MakePiece(0, t))
	slides := false
	for _, m := range p.PseudoMoves(make([]core.Move, 0, 256)) {
		d := b.Coord(m.To)
		dx, dy := d.X-centre.X, d.Y-centre.Y
		if dx != 0 && dy != 0 {
			return false
		}
		if dx == 0 && abs64(dy) >= 2 {
			slides = true
		}
	}
	return slides
}

// score returns the structure terms from player pl's view.
func (s *structTerms) score(p *core.Position, pl core.Player) int {
	var count [2][core.MaxBoardSide]uint8
	var lo, hi [2][core.MaxBoardSide]int8 // lowest and highest rank of a pawn on each file
	var pairs [2]uint64                   // bit 2t+colour: a colour-bound piece of type t on that colour
	var rooks [2][8]core.Square
	var nrooks [2]int
	var pawns [2][2 * core.MaxBoardSide]core.Square
	var npawns [2]int
	for f := 0; f < s.files; f++ {
		lo[0][f], lo[1][f], hi[0][f], hi[1][f] = core.MaxBoardSide, core.MaxBoardSide, -1, -1
	}
	material := 0
	for q := 0; q < 2; q++ {
		for _, sq := range p.PieceSquares(core.Player(q)) {
			t := p.At(sq).Type()
			switch {
			case s.pawn[t]:
				f, rk := s.file[sq], s.rank[sq]
				count[q][f]++
				lo[q][f] = min(lo[q][f], rk)
				hi[q][f] = max(hi[q][f], rk)
				if npawns[q] < len(pawns[q]) {
					pawns[q][npawns[q]] = sq
					npawns[q]++
				}
			case s.nonPawn[t]:
				material += s.values[t]
				if s.bound[t] {
					pairs[q] |= 1 << (2*uint(t) + uint(s.colour[sq]))
				}
				if s.rook[t] && nrooks[q] < len(rooks[q]) {
					rooks[q][nrooks[q]] = sq
					nrooks[q]++
				}
			}
		}
	}
	mg, eg := 0, 0 // player 0's lead
	for q := 0; q < 2; q++ {
		them := 1 - q
		sign := 1 - 2*q
		m, e := 0, 0
		for f := 0; f < s.files; f++ {
			c := int(count[q][f])
			if c == 0 {
				continue
			}
			if c > 1 {
				m -= doubledMG * (c - 1)
				e -= doubledEG * (c - 1)
			}
			if (f == 0 || count[q][f-1] == 0) && (f+1 >= s.files || count[q][f+1] == 0) {
				m -= isolatedMG * c
				e -= isolatedEG * c
			}
		}
		for _, sq := range pawns[q][:npawns[q]] {
			f, rk := int(s.file[sq]), s.rank[sq]
			passed := true
			for g := max(f-1, 0); g <= min(f+1, s.files-1); g++ {
				if s.north[q] && hi[them][g] > rk || !s.north[q] && lo[them][g] < rk {
					passed = false
					break
				}
			}
			if passed {
				m += int(s.passedMG[q][sq])
				e += int(s.passedEG[q][sq])
			}
		}
		if b := pairs[q]; b&(b>>1)&0x5555555555555555 != 0 {
			m += bishopPairMG
			e += bishopPairEG
		}
		for i := 0; i < nrooks[q]; i++ {
			f := s.file[rooks[q][i]]
			if count[q][f] == 0 {
				if count[them][f] == 0 {
					m += rookOpenMG
					e += rookOpenEG
				} else {
					m += rookHalfOpenM
					e += rookHalfOpenE
				}
			}
		}
		mg += sign * m
		eg += sign * e
	}
	ph := min(material, s.full)
	v := (mg*ph + eg*(s.full-ph)) / s.full
	if pl != 0 {
		v = -v
	}
	if p.Turn() == pl {
		v += tempo
	} else {
		v -= tempo
	}
	return v
}
