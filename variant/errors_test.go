package variant

// Tests that bad variant files are rejected with the right line and field.

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// mini is a small valid variant; the cases below edit it. Line numbers matter.
const mini = `# A small valid variant for the error tests.
name = "mini"
title = "Mini"
start = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w K - 0 1"

[board]
files = 8
ranks = 8
holes = []

[board.regions]
promo_white = ["a8-h8"]
promo_black = [
  "a1-d1", # two rectangles
  "e1-h1",
]

[[players]]
name = "white"
forward = "north"

[[players]]
name = "black"
forward = "south"

[[pieces]]
name = "king"
letter = "K"
betza = "K"
royal = true

[[pieces]]
name = "rook"
letter = "R"
betza = "R"

[[pieces]]
name = "pawn"
letter = "P"
betza = "fmWfceFifmnD"
pawn = true

[[promotion]]
player = 0
region = "promo_white"
pieces = ["R"]

[[promotion]]
player = 1
region = "promo_black"
pieces = ["R"]

[[castling]]
player = 0
flag = "K"
king_from = "e1"
king_to = "g1"
rook_from = "h1"
rook_to = "f1"

[draws]
move_counter = 100

[[options]]
name = "fast"
description = "a flag no rule reads"
`

// edit replaces the one occurrence of old in mini by new.
func edit(t *testing.T, old, new string) string {
	t.Helper()
	if n := strings.Count(mini, old); n != 1 {
		t.Fatalf("edit: %q occurs %d times in mini", old, n)
	}
	return strings.Replace(mini, old, new, 1)
}

func TestMiniCompiles(t *testing.T) {
	r, err := Compile("mini.toml", []byte(mini), map[string]string{"fast": ""})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.StartPosition().FEN(); got != "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w K - 0 1" {
		t.Errorf("start FEN %q", got)
	}
}

func TestBadFiles(t *testing.T) {
	tests := []struct {
		name    string
		old     string // text of mini to replace
		new     string
		options map[string]string
		line    int
		field   string
		msg     string // part of the message
	}{
		{"syntax error", "ranks = 8", "ranks = = 8", nil, 8, "board.ranks", "expected value"},
		{"syntax error in second piece", `betza = "R"`, `betza = "R`, nil, 35, "pieces[1].betza", "newline"},
		{"syntax error on a header", "[[castling]]", "[[castling]", nil, 53, "", "delimiter"},
		{"syntax error inside a multi-line array", `  "e1-h1",`, `  "e1-h1" "x",`, nil, 15, "board.regions.promo_black", "comma"},
		{"duplicate key", "ranks = 8\n", "ranks = 8\nranks = 9\n", nil, 9, "board.ranks", "already been defined"},
		{"integer out of range", "player = 1\n", "player = 99999999999999999999\n", nil, 49, "promotion[1].player", "out of range"},
		{"wrong type", "files = 8", `files = "8"`, nil, 7, "board.files", "want an integer, got a string"},
		{"wrong type in a piece", "pawn = true", `pawn = "yes"`, nil, 41, "pieces[2].pawn", "want true or false"},
		{"wrong type in an array element", `  "e1-h1",`, `  5,`, nil, 15, "board.regions.promo_black[1]", "want a string, got an integer"},
		{"date instead of string", `title = "Mini"`, `title = 1979-05-27`, nil, 3, "title", "date-time"},
		{"table instead of array", "holes = []", "holes = {a = 1}", nil, 9, "board.holes", "want an array, got a table"},
		{"value instead of table", `title = "Mini"`, `goals = 5`, nil, 3, "goals", "want a table, got an integer"},
		{"unknown key", `betza = "R"` + "\n", `betza = "R"` + "\ncolour = \"red\"\n", nil, 36, "pieces[1].colour", "unknown key (this table takes: before, betza, letter, name, pawn, remove, royal, value)"},
		{"unknown table", "[draws]", "[drawz]", nil, 61, "drawz", "unknown key"},
		{"unknown subtable", "[board.regions]", "[board.region]", nil, 11, "board.region", "files, holes,"},
		{"unknown top-level key", `title = "Mini"`, `titel = "Mini"`, nil, 3, "titel", "unknown key"},
		{"key in wrong case", `letter = "R"`, `Letter = "R"`, nil, 34, "pieces[1].Letter", `did you mean "letter"`},
		{"bad betza", `betza = "R"`, `betza = "R!"`, nil, 35, "pieces[1].betza", "betza"},
		{"duplicate letter", `letter = "P"`, `letter = "R"`, nil, 39, "pieces[2].letter", "used twice"},
		{"bad letter", `letter = "K"`, `letter = "k"`, nil, 28, "pieces[0].letter", "upper-case"},
		{"bad forward", `forward = "south"`, `forward = "down"`, nil, 24, "players[1].forward", `"down"`},
		{"unknown region in promotion", `region = "promo_black"`, `region = "promo_blak"`, nil, 50, "promotion[1].region", `no region named "promo_blak"`},
		{"unknown promotion piece", "region = \"promo_black\"\npieces = [\"R\"]", "region = \"promo_black\"\npieces = [\"R\", \"X\"]", nil, 51, "promotion[1].pieces[1]", `no piece with letter "X"`},
		{"castling square off board", `rook_from = "h1"`, `rook_from = "j1"`, nil, 58, "castling[0].rook_from", "outside the 8x8 board"},
		{"castling key missing", `king_to = "g1"`, `# king_to`, nil, 53, "castling[0].king_to", "square"},
		{"start FEN with wrong rank count", `start = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w K - 0 1"`, `start = "4k3/pppppppp/8/8/8/PPPPPPPP/4K2R w K - 0 1"`, nil, 4, "start", "7 ranks, the board has 8"},
		{"start FEN missing", `start = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w K - 0 1"`, ``, nil, 1, "start", "missing"},
		{"unknown option", "", "", map[string]string{"slow": "1"}, 64, "options", `no option "slow" (options: fast)`},
		{"missing name", `name = "mini"`, `# no name`, nil, 1, "name", "missing"},
		{"region rectangle off board", `promo_white = ["a8-h8"]`, `promo_white = ["a8-i8"]`, nil, 12, "board.regions.promo_white[0]", `"i8" is outside`},
		{"region element on its own line", `  "e1-h1",`, `  "e1-h0",`, nil, 15, "board.regions.promo_black[1]", "ranks count from 1"},
		{"hole off board", "holes = []", `holes = ["a9"]`, nil, 9, "board.holes[0]", "outside"},
		{"board too small", "ranks = 8", "ranks = 0", nil, 8, "board.ranks", "must be 1..64"},
		{"too few players", "[[players]]\nname = \"black\"\nforward = \"south\"\n", "", nil, 18, "players", "need 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := mini
			if tt.old != "" {
				text = edit(t, tt.old, tt.new)
			}
			_, err := Compile("bad.toml", []byte(text), tt.options)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want *Error", err, err)
			}
			if e.File != "bad.toml" || e.Line != tt.line || e.Field != tt.field {
				t.Errorf("error at %s:%d field %q, want bad.toml:%d field %q (%v)", e.File, e.Line, e.Field, tt.line, tt.field, err)
			}
			if !strings.Contains(e.Err.Error(), tt.msg) {
				t.Errorf("message %q does not contain %q", e.Err, tt.msg)
			}
			prefix := "bad.toml:" + strconv.Itoa(tt.line) + ": "
			if tt.field != "" {
				prefix += tt.field + ": "
			}
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error text %q does not start with %q", err, prefix)
			}
		})
	}
}

