// Package longchess is the Go code of Longchess (variants/longchess.toml):
// what its data cannot say — rivers crossed only at bridges, range attacks,
// pawn charges, flags carried and dropped, retreat off the board, passing,
// draws by agreement, the results of Capture the Flag and Capture the Map,
// the modifications (--option mines, artillery, nonlethal, …), the
// four-team game, the seed's square names and notations, the position text
// and the engine's evaluation.
//
// Its hooks are registered with the core as "longchess" when the package is
// imported (package variant imports it); nothing else is exported but the
// constants other packages read: ArgDraw, the Move.Arg bit of a draw offer,
// and Salvos, the candidate subset of the artillery's salvos.
package longchess
