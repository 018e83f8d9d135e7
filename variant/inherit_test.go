package variant

// Tests of inheritance: the merge rules, chains, their errors, and the built-in variants that inherit.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"anychess/core"
	"anychess/notation"
)

// files is a Resolver over texts in memory, by name.
func files(texts map[string]string) Resolver {
	return func(from, name string) (string, []byte, error) {
		text, ok := texts[name]
		if !ok {
			return "", nil, fmt.Errorf("no file %q", name)
		}
		return name, []byte(text), nil
	}
}

// lettersOf returns the letters of the pieces in order.
func lettersOf(def *core.Definition) string {
	var sb strings.Builder
	for _, p := range def.Pieces {
		sb.WriteString(p.Letter)
	}
	return sb.String()
}

// piece returns the definition's piece of the letter.
func piece(t *testing.T, def *core.Definition, letter string) core.PieceDef {
	t.Helper()
	for _, p := range def.Pieces {
		if p.Letter == letter {
			return p
		}
	}
	t.Fatalf("no piece %s in %s", letter, lettersOf(def))
	return core.PieceDef{}
}

// chessPromotion restates chess's promotion with other choices.
func chessPromotion(choices string) string {
	return fmt.Sprintf(`
[[promotion]]
player = 0
region = "white_promotion"
pieces = %s

[[promotion]]
player = 1
region = "black_promotion"
pieces = %s
`, choices, choices)
}

