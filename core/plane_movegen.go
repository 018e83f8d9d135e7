package core

// Move generation on unbounded boards: the finite candidate set of sliders and prime leapers, and exact moves to any square.

import (
	"math/bits"
	"slices"

	"anychess/betza"
)

// PlaneNear is the number of squares next to a sliding piece (or, for a
// prime leaper, the distance) within which every destination is a
// candidate; it is also the margin of the far candidate. See CandidateSet.
const PlaneNear = 8

// planeWalkMax is the longest finite leg that generation walks square by
// square; longer legs are treated like unlimited ones (by line lookups).
const planeWalkMax = 64

// CandidateSet describes the finite set of moves that LegalMoves, perft and
// the search use on an unbounded board, where a slider or prime leaper has
// infinitely many legal moves. Every other legal move is still legal: the
// notations and IsLegal decide any destination exactly (LegalMovesTo).
//
// The set is local on purpose: every destination within a bounding box of
// all pieces would grow with the distance between them (one piece a
// trillion squares away would make it astronomically large), while these
// rules give each ray a number of candidates bounded by the number of
// pieces, wherever they stand. They keep every move that captures or blocks
// a checking piece (it lies on a line through the royal piece or is the
// blocker) and every move along a pin (step 1 of the ray), so LegalMoves is
// empty exactly when there is no legal move at all. Long legs of multi-leg
// and hopping moves follow the same rules from where the leg starts.
const CandidateSet = `On an unbounded board a slider or a prime leaper has infinitely many legal
moves; move lists, perft and the computer player use this finite candidate set
(every legal move stays playable by name). Along each ray of a slider, with
N = 8, the candidates are:
  1. the nearest N squares (for a prime leaper: the prime distances up to N);
  2. every square of the ray that lies on a line through another piece (of
     either side) along one of the variant's sliding directions (for the
     infinite plane: the rank, file or a diagonal of some piece);
  3. the square just before the piece that stops the ray, and the capture of
     that piece when it is an enemy;
  4. on an open ray (nothing ahead), one far square: N squares past the
     farthest square of 1 and 2 (for a prime leaper, the first prime
     distance from there on that lands on an empty square).
A prime leaper also captures every enemy on its lines at a prime distance.
Leaps (king, knight, hawk, pawn steps) are never cut: all of them count.`

// planePseudoMoves generates the candidate pseudo-legal moves on an
// unbounded board.
func (p *Position) planePseudoMoves(buf []Move) []Move {
	r := p.rules
	us := p.turn
	moves := r.plane.moves[us]
	pcs := p.plane.pieces[us]
	for i := 0; i < len(pcs); i++ {
		from, pc, c := p.lists[us].sqs[i], pcs[i].pc, pcs[i].c
		pm := &moves[pc.Type()]
		for j := range pm.steps {
			buf = p.planeStepMoves(buf, from, c, pc, &pm.steps[j], nil)
		}
		for j := range pm.paths {
			buf = p.planePathMoves(buf, from, c, pc, &pm.paths[j], nil)
		}
	}
	if r.Hooks.Generate != nil {
		buf = r.Hooks.Generate(p, buf)
	}
	return buf
}

// offset returns c + k*d and whether it lies on the plane.
func offset(c Coord, d vec64, k int64) (Coord, bool) {
	const kMax, dMax = 1 << 40, 1 << 20 // |k*d| < 2^60: no overflow with |c| < 2^62
	if k > -kMax && k < kMax && d.x > -dMax && d.x < dMax && d.y > -dMax && d.y < dMax {
		to := Coord{c.X + k*d.x, c.Y + k*d.y}
		return to, inPlane(to)
	}
	dx, ok1 := mulChecked(d.x, k)
	dy, ok2 := mulChecked(d.y, k)
	if !ok1 || !ok2 {
		return Coord{}, false
	}
	x, ok1 := addChecked(c.X, dx)
	y, ok2 := addChecked(c.Y, dy)
	to := Coord{x, y}
	return to, ok1 && ok2 && inPlane(to)
}

