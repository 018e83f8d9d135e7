package core

// Position: the full state of a game, its recording setters and the undo log.

import "slices"

// Position is the state of a game of some variant: the board and every other
// fact the rules depend on. It is changed only by MakeMove and UnmakeMove (and
// by the recording setters that hooks call from inside them), so every change
// can be undone exactly.
type Position struct {
	rules  *Rules
	board  []Piece
	virgin []bool // the piece on this square has never moved
	marks  []uint8
	carry  []uint8
	lists  [MaxPlayers]pieceList
	index  []int16 // position of each occupied square in its owner's list
	royal  [MaxPlayers]Square
	plane  *planeBoard // the board of an unbounded variant, nil on bounded boards

	turn     Player
	ep       Square // square a pawn passed with its last double step
	epVictim Square // the pawn that made it
	counter  int    // plies since the last capture or pawn move
	fullmove int
	scores   [MaxPlayers]int32
	counters [16]int32
	hash     uint64
	pawnHash uint64 // the hash of the pawns alone (PawnHash)
	// pieceHash is the hash of each player's pieces but its pawns
	// (PieceHash).
	pieceHash [MaxPlayers]uint64

	changes []change
	undos   []undoRecord
	history []uint64 // hash before each move made, for repetition
	scratch []Move
}

// pieceList holds the squares of one player's pieces.
type pieceList struct {
	sqs []Square
}

// Layers of the undo log.
const (
	layerBoard uint8 = iota
	layerVirgin
	layerMark
	layerCarry
	layerScore
	layerCounter
)

// change is one undoable write: the layer, the index written and the old value.
type change struct {
	layer uint8
	index int32
	old   int32
}

type undoRecord struct {
	move     Move
	nChanges int
	turn     Player
	ep       Square
	epVictim Square
	counter  int
	fullmove int
	hash     uint64
}

// NewPosition returns an empty position of the rules: no pieces, player 0 to move.
func (r *Rules) NewPosition() *Position {
	n := r.Board.Size()
	p := &Position{
		rules:    r,
		board:    make([]Piece, n),
		virgin:   make([]bool, n),
		index:    make([]int16, n),
		ep:       NoSquare,
		epVictim: NoSquare,
		fullmove: 1,
		changes:  make([]change, 0, 256),
		undos:    make([]undoRecord, 0, 64),
		scratch:  make([]Move, 0, 256),
	}
	copy(p.board, r.Board.empty)
	for i := range p.royal {
		p.royal[i] = NoSquare
	}
	for i := 0; i < r.Players; i++ {
		p.lists[i].sqs = make([]Square, 0, 32)
	}
	p.hash = r.zobrist.turn[0]
	if r.plane != nil {
		p.plane = newPlaneBoard(r)
	}
	return p
}

// Rules returns the rules the position plays by.
func (p *Position) Rules() *Rules { return p.rules }

// Turn returns the player to move.
func (p *Position) Turn() Player { return p.turn }

// Hash returns the Zobrist hash of the position.
func (p *Position) Hash() uint64 { return p.hash }

// PawnHash returns a Zobrist hash of the pawns alone (the pieces whose
// PieceInfo.Pawn is set: their owners and squares), for what an engine
// learns of a pawn structure. It is 0 on an unbounded board.
func (p *Position) PawnHash() uint64 { return p.pawnHash }

// PieceHash returns a Zobrist hash of player pl's pieces that are not
// pawns (their types and squares), for what an engine learns of a
// player's pieces apart from the pawns. It is 0 on an unbounded board.
func (p *Position) PieceHash(pl Player) uint64 { return p.pieceHash[pl] }

// At returns the content of sq (Empty, a piece, or Wall/Hole terrain).
func (p *Position) At(sq Square) Piece {
	// Small enough to inline: an unbounded board has an empty mailbox.
	if uint(sq) < uint(len(p.board)) {
		return p.board[sq]
	}
	return p.atOutside(sq)
}

// atOutside is At outside the mailbox: any square of an unbounded board,
// or a square off a bounded one (Wall).
func (p *Position) atOutside(sq Square) Piece {
	if p.plane != nil {
		return p.planeAt(sq)
	}
	return Wall
}

// Virgin reports whether the piece on sq has never moved.
func (p *Position) Virgin(sq Square) bool {
	if p.plane != nil {
		return p.plane.virgin[sq]
	}
	return sq >= 0 && int(sq) < len(p.virgin) && p.virgin[sq]
}

// EnPassant returns the en-passant square and the pawn that can be taken there.
func (p *Position) EnPassant() (square, victim Square) { return p.ep, p.epVictim }

// MoveCounter returns the plies since the last capture or pawn move.
func (p *Position) MoveCounter() int { return p.counter }

