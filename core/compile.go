package core

// Compiling Betza paths into per-player mailbox steps and reverse attack tables.

import "anychess/betza"

// Step flags of a simple (one-leg) move.
const (
	sfMove    uint8 = 1 << iota // may end on an empty square
	sfCapture                   // may end on an enemy
	sfEP                        // may capture en passant
	sfInitial                   // only a piece that has never moved
	sfDouble                    // a pawn's multi-square push: grants en-passant rights
	sfChecked                   // each step is put to Hooks.Step
)

// step is a one-leg leap or slide for one player's orientation.
type step struct {
	delta int32    // mailbox offset of one step
	max   int32    // most steps: 1 for a leaper
	flags uint8    // sf* bits
	nLame uint8    // how many lame squares are in use
	lame  [2]int32 // offsets from the start square that must be empty (Betza n)
}

// leg is one leg of a complex path (hoppers, jumps, multi-leg moves).
type leg struct {
	delta   int32
	max     int32
	mode    betza.Mode
	lame    []int32
	jump    bool
	hopOver bool
	stop    bool
}

// path is a complex move: legs taken in order.
type path struct {
	legs    []leg
	initial bool
	ep      bool
	capture bool // some leg can capture
	// reach says where the path can capture, for attack detection: with
	// reachLeapers (every leg a leaper) at the offsets from its start listed
	// in reach; with reachRider (a rider leg, then leapers) at k steps of the
	// first leg plus one of the offsets in reach, 1 <= k <= its range.
	reachKind uint8
	reach     []int32
}

// Kinds of path.reach.
const (
	reachAnywhere uint8 = iota // not known: walk the path to find out
	reachLeapers
	reachRider
)

// pieceMoves are the compiled moves of one piece type for one player.
type pieceMoves struct {
	steps []step
	paths []path
	// What attack detection must generate for this piece (exoticAttack): the
	// capturing steps the attack tables leave out, and the indexes in paths
	// of the paths that can capture.
	attackSteps []step
	attackPaths []int
	// attackReach, when not nil, is a bit set over offsets (to - from + the
	// board's Size) of the squares where attackSteps and attackPaths could
	// capture; a piece whose bit for a square is clear cannot attack it.
	attackReach []uint64
}

// attackTable lists, for one attacking player, the reverse steps by which its
// pieces capture, with a bit mask of the piece types that use each.
type attackTable struct {
	leaps  []attackStep
	slides []attackStep
	exotic uint64 // piece types with captures the tables cannot express
	// around is leaps turned round, for Position.AttackedAround: for a
	// piece of type t at offset o from a square, around[(o+aroundBias)*
	// types+t] has bit i set when one of its leaps captures on the square
	// plus Around[i]; offsets beyond aroundBias reach none of them.
	around     []uint8
	aroundBias int32
	types      int32
	// The slides turned round: for a piece of type t at files dx and
	// ranks dy from a square, rayIndex[((dy+ranks−1)×(2×files−1)+dx+
	// files−1)×types+t] and the entry after it bound the rays of rays by
	// which one of its slides could reach a square next to it, were the
	// way clear. sliders has the bits of the types with slides.
	rays     []aroundRay
	rayIndex []int32
	sliders  uint64
}

// aroundRay is a slide that reaches the square next to a square at Around
// index i, steps steps of delta away from the slider.
type aroundRay struct {
	delta int32
	steps int16
	i     int16
}

type attackStep struct {
	delta int32
	max   int32
	mask  uint64
}

const unlimited = 1 << 30

func (r *Rules) orient(pl Player, dx, dy int) (int, int) {
	f := r.forward[pl]
	right := [2]int{f[1], -f[0]}
	return dx*right[0] + dy*f[0], dx*right[1] + dy*f[1]
}

func (r *Rules) delta(pl Player, dx, dy int) int32 {
	x, y := r.orient(pl, dx, dy)
	return int32(y*r.Board.Stride + x)
}

