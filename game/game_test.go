package game

// Tests of the game loop: refused moves change nothing, clocks, draws, resignation, takebacks, machine seats.

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/search"
	"anychess/variant"
)

// fakeClock is a settable time source.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newClock() *fakeClock { return &fakeClock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)} }

func load(t testing.TB, name string, opts map[string]string) *core.Rules {
	t.Helper()
	r, err := variant.Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustNew(t testing.TB, cfg Config) *Game {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// snapshot is what must not change when a request is refused.
func snapshot(g *Game) string {
	return g.Position().String() + "|" + g.ResultText() + "|" + strings.Repeat("x", g.Ply())
}

func TestSubmitRefusals(t *testing.T) {
	r := load(t, "chess", nil)
	clk := newClock()
	g := mustNew(t, Config{Rules: r, Now: clk.now})
	if _, err := g.SubmitText(0, "e2e4"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		seat core.Player
		text string
		want error
		msg  string
	}{
		{"out of turn", 0, "d2d4", ErrNotYourTurn, "it is black's turn, not white's"},
		{"no such seat", 5, "e7e5", ErrNoSeat, ""},
		{"illegal coordinate move", 1, "e7e4", nil, "e7e4"},
		{"illegal SAN", 1, "Qd5", nil, "no black queen can move to d5"},
		{"garbage", 1, "xyzzy", nil, "xyzzy"},
		{"empty", 1, "", nil, ""},
	} {
		before := snapshot(g)
		_, err := g.SubmitText(tc.seat, tc.text)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: error %q lacks %q", tc.name, err, tc.msg)
		}
		if after := snapshot(g); after != before {
			t.Errorf("%s: the game changed: %s -> %s", tc.name, before, after)
		}
	}
	// A move that is legal only in another position is refused by Submit.
	other := r.StartPosition()
	m, err := ParseMove(other, "d2d4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Submit(1, m); !errors.Is(err, ErrIllegal) {
		t.Errorf("white's move submitted for black: %v", err)
	}
}

// TestParseMoveReasons: a refused move gets the reason of the notation it
// was written in (the issue's cases: "no white queen can move to d5", "Nd2
// could be Nbd2, Nfd2").
func TestParseMoveReasons(t *testing.T) {
	r := load(t, "chess", nil)
	p := r.StartPosition()
	for _, mv := range strings.Fields("Nf3 e5 d3 d5") {
		m, err := ParseMove(p, mv)
		if err != nil {
			t.Fatal(mv, err)
		}
		p.MakeMove(m)
	}
	for _, tc := range []struct{ text, want string }{
		{"Qd5", "no white queen can move to d5"},
		{"Nd2", "Nbd2"},
		{"Nd2", "Nfd2"},
		{"Nh5", "no white knight can move to h5"},
		{"e9", "e9"},
		{"e2e5", "e2e5"},
		{"Nbd2", ""},
		{"Nxe5", ""},
		{"b1d2", ""},
		{"e2e4", ""},
	} {
		m, err := ParseMove(p, tc.text)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.text, err)
		case tc.want == "" && !p.IsLegal(m):
			t.Errorf("%s: read as an illegal move", tc.text)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one naming %q", tc.text, err, tc.want)
		}
	}
}

func TestClocks(t *testing.T) {
	r := load(t, "chess", nil)
	clk := newClock()
	tc := TimeControl{Initial: time.Minute, Increment: 2 * time.Second}
	g := mustNew(t, Config{Rules: r, Clock: tc, Now: clk.now})
	clk.advance(5 * time.Second)
	if got := g.Left(0); got != 55*time.Second {
		t.Errorf("white's running clock %v, want 55s", got)
	}
	if got := g.Left(1); got != time.Minute {
		t.Errorf("black's stopped clock %v, want 1m", got)
	}
	rec, err := g.SubmitText(0, "e4")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Spent != 5*time.Second || rec.Clock != 57*time.Second || g.Left(0) != 57*time.Second {
		t.Errorf("after e4: spent %v, clock %v, left %v; want 5s, 57s, 57s", rec.Spent, rec.Clock, g.Left(0))
	}
	// Black thinks past the end of its clock: the next check ends the game.
	clk.advance(59 * time.Second)
	if g.CheckTime() {
		t.Fatal("flagged with a second left")
	}
	clk.advance(time.Second)
	before := g.Ply()
	if _, err := g.SubmitText(1, "e5"); !errors.Is(err, ErrOver) {
		t.Errorf("a move after the flag fell: %v", err)
	}
	o := g.Outcome()
	if o.Status != core.Win || o.Winners != 1 || !strings.Contains(o.Reason, "black's clock ran out") || g.Ply() != before {
		t.Errorf("outcome %v, ply %d", o, g.Ply())
	}
	if g.Left(1) != 0 || g.Left(0) != 57*time.Second {
		t.Errorf("clocks after the flag: %v", g.Clocks())
	}
	clk.advance(time.Hour)
	if g.Left(0) != 57*time.Second {
		t.Errorf("clocks run after the game ended: %v", g.Clocks())
	}
}

