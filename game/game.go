package game

// The Game: position, seats, clocks, offers and the result, changed only through its methods.

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/notation"
)

// Seat is one chair at the table.
type Seat struct {
	// Name is what people call the seat's player; "" takes the variant's
	// name of the player ("white", "south-west").
	Name string
	// Player chooses the seat's moves; nil for a person, who moves through
	// Submit.
	Player Player
	// Plays describes who plays the seat in records: "human",
	// "computer:N", "random" (see NewSeatPlayer); "" derives it from
	// Player.
	Plays string
}

// Config describes a game.
type Config struct {
	Rules *core.Rules
	// Start is the position text to start from (a FEN, or the variant's own
	// position text); "" for the variant's start.
	Start string
	// Seats has one entry per player of the rules, in turn order; missing
	// entries are people.
	Seats []Seat
	// Clock is the game's time control; zero for a game without clocks.
	Clock TimeControl
	// Takebacks allows taking moves back (a casual game).
	Takebacks bool
	// FirstMovesFree starts the clocks only once every seat has made its
	// first move, as game sites do: the first round is not timed, so a
	// clock does not run while a friend opens the invitation.
	FirstMovesFree bool
	// Now is the clock the game reads the time from; nil is time.Now.
	Now func() time.Time
}

// Played is a move of the game, as the game keeps it.
type Played struct {
	Move   core.Move
	Player core.Player
	// Text is the move in coordinate notation with its declarations: the
	// canonical form, which ParseMove reads back. SAN is the move in SAN
	// (or the variant's readable notation), declarations included.
	Text, SAN string
	// Spent is the time the mover took; Clock is the mover's clock after
	// the move, the increment included (zero in games without clocks).
	Spent, Clock time.Duration
}

// Errors of the Game's methods; the errors returned wrap them with the
// particulars.
var (
	ErrOver        = errors.New("the game is over")
	ErrNotYourTurn = errors.New("not your turn")
	ErrIllegal     = errors.New("illegal move")
	ErrNoSeat      = errors.New("no such seat")
	ErrNotAllowed  = errors.New("not allowed")
)

// Game is one game from its start to its result. See the package comment.
type Game struct {
	cfg       Config
	rules     *core.Rules
	now       func() time.Time
	names     []string
	seats     []Seat
	start     *core.Position
	startText string
	pos       *core.Position
	played    []Played

	// clocks holds each seat's time left at the start of the current turn
	// (nil without clocks); the mover's clock runs from turnStart.
	clocks    []time.Duration
	turnStart time.Time
	// stopped: the game is over and the clocks no longer run.
	stopped bool

	// ended is a result the position does not show (resignation, time,
	// agreement, adjudication); Status Ongoing when there is none.
	ended core.Outcome
	// outcome caches the position's outcome at ply outcomePly.
	outcome    core.Outcome
	outcomePly int

	drawOffers uint8 // bit i: seat i offers a draw
	takeback   takebackRequest
	sides      int // the number of sides (teams count once)

	// flagged is the seat whose clock ran out, when timedOut.
	flagged  core.Player
	timedOut bool
}

// takebackRequest is a pending request to take moves back.
type takebackRequest struct {
	active bool
	by     core.Player
	agreed uint8 // bit i: seat i agrees
}

