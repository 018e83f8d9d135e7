package core

// Basic packed types of the rules core: coordinates, squares, players, pieces.

import "fmt"

// Coord addresses a square on any board, bounded or not. X is the file (0 is the
// first file of a bounded board), Y the rank (0 is the first rank). Unbounded
// boards use the full signed 64-bit range.
type Coord struct{ X, Y int64 }

// String writes the coordinate as (x,y).
func (c Coord) String() string { return fmt.Sprintf("(%d,%d)", c.X, c.Y) }

// Square is a handle for one square of a position's board: on a bounded board it
// indexes the padded mailbox; a Board converts it to and from a Coord.
type Square int32

// NoSquare is the absent square.
const NoSquare Square = -1

// MaxPlayers is the largest number of players a game may have.
const MaxPlayers = 4

// Player is a seat in the turn order, 0 to MaxPlayers-1. In two-player games
// player 0 is White and player 1 Black.
type Player uint8

// PieceType indexes Rules.Pieces. 0 is no piece; valid types are 1..MaxPieceTypes.
type PieceType uint8

// MaxPieceTypes is the number of distinct piece types a variant may define.
const MaxPieceTypes = 61

// Piece is the content of a board cell, packed into one byte:
//
//	  7   6   5   4   3   2   1   0
//	+-------+-----------------------+
//	| owner |         type          |
//	+-------+-----------------------+
//
// owner is the controlling Player (0-3); type is a PieceType (1-61). The value 0
// is an empty cell. Two values are reserved for terrain in the mailbox: Wall
// (off the board, or a blocking cell such as water) and Hole (a cell that is not
// part of the board but does not block movement: nothing may stop on it).
type Piece uint8

// Reserved cell values.
const (
	Empty Piece = 0
	Hole  Piece = 0xFE
	Wall  Piece = 0xFF
)

// MakePiece packs an owner and a type.
func MakePiece(owner Player, t PieceType) Piece { return Piece(owner)<<6 | Piece(t) }

// Type returns the piece's type (meaningless for Empty, Hole and Wall).
func (p Piece) Type() PieceType { return PieceType(p & 0x3F) }

// Owner returns the controlling player.
func (p Piece) Owner() Player { return Player(p >> 6) }

// IsPiece reports whether the cell holds a piece (not empty, not terrain).
func (p Piece) IsPiece() bool { return p != Empty && p < Hole }
