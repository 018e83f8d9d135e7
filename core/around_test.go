package core_test

// AttackedAround on bounded boards against AttackedAt, square by square.

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"anychess/core"
)

// TestAttackedAroundBounded: in positions of random games of every variant
// of the invariant test (holes, water, exotic attackers, four players),
// AttackedAround around every square agrees with AttackedAt square by
// square, for every player.
func TestAttackedAroundBounded(t *testing.T) {
	for vi, v := range invariantVariants {
		name := fmt.Sprint(v.name, v.options)
		rules, p := invariantStart(t, v)
		rng := rand.New(rand.NewPCG(7, uint64(vi)))
		checked := 0
		for ply := 0; ply < 120; ply++ {
			if ply%6 == 0 {
				for _, sq := range rules.Board.Squares() {
					c := p.Coord(sq)
					for pl := core.Player(0); int(pl) < rules.Players; pl++ {
						var want uint8
						for j, d := range core.Around {
							if p.AttackedAt(core.Coord{X: c.X + d.X, Y: c.Y + d.Y}, pl) {
								want |= 1 << j
							}
						}
						if got := p.AttackedAround(c, pl); got != want {
							t.Fatalf("%s: %s around %v, player %d: AttackedAround %08b, AttackedAt %08b", name, p, c, pl, got, want)
						}
						checked++
					}
				}
			}
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
		if checked == 0 {
			t.Errorf("%s: nothing checked", name)
		}
	}
}

// BenchmarkAttackedAround: the attacked squares around both kings of a
// chess middlegame, as the evaluation's royal safety asks for them, and
// (PerSquare) the same found square by square with AttackedAt.
func BenchmarkAttackedAround(b *testing.B) {
	r := mustRules(b, "chess")
	p, err := r.ParsePosition("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9")
	if err != nil {
		b.Fatal(err)
	}
	kings := [2]core.Coord{p.Coord(p.Royal(0)), p.Coord(p.Royal(1))}
	b.Run("Around", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for pl, c := range kings {
				p.AttackedAround(c, core.Player(pl))
			}
		}
	})
	b.Run("PerSquare", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for pl, c := range kings {
				for _, d := range core.Around {
					p.AttackedAt(core.Coord{X: c.X + d.X, Y: c.Y + d.Y}, core.Player(pl))
				}
			}
		}
	})
}