// New starts a game: it reads the start position and tells every seat's
// player that a game begins (once, when one player sits in several seats).
func New(cfg Config) (*Game, error) {
	r := cfg.Rules
	if r == nil {
		return nil, errors.New("game: no rules")
	}
	if len(cfg.Seats) > r.Players {
		return nil, fmt.Errorf("game: %d seats for a game of %d players", len(cfg.Seats), r.Players)
	}
	if cfg.Clock.Initial < 0 || cfg.Clock.Increment < 0 || cfg.Clock.Initial > MaxClock || cfg.Clock.Increment > MaxClock {
		return nil, fmt.Errorf("game: time control %v+%v out of range", cfg.Clock.Initial, cfg.Clock.Increment)
	}
	g := &Game{cfg: cfg, rules: r, now: cfg.Now, outcomePly: -1}
	if g.now == nil {
		g.now = time.Now
	}
	g.seats = make([]Seat, r.Players)
	copy(g.seats, cfg.Seats)
	g.names = make([]string, r.Players)
	for i := range g.names {
		g.names[i] = PlayerName(r, core.Player(i))
		if g.seats[i].Name != "" {
			g.names[i] = g.seats[i].Name
		}
	}
	if cfg.Start == "" {
		g.start = r.StartPosition()
	} else {
		p, err := r.ParsePosition(cfg.Start)
		if err != nil {
			return nil, err
		}
		g.start = p
	}
	g.startText = g.start.String()
	g.pos = g.start.Copy()
	if cfg.Clock.On() {
		g.clocks = make([]time.Duration, r.Players)
		for i := range g.clocks {
			g.clocks[i] = cfg.Clock.Initial
		}
	}
	teams := map[int]bool{}
	for i := 0; i < r.Players; i++ {
		if t := r.Team(core.Player(i)); t != 0 {
			if teams[t] {
				continue
			}
			teams[t] = true
		}
		g.sides++
	}
	for i, s := range g.seats {
		if s.Player == nil || seatedBefore(g.seats[:i], s.Player) {
			continue
		}
		if err := s.Player.NewGame(r); err != nil {
			return nil, fmt.Errorf("seat %d (%s): %w", i+1, s.Player.Name(), err)
		}
	}
	g.turnStart = g.now()
	return g, nil
}

// seatedBefore reports whether p already plays one of the seats: the same
// player (a pointer, or an equal comparable value) in two seats.
func seatedBefore(seats []Seat, p Player) bool {
	if !reflect.TypeOf(p).Comparable() {
		return false
	}
	for _, s := range seats {
		if s.Player != nil && reflect.TypeOf(s.Player) == reflect.TypeOf(p) && s.Player == p {
			return true
		}
	}
	return false
}

// PlayerName is the variant's name of player pl ("white"), or "player N".
func PlayerName(r *core.Rules, pl core.Player) string {
	if int(pl) < len(r.Def.Players) && r.Def.Players[pl].Name != "" {
		return r.Def.Players[pl].Name
	}
	return fmt.Sprintf("player %d", pl+1)
}

// Rules returns the game's rules.
func (g *Game) Rules() *core.Rules { return g.rules }

// Position returns the current position. It is the game's own: callers
// must not change it (Copy it to search or try moves).
func (g *Game) Position() *core.Position { return g.pos }

// StartText is the text of the start position.
func (g *Game) StartText() string { return g.startText }

// StartPosition returns the start position; callers must not change it.
func (g *Game) StartPosition() *core.Position { return g.start }

// Config returns the configuration the game was started with.
func (g *Game) Config() Config { return g.cfg }

// Moves returns the moves played so far; callers must not change them.
func (g *Game) Moves() []Played { return g.played }

// Ply is the number of moves played.
func (g *Game) Ply() int { return len(g.played) }

// Turn is the seat to move.
func (g *Game) Turn() core.Player { return g.pos.Turn() }

// Players is the number of seats.
func (g *Game) Players() int { return len(g.seats) }

// Name is seat pl's name.
func (g *Game) Name(pl core.Player) string {
	if int(pl) >= len(g.names) {
		return fmt.Sprintf("player %d", pl+1)
	}
	return g.names[pl]
}

// Names are the seats' names, in turn order.
func (g *Game) Names() []string { return g.names }

// Seat returns seat pl.
func (g *Game) Seat(pl core.Player) Seat { return g.seats[pl] }

// Sides is the number of sides: players, partners counted once.
func (g *Game) Sides() int { return g.sides }

// Outcome is the game's result, Ongoing while it goes on.
func (g *Game) Outcome() core.Outcome {
	if g.ended.Status != core.Ongoing {
		return g.ended
	}
	if g.outcomePly != len(g.played) {
		g.outcome, g.outcomePly = g.pos.Outcome(), len(g.played)
	}
	return g.outcome
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Outcome().Status != core.Ongoing }

// ResultText describes the result with the seats' names: "black wins by
// checkmate", "white and black win by score", "draw (stalemate)",
// "ongoing".
func (g *Game) ResultText() string { return Describe(g.Outcome(), g.names) }

