package betza

// Directional modifiers: tokenising f b l r v s h and deciding which moves each token keeps.

import (
	"math"
	"sort"
	"strings"
)

// vec is one step in the piece's frame (forward = +y, right = +x).
type vec struct{ x, y int }

// shape classifies an atom by the direction of its leap.
type shape uint8

const (
	orthogonal shape = iota // (k,0): W, D, H; 4 moves
	diagonal                // (k,k): F, A, G; 4 moves
	oblique                 // (x,y), 0 < x != y: N, C, Z; 8 moves
)

func shapeOf(x, y int) shape {
	switch {
	case x == 0 || y == 0:
		return orthogonal
	case x == y:
		return diagonal
	}
	return oblique
}

// dirToken is one directional modifier as written: a single letter or a
// two-letter combination such as "fs", "lf" or "hr".
type dirToken struct {
	text string
	pos  int // byte offset of its first letter
}

// twoLetterTokens are the letter pairs that combine into one direction token.
// Any other adjacent pair is read as two separate tokens (fb = f plus b).
var twoLetterTokens = map[string]bool{
	"ff": true, "bb": true, "ll": true, "rr": true, "vv": true, "ss": true,
	"fl": true, "fr": true, "bl": true, "br": true,
	"lf": true, "rf": true, "lb": true, "rb": true,
	"fs": true, "bs": true, "lv": true, "rv": true,
	"fh": true, "bh": true, "lh": true, "rh": true,
	"hl": true, "hr": true,
}

func isDirLetter(c byte) bool { return strings.IndexByte("fblrvsh", c) >= 0 }

// directions reads a run of direction letters at p.pos into spec, pairing
// letters greedily from the left.
func (p *parser) directions(spec *legSpec) error {
	for p.pos < len(p.src) && isDirLetter(p.src[p.pos]) {
		if p.pos+1 < len(p.src) && twoLetterTokens[p.src[p.pos:p.pos+2]] {
			spec.dirs = append(spec.dirs, dirToken{p.src[p.pos : p.pos+2], p.pos})
			p.pos += 2
			continue
		}
		if p.src[p.pos] == 'h' {
			return p.fail(p.pos, "modifier 'h' must be paired with a direction (fh, bh, lh, rh, hl, hr)")
		}
		spec.dirs = append(spec.dirs, dirToken{p.src[p.pos : p.pos+1], p.pos})
		p.pos++
	}
	return nil
}

// checkAbsolute reports whether the token may be written on the first leg of
// an atom of shape sh.
func (t dirToken) checkAbsolute(sh shape) (ok bool, why string) {
	if strings.IndexByte(t.text, 'h') >= 0 && sh != oblique {
		return false, "direction '" + t.text + "' applies only to oblique atoms (N, C, Z, (x,y))"
	}
	return true, ""
}

// keeps reports whether the first-leg token t selects the move m of an atom of shape sh.
func (t dirToken) keeps(sh shape, m vec) bool {
	switch sh {
	case orthogonal:
		return keepsOrthogonal(t.text, m)
	case diagonal:
		return keepsDiagonal(t.text, m)
	}
	return keepsOblique(t.text, m)
}

// halfPlane reports whether m has a component towards letter c (f, b, l, r);
// v and s do not restrict.
func halfPlane(c byte, m vec) bool {
	switch c {
	case 'f':
		return m.y > 0
	case 'b':
		return m.y < 0
	case 'l':
		return m.x < 0
	case 'r':
		return m.x > 0
	}
	return true
}

// keepsOrthogonal: each letter is one direction (v = f+b, s = l+r); a
// doubled letter means the letter; any other pair is the union of its letters.
func keepsOrthogonal(tok string, m vec) bool {
	one := func(c byte) bool {
		switch c {
		case 'v':
			return m.x == 0
		case 's':
			return m.y == 0
		}
		return halfPlane(c, m)
	}
	if len(tok) == 1 || tok[0] == tok[1] {
		return one(tok[0])
	}
	return one(tok[0]) || one(tok[1])
}

// keepsDiagonal: each letter is a pair of diagonals (v and s are all four); a
// doubled letter means the letter; a perpendicular pair is their intersection
// (fl = the one forward-left diagonal, fs = the two forward diagonals).
func keepsDiagonal(tok string, m vec) bool {
	if len(tok) == 1 || tok[0] == tok[1] {
		return halfPlane(tok[0], m)
	}
	return halfPlane(tok[0], m) && halfPlane(tok[1], m)
}

// keepsOblique implements XBetza's directions for 8-fold atoms, where a move
// is "narrow" when it is more vertical than horizontal (Knight (1,2)):
//
//	f b l r        the XBetza pair nearest that way: f = ff, l = ll (fh bh lh rh are the 4-move halves)
//	ff bb          the narrow pair forward / backward ((±1,2) / (±1,-2))
//	ll rr          the wide pair left / right ((-2,±1) / (2,±1))
//	v vv, s ss     the 4 narrow moves, the 4 wide moves
//	fs bs lv rv    the wide forward / wide backward / narrow left / narrow right pair
//	AB             one move: the B pair (as in BB, s, v) filtered by half-plane A;
//	               lf = (-1,2), fl = (-2,1), rb = (1,-2), br = (2,-1) ...
//	hr hl          the chiral halves: hr = (1,2) and its quarter turns, hl the mirror
func keepsOblique(tok string, m vec) bool {
	narrow := abs(m.y) > abs(m.x)
	pair := func(c byte) bool {
		switch c {
		case 'f', 'b', 'v':
			return narrow && halfPlane(c, m)
		}
		return !narrow && halfPlane(c, m)
	}
	switch {
	case len(tok) == 1:
		return pair(tok[0]) // XBetza: fN is the Shogi knight's pair, as ffN
	case tok == "hr":
		return narrow == (m.x*m.y > 0)
	case tok == "hl":
		return narrow != (m.x*m.y > 0)
	case tok[1] == 'h':
		return halfPlane(tok[0], m)
	case tok[0] == tok[1]:
		return pair(tok[0])
	}
	return halfPlane(tok[0], m) && pair(tok[1])
}

