// Package notation writes and reads moves as text, in two notations:
// Coordinate, the canonical machine form, and SAN, standard algebraic
// notation. Both work on any board anychess supports: files past z take two
// letters (aa, ab, …) and ranks may have several digits.
//
// # Coordinate notation
//
// A move is its from-square and to-square, then the extras it needs:
//
//	e2e4        a normal move, a double step, or en passant (e5d6)
//	e1g1        castling, written as the king's move
//	b8b9q       promotion: the lower-case letter of the new piece type
//	c4e6xd5     a move that captures extra pieces (Victims): "x" and the
//	            square of each, in the order the move passes them; the
//	            piece on the to-square, if any, is captured too
//	e4@e6       a stationary capture: the piece on e4 removes the piece on
//	            e6 without moving (plain e4e6 would be a move to e6)
//	e4e5#3      a variant-defined move (kind ≥ core.KindSpecial): "#" and its
//	            Arg, then ".k" when the kind is core.KindSpecial+k with k > 0;
//	            variant packages will be able to supply their own form
//
// Victims are always written for normal moves that have them: that is the
// canonical, stable form. On input they may be left out when exactly one
// legal move fits (a victim-less move from and to the same squares is
// preferred). Promotion letters may be upper case on input; where promotion
// is optional, a move written without one does not promote.
//
// In the rare variant where two different legal moves would get the same
// text (castling whose king move is also an ordinary king move, a double
// step that is also an ordinary step), the normal move keeps the plain text
// and every other one gets a tag: "/" and a kind letter (c castling,
// d double step, e en passant, k0, k1 … variant kinds) followed by the
// squares the move carries: e1g1/ch1f1 is castling with the rook from h1 to
// f1, e2e4/de3 a double step passing e3. The plain text then reads as the
// normal move. Moves that differ only in Arg (other than variant-defined
// kinds, whose text shows it) cannot be told apart.
//
// # SAN
//
// Standard algebraic notation with the piece letters of the variant
// (core.PieceInfo.Letter; pawns, the pieces with Pawn set, have none):
// Nf3, exd5, Nbd7, R1e2, Qh4e1, e8=Q+, O-O, O-O-O#. Castling toward the
// higher file is O-O, toward the lower O-O-O. En passant is written as a
// pawn capture (exd6). A check is marked "+", a checkmate "#".
//
// Extra captures are written in the order the move makes them, each as "x"
// and its square, before the destination: Bxd5e6 jumps over d5, capturing
// it, and lands on the empty e6; Bxd5xe6 also captures on e6. A victim
// always has its "x", so Bd5e6 still means the bishop on d5 going to e6.
// A stationary capture is written "x@" and the target: Ax@e6 (the archer
// stays where it is). Moves SAN cannot tell apart (variant-defined kinds, or
// the rare collisions described above) are written in coordinate notation,
// which the SAN decoder also reads.
//
// As in coordinate notation, victims may be left out on input when no
// victim-less move fits (Le6 for Lxd5e6), and a move written without a
// promotion piece does not promote where promotion is optional.
//
// A variant may have a readable notation of its own (core.Hooks.Readable:
// Longchess names squares 4W2 as its players do); SAN
// then writes that notation for the variant and reads it before SAN.
//
// The SAN decoder accepts the usual sloppiness: no "+" or "#" (and any
// trailing !, ?), a missing or superfluous "x", e8Q, e8q, e8=Q and e8(Q),
// 0-0 and o-o for castling, long forms such as Ng1-f3 or Ng1f3, a trailing
// "e.p.", and coordinate notation. Ambiguous text is refused with an error
// listing the candidates.
//
// On an unbounded board (Chess on an Infinite Plane) a square is written
// in parentheses, (8,40) or in the board's letters style (e8), and any
// destination is read, however far away: the decoders ask the position
// whether that exact move is legal (core.Position.LegalMovesTo), not only
// the finite candidate set that LegalMoves lists. SAN there is R(8,40),
// R(8,1)-(8,40), Rx(8,7), (3,3)x(4,4), (4,8)=Q (see unbounded.go).
//
// Encoders need a legal move of the position; given anything else they
// write the move's coordinate text. Neither encoding nor decoding changes
// the position, and decoders never panic, whatever the input.
package notation
