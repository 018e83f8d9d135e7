package variant

// Tests of the source locator on TOML that tries to mislead it.

import (
	"testing"

	"github.com/BurntSushi/toml"
)

const tricky = `# comment with [[pieces]] and key = 1
name = "x" # trailing [comment]
help = """
[[pieces]]
letter = "fake"
"""
lit = '''
[board]
'''
esc = "quote \" [[pieces]]"
[board]
regions.zone = ["a1",
  "b2"]
"quoted.key" = 1
[[pieces]]
letter = "K"
[[pieces]]

  betza = "R"   # indented
inline = { a = 1, b = [
  2, 3 ] }
[[pieces.sub]]
x = 1
[[pieces.sub]]
x = 2
[[castling]]
arr = [ { k = 1 },
        { k = 2 } ]
'lit key' = 3
[goals]
royal_reaches = [
  # comment ]
  "a", 'b', """c""",
]
`

func TestLocate(t *testing.T) {
	var v map[string]any
	if _, err := toml.Decode(tricky, &v); err != nil {
		t.Fatalf("the test text is not valid TOML: %v", err)
	}
	loc := locate([]byte(tricky))
	tests := []struct {
		path string
		line int
	}{
		{"name", 2},
		{"help", 3},
		{"lit", 7},
		{"esc", 10},
		{"board", 11},
		{"board.regions", 12},
		{"board.regions.zone", 12},
		{"board.regions.zone[1]", 13},
		{"board.quoted.key", 14},
		{"pieces", 15},
		{"pieces[0]", 15},
		{"pieces[0].letter", 16},
		{"pieces[1]", 17},
		{"pieces[1].betza", 19},
		{"pieces[1].letter", 17}, // absent: the table's header
		{"pieces[1].inline.b", 20},
		{"pieces[1].inline.b[1]", 21},
		{"pieces[1].sub[0].x", 23},
		{"pieces[1].sub[1]", 24},
		{"pieces[1].sub[1].x", 25},
		{"pieces[0].sub", 15},
		{"castling[0].arr[1].k", 28},
		{"castling[0].lit key", 29},
		{"castling[5].king_to", 26}, // no such element: the array's first header
		{"goals.royal_reaches", 31},
		{"goals.royal_reaches[0]", 33},
		{"goals.royal_reaches[2]", 33},
		{"goals.no_checkmate", 30},
		{"start", 1}, // absent top-level key: the root table
		{"", 1},
	}
	for _, tt := range tests {
		if got := loc.line(tt.path); got != tt.line {
			t.Errorf("line(%q) = %d, want %d", tt.path, got, tt.line)
		}
	}
	keys := []struct {
		parts []string
		path  string
		line  int
	}{
		{[]string{"pieces", "betza"}, "pieces[1].betza", 19},
		{[]string{"pieces", "sub", "x"}, "pieces[1].sub[0].x", 23},
		{[]string{"board", "regions", "zone"}, "board.regions.zone", 12},
		{[]string{"castling", "arr", "k"}, "castling[0].arr[0].k", 27},
	}
	for _, tt := range keys {
		e, ok := loc.key(tt.parts)
		if !ok || e.path != tt.path || e.line != tt.line {
			t.Errorf("key(%q) = %q line %d (%v), want %q line %d", tt.parts, e.path, e.line, ok, tt.path, tt.line)
		}
	}
	if _, ok := loc.key([]string{"pieces", "fake"}); ok {
		t.Error("found a key that is only written inside a string")
	}
}

// TestLocateTerminates feeds the locator text that is not TOML.
func TestLocateTerminates(t *testing.T) {
	for _, s := range []string{"", "[", "[[", "a = [", "a = {", `a = "`, "a = '''", `"`, "= = =", "a.=1", "[a.]\n[[", "x = [1,,,}", "\\"} {
		locate([]byte(s)) // must return
	}
}
