// Package termui draws positions of any board as text — holes, water,
// zones and canals, carried items, marks, the players' own labels, the
// unbounded plane's window — and runs terminal games on game.Game (Play),
// with draw offers, resignation, takebacks, clocks and the variant's move
// help.
package termui
