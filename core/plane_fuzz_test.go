package core_test

// Fuzz targets for unbounded boards: the piece-list position text and square names never panic and round-trip.

import (
	"testing"

	"anychess/core"
)

func FuzzPlanePosition(f *testing.F) {
	r := planeRules(f, "infinite-plane-huygens", nil)
	f.Add("K5,1|Q4,1|P1,2+|k5,8|p1,7+ w - 0 1")
	f.Add("K5,1|P3,5|k5,8|p4,5 w 4,6 0 30")
	f.Add("K0,0|U-4611686018427387903,4611686018427387903|k9,9 b - 3 7")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4000 {
			return
		}
		p, err := r.ParsePosition(text)
		if err != nil {
			if p != nil {
				t.Fatal("position returned with an error")
			}
			return
		}
		if p.Hash() != p.ComputeHash() {
			t.Fatalf("hash mismatch for %q", text)
		}
		out := p.String()
		q, err := r.ParsePosition(out)
		if err != nil {
			t.Fatalf("text %q written from %q does not parse: %v", out, text, err)
		}
		if q.String() != out || q.Hash() != p.Hash() {
			t.Fatalf("text not stable: %q -> %q", out, q.String())
		}
		if len(p.PieceSquares(0))+len(p.PieceSquares(1)) <= 64 {
			for _, m := range p.LegalMoves(nil) {
				p.MakeMove(m)
				p.UnmakeMove()
			}
			if p.String() != out {
				t.Fatalf("moves changed %q into %q", out, p.String())
			}
			p.Outcome()
		}
	})
}

func FuzzPlaneSquare(f *testing.F) {
	letters := planeRules(f, "infinite-plane", map[string]string{"names": "letters"})
	numeric := planeRules(f, "infinite-plane", nil)
	for _, s := range []string{"(e8)", "(φ8)", "(08)", "(-b8)", "(aa0)", "(a-3)", "(8,40)", "(-4611686018427387903,0)", "(E8)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		for _, r := range []*core.Rules{letters, numeric} {
			p := r.StartPosition()
			sq, err := p.ParseSquare(name)
			if err != nil {
				if sq != core.NoSquare {
					t.Fatalf("%q: a square with an error", name)
				}
				continue
			}
			c := p.Coord(sq)
			if c.X < -core.MaxPlaneCoord || c.X > core.MaxPlaneCoord || c.Y < -core.MaxPlaneCoord || c.Y > core.MaxPlaneCoord {
				t.Fatalf("%q reads as %v, outside the plane", name, c)
			}
			written := p.Name(sq)
			back, err := p.ParseSquare(written)
			if err != nil || back != sq {
				t.Fatalf("%q -> %v -> %q does not read back: %v", name, c, written, err)
			}
		}
	})
}
