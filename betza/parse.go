package betza

// The Betza / XBetza parser: turns a notation string into the union of concrete move paths.

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits that keep mistyped or hostile input from exploding.
const (
	maxLegs  = 4     // legs in one multi-leg ('a') move
	maxRange = 999   // largest written range
	maxLeap  = 99    // largest coordinate of an (x,y) atom
	maxPaths = 10000 // paths built for one piece, duplicates included
)

// leaperAtoms maps the single-letter atoms to their leap.
var leaperAtoms = map[byte]vec{
	'W': {1, 0}, 'F': {1, 1}, 'D': {2, 0}, 'N': {2, 1}, 'A': {2, 2},
	'H': {3, 0}, 'C': {3, 1}, 'Z': {3, 2}, 'G': {3, 3},
}

// shorthand is a capital standing for one or more atoms with a default range.
type shorthand struct {
	leaps []vec
	rng   int
}

// shorthands maps K, R, B and Q to their atoms.
var shorthands = map[byte]shorthand{
	'K': {[]vec{{1, 0}, {1, 1}}, 1},
	'R': {[]vec{{1, 0}}, 0},
	'B': {[]vec{{1, 1}}, 0},
	'Q': {[]vec{{1, 0}, {1, 1}}, 0},
}

// modifierLetters are the non-directional lower-case modifiers understood here.
const modifierLetters = "mcpgnjietx"

