package notation

// Tests of ParseMoves: playing a move list, and leaving the position untouched when a move fails.

import (
	"errors"
	"strings"
	"testing"

	"anychess/core"
)

func TestParseMoves(t *testing.T) {
	tests := []struct {
		name, variant, text string
		d                   Decoder
		fen                 string // the position after the moves
	}{
		{"scholar", "chess", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#", SAN,
			"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"},
		{"numbers", "chess", "1. e4 e5 2.Nf3 Nc6 3.Bb5 a6 1-0", SAN,
			"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"},
		{"coordinate", "chess", "e2e4\te7e5\n g1f3", Coordinate,
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"siberia", "siberia", "e4 e6 Qh5", SAN,
			"rnbqk1bnr/pppp1pppp/9/4p4/7Q1/4P4/9/PPPP1PPPP/RNB1K1BNR b KQkq - 1 2"},
		{"empty", "chess", "  ", SAN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, tt.variant, "")
			moves, err := ParseMoves(p, tt.text, tt.d)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.FEN(); got != tt.fen {
				t.Errorf("after %q: %s, want %s", tt.text, got, tt.fen)
			}
			if p.Ply() != len(moves) {
				t.Errorf("%d moves returned, %d played", len(moves), p.Ply())
			}
		})
	}
}

func TestParseMovesError(t *testing.T) {
	tests := []struct {
		text  string
		d     Decoder
		index int
		move  string
		want  string
	}{
		{"d5 e4 e5 Nf3 Nf6 Ke3", SAN, 5, "Ke3", `move 6 (Ke3): Ke3 is not a legal move`},
		{"d5 Nf3 Nc6 Nd2", SAN, 3, "Nd2", `move 4 (Nd2): ambiguous: Nd2 could be Nbd2, Nfd2`},
		{"e4", Coordinate, 0, "e4", `move 1 (e4): e4: missing the square to move to`},
		{"1... d7d5 2. e2e4 e7e5 3. e1e3", Coordinate, 3, "e1e3", `move 4 (e1e3): e1e3 is not a legal move`},
		{"d5 e4 1-0 Nf3", SAN, 2, "1-0", `move 3 (1-0): cannot read 1-0`},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p := position(t, "chess", "")
			p.MakeMove(mustDecode(t, p, "d4"))
			before := snap(p)
			moves, err := ParseMoves(p, tt.text, tt.d)
			before.same(t, p, "failed ParseMoves")
			if err == nil || moves != nil {
				t.Fatalf("ParseMoves = %d moves, %v; want an error", len(moves), err)
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error %T is not a *MoveError", err)
			}
			if me.Index != tt.index || me.Text != tt.move {
				t.Errorf("MoveError{Index %d, Text %q}, want %d, %q", me.Index, me.Text, tt.index, tt.move)
			}
			if got := err.Error(); !strings.HasPrefix(got, tt.want) {
				t.Errorf("error %q, want it to start %q", got, tt.want)
			}
		})
	}
}

// mustDecode reads a SAN move or fails the test.
func mustDecode(t *testing.T, p *core.Position, s string) core.Move {
	t.Helper()
	m, err := SAN.Decode(p, s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// illegalDecoder returns a move that is not legal, to test ParseMoves' guard.
type illegalDecoder struct{}

func (illegalDecoder) Decode(p *core.Position, s string) (core.Move, error) {
	return core.NewMove(0, 1), nil
}

func TestParseMovesForeignDecoder(t *testing.T) {
	p := position(t, "chess", "")
	before := snap(p)
	if _, err := ParseMoves(p, "x", illegalDecoder{}); err == nil || !strings.Contains(err.Error(), "illegal move") {
		t.Errorf("error %v, want one about an illegal move", err)
	}
	before.same(t, p, "ParseMoves with a bad decoder")
}
