package search_test

// Tests of the computer player in games of more than two players, with a variant evaluation and with declarations.

import (
	"testing"

	"anychess/core"
	"anychess/search"
	"anychess/variant"
)

func load(t *testing.T, opts map[string]string, text string) *core.Position {
	t.Helper()
	r, err := variant.Load("martian-chess", opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBestMoveMartian(t *testing.T) {
	tests := []struct {
		name string
		opts map[string]string
		text string
		want string // the move, as from and to squares
	}{
		// South's drone takes the queen across the canal; nothing can take back.
		{"2 players: take the queen", nil, "3P/4/4/1Q2/1D2/4/4/P3 1 -/- - -", "b4b5"},
		// The south-west queen can take a pawn on h1 (1 point) or a queen on
		// a8 (3); neither can be taken back at once.
		{"4 players: take the bigger piece", map[string]string{"players": "4"}, "Q6P/8/8/3P4/8/8/1P6/Q6P 1 -/-/-/- - -", "a1a8"},
		// North-west (to move) takes the south-west queen on d4 with the
		// drone on d6.
		{"4 players: the second player", map[string]string{"players": "4"}, "P6P/8/3D4/8/3Q4/8/8/P6P 2 -/-/-/- - -", "d6d4"},
	}
	for _, tt := range tests {
		p := load(t, tt.opts, tt.text)
		before := p.String()
		res := search.Best(p, search.Limits{Depth: 4})
		b := p.Rules().Board
		if got := b.Name(res.Move.From) + b.Name(res.Move.To); got != tt.want {
			t.Errorf("%s: %s plays %s (score %d), want %s", tt.name, tt.text, got, res.Score, tt.want)
		}
		if p.String() != before {
			t.Errorf("%s: the search changed the position", tt.name)
		}
	}
}

// TestFourPlayerLegalMoves: in 4-player games, free-for-all and in teams, the
// default search returns legal moves for every player in turn.
func TestFourPlayerLegalMoves(t *testing.T) {
	for _, opts := range []map[string]string{{"players": "4"}, {"players": "4", "teams": ""}} {
		r, err := variant.Load("martian-chess", opts)
		if err != nil {
			t.Fatal(err)
		}
		p := r.StartPosition()
		for ply := 0; ply < 8; ply++ {
			res := search.Best(p, search.Limits{Depth: 2})
			if !p.IsLegal(res.Move) {
				t.Fatalf("%v: ply %d: illegal move %+v", opts, ply, res.Move)
			}
			p.MakeMove(res.Move)
		}
	}
}

func TestDeclarationAtRoot(t *testing.T) {
	// South leads 6 to 2 and no capture is in reach: the called clock, which
	// ends the game 7 moves without a capture later, favours the side ahead,
	// so south calls it; behind, it does not.
	for _, tt := range []struct {
		text string
		call bool
	}{
		{"3P/4/4/4/4/4/1P2/P3 1 QQ/D - -", true},
		{"3P/4/4/4/4/4/1P2/P3 1 D/QQ - -", false},
		{"3P/4/4/4/4/4/1P2/P3 1 D/D - -", false},
	} {
		p := load(t, nil, tt.text)
		res := search.Best(p, search.Limits{Depth: 3})
		if called := res.Move.Arg&variant.ArgCallClock != 0; called != tt.call {
			t.Errorf("%s: clock called %v, want %v (score %d)", tt.text, called, tt.call, res.Score)
		}
		if !p.IsLegal(res.Move) {
			t.Errorf("%s: illegal move %+v", tt.text, res.Move)
		}
	}
}
