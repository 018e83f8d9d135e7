package core

// Attack detection (hot path): reverse tables, with a general fallback for exotic pieces.

// AttackedBy reports whether any opponent of player us could capture on sq.
func (p *Position) AttackedBy(sq Square, us Player) bool {
	for by := Player(0); int(by) < p.rules.Players; by++ {
		if by != us && p.Attacks(sq, by) {
			return true
		}
	}
	return false
}

// Attacks reports whether player by has a move that captures on sq (or removes
// the piece standing there, as a jumped-over or range-attacked victim).
func (p *Position) Attacks(sq Square, by Player) bool {
	if p.plane != nil {
		return p.planeAttacks(sq, by)
	}
	r := p.rules
	t := &r.attack[by]
	board := p.board
	for i := range t.leaps {
		a := &t.leaps[i]
		c := board[sq-Square(a.delta)]
		if Player(c>>6) == by && a.mask>>(c&63)&1 != 0 {
			return true
		}
	}
	for i := range t.slides {
		a := &t.slides[i]
		at := sq
		for n := a.max; n > 0; n-- {
			at -= Square(a.delta)
			c := board[at]
			if c == Empty || c == Hole {
				continue
			}
			if Player(c>>6) == by && a.mask>>(c&63)&1 != 0 {
				return true
			}
			break
		}
	}
	if t.exotic != 0 && p.exoticAttack(sq, by, t.exotic) {
		return true
	}
	return false
}

// attackedAround is AttackedAround on a bounded board around k, a playable
// square: bit i says whether AttackedBy(k + Around[i], us) holds, for the
// playable squares among them. It starts from each enemy piece, not from
// each square: its leaps are looked up once (attackTable.around), and only
// the slides that line up with one of the squares are walked
// (attackTable.rays), from that square back to the slider.
func (p *Position) attackedAround(k Square, us Player) uint8 {
	b := p.rules.Board
	board := p.board
	// The board's padding (at least 2 cells) keeps the eight inside the
	// mailbox, so none wraps to another rank.
	var sqs [8]Square
	var live uint8 // the playable squares among the eight
	for i, d := range Around {
		n := k + Square(int(d.Y)*b.Stride+int(d.X))
		sqs[i] = n
		if b.Playable(n) {
			live |= 1 << i
		}
	}
	var mask uint8
	for by := Player(0); int(by) < p.rules.Players; by++ {
		if by == us {
			continue
		}
		t := &p.rules.attack[by]
		for _, from := range p.lists[by].sqs {
			if o := int32(from-k) + t.aroundBias; o >= 0 && o <= 2*t.aroundBias {
				mask |= t.around[o*t.types+int32(board[from]&63)]
			}
		}
		mask &= live
		if t.sliders != 0 {
			w := int32(2*b.Files - 1)
			x0, y0 := int32(b.Files-1)-int32(b.col[k]), int32(b.Ranks-1)-int32(b.row[k])
			for _, from := range p.lists[by].sqs {
				ty := int32(board[from] & 63)
				if t.sliders>>ty&1 == 0 || live&^mask == 0 {
					continue
				}
				at := ((int32(b.row[from])+y0)*w+int32(b.col[from])+x0)*t.types + ty
			rays:
				for _, ray := range t.rays[t.rayIndex[at]:t.rayIndex[at+1]] {
					bit := uint8(1) << ray.i
					if live&^mask&bit == 0 {
						continue
					}
					sq := sqs[ray.i]
					for n := ray.steps; n > 1; n-- {
						sq -= Square(ray.delta)
						if c := board[sq]; c != Empty && c != Hole {
							continue rays
						}
					}
					mask |= bit
				}
			}
		}
		if t.exotic != 0 {
			for i := 0; i < 8; i++ {
				if live&^mask&(1<<i) != 0 && p.exoticAttack(sqs[i], by, t.exotic) {
					mask |= 1 << i
				}
			}
		}
	}
	return mask
}

