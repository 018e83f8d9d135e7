package search

// Structure terms of the generic evaluation (two players on a bounded board): pawn structure, pawn threats, the pair of colour-bound pieces, sliders on open files, tempo and royal safety, each a count with tuned middlegame and endgame weights.

import (
	"math"
	"math/bits"

	"anychess/core"
)

// The structure terms, each from the rules' data, not a variant's name:
//
//   - a pawn is a piece type marked pawn that promotes for both players,
//     on a board where the players move up and down it (files are its
//     columns);
//   - a passed pawn (no enemy pawn ahead of it on its file or the files
//     next to it) gains the weight of its progress (passed-0 on the
//     second rank … passed-5 one step from the last, in sixths of the
//     way on other boards); passed-blocked when an enemy piece stands on
//     the square ahead of it; passed-king per step the enemy royal piece
//     stands farther than its own from that square (at most 4);
//   - each pawn beyond the first on a file counts doubled; a pawn without
//     its own pawns on the files next to it isolated; pawn-threat for each
//     enemy piece (neither pawn nor royal) a pawn attacks, pawn-support
//     for each own pawn it defends;
//   - a side with two pieces of one colour-bound type (a type whose every
//     move keeps the square's colour: the bishop) on both colours gains
//     pair;
//   - a rook-like slider (a non-royal type whose moves are all orthogonal
//     and which slides along its file) on a file without its own pawns
//     gains rook-half-open, rook-open when the file has no pawn at all;
//   - the side to move gains tempo;
//   - royal safety (with royal pieces): safety for each square next to
//     the royal piece that an enemy attacks, safety-sq for that count
//     squared; shield for each own pawn one or two steps ahead of a royal
//     piece on its own first two ranks, on its file or the next;
//   - mobility: the squares each piece (neither pawn nor royal) could
//     capture on by its plain leaps and slides (core.Position.Reach),
//     leaving out those of its own pieces and those an enemy pawn
//     attacks, in eighths of its type's average over the empty board (so
//     a square counts more for a knight than for a queen). It is counted
//     only when one of its weights is not 0 (the default).
//
// Each term has a middlegame and an endgame weight (NAME.mg, NAME.eg in a
// tuned weights file, Weights.Terms), blended by the phase: the non-pawn,
// non-royal material on the board over that of the start position. The
// defaults are the hand-set figures the terms had before they were tuned
// (the new ones 0).
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

// A structTerm indexes the structure terms' counts and weights.
type structTerm int

const (
	stPassed0 structTerm = iota // passed pawns by progress: stPassed0 … stPassed5
	stPassed1
	stPassed2
	stPassed3
	stPassed4
	stPassed5
	stPassedBlocked
	stPassedKing
	stDoubled
	stIsolated
	stPawnThreat
	stPawnSupport
	stPair
	stRookOpen
	stRookHalfOpen
	stTempo
	stSafety
	stSafetySq
	stShield
	stMobility
	numStructTerms
)

// passedBuckets is the number of steps of progress a passed pawn's weight
// distinguishes (chess's second to seventh rank).
const passedBuckets = int(stPassed5-stPassed0) + 1

// structNames are the terms' names in a weights file (without .mg, .eg).
var structNames = [numStructTerms]string{"passed-0", "passed-1", "passed-2", "passed-3", "passed-4", "passed-5",
	"passed-blocked", "passed-king", "doubled", "isolated", "pawn-threat", "pawn-support",
	"pair", "rook-open", "rook-half-open", "tempo", "safety", "safety-sq", "shield", "mobility"}

// structDefaults returns the structure terms' default weights, middlegame
// and endgame.
func structDefaults() (mg, eg [numStructTerms]int32) {
	for b := 0; b < passedBuckets; b++ {
		g := float64(b) / float64(passedBuckets-1)
		mg[b] = int32(int16(passedMG + passedGrowMG*g*g))
		eg[b] = int32(int16(passedEG + passedGrowEG*g*g))
	}
	set := func(t structTerm, m, e int32) { mg[t], eg[t] = m, e }
	set(stDoubled, -doubledMG, -doubledEG)
	set(stIsolated, -isolatedMG, -isolatedEG)
	set(stPair, bishopPairMG, bishopPairEG)
	set(stRookOpen, rookOpenMG, rookOpenEG)
	set(stRookHalfOpen, rookHalfOpenM, rookHalfOpenE)
	set(stTempo, tempo, tempo)
	set(stSafety, -royalSafety, -royalSafety)
	return mg, eg
}