func TestDrawOffers(t *testing.T) {
	r := load(t, "chess", nil)
	g := mustNew(t, Config{Rules: r})
	if agreed, err := g.OfferDraw(0); err != nil || agreed {
		t.Fatalf("offer: %v %v", agreed, err)
	}
	// White offers and moves: the offer stands; black moves: it lapses.
	g.SubmitText(0, "e4")
	if g.DrawOffers() != 1 {
		t.Errorf("white's offer lapsed with white's own move")
	}
	g.SubmitText(1, "e5")
	if g.DrawOffers() != 0 {
		t.Errorf("white's offer survived black's move")
	}
	g.OfferDraw(0)
	if agreed, _ := g.OfferDraw(1); !agreed || g.Outcome().Status != core.Draw || g.Outcome().Reason != "agreement" {
		t.Errorf("both offered: %v", g.Outcome())
	}
	if _, err := g.OfferDraw(0); !errors.Is(err, ErrOver) {
		t.Errorf("an offer after the game: %v", err)
	}
	// Against the engine: it declines when it stands well, accepts when
	// it is lost.
	for _, tc := range []struct {
		fen    string
		accept bool
	}{
		{"4k3/8/8/8/8/8/8/QQQ1K3 b - - 0 1", true},
		{"4k3/qqq5/8/8/8/8/8/4K3 b - - 0 1", false},
	} {
		e, err := NewComputer(0, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		e.limits.Depth, e.limits.MoveTime = 3, 0
		g := mustNew(t, Config{Rules: r, Start: tc.fen, Seats: []Seat{{}, {Player: e}}})
		if _, err := g.MachineMove(); err != nil {
			t.Fatal(err)
		}
		agreed, err := g.OfferDraw(0)
		if err != nil || agreed != tc.accept {
			t.Errorf("%s: the engine agreed %v (%v), want %v", tc.fen, agreed, err, tc.accept)
		}
	}
}

func TestResign(t *testing.T) {
	g := mustNew(t, Config{Rules: load(t, "chess", nil)})
	if err := g.Resign(1, nil); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Status != core.Win || o.Winners != 1 || g.ResultText() != "white wins by resignation (black resigned)" {
		t.Errorf("%v: %s", o, g.ResultText())
	}
	if err := g.Resign(0, nil); !errors.Is(err, ErrOver) {
		t.Errorf("second resignation: %v", err)
	}
	// Teams: one partner resigns for the side.
	teams := mustNew(t, Config{Rules: load(t, "martian-chess", map[string]string{"players": "4", "teams": ""})})
	if teams.Sides() != 2 {
		t.Fatalf("%d sides with teams", teams.Sides())
	}
	teams.Resign(2, nil)
	if o := teams.Outcome(); o.Status != core.Win || o.Winners != 0b1010 {
		t.Errorf("team resignation: %v", o)
	}
	// Four sides: the seat goes to the substitute and the game goes on.
	ffa := mustNew(t, Config{Rules: load(t, "martian-chess", map[string]string{"players": "4"})})
	if err := ffa.Resign(1, nil); err == nil {
		t.Errorf("resigned without a substitute in a four-sided game")
	}
	if err := ffa.Resign(1, NewRandom(1)); err != nil || ffa.Over() || ffa.Seat(1).Player == nil {
		t.Errorf("four-sided resignation: %v, over %v", err, ffa.Over())
	}
}

func TestTakeback(t *testing.T) {
	r := load(t, "chess", nil)
	clk := newClock()
	tc := TimeControl{Initial: time.Minute}
	g := mustNew(t, Config{Rules: r, Clock: tc, Takebacks: true, Now: clk.now, Seats: []Seat{{}, {Player: NewRandom(3)}}})
	if _, err := g.ProposeTakeback(0); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("takeback without a move: %v", err)
	}
	start := g.Position().String()
	clk.advance(10 * time.Second)
	g.SubmitText(0, "e4")
	clk.advance(3 * time.Second)
	g.MachineMove()
	clk.advance(4 * time.Second)
	if done, err := g.ProposeTakeback(0); err != nil || !done {
		t.Fatalf("takeback against the computer: %v %v", done, err)
	}
	if g.Ply() != 0 || g.Position().String() != start || g.Left(0) != time.Minute || g.Left(1) != time.Minute {
		t.Errorf("after the takeback: ply %d, clocks %v", g.Ply(), g.Clocks())
	}
	// Two people: the other must agree.
	h := mustNew(t, Config{Rules: r, Takebacks: false})
	h.SubmitText(0, "e4")
	if _, err := h.ProposeTakeback(0); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("takeback in a rated game: %v", err)
	}
	h = mustNew(t, Config{Rules: r, Takebacks: true})
	h.SubmitText(0, "e4")
	h.SubmitText(1, "e5")
	h.SubmitText(0, "Nf3")
	if done, _ := h.ProposeTakeback(1); done || h.Ply() != 3 {
		t.Fatalf("taken back without the other's consent")
	}
	if done, err := h.AcceptTakeback(0); err != nil || !done || h.Ply() != 1 {
		t.Errorf("accepted: done %v, %v, ply %d (want 1: black's e5 and what followed)", done, err, h.Ply())
	}
	// A request lapses with the next move.
	h.ProposeTakeback(0)
	h.SubmitText(1, "e5")
	if _, err := h.AcceptTakeback(1); err == nil {
		t.Errorf("accepted a lapsed request")
	}
}

