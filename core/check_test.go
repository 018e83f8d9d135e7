package core_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"anychess/variant"
)

// TestGivesCheck: for every pseudo-legal move of positions of random games
// of every variant of the invariant test and of the unbounded ones,
// GivesCheck says what making the move and asking InCheck says, and
// leaves the position as it was.
func TestGivesCheck(t *testing.T) {
	plane, huygens := invariantVariants[0], invariantVariants[0]
	plane.name, huygens.name = "infinite-plane", "infinite-plane-huygens"
	variants := append(invariantVariants[:len(invariantVariants):len(invariantVariants)], plane, huygens)
	for vi, v := range variants {
		name := fmt.Sprint(v.name, v.options)
		rules, err := variant.Load(v.name, v.options)
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 4; game++ {
			p := rules.StartPosition()
			if v.start != "" {
				if p, err = rules.ParsePosition(v.start); err != nil {
					t.Fatal(err)
				}
			}
			rng := rand.New(rand.NewPCG(11, uint64(vi*16+game)))
			checks := 0
			for ply := 0; ply < 160; ply++ {
				hash, text := p.Hash(), p.String()
				for _, m := range p.PseudoMoves(nil) {
					p.MakeMove(m)
					want := p.InCheck()
					p.UnmakeMove()
					if got := p.GivesCheck(m); got != want {
						t.Fatalf("%s: %s: GivesCheck(%v) = %v, making it says %v", name, p, m, got, want)
					}
					if want {
						checks++
					}
				}
				if p.Hash() != hash || p.String() != text {
					t.Fatalf("%s: GivesCheck changed the position: %s, was %s", name, p, text)
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.MakeMove(moves[rng.IntN(len(moves))])
			}
			if checks == 0 && p.Rules().Players == 2 && v.name != "martian-chess" && v.name != "longchess" {
				t.Errorf("%s: no checking move met", name)
			}
		}
	}
}

// TestGivesCheckPlane: on the unbounded board, moves that open a line of
// another piece (discovered checks, near and a billion squares away) and a
// move that blocks a check already given (a position no legal game
// reaches) are judged as making them judges, for every move.
func TestGivesCheckPlane(t *testing.T) {
	r, err := variant.Load("infinite-plane", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text      string
		whiteTurn bool // set white to move after parsing
		minChecks int  // at least this many moves give check
	}{
		// The knight on (5,4) uncovers the rook on (5,2) with each of its moves.
		{"K1,1|R5,2|N5,4|k5,9 w - 0 1", false, 8},
		// The same a billion squares up, and a knight in front of a bishop.
		{"K1,1|R5,2|N5,4|B1,1000000005|N3,1000000007|k5,1000000009 w - 0 1", false, 16},
		// The rook already checks; the knight's move to (5,5) blocks it.
		{"K1,1|R5,2|N4,3|k5,9 b - 0 1", true, 1},
	} {
		p := planePos(t, r, tt.text)
		if tt.whiteTurn {
			p.SetTurn(0)
		}
		n := 0
		for _, m := range p.PseudoMoves(nil) {
			p.MakeMove(m)
			want := p.InCheck()
			p.UnmakeMove()
			if got := p.GivesCheck(m); got != want {
				t.Errorf("%s: GivesCheck(%v) = %v, making it says %v", tt.text, m, got, want)
			}
			if want {
				n++
			}
		}
		if n < tt.minChecks {
			t.Errorf("%s: %d moves give check, want at least %d", tt.text, n, tt.minChecks)
		}
	}
}
