package core

// Exact legality on any board: the legal moves between two squares, however far apart on an unbounded board.

// LegalMovesTo appends to buf the legal moves of the player to move that go
// from the square from to the square to (from NoSquare: from any square).
// There may be several (promotions, kinds). On a bounded board they are
// LegalMoves' moves between the squares. On an unbounded board the answer is
// exact for any destination, however far away, and not limited to the
// candidate set that LegalMoves uses: a rook on (1,1) may go to (1,1000000).
func (p *Position) LegalMovesTo(buf []Move, from, to Square) []Move {
	if p.plane == nil {
		for _, m := range p.LegalMoves(make([]Move, 0, 64)) {
			if (from == NoSquare || m.From == from) && m.To == to {
				buf = append(buf, m)
			}
		}
		return buf
	}
	if !p.plane.known(to) || from != NoSquare && !p.plane.known(from) {
		return buf
	}
	start := len(buf)
	r := p.rules
	b := p.plane
	us := p.turn
	tgt := b.coord(to)
	moves := r.plane.moves[us]
	for i, q := range b.pieces[us] {
		sq := p.lists[us].sqs[i]
		if from != NoSquare && sq != from {
			continue
		}
		pm := &moves[q.pc.Type()]
		for j := range pm.steps {
			buf = p.planeStepMoves(buf, sq, q.c, q.pc, &pm.steps[j], &tgt)
		}
		for j := range pm.paths {
			buf = p.planePathMoves(buf, sq, q.c, q.pc, &pm.paths[j], &tgt)
		}
	}
	if r.Hooks.Generate != nil {
		for _, m := range r.Hooks.Generate(p, nil) {
			if m.To == to && (from == NoSquare || m.From == from) {
				buf = append(buf, m)
			}
		}
	}
	return p.filterLegal(buf, start)
}

// filterLegal keeps the moves of buf[start:] that the variant's veto allows
// and that leave no royal piece of the mover attacked, dropping duplicates.
func (p *Position) filterLegal(buf []Move, start int) []Move {
	veto := p.rules.Hooks.Legal
	out := start
	for i := start; i < len(buf); i++ {
		m := buf[i]
		dup := false
		for _, x := range buf[start:out] {
			dup = dup || x == m
		}
		if dup || veto != nil && !veto(p, m) || !p.leavesRoyalSafe(m) {
			continue
		}
		buf[out] = m
		out++
	}
	return buf[:out]
}

// at returns the content of sq without bounds checks on a bounded board (hot
// path: the caller holds a valid square).
func (p *Position) at(sq Square) Piece {
	if p.plane != nil {
		return p.plane.at(sq)
	}
	return p.board[sq]
}

// epKey returns the hash key of an en-passant square (0 for NoSquare).
func (p *Position) epKey(sq Square) uint64 {
	switch {
	case sq == NoSquare:
		return 0
	case p.plane != nil:
		return p.planeEPKey(sq)
	}
	return p.rules.zobrist.ep[sq]
}

// CandidateNote returns, for an unbounded board, a one-line note that move
// lists and perft counts cover the candidate set (see CandidateSet); for a
// bounded board, the variant's own note (Hooks.Unlisted), "" when it has
// none.
func (r *Rules) CandidateNote() string {
	if r.plane == nil {
		if u := r.Hooks.Unlisted; u != nil {
			return u.Note(r)
		}
		return ""
	}
	return "note: " + r.Def.Name + " is played on an unbounded board: moves and perft list the finite candidate set " +
		"(the nearest 8 squares of each ray, squares lined up with other pieces, the square before a blocker, one far square per open ray; " +
		"see 'anychess rules'); every other legal move may still be played"
}

// planeFilterLegal keeps the legal moves of buf[start:] on an unbounded
// board, where k is the mover's royal square. With the pin shortcut and the
// royal piece not in check, a move needs the make/unmake test only when it
// moves the royal piece (tested with the piece lifted off its square), a
// pinned piece, or captures en passant.
func (p *Position) planeFilterLegal(buf []Move, start int, k Square) []Move {
	fast := p.pinShortcutAt(k) && !p.AttackedBy(k, p.turn)
	var pins PinSet
	if fast {
		p.planeFindPins(k, &pins)
	}
	out := start
	for i := start; i < len(buf); i++ {
		m := buf[i]
		var legal bool
		switch {
		case !fast || !plainMove(m):
			legal = p.leavesRoyalSafe(m)
		case m.From == k:
			legal = !p.planeRoyalStepAttacked(m)
		default:
			legal = !pins.has(m.From) || p.leavesRoyalSafe(m)
		}
		if legal {
			buf[out] = m
			out++
		}
	}
	return buf[:out]
}

// planeFindPins records the pieces of the player to move that stand alone
// between its royal piece on k and an enemy slider that would attack it.
func (p *Position) planeFindPins(k Square, pins *PinSet) {
	b := p.plane
	us := p.turn
	kc := b.coord(k)
	for by := Player(0); int(by) < p.rules.Players; by++ {
		if by == us {
			continue
		}
		for _, pr := range p.rules.plane.pinRays[by] {
			lines := &b.lines[pr.ray.fam]
			a, na, ok := lines.first(kc, -pr.ray.sign, pr.ray.mult)
			if !ok || b.at(a).Owner() != us || pins.has(a) {
				continue
			}
			e, ne, ok := lines.first(b.coord(a), -pr.ray.sign, pr.ray.mult)
			if !ok || ne > pr.max-na {
				continue
			}
			if pc := b.at(e); pc.Owner() == by && pr.mask>>pc.Type()&1 != 0 {
				pins.add(a)
			}
		}
	}
}

// planeRoyalStepAttacked reports whether the royal piece moving by m would
// stand attacked on m.To; it is lifted off its square meanwhile, so that it
// does not shield itself.
func (p *Position) planeRoyalStepAttacked(m Move) bool {
	b := p.plane
	kc := b.coord(m.From)
	cell := b.cell(m.From)
	b.clear(m.From, kc)
	attacked := p.AttackedBy(m.To, cell.pc.Owner())
	b.place(m.From, kc, cell.pc, cell.idx)
	return attacked
}
