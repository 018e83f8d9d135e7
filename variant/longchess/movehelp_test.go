package longchess

// Tests of Longchess's move help (move_help): each of its examples is a legal move in a position where the example applies; and of its marks (mines, shells) as the definition declares them.

import (
	"strings"
	"testing"

	"anychess/core"
	"anychess/game"
)

// TestMoveHelpExamples: each example quoted here must be in the move help
// and be read by game.ParseMove as a legal move of the position.
func TestMoveHelpExamples(t *testing.T) {
	type example struct {
		options  []string
		position func(t *testing.T, r *core.Rules) *core.Position
		moves    []string
	}
	long := func(turn string, placements ...string) func(*testing.T, *core.Rules) *core.Position {
		return func(t *testing.T, r *core.Rules) *core.Position {
			if len(placements) == 0 {
				return r.StartPosition()
			}
			return lcPos(t, r, turn, placements...)
		}
	}
	for _, ex := range []example{
		{nil, long("w"), []string{"a7c8", "N1W3-3W2", "e-f", "P5W-6W", "a8off", "R1W2-0W"}},
		{nil, long("w", "R@1W2", "r@9W2"), []string{"R1W2x9W2"}},
		{nil, long("w", "B@12W6", "r@10W4"), []string{"l4@j6", "B12W6@10W4"}},
		{nil, long("w", "R[f]@10W5"), []string{"j5k5/drop", "R10W5-11W5/drop"}},
		{nil, long("w", "F@10W5"), []string{"pass"}},
		{nil, long("w", "R@10W5", "r@10B5"), []string{"R10W5-10W6:draw"}},
		{[]string{"mines"}, long("w"), []string{"e6*f6", "P5W4*6W4"}},
		{[]string{"artillery"}, long("w"), []string{"a5^k3^l7", "A1W5^11W3^12W7"}},
		{[]string{"teams=4"}, long("r"), []string{"Nc12-b10", "9-8", "Bb13-off"}},
	} {
		r := lcOpts(t, ex.options...)
		p := ex.position(t, r)
		for _, mv := range ex.moves {
			if !strings.Contains(r.Def.MoveHelp, mv) {
				t.Errorf("longchess %v: the move help does not show %q", ex.options, mv)
			}
			before := p.String()
			if _, err := game.ParseMove(p, mv); err != nil {
				t.Errorf("longchess %v: the help's %q is not legal in %s: %v", ex.options, mv, before, err)
			}
		}
	}
}

// TestLongchessMarksDeclared: the marks the hooks keep are the ones the
// definition declares, for every player, in the two- and four-team games.
func TestLongchessMarksDeclared(t *testing.T) {
	for _, options := range [][]string{{"mines", "artillery"}, {"teams=4", "mines", "artillery"}} {
		r := lcOpts(t, options...)
		kinds := map[string]int{}
		for i, mk := range r.Def.Board.Marks {
			kinds[mk.Name] = i
		}
		if len(kinds) != 2 {
			t.Fatalf("%v: marks %+v", options, r.Def.Board.Marks)
		}
		for pl := 0; pl < r.Players; pl++ {
			for _, c := range []struct {
				kind string
				bit  uint8
			}{{"mine", mineBit(core.Player(pl))}, {"shell", shellBit(core.Player(pl))}} {
				got := r.MarksOn(c.bit, nil)
				if len(got) != 1 || got[0] != (core.Marked{Kind: kinds[c.kind], Owner: core.Player(pl)}) {
					t.Errorf("%v: player %d's %s (bit %08b) reads as %v", options, pl+1, c.kind, c.bit, got)
				}
			}
		}
	}
	// A mine laid in play is a mark of its layer.
	r := lcOpts(t, "mines")
	p := r.StartPosition()
	m, err := game.ParseMove(p, "e6*f6")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	sq, _ := r.Board.ParseSquare("f6")
	if got := r.MarksOn(p.Mark(sq), nil); len(got) != 1 || r.Def.Board.Marks[got[0].Kind].Name != "mine" || got[0].Owner != 0 {
		t.Errorf("after e6*f6, f6 holds %v", got)
	}
}
