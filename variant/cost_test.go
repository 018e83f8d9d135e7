package variant

// Tests of the work model: its bound on the moves of a position holds in every position random games reach.

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"anychess/betza"
	"anychess/core"
)

// TestWorkModelBoundsMoves plays random games in the built-in variants and
// the accepted uploads, and checks that no position has more pseudo-legal
// moves than the model allows (a bound that fails would let a file through
// whose move lists are larger than its estimate says).
func TestWorkModelBoundsMoves(t *testing.T) {
	type variant struct {
		name string
		def  *core.Definition
		r    *core.Rules
	}
	var vs []variant
	for _, name := range Names() {
		r, err := Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, variant{name, r.Def, r})
	}
	for _, tc := range uploadCases(t) {
		if tc.want != "ok" {
			continue
		}
		r, _, err := CompileUpload(tc.name, tc.data, nil, UploadLimits{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		vs = append(vs, variant{tc.name, r.Def, r})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range vs {
		parsed := make([]*betza.Piece, len(v.def.Pieces))
		for i, pd := range v.def.Pieces {
			parsed[i], _ = betza.Parse(pd.Betza)
		}
		est := newWorkModel(v.def, parsed).work(v.def)
		if est.moves <= 0 || est.total < est.moves {
			t.Errorf("%s: estimate %+v", v.name, est)
		}
		most := 0
		games, plies := 8, 60
		if strings.HasPrefix(v.name, "ok-big") || strings.HasPrefix(filepath.Base(v.name), "infinite") {
			games, plies = 2, 30
		}
		for g := 0; g < games; g++ {
			p := v.r.StartPosition()
			for ply := 0; ply < plies; ply++ {
				pseudo := len(p.PseudoMoves(nil))
				most = max(most, pseudo)
				if int64(pseudo) > est.moves {
					t.Fatalf("%s: %d pseudo-legal moves in %s, the model allows %d", v.name, pseudo, p, est.moves)
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.MakeMove(moves[rng.IntN(len(moves))])
			}
		}
		t.Logf("%-28s at most %5d pseudo-legal moves seen, bound %d, work %d", v.name, most, est.moves, est.total)
	}
}