// TestMachinesPlayToTheEnd: random movers finish a game in every variant,
// and a person's seat stops MachineMove.
func TestMachinesPlayToTheEnd(t *testing.T) {
	for _, v := range testVariants {
		r := load(t, v.name, v.opts)
		seats := make([]Seat, r.Players)
		for i := range seats {
			seats[i].Player = NewRandom(uint64(i + 1))
		}
		g := mustNew(t, Config{Rules: r, Seats: seats})
		for i := 0; i < 3000 && !g.Over(); i++ {
			if _, err := g.MachineMove(); err != nil {
				t.Fatalf("%s: %v", v.label(), err)
			}
		}
		if _, err := g.MachineMove(); g.Over() && !errors.Is(err, ErrOver) {
			t.Errorf("%s: a move after the end: %v", v.label(), err)
		}
	}
	g := mustNew(t, Config{Rules: load(t, "chess", nil)})
	if _, err := g.MachineMove(); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("MachineMove for a person: %v", err)
	}
}

// badPlayer plays an illegal move.
type badPlayer struct{ Random }

func (b *badPlayer) Move(s *State) (core.Move, error) { return core.NewMove(0, 0), nil }

func TestMachineIllegalMove(t *testing.T) {
	g := mustNew(t, Config{Rules: load(t, "chess", nil), Seats: []Seat{{Player: &badPlayer{}}}})
	if _, err := g.MachineMove(); !errors.Is(err, ErrIllegal) || g.Ply() != 0 {
		t.Errorf("illegal machine move: %v, ply %d", err, g.Ply())
	}
}

