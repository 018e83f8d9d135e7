package core

// Making and unmaking moves (hot path): every write goes through the undo log.

// MakeMove plays m, which must come from LegalMoves or PseudoMoves of this
// position; use ParseMove-style validation (IsLegal) for moves from outside.
func (p *Position) MakeMove(m Move) {
	r := p.rules
	p.pushUndo(m)
	if r.Hooks.BeforeMove != nil {
		r.Hooks.BeforeMove(p, m)
	}
	p.dropEnPassant()
	us := p.turn
	reset := false
	switch m.Kind {
	case KindNormal, KindDoubleStep, KindEnPassant:
		pc := p.at(m.From)
		reset = r.Pieces[pc.Type()].Pawn
		if m.Kind != KindDoubleStep {
			for _, v := range m.Victims {
				if v != NoSquare {
					p.Put(v, Empty)
					p.clearVirgin(v)
					reset = true
				}
			}
		}
		if p.at(m.To).IsPiece() && m.To != m.From {
			reset = true
		}
		p.Put(m.From, Empty)
		if m.Promo != 0 {
			pc = MakePiece(us, m.Promo)
		}
		p.Put(m.To, pc)
		p.clearVirgin(m.From)
		p.clearVirgin(m.To)
		if m.Kind == KindDoubleStep && p.enPassantPossible(m.Victims[0], p.nextPlayer(us)) {
			p.ep, p.epVictim = m.Victims[0], m.To
			p.hash ^= p.epKey(p.ep)
		}
	case KindCastle:
		king, rook := p.board[m.From], p.board[m.Victims[0]]
		p.Put(m.From, Empty)
		p.Put(m.Victims[0], Empty)
		p.Put(m.To, king)
		p.Put(m.Victims[1], rook)
		for _, sq := range [4]Square{m.From, m.To, m.Victims[0], m.Victims[1]} {
			p.clearVirgin(sq)
		}
	case KindStationary:
		if p.at(m.To).IsPiece() {
			reset = true
		}
		p.Put(m.To, Empty)
		p.clearVirgin(m.To)
	default:
		if r.Hooks.MakeSpecial != nil {
			r.Hooks.MakeSpecial(p, m)
		}
		reset = m.Arg&ArgResetsCounter != 0
	}
	if r.Hooks.AfterMove != nil {
		r.Hooks.AfterMove(p, m)
	}
	if reset {
		p.counter = 0
	} else {
		p.counter++
	}
	p.passTurn()
}

// pushUndo records what a move may change, for UnmakeMove, and the hash
// before it, for repetitions.
func (p *Position) pushUndo(m Move) {
	p.undos = append(p.undos, undoRecord{
		move: m, nChanges: len(p.changes), turn: p.turn, ep: p.ep, epVictim: p.epVictim,
		counter: p.counter, fullmove: p.fullmove, hash: p.hash,
	})
	p.history = append(p.history, p.hash)
}

// dropEnPassant ends the en-passant right, which lasts one move.
func (p *Position) dropEnPassant() {
	p.hash ^= p.epKey(p.ep)
	p.ep, p.epVictim = NoSquare, NoSquare
}

// passTurn gives the move to the next player.
func (p *Position) passTurn() {
	us := p.turn
	next := p.nextPlayer(us)
	if next == 0 {
		p.fullmove++
	}
	p.hash ^= p.rules.zobrist.turn[us] ^ p.rules.zobrist.turn[next]
	p.turn = next
}

// clearVirgin marks the piece on sq as moved (or gone), with its castling
// partners (see dropCastlingPartners).
func (p *Position) clearVirgin(sq Square) {
	p.dropCastlingPartners(sq)
	p.SetVirgin(sq, false)
}

// dropCastlingPartners clears the unmoved flag of every rook that could castle
// with an unmoved king leaving sq: once the king has moved, no castling right
// remains, and FEN (which names rights, not unmoved rooks) agrees.
//
// Likewise, when a rook leaves, a king left with no unmoved partner loses its
// flag, unless its type has initial-only moves that still need it.
func (p *Position) dropCastlingPartners(sq Square) {
	r := p.rules
	if len(r.castling) == 0 || !p.Virgin(sq) {
		return
	}
	for i := range r.castling {
		c := &r.castling[i]
		switch sq {
		case c.kingFrom:
			p.SetVirgin(c.rookFrom, false)
		case c.rookFrom:
			king := p.at(c.kingFrom)
			if !p.Virgin(c.kingFrom) || !king.IsPiece() || r.hasInitial(king.Type()) {
				continue
			}
			partner := false
			for j := range r.castling {
				o := &r.castling[j]
				partner = partner || (o.kingFrom == c.kingFrom && o.rookFrom != sq && p.Virgin(o.rookFrom))
			}
			if !partner {
				p.SetVirgin(c.kingFrom, false)
			}
		}
	}
}

// nextPlayer returns the player who moves after pl.
func (p *Position) nextPlayer(pl Player) Player {
	if int(pl)+1 == p.rules.Players {
		return 0
	}
	return pl + 1
}

// enPassantPossible reports whether player by has a piece that could capture
// en passant on sq: only then does a double step grant the right (as in FIDE's
// rule for repeated positions).
func (p *Position) enPassantPossible(sq Square, by Player) bool {
	if p.plane != nil {
		return p.planeEPPossible(sq, by)
	}
	for _, s := range p.rules.epSteps[by] {
		c := p.board[sq-Square(s.delta)]
		if c.IsPiece() && c.Owner() == by && s.mask>>c.Type()&1 != 0 {
			return true
		}
	}
	return false
}

// ArgResetsCounter is the Move.Arg bit a variant sets on special moves that
// reset the move counter (captures and pawn moves).
const ArgResetsCounter = 1 << 15

// ArgQuiet is the Move.Arg bit a variant may set on a special move that it
// knows removes no enemy piece, with everything that follows from it in
// the same turn: the search then counts its gain without making it.
const ArgQuiet = 1 << 13

// UnmakeMove takes back the last move made.
func (p *Position) UnmakeMove() {
	n := len(p.undos) - 1
	u := &p.undos[n]
	p.undoChanges(u.nChanges)
	p.turn, p.ep, p.epVictim = u.turn, u.ep, u.epVictim
	p.counter, p.fullmove, p.hash = u.counter, u.fullmove, u.hash
	p.undos = p.undos[:n]
	p.history = p.history[:len(p.history)-1]
}

// MakeNullMove passes the turn without moving, for the computer player's
// null-move pruning: the en-passant right lapses and the move counter
// advances. UnmakeMove takes it back, and LastMove reports it as NullMove.
// It is no legal move of any game, and no hook sees it.
func (p *Position) MakeNullMove() {
	p.pushUndo(NullMove)
	p.dropEnPassant()
	p.counter++
	p.passTurn()
}

// MakeNullMoveTo hands the turn to player pl (one of the rules' players)
// without moving, for searches that let a player who is not next in turn
// order move (best-reply search in games of more than two players): the
// en-passant right lapses; the move counter and the move number stay.
// UnmakeMove takes it back, and LastMove reports it as NullMove. It is no
// legal move of any game, and no hook sees it.
func (p *Position) MakeNullMoveTo(pl Player) {
	p.pushUndo(NullMove)
	p.dropEnPassant()
	p.hash ^= p.rules.zobrist.turn[p.turn] ^ p.rules.zobrist.turn[pl]
	p.turn = pl
}

// LastMove returns the last move made on this position object.
func (p *Position) LastMove() (Move, bool) {
	if len(p.undos) == 0 {
		return NullMove, false
	}
	return p.undos[len(p.undos)-1].move, true
}