// kUnits lists the 8 King directions clockwise from forward; a turn of t
// eighths from direction i is kUnits[(i+t)%8].
var kUnits = [8]vec{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// relativeTurns maps a direction token written after 'a' to turns, in eighths
// of a full turn clockwise, relative to the previous leg: f = straight on,
// r = 90° right, b = straight back, fr (= rf) = 45° right, and so on.
var relativeTurns = map[string][]int{
	"f": {0}, "ff": {0}, "b": {4}, "bb": {4},
	"r": {2}, "rr": {2}, "l": {6}, "ll": {6},
	"v": {0, 4}, "vv": {0, 4}, "s": {2, 6}, "ss": {2, 6},
	"fr": {1}, "rf": {1}, "br": {3}, "rb": {3},
	"bl": {5}, "lb": {5}, "fl": {7}, "lf": {7},
	"fs": {1, 7}, "bs": {3, 5}, "lv": {5, 7}, "rv": {1, 3},
	"fh": {7, 0, 1}, "bh": {3, 4, 5}, "lh": {5, 6, 7}, "rh": {1, 2, 3},
}

// defaultTurns is the continuation when a leg after 'a' names no direction:
// every direction except straight back.
var defaultTurns = []int{0, 1, 2, 3, 5, 6, 7}

// checkRelative reports whether the token may be written on a leg after 'a'
// of an atom of shape sh.
func (t dirToken) checkRelative(sh shape) (ok bool, why string) {
	turns, known := relativeTurns[t.text]
	if !known {
		return false, "direction '" + t.text + "' is not defined after 'a'"
	}
	if sh == oblique {
		for _, turn := range turns {
			if turn%4 != 0 {
				return false, "after 'a' an oblique atom only takes f, b or v, not '" + t.text + "'"
			}
		}
	}
	return true, ""
}

// turnsOf returns the sorted, distinct turns selected by the tokens of one leg.
func turnsOf(dirs []dirToken) []int {
	if len(dirs) == 0 {
		return defaultTurns
	}
	var seen [8]bool
	var out []int
	for _, t := range dirs {
		for _, turn := range relativeTurns[t.text] {
			seen[turn] = true
		}
	}
	for turn, ok := range seen {
		if ok {
			out = append(out, turn)
		}
	}
	return out
}

// continuations returns the absolute vectors of a leg after 'a' that follows
// a leg along prev. Orthogonal and diagonal atoms turn in the King's eight
// directions, converting into each other on 45° turns (W <-> F, D <-> A,
// (k,0) <-> (k,k)); oblique atoms only go straight on or straight back, or,
// with no direction written, along any of their moves except straight back.
func continuations(spec *legSpec, sh shape, atomX, atomY int, prev vec) []vec {
	if sh == oblique {
		back := vec{-prev.x, -prev.y}
		if len(spec.dirs) == 0 {
			var out []vec
			for _, m := range images(atomX, atomY) {
				if m != back {
					out = append(out, m)
				}
			}
			return out
		}
		var out []vec
		for _, turn := range turnsOf(spec.dirs) {
			if turn == 0 {
				out = append(out, prev)
			} else {
				out = append(out, back)
			}
		}
		return out
	}
	size := max(abs(prev.x), abs(prev.y))
	from := kIndex(prev)
	var out []vec
	for _, turn := range turnsOf(spec.dirs) {
		u := kUnits[(from+turn)%8]
		out = append(out, vec{u.x * size, u.y * size})
	}
	return out
}

// kIndex returns the index in kUnits of the direction of an orthogonal or diagonal step.
func kIndex(m vec) int {
	u := vec{sign(m.x), sign(m.y)}
	for i, k := range kUnits {
		if k == u {
			return i
		}
	}
	return 0
}

// images returns the distinct symmetric images of the leap (x,y), sorted
// clockwise starting from straight forward.
func images(x, y int) []vec {
	var out []vec
	for _, m := range []vec{{x, y}, {y, x}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				c := vec{m.x * sx, m.y * sy}
				dup := false
				for _, o := range out {
					dup = dup || o == c
				}
				if !dup {
					out = append(out, c)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return bearing(out[i]) < bearing(out[j]) })
	return out
}

// bearing is the clockwise angle of m from forward, in [0, 2π).
func bearing(m vec) float64 {
	a := math.Atan2(float64(m.x), float64(m.y))
	if a < 0 {
		a += 2 * math.Pi
	}
	return a
}

// lameSquares lists the squares a lame ('n') leap passes, relative to its
// start: straight steps along the leap's major axis first, then diagonal
// steps. This is the straight line for D, A, H, G and the Xiangqi horse's
// path for N ((1,2) passes (0,1)); Z (2,3) passes (0,1) and (1,2) like the
// Janggi elephant. The destination itself is not listed.
func lameSquares(m vec) [][2]int {
	ax, ay := abs(m.x), abs(m.y)
	sx, sy := sign(m.x), sign(m.y)
	var out [][2]int
	x, y := 0, 0
	for i := 0; i < abs(ax-ay); i++ {
		if ay > ax {
			y += sy
		} else {
			x += sx
		}
		out = append(out, [2]int{x, y})
	}
	for i := 0; i < min(ax, ay); i++ {
		x, y = x+sx, y+sy
		out = append(out, [2]int{x, y})
	}
	if len(out) <= 1 {
		return nil
	}
	return out[:len(out)-1]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}
