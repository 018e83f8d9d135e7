// Package search is the computer player of every variant: iterative-deepening principal-variation search with a transposition table.
//
// # Search
//
// An Engine searches a position by iterative deepening. Each iteration is a
// principal-variation alpha-beta search (negamax) over pseudo-legal moves
// tested for legality as they are made, in an aspiration window around the
// previous iteration's score, with
//
//   - a transposition table (a preallocated slice, see Options.HashMB) that
//     gives the first move to try, cuts off on stored bounds, and yields the
//     principal variation;
//   - move ordering: the hash move, then tactical moves (those that remove
//     an enemy piece, by any kind of capture, and promotions) by victim value
//     less attacker value, two killer moves per ply, the counter move of
//     the previous move, quiet moves by history, and last the captures that
//     lose material by a static exchange;
//   - quiescence search over the tactical moves that do not lose material
//     (all moves when in check);
//   - a check extension (Options.CheckExtension, off by default), up to
//     twice the iteration's depth;
//   - pruning near the horizon: reverse futility pruning, null-move pruning
//     (off with Options.NoNullMove), only where zugzwang cannot fool it
//     (see nullAllowed), late-move and futility pruning of quiet moves,
//     with margins that depend on whether the side's evaluation improved;
//   - correction history (correct.go): in games of two players with
//     pawns and a royal piece to checkmate on a bounded board, the static
//     evaluation is corrected by what earlier searches of positions with
//     the same pawns and side to move found it to be off by;
//   - late-move reductions of quiet moves by a logarithmic table,
//     re-searched at full depth when they beat alpha, and internal
//     iterative reduction of nodes without a hash move;
//   - mate-distance pruning, and a repeated position in the search scored as
//     a draw.
//
// Each of these has a switch in Options, for self-play measurements
// (doc/SEARCH.md gives the results).
//
// Games of more than two sides are searched by best-reply search (the root
// player against the single best reply of all its opponents, brs.go), by
// max-n or in paranoid mode (the root player's side against everyone else,
// paranoid.go), as Options.Multi says; two teams whose turns alternate by
// plain negamax.
//
// At the root the engine also tries each legal move with each declaration
// the variant allows (core.Declaration), and makes one only when it scores
// DeclarationMargin better than every plain move.
//
// A search stops at the depth, node or time limit, or when Limits.Stop is
// set, and returns the best move of the last finished iteration (or of the
// unfinished one, when it already found a better move).
package search
