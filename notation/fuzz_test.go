package notation

// Fuzz targets: decoding arbitrary text in fixed positions never panics, never changes the position, and succeeds only with legal moves.

import (
	"errors"
	"sync"
	"testing"

	"anychess/core"
)

// fuzzPositions are the positions every fuzz input is decoded in.
var fuzzPositions = []struct{ variant, fen string }{
	{"chess", ""},
	{"chess", fenCastle},
	{"chess", fenEP},
	{"chess", fenPromo},
	{"chess", fenQueens},
	{"siberia", fenSiberia},
	{"ntest", fenLion},
	{"ntest", fenArchers},
	{"ncollide", fenCollide},
	{"nbig", fenBigKnights},
	{"nbig", fenBigPawns},
}

var (
	fuzzOnce sync.Once
	fuzzPos  []*core.Position
)

func positionsForFuzz(t testing.TB) []*core.Position {
	fuzzOnce.Do(func() {
		for _, fp := range fuzzPositions {
			fuzzPos = append(fuzzPos, position(t, fp.variant, fp.fen))
		}
	})
	return fuzzPos
}

// fuzzDecode decodes s with n in every fuzz position and checks the contract.
func fuzzDecode(t *testing.T, n Notation, s string) {
	for _, p := range positionsForFuzz(t) {
		before := snap(p)
		m, err := n.Decode(p, s)
		before.same(t, p, "Decode")
		if err != nil {
			var ne *Error
			if !errors.As(err, &ne) || err.Error() == "" || m != core.NullMove {
				t.Fatalf("Decode(%q) = %s, %#v", s, describe(p, m), err)
			}
			continue
		}
		if !p.IsLegal(m) {
			t.Fatalf("Decode(%q) = %s, which is not legal in %s", s, describe(p, m), p.FEN())
		}
		text := n.Encode(p, m)
		before.same(t, p, "Encode")
		if again, err := n.Decode(p, text); err != nil || again != m {
			t.Fatalf("Decode(%q) = %s, written %q, which reads as %s, %v", s, describe(p, m), text, describe(p, again), err)
		}
	}
}

func FuzzCoordinate(f *testing.F) {
	for _, s := range []string{"e2e4", "b7b8q", "c4e6xd5", "e1g1/ch1f1", "b4@d4", "e1e1#7.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { fuzzDecode(t, Coordinate, s) })
}

func FuzzSAN(f *testing.F) {
	for _, s := range []string{"Nf3", "exf6 e.p.", "b8=Q+", "O-O-O", "Lxd5e6", "Abx@d4", "Nabxaa12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { fuzzDecode(t, SAN, s) })
}
