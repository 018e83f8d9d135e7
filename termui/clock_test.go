package termui_test

// Tests of terminal games with clocks: a human losing on time, the computer keeping to its clock (the clock line is game.ClockText, tested there).

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/termui"
)

// testClock is a game clock the test moves.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time { return c.t }

// timed is a player whose real thinking time moves the test's clock, so
// the game charges what it really took and nothing else.
type timed struct {
	game.Player
	clk *testClock
}

func (p timed) Move(s *game.State) (core.Move, error) {
	start := time.Now()
	m, err := p.Player.Move(s)
	p.clk.t = p.clk.t.Add(time.Since(start))
	return m, err
}

// TestHumanLosesOnTime: a human whose clock has run out loses when typing.
func TestHumanLosesOnTime(t *testing.T) {
	r := load(t, "chess", nil)
	computer, err := game.NewComputer(1, time.Second, 1)
	if err != nil {
		t.Fatal(err)
	}
	clk := &testClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	g := newGame(t, game.Config{Rules: r, Clock: game.TimeControl{Initial: time.Minute}, Now: clk.now}, nil, computer)
	g.ResumeTurn(time.Minute) // white's minute is used up
	var out strings.Builder
	o := termui.Play(g, strings.NewReader("e2e4\n"), &out, termui.Options{})
	if o.Status != core.Win || o.Winners != 0b10 || !strings.Contains(o.Reason, "clock ran out") {
		t.Errorf("outcome %v", o)
	}
	if !strings.Contains(out.String(), "Clock: white 0:00.00, black 1:00.0") || !strings.Contains(out.String(), "Game over: black wins by time") {
		t.Errorf("output:\n%s", out.String())
	}
	if g.Ply() != 0 {
		t.Errorf("the move after the flag fell was played")
	}
}

// TestComputerOnTheClock: the computer moves within its clock, which the
// next clock line shows reduced plus the increment. The engine's hard limit
// is a quarter of the clock (0.5 s); the check allows 0.2 s more, for a
// machine loaded by other work.
func TestComputerOnTheClock(t *testing.T) {
	r := load(t, "chess", nil)
	computer, err := game.NewComputer(0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	clk := &testClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	g := newGame(t, game.Config{Rules: r, Clock: game.TimeControl{Initial: 2 * time.Second, Increment: time.Second}, Now: clk.now},
		timed{computer, clk}, nil)
	var out strings.Builder
	start := time.Now()
	o := termui.Play(g, strings.NewReader("quit\n"), &out, termui.Options{})
	if o.Status != core.Ongoing {
		t.Errorf("outcome %v", o)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the computer's first move took %v of its 2 s clock", d)
	}
	clocks := regexp.MustCompile(`Clock: white 0:0(\d\.\d\d)`).FindAllStringSubmatch(out.String(), -1)
	if len(clocks) != 2 || clocks[0][1] != "2.00" || clocks[1][1] <= "2.30" || clocks[1][1] > "3.00" {
		t.Errorf("clock lines %v:\n%s", clocks, out.String())
	}
}
