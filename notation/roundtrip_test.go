package notation

// Round trips: every legal move of positions from random games encodes to a unique text that decodes back to it.

import (
	"strings"
	"testing"

	"anychess/core"
)

// roundTripVariants are played for the round-trip tests.
var roundTripVariants = []string{"chess", "siberia", "ntest", "ncollide", "nbig"}

func TestRoundTrip(t *testing.T) {
	for _, name := range roundTripVariants {
		t.Run(name, func(t *testing.T) {
			games, plies := 4, 100
			if testing.Short() {
				games = 1
			}
			for g := 0; g < games; g++ {
				randomGame(t, name, uint64(g+1), plies, func(p *core.Position) { checkRoundTrips(t, p) })
			}
		})
	}
}

// checkRoundTrips encodes and decodes every legal move of p in both notations.
func checkRoundTrips(t *testing.T, p *core.Position) {
	t.Helper()
	before := snap(p)
	for _, n := range []struct {
		name string
		n    Notation
	}{{"coordinate", Coordinate}, {"SAN", SAN}} {
		seen := map[string]core.Move{}
		for _, m := range legalMoves(p) {
			s := n.n.Encode(p, m)
			before.same(t, p, n.name+" Encode")
			if old, dup := seen[s]; dup {
				t.Fatalf("%s: %s and %s both written %q in %s", n.name, describe(p, old), describe(p, m), s, p.FEN())
			}
			seen[s] = m
			got, err := n.n.Decode(p, s)
			before.same(t, p, n.name+" Decode")
			if err != nil || got != m {
				t.Fatalf("%s: %s written %q reads back as %s, %v in %s", n.name, describe(p, m), s, describe(p, got), err, p.FEN())
			}
			if n.name == "SAN" {
				checkSloppy(t, p, m, s)
			}
		}
	}
}

// checkSloppy decodes careless spellings of the SAN text s of m.
func checkSloppy(t *testing.T, p *core.Position, m core.Move, s string) {
	t.Helper()
	var forms []string
	bare := strings.TrimRight(s, "+#")
	forms = append(forms, bare, bare+"!?", strings.ReplaceAll(bare, "=", ""))
	if k := strings.LastIndex(bare, "x"+p.Rules().Board.Name(m.To)); k >= 0 && isCapture(p, m) && len(victims(m)) == 0 && m.Kind != core.KindStationary {
		forms = append(forms, bare[:k]+bare[k+1:])
	}
	if strings.HasPrefix(bare, "O-O") {
		forms = append(forms, strings.ReplaceAll(bare, "O", "0"))
	}
	for _, f := range forms {
		got, err := SAN.Decode(p, f)
		if err != nil || got != m {
			t.Fatalf("SAN %q (sloppy form of %q) reads as %s, %v in %s", f, s, describe(p, got), err, p.FEN())
		}
	}
}
