// Package battletest helps tests play Longchess battles to a known end: it finds, among a position's legal moves (the rules core's), one that retreats a piece off the board, one that captures, or a quiet one that changes no side's pieces.
//
// It holds no rule of its own: every move is the rules core's, and a move
// is classed by making it and counting the pieces of each side.
package battletest
