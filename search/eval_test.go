package search

// Tests of the generic evaluation's goal terms: distance tables, the direction of each term, mirror symmetry, no effect without a goal region, no allocation.

import (
	"math/rand/v2"
	"strings"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// goalPart returns what the goal terms add to player pl's evaluation of p.
func goalPart(e *evaluator, p *core.Position, pl core.Player) int {
	return e.eval(p, pl, true) - e.forOptions(Options{NoGoal: true}).eval(p, pl, true)
}

func claustrophobia(t testing.TB) (*core.Rules, *evaluator) {
	t.Helper()
	r, err := variant.Load("claustrophobia", nil)
	if err != nil {
		t.Fatal(err)
	}
	e := evaluatorFor(r)
	if e.goal == nil {
		t.Fatal("claustrophobia: no goal tables")
	}
	return r, e
}

func parse(t testing.TB, r *core.Rules, fen string) *core.Position {
	t.Helper()
	p, err := r.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// TestGoalDistances: king steps to the enemy palace over Claustrophobia's
// 46 cells (files a–e and the palaces; the king cannot stop on unused cells).
func TestGoalDistances(t *testing.T) {
	r, e := claustrophobia(t)
	king, _ := r.PieceByLetter("K")
	for _, tc := range []struct {
		pl   core.Player
		sq   string
		want int
	}{
		{0, "f1", 6}, {0, "g2", 6}, {0, "a1", 6}, {0, "e2", 5}, {0, "e5", 2},
		{0, "e6", 1}, {0, "e8", 1}, {0, "a8", 5}, {0, "f7", 0}, {0, "g7", 0},
		{1, "f8", 6}, {1, "g7", 6}, {1, "e7", 5}, {1, "e4", 2}, {1, "e3", 1},
		{1, "a1", 5}, {1, "g2", 0},
	} {
		sq, err := r.Board.ParseSquare(tc.sq)
		if err != nil {
			t.Fatal(err)
		}
		if got := int(e.goal.dist[tc.pl][int(king)*e.goal.size+int(sq)]); got != tc.want {
			t.Errorf("player %d king on %s: %d steps, want %d", tc.pl, tc.sq, got, tc.want)
		}
	}
}

// goalDirections are pairs of Claustrophobia positions where the goal
// terms must favour White more in the first than in the second.
var goalDirections = []struct {
	name, better, worse string
}{
	{"king nearer the enemy palace",
		"r4k**/7*/5***/4K***/5***/5***/7*/Q5** w - - 0 1",
		"r4k**/7*/5***/5***/5***/4K***/7*/Q5** w - - 0 1"},
	{"king on the way, the defender has less material",
		"5k**/p6*/5***/5***/4K***/5***/7*/Q5** w - - 0 1",
		"rr2nk**/p6*/5***/5***/4K***/5***/7*/Q5** w - - 0 1"},
	{"a knight attacks a guarded palace square near the king",
		"5k**/7*/3N1***/4K***/5***/5***/7*/6** w - - 0 1",
		"5k**/7*/5***/4K***/5***/N4***/7*/6** w - - 0 1"},
	{"a defending queen guard closes palace squares",
		"k5**/7*/q4***/4K***/5***/5***/7*/Q5** w - - 0 1",
		"k4q**/7*/5***/4K***/5***/5***/7*/Q5** w - - 0 1"},
	{"king one step from an open palace, White to move",
		"6**/4K2*/5***/5***/5***/5***/7*/k5** w - - 0 1",
		"6**/4K2*/5***/5***/5***/5***/7*/k5** b - - 0 1"},
	{"king one step from an open palace, Black to move",
		"6**/4K2*/5***/5***/5***/5***/7*/k5** b - - 0 1",
		"6**/4K1q*/5***/5***/5***/5***/7*/k5** b - - 0 1"},
	{"open palace squares count only near the king",
		"k5**/7*/q4***/4K***/5***/5***/7*/Q5** w - - 0 1",
		"k5**/7*/q4***/5***/5***/4K***/7*/Q5** w - - 0 1"},
}

func TestGoalTermDirections(t *testing.T) {
	r, e := claustrophobia(t)
	for _, tc := range goalDirections {
		better, worse := parse(t, r, tc.better), parse(t, r, tc.worse)
		b, w := goalPart(e, better, 0), goalPart(e, worse, 0)
		if b <= w {
			t.Errorf("%s: goal terms %d for %s, %d for %s: want the first higher", tc.name, b, tc.better, w, tc.worse)
		}
	}
}

// TestGoalEntryScores: an undefended palace square next to the king is
// nearly a win for the side to move, and a strong threat otherwise.
func TestGoalEntryScores(t *testing.T) {
	r, e := claustrophobia(t)
	for _, tc := range []struct {
		fen      string
		min, max int
	}{
		{"6**/4K2*/5***/5***/5***/5***/7*/k5** w - - 0 1", goalEntry, goalEntry + 1000},
		{"6**/4K2*/5***/5***/5***/5***/7*/k5** b - - 0 1", goalDouble, goalDouble + 400},
		{"6**/4K1q*/5***/5***/5***/5***/7*/k5** w - - 0 1", 0, goalDouble - 1},
		{"6**/4K1q*/5***/5***/5***/5***/7*/k5** b - - 0 1", 0, goalDouble - 1},
	} {
		if got := goalPart(e, parse(t, r, tc.fen), 0); got < tc.min || got > tc.max {
			t.Errorf("%s: goal terms %d, want %d..%d", tc.fen, got, tc.min, tc.max)
		}
	}
}

// mirrorFEN swaps the colours of a Claustrophobia FEN: ranks reversed
// (1↔8), letters' case swapped, the other side to move, the en-passant
// square mirrored.
func mirrorFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	if len(f) < 4 || f[2] != "-" {
		t.Fatalf("mirrorFEN: %q", fen)
	}
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z':
			return c - 'a' + 'A'
		case c >= 'A' && c <= 'Z':
			return c - 'A' + 'a'
		}
		return c
	}
	f[0] = strings.Map(swap, strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if ep := f[3]; ep != "-" {
		f[3] = ep[:1] + string(rune('1'+'8'-ep[1]))
	}
	return strings.Join(f, " ")
}

