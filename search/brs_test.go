package search

// Tests of the searches of games of more than two players: best-reply search, max-n and the Multi switch.

import (
	"math/rand/v2"
	"testing"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/variant"
)

// multiForms are the forms of every variant played by more than two
// players.
var multiForms = []struct {
	name, variant string
	opts          map[string]string
}{
	{"martian 4", "martian-chess", map[string]string{"players": "4"}},
	{"martian 4 teams", "martian-chess", map[string]string{"players": "4", "teams": ""}},
	{"longchess four teams", "longchess", map[string]string{"teams": "4"}},
	{"longchess four teams ctm", "longchess", map[string]string{"teams": "4", "mode": "ctm"}},
	{"longchess four teams, every modification", "longchess", map[string]string{"teams": "4", "artillery": "",
		"mines": "", "nonlethal": "", "no-central-river": "", "no-pause-at-centre": ""}},
}

func martian4(t *testing.T, text string) *core.Position {
	t.Helper()
	r, err := variant.Load("martian-chess", map[string]string{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBRSBestMoves: best-reply search wins at once when it can, takes the
// bigger piece, plays for the player to move whoever it is, and meets the
// threat of the opponent who moves last at depth 2 (its own move and the
// best reply of any opponent).
func TestBRSBestMoves(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		depth      int
		want       []string // any of these moves (nil: any that wins at once)
		win        bool     // with a winning score
	}{
		// Each zone holds one piece: the south-west queen takes one and
		// empties a zone, winning on points, or leaves its own zone, which
		// empties it and wins the tie as the last mover.
		{"win at once", "P6P/8/8/8/8/8/8/Q6P 1 -/-/-/- - -", 2, nil, true},
		// The queen on a1 takes a pawn on h1 (1 point) or a queen on a8 (3).
		{"the bigger piece", "Q6P/8/8/3P4/8/8/1P6/Q6P 1 -/-/-/- - -", 3, []string{"a1a8"}, false},
		// North-west (to move) takes the south-west queen on d4 with d6.
		{"the second player", "P6P/8/3D4/8/3Q4/8/8/P6P 2 -/-/-/- - -", 3, []string{"d6d4"}, false},
		// South-east's queen on h1, the last to move, would take the drone
		// on d1 along the first rank: the drone steps off it (d1d2, d1d3)
		// or crosses into south-east's zone (d1e1), where it is
		// south-east's and no longer a target; the evaluation counts
		// pieces at home as the others' targets, so it may prefer that.
		{"the last player's threat", "1PP3PP/8/8/8/8/8/1P5P/3D3Q 1 -/-/-/- - -", 2, []string{"d1d2", "d1d3", "d1e1"}, false},
	} {
		p := martian4(t, tc.text)
		before, hash := p.String(), p.Hash()
		res := New(Options{Multi: BRS, HashMB: 1}).Search(p, Limits{Depth: tc.depth})
		got := notation.Coordinate.Encode(p, res.Move)
		ok := false
		for _, w := range tc.want {
			ok = ok || got == w
		}
		if tc.want == nil {
			p.MakeMove(res.Move)
			o := p.Outcome()
			p.UnmakeMove()
			ok = o.Status == core.Win && o.Winners == 1<<p.Turn()
		}
		if _, mate := IsMate(res.Score); !ok || tc.win != (mate && res.Score > 0) {
			t.Errorf("%s: %s plays %s (score %d), want one of %v (a win: %v)", tc.name, tc.text, got, res.Score, tc.want, tc.win)
		}
		if p.String() != before || p.Hash() != hash {
			t.Errorf("%s: the search changed the position", tc.name)
		}
	}
}

// TestMultiLegalMoves: best-reply search and max-n return legal moves,
// and leave the position as they found it, in positions of random games of
// every form of more than two players, for whoever is to move.
func TestMultiLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, f := range multiForms {
		p := startOf(t, f.variant, f.opts)
		engines := []*Engine{New(Options{Multi: BRS, HashMB: 1}), New(Options{Multi: MaxN, HashMB: 1})}
		for ply := 0; ply < 40 && p.Outcome().Status == core.Ongoing; ply++ {
			legal := p.LegalMoves(nil)
			if ply%8 == 7 {
				before, hash := p.String(), p.Hash()
				for i, e := range engines {
					res := e.Search(p, Limits{Depth: 2, Nodes: 30000})
					if !p.IsLegal(res.Move) {
						t.Fatalf("%s, ply %d, engine %d: illegal move %+v in %s", f.name, ply, i, res.Move, p)
					}
					if p.String() != before || p.Hash() != hash {
						t.Fatalf("%s, ply %d, engine %d: the search changed the position", f.name, ply, i)
					}
				}
			}
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
	}
}

// TestMultiSwitch: Options.Multi selects the search of games of more than
// two players, Auto by its rule, and leaves two-player games to negamax
// whatever it says.
func TestMultiSwitch(t *testing.T) {
	ffa := map[string]string{"players": "4"}
	teams := map[string]string{"players": "4", "teams": ""}
	for _, tc := range []struct {
		variant string
		opts    map[string]string
		mode    MultiMode
		want    string // which search ran
	}{
		{"martian-chess", ffa, Auto, "brs"},
		{"martian-chess", ffa, MaxN, "maxn"},
		{"martian-chess", ffa, BRS, "brs"},
		{"martian-chess", ffa, Paranoid, "negamax"},
		{"martian-chess", teams, Auto, "negamax"},
		{"martian-chess", teams, BRS, "brs"},
		{"martian-chess", nil, BRS, "negamax"},
		{"martian-chess", nil, MaxN, "negamax"},
		{"chess", nil, BRS, "negamax"},
		{"longchess", map[string]string{"teams": "4"}, Auto, "brs"},
		{"longchess", nil, Auto, "negamax"},
	} {
		p := startOf(t, tc.variant, tc.opts)
		e := New(Options{Multi: tc.mode, HashMB: 1})
		res := e.Search(p, Limits{Depth: 4})
		got := map[MultiMode]string{Paranoid: "negamax", MaxN: "maxn", BRS: "brs"}[e.searchMode()]
		if got != tc.want {
			t.Errorf("%s %v, mode %d: %s searched, want %s", tc.variant, tc.opts, tc.mode, got, tc.want)
		}
		if ran := e.brs != nil; ran != (got == "brs") || !p.IsLegal(res.Move) {
			t.Errorf("%s %v, mode %d: best-reply search ran %v; move %+v", tc.variant, tc.opts, tc.mode, ran, res.Move)
		}
	}
}

// TestMultiAllocatesNothing: once warm, best-reply search and max-n
// allocate nothing below the root, in every form of more than two players.
func TestMultiAllocatesNothing(t *testing.T) {
	for _, f := range multiForms {
		p := startOf(t, f.variant, f.opts)
		for _, mode := range []MultiMode{BRS, MaxN} {
			e := New(Options{Multi: mode, HashMB: 1})
			e.Search(p, Limits{Depth: 2})
			e.start = time.Now()
			allocs := testing.AllocsPerRun(2, func() {
				if mode != MaxN {
					e.brsNode(3, 0, -infinity, infinity, true)
				} else {
					e.maxn(2, 0)
				}
			})
			if allocs > 0 {
				t.Errorf("%s, mode %d: %.1f allocations per search", f.name, mode, allocs)
			}
		}
	}
}

// benchMulti measures a search of more than two players from a variant's
// start, in nodes per second.
func benchMulti(b *testing.B, variantName string, opts map[string]string, mode MultiMode, depth int) {
	r, err := variant.Load(variantName, opts)
	if err != nil {
		b.Fatal(err)
	}
	e := New(Options{Multi: mode})
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.NewGame()
		nodes += e.Search(r.StartPosition(), Limits{Depth: depth}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// Four-team Longchess from the start: best-reply search to depth 5 (three
// moves of the root player) takes half the nodes of max-n to depth 3 (one
// move and two replies). Four-player Martian Chess: depth 6 and 4.
func BenchmarkLongchessFourBRS(b *testing.B) {
	benchMulti(b, "longchess", map[string]string{"teams": "4"}, BRS, 5)
}
func BenchmarkLongchessFourMaxN(b *testing.B) {
	benchMulti(b, "longchess", map[string]string{"teams": "4"}, MaxN, 3)
}
func BenchmarkMartian4BRS(b *testing.B) {
	benchMulti(b, "martian-chess", map[string]string{"players": "4"}, BRS, 6)
}
func BenchmarkMartian4MaxN(b *testing.B) {
	benchMulti(b, "martian-chess", map[string]string{"players": "4"}, MaxN, 4)
}

// TestBRSPruning: best-reply search prunes as negamax does (reverse
// futility and futility pruning), each switched off by its option: with
// either off, a search of four-player Martian Chess and four-team
// Longchess to a fixed depth visits a different number of nodes.
func TestBRSPruning(t *testing.T) {
	for _, tc := range []struct {
		variant string
		opts    map[string]string
		depth   int
	}{
		{"martian-chess", map[string]string{"players": "4"}, 7},
		{"longchess", map[string]string{"teams": "4"}, 5},
	} {
		r, err := variant.Load(tc.variant, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		nodes := func(o Options) uint64 {
			o.Multi, o.HashMB = BRS, 4
			return New(o).Search(r.StartPosition(), Limits{Depth: tc.depth}).Nodes
		}
		all := nodes(Options{})
		for name, o := range map[string]Options{
			"NoRFP": {NoRFP: true}, "NoFutility": {NoFutility: true},
		} {
			if n := nodes(o); n == all {
				t.Errorf("%s %v: %s searched %d nodes to depth %d, as many as with every pruning on", tc.variant, tc.opts, name, n, tc.depth)
			} else {
				t.Logf("%s %v: %d nodes, %s %d", tc.variant, tc.opts, all, name, n)
			}
		}
	}
}
