package longchess

// Tests of the Longchess evaluation: the direction of each term, symmetry between the sides, the walks, no allocation.

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"anychess/core"
)

// lcEvalCases are pairs of positions, the first better than the second for
// the side named, all else equal.
var lcEvalCases = []struct {
	name          string
	opts          []string
	side          string // "w" or "b"
	better, worse []string
}{
	{"a piece nearer the enemy flag", nil, "w",
		[]string{"F@2W5", "f@2B5", "R@10B5", "r@1B2"},
		[]string{"F@2W5", "f@2B5", "R@12W5", "r@1B2"}},
	{"the enemy flag lying out of its Keep, nearer", nil, "w",
		[]string{"F@2W5", "f@12B2", "N@14B3", "r@1B2"},
		[]string{"F@2W5", "f@12B2", "N@14W3", "r@1B2"}},
	{"the nearest piece counts", nil, "w",
		[]string{"F@2W5", "f@2B5", "P@3B3", "R@1W1", "r@1B2"},
		[]string{"F@2W5", "f@2B5", "P@8B3", "R@1W1", "r@1B2"}},
	{"picking up the enemy flag", nil, "w",
		[]string{"F@2W5", "R[f]@3B5", "r@1B2"},
		[]string{"F@2W5", "f@2B5", "R@3B5", "r@1B2"}},
	{"a carrier nearer home", nil, "w",
		[]string{"F@2W5", "R[f]@10W5", "r@1B2"},
		[]string{"F@2W5", "R[f]@10B5", "r@1B2"}},
	{"the enemy carrying our flag farther from its Keep", nil, "w",
		[]string{"R@3B5", "f@2B5", "r[F]@10W5"},
		[]string{"R@3B5", "f@2B5", "r[F]@10B5"}},
	{"an enemy piece far from our Keep, not in it", nil, "w",
		[]string{"F@2W5", "f@2B5", "N@5B5", "r@12B5"},
		[]string{"F@2W5", "f@2B5", "N@5B5", "r@3W5"}},
	{"a guard in our Keep when the enemy is near", nil, "w",
		[]string{"F@2W5", "f@2B5", "N@5B5", "R@3W4", "n@4W7"},
		[]string{"F@2W5", "f@2B5", "N@5B5", "R@12W4", "n@4W7"}},
	{"a piece nearer the enemy's end (Capture the Map)", []string{"mode=ctm"}, "w",
		append(lcRow("P", "1W"), append(lcRow("p", "1B"), "R@12B5")...),
		append(lcRow("P", "1W"), append(lcRow("p", "1B"), "R@12W5")...)},
	{"fewer enemy pieces (Capture the Map)", []string{"mode=ctm"}, "w",
		[]string{"R@10W5", "p@3B5"},
		[]string{"R@10W5", "p@3B5", "p@3B4"}},
	{"taking a piece beats standing next to it (Capture the Map)", []string{"mode=ctm"}, "w",
		[]string{"R@10W6", "p@3B5"},
		[]string{"R@10W5", "p@10W6", "p@3B5"}},
	{"the side ahead nearer the last enemy piece (Capture the Map)", []string{"mode=ctm"}, "w",
		[]string{"R@1W1", "R@10B4", "p@10B5"},
		[]string{"R@1W1", "R@10W4", "p@10B5"}},
	{"the last piece far from the hunters (Capture the Map)", []string{"mode=ctm"}, "b",
		[]string{"R@1W1", "R@10W4", "p@10B5"},
		[]string{"R@1W1", "R@10W4", "p@12W5"}},
	{"a side level in material keeps its pieces back (Capture the Map)", []string{"mode=ctm"}, "w",
		append(lcRow("P", "1W"), append(lcRow("p", "1B"), "R@12W5", "r@2B5")...),
		append(lcRow("P", "1W"), append(lcRow("p", "1B"), "R@12B5", "r@2B5")...)},
	{"pieces farther from their own end (nonlethal)", []string{"nonlethal"}, "w",
		[]string{"F@2W5", "f@2B5", "N@5B5", "R@10W2", "r@1B2"},
		[]string{"F@2W5", "f@2B5", "N@5B5", "R@3W2", "r@1B2"}},
}

