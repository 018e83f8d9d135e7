package variant

// Tests of the built-in variants: loading, contents, start FEN round trip and perft.

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"anychess/core"
	"anychess/notation"
)

func TestNames(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) {
		t.Errorf("Names() = %v, not sorted", names)
	}
	for _, want := range []string{"chess", "siberia"} {
		if !slices.Contains(names, want) {
			t.Errorf("Names() = %v, missing %q", names, want)
		}
	}
	for _, name := range names {
		def, err := Definition(name)
		if err != nil {
			t.Errorf("Definition(%q): %v", name, err)
			continue
		}
		if def.Name != name {
			t.Errorf("variants/%s.toml has name %q; the file must be named after the variant", name, def.Name)
		}
		if def.Title == "" || def.Help == "" {
			t.Errorf("%s: title or help missing", name)
		}
		if _, err := Load(name, nil); err != nil {
			t.Errorf("Load(%q): %v", name, err)
		}
	}
}

func TestUnknownVariant(t *testing.T) {
	for _, name := range []string{"nosuch", "", "chess.toml", "../variants/chess", "CHESS"} {
		_, err := Definition(name)
		if err == nil {
			t.Errorf("Definition(%q) succeeded", name)
			continue
		}
		if !strings.Contains(err.Error(), "chess, ") || !strings.Contains(err.Error(), "siberia") {
			t.Errorf("Definition(%q): %v; want the known names listed", name, err)
		}
		if _, err := Load(name, nil); err == nil {
			t.Errorf("Load(%q) succeeded", name)
		}
	}
}

// TestDefinitionCopies checks that callers cannot change the built-in data.
func TestDefinitionCopies(t *testing.T) {
	a, err := Definition("chess")
	if err != nil {
		t.Fatal(err)
	}
	a.Pieces[0].Betza = "changed"
	a.Board.Regions["white_promotion"][0] = "changed"
	b, err := Definition("chess")
	if err != nil {
		t.Fatal(err)
	}
	if b.Pieces[0].Betza == "changed" || b.Board.Regions["white_promotion"][0] == "changed" {
		t.Error("Definition returned shared data")
	}
}

func TestBuiltinContents(t *testing.T) {
	type piece struct {
		letter, betza string
		royal, pawn   bool
		value         int
	}
	pieces := []piece{
		{"K", "K", true, false, 0}, {"Q", "Q", false, false, 900}, {"R", "R", false, false, 500},
		{"B", "B", false, false, 320}, {"N", "N", false, false, 300}, {"P", "fmWfceFifmnD", false, true, 100},
	}
	castle := func(player int, flag, kf, kt, rf, rt string) core.CastlingDef {
		return core.CastlingDef{Player: player, Flag: flag, KingFrom: kf, KingTo: kt, RookFrom: rf, RookTo: rt}
	}
	tests := []struct {
		name     string
		size     int
		start    string
		regions  map[string][]string
		castling []core.CastlingDef
		draws    core.DrawDef
		help     []string // phrases the rules text must contain
	}{
		{
			name:    "chess",
			size:    8,
			start:   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			regions: map[string][]string{"white_promotion": {"a8-h8"}, "black_promotion": {"a1-h1"}},
			castling: []core.CastlingDef{
				castle(0, "K", "e1", "g1", "h1", "f1"), castle(0, "Q", "e1", "c1", "a1", "d1"),
				castle(1, "k", "e8", "g8", "h8", "f8"), castle(1, "q", "e8", "c8", "a8", "d8"),
			},
			draws: core.DrawDef{Repetition: 3, MoveCounter: 100, InsufficientMaterial: true},
			help:  []string{"en passant", "100 plies", "third time", "Insufficient material", "one colour"},
		},
		{
			name:    "siberia",
			size:    9,
			start:   "rnbqk1bnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQK1BNR w KQkq - 0 1",
			regions: map[string][]string{"white_promotion": {"a9-i9"}, "black_promotion": {"a1-i1"}},
			castling: []core.CastlingDef{
				castle(0, "K", "e1", "g1", "i1", "f1"), castle(0, "Q", "e1", "c1", "a1", "d1"),
				castle(1, "k", "e9", "g9", "i9", "f9"), castle(1, "q", "e9", "c9", "a9", "d9"),
			},
			draws: core.DrawDef{MoveCounter: 100},
			help: []string{"Ludii", "same \"forward\"", "rook goes to f1", "rook i1→f1", "100 plies",
				"no repetition rule", "insufficient-material", "23 / 529 / 13336"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, err := Definition(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if def.Board.Files != tt.size || def.Board.Ranks != tt.size {
				t.Errorf("board %dx%d, want %dx%d", def.Board.Files, def.Board.Ranks, tt.size, tt.size)
			}
			if def.Start != tt.start {
				t.Errorf("start %q, want %q", def.Start, tt.start)
			}
			if !reflect.DeepEqual(def.Board.Regions, tt.regions) {
				t.Errorf("regions %v, want %v", def.Board.Regions, tt.regions)
			}
			wantPlayers := []core.PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}}
			if !reflect.DeepEqual(def.Players, wantPlayers) {
				t.Errorf("players %+v, want %+v", def.Players, wantPlayers)
			}
			var got []piece
			for _, p := range def.Pieces {
				got = append(got, piece{p.Letter, p.Betza, p.Royal, p.Pawn, p.Value})
			}
			if !reflect.DeepEqual(got, pieces) {
				t.Errorf("pieces %+v, want %+v", got, pieces)
			}
			wantPromo := []core.PromotionDef{
				{Player: 0, Region: "white_promotion", Pieces: []string{"Q", "R", "B", "N"}},
				{Player: 1, Region: "black_promotion", Pieces: []string{"Q", "R", "B", "N"}},
			}
			if !reflect.DeepEqual(def.Promotion, wantPromo) {
				t.Errorf("promotion %+v, want %+v", def.Promotion, wantPromo)
			}
			if !reflect.DeepEqual(def.Castling, tt.castling) {
				t.Errorf("castling %+v, want %+v", def.Castling, tt.castling)
			}
			if def.Draws != tt.draws {
				t.Errorf("draws %+v, want %+v", def.Draws, tt.draws)
			}
			for _, h := range append(tt.help, tt.start) {
				if !strings.Contains(def.Help, h) {
					t.Errorf("help does not mention %q", h)
				}
			}
		})
	}
}

