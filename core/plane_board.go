package core

// Unbounded board storage inside a Position: occupied squares in a map, interned handles and per-line indices.

import (
	"math/bits"
	"slices"
)

// planeBoard is the board of a position on an unbounded board. Only occupied
// squares are stored: in a grid for the squares near the origin, in a map
// beyond. For every line direction of the variant (the primitive directions
// its riders slide along) each non-empty line has a sorted index of its
// pieces, so the first piece along a ray is found by a search of that line,
// whatever the distance.
type planeBoard struct {
	grid   []planeCell          // squares with |x|, |y| < gridHalf, by gridIndex
	cells  map[Square]planeCell // occupied squares beyond the grid
	virgin map[Square]bool      // squares whose piece has never moved (only true entries)
	marks  map[Square]uint8
	carry  map[Square]uint8
	far    []Coord // coordinates of the handles from farBase on
	farOf  map[Coord]Square
	lines  []planeLines // by line family (Rules.plane.families)
	// pieces parallels Position.lists: the piece and coordinates of each
	// square there, so that attack detection reads no map.
	pieces [MaxPlayers][]planePiece
	primes [16]primeMemo
	ks     []int64 // scratch for candidate step counts
	// version counts the changes of the board (place, clear), so that a
	// memo of it knows when it is stale.
	version uint64
	check   checkMemo
}

// gridHalf bounds the squares a planeBoard keeps in its grid.
const gridHalf = 32

// gridIndex returns the grid index of a near handle, or -1.
func gridIndex(sq Square) int {
	if sq < 0 || sq >= farBase {
		return -1
	}
	x := int(sq&nearMask) - nearHalf
	y := int(sq>>nearBits) - nearHalf
	if x < -gridHalf || x >= gridHalf || y < -gridHalf || y >= gridHalf {
		return -1
	}
	return (y+gridHalf)*2*gridHalf + x + gridHalf
}

// planePiece is a piece of a piece list with its coordinates.
type planePiece struct {
	c  Coord
	pc Piece
}

// planeCell is an occupied square: its piece and its index in the owner's
// piece list.
type planeCell struct {
	pc  Piece
	idx int32
}

// primeMemo remembers one nextPrime answer (the far square of a prime leap).
type primeMemo struct{ from, prime uint64 }

// lineWindow bounds the line keys kept in planeLines.dense.
const lineWindow = 512

// planeLines indexes the pieces on the lines of one direction (vx, vy),
// canonical: vx > 0, or vx == 0 and vy > 0. A line is keyed by the cross
// product x*vy - y*vx of its points; along it a point's parameter is x (or y
// when vx is 0), which grows in the direction (vx, vy). Lines with small keys
// live in dense (and stay allocated when empty), with a bit set of the
// non-empty ones; the others in byKey, with a sorted list of their keys.
type planeLines struct {
	vx, vy int64
	dense  []*planeLine // by key + lineWindow
	occ    [2 * lineWindow / 64]uint64
	byKey  map[int128]*planeLine
	keys   []int128     // keys of the non-empty lines in byKey, sorted
	free   []*planeLine // emptied lines of byKey, for reuse
}

// denseKey returns the index in dense of key k, or -1.
func denseKey(k int128) int {
	if v, ok := k.int64Value(); ok && v >= -lineWindow && v < lineWindow {
		return int(v + lineWindow)
	}
	return -1
}

// planeLine holds the pieces of one line, sorted by parameter.
type planeLine struct {
	entries []planeEntry
}

type planeEntry struct {
	param int64
	sq    Square
}

// newPlaneBoard returns an empty board for the rules' line families.
func newPlaneBoard(r *Rules) *planeBoard {
	b := &planeBoard{
		grid:   make([]planeCell, 4*gridHalf*gridHalf),
		cells:  map[Square]planeCell{},
		virgin: make(map[Square]bool, 64),
		farOf:  map[Coord]Square{},
		ks:     make([]int64, 0, 64),
	}
	for _, f := range r.plane.families {
		b.lines = append(b.lines, planeLines{vx: f.x, vy: f.y, dense: make([]*planeLine, 2*lineWindow), byKey: map[int128]*planeLine{}})
	}
	return b
}

