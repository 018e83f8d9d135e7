package termui_test

// Tests of the board drawing of terrain: water, region characters, carried items and player-facing labels.

import (
	"strings"
	"testing"

	"anychess/core"
	"anychess/termui"
)

func TestRenderTerrain(t *testing.T) {
	def := &core.Definition{
		Name: "moat",
		Board: core.BoardDef{Files: 4, Ranks: 2, Water: []string{"c1"},
			Regions:    map[string][]string{"keep": {"a1-a2"}, "bridge": {"c2"}},
			Draw:       map[string]string{"keep": "#", "bridge": "="},
			FileLabels: []string{"1", "2", "C", "2"}, RankLabels: []string{"r1", "r2"}},
		Players: []core.PlayerDef{{Forward: "east"}, {Forward: "west"}},
		Pieces:  []core.PieceDef{{Letter: "R", Betza: "R"}, {Letter: "F", Betza: ""}},
		Start:   "3r/1R*1 w - - 0 1",
	}
	r, err := core.Compile(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	plain := termui.Render(p)
	for _, want := range []string{
		"  1 2 C 2 \n",   // the labels players use, above
		"2 # . = r r2\n", // keep, empty square, bridge, piece; the rank's label at the right
		"1 # R ~ . r1\n", // water
		"  a b c d \n",   // the coordinates below
	} {
		if !strings.Contains(plain, want) {
			t.Errorf("no %q in\n%s", want, plain)
		}
	}
	// A carried item follows its carrier, and every cell widens to fit.
	rook, _ := r.Board.ParseSquare("b1")
	flag, _ := r.PieceByLetter("F")
	p.SetCarry(rook, uint8(core.MakePiece(1, flag)))
	carried := termui.Render(p)
	for _, want := range []string{"1 #  Rf ~  .  r1\n", "  1  2  C  2  \n"} {
		if !strings.Contains(carried, want) {
			t.Errorf("no %q in\n%s", want, carried)
		}
	}
}
