package core

// Legal move filtering, move validation and game outcomes.

import "fmt"

// LegalMoves appends the legal moves of the player to move to buf. When
// there are none and the variant lets a player pass (Hooks.Pass), it appends
// the pass move alone.
func (p *Position) LegalMoves(buf []Move) []Move {
	start := len(buf)
	if p.rules.hasReaches && p.goalReached() {
		return buf // the game is won: no move follows
	}
	buf = p.legalMoves(buf)
	if len(buf) == start && p.rules.Hooks.Pass != nil {
		buf = append(buf, p.rules.Hooks.Pass(p))
	}
	return buf
}

// legalMoves appends the legal moves of the player to move to buf, without
// the pass move.
func (p *Position) legalMoves(buf []Move) []Move {
	start := len(buf)
	buf = p.PseudoMoves(buf)
	if veto := p.rules.Hooks.Legal; veto != nil {
		out := start
		for i := start; i < len(buf); i++ {
			if veto(p, buf[i]) {
				buf[out] = buf[i]
				out++
			}
		}
		buf = buf[:out]
	}
	k := p.royal[p.turn]
	if k == NoSquare {
		return buf
	}
	if p.plane != nil {
		return p.planeFilterLegal(buf, start, k)
	}
	var pins PinSet
	fast := p.pinShortcutAt(k) && !p.AttackedBy(k, p.turn)
	if fast {
		p.findPins(k, &pins)
	}
	out := start
	for i := start; i < len(buf); i++ {
		m := &buf[i]
		var legal bool
		switch {
		case !fast || !plainMove(*m):
			legal = p.leavesRoyalSafe(*m)
		case m.From == k:
			legal = !p.royalStepAttacked(*m)
		default:
			legal = pins.n == 0 || !pins.has(m.From) || p.leavesRoyalSafe(*m)
		}
		if legal {
			if out != i {
				buf[out] = *m
			}
			out++
		}
	}
	return buf[:out]
}

// A PinSet is what Position.Pins learns of a position for the player to
// move: whether the pin shortcut holds there, and the squares of the pieces
// that may be pinned to its royal piece.
type PinSet struct {
	ok  bool   // the pin shortcut holds
	k   Square // the royal piece's square
	n   int    // the pins recorded; past len(sqs), every piece counts as pinned
	sqs [32]Square
}

// add records a piece that may be pinned.
func (s *PinSet) add(sq Square) {
	if s.n < len(s.sqs) {
		s.sqs[s.n] = sq
	}
	s.n++
}

func (s *PinSet) has(sq Square) bool {
	if s.n > len(s.sqs) {
		return true // more than it has room for: any piece may be pinned
	}
	for i := 0; i < s.n; i++ {
		if s.sqs[i] == sq {
			return true
		}
	}
	return false
}

// findPins walks from the king along every enemy slide direction and records
// a friendly piece that is the only thing between the king and a slider of
// that direction.
func (p *Position) findPins(k Square, pins *PinSet) {
	us := p.turn
	board := p.board
	for by := Player(0); int(by) < p.rules.Players; by++ {
		if by == us {
			continue
		}
		t := &p.rules.attack[by]
		for i := range t.slides {
			a := &t.slides[i]
			at := k
			shield := NoSquare
			for n := a.max; n > 0; n-- {
				at -= Square(a.delta)
				c := board[at]
				if c == Empty || c == Hole {
					continue
				}
				if c == Wall {
					break
				}
				if shield == NoSquare && c.Owner() == us {
					shield = at
					continue
				}
				if shield != NoSquare && c.Owner() == by && a.mask>>c.Type()&1 != 0 {
					pins.add(shield)
				}
				break
			}
		}
	}
}

// Pins fills pins for the player to move; inCheck says whether its royal
// piece is attacked (InCheck, which the caller knows). The pin shortcut
// holds where the variant's captures are all plain leaps and slides (or
// its other captures cannot reach the royal piece), no hook generates or
// vetoes moves, and the royal piece is not attacked: there a plain move of
// any other piece that no enemy slider pins leaves the royal piece safe
// (PinSet.Safe), as legal move generation finds.
func (p *Position) Pins(inCheck bool, pins *PinSet) {
	pins.ok, pins.n = false, 0
	k := p.royal[p.turn]
	if k == NoSquare || inCheck {
		return
	}
	if !p.pinShortcutAt(k) {
		return
	}
	if p.plane != nil {
		p.planeFindPins(k, pins)
	} else {
		p.findPins(k, pins)
	}
	pins.ok, pins.k = true, k
}

// pinShortcutAt reports whether the pin shortcut can hold with the royal
// piece of the player to move on k, in check or not: every capture is a
// plain leap or slide (or, on a bounded board, the exotic ones cannot
// reach k), and no hook generates or vetoes moves.
func (p *Position) pinShortcutAt(k Square) bool {
	if p.plane != nil {
		return p.rules.plane.pinShortcut
	}
	return p.rules.pinShortcut || p.rules.exoticPins && p.exoticOutOfReach(k)
}

