package core_test

// FEN tests: round trips, error messages, and the FEN fuzz target.

import (
	"strings"
	"testing"

	"anychess/core"
	"anychess/variant"
)

func mustRules(t testing.TB, name string) *core.Rules {
	t.Helper()
	r, err := variant.Load(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestFENErrors(t *testing.T) {
	chess := mustRules(t, "chess")
	siberia := mustRules(t, "siberia")
	for _, tc := range []struct {
		rules *core.Rules
		fen   string
		want  string
	}{
		{chess, "", "empty"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks, the board has 8"},
		{chess, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad empty run"},
		{chess, "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 7 files"},
		{chess, "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "want w or b"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "needs a rook on h1"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqZ - 0 1", "unknown castling flag"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "no pawn of the side that just moved"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "want a number of plies"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "want a positive number"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 9", "too many fields"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1", "two royal pieces"},
		{chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN* w - - 0 1", "'*' on h1"},
		{siberia, "rnbqk1bnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQK1BNR w KQkq z9 0 1", "outside the 9x9 board"},
	} {
		before := tc.rules.StartPosition().FEN()
		_, err := tc.rules.ParseFEN(tc.fen)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseFEN(%q) error = %v, want it to mention %q", tc.fen, err, tc.want)
		}
		if tc.rules.StartPosition().FEN() != before {
			t.Errorf("a failed parse changed the rules' start position")
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, tc := range []struct{ variant, fen string }{
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"chess", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 12 40"},
		{"siberia", "rnbqk1bnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQK1BNR w KQkq - 0 1"},
		{"siberia", "4k4/9/9/9/9/9/9/9/R3K3R w KQ - 99 70"},
	} {
		r := mustRules(t, tc.variant)
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		if got := p.FEN(); got != tc.fen {
			t.Errorf("round trip %q -> %q", tc.fen, got)
		}
		if p.Hash() != p.ComputeHash() {
			t.Errorf("%s: hash after parse differs from recomputed hash", tc.fen)
		}
	}
}

func FuzzFEN(f *testing.F) {
	r := mustRules(f, "siberia")
	chess := mustRules(f, "chess")
	claustrophobia := mustRules(f, "claustrophobia") // '*' cells that moves cross
	f.Add("rnbqk1bnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQK1BNR w KQkq - 0 1")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	f.Add("rrnbbk**/pppppqn*/5***/5***/5***/5***/PPPPPQN*/RRNBBK** w - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		for _, rules := range []*core.Rules{r, chess, claustrophobia} {
			p, err := rules.ParseFEN(fen)
			if err != nil {
				if p != nil {
					t.Fatal("position returned with an error")
				}
				continue
			}
			if p.Hash() != p.ComputeHash() {
				t.Fatalf("hash mismatch for %q", fen)
			}
			out := p.FEN()
			q, err := rules.ParseFEN(out)
			if err != nil {
				t.Fatalf("FEN %q written from %q does not parse: %v", out, fen, err)
			}
			if q.FEN() != out {
				t.Fatalf("FEN not stable: %q -> %q", out, q.FEN())
			}
			p.LegalMoves(nil)
		}
	})
}

func TestEnPassantRightOnlyWhenCapturable(t *testing.T) {
	r := mustRules(t, "chess")
	for _, tc := range []struct{ fen, move, wantEP string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "-"},
		{"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4", "e3"},
		{"4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4", "e3"},
		{"4k3/8/8/8/6p1/8/4P3/4K3 w - - 0 1", "e2e4", "-"},
	} {
		p, err := r.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		play(t, p, tc.move)
		if got := strings.Fields(p.FEN())[3]; got != tc.wantEP {
			t.Errorf("%s after %s: en-passant field %q, want %q", tc.fen, tc.move, got, tc.wantEP)
		}
		if p.Hash() != p.ComputeHash() {
			t.Errorf("hash mismatch")
		}
	}
}