// copy returns an independent copy.
func (b *planeBoard) copy() *planeBoard {
	q := &planeBoard{
		grid:   slices.Clone(b.grid),
		cells:  make(map[Square]planeCell, len(b.cells)),
		virgin: make(map[Square]bool, len(b.virgin)),
		far:    slices.Clone(b.far),
		farOf:  make(map[Coord]Square, len(b.farOf)),
		ks:     make([]int64, 0, 64),
	}
	for k, v := range b.cells {
		q.cells[k] = v
	}
	for k, v := range b.virgin {
		q.virgin[k] = v
	}
	for k, v := range b.farOf {
		q.farOf[k] = v
	}
	if b.marks != nil {
		q.marks = make(map[Square]uint8, len(b.marks))
		for k, v := range b.marks {
			q.marks[k] = v
		}
	}
	if b.carry != nil {
		q.carry = make(map[Square]uint8, len(b.carry))
		for k, v := range b.carry {
			q.carry[k] = v
		}
	}
	for i := range b.pieces {
		q.pieces[i] = append(make([]planePiece, 0, len(b.pieces[i])+8), b.pieces[i]...)
	}
	for _, l := range b.lines {
		nl := planeLines{vx: l.vx, vy: l.vy, occ: l.occ, dense: make([]*planeLine, len(l.dense)), byKey: make(map[int128]*planeLine, len(l.byKey)), keys: slices.Clone(l.keys)}
		for i, line := range l.dense {
			if line != nil && len(line.entries) > 0 {
				nl.dense[i] = &planeLine{entries: slices.Clone(line.entries)}
			}
		}
		for k, line := range l.byKey {
			nl.byKey[k] = &planeLine{entries: slices.Clone(line.entries)}
		}
		q.lines = append(q.lines, nl)
	}
	return q
}

// coord returns the coordinates of a handle this board gave out.
func (b *planeBoard) coord(sq Square) Coord {
	if sq < farBase {
		return nearCoord(sq)
	}
	i := int(sq - farBase)
	if i < len(b.far) {
		return b.far[i]
	}
	return Coord{}
}

// known reports whether sq is a handle this board gave out (or a near one).
func (b *planeBoard) known(sq Square) bool {
	return sq >= 0 && (sq < farBase || int(sq-farBase) < len(b.far))
}

// square returns the handle of c (within the plane's range), interning it
// if it is far from the origin.
func (b *planeBoard) square(c Coord) Square {
	if sq, ok := nearSquare(c); ok {
		return sq
	}
	if sq, ok := b.farOf[c]; ok {
		return sq
	}
	if len(b.far) >= maxFarSqrs {
		panic("core: unbounded board ran out of square handles")
	}
	sq := farBase + Square(len(b.far))
	b.far = append(b.far, c)
	b.farOf[c] = sq
	return sq
}

// lookup returns the handle of c without interning it: ok is false for a
// far square this board has never seen (which therefore holds nothing).
func (b *planeBoard) lookup(c Coord) (Square, bool) {
	if sq, ok := nearSquare(c); ok {
		return sq, true
	}
	if sq, ok := b.farOf[c]; ok {
		return sq, true
	}
	return NoSquare, false
}

// cell returns the cell of sq (zero when empty).
func (b *planeBoard) cell(sq Square) planeCell {
	if i := gridIndex(sq); i >= 0 {
		return b.grid[i]
	}
	return b.cells[sq]
}

// setCell writes the cell of sq; a zero cell empties it.
func (b *planeBoard) setCell(sq Square, c planeCell) {
	if i := gridIndex(sq); i >= 0 {
		b.grid[i] = c
		return
	}
	if c.pc == Empty {
		delete(b.cells, sq)
		return
	}
	b.cells[sq] = c
}

