package core

// Compiling Betza paths for unbounded boards: coordinate steps, line families and attack tables.

import (
	"fmt"
	"slices"

	"anychess/betza"
)

// planeUnlimited is the range of an unlimited rider on an unbounded board.
const planeUnlimited int64 = 1 << 62

// vec64 is a step on an unbounded board.
type vec64 struct{ x, y int64 }

// planeRules are the compiled moves of a variant on an unbounded board.
type planeRules struct {
	// families are the line directions of the variant: the primitive
	// directions of every rider and prime leap, canonical (x > 0, or x == 0
	// and y > 0). The board keeps a line index per family.
	families []vec64
	moves    [MaxPlayers][]planeMoves // by player, then PieceType
	attack   [MaxPlayers]planeAttack
	epSteps  [MaxPlayers][]planeLeap // steps that may capture en passant, by capturing player
	// pinRays are each player's distinct capturing slides with the types
	// that make them, for finding pins.
	pinRays [MaxPlayers][]planePinRay
	// pinShortcut: every capture is a leap, slide or prime leap of the
	// tables and no hook adds moves or attacks, so only the royal piece,
	// pinned pieces, en-passant captures and moves out of check need the
	// make/unmake test of legality.
	pinShortcut bool
}

// planePinRay is a capturing slide of some piece types.
type planePinRay struct {
	d    vec64
	max  int64
	ray  planeRay
	mask uint64
}

// planeMoves are the moves of one piece type for one player.
type planeMoves struct {
	steps []planeStep
	paths []planePath
}

// planeStep is a one-leg leap, slide or prime leap.
type planeStep struct {
	d     vec64 // one step, oriented for the player
	max   int64 // most steps: 1 for a leaper, planeUnlimited for an unlimited rider
	flags uint8 // sf* bits
	nLame uint8
	lame  [2]vec64 // offsets from the start that must be empty
	prime int64    // > 0: leaps any prime number ≥ prime of steps, over anything
	ray   planeRay // the line family of a rider or prime leap
}

// planeRay places a step on a line family: d = sign * mult * family vector.
type planeRay struct {
	fam  int
	sign int64 // +1 or -1
	mult int64 // family unit steps per step
}

// planePath is a multi-leg, hopping or jumping move.
type planePath struct {
	legs    []planeLeg
	initial bool
	ep      bool
	capture bool
}

// planeLeg is one leg of a planePath.
type planeLeg struct {
	d       vec64
	max     int64
	mode    betza.Mode
	lame    []vec64
	jump    bool
	hopOver bool
	stop    bool
	ray     planeRay // for legs of more than one step
}

// planeLeap is a leap with the piece types that make it.
type planeLeap struct {
	d    vec64
	mask uint64
}

// planeAttack lists how one player's pieces capture, for attack detection:
// leaps in a table around the attacker, and per piece type its slides and
// prime leaps.
type planeAttack struct {
	reach  int64    // the longest capturing leap in either coordinate
	leaps  []uint64 // (2*reach+1)^2 masks of types, by (dx+reach)*(2*reach+1)+(dy+reach)
	rays   [MaxPieceTypes + 1][]planeAttackRay
	unit   uint64 // types whose rays all go along ranks, files and diagonals
	exotic uint64 // types with captures the tables do not express
}

// planeAttackRay is a capturing slide (prime == 0) or prime leap.
type planeAttackRay struct {
	d     vec64
	max   int64
	prime int64
	ray   planeRay
}

// leapMask returns the types whose capturing leaps go by d.
func (a *planeAttack) leapMask(dx, dy int64) uint64 {
	if dx < -a.reach || dx > a.reach || dy < -a.reach || dy > a.reach {
		return 0
	}
	w := 2*a.reach + 1
	return a.leaps[(dx+a.reach)*w+dy+a.reach]
}

