package core_test

// Invariant tests over random games on the infinite plane: make/unmake, hashing, copies, and legality checked independently.

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"anychess/core"
)

// planeGeometry says, independently of the engine, whether the piece with
// the given letter moves from c by (dx, dy) on an empty-enough board: the
// squares it passes (which must be empty) and whether it may land there at
// all. Pawns are left out (ok false).
func planeGeometry(letter byte, dx, dy int64) (passes [][2]int64, ok bool) {
	adx, ady := dx, dy
	if adx < 0 {
		adx = -adx
	}
	if ady < 0 {
		ady = -ady
	}
	n := max(adx, ady)
	straight := dx == 0 || dy == 0
	diagonal := adx == ady
	slide := func() [][2]int64 {
		sx, sy := sign(dx), sign(dy)
		var out [][2]int64
		for k := int64(1); k < n; k++ {
			out = append(out, [2]int64{k * sx, k * sy})
		}
		return out
	}
	knight := adx == 1 && ady == 2 || adx == 2 && ady == 1
	switch letter {
	case 'K', 'G':
		return nil, n == 1
	case 'Q':
		return slide(), n > 0 && (straight || diagonal)
	case 'R':
		return slide(), n > 0 && straight
	case 'B':
		return slide(), n > 0 && diagonal
	case 'N':
		return nil, knight
	case 'C':
		if knight {
			return nil, true
		}
		return slide(), n > 0 && straight
	case 'H':
		return nil, (n == 2 || n == 3) && (straight || diagonal)
	case 'U':
		return nil, straight && n >= 5 && big.NewInt(n).ProbablyPrime(0)
	}
	return nil, false
}

func sign(v int64) int64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// exactLegal decides, without the engine's move generation, whether the
// non-pawn piece on from may move to to: the geometry above, the squares it
// passes and lands on, and whether an enemy could then capture the royal
// piece (royalCapturable, by the engine's captures, which the candidate set
// always contains).
func exactLegal(t *testing.T, p *core.Position, from, to core.Square) (bool, bool) {
	t.Helper()
	r := p.Rules()
	pc := p.At(from)
	info := &r.Pieces[pc.Type()]
	if info.Pawn {
		return false, false
	}
	fc, tc := p.Coord(from), p.Coord(to)
	passes, ok := planeGeometry(info.Letter, tc.X-fc.X, tc.Y-fc.Y)
	if !ok {
		return false, true
	}
	for _, d := range passes {
		if p.At(p.Square(core.Coord{X: fc.X + d[0], Y: fc.Y + d[1]})) != core.Empty {
			return false, true
		}
	}
	if target := p.At(to); target != core.Empty && target.Owner() == pc.Owner() {
		return false, true
	}
	mover := p.Turn()
	p.MakeMove(core.NewMove(from, to))
	capturable := royalCapturable(t, p, mover)
	p.UnmakeMove()
	return !capturable, true
}

