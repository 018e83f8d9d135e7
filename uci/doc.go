// Package uci lets GUIs and other engines play the anychess engine through the
// Universal Chess Interface, in every variant (UCI_Variant).
//
// A Server reads UCI commands and answers them:
//
//	uci                          id, the options below, uciok
//	isready                      readyok (at once, also while searching)
//	ucinewgame                   forget the last game (the variant stays)
//	setoption name N [value V]   UCI_Variant (any variant name, see
//	                             variant.Names; it clears VariantOptions),
//	                             VariantOptions (the variant's options,
//	                             NAME[=VALUE] separated by commas, set
//	                             after UCI_Variant), Hash (MB), Level
//	                             (1..8)
//	position startpos|fen TEXT [moves M…]
//	                             TEXT is the variant's own position text
//	                             (core.Rules.ParsePosition; a FEN for
//	                             chess-like variants), which may contain
//	                             spaces; moves in coordinate notation
//	                             (notation.Coordinate), declarations
//	                             appended (b2c3:clock)
//	go [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS]
//	   [movestogo N] [depth N] [nodes N] [infinite]
//	stop, quit
//
// The search runs in its own goroutine, prints "info depth … score cp|mate
// … nodes … nps … time … pv …" after each iteration and "bestmove MOVE" at
// its end ("bestmove (none)" when the side to move has no move). The
// player to move takes wtime/winc when it is the first player (or the
// third of four), btime/binc otherwise; the clock goes to the engine's time
// management (search.Limits.TimeBudget). A command that changes the state
// (ucinewgame, setoption, position, go) waits for a running search to end
// by its limits, and stops one without limits ("go infinite"). A command
// that cannot be carried out prints "info string error: …" and changes
// nothing; a "go" that cannot be carried out answers "bestmove (none)"
// after its error, since a GUI waits for the bestmove of every go.
//
// A refused "position" leaves no position to search: the previous one is
// kept, but a "go" before the next accepted "position" (or "ucinewgame",
// or a new UCI_Variant) searches nothing. It answers "info string error:
// go: …" naming the refused command's error, then "bestmove (none)", as
// for a position without moves, so that a GUI waiting for a bestmove is
// not left hanging and no move of another position is played.
package uci
