package search

// Time management: how much of a game clock one move may use, as a soft limit (no new iteration) and a hard one (stop).

import (
	"time"

	"anychess/core"
)

// DefaultMovesToGo is the number of moves a clock without a given
// Limits.MovesToGo is assumed to have to last for. The length of a game of
// an arbitrary variant is unknown, so the budget only guesses the rest of
// the game; as each move takes a share of what is left, the clock never
// runs out even when the game is much longer.
const DefaultMovesToGo = 30

// clockReserve is the most time a clock keeps back for what happens outside
// the search (the process, the protocol, the operating system): a move
// never plans to use it. Short clocks keep a tenth of their time instead.
const clockReserve = 100 * time.Millisecond

// hardFactor is how many times its planned share a move may take: an
// iteration started before the soft limit (half the share) is stopped
// there.
const hardFactor = 3

// TimeBudget returns the time the search under these limits may take:
// after soft it starts no new iteration, at hard it stops at once (0 for
// either: no limit).
//
// With a clock (Clock > 0) a move's planned share is an equal part of the
// usable time (Clock less a reserve of clockReserve, at most a tenth of it)
// over MovesToGo moves (DefaultMovesToGo when 0) plus three quarters of the
// increment: share = usable/movesToGo + 3/4·Increment. No iteration starts
// after half the share (the next would take several times as long as all
// before it), so a move takes about the share on average; an unfinished
// iteration is stopped at hardFactor × share, and never after a quarter of
// the usable time (all of it when only one move is to go, half when two,
// a third when three), so a move cannot lose on time. Spending less than
// the share keeps the clock, even near its end, several increments above
// what one move may take. MoveTime, when also set, caps both: soft and
// hard ≤ MoveTime. Without a clock, MoveTime is used whole: soft = hard =
// MoveTime, so iterations start until it ends and the last is stopped
// there. A negative MoveTime (a caller's slip) is no time at all, not no
// limit: soft 0, hard a nanosecond.
func (l Limits) TimeBudget() (soft, hard time.Duration) {
	if l.MoveTime < 0 {
		return 0, time.Nanosecond
	}
	if l.Clock > 0 {
		usable := l.Clock - min(clockReserve, l.Clock/10)
		togo := l.MovesToGo
		if togo <= 0 {
			togo = DefaultMovesToGo
		}
		share := usable/time.Duration(togo) + max(l.Increment, 0)*3/4
		hard = max(min(usable/time.Duration(min(togo, 4)), hardFactor*share), time.Nanosecond)
		soft = max(min(share/2, hard), time.Nanosecond)
	}
	if l.MoveTime > 0 {
		if hard == 0 || l.MoveTime < hard {
			hard = l.MoveTime
		}
		if soft == 0 || l.MoveTime < soft {
			soft = l.MoveTime
		}
	}
	return max(soft, 0), max(hard, 0)
}

// stability tracks, from iteration to iteration of a search with a clock,
// how unsettled the position is, and scales the soft limit: more time
// when the best move keeps changing or the score falls, less when
// neither happens.
type stability struct {
	move    core.Move
	score   int
	changes float64 // best-move changes, each halved per iteration
	started bool
}

// update records a finished iteration's best move and score and returns
// the factor for the soft limit: 0.7 to 2.5, 1 about average.
func (st *stability) update(move core.Move, score int) float64 {
	falling := 1.0
	if st.started {
		st.changes /= 2
		if move != st.move {
			st.changes++
		}
		if drop := st.score - score; drop > 15 && drop < mateBound {
			falling = 1 + float64(min(drop, 300))/300 // up to 2 for a drop of 3 pawns
		}
	}
	st.move, st.score, st.started = move, score, true
	f := (0.7 + 0.8*st.changes) * falling
	return min(max(f, 0.7), 2.5)
}
