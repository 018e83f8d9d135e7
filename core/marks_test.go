package core

// Tests of the kinds of mark: the checks of BoardDef.Marks and reading a square's marks.

import (
	"reflect"
	"strings"
	"testing"
)

// markDef is a small two-player variant with the given kinds of mark.
func markDef(marks ...MarkDef) *Definition {
	return &Definition{
		Name:    "marked",
		Board:   BoardDef{Files: 4, Ranks: 4, Marks: marks},
		Players: []PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces:  []PieceDef{{Name: "king", Letter: "K", Betza: "K", Royal: true}, {Name: "mule", Letter: "M", Betza: "W"}},
		Start:   "k3/4/4/3K w - - 0 1",
	}
}

func TestMarkChecks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		marks []MarkDef
		want  string // "" when accepted
	}{
		{"two kinds", []MarkDef{{"mine", "X", 0}, {"shell", "s", 4}}, ""},
		{"adjacent kinds", []MarkDef{{"mine", "X", 0}, {"shell", "S", 2}}, ""},
		{"top bits", []MarkDef{{"mine", "X", 6}}, ""},
		{"no name", []MarkDef{{"", "X", 0}}, "board.marks[0].name: missing"},
		{"no symbol", []MarkDef{{"mine", "", 0}}, "board.marks[0].symbol: want one ASCII letter"},
		{"two letters", []MarkDef{{"mine", "XY", 0}}, "want one ASCII letter"},
		{"not a letter", []MarkDef{{"mine", "*", 0}}, "want one ASCII letter"},
		{"a piece's letter", []MarkDef{{"mine", "m", 0}}, `"m" is the letter of the mule`},
		{"two kinds, one symbol", []MarkDef{{"mine", "X", 0}, {"shell", "x", 4}}, `board.marks[1].symbol: "x" is also the symbol of mark "mine"`},
		{"negative bit", []MarkDef{{"mine", "X", -1}}, "board.marks[0].bit: bits -1 to 0"},
		{"past the layer", []MarkDef{{"mine", "X", 7}}, "bits 7 to 8 (one per player) do not fit"},
		{"overlap", []MarkDef{{"mine", "X", 0}, {"shell", "S", 1}}, "board.marks[1].bit: bits 1 to 2 overlap"},
	} {
		_, err := Compile(markDef(tc.marks...), nil)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}

func TestMarksOn(t *testing.T) {
	r, err := Compile(markDef(MarkDef{"mine", "X", 0}, MarkDef{"shell", "S", 4}), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v    uint8
		want []Marked
	}{
		{0, nil},
		{0b01, []Marked{{0, 0}}},
		{0b10, []Marked{{0, 1}}},
		{0b0011_0010, []Marked{{0, 1}, {1, 0}, {1, 1}}},
		{0b0000_1100, nil}, // bits of no kind (players 3 and 4 of a two-player game)
	} {
		if got := r.MarksOn(tc.v, nil); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%08b: %v, want %v", tc.v, got, tc.want)
		}
	}
	// A position keeps the marks its hooks set.
	p := r.StartPosition()
	sq, _ := r.Board.ParseSquare("b2")
	p.SetMark(sq, 0b0001_0001)
	if got := r.MarksOn(p.Mark(sq), nil); !reflect.DeepEqual(got, []Marked{{0, 0}, {1, 0}}) {
		t.Errorf("b2: %v", got)
	}
}