// TestGoalEvalMirror: the colour-swapped position scores the negation, for
// the whole evaluation and for the goal terms, in the test positions and
// along random games.
func TestGoalEvalMirror(t *testing.T) {
	r, e := claustrophobia(t)
	fens := []string{r.StartPosition().FEN()}
	for _, tc := range goalDirections {
		fens = append(fens, tc.better, tc.worse)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 6; game++ {
		p := r.StartPosition()
		for ply := 0; ply < 120 && p.Outcome().Status == core.Ongoing; ply++ {
			moves := p.LegalMoves(nil)
			p.MakeMove(moves[rng.IntN(len(moves))])
			if ply%10 == 9 {
				fens = append(fens, p.FEN())
			}
		}
	}
	for _, fen := range fens {
		p, m := parse(t, r, fen), parse(t, r, mirrorFEN(t, fen))
		if a, b := e.eval(p, 0, true), e.eval(m, 0, true); a != -b {
			t.Errorf("%s: White's evaluation %d, mirrored %d", fen, a, b)
		}
		if a, b := goalPart(e, p, 0), goalPart(e, m, 0); a != -b {
			t.Errorf("%s: White's goal terms %d, mirrored %d", fen, a, b)
		}
	}
}

// TestGoalTermsOnlyWithRegion: variants without goals.royal_reaches get no
// goal tables, and an engine with NoGoal searches them exactly as one
// without (same move, score and node count).
func TestGoalTermsOnlyWithRegion(t *testing.T) {
	for _, tc := range []struct{ variant, fen string }{
		{"chess", ""},
		{"chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"},
		{"chess", "8/5pk1/6p1/3P4/2K5/8/5PP1/8 w - - 0 40"},
		{"siberia", ""},
	} {
		r, err := variant.Load(tc.variant, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ev := evaluatorFor(r); ev.goal != nil || ev.forOptions(Options{NoGoal: true}) != ev {
			t.Errorf("%s: goal tables without a goal region", tc.variant)
		}
		// A fresh position for each search: a position searched before
		// can order moves differently.
		pos := func() *core.Position {
			if tc.fen == "" {
				return r.StartPosition()
			}
			return parse(t, r, tc.fen)
		}
		a := New(Options{HashMB: 1}).Search(pos(), Limits{Depth: 4})
		b := New(Options{HashMB: 1, NoGoal: true}).Search(pos(), Limits{Depth: 4})
		if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
			t.Errorf("%s %q: NoGoal changed the search: %+v vs %+v", tc.variant, tc.fen, a, b)
		}
	}
	_, e := claustrophobia(t)
	if ng := e.forOptions(Options{NoGoal: true}); ng == e || ng.goal != nil || ng != e.forOptions(Options{NoGoal: true}) ||
		e.forOptions(Options{}) != e {
		t.Error("claustrophobia: forOptions ignores NoGoal")
	}
}

// TestGoalEvalAllocatesNothing: the goal terms, entry test included,
// allocate nothing.
func TestGoalEvalAllocatesNothing(t *testing.T) {
	r, e := claustrophobia(t)
	for _, fen := range []string{
		"6**/4K2*/5***/5***/5***/5***/7*/k5** b - - 0 1",
		"5k**/7*/3N1***/4K***/5***/5***/7*/6** w - - 0 1",
		r.StartPosition().FEN(),
	} {
		p := parse(t, r, fen)
		if n := testing.AllocsPerRun(10, func() { e.eval(p, 0, true) }); n > 0 {
			t.Errorf("%s: %.1f allocations per evaluation", fen, n)
		}
	}
}

// BenchmarkEvalClaustrophobia: the evaluation's cost with and without the
// goal terms, in the start position and with a king near the enemy palace.
func BenchmarkEvalClaustrophobia(b *testing.B) {
	r, e := claustrophobia(b)
	for _, pos := range []struct{ name, fen string }{
		{"Start", r.StartPosition().FEN()},
		{"KingNear", "5k**/7*/3N1***/4K***/5***/5***/7*/6** w - - 0 1"},
	} {
		p := parse(b, r, pos.fen)
		for _, ev := range []struct {
			name string
			e    *evaluator
		}{{"Goal", e}, {"NoGoal", e.forOptions(Options{NoGoal: true})}} {
			b.Run(pos.name+ev.name, func(b *testing.B) {
				for b.Loop() {
					ev.e.eval(p, 0, true)
				}
			})
		}
	}
}

// TestTunedSidesBlend: the one pass over the pieces with tuned tables
// (tunedSides) gives each player's tables blended by the phase of the
// whole board, plus its material, in random games of chess, Siberia and
// Claustrophobia.
func TestTunedSidesBlend(t *testing.T) {
	for _, name := range []string{"chess", "siberia", "claustrophobia"} {
		e := evaluatorFor(loadRules(t, name))
		if e.pst == nil {
			t.Fatalf("%s: no tuned tables", name)
		}
		for _, p := range randomGamePositions(loadRules(t, name), 16, 160, 7) {
			ph := e.pst.phase(p, e.values)
			want := 0
			for q := 0; q < 2; q++ {
				mg, eg, material := 0, 0, 0
				for _, sq := range p.PieceSquares(core.Player(q)) {
					ty := int(p.At(sq).Type())
					mg += int(e.pst.mg[q][ty*e.size+int(sq)])
					eg += int(e.pst.eg[q][ty*e.size+int(sq)])
					material += e.values[ty]
				}
				want += (1 - 2*q) * ((mg*ph+eg*(e.pst.full-ph))/e.pst.full + material)
			}
			var material [core.MaxPlayers]int
			if got := e.tunedSides(p, 0, &material); got != want {
				t.Fatalf("%s %s: %d, want %d", name, p.FEN(), got, want)
			}
		}
	}
}
