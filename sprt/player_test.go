package sprt

import (
	"testing"

	"anychess/core"
	"anychess/game"
	"anychess/match"
)

// recorder is a match player that keeps the game it was asked to move in.
type recorder struct {
	got *match.Game
	now string // the position's text when it was asked
}

func (r *recorder) Name() string              { return "recorder" }
func (r *recorder) NewGame(*core.Rules) error { return nil }
func (r *recorder) Close() error              { return nil }
func (r *recorder) Move(g *match.Game) (core.Move, error) {
	r.got, r.now = g, g.Position.String()
	return g.Position.LegalMoves(nil)[0], nil
}

// TestMatchPlayerState: a match player sees the game's start and moves, but
// on an unbounded board, whose square handles belong to one position, the
// current position without moves.
func TestMatchPlayerState(t *testing.T) {
	for _, c := range []struct {
		variant string
		moves   bool
	}{{"chess", true}, {"infinite-plane", false}} {
		r := load(t, c.variant, nil)
		rec := &recorder{}
		g, err := game.New(game.Config{Rules: r, Seats: []game.Seat{{Player: matchPlayer{rec}}, {Player: game.NewRandom(1)}}})
		if err != nil {
			t.Fatal(err)
		}
		for range 6 {
			if _, err := g.MachineMove(); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := g.MachineMove(); err != nil {
			t.Fatal(err)
		}
		got := rec.got
		switch {
		case c.moves && (len(got.Moves) != 6 || got.StartText != g.StartText()):
			t.Errorf("%s: %d moves from %q, want 6 from the start", c.variant, len(got.Moves), got.StartText)
		case !c.moves && (len(got.Moves) != 0 || got.StartText != rec.now):
			t.Errorf("%s: %d moves from %q, want none from the current position", c.variant, len(got.Moves), got.StartText)
		}
	}
}