// TestEngineMoveKeepsPieceOrder: the engine's search does not reach the
// position it is asked about. After its move the piece lists (whose order
// is the order moves are generated in) are as they were, so an engine in
// process plays as the same engine through UCI, which searches a position
// of its own.
func TestEngineMoveKeepsPieceOrder(t *testing.T) {
	for _, v := range []struct {
		name string
		opts map[string]string
	}{{"chess", nil}, {"longchess", map[string]string{"mode": "ctm"}}} {
		r := load(t, v.name, v.opts)
		engine := NewEngine("engine", search.Options{}, search.Limits{Nodes: 3000})
		g := mustNew(t, Config{Rules: r, Seats: []Seat{{Player: engine}, {Player: engine}}})
		for i := 0; i < 12 && !g.Over(); i++ {
			before := [2][]core.Square{slices.Clone(g.Position().PieceSquares(0)), slices.Clone(g.Position().PieceSquares(1))}
			if _, err := engine.Move(&State{Position: g.Position()}); err != nil {
				t.Fatal(err)
			}
			for pl := core.Player(0); pl < 2; pl++ {
				if got := g.Position().PieceSquares(pl); !slices.Equal(got, before[pl]) {
					t.Fatalf("%s ply %d: player %d's pieces in the order %v after a search, %v before", v.name, i, pl, got, before[pl])
				}
			}
			if _, err := g.MachineMove(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestRequestIsACopy: a request's position can be searched while the game
// is asked about.
func TestRequestIsACopy(t *testing.T) {
	g := mustNew(t, Config{Rules: load(t, "chess", nil), Seats: []Seat{{Player: NewRandom(1)}}})
	s := g.Request(nil)
	m, _ := ParseMove(s.Position, "e4")
	s.Position.MakeMove(m)
	if g.Position().String() == s.Position.String() {
		t.Errorf("the request shares the game's position")
	}
}

func TestNewSeatPlayer(t *testing.T) {
	for _, tc := range []struct {
		plays string
		ok    bool
		human bool
	}{
		{"human", true, true}, {"random", true, false}, {"computer", true, false}, {"computer:1", true, false},
		{"computer:8", true, false}, {"computer:9", false, false}, {"computer:0", false, false},
		{"computer:x", false, false}, {"robot", false, false}, {"", false, false},
	} {
		p, err := NewSeatPlayer(tc.plays, time.Millisecond, 1)
		if (err == nil) != tc.ok || (tc.ok && (p == nil) != tc.human) {
			t.Errorf("%q: %v, %v", tc.plays, p, err)
		}
	}
}

func TestParseTimeControl(t *testing.T) {
	for _, tc := range []struct {
		text string
		want TimeControl
		ok   bool
	}{
		{"5m+2s", TimeControl{5 * time.Minute, 2 * time.Second}, true},
		{"1m", TimeControl{time.Minute, 0}, true},
		{"", TimeControl{}, true},
		{"0s", TimeControl{}, false},
		{"-1m", TimeControl{}, false},
		{"1m+-1s", TimeControl{}, false},
		{"10000h", TimeControl{}, false},
		{"1m+x", TimeControl{}, false},
	} {
		got, err := ParseTimeControl(tc.text)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%q: %v, %v", tc.text, got, err)
		}
		if tc.ok {
			back, err := ParseTimeControl(got.String())
			if err != nil || back != got {
				t.Errorf("%q: %q reads back as %v, %v", tc.text, got.String(), back, err)
			}
		}
	}
}

func TestClockText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00.00"},
		{-time.Second, "0:00.00"},
		{9870 * time.Millisecond, "0:09.87"},
		{9999 * time.Millisecond, "0:09.99"},
		{10 * time.Second, "0:10.0"},
		{59990 * time.Millisecond, "0:59.9"},
		{5 * time.Minute, "5:00.0"},
		{245300 * time.Millisecond, "4:05.3"},
		{3723 * time.Second, "1:02:03"},
	} {
		if got := ClockText(tc.d); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestFirstMovesFree: with FirstMovesFree the clocks start once every seat
// has moved; the record keeps the rule.
func TestFirstMovesFree(t *testing.T) {
	clk := newClock()
	r := load(t, "chess", nil)
	g := mustNew(t, Config{Rules: r, Clock: TimeControl{Initial: time.Minute}, FirstMovesFree: true, Now: clk.now})
	clk.advance(2 * time.Hour) // the friend opens the link late
	if g.CheckTime() || g.Left(0) != time.Minute || g.ClockRuns() {
		t.Fatalf("white's clock ran in the first round: %v, runs %v", g.Left(0), g.ClockRuns())
	}
	g.SubmitText(0, "e4")
	clk.advance(10 * time.Second)
	if g.Left(1) != time.Minute || g.ClockRuns() {
		t.Errorf("black's first move is timed: %v, runs %v", g.Left(1), g.ClockRuns())
	}
	g.SubmitText(1, "e5")
	clk.advance(10 * time.Second)
	if g.Left(0) != 50*time.Second || g.Left(1) != time.Minute || !g.ClockRuns() {
		t.Errorf("after the first round: %v, runs %v", g.Clocks(), g.ClockRuns())
	}
	if err := g.Resign(0, nil); err != nil || g.ClockRuns() {
		t.Errorf("after resigning (%v) the clock runs: %v", err, g.ClockRuns())
	}
	rec, _ := ParseRecord(g.Record().String())
	back, err := rec.Restore(Config{Rules: r, Now: clk.now})
	if err != nil || !back.Config().FirstMovesFree {
		t.Errorf("restored: %v, first moves free %v", err, back.Config().FirstMovesFree)
	}
}