// Parse reads a Betza / XBetza string and returns the union of its paths.
//
// A string is a concatenation of components (BN, fmWfceFifmnD); a component
// is lower-case modifiers, then one atom, then an optional range.
//
// # Atoms and ranges
//
// W F D N A H C Z G, and (x,y) for any other leap such as (4,1), stand for
// all symmetric images of the leap: 4 for orthogonal and diagonal leaps, 8
// for oblique ones. K = WF, R = W0, B = F0, Q = RB; a shorthand passes its
// modifiers and range to each part (fK = fWfF, Q2 = W2F2). A number after
// the atom caps the steps (W4; R4 = W4); 0 means unlimited (N0), as does a
// doubled letter (NN, WW). Without a range an atom is a leaper (Range 1),
// except R, B and Q, which are unlimited (Range 0).
//
// # Directions
//
// f b l r v s h select a subset of the moves. Adjacent direction letters
// pair up greedily from the left when the pair is a token listed below;
// otherwise each letter counts alone, and all tokens add up (fb = f plus b,
// ffrrN = ffN plus rrN).
//
// Orthogonal atoms (W, D, H, (k,0)): f b l r are one move each, v = f+b,
// s = l+r, a doubled letter means the letter, and any other pair is the
// union (frW = forward or right, fsW = forward, left or right).
//
// Diagonal atoms (F, A, G, (k,k)): f b l r are the two diagonals that way,
// v and s all four, a doubled letter means the letter, and a perpendicular
// pair is the intersection (flF = the forward-left diagonal, fsF = fF).
//
// Oblique atoms (N, C, Z, other (x,y)), calling a move narrow when it is
// more vertical than horizontal, like the Knight's (1,2):
//
//	f b l r       XBetza's pair nearest that way: f = ff, b = bb, l = ll, r = rr
//	fh bh lh rh   XBetza's half-planes: the 4 moves with a component that way
//	ff bb         the narrow forward / backward pair: (±1,2) / (±1,-2)
//	ll rr         the wide left / right pair: (-2,±1) / (2,±1)
//	v s           the 4 narrow / the 4 wide moves (also vv, ss)
//	fs bs lv rv   the wide forward, wide backward, narrow left, narrow right pair
//	fl fr bl br   one wide move: fl = (-2,1), br = (2,-1)
//	lf rf lb rb   one narrow move: lf = (-1,2) (Ng1-f3), rb = (1,-2)
//	hr hl         the chiral halves: hr = (1,2) and its quarter turns, hl the mirror
//
// Tokens containing h are refused on orthogonal and diagonal atoms. Readings
// chosen where sources differ: f on an oblique atom is the narrow pair, as
// XBoard and Fairy-Stockfish read it (fN is the Shogi knight, as ffN); v and s on oblique atoms follow XBetza (ff+bb, ll+rr), since a literal f+b
// would keep all 8 moves; lh and rh are XBetza's half-planes, the chiral
// halves being hl and hr. K and Q split into W and F before directions
// apply, so fK is 3 moves and fsK 5 (fsW plus fsF).
//
// # Modalities and other modifiers
//
//   - m: move only; c: capture only; both when neither is written.
//   - e: may also capture en passant (Path.EnPassant); it implies c, so feF
//     reads as fceF.
//   - i: only a piece that has never moved (Path.Initial); written before
//     the first a.
//   - n: lame leaper; Leg.Lame lists the squares that must be empty: straight
//     steps along the leap's major axis first, then diagonal steps. That is
//     the line between for D, A, H, G; (0,1) for the Knight's (1,2) (the
//     Xiangqi horse); (0,1) and (1,2) for the Zebra's (2,3) (the Janggi
//     elephant). Refused on one-step atoms (nW) and on riders.
//   - j: on a slider or rider, skip the first square whatever it holds
//     (Leg.Jump). On a leaper it is accepted only for two-step straight leaps
//     (D, A type), meaning the midpoint must be occupied (Leg.Jump on a
//     Range 1 leg). Refused together with n; jj is refused.
//   - p on the last leg: cannon-like hopper (Leg.HopOver); g: grasshopper
//     (HopOver and Stop). Both need a slider or rider and exclude each other.
//
// # Prime ranges (an anychess extension)
//
// An atom followed by {prime} leaps any prime number of its steps, and by
// {prime>=N} any prime number at least N (N from 2 to 999): W{prime>=5} leaps
// 5, 7, 11, 13 … squares orthogonally, with no upper limit, over anything in
// between (the huygens of Chess on an Infinite Plane). Direction and m/c/i
// modifiers apply as usual; n, j, p, g, e, a doubled atom and further legs
// are refused with it. On a bounded board the core turns it into the leaps
// that fit the board (Leg.Prime).
//
// # Multi-leg moves
//
// Each a ("again") starts another leg; the legs share the atom and its range,
// and modifiers before the first a belong to the first leg, and so on (at
// most 4 legs). A leg before an a may have its own range, written as a
// number right before its a (an anychess extension): c0afmW is an unlimited
// rider leg that captures the first piece it meets, then one W step straight
// on to an empty square (a bomber landing right behind its victim), and
// m1afR is a step to an empty square, then a rook leg straight on (a rook
// that never stops next to its start).
//
// Directions after an a are relative to the previous leg's direction, in
// the King's eight directions: f straight on, b straight back,
// l and r 90° turns, fl/lf and fr/rf 45° turns, bl/lb and br/rb 135° turns,
// v = f+b, s = l+r, fs bs lv rv the pairs of 45° or 135° turns on one side,
// fh bh lh rh the three directions of a half-plane; hl and hr are refused. A
// 45° turn converts W and F into each other, and likewise D and A, H and G,
// (k,0) and (k,k): mafsW is W then an outward F, the Xiangqi horse's path.
// With no direction written a leg after an a goes every way except straight
// back. Oblique atoms accept only f, b and v after an a (or nothing). Every
// combination of directions becomes its own Path, with absolute vectors.
//
// A leg before an a defaults to m (the square must be empty); c there
// captures and goes on (Mode Capture, a locust capture), p requires an
// occupied square whose piece stays (Mode Hop), mp accepts either; e and g
// are refused there. Two qualifiers of p narrow the piece that must stand
// there and stay: t (XBoard's friendly-hop modifier) a friendly piece, so
// tpafF leaps over a friend diagonally adjacent (Mode Friend); x (an
// anychess extension) an enemy piece, so fxpaslmW steps sideways from the
// square ahead when an enemy stands there (Mode Enemy). They combine with
// other modes as unions (mtp: empty or friendly), are refused without p, on
// the last leg, and together. The last leg behaves like a single-leg move.
//
// # Errors
//
// Anything else (o, z, q, y, u, d and other letters, brackets,
// grouping parentheses, the O and U atoms, spaces) is an error. Errors are
// *Error with the byte offset of the failing character; a string that ends
// where an atom is still expected reports offset len(s). Ranges above 999,
// (x,y) coordinates above 99 and pieces that expand to more than 10000 paths
// are refused too. Identical paths are merged, and the result never has
// zero paths.
func Parse(s string) (*Piece, error) {
	p := &parser{src: s, seen: map[string]bool{}}
	if s == "" {
		return nil, p.fail(0, "empty notation")
	}
	for p.pos < len(s) {
		if err := p.component(); err != nil {
			return nil, err
		}
	}
	return &Piece{Source: s, Paths: p.paths}, nil
}

