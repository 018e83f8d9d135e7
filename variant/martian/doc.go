// Package martian is the Go code of Martian Chess (variants/martian-chess.toml,
// doc/martian-chess.md): the two- and four-player forms and teams, pieces
// owned by the zone they stand in, scoring captures, field promotion, no
// rejection, calling the clock, the end and its ties, the position text
// with piles and clock, and the engine's evaluation.
//
// Its hooks are registered with the core as "martian-chess" when the
// package is imported (package variant imports it); ArgCallClock is the
// Move.Arg bit of a move that calls the clock.
package martian
