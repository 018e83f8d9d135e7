package variant

// The work bound of uploads: how much listing one position's legal moves may cost, read from the definition before it is compiled.

import (
	"fmt"
	"strings"

	"anychess/betza"
	"anychess/core"
)

// Costs of the work estimate, in squares visited.
const (
	costMove   = 48 // making and unmaking a move to test its legality, and the rest of its handling
	planeNear  = 8  // core.PlaneNear: the near candidates of a ray on an unbounded board
	planeWalk  = 64 // the longest leg the unbounded board's generator walks square by square
	costCapped = int64(1) << 50
)

// mul multiplies two non-negative costs, saturating at costCapped.
func mul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a >= costCapped/b {
		return costCapped
	}
	return a * b
}

// add adds two non-negative costs, saturating at costCapped.
func add(a, b int64) int64 { return min(a+b, costCapped) }

// pieceCost is what one piece type costs where it stands.
type pieceCost struct {
	gen    int64 // generating its moves: squares its paths visit at most
	exotic int64 // generating the captures the attack tables cannot hold (attack detection runs them)
	paths  int
}

// workModel estimates, from a definition and its parsed pieces, an upper
// bound of the squares one call of LegalMoves visits: generating every
// pseudo-legal move (each path of a piece walks at most the product of its
// legs' ranges, cut to the board), and for each move making it and testing
// whether the mover's royal piece is attacked (the attack tables, and the
// paths of exotic pieces that they cannot hold). It counts the pieces of
// the start (promotion may turn a pawn into the costliest of its choices;
// nothing else adds pieces) and assumes every ray is open, which no
// position has, so it overstates the real work many times; it is a bound
// to refuse hostile files with, not a prediction.
type workModel struct {
	side    int64 // the most steps a ride takes: the longer side less one (unbounded: see legCost)
	plane   bool
	n       int64 // pieces at the start
	fams    int64 // directions of rides (unbounded boards: the lines each ray is checked against)
	pieces  []pieceCost
	letters map[string]int   // piece letter → index in pieces
	tables  map[[3]int]int64 // the attack tables' plain captures (dx, dy, range) and their cost
}

// legCost bounds the squares one leg visits, and so the ways it can end.
func (w *workModel) legCost(l betza.Leg) int64 {
	if w.plane {
		ray := int64(planeNear+2) + mul(w.fams, w.n) // near squares, line-ups with every piece, the far square
		switch {
		case l.Prime > 0:
			return add(ray, w.n+64) // and every enemy on its lines, and the tries of the far prime
		case l.Range == 0 || l.Range > planeWalk:
			return ray
		}
		return int64(l.Range)
	}
	if l.Prime > 0 {
		return w.side // at most one leap for each prime that fits
	}
	if l.Range == 0 || int64(l.Range) > w.side {
		return max(w.side, 1)
	}
	return int64(l.Range)
}

// plain reports whether a path is a single leap, ride or prime range that
// core's attack tables hold (it needs no generation to find its captures).
func plain(p betza.Path) bool {
	if len(p.Legs) != 1 || p.Initial {
		return false
	}
	l := p.Legs[0]
	return !l.Jump && !l.HopOver && l.Mode&^(betza.Move|betza.Capture) == 0 && len(l.Lame) == 0
}

// capture reports whether some leg of the path may capture.
func capture(p betza.Path) bool {
	for _, l := range p.Legs {
		if l.Mode&betza.Capture != 0 {
			return true
		}
	}
	return p.EnPassant
}

// newWorkModel reads the board, the pieces' Betza and the start of def.
// Pieces whose Betza does not parse cost nothing here: core.Compile
// refuses them.
func newWorkModel(def *core.Definition, parsed []*betza.Piece) *workModel {
	w := &workModel{plane: def.Board.Unbounded, letters: map[string]int{}, tables: map[[3]int]int64{}}
	if !w.plane {
		w.side = int64(max(min(def.Board.Files, core.MaxBoardSide), min(def.Board.Ranks, core.MaxBoardSide), 1) - 1)
	}
	// The directions of rides, as each player's orientation turns them,
	// up to sign: on an unbounded board a ray is checked against the lines
	// of every such family through every piece.
	fams := map[[2]int]bool{}
	for _, pl := range def.Players {
		for _, pc := range parsed {
			if pc == nil {
				continue
			}
			for _, p := range pc.Paths {
				for _, l := range p.Legs {
					if l.Range == 1 && l.Prime == 0 {
						continue
					}
					dx, dy := orient(pl.Forward, l.DX, l.DY)
					if g := gcd(abs(dx), abs(dy)); g > 1 {
						dx, dy = dx/g, dy/g
					}
					if dx < 0 || dx == 0 && dy < 0 {
						dx, dy = -dx, -dy
					}
					fams[[2]int{dx, dy}] = true
				}
			}
		}
	}
	w.fams = int64(len(fams))
	board, _, _ := strings.Cut(strings.TrimSpace(def.Start), " ")
	for _, c := range []byte(board) {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			w.n++
		}
	}
	if !w.plane {
		w.n = min(w.n, int64(min(def.Board.Files, core.MaxBoardSide)*min(def.Board.Ranks, core.MaxBoardSide)))
	}
	w.pieces = make([]pieceCost, len(parsed))
	for i, pc := range parsed {
		if i < len(def.Pieces) {
			w.letters[def.Pieces[i].Letter] = i
		}
		if pc == nil {
			continue
		}
		c := &w.pieces[i]
		c.paths = len(pc.Paths)
		for _, p := range pc.Paths {
			cost := int64(1)
			for _, l := range p.Legs {
				cost = mul(cost, w.legCost(l))
			}
			c.gen = add(c.gen, cost)
			switch {
			case !capture(p):
			case plain(p):
				// The attack tables hold each direction once for all types.
				l := p.Legs[0]
				w.tables[[3]int{l.DX, l.DY, l.Range}] = w.tableCost(l)
			default:
				c.exotic = add(c.exotic, cost)
			}
		}
	}
	return w
}

