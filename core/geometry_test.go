package core

// Tests of Betza movement on unusual geometry: holes, crossable cells, hoppers, lame and locust moves.

import (
	"sort"
	"strings"
	"testing"
)

func testRules(t *testing.T, files, ranks int, holes, pass []string, fen string, pieces ...PieceDef) *Rules {
	t.Helper()
	def := &Definition{
		Name:    "test",
		Board:   BoardDef{Files: files, Ranks: ranks, Holes: holes, PassThrough: pass},
		Players: []PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces:  pieces,
		Start:   fen,
	}
	r, err := Compile(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// movesFrom lists the legal moves from one square as "to" or "to:victim,victim".
func movesFrom(t *testing.T, r *Rules, fen, from string) string {
	t.Helper()
	p, err := r.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	sq, err := r.Board.ParseSquare(from)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.From != sq {
			continue
		}
		s := r.Board.Name(m.To)
		var vs []string
		for _, v := range m.Victims {
			if v != NoSquare {
				vs = append(vs, r.Board.Name(v))
			}
		}
		if len(vs) > 0 {
			s += ":" + strings.Join(vs, ",")
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestMovementOnGeometry(t *testing.T) {
	rook := PieceDef{Letter: "R", Betza: "R"}
	wazir := PieceDef{Letter: "W", Betza: "W"}
	for _, tc := range []struct {
		name        string
		files       int
		ranks       int
		holes, pass []string
		pieces      []PieceDef
		fen, from   string
		want        string
	}{
		{"rook crosses an unused cell but cannot stop on it", 5, 3, nil, []string{"c2"}, []PieceDef{rook}, "5/R1*2/5 w - - 0 1", "a2", "a1 a3 b2 d2 e2"},
		{"a hole blocks the rook", 5, 3, []string{"c2"}, nil, []PieceDef{rook}, "5/R1*2/5 w - - 0 1", "a2", "a1 a3 b2"},
		{"knight cannot land on an unused cell", 3, 3, nil, []string{"b3"}, []PieceDef{{Letter: "N", Betza: "N"}}, "1*1/3/N2 w - - 0 1", "a1", "c2"},
		{"cannon moves like a rook, captures over a screen", 5, 1, nil, nil, []PieceDef{{Letter: "C", Betza: "mRcpR"}, wazir}, "C1W1w w - - 0 1", "a1", "b1 e1"},
		{"cannon screen may be an enemy", 5, 1, nil, nil, []PieceDef{{Letter: "C", Betza: "mRcpR"}, wazir}, "C1w1w w - - 0 1", "a1", "b1 e1"},
		{"grasshopper lands right behind its screen", 5, 5, nil, nil, []PieceDef{{Letter: "G", Betza: "gQ"}, wazir}, "5/5/2W2/W4/G4 w - - 0 1", "a1", "a3 d4"},
		{"grasshopper crosses an unused cell after the screen", 5, 1, nil, []string{"c1"}, []PieceDef{{Letter: "G", Betza: "gR"}, wazir}, "GW*2 w - - 0 1", "a1", ""},
		{"lame knight blocked on its orthogonal square", 5, 5, nil, nil, []PieceDef{{Letter: "H", Betza: "nN"}, wazir}, "5/5/5/1W3/1H3 w - - 0 1", "b1", "d2"},
		{"checker steps or jumps and captures", 5, 5, nil, nil, []PieceDef{{Letter: "C", Betza: "fmFfcafmF"}, wazir}, "5/5/5/1w3/C4 w - - 0 1", "a1", "c3:b2"},
		{"checker jump needs an empty landing", 5, 5, nil, nil, []PieceDef{{Letter: "C", Betza: "fmFfcafmF"}, wazir}, "5/5/2W2/1w3/C4 w - - 0 1", "a1", ""},
		{"overlapping Betza parts give each move once", 5, 1, nil, nil, []PieceDef{{Letter: "X", Betza: "WR"}}, "X4 w - - 0 1", "a1", "b1 c1 d1 e1"},
		{"a later part may subsume an earlier one", 5, 1, nil, nil, []PieceDef{{Letter: "X", Betza: "mWR2"}}, "X4 w - - 0 1", "a1", "b1 c1"},
		{"different modalities are kept", 5, 1, nil, nil, []PieceDef{{Letter: "X", Betza: "mWcR"}, wazir}, "X1w2 w - - 0 1", "a1", "b1 c1"},
		{"jumping slider skips its first square", 5, 1, nil, nil, []PieceDef{{Letter: "J", Betza: "jR"}, wazir}, "JW3 w - - 0 1", "a1", "c1 d1 e1"},
		{"friend screen: leaps over a friend, not over an enemy", 5, 1, nil, nil, []PieceDef{{Letter: "L", Betza: "tpafW"}, wazir}, "wLW2 w - - 0 1", "b1", "d1"},
		{"friend screen: captures behind the friend", 5, 1, nil, nil, []PieceDef{{Letter: "L", Betza: "tpafW"}, wazir}, "1LWw1 w - - 0 1", "b1", "d1"},
		{"enemy screen: side steps when an enemy stands ahead", 3, 3, nil, nil, []PieceDef{{Letter: "P", Betza: "fxpaslmW"}, wazir}, "3/1w1/1P1 w - - 0 1", "b1", "a2 c2"},
		{"enemy screen: a friend ahead is no screen", 3, 3, nil, nil, []PieceDef{{Letter: "P", Betza: "fxpaslmW"}, wazir}, "3/1W1/1P1 w - - 0 1", "b1", ""},
		{"enemy screen: the step needs an empty square", 3, 3, nil, nil, []PieceDef{{Letter: "P", Betza: "fxpaslmW"}, wazir}, "3/wwW/1P1 w - - 0 1", "b1", ""},
		{"leg range: a rider leg captures, then one step", 6, 1, nil, nil, []PieceDef{{Letter: "B", Betza: "c0afmW"}, wazir}, "B2w2 w - - 0 1", "a1", "e1:d1"},
		{"leg range: the step must find an empty square", 6, 1, nil, nil, []PieceDef{{Letter: "B", Betza: "c0afmW"}, wazir}, "B2wW1 w - - 0 1", "a1", ""},
		{"leg range: the rider leg crosses an unused cell", 5, 1, nil, []string{"b1"}, []PieceDef{{Letter: "B", Betza: "c0afmW"}, wazir}, "B*w2 w - - 0 1", "a1", "d1:c1"},
		{"leg range: nothing lands on an unused cell", 5, 1, nil, []string{"d1"}, []PieceDef{{Letter: "B", Betza: "c0afmW"}, wazir}, "B1w*1 w - - 0 1", "a1", ""},
		{"a capture-or-hop leg gives both moves", 3, 1, nil, nil, []PieceDef{{Letter: "C", Betza: "cpafW"}, wazir}, "Cw1 w - - 0 1", "a1", "c1 c1:b1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := testRules(t, tc.files, tc.ranks, tc.holes, tc.pass, tc.fen, tc.pieces...)
			if got := movesFrom(t, r, tc.fen, tc.from); got != tc.want {
				t.Errorf("moves from %s = %q, want %q", tc.from, got, tc.want)
			}
		})
	}
}

func TestOrientation(t *testing.T) {
	def := &Definition{
		Name:    "sideways",
		Board:   BoardDef{Files: 5, Ranks: 5},
		Players: []PlayerDef{{Name: "west", Forward: "east"}, {Name: "east", Forward: "west"}},
		Pieces:  []PieceDef{{Letter: "P", Betza: "fW"}, {Letter: "L", Betza: "lW"}},
		Start:   "5/5/P1L1p/5/5 w - - 0 1",
	}
	r, err := Compile(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ fen, from, want string }{
		{"5/5/P3p/5/5 w - - 0 1", "a3", "b3"}, // east-facing: forward is +file
		{"5/5/P3p/5/5 b - - 0 1", "e3", "d3"}, // west-facing: forward is -file
		{"5/5/2L2/5/5 w - - 0 1", "c3", "c4"}, // facing east, left is north
		{"5/5/2l2/5/5 b - - 0 1", "c3", "c2"}, // facing west, left is south
	} {
		if got := movesFrom(t, r, tc.fen, tc.from); got != tc.want {
			t.Errorf("%s from %s: %q, want %q", tc.fen, tc.from, got, tc.want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	base := func() *Definition {
		return &Definition{
			Name:    "x",
			Board:   BoardDef{Files: 4, Ranks: 4},
			Players: []PlayerDef{{Forward: "north"}, {Forward: "south"}},
			Pieces:  []PieceDef{{Letter: "K", Betza: "K", Royal: true}},
			Start:   "k3/4/4/3K w - - 0 1",
		}
	}
	for _, tc := range []struct {
		field string
		edit  func(d *Definition)
	}{
		{"name", func(d *Definition) { d.Name = "" }},
		{"board.files", func(d *Definition) { d.Board.Files = 65 }},
		{"players", func(d *Definition) { d.Players = d.Players[:1] }},
		{"players[1].forward", func(d *Definition) { d.Players[1].Forward = "up" }},
		{"pieces[0].betza", func(d *Definition) { d.Pieces[0].Betza = "K!" }},
		{"pieces[1].letter", func(d *Definition) { d.Pieces = append(d.Pieces, PieceDef{Letter: "K", Betza: "W"}) }},
		{"pieces[0].letter", func(d *Definition) { d.Pieces[0].Letter = "k" }},
		{"start", func(d *Definition) { d.Start = "k3/4/4 w" }},
		{"board.holes[0]", func(d *Definition) { d.Board.Holes = []string{"e9"} }},
		{"board.regions.z[0]", func(d *Definition) { d.Board.Regions = map[string][]string{"z": {"a1-q1"}} }},
		{"promotion[0].region", func(d *Definition) { d.Promotion = []PromotionDef{{Region: "none", Pieces: []string{"K"}}} }},
		{"castling[0].king_to", func(d *Definition) {
			d.Castling = []CastlingDef{{Flag: "K", KingFrom: "d1", KingTo: "z1", RookFrom: "a1", RookTo: "b1"}}
		}},
		{"hooks", func(d *Definition) { d.Hooks = "no-such-hooks" }},
		{"options[1].name", func(d *Definition) { d.Options = []OptionDef{{Name: "a"}, {Name: "a"}} }},
		{"options[0].default", func(d *Definition) { d.Options = []OptionDef{{Name: "a", Values: []string{"x"}, Default: "y"}} }},
		{"promotion[1].player", func(d *Definition) {
			d.Board.Regions = map[string][]string{"z": {"a4-d4"}}
			d.Promotion = []PromotionDef{{Region: "z", Pieces: []string{"K"}}, {Region: "z", Pieces: []string{"K"}}}
		}},
		{"castling[1].flag", func(d *Definition) {
			c := CastlingDef{Flag: "K", KingFrom: "d1", KingTo: "b1", RookFrom: "a1", RookTo: "c1"}
			d.Castling = []CastlingDef{c, c}
		}},
		{"draws.insufficient_material_rule", func(d *Definition) { d.Draws.InsufficientMaterialRule = "maybe" }},
	} {
		d := base()
		tc.edit(d)
		_, err := Compile(d, nil)
		fe, ok := err.(*FieldError)
		if !ok || fe.Field != tc.field {
			t.Errorf("want a FieldError on %s, got %v", tc.field, err)
		}
	}
	if _, err := Compile(base(), map[string]string{"nope": ""}); err == nil || !strings.Contains(err.Error(), "no options") {
		t.Errorf("unknown option: %v", err)
	}
}

func TestRoyalReachesEndsTheGame(t *testing.T) {
	def := &Definition{
		Name:    "reach",
		Board:   BoardDef{Files: 4, Ranks: 4, Regions: map[string][]string{"top": {"a4-d4"}, "bottom": {"a1-d1"}}},
		Players: []PlayerDef{{Forward: "north"}, {Forward: "south"}},
		Pieces:  []PieceDef{{Letter: "K", Betza: "K", Royal: true}},
		Goals:   GoalDef{RoyalReaches: []string{"top", "bottom"}},
		Start:   "4/K3/3k/4 w - - 0 1",
	}
	r, err := Compile(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	var win Move = NullMove
	for _, m := range p.LegalMoves(nil) {
		if r.Board.Name(m.To) == "a4" {
			win = m
		}
	}
	if win == NullMove {
		t.Fatal("a3a4 not generated")
	}
	p.MakeMove(win)
	if o := p.Outcome(); o.Status != Win || o.Winners != 1 {
		t.Errorf("outcome after reaching the goal: %v", o)
	}
	if n := len(p.LegalMoves(nil)); n != 0 {
		t.Errorf("%d legal moves after the game was won", n)
	}
	if n := p.Perft(2); n != 0 {
		t.Errorf("perft below a won position = %d", n)
	}
}