// FullMove returns the move number.
func (p *Position) FullMove() int { return p.fullmove }

// Ply returns how many moves have been made on this position object.
func (p *Position) Ply() int { return len(p.undos) }

// Royal returns the square of a player's royal piece, or NoSquare.
func (p *Position) Royal(pl Player) Square { return p.royal[pl] }

// PieceSquares returns the squares of a player's pieces. The slice is owned by
// the position and changes when a move is made.
func (p *Position) PieceSquares(pl Player) []Square { return p.lists[pl].sqs }

// Score returns a variant-defined score of a player.
func (p *Position) Score(pl Player) int32 { return p.scores[pl] }

// Counter returns a variant-defined counter.
func (p *Position) Counter(i int) int32 { return p.counters[i] }

// Mark returns the marker on sq (0 = none).
func (p *Position) Mark(sq Square) uint8 {
	if p.plane != nil {
		return p.plane.marks[sq]
	}
	if p.marks == nil {
		return 0
	}
	return p.marks[sq]
}

// Carry returns the item carried by the piece on sq (0 = none). By
// convention the item is a Piece value (Longchess's flag), which displays
// draw after the carrier. Moves do not take the item along by themselves:
// the variant's hooks move it (SetCarry).
func (p *Position) Carry(sq Square) uint8 {
	if p.plane != nil {
		return p.plane.carry[sq]
	}
	if p.carry == nil {
		return 0
	}
	return p.carry[sq]
}

// Put sets the content of a playable square, recording the change for undo
// and updating the hash, piece lists and royal squares.
func (p *Position) Put(sq Square, pc Piece) {
	if p.plane != nil {
		p.planeRecordPut(sq, pc)
		return
	}
	old := p.board[sq]
	if old == pc {
		return
	}
	p.changes = append(p.changes, change{layer: layerBoard, index: int32(sq), old: int32(old)})
	p.put(sq, old, pc)
}

// put writes a cell without recording it.
func (p *Position) put(sq Square, old, pc Piece) {
	z := &p.rules.zobrist
	if old != Empty {
		i := z.index(sq, old)
		k, pk := z.pieces[i], z.pawns[i]
		p.hash ^= k
		p.pawnHash ^= pk
		p.pieceHash[old.Owner()] ^= k ^ pk
		p.unlist(sq, old)
	}
	if pc != Empty {
		i := z.index(sq, pc)
		k, pk := z.pieces[i], z.pawns[i]
		p.hash ^= k
		p.pawnHash ^= pk
		p.pieceHash[pc.Owner()] ^= k ^ pk
		p.list(sq, pc)
	}
	p.board[sq] = pc
}

func (p *Position) list(sq Square, pc Piece) {
	l := &p.lists[pc.Owner()]
	p.index[sq] = int16(len(l.sqs))
	l.sqs = append(l.sqs, sq)
	if p.rules.Pieces[pc.Type()].Royal {
		p.royal[pc.Owner()] = sq
	}
}

func (p *Position) unlist(sq Square, pc Piece) {
	l := &p.lists[pc.Owner()]
	i := p.index[sq]
	last := l.sqs[len(l.sqs)-1]
	l.sqs[i] = last
	p.index[last] = i
	l.sqs = l.sqs[:len(l.sqs)-1]
	if p.royal[pc.Owner()] == sq {
		p.royal[pc.Owner()] = NoSquare
	}
}

// SetVirgin records whether the piece on sq has never moved.
func (p *Position) SetVirgin(sq Square, v bool) {
	if p.plane != nil {
		p.planeRecordLayer(layerVirgin, sq, uint8(b2i(v)))
		return
	}
	if p.virgin[sq] == v {
		return
	}
	p.changes = append(p.changes, change{layer: layerVirgin, index: int32(sq), old: b2i(p.virgin[sq])})
	p.virgin[sq] = v
	p.hash ^= p.rules.zobrist.virgin[sq]
}

// SetMark sets the marker on sq (mines, shells), recorded for undo.
func (p *Position) SetMark(sq Square, v uint8) {
	if p.plane != nil {
		p.planeRecordLayer(layerMark, sq, v)
		return
	}
	if p.marks == nil {
		p.marks = make([]uint8, len(p.board))
	}
	old := p.marks[sq]
	if old == v {
		return
	}
	p.changes = append(p.changes, change{layer: layerMark, index: int32(sq), old: int32(old)})
	p.marks[sq] = v
	p.hash ^= mix(uint64(layerMark), uint64(sq), uint64(old)) ^ mix(uint64(layerMark), uint64(sq), uint64(v))
}