func TestStartFENRoundTrip(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			r, err := Load(name, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The variant's own position text, which is FEN unless hooks define one.
			if got := r.StartPosition().String(); got != r.Def.Start {
				t.Errorf("start position text %q, want %q", got, r.Def.Start)
			}
		})
	}
	for _, name := range []string{"chess", "siberia"} {
		r, err := Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.StartPosition().FEN(); got != r.Def.Start {
			t.Errorf("%s: start position FEN %q, want %q", name, got, r.Def.Start)
		}
	}
}

// TestPerft compares with /work/shared/reference: the start positions, and
// for chess the other published test positions, at depths 1 to 3.
func TestPerft(t *testing.T) {
	tests := []struct {
		variant, fen string
		counts       []uint64 // depth 1, 2, 3
	}{
		{"chess", "", []uint64{20, 400, 8902}},
		{"siberia", "", []uint64{23, 529, 13336}},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862}},
		{"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812}},
		{"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467}},
		{"chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379}},
	}
	for _, tt := range tests {
		t.Run(tt.variant+" "+tt.fen, func(t *testing.T) {
			r, err := Load(tt.variant, nil)
			if err != nil {
				t.Fatal(err)
			}
			p := r.StartPosition()
			if tt.fen != "" {
				if p, err = r.ParseFEN(tt.fen); err != nil {
					t.Fatal(err)
				}
			}
			for i, want := range tt.counts {
				if got := p.Perft(i + 1); got != want {
					t.Errorf("perft(%d) = %d, want %d", i+1, got, want)
				}
			}
		})
	}
}

func TestParseOptions(t *testing.T) {
	tests := []struct {
		args    []string
		want    map[string]string
		wantErr string
	}{
		{args: nil, want: map[string]string{}},
		{args: []string{"fast"}, want: map[string]string{"fast": ""}},
		{args: []string{"size=9", "fast", "x="}, want: map[string]string{"size": "9", "fast": "", "x": ""}},
		{args: []string{"a=b=c"}, want: map[string]string{"a": "b=c"}},
		{args: []string{"=9"}, wantErr: "missing name"},
		{args: []string{""}, wantErr: "missing name"},
		{args: []string{"size=9", "size=10"}, wantErr: "size given twice"},
		{args: []string{"fast", "fast=true"}, wantErr: "fast given twice"},
	}
	for _, tt := range tests {
		got, err := ParseOptions(tt.args)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseOptions(%q) error %v, want %q", tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseOptions(%q) = %v, %v; want %v", tt.args, got, err, tt.want)
		}
	}
}

