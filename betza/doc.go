// Package betza parses Betza / XBetza piece notation into geometry-free move
// paths.
//
// The result is board-independent: every vector is in the piece's own frame, where
// forward is +Y and right is +X. The rules core orients the frame per player and
// compiles the paths for a concrete board.
package betza
