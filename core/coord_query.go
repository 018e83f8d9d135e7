package core

// Queries by coordinates that give no square a handle: what stands at (x, y), and whether it is attacked.

// AtCoord returns the content of the square at c: a piece, Empty, or, on a
// bounded board, Wall when c is off the board (Hole or Wall for terrain, as
// At). On an unbounded board it gives c no handle and allocates nothing: a
// far square the position has never met is empty; c outside ±2^62 is Wall.
func (p *Position) AtCoord(c Coord) Piece {
	if p.plane != nil {
		if !inPlane(c) {
			return Wall
		}
		return p.plane.atCoord(c)
	}
	sq := p.rules.Board.Square(c)
	if sq == NoSquare {
		return Wall
	}
	return p.At(sq)
}

// AttackedAt reports whether any opponent of player us could capture on the
// square at c (AttackedBy by coordinates); false when c is off the board.
// On an unbounded board it gives c no handle and allocates nothing, except
// where an opponent has exotic pieces (whose attacks are found by generating
// their moves): there c gets a handle when it has none.
func (p *Position) AttackedAt(c Coord, us Player) bool {
	if p.plane == nil {
		sq := p.rules.Board.Square(c)
		return sq != NoSquare && p.rules.Board.Playable(sq) && p.AttackedBy(sq, us)
	}
	if !inPlane(c) {
		return false
	}
	for by := Player(0); int(by) < p.rules.Players; by++ {
		if by == us {
			continue
		}
		if p.planeGeometricAttack(c, by) {
			return true
		}
		if p.rules.plane.attack[by].exotic != 0 {
			sq, ok := p.plane.lookup(c)
			if !ok {
				sq = p.plane.square(c)
			}
			if p.Attacks(sq, by) {
				return true
			}
		}
	}
	return false
}

// Around lists the eight steps to the squares next to a square, in the bit
// order of AttackedAround.
var Around = [8]Coord{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// AttackedAround returns which of the eight squares next to c an opponent of
// us attacks: bit i for the square c + Around[i] (squares off the board are
// never attacked). It looks at each enemy piece once, skipping those that
// neither stand within leaping reach nor line up with any of the eight; on
// an unbounded board, like AttackedAt, it gives no square a handle. On a
// bounded board c must be playable for that; elsewhere each square is
// asked in turn.
func (p *Position) AttackedAround(c Coord, us Player) uint8 {
	if p.plane != nil {
		return p.planeAttackedAround(c, us)
	}
	if k := p.rules.Board.Square(c); k != NoSquare && p.rules.Board.Playable(k) {
		return p.attackedAround(k, us)
	}
	var mask uint8
	for i, d := range Around {
		if p.AttackedAt(Coord{c.X + d.X, c.Y + d.Y}, us) {
			mask |= 1 << i
		}
	}
	return mask
}
