package core

// Tests of the terrain and turn mechanisms hooks build on: Hooks.Step, Hooks.Pass, Hooks.Prepare, pieces without moves, display characters and labels.

import (
	"errors"
	"strings"
	"testing"
)

// stopAtC is a Step rule: file c is a line every move that reaches it stops
// on, and nothing leaps over it.
func stopAtC(r *Rules, from, to Square) StepRule {
	fx, tx := r.Board.Coord(from).X, r.Board.Coord(to).X
	switch {
	case fx != 2 && tx == 2:
		return StepLast
	case fx < 2 && tx > 2 || fx > 2 && tx < 2:
		return StepBlocked
	}
	return StepFree
}

func init() {
	RegisterHooks("test-stop-at-c", &Hooks{Step: stopAtC})
	RegisterHooks("test-pass", &Hooks{Pass: func(*Position) Move {
		m := NewMove(NoSquare, NoSquare)
		m.Kind = KindSpecial
		return m
	}})
	RegisterHooks("test-prepare", &Hooks{
		Prepare: func(r *Rules) (any, error) { return r.Board.Files * r.Board.Ranks, nil },
		Generate: func(p *Position, buf []Move) []Move {
			if p.Rules().Extra.(int) != 25 {
				panic("Prepare's result is not in Rules.Extra")
			}
			return buf
		},
	})
	RegisterHooks("test-prepare-fails", &Hooks{Prepare: func(*Rules) (any, error) { return nil, errors.New("no tables") }})
}

