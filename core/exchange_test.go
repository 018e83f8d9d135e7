package core_test

import (
	"math/rand/v2"
	"testing"

	"anychess/core"
	"anychess/notation"
	"anychess/variant"
)

// TestExchange: static exchanges in chess (pawn 100, knight 300, bishop
// 320, rook 500, queen 900, the king 2000), the position unchanged after
// each, and the cases Exchange does not judge.
func TestExchange(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	values := pieceValues(r)
	for _, tc := range []struct {
		fen, move string
		want      int
		ok        bool
	}{
		{"4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100, true},                         // an undefended pawn
		{"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 900, true},                 // defended by a pawn
		{"4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", 300 - 500, true},                 // a rook for a knight
		{"4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 200 - 500, true},               // the rook behind takes back
		{"4k3/8/2p5/3n4/8/8/6B1/4K3 w - - 0 1", "g2d5", 300 - 320, true},                // a bishop for a knight
		{"8/8/4k3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 900, true},                   // the king takes back
		{"8/8/4k3/3p4/8/8/6B1/3QK3 w - - 0 1", "d1d5", 100, true},                       // it cannot: the bishop guards
		{"3r2k1/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500, true},                 // the rook on d8 takes back
		{"3r2k1/3r4/8/3p4/8/8/3Q4/3RK3 w - - 0 1", "d2d5", 100 - 900 + 500 - 500, true}, // Qxd5 Rxd5 Rxd5 Rxd5
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d5", 0, true},                             // a safe square
		{"4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5", -900, true},                        // a pawn takes the queen
		{"4k3/8/2p5/8/8/8/3R4/3QK3 w - - 0 1", "d2d5", 100 - 500, true},                 // a rook for a pawn
		{"4k3/8/2p5/8/8/8/8/4K3 w - - 0 1", "e1e2", 0, true},                            // nothing attacks e2
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", 0, false},                            // castling is no plain move
	} {
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := notation.Coordinate.Decode(p, tc.move)
		if err != nil {
			t.Fatal(tc.fen, err)
		}
		before, hash := p.String(), p.Hash()
		got, ok := p.Exchange(m, values, 2000)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("%s %s: exchange %d (%v), want %d (%v)", tc.fen, tc.move, got, ok, tc.want, tc.ok)
		}
		if p.String() != before || p.Hash() != hash {
			t.Errorf("%s %s: the position changed to %s", tc.fen, tc.move, p)
		}
	}
}

// TestExchangeMatchesCaptures: in random games of chess and Siberia, the
// exchange of every plain move (a capture or not) equals the exchange
// played out with real moves, each side capturing on the square with its
// least worth piece or stopping, whichever is better for it.
func TestExchangeMatchesCaptures(t *testing.T) {
	for vi, name := range []string{"chess", "siberia"} {
		r, err := variant.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		values := pieceValues(r)
		rng := rand.New(rand.NewPCG(5, uint64(vi)))
		checked, negative := 0, 0
		for game := 0; game < 20; game++ {
			p := r.StartPosition()
			for ply := 0; ply < 120; ply++ {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				for _, m := range moves {
					if m.Kind != core.KindNormal || m.VictimCount() > 0 || m.Promo != 0 {
						continue
					}
					got, ok := p.Exchange(m, values, 2000)
					if !ok {
						t.Fatalf("%s: %s %v not judged", name, p, m)
					}
					victim := 0
					if pc := p.At(m.To); pc.IsPiece() {
						victim = values[pc.Type()]
					}
					p.MakeMove(m)
					rest, fine := playedOut(p, m.To, values)
					p.UnmakeMove()
					if !fine {
						continue // a promotion or a choice on the way
					}
					if want := victim - rest; got != want {
						t.Fatalf("%s: %s %v: exchange %d, played out %d", name, p, m, got, want)
					}
					checked++
					if got < 0 {
						negative++
					}
				}
				p.MakeMove(moves[rng.IntN(len(moves))])
			}
		}
		if checked < 5000 || negative < 500 {
			t.Errorf("%s: only %d moves checked, %d of them losing", name, checked, negative)
		}
	}
}

// pieceValues returns the variant's piece values by type, a royal piece's
// 2000 (the royal worth the tests give Exchange).
func pieceValues(r *core.Rules) []int {
	values := make([]int, len(r.Pieces))
	for i, pc := range r.Pieces {
		values[i] = pc.Value
		if pc.Royal {
			values[i] = 2000
		}
	}
	return values
}

// playedOut returns what the player to move wins by capturing on to with
// its least worth piece, or 0 by stopping (whichever is more), the
// opponent doing the same after it; ok is false when a capture on the way
// would promote, or two pieces of the least worth could capture (either may
// go first, and which does may matter).
func playedOut(p *core.Position, to core.Square, values []int) (int, bool) {
	var best core.Move
	found, tied := false, false
	for _, m := range p.PseudoMoves(nil) {
		if m.To != to || m.Kind != core.KindNormal || m.VictimCount() > 0 {
			continue
		}
		if m.Promo != 0 {
			return 0, false
		}
		switch w := values[p.At(m.From).Type()]; {
		case !found || w < values[p.At(best.From).Type()]:
			best, found, tied = m, true, false
		case w == values[p.At(best.From).Type()]:
			tied = true
		}
	}
	if tied {
		return 0, false // which of the two goes first may matter (x-rays)
	}
	if !found {
		return 0, true
	}
	victim := values[p.At(to).Type()]
	p.MakeMove(best)
	rest, ok := playedOut(p, to, values)
	p.UnmakeMove()
	return max(0, victim-rest), ok
}

// TestExchangeNotJudged: the variants whose captures do more than remove
// the victim, or whose pieces attack in ways the tables leave out, are not
// judged.
func TestExchangeNotJudged(t *testing.T) {
	for _, name := range []string{"martian-chess", "longchess", "claustrophobia", "infinite-plane"} {
		r, err := variant.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		values := pieceValues(r)
		p := r.StartPosition()
		rng := rand.New(rand.NewPCG(3, 9))
		judged, seen := 0, 0
		for ply := 0; ply < 60; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				if m.Kind == core.KindNormal && m.VictimCount() == 0 {
					seen++
					if _, ok := p.Exchange(m, values, 2000); ok {
						judged++
					}
				}
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
		if seen == 0 || judged > 0 {
			t.Errorf("%s: %d of %d plain moves judged", name, judged, seen)
		}
	}
}

// BenchmarkExchange: the exchange of Nxd5 in a Queen's Gambit middlegame
// (d5 defended by a pawn, a knight and the queen).
func BenchmarkExchange(b *testing.B) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		b.Fatal(err)
	}
	p, err := r.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9")
	if err != nil {
		b.Fatal(err)
	}
	values := pieceValues(r)
	m, err := notation.Coordinate.Decode(p, "c3d5")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := p.Exchange(m, values, 2000); !ok {
			b.Fatal("not judged")
		}
	}
}
