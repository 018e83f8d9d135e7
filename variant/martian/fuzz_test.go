package martian

// Fuzz test of the Martian Chess position text: no input may panic, half-build a position or fail to round-trip.

import (
	"errors"
	"testing"

	"anychess/core"
)

func FuzzMartianPosition(f *testing.F) {
	f.Add("QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- - -", false)
	f.Add("QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 -/-/-/- - -", true)
	f.Add("QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 2 -/- 3 d3d5", false)
	f.Add("QQD2DQQ/1D3PDQ/QPPP2PD/D3P3/2PP3P/DD5D/QQPPP1DQ/1QD2DQQ 1 -/-/-/- - e1d2", true)
	f.Fuzz(func(t *testing.T, text string, fourPlayers bool) {
		opts := two
		if fourPlayers {
			opts = four
		}
		r := martianRules(t, opts)
		p, err := r.ParsePosition(text)
		if err != nil {
			var te *core.PositionError
			if p != nil || !errors.As(err, &te) {
				t.Fatalf("%q: position %v with error %v (%T)", text, p, err, err)
			}
			return
		}
		// A position that was read writes a canonical text that reads back
		// to the same position, hash included.
		canon := p.String()
		q, err := r.ParsePosition(canon)
		if err != nil {
			t.Fatalf("%q was read, but its text %q is refused: %v", text, canon, err)
		}
		if q.String() != canon || q.Hash() != p.Hash() || p.Hash() != p.ComputeHash() {
			t.Fatalf("%q: round trip %q -> %q, hashes %x %x %x", text, canon, q.String(), p.Hash(), q.Hash(), p.ComputeHash())
		}
		// Its moves make and unmake cleanly.
		p.Outcome()
		for _, m := range append(p.LegalMoves(nil), p.LegalDeclared(p.LegalMoves(nil), nil)...) {
			p.MakeMove(m)
			if p.Hash() != p.ComputeHash() {
				t.Fatalf("%q: hash after %v", canon, m)
			}
			if _, err := r.ParsePosition(p.String()); err != nil {
				t.Fatalf("%q: after %v the text %q is refused: %v", canon, m, p.String(), err)
			}
			p.UnmakeMove()
			if p.String() != canon || p.Hash() != q.Hash() {
				t.Fatalf("%q: make/unmake of %v left %q", canon, m, p.String())
			}
		}
	})
}
