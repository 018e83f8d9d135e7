package core

// GivesCheck reports whether m, a pseudo-legal move of the player to move,
// leaves the next player's royal piece attacked: what making m and asking
// InCheck would say. A plain move (a double step, or a normal move with no
// victims beyond its target; no promotion) in a two-player game whose
// pieces all attack by leaps, slides and prime leaps, without move hooks,
// is answered without making it; every other move is made and taken back.
func (p *Position) GivesCheck(m Move) bool {
	if check, known := p.plainGivesCheck(m); known {
		return check
	}
	p.MakeMove(m)
	check := p.InCheck()
	p.UnmakeMove()
	return check
}

// plainGivesCheck is GivesCheck for the moves it can judge without making
// them; known is false for the others.
func (p *Position) plainGivesCheck(m Move) (check, known bool) {
	r := p.rules
	plain := m.Kind == KindDoubleStep || m.Kind == KindNormal && m.VictimCount() == 0
	if !plain || r.Players != 2 || m.Promo != 0 || m.From == NoSquare || m.To == NoSquare || m.From == m.To ||
		r.Hooks.BeforeMove != nil || r.Hooks.AfterMove != nil || r.Hooks.Step != nil {
		return false, false
	}
	us := p.turn
	k := p.royal[p.nextPlayer(us)]
	if k == NoSquare {
		return false, true // InCheck holds only for a royal piece
	}
	if k == m.To {
		return false, false
	}
	if p.plane != nil {
		return p.planePlainGivesCheck(m, k)
	}
	if r.attack[us].exotic != 0 {
		return false, false
	}
	// The move's two squares, changed in the mailbox alone: the leap and
	// slide tables read nothing else.
	from, to := p.board[m.From], p.board[m.To]
	p.board[m.From], p.board[m.To] = Empty, from
	check = p.Attacks(k, us)
	p.board[m.From], p.board[m.To] = from, to
	return check, true
}

// planePlainGivesCheck is plainGivesCheck on an unbounded board, where
// changing the board means updating its line index: the mover is tested
// from its target against the lines as they stand, and a line of one of
// the mover's other pieces that passes through its origin (which the move
// may open) is left to making the move, as is a mover whose own line to
// the royal piece passes its origin. So is a royal piece attacked before
// the move, which only an illegal position has. What this reads apart from
// the move is kept in a checkMemo.
func (p *Position) planePlainGivesCheck(m Move, k Square) (check, known bool) {
	us := p.turn
	a := &p.rules.plane.attack[us]
	if a.exotic != 0 {
		return false, false
	}
	kc := p.plane.coord(k)
	fc, tc := p.plane.coord(m.From), p.plane.coord(m.To)
	memo := p.planeCheckMemo(a, us, k, kc)
	if memo.attackers > 0 || memo.overflow {
		return false, false // already attacked (no legal game gets here), or more sliders than the memo holds
	}
	for _, c := range memo.sliders[:memo.n] {
		if c != fc && between(c, fc, kc) {
			return false, false // a line the move may open
		}
	}
	if between(tc, fc, kc) {
		return false, false
	}
	mover := planePiece{c: tc, pc: p.plane.at(m.From)}
	return p.planePieceAttack(a, mover, kc), true
}

// between reports whether b lies on the segment from a to c, strictly
// inside it.
func between(a, b, c Coord) bool {
	if b == a || b == c {
		return false
	}
	if b.X < min(a.X, c.X) || b.X > max(a.X, c.X) || b.Y < min(a.Y, c.Y) || b.Y > max(a.Y, c.Y) {
		return false
	}
	// Collinear: (b − a) × (c − a) = 0, in 128 bits (coordinates lie
	// within ±2^62, so the differences fit in 64).
	return mul64(b.X-a.X, c.Y-a.Y).cmp(mul64(b.Y-a.Y, c.X-a.X)) == 0
}

// checkMemo is what planePlainGivesCheck reads of the position apart from
// the move, kept while the board (its version) and the enemy royal piece's
// square stay the same (on an unchanged board that square also tells the
// mover: each player's royal piece stands on its own square): the mover's
// sliders (pieces with lines) and how many of the mover's pieces attack the
// royal piece already.
type checkMemo struct {
	version   uint64
	k         Square
	valid     bool
	attackers int
	overflow  bool // more sliders than sliders holds
	n         int
	sliders   [16]Coord
}

// planeCheckMemo returns the check memo of the position for the mover us
// and its enemy's royal piece on k (at kc), making it when it is stale.
func (p *Position) planeCheckMemo(a *planeAttack, us Player, k Square, kc Coord) *checkMemo {
	b := p.plane
	memo := &b.check
	if memo.valid && memo.version == b.version && memo.k == k {
		return memo
	}
	*memo = checkMemo{version: b.version, k: k, valid: true}
	for _, q := range b.pieces[us] {
		if len(a.rays[q.pc.Type()]) > 0 {
			if memo.n == len(memo.sliders) {
				memo.overflow = true
			} else {
				memo.sliders[memo.n] = q.c
				memo.n++
			}
		}
		if p.planePieceAttack(a, q, kc) {
			memo.attackers++
		}
	}
	return memo
}