// rayLimit returns the most steps d can be taken from c within the plane.
func rayLimit(c Coord, d vec64) int64 {
	lim := planeUnlimited
	axis := func(v, dv int64) {
		switch {
		case dv > 0:
			lim = min(lim, (MaxPlaneCoord-v)/dv)
		case dv < 0:
			lim = min(lim, (v+MaxPlaneCoord)/(-dv))
		}
	}
	axis(c.X, d.x)
	axis(c.Y, d.y)
	return lim
}

// stepsAlong returns k when (dx, dy) = k*(vx, vy) with k ≥ 1.
func stepsAlong(dx, dy, vx, vy int64) (int64, bool) {
	var k int64
	switch {
	case vx == 0:
		if dx != 0 {
			return 0, false
		}
		var ok bool
		if k, ok = exactQuotient(dy, vy); !ok {
			return 0, false
		}
	case vy == 0:
		if dy != 0 {
			return 0, false
		}
		var ok bool
		if k, ok = exactQuotient(dx, vx); !ok {
			return 0, false
		}
	default:
		var ok bool
		if k, ok = exactQuotient(dx, vx); !ok {
			return 0, false
		}
		if ky, ok := exactQuotient(dy, vy); !ok || ky != k {
			return 0, false
		}
	}
	return k, k >= 1
}

// exactQuotient returns a/v when v (not 0) divides a; the unit steps of
// ranks, files and diagonals need no division.
func exactQuotient(a, v int64) (int64, bool) {
	switch v {
	case 1:
		return a, true
	case -1:
		return -a, true
	}
	if a%v != 0 {
		return 0, false
	}
	return a / v, true
}

// planeTarget returns the steps from c to tgt along d, or false.
func planeTarget(c Coord, d vec64, tgt *Coord) (int64, bool) {
	return stepsAlong(tgt.X-c.X, tgt.Y-c.Y, d.x, d.y)
}

// planeStepMoves generates the moves of one compiled step of the piece pc
// on from (at c). With tgt set, only the moves landing on tgt, decided
// exactly; without, the candidate set.
func (p *Position) planeStepMoves(buf []Move, from Square, c Coord, pc Piece, s *planeStep, tgt *Coord) []Move {
	b := p.plane
	if s.flags&sfInitial != 0 && !b.virgin[from] {
		return buf
	}
	if s.prime > 0 {
		return p.planePrimeMoves(buf, from, c, pc, s, tgt)
	}
	if s.max > 1 {
		return p.planeRideMoves(buf, from, c, pc, s, tgt)
	}
	to, ok := offset(c, s.d, 1)
	if !ok || tgt != nil && to != *tgt {
		return buf
	}
	for k := 0; k < int(s.nLame); k++ {
		if lc, ok := offset(c, s.lame[k], 1); !ok || b.atCoord(lc) != Empty {
			return buf
		}
	}
	target := b.atCoord(to)
	if target == Empty {
		return p.planeQuiet(buf, from, c, pc, s, to, 1)
	}
	if target.Owner() != pc.Owner() && s.flags&sfCapture != 0 {
		buf = p.planePromotions(buf, NewMove(from, b.square(to)), to, pc)
	}
	return buf
}

// planeQuiet adds the move of step s to the empty square to, k steps from
// c: a plain move, a double step, or an en-passant capture.
func (p *Position) planeQuiet(buf []Move, from Square, c Coord, pc Piece, s *planeStep, to Coord, k int64) []Move {
	b := p.plane
	switch {
	case s.flags&sfMove != 0:
		m := NewMove(from, b.square(to))
		if s.flags&sfDouble != 0 && (k > 1 || s.nLame == 1) {
			m.Kind = KindDoubleStep
			passed, _ := offset(to, vec64{-s.d.x, -s.d.y}, 1)
			if s.nLame == 1 {
				passed, _ = offset(c, s.lame[0], 1)
			}
			m.Victims[0] = b.square(passed)
		}
		return p.planePromotions(buf, m, to, pc)
	case s.flags&sfEP != 0 && p.ep != NoSquare && p.epVictim != NoSquare && b.coord(p.ep) == to:
		if v := b.at(p.epVictim); v.IsPiece() && v.Owner() != pc.Owner() {
			m := NewMove(from, p.ep)
			m.Kind = KindEnPassant
			m.Victims[0] = p.epVictim
			return p.planePromotions(buf, m, to, pc)
		}
	}
	return buf
}

