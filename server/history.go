package server

// A game's board and its past positions: GET /api/games/{id}/board and GET /api/games/{id}/position?ply=N.

import (
	"net/http"
	"runtime"
	"slices"
	"strconv"

	"anychess/core"
	"anychess/game"
	"anychess/wire"
)

// replaySlots bounds the replays of past positions that run at once (each
// plays a game again from its start, up to MaxImportMoves moves).
var replaySlots = make(chan struct{}, max(2, runtime.NumCPU()))

// handleGameBoard answers the board of a game's rules, with its options:
// what the game page draws before the first state.
func (s *Server) handleGameBoard(w http.ResponseWriter, r *http.Request) {
	var rules *core.Rules
	if err := s.do(r.PathValue("id"), func(h *hub) { rules = h.g.Rules() }); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, wire.BoardOf(rules))
}

// past is what a replay needs of a game, copied out of its hub.
type past struct {
	rules *core.Rules
	start string
	clock game.TimeControl
	seats []game.Seat
	moves []game.Played
	ply   int
}

// handlePosition answers the position after ply N of a game, as a
// spectator sees it: the game played again from its start to ply N (0 is
// the start, the game's ply the position now). No clock runs in the past:
// the clocks are those the record gives after the ply.
func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	q := r.URL.Query().Get("ply")
	n, err := strconv.Atoi(q)
	if err != nil || n < 0 || len(q) > 7 {
		s.fail(w, r, bad("ply %q: want a whole number from 0 to the game's ply", truncate(q, 20)))
		return
	}
	var pa past
	if err := s.do(id, func(h *hub) {
		g := h.g
		pa = past{rules: g.Rules(), start: g.StartText(), clock: g.Config().Clock, ply: g.Ply()}
		if n <= g.Ply() {
			pa.moves = slices.Clone(g.Moves()[:n])
		}
		for i := range g.Players() {
			pl := core.Player(i)
			pa.seats = append(pa.seats, game.Seat{Name: g.Name(pl), Plays: g.Plays(pl)})
		}
	}); err != nil {
		s.fail(w, r, err)
		return
	}
	if n > pa.ply {
		s.fail(w, r, bad("ply %d: the game is at ply %d", n, pa.ply))
		return
	}
	select {
	case replaySlots <- struct{}{}:
		defer func() { <-replaySlots }()
	case <-r.Context().Done():
		return
	}
	g, err := game.New(game.Config{Rules: pa.rules, Start: pa.start, Seats: pa.seats, Clock: pa.clock})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer closeGame(g)
	for _, m := range pa.moves {
		if err := g.Replay(m.Text, m.Spent, m.Clock); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	st := wire.StateOf(id, g, -1)
	st.Running = -1
	writeJSON(w, http.StatusOK, st)
}