// plainMove reports whether m is a move the pin shortcut covers: a plain
// move taking nothing but on its destination, or a double step.
func plainMove(m Move) bool {
	return m.Kind == KindNormal && m.Victims[0] == NoSquare || m.Kind == KindDoubleStep
}

// Safe reports whether m, a pseudo-legal move of the player to move in the
// position Pins looked at, certainly leaves its royal piece unattacked,
// without making it: the pin shortcut holds, and m is a plain move (taking
// nothing but on its destination) or a double step, of a piece that is
// neither the royal piece nor pinned. False says nothing: make the move
// and look.
func (s *PinSet) Safe(m Move) bool {
	return s.ok && m.From != s.k && plainMove(m) && !s.has(m.From)
}

// royalStepAttacked reports whether the royal piece moving by m would stand
// attacked on m.To. Only for variants whose attacks are all table leaps and
// slides: the royal is lifted off its square so it cannot shield itself.
func (p *Position) royalStepAttacked(m Move) bool {
	pc := p.board[m.From]
	p.board[m.From] = Empty
	attacked := p.AttackedBy(m.To, pc.Owner())
	p.board[m.From] = pc
	return attacked
}

// leavesRoyalSafe makes m and reports whether the mover's royal piece is then
// not attacked.
func (p *Position) leavesRoyalSafe(m Move) bool {
	us := p.turn
	p.MakeMove(m)
	k := p.royal[us]
	ok := k == NoSquare || !p.AttackedBy(k, us)
	p.UnmakeMove()
	return ok
}

// IsLegal reports whether m is one of the legal moves of the position. It is the
// check for moves that come from outside (a user, a file, the network).
// A move carrying declarations (see Declaration) is legal when the move
// without them is, and every declaration it carries is allowed with it. A
// move the variant's Hooks.Unlisted.Exact decides (one a candidate subset
// may leave out of LegalMoves) is legal when Exact says so.
func (p *Position) IsLegal(m Move) bool {
	bare, ok := p.undeclare(m)
	if !ok {
		return false
	}
	if u := p.rules.Hooks.Unlisted; u != nil {
		// Moves a candidate subset may leave out are decided exactly.
		if decided, err := u.Exact(p, bare); decided {
			return err == nil
		}
	}
	var legal []Move
	if p.plane != nil {
		// Exact on an unbounded board, beyond the candidate set.
		legal = p.LegalMovesTo(nil, bare.From, bare.To)
	} else {
		legal = p.LegalMoves(make([]Move, 0, 64))
	}
	for _, l := range legal {
		if l == bare {
			return true
		}
	}
	return false
}

// Status is the state of a game.
type Status uint8

// Game states.
const (
	Ongoing Status = iota
	Win            // Winners holds the winning players
	Draw
)

// Outcome is the result of a game, or Ongoing.
type Outcome struct {
	Status  Status
	Winners uint8 // bit i set: player i is among the winners
	Reason  string
}

// String describes the outcome.
func (o Outcome) String() string {
	switch o.Status {
	case Win:
		s := "win for"
		for i := 0; i < MaxPlayers; i++ {
			if o.Winners>>i&1 != 0 {
				s += fmt.Sprintf(" player %d", i+1)
			}
		}
		return s + " (" + o.Reason + ")"
	case Draw:
		return "draw (" + o.Reason + ")"
	}
	return "ongoing"
}

// WinFor returns a win for one player.
func WinFor(pl Player, reason string) Outcome {
	return Outcome{Status: Win, Winners: 1 << pl, Reason: reason}
}

// Outcome decides whether the game has ended in this position, applying the
// variant's goals and draw rules.
func (p *Position) Outcome() Outcome { return p.OutcomeBuf(make([]Move, 0, 128)) }

// OutcomeBuf is Outcome, generating the legal moves it looks at into buf
// (whose contents it overwrites), so that a caller with a buffer of its
// own allocates nothing.
func (p *Position) OutcomeBuf(buf []Move) Outcome {
	r := p.rules
	if o, ok := p.decidedEarly(); ok {
		return o
	}
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		if p.InCheck() && !r.Def.Goals.NoCheckmate {
			return p.allOthersWin("checkmate")
		}
		if r.Def.Goals.StalemateLoses {
			return p.allOthersWin("stalemate")
		}
		return Outcome{Status: Draw, Reason: "stalemate"}
	}
	return p.drawnByRule(true)
}

