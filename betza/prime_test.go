package betza

// Tests of the prime-range extension: W{prime>=5} and its errors.

import (
	"strings"
	"testing"
)

func TestPrimeRange(t *testing.T) {
	tests := []struct {
		notation string
		paths    int
		prime    int
		mode     Mode
		initial  bool
	}{
		{"W{prime>=5}", 4, 5, Move | Capture, false},
		{"W{prime}", 4, 2, Move | Capture, false},
		{"fW{prime>=3}", 1, 3, Move | Capture, false},
		{"mF{prime>=2}", 4, 2, Move, false},
		{"K{prime>=7}", 8, 7, Move | Capture, false},
		{"icsW{prime>=11}", 2, 11, Capture, true},
		{"(2,1){prime}", 8, 2, Move | Capture, false},
	}
	for _, tt := range tests {
		p, err := Parse(tt.notation)
		if err != nil {
			t.Fatalf("%s: %v", tt.notation, err)
		}
		if len(p.Paths) != tt.paths {
			t.Errorf("%s: %d paths, want %d", tt.notation, len(p.Paths), tt.paths)
		}
		for _, path := range p.Paths {
			l := path.Legs[0]
			if len(path.Legs) != 1 || l.Prime != tt.prime || l.Range != 0 || l.Mode != tt.mode || path.Initial != tt.initial || l.Jump || l.HopOver {
				t.Errorf("%s: path %v (prime %d), want one leg, prime %d, mode %v, initial %v", tt.notation, path, l.Prime, tt.prime, tt.mode, tt.initial)
			}
			if !strings.Contains(l.String(), "*prime>=") {
				t.Errorf("%s: leg written %q", tt.notation, l.String())
			}
		}
	}
	// A prime range is a different move from a plain rider: both are kept.
	p, err := Parse("WW{prime}")
	if err == nil {
		t.Errorf("WW{prime} parsed as %v", p.Paths)
	}
	both, err := Parse("W{prime>=5}R")
	if err != nil || len(both.Paths) != 8 {
		t.Errorf("W{prime>=5}R: %v, %v", both, err)
	}
}

func TestPrimeRangeErrors(t *testing.T) {
	tests := []struct {
		notation string
		pos      int
		msg      string
	}{
		{"W{prime", 1, "unterminated {prime}"},
		{"W{prim}", 1, "expected {prime}"},
		{"W{prime>=}", 9, "expected a number"},
		{"W{prime>=1}", 9, "at least 2"},
		{"W{prime>=1000}", 9, "too large"},
		{"W4{prime}", 2, "replaces the range"},
		{"nW{prime}", 0, "cannot be used with a prime range"},
		{"jW{prime}", 0, "cannot be used with a prime range"},
		{"pW{prime}", 0, "cannot be used with a prime range"},
		{"gW{prime}", 0, "cannot be used with a prime range"},
		{"feW{prime}", 1, "cannot be used with a prime range"},
		{"mafW{prime}", 3, "only to a move of one leg"},
		{"W{prime}}", 8, "unexpected '}'"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.notation)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%s: error %v, want *Error", tt.notation, err)
			continue
		}
		if e.Pos != tt.pos || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("%s: error at %d %q, want at %d containing %q", tt.notation, e.Pos, e.Msg, tt.pos, tt.msg)
		}
	}
}