// compileMoves builds moves and attack tables for every player and piece type.
func (r *Rules) compileMoves() {
	r.pinShortcut = true
	reachKnown := true // every exotic piece has an attackReach
	for pl := Player(0); int(pl) < r.Players; pl++ {
		r.moves[pl] = make([]pieceMoves, len(r.Pieces))
		leaps := map[int32]uint64{}
		type slideKey struct{ delta, max int32 }
		slides := map[slideKey]uint64{}
		var leapOrder []int32
		var slideOrder []slideKey
		for t := 1; t < len(r.Pieces); t++ {
			info := &r.Pieces[t]
			pm := &r.moves[pl][t]
			bit := uint64(1) << uint(t)
			specs, complex := pieceSpecs(info)
			for _, sp := range specs {
				s := r.simpleStep(pl, sp)
				pm.steps = append(pm.steps, s)
				if s.flags&sfEP != 0 && s.max == 1 {
					r.epSteps[pl] = append(r.epSteps[pl], attackStep{delta: s.delta, max: 1, mask: bit})
				}
				switch {
				case s.flags&sfCapture == 0:
				case s.nLame > 0 || s.flags&(sfInitial|sfChecked) != 0:
					r.attack[pl].exotic |= bit
					r.pinShortcut = false
					pm.attackSteps = append(pm.attackSteps, s)
				case s.max == 1:
					r.reachLeaps[MakePiece(pl, PieceType(t))] = append(r.reachLeaps[MakePiece(pl, PieceType(t))], s.delta)
					if _, seen := leaps[s.delta]; !seen {
						leapOrder = append(leapOrder, s.delta)
					}
					leaps[s.delta] |= bit
				default:
					r.reachSlides[MakePiece(pl, PieceType(t))] = append(r.reachSlides[MakePiece(pl, PieceType(t))], attackStep{delta: s.delta, max: s.max})
					k := slideKey{s.delta, s.max}
					if _, seen := slides[k]; !seen {
						slideOrder = append(slideOrder, k)
					}
					slides[k] |= bit
				}
			}
			for _, i := range complex {
				cp := r.complexPath(pl, info.Parsed.Paths[i])
				pm.paths = append(pm.paths, cp)
				if cp.capture {
					r.attack[pl].exotic |= bit
					r.pinShortcut = false
					pm.attackPaths = append(pm.attackPaths, len(pm.paths)-1)
				}
			}
			pm.attackReach = r.attackReach(pm)
			if r.attack[pl].exotic&bit != 0 && pm.attackReach == nil {
				reachKnown = false
			}
		}
		for _, d := range leapOrder {
			r.attack[pl].leaps = append(r.attack[pl].leaps, attackStep{delta: d, max: 1, mask: leaps[d]})
		}
		for _, k := range slideOrder {
			r.attack[pl].slides = append(r.attack[pl].slides, attackStep{delta: k.delta, max: k.max, mask: slides[k]})
		}
		r.attack[pl].compileAround(r.Board.Stride, len(r.Pieces))
		r.attack[pl].compileRays(r.Board)
	}
	r.exoticPins = !r.pinShortcut && reachKnown
}

// stepSpec is a one-leg Betza path compiled to everything but geometry: its
// vector in the piece's frame, its range (0 = unlimited), prime range and
// flags. Bounded and unbounded boards both derive their steps from it.
type stepSpec struct {
	dx, dy int
	max    int
	prime  int
	flags  uint8
	lame   [][2]int
}

// pieceSpecs splits a piece's Betza paths into one-leg steps and the other
// (complex) paths, in order. A plain step that another plain step of the piece
// in the same direction subsumes is left out (the W inside WR), so that
// overlapping Betza components never yield the same move twice.
func pieceSpecs(info *PieceInfo) (specs []stepSpec, complex []int) {
	for i, bp := range info.Parsed.Paths {
		sp, ok := simpleSpec(info, bp)
		if !ok {
			complex = append(complex, i)
			continue
		}
		if !subsumeSpec(specs, sp) {
			specs = append(specs, sp)
		}
	}
	return specs, complex
}

