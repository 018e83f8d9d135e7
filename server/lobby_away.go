package server

// A player who leaves: the owner's hub notes when each person's seat lost its last connection; past Lobby.AbandonAfter an opponent may claim the win (two sides) or the computer takes the seat over (more sides). Both are stored with a notice that every seat sees; spectators are counted for the lobby.

import (
	"fmt"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/wire"
)

// awayMsg: a seat may have been gone past the limit.
type awayMsg struct{}

// awayState is what a hub that runs its game knows of the seats' people
// who left.
type awayState struct {
	// g is the game the state is for: when the hub's game is read again
	// (a takeover, a reload), the absences count from then.
	g *game.Game
	// notices are the table's announcements, as stored.
	notices []string
	// since is when each seat's person was last seen (zero: present, or
	// not a person's seat).
	since []time.Time
	// crossed has bit i when seat i's absence passed the limit and was
	// announced.
	crossed  uint32
	timer    *time.Timer
	deadline time.Time
}

// countWatching counts the hub's spectators for the lobby's list.
func (h *hub) countWatching() {
	n := 0
	for c := range h.conns {
		if c.seat < 0 {
			n++
		}
	}
	h.watching.Store(int32(n))
}

// awayOf returns the hub's away state for its game, reading the notices
// when the game is new to it.
func (h *hub) awayOf() *awayState {
	if a := h.away; a != nil && a.g == h.g {
		return a
	}
	a := &awayState{g: h.g, since: make([]time.Time, h.g.Players())}
	if old := h.away; old != nil {
		if old.timer != nil {
			old.timer.Stop()
		}
		a.notices = old.notices
	}
	ctx, cancel := h.ctx()
	defer cancel()
	if ns, err := h.s.st.Notices(ctx, h.id); err != nil {
		h.s.log.Warn("reading a game's notices", "game", h.id, "err", err)
	} else {
		a.notices = ns
	}
	h.away = a
	return a
}

// awayFill notes who is away (connected has bit i when seat i has a
// connection anywhere), fills st's seats' Away and Claimable and its
// notices, and sets the timer for the next absence to pass the limit.
func (h *hub) awayFill(st *wire.State, connected uint32) {
	a := h.awayOf()
	st.Notices = a.notices
	g := h.g
	limit := h.s.cfg.Lobby.AbandonAfter
	now := time.Now()
	next := time.Time{}
	for i := range st.Seats {
		if i >= len(a.since) {
			break
		}
		if g.Over() || g.Seat(core.Player(i)).Player != nil || connected&(1<<i) != 0 {
			a.since[i] = time.Time{}
			a.crossed &^= 1 << i
			continue
		}
		if a.since[i].IsZero() {
			a.since[i] = now
		}
		away := now.Sub(a.since[i])
		st.Seats[i].Away = max(away.Milliseconds(), 1)
		if limit <= 0 {
			continue
		}
		if away >= limit {
			st.Seats[i].Claimable = g.Sides() <= 2
		}
		if at := a.since[i].Add(limit); a.crossed&(1<<i) == 0 && (next.IsZero() || at.Before(next)) {
			next = at
		}
	}
	if next.Equal(a.deadline) {
		return
	}
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	a.deadline = next
	if !next.IsZero() {
		a.timer = time.AfterFunc(max(time.Until(next), 0)+5*time.Millisecond, func() { h.post(awayMsg{}) })
	}
}

// awayTick acts on absences that passed the limit: the computer takes
// such a seat over in a game of more than two sides; with two, everyone
// is told that the win may be claimed.
func (h *hub) awayTick() {
	if h.g == nil || h.g.Over() || h.s.cfg.Lobby.AbandonAfter <= 0 {
		return
	}
	a := h.awayOf()
	a.deadline = time.Time{}
	g := h.g
	now := time.Now()
	connected := h.connected()
	announce := false
	for i := range a.since {
		pl := core.Player(i)
		if a.since[i].IsZero() || g.Seat(pl).Player != nil || connected&(1<<i) != 0 || now.Sub(a.since[i]) < h.s.cfg.Lobby.AbandonAfter {
			continue
		}
		if g.Sides() > 2 {
			h.handOverAbandoned(pl)
			return // the change sets the timer again
		}
		if a.crossed&(1<<i) == 0 {
			a.crossed |= 1 << i
			announce = true
		}
	}
	// A state sets the timer again.
	if announce {
		h.broadcast()
	} else {
		h.state(-1, connected)
	}
}