// planePromotions appends m, expanded into promotions when a pawn reaches
// its promotion region.
func (p *Position) planePromotions(buf []Move, m Move, to Coord, pc Piece) []Move {
	us := pc.Owner()
	pr := &p.rules.promotion[us]
	if !p.rules.Pieces[pc.Type()].Pawn || pr.region == nil || !pr.region.containsCoord(to) {
		return append(buf, m)
	}
	return pr.expand(buf, m)
}

// planeRideMoves generates the moves of a slider or rider step.
func (p *Position) planeRideMoves(buf []Move, from Square, c Coord, pc Piece, s *planeStep, tgt *Coord) []Move {
	b := p.plane
	limit := min(s.max, rayLimit(c, s.d))
	bsq, bk, blocked := b.lines[s.ray.fam].first(c, s.ray.sign, s.ray.mult)
	reach, capture := limit, int64(0)
	if blocked && bk <= limit {
		reach = bk - 1
		if t := b.at(bsq); t.Owner() != pc.Owner() && s.flags&sfCapture != 0 {
			capture = bk
		}
	} else {
		blocked = false
	}
	if tgt != nil {
		k, ok := planeTarget(c, s.d, tgt)
		switch {
		case !ok:
		case k == capture:
			buf = p.planePromotions(buf, NewMove(from, bsq), *tgt, pc)
		case k <= reach:
			buf = p.planeQuiet(buf, from, c, pc, s, *tgt, k)
		}
		return buf
	}
	if capture > 0 {
		to, _ := offset(c, s.d, capture)
		buf = p.planePromotions(buf, NewMove(from, bsq), to, pc)
	}
	if reach < 1 || s.flags&(sfMove|sfEP) == 0 {
		return buf
	}
	if s.flags&sfMove == 0 {
		// Only an en-passant capture can land on an empty square.
		if p.ep != NoSquare {
			e := b.coord(p.ep)
			if k, ok := planeTarget(c, s.d, &e); ok && k <= reach {
				buf = p.planeQuiet(buf, from, c, pc, s, e, k)
			}
		}
		return buf
	}
	ks := b.rayCandidates(b.ks[:0], c, s.d, s.ray.fam, reach, !blocked, 0)
	for _, k := range ks {
		to, _ := offset(c, s.d, k)
		buf = p.planeQuiet(buf, from, c, pc, s, to, k)
	}
	b.ks = ks[:0]
	return buf
}

// rayCandidates appends the candidate step counts in [1, reach] of the ray
// from c along d (family fam), sorted and distinct: the near squares, the
// squares lined up with other pieces, and on an open ray one far square
// (blocked: the square before the blocker, which is reach). With prime > 0
// only prime counts of at least prime are kept (the caller checks what
// stands on them).
func (b *planeBoard) rayCandidates(ks []int64, c Coord, d vec64, fam int, reach int64, open bool, prime int64) []int64 {
	near := min(reach, PlaneNear)
	for k := int64(1); k <= near; k++ {
		if prime == 0 || k >= prime && IsPrime(uint64(k)) {
			ks = append(ks, k)
		}
	}
	if reach <= PlaneNear {
		return ks
	}
	start := len(ks)
	ks = b.lineUps(ks, c, d, fam, PlaneNear+1, reach)
	farthest := int64(PlaneNear)
	out := start
	for _, k := range ks[start:] {
		if prime == 0 || k >= prime && IsPrime(uint64(k)) {
			ks[out] = k
			out++
			farthest = max(farthest, k)
		}
	}
	ks = ks[:out]
	switch {
	case prime > 0:
		if far := b.farPrime(c, d, farthest+PlaneNear, reach); far > 0 {
			ks = append(ks, far)
		}
	case open:
		ks = append(ks, min(reach, farthest+PlaneNear))
	default:
		ks = append(ks, reach)
	}
	tail := ks[start:]
	slices.Sort(tail)
	return ks[:start+len(slices.Compact(tail))]
}