// structDefs returns the structure terms as named evaluation terms: for
// each term, NAME.mg then NAME.eg.
func structDefs() []core.EvalTerm {
	mg, eg := structDefaults()
	defs := make([]core.EvalTerm, 0, 2*numStructTerms)
	for i, name := range structNames {
		defs = append(defs, core.EvalTerm{Name: name + ".mg", Default: int(mg[i])}, core.EvalTerm{Name: name + ".eg", Default: int(eg[i])})
	}
	return defs
}

// maxStructTypes bounds the piece types the pair term tracks (two bits a
// type in a uint64).
const maxStructTypes = 32

// structTerms holds one variant's tables and weights for the structure
// terms.
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
	// bucket[pl][sq]: the passed-pawn term (stPassed0 …) of player pl's
	// pawn on sq, −1 where none applies; ahead[pl][sq]: the square one step
	// forward of sq for player pl, or NoSquare.
	bucket [2][]int8
	ahead  [2][]core.Square
	// attacks[pl][sq]: the squares a pawn of player pl on sq attacks
	// (the first pawn type's).
	attacks [2][]pawnAttacks
	// shield[pl][sq]: for a royal piece of player pl on sq on its first
	// two ranks, the squares one and two steps ahead of it on its file
	// and the next; nil elsewhere.
	shield [2][][]core.Square
	safety bool // royal safety is counted here (two players, royal pieces)
	full   int  // the start's non-pawn material (≥ 1)
	values []int
	// mobility[t]: 256 / the average Reach of type t over the empty board
	// (0 for pawns, royal pieces and types that reach nothing).
	mobility []int32
	// mobilityOn: a weight of the mobility term is not 0.
	mobilityOn bool
	// mg and eg are the weights, by term.
	mg, eg [numStructTerms]int32
	// pawnKey[pl][sq]: a random key of player pl's pawn on sq, for
	// pawnCache.
	pawnKey [2][]uint64
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
	s.mg, s.eg = structDefaults()
	s.nonPawn, s.full = phaseTypes(r, values)
	f0, f1 := forwardOf(r, 0), forwardOf(r, 1)
	upDown := f0.X == 0 && f1.X == 0 && f0.Y == -f1.Y
	s.north = [2]bool{f0.Y > 0, f1.Y > 0}
	pawnsPromote := upDown && promotes(r, 0) && promotes(r, 1)
	pawnType := core.PieceType(0)
	for t := 1; t < n; t++ {
		info := &r.Pieces[t]
		s.pawn[t] = info.Pawn && pawnsPromote
		if s.pawn[t] && pawnType == 0 {
			pawnType = core.PieceType(t)
		}
		s.safety = s.safety || info.Royal
		if info.Royal || info.Pawn {
			continue
		}
		s.bound[t] = colourBound(r, core.PieceType(t))
		s.rook[t] = rookLike(r, core.PieceType(t))
	}
	s.mobility = make([]int32, n)
	for t := 1; t < n; t++ {
		if s.nonPawn[t] {
			s.mobility[t] = mobilityScale(r, core.PieceType(t))
		}
	}
	size := b.Size()
	s.file, s.rank, s.colour = make([]int8, size), make([]int8, size), make([]uint8, size)
	for _, sq := range b.Squares() {
		c := b.Coord(sq)
		s.file[sq], s.rank[sq], s.colour[sq] = int8(c.X), int8(c.Y), uint8((c.X+c.Y)&1)
	}
	for pl := 0; pl < 2; pl++ {
		s.pawnKey[pl] = make([]uint64, size)
		for sq := range s.pawnKey[pl] {
			s.pawnKey[pl][sq] = mix64(uint64(pl)<<32 | uint64(sq) | 0x9A3E<<40)
		}
		s.bucket[pl], s.ahead[pl] = make([]int8, size), make([]core.Square, size)
		s.attacks[pl], s.shield[pl] = make([]pawnAttacks, size), make([][]core.Square, size)
		for i := range s.bucket[pl] {
			s.bucket[pl][i], s.ahead[pl][i] = -1, core.NoSquare
		}
		fwd := forwardOf(r, core.Player(pl))
		far := 0
		for _, sq := range b.Squares() {
			far = max(far, progress(b.Coord(sq), fwd, b))
		}
		for _, sq := range b.Squares() {
			c := b.Coord(sq)
			if a := b.Square(core.Coord{X: c.X, Y: c.Y + fwd.Y}); a != core.NoSquare && b.Playable(a) {
				s.ahead[pl][sq] = a
			}
			if pawnType != 0 {
				s.attacks[pl][sq] = pawnAttacksFrom(r, core.Player(pl), pawnType, sq)
			}
			if progress(c, fwd, b) <= 1 {
				for dy := int64(1); dy <= 2; dy++ {
					for dx := int64(-1); dx <= 1; dx++ {
						if a := b.Square(core.Coord{X: c.X + dx, Y: c.Y + dy*fwd.Y}); a != core.NoSquare && b.Playable(a) {
							s.shield[pl][sq] = append(s.shield[pl][sq], a)
						}
					}
				}
			}
			if !pawnsPromote || far < 3 {
				continue
			}
			// 0 on the second rank, 1 one step from the last.
			g := max(float64(progress(c, fwd, b)-1), 0) / float64(far-2)
			s.bucket[pl][sq] = int8(math.Round(min(g, 1) * float64(passedBuckets-1)))
		}
	}
	return s
}

