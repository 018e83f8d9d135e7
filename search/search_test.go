package search

// Tests of the simple search: mates, material, derived piece values.

import (
	"testing"
	"time"
	"unsafe"

	"anychess/core"
	"anychess/variant"
)

func TestBestMove(t *testing.T) {
	for _, tc := range []struct {
		name, variant, fen, want string
	}{
		{"back-rank mate", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"},
		{"takes the hanging queen", "chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
		{"siberia mate on the ninth rank", "siberia", "8k/1R7/9/9/9/9/9/9/R3K4 w - - 0 1", "a1a9"},
	} {
		p := fenPosition(t, tc.variant, tc.fen)
		r := p.Rules()
		res := Best(p, Limits{Depth: 3, MoveTime: 5 * time.Second})
		got := r.Board.Name(res.Move.From) + r.Board.Name(res.Move.To)
		if got != tc.want {
			t.Errorf("%s: best move %s, want %s", tc.name, got, tc.want)
		}
		if p.FEN() != tc.fen {
			t.Errorf("%s: search changed the position to %s", tc.name, p.FEN())
		}
	}
}

func TestDerivedValuesOrderPieces(t *testing.T) {
	def, err := variant.Definition("chess")
	if err != nil {
		t.Fatal(err)
	}
	for i := range def.Pieces {
		def.Pieces[i].Value = 0 // derive every value
	}
	r, err := core.Compile(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := PieceValues(r)
	val := func(l string) int { pt, _ := r.PieceByLetter(l); return v[pt] }
	if !(val("P") < val("N") && val("N") < val("R") && val("B") < val("R") && val("R") < val("Q")) {
		t.Errorf("derived values out of order: P %d N %d B %d R %d Q %d", val("P"), val("N"), val("B"), val("R"), val("Q"))
	}
	if val("K") != 0 {
		t.Errorf("royal piece valued %d", val("K"))
	}
}

func TestNoMove(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	p, _ := r.ParseFEN("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if res := Best(p, Limits{Depth: 2}); res.Move != core.NullMove {
		t.Errorf("stalemated side got a move")
	}
}

// TestStoppedIterationKeepsBest: a search stopped during an iteration
// returns the last finished iteration's best move unless the unfinished one
// proved a move better than it. In the Two Knights after 4.Ng5, 4…d5 is the
// best move at the depths these budgets finish; an earlier root ordering let a move
// that had once been best stay first, so searches stopped between 150k
// and 200k nodes returned 4…Rb8. (From depth 11 the evaluation prefers
// 4…Nxe4; since quiescence reads the table, 200k nodes reach it, so the
// budgets run from 50k to 150k.)
func TestStoppedIterationKeepsBest(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	p, err := r.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 5 4")
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{HashMB: 4})
	for nodes := uint64(50_000); nodes <= 150_000; nodes += 25_000 {
		e.NewGame()
		res := e.Search(p, Limits{Nodes: nodes})
		if got := r.Board.Name(res.Move.From) + r.Board.Name(res.Move.To); got != "d7d5" {
			t.Errorf("%d nodes: %s (depth %d, score %d), want d7d5", nodes, got, res.Depth, res.Score)
		}
	}
}

// TestHistoryStaysBounded: credit and debit saturate within ±historyCap,
// and each moves the entry its way.
func TestHistoryStaysBounded(t *testing.T) {
	for _, delta := range []int32{1, 9, 400, -1, -400} {
		var h int32
		for i := 0; i < 100000; i++ {
			before := h
			addHistory(&h, delta)
			if h > historyCap || h < -historyCap {
				t.Fatalf("delta %d: entry %d after %d updates", delta, h, i+1)
			}
			if (delta > 0 && h < before) || (delta < 0 && h > before) {
				t.Fatalf("delta %d: entry went from %d to %d", delta, before, h)
			}
		}
	}
}

// TestLMRReduction: for both tables, at least one ply, never past
// depth − 2 (but for the one ply at depth 2), growing with depth and with
// the move's number, less at PV nodes and for killers, more when not
// improving; the wide table's never less than the narrow one's.
func TestLMRReduction(t *testing.T) {
	for _, table := range []*lmrTable{wideLMR, narrowLMR} {
		for depth := 2; depth < 80; depth++ {
			for n := 2; n < 80; n++ {
				r := lmrReduction(table, depth, n, false, true, false)
				if r < 1 || r > max(depth-2, 1) {
					t.Fatalf("depth %d move %d: reduction %d", depth, n, r)
				}
				if r2 := lmrReduction(table, depth+1, n, false, true, false); r2 < r {
					t.Errorf("depth %d move %d: %d, at depth %d: %d", depth, n, r, depth+1, r2)
				}
				if r2 := lmrReduction(table, depth, n+1, false, true, false); r2 < r {
					t.Errorf("depth %d move %d: %d, move %d: %d", depth, n, r, n+1, r2)
				}
				if pv, killer, worse := lmrReduction(table, depth, n, true, true, false), lmrReduction(table, depth, n, false, true, true),
					lmrReduction(table, depth, n, false, false, false); pv > r || killer > r || worse < r {
					t.Errorf("depth %d move %d: %d; PV %d, killer %d, not improving %d", depth, n, r, pv, killer, worse)
				}
				if table == wideLMR {
					if narrow := lmrReduction(narrowLMR, depth, n, false, true, false); narrow > r {
						t.Errorf("depth %d move %d: wide %d, narrow %d", depth, n, r, narrow)
					}
				}
			}
		}
	}
	if r := lmrReduction(narrowLMR, 20, 40, false, true, false); r != 6 {
		t.Errorf("narrow, depth 20, move 40: reduction %d, want round(ln 20 · ln 40 / 2) = 6", r)
	}
	if r := lmrReduction(wideLMR, 20, 40, false, true, false); r != 7 {
		t.Errorf("wide, depth 20, move 40: reduction %d, want round(ln 20 · ln 40 / 1.6) = 7", r)
	}
}

// TestNarrowPruning: the switch gives the narrow rules, and the two
// settings search the start of chess to the same depth in different trees.
func TestNarrowPruning(t *testing.T) {
	wide, narrow := New(Options{HashMB: 1}), New(Options{HashMB: 1, NarrowPruning: true})
	if w := wide.pruning(); w.lmr != wideLMR || w.lmpDepth != lmpDepth || w.futilityDepth != futilityDepth || w.lmrDepth != 2 ||
		w.lmrAfter(false) != 1 || w.lmrAfter(true) != 2 {
		t.Errorf("default: %+v", *w)
	}
	if n := narrow.pruning(); n.lmr != narrowLMR || n.lmpDepth != 3 || n.futilityDepth != 3 || n.lmrDepth != 3 ||
		n.lmrAfter(false) != 3 || n.lmrAfter(true) != 3 {
		t.Errorf("narrow: %+v", *n)
	}
	r := loadRules(t, "chess")
	a := wide.Search(r.StartPosition(), Limits{Depth: 7})
	b := narrow.Search(r.StartPosition(), Limits{Depth: 7})
	if a.Depth != 7 || b.Depth != 7 || a.Nodes == b.Nodes {
		t.Errorf("depth 7: default %d plies in %d nodes, narrow %d plies in %d", a.Depth, a.Nodes, b.Depth, b.Nodes)
	}
}

// TestNullReduction: 3 + depth/3 + margin/200 (the margin's part at most
// 3), or narrow 2 plies, 3 above depth 6.
func TestNullReduction(t *testing.T) {
	for _, c := range []struct {
		depth, margin int
		narrow        bool
		want          int
	}{
		{3, 0, false, 4}, {6, 199, false, 5}, {6, 200, false, 6}, {9, 450, false, 8}, {12, 5000, false, 10},
		{3, 0, true, 2}, {6, 5000, true, 2}, {7, 0, true, 3}, {30, 5000, true, 3},
	} {
		if got := nullReduction(c.depth, c.margin, c.narrow); got != c.want {
			t.Errorf("depth %d margin %d narrow %v: %d, want %d", c.depth, c.margin, c.narrow, got, c.want)
		}
	}
}

// TestTableSize: the table takes at most the megabytes asked for, and
// more than half of them.
func TestTableSize(t *testing.T) {
	size := uint64(unsafe.Sizeof(ttEntry{}))
	for mb := 1; mb <= 100; mb++ {
		n := uint64(len(newTable(mb).entries))
		if bytes := n * size; bytes > uint64(mb)<<20 || 2*bytes <= uint64(mb)<<20 {
			t.Errorf("%d MB: %d entries of %d bytes", mb, n, size)
		}
	}
}

// TestEntryGuess: the table's score stands for the static evaluation only
// where its bound puts the score beyond it, never as a mate and never in
// check.
func TestEntryGuess(t *testing.T) {
	for _, tc := range []struct {
		name        string
		bound       uint8
		score, eval int
		want        int
	}{
		{"exact above", boundExact, 80, 20, 80},
		{"exact below", boundExact, -40, 20, -40},
		{"lower bound above", boundLower, 80, 20, 80},
		{"lower bound below", boundLower, -40, 20, 20},
		{"upper bound below", boundUpper, -40, 20, -40},
		{"upper bound above", boundUpper, 80, 20, 20},
		{"mate found", boundLower, mateScore - 5, 20, 20},
		{"mated", boundUpper, -mateScore + 5, 20, 20},
		{"in check", boundExact, 80, noEval, noEval},
	} {
		e := ttEntry{score: int32(toTT(tc.score, 3)), bound: tc.bound}
		if got := e.guess(tc.eval, 3); got != tc.want {
			t.Errorf("%s: guess(%d) = %d, want %d", tc.name, tc.eval, got, tc.want)
		}
	}
}
