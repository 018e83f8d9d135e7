package search

// Tests of time management: the budget a clock gives a move, and searches that keep to it.

import (
	"testing"
	"time"

	"anychess/core"
)

func TestTimeBudget(t *testing.T) {
	const ms = time.Millisecond
	for _, tc := range []struct {
		name       string
		lim        Limits
		soft, hard time.Duration
	}{
		{"no limits", Limits{}, 0, 0},
		{"depth only", Limits{Depth: 5}, 0, 0},
		{"move time", Limits{MoveTime: time.Second}, time.Second, time.Second}, // used whole
		// usable 59.9 s, share 59.9/30 s: soft half the share, hard 3 × the
		// share (less than 59.9/4).
		{"clock", Limits{Clock: time.Minute}, 998333333, 5989999998},
		{"clock and increment", Limits{Clock: time.Minute, Increment: time.Second}, 1373333333, 8239999998},
		// The last move before the time control may use all that is usable.
		{"one move to go", Limits{Clock: time.Minute, MovesToGo: 1}, 29950 * ms, 59900 * ms},
		{"two moves to go", Limits{Clock: time.Minute, MovesToGo: 2}, 14975 * ms, 29950 * ms},
		{"ten moves to go", Limits{Clock: time.Minute, MovesToGo: 10}, 2995 * ms, 14975 * ms},
		// A short clock keeps a tenth back: usable 900 ms, share 30 ms.
		{"one second", Limits{Clock: time.Second}, 15 * ms, 90 * ms},
		{"move time caps the clock", Limits{Clock: 10 * time.Second, MoveTime: 100 * ms}, 100 * ms, 100 * ms},
		{"clock caps the move time", Limits{Clock: time.Second, MoveTime: time.Second}, 15 * ms, 90 * ms},
		// The increment comes after the move: it cannot be spent before.
		{"increment larger than the clock", Limits{Clock: 200 * ms, Increment: 2 * time.Second}, 45 * ms, 45 * ms},
		{"negative increment", Limits{Clock: time.Second, Increment: -time.Second}, 15 * ms, 90 * ms},
		{"a nanosecond left", Limits{Clock: 1}, 1, 1},
		// A negative move time is the shortest search, not an unlimited one.
		{"negative move time", Limits{MoveTime: -time.Second}, 0, 1},
		{"negative move time with a clock", Limits{Clock: time.Minute, MoveTime: -time.Second}, 0, 1},
	} {
		soft, hard := tc.lim.TimeBudget()
		if soft != tc.soft || hard != tc.hard {
			t.Errorf("%s: soft %v hard %v, want %v and %v", tc.name, soft, hard, tc.soft, tc.hard)
		}
	}
}

// TestTimeBudgetWithinClock: for every clock, 0 < soft ≤ hard < clock, and
// the hard limit leaves the reserve.
func TestTimeBudgetWithinClock(t *testing.T) {
	for _, clock := range []time.Duration{1, time.Microsecond, time.Millisecond, 10 * time.Millisecond, time.Second, time.Minute, time.Hour} {
		for _, inc := range []time.Duration{0, time.Millisecond, time.Second, time.Minute} {
			for togo := 0; togo <= 60; togo += 3 {
				for _, mt := range []time.Duration{0, time.Millisecond, time.Second} {
					l := Limits{Clock: clock, Increment: inc, MovesToGo: togo, MoveTime: mt}
					soft, hard := l.TimeBudget()
					if soft <= 0 || soft > hard || hard > clock || hard > clock-min(clockReserve, clock/10) {
						t.Errorf("%+v: soft %v hard %v", l, soft, hard)
					}
				}
			}
		}
	}
}

// TestClockSearchStopsInTime: searches with one second on the clock return
// within the hard limit (plus 250 ms for a machine loaded by other tests)
// and never use the clock up.
func TestClockSearchStopsInTime(t *testing.T) {
	lim := Limits{Clock: time.Second}
	_, hard := lim.TimeBudget()
	e := New(Options{HashMB: 1})
	for _, fen := range []string{
		"",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1",
	} {
		p := startOf(t, "chess", nil)
		if fen != "" {
			var err error
			if p, err = p.Rules().ParseFEN(fen); err != nil {
				t.Fatal(err)
			}
		}
		start := time.Now()
		res := e.Search(p, lim)
		elapsed := time.Since(start)
		if !p.IsLegal(res.Move) {
			t.Errorf("%q: no legal move after %v", fen, elapsed)
		}
		if elapsed > hard+250*time.Millisecond || elapsed >= lim.Clock {
			t.Errorf("%q: took %v, hard limit %v", fen, elapsed, hard)
		}
	}
}

