package betza

// Error tests for Parse: malformed and unsupported notation, with the offset of the failing character.

import (
	"errors"
	"strings"
	"testing"
)

func TestErrors(t *testing.T) {
	tests := []struct {
		notation string
		pos      int
		msg      string // a fragment of the message
	}{
		{"", 0, "empty"},
		{"X", 0, "unknown atom 'X'"},
		{"fmWO", 3, "unknown atom 'O'"},
		{"U", 0, "unknown atom 'U'"},
		{"fqN", 1, "modifier 'q' not supported"},
		{"Nw", 1, "modifier 'w' not supported"},
		{"tW", 0, "not the last leg"},
		{"tpR", 0, "not the last leg"},
		{"taW", 0, "write 'tp'"},
		{"txpafW", 1, "exclude each other"},
		{"xpgR", 0, "not the last leg"},
		{"oR", 0, "modifier 'o' not supported"},
		{"zB", 0, "modifier 'z' not supported"},
		{"xaW", 0, "write 'xp'"},
		{"c0fafW", 1, "right before the 'a'"},
		{"c01afW", 1, "leading zero"},
		{"c1000afW", 1, "range too large"},
		{"n2aN", 0, "only to leapers"},
		{"j1aR", 0, "'j' on a leaper"},
		{"fm3", 2, "right before the 'a'"},
		{"yafsW", 0, "modifier 'y' not supported"},
		{"uW", 0, "modifier 'u' not supported"},
		{"dW", 0, "modifier 'd' not supported"},
		{"2N", 0, "range must follow an atom"},
		{"f3N", 1, "range must follow an atom"},
		{"NN2", 2, "doubled atom"},
		{"W01", 1, "leading zero"},
		{"W1000", 1, "range too large"},
		{"(4,1", 0, "unterminated (x,y)"},
		{"N(4", 1, "unterminated (x,y)"},
		{"(4,", 0, "unterminated (x,y)"},
		{"(4;1)", 2, "expected ','"},
		{"(4,1,2)", 4, "expected ')'"},
		{"(,1)", 1, "expected a digit"},
		{"(fmW)", 1, "expected a digit"},
		{"(0,0)", 0, "null move"},
		{"(100,1)", 1, "coordinate too large"},
		{"t[FR]", 1, "unexpected '['"},
		{"K[", 1, "unexpected '['"},
		{"[W]", 0, "unexpected '['"},
		{"N N", 1, "unexpected ' '"},
		{"W-F", 1, "unexpected '-'"},
		{"N\xff", 1, "byte 0xff"},
		{"fm", 2, "must be followed by an atom"},
		{"Na", 2, "must be followed by an atom"},
		{"hN", 0, "'h' must be paired"},
		{"fhW", 0, "only to oblique atoms"},
		{"hrK", 0, "only to oblique atoms"},
		{"nW", 0, "'n' needs a leap"},
		{"nK", 0, "'n' needs a leap"},
		{"nNN", 0, "only to leapers"},
		{"nR", 0, "only to leapers"},
		{"jW", 0, "'j' on a leaper"},
		{"jN", 0, "'j' on a leaper"},
		{"jH", 0, "'j' on a leaper"},
		{"jnD", 1, "exclude each other"},
		{"jjR", 1, "'jj' not supported"},
		{"pW", 0, "'p' needs a slider"},
		{"gK", 0, "'g' needs a slider"},
		{"pgR", 1, "exclude each other"},
		{"gafR", 0, "'g' before an 'a'"},
		{"eafW", 0, "'e' applies only to the last leg"},
		{"maiW", 2, "'i' must come before the first 'a'"},
		{"aaaaK", 3, "too many legs"},
		{"maflN", 2, "oblique atom only takes f, b or v"},
		{"masN", 2, "oblique atom only takes f, b or v"},
		{"mahrW", 2, "not defined after 'a'"},
		{"BNmafhrN", 4, "oblique atom only takes f, b or v, not 'fh'"},
		{"BNmahN", 4, "'h' must be paired"},
	}
	for _, tt := range tests {
		t.Run(tt.notation, func(t *testing.T) {
			p, err := Parse(tt.notation)
			if err == nil {
				t.Fatalf("Parse(%q) = %d paths, want an error", tt.notation, len(p.Paths))
			}
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) error %T, want *Error", tt.notation, err)
			}
			if perr.Pos != tt.pos || perr.Source != tt.notation || !strings.Contains(perr.Msg, tt.msg) {
				t.Errorf("Parse(%q) = %v; want offset %d and a message containing %q", tt.notation, err, tt.pos, tt.msg)
			}
		})
	}
}

// TestTooManyPaths checks that a huge compound is refused rather than expanded without bound.
func TestTooManyPaths(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 20000; i++ {
		// distinct long leaps, so that deduplication cannot keep the count down
		b.WriteString("maaa(")
		b.WriteString(string(rune('1' + i%9)))
		b.WriteString(",")
		b.WriteString(string(rune('1' + i/9%9)))
		b.WriteString(")")
		b.WriteString(string(rune('1' + i/81%9)))
	}
	_, err := Parse(b.String())
	var perr *Error
	if !errors.As(err, &perr) || !strings.Contains(perr.Msg, "too many moves") {
		t.Errorf("huge compound: got %v, want a too-many-moves error", err)
	}
	// duplicates cost work too, so repeating one move is refused as well
	_, err = Parse(strings.Repeat("aaaK", 10))
	overflowing := maxPaths / 2744 // index of the first aaaK (2744 paths each) past the budget
	if !errors.As(err, &perr) || !strings.Contains(perr.Msg, "too many moves") || perr.Pos != 4*overflowing+3 {
		t.Errorf("repeated aaaK: got %v, want a too-many-moves error at offset %d", err, 4*overflowing+3)
	}
	if p, err := Parse(strings.Repeat("aaaK", 3)); err != nil || len(p.Paths) != 2744 {
		t.Errorf("aaaKaaaKaaaK: %v, want the 2744 paths of aaaK once", err)
	}
}
