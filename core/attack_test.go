package core

// Attack detection and legality with multi-leg pieces agree with their move generation on random boards.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestExoticAttacksMatchGeneration checks, on random positions, that Attacks
// finds exactly the enemy pieces that some move of the attacker captures (on
// its destination or as a victim on the way), for pieces whose captures the
// attack tables cannot express.
func TestExoticAttacksMatchGeneration(t *testing.T) {
	for _, tc := range []struct{ name, betza string }{
		{"bomber", "mRtpafWc0afmWmcafcW"},
		{"ninja guard", "F2ctpafF"},
		{"checker", "fmFfcafmF"},
		{"rifle and double step", "mcabWcafK"},
		{"rider then a turn", "c0asmWmc2afcF"},
		{"cannon and jumping rider", "mRcpRjB"},
		{"lame knight", "nN"},
		{"enemy screen", "fxpaslcW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pieces := []PieceDef{{Letter: "X", Betza: tc.betza}, {Letter: "W", Betza: "W"}}
			pass := []string{"c3", "f5", "g2"}
			r := testRules(t, 7, 7, []string{"a7"}, pass, "*6/7/5*1/7/2*4/6*/7 w - - 0 1", pieces...)
			rng := rand.New(rand.NewPCG(5, uint64(len(tc.betza))))
			for i := 0; i < 400; i++ {
				fen := randomFEN(rng, r)
				p, err := r.ParseFEN(fen)
				if err != nil {
					t.Fatalf("%s: %v", fen, err)
				}
				captured := map[Square]bool{}
				for _, m := range p.PseudoMoves(nil) {
					if m.Kind == KindNormal && p.At(m.To).IsPiece() && m.To != m.From {
						captured[m.To] = true
					}
					for _, v := range m.Victims {
						if v != NoSquare && m.Kind == KindNormal {
							captured[v] = true
						}
					}
				}
				for _, sq := range p.PieceSquares(1) {
					if got := p.Attacks(sq, 0); got != captured[sq] {
						t.Fatalf("%s: Attacks(%s) = %v, generation says %v", fen, r.Board.Name(sq), got, captured[sq])
					}
				}
			}
		})
	}
}

// TestExoticLegality checks, on random positions with kings, that the legal
// moves are exactly the moves after which no enemy move captures the king,
// whether the pin shortcut for out-of-reach exotic pieces applies or not.
func TestExoticLegality(t *testing.T) {
	for _, tc := range []struct{ name, betza string }{
		{"bomber", "mRtpafWc0afmWmcafcW"},
		{"ninja guard", "F2ctpafF"},
		{"checker", "fmFfcafmF"},
		{"rider then a turn", "c0asmWmc2afcF"},
		{"lame knight and rook", "nNR"},
		{"cannon", "mRcpR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pieces := []PieceDef{{Letter: "X", Betza: tc.betza}, {Letter: "W", Betza: "W"}, {Letter: "K", Betza: "K", Royal: true}, {Letter: "R", Betza: "R"}}
			r := testRules(t, 7, 7, []string{"a7"}, []string{"c3", "f5", "g2"}, "*6/7/5*1/7/2*4/6*/7 w - - 0 1", pieces...)
			rng := rand.New(rand.NewPCG(9, uint64(len(tc.betza))))
			for i := 0; i < 300; i++ {
				p, err := r.ParseFEN(randomFEN(rng, r))
				if err != nil {
					t.Fatal(err)
				}
				// Two kings; Black's may not be capturable with White to move.
				sqs := r.Board.Squares()
				for pl := Player(0); pl < 2; pl++ {
					sq := sqs[rng.IntN(len(sqs))]
					if p.At(sq) == Wall || p.Royal(0) == sq || p.Royal(1) == sq {
						continue
					}
					p.put(sq, p.board[sq], MakePiece(pl, 3))
				}
				if p.Royal(0) == NoSquare || p.Royal(1) == NoSquare || kingCapturable(p, 1) {
					continue
				}
				legal := map[Move]bool{}
				for _, m := range p.LegalMoves(nil) {
					legal[m] = true
				}
				for _, m := range p.PseudoMoves(nil) {
					p.MakeMove(m)
					safe := !kingCapturable(p, 0)
					p.UnmakeMove()
					if safe != legal[m] {
						t.Fatalf("%s: %s%s legal %v, but the king is safe after it: %v", p.FEN(), r.Board.Name(m.From), r.Board.Name(m.To), legal[m], safe)
					}
				}
			}
		})
	}
}