// TestClockGameNeverFlags plays self-play games of 60 plies on short clocks:
// each move's time is taken off the mover's clock, which must never run
// out, yet the engines use it.
func TestClockGameNeverFlags(t *testing.T) {
	for _, tc := range []struct{ clock, inc time.Duration }{
		{2 * time.Second, 0},
		{2 * time.Second, 20 * time.Millisecond},
	} {
		p := startOf(t, "chess", nil)
		clocks := [2]time.Duration{tc.clock, tc.clock}
		lowest := tc.clock
		engines := [2]*Engine{New(Options{HashMB: 1}), New(Options{HashMB: 1})}
		deep := 0 // moves searched to depth 3 or more
		for ply := 0; ply < 60 && len(p.LegalMoves(nil)) > 0; ply++ {
			turn := p.Turn()
			start := time.Now()
			res := engines[turn].Search(p, Limits{Clock: clocks[turn], Increment: tc.inc})
			clocks[turn] -= time.Since(start)
			if clocks[turn] <= 0 {
				t.Fatalf("%v+%v, ply %d: player %d's clock ran out", tc.clock, tc.inc, ply, turn)
			}
			lowest = min(lowest, clocks[turn])
			clocks[turn] += tc.inc
			if res.Depth >= 3 {
				deep++
			}
			p.MakeMove(res.Move)
		}
		t.Logf("%v+%v: clocks left after 60 plies %v %v, lowest %v; %d moves searched to depth 3 or more",
			tc.clock, tc.inc, clocks[0], clocks[1], lowest, deep)
		if used := 2*tc.clock + 60*tc.inc - clocks[0] - clocks[1]; used < tc.clock/10 {
			t.Errorf("%v+%v: the engines hardly used their clocks (%v in all)", tc.clock, tc.inc, used)
		}
	}
}

// TestNegativeMoveTimeEndsAtOnce: a search with a negative move time (as
// 'match --a anychess:movetime=-1s' asks) returns a move at once instead of
// searching without end.
func TestNegativeMoveTimeEndsAtOnce(t *testing.T) {
	p := loadRules(t, "chess").StartPosition()
	done := make(chan Result, 1)
	go func() { done <- New(Options{}).Search(p, Limits{MoveTime: -time.Second}) }()
	select {
	case res := <-done:
		if res.Move == core.NullMove {
			t.Error("no move")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a search with a negative move time is still running after 10 s")
	}
}

// TestMoveTimeUsedWhole: a fixed move time is used to its end (iterations
// keep starting until it is up), not stopped at half of it.
func TestMoveTimeUsedWhole(t *testing.T) {
	const mt = 300 * time.Millisecond
	e := New(Options{HashMB: 1})
	for _, fen := range []string{
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	} {
		p, err := loadRules(t, "chess").ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		res := e.Search(p, Limits{MoveTime: mt})
		elapsed := time.Since(start)
		if elapsed < mt*95/100 || elapsed > mt+250*time.Millisecond || !p.IsLegal(res.Move) {
			t.Errorf("%s: move time %v: took %v (depth %d), move legal %v", fen, mt, elapsed, res.Depth, p.IsLegal(res.Move))
		}
	}
}

// TestStability: the soft limit's factor falls towards 0.7 while the best
// move and score hold, rises when the best move changes or the score
// falls, and stays within 0.7 and 2.5.
func TestStability(t *testing.T) {
	a := core.NewMove(1, 2)
	b := core.NewMove(3, 4)
	for _, tc := range []struct {
		name   string
		moves  []core.Move
		scores []int
		lo, hi float64 // the last factor's range
	}{
		{"settled", []core.Move{a, a, a, a, a, a}, []int{10, 12, 11, 10, 12, 11}, 0.7, 0.75},
		{"one change", []core.Move{a, a, a, a, a, b}, []int{10, 10, 10, 10, 10, 10}, 1.4, 1.6},
		{"changing", []core.Move{a, b, a, b, a, b}, []int{10, 10, 10, 10, 10, 10}, 2.2, 2.5},
		{"falling", []core.Move{a, a, a, a, a, a}, []int{50, 50, 50, 50, 50, -100}, 1.0, 1.1},
		{"collapse", []core.Move{a, a, a, a, a, b}, []int{50, 50, 50, 50, 50, -400}, 2.5, 2.5},
		{"rising", []core.Move{a, a, a, a, a, a}, []int{50, 50, 50, 50, 50, 400}, 0.7, 0.75},
	} {
		var st stability
		f := 0.0
		for i, m := range tc.moves {
			f = st.update(m, tc.scores[i])
			if f < 0.7 || f > 2.5 {
				t.Errorf("%s: iteration %d: factor %g", tc.name, i+1, f)
			}
		}
		if f < tc.lo || f > tc.hi {
			t.Errorf("%s: factor %g, want %g to %g", tc.name, f, tc.lo, tc.hi)
		}
	}
}
