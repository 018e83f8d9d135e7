package sprt

// Players described as match describes them ("anychess:nodes=20000", "uci:COMMAND|go nodes N", "random").

import (
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/match"
)

// ParsePlayer builds the player a description names, as match.ParsePlayer
// reads it (see 'anychess match -h'), as a game.Player.
func ParsePlayer(desc string, moveTime time.Duration, seed uint64) (game.Player, error) {
	p, err := match.ParsePlayer(desc, moveTime, seed)
	if err != nil {
		return nil, err
	}
	return matchPlayer{p}, nil
}

// matchPlayer is a match.Player seen as a game.Player.
type matchPlayer struct{ p match.Player }

func (m matchPlayer) Name() string                { return m.p.Name() }
func (m matchPlayer) NewGame(r *core.Rules) error { return m.p.NewGame(r) }
func (m matchPlayer) Close() error                { return m.p.Close() }
func (m matchPlayer) Move(s *game.State) (core.Move, error) {
	g := &match.Game{Start: s.Start, StartText: s.StartText, Moves: s.Moves,
		Position: s.Position, Clock: s.Clock, Increment: s.Increment}
	if s.Position.Unbounded() {
		// On an unbounded board a square handle is the position's own: the
		// game's moves, replayed on a copy of the start (as a UCI player
		// does), may name squares the copy never gave out. Such players
		// get the current position, without the moves.
		g.Start, g.StartText, g.Moves = s.Position, s.Position.String(), nil
	}
	return m.p.Move(g)
}