// lineUps appends the step counts k in [lo, hi] at which c + k*d lies on a
// line of another family through some piece. The lines of each family are sorted by key, and
// the key of the point k steps out is linear in k, so only the lines that
// cross the segment are visited.
func (b *planeBoard) lineUps(ks []int64, c Coord, d vec64, fam int, lo, hi int64) []int64 {
	for gi := range b.lines {
		l := &b.lines[gi]
		den := d.x*l.vy - d.y*l.vx
		if gi == fam || den == 0 {
			continue
		}
		cc := l.key(c)
		kLo := cc.add(i128(lo).mulSmall(den))
		kHi := cc.add(i128(hi).mulSmall(den))
		if den < 0 {
			kLo, kHi = kHi, kLo
		}
		// The dense lines: a scan of the bit set over the keys in range.
		if kHi.cmp(i128(-lineWindow)) >= 0 && kLo.cmp(i128(lineWindow-1)) <= 0 {
			from, to := -lineWindow, lineWindow-1
			if v, ok := kLo.int64Value(); ok && v > int64(from) {
				from = int(v)
			}
			if v, ok := kHi.int64Value(); ok && v < int64(to) {
				to = int(v)
			}
			for j := from + lineWindow; j <= to+lineWindow; {
				w := l.occ[j/64] >> (j % 64)
				if w == 0 {
					j = (j/64 + 1) * 64
					continue
				}
				j += bits.TrailingZeros64(w)
				if j > to+lineWindow {
					break
				}
				if k, ok := i128(int64(j - lineWindow)).sub(cc).divSmall(den); ok {
					ks = append(ks, k)
				}
				j++
			}
		}
		if len(l.keys) == 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(l.keys, kLo, int128.cmp)
		for ; i < len(l.keys) && l.keys[i].cmp(kHi) <= 0; i++ {
			if k, ok := l.keys[i].sub(cc).divSmall(den); ok {
				ks = append(ks, k)
			}
		}
	}
	return ks
}

// farPrime returns the first prime step count from least on that is at most
// reach and lands on an empty square, or 0.
func (b *planeBoard) farPrime(c Coord, d vec64, least, reach int64) int64 {
	for tries := 0; tries < 64; tries++ {
		k := int64(b.nextPrime(uint64(least), uint64(reach)+1))
		if k == 0 {
			return 0
		}
		to, _ := offset(c, d, k)
		if b.atCoord(to) == Empty {
			return k
		}
		least = k + 1
	}
	return 0
}

// nextPrime is nextPrime with a small memo: the far squares of prime leapers
// are asked for again and again.
func (b *planeBoard) nextPrime(n, limit uint64) uint64 {
	m := &b.primes[n%uint64(len(b.primes))]
	if m.from == n && m.prime != 0 {
		if m.prime < limit {
			return m.prime
		}
		return 0
	}
	q := nextPrime(n, 1<<63)
	*m = primeMemo{from: n, prime: q}
	if q >= limit {
		return 0
	}
	return q
}

