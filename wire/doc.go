// Package wire is the JSON that the server and the browser exchange: what a board looks like (BoardOf), what a game shows each seat (StateOf), and the messages of a live game.
//
// Coordinates travel as decimal strings (Coord), because the infinite
// plane's 64-bit coordinates lose precision as JSON numbers past 2^53. On a
// bounded board x is the file (0 is file a) and y the rank (0 is rank 1);
// on an unbounded board they are the plane's own coordinates (a1 is (1,1)).
//
// Messages from a client carry the ply they expect (ClientMessage.Ply): a
// message for another ply is refused, so a duplicate, a late or a replayed
// message changes nothing. DecodeClient reads and checks one.
package wire
