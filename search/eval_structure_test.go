package search

// Tests of the structure terms: which piece types they find, each term's direction, mirror symmetry, tempo, no allocation.

import (
	"math/rand/v2"
	"strings"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// TestStructTypes: the pawn, colour-bound and rook-like types come from the
// pieces' movement and promotion, in chess, Siberia and Claustrophobia;
// variants with their own evaluation or an unbounded board get none.
func TestStructTypes(t *testing.T) {
	for _, tc := range []struct {
		variant             string
		pawns, bound, rooks string // letters of the types found
	}{
		{"chess", "P", "B", "R"},
		{"siberia", "P", "B", "R"},
		{"claustrophobia", "P", "B", "R"}, // ninja guard F2, flying bomber
	} {
		r := loadRules(t, tc.variant)
		s := evaluatorFor(r).structure
		if s == nil {
			t.Fatalf("%s: no structure terms", tc.variant)
		}
		letters := func(set []bool) string {
			out := ""
			for ty, on := range set {
				if on {
					out += string(r.Pieces[ty].Letter)
				}
			}
			return out
		}
		if got := letters(s.pawn); got != tc.pawns {
			t.Errorf("%s: pawns %q, want %q", tc.variant, got, tc.pawns)
		}
		if got := letters(s.bound); got != tc.bound {
			t.Errorf("%s: colour-bound %q, want %q", tc.variant, got, tc.bound)
		}
		if got := letters(s.rook); got != tc.rooks {
			t.Errorf("%s: rook-like %q, want %q", tc.variant, got, tc.rooks)
		}
	}
	for _, name := range []string{"martian-chess", "longchess", "infinite-plane"} {
		if evaluatorFor(loadRules(t, name)).structure != nil {
			t.Errorf("%s: structure terms", name)
		}
	}
}

// structDirections: in each pair the first position is better for White
// by the term named, all else (material, other terms) about equal.
var structDirections = []struct{ name, better, worse string }{
	{"passed pawn", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1"},
	{"advanced passed pawn", "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1"},
	{"doubled pawns", "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1"},
	{"isolated pawn", "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "4k3/pp6/8/8/8/8/P1P5/4K3 w - - 0 1"},
	{"bishop pair", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1"},
	{"rook on open file", "6k1/pppp1ppp/8/8/8/8/PPPP1PPP/4RK2 w - - 0 1", "6k1/pppp1ppp/8/8/8/8/PPPP1PPP/3R1K2 w - - 0 1"},
	{"rook on half-open file", "4k3/pppppppp/8/8/8/8/PPPP1PPP/4RK2 w - - 0 1", "4k3/pppppppp/8/8/8/8/PPPP1PPP/3R1K2 w - - 0 1"},
}

// TestStructTermDirections: each term, at its default weight, moves the
// structure score the right way.
func TestStructTermDirections(t *testing.T) {
	r := loadRules(t, "chess")
	e := evaluatorFor(r).forOptions(Options{NoTunedWeights: true})
	for _, tc := range structDirections {
		b, w := parse(t, r, tc.better), parse(t, r, tc.worse)
		if sb, sw := e.structure.score(b, 0, nil), e.structure.score(w, 0, nil); sb <= sw {
			t.Errorf("%s: structure %d ≤ %d", tc.name, sb, sw)
		}
	}
}

// TestStructTempo: the side to move gains 2×tempo over the same position
// with the other side to move.
func TestStructTempo(t *testing.T) {
	r := loadRules(t, "chess")
	s := evaluatorFor(r).forOptions(Options{NoTunedWeights: true}).structure
	w := parse(t, r, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	b := parse(t, r, "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	if got := s.score(w, 0, nil) - s.score(b, 0, nil); got != 2*tempo {
		t.Errorf("tempo: %d, want %d", got, 2*tempo)
	}
}

// TestStructMirror: the colour-swapped position scores the negation, in
// the test positions and along random games of chess and Claustrophobia.
func TestStructMirror(t *testing.T) {
	for _, name := range []string{"chess", "claustrophobia"} {
		r := loadRules(t, name)
		e := evaluatorFor(r)
		var fens []string
		if name == "chess" {
			for _, tc := range structDirections {
				fens = append(fens, tc.better, tc.worse)
			}
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for game := 0; game < 8; game++ {
			p := r.StartPosition()
			for ply := 0; ply < 120 && p.Outcome().Status == core.Ongoing; ply++ {
				moves := p.LegalMoves(nil)
				p.MakeMove(moves[rng.IntN(len(moves))])
				if ply%10 == 9 {
					f := strings.Fields(p.FEN())
					f[2], f[3] = "-", "-" // mirrorFEN takes neither
					fens = append(fens, strings.Join(f, " "))
				}
			}
		}
		for _, fen := range fens {
			p, m := parse(t, r, fen), parse(t, r, mirrorFEN(t, fen))
			if a, b := e.structure.score(p, 0, nil), e.structure.score(m, 0, nil); a != -b {
				t.Errorf("%s %s: structure %d, mirrored %d", name, fen, a, b)
			}
			if a, b := e.eval(p, 0, true), e.eval(m, 0, true); a != -b {
				t.Errorf("%s %s: evaluation %d, mirrored %d", name, fen, a, b)
			}
		}
	}
}

// TestStructAllocatesNothing: the structure terms allocate nothing.
func TestStructAllocatesNothing(t *testing.T) {
	r := loadRules(t, "chess")
	e := evaluatorFor(r)
	for _, fen := range []string{r.StartPosition().FEN(), structDirections[5].better} {
		p := parse(t, r, fen)
		if n := testing.AllocsPerRun(10, func() { e.eval(p, 0, true) }); n > 0 {
			t.Errorf("%s: %.1f allocations per evaluation", fen, n)
		}
		if n := testing.AllocsPerRun(10, func() { e.structure.counts(p, true, nil) }); n > 0 {
			t.Errorf("%s: %.1f allocations per count with mobility", fen, n)
		}
	}
}

// BenchmarkEvalStructure: the evaluation's cost in chess with and without
// the structure terms (and with the pawn cache an engine uses, holding the
// position's pawns), in the start position and a middlegame.
func BenchmarkEvalStructure(b *testing.B) {
	r := loadRules(b, "chess")
	e := evaluatorFor(r)
	plain := newEvaluator(r)
	plain.structure = nil
	mobile := newEvaluator(r) // chess's weights, mobility's made 1 cp
	w := make([]int, 2*numStructTerms)
	for i := range numStructTerms {
		w[2*i], w[2*i+1] = int(e.structure.mg[i]), int(e.structure.eg[i])
	}
	w[2*stMobility], w[2*stMobility+1] = 1, 1
	mobile.structure = e.structure.withWeights(w)
	for _, pos := range []struct{ name, fen string }{
		{"Start", r.StartPosition().FEN()},
		{"Middlegame", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"},
	} {
		p := parse(b, r, pos.fen)
		b.Run(pos.name+"Structure", func(b *testing.B) {
			for b.Loop() {
				e.eval(p, 0, true)
			}
		})
		cache := newPawnCache(e.structure)
		b.Run(pos.name+"Cached", func(b *testing.B) {
			for b.Loop() {
				e.evalWith(p, 0, true, cache)
			}
		})
		b.Run(pos.name+"Mobility", func(b *testing.B) {
			for b.Loop() {
				mobile.eval(p, 0, true)
			}
		})
		b.Run(pos.name+"Plain", func(b *testing.B) {
			for b.Loop() {
				plain.eval(p, 0, true)
			}
		})
	}
}

// TestStructCounts: each term's count, White's less Black's, in positions
// built for it.
func TestStructCounts(t *testing.T) {
	r := loadRules(t, "chess")
	s := evaluatorFor(r).structure
	for _, tc := range []struct {
		fen  string
		term structTerm
		want int32
	}{
		{"6k1/3P4/8/8/8/8/8/4K3 w - - 0 1", stPassed5, 1},
		{"6k1/3P4/8/8/8/8/8/4K3 w - - 0 1", stPassed0, 0},
		{"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", stPassed0, 1},
		{"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", stPassed5, 0},
		{"4k3/2p5/8/8/8/8/3P4/4K3 w - - 0 1", stPassed0, 0}, // not passed
		{"4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1", stPassedBlocked, 1},
		{"4k3/8/8/3N4/3P4/8/8/4K3 w - - 0 1", stPassedBlocked, 0},
		{"k7/8/8/3PK3/8/8/8/8 w - - 0 1", stPassedKing, 2},
		{"8/8/8/3P4/8/8/8/k3K3 w - - 0 1", stPassedKing, 0},
		{"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", stPawnThreat, 1},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", stPawnThreat, 0}, // a pawn is no piece here
		{"4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", stPawnSupport, 1},
		{"6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", stShield, 3},
		{"6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", stShield, 0},
		{"6k1/8/8/8/8/5PPP/8/6K1 w - - 0 1", stShield, 3}, // two steps ahead
		{"4k3/8/8/8/8/8/r7/4K3 w - - 0 1", stSafety, 3},
		{"4k3/8/8/8/8/8/r7/4K3 w - - 0 1", stSafetySq, 9},
		{"4k3/8/8/8/8/8/8/4K3 b - - 0 1", stTempo, -1},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", stTempo, 1},
		// A knight reaches 336/64 squares on average: 256/5.25 ≈ 49 a square, in 32nds.
		{"4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", stMobility, 8 * 49 / 32},
		{"4k3/8/6p1/8/3N4/8/8/4K3 w - - 0 1", stMobility, 7 * 49 / 32}, // f5 is attacked by a pawn
		{"4k3/8/8/8/3N4/8/4P3/4K3 w - - 0 1", stMobility, 7 * 49 / 32}, // e2 holds its own pawn
		{"n3k3/8/8/8/3N4/8/8/4K3 w - - 0 1", stMobility, 8*49/32 - 2*49/32},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", stMobility, 10 * 256 / 14 / 32}, // a rook reaches 14 anywhere
	} {
		c, _ := s.counts(parse(t, r, tc.fen), true, nil)
		if c[tc.term] != tc.want {
			t.Errorf("%s: %s count %d, want %d (%v)", tc.fen, structNames[tc.term], c[tc.term], tc.want, c)
		}
	}
}

// TestStructWeightsLoaded: chess carries tuned structure weights, which
// Options.NoTunedWeights replaces by the defaults; a weights file naming
// a term the structure does not have is refused.
func TestStructWeightsLoaded(t *testing.T) {
	r := loadRules(t, "chess")
	e := evaluatorFor(r)
	mg, eg := structDefaults()
	if e.structure.mg == mg && e.structure.eg == eg {
		t.Error("chess: the structure weights are the defaults, not chess.json's")
	}
	if d := e.forOptions(Options{NoTunedWeights: true}).structure; d.mg != mg || d.eg != eg {
		t.Error("NoTunedWeights: the structure weights are not the defaults")
	}
	if _, err := termWeights(structDefs(), &Weights{Variant: "chess", Terms: map[string]int{"pawn-threat.mg": 1, "no-such.eg": 2}}); err == nil {
		t.Error("a weight of no term accepted")
	}
	if len(structDefs()) != 2*int(numStructTerms) || structDefs()[2*stShield+1].Name != "shield.eg" || structDefs()[0].Name != "passed-0.mg" {
		t.Errorf("structure term names: %v", structDefs())
	}
}

// wideChess is chess on a board of twelve files, where a player can have
// more passed pawns than a pawnFacts entry lists.
const wideChess = `inherits = "chess"
name = "wide-chess"
start = "rnbqkbnr4/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNBQKBNR4 w - - 0 1"
castling = []
[board]
files = 12
ranks = 8
[board.regions]
white_promotion = ["a8-l8"]
black_promotion = ["a1-l1"]
`

// TestPawnCacheExact: the structure terms count the same with the pawn
// cache as without it, in random games of chess, Siberia and
// Claustrophobia, each position counted twice (the second from the cache),
// and where a player has more passed pawns than an entry lists.
func TestPawnCacheExact(t *testing.T) {
	wide, err := variant.Compile("wide-chess.toml", []byte(wideChess), nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, s *structTerms, cache *pawnCache, p *core.Position) {
		t.Helper()
		want, wantPhase := s.counts(p, true, nil)
		for range 2 {
			if got, phase := s.counts(p, true, cache); got != want || phase != wantPhase {
				t.Fatalf("%s %s: counts %v (phase %d) with the cache, %v (phase %d) without", name, p.FEN(), got, phase, want, wantPhase)
			}
		}
	}
	for _, name := range []string{"chess", "siberia", "claustrophobia"} {
		s := evaluatorFor(loadRules(t, name)).structure
		cache := newPawnCache(s)
		passed := 0
		for _, p := range randomGamePositions(loadRules(t, name), 40, 160, 7) {
			check(name, s, cache, p)
			if c, _ := s.counts(p, false, nil); c[stPassed0]|c[stPassed1]|c[stPassed2]|c[stPassed3]|c[stPassed4]|c[stPassed5] != 0 {
				passed++
			}
		}
		if passed == 0 {
			t.Errorf("%s: no position with a passed pawn: the test tests too little", name)
		}
	}
	// The same squares, each player's pawns in turn: the key tells the
	// players apart.
	r := loadRules(t, "chess")
	s := evaluatorFor(r).structure
	cache := newPawnCache(s)
	for _, fen := range []string{"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1",
		"4k3/8/8/2pP4/8/8/8/4K3 w - - 0 1", "4k3/8/8/2Pp4/8/8/8/4K3 w - - 0 1"} {
		check("chess", s, cache, parse(t, r, fen))
	}
	s = evaluatorFor(wide).structure
	cache = newPawnCache(s)
	for _, fen := range []string{
		"4k7/12/12/12/12/12/PPPPPPPPPPP1/4K7 w - - 0 1",          // eleven passed pawns
		"4k7/pppppppppp2/12/12/12/12/PPPPPPPPPPP1/4K7 w - - 0 1", // one
		"4k7/12/12/12/12/12/PPPPPPPPPPP1/4K7 w - - 0 1",          // eleven again, not kept
		wide.StartPosition().FEN(),
	} {
		check("wide-chess", s, cache, parse(t, wide, fen))
	}
}
