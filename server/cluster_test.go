package server

// Tests on PostgreSQL: the websocket tests again on one server, then several servers on one database — forwarding, spectators on another server, presences, the job queue, a graceful handover.

import (
	"context"
	"strings"
	"testing"
	"time"

	"anychess/internal/pgtest"
	"anychess/store"
	"anychess/wire"
)

// TestOnPostgres runs the tests of one server's games on PostgreSQL.
func TestOnPostgres(t *testing.T) {
	pgtest.URL(t) // skips (or fails under CI) without PostgreSQL
	tests := []struct {
		name string
		fn   func(*testing.T)
	}{
		{"Reads", TestReads},
		{"CreateAnswer", TestCreateAnswer},
		{"SeatClaim", TestSeatClaim},
		{"Import", TestImport},
		{"Play", TestPlay},
		{"RefusedMessages", TestRefusedMessages},
		{"OversizedMessageClosesTheConnection", TestOversizedMessageClosesTheConnection},
		{"RateLimit", TestRateLimit},
		{"OriginChecked", TestOriginChecked},
		{"SeatCookieOfAnotherGame", TestSeatCookieOfAnotherGame},
		{"ClockLoss", TestClockLoss},
		{"ResignDrawTakeback", TestResignDrawTakeback},
		{"ComputerTakebackWhileThinking", TestComputerTakebackWhileThinking},
		{"FourPlayerResignHandsOver", TestFourPlayerResignHandsOver},
		{"Rematch", TestRematch},
	}
	onPostgres = true
	defer func() { onPostgres = false }()
	for _, tc := range tests {
		t.Run(tc.name, tc.fn)
	}
}

// pair is two servers on one PostgreSQL database.
type pair struct {
	a, b *testServer
}