// SetCarry sets the item carried by the piece on sq (flags), recorded for undo.
func (p *Position) SetCarry(sq Square, v uint8) {
	if p.plane != nil {
		p.planeRecordLayer(layerCarry, sq, v)
		return
	}
	if p.carry == nil {
		p.carry = make([]uint8, len(p.board))
	}
	old := p.carry[sq]
	if old == v {
		return
	}
	p.changes = append(p.changes, change{layer: layerCarry, index: int32(sq), old: int32(old)})
	p.carry[sq] = v
	p.hash ^= mix(uint64(layerCarry), uint64(sq), uint64(old)) ^ mix(uint64(layerCarry), uint64(sq), uint64(v))
}

// SetScore sets a player's score, recorded for undo.
func (p *Position) SetScore(pl Player, v int32) {
	old := p.scores[pl]
	p.changes = append(p.changes, change{layer: layerScore, index: int32(pl), old: old})
	p.scores[pl] = v
	p.hash ^= mix(uint64(layerScore), uint64(pl), uint64(old)) ^ mix(uint64(layerScore), uint64(pl), uint64(v))
}

// SetCounter sets a variant-defined counter, recorded for undo.
func (p *Position) SetCounter(i int, v int32) {
	old := p.counters[i]
	p.changes = append(p.changes, change{layer: layerCounter, index: int32(i), old: old})
	p.counters[i] = v
	p.hash ^= mix(uint64(layerCounter), uint64(i), uint64(old)) ^ mix(uint64(layerCounter), uint64(i), uint64(v))
}

// undoChanges reverts the log back to length n.
func (p *Position) undoChanges(n int) {
	if p.plane != nil {
		p.planeUndoChanges(n)
		return
	}
	for i := len(p.changes) - 1; i >= n; i-- {
		c := p.changes[i]
		switch c.layer {
		case layerBoard:
			sq := Square(c.index)
			p.put(sq, p.board[sq], Piece(c.old))
		case layerVirgin:
			p.virgin[c.index] = c.old != 0
		case layerMark:
			p.marks[c.index] = uint8(c.old)
		case layerCarry:
			p.carry[c.index] = uint8(c.old)
		case layerScore:
			p.scores[c.index] = c.old
		case layerCounter:
			p.counters[c.index] = c.old
		}
	}
	p.changes = p.changes[:n]
}

// Reserve makes room for plies more moves, so that making them allocates
// nothing: the undo records, the history of hashes and the board changes
// of ordinary moves (a search calls it before it starts).
func (p *Position) Reserve(plies int) {
	p.undos = slices.Grow(p.undos, plies)
	p.history = slices.Grow(p.history, plies)
	p.changes = slices.Grow(p.changes, 8*plies)
}

// Copy returns an independent copy of the position, without its undo history
// (the copy's repetition history is kept).
func (p *Position) Copy() *Position {
	q := *p
	q.board = append([]Piece(nil), p.board...)
	q.virgin = append([]bool(nil), p.virgin...)
	q.index = append([]int16(nil), p.index...)
	if p.plane != nil {
		q.plane = p.plane.copy()
	}
	if p.marks != nil {
		q.marks = append([]uint8(nil), p.marks...)
	}
	if p.carry != nil {
		q.carry = append([]uint8(nil), p.carry...)
	}
	for i := range q.lists {
		q.lists[i].sqs = append(make([]Square, 0, 32), p.lists[i].sqs...)
	}
	q.changes = make([]change, 0, 256)
	q.undos = make([]undoRecord, 0, 64)
	q.history = append([]uint64(nil), p.history...)
	q.scratch = make([]Move, 0, 256)
	return &q
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// SetTurn sets the player to move. Like the other setup setters below, it is
// for position parsers building a position before any move is made.
func (p *Position) SetTurn(pl Player) {
	p.hash ^= p.rules.zobrist.turn[p.turn] ^ p.rules.zobrist.turn[pl]
	p.turn = pl
}

// SetEnPassant sets the en-passant square and the pawn that may be taken there
// (NoSquare, NoSquare for none).
func (p *Position) SetEnPassant(square, victim Square) {
	p.hash ^= p.epKey(p.ep) ^ p.epKey(square)
	p.ep, p.epVictim = square, victim
}

// SetMoveCounter sets the plies since the last capture or pawn move.
func (p *Position) SetMoveCounter(n int) { p.counter = n }

// SetFullMove sets the move number.
func (p *Position) SetFullMove(n int) { p.fullmove = n }

// ForgetSetup drops the undo log written while setting a position up, so the
// setup itself cannot be undone. Call it when a parser has finished.
func (p *Position) ForgetSetup() {
	if len(p.undos) == 0 {
		p.changes = p.changes[:0]
	}
}