// hookRules compiles a 5×5 test variant with the named hooks.
func hookRules(t *testing.T, hooks, fen string, pieces ...PieceDef) *Rules {
	t.Helper()
	r, err := Compile(&Definition{
		Name:    "test",
		Hooks:   hooks,
		Board:   BoardDef{Files: 5, Ranks: 5},
		Players: []PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces:  pieces,
		Start:   fen,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestStepHook(t *testing.T) {
	wazir := PieceDef{Letter: "W", Betza: "W"}
	for _, tc := range []struct {
		name  string
		piece PieceDef
		fen   string
		from  string
		want  string
	}{
		{"a slider stops on the line", PieceDef{Letter: "R", Betza: "R"}, "5/5/5/5/R4 w - - 0 1", "a1", "a2 a3 a4 a5 b1 c1"},
		{"a slider captures on the line", PieceDef{Letter: "R", Betza: "R"}, "5/5/5/5/R1w2 w - - 0 1", "a1", "a2 a3 a4 a5 b1 c1"},
		{"a slider leaves the line", PieceDef{Letter: "R", Betza: "R"}, "5/5/5/5/2R2 w - - 0 1", "c1", "a1 b1 c2 c3 c4 c5 d1 e1"},
		{"a leaper does not leap over the line", PieceDef{Letter: "N", Betza: "N"}, "5/5/5/5/1N3 w - - 0 1", "b1", "a3 c3"},
		{"a rider stops on the line", PieceDef{Letter: "N", Betza: "NN"}, "5/5/5/5/N4 w - - 0 1", "a1", "b3 c2 c5"},
		{"a multi-leg move obeys the line too", PieceDef{Letter: "M", Betza: "mafsW"}, "5/5/5/5/1M3 w - - 0 1", "b1", "a3 c3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := hookRules(t, "test-stop-at-c", tc.fen, tc.piece, wazir)
			if got := movesFrom(t, r, tc.fen, tc.from); got != tc.want {
				t.Errorf("moves from %s = %q, want %q", tc.from, got, tc.want)
			}
		})
	}
	// Attacks follow the rule: a rook beyond the line does not attack.
	king := PieceDef{Letter: "K", Betza: "K", Royal: true}
	r := hookRules(t, "test-stop-at-c", "5/5/5/5/K2r1 w - - 0 1", king, PieceDef{Letter: "R", Betza: "R"})
	for _, tc := range []struct {
		fen      string
		attacked bool
	}{{"5/5/5/5/K2r1 w - - 0 1", false}, {"5/5/5/5/K1r2 w - - 0 1", true}, {"k4/5/5/5/K3r w - - 0 1", false}} {
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.InCheck(); got != tc.attacked {
			t.Errorf("%s: in check %v, want %v", tc.fen, got, tc.attacked)
		}
	}
}

func TestPassHook(t *testing.T) {
	pieces := []PieceDef{{Letter: "P", Betza: "fmW"}}
	fen := "5/5/5/p4/P4 w - - 0 1"
	for _, tc := range []struct {
		hooks string
		want  int
	}{{"", 0}, {"test-pass", 1}} {
		r := hookRules(t, tc.hooks, fen, pieces...)
		p := r.StartPosition()
		moves := p.LegalMoves(nil)
		if len(moves) != tc.want {
			t.Fatalf("hooks %q: %d moves, want %d", tc.hooks, len(moves), tc.want)
		}
		if tc.want == 0 {
			if o := p.Outcome(); o.Status != Draw {
				t.Errorf("without a pass: %v, want stalemate", o)
			}
			continue
		}
		h := p.Hash()
		p.MakeMove(moves[0])
		if p.Turn() != 1 || p.Hash() != p.ComputeHash() || p.Hash() == h {
			t.Errorf("after the pass: turn %d, hash %x (computed %x, before %x)", p.Turn(), p.Hash(), p.ComputeHash(), h)
		}
		if o := p.Outcome(); o.Status != Ongoing {
			t.Errorf("after the pass: %v, want the game to go on", o)
		}
		p.UnmakeMove()
		if p.Hash() != h {
			t.Errorf("unmaking the pass: hash %x, want %x", p.Hash(), h)
		}
	}
}

func TestPrepareHook(t *testing.T) {
	r := hookRules(t, "test-prepare", "5/5/5/5/W4 w - - 0 1", PieceDef{Letter: "W", Betza: "W"})
	if r.Extra != 25 {
		t.Errorf("Extra = %v, want 25", r.Extra)
	}
	r.StartPosition().LegalMoves(nil) // the Generate hook checks Extra
	_, err := Compile(&Definition{
		Name: "test", Hooks: "test-prepare-fails", Board: BoardDef{Files: 5, Ranks: 5},
		Players: []PlayerDef{{Forward: "north"}, {Forward: "south"}},
		Pieces:  []PieceDef{{Letter: "W", Betza: "W"}}, Start: "5/5/5/5/W4 w - - 0 1",
	}, nil)
	if err == nil || !strings.Contains(err.Error(), "no tables") {
		t.Errorf("a failing Prepare: %v", err)
	}
}

func TestPieceWithoutMoves(t *testing.T) {
	pieces := []PieceDef{{Letter: "F", Betza: ""}, {Letter: "R", Betza: "R"}}
	r := hookRules(t, "", "5/5/5/5/F1r2 w - - 0 1", pieces...)
	if got := movesFrom(t, r, "5/5/5/5/F1r2 w - - 0 1", "a1"); got != "" {
		t.Errorf("a piece without Betza moves %q", got)
	}
	if got := movesFrom(t, r, "5/5/5/5/F1r2 b - - 0 1", "c1"); !strings.Contains(got, "a1") {
		t.Errorf("a piece without moves cannot be captured: rook moves %q", got)
	}
}

func TestBoardDraw(t *testing.T) {
	def := func(draw map[string]string, files, ranks []string) *Definition {
		return &Definition{
			Name: "test",
			Board: BoardDef{Files: 3, Ranks: 2, Regions: map[string][]string{"keep": {"a1-b1"}, "bridge": {"b1-c1"}, "far": {"c2"}},
				Draw: draw, FileLabels: files, RankLabels: ranks},
			Players: []PlayerDef{{Forward: "north"}, {Forward: "south"}},
			Pieces:  []PieceDef{{Letter: "W", Betza: "W"}},
			Start:   "3/W2 w - - 0 1",
		}
	}
	r, err := Compile(def(map[string]string{"keep": "#", "far": "="}, []string{"1", "2", "C"}, []string{"x", "y"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]byte{"a1": '#', "b1": '#', "c1": 0, "c2": '=', "a2": 0} {
		sq, _ := r.Board.ParseSquare(name)
		if got := r.Board.Symbol(sq); got != want {
			t.Errorf("Symbol(%s) = %q, want %q", name, got, want)
		}
	}
	for _, tc := range []struct {
		name         string
		draw         map[string]string
		files, ranks []string
		field        string
	}{
		{"unknown region", map[string]string{"moat": "~"}, nil, nil, "board.draw.moat"},
		{"two characters", map[string]string{"keep": "##"}, nil, nil, "board.draw.keep"},
		{"a space", map[string]string{"keep": " "}, nil, nil, "board.draw.keep"},
		{"overlapping regions", map[string]string{"keep": "#", "bridge": "="}, nil, nil, "board.draw"},
		{"too few file labels", nil, []string{"1", "2"}, nil, "board.file_labels"},
		{"a long rank label", nil, nil, []string{"1", "1234"}, "board.rank_labels[1]"},
		{"an empty label", nil, []string{"1", "", "3"}, nil, "board.file_labels[1]"},
	} {
		_, err := Compile(def(tc.draw, tc.files, tc.ranks), nil)
		var fe *FieldError
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Field, tc.field) {
			t.Errorf("%s: error %v, want one in field %s", tc.name, err, tc.field)
		}
	}
}