func newPair(t *testing.T, cfgA, cfgB Config) *pair {
	t.Helper()
	url := pgtest.URL(t)
	open := func(cfg Config) *testServer {
		st, err := store.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if cfg.Lease == 0 {
			cfg.Lease = time.Second
		}
		return startTestServer(t, st, url, cfg)
	}
	p := &pair{a: open(cfgA), b: open(cfgB)}
	// Both listen before the test begins: a listener that connects later
	// makes every mirror read its snapshot again (resync), and the events
	// sent before it connected, replies included, never reach its process.
	deadline := time.Now().Add(30 * time.Second)
	for _, s := range []*testServer{p.a, p.b} {
		for s.srv.cluster.resyncs.Load() == 0 {
			if time.Now().After(deadline) {
				t.Fatal("a server's listener did not connect within 30 s")
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	return p
}

// TestTwoServers: a game made on server A, seat 1 on A, seat 2 and a
// spectator on server B. B forwards seat 2's messages to A, which owns the
// game; B's connections see every move; refusals come back to their
// sender only; presences cross; the end of the game reaches B.
func TestTwoServers(t *testing.T) {
	p := newPair(t, Config{}, Config{})
	a, b := p.a, p.b
	g := a.create(map[string]any{"variant": "chess", "clock": "10m+1s", "you": 0, "takebacks": true})
	c1 := a.dial(g.ID, g.cookie)
	c1.state(nil)
	c2 := b.dial(g.ID)
	c2.state(nil)
	c2.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(2)})
	if st := c2.state(func(m *msg) bool { return m.You == 1 }); st.Game != g.ID {
		t.Fatalf("seat 2 on B: %+v", st)
	}
	spec := b.dial(g.ID)
	spec.state(nil)
	// Seat 1 (on A) sees seat 2 connected through B.
	c1.state(func(m *msg) bool { return m.Seats[1].Connected })
	c2.state(func(m *msg) bool { return m.Seats[0].Connected && m.Seats[1].Connected })

	moves := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}
	for i, mv := range moves {
		c := []*client{c1, c2}[i%2]
		start := time.Now()
		c.send(wire.ClientMessage{Type: "move", Ply: ply(i), Move: mv})
		st := c.atPly(i + 1)
		if st.Moves[i].SAN != mv {
			t.Errorf("ply %d: %+v", i, st.Moves[i])
		}
		t.Logf("move %d (%s, by a client of %s) acknowledged in %v", i+1, mv, []string{"A", "B"}[i%2], time.Since(start).Round(time.Millisecond))
		for _, o := range []*client{c1, c2, spec} {
			if o == c {
				continue
			}
			st := o.atPly(i + 1)
			if o == c2 && ((len(st.Legal) > 0) != (i%2 == 0) || st.You != 1) {
				t.Errorf("seat 2's state at ply %d: you %d, %d legal", i+1, st.You, len(st.Legal))
			}
		}
	}
	// Refusals of seat 2's messages, all found by A (stale, out of
	// turn, illegal), answered to seat 2 alone.
	refusals := []struct {
		m    wire.ClientMessage
		want string
	}{
		{wire.ClientMessage{Type: "move", Ply: ply(4), Move: "a6"}, "for ply 4, but the game is at ply 6"},
		{wire.ClientMessage{Type: "move", Ply: ply(6), Move: "h6"}, "not your turn"},
		{wire.ClientMessage{Type: "takeback", Ply: ply(6), Action: "accept"}, "no takeback was asked for"},
	}
	for _, r := range refusals {
		c2.send(r.m)
		if e := c2.errorMsg(); !strings.Contains(e.Message, r.want) || e.Ply != 6 {
			t.Errorf("%+v: %q at ply %d, want %q", r.m, e.Message, e.Ply, r.want)
		}
	}
	spec.send(wire.ClientMessage{Type: "move", Ply: ply(6), Move: "Ba4"})
	if e := spec.errorMsg(); !strings.Contains(e.Message, "watching") {
		t.Errorf("a spectator's move on B: %q", e.Message)
	}
	c1.send(wire.ClientMessage{Type: "move", Ply: ply(6), Move: "Ba4"})
	c2.atPly(7)
	c2.send(wire.ClientMessage{Type: "move", Ply: ply(7), Move: "Ke5"})
	if e := c2.errorMsg(); !strings.Contains(e.Message, "not a legal move") {
		t.Errorf("an illegal move through B: %q", e.Message)
	}
	// Nobody else heard of the refusals.
	for _, c := range []*client{c1, spec} {
		for {
			m, err := c.next(300 * time.Millisecond)
			if err != nil {
				break
			}
			if m.Type == "error" && c == c1 {
				t.Errorf("seat 1 got an error: %q", m.Message)
			}
		}
	}
	// A draw offered through B shows on A; a takeback asked on A and
	// accepted through B is stored.
	c2.send(wire.ClientMessage{Type: "draw", Ply: ply(7), Action: "offer"})
	c1.state(func(m *msg) bool { return len(m.DrawOffers) == 1 && m.DrawOffers[0] == 1 })
	c1.send(wire.ClientMessage{Type: "takeback", Ply: ply(7), Action: "propose"})
	c2.state(func(m *msg) bool { return m.Takeback != nil && m.Takeback.By == 0 })
	c2.send(wire.ClientMessage{Type: "takeback", Ply: ply(7), Action: "accept"})
	spec.atPly(6)
	c1.atPly(6)
	if _, stored, _ := a.st.Load(context.Background(), g.ID); len(stored) != 6 {
		t.Errorf("%d moves stored after the takeback", len(stored))
	}
	// The record and the state through B's HTTP API.
	code, body, _ := b.do("GET", "/api/games/"+g.ID+"/record", nil)
	if code != 200 || !strings.Contains(string(body), "f1b5") || strings.Contains(string(body), "b5a4") {
		t.Errorf("the record through B: %d %s", code, body)
	}
	if st := getState(t, b, g.ID, seatCookieFor(g.ID, 2, g.token(2))); st.You != 1 || st.Ply != 6 || len(st.Legal) != 0 {
		t.Errorf("the state through B: you %d ply %d %d legal", st.You, st.Ply, len(st.Legal))
	}
	// Seat 2 leaves: A sees it gone.
	c2.ws.CloseNow()
	c1.state(func(m *msg) bool { return !m.Seats[1].Connected })
	// Seat 2 resigns from B again: the end reaches everyone.
	c2 = b.dial(g.ID, seatCookieFor(g.ID, 2, g.token(2)))
	c2.state(func(m *msg) bool { return m.You == 1 })
	c1.state(func(m *msg) bool { return m.Seats[1].Connected })
	c2.send(wire.ClientMessage{Type: "resign", Ply: ply(6)})
	for _, c := range []*client{c1, c2, spec} {
		if st := c.state(func(m *msg) bool { return m.Outcome.Status != "ongoing" }); st.Outcome.Winners[0] != 0 {
			t.Errorf("outcome %+v", st.Outcome)
		}
	}
	if row, moves, _ := b.st.Load(context.Background(), g.ID); row.Result != "win 1" || len(moves) != 6 {
		t.Errorf("stored: %q, %d moves", row.Result, len(moves))
	}
	// A rematch asked on B reaches seat 1 on A.
	code, body, _ = b.do("POST", "/api/games/"+g.ID+"/rematch", nil, seatCookieFor(g.ID, 2, g.token(2)))
	if code != 201 {
		t.Fatalf("rematch on B: %d %s", code, body)
	}
	c1.state(func(m *msg) bool { return m.Rematch != "" })
}