// Describe writes an outcome with the seats' names.
func Describe(o core.Outcome, names []string) string {
	if o.Status != core.Win {
		return o.String()
	}
	var ws []string
	for i, n := range names {
		if o.Winners>>i&1 != 0 {
			ws = append(ws, n)
		}
	}
	if len(ws) > 1 {
		return strings.Join(ws, " and ") + " win by " + o.Reason
	}
	return strings.Join(ws, " and ") + " wins by " + o.Reason
}

// HasClock reports whether the game is played with clocks.
func (g *Game) HasClock() bool { return g.clocks != nil }

// Left is the time seat pl has left now: its clock less the running turn's
// time when it is to move. Zero without clocks.
func (g *Game) Left(pl core.Player) time.Duration {
	if g.clocks == nil || int(pl) >= len(g.clocks) {
		return 0
	}
	left := g.clocks[pl]
	if pl == g.Turn() && !g.stopped && !g.Over() {
		left -= g.running()
	}
	return max(left, 0)
}

// Clocks returns every seat's time left now (nil without clocks).
func (g *Game) Clocks() []time.Duration {
	if g.clocks == nil {
		return nil
	}
	c := make([]time.Duration, len(g.clocks))
	for i := range c {
		c[i] = g.Left(core.Player(i))
	}
	return c
}

// running is the time of the current turn charged to the mover's clock:
// none in the untimed first round (Config.FirstMovesFree).
func (g *Game) running() time.Duration {
	if g.untimedRound() {
		return 0
	}
	return max(g.now().Sub(g.turnStart), 0)
}

// untimedRound reports whether the game is in its untimed first round
// (Config.FirstMovesFree).
func (g *Game) untimedRound() bool {
	return g.cfg.FirstMovesFree && len(g.played) < len(g.seats)
}

// ClockRuns reports whether the mover's clock runs now: the game has
// clocks, goes on, and is past its untimed first round
// (Config.FirstMovesFree).
func (g *Game) ClockRuns() bool {
	return g.clocks != nil && !g.stopped && !g.Over() && !g.untimedRound()
}

// TurnStarted is when the current turn began, by the game's clock.
func (g *Game) TurnStarted() time.Time { return g.turnStart }

// ParseMove reads a move of the current position in any notation (see the
// function ParseMove).
func (g *Game) ParseMove(text string) (core.Move, error) { return ParseMove(g.pos, text) }

// SubmitText reads text as a move of seat pl (ParseMove) and submits it.
func (g *Game) SubmitText(pl core.Player, text string) (Played, error) {
	if err := g.canMove(pl); err != nil {
		return Played{}, err
	}
	m, err := ParseMove(g.pos, text)
	if err != nil {
		return Played{}, err
	}
	return g.Submit(pl, m)
}