// Decided is Outcome without the test for checkmate and stalemate, for a
// caller (the computer player) that generates the moves itself: the
// variant's Outcome hook, a royal piece on its goal, and the draw rules. A
// position it calls Ongoing has ended only if the player to move has no
// legal move; one it calls a draw by a draw rule may still be checkmate,
// which Outcome puts first.
//
// Decided is meant for positions reached by moves from a position whose game
// was going on: material changes only with a move that resets the move
// counter (a capture, a pawn move), so insufficient material is tested only
// after such a move, or before any move was made on the position object.
func (p *Position) Decided() Outcome {
	if o, ok := p.decidedEarly(); ok {
		return o
	}
	return p.drawnByRule(p.counter == 0 || len(p.undos) == 0)
}

// decidedEarly applies the rules Outcome tests before the legal moves: the
// variant's hook and the royal piece's goal.
func (p *Position) decidedEarly() (Outcome, bool) {
	r := p.rules
	if r.Hooks.Outcome != nil {
		if o, ok := r.Hooks.Outcome(p); ok {
			return o, true
		}
	}
	if r.hasReaches && p.goalReached() {
		return WinFor(p.previousPlayer(), "royal piece reached its goal"), true
	}
	return Outcome{}, false
}

// drawnByRule applies the draw rules Outcome tests after the legal moves;
// material says whether to test insufficient material.
func (p *Position) drawnByRule(material bool) Outcome {
	r := p.rules
	if n := r.Def.Draws.MoveCounter; n > 0 && p.counter >= n {
		return Outcome{Status: Draw, Reason: r.counterDraw}
	}
	if n := r.Def.Draws.Repetition; n > 0 && p.Repetitions() >= n {
		return Outcome{Status: Draw, Reason: r.repetitionDraw}
	}
	if material && r.Def.Draws.InsufficientMaterial && p.insufficientMaterial() {
		return Outcome{Status: Draw, Reason: "insufficient material"}
	}
	return Outcome{Status: Ongoing}
}

func (p *Position) allOthersWin(reason string) Outcome {
	o := Outcome{Status: Win, Reason: reason}
	for i := 0; i < p.rules.Players; i++ {
		if Player(i) != p.turn && !p.rules.Allies(Player(i), p.turn) {
			o.Winners |= 1 << i
		}
	}
	return o
}

// RecentRepetitions returns how many times the current position has
// occurred among the positions before the last plies moves made, counting
// this one (Repetitions with a horizon: a search passes the moves since its
// last null move, so that a pass does not make a repetition).
func (p *Position) RecentRepetitions(plies int) int {
	n := 1
	for i := len(p.history) - 1; i >= 0 && i >= len(p.history)-plies; i-- {
		if p.history[i] == p.hash {
			n++
		}
	}
	return n
}

// Repetitions returns how many times the current position has occurred,
// counting this one.
func (p *Position) Repetitions() int {
	n := 1
	for i := len(p.history) - 1; i >= 0; i-- {
		if p.history[i] == p.hash {
			n++
		}
	}
	return n
}

// insufficientMaterial applies the variant's insufficient-material rule. The
// orthodox rule takes chess's dead-position cases: only royal pieces, or one
// knight or bishop besides them, or bishops (N- and B-pieces identified by
// their Betza "N" and "B") all on one colour. The bare-royals rule takes only
// the first.
func (p *Position) insufficientMaterial() bool {
	if h := p.rules.Hooks.InsufficientMaterial; h != nil {
		return h(p)
	}
	if p.rules.Def.Draws.InsufficientMaterialRule == MaterialBareRoyals {
		for pl := 0; pl < p.rules.Players; pl++ {
			for _, sq := range p.lists[pl].sqs {
				if !p.rules.Pieces[p.At(sq).Type()].Royal {
					return false
				}
			}
		}
		return true
	}
	minors, knights := 0, 0
	colours := [2]bool{}
	for pl := 0; pl < p.rules.Players; pl++ {
		for _, sq := range p.lists[pl].sqs {
			info := &p.rules.Pieces[p.At(sq).Type()]
			switch {
			case info.Royal:
			case info.Betza == "N":
				minors++
				knights++
			case info.Betza == "B":
				minors++
				c := p.Coord(sq)
				colours[(c.X+c.Y)&1] = true
			default:
				return false
			}
		}
	}
	if minors <= 1 {
		return true
	}
	return knights == 0 && !(colours[0] && colours[1])
}

// previousPlayer returns the player who made the last move.
func (p *Position) previousPlayer() Player {
	return (p.turn + Player(p.rules.Players) - 1) % Player(p.rules.Players)
}

// goalReached reports whether the last mover's royal piece stands in the
// region it had to reach (goals.royal_reaches).
func (p *Position) goalReached() bool {
	prev := p.previousPlayer()
	reg := p.rules.reaches[prev]
	return reg != nil && p.royal[prev] != NoSquare && p.InRegion(reg, p.royal[prev])
}