// subsumeSpec reports whether s adds nothing to specs, replacing a spec that s
// subsumes in place.
func subsumeSpec(specs []stepSpec, s stepSpec) bool {
	const plain = sfMove | sfCapture
	plainSpec := func(t *stepSpec) bool { return t.flags&^plain == 0 && len(t.lame) == 0 && t.prime == 0 }
	if !plainSpec(&s) {
		return false
	}
	covers := func(a, b stepSpec) bool { // a's moves include b's
		return b.flags&^a.flags == 0 && (a.max == 0 || (b.max != 0 && b.max <= a.max))
	}
	for i := range specs {
		t := &specs[i]
		if t.dx != s.dx || t.dy != s.dy || !plainSpec(t) {
			continue
		}
		if covers(*t, s) {
			return true
		}
		if covers(s, *t) {
			*t = s
			return true
		}
	}
	return false
}

// simpleSpec compiles a one-leg path without hops or jumps.
func simpleSpec(info *PieceInfo, bp betza.Path) (stepSpec, bool) {
	if len(bp.Legs) != 1 {
		return stepSpec{}, false
	}
	l := bp.Legs[0]
	if l.Jump || l.HopOver || l.Mode&^(betza.Move|betza.Capture) != 0 || len(l.Lame) > 2 || (len(l.Lame) > 0 && l.Range != 1) {
		return stepSpec{}, false
	}
	s := stepSpec{dx: l.DX, dy: l.DY, max: l.Range, prime: l.Prime, lame: l.Lame}
	if l.Mode&betza.Move != 0 {
		s.flags |= sfMove
	}
	if l.Mode&betza.Capture != 0 {
		s.flags |= sfCapture
	}
	if bp.EnPassant {
		s.flags |= sfEP
	}
	if bp.Initial {
		s.flags |= sfInitial
	}
	// A pawn's straight non-capturing push over more than one square grants
	// en-passant rights on the square it passes last.
	if info.Pawn && s.flags&sfMove != 0 && s.prime == 0 {
		straight := l.DX == 0 || l.DY == 0 || abs(l.DX) == abs(l.DY)
		if (s.max == 1 && len(s.lame) == 1 && straight) || s.max != 1 {
			s.flags |= sfDouble
		}
	}
	return s, true
}

// simpleStep orients a step spec for one player on the bounded board.
func (r *Rules) simpleStep(pl Player, sp stepSpec) step {
	s := step{delta: r.delta(pl, sp.dx, sp.dy), max: int32(sp.max), flags: sp.flags}
	if sp.max == 0 {
		s.max = unlimited
	}
	for i, sq := range sp.lame {
		s.lame[i] = r.delta(pl, sq[0], sq[1])
		s.nLame++
	}
	if r.Hooks.Step != nil {
		s.flags |= sfChecked
	}
	return s
}

func (r *Rules) complexPath(pl Player, bp betza.Path) path {
	p := path{initial: bp.Initial, ep: bp.EnPassant}
	var at int32    // where the leg ends, counted from where the first leg ends
	leapers := true // every leg after the first is a leaper
	for i, l := range bp.Legs {
		cl := leg{delta: r.delta(pl, l.DX, l.DY), max: int32(l.Range), mode: l.Mode, jump: l.Jump, hopOver: l.HopOver, stop: l.Stop}
		if l.Range == 0 {
			cl.max = unlimited
		}
		for _, sq := range l.Lame {
			cl.lame = append(cl.lame, r.delta(pl, sq[0], sq[1]))
		}
		if l.Mode&betza.Capture != 0 {
			p.capture = true
		}
		p.legs = append(p.legs, cl)
		if i > 0 {
			at += cl.delta
			leapers = leapers && cl.max == 1
		}
		if l.Mode&betza.Capture != 0 {
			p.reach = append(p.reach, at)
		}
	}
	switch first := p.legs[0]; {
	case !leapers || first.jump || first.hopOver:
		p.reach = nil
	case first.max == 1:
		p.reachKind = reachLeapers
		for i := range p.reach {
			p.reach[i] += first.delta
		}
	default:
		p.reachKind = reachRider
	}
	return p
}

