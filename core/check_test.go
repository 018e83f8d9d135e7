package core_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"anychess/core"
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
				checks += checkingMoves(t, p, name+": "+text)
				if p.Hash() != hash || p.String() != text {
					t.Fatalf("%s: GivesCheck changed the position: %s, was %s", name, p, text)
				}
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				p.MakeMove(legal[rng.IntN(len(legal))])
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
		if n := checkingMoves(t, p, tt.text); n < tt.minChecks {
			t.Errorf("%s: %d moves give check, want at least %d", tt.text, n, tt.minChecks)
		}
		// The other side on the same board (a null move: the pieces stay,
		// the mover changes).
		p.MakeNullMove()
		checkingMoves(t, p, tt.text+", after a null move")
		p.UnmakeMove()
		checkingMoves(t, p, tt.text+", the null move taken back")
	}
}

// checkingMoves checks GivesCheck against making each pseudo-legal move of
// p, judging them all first and then again after each is made, and returns
// how many give check.
func checkingMoves(t *testing.T, p *core.Position, name string) int {
	t.Helper()
	moves := p.PseudoMoves(nil)
	gives := make([]bool, len(moves))
	for i, m := range moves {
		gives[i] = p.GivesCheck(m)
	}
	n := 0
	for i, m := range moves {
		p.MakeMove(m)
		want := p.InCheck()
		p.UnmakeMove()
		if gives[i] != want {
			t.Errorf("%s: GivesCheck(%v) = %v, making it says %v", name, m, gives[i], want)
		}
		if got := p.GivesCheck(m); got != want {
			t.Errorf("%s: GivesCheck(%v) = %v after a move made and taken back, making it says %v", name, m, got, want)
		}
		if want {
			n++
		}
	}
	return n
}

// TestGivesCheckPlaneAfterMoves: GivesCheck on the unbounded board judges
// a position reached by moves, after it judged an earlier one with the same
// mover and the same royal piece: the rook that the knight now uncovers
// came into line since.
func TestGivesCheckPlaneAfterMoves(t *testing.T) {
	r, err := variant.Load("infinite-plane", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := planePos(t, r, "K1,1|R6,2|N5,4|k5,9|n20,20 w - 0 1")
	checkingMoves(t, p, "before")
	for _, step := range [][2]core.Coord{{{X: 6, Y: 2}, {X: 5, Y: 2}}, {{X: 20, Y: 20}, {X: 21, Y: 22}}} {
		found := false
		for _, m := range p.PseudoMoves(nil) {
			if p.Coord(m.From) == step[0] && p.Coord(m.To) == step[1] {
				p.MakeMove(m)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("no move %v to %v in %s", step[0], step[1], p)
		}
	}
	if n := checkingMoves(t, p, "after"); n < 8 {
		t.Errorf("after: %d moves give check, want at least the knight's 8", n)
	}
}