// planePrimeMoves generates the moves of a prime leap: candidates that land
// on empty squares, and every capture at a prime distance.
func (p *Position) planePrimeMoves(buf []Move, from Square, c Coord, pc Piece, s *planeStep, tgt *Coord) []Move {
	b := p.plane
	reach := rayLimit(c, s.d)
	land := func(buf []Move, to Coord, captures bool) []Move {
		t := b.atCoord(to)
		switch {
		case t == Empty && s.flags&sfMove != 0:
			return p.planePromotions(buf, NewMove(from, b.square(to)), to, pc)
		case t != Empty && captures && t.Owner() != pc.Owner() && s.flags&sfCapture != 0:
			sq, _ := b.lookup(to)
			return p.planePromotions(buf, NewMove(from, sq), to, pc)
		}
		return buf
	}
	if tgt != nil {
		if k, ok := planeTarget(c, s.d, tgt); ok && k <= reach && k >= s.prime && IsPrime(uint64(k)) {
			buf = land(buf, *tgt, true)
		}
		return buf
	}
	if s.flags&sfCapture != 0 {
		l := &b.lines[s.ray.fam]
		if line := l.lineAt(c); line != nil {
			span := uint64(l.unit() * s.ray.mult)
			pc0 := l.param(c)
			for _, e := range line.entries {
				var d uint64
				switch {
				case s.ray.sign > 0 && e.param > pc0:
					d = uint64(e.param) - uint64(pc0)
				case s.ray.sign < 0 && e.param < pc0:
					d = uint64(pc0) - uint64(e.param)
				default:
					continue
				}
				if k := d / span; d%span == 0 && k >= uint64(s.prime) && IsPrime(k) {
					if t := b.at(e.sq); t.Owner() != pc.Owner() {
						to, _ := offset(c, s.d, int64(k))
						buf = p.planePromotions(buf, NewMove(from, e.sq), to, pc)
					}
				}
			}
		}
	}
	if s.flags&sfMove == 0 {
		return buf
	}
	ks := b.rayCandidates(b.ks[:0], c, s.d, s.ray.fam, reach, true, s.prime)
	for _, k := range ks {
		to, _ := offset(c, s.d, k)
		buf = land(buf, to, false)
	}
	b.ks = ks[:0]
	return buf
}

// planePathMoves generates the moves of a complex path (hoppers, jumps,
// multi-leg and locust moves) by walking its legs.
func (p *Position) planePathMoves(buf []Move, from Square, c Coord, pc Piece, cp *planePath, tgt *Coord) []Move {
	if cp.initial && !p.plane.virgin[from] {
		return buf
	}
	w := planeWalker{p: p, pc: pc, cp: cp, tgt: tgt, origin: c}
	return w.leg(buf, 0, c, NewMove(from, NoSquare), 0)
}

// planeWalker walks the legs of one complex path.
type planeWalker struct {
	p      *Position
	pc     Piece
	cp     *planePath
	tgt    *Coord
	origin Coord // where the moving piece stands (its square counts as empty)
}

// cell returns what stands at c for the walk: the mover's own square is empty.
func (w *planeWalker) cell(c Coord) Piece {
	if c == w.origin {
		return Empty
	}
	return w.p.plane.atCoord(c)
}

// leg follows leg li from c; m collects locust victims (nv so far).
func (w *planeWalker) leg(buf []Move, li int, c Coord, m Move, nv int) []Move {
	l := &w.cp.legs[li]
	for _, d := range l.lame {
		if lc, ok := offset(c, d, 1); !ok || w.cell(lc) != Empty {
			return buf
		}
	}
	if l.max > planeWalkMax {
		return w.ray(buf, li, c, m, nv)
	}
	screened := false
	for n := int64(1); n <= l.max; n++ {
		to, ok := offset(c, l.d, n)
		if !ok {
			return buf
		}
		t := w.cell(to)
		if l.jump {
			if l.max == 1 {
				// A jumping leaper: its midpoint must be occupied.
				if l.d.x%2 != 0 || l.d.y%2 != 0 {
					return buf
				}
				if mid, _ := offset(c, vec64{l.d.x / 2, l.d.y / 2}, 1); w.cell(mid) == Empty {
					return buf
				}
			} else if n == 1 {
				continue // a jumping slider skips its first square
			}
		}
		if l.hopOver && !screened {
			screened = t != Empty
			continue
		}
		buf = w.land(buf, li, to, t, m, nv)
		if t != Empty || l.hopOver && l.stop {
			return buf
		}
	}
	return buf
}