// TestLongchessEvalTerms: in each case of lcEvalCases the first position
// scores more than the second for the side named (each case also mirrored,
// colours and ends swapped).
func TestLongchessEvalTerms(t *testing.T) {
	for _, c := range lcEvalCases {
		r := lcOpts(t, c.opts...)
		for _, mirrored := range []bool{false, true} {
			side, better, worse := c.side, c.better, c.worse
			name := c.name
			if mirrored {
				side = map[string]string{"w": "b", "b": "w"}[side]
				better, worse = lcMirrorList(better), lcMirrorList(worse)
				name += " (mirrored)"
			}
			pl := core.Player(0)
			if side == "b" {
				pl = 1
			}
			hi := evalDefault(lcPos(t, r, "w", better...), pl)
			lo := evalDefault(lcPos(t, r, "w", worse...), pl)
			if hi <= lo {
				t.Errorf("%s: %v scores %d for %s, not more than %v's %d", name, better, hi, side, worse, lo)
			}
		}
	}
}

// TestLongchessEvalUnmoved: the two positions of each case score alike for
// White: the piece moved gains nothing.
func TestLongchessEvalUnmoved(t *testing.T) {
	for _, c := range []struct {
		name string
		opts []string
		a, b []string
	}{
		{"a bishop never reaches a flag on the other colour", nil,
			[]string{"F@2W5", "f@2B5", "B@3B5", "R@1W1", "r@1B2"},
			[]string{"F@2W5", "f@2B5", "B@12W4", "R@1W1", "r@1B2"}},
	} {
		r := lcOpts(t, c.opts...)
		if a, b := evalDefault(lcPos(t, r, "w", c.a...), 0), evalDefault(lcPos(t, r, "w", c.b...), 0); a != b {
			t.Errorf("%s: %v scores %d, %v %d", c.name, c.a, a, c.b, b)
		}
	}
}

// lcRow places the piece on every row of the rank (as "1W"), nine in all.
func lcRow(piece, rank string) []string {
	var out []string
	for row := 1; row <= 9; row++ {
		out = append(out, fmt.Sprintf("%s@%s%d", piece, rank, row))
	}
	return out
}

// lcMirrorList mirrors placements (see mirrorSide).
func lcMirrorList(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = mirrorSide(s, true)
	}
	return out
}

// TestLongchessEvalFourTerms: the four-team game's terms point the same way.
func TestLongchessEvalFourTerms(t *testing.T) {
	r := fourTeams(t)
	for _, c := range []struct {
		name          string
		better, worse []string
	}{
		{"red nearer blue's flag",
			[]string{"rF@b12", "bF@l12", "rR@j12", "yF@l2", "gF@b2"},
			[]string{"rF@b12", "bF@l12", "rR@d12", "yF@l2", "gF@b2"}},
		{"red's carrier nearer its Keep",
			[]string{"rF@b12", "rR[bF]@c9", "yF@l2", "gF@b2"},
			[]string{"rF@b12", "rR[bF]@j9", "yF@l2", "gF@b2"}},
		{"blue's piece far from red's flag",
			[]string{"rF@b12", "bF@l12", "bR@j4", "yF@l2", "gF@b2"},
			[]string{"rF@b12", "bF@l12", "bR@c11", "yF@l2", "gF@b2"}},
	} {
		hi := evalDefault(fourPos(t, r, "r", c.better...), 0)
		lo := evalDefault(fourPos(t, r, "r", c.worse...), 0)
		if hi <= lo {
			t.Errorf("%s: %v scores %d for red, not more than %v's %d", c.name, c.better, hi, c.worse, lo)
		}
	}
}