// parser holds the state of one Parse call.
type parser struct {
	src   string
	pos   int
	paths []Path
	seen  map[string]bool // keys of paths already in paths
	built int             // paths built so far, duplicates included
}

// legSpec collects the modifiers written for one leg of a component.
type legSpec struct {
	dirs []dirToken
	mods map[byte]int // non-directional modifier -> offset of its first occurrence
	rng  int          // the leg's own range when ownRange is set (0 = unlimited)
	// ownRange: a range was written for this leg before its 'a'.
	ownRange bool
}

// legRange returns the range leg spec takes over atom a.
func (l *legSpec) legRange(a atom) int {
	if l.ownRange {
		return l.rng
	}
	return a.rng
}

// has reports whether modifier c was written for this leg.
func (l *legSpec) has(c byte) bool {
	_, ok := l.mods[c]
	return ok
}

// atom is one leap with its range, shorthands already expanded.
type atom struct {
	leap vec // x >= 0, y >= 0
	rng  int
	pos  int // offset of the atom letter or '('
	// prime > 0: the atom was written with {prime>=prime} (rng is 0)
	prime int
}

// fail builds the *Error for offset pos.
func (p *parser) fail(pos int, format string, args ...any) error {
	return &Error{Source: p.src, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// component parses modifiers, an atom and a range, and adds their paths.
func (p *parser) component() error {
	legs := []*legSpec{{mods: map[byte]int{}}}
	for {
		if p.pos >= len(p.src) {
			return p.fail(len(p.src), "modifiers must be followed by an atom")
		}
		c := p.src[p.pos]
		cur := legs[len(legs)-1]
		switch {
		case c == 'a':
			if len(legs) == maxLegs {
				return p.fail(p.pos, "too many legs: at most %d", maxLegs)
			}
			legs = append(legs, &legSpec{mods: map[byte]int{}})
			p.pos++
		case isDirLetter(c):
			if err := p.directions(cur); err != nil {
				return err
			}
		case strings.IndexByte(modifierLetters, c) >= 0:
			if c == 'j' && cur.has('j') {
				return p.fail(p.pos, "modifier 'jj' not supported")
			}
			if !cur.has(c) {
				cur.mods[c] = p.pos
			}
			p.pos++
		case c >= 'a' && c <= 'z':
			return p.fail(p.pos, "modifier %q not supported", rune(c))
		case isDigit(c):
			// A leg's own range stands right before the 'a' that ends it.
			start := p.pos
			n, err := p.number(maxRange, "range")
			if err != nil {
				return err
			}
			if p.pos >= len(p.src) || p.src[p.pos] != 'a' {
				return p.fail(start, "range must follow an atom, or stand right before the 'a' that ends a leg")
			}
			cur.rng, cur.ownRange = n, true
		default:
			atoms, err := p.atom()
			if err != nil {
				return err
			}
			for _, a := range atoms {
				if err := p.addPaths(legs, a); err != nil {
					return err
				}
			}
			return nil
		}
	}
}

// atom parses an atom and its range at p.pos and expands shorthands.
func (p *parser) atom() ([]atom, error) {
	start := p.pos
	c := p.src[start]
	var leaps []vec
	rng := 1
	if leap, ok := leaperAtoms[c]; ok {
		leaps = []vec{leap}
		p.pos++
		if p.pos < len(p.src) && p.src[p.pos] == c {
			p.pos++
			if p.pos < len(p.src) && isDigit(p.src[p.pos]) {
				return nil, p.fail(p.pos, "a doubled atom is already unlimited and takes no range")
			}
			return expand(leaps, 0, start), nil
		}
	} else if sh, ok := shorthands[c]; ok {
		leaps, rng = sh.leaps, sh.rng
		p.pos++
	} else if c == '(' {
		leap, err := p.coordinates()
		if err != nil {
			return nil, err
		}
		leaps = []vec{leap}
	} else if c >= 'A' && c <= 'Z' {
		return nil, p.fail(start, "unknown atom %q", rune(c))
	} else {
		return nil, p.fail(start, "unexpected %s", p.describe(start))
	}
	if p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		n, err := p.number(maxRange, "range")
		if err != nil {
			return nil, err
		}
		rng = n
	}
	if p.pos < len(p.src) && p.src[p.pos] == '{' {
		least, err := p.primeRange()
		if err != nil {
			return nil, err
		}
		atoms := expand(leaps, 0, start)
		for i := range atoms {
			atoms[i].prime = least
		}
		return atoms, nil
	}
	return expand(leaps, rng, start), nil
}

// primeRange parses "{prime}" or "{prime>=N}" at p.pos and returns the least
// prime allowed.
func (p *parser) primeRange() (int, error) {
	open := p.pos
	const word = "{prime"
	if !strings.HasPrefix(p.src[open:], word) {
		return 0, p.fail(open, "expected {prime} or {prime>=N}")
	}
	if open > 0 && isDigit(p.src[open-1]) {
		return 0, p.fail(open, "a prime range replaces the range: write W{prime}, not W4{prime}")
	}
	p.pos += len(word)
	least := 2
	if strings.HasPrefix(p.src[p.pos:], ">=") {
		p.pos += 2
		if p.pos >= len(p.src) || !isDigit(p.src[p.pos]) {
			return 0, p.fail(p.pos, "expected a number after >=")
		}
		n, err := p.number(maxRange, "least prime")
		if err != nil {
			return 0, err
		}
		if n < 2 {
			return 0, p.fail(p.pos-1, "the least prime must be at least 2")
		}
		least = n
	}
	if p.pos >= len(p.src) || p.src[p.pos] != '}' {
		return 0, p.fail(open, "unterminated {prime}")
	}
	p.pos++
	return least, nil
}

// expand pairs each leap with the range and the atom's offset.
func expand(leaps []vec, rng, pos int) []atom {
	out := make([]atom, len(leaps))
	for i, l := range leaps {
		out[i] = atom{leap: l, rng: rng, pos: pos}
	}
	return out
}

// coordinates parses "(x,y)" at p.pos.
func (p *parser) coordinates() (vec, error) {
	open := p.pos
	p.pos++
	var xy [2]int
	for i, closer := range []byte{',', ')'} {
		if p.pos >= len(p.src) {
			return vec{}, p.fail(open, "unterminated (x,y)")
		}
		if !isDigit(p.src[p.pos]) {
			return vec{}, p.fail(p.pos, "expected a digit in (x,y), found %s", p.describe(p.pos))
		}
		n, err := p.number(maxLeap, "coordinate")
		if err != nil {
			return vec{}, err
		}
		xy[i] = n
		if p.pos >= len(p.src) {
			return vec{}, p.fail(open, "unterminated (x,y)")
		}
		if p.src[p.pos] != closer {
			return vec{}, p.fail(p.pos, "expected %q in (x,y), found %s", rune(closer), p.describe(p.pos))
		}
		p.pos++
	}
	if xy[0] == 0 && xy[1] == 0 {
		return vec{}, p.fail(open, "(0,0) is a null move, not supported")
	}
	return vec{xy[0], xy[1]}, nil
}

// number parses a decimal number at p.pos, which must hold a digit.
func (p *parser) number(limit int, what string) (int, error) {
	start := p.pos
	if p.src[start] == '0' && start+1 < len(p.src) && isDigit(p.src[start+1]) {
		return 0, p.fail(start, "%s must not have a leading zero", what)
	}
	n := 0
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		n = n*10 + int(p.src[p.pos]-'0')
		if n > limit {
			return 0, p.fail(start, "%s too large (at most %d)", what, limit)
		}
		p.pos++
	}
	return n, nil
}

