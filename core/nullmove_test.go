package core_test

// Tests of the null moves that pass or hand over the turn (MakeNullMove, MakeNullMoveTo).

import (
	"testing"

	"anychess/core"
	"anychess/variant"
)

// TestMakeNullMoveTo: handing the turn to any player changes only the turn
// (and drops the en-passant right); the hash is the one of the same position
// set up with that player to move, the moves generated are that player's, and
// UnmakeMove restores everything.
func TestMakeNullMoveTo(t *testing.T) {
	for _, tc := range []struct {
		name, variant string
		opts          map[string]string
		moves         string // played first, from the start
	}{
		{"chess, en passant open", "chess", nil, "e2e4 a7a6 e4e5 d7d5"},
		{"martian chess, 4 players", "martian-chess", map[string]string{"players": "4"}, "b3c4 c6d5"},
		{"longchess, four teams", "longchess", map[string]string{"teams": "4"}, ""},
	} {
		r, err := variant.Load(tc.variant, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		p := r.StartPosition()
		play(t, p, tc.moves)
		for to := core.Player(0); int(to) < r.Players; to++ {
			before, hash, turn := p.String(), p.Hash(), p.Turn()
			counter, fullmove, ply := p.MoveCounter(), p.FullMove(), p.Ply()
			want := p.Copy()
			want.SetEnPassant(core.NoSquare, core.NoSquare)
			want.SetTurn(to)

			p.MakeNullMoveTo(to)
			if p.Turn() != to || p.Hash() != want.Hash() {
				t.Errorf("%s: to player %d: turn %d, hash %x, want %x", tc.name, to, p.Turn(), p.Hash(), want.Hash())
			}
			if ep, _ := p.EnPassant(); ep != core.NoSquare {
				t.Errorf("%s: to player %d: en passant still open", tc.name, to)
			}
			if p.MoveCounter() != counter || p.FullMove() != fullmove || p.Ply() != ply+1 {
				t.Errorf("%s: to player %d: counter %d, move %d, ply %d; want %d, %d, %d",
					tc.name, to, p.MoveCounter(), p.FullMove(), p.Ply(), counter, fullmove, ply+1)
			}
			if last, ok := p.LastMove(); !ok || last != core.NullMove {
				t.Errorf("%s: to player %d: last move %+v", tc.name, to, last)
			}
			moves := p.PseudoMoves(nil)
			if len(moves) == 0 {
				t.Errorf("%s: player %d has no moves after the handover", tc.name, to)
			}
			for _, m := range moves {
				if m.From != core.NoSquare && p.At(m.From).IsPiece() && p.At(m.From).Owner() != to {
					t.Fatalf("%s: player %d generated a move of player %d's piece", tc.name, to, p.At(m.From).Owner())
				}
			}
			p.UnmakeMove()
			if p.String() != before || p.Hash() != hash || p.Turn() != turn || p.Ply() != ply {
				t.Errorf("%s: to player %d: UnmakeMove left %s (hash %x, turn %d), want %s (%x, %d)",
					tc.name, to, p.String(), p.Hash(), p.Turn(), before, hash, turn)
			}
		}
	}
}

// TestRecentRepetitions: the horizon counts only the positions before the
// last plies moves; Repetitions counts them all.
func TestRecentRepetitions(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	play(t, p, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	// Black to move after 1.Nf3 Nf6 2.Ng1: seen after plies 3 and 7.
	for _, tc := range []struct{ plies, want int }{
		{0, 1}, {3, 1}, {4, 2}, {7, 2}, {100, 2},
	} {
		if got := p.RecentRepetitions(tc.plies); got != tc.want {
			t.Errorf("RecentRepetitions(%d) = %d, want %d", tc.plies, got, tc.want)
		}
	}
	play(t, p, "f6g8")
	if got := p.Repetitions(); got != 3 {
		t.Errorf("Repetitions() = %d, want 3", got)
	}
	if got := p.RecentRepetitions(4); got != 2 {
		t.Errorf("RecentRepetitions(4) = %d, want 2", got)
	}
}
