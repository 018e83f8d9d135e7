package core_test

// HasPseudoMove and TacticalMoves against PseudoMoves.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// TestHasPseudoMove: in random games of every variant of the invariant
// test, HasPseudoMove finds every pseudo-legal move, and of the moves of
// earlier positions (the table's moves of another position, after a key
// collision) exactly those that are pseudo-legal here; it does not know
// only on the plane and where the variant generates its own moves.
func TestHasPseudoMove(t *testing.T) {
	for vi, v := range invariantVariants {
		name := fmt.Sprint(v.name, v.options)
		rules, p := invariantStart(t, v)
		rng := rand.New(rand.NewPCG(9, uint64(vi)))
		var earlier []core.Move
		found, refused := 0, 0
		for ply := 0; ply < 100 && p.Outcome().Status == core.Ongoing; ply++ {
			pseudo := p.PseudoMoves(nil)
			for _, m := range pseudo {
				has, known := p.HasPseudoMove(m, nil)
				if !known {
					if !p.Unbounded() && rules.Hooks.Generate == nil {
						t.Fatalf("%s: %v: not known", name, m)
					}
					continue
				}
				if !has {
					t.Fatalf("%s ply %d: pseudo-legal %v not found\n%s", name, ply, m, p.FEN())
				}
				found++
			}
			for _, m := range earlier {
				if has, known := p.HasPseudoMove(m, nil); known && has != slices.Contains(pseudo, m) {
					t.Fatalf("%s ply %d: %v: has %v, among the pseudo-legal moves %v\n%s", name, ply, m, has, !has, p.FEN())
				} else if known && !has {
					refused++
				}
			}
			earlier = append(earlier[:0], pseudo...)
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
		if !p.Unbounded() && rules.Hooks.Generate == nil && (found < 100 || refused < 100) {
			t.Errorf("%s: only %d moves found and %d refused", name, found, refused)
		}
	}
}

// TestTacticalMoves: in random games of every variant of the invariant
// test, TacticalMoves gives PseudoMoves's moves in their order but for
// the plain quiet ones (onto an empty square, no promotion, no victim)
// and castling, where the variant has them.
func TestTacticalMoves(t *testing.T) {
	for vi, v := range invariantVariants {
		name := fmt.Sprint(v.name, v.options)
		rules, p := invariantStart(t, v)
		rng := rand.New(rand.NewPCG(11, uint64(vi)))
		quiets := 0
		for ply := 0; ply < 100 && p.Outcome().Status == core.Ongoing; ply++ {
			tactical := p.TacticalMoves(nil)
			k := 0
			for _, m := range p.PseudoMoves(nil) {
				if k < len(tactical) && tactical[k] == m {
					k++
					continue
				}
				plain := m.Kind == core.KindNormal && m.Promo == 0 && !p.At(m.To).IsPiece() && m.VictimCount() == 0
				if !plain && m.Kind != core.KindCastle {
					t.Fatalf("%s ply %d: TacticalMoves leaves out %v\n%s", name, ply, m, p.FEN())
				}
				quiets++
			}
			if k != len(tactical) {
				t.Fatalf("%s ply %d: TacticalMoves gives %v, not among PseudoMoves's in order\n%s", name, ply, tactical[k], p.FEN())
			}
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
		// Longchess's terrain rule (Hooks.Step) makes every step of its
		// pieces a special one, which TacticalMoves keeps.
		if !rules.Board.Unbounded && rules.Hooks.Step == nil && quiets == 0 {
			t.Errorf("%s: no quiet move left out", name)
		}
	}
}

// benchMovegenPosition is a Queen's Gambit middlegame with captures on
// both wings.
const benchMovegenPosition = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"

// BenchmarkMovegen: PseudoMoves, TacticalMoves (quiescence's) and
// HasPseudoMove (a hash move's check) in one middlegame.
func BenchmarkMovegen(b *testing.B) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		b.Fatal(err)
	}
	p, err := r.ParseFEN(benchMovegenPosition)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]core.Move, 0, 256)
	m := p.PseudoMoves(nil)[20]
	b.Run("pseudo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = p.PseudoMoves(buf[:0])
		}
	})
	b.Run("tactical", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = p.TacticalMoves(buf[:0])
		}
	})
	b.Run("has", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if has, _ := p.HasPseudoMove(m, buf[:0]); !has {
				b.Fatal("not found")
			}
		}
	})
}