func TestInheritMerge(t *testing.T) {
	chess, err := Definition("chess")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		text  string
		check func(t *testing.T, def *core.Definition)
	}{
		{"scalars override, the rest is inherited", `
inherits = "chess"
name = "c2"
title = "C2"
`, func(t *testing.T, def *core.Definition) {
			if def.Name != "c2" || def.Title != "C2" || def.Help != chess.Help || def.Start != chess.Start {
				t.Errorf("name %q title %q; help or start not chess's", def.Name, def.Title)
			}
			want := *chess
			want.Name, want.Title = "c2", "C2"
			if !reflect.DeepEqual(*def, want) {
				t.Errorf("got %+v\nwant %+v", def, want)
			}
		}},
		{"the name is never inherited", `
inherits = "chess"
title = "No name"
`, func(t *testing.T, def *core.Definition) {
			if def.Name != "" {
				t.Errorf("name %q inherited", def.Name)
			}
		}},
		{"tables merge key by key", `
inherits = "chess"
name = "c3"
[draws]
insufficient_material = false
[goals]
stalemate_loses = true
`, func(t *testing.T, def *core.Definition) {
			want := core.DrawDef{Repetition: 3, MoveCounter: 100}
			if def.Draws != want || !def.Goals.StalemateLoses {
				t.Errorf("draws %+v goals %+v", def.Draws, def.Goals)
			}
			if def.Board.Files != 8 || len(def.Board.Regions) != 2 {
				t.Errorf("board not inherited: %+v", def.Board)
			}
		}},
		{"a piece changes key by key and keeps its place", `
inherits = "chess"
name = "c4"
[[pieces]]
letter = "N"
betza = "NN"
`, func(t *testing.T, def *core.Definition) {
			if got := lettersOf(def); got != "KQRBNP" {
				t.Errorf("order %s", got)
			}
			if n := piece(t, def, "N"); n.Betza != "NN" || n.Name != "knight" || n.Value != 300 {
				t.Errorf("knight %+v", n)
			}
			if !reflect.DeepEqual(def.Pieces[5], chess.Pieces[5]) {
				t.Errorf("pawn changed: %+v", def.Pieces[5])
			}
		}},
		{"a piece's flag set back to false", `
inherits = "chess"
name = "c5"
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
castling = []
[[pieces]]
letter = "K"
royal = false
[[pieces]]
letter = "Q"
royal = true
`, func(t *testing.T, def *core.Definition) {
			if piece(t, def, "K").Royal || !piece(t, def, "Q").Royal {
				t.Errorf("royal flags %+v", def.Pieces[:2])
			}
		}},
		{"remove and add pieces", `
inherits = "chess"
name = "c6"
start = "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1"
[[pieces]]
letter = "Q"
remove = true
[[pieces]]
letter = "A"
name = "amazon"
betza = "QN"
value = 1200
[[pieces]]
letter = "C"
name = "camel"
betza = "C"
before = "A"
[[pieces]]
letter = "Z"
betza = "Z"
before = "K"
` + chessPromotion(`["A", "R", "B", "N", "C"]`), func(t *testing.T, def *core.Definition) {
			if got := lettersOf(def); got != "ZKRBNPCA" {
				t.Errorf("order %s, want ZKRBNPCA", got)
			}
			if a := piece(t, def, "A"); a.Name != "amazon" || a.Value != 1200 {
				t.Errorf("amazon %+v", a)
			}
		}},
		{"regions merge by name; [] removes one", `
inherits = "chess"
name = "c7"
[board.regions]
black_promotion = ["a1-h2"]
centre = ["d4-e5"]
white_promotion = []
[[promotion]]
player = 1
region = "black_promotion"
pieces = ["Q"]
`, func(t *testing.T, def *core.Definition) {
			want := map[string][]string{"black_promotion": {"a1-h2"}, "centre": {"d4-e5"}}
			if !reflect.DeepEqual(def.Board.Regions, want) {
				t.Errorf("regions %v", def.Board.Regions)
			}
			if len(def.Promotion) != 1 || def.Promotion[0].Player != 1 {
				t.Errorf("promotion %+v", def.Promotion)
			}
		}},
		{"arrays of tables are replaced whole; [] for none", `
inherits = "chess"
name = "c8"
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
castling = []
promotion = []
[[players]]
name = "south"
forward = "south"
[[players]]
name = "north"
forward = "north"
`, func(t *testing.T, def *core.Definition) {
			if def.Castling != nil || def.Promotion != nil {
				t.Errorf("castling %v promotion %v", def.Castling, def.Promotion)
			}
			if len(def.Players) != 2 || def.Players[0].Name != "south" {
				t.Errorf("players %+v", def.Players)
			}
		}},
		{"options merge by name", `
inherits = "infinite-plane"
name = "p2"
[[options]]
name = "names"
default = "letters"
[[options]]
name = "extra"
description = "a flag"
`, func(t *testing.T, def *core.Definition) {
			if len(def.Options) != 2 || def.Options[0].Default != "letters" || def.Options[0].Description == "" ||
				!slices.Equal(def.Options[0].Values, []string{"numeric", "letters"}) || def.Options[1].Name != "extra" {
				t.Errorf("options %+v", def.Options)
			}
			if def.Hooks != "infinite-plane" {
				t.Errorf("hooks %q not inherited", def.Hooks)
			}
		}},
		{"a new board with everything that names squares written", `
inherits = "chess"
name = "big"
start = "rnbqkbnr2/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNR2 w - - 0 1"
castling = []
[board]
files = 10
[board.regions]
white_promotion = ["a8-j8"]
black_promotion = []
[[promotion]]
player = 0
region = "white_promotion"
pieces = ["Q"]
`, func(t *testing.T, def *core.Definition) {
			if def.Board.Files != 10 || def.Board.Ranks != 8 || len(def.Board.Regions) != 1 || len(def.Promotion) != 1 {
				t.Errorf("board %+v", def.Board)
			}
		}},
		{"a chain: the file inherits siberia, which inherits chess", `
inherits = "siberia"
name = "s2"
[draws]
repetition = 3
`, func(t *testing.T, def *core.Definition) {
			if def.Board.Files != 9 || def.Draws.Repetition != 3 || def.Draws.MoveCounter != 100 || len(def.Pieces) != 6 {
				t.Errorf("board %+v draws %+v", def.Board, def.Draws)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, err := Parse("child.toml", []byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, def)
			if def.Name == "" {
				return
			}
			if _, err := Compile("child.toml", []byte(tt.text), nil); err != nil {
				t.Errorf("does not compile: %v", err)
			}
		})
	}
}