// handOverAbandoned gives seat pl, whose person left, to the computer,
// stored with its notice.
func (h *hub) handOverAbandoned(pl core.Player) {
	g := h.g
	plays := fmt.Sprintf("computer:%d", ResignLevel)
	p, err := h.s.newPlayer(plays, uint64(time.Now().UnixNano()))
	if err != nil {
		h.s.log.Error("a computer for an abandoned seat", "game", h.id, "err", err)
		return
	}
	notice := fmt.Sprintf("%s left the game: the computer (level %d) plays %s's seat from now on.", g.Name(pl), ResignLevel, g.Name(pl))
	ctx, cancel := h.ctx()
	defer cancel()
	if err := h.s.st.Abandon(ctx, h.id, h.s.proc, g.Ply(), int(pl), plays, nil, notice, time.Now()); err != nil {
		h.s.log.Error("storing a seat handed over", "game", h.id, "err", err)
		p.Close()
		h.stored(nil, err)
		return
	}
	if err := g.HandOver(pl, p); err != nil {
		h.s.log.Error("handing a seat over", "game", h.id, "err", err)
		h.reload()
		return
	}
	h.row.Seats[pl].Plays = plays
	a := h.awayOf()
	a.notices = append(a.notices[:len(a.notices):len(a.notices)], notice)
	a.since[pl] = time.Time{}
	h.s.log.Info("seat handed to the computer: its person left", "game", h.id, "seat", int(pl)+1)
	h.changed()
}

// claimWin ends the game as a win for seat pl's side against an opponent
// gone past the limit (two sides only), stored with its notice.
func (h *hub) claimWin(c *conn, pl core.Player) {
	g := h.g
	limit := h.s.cfg.Lobby.AbandonAfter
	if limit <= 0 {
		h.refuse(c, "claim: this server does not end games for players who leave")
		return
	}
	if g.Sides() > 2 {
		h.refuse(c, "claim: in a game of more than two sides the computer takes over the seat of a player who leaves")
		return
	}
	a := h.awayOf()
	connected := h.connected()
	now := time.Now()
	gone, found := core.Player(0), false
	for i := range a.since {
		q := core.Player(i)
		if q == pl || g.Rules().Allies(pl, q) || g.Seat(q).Player != nil || connected&(1<<i) != 0 || a.since[i].IsZero() {
			continue
		}
		if now.Sub(a.since[i]) >= limit {
			gone, found = q, true
			break
		}
	}
	if !found {
		h.refuse(c, "claim: no opponent has been gone for %v", limit)
		return
	}
	o := core.Outcome{Status: core.Win, Reason: "abandonment (" + g.Name(gone) + " left the game)"}
	for q := range g.Players() {
		if !g.Rules().Allies(core.Player(q), gone) {
			o.Winners |= 1 << q
		}
	}
	if err := g.End(o); err != nil {
		h.refuse(c, "claim: %v", err)
		return
	}
	notice := fmt.Sprintf("%s left the game: %s claimed the win.", g.Name(gone), g.Name(pl))
	ctx, cancel := h.ctx()
	defer cancel()
	err := h.s.st.Abandon(ctx, h.id, h.s.proc, g.Ply(), int(gone), "", ending(g), notice, now)
	if err != nil {
		h.s.log.Error("storing a claimed win", "game", h.id, "err", err)
	} else {
		a.notices = append(a.notices[:len(a.notices):len(a.notices)], notice)
		h.s.log.Info("win claimed: a player left", "game", h.id, "seat", int(gone)+1)
	}
	h.stored(c, err)
}
