// Invariant tests over random games: make/unmake, incremental hashing, independent legality.
package core_test

import (
	"math/rand/v2"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// snapshot is everything observable about a position that make/unmake must restore.
type snapshot struct {
	fen   string
	hash  uint64
	cells []core.Piece
}

func snap(p *core.Position) snapshot {
	b := p.Rules().Board
	s := snapshot{fen: p.FEN(), hash: p.Hash()}
	for _, sq := range b.Squares() {
		s.cells = append(s.cells, p.At(sq))
	}
	return s
}

func (s snapshot) equal(o snapshot) bool {
	if s.fen != o.fen || s.hash != o.hash || len(s.cells) != len(o.cells) {
		return false
	}
	for i := range s.cells {
		if s.cells[i] != o.cells[i] {
			return false
		}
	}
	return true
}

// royalCapturable is an independent legality check: after a move, can any
// opponent, by its own pseudo-legal moves, capture the mover's royal piece? It
// uses move generation only, not the attack tables.
func royalCapturable(t *testing.T, p *core.Position, mover core.Player) bool {
	t.Helper()
	var k core.Square = core.NoSquare
	for _, sq := range p.PieceSquares(mover) {
		if p.Rules().Pieces[p.At(sq).Type()].Royal {
			k = sq
		}
	}
	if k == core.NoSquare {
		return false
	}
	for _, m := range p.PseudoMoves(nil) {
		if m.To == k && m.Kind != core.KindCastle {
			return true
		}
		for _, v := range m.Victims {
			if v == k && m.Kind == core.KindNormal {
				return true
			}
		}
	}
	return false
}

func TestRandomGameInvariants(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 5
	}
	for _, name := range []string{"chess", "siberia"} {
		rules, err := variant.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, uint64(len(name))))
		for g := 0; g < games; g++ {
			p := rules.StartPosition()
			for ply := 0; ply < 200; ply++ {
				before := snap(p)
				legal := p.LegalMoves(nil)
				legalSet := map[core.Move]bool{}
				for _, m := range legal {
					legalSet[m] = true
				}
				// Every pseudo-legal move is legal exactly when the independent check says so.
				for _, m := range p.PseudoMoves(nil) {
					mover := p.Turn()
					p.MakeMove(m)
					if p.Hash() != p.ComputeHash() {
						t.Fatalf("%s: incremental hash wrong after %v in %s", name, m, before.fen)
					}
					illegal := royalCapturable(t, p, mover)
					if m.Kind == core.KindCastle && !illegal {
						// legality of castling also depends on the squares passed; checked by LegalMoves
						illegal = !legalSet[m]
					}
					p.UnmakeMove()
					if illegal == legalSet[m] {
						t.Fatalf("%s: move %+v legal=%v but independent check says illegal=%v in %s", name, m, legalSet[m], illegal, before.fen)
					}
					if !snap(p).equal(before) {
						t.Fatalf("%s: make/unmake of %+v did not restore %s (now %s)", name, m, before.fen, p.FEN())
					}
				}
				if len(legal) == 0 {
					break
				}
				p.MakeMove(legal[rng.IntN(len(legal))])
				// The position survives a FEN round trip.
				q, err := rules.ParseFEN(p.FEN())
				if err != nil {
					t.Fatalf("%s: FEN %q does not parse: %v", name, p.FEN(), err)
				}
				if q.FEN() != p.FEN() {
					t.Fatalf("%s: FEN round trip %q -> %q", name, p.FEN(), q.FEN())
				}
			}
		}
	}
}