// land handles the square to (holding t) where leg li may end or turn.
func (w *planeWalker) land(buf []Move, li int, to Coord, t Piece, m Move, nv int) []Move {
	l := &w.cp.legs[li]
	b := w.p.plane
	us := w.pc.Owner()
	if li == len(w.cp.legs)-1 {
		if w.tgt != nil && to != *w.tgt {
			return buf
		}
		if t == Empty && l.mode&betza.Move != 0 || t != Empty && t.Owner() != us && l.mode&betza.Capture != 0 {
			mm := m
			mm.To = b.square(to)
			if mm.To == mm.From && mm.Victims[0] == NoSquare {
				return buf // a round trip that does nothing is no move
			}
			buf = w.p.planePromotions(buf, mm, to, w.pc)
		}
		return buf
	}
	if t == Empty {
		if l.mode&betza.Move != 0 {
			buf = w.leg(buf, li+1, to, m, nv)
		}
		return buf
	}
	enemy := t.Owner() != us
	if l.mode&betza.Hop != 0 || !enemy && l.mode&betza.Friend != 0 || enemy && l.mode&betza.Enemy != 0 {
		buf = w.leg(buf, li+1, to, m, nv)
	}
	if enemy && l.mode&betza.Capture != 0 && nv < MaxVictims {
		mm := m
		mm.Victims[nv] = b.square(to)
		buf = w.leg(buf, li+1, to, mm, nv+1)
	}
	return buf
}

// next returns the steps to the first occupied square after step k of the
// ray from c along leg l (the mover's own square counts as empty), or 0.
func (w *planeWalker) next(l *planeLeg, c Coord, k int64) int64 {
	from, ok := offset(c, l.d, k)
	if !ok {
		return 0
	}
	lines := &w.p.plane.lines[l.ray.fam]
	for {
		_, n, found := lines.first(from, l.ray.sign, l.ray.mult)
		if !found {
			return 0
		}
		k += n
		at, ok := offset(c, l.d, k)
		if !ok {
			return 0
		}
		if at != w.origin {
			return k
		}
		from = at
	}
}

// ray follows a long leg by line lookups instead of square by square.
func (w *planeWalker) ray(buf []Move, li int, c Coord, m Move, nv int) []Move {
	l := &w.cp.legs[li]
	limit := min(l.max, rayLimit(c, l.d))
	start := int64(0) // steps already passed
	if l.jump {
		start = 1 // a jumping slider skips its first square
	}
	if l.hopOver {
		screen := w.next(l, c, start)
		if screen == 0 || screen >= limit {
			return buf
		}
		if l.stop {
			to, _ := offset(c, l.d, screen+1)
			return w.land(buf, li, to, w.cell(to), m, nv)
		}
		start = screen
	}
	stop := w.next(l, c, start)
	reach := limit
	if stop > 0 && stop <= limit {
		reach = stop - 1
		to, _ := offset(c, l.d, stop)
		buf = w.land(buf, li, to, w.cell(to), m, nv)
	} else {
		stop = 0
	}
	if reach <= start || li != len(w.cp.legs)-1 || l.mode&betza.Move == 0 {
		return buf // a leg before the last stops only on pieces (checked when compiled)
	}
	from, _ := offset(c, l.d, start)
	if w.tgt != nil {
		if k, ok := planeTarget(from, l.d, w.tgt); ok && k <= reach-start {
			buf = w.land(buf, li, *w.tgt, Empty, m, nv)
		}
		return buf
	}
	b := w.p.plane
	ks := b.rayCandidates(b.ks[:0], from, l.d, l.ray.fam, reach-start, stop == 0, 0)
	for _, k := range ks {
		to, _ := offset(from, l.d, k)
		buf = w.land(buf, li, to, Empty, m, nv)
	}
	b.ks = ks[:0]
	return buf
}
