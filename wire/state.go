package wire

// The state of a game as one seat (or a spectator) sees it.

import (
	"sort"

	"anychess/core"
	"anychess/game"
)

// State is a game as the server shows it to one connection. It is sent
// whole after every change; the client keeps no game logic of its own.
type State struct {
	Type string `json:"type"` // "state"
	Game string `json:"game"`
	// You is the seat of the connection (0-based), -1 for a spectator.
	You   int        `json:"you"`
	Ply   int        `json:"ply"`
	Turn  int        `json:"turn"`
	Seats []SeatInfo `json:"seats"`
	// Position is the position's text (FEN or the variant's own).
	Position string    `json:"position"`
	Pieces   []PieceOn `json:"pieces"`
	Marks    []MarkOn  `json:"marks"`
	// LastMove is the last move's squares; Check the royal squares of the
	// side to move when it is in check.
	LastMove *MoveInfo `json:"lastMove,omitempty"`
	Check    []Coord   `json:"check"`
	// Status is the variant's own state in lines (scores, carried flags,
	// Martian Chess's clock).
	Status []string `json:"status"`
	// Clocks are the seats' times left in milliseconds, nil without
	// clocks; Running is the seat whose clock runs, -1 for none (the game
	// is over, or in its untimed first round).
	Clocks  []int64 `json:"clocks"`
	Running int     `json:"running"`
	Outcome Outcome `json:"outcome"`
	// DrawOffers are the seats offering a draw; Takeback the pending
	// takeback request, if any.
	DrawOffers []int         `json:"drawOffers"`
	Takeback   *TakebackInfo `json:"takeback,omitempty"`
	Takebacks  bool          `json:"takebacks"`
	Moves      []Played      `json:"moves"`
	// Legal lists the legal moves of the seat to move, only in that seat's
	// own state (nil otherwise).
	Legal []MoveInfo `json:"legal"`
	// Rematch is the id of the game's rematch, once one was created; the
	// server fills it.
	Rematch string `json:"rematch,omitempty"`
	// Notices are what was announced at the table, in order (a seat
	// handed to the computer, a win claimed against a player who left);
	// the server fills them.
	Notices []string `json:"notices,omitempty"`
}

// SeatInfo is one seat.
type SeatInfo struct {
	Name  string `json:"name"`
	Plays string `json:"plays"` // human, computer:N, random
	// Connected reports whether the seat's person has a connection open
	// (always true for a computer seat); the server fills it.
	Connected bool `json:"connected"`
	// Away is how long, in milliseconds, the seat's person has been gone
	// (no connection) in a game that goes on, 0 when present; Claimable:
	// gone past the server's limit, in a game of two sides, so that an
	// opponent may claim the win. The server fills them.
	Away      int64 `json:"away,omitempty"`
	Claimable bool  `json:"claimable,omitempty"`
}

// PieceOn is a piece on a square; Carry is the letter of an item it
// carries (a flag), "" for none.
type PieceOn struct {
	At     Coord  `json:"at"`
	Letter string `json:"letter"`
	Owner  int    `json:"owner"`
	Carry  string `json:"carry,omitempty"`
	// CarryOwner is the carried item's owner.
	CarryOwner int `json:"carryOwner,omitempty"`
}

// MarkOn is a mark on a square (Longchess's mines and shells): Name is what
// the variant calls it (core.MarkDef.Name) and Owner whose it is; Value is
// the square's raw marks-layer value. A square holding several marks gives
// one MarkOn each; bits no kind of mark names give one MarkOn with no name
// and Owner -1.
type MarkOn struct {
	At    Coord  `json:"at"`
	Value int    `json:"value"`
	Name  string `json:"name,omitempty"`
	Owner int    `json:"owner"`
}

// MoveInfo is one move: its texts and the squares it touches.
type MoveInfo struct {
	// Text is the coordinate notation the server reads back; SAN is the
	// readable form (SAN, or the variant's own).
	Text string `json:"text"`
	SAN  string `json:"san"`
	// From and To are nil for a move that has no such square (a pass).
	From    *Coord  `json:"from,omitempty"`
	To      *Coord  `json:"to,omitempty"`
	Victims []Coord `json:"victims,omitempty"`
	// Special marks a move that is not a plain move from From to To: a
	// variant's own kind (charge, drop, retreat, mine, salvo, pass) or a
	// capture without moving (range attack). Pages offer these through
	// visible controls as well as by From and To.
	Special bool `json:"special,omitempty"`
	// Promo is the letter of the piece a promotion makes, "" for none.
	Promo string `json:"promo,omitempty"`
}

// Played is a move of the game's record.
type Played struct {
	Text    string `json:"text"`
	SAN     string `json:"san"`
	Player  int    `json:"player"`
	SpentMs int64  `json:"spentMs"`
	ClockMs int64  `json:"clockMs"`
}

// Outcome is the result.
type Outcome struct {
	Status  string `json:"status"` // ongoing, win or draw
	Winners []int  `json:"winners"`
	Reason  string `json:"reason"`
	// Text is the result in words, with the seats' names.
	Text string `json:"text"`
}

// TakebackInfo is a pending takeback request.
type TakebackInfo struct {
	By     int   `json:"by"`
	Agreed []int `json:"agreed"`
}