// pawnAttacks are the squares a pawn attacks from one square: sq[:n].
type pawnAttacks struct {
	n  uint8
	sq [4]core.Square
}

// pawnAttacksFrom returns the squares (within 2 steps, the first 4) a pawn
// of type t of player pl attacks from sq on an otherwise empty board.
func pawnAttacksFrom(r *core.Rules, pl core.Player, t core.PieceType, sq core.Square) pawnAttacks {
	b := r.Board
	p := r.NewPosition()
	p.Put(sq, core.MakePiece(pl, t))
	c := b.Coord(sq)
	var out pawnAttacks
	for dy := int64(-2); dy <= 2; dy++ {
		for dx := int64(-2); dx <= 2; dx++ {
			a := b.Square(core.Coord{X: c.X + dx, Y: c.Y + dy})
			if a == core.NoSquare || a == sq || !b.Playable(a) || !p.Attacks(a, pl) || int(out.n) == len(out.sq) {
				continue
			}
			out.sq[out.n] = a
			out.n++
		}
	}
	return out
}

// withWeights returns s with the weights w (by term, middlegame and
// endgame interleaved, as structDefs names them).
func (s *structTerms) withWeights(w []int) *structTerms {
	c := *s
	for i := range numStructTerms {
		c.mg[i], c.eg[i] = int32(w[2*i]), int32(w[2*i+1])
	}
	c.mobilityOn = c.mg[stMobility] != 0 || c.eg[stMobility] != 0
	return &c
}

// mobilityWords bounds the squares (by their index in the board's
// mailbox) that the mobility term can tell are attacked by an enemy pawn:
// 64 × mobilityWords. A board larger than that counts the rest as safe.
const mobilityWords = 48