// at returns the piece on sq, or Empty.
func (b *planeBoard) at(sq Square) Piece { return b.cell(sq).pc }

// atCoord returns the piece at c, or Empty.
func (b *planeBoard) atCoord(c Coord) Piece {
	sq, ok := b.lookup(c)
	if !ok {
		return Empty
	}
	return b.cell(sq).pc
}

// param returns the parameter of c along lines of l's direction.
func (l *planeLines) param(c Coord) int64 {
	if l.vx != 0 {
		return c.X
	}
	return c.Y
}

// unit returns how much the parameter grows per step (vx, vy).
func (l *planeLines) unit() int64 {
	if l.vx != 0 {
		return l.vx
	}
	return l.vy
}

func (l *planeLines) key(c Coord) int128 { return cross128(c.X, c.Y, l.vx, l.vy) }

// line returns the line of key k, or nil; with make, it creates it.
func (l *planeLines) line(k int128, make bool) *planeLine {
	if j := denseKey(k); j >= 0 {
		line := l.dense[j]
		if line == nil && make {
			line = &planeLine{entries: newEntries()}
			l.dense[j] = line
		}
		return line
	}
	line := l.byKey[k]
	if line == nil && make {
		if n := len(l.free); n > 0 {
			line, l.free = l.free[n-1], l.free[:n-1]
		} else {
			line = &planeLine{entries: newEntries()}
		}
		l.byKey[k] = line
	}
	return line
}

func newEntries() []planeEntry { return make([]planeEntry, 0, 4) }

// lineAt returns the line through c, or nil.
func (l *planeLines) lineAt(c Coord) *planeLine { return l.line(l.key(c), false) }

// search returns the index of the first entry with parameter ≥ p, and
// whether it equals p.
func (line *planeLine) search(p int64) (int, bool) {
	e := line.entries
	i := 0
	for i < len(e) && e[i].param < p {
		i++
	}
	return i, i < len(e) && e[i].param == p
}

// insert adds the piece on sq at c to the line index.
func (l *planeLines) insert(sq Square, c Coord) {
	k := l.key(c)
	line := l.line(k, true)
	if len(line.entries) == 0 {
		if j := denseKey(k); j >= 0 {
			l.occ[j/64] |= 1 << (j % 64)
		} else {
			i, _ := slices.BinarySearchFunc(l.keys, k, int128.cmp)
			l.keys = slices.Insert(l.keys, i, k)
		}
	}
	e := planeEntry{param: l.param(c), sq: sq}
	i, _ := line.search(e.param)
	line.entries = slices.Insert(line.entries, i, e)
}

// remove takes the piece at c out of the line index.
func (l *planeLines) remove(c Coord) {
	k := l.key(c)
	line := l.line(k, false)
	if line == nil {
		return
	}
	i, found := line.search(l.param(c))
	if !found {
		return
	}
	line.entries = slices.Delete(line.entries, i, i+1)
	if len(line.entries) == 0 {
		if j := denseKey(k); j >= 0 {
			l.occ[j/64] &^= 1 << (j % 64) // the line stays allocated for its next piece
		} else {
			delete(l.byKey, k)
			l.free = append(l.free, line)
			if j, ok := slices.BinarySearchFunc(l.keys, k, int128.cmp); ok {
				l.keys = slices.Delete(l.keys, j, j+1)
			}
		}
	}
}

