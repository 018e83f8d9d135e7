package game

// Tests of what the front ends (the terminal, the match runner) need of a game: one player in several seats, the seat that lost on time, a turn restarted after preparation, an engine's settings.

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/search"
)

// countingPlayer counts the games it is told of; it plays randomly.
type countingPlayer struct {
	Random
	games int
}

func (c *countingPlayer) NewGame(r *core.Rules) error { c.games++; return c.Random.NewGame(r) }

// TestOnePlayerSeveralSeats: a player in several seats is told of the game
// once; two players of the same kind are each told.
func TestOnePlayerSeveralSeats(t *testing.T) {
	r := load(t, "martian-chess", map[string]string{"players": "4"})
	a, b := &countingPlayer{Random: *NewRandom(1)}, &countingPlayer{Random: *NewRandom(2)}
	g := mustNew(t, Config{Rules: r, Seats: []Seat{{Player: a}, {Player: b}, {Player: a}, {Player: b}}})
	if a.games != 1 || b.games != 1 {
		t.Errorf("NewGame calls: A %d, B %d; want 1 each", a.games, b.games)
	}
	for i := 0; i < 8 && !g.Over(); i++ {
		if _, err := g.MachineMove(); err != nil {
			t.Fatal(err)
		}
	}
	// A value player that is not comparable is told once per seat, and
	// New does not panic comparing it.
	type valuePlayer struct {
		*countingPlayer
		tags []string
	}
	c := &countingPlayer{Random: *NewRandom(3)}
	mustNew(t, Config{Rules: r, Seats: []Seat{{Player: valuePlayer{c, nil}}, {Player: valuePlayer{c, nil}}}})
	if c.games != 2 {
		t.Errorf("a non-comparable player in two seats: %d NewGame calls, want 2", c.games)
	}
}

// TestTimedOut: the seat whose clock ran out is known, and only then.
func TestTimedOut(t *testing.T) {
	r := load(t, "chess", nil)
	clk := newClock()
	g := mustNew(t, Config{Rules: r, Clock: TimeControl{Initial: time.Minute}, Now: clk.now})
	if _, ok := g.TimedOut(); ok {
		t.Fatal("timed out at the start")
	}
	if _, err := g.SubmitText(0, "e4"); err != nil {
		t.Fatal(err)
	}
	clk.advance(time.Minute + time.Millisecond)
	if _, err := g.SubmitText(1, "e5"); !errors.Is(err, ErrOver) {
		t.Fatalf("a move after the flag fell: %v", err)
	}
	if pl, ok := g.TimedOut(); !ok || pl != 1 {
		t.Errorf("TimedOut = %d, %v; want black", pl, ok)
	}
	// A game ended otherwise did not time out.
	h := mustNew(t, Config{Rules: r, Clock: TimeControl{Initial: time.Minute}, Now: clk.now})
	if err := h.Resign(0, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := h.TimedOut(); ok {
		t.Errorf("a resigned game timed out")
	}
}

// TestResumeTurnZero: ResumeTurn(0) starts the turn now, so the time spent
// preparing the game is charged to nobody; a negative time changes nothing.
func TestResumeTurnZero(t *testing.T) {
	r := load(t, "chess", nil)
	clk := newClock()
	g := mustNew(t, Config{Rules: r, Clock: TimeControl{Initial: time.Minute}, Now: clk.now})
	clk.advance(10 * time.Second)
	if got := g.Left(0); got != 50*time.Second {
		t.Fatalf("before: %v left", got)
	}
	g.ResumeTurn(0)
	if got := g.Left(0); got != time.Minute {
		t.Errorf("after ResumeTurn(0): %v left, want 1m", got)
	}
	clk.advance(time.Second)
	g.ResumeTurn(-time.Hour)
	if got := g.Left(0); got != 59*time.Second {
		t.Errorf("after ResumeTurn(-1h): %v left, want 59s", got)
	}
}

func TestEngineSettings(t *testing.T) {
	opts := search.Options{HashMB: 2, NoLMR: true}
	lim := search.Limits{Depth: 3, Nodes: 100}
	e := NewEngine("e", opts, lim)
	if e.Options() != opts || e.Limits().Depth != 3 || e.Limits().Nodes != 100 {
		t.Errorf("options %+v, limits %+v", e.Options(), e.Limits())
	}
}

// TestHandOverPlays: a seat handed over is recorded as played by its new
// player, not by who played it before.
func TestHandOverPlays(t *testing.T) {
	r := load(t, "martian-chess", map[string]string{"players": "4"})
	g := mustNew(t, Config{Rules: r, Seats: []Seat{{Plays: "human"}, {Player: NewRandom(1), Plays: "random"}}})
	if err := g.Resign(0, NewRandom(2)); err != nil {
		t.Fatal(err)
	}
	if got := g.Plays(0); got != "random" {
		t.Errorf("seat 1 after resigning is played by %q, want random", got)
	}
	if err := g.HandOver(1, nil); err != nil || g.Plays(1) != "human" {
		t.Errorf("seat 2 handed to a person: %q, %v", g.Plays(1), err)
	}
	if rec := g.Record(); rec.Tag("Seat1Plays") != "random" || rec.Tag("Seat2Plays") != "human" {
		t.Errorf("record seats %q, %q", rec.Tag("Seat1Plays"), rec.Tag("Seat2Plays"))
	}
}

// TestParseTimeControlReasons: each refusal names what is wrong.
func TestParseTimeControlReasons(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"ten", `clock "ten" is not a duration`},
		{"0s+1s", "the clock must be more than 0"},
		{"-5s", "the clock must be more than 0"},
		{"5s+", `increment "" is not a duration`},
		{"5s+-1s", "the increment must not be negative"},
		{"5s+1s+1s", `increment "1s+1s" is not a duration`},
		{"200h", "the clock must be at most 168h0m0s"},
		{"1m+200h", "the increment must be at most 168h0m0s"},
	} {
		tcv, err := ParseTimeControl(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "time control "+strconv.Quote(tc.text)) || tcv != (TimeControl{}) {
			t.Errorf("%q: %v, %v; want an error with %q", tc.text, tcv, err, tc.want)
		}
	}
	if tcv, err := ParseTimeControl(" 10s+100ms "); err != nil || tcv != (TimeControl{10 * time.Second, 100 * time.Millisecond}) {
		t.Errorf("spaces around: %v, %v", tcv, err)
	}
}
