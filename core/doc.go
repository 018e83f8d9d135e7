// Package core is the rules core every game is declared on: board geometry
// (a bounded board with holes, water and regions, or an unbounded plane),
// pieces compiled from Betza notation, positions, making and unmaking
// moves, legality, outcomes, position texts and perft.
//
// A variant is a Definition — plain data, which package variant reads from
// a TOML file — compiled with its options into Rules. What the data cannot
// say is Go code in Hooks, registered by name (RegisterHooks) by the
// variant's own package; no variant is named in the core. A Position is
// made from the rules (StartPosition, ParsePosition) and played with
// LegalMoves, MakeMove and UnmakeMove; Outcome says whether the game is
// over. Every change to a position goes through recording setters (Put,
// SetMark, SetCarry, SetScore, SetCounter) that keep an undo log and the
// Zobrist hash, so any move, of any shape, is undone exactly.
//
// Move generation, make and unmake, attack detection and perft allocate
// nothing beyond the buffers the caller passes. The core has no user
// interface, network or storage in it; doc/ARCHITECTURE.md describes its
// types and how each game maps onto them.
package core