// TestMirrorBehind: a server whose copy of a game is behind the owner
// passes a message for a ply it has not seen yet on to the owner, which
// judges it; before, the copy refused it as stale.
func TestMirrorBehind(t *testing.T) {
	// Leases of 5 s: under load a 1-s lease may lapse, and B take the
	// game over, before the stale message's refusal comes back.
	p := newPair(t, Config{Lease: 5 * time.Second}, Config{Lease: 5 * time.Second})
	a, b := p.a, p.b
	g := a.create(map[string]any{"variant": "chess", "you": 0})
	c1 := a.dial(g.ID, g.cookie)
	c1.state(nil)
	c2 := b.dial(g.ID, seatCookieFor(g.ID, 2, g.token(2)))
	c2.state(func(m *msg) bool { return m.You == 1 })
	// B's copy stops reading snapshots: an announcement finds one posted.
	// It is frozen only once no snapshot message is on its way: one queued
	// before (an earlier announcement's) would clear the flag when read,
	// and the next announcement, e4's, would reach B.
	deadline := time.Now().Add(10 * time.Second)
	for frozen := false; ; time.Sleep(10 * time.Millisecond) {
		if err := b.srv.do(g.ID, func(h *hub) { frozen = h.snapPosted.CompareAndSwap(false, true) }); err != nil {
			t.Fatal(err)
		}
		if frozen {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("B's copy still had a snapshot message on its way after 10 s")
		}
	}
	c1.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	c1.atPly(1)
	var behind int
	if err := b.srv.do(g.ID, func(h *hub) { behind = h.ply() }); err != nil {
		t.Fatal(err)
	}
	if behind != 0 {
		t.Fatalf("B's copy is at ply %d, want 0 (frozen)", behind)
	}
	c2.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e5"})
	if st := c1.atPly(2); st.Moves[1].SAN != "e5" {
		t.Errorf("the move through B's stale copy: %+v", st.Moves[1])
	}
	// A message behind the owner is still refused, by the owner.
	c2.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "d5"})
	if e := c2.errorMsg(); !strings.Contains(e.Message, "for ply 0, but the game is at ply 2") {
		t.Errorf("a stale move through B: %q", e.Message)
	}
}

// TestJobQueue: the computer's moves of a game owned by a server without
// workers are searched by the other server's; then the other way round.
func TestJobQueue(t *testing.T) {
	p := newPair(t, Config{Workers: -1}, Config{Workers: 1})
	for i, owner := range []*testServer{p.a, p.b} {
		g := owner.create(map[string]any{"variant": "chess", "seats": []map[string]string{{"plays": "computer:1"}, {"plays": "random"}}})
		spec := owner.dial(g.ID)
		st := spec.state(func(m *msg) bool { return m.Ply >= 6 })
		if st.Outcome.Status == "ongoing" && st.Ply < 6 {
			t.Fatalf("game %d: ply %d", i, st.Ply)
		}
		_, moves, _ := owner.st.Load(context.Background(), g.ID)
		if len(moves) < 6 {
			t.Errorf("game %d: %d moves stored", i, len(moves))
		}
	}
	na, nb := p.a.srv.cluster.searched.Load(), p.b.srv.cluster.searched.Load()
	t.Logf("jobs searched: %d by A (no workers), %d by B", na, nb)
	if na != 0 || nb < 12 {
		t.Errorf("jobs searched: %d by A (no workers), %d by B", na, nb)
	}
	// Both with workers: both search.
	q := newPair(t, Config{Workers: 1}, Config{Workers: 1})
	var specs []*client
	for range 6 {
		g := q.a.create(map[string]any{"variant": "chess", "seats": []map[string]string{{"plays": "random"}, {"plays": "random"}}})
		spec := q.b.dial(g.ID)
		specs = append(specs, spec)
	}
	for _, spec := range specs {
		spec.state(func(m *msg) bool { return m.Ply >= 10 || m.Outcome.Status != "ongoing" })
	}
	na, nb = q.a.srv.cluster.searched.Load(), q.b.srv.cluster.searched.Load()
	t.Logf("jobs searched: %d by A, %d by B", na, nb)
	if na == 0 || nb == 0 {
		t.Errorf("jobs searched: %d by A, %d by B; want both", na, nb)
	}
}

