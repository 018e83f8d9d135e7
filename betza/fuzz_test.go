package betza

// Fuzz target for Parse: it never panics, and what it returns is well formed.

import (
	"errors"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{"fmWfceFifmnD", "mRcpR", "gQ", "mafsmafW", "fcafmF", "hrN", "(4,1)0", "Q2", "NN", "F2ctpafF", "fxpaslmW", "c0afmW"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) error %T, want *Error", s, err)
			}
			if perr.Pos < 0 || perr.Pos > len(s) || perr.Source != s || perr.Msg == "" {
				t.Fatalf("Parse(%q) malformed error %+v", s, perr)
			}
			if p != nil {
				t.Fatalf("Parse(%q) returned both a piece and an error", s)
			}
			return
		}
		if p.Source != s || len(p.Paths) == 0 {
			t.Fatalf("Parse(%q) = %d paths with source %q", s, len(p.Paths), p.Source)
		}
		seen := map[string]bool{}
		for _, path := range p.Paths {
			if len(path.Legs) == 0 || len(path.Legs) > maxLegs {
				t.Fatalf("Parse(%q): path %v has %d legs", s, path, len(path.Legs))
			}
			key := path.String()
			if seen[key] {
				t.Fatalf("Parse(%q): duplicate path %v", s, path)
			}
			seen[key] = true
			for i, l := range path.Legs {
				if l.DX == 0 && l.DY == 0 || l.Range < 0 || l.Mode == 0 {
					t.Fatalf("Parse(%q): bad leg %v", s, l)
				}
				if len(l.Lame) > 0 && l.Range != 1 {
					t.Fatalf("Parse(%q): lame rider leg %v", s, l)
				}
				if (l.HopOver || l.Stop) && i != len(path.Legs)-1 {
					t.Fatalf("Parse(%q): hop flags on a non-final leg %v", s, l)
				}
			}
		}
		again, err := Parse(s)
		if err != nil || len(again.Paths) != len(p.Paths) {
			t.Fatalf("Parse(%q) is not deterministic", s)
		}
	})
}
