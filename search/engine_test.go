package search

// Tests of the engine: mate puzzles, legality, limits and stopping, feature switches, allocation-free search, levels, max-n.

import (
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/variant"
)

// matePuzzles are orthodox mates in 2, 3 and 4 whose first move is the only
// one that mates that fast (each checked with Stockfish, MultiPV 2, at depth
// 18 to 22; the Morphy problem, where Stockfish does not see the mate from
// the root, by its lines). Most are well-known combinations; the generated
// ones come from games of Stockfish at low skill levels, taken where it
// found a forced mate with a unique first move.
var matePuzzles = []struct {
	name string
	fen  string
	mate int // moves
	want string
}{
	{"Morphy: the rook sacrifice", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, "a1a6"},
	{"queen sacrifice, back rank", "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", 2, "d5d8"},
	{"queen sacrifice on g6", "r2qk2r/pb4pp/1n2Pb2/2B2Q2/p1p5/2P5/2B2PPP/RN2R1K1 w - - 1 1", 2, "f5g6"},
	{"black: rook check on g1", "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2, "g2g1"},
	{"the Opera game", "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1", 2, "b3b8"},
	{"queen sacrifice on h6", "r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w KQ - 0 1", 2, "d2h6"},
	{"queen takes h8", "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1", 3, "c3h8"},
	{"rook to a6", "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"},
	{"queen to g6", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 1 1", 2, "g3g6"},
	{"queen takes f8", "5rk1/1p1q2bp/p2pN1p1/2pP2Bn/2P3P1/1P6/P4QKP/5R2 w - - 1 1", 2, "f2f8"},
	{"back rank, rook against rook", "6k1/5ppp/8/8/8/8/1r3PPP/R5K1 w - - 0 1", 2, "a1a8"},
	{"generated: the quiet rook", "6R1/8/8/k7/P1KP1P2/8/8/8 w - - 11 73", 2, "g8g6"},
	{"generated: queen takes f3", "r2nr1k1/pb1p1pp1/3b4/8/Pp3q2/1P3B2/6K1/3R4 b - - 5 35", 2, "f4f3"},
	{"generated: queen takes h6", "6rk/p5pp/1p1N1Q1n/2p5/2P5/P5RB/1PKn1P1P/3R4 w - - 1 29", 2, "f6h6"},
	{"generated: bishop takes g3", "4k2r/4p3/1B4pp/R7/5P1b/4P1PP/7K/4q3 b - - 0 42", 3, "h4g3"},
	{"knights on f7 (mate in 4)", "r1bk3r/pppq1ppp/5n2/4N1N1/2Bp4/Bn6/P4PPP/4R1K1 w - - 1 1", 4, "e5f7"},
}

func TestMatePuzzles(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{})
	for _, tc := range matePuzzles {
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		res := e.Search(p, Limits{Depth: 2*tc.mate + 2, MoveTime: 20 * time.Second})
		got := notation.Coordinate.Encode(p, res.Move)
		plies, mate := IsMate(res.Score)
		if got != tc.want || !mate || res.Score < 0 || plies != 2*tc.mate-1 {
			t.Errorf("%s: %s, score %d (mate %v in %d plies), want %s mating in %d", tc.name, got, res.Score, mate, plies, tc.want, tc.mate)
		}
		if len(res.PV) != 2*tc.mate-1 {
			t.Errorf("%s: PV of %d moves, want %d", tc.name, len(res.PV), 2*tc.mate-1)
		}
		if p.FEN() != tc.fen {
			t.Errorf("%s: the search changed the position to %s", tc.name, p.FEN())
		}
	}
}

// TestLegalityMatchesCore: the engine's lazy legality (pseudo-legal moves,
// the veto hook, then the royal-safety test after making) keeps exactly
// core's legal moves, in positions of random games of every variant.
func TestLegalityMatchesCore(t *testing.T) {
	for _, bv := range benchVariants {
		p := startOf(t, bv.variant, bv.opts)
		e := New(Options{HashMB: 1})
		e.p = p
		e.ev = evaluatorFor(p.Rules())
		rng := rand.New(rand.NewPCG(1, 2))
		for ply := 0; ply < 60 && p.Outcome().Status == core.Ongoing; ply++ {
			legal := p.LegalMoves(nil)
			var mine []core.Move
			st := &e.stack[0]
			e.generate(st)
			for _, m := range st.moves {
				if e.makeLegal(m) {
					p.UnmakeMove()
					mine = append(mine, m)
				}
			}
			if len(mine) == 0 && p.Rules().Hooks.Pass != nil {
				continue // the pass move comes through noMoves
			}
			slices.SortFunc(legal, cmpMove)
			slices.SortFunc(mine, cmpMove)
			mine = slices.Compact(mine)
			if !slices.Equal(legal, mine) {
				t.Fatalf("%s ply %d: %d legal moves, the engine keeps %d (%s)", bv.name, ply, len(legal), len(mine), p)
			}
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
	}
}

func cmpMove(a, b core.Move) int {
	switch {
	case a.From != b.From:
		return int(a.From - b.From)
	case a.To != b.To:
		return int(a.To - b.To)
	case a.Kind != b.Kind:
		return int(a.Kind) - int(b.Kind)
	case a.Promo != b.Promo:
		return int(a.Promo) - int(b.Promo)
	case a.Arg != b.Arg:
		return int(a.Arg) - int(b.Arg)
	}
	return slices.Compare(a.Victims[:], b.Victims[:])
}

// TestEveryVariantSearches: a short search in every variant returns a legal
// move and leaves the position unchanged.
func TestEveryVariantSearches(t *testing.T) {
	for _, bv := range benchVariants {
		p := startOf(t, bv.variant, bv.opts)
		before := p.String()
		hash := p.Hash()
		res := New(Options{HashMB: 1}).Search(p, Limits{Depth: bv.quick})
		if !p.IsLegal(res.Move) {
			t.Errorf("%s: illegal move %+v", bv.name, res.Move)
		}
		if p.String() != before || p.Hash() != hash {
			t.Errorf("%s: the search changed the position", bv.name)
		}
		if res.Depth != bv.quick || res.Nodes == 0 {
			t.Errorf("%s: depth %d, %d nodes", bv.name, res.Depth, res.Nodes)
		}
	}
}

func TestLimits(t *testing.T) {
	p := startOf(t, "chess", nil)
	e := New(Options{HashMB: 1})
	res := e.Search(p, Limits{Nodes: 5000})
	if res.Nodes < 5000 || res.Nodes > 5100 {
		t.Errorf("node limit 5000: searched %d", res.Nodes)
	}
	start := time.Now()
	res = e.Search(p, Limits{MoveTime: 100 * time.Millisecond})
	// The bound is loose for a loaded machine; a search that ignored the
	// limit would run for minutes.
	if el := time.Since(start); el > 2*time.Second || res.Depth < 2 {
		t.Errorf("100ms: took %v, depth %d", el, res.Depth)
	}
	var stop atomic.Bool
	go func() {
		time.Sleep(50 * time.Millisecond)
		stop.Store(true)
	}()
	start = time.Now()
	res = e.Search(p, Limits{Stop: &stop})
	if el := time.Since(start); el > 2*time.Second || !p.IsLegal(res.Move) {
		t.Errorf("stop after 50ms: took %v, move %+v", el, res.Move)
	}
}

// TestFeatureSwitches: with any one feature off the engine still finds a
// mate and wins material.
func TestFeatureSwitches(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	for _, opts := range []Options{
		{}, {NoTT: true}, {NoNullMove: true}, {NoLMR: true}, {NoPVS: true}, {NoKillers: true, NoHistory: true},
		{CheckExtension: true}, {MaterialOnly: true}, {NoAspiration: true}, {NoSEE: true}, {NoRFP: true},
		{NoLMP: true, NoFutility: true}, {NoAspiration: true, NoSEE: true, NoRFP: true, NoLMP: true, NoFutility: true},
		{NoImproving: true}, {NoLMRTable: true}, {NoIIR: true}, {NoCounterMoves: true}, {NoContHistory: true}, {NoSingular: true}, {NoQuiescenceTT: true},
		{NarrowPruning: true},
	} {
		for _, tc := range []struct{ fen, want string }{
			{"r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", "d5d8"},
			{"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
		} {
			p, _ := r.ParseFEN(tc.fen)
			opts.HashMB = 1
			res := New(opts).Search(p, Limits{Depth: 5})
			if got := notation.Coordinate.Encode(p, res.Move); got != tc.want {
				t.Errorf("%+v: %s plays %s, want %s", opts, tc.fen, got, tc.want)
			}
		}
	}
}

// TestQuiescenceSeesEveryCapture: a hanging piece is won by a range attack
// (Longchess's stationary capture) at depth 1, so quiescence must see that
// kind; without quiescence the reply would not be seen.
func TestQuiescenceSeesEveryCapture(t *testing.T) {
	p := startOf(t, "chess", nil)
	e := New(Options{HashMB: 1})
	e.p, e.ev = p, evaluatorFor(p.Rules())
	for _, tc := range []struct {
		kind core.MoveKind
		want bool
	}{{core.KindStationary, true}, {core.KindCastle, false}, {core.KindDoubleStep, false}} {
		b := p.Rules().Board
		m := core.NewMove(b.Square(core.Coord{X: 0, Y: 0}), b.Square(core.Coord{X: 0, Y: 6}))
		m.Kind = tc.kind
		if tc.kind == core.KindCastle || tc.kind == core.KindDoubleStep {
			m.Victims[0] = m.To
		}
		if _, tactical := e.gain(m); tactical != tc.want {
			t.Errorf("kind %d onto an enemy pawn: tactical %v, want %v", tc.kind, tactical, tc.want)
		}
	}
}

// TestQuiescenceTable: quiescence keeps its results in the table as
// bounds: a null-window quiescence search repeated is answered by the
// table in one node, on the same side of beta; without the table
// (NoQuiescenceTT) it is searched again.
func TestQuiescenceTable(t *testing.T) {
	for _, name := range []string{"chess", "siberia", "claustrophobia"} {
		positions := randomPositions(t, name, 20)
		for _, off := range []bool{false, true} {
			e := New(Options{HashMB: 1, NoQuiescenceTT: off})
			e.Search(positions[0], Limits{Depth: 1}) // ready the engine
			deep := 0                                // searches of more than one node
			for i, p := range positions {
				if p.Decided().Status != core.Ongoing {
					continue
				}
				e.p = p
				e.tt.clear()
				v := e.quiesce(1, -infinity, infinity, false)
				for _, beta := range []int{v - 60, v + 60} {
					e.tt.clear()
					n0 := e.nodes
					w1 := e.quiesce(1, beta-1, beta, false)
					n1 := e.nodes - n0
					w2 := e.quiesce(1, beta-1, beta, false)
					n2 := e.nodes - n0 - n1
					if n1 > 1 {
						deep++
					}
					switch {
					case !off && (w1 >= beta) != (w2 >= beta):
						t.Errorf("%s position %d (%s), beta %d: %d, then %d from the table", name, i, p, beta, w1, w2)
					case !off && n2 != 1:
						t.Errorf("%s position %d (%s), beta %d: the table did not answer the search again (%d nodes, then %d)", name, i, p, beta, n1, n2)
					case off && n1 > 1 && n2 == 1:
						t.Errorf("%s position %d (%s), beta %d: answered in one node with the table off", name, i, p, beta)
					}
				}
			}
			if deep < 20 {
				t.Errorf("%s: only %d searches went past their first node", name, deep)
			}
		}
	}
}

// TestSearchAllocatesNothing: once warm, the search below the root
// allocates nothing, in every variant, hooks included.
func TestSearchAllocatesNothing(t *testing.T) {
	for _, bv := range benchVariants {
		p := startOf(t, bv.variant, bv.opts)
		e := New(Options{HashMB: 1})
		e.Search(p, Limits{Depth: bv.quick})
		e.start = time.Now()
		root := p.LegalMoves(nil)
		scores := make([]int, len(root))
		allocs := testing.AllocsPerRun(2, func() {
			e.negamax(bv.quick, 1, -infinity, infinity, true)
			e.negamax(bv.quick, 1, -1, 0, true)    // a null window: the pruned nodes
			e.rootSearch(root, scores, bv.quick+1) // aspiration windows
		})
		if allocs > 0 {
			t.Errorf("%s: %.1f allocations per search", bv.name, allocs)
		}
	}
	// Deep enough for singular extensions and the deeper reductions.
	for _, name := range []string{"chess", "siberia"} {
		p := startOf(t, name, nil)
		e := New(Options{HashMB: 4})
		e.Search(p, Limits{Depth: 8})
		e.start = time.Now()
		e.rootDepth = 8
		allocs := testing.AllocsPerRun(1, func() {
			e.negamax(8, 1, -infinity, infinity, true)
			e.negamax(8, 1, -1, 0, true)
		})
		if allocs > 0 {
			t.Errorf("%s, depth 8: %.1f allocations per search", name, allocs)
		}
	}
}

func TestLevels(t *testing.T) {
	if _, _, err := Level(0, time.Second, 1); err == nil {
		t.Error("level 0 accepted")
	}
	if _, _, err := Level(Levels+1, time.Second, 1); err == nil {
		t.Error("level 9 accepted")
	}
	prevNoise := 1 << 30
	for n := 1; n <= Levels; n++ {
		opts, lim, err := Level(n, time.Second, 1)
		if err != nil {
			t.Fatal(err)
		}
		if l := levels[n]; lim.Depth != l.depth || opts.Noise != l.noise {
			t.Errorf("level %d: depth %d noise %d, want %d and %d", n, lim.Depth, opts.Noise, l.depth, l.noise)
		}
		if opts.Noise > prevNoise {
			t.Errorf("level %d is noisier (%d) than level %d", n, opts.Noise, n-1)
		}
		prevNoise = opts.Noise
		if lim.MoveTime > time.Second || lim.MoveTime == 0 {
			t.Errorf("level %d: move time %v", n, lim.MoveTime)
		}
		p := startOf(t, "chess", nil)
		opts.HashMB = 1
		lim.MoveTime = min(lim.MoveTime, 100*time.Millisecond)
		if res := New(opts).Search(p, lim); !p.IsLegal(res.Move) {
			t.Errorf("level %d: illegal move", n)
		}
	}
	if opts, lim, _ := Level(Levels, 3*time.Second, 1); opts.Noise != 0 || lim.Depth != 0 || lim.MoveTime != 3*time.Second {
		t.Errorf("full strength: %+v %+v", opts, lim)
	}
}

// TestMaxN: max-n plays legal moves for every seat and takes the bigger
// piece, like paranoid search.
func TestMaxN(t *testing.T) {
	r, err := variant.Load("martian-chess", map[string]string{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.ParsePosition("Q6P/8/8/3P4/8/8/1P6/Q6P 1 -/-/-/- - -")
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []MultiMode{Paranoid, MaxN} {
		res := New(Options{Multi: mode, HashMB: 1}).Search(p, Limits{Depth: 3})
		if got := notation.Coordinate.Encode(p, res.Move); got != "a1a8" {
			t.Errorf("mode %d: %s, want a1a8", mode, got)
		}
	}
	p = r.StartPosition()
	e := New(Options{Multi: MaxN, HashMB: 1})
	for ply := 0; ply < 8; ply++ {
		res := e.Search(p, Limits{Depth: 2})
		if !p.IsLegal(res.Move) {
			t.Fatalf("ply %d: illegal move %+v", ply, res.Move)
		}
		p.MakeMove(res.Move)
	}
}

func TestNullMoveRule(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false},  // king and pawn: zugzwang
		{"4k3/8/8/8/8/8/8/R3K2r w - - 0 1", false}, // in check
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 1", false},  // black has only its king
	} {
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if tc.want && New(Options{HashMB: 1, NoNullMove: true}).withPosition(p).nullAllowed() {
			t.Errorf("%s: null move allowed with Options.NoNullMove", tc.fen)
		}
		e := New(Options{HashMB: 1})
		e.p = p
		got := e.nullAllowed() && !p.InCheck()
		if got != tc.want {
			t.Errorf("%s: null move allowed %v, want %v", tc.fen, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"chess", true}, {"siberia", true}, {"claustrophobia", true},
		{"longchess", false}, {"martian-chess", false}, // no royal pieces
		{"infinite-plane", false}, {"infinite-plane-huygens", false}, // unbounded
	} {
		p := startOf(t, tc.name, nil)
		if got := New(Options{HashMB: 1}).withPosition(p).nullAllowed(); got != tc.want {
			t.Errorf("%s start: null move allowed %v, want %v", tc.name, got, tc.want)
		}
	}
}

// withPosition sets the engine's position, for tests of its rules.
func (s *Engine) withPosition(p *core.Position) *Engine {
	s.p = p
	return s
}

// TestLosingCaptures: in chess a capture is losing when its capturer is
// worth more than its victim by more than losingMargin and it loses more
// than that in the static exchange; the simplest rule, which judges the
// variants the exchange cannot (a capture by a more valuable piece after
// which an enemy attacks the capturer), is checked on the same cases.
func TestLosingCaptures(t *testing.T) {
	for _, tc := range []struct {
		fen, move        string
		losing, simplest bool
	}{
		{"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", true, true},    // the pawn is defended
		{"4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", false, false},    // it is not
		{"4k3/8/4n3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", false, false},  // a knight on e6 does not defend d5
		{"4k3/8/5n2/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", true, true},    // on f6 it does
		{"4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", true, true},    // a rook for a pawn
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", false, false}, // a pawn takes a pawn: never judged
		{"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", false, false},     // the king: legality decides
		{"4k3/8/2p5/3n4/8/8/6B1/4K3 w - - 0 1", "g2d5", false, true},  // a bishop for a knight is a trade
		{"4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", true, true},    // a rook for a knight is not
		{"8/8/4k3/3p4/8/8/6B1/3QK3 w - - 0 1", "d1d5", false, true},   // only the king defends, and the bishop guards
		{"8/8/4k3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", true, true},      // the king defends
		{"4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", true, true},  // two pawns for a rook
	} {
		e, m := engineAt(t, "chess", tc.fen, tc.move)
		p := e.p
		g, _ := e.gain(m)
		if got := e.losingCapture(m, g, e.attackerValue(m)); got != tc.losing {
			t.Errorf("%s %s: losing %v, want %v", tc.fen, tc.move, got, tc.losing)
		}
		if got := g < e.attackerValue(m) && e.losing(m); got != tc.simplest {
			t.Errorf("%s %s: by the simplest rule losing %v, want %v", tc.fen, tc.move, got, tc.simplest)
		}
		if p.String() != tc.fen {
			t.Errorf("%s: the position changed to %s", tc.fen, p.String())
		}
	}
}

// TestSafeChecks: late-move pruning keeps a quiet check only when the
// static exchange on its square does not lose material, where the exchange
// judges; elsewhere every check.
func TestSafeChecks(t *testing.T) {
	for _, tc := range []struct {
		variant, fen, move string
		safe               bool
	}{
		{"chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d7", false},    // the king takes the queen
		{"chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1a4", true},     // a check from afar
		{"chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d4", false},    // no check
		{"chess", "4k3/8/1N6/8/8/8/8/3QK3 w - - 0 1", "d1d7", true},   // the knight guards d7
		{"chess", "4kn2/8/1N6/8/8/8/8/3QK3 w - - 0 1", "d1d7", false}, // a queen for a knight
		{"chess", "kbK5/p7/pP6/8/8/8/8/8 w - - 0 2", "b6b7", true},    // Morphy's mate: the king guards b7
		{"siberia", "8k/9/9/9/9/9/9/9/K6R1 w - - 0 1", "h1h9", false}, // the king takes the rook
		{"siberia", "8k/9/9/9/9/9/9/9/K6R1 w - - 0 1", "h1i1", true},  // a check from afar
		{"siberia", "8k/9/9/9/9/9/9/9/K6R1 w - - 0 1", "h1h8", false}, // no check
	} {
		e, m := engineAt(t, tc.variant, tc.fen, tc.move)
		p := e.p
		if got := e.safeCheck(m); got != tc.safe {
			t.Errorf("%s %s: safe check %v, want %v", tc.fen, tc.move, got, tc.safe)
		}
		if p.String() != tc.fen {
			t.Errorf("%s: the position changed to %s", tc.fen, p.String())
		}
	}
}

// engineAt returns an engine (1 MB table) set on the position fen of the
// variant, for tests of its helpers, and the move written in coordinate
// notation there.
func engineAt(t *testing.T, variantName, fen, move string) (*Engine, core.Move) {
	t.Helper()
	p := fenPosition(t, variantName, fen)
	m, err := notation.Coordinate.Decode(p, move)
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{HashMB: 1})
	e.p, e.ev = p, evaluatorFor(p.Rules())
	return e, m
}

// fenPosition loads the variant and parses fen in it.
func fenPosition(t *testing.T, variantName, fen string) *core.Position {
	t.Helper()
	r, err := variant.Load(variantName, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMayCheck: the filter of givesCheck never rules out a move that
// checks, over the moves of random games in every variant with royal
// pieces.
func TestMayCheck(t *testing.T) {
	for _, c := range []struct {
		a, b core.Coord
		want bool
	}{
		{core.Coord{X: 0, Y: 0}, core.Coord{X: 0, Y: 1_000_000_000_000}, true}, // a file
		{core.Coord{X: 3, Y: 3}, core.Coord{X: -7, Y: 13}, true},               // a diagonal
		{core.Coord{X: 0, Y: 0}, core.Coord{X: 10, Y: 20}, true},               // a nightrider's line
		{core.Coord{X: 0, Y: 0}, core.Coord{X: 4, Y: 3}, true},                 // near
		{core.Coord{X: 0, Y: 0}, core.Coord{X: 5, Y: 7}, false},
		{core.Coord{X: 0, Y: 0}, core.Coord{X: 9, Y: 4}, false},
	} {
		if got := lined(c.a, c.b); got != c.want {
			t.Errorf("lined(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	for _, bv := range benchVariants {
		p := startOf(t, bv.variant, bv.opts)
		e := New(Options{HashMB: 1})
		e.p, e.ev = p, evaluatorFor(p.Rules())
		rng := rand.New(rand.NewPCG(5, 6))
		checks, filtered := 0, 0
		for game := 0; game < 6; game++ {
			q := p.Copy()
			e.p = q
			for ply := 0; ply < 60; ply++ {
				moves := q.LegalMoves(nil)
				if len(moves) == 0 || q.Outcome().Status != core.Ongoing {
					break
				}
				for _, m := range moves {
					q.MakeMove(m)
					check := q.InCheck()
					q.UnmakeMove()
					if check {
						checks++
						if !e.mayCheck(m) {
							t.Errorf("%s: %s gives check in %s, but mayCheck says it cannot", bv.name,
								notation.Coordinate.Encode(q, m), q.String())
						}
					} else if !e.mayCheck(m) {
						filtered++
					}
				}
				q.MakeMove(moves[rng.IntN(len(moves))])
			}
		}
		t.Logf("%s: %d checking moves, %d moves ruled out without being made", bv.name, checks, filtered)
	}
}

// TestShortRange: leapers and steppers are short-range, riders are not.
func TestShortRange(t *testing.T) {
	for _, tc := range []struct {
		variant     string
		short, long []string
	}{
		{"chess", []string{"king", "knight", "pawn"}, []string{"queen", "rook", "bishop"}},
		{"infinite-plane", []string{"king", "knight", "guard", "pawn"}, []string{"queen", "chancellor", "rook", "bishop"}},
	} {
		r := loadRules(t, tc.variant)
		short := shortRange(r)
		byName := map[string]bool{}
		for ty := 1; ty < len(r.Pieces); ty++ {
			byName[r.Pieces[ty].Name] = short[ty]
		}
		for _, n := range tc.short {
			if !byName[n] {
				t.Errorf("%s: %s is not short-range", tc.variant, n)
			}
		}
		for _, n := range tc.long {
			if byName[n] {
				t.Errorf("%s: %s is short-range", tc.variant, n)
			}
		}
	}
}
