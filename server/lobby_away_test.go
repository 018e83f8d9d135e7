package server

// Players who leave: with two sides the opponent may claim the win once the limit has passed, not before; with more sides the computer takes the seat over by itself; both are stored with their notice and survive a restart; spectators are counted.

import (
	"strings"
	"testing"
	"time"

	"anychess/wire"
)

// TestAbandonClaim: a chess game's second player leaves; the first may
// claim the win only past the limit, and only while the other is still
// gone; the result and its notice are stored.
func TestAbandonClaim(t *testing.T) {
	const limit = 400 * time.Millisecond
	cfg := Config{Lobby: LobbyConfig{AbandonAfter: limit}}
	s := newTestServer(t, cfg)
	g := s.create(map[string]any{"variant": "chess", "you": 0, "clock": "10m"})
	c1 := s.dial(g.ID, g.cookie)
	c1.state(nil)
	c2 := s.dial(g.ID)
	c2.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(2)})
	c2.state(func(m *msg) bool { return m.You == 1 })
	spec := s.dial(g.ID)
	spec.state(nil)
	c1.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	c2.atPly(1)
	c2.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e5"})
	c1.atPly(2)

	// Gone, and back before the limit: nothing to claim.
	c2.ws.CloseNow()
	st := c1.state(func(m *msg) bool { return !m.Seats[1].Connected })
	if st.Seats[1].Away <= 0 || st.Seats[1].Claimable || st.Seats[0].Away != 0 {
		t.Errorf("seat 2 just gone: %+v", st.Seats)
	}
	c1.send(wire.ClientMessage{Type: "claim", Ply: ply(2)})
	if e := c1.errorMsg(); !strings.Contains(e.Message, "no opponent has been gone") {
		t.Errorf("an early claim: %q", e.Message)
	}
	c2 = s.dial(g.ID)
	c2.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(2)})
	c1.state(func(m *msg) bool { return m.Seats[1].Connected && m.Seats[1].Away == 0 })
	time.Sleep(limit + 100*time.Millisecond)
	c1.send(wire.ClientMessage{Type: "claim", Ply: ply(2)})
	if e := c1.errorMsg(); !strings.Contains(e.Message, "no opponent has been gone") {
		t.Errorf("a claim against a player who came back: %q", e.Message)
	}

	// Gone for good: claimable once the limit has passed, announced to
	// the table.
	c2.ws.CloseNow()
	gone := time.Now()
	st = spec.state(func(m *msg) bool { return m.Seats[1].Claimable })
	if el := time.Since(gone); el < limit {
		t.Errorf("claimable after %v, before the limit %v", el, limit)
	}
	if st.Outcome.Status != "ongoing" {
		t.Fatalf("the game ended by itself: %+v", st.Outcome)
	}
	spec.send(wire.ClientMessage{Type: "claim", Ply: ply(2)})
	if e := spec.errorMsg(); !strings.Contains(e.Message, "watching") {
		t.Errorf("a spectator's claim: %q", e.Message)
	}
	c1.send(wire.ClientMessage{Type: "claim", Ply: ply(1)})
	if e := c1.errorMsg(); !strings.Contains(e.Message, "for ply 1") {
		t.Errorf("a stale claim: %q", e.Message)
	}
	c1.send(wire.ClientMessage{Type: "claim", Ply: ply(2)})
	end := spec.state(func(m *msg) bool { return m.Outcome.Status != "ongoing" })
	if end.Outcome.Status != "win" || len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != 0 || !strings.Contains(end.Outcome.Reason, "abandonment") ||
		len(end.Notices) != 1 || !strings.Contains(end.Notices[0], "claimed the win") {
		t.Errorf("the end: %+v, notices %q", end.Outcome, end.Notices)
	}

	// Stored: a server started again on the database says the same.
	s.close()
	s2 := startTestServer(t, s.st, s.db, cfg)
	again := s2.state(g.ID)
	if again.Outcome.Status != "win" || again.Outcome.Reason != end.Outcome.Reason || len(again.Notices) != 1 || again.Notices[0] != end.Notices[0] {
		t.Errorf("after a restart: %+v, notices %q", again.Outcome, again.Notices)
	}
}