// describe names the character at pos for an error message.
func (p *parser) describe(pos int) string {
	r, size := utf8.DecodeRuneInString(p.src[pos:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x", p.src[pos])
	}
	return fmt.Sprintf("%q", r)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// check validates the modifiers of leg i (of n) against the atom.
func (p *parser) check(spec *legSpec, i, n int, a atom) error {
	sh := shapeOf(a.leap.x, a.leap.y)
	size := max(a.leap.x, a.leap.y)
	for _, t := range spec.dirs {
		ok, why := t.checkAbsolute(sh)
		if i > 0 {
			ok, why = t.checkRelative(sh)
		}
		if !ok {
			return p.fail(t.pos, "%s", why)
		}
	}
	final := i == n-1
	rng := spec.legRange(a)
	if a.prime > 0 {
		if n > 1 {
			return p.fail(a.pos, "a prime range applies only to a move of one leg")
		}
		for _, c := range []byte{'n', 'j', 'p', 'g', 'e'} {
			if pos, ok := spec.mods[c]; ok {
				return p.fail(pos, "modifier %q cannot be used with a prime range", rune(c))
			}
		}
	}
	for _, c := range []byte{'t', 'x'} {
		pos, ok := spec.mods[c]
		if !ok {
			continue
		}
		if final {
			return p.fail(pos, "modifier %q qualifies the hop of a leg before an 'a' (%cpa...), not the last leg", rune(c), c)
		}
		if !spec.has('p') {
			return p.fail(pos, "modifier %q qualifies a hop: write '%cp'", rune(c), c)
		}
	}
	if spec.has('t') && spec.has('x') {
		return p.fail(max(spec.mods['t'], spec.mods['x']), "modifiers 't' and 'x' exclude each other (write 'p' for any piece)")
	}
	if pos, ok := spec.mods['i']; ok && i > 0 {
		return p.fail(pos, "modifier 'i' must come before the first 'a'")
	}
	if pos, ok := spec.mods['e']; ok && !final {
		return p.fail(pos, "modifier 'e' applies only to the last leg")
	}
	if pos, ok := spec.mods['g']; ok {
		if !final {
			return p.fail(pos, "modifier 'g' before an 'a' not supported")
		}
		if spec.has('p') {
			return p.fail(max(pos, spec.mods['p']), "modifiers 'p' and 'g' exclude each other")
		}
	}
	if pos, ok := spec.mods['n']; ok {
		if rng != 1 {
			return p.fail(pos, "modifier 'n' applies only to leapers, not to riders")
		}
		if size < 2 {
			return p.fail(pos, "modifier 'n' needs a leap with squares in between, not a one-step atom")
		}
	}
	if pos, ok := spec.mods['j']; ok {
		if spec.has('n') {
			return p.fail(max(pos, spec.mods['n']), "modifiers 'j' and 'n' exclude each other")
		}
		if rng == 1 && (sh == oblique || size != 2) {
			return p.fail(pos, "modifier 'j' on a leaper needs a D or A type leap (two steps straight)")
		}
	}
	if final && rng == 1 {
		for _, c := range []byte{'p', 'g'} {
			if pos, ok := spec.mods[c]; ok {
				return p.fail(pos, "modifier %q needs a slider or rider", rune(c))
			}
		}
	}
	return nil
}

// addPaths expands the legs over atom a into concrete paths.
func (p *parser) addPaths(legs []*legSpec, a atom) error {
	for i, spec := range legs {
		if err := p.check(spec, i, len(legs), a); err != nil {
			return err
		}
	}
	sh := shapeOf(a.leap.x, a.leap.y)
	var routes [][]vec
	for _, m := range images(a.leap.x, a.leap.y) {
		if selects(legs[0].dirs, sh, m) {
			routes = append(routes, []vec{m})
		}
	}
	for _, spec := range legs[1:] {
		next := make([][]vec, 0, 8*len(routes))
		for _, r := range routes {
			for _, m := range continuations(spec, sh, a.leap.x, a.leap.y, r[len(r)-1]) {
				next = append(next, append(r[:len(r):len(r)], m))
			}
		}
		routes = next
	}
	for _, r := range routes {
		path := Path{Initial: legs[0].has('i'), EnPassant: legs[len(legs)-1].has('e'), Legs: make([]Leg, 0, len(r))}
		for i, m := range r {
			leg := makeLeg(legs[i], m, legs[i].legRange(a), i == len(r)-1)
			leg.Prime = a.prime
			path.Legs = append(path.Legs, leg)
		}
		if p.built++; p.built > maxPaths {
			return p.fail(a.pos, "too many moves (at most %d paths)", maxPaths)
		}
		key := pathKey(path)
		if p.seen[key] {
			continue
		}
		p.seen[key] = true
		p.paths = append(p.paths, path)
	}
	return nil
}

// pathKey encodes every field of a path, so that equal keys mean equal paths.
func pathKey(p Path) string {
	flag := func(b bool) byte {
		if b {
			return '1'
		}
		return '0'
	}
	key := make([]byte, 0, 64)
	key = append(key, flag(p.Initial), flag(p.EnPassant))
	for _, l := range p.Legs {
		key = append(key, '|', flag(l.Jump), flag(l.HopOver), flag(l.Stop), byte('0'+l.Mode))
		for _, n := range []int{l.DX, l.DY, l.Range, len(l.Lame), l.Prime} {
			key = strconv.AppendInt(append(key, ','), int64(n), 10)
		}
		for _, sq := range l.Lame {
			key = strconv.AppendInt(append(key, ','), int64(sq[0]), 10)
			key = strconv.AppendInt(append(key, ','), int64(sq[1]), 10)
		}
	}
	return string(key)
}

// selects reports whether the first-leg direction tokens keep move m.
func selects(dirs []dirToken, sh shape, m vec) bool {
	if len(dirs) == 0 {
		return true
	}
	for _, t := range dirs {
		if t.keeps(sh, m) {
			return true
		}
	}
	return false
}

// makeLeg builds the leg along m with the modifiers of spec.
func makeLeg(spec *legSpec, m vec, rng int, final bool) Leg {
	leg := Leg{DX: m.x, DY: m.y, Range: rng, Jump: spec.has('j')}
	if spec.has('m') {
		leg.Mode |= Move
	}
	if spec.has('c') {
		leg.Mode |= Capture
	}
	if final {
		if spec.has('e') {
			leg.Mode |= Capture
		}
		if leg.Mode == 0 {
			leg.Mode = Move | Capture
		}
		leg.HopOver = spec.has('p') || spec.has('g')
		leg.Stop = spec.has('g')
	} else {
		switch {
		case spec.has('p') && spec.has('t'):
			leg.Mode |= Friend
		case spec.has('p') && spec.has('x'):
			leg.Mode |= Enemy
		case spec.has('p'):
			leg.Mode |= Hop
		}
		if leg.Mode == 0 {
			leg.Mode = Move
		}
	}
	if spec.has('n') {
		leg.Lame = lameSquares(m)
	}
	return leg
}