// TestFormatExample compiles the annotated example of FORMAT.md.
func TestFormatExample(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```toml\n")
	example, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("FORMAT.md has no ```toml block")
	}
	r, err := Compile("FORMAT.md example", []byte(example), map[string]string{"lake": "large", "fast": ""})
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	if p.FEN() != r.Def.Start {
		t.Errorf("start FEN %q, want %q", p.FEN(), r.Def.Start)
	}
	// 10 pawn steps, 6 double steps (not onto the hole a4, the water e4/f4 or
	// the pass-through j4), 4 knight and 4 archbishop leaps to rank 3 = 24.
	if n := p.Perft(1); n != 24 {
		t.Errorf("perft(1) = %d, want 24", n)
	}
	if r.Options["lake"] != "large" || r.Options["fast"] != "true" {
		t.Errorf("options %v", r.Options)
	}
}

// TestBuiltinDraws checks that each variant's draw rules are the ones its help
// describes, by playing them through core.
func TestBuiltinDraws(t *testing.T) {
	shuffle := strings.Fields("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")
	siberiaShuffle := strings.Fields("h1g3 h9g7 g3h1 g7h9 h1g3 h9g7 g3h1 g7h9")
	tests := []struct {
		variant, fen string
		moves        []string
		want         core.Status
	}{
		{"chess", "", shuffle, core.Draw},             // threefold repetition
		{"siberia", "", siberiaShuffle, core.Ongoing}, // no repetition rule
		{"chess", "", shuffle[:4], core.Ongoing},      // twofold only
		{"chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", nil, core.Draw},
		{"chess", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", nil, core.Draw},
		{"chess", "3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1", nil, core.Draw},     // bishops on one colour
		{"chess", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", nil, core.Ongoing}, // on both colours
		{"chess", "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", nil, core.Ongoing},
		{"siberia", "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1", nil, core.Ongoing}, // no insufficient-material rule
		{"chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", nil, core.Ongoing},
		{"chess", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", nil, core.Draw},
		{"siberia", "4k4/9/9/9/9/9/9/9/R3K4 w - - 99 80", nil, core.Ongoing},
		{"siberia", "4k4/9/9/9/9/9/9/9/R3K4 w - - 100 80", nil, core.Draw},
	}
	for _, tt := range tests {
		r, err := Load(tt.variant, nil)
		if err != nil {
			t.Fatal(err)
		}
		p := r.StartPosition()
		if tt.fen != "" {
			if p, err = r.ParseFEN(tt.fen); err != nil {
				t.Fatal(err)
			}
		}
		for _, mv := range tt.moves {
			found := false
			for _, m := range p.LegalMoves(nil) {
				if r.Board.Name(m.From)+r.Board.Name(m.To) == mv {
					p.MakeMove(m)
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("%s %q: no move %s", tt.variant, tt.fen, mv)
			}
		}
		if got := p.Outcome(); got.Status != tt.want {
			t.Errorf("%s %q after %v: %v, want status %d", tt.variant, tt.fen, tt.moves, got, tt.want)
		}
	}
}

// TestSideNotToMoveInCheckRefused: a position whose side not to move has its
// royal piece attacked cannot arise in a game, and every position reader of
// a variant with royal pieces refuses it, naming the problem; variants
// without royal pieces have no check and read such texts as before.
func TestSideNotToMoveInCheckRefused(t *testing.T) {
	for _, tc := range []struct {
		variant, text string
		refused       bool
	}{
		{"chess", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", true},   // Black's king on e8 attacked by the rook
		{"chess", "4k3/8/8/8/8/8/8/4RK2 b - - 0 1", false},  // Black to move, in check: fine
		{"chess", "4k3/8/8/8/8/8/8/3R1K2 w - - 0 1", false}, // no check
		{"chess", "4k3/8/8/8/8/8/3n4/5K2 b - - 0 1", true},  // White's king attacked by the knight, Black to move
		{"siberia", "4k4/9/9/9/9/9/9/9/4RK3 w - - 0 1", true},
		// A bomber on f7 bombs a king on f2 across the unused f3–f6 (f1 is empty).
		{"claustrophobia", "5k**/5r1*/5***/5***/5***/5***/5K1*/6** b - - 0 1", true},
		{"claustrophobia", "5k**/5r1*/5***/5***/5***/5***/5K1*/6** w - - 0 1", false},
		{"claustrophobia", "5k**/5r1*/5***/5***/5***/5***/5K1*/5N** b - - 0 1", false}, // f1 taken: no bomb
		{"infinite-plane", "K0,0|R20,30|k20,40 w", true},
		{"infinite-plane", "K0,0|R20,30|k20,40 b", false},
		{"infinite-plane", "K0,0|R20,30|k21,40 w", false},
	} {
		t.Run(tc.variant+" "+tc.text, func(t *testing.T) {
			r, err := Load(tc.variant, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.ParsePosition(tc.text)
			if tc.refused {
				if err == nil || !strings.Contains(err.Error(), "is in check, yet") {
					t.Errorf("error %v, want the side not to move in check refused", err)
				}
				return
			}
			if err != nil {
				t.Errorf("refused: %v", err)
			}
		})
	}
}

// TestGameEndRulesFollowEachVariant plays each variant's game-end rules
// through core, as its rules text gives them, and checks that no draw or
// loss rule of orthodox chess applies where the text has none: Siberia has
// no repetition or material draw, Claustrophobia no material draw (a bare
// king still takes the scepter), the plane no move counter, Martian Chess
// ends only by an empty zone or the clock, Longchess only by its flags,
// armies, repetition and agreement.
func TestGameEndRulesFollowEachVariant(t *testing.T) {
	times := func(n int, moves ...string) []string {
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, moves...)
		}
		return out
	}
	knights := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for _, tc := range []struct {
		name, variant string
		options       []string
		text          string // "" for the start
		moves         []string
		status        core.Status
		reason        string
	}{
		{"chess: threefold repetition", "chess", nil, "", times(2, knights...), core.Draw, "repetition"},
		{"chess: king and knight against king", "chess", nil, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", nil, core.Draw, "insufficient"},
		{"chess: stalemate", "chess", nil, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, core.Draw, "stalemate"},
		{"siberia: no repetition draw", "siberia", nil, "", times(3, "h1g3", "h9g7", "g3h1", "g7h9"), core.Ongoing, ""},
		{"siberia: no material draw", "siberia", nil, "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1", nil, core.Ongoing, ""},
		{"siberia: 100 plies", "siberia", nil, "4k4/9/9/9/9/9/9/9/R3K4 w - - 100 80", nil, core.Draw, "100 plies"},
		{"siberia: stalemate", "siberia", nil, "8k/6Q2/7K1/9/9/9/9/9/9 b - - 0 1", nil, core.Draw, "stalemate"},
		{"claustrophobia: king against king plays on", "claustrophobia", nil, "k5**/7*/5***/5***/5***/5***/6K*/6** w - - 0 1", nil, core.Ongoing, ""},
		{"claustrophobia: king and knight against king plays on", "claustrophobia", nil, "k5**/7*/5***/5***/5***/5***/6K*/N5** w - - 0 1", nil, core.Ongoing, ""},
		{"claustrophobia: threefold repetition", "claustrophobia", nil, "", times(2, "g2e3", "g7e6", "e3g2", "e6g7"), core.Draw, "repetition"},
		{"infinite-plane: no move counter", "infinite-plane", nil, "K0,0|Q1,1|R2,2|k10,12 w - 500", nil, core.Ongoing, ""},
		{"infinite-plane: threefold repetition", "infinite-plane", nil, "", times(2, "(2,1)(1,3)", "(2,8)(1,6)", "(1,3)(2,1)", "(1,6)(2,8)"), core.Draw, "repetition"},
		{"infinite-plane: queen against king cannot force mate", "infinite-plane", nil, "K0,0|Q1,1|k10,12 w", nil, core.Draw, "insufficient"},
		{"infinite-plane: two queens play on", "infinite-plane", nil, "K0,0|Q1,1|Q2,1|k10,12 w", nil, core.Ongoing, ""},
		{"martian-chess: no repetition draw", "martian-chess", nil, "", times(3, "b3a4", "c6d5", "a4b3", "d5c6"), core.Ongoing, ""},
		{"longchess: threefold repetition", "longchess", nil, "", times(2, "a7b9", "ak7aj9", "b9a7", "aj9ak7"), core.Draw, "repetition"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts, err := ParseOptions(tc.options)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Load(tc.variant, opts)
			if err != nil {
				t.Fatal(err)
			}
			p := r.StartPosition()
			if tc.text != "" {
				if p, err = r.ParsePosition(tc.text); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := notation.ParseMoves(p, strings.Join(tc.moves, " "), notation.Coordinate); err != nil {
				t.Fatal(err)
			}
			o := p.Outcome()
			if o.Status != tc.status || !strings.Contains(o.Reason, tc.reason) {
				t.Errorf("after %v: %v, want status %d (%q)", tc.moves, o, tc.status, tc.reason)
			}
		})
	}
}
