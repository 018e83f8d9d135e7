package match

// Tests of games with clocks: time taken off, increments added, losses on time counted, engines told their time.

import (
	"errors"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/variant"
)

// sleeper takes a fixed time for each move and plays the first legal one;
// it records the clocks it was shown.
type sleeper struct {
	think time.Duration
	seen  []time.Duration
}

func (s *sleeper) Name() string              { return "sleeper" }
func (s *sleeper) NewGame(*core.Rules) error { return nil }
func (s *sleeper) Close() error              { return nil }
func (s *sleeper) Move(g *game.State) (core.Move, error) {
	if g.Clock != nil {
		s.seen = append(s.seen, g.Clock[g.Position.Turn()])
	}
	time.Sleep(s.think)
	moves := g.Position.LegalMoves(nil)
	if len(moves) == 0 {
		return core.NullMove, errors.New("no move")
	}
	return moves[0], nil
}

func TestClockLossOnTime(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	const ms = time.Millisecond
	for _, tc := range []struct {
		name             string
		clock, inc       time.Duration
		thinkA, thinkB   time.Duration
		lossesA, lossesB int
	}{
		// 30 ms a move against a 100 ms clock: the fourth move flags.
		{"A flags", 100 * ms, 0, 30 * ms, 0, 2, 0},
		{"B flags", 100 * ms, 0, 0, 30 * ms, 0, 2},
		// The increment pays for each move and more (a loaded machine may
		// overshoot a sleep): nobody flags in 10 plies.
		{"increment keeps both going", 300 * ms, 60 * ms, 30 * ms, 30 * ms, 0, 0},
		{"no clock", 0, 0, 30 * ms, 0, 0, 0},
	} {
		a, b := &sleeper{think: tc.thinkA}, &sleeper{think: tc.thinkB}
		cfg := Config{Rules: r, Games: 2, MaxPlies: 10, Clock: tc.clock, Increment: tc.inc}
		rep, err := Run(cfg, a, b)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if rep.TimeLosses != [2]int{tc.lossesA, tc.lossesB} {
			t.Errorf("%s: losses on time %v, want [%d %d]", tc.name, rep.TimeLosses, tc.lossesA, tc.lossesB)
		}
		for i, res := range rep.Results {
			if !res.LostOnTime {
				continue
			}
			loserIsA := res.ASeats[res.Flagged]
			if res.Outcome.Status != core.Win || res.Outcome.Winners&(1<<res.Flagged) != 0 ||
				!strings.Contains(res.Outcome.Reason, "clock ran out") || (res.APoints == 0) != loserIsA {
				t.Errorf("%s game %d: outcome %v, A's points %.1f, flagged player %d", tc.name, i+1, res.Outcome, res.APoints, res.Flagged+1)
			}
		}
		if tc.clock == 0 && (a.seen != nil || b.seen != nil) {
			t.Errorf("%s: players were shown a clock", tc.name)
		}
		if rep.PlayerMoves[0] == 0 || rep.Thinking[0] < time.Duration(rep.PlayerMoves[0])*tc.thinkA {
			t.Errorf("%s: A made %d moves in %v", tc.name, rep.PlayerMoves[0], rep.Thinking[0])
		}
	}
}

// TestClockShown: a player sees its own clock, less what it used, plus the
// increment, move after move.
func TestClockShown(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	a, b := &sleeper{think: 20 * time.Millisecond}, &sleeper{}
	cfg := Config{Rules: r, Games: 1, MaxPlies: 8, Clock: time.Second, Increment: 5 * time.Millisecond}
	if _, err := Run(cfg, a, b); err != nil {
		t.Fatal(err)
	}
	// The first clock A sees is its whole second less the moment since its
	// turn began (the game shows the time left now).
	if len(a.seen) != 4 || a.seen[0] > time.Second || a.seen[0] < time.Second-10*time.Millisecond {
		t.Fatalf("A saw the clocks %v", a.seen)
	}
	for i := 1; i < len(a.seen); i++ {
		// Each move takes at least 20 ms and gives 5 ms back.
		if d := a.seen[i-1] - a.seen[i]; d < 15*time.Millisecond || d > 500*time.Millisecond {
			t.Errorf("A's clock went from %v to %v", a.seen[i-1], a.seen[i])
		}
	}
	if b.seen[len(b.seen)-1] < time.Second {
		t.Errorf("B, who takes no time, saw its clock fall to %v", b.seen[len(b.seen)-1])
	}
}

// TestEngineOnTheClock: the engine player, told a short clock, never loses
// on time and uses its clock.
func TestEngineOnTheClock(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	a, err := ParsePlayer("anychess:hash=1", 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Rules: r, Games: 2, RandomPlies: 2, MaxPlies: 60, Clock: 500 * time.Millisecond, Increment: 10 * time.Millisecond}
	rep, err := Run(cfg, a, game.NewRandom(1))
	if err != nil {
		t.Fatal(err)
	}
	if rep.TimeLosses[0] != 0 {
		t.Errorf("the engine lost %d games on time", rep.TimeLosses[0])
	}
	perMove := rep.Thinking[0] / time.Duration(max(1, rep.PlayerMoves[0]))
	t.Logf("engine: %d moves, %v a move", rep.PlayerMoves[0], perMove)
	if perMove < time.Millisecond || perMove > 100*time.Millisecond {
		t.Errorf("the engine took %v a move on a 500 ms + 10 ms clock", perMove)
	}
}
