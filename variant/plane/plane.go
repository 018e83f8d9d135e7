package plane

// Chess on an Infinite Plane hooks: the square-name option and the insufficient-material table.

import (
	"anychess/core"
)

// The infinite plane is played by the core's unbounded board (core/plane*.go);
// only two things are the variant's own: the option that chooses how squares
// are written, and which material counts as insufficient on an unbounded
// board, which no general rule can say.
var planeHooks = &core.Hooks{
	Configure:            planeConfigure,
	InsufficientMaterial: planeInsufficient,
}

func init() { core.RegisterHooks("infinite-plane", planeHooks) }

// planeConfigure applies --option names=numeric|letters.
func planeConfigure(def *core.Definition, options map[string]string) error {
	if v := options["names"]; v != "" {
		def.Board.Names = v
	}
	return nil
}

// planeMaterial counts one side's pieces other than its king for the
// insufficient-material table: by letter, with bishops split by the parity
// of x + y (the colour of their squares) and sorted so that bishops[0] ≥
// bishops[1].
type planeMaterial struct {
	counts  [26]int // by letter, 'A' first
	bishops [2]int
}

// planeDrawGroup is one entry of the table: the most pieces of each letter
// the side with material may have (the bishops by colour, larger count
// first); letters not listed must be absent.
type planeDrawGroup struct {
	max     map[byte]int
	bishops [2]int
}

// many stands for "any number".
const many = 1 << 30

// planeDrawGroups is infinitechess.org's table of material that cannot force
// mate against a lone king on an unbounded board even with its own king's
// help ("checkmate one king with one king for help"), restricted to the
// pieces of this game: Q queen, C chancellor, R rook, B bishop, N knight,
// G guard, H hawk. A pawn or a huygens is never in it, so either plays on.
var planeDrawGroups = []planeDrawGroup{
	{max: map[byte]int{'Q': 1}},
	{max: map[byte]int{'C': 1}},
	{max: map[byte]int{'G': 1}},
	{max: map[byte]int{'N': 3}},
	{max: map[byte]int{'H': 2}},
	{max: map[byte]int{'H': 1}, bishops: [2]int{1, 0}},
	{max: map[byte]int{'R': 1, 'N': 1}},
	{max: map[byte]int{'R': 1}, bishops: [2]int{1, 0}},
	{bishops: [2]int{many, 1}},
	{max: map[byte]int{'N': 1}, bishops: [2]int{many, 0}},
	{max: map[byte]int{'N': 1}, bishops: [2]int{1, 1}},
	{max: map[byte]int{'N': 2}, bishops: [2]int{1, 0}},
}

// fits reports whether m is within the group.
func (g planeDrawGroup) fits(m planeMaterial) bool {
	for i, n := range m.counts {
		if n > 0 && n > g.max[byte('A'+i)] {
			return false
		}
	}
	return m.bishops[0] <= g.bishops[0] && m.bishops[1] <= g.bishops[1]
}

// planeInsufficient draws the game when only the kings are left, when each
// side has its king and one rook, or when one side has its bare king and the
// other material in planeDrawGroups.
func planeInsufficient(p *core.Position) bool {
	r := p.Rules()
	var sides [2]planeMaterial
	var total [2]int
	for pl := 0; pl < 2; pl++ {
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			info := &r.Pieces[p.At(sq).Type()]
			if info.Royal {
				continue
			}
			total[pl]++
			if info.Letter == 'B' {
				c := p.Coord(sq)
				sides[pl].bishops[(c.X+c.Y)&1]++
				continue
			}
			sides[pl].counts[info.Letter-'A']++
		}
		if b := &sides[pl].bishops; b[0] < b[1] {
			b[0], b[1] = b[1], b[0]
		}
	}
	switch {
	case total[0] == 0 && total[1] == 0:
		return true
	case total[0] == 1 && total[1] == 1 && sides[0].counts['R'-'A'] == 1 && sides[1].counts['R'-'A'] == 1:
		return true
	}
	for pl := 0; pl < 2; pl++ {
		if total[1-pl] != 0 {
			continue
		}
		for _, g := range planeDrawGroups {
			if g.fits(sides[pl]) {
				return true
			}
		}
	}
	return false
}