// first finds the first piece after c along the ray of mult steps of the
// family's direction times sign (±1): its handle and the number of such
// steps to it. The ray's steps are mult unit steps long (a (2,2) rider on
// the (1,1) family has mult 2): pieces between its squares do not count.
func (l *planeLines) first(c Coord, sign int64, mult int64) (Square, int64, bool) {
	line := l.lineAt(c)
	if line == nil {
		return NoSquare, 0, false
	}
	p := l.param(c)
	e := line.entries
	i, found := line.search(p)
	span := uint64(l.unit() * mult)
	if sign > 0 {
		if found {
			i++
		}
		for ; i < len(e); i++ {
			d := uint64(e[i].param) - uint64(p) // exact: both within ±2^62
			if span == 1 {
				return e[i].sq, int64(d), true
			}
			if d%span == 0 {
				return e[i].sq, int64(d / span), true
			}
		}
		return NoSquare, 0, false
	}
	for i--; i >= 0; i-- {
		d := uint64(p) - uint64(e[i].param)
		if span == 1 {
			return e[i].sq, int64(d), true
		}
		if d%span == 0 {
			return e[i].sq, int64(d / span), true
		}
	}
	return NoSquare, 0, false
}

// place puts pc (not Empty) on the empty square sq at c.
func (b *planeBoard) place(sq Square, c Coord, pc Piece, idx int32) {
	b.version++
	b.setCell(sq, planeCell{pc: pc, idx: idx})
	for i := range b.lines {
		b.lines[i].insert(sq, c)
	}
}

// clear empties the occupied square sq at c.
func (b *planeBoard) clear(sq Square, c Coord) {
	b.version++
	b.setCell(sq, planeCell{})
	for i := range b.lines {
		b.lines[i].remove(c)
	}
}

// planeKey is the Zobrist key of a fact about the square at c: a piece (tag
// = the piece), an unmoved flag, an en-passant square, a marker or a carried
// item. It mixes the coordinates and the tag with SplitMix64, so keys need no
// table and any square of the plane has them.
func planeKey(c Coord, tag uint64) uint64 {
	s := uint64(c.X)*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(uint64(c.Y)*0xC2B2AE3D27D4EB4F, 29) ^ tag*0x165667B19E3779F9
	return splitmix(&s)
}

// Tags of planeKey beyond the pieces (which use their byte value).
const (
	planeTagVirgin = 0x100
	planeTagEP     = 0x200
	planeTagMark   = 0x300 // + marker value
	planeTagCarry  = 0x400 // + item value
)

// planePut writes a cell on an unbounded board without recording it:
// hash, piece lists, royal squares and line indices follow.
func (p *Position) planePut(sq Square, old, pc Piece) {
	b := p.plane
	c := b.coord(sq)
	if old != Empty {
		p.hash ^= planeKey(c, uint64(old))
		cell := b.cell(sq)
		l := &p.lists[old.Owner()]
		pcs := b.pieces[old.Owner()]
		n := len(l.sqs) - 1
		last := l.sqs[n]
		l.sqs[cell.idx] = last
		pcs[cell.idx] = pcs[n]
		if last != sq {
			lc := b.cell(last)
			lc.idx = cell.idx
			b.setCell(last, lc)
		}
		l.sqs = l.sqs[:n]
		b.pieces[old.Owner()] = pcs[:n]
		if p.royal[old.Owner()] == sq {
			p.royal[old.Owner()] = NoSquare
		}
		b.clear(sq, c)
	}
	if pc != Empty {
		p.hash ^= planeKey(c, uint64(pc))
		l := &p.lists[pc.Owner()]
		b.place(sq, c, pc, int32(len(l.sqs)))
		l.sqs = append(l.sqs, sq)
		b.pieces[pc.Owner()] = append(b.pieces[pc.Owner()], planePiece{c: c, pc: pc})
		if p.rules.Pieces[pc.Type()].Royal {
			p.royal[pc.Owner()] = sq
		}
	}
}

// planeSetVirgin writes the unmoved flag of sq without recording it.
func (p *Position) planeSetVirgin(sq Square, v bool) {
	if v {
		p.plane.virgin[sq] = true
	} else {
		delete(p.plane.virgin, sq)
	}
	p.hash ^= planeKey(p.plane.coord(sq), planeTagVirgin)
}