// StateOf builds the state of g for seat you (-1: a spectator). id is the
// game's id. The legal moves are listed only when you is to move.
func StateOf(id string, g *game.Game, you int) *State {
	p := g.Position()
	r := g.Rules()
	s := &State{Type: "state", Game: id, You: you, Ply: g.Ply(), Turn: int(g.Turn()), Position: p.String(),
		Pieces: []PieceOn{}, Marks: []MarkOn{}, Check: []Coord{}, Status: []string{}, Running: -1,
		DrawOffers: bits(g.DrawOffers()), Takebacks: g.Config().Takebacks, Moves: []Played{}}
	for i := 0; i < g.Players(); i++ {
		s.Seats = append(s.Seats, SeatInfo{Name: g.Name(core.Player(i)), Plays: g.Plays(core.Player(i)), Connected: g.Seat(core.Player(i)).Player != nil})
	}
	for pl := 0; pl < r.Players; pl++ {
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			pc := p.At(sq)
			on := PieceOn{At: CoordOf(p.Coord(sq)), Letter: string(r.Pieces[pc.Type()].Letter), Owner: int(pc.Owner())}
			if item := core.Piece(p.Carry(sq)); item.IsPiece() && int(item.Type()) < len(r.Pieces) {
				on.Carry, on.CarryOwner = string(r.Pieces[item.Type()].Letter), int(item.Owner())
			}
			s.Pieces = append(s.Pieces, on)
		}
	}
	sort.Slice(s.Pieces, func(i, j int) bool { return less(s.Pieces[i].At, s.Pieces[j].At) })
	if !p.Unbounded() {
		for _, sq := range r.Board.Squares() {
			if mk := p.Mark(sq); mk != 0 {
				s.Marks = appendMarks(s.Marks, r, CoordOf(p.Coord(sq)), mk)
			}
		}
	}
	if m, ok := p.LastMove(); ok {
		info := moveSquares(p, m)
		s.LastMove = &info
	}
	over := g.Over()
	if !over && p.InCheck() {
		if sq := p.Royal(p.Turn()); sq != core.NoSquare {
			s.Check = append(s.Check, CoordOf(p.Coord(sq)))
		}
	}
	if r.Hooks.Status != nil {
		s.Status = append(s.Status, r.Hooks.Status(p)...)
	}
	if g.HasClock() {
		for _, c := range g.Clocks() {
			s.Clocks = append(s.Clocks, c.Milliseconds())
		}
		if g.ClockRuns() {
			s.Running = int(g.Turn())
		}
	}
	o := g.Outcome()
	s.Outcome = Outcome{Status: []string{"ongoing", "win", "draw"}[o.Status], Winners: bits(o.Winners), Reason: o.Reason, Text: g.ResultText()}
	if by, agreed, ok := g.TakebackRequest(); ok {
		s.Takeback = &TakebackInfo{By: int(by), Agreed: bits(agreed)}
	}
	for _, m := range g.Moves() {
		s.Moves = append(s.Moves, Played{Text: m.Text, SAN: m.SAN, Player: int(m.Player), SpentMs: m.Spent.Milliseconds(), ClockMs: m.Clock.Milliseconds()})
	}
	if !over && you == int(g.Turn()) {
		s.Legal = LegalMoves(p)
	}
	return s
}

// appendMarks appends the marks of a square whose marks-layer value is v.
func appendMarks(out []MarkOn, r *core.Rules, at Coord, v uint8) []MarkOn {
	named := uint8(0)
	for _, m := range r.MarksOn(v, nil) {
		def := r.Def.Board.Marks[m.Kind]
		named |= 1 << (def.Bit + int(m.Owner))
		out = append(out, MarkOn{At: at, Value: int(v), Name: def.Name, Owner: int(m.Owner)})
	}
	if v&^named != 0 {
		out = append(out, MarkOn{At: at, Value: int(v), Owner: -1})
	}
	return out
}

// LegalMoves lists the legal moves of the side to move, with their texts
// and squares.
func LegalMoves(p *core.Position) []MoveInfo {
	moves := p.LegalMoves(nil)
	out := make([]MoveInfo, 0, len(moves))
	for _, m := range moves {
		info := moveSquares(p, m)
		info.Text, info.SAN = game.MoveText(p, m), game.MoveSAN(p, m)
		out = append(out, info)
	}
	return out
}

// moveSquares fills a move's squares and kind.
func moveSquares(p *core.Position, m core.Move) MoveInfo {
	r := p.Rules()
	var info MoveInfo
	sq := func(s core.Square) *Coord {
		if s == core.NoSquare || s < 0 {
			return nil
		}
		c := CoordOf(p.Coord(s))
		return &c
	}
	info.From, info.To = sq(m.From), sq(m.To)
	for _, v := range m.Victims {
		if c := sq(v); c != nil {
			info.Victims = append(info.Victims, *c)
		}
	}
	info.Special = m.Kind >= core.KindSpecial || m.Kind == core.KindStationary
	if m.Promo != 0 && int(m.Promo) < len(r.Pieces) {
		info.Promo = string(r.Pieces[m.Promo].Letter)
	}
	return info
}

// less orders coordinates by rank, then file.
func less(a, b Coord) bool {
	if a.Y != b.Y {
		return numLess(a.Y, b.Y)
	}
	return numLess(a.X, b.X)
}

// numLess compares decimal integers written as text.
func numLess(a, b string) bool {
	na, nb := len(a) > 0 && a[0] == '-', len(b) > 0 && b[0] == '-'
	if na != nb {
		return na
	}
	if len(a) != len(b) {
		return (len(a) < len(b)) != na
	}
	return (a < b) != na
}

// bits lists the set bits of a seat set.
func bits(b uint8) []int {
	out := []int{}
	for i := 0; i < 8; i++ {
		if b>>i&1 != 0 {
			out = append(out, i)
		}
	}
	return out
}