// compilePlane compiles the pieces for an unbounded board, and refuses what
// unbounded boards do not support.
func (r *Rules) compilePlane(d *Definition) error {
	if len(d.Castling) > 0 {
		return &FieldError{Field: "castling", Err: fmt.Errorf("castling is not supported on unbounded boards")}
	}
	if r.Hooks.Step != nil {
		return &FieldError{Field: "hooks", Err: fmt.Errorf("hooks with a Step rule are not supported on unbounded boards")}
	}
	pr := &planeRules{}
	r.plane = pr
	r.pinShortcut = false
	family := func(d vec64) planeRay {
		g := gcd(abs64(d.x), abs64(d.y))
		v := vec64{d.x / g, d.y / g}
		sign := int64(1)
		if v.x < 0 || v.x == 0 && v.y < 0 {
			v, sign = vec64{-v.x, -v.y}, -1
		}
		i := slices.Index(pr.families, v)
		if i < 0 {
			i = len(pr.families)
			pr.families = append(pr.families, v)
		}
		return planeRay{fam: i, sign: sign, mult: g}
	}
	for pl := Player(0); int(pl) < r.Players; pl++ {
		pr.moves[pl] = make([]planeMoves, len(r.Pieces))
		at := &pr.attack[pl]
		leaps := map[vec64]uint64{}
		for t := 1; t < len(r.Pieces); t++ {
			info := &r.Pieces[t]
			pm := &pr.moves[pl][t]
			bit := uint64(1) << uint(t)
			specs, complex := pieceSpecs(info)
			for _, sp := range specs {
				s := r.planeSimpleStep(pl, sp)
				if s.max > 1 || s.prime > 0 {
					s.ray = family(s.d)
				}
				pm.steps = append(pm.steps, s)
				if s.flags&sfEP != 0 && s.max == 1 {
					pr.epSteps[pl] = append(pr.epSteps[pl], planeLeap{d: s.d, mask: bit})
				}
				switch {
				case s.flags&sfCapture == 0:
				case s.nLame > 0 || s.flags&sfInitial != 0:
					at.exotic |= bit
				case s.max == 1 && s.prime == 0:
					leaps[s.d] |= bit
					at.reach = max(at.reach, abs64(s.d.x), abs64(s.d.y))
				default:
					at.rays[t] = append(at.rays[t], planeAttackRay{d: s.d, max: s.max, prime: s.prime, ray: s.ray})
				}
			}
			for _, pi := range complex {
				bp := info.Parsed.Paths[pi]
				cp, err := r.planeComplexPath(pl, bp)
				if err != nil {
					return &FieldError{Field: fmt.Sprintf("pieces[%d].betza", t-1), Err: fmt.Errorf("move %d (%v): %v", pi+1, bp, err)}
				}
				for i := range cp.legs {
					if cp.legs[i].max > 1 {
						cp.legs[i].ray = family(cp.legs[i].d)
					}
				}
				pm.paths = append(pm.paths, cp)
				if cp.capture {
					at.exotic |= bit
				}
			}
		}
		for t := 1; t < len(r.Pieces); t++ {
			unit := true
			for _, ar := range at.rays[t] {
				unit = unit && abs64(ar.d.x) <= 1 && abs64(ar.d.y) <= 1
			}
			if unit {
				at.unit |= 1 << uint(t)
			}
		}
		for t := 1; t < len(r.Pieces); t++ {
		rays:
			for _, ar := range at.rays[t] {
				if ar.prime > 0 {
					continue // a leap over anything pins nothing
				}
				for i := range pr.pinRays[pl] {
					if pin := &pr.pinRays[pl][i]; pin.d == ar.d && pin.max == ar.max {
						pin.mask |= 1 << uint(t)
						continue rays
					}
				}
				pr.pinRays[pl] = append(pr.pinRays[pl], planePinRay{d: ar.d, max: ar.max, ray: ar.ray, mask: 1 << uint(t)})
			}
		}
		w := 2*at.reach + 1
		at.leaps = make([]uint64, w*w)
		for d, mask := range leaps {
			at.leaps[(d.x+at.reach)*w+d.y+at.reach] |= mask
		}
	}
	pr.pinShortcut = r.Hooks.Generate == nil && r.Hooks.Legal == nil
	for pl := 0; pl < r.Players; pl++ {
		pr.pinShortcut = pr.pinShortcut && pr.attack[pl].exotic == 0
	}
	return nil
}

// planeSimpleStep orients a step spec for one player on the unbounded board.
func (r *Rules) planeSimpleStep(pl Player, sp stepSpec) planeStep {
	s := planeStep{d: r.orient64(pl, sp.dx, sp.dy), max: int64(sp.max), prime: int64(sp.prime), flags: sp.flags}
	if sp.max == 0 {
		s.max = planeUnlimited
	}
	for i, sq := range sp.lame {
		s.lame[i] = r.orient64(pl, sq[0], sq[1])
		s.nLame++
	}
	return s
}

// planeComplexPath compiles a path of several legs, or one that hops or
// jumps. A leg before the last may not be an unlimited rider that stops on
// empty squares: it would have infinitely many places to turn.
func (r *Rules) planeComplexPath(pl Player, bp betza.Path) (planePath, error) {
	p := planePath{initial: bp.Initial, ep: bp.EnPassant}
	for i, l := range bp.Legs {
		if l.Prime > 0 {
			return p, fmt.Errorf("a prime-range leg must be the only leg")
		}
		cl := planeLeg{d: r.orient64(pl, l.DX, l.DY), max: int64(l.Range), mode: l.Mode, jump: l.Jump, hopOver: l.HopOver, stop: l.Stop}
		if l.Range == 0 {
			cl.max = planeUnlimited
			if i < len(bp.Legs)-1 && l.Mode&betza.Move != 0 {
				return p, fmt.Errorf("on an unbounded board a leg before an 'a' that may stop on an empty square needs a range")
			}
		}
		for _, sq := range l.Lame {
			cl.lame = append(cl.lame, r.orient64(pl, sq[0], sq[1]))
		}
		if l.Mode&betza.Capture != 0 {
			p.capture = true
		}
		p.legs = append(p.legs, cl)
	}
	return p, nil
}

// orient64 turns a vector of a piece's frame into board coordinates for pl.
func (r *Rules) orient64(pl Player, dx, dy int) vec64 {
	x, y := r.orient(pl, dx, dy)
	return vec64{int64(x), int64(y)}
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// expandPrimes returns parsed with its prime-range legs (betza.Leg.Prime)
// replaced, for a bounded board whose longer side is side squares, by the
// leaps of every allowed prime number of steps that fits on the board.
func expandPrimes(parsed *betza.Piece, side int) *betza.Piece {
	has := false
	for _, bp := range parsed.Paths {
		has = has || len(bp.Legs) == 1 && bp.Legs[0].Prime > 0
	}
	if !has {
		return parsed
	}
	out := &betza.Piece{Source: parsed.Source}
	for _, bp := range parsed.Paths {
		if len(bp.Legs) != 1 || bp.Legs[0].Prime == 0 {
			out.Paths = append(out.Paths, bp)
			continue
		}
		l := bp.Legs[0]
		size := max(abs(l.DX), abs(l.DY))
		for k := l.Prime; k*size < side; k++ {
			if !IsPrime(uint64(k)) {
				continue
			}
			leap := betza.Leg{DX: k * l.DX, DY: k * l.DY, Range: 1, Mode: l.Mode}
			out.Paths = append(out.Paths, betza.Path{Legs: []betza.Leg{leap}, Initial: bp.Initial})
		}
	}
	return out // with no path when no prime fits: such a piece never moves
}
