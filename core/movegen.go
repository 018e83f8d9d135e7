package core

// Pseudo-legal move generation (hot path: no allocation beyond the caller's buffer).

import "anychess/betza"

// PseudoMoves appends the moves of the player to move that obey piece movement,
// without testing whether they leave a royal piece attacked.
func (p *Position) PseudoMoves(buf []Move) []Move {
	if p.plane != nil {
		return p.planePseudoMoves(buf)
	}
	return p.pseudoMoves(buf, true)
}

// TacticalMoves appends the pseudo-legal moves that PseudoMoves would, but
// for the plain quiet ones: the leaps and slides onto an empty square that
// do not promote, and castling. Every other move (a capture, a promotion,
// a move of a complex path or of the variant's own kinds, every step the
// variant's terrain rule judges) is kept, in PseudoMoves's order. On the
// plane it is PseudoMoves.
func (p *Position) TacticalMoves(buf []Move) []Move {
	if p.plane != nil {
		return p.planePseudoMoves(buf)
	}
	return p.pseudoMoves(buf, false)
}

// HasPseudoMove reports whether m is among the moves PseudoMoves gives,
// generating only those of the piece on m.From (and castling, for a
// castling move) into buf, the caller's scratch space: a fraction of
// PseudoMoves's work. known is false where that cannot tell: on the plane
// and where the variant generates moves of its own (Hooks.Generate).
func (p *Position) HasPseudoMove(m Move, buf []Move) (has, known bool) {
	r := p.rules
	if p.plane != nil || r.Hooks.Generate != nil {
		return false, false
	}
	if m.From < 0 || int(m.From) >= len(p.board) {
		return false, true
	}
	pc := p.board[m.From]
	if !pc.IsPiece() || pc.Owner() != p.turn {
		return false, true
	}
	buf = buf[:0]
	if m.Kind == KindCastle {
		buf = p.genCastling(buf)
	} else {
		pm := &r.moves[p.turn][pc.Type()]
		buf = p.genSteps(buf, m.From, pc, pm.steps, true)
		for j := range pm.paths {
			buf = p.genPath(buf, m.From, pc, &pm.paths[j])
		}
	}
	for _, x := range buf {
		if x == m {
			return true, true
		}
	}
	return false, true
}

// pseudoMoves is PseudoMoves on a bounded board; without quiets it leaves
// out the plain quiet moves (TacticalMoves).
func (p *Position) pseudoMoves(buf []Move, quiets bool) []Move {
	us := p.turn
	r := p.rules
	moves := r.moves[us]
	sqs := p.lists[us].sqs
	for i := 0; i < len(sqs); i++ {
		from := sqs[i]
		pc := p.board[from]
		pm := &moves[pc.Type()]
		if len(pm.steps) > 0 {
			buf = p.genSteps(buf, from, pc, pm.steps, quiets)
		}
		for j := range pm.paths {
			buf = p.genPath(buf, from, pc, &pm.paths[j])
		}
	}
	if len(r.castling) > 0 && quiets {
		buf = p.genCastling(buf)
	}
	if r.Hooks.Generate != nil {
		buf = r.Hooks.Generate(p, buf)
	}
	return buf
}

// genSteps generates the simple leaps and slides of the piece on from;
// without quiets, not those onto an empty square that do not promote
// (genSpecialStep's steps are all kept).
func (p *Position) genSteps(buf []Move, from Square, pc Piece, steps []step, quiets bool) []Move {
	board := p.board
	us := pc.Owner()
	pawn := p.rules.Pieces[pc.Type()].Pawn
	promo := p.rules.promotion[us].region
	for i := range steps {
		s := &steps[i]
		if s.flags&(sfInitial|sfDouble|sfChecked) != 0 || s.nLame != 0 || (s.flags&sfEP != 0 && p.ep != NoSquare) {
			buf = p.genSpecialStep(buf, from, pc, s)
			continue
		}
		to := from
		for n := s.max; n > 0; n-- {
			to += Square(s.delta)
			c := board[to]
			if c == Empty {
				if s.flags&sfMove != 0 {
					if pawn {
						if quiets || promo != nil && promo.member[to] {
							buf = p.addMove(buf, from, to, us, pawn)
						}
					} else if quiets {
						buf = append(buf, Move{From: from, To: to, Victims: noVictims})
					}
				}
				continue
			}
			if c == Hole {
				continue
			}
			if c != Wall && c.Owner() != us && s.flags&sfCapture != 0 {
				if pawn {
					buf = p.addMove(buf, from, to, us, pawn)
				} else {
					buf = append(buf, Move{From: from, To: to, Victims: noVictims})
				}
			}
			break
		}
	}
	return buf
}