var eightWays = [][2]int64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func TestPlaneRandomGameInvariants(t *testing.T) {
	games, plies := 2, 30
	if testing.Short() {
		games, plies = 1, 10
	}
	safe := 0 // moves the pins let pass without a look
	for vi, name := range []string{"infinite-plane", "infinite-plane-huygens"} {
		rules := planeRules(t, name, nil)
		rng := rand.New(rand.NewPCG(17, uint64(vi)))
		for g := 0; g < games; g++ {
			p := rules.StartPosition()
			for ply := 0; ply < plies; ply++ {
				before := snap(p)
				legal := p.LegalMoves(nil)
				legalSet := map[core.Move]bool{}
				for _, m := range legal {
					legalSet[m] = true
				}
				// Every candidate is legal exactly when the independent check
				// says so, and make/unmake restores everything.
				var pins core.PinSet
				p.Pins(p.InCheck(), &pins)
				for _, m := range p.PseudoMoves(nil) {
					mover := p.Turn()
					p.MakeMove(m)
					if p.Hash() != p.ComputeHash() {
						t.Fatalf("%s: incremental hash wrong after %s%s in %s", name, p.Name(m.From), p.Name(m.To), before.fen)
					}
					illegal := royalCapturable(t, p, mover)
					p.UnmakeMove()
					if illegal == legalSet[m] {
						t.Fatalf("%s: %s%s legal=%v, independent check says illegal=%v in %s", name, p.Name(m.From), p.Name(m.To), legalSet[m], illegal, before.fen)
					}
					if pins.Safe(m) {
						safe++
						if illegal {
							t.Fatalf("%s: the pins call %s%s safe, but it is illegal in %s", name, p.Name(m.From), p.Name(m.To), before.fen)
						}
					}
					if !snap(p).equal(before) {
						t.Fatalf("%s: make/unmake of %s%s did not restore %s (now %s)", name, p.Name(m.From), p.Name(m.To), before.fen, p.String())
					}
				}
				// The exact test agrees with the list, and with the
				// independent geometry on squares the list leaves out.
				for _, m := range legal {
					if !slices.Contains(p.LegalMovesTo(nil, m.From, m.To), m) || !p.IsLegal(m) {
						t.Fatalf("%s: listed move %s%s is not legal by LegalMovesTo", name, p.Name(m.From), p.Name(m.To))
					}
				}
				own := p.PieceSquares(p.Turn())
				for _, from := range []core.Square{own[rng.IntN(len(own))], own[rng.IntN(len(own))], p.Royal(p.Turn())} {
					fc := p.Coord(from)
					for _, w := range eightWays {
						for _, k := range []int64{1, 2, 3, 5, 7, 9, 11, 13, 20, int64(rng.IntN(40)) + 1} {
							to := p.Square(core.Coord{X: fc.X + k*w[0], Y: fc.Y + k*w[1]})
							want, known := exactLegal(t, p, from, to)
							if !known {
								continue
							}
							if got := len(p.LegalMovesTo(nil, from, to)) > 0; got != want {
								t.Fatalf("%s: %s%s legal=%v, independent check %v, in %s", name, p.Name(from), p.Name(to), got, want, p.String())
							}
						}
					}
				}
				if len(legal) == 0 {
					break
				}
				m := legal[rng.IntN(len(legal))]
				if ply%5 == 4 {
					m = farMove(p, rng, m)
				}
				// A copy plays the same game.
				q := p.Copy()
				p.MakeMove(m)
				q.MakeMove(m)
				if q.String() != p.String() || q.Hash() != p.Hash() {
					t.Fatalf("%s: copy diverged: %s vs %s", name, q.String(), p.String())
				}
				text := p.String()
				back, err := rules.ParsePosition(text)
				if err != nil {
					t.Fatalf("%s: position %q does not parse: %v", name, text, err)
				}
				if back.String() != text || back.Hash() != p.Hash() {
					t.Fatalf("%s: position round trip %q -> %q (hash %x, game %x)", name, text, back.String(), back.Hash(), p.Hash())
				}
			}
		}
	}
	if safe == 0 {
		t.Error("the pins called no move safe")
	}
}

// farMove returns a legal move of some slider at least a million squares
// long, or m when it finds none.
func farMove(p *core.Position, rng *rand.Rand, m core.Move) core.Move {
	own := p.PieceSquares(p.Turn())
	for try := 0; try < 40; try++ {
		from := own[rng.IntN(len(own))]
		fc := p.Coord(from)
		w := eightWays[rng.IntN(len(eightWays))]
		k := int64(1_000_000) << uint(rng.IntN(40))
		to := p.Square(core.Coord{X: fc.X + k*w[0], Y: fc.Y + k*w[1]})
		if to == core.NoSquare {
			continue
		}
		if moves := p.LegalMovesTo(nil, from, to); len(moves) > 0 {
			return moves[0]
		}
	}
	return m
}