// TestInheritChainOfFiles follows a chain of files given by a resolver,
// and the draw table's names removed with "".
func TestInheritChainOfFiles(t *testing.T) {
	texts := map[string]string{
		"base": `
inherits = "chess"
name = "base"
title = "Base"
[board.draw]
centre = "+"
edge = "#"
[board.regions]
centre = ["d4-e5"]
edge = ["a3-a6"]
`,
		"middle": `
inherits = "base"
name = "middle"
[[pieces]]
letter = "N"
betza = "NN"
[board.draw]
edge = ""
`,
	}
	leaf := `
inherits = "middle"
name = "leaf"
[draws]
repetition = 5
`
	r, err := CompileWith("leaf.toml", []byte(leaf), nil, files(texts))
	if err != nil {
		t.Fatal(err)
	}
	def := r.Def
	if def.Name != "leaf" || def.Title != "Base" || def.Draws.Repetition != 5 || def.Pieces[4].Betza != "NN" {
		t.Errorf("merged %+v", def)
	}
	if !reflect.DeepEqual(def.Board.Draw, map[string]string{"centre": "+"}) {
		t.Errorf("draw %v", def.Board.Draw)
	}
	// The same game written out: chess with nightriders.
	_, chessText, err := builtinFile("chess")
	if err != nil {
		t.Fatal(err)
	}
	flat, err := Compile("flat.toml", []byte(strings.Replace(string(chessText), `betza = "N"`, `betza = "NN"`, 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.StartPosition().Perft(3), flat.StartPosition().Perft(3); got != want || got == 8902 {
		t.Errorf("perft(3) %d, want %d (chess's is 8902)", got, want)
	}
}

// TestFileResolver reads a parent file beside the child, as --variant-file does.
func TestFileResolver(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	write("base.toml", "inherits = \"chess\"\nname = \"base\"\n[draws]\nrepetition = 2\n")
	child := write("child.toml", "inherits = \"base.toml\"\nname = \"child\"\n")
	r, err := LoadFile(child, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Def.Draws.Repetition != 2 || r.Def.Name != "child" {
		t.Errorf("draws %+v name %q", r.Def.Draws, r.Def.Name)
	}
	bad := write("bad.toml", "inherits = \"nothere\"\nname = \"bad\"\n")
	_, err = LoadFile(bad, nil)
	if want := bad + `:1: inherits: no variant "nothere": not a built-in variant`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want %s…", err, want)
	}
	missing := write("missing.toml", "inherits = \"gone.toml\"\nname = \"m\"\n")
	_, err = LoadFile(missing, nil)
	if want := missing + ":1: inherits: open " + filepath.Join(dir, "gone.toml"); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want %s…", err, want)
	}
}

// lineOf returns the 1-based line of the first line of text containing s.
func lineOf(t *testing.T, text, s string) int {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%q not in the text", s)
	return 0
}

func TestInheritErrors(t *testing.T) {
	_, chessText, err := builtinFile("chess")
	if err != nil {
		t.Fatal(err)
	}
	// The line of chess's fourth promotion choice of player 0.
	promoLine := lineOf(t, string(chessText), `pieces = ["Q", "R", "B", "N"]`)
	texts := map[string]string{
		"selfish": "inherits = \"selfish\"\nname = \"selfish\"\n",
		"ping":    "inherits = \"pong\"\nname = \"ping\"\n",
		"pong":    "inherits = \"ping\"\nname = \"pong\"\n",
		"broken":  "inherits = \"chess\"\nname = \"broken\"\ntitle = = 1\n",
	}
	for i := 0; i <= MaxInheritDepth; i++ {
		texts[fmt.Sprintf("deep%d", i)] = fmt.Sprintf("inherits = %q\nname = \"deep%d\"\n", fmt.Sprintf("deep%d", i+1), i)
	}
	texts[fmt.Sprintf("deep%d", MaxInheritDepth+1)] = "inherits = \"chess\"\nname = \"bottom\"\n"
	tests := []struct {
		name string
		text string
		want string // the whole error text
	}{
		{"unknown parent", "name = \"x\"\ninherits = \"chss\"\n",
			`child.toml:2: inherits: no file "chss"`},
		{"inherits not a string", "inherits = 5\nname = \"x\"\n",
			`child.toml:1: inherits: want a string, got an integer`},
		{"inherits empty", "inherits = \"\"\nname = \"x\"\n",
			`child.toml:1: inherits: empty: name the variant this one builds on`},
		{"a file that inherits itself", "inherits = \"selfish\"\nname = \"x\"\n",
			`selfish:1: inherits: inheritance cycle: child.toml → selfish → selfish`},
		{"a cycle of two", "inherits = \"ping\"\nname = \"x\"\n",
			`pong:1: inherits: inheritance cycle: child.toml → ping → pong → ping`},
		{"too deep", "inherits = \"deep0\"\nname = \"x\"\n",
			fmt.Sprintf(`deep%d:1: inherits: more than %d levels of inheritance (child.toml → deep0 → deep1 → deep2 → deep3 → deep4 → deep5 → deep6 → deep7)`, MaxInheritDepth-1, MaxInheritDepth)},
		{"a parent's own fault is its file's", "inherits = \"broken\"\nname = \"x\"\n",
			`broken:3: title: expected value but found '=' instead`},
		{"remove a piece the parent lacks", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"X\"\nremove = true\n",
			`child.toml:5: pieces[0].remove: chess has no piece "X" to remove`},
		{"remove with other keys", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"N\"\nremove = true\nbetza = \"W\"\n",
			`child.toml:6: pieces[0].betza: a removed piece takes only its letter`},
		{"remove without a letter", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nremove = true\n",
			`child.toml:4: pieces[0].remove: name the piece to remove with its letter`},
		{"remove not a flag", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"N\"\nremove = \"yes\"\n",
			`child.toml:5: pieces[0].remove: want true or false, got a string`},
		{"remove in a file that inherits nothing", "name = \"x\"\n[[pieces]]\nletter = \"N\"\nremove = true\n",
			`child.toml:4: pieces[0].remove: only a variant that inherits another (inherits = "NAME") removes pieces`},
		{"before an unknown piece", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"A\"\nbetza = \"QN\"\nbefore = \"X\"\n",
			`child.toml:6: pieces[0].before: no piece "X" to place this one before`},
		{"before a removed piece", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"Q\"\nremove = true\n[[pieces]]\nletter = \"A\"\nbetza = \"QN\"\nbefore = \"Q\"\n",
			`child.toml:9: pieces[1].before: no piece "Q" to place this one before`},
		{"before on an inherited piece", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"N\"\nbefore = \"K\"\n",
			`child.toml:5: pieces[0].before: "N" is chess's piece and keeps its place; before places new pieces`},
		{"a letter given twice", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"N\"\n[[pieces]]\nletter = \"N\"\n",
			`child.toml:6: pieces[1].letter: letter "N" is given twice (also pieces[0])`},
		{"unknown key in the child", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"N\"\ncolour = 1\n",
			`child.toml:5: pieces[0].colour: unknown key (this table takes: before, betza, letter, name, pawn, remove, royal, value)`},
		{"the child's fault at its line and path", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"Q\"\nbetza = \"Q!\"\n",
			`child.toml:5: pieces[0].betza: betza: "Q!" at offset 1: unexpected '!'`},
		{"a new piece's fault at its line and path", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"A\"\nbetza = \"QN\"\n[[pieces]]\nletter = \"a\"\n",
			`child.toml:7: pieces[1].letter: want one upper-case letter, got "a"`},
		{"a removed piece still named by the parent's promotion", "inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"N\"\nremove = true\n",
			fmt.Sprintf(`child.toml:1: promotion[0].pieces[3]: no piece with letter "N" (inherited from chess, variants/chess.toml:%d)`, promoLine)},
		{"files changed, castling not written", "inherits = \"chess\"\nname = \"x\"\nstart = \"8/8/8/8/8/8/8/K6k w - - 0 1\"\n[board]\nfiles = 10\n[board.regions]\nwhite_promotion = [\"a8-j8\"]\nblack_promotion = [\"a1-j1\"]\n",
			`child.toml:5: castling: board.files changes the board from 8x8 to 10x8, and castling names squares of chess's board: write it for the new board (castling = [] for none)`},
		{"ranks changed, a region not written", "inherits = \"chess\"\nname = \"x\"\nstart = \"8/8/8/8/8/8/8/8/8/K6k w - - 0 1\"\ncastling = []\n[board]\nranks = 10\n[board.regions]\nwhite_promotion = [\"a10-h10\"]\n",
			`child.toml:6: board.regions.black_promotion: board.ranks changes the board from 8x8 to 8x10, and region black_promotion names squares of chess's board: write it for the new board (or = [] to remove it)`},
		{"size changed, start not written", "inherits = \"chess\"\nname = \"x\"\n[board]\nfiles = 9\nranks = 9\n",
			`child.toml:4: start: board.files changes the board from 8x8 to 9x9, and start names squares of chess's board: write it for the new board`},
		{"a bounded parent made unbounded", "inherits = \"chess\"\nname = \"x\"\nstart = \"K1,1|k8,8\"\n[board]\nunbounded = true\n",
			`child.toml:5: castling: board.unbounded changes the board from 8x8 to unbounded, and castling names squares of chess's board: write it for the new board (castling = [] for none)`},
		{"an unbounded parent made bounded", "inherits = \"infinite-plane\"\nname = \"x\"\nstart = \"8/8/8/8/8/8/8/K6k w - - 0 1\"\n[board]\nunbounded = false\nfiles = 8\nranks = 8\n",
			`child.toml:6: board.letters_a1: board.files changes the board from unbounded to 8x8, and board.letters_a1 names squares of infinite-plane's board: write it for the new board`},
		{"the same size written again is no change", "inherits = \"chess\"\nname = \"x\"\n[board]\nfiles = 8\n[[pieces]]\nletter = \"N\"\nvalue = \"x\"\n",
			`child.toml:7: pieces[0].value: want an integer, got a string`},
		{"hooks the child names", "inherits = \"chess\"\nname = \"x\"\nhooks = \"no-such-hooks\"\n",
			`child.toml:3: hooks: no hooks named "no-such-hooks"`},
		{"an option the variant does not declare", "inherits = \"infinite-plane\"\nname = \"x\"\n[[options]]\nname = \"names\"\ndefault = \"hex\"\n",
			`child.toml:5: options[0].default: "hex" is not one of numeric, letters`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := CompileWith("child.toml", []byte(tt.text), nil, files(texts))
			if err == nil {
				t.Fatalf("no error, want %s", tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("error %v (%T) is not an *Error", err, err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n  %s\nwant\n  %s", err, tt.want)
			}
		})
	}
}

// TestInheritOptionPlacement: an option the caller gives that the variant
// does not declare is placed at the child's options, or at its inherits
// line when it inherits them.
func TestInheritOptionPlacement(t *testing.T) {
	text := "name = \"x\"\ninherits = \"infinite-plane\"\n"
	_, err := Compile("child.toml", []byte(text), map[string]string{"speed": "1"})
	if err == nil || !strings.HasPrefix(err.Error(), `child.toml:2: options: variant x has no option "speed" (options: names) (inherited from infinite-plane, variants/infinite-plane.toml:`) {
		t.Errorf("error %v", err)
	}
}

// TestExpandedBuiltins checks that the built-in variants that inherit are
// exactly their former full files (testdata/expanded): the same definition,
// the same compiled pieces and start, the same moves and perft counts.
func TestExpandedBuiltins(t *testing.T) {
	entries, err := os.ReadDir("testdata/expanded")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 3 {
		t.Fatalf("%d expanded files", len(entries))
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".toml")
		t.Run(name, func(t *testing.T) {
			_, src, err := builtinFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(src), "\ninherits = ") {
				t.Errorf("variants/%s.toml does not inherit", name)
			}
			data, err := os.ReadFile(filepath.Join("testdata/expanded", e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), "\ninherits = ") {
				t.Fatalf("testdata/expanded/%s inherits", e.Name())
			}
			want, err := Parse(e.Name(), data)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Definition(name)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("definition differs from the expanded file:\n got %+v\nwant %+v", got, want)
			}
			rg, err := Load(name, nil)
			if err != nil {
				t.Fatal(err)
			}
			rw, err := Compile(e.Name(), data, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(rg.Pieces, rw.Pieces) || rg.Def.Help != rw.Def.Help || rg.Def.Title != rw.Def.Title {
				t.Errorf("pieces or rules text differ")
			}
			if (rg.Hooks == nil) != (rw.Hooks == nil) || rg.Def.Hooks != rw.Def.Hooks {
				t.Errorf("hooks %q, want %q", rg.Def.Hooks, rw.Def.Hooks)
			}
			pg, pw := rg.StartPosition(), rw.StartPosition()
			if pg.String() != pw.String() {
				t.Errorf("start %s, want %s", pg, pw)
			}
			mg, mw := moveTexts(pg), moveTexts(pw)
			if !slices.Equal(mg, mw) {
				t.Errorf("start moves %v, want %v", mg, mw)
			}
			if g, w := pg.Perft(3), pw.Perft(3); g != w {
				t.Errorf("perft(3) %d, want %d", g, w)
			}
		})
	}
}

// moveTexts lists a position's legal moves in coordinate notation, in order.
func moveTexts(p *core.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, notation.Coordinate.Encode(p, m))
	}
	return out
}

