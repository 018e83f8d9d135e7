package core

// Tests of the coordinate queries AtCoord and AttackedAt: they agree with At and AttackedBy, give far squares no handle and allocate nothing.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// coordPlaneRules compiles a small unbounded variant: king, rook, bishop,
// knight and a prime leaper (Huygens-like, orthogonal).
func coordPlaneRules(t testing.TB) *Rules {
	t.Helper()
	r, err := Compile(&Definition{
		Name:    "coord-plane",
		Board:   BoardDef{Unbounded: true},
		Players: []PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces: []PieceDef{
			{Name: "king", Letter: "K", Betza: "K", Royal: true},
			{Name: "rook", Letter: "R", Betza: "R"},
			{Name: "bishop", Letter: "B", Betza: "B"},
			{Name: "knight", Letter: "N", Betza: "N"},
			{Name: "huygens", Letter: "U", Betza: "W{prime>=5}"},
		},
		Start: "K0,0|k5,5 w",
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestAttackedAtPlane(t *testing.T) {
	r := coordPlaneRules(t)
	const far = 1_000_000_000_000
	tests := []struct {
		name, pos string
		x, y      int64
		us        Player
		attacked  bool
		at        byte // the letter standing there, 0 for empty
	}{
		{"far rook along the rank", "K0,0|k5,5|r1000000000000,3 w", 0, 3, 0, true, 0},
		{"far rook blocked", "K0,0|k5,5|r1000000000000,3|N7,3 w", 0, 3, 0, false, 0},
		{"far rook, the blocker's own square", "K0,0|k5,5|r1000000000000,3|N7,3 w", 7, 3, 0, true, 'N'},
		{"far bishop on the diagonal", "K0,0|k5,5|b1000000000000,999999999999 w", -1, -2, 0, true, 0},
		{"a far square next to a far rook", "K0,0|k5,5|r1000000000000,3 w", far, 4, 0, true, 0},
		{"a far square off every line", "K0,0|k5,5|r1000000000000,3 w", far + 1, 4, 0, false, 0},
		{"knight leap", "K0,0|k5,5|n2,1 w", 0, 0, 0, true, 'K'},
		{"prime leap 1000003", "K0,0|k5,5|u1000003,2|N500,2 w", 0, 2, 0, true, 0},
		{"leap 1000001 is not prime", "K0,0|k5,5|u1000001,2 w", 0, 2, 0, false, 0},
		{"our own pieces do not count", "K0,0|k5,5|R1000000000000,3 w", 0, 3, 0, false, 0},
		{"black's view", "K0,0|k5,5|R1000000000000,3 w", 0, 3, 1, true, 0},
		{"outside the plane", "K0,0|k5,5|r1000000000000,3 w", MaxPlaneCoord + 1, 3, 0, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := r.ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			c := Coord{X: tt.x, Y: tt.y}
			handles := len(p.plane.far)
			if got := p.AttackedAt(c, tt.us); got != tt.attacked {
				t.Errorf("AttackedAt = %v, want %v", got, tt.attacked)
			}
			got := p.AtCoord(c)
			switch {
			case !inPlane(c):
				if got != Wall {
					t.Errorf("AtCoord outside the plane = %v, want Wall", got)
				}
			case tt.at == 0 && got != Empty, tt.at != 0 && (!got.IsPiece() || r.Pieces[got.Type()].Letter != tt.at):
				t.Errorf("AtCoord = %v, want %q", got, tt.at)
			}
			if len(p.plane.far) != handles {
				t.Errorf("the queries gave %d squares handles", len(p.plane.far)-handles)
			}
			if !inPlane(c) {
				return
			}
			// The same answers as AttackedBy and At on c's handle.
			sq := p.Square(c)
			if want := p.AttackedBy(sq, tt.us); want != tt.attacked {
				t.Errorf("AttackedBy = %v: the table is wrong", want)
			}
			if p.At(sq) != got {
				t.Errorf("At = %v, AtCoord = %v", p.At(sq), got)
			}
		})
	}
}

func TestAttackedAtBounded(t *testing.T) {
	r, err := Compile(&Definition{
		Name:    "coord-bounded",
		Board:   BoardDef{Files: 5, Ranks: 5},
		Players: []PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces:  []PieceDef{{Name: "king", Letter: "K", Betza: "K", Royal: true}, {Name: "rook", Letter: "R", Betza: "R"}},
		Start:   "4k/5/5/5/K3r w - - 0 1",
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	for _, tt := range []struct {
		x, y     int64
		attacked bool
		at       Piece
	}{
		{1, 0, true, Empty},
		{0, 0, true, MakePiece(0, 1)},
		{0, 1, false, Empty},
		{4, 1, true, Empty},
		{5, 0, false, Wall},
		{-1, 0, false, Wall},
	} {
		c := Coord{X: tt.x, Y: tt.y}
		if got := p.AttackedAt(c, 0); got != tt.attacked {
			t.Errorf("AttackedAt(%v) = %v, want %v", c, got, tt.attacked)
		}
		if got := p.AtCoord(c); got != tt.at {
			t.Errorf("AtCoord(%v) = %v, want %v", c, got, tt.at)
		}
	}
}

func TestCoordQueriesDoNotAllocate(t *testing.T) {
	r := coordPlaneRules(t)
	p, err := r.ParsePosition("K0,0|k5,5|r1000000000000,3|b-1000000000000,1000000000000|u1000003,2 w")
	if err != nil {
		t.Fatal(err)
	}
	x := int64(1_000_000_000_000)
	handles := len(p.plane.far) // the far pieces' own
	allocs := testing.AllocsPerRun(200, func() {
		x++ // a new far square every time
		p.AttackedAt(Coord{X: x, Y: 4}, 0)
		p.AtCoord(Coord{X: x, Y: 4})
	})
	if allocs != 0 || len(p.plane.far) != handles {
		t.Errorf("%v allocations a run, %d handles given", allocs, len(p.plane.far)-handles)
	}
}

// TestAttackedAroundMatchesAttackedAt: on random boards of near and far
// pieces (bishops, rooks, knights and prime leapers), AttackedAround agrees
// with AttackedAt square by square, for both kings.
func TestAttackedAroundMatchesAttackedAt(t *testing.T) {
	r := coordPlaneRules(t)
	rng := rand.New(rand.NewPCG(3, 4))
	coord := func() int64 {
		switch rng.IntN(4) {
		case 0:
			return rng.Int64N(2_000_001) - 1_000_000 // far
		case 1:
			return MaxPlaneCoord - rng.Int64N(3) // at the edge of the plane
		}
		return rng.Int64N(13) - 6
	}
	letters := "RBNUrbnu"
	for i := 0; i < 400; i++ {
		used := map[Coord]bool{}
		var entries []string
		place := func(letter byte) {
			for {
				c := Coord{coord(), coord()}
				if rng.IntN(3) > 0 {
					c = Coord{rng.Int64N(13) - 6, rng.Int64N(13) - 6}
				}
				if !used[c] {
					used[c] = true
					entries = append(entries, fmt.Sprintf("%c%d,%d", letter, c.X, c.Y))
					return
				}
			}
		}
		place('K')
		place('k')
		for n := rng.IntN(8); n > 0; n-- {
			place(letters[rng.IntN(len(letters))])
		}
		// White to move, or Black when Black's king is in check (the side
		// not to move may not be); neither when both kings are.
		text := strings.Join(entries, "|") + " w"
		p, err := r.ParsePosition(text)
		if err != nil {
			if p, err = r.ParsePosition(strings.TrimSuffix(text, "w") + "b"); err != nil {
				continue
			}
		}
		for pl := Player(0); pl < 2; pl++ {
			c := p.Coord(p.Royal(pl))
			var want uint8
			for j, d := range Around {
				if p.AttackedAt(Coord{c.X + d.X, c.Y + d.Y}, pl) {
					want |= 1 << j
				}
			}
			if got := p.AttackedAround(c, pl); got != want {
				t.Fatalf("%s: player %d: AttackedAround %08b, AttackedAt %08b", text, pl, got, want)
			}
		}
	}
}