// planeSetLayer writes a marker or carried item without recording it.
func (p *Position) planeSetLayer(layer uint8, sq Square, v uint8) {
	b := p.plane
	m, tag := &b.marks, uint64(planeTagMark)
	if layer == layerCarry {
		m, tag = &b.carry, planeTagCarry
	}
	if *m == nil {
		*m = map[Square]uint8{}
	}
	c := b.coord(sq)
	if old := (*m)[sq]; old != 0 {
		p.hash ^= planeKey(c, tag+uint64(old))
	}
	if v == 0 {
		delete(*m, sq)
	} else {
		(*m)[sq] = v
		p.hash ^= planeKey(c, tag+uint64(v))
	}
}

// planeEPKey is the hash key of an en-passant square.
func (p *Position) planeEPKey(sq Square) uint64 {
	if sq == NoSquare {
		return 0
	}
	return planeKey(p.plane.coord(sq), planeTagEP)
}

// planeHash recomputes the hash of a position on an unbounded board.
func (p *Position) planeHash() uint64 {
	b := p.plane
	h := p.rules.zobrist.turn[p.turn] ^ p.planeEPKey(p.ep)
	for pl := range b.pieces {
		for _, q := range b.pieces[pl] {
			h ^= planeKey(q.c, uint64(q.pc))
		}
	}
	for sq := range b.virgin {
		h ^= planeKey(b.coord(sq), planeTagVirgin)
	}
	for sq, v := range b.marks {
		h ^= planeKey(b.coord(sq), planeTagMark+uint64(v))
	}
	for sq, v := range b.carry {
		h ^= planeKey(b.coord(sq), planeTagCarry+uint64(v))
	}
	for i, s := range p.scores {
		h ^= mix(uint64(layerScore), uint64(i), uint64(s))
	}
	for i, c := range p.counters {
		h ^= mix(uint64(layerCounter), uint64(i), uint64(c))
	}
	return h
}

// planeAt returns the content of sq: Wall for an invalid handle.
func (p *Position) planeAt(sq Square) Piece {
	if sq < 0 {
		return Wall
	}
	return p.plane.at(sq)
}

// planeRecordPut is Put on an unbounded board.
func (p *Position) planeRecordPut(sq Square, pc Piece) {
	old := p.plane.at(sq)
	if old == pc {
		return
	}
	p.changes = append(p.changes, change{layer: layerBoard, index: int32(sq), old: int32(old)})
	p.planePut(sq, old, pc)
}

// planeRecordLayer is SetVirgin (v 0 or 1), SetMark and SetCarry on an
// unbounded board.
func (p *Position) planeRecordLayer(layer uint8, sq Square, v uint8) {
	b := p.plane
	var old uint8
	switch layer {
	case layerVirgin:
		old = uint8(b2i(b.virgin[sq]))
	case layerMark:
		old = b.marks[sq]
	default:
		old = b.carry[sq]
	}
	if old == v {
		return
	}
	p.changes = append(p.changes, change{layer: layer, index: int32(sq), old: int32(old)})
	if layer == layerVirgin {
		p.planeSetVirgin(sq, v != 0)
	} else {
		p.planeSetLayer(layer, sq, v)
	}
}

// planeUndoChanges is undoChanges on an unbounded board.
func (p *Position) planeUndoChanges(n int) {
	b := p.plane
	for i := len(p.changes) - 1; i >= n; i-- {
		c := p.changes[i]
		sq := Square(c.index)
		switch c.layer {
		case layerBoard:
			p.planePut(sq, b.at(sq), Piece(c.old))
		case layerVirgin:
			p.planeSetVirgin(sq, c.old != 0)
		case layerMark, layerCarry:
			p.planeSetLayer(c.layer, sq, uint8(c.old))
		case layerScore:
			p.scores[c.index] = c.old
		case layerCounter:
			p.counters[c.index] = c.old
		}
	}
	p.changes = p.changes[:n]
}
