// The computer seats of a terminal game: one search engine per seat, at the seat's playing strength.
package termui

import (
	"time"

	"anychess/core"
	"anychess/search"
)

// computerMove searches the move of the computer seat seats[turn], keeping
// one engine per seat in engines (its table and history then serve the
// whole game). A seat's Level 0 is full strength. clock is the time left on
// the seat's clock, when it has one.
func computerMove(p *core.Position, seats []Seat, engines []*search.Engine, turn core.Player, clock time.Duration) search.Result {
	seat := seats[turn]
	level := seat.Level
	if level == 0 {
		level = search.Levels
	}
	opts, lim, err := search.Level(level, seat.MoveTime, uint64(turn)+1)
	if err != nil {
		opts, lim = search.Options{}, search.Limits{MoveTime: seat.MoveTime}
	}
	if seat.Clock > 0 {
		lim.Clock, lim.Increment = max(clock, time.Nanosecond), seat.Increment
	}
	if engines[turn] == nil {
		engines[turn] = search.New(opts)
	}
	return engines[turn].Search(p, lim)
}