// genSpecialStep handles steps with lame squares, initial-only moves, en
// passant, double steps and steps put to Hooks.Step.
func (p *Position) genSpecialStep(buf []Move, from Square, pc Piece, s *step) []Move {
	board := p.board
	us := pc.Owner()
	pawn := p.rules.Pieces[pc.Type()].Pawn
	if s.flags&sfInitial != 0 && !p.virgin[from] {
		return buf
	}
	for k := 0; k < int(s.nLame); k++ {
		if c := board[from+Square(s.lame[k])]; c != Empty && c != Hole {
			return buf
		}
	}
	to := from
	rule := StepFree
	for n := int32(1); n <= s.max && rule != StepLast; n++ {
		to += Square(s.delta)
		if s.flags&sfChecked != 0 {
			if rule = p.rules.Hooks.Step(p.rules, to-Square(s.delta), to); rule == StepBlocked {
				break
			}
		}
		c := board[to]
		if c == Empty {
			switch {
			case s.flags&sfMove != 0:
				if s.flags&sfDouble != 0 && (n > 1 || s.nLame == 1) {
					passed := to - Square(s.delta)
					if s.nLame == 1 {
						passed = from + Square(s.lame[0])
					}
					m := NewMove(from, to)
					m.Kind = KindDoubleStep
					m.Victims[0] = passed
					buf = p.addPromotions(buf, m, us, pawn)
				} else {
					buf = p.addMove(buf, from, to, us, pawn)
				}
			case s.flags&sfEP != 0 && to == p.ep && p.epVictim != NoSquare && board[p.epVictim].Owner() != us:
				m := NewMove(from, to)
				m.Kind = KindEnPassant
				m.Victims[0] = p.epVictim
				buf = p.addPromotions(buf, m, us, pawn)
			}
			continue
		}
		if c == Hole {
			continue
		}
		if c != Wall && c.Owner() != us && s.flags&sfCapture != 0 {
			buf = p.addMove(buf, from, to, us, pawn)
		}
		break
	}
	return buf
}

// addMove appends a normal move, expanded into promotions where they apply.
func (p *Position) addMove(buf []Move, from, to Square, us Player, pawn bool) []Move {
	m := Move{From: from, To: to, Victims: noVictims}
	if !pawn {
		return append(buf, m)
	}
	return p.addPromotions(buf, m, us, pawn)
}

func (p *Position) addPromotions(buf []Move, m Move, us Player, pawn bool) []Move {
	pr := &p.rules.promotion[us]
	if !pawn || pr.region == nil || !pr.region.member[m.To] {
		return append(buf, m)
	}
	return pr.expand(buf, m)
}

// expand appends m once for each promotion choice, and unpromoted as well
// when promotion is optional.
func (pr *promoRule) expand(buf []Move, m Move) []Move {
	if pr.optional {
		buf = append(buf, m)
	}
	for _, t := range pr.choices {
		m.Promo = t
		buf = append(buf, m)
	}
	return buf
}

// genPath generates a complex path (hoppers, jumps, multi-leg and locust moves)
// by walking its legs.
func (p *Position) genPath(buf []Move, from Square, pc Piece, cp *path) []Move {
	if cp.initial && !p.virgin[from] {
		return buf
	}
	m := NewMove(from, NoSquare)
	return p.walkLeg(buf, pc, cp, 0, from, m, 0)
}