// canMove says why seat pl may not move now, or nil.
func (g *Game) canMove(pl core.Player) error {
	if int(pl) >= len(g.seats) {
		return fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	if g.CheckTime() || g.Over() {
		return fmt.Errorf("%w: %s", ErrOver, g.ResultText())
	}
	if pl != g.Turn() {
		return fmt.Errorf("%w: it is %s's turn, not %s's", ErrNotYourTurn, g.Name(g.Turn()), g.Name(pl))
	}
	return nil
}

// Submit makes move m for seat pl, after checking that the game goes on,
// that pl is to move, that its clock has not run out (if it has, the game
// ends on time and the move is refused) and that the rules allow m. The
// time since the turn began is charged to pl's clock, which then gains the
// increment. Draw offers of the other seats lapse when pl has not offered
// one, and a pending takeback request lapses. A refused move changes
// nothing (but a clock found run out ends the game).
func (g *Game) Submit(pl core.Player, m core.Move) (Played, error) {
	if err := g.canMove(pl); err != nil {
		return Played{}, err
	}
	r := g.rules
	if !g.pos.IsLegal(m) {
		return Played{}, fmt.Errorf("%w: %s", ErrIllegal, notation.Coordinate.Encode(g.pos, r.Bare(m))+g.pos.DeclarationText(m))
	}
	now := g.now()
	spent := g.running()
	rec := Played{Move: m, Player: pl, Spent: spent, Text: MoveText(g.pos, m), SAN: MoveSAN(g.pos, m)}
	if g.clocks != nil {
		g.clocks[pl] += g.cfg.Clock.Increment - spent
		rec.Clock = g.clocks[pl]
	}
	g.pos.MakeMove(m)
	g.played = append(g.played, rec)
	g.turnStart = now
	if g.drawOffers&(1<<pl) == 0 {
		g.drawOffers = 0
	}
	g.takeback = takebackRequest{}
	if g.Over() {
		g.stopped = true
	}
	return rec, nil
}

// CheckTime ends the game on time when the clock of the seat to move has
// run out, and reports whether it did. Front ends call it when a clock may
// have fallen (a timer, a message): Submit calls it too.
func (g *Game) CheckTime() bool {
	if g.clocks == nil || g.stopped || g.ended.Status != core.Ongoing {
		return false
	}
	turn := g.Turn()
	if g.clocks[turn]-g.running() > 0 || g.Over() {
		return false
	}
	g.clocks[turn] = 0
	g.finish(TimeLoss(g.rules, turn, g.Name(turn)))
	g.flagged, g.timedOut = turn, true
	return true
}

// TimedOut reports the seat whose clock ran out, when the game ended on
// time in this session (CheckTime, Submit or MachineMove noticed it).
func (g *Game) TimedOut() (pl core.Player, ok bool) { return g.flagged, g.timedOut }

// TimeLoss is the outcome when player pl's clock has run out: every player
// not on its side wins.
func TimeLoss(r *core.Rules, pl core.Player, name string) core.Outcome {
	return loss(r, pl, "time ("+name+"'s clock ran out)")
}

// loss is a win for every player not on pl's side.
func loss(r *core.Rules, pl core.Player, reason string) core.Outcome {
	o := core.Outcome{Status: core.Win, Reason: reason}
	for q := 0; q < r.Players; q++ {
		if !r.Allies(core.Player(q), pl) {
			o.Winners |= 1 << q
		}
	}
	return o
}

// finish ends the game with o, stopping the clocks: the mover's clock
// keeps what it had when the game ended.
func (g *Game) finish(o core.Outcome) {
	if g.clocks != nil && !g.stopped {
		turn := g.Turn()
		g.clocks[turn] = max(g.clocks[turn]-g.running(), 0)
		g.turnStart = g.now()
	}
	g.stopped = true
	g.ended = o
	g.drawOffers = 0
	g.takeback = takebackRequest{}
}

// End ends a game that goes on with outcome o (an adjudication, an
// abandoned game): o must not be Ongoing.
func (g *Game) End(o core.Outcome) error {
	if o.Status == core.Ongoing {
		return errors.New("game: End needs a result")
	}
	if g.Over() {
		return fmt.Errorf("%w: %s", ErrOver, g.ResultText())
	}
	g.finish(o)
	return nil
}

// Resign gives up for seat pl. With two sides the game ends: every seat
// not on pl's side wins. With more than two sides the game goes on for the
// others: pl's seat is handed to substitute (see HandOver), which plays it
// to the end.
func (g *Game) Resign(pl core.Player, substitute Player) error {
	if int(pl) >= len(g.seats) {
		return fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	if g.Over() {
		return fmt.Errorf("%w: %s", ErrOver, g.ResultText())
	}
	if g.sides > 2 {
		if substitute == nil {
			return errors.New("game: resigning in a game of more than two sides needs a substitute player")
		}
		return g.HandOver(pl, substitute)
	}
	g.finish(loss(g.rules, pl, "resignation ("+g.Name(pl)+" resigned)"))
	return nil
}

// HandOver gives seat pl to another player (nil: a person), for the rest
// of the game. The seat's Plays is cleared: records then describe the new
// player (Plays).
func (g *Game) HandOver(pl core.Player, p Player) error {
	if int(pl) >= len(g.seats) {
		return fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	if p != nil {
		if err := p.NewGame(g.rules); err != nil {
			return err
		}
	}
	g.seats[pl].Player = p
	g.seats[pl].Plays = ""
	return nil
}

// DrawOffers returns the seats offering a draw, bit i for seat i.
func (g *Game) DrawOffers() uint8 { return g.drawOffers }

// OfferDraw records seat pl's draw offer (or its acceptance of the others'
// offers: it is the same act). When every seat agrees — the seats played
// by a Player are asked (DrawJudge) — the game ends in a draw by agreement,
// and agreed is true. An offer lapses when a seat that has not offered
// makes a move, or when any seat declines.
func (g *Game) OfferDraw(pl core.Player) (agreed bool, err error) {
	if int(pl) >= len(g.seats) {
		return false, fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	if g.Over() {
		return false, fmt.Errorf("%w: %s", ErrOver, g.ResultText())
	}
	if g.seats[pl].Player != nil {
		return false, fmt.Errorf("%w: seat %d is played by %s", ErrNotAllowed, pl+1, g.seats[pl].Player.Name())
	}
	g.drawOffers |= 1 << pl
	for i, s := range g.seats {
		if g.drawOffers&(1<<i) != 0 {
			continue
		}
		judge, ok := s.Player.(DrawJudge)
		if !ok || !judge.AcceptDraw(g.state(false)) {
			return false, nil
		}
	}
	g.finish(core.Outcome{Status: core.Draw, Reason: "agreement"})
	return true, nil
}

// DeclineDraw withdraws or declines every draw offer.
func (g *Game) DeclineDraw(pl core.Player) error {
	if int(pl) >= len(g.seats) {
		return fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	g.drawOffers = 0
	return nil
}

// TakebackRequest returns the seat asking to take its last move back, if a
// request is pending, and the seats that agreed (bit i for seat i).
func (g *Game) TakebackRequest() (by core.Player, agreed uint8, ok bool) {
	return g.takeback.by, g.takeback.agreed, g.takeback.active
}

// ProposeTakeback asks to take back seat pl's last move and every move
// after it. The other people at the table must agree (AcceptTakeback);
// seats played by a Player agree at once, so against the computer the
// moves are taken back now, and done is true. Only games with
// Config.Takebacks allow it. The clocks go back to what they were after
// the moves that remain.
func (g *Game) ProposeTakeback(pl core.Player) (done bool, err error) {
	if int(pl) >= len(g.seats) {
		return false, fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	if !g.cfg.Takebacks {
		return false, fmt.Errorf("%w: takebacks are off in this game", ErrNotAllowed)
	}
	if g.Over() {
		return false, fmt.Errorf("%w: %s", ErrOver, g.ResultText())
	}
	if g.lastMoveOf(pl) < 0 {
		return false, fmt.Errorf("%w: %s has no move to take back", ErrNotAllowed, g.Name(pl))
	}
	g.takeback = takebackRequest{active: true, by: pl, agreed: 1 << pl}
	return g.settleTakeback(), nil
}

// AcceptTakeback agrees, for seat pl, to the pending takeback request;
// done is true when the moves were taken back.
func (g *Game) AcceptTakeback(pl core.Player) (done bool, err error) {
	if int(pl) >= len(g.seats) {
		return false, fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	if !g.takeback.active {
		return false, fmt.Errorf("%w: no takeback was asked for", ErrNotAllowed)
	}
	g.takeback.agreed |= 1 << pl
	return g.settleTakeback(), nil
}

// DeclineTakeback refuses the pending takeback request.
func (g *Game) DeclineTakeback(pl core.Player) error {
	if int(pl) >= len(g.seats) {
		return fmt.Errorf("%w: %d", ErrNoSeat, pl+1)
	}
	g.takeback = takebackRequest{}
	return nil
}

// settleTakeback takes the moves back when every person agrees.
func (g *Game) settleTakeback() bool {
	for i, s := range g.seats {
		if s.Player == nil && g.takeback.agreed&(1<<i) == 0 {
			return false
		}
	}
	g.undoTo(g.lastMoveOf(g.takeback.by))
	return true
}

// lastMoveOf is the index of seat pl's last move, or -1.
func (g *Game) lastMoveOf(pl core.Player) int {
	for i := len(g.played) - 1; i >= 0; i-- {
		if g.played[i].Player == pl {
			return i
		}
	}
	return -1
}

// undoTo takes back the moves from index i on.
func (g *Game) undoTo(i int) {
	for len(g.played) > i {
		g.pos.UnmakeMove()
		g.played = g.played[:len(g.played)-1]
	}
	if g.clocks != nil {
		for pl := range g.clocks {
			g.clocks[pl] = g.cfg.Clock.Initial
			if j := g.lastMoveOf(core.Player(pl)); j >= 0 {
				g.clocks[pl] = g.played[j].Clock
			}
		}
	}
	g.turnStart = g.now()
	g.drawOffers = 0
	g.takeback = takebackRequest{}
}

// Request returns what the player of the seat to move needs to choose its
// move, with copies of the positions, so that it can think in another
// goroutine while the game goes on answering; the move it finds goes to
// Submit, which refuses it if the game has moved on. stop, when not nil,
// lets the owner end the thinking early.
func (g *Game) Request(stop *atomic.Bool) *State {
	s := g.state(true)
	s.Stop = stop
	return s
}

// state builds the State of the seat to move; with copy the position is
// a copy of the game's.
func (g *Game) state(copyPos bool) *State {
	s := &State{Start: g.start, StartText: g.startText, Position: g.pos, Increment: g.cfg.Clock.Increment}
	if copyPos {
		s.Position = g.pos.Copy()
	}
	s.Moves = make([]core.Move, len(g.played))
	for i, p := range g.played {
		s.Moves[i] = p.Move
	}
	s.Clock = g.Clocks()
	return s
}

// MachineMove has the Player of the seat to move choose a move, and
// submits it. It fails when the seat is a person's, when the player fails
// or when its move is illegal; then nothing changes.
func (g *Game) MachineMove() (Played, error) {
	turn := g.Turn()
	if err := g.canMove(turn); err != nil {
		return Played{}, err
	}
	pl := g.seats[turn].Player
	if pl == nil {
		return Played{}, fmt.Errorf("%w: %s is a person", ErrNotAllowed, g.Name(turn))
	}
	m, err := pl.Move(g.state(false))
	if err != nil {
		return Played{}, fmt.Errorf("%s: %w", pl.Name(), err)
	}
	rec, err := g.Submit(turn, m)
	if err != nil && errors.Is(err, ErrIllegal) {
		return rec, fmt.Errorf("%s played an %w", pl.Name(), err)
	}
	return rec, err
}

// Replay makes a recorded move again, for a game read back from its
// record: text in any notation ParseMove reads, with the time the mover
// spent and its clock after the move as recorded (clock is ignored in
// games without clocks). No clock is charged and no offer changes.
func (g *Game) Replay(text string, spent, clock time.Duration) error {
	if g.Over() {
		return fmt.Errorf("%w: %s; cannot replay %q", ErrOver, g.ResultText(), text)
	}
	m, err := ParseMove(g.pos, text)
	if err != nil {
		return fmt.Errorf("move %d %q: %w", len(g.played)+1, text, err)
	}
	if clock < 0 || clock > 2*MaxClock || spent < 0 || spent > 2*MaxClock {
		return fmt.Errorf("move %d %q: recorded times %v, %v out of range", len(g.played)+1, text, spent, clock)
	}
	pl := g.Turn()
	rec := Played{Move: m, Player: pl, Spent: spent, Text: MoveText(g.pos, m), SAN: MoveSAN(g.pos, m)}
	if g.clocks != nil {
		g.clocks[pl], rec.Clock = clock, clock
	}
	g.pos.MakeMove(m)
	g.played = append(g.played, rec)
	g.turnStart = g.now()
	if g.Over() {
		g.stopped = true
	}
	return nil
}

// ResumeTurn sets how much of the current turn had passed when the game
// was stored, so that a restarted game charges it (the time the game was
// away is charged to nobody). ResumeTurn(0) starts the turn now: a front
// end that prepared the game before play began (replayed an opening, set
// up its players) charges nobody for that time.
func (g *Game) ResumeTurn(elapsed time.Duration) {
	if elapsed >= 0 && !g.stopped {
		g.turnStart = g.now().Add(-elapsed)
	}
}

// Close releases the seats' players.
func (g *Game) Close() error {
	var errs []error
	for _, s := range g.seats {
		if s.Player != nil {
			errs = append(errs, s.Player.Close())
		}
	}
	return errors.Join(errs...)
}