// TestDecodeMatchesTOML checks that decoding the checked table stores what
// the TOML decoder would, for every built-in file as written and the test
// variant.
func TestDecodeMatchesTOML(t *testing.T) {
	texts := map[string][]byte{"mini": []byte(mini)}
	entries, err := os.ReadDir("testdata/expanded")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata/expanded", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		texts[e.Name()] = data
	}
	for _, name := range Names() {
		_, data, err := builtinFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "\ninherits = ") {
			texts[name] = data
		}
	}
	for name, data := range texts {
		var want core.Definition
		if _, err := toml.Decode(string(data), &want); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := Parse(name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("%s: decoded %+v\nwant %+v", name, *got, want)
		}
	}
}

// TestFormatInheritance compiles the inheritance example of FORMAT.md and
// checks its error examples word for word.
func TestFormatInheritance(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## Inheritance\n")
	section, _, ok2 := strings.Cut(section, "\n## ")
	if !ok || !ok2 {
		t.Fatal("FORMAT.md has no Inheritance section")
	}
	// The example is the first indented block.
	var example []string
	for _, l := range strings.Split(section, "\n") {
		if strings.HasPrefix(l, "    ") {
			example = append(example, l[4:])
		} else if len(example) > 0 && l != "" {
			break
		}
	}
	r, err := Compile("knightmare.toml", []byte(strings.Join(example, "\n")), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := lettersOf(r.Def); got != "KQARBNP" {
		t.Errorf("pieces %s, want KQARBNP", got)
	}
	if n := piece(t, r.Def, "N"); n.Name != "knight" || n.Betza != "NN" || n.Value != 300 {
		t.Errorf("knight %+v", n)
	}
	if r.Def.Draws != (core.DrawDef{Repetition: 3, MoveCounter: 100}) || r.Def.Start == "" || r.Def.Help == "" {
		t.Errorf("draws %+v", r.Def.Draws)
	}
	// The error examples.
	big := "inherits = \"chess\"\nname = \"big\"\nstart = \"rnbqkbnr2/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNR2 w - - 0 1\"\n\n[board]\nfiles = 10\n"
	mine := "inherits = \"chess\"\nname = \"mine\"\n\n[[pieces]]\nletter = \"N\"\nremove = true\n"
	for name, text := range map[string]string{"big.toml": big, "mine.toml": mine} {
		_, err := Compile(name, []byte(text), nil)
		if err == nil {
			t.Errorf("%s compiles", name)
			continue
		}
		if !strings.Contains(section, "\n    "+err.Error()+"\n") {
			t.Errorf("FORMAT.md does not show the error %s", err)
		}
	}
}