// TestAbandonHandOver: in four-player Martian Chess a seat whose person
// never came (or left) goes to the computer past the limit, by itself;
// the game goes on with it; a restart keeps it.
func TestAbandonHandOver(t *testing.T) {
	const limit = 400 * time.Millisecond
	cfg := Config{Lobby: LobbyConfig{AbandonAfter: limit}}
	s := newTestServer(t, cfg)
	made := time.Now()
	g := s.create(map[string]any{"variant": "martian-chess", "options": map[string]string{"players": "4"}, "you": 0})
	cs := []*client{s.dial(g.ID, g.cookie)}
	cs[0].state(nil)
	for seat := 2; seat <= 3; seat++ {
		c := s.dial(g.ID)
		c.send(wire.ClientMessage{Type: "hello", Seat: seat, Token: g.token(seat)})
		c.state(func(m *msg) bool { return m.You == seat-1 })
		cs = append(cs, c)
	}
	// Seat 3 leaves as well, after a move each.
	for i := range 3 {
		st := cs[i].state(func(m *msg) bool { return m.Ply == i && len(m.Legal) > 0 })
		cs[i].send(wire.ClientMessage{Type: "move", Ply: ply(i), Move: st.Legal[0].Text})
		cs[0].atPly(i + 1)
	}
	cs[2].ws.CloseNow()
	left := time.Now()
	// Seat 4 (never there) goes first, then seat 3.
	st := cs[0].state(func(m *msg) bool { return m.Seats[3].Plays == "computer:4" })
	if el := time.Since(made); el < limit {
		t.Errorf("seat 4 handed over after %v, before the limit", el)
	}
	if len(st.Notices) < 1 || !strings.Contains(st.Notices[0], "the computer") {
		t.Errorf("no notice: %q", st.Notices)
	}
	st = cs[0].state(func(m *msg) bool { return m.Seats[2].Plays == "computer:4" })
	if el := time.Since(left); el < limit {
		t.Errorf("seat 3 handed over after %v, before the limit", el)
	}
	if st.Seats[1].Plays != "human" || st.Seats[0].Plays != "human" || len(st.Notices) != 2 || st.Seats[2].Claimable {
		t.Errorf("after the hand-overs: %+v %q", st.Seats, st.Notices)
	}
	// The computer plays the seats now: the game goes on past them. A
	// claim is refused (asked at seat 1's turn, when no computer moves).
	claimed := false
	for st.Ply < 8 && st.Outcome.Status == "ongoing" {
		p := st.Ply
		if turn := st.Turn; turn <= 1 {
			if turn == 0 && !claimed {
				claimed = true
				cs[0].send(wire.ClientMessage{Type: "claim", Ply: ply(p)})
				if e := cs[0].errorMsg(); !strings.Contains(e.Message, "more than two sides") {
					t.Errorf("a claim with four sides: %q", e.Message)
				}
			}
			mine := st
			if turn == 1 {
				mine = cs[1].state(func(m *msg) bool { return m.Ply == p })
			}
			cs[turn].send(wire.ClientMessage{Type: "move", Ply: ply(p), Move: mine.Legal[0].Text})
		}
		st = cs[0].state(func(m *msg) bool { return m.Ply > p || m.Outcome.Status != "ongoing" })
	}
	if st.Ply < 5 {
		t.Errorf("the game stopped at ply %d", st.Ply)
	}
	if !claimed {
		t.Error("seat 1 never had the turn to claim at")
	}
	s.close()
	s2 := startTestServer(t, s.st, s.db, cfg)
	again := s2.state(g.ID)
	if again.Seats[2].Plays != "computer:4" || again.Seats[3].Plays != "computer:4" || len(again.Notices) != 2 || again.Notices[0] != st.Notices[0] {
		t.Errorf("after a restart: %+v %q", again.Seats, again.Notices)
	}
}

// TestAbandonOff: a negative limit leaves seats to their people.
func TestAbandonOff(t *testing.T) {
	s := newTestServer(t, Config{Lobby: LobbyConfig{AbandonAfter: -1}})
	g := s.create(map[string]any{"variant": "chess", "you": 0})
	c := s.dial(g.ID, g.cookie)
	st := c.state(nil)
	if st.Seats[1].Away <= 0 || st.Seats[1].Claimable {
		t.Errorf("seat 2: %+v", st.Seats[1])
	}
	c.send(wire.ClientMessage{Type: "claim", Ply: ply(0)})
	if e := c.errorMsg(); !strings.Contains(e.Message, "does not end games") {
		t.Errorf("a claim: %q", e.Message)
	}
}