// exoticAttack generates the captures of by's exotic pieces that the attack
// tables leave out, and looks for one that captures on sq. It runs as if by
// were to move.
func (p *Position) exoticAttack(sq Square, by Player, types uint64) bool {
	target := p.board[sq]
	if target == Empty || target.Owner() == by {
		// Generation only produces captures of enemy pieces: stand a dummy
		// enemy on the square while looking.
		dummy := MakePiece((by+1)%Player(p.rules.Players), 1)
		p.board[sq] = dummy
		defer func() { p.board[sq] = target }()
	}
	moves := p.rules.moves[by]
	for _, from := range p.lists[by].sqs {
		pc := p.board[from]
		if types>>pc.Type()&1 == 0 {
			continue
		}
		pm := &moves[pc.Type()]
		if pm.attackReach != nil {
			if !canReach(pm.attackReach, sq-from, len(p.board)) {
				continue // sq is not where this piece captures from here
			}
		}
		buf := p.scratch[:0]
		if len(pm.attackSteps) > 0 {
			buf = p.genSteps(buf, from, pc, pm.attackSteps, true)
		}
		for _, j := range pm.attackPaths {
			cp := &pm.paths[j]
			if !cp.mayCapture(int32(sq - from)) {
				continue
			}
			buf = p.genPath(buf, from, pc, cp)
		}
		p.scratch = buf[:0]
		if capturesOn(buf, sq) {
			return true
		}
	}
	return false
}

// exoticOutOfReach reports whether no exotic piece of an opponent of the
// player to move could capture on sq from where it stands, whatever the
// rest of the board holds (see pieceMoves.attackReach).
func (p *Position) exoticOutOfReach(sq Square) bool {
	r := p.rules
	for by := Player(0); int(by) < r.Players; by++ {
		types := r.attack[by].exotic
		if by == p.turn || types == 0 {
			continue
		}
		moves := r.moves[by]
		for _, from := range p.lists[by].sqs {
			t := p.board[from].Type()
			if types>>t&1 == 0 {
				continue
			}
			reach := moves[t].attackReach
			if reach == nil || canReach(reach, sq-from, len(p.board)) {
				return false
			}
		}
	}
	return true
}

// InCheck reports whether the player to move has a royal piece under attack.
func (p *Position) InCheck() bool {
	k := p.royal[p.turn]
	return k != NoSquare && p.AttackedBy(k, p.turn)
}

// capturesOn reports whether one of moves captures on sq: by landing there or
// by taking a victim there.
func capturesOn(moves []Move, sq Square) bool {
	for _, m := range moves {
		if m.To == sq && m.Kind != KindDoubleStep {
			return true
		}
		for _, v := range m.Victims {
			if v == sq && m.Kind == KindNormal {
				return true
			}
		}
	}
	return false
}

// canReach tests the bit of offset d in a reach set (pieceMoves.attackReach),
// which stores offsets shifted by the mailbox size n.
func canReach(reach []uint64, d Square, n int) bool {
	i := int(d) + n
	return reach[i>>6]>>(i&63)&1 != 0
}

// Reach counts the squares on which the piece on from could capture an
// enemy piece standing there, by its plain leaps and slides (the captures
// the attack tables hold; a piece's exotic captures are not counted): a
// slide stops at the first piece. Squares that hold a piece of the same
// owner are left out, and so is each square sq whose bit sq%64 is set in
// avoid[sq/64] (squares beyond avoid are not left out). It is 0 on an
// unbounded board and for an empty square. The evaluation's mobility.
func (p *Position) Reach(from Square, avoid []uint64) int {
	if p.plane != nil {
		return 0
	}
	board := p.board
	c := board[from]
	if !c.IsPiece() {
		return 0
	}
	pl := Player(c >> 6)
	n := 0
	for _, d := range p.rules.reachLeaps[c] {
		at := from + Square(d)
		if x := board[at]; x == Empty || x < Hole && Player(x>>6) != pl {
			if w := int(at >> 6); w >= len(avoid) || avoid[w]>>(uint(at)&63)&1 == 0 {
				n++
			}
		}
	}
	for _, s := range p.rules.reachSlides[c] {
		at := from
		for k := s.max; k > 0; k-- {
			at += Square(s.delta)
			x := board[at]
			if x != Empty {
				if x == Hole {
					continue
				}
				if x == Wall || Player(x>>6) == pl {
					break
				}
			}
			if w := int(at >> 6); w >= len(avoid) || avoid[w]>>(uint(at)&63)&1 == 0 {
				n++
			}
			if x != Empty {
				break
			}
		}
	}
	return n
}