// mobilityScale returns 256 / the average number of squares a piece of
// type t reaches (core.Position.Reach) alone on the empty board, at most
// 2048 (so that counts stay far from overflow), or 0 when it reaches none.
func mobilityScale(r *core.Rules, t core.PieceType) int32 {
	total, squares := 0, 0
	p := r.NewPosition()
	for _, sq := range r.Board.Squares() {
		p.Put(sq, core.MakePiece(0, t))
		total += p.Reach(sq, nil)
		p.Put(sq, core.Empty)
		squares++
	}
	if total == 0 {
		return 0
	}
	return int32(min(math.Round(256*float64(squares)/float64(total)), 2048))
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

// counts returns the structure terms' counts, player 0's less player 1's,
// and the phase (0 to s.full). Mobility is counted when withMobility is
// true (else its count is 0). cache, if not nil, keeps the counts that the
// pawns alone decide (pawnFacts) from one call to the next.
func (s *structTerms) counts(p *core.Position, withMobility bool, cache *pawnCache) (c [numStructTerms]int32, phase int) {
	var pawns [2][2 * core.MaxBoardSide]core.Square
	var npawns [2]int
	var pairs [2]uint64 // bit 2t+colour: a colour-bound piece of type t on that colour
	var rooks [2][8]core.Square
	var nrooks [2]int
	key := pawnKeySeed
	material := 0
	for q := 0; q < 2; q++ {
		for _, sq := range p.PieceSquares(core.Player(q)) {
			t := p.At(sq).Type()
			switch {
			case s.pawn[t]:
				if npawns[q] < len(pawns[q]) {
					pawns[q][npawns[q]] = sq
					npawns[q]++
					key ^= s.pawnKey[q][sq] + uint64(t)
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
	// The pawn facts: the cache's, or found now (and kept when they fit).
	var local pawnFacts
	facts := &local
	var passed [2][]core.Square // each player's passed pawns
	if slot := cache.slot(key); slot != nil && slot.key == key {
		facts = slot
		for q := range passed {
			passed[q] = slot.passed[q][:slot.npassed[q]]
		}
	} else {
		var n [2]int
		if cache == nil {
			var buf [2][2 * core.MaxBoardSide]core.Square
			n = s.pawnFacts(p, &pawns, npawns, facts, &buf)
			passed = [2][]core.Square{buf[0][:n[0]], buf[1][:n[1]]}
		} else {
			n = s.pawnFacts(p, &pawns, npawns, facts, &cache.passed)
			passed = [2][]core.Square{cache.passed[0][:n[0]], cache.passed[1][:n[1]]}
			if n[0] <= maxPassed && n[1] <= maxPassed {
				facts.key = key
				*slot = *facts
			}
		}
	}
	c = facts.counts32()
	var mobility [2]int32
	if withMobility {
		mobility = s.mobilityCounts(p, &pawns, npawns)
	}
	for q := 0; q < 2; q++ {
		them := 1 - q
		var n [numStructTerms]int32
		n[stMobility] = mobility[q]
		own, enemy := p.Royal(core.Player(q)), p.Royal(core.Player(them))
		for _, sq := range pawns[q][:npawns[q]] {
			att := &s.attacks[q][sq]
			for _, a := range att.sq[:att.n] {
				if pc := p.At(a); pc.IsPiece() && int(pc.Owner()) == them && s.nonPawn[pc.Type()] {
					n[stPawnThreat]++
				}
			}
		}
		for _, sq := range passed[q] {
			a := s.ahead[q][sq]
			if a == core.NoSquare {
				continue
			}
			if pc := p.At(a); pc.IsPiece() && int(pc.Owner()) == them {
				n[stPassedBlocked]++
			}
			if own != core.NoSquare && enemy != core.NoSquare {
				n[stPassedKing] += int32(max(-4, min(4, s.distance(enemy, a)-s.distance(own, a))))
			}
		}
		if b := pairs[q]; b&(b>>1)&0x5555555555555555 != 0 {
			n[stPair]++
		}
		for i := 0; i < nrooks[q]; i++ {
			f := uint(s.file[rooks[q][i]])
			if facts.files[q]>>f&1 == 0 {
				if facts.files[them]>>f&1 == 0 {
					n[stRookOpen]++
				} else {
					n[stRookHalfOpen]++
				}
			}
		}
		if p.Turn() == core.Player(q) {
			n[stTempo]++
		}
		if s.safety && own != core.NoSquare {
			k := int32(bits.OnesCount8(p.AttackedAround(p.Coord(own), core.Player(q))))
			n[stSafety] += k
			n[stSafetySq] += k * k
			for _, a := range s.shield[q][own] {
				if pc := p.At(a); pc.IsPiece() && int(pc.Owner()) == q && s.pawn[pc.Type()] {
					n[stShield]++
				}
			}
		}
		sign := int32(1 - 2*q)
		for i := range c {
			c[i] += sign * n[i]
		}
	}
	return c, min(material, s.full)
}

// pawnFacts are what the pawns alone decide of the structure terms: the
// counts of the passed (by progress), doubled, isolated and supported
// pawns, player 0's less player 1's; the files holding a pawn of each
// player; and each player's passed pawns, whose other terms depend on the
// pieces around them.
type pawnFacts struct {
	key     uint64 // the pawns' key (pawnCache), 0 in an empty slot
	counts  [numStructTerms]int16
	files   [2]uint64 // bit f: a pawn of the player on file f
	passed  [2][maxPassed]core.Square
	npassed [2]uint8
}

// maxPassed bounds the passed pawns a player's pawnFacts lists; a
// position with more is counted without the cache.
const maxPassed = 8

// counts32 returns the facts' counts as counts adds to them.
func (f *pawnFacts) counts32() (c [numStructTerms]int32) {
	for i, k := range f.counts {
		c[i] = int32(k)
	}
	return c
}

// pawnFacts fills f from the pawns of each player (pawns[q][:npawns[q]]),
// lists each player's passed pawns in passed, and returns how many each
// has; f.passed holds the first maxPassed of them.
func (s *structTerms) pawnFacts(p *core.Position, pawns *[2][2 * core.MaxBoardSide]core.Square, npawns [2]int, f *pawnFacts, passed *[2][2 * core.MaxBoardSide]core.Square) (n [2]int) {
	var count [2][core.MaxBoardSide]uint8
	var lo, hi [2][core.MaxBoardSide]int8 // lowest and highest rank of a pawn on each file
	for g := 0; g < s.files; g++ {
		lo[0][g], lo[1][g], hi[0][g], hi[1][g] = core.MaxBoardSide, core.MaxBoardSide, -1, -1
	}
	for q := 0; q < 2; q++ {
		for _, sq := range pawns[q][:npawns[q]] {
			g, rk := s.file[sq], s.rank[sq]
			count[q][g]++
			lo[q][g] = min(lo[q][g], rk)
			hi[q][g] = max(hi[q][g], rk)
			f.files[q] |= 1 << uint(g)
		}
	}
	for q := 0; q < 2; q++ {
		them := 1 - q
		sign := int16(1 - 2*q)
		for g := 0; g < s.files; g++ {
			k := int16(count[q][g])
			if k == 0 {
				continue
			}
			f.counts[stDoubled] += sign * (k - 1)
			if (g == 0 || count[q][g-1] == 0) && (g+1 >= s.files || count[q][g+1] == 0) {
				f.counts[stIsolated] += sign * k
			}
		}
		for _, sq := range pawns[q][:npawns[q]] {
			att := &s.attacks[q][sq]
			for _, a := range att.sq[:att.n] {
				if pc := p.At(a); pc.IsPiece() && int(pc.Owner()) == q && s.pawn[pc.Type()] {
					f.counts[stPawnSupport] += sign
				}
			}
			b := s.bucket[q][sq]
			if b < 0 {
				continue
			}
			g, rk := int(s.file[sq]), s.rank[sq]
			free := true
			for h := max(g-1, 0); h <= min(g+1, s.files-1); h++ {
				if s.north[q] && hi[them][h] > rk || !s.north[q] && lo[them][h] < rk {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			f.counts[b] += sign
			passed[q][n[q]] = sq
			if n[q] < maxPassed {
				f.passed[q][n[q]] = sq
				f.npassed[q]++
			}
			n[q]++
		}
	}
	return n
}

// pawnCache keeps the pawnFacts of recent positions by their pawns' key
// (the pawns of each player, by type and square), for one engine: the
// pawns change far more rarely than the rest of a position.
type pawnCache struct {
	terms   *structTerms // the terms the facts are of
	entries []pawnFacts
	mask    uint64
	// passed is pawnFacts's list of passed pawns when the facts are
	// found.
	passed [2][2 * core.MaxBoardSide]core.Square
}

// pawnCacheSize is the number of pawnFacts a pawnCache keeps.
const pawnCacheSize = 1 << 11

// pawnKeySeed starts every pawns' key, so that an empty slot (key 0)
// matches none.
const pawnKeySeed uint64 = 0x6A09E667F3BCC909

func newPawnCache(s *structTerms) *pawnCache {
	return &pawnCache{terms: s, entries: make([]pawnFacts, pawnCacheSize), mask: pawnCacheSize - 1}
}

// slot returns the cache's slot for key, nil for a nil cache.
func (c *pawnCache) slot(key uint64) *pawnFacts {
	if c == nil {
		return nil
	}
	return &c.entries[key&c.mask]
}

// mobilityCounts returns each player's mobility count, given the pawns
// of each player (pawns[q][:npawns[q]]).
func (s *structTerms) mobilityCounts(p *core.Position, pawns *[2][2 * core.MaxBoardSide]core.Square, npawns [2]int) (n [2]int32) {
	// hit[q]: the squares an enemy pawn attacks (bit sq%64 of word sq/64;
	// a square beyond them is not marked).
	var hit [2][mobilityWords]uint64
	for q := 0; q < 2; q++ {
		for _, sq := range pawns[q][:npawns[q]] {
			att := &s.attacks[q][sq]
			for _, a := range att.sq[:att.n] {
				if w := int(a >> 6); w < mobilityWords {
					hit[1-q][w] |= 1 << (uint(a) & 63)
				}
			}
		}
	}
	for q := 0; q < 2; q++ {
		reach := int32(0)
		for _, sq := range p.PieceSquares(core.Player(q)) {
			if m := s.mobility[p.At(sq).Type()]; m != 0 {
				reach += m * int32(p.Reach(sq, hit[q][:]))
			}
		}
		n[q] = reach / 32
	}
	return n
}

// distance is the number of king steps between two squares.
func (s *structTerms) distance(a, b core.Square) int {
	return int(chebyshev(core.Coord{X: int64(s.file[a]), Y: int64(s.rank[a])}, core.Coord{X: int64(s.file[b]), Y: int64(s.rank[b])}))
}

// score returns the structure terms from player pl's view; cache may be
// nil (counts).
func (s *structTerms) score(p *core.Position, pl core.Player, cache *pawnCache) int {
	c, ph := s.counts(p, s.mobilityOn, cache)
	mg, eg := 0, 0
	for i, k := range c {
		mg += int(k * s.mg[i])
		eg += int(k * s.eg[i])
	}
	v := (mg*ph + eg*(s.full-ph)) / s.full
	if pl != 0 {
		v = -v
	}
	return v
}