// TestHandover: a server that stops releases its lease; the other takes
// its games over at once and they go on, their clocks and moves as they
// were, a spectator on the other server seeing it all.
func TestHandover(t *testing.T) {
	p := newPair(t, Config{Lease: time.Minute}, Config{Lease: time.Minute})
	a, b := p.a, p.b
	g := a.create(map[string]any{"variant": "chess", "clock": "5m", "you": 0})
	vs := a.create(map[string]any{"variant": "chess", "you": 0, "seats": []map[string]string{{"plays": "human"}, {"plays": "computer:1"}}})
	c1 := a.dial(g.ID, g.cookie)
	c1.state(nil)
	c2 := b.dial(g.ID, seatCookieFor(g.ID, 2, g.token(2)))
	c2.state(func(m *msg) bool { return m.You == 1 })
	spec := b.dial(g.ID)
	spec.state(nil)
	var before *msg
	for i, mv := range []string{"d4", "d5", "c4"} {
		c := []*client{c1, c2}[i%2]
		c.send(wire.ClientMessage{Type: "move", Ply: ply(i), Move: mv})
		before = spec.atPly(i + 1)
	}
	h := b.dial(vs.ID, seatCookieFor(vs.ID, 1, vs.token(1)))
	h.state(nil)
	start := time.Now()
	a.close()
	// B owns both games within a scan (the lease was released), though
	// it would have run a minute.
	c2.send(wire.ClientMessage{Type: "move", Ply: ply(3), Move: "e6"})
	st := spec.atPly(4)
	t.Logf("the move after the handover was acknowledged %v after A stopped", time.Since(start).Round(time.Millisecond))
	if time.Since(start) > 10*time.Second {
		t.Errorf("the handover took %v", time.Since(start))
	}
	if st.Clocks[0] > before.Clocks[0] || st.Clocks[0] < before.Clocks[0]-int64(time.Since(start)/time.Millisecond)-500 {
		t.Errorf("white's clock %d before, %d after the handover", before.Clocks[0], st.Clocks[0])
	}
	if owner, _, _, _ := b.st.OwnerOf(context.Background(), g.ID, time.Now()); owner != b.srv.Proc() {
		t.Errorf("owner after the handover: %q, want B %q", owner, b.srv.Proc())
	}
	// The game against the computer goes on with B's workers.
	h.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	if st := h.atPly(2); st.Moves[1].Player != 1 {
		t.Errorf("the computer's move after the handover: %+v", st.Moves)
	}
	_, moves, _ := b.st.Load(context.Background(), g.ID)
	if len(moves) != 4 || moves[3].Text != "e7e6" {
		t.Errorf("stored after the handover: %+v", moves)
	}
}

// TestStopPublishesLastStates: a server that stops right after
// acknowledging a move in each of several games leaves each game's
// snapshot at that move, and the other server shows it (before, snapshots
// still queued were dropped, and a mirror showed the game a move behind
// until it took the game over; the leases here outlast the test).
func TestStopPublishesLastStates(t *testing.T) {
	p := newPair(t, Config{Lease: time.Minute}, Config{Lease: time.Minute})
	a := p.a
	const games = 8
	var ids []string
	var conns []*client
	for range games {
		g := a.create(map[string]any{"variant": "chess", "you": 0})
		c := a.dial(g.ID, g.cookie)
		c.state(nil)
		ids = append(ids, g.ID)
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	}
	for _, c := range conns {
		c.atPly(1)
	}
	a.close()
	for _, id := range ids {
		sn, err := a.st.Snapshot(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		v, err := viewOf(sn)
		if err != nil {
			t.Fatal(err)
		}
		if v.state.Ply != 1 {
			t.Errorf("game %s: the snapshot left is at ply %d, want 1", id, v.state.Ply)
		}
		if st := p.b.dial(id).state(nil); st.Ply != 1 {
			t.Errorf("game %s: the other server shows ply %d, want 1", id, st.Ply)
		}
	}
}

// TestFlushWritesQueue: flush writes the snapshots still queued, even
// with no writer running.
func TestFlushWritesQueue(t *testing.T) {
	p := newPair(t, Config{}, Config{})
	a := p.a
	g := a.create(map[string]any{"variant": "chess", "you": 0})
	h := a.srv.hub(g.ID)
	if h == nil {
		t.Fatal("no hub for the game just made")
	}
	// The server's own publisher has written the game's first snapshot.
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := a.st.Snapshot(context.Background(), g.ID); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no snapshot of a new game within 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	pub := newPublisher(a.srv)
	pub.put(h, snapshotData{at: time.Now(), state: `{"ply":7}`, legal: "[]"})
	pub.flush()
	sn, err := a.st.Snapshot(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sn.State != `{"ply":7}` {
		t.Errorf("snapshot after flush: %s", sn.State)
	}
}
