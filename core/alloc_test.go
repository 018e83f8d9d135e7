package core_test

// Tests that move generation, make/unmake and attack detection allocate nothing.

import (
	"testing"

	"anychess/core"
)

func TestHotPathsDoNotAllocate(t *testing.T) {
	for _, tc := range []struct{ variant, fen string }{
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"siberia", "rnbqk1bnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQK1BNR w KQkq - 0 1"},
	} {
		r := mustRules(t, tc.variant)
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]core.Move, 0, 256)
		inner := make([]core.Move, 0, 256)
		// Warm up the position's internal logs.
		for _, m := range p.LegalMoves(buf[:0]) {
			p.MakeMove(m)
			p.UnmakeMove()
		}
		allocs := testing.AllocsPerRun(20, func() {
			for _, m := range p.LegalMoves(buf[:0]) {
				p.MakeMove(m)
				inner = p.LegalMoves(inner[:0])
				p.InCheck()
				p.UnmakeMove()
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations per generate/make/unmake sweep, want 0", tc.variant, allocs)
		}
	}
}