// attackReach builds pieceMoves.attackReach for pm, or returns nil when some
// capture of pm is not confined to known offsets (or pm has none to check).
func (r *Rules) attackReach(pm *pieceMoves) []uint64 {
	n := r.Board.Size()
	if n <= 0 || n > 1<<16 || len(pm.attackSteps)+len(pm.attackPaths) == 0 {
		return nil
	}
	bits := make([]uint64, (2*n+63)/64)
	// A ride leaves the board (its padding is Wall) within this many steps.
	side := int32(max(r.Board.Files, r.Board.Ranks))
	mark := func(first, delta, steps int32) {
		// first + k*delta for k = 0..steps-1, while inside the mailbox
		steps = min(steps, side)
		for k, off := int32(0), first; k < steps && off > -int32(n) && off < int32(n); k, off = k+1, off+delta {
			i := off + int32(n)
			bits[i>>6] |= 1 << (i & 63)
		}
	}
	for i := range pm.attackSteps {
		s := &pm.attackSteps[i]
		mark(s.delta, s.delta, s.max)
	}
	for _, j := range pm.attackPaths {
		cp := &pm.paths[j]
		switch cp.reachKind {
		case reachLeapers:
			for _, o := range cp.reach {
				mark(o, 0, 1)
			}
		case reachRider:
			for _, o := range cp.reach {
				mark(o+cp.legs[0].delta, cp.legs[0].delta, cp.legs[0].max)
			}
		default:
			return nil
		}
	}
	return bits
}

// mayCapture reports whether the path could capture at offset off from its
// start. It errs only towards true.
func (cp *path) mayCapture(off int32) bool {
	switch cp.reachKind {
	case reachLeapers:
		for _, o := range cp.reach {
			if o == off {
				return true
			}
		}
		return false
	case reachRider:
		d, n := cp.legs[0].delta, cp.legs[0].max
		for _, o := range cp.reach {
			k := off - o
			if q := k / d; q*d == k && q >= 1 && q <= n {
				return true
			}
		}
		return false
	}
	return true
}

// compileAround builds t.around from t.leaps, for a board of the stride
// and the number of piece types.
func (t *attackTable) compileAround(stride, types int) {
	var reach int32
	for _, a := range t.leaps {
		reach = max(reach, a.delta, -a.delta)
	}
	t.aroundBias = reach + int32(stride) + 1
	t.types = int32(types)
	t.around = make([]uint8, (2*t.aroundBias+1)*t.types)
	for i, d := range Around {
		near := int32(d.Y)*int32(stride) + int32(d.X)
		for _, a := range t.leaps {
			// The leap lands on square+near from square+near−delta.
			o := near - a.delta + t.aroundBias
			for ty := int32(1); ty < t.types; ty++ {
				if a.mask>>uint(ty)&1 != 0 {
					t.around[o*t.types+ty] |= 1 << i
				}
			}
		}
	}
}

// compileRays builds t.rays, t.rayIndex and t.sliders from t.slides, for
// the board (after compileAround, which sets t.types).
func (t *attackTable) compileRays(b *Board) {
	w, h := 2*b.Files-1, 2*b.Ranks-1
	types := int(t.types)
	lists := make([][]aroundRay, w*h*types)
	for _, a := range t.slides {
		t.sliders |= a.mask
		// The slide's step as files and ranks: |files| is at most the
		// board's padding, less than half the stride.
		vy := int(a.delta) + b.Stride/2
		vy = (vy - ((vy%b.Stride)+b.Stride)%b.Stride) / b.Stride
		vx := int(a.delta) - vy*b.Stride
		for i, d := range Around {
			for m := 1; m <= int(a.max); m++ {
				dx, dy := int(d.X)-m*vx, int(d.Y)-m*vy
				if dx < -(b.Files-1) || dx > b.Files-1 || dy < -(b.Ranks-1) || dy > b.Ranks-1 {
					break
				}
				at := (dy+b.Ranks-1)*w + dx + b.Files - 1
				for ty := 0; ty < types; ty++ {
					if a.mask>>ty&1 != 0 {
						lists[at*types+ty] = append(lists[at*types+ty], aroundRay{delta: a.delta, steps: int16(m), i: int16(i)})
					}
				}
			}
		}
	}
	t.rayIndex = make([]int32, len(lists)+1)
	for k, l := range lists {
		t.rays = append(t.rays, l...)
		t.rayIndex[k+1] = int32(len(t.rays))
	}
}