func TestSyntaxErrorKeepsParseError(t *testing.T) {
	_, err := Parse("bad.toml", []byte("name = \n"))
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v does not unwrap to toml.ParseError", err)
	}
	if pe.Position.Line != 1 {
		t.Errorf("ParseError line %d, want 1", pe.Position.Line)
	}
}

// TestOptionErrors covers options the caller gets wrong: an unknown name is
// placed at the variant's options (line 1 if it declares none); a bad value
// is core's error, naming only the file.
func TestOptionErrors(t *testing.T) {
	tests := []struct {
		variant string
		options map[string]string
		want    string // the whole error text
	}{
		{"chess", map[string]string{"fast": ""}, `variants/chess.toml:1: options: variant chess has no options (got "fast")`},
		{"chess", map[string]string{"b": "", "a": ""}, `variants/chess.toml:1: options: variant chess has no options (got "a")`},
		{"mini", map[string]string{"fast": "maybe"}, "mini.toml: option fast is a flag: give it without a value, or =true/=false"},
	}
	for _, tt := range tests {
		var err error
		if tt.variant == "mini" {
			_, err = Compile("mini.toml", []byte(mini), tt.options)
		} else {
			_, err = Load(tt.variant, tt.options)
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s with %v: error %v, want %s", tt.variant, tt.options, err, tt.want)
		}
	}
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.toml")
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(good, []byte(mini), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(strings.Replace(mini, "ranks = 8", "ranks = 99", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := LoadFile(good, nil)
	if err != nil {
		t.Fatalf("LoadFile(good): %v", err)
	}
	if r.Name() != "mini" {
		t.Errorf("name %q, want mini", r.Name())
	}
	_, err = LoadFile(bad, nil)
	if want := bad + ":8: board.ranks: must be 1..64, got 99"; err == nil || err.Error() != want {
		t.Errorf("LoadFile(bad): %v, want %s", err, want)
	}
	missing := filepath.Join(dir, "missing.toml")
	if _, err = LoadFile(missing, nil); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("LoadFile(missing): %v, want an error naming the file", err)
	}
}
