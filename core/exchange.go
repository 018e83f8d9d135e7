package core

// Static exchange evaluation (hot path): the captures on one square played
// out with the least valuable attacker first.

// ExchangeApplies reports whether Exchange can judge any move of the
// rules' games: two players on a bounded board, no exotic attackers, no
// hook that adds to a move's effects or rules its slides.
func (r *Rules) ExchangeApplies() bool {
	return !r.Board.Unbounded && r.Players == 2 && r.attack[0].exotic == 0 && r.attack[1].exotic == 0 &&
		r.Hooks.BeforeMove == nil && r.Hooks.AfterMove == nil && r.Hooks.Step == nil
}

// ExchangeJudges reports whether Exchange can judge m: its ok, without the
// exchange.
func (p *Position) ExchangeJudges(m Move) bool {
	if m.Kind != KindNormal || m.Victims[0] != NoSquare || m.Promo != 0 || !p.rules.ExchangeApplies() {
		return false
	}
	victim, mover := p.board[m.To], p.board[m.From]
	return mover.IsPiece() && (victim == Empty || victim.IsPiece() && victim.Owner() != mover.Owner())
}

// Exchange returns the static exchange evaluation of m, a plain move
// (KindNormal, no further victims: a capture, or a move to an empty square,
// which wins nothing but may lose the mover) in a game of two players on a
// bounded board: the material the mover wins when both sides go on
// capturing on m.To with their least valuable attacker, each free to stop
// when going on would lose (a piece that captured leaves its square, so a
// slider behind it joins in). values[t] is a piece type's worth; a royal
// piece is worth royal, which must exceed every other piece's worth, so
// that it takes only on an unguarded square. Pins are ignored, and a pawn
// that would promote on the square counts as a pawn. ok is false where it
// cannot tell: another kind of move, more players, an unbounded board,
// attackers the attack tables leave out (exotic pieces), or a variant whose
// hooks add to a move's effects or rule its slides (BeforeMove, AfterMove,
// Step: a piece that changes hands on crossing Martian Chess's canal,
// Longchess's rivers). The board is changed while it looks and restored.
func (p *Position) Exchange(m Move, values []int, royal int) (gain int, ok bool) {
	if !p.ExchangeJudges(m) {
		return 0, false
	}
	board := p.board
	victim, mover := board[m.To], board[m.From]
	var gains [32]int
	var taken [32]Square
	var cells [32]Piece
	if victim != Empty {
		gains[0] = p.worth(victim, values, royal)
	}
	taken[0], cells[0] = m.From, mover
	board[m.From] = Empty
	n := 1 // squares emptied
	on := p.worth(mover, values, royal)
	side := mover.Owner() ^ 1
	d := 0
	for d+1 < len(gains) {
		from, c := p.leastAttacker(m.To, side, values, royal)
		if from == NoSquare {
			break
		}
		d++
		gains[d] = on - gains[d-1] // this side's gain if it stops after this capture
		on = p.worth(c, values, royal)
		taken[n], cells[n] = from, c
		board[from] = Empty
		n++
		side ^= 1
	}
	for ; d > 0; d-- {
		gains[d-1] = -max(-gains[d-1], gains[d])
	}
	for i := n - 1; i >= 0; i-- {
		board[taken[i]] = cells[i]
	}
	return gains[0], true
}

// leastAttacker returns the square and piece of player by's least worth
// piece that attacks sq by the attack tables' leaps and slides, or NoSquare.
func (p *Position) leastAttacker(sq Square, by Player, values []int, royal int) (Square, Piece) {
	t := &p.rules.attack[by]
	board := p.board
	best, bestCell, bestWorth := NoSquare, Empty, 0
	for i := range t.leaps {
		a := &t.leaps[i]
		at := sq - Square(a.delta)
		c := board[at]
		if c.IsPiece() && c.Owner() == by && a.mask>>(c&63)&1 != 0 {
			if w := p.worth(c, values, royal); best == NoSquare || w < bestWorth {
				best, bestCell, bestWorth = at, c, w
			}
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
			if c.IsPiece() && c.Owner() == by && a.mask>>(c&63)&1 != 0 {
				if w := p.worth(c, values, royal); best == NoSquare || w < bestWorth {
					best, bestCell, bestWorth = at, c, w
				}
			}
			break
		}
	}
	return best, bestCell
}

// worth is the worth of the piece c in an exchange: values by type, royal
// for a royal piece.
func (p *Position) worth(c Piece, values []int, royal int) int {
	if p.rules.Pieces[c.Type()].Royal {
		return royal
	}
	return values[c.Type()]
}
