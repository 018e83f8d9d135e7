package search

// Playing-strength levels for people: from a beginner's shallow, noisy search to full strength.

import (
	"fmt"
	"time"
)

// Levels is the number of playing-strength levels; level Levels is full
// strength.
const Levels = 8

// level describes one playing-strength level.
type level struct {
	depth    int           // depth limit, 0 for none
	moveTime time.Duration // time limit, 0: the caller's
	noise    int           // evaluation noise in centipawns
}

// levels are the playing strengths 1 to Levels. The weak levels search
// shallowly with a noisy evaluation, so they miss tactics and drift; from
// level 6 on the search is exact, limited only by depth and time.
var levels = [Levels + 1]level{
	1: {depth: 1, moveTime: 50 * time.Millisecond, noise: 400},
	2: {depth: 1, moveTime: 50 * time.Millisecond, noise: 200},
	3: {depth: 2, moveTime: 100 * time.Millisecond, noise: 120},
	4: {depth: 3, moveTime: 200 * time.Millisecond, noise: 60},
	5: {depth: 4, moveTime: 300 * time.Millisecond, noise: 30},
	6: {depth: 6, moveTime: 500 * time.Millisecond},
	7: {moveTime: time.Second},
	8: {},
}

// Level returns the options and limits of playing-strength level n (1 to
// Levels). moveTime is the time a full-strength move may take; the lower
// levels take less. seed varies the noise of the weak levels between
// games.
func Level(n int, moveTime time.Duration, seed uint64) (Options, Limits, error) {
	if n < 1 || n > Levels {
		return Options{}, Limits{}, fmt.Errorf("level %d: want 1 to %d", n, Levels)
	}
	l := levels[n]
	lim := Limits{Depth: l.depth, MoveTime: moveTime}
	if l.moveTime > 0 && (moveTime <= 0 || l.moveTime < moveTime) {
		lim.MoveTime = l.moveTime
	}
	return Options{Noise: l.noise, Seed: seed}, lim, nil
}
