package core_test

// Tests of game outcomes, draw rules and castling as data.

import (
	"strings"
	"testing"

	"anychess/core"
)

// play makes moves given as from-to square pairs ("g1f3"), failing on an illegal one.
func play(t *testing.T, p *core.Position, moves string) {
	t.Helper()
	b := p.Rules().Board
	for _, mv := range strings.Fields(moves) {
		from, err1 := b.ParseSquare(mv[:2])
		to, err2 := b.ParseSquare(mv[2:])
		if err1 != nil || err2 != nil {
			t.Fatalf("bad test move %q", mv)
		}
		found := false
		for _, m := range p.LegalMoves(nil) {
			if m.From == from && m.To == to && m.Promo == 0 {
				p.MakeMove(m)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s is not legal in %s", mv, p.FEN())
		}
	}
}

func TestOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name, variant, fen, moves string
		status                    core.Status
		winners                   uint8
		reason                    string
	}{
		{"fool's mate", "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "", core.Win, 2, "checkmate"},
		{"back-rank mate", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", core.Win, 1, "checkmate"},
		{"stalemate", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", core.Draw, 0, "stalemate"},
		{"50-move rule", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2", core.Draw, 0, "100 plies"},
		{"99 plies is not yet a draw", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "a1a2", core.Ongoing, 0, ""},
		{"threefold repetition", "chess", "", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", core.Draw, 0, "repetition"},
		{"twofold is not a draw", "chess", "", "g1f3 g8f6 f3g1 f6g8", core.Ongoing, 0, ""},
		{"K v K", "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", core.Draw, 0, "insufficient"},
		{"KN v K", "chess", "4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "", core.Draw, 0, "insufficient"},
		{"KB v KB same colour", "chess", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "", core.Draw, 0, "insufficient"},
		{"KB v KB opposite colours", "chess", "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", "", core.Ongoing, 0, ""},
		{"KNN v K can still mate", "chess", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", "", core.Ongoing, 0, ""},
		{"KP v K", "chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "", core.Ongoing, 0, ""},
		{"siberia 100-ply counter", "siberia", "4k4/9/9/9/9/9/9/9/R3K4 w - - 99 80", "a1a2", core.Draw, 0, "100 plies"},
		{"siberia has no repetition rule", "siberia", "", "h1g3 h9g7 g3h1 g7h9 h1g3 h9g7 g3h1 g7h9", core.Ongoing, 0, ""},
		{"siberia has no material rule", "siberia", "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1", "", core.Ongoing, 0, ""},
		{"siberia checkmate", "siberia", "8k/1R7/9/9/9/9/9/9/R3K4 w - - 0 1", "a1a9", core.Win, 1, "checkmate"},
		{"siberia stalemate", "siberia", "8k/6Q2/7K1/9/9/9/9/9/9 b - - 0 1", "", core.Draw, 0, "stalemate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := mustRules(t, tc.variant)
			p := r.StartPosition()
			if tc.fen != "" {
				var err error
				if p, err = r.ParseFEN(tc.fen); err != nil {
					t.Fatal(err)
				}
			}
			play(t, p, tc.moves)
			o := p.Outcome()
			if o.Status != tc.status || o.Winners != tc.winners || !strings.Contains(o.Reason, tc.reason) {
				t.Errorf("outcome %+v, want status %d winners %b reason %q", o, tc.status, tc.winners, tc.reason)
			}
		})
	}
}

func TestCastlingAsData(t *testing.T) {
	for _, tc := range []struct {
		name, variant, fen, move string
		legal                    bool
	}{
		{"siberia kingside", "siberia", "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1", "e1g1", true},
		{"siberia queenside", "siberia", "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1", "e1c1", true},
		{"siberia black kingside", "siberia", "r3k3r/9/9/9/9/9/9/9/R3K3R b KQkq - 0 1", "e9g9", true},
		{"siberia through an attacked square", "siberia", "r3k3r/5r3/9/9/9/9/9/9/R3K3R w KQkq - 0 1", "e1g1", false},
		{"siberia out of check", "siberia", "r3k3r/4r4/9/9/9/9/9/9/R3K3R w KQkq - 0 1", "e1c1", false},
		{"siberia without the right", "siberia", "r3k3r/9/9/9/9/9/9/9/R3K3R w Qkq - 0 1", "e1g1", false},
		{"siberia blocked", "siberia", "r3k3r/9/9/9/9/9/9/9/R3K2NR w KQkq - 0 1", "e1g1", false},
		{"chess queenside with b1 attacked", "chess", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := mustRules(t, tc.variant)
			p, err := r.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			from, _ := r.Board.ParseSquare(tc.move[:2])
			to, _ := r.Board.ParseSquare(tc.move[2:])
			var castle *core.Move
			for _, m := range p.LegalMoves(nil) {
				if m.From == from && m.To == to && m.Kind == core.KindCastle {
					castle = &m
				}
			}
			if (castle != nil) != tc.legal {
				t.Fatalf("castling %s legal = %v, want %v", tc.move, castle != nil, tc.legal)
			}
			if castle == nil {
				return
			}
			p.MakeMove(*castle)
			rookTo := r.Board.Name(castle.Victims[1])
			king := p.At(to)
			rook := p.At(castle.Victims[1])
			if !r.Pieces[king.Type()].Royal || r.Pieces[rook.Type()].Letter != 'R' || p.At(from).IsPiece() {
				t.Errorf("after %s: king on %s, rook on %s: %s", tc.move, tc.move[2:], rookTo, p.FEN())
			}
			want := map[string]string{"e1g1": "f1", "e1c1": "d1", "e9g9": "f9"}[tc.move]
			if rookTo != want {
				t.Errorf("rook went to %s, want %s", rookTo, want)
			}
			if p.Hash() != p.ComputeHash() {
				t.Errorf("hash mismatch after castling")
			}
		})
	}
}