// lcTransform copies p onto an empty position of the same rules with every
// square moved by where and every owner by who: the pieces, carried flags,
// mines and shells, the counters of shells and the side to move.
func lcTransform(p *core.Position, where func(x, y int) (int, int), who func(core.Player) core.Player) *core.Position {
	r := p.Rules()
	g := lgeo(r)
	q := r.NewPosition()
	owned := func(v uint8) uint8 {
		if v == 0 {
			return 0
		}
		pc := core.Piece(v)
		return uint8(core.MakePiece(who(pc.Owner()), pc.Type()))
	}
	for _, sq := range r.Board.Squares() {
		x, y := where(int(g.x[sq]), int(g.y[sq]))
		to := g.at(x, y)
		if pc := p.At(sq); pc.IsPiece() {
			q.Put(to, core.Piece(owned(uint8(pc))))
		}
		if c := p.Carry(sq); c != 0 {
			q.SetCarry(to, owned(c))
		}
		if mk := p.Mark(sq); mk != 0 {
			var out uint8
			for pl := core.Player(0); int(pl) < g.players; pl++ {
				if mk&mineBit(pl) != 0 {
					out |= mineBit(who(pl))
				}
				if mk&shellBit(pl) != 0 {
					out |= shellBit(who(pl))
				}
			}
			q.SetMark(to, out)
		}
	}
	for pl := core.Player(0); int(pl) < g.players; pl++ {
		q.SetCounter(lcCounterShells+int(who(pl)), p.Counter(lcCounterShells+int(pl)))
	}
	q.SetTurn(who(p.Turn()))
	return q
}

// lcEvalStarts returns r's start and, in the two-team game, its crowded
// middle games.
func lcEvalStarts(t *testing.T, r *core.Rules) []*core.Position {
	starts := []*core.Position{r.StartPosition()}
	if !lgeo(r).four {
		starts = append(starts, lcCrowdedWith(t, r)...)
	}
	return starts
}

// lcEvalPositions plays random games from each start and returns a
// position every few plies.
func lcEvalPositions(starts []*core.Position, seed uint64) []*core.Position {
	rng := rand.New(rand.NewPCG(seed, 55))
	var out []*core.Position
	for _, start := range starts {
		for game := 0; game < 3; game++ {
			p := start.Copy()
			for ply := 0; ply < 120 && p.Outcome().Status == core.Ongoing; ply++ {
				legal := p.LegalMoves(nil)
				p.MakeMove(legal[rng.IntN(len(legal))])
				if ply%7 == 3 {
					out = append(out, p.Copy())
				}
			}
		}
	}
	return out
}

// TestLongchessEvalSymmetry: a position and its mirror image (colours and
// ends swapped; in the four-team game, the board turned a quarter and every
// team moved on a seat) score alike for the matching sides, in random
// positions under every mode and modification.
func TestLongchessEvalSymmetry(t *testing.T) {
	for i, opts := range [][]string{
		nil, {"mode=ctm"}, {"nonlethal"}, {"mines", "artillery"}, {"mode=ctm", "nonlethal", "no-range-attacks"},
		{"no-central-river"}, {"teams=4"}, {"teams=4", "mode=ctm"}, {"teams=4", "nonlethal", "artillery"},
	} {
		r := lcOpts(t, opts...)
		g := lgeo(r)
		where := func(x, y int) (int, int) { return g.files - 1 - x, y }
		who := func(pl core.Player) core.Player { return 1 - pl }
		if g.four {
			where = rotate
			who = func(pl core.Player) core.Player { return (pl + 1) % 4 }
		}
		positions := lcEvalPositions(lcEvalStarts(t, r), uint64(i))
		differ := 0
		for _, p := range positions {
			q := lcTransform(p, where, who)
			for pl := core.Player(0); int(pl) < g.players; pl++ {
				if a, b := evalDefault(p, pl), evalDefault(q, who(pl)); a != b {
					t.Fatalf("%v: %s scores %d for player %d, its image %s %d", opts, p, a, pl, q, b)
				}
			}
			if evalDefault(p, 0) != evalDefault(p, 1) {
				differ++
			}
		}
		if len(positions) < 20 || differ == 0 {
			t.Fatalf("%v: %d positions, %d not level: too few to test", opts, len(positions), differ)
		}
	}
}