// kingCapturable reports whether the player to move has a move that captures
// the royal piece of player pl, on its destination or as a victim.
func kingCapturable(p *Position, pl Player) bool {
	k := p.Royal(pl)
	for _, m := range p.PseudoMoves(nil) {
		if m.To == k && m.Kind == KindNormal {
			return true
		}
		for _, v := range m.Victims {
			if v == k && m.Kind == KindNormal {
				return true
			}
		}
	}
	return false
}

// randomFEN fills about half the playable cells of r's board at random with
// the pieces X and W of either side, White to move.
func randomFEN(rng *rand.Rand, r *Rules) string { return randomFENOf(rng, r, "XWxw") }

// randomFENOf fills about half of r's board with pieces of the given
// letters, white to move.
func randomFENOf(rng *rand.Rand, r *Rules, letters string) string {
	b := r.Board
	var sb strings.Builder
	for y := b.Ranks - 1; y >= 0; y-- {
		empty := 0
		flush := func() {
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
		}
		for x := 0; x < b.Files; x++ {
			sq := b.square(x, y)
			switch {
			case !b.Playable(sq):
				flush()
				sb.WriteByte('*')
			case rng.IntN(2) == 0:
				empty++
			default:
				flush()
				sb.WriteByte(letters[rng.IntN(len(letters))])
			}
		}
		flush()
		if y > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String() + " w - - 0 1"
}

// TestReachMatchesGeneration checks on random positions, holes and
// crossable cells included, that Reach counts exactly the distinct
// destinations of the piece's generated moves (pieces whose moves and
// captures are the same plain leaps and slides), less those in avoid.
func TestReachMatchesGeneration(t *testing.T) {
	pieces := []PieceDef{{Letter: "X", Betza: "R"}, {Letter: "W", Betza: "N"}, {Letter: "Y", Betza: "FD"}}
	r := testRules(t, 7, 7, []string{"a7"}, []string{"c3", "f5", "g2"}, "*6/7/5*1/7/2*4/6*/7 w - - 0 1", pieces...)
	rng := rand.New(rand.NewPCG(9, 4))
	for i := 0; i < 300; i++ {
		fen := randomFENOf(rng, r, "XWYxwy")
		if i%2 == 1 {
			fen = strings.Replace(fen, " w ", " b ", 1)
		}
		p, err := r.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		avoid := make([]uint64, (r.Board.Size()+63)/64-1) // the last squares are never avoided
		for w := range avoid {
			avoid[w] = rng.Uint64() & rng.Uint64()
		}
		avoided := func(sq Square) bool { return int(sq/64) < len(avoid) && avoid[sq/64]>>(sq%64)&1 != 0 }
		want := map[Square]map[Square]bool{}
		for _, m := range p.PseudoMoves(nil) {
			if m.Kind != KindNormal || avoided(m.To) {
				continue
			}
			if want[m.From] == nil {
				want[m.From] = map[Square]bool{}
			}
			want[m.From][m.To] = true
		}
		for _, sq := range p.PieceSquares(p.Turn()) {
			if got := p.Reach(sq, avoid); got != len(want[sq]) {
				t.Fatalf("%s: Reach(%s) = %d, generation %d", fen, r.Board.Name(sq), got, len(want[sq]))
			}
		}
	}
}
