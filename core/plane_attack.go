package core

// Attack detection on unbounded boards: each attacker tested by geometry and line lookups, whatever the distance.

// planeAttacks reports whether player by could capture on sq. Every piece of
// by is tested once: a table lookup for its leaps, and for each of its
// slides or prime leaps that lines up with sq, a binary search of the line
// index for a piece in between. The cost does not depend on how far apart
// the pieces stand.
func (p *Position) planeAttacks(sq Square, by Player) bool {
	t := p.plane.coord(sq)
	if p.planeGeometricAttack(t, by) {
		return true
	}
	a := &p.rules.plane.attack[by]
	if a.exotic != 0 && p.planeExoticAttack(sq, t, by, a.exotic) {
		return true
	}
	return false
}

// planeGeometricAttack reports whether a leap, slide or prime leap of a
// piece of by reaches t: the attacks that need no square handle of t (all
// but exotic pieces and the variant's Attacks hook).
func (p *Position) planeGeometricAttack(t Coord, by Player) bool {
	a := &p.rules.plane.attack[by]
	for _, q := range p.plane.pieces[by] {
		if p.planePieceAttack(a, q, t) {
			return true
		}
	}
	return false
}

// planePieceAttack reports whether a leap, slide or prime leap of the piece
// q (of the player whose tables a are) reaches t.
func (p *Position) planePieceAttack(a *planeAttack, q planePiece, t Coord) bool {
	dx, dy := t.X-q.c.X, t.Y-q.c.Y // exact: coordinates are below 2^62
	typ := q.pc.Type()
	if a.leapMask(dx, dy)>>typ&1 != 0 {
		return true
	}
	rays := a.rays[typ]
	if len(rays) == 0 || a.unit>>typ&1 != 0 && dx != 0 && dy != 0 && dx != dy && dx != -dy {
		return false
	}
	for i := range rays {
		ar := &rays[i]
		k, ok := stepsAlong(dx, dy, ar.d.x, ar.d.y)
		if !ok || k > ar.max {
			continue
		}
		if ar.prime > 0 {
			if k >= ar.prime && IsPrime(uint64(k)) {
				return true
			}
			continue
		}
		if _, bk, blocked := p.plane.lines[ar.ray.fam].first(q.c, ar.ray.sign, ar.ray.mult); !blocked || bk >= k {
			return true
		}
	}
	return false
}

// planeMayReachAround reports whether the piece q could attack a square
// next to c (within one step in each coordinate): by a leap when it stands
// within its tables' reach, by a rank, file or diagonal ray when it lines
// up with one of those squares; pieces with other rays always may.
func planeMayReachAround(a *planeAttack, q planePiece, c Coord) bool {
	dx, dy := c.X-q.c.X, c.Y-q.c.Y
	if dx >= -a.reach-1 && dx <= a.reach+1 && dy >= -a.reach-1 && dy <= a.reach+1 {
		return true
	}
	typ := q.pc.Type()
	if len(a.rays[typ]) == 0 {
		return false
	}
	if a.unit>>typ&1 == 0 {
		return true
	}
	ax, ay := max(dx, -dx), max(dy, -dy)
	return ax <= 1 || ay <= 1 || ax-ay <= 2 && ay-ax <= 2
}

// planeAttackedAround is AttackedAround on an unbounded board.
func (p *Position) planeAttackedAround(c Coord, us Player) uint8 {
	var mask uint8
	for by := Player(0); int(by) < p.rules.Players; by++ {
		if by == us {
			continue
		}
		a := &p.rules.plane.attack[by]
		if a.exotic != 0 {
			for i, d := range Around {
				if mask>>i&1 == 0 && p.AttackedAt(Coord{c.X + d.X, c.Y + d.Y}, us) {
					mask |= 1 << i
				}
			}
			continue
		}
		for _, q := range p.plane.pieces[by] {
			if !planeMayReachAround(a, q, c) {
				continue
			}
			for i, d := range Around {
				t := Coord{c.X + d.X, c.Y + d.Y}
				if mask>>i&1 == 0 && inPlane(t) && p.planePieceAttack(a, q, t) {
					mask |= 1 << i
				}
			}
		}
	}
	return mask
}

// planeExoticAttack generates the moves of by's exotic pieces and looks for
// one that captures on sq (at t). A dummy enemy stands on sq meanwhile, so
// that captures are generated even onto an empty or friendly square; it is
// written to the cells and line index only, not to the hash or piece lists.
func (p *Position) planeExoticAttack(sq Square, t Coord, by Player, types uint64) bool {
	b := p.plane
	target := b.at(sq)
	dummy := MakePiece((by+1)%Player(p.rules.Players), 1)
	switch {
	case target == Empty:
		b.place(sq, t, dummy, -1)
		defer b.clear(sq, t)
	case target.Owner() == by:
		cell := b.cell(sq)
		b.setCell(sq, planeCell{pc: dummy, idx: cell.idx})
		defer b.setCell(sq, cell)
	}
	moves := p.rules.plane.moves[by]
	for i, q := range b.pieces[by] {
		if types>>q.pc.Type()&1 == 0 {
			continue
		}
		from := p.lists[by].sqs[i]
		pm := &moves[q.pc.Type()]
		buf := p.scratch[:0]
		for j := range pm.steps {
			buf = p.planeStepMoves(buf, from, q.c, q.pc, &pm.steps[j], &t)
		}
		for j := range pm.paths {
			buf = p.planePathMoves(buf, from, q.c, q.pc, &pm.paths[j], nil)
		}
		p.scratch = buf[:0]
		if capturesOn(buf, sq) {
			return true
		}
	}
	return false
}

// planeEPPossible reports whether player by has a piece that could capture
// en passant on sq.
func (p *Position) planeEPPossible(sq Square, by Player) bool {
	b := p.plane
	c := b.coord(sq)
	for _, s := range p.rules.plane.epSteps[by] {
		from, ok := offset(c, vec64{-s.d.x, -s.d.y}, 1)
		if !ok {
			continue
		}
		if pc := b.atCoord(from); pc.IsPiece() && pc.Owner() == by && s.mask>>pc.Type()&1 != 0 {
			return true
		}
	}
	return false
}
