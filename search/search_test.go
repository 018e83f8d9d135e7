// Tests of the simple search: mates, material, derived piece values.
package search

import (
	"testing"
	"time"

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
		r, err := variant.Load(tc.variant, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
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
// best move at every depth from 4 to 8; an earlier root ordering let a move
// that had once been best stay first, so searches stopped between 150k
// and 200k nodes returned 4…Rb8.
func TestStoppedIterationKeepsBest(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	p, err := r.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 5 4")
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{HashMB: 4})
	for nodes := uint64(100_000); nodes <= 300_000; nodes += 50_000 {
		e.NewGame()
		res := e.Search(p, Limits{Nodes: nodes})
		if got := r.Board.Name(res.Move.From) + r.Board.Name(res.Move.To); got != "d7d5" {
			t.Errorf("%d nodes: %s (depth %d, score %d), want d7d5", nodes, got, res.Depth, res.Score)
		}
	}
}