// TestLongchessWalks: walks are orthogonal steps over land, crossing
// rivers on the bridges; home is the nearest Keep square.
func TestLongchessWalks(t *testing.T) {
	r := lcRules(t, "")
	g := lgeo(r)
	for _, c := range []struct {
		from, to string
		want     int
	}{
		{"2W5", "2W5", 0},
		{"2W5", "3W6", 2},
		{"6W4", "8W4", 4},   // by the bridge 7W5
		{"6W1", "8W1", 4},   // by the bridge 7W2
		{"6W2", "8W2", 2},   // over the bridge
		{"18W3", "18B3", 4}, // by the central bridge C2
		{"1W1", "1B9", 44},
	} {
		a, b := lcSquare(t, g, c.from), lcSquare(t, g, c.to)
		if got := g.walks.between(a, b); got != c.want {
			t.Errorf("walk %s–%s = %d, want %d", c.from, c.to, got, c.want)
		}
		if got := g.walks.between(b, a); got != c.want {
			t.Errorf("walk %s–%s = %d, want %d", c.to, c.from, got, c.want)
		}
	}
	for _, c := range []struct {
		pl   core.Player
		from string
		want int
	}{
		{0, "6W5", 3}, {0, "3W4", 0}, {0, "1W1", 3}, {0, "8W1", 8}, {1, "6W5", 29}, {1, "4B9", 4},
	} {
		if got := g.walks.homeOf(c.pl, lcSquare(t, g, c.from)); got != c.want {
			t.Errorf("player %d's walk home from %s = %d, want %d", c.pl, c.from, got, c.want)
		}
	}
	for _, c := range []struct {
		pl    core.Player
		piece core.PieceType
		from  string
		want  int
	}{
		{0, g.rook, "1W1", 1},
		{0, g.rook, "10W1", 2}, // down to the bridges' row 5, then along it
		{0, g.rook, "17B5", 2}, // stopping on the central bridge C5
		{0, g.rook, "17B4", 3}, // to row 5 first
		{1, g.rook, "17B5", 1}, // Black's own half: along row 5 home
		{0, g.pawn, "6W5", 3},  // a pawn moves one step
		{0, g.night, "4W5", 1}, // 4W5-2W4
		{0, g.night, "C5", 3},
	} {
		if got := g.walks.movesHome(c.pl, c.piece, lcSquare(t, g, c.from)); got != c.want {
			t.Errorf("player %d's %s needs %d moves home from %s, want %d", c.pl, r.Pieces[c.piece].Name, got, c.from, c.want)
		}
	}
	// Every piece gets home from everywhere, the bishops from their colour.
	for pl := core.Player(0); pl < 2; pl++ {
		for _, sq := range r.Board.Squares() {
			if g.water[sq] {
				continue
			}
			for _, piece := range []core.PieceType{g.rook, g.night, g.pawn, g.bishop} {
				even := (g.x[sq]+g.y[sq])%2 == 0
				if got := g.walks.moves[pl][piece][g.walks.index[sq]]; got == 255 && (piece != g.bishop || even) {
					t.Errorf("player %d's %s never gets home from %s", pl, r.Pieces[piece].Name, r.Board.Name(sq))
				}
			}
			if g.walks.movesHome(pl, g.pawn, sq) != min(g.walks.homeOf(pl, sq), carryMoves) {
				t.Errorf("player %d's pawn's moves home from %s differ from its walk", pl, r.Board.Name(sq))
			}
		}
	}
}

// TestLongchessHuntWeights: in Capture the Map, taking a piece gains more
// than the hunt loses by its going, on every board.
func TestLongchessHuntWeights(t *testing.T) {
	for _, opts := range [][]string{{"mode=ctm"}, {"mode=ctm", "no-central-river"}, {"mode=ctm", "teams=4"}} {
		far := lgeo(lcOpts(t, opts...)).walks.far
		for n := 1; n <= 16; n++ {
			gone, step := huntGone[min(n, len(huntGone)-1)], huntStep[min(n, len(huntStep)-1)]
			if gone <= step*far {
				t.Errorf("%v: %d pieces: a capture gains %d, the hunt loses up to %d × %d", opts, n, gone, step, far)
			}
			if n > 1 && huntLeft(n)-huntLeft(n-1) != gone {
				t.Errorf("huntLeft(%d) − huntLeft(%d) = %d, want %d", n, n-1, huntLeft(n)-huntLeft(n-1), gone)
			}
		}
	}
}