// walkLeg follows leg li of cp starting at sq. m collects the locust victims
// (nv of them so far).
func (p *Position) walkLeg(buf []Move, pc Piece, cp *path, li int, sq Square, m Move, nv int) []Move {
	l := &cp.legs[li]
	us := pc.Owner()
	last := li == len(cp.legs)-1
	for _, d := range l.lame {
		if c := p.board[sq+Square(d)]; c != Empty && c != Hole {
			return buf
		}
	}
	to := sq
	screened := false
	stepRule := p.rules.Hooks.Step
	rule := StepFree
	for n := int32(1); n <= l.max && rule != StepLast; n++ {
		to += Square(l.delta)
		if stepRule != nil {
			if rule = stepRule(p.rules, to-Square(l.delta), to); rule == StepBlocked {
				return buf
			}
		}
		c := p.board[to]
		if c == Wall {
			return buf
		}
		if l.jump {
			if l.max == 1 {
				// A jumping leaper: its midpoint must be occupied.
				mid := sq + Square(l.delta/2)
				if mc := p.board[mid]; mc == Empty || mc == Hole || l.delta%2 != 0 {
					return buf
				}
			} else if n == 1 {
				continue // a jumping slider skips its first square
			}
		}
		if l.hopOver && !screened {
			if c != Empty && c != Hole && to != m.From {
				screened = true
			}
			continue
		}
		if c == Hole {
			if l.hopOver && l.stop {
				return buf // a grasshopper must land right behind its screen
			}
			continue
		}
		if rule == StepLast && !last {
			return buf // the move may end here, not go on by another leg
		}
		occupied := c != Empty && to != m.From
		if last {
			if !occupied && l.mode&betza.Move != 0 {
				mm := m
				mm.To = to
				buf = p.finishPath(buf, mm, us, pc, cp)
			} else if occupied && c.Owner() != us && l.mode&betza.Capture != 0 {
				mm := m
				mm.To = to
				buf = p.finishPath(buf, mm, us, pc, cp)
			}
		} else if !occupied {
			if l.mode&betza.Move != 0 {
				buf = p.walkLeg(buf, pc, cp, li+1, to, m, nv)
			}
		} else {
			// The piece there may stay (hopped over: any piece, a friend or
			// an enemy) or, when it is an enemy, be captured; a mode with
			// both bits yields both moves.
			enemy := c.Owner() != us
			if l.mode&betza.Hop != 0 || (!enemy && l.mode&betza.Friend != 0) || (enemy && l.mode&betza.Enemy != 0) {
				buf = p.walkLeg(buf, pc, cp, li+1, to, m, nv)
			}
			if enemy && l.mode&betza.Capture != 0 && nv < MaxVictims {
				mm := m
				mm.Victims[nv] = to
				buf = p.walkLeg(buf, pc, cp, li+1, to, mm, nv+1)
			}
		}
		if occupied || (l.hopOver && l.stop) {
			return buf
		}
	}
	return buf
}

func (p *Position) finishPath(buf []Move, m Move, us Player, pc Piece, cp *path) []Move {
	if m.To == m.From && m.Victims[0] == NoSquare {
		return buf // a round trip that does nothing is no move
	}
	return p.addPromotions(buf, m, us, p.rules.Pieces[pc.Type()].Pawn)
}

// genCastling appends the castling moves available to the player to move.
func (p *Position) genCastling(buf []Move) []Move {
	us := p.turn
	for i := range p.rules.castling {
		c := &p.rules.castling[i]
		if c.player != us || !p.virgin[c.kingFrom] || !p.virgin[c.rookFrom] {
			continue
		}
		k, rk := p.board[c.kingFrom], p.board[c.rookFrom]
		if !k.IsPiece() || k.Owner() != us || !p.rules.Pieces[k.Type()].Royal || !rk.IsPiece() || rk.Owner() != us {
			continue
		}
		ok := true
		for _, sq := range c.empty {
			if p.board[sq] != Empty {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for _, sq := range c.safe {
			if p.AttackedBy(sq, us) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		m := NewMove(c.kingFrom, c.kingTo)
		m.Kind = KindCastle
		m.Victims[0], m.Victims[1] = c.rookFrom, c.rookTo
		buf = append(buf, m)
	}
	return buf
}