// tableCost bounds the squares the attack tables look at for one plain
// capture: a leap looks at one square, a ride walks back from the target
// (on an unbounded board, a lookup in the lines of the ride's direction).
func (w *workModel) tableCost(l betza.Leg) int64 {
	switch {
	case l.Range == 1 && l.Prime == 0:
		return 1
	case w.plane:
		return 32
	}
	return w.legCost(l) // a ride, or a prime range: a leap for each prime that fits
}

// orient turns a vector of a piece's frame into board directions for a
// player facing forward (as core does; an unknown direction as north).
func orient(forward string, dx, dy int) (int, int) {
	switch forward {
	case "south":
		return -dx, -dy
	case "east":
		return dy, -dx
	case "west":
		return -dy, dx
	}
	return dx, dy
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// estimate is the work model's bound for one definition.
type estimate struct {
	total int64 // squares one LegalMoves call visits, at most
	moves int64 // pseudo-legal moves one position has, at most
	worst int   // the index of the piece type that weighs most, -1 for none
}

// work returns the estimate for the definition.
func (w *workModel) work(def *core.Definition) estimate {
	// The costliest type a pawn may promote to, for its owner's later moves.
	var promoGen, promoExotic int64
	promoType, choices := -1, 0
	for _, pr := range def.Promotion {
		choices = max(choices, len(pr.Pieces))
		for _, l := range pr.Pieces {
			if i, ok := w.letters[l]; ok {
				if w.pieces[i].gen > promoGen {
					promoGen, promoType = w.pieces[i].gen, i
				}
				promoExotic = max(promoExotic, w.pieces[i].exotic)
			}
		}
	}
	var maxGen, maxExotic, tables int64
	for _, c := range w.pieces {
		maxGen, maxExotic = max(maxGen, c.gen), max(maxExotic, c.exotic)
	}
	for _, c := range w.tables {
		tables = add(tables, c)
	}
	// The pieces of the start, by their letters; a letter of no piece (in a
	// variant's own position text) counts as the costliest type.
	var gen, moves, exotic int64
	weight := make([]int64, len(w.pieces))
	board, _, _ := strings.Cut(strings.TrimSpace(def.Start), " ")
	counted := int64(0)
	for _, ch := range []byte(board) {
		if !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z') || counted >= w.n {
			continue
		}
		counted++
		i, ok := w.letters[strings.ToUpper(string(ch))]
		g, x := maxGen, maxExotic
		pawn := false
		if ok {
			g, x = w.pieces[i].gen, w.pieces[i].exotic
			pawn = def.Pieces[i].Pawn
		}
		if pawn {
			// A pawn's own moves may each promote to any choice; once
			// promoted it moves as its new type, which then weighs.
			moves = add(moves, max(mul(g, int64(choices+1)), promoGen))
			if promoGen > g && promoType >= 0 {
				i = promoType
			}
			g, x = max(g, promoGen), max(x, promoExotic)
		} else {
			moves = add(moves, g)
		}
		gen, exotic = add(gen, g), add(exotic, x)
		if ok {
			weight[i] = add(weight[i], add(g, x))
		}
	}
	players := int64(max(len(def.Players)-1, 1))
	check := add(costMove, add(mul(tables, players), exotic))
	e := estimate{total: add(gen, mul(moves, check)), moves: add(moves, int64(len(def.Castling))), worst: -1}
	// Castling tests the squares the king crosses.
	for range def.Castling {
		e.total = add(e.total, mul(w.side+1, check))
	}
	for i, wt := range weight {
		if e.worst < 0 || wt > weight[e.worst] {
			e.worst = i
		}
	}
	return e
}

// describe says what the estimate is made of, for the error that refuses it.
func (w *workModel) describe(def *core.Definition, worst int) string {
	if worst < 0 || worst >= len(def.Pieces) {
		return fmt.Sprintf("%d pieces at the start", w.n)
	}
	c := w.pieces[worst]
	name := def.Pieces[worst].Name
	if name == "" {
		name = def.Pieces[worst].Letter
	}
	return fmt.Sprintf("%d pieces at the start; the %s moves along %d paths that may visit %d squares from one square", w.n, name, c.paths, c.gen)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