// TestLongchessEvalAllocatesNothing: the hook allocates nothing, in every
// mode, with every term at work.
func TestLongchessEvalAllocatesNothing(t *testing.T) {
	for i, opts := range [][]string{nil, {"mode=ctm"}, {"nonlethal", "mines", "artillery"}, {"teams=4"}} {
		r := lcOpts(t, opts...)
		positions := lcEvalPositions(lcEvalStarts(t, r), uint64(100+i))
		if i == 0 {
			// Every term at work: the cases' positions, in their modes.
			for _, c := range lcEvalCases {
				positions = append(positions, lcPos(t, lcOpts(t, c.opts...), "w", c.better...), lcPos(t, lcOpts(t, c.opts...), "w", c.worse...))
			}
		}
		sum, w := 0, r.EvalDefaults()
		if allocs := testing.AllocsPerRun(20, func() {
			for _, p := range positions {
				sum += longEvaluate(p, p.Turn(), w)
			}
		}); allocs != 0 {
			t.Errorf("%v: %.1f allocations per run of %d evaluations", opts, allocs, len(positions))
		}
	}
}

// BenchmarkLongchessEvaluate evaluates positions of random games, in the
// two-team game (both modes) and the four-team game.
func BenchmarkLongchessEvaluate(b *testing.B) {
	for _, c := range []struct {
		name string
		opts []string
	}{{"CTF", nil}, {"CTM", []string{"mode=ctm"}}, {"Four", []string{"teams=4"}}} {
		b.Run(c.name, func(b *testing.B) {
			r := lcOpts(b, c.opts...)
			positions := lcEvalPositions([]*core.Position{r.StartPosition()}, 7)
			sum, w := 0, r.EvalDefaults()
			for i := 0; b.Loop(); i++ {
				p := positions[i%len(positions)]
				sum += longEvaluate(p, p.Turn(), w)
			}
			_ = sum
		})
	}
}

// TestLongchessEvalAffine: the evaluation is affine in its weights
// (core.Hooks.Evaluate) in every case of lcEvalCases, where every term is
// at work: with random weights it is its value with none plus each weight
// times its term's count. Four teams divide by the others at the end and
// may round, so they are left out.
func TestLongchessEvalAffine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range lcEvalCases {
		r := lcOpts(t, c.opts...)
		if r.Players != 2 {
			continue
		}
		for _, list := range [][]string{c.better, c.worse} {
			p := lcPos(t, r, c.side, list...)
			w := make([]int, len(longTerms))
			for k := range w {
				w[k] = rng.IntN(601) - 300
			}
			for pl := core.Player(0); pl < 2; pl++ {
				unit := make([]int, len(longTerms))
				fixed := longEvaluate(p, pl, unit)
				want := fixed
				for k := range unit {
					unit[k] = 1
					want += w[k] * (longEvaluate(p, pl, unit) - fixed)
					unit[k] = 0
				}
				if got := longEvaluate(p, pl, w); got != want {
					t.Errorf("%s: %s, player %d: %d, the terms sum to %d", c.name, p, pl, got, want)
				}
			}
		}
	}
}

// TestLongchessTermDefaults: the pieces' value terms default to the rules'
// values, and every piece but the flag has one.
func TestLongchessTermDefaults(t *testing.T) {
	r := lcOpts(t, "artillery")
	g := lgeo(r)
	for ty := 1; ty < len(r.Pieces); ty++ {
		if core.PieceType(ty) == g.flag {
			continue
		}
		if term := longTerms[g.valueTerm[ty]]; term.Name != r.Pieces[ty].Name || term.Default != r.Pieces[ty].Value {
			t.Errorf("%s (value %d): term %s defaults to %d", r.Pieces[ty].Name, r.Pieces[ty].Value, term.Name, term.Default)
		}
	}
}

// evalDefault is the evaluation with its default weights.
func evalDefault(p *core.Position, pl core.Player) int {
	return longEvaluate(p, pl, p.Rules().EvalDefaults())
}
