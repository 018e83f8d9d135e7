package variant

// Tests of the variants' move help (move_help): every variant has one, it names each declaration, and each of its examples is a legal move in a position where the example applies (Longchess's examples are in its package).

import (
	"strings"
	"testing"

	"anychess/core"
	"anychess/game"
)

// TestMoveHelpExamples: each example quoted here must be in the variant's
// move help and be read by game.ParseMove as a legal move of the position.
func TestMoveHelpExamples(t *testing.T) {
	type example struct {
		variant  string
		options  []string
		position func(t *testing.T, r *core.Rules) *core.Position
		moves    []string
	}
	fen := func(text string) func(*testing.T, *core.Rules) *core.Position {
		return func(t *testing.T, r *core.Rules) *core.Position {
			if text == "" {
				return r.StartPosition()
			}
			p, err := r.ParsePosition(text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			return p
		}
	}
	for _, ex := range []example{
		{"chess", nil, fen(""), []string{"e2e4", "g1f3", "e4", "Nf3"}},
		{"chess", nil, fen("4k3/5p2/8/3p3B/4P3/8/8/4K3 w - - 0 1"), []string{"exd5", "Bxf7+"}},
		{"chess", nil, fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), []string{"e1g1", "O-O", "e1c1", "O-O-O"}},
		{"chess", nil, fen("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1"), []string{"e7e8q", "e8=Q", "exd8=N"}},
		{"chess", nil, fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), []string{"e5d6", "exd6"}},
		{"siberia", nil, fen(""), []string{"e2e4", "b1c3", "e4", "Nc3"}},
		{"siberia", nil, fen("4k4/9/9/3pP4/9/9/9/9/4K4 w - d7 0 1"), []string{"e6d7", "exd7"}},
		{"siberia", nil, fen("r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1"), []string{"e1g1", "O-O", "e1c1", "O-O-O"}},
		{"siberia", nil, fen("k8/4P4/9/9/9/9/9/9/4K4 w - - 0 1"), []string{"e8e9q", "e9=Q"}},
		{"claustrophobia", nil, fen(""), []string{"e2e4", "c1d3", "e4", "Nd3"}},
		{"claustrophobia", nil, fen("5k**/7*/5***/5***/p4***/5***/7*/R4K** w - - 0 1"), []string{"a1a5xa4", "Rxa4a5"}},
		{"claustrophobia", nil, fen("5k**/7*/5***/5***/5***/4p***/3p3*/R1B2K** w - - 0 1"), []string{"c1e3xd2", "Bxd2xe3"}},
		{"claustrophobia", nil, fen("5k**/3P3*/5***/5***/5***/5***/7*/5K** w - - 0 1"), []string{"d7d8q", "d8=Q"}},
		{"martian-chess", nil, fen(""), []string{"d3d5", "c3b4", "Pb4", "Dd5", "d3d5:clock"}},
		{"martian-chess", nil, fen("Q3/4/4/4/4/4/4/Q3 1 -/- - -"), []string{"Qxa8"}},
		{"martian-chess", nil, fen("Q3/4/4/4/4/4/1P2/1D2 1 Q/- - -"), []string{"b1b2q"}},
		{"martian-chess", nil, fen("Q3/4/4/4/4/2P1/1P2/4 1 D/- - -"), []string{"c3b2d"}},
		{"infinite-plane", nil, fen(""), []string{"(5,2)(5,4)", "(5,4)", "N(2,1)-(3,3)", "N(3,3)"}},
		{"infinite-plane", []string{"names=letters"}, fen(""), []string{"(k8)(k10)"}},
		{"infinite-plane", nil, fen("K5,1|R8,1|r8,7|k5,8 w - 0 1"), []string{"Rx(8,7)"}},
		{"infinite-plane", nil, fen("K5,1|R1,1|k5,8 w - 0 1"), []string{"(1,1)(1,1000000)", "R(1,1000000)"}},
		{"infinite-plane", nil, fen("K5,1|P3,7|k8,8 w - 0 1"), []string{"(3,7)(3,8)q", "(3,8)=Q"}},
		{"infinite-plane-huygens", nil, fen(""), []string{"(5,2)(5,4)", "(5,4)", "N(2,1)-(3,3)", "N(3,3)"}},
		{"infinite-plane-huygens", []string{"names=letters"}, fen(""), []string{"(k8)(k10)"}},
		{"infinite-plane-huygens", nil, fen("K5,1|R8,1|r8,7|k5,8 w - 0 1"), []string{"Rx(8,7)"}},
		{"infinite-plane-huygens", nil, fen("K5,1|R1,1|k5,8 w - 0 1"), []string{"(1,1)(1,1000000)", "R(1,1000000)"}},
		{"infinite-plane-huygens", nil, fen("K5,1|P3,7|k8,8 w - 0 1"), []string{"(3,7)(3,8)q", "(3,8)=Q"}},
	} {
		r := lcOptsOf(t, ex.variant, ex.options)
		p := ex.position(t, r)
		for _, mv := range ex.moves {
			if !strings.Contains(r.Def.MoveHelp, mv) {
				t.Errorf("%s %v: the move help does not show %q", ex.variant, ex.options, mv)
			}
			before := p.String()
			if _, err := game.ParseMove(p, mv); err != nil {
				t.Errorf("%s %v: the help's %q is not legal in %s: %v", ex.variant, ex.options, mv, before, err)
			}
		}
	}
}

// lcOptsOf loads a variant with options written as on the command line.
func lcOptsOf(t *testing.T, name string, options []string) *core.Rules {
	t.Helper()
	opts, err := ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestMoveHelpEverywhere: every built-in variant has move help, which names
// each of its declarations (":clock") and points to nothing it lacks.
func TestMoveHelpEverywhere(t *testing.T) {
	for _, name := range Names() {
		r := lcOptsOf(t, name, nil)
		if len(strings.TrimSpace(r.Def.MoveHelp)) < 50 {
			t.Errorf("%s: move help %q", name, r.Def.MoveHelp)
		}
		for _, d := range r.Hooks.Declarations {
			if !strings.Contains(r.Def.MoveHelp, core.DeclarationSep+d.Name) {
				t.Errorf("%s: the move help does not show the declaration %s%s", name, core.DeclarationSep, d.Name)
			}
		}
	}
}
