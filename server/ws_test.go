package server

// Tests of live games over real websockets: moves, every refused message, seats and tokens, clocks, the computer, resignation, draws, takebacks, rematches.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"anychess/store"
	"anychess/wire"
)

// twoPlayers makes a chess game between two people and connects both
// seats (seat 1 by cookie, seat 2 by hello) and a spectator.
func twoPlayers(t *testing.T, s *testServer, extra map[string]any) (g *created, a, b, spec *client) {
	t.Helper()
	req := map[string]any{"variant": "chess", "you": 0}
	for k, v := range extra {
		req[k] = v
	}
	g = s.create(req)
	a = s.dial(g.ID, g.cookie)
	if st := a.state(nil); st.You != 0 || st.Ply != 0 || len(st.Legal) != 20 {
		t.Fatalf("seat 1's first state: you %d ply %d %d legal", st.You, st.Ply, len(st.Legal))
	}
	b = s.dial(g.ID)
	if st := b.state(nil); st.You != -1 || st.Legal != nil {
		t.Fatalf("a connection without a cookie: you %d legal %d", st.You, len(st.Legal))
	}
	b.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(2)})
	if st := b.state(func(m *msg) bool { return m.You == 1 }); !st.Seats[1].Connected || !st.Seats[0].Connected {
		t.Fatalf("seats connected: %+v", st.Seats)
	}
	a.state(func(m *msg) bool { return m.Seats[1].Connected })
	spec = s.dial(g.ID)
	spec.state(nil)
	return g, a, b, spec
}

func TestPlay(t *testing.T) {
	s := newTestServer(t, Config{})
	g, a, b, spec := twoPlayers(t, s, map[string]any{"clock": "5m+2s"})
	a.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	for i, c := range []*client{a, b, spec} {
		st := c.atPly(1)
		if st.Moves[0].SAN != "e4" || st.Moves[0].Text != "e2e4" || st.Turn != 1 || st.LastMove == nil {
			t.Errorf("client %d: %+v", i, st.Moves)
		}
		if (len(st.Legal) > 0) != (i == 1) {
			t.Errorf("client %d (you %d): %d legal moves", i, st.You, len(st.Legal))
		}
		// Black's first move is not timed yet: no clock runs.
		if st.Running != -1 || st.Clocks[0] <= 300000 || st.Clocks[0] > 302000 {
			t.Errorf("client %d: clocks %v running %d", i, st.Clocks, st.Running)
		}
	}
	b.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "c7c5"})
	if st := a.atPly(2); st.Running != 0 {
		t.Errorf("after the first round white's clock does not run: running %d", st.Running)
	}
	spec.atPly(2)
	b.atPly(2)
	_, moves, err := s.st.Load(context.Background(), g.ID)
	if err != nil || len(moves) != 2 || moves[1].Text != "c7c5" || moves[0].Clock <= 300*time.Second {
		t.Errorf("stored: %+v %v", moves, err)
	}
	code, body, _ := s.do("GET", "/api/games/"+g.ID+"/pgn", nil)
	if code != 200 || !strings.Contains(string(body), "1. e4 {[%emt") || !strings.Contains(string(body), "c5") {
		t.Errorf("PGN: %d %s", code, body)
	}
	// Ping.
	a.send(`{"type":"ping"}`)
	if m, err := a.next(5 * time.Second); err != nil || m.Type != "pong" {
		t.Errorf("ping: %+v %v", m, err)
	}
}

// TestRefusedMessages: each bad message gets an error, to its sender only,
// and changes nothing.
func TestRefusedMessages(t *testing.T) {
	s := newTestServer(t, Config{})
	g, a, b, spec := twoPlayers(t, s, nil)
	other := s.create(map[string]any{"variant": "chess"})
	a.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	a.atPly(1)
	b.atPly(1)
	spec.atPly(1)
	tests := []struct {
		name string
		c    *client
		m    any
		want string
	}{
		{"malformed JSON", b, `{"type":"move",`, "bad message"},
		{"not an object", b, `"move"`, "bad message"},
		{"unknown type", b, `{"type":"castle","ply":1}`, "unknown type"},
		{"unknown field", b, `{"type":"move","ply":1,"move":"e5","seat2":1}`, "unknown field"},
		{"no ply", b, `{"type":"move","move":"e5"}`, "no ply"},
		{"negative ply", b, `{"type":"move","ply":-1,"move":"e5"}`, "negative"},
		{"empty move", b, `{"type":"move","ply":1,"move":""}`, "no move text"},
		{"stale ply", b, wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e5"}, "for ply 0, but the game is at ply 1"},
		{"replayed move", a, wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"}, "for ply 0"},
		{"future ply", b, wire.ClientMessage{Type: "move", Ply: ply(7), Move: "e5"}, "for ply 7"},
		{"out of turn", a, wire.ClientMessage{Type: "move", Ply: ply(1), Move: "d4"}, "not your turn"},
		{"illegal", b, wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e7e4"}, "not a legal move"},
		{"gibberish move", b, wire.ClientMessage{Type: "move", Ply: ply(1), Move: "zz9"}, "move"},
		{"spectator move", spec, wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e5"}, "watching"},
		{"spectator resign", spec, wire.ClientMessage{Type: "resign", Ply: ply(1)}, "watching"},
		{"wrong token", spec, wire.ClientMessage{Type: "hello", Seat: 2, Token: "AAAAAAAAAAAAAAAAAAAAAA"}, "not seat 2's"},
		{"another seat's token", spec, wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(1)}, "not seat 2's"},
		{"another game's token", spec, wire.ClientMessage{Type: "hello", Seat: 1, Token: other.token(1)}, "not seat 1's"},
		{"seat out of range", spec, wire.ClientMessage{Type: "hello", Seat: 3, Token: g.token(1)}, "not seat 3's"},
		{"hello without token", spec, `{"type":"hello","seat":2}`, "both seat and token"},
		{"takebacks off", b, wire.ClientMessage{Type: "takeback", Ply: ply(1), Action: "propose"}, "takebacks are off"},
		{"bad draw action", b, `{"type":"draw","ply":1,"action":"maybe"}`, "offer or decline"},
		{"accept no takeback", b, wire.ClientMessage{Type: "takeback", Ply: ply(1), Action: "accept"}, "no takeback was asked for"},
	}
	for _, tc := range tests {
		tc.c.send(tc.m)
		e := tc.c.errorMsg()
		if !strings.Contains(e.Message, tc.want) || e.Ply != 1 {
			t.Errorf("%s: %q at ply %d, want %q", tc.name, e.Message, e.Ply, tc.want)
		}
	}
	// Nobody else heard of it, and nothing changed.
	for _, c := range []*client{a, b, spec} {
		for {
			m, err := c.next(200 * time.Millisecond)
			if err != nil {
				break
			}
			if m.Type == "state" && m.Ply != 1 {
				t.Errorf("a state at ply %d", m.Ply)
			}
			if m.Type == "error" && c == a {
				if !strings.Contains(m.Message, "for ply 0") && !strings.Contains(m.Message, "not your turn") {
					t.Errorf("seat 1 got another's error: %q", m.Message)
				}
			}
		}
	}
	_, moves, _ := s.st.Load(context.Background(), g.ID)
	if len(moves) != 1 {
		t.Errorf("%d moves stored", len(moves))
	}
	// Binary messages.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b.ws.Write(ctx, websocket.MessageBinary, []byte(`{"type":"ping"}`))
	if e := b.errorMsg(); !strings.Contains(e.Message, "binary") {
		t.Errorf("binary: %q", e.Message)
	}
	// The game goes on.
	b.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e5"})
	a.atPly(2)
}

func TestOversizedMessageClosesTheConnection(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "chess", "you": 0})
	a := s.dial(g.ID, g.cookie)
	a.state(nil)
	a.send(`{"type":"move","ply":0,"move":"` + strings.Repeat("e", wire.MaxMessageBytes) + `"}`)
	for {
		_, err := a.next(5 * time.Second)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
				t.Errorf("closed with %v, want StatusMessageTooBig", err)
			}
			break
		}
	}
	// The game is untouched and others can still play.
	b := s.dial(g.ID, g.cookie)
	b.state(nil)
	b.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "d4"})
	b.atPly(1)
}

func TestRateLimit(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "chess"})
	c := s.dial(g.ID)
	c.state(nil)
	for range RateBurst + 5 {
		c.send(`{"type":"resign","ply":0}`)
	}
	limited := 0
	for range RateBurst + 5 {
		m, err := c.next(5 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.Message, "too many messages") {
			limited++
		}
	}
	if limited < 3 {
		t.Errorf("%d messages refused for the rate, want at least 3", limited)
	}
	// Flooding closes the connection.
	for range rateStrikes + RateBurst {
		if err := c.ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":"resign","ply":0}`)); err != nil {
			break
		}
	}
	for {
		if _, err := c.next(5 * time.Second); err != nil {
			// The close frame says why, unless the flood was still being
			// written when the server closed the connection.
			if st := websocket.CloseStatus(err); st != -1 && st != websocket.StatusPolicyViolation {
				t.Errorf("flood: closed with %v", err)
			}
			if errors.Is(err, context.DeadlineExceeded) {
				t.Error("flooding did not close the connection")
			}
			break
		}
	}
}

func TestOriginChecked(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "chess"})
	_, err := s.tryDial(g.ID, http.Header{"Origin": {"http://evil.example"}})
	if err == nil {
		t.Fatal("a websocket from another origin was accepted")
	}
	host := strings.TrimPrefix(s.url, "http://")
	c, err := s.tryDial(g.ID, http.Header{"Origin": {"http://" + host}})
	if err != nil {
		t.Fatalf("the page's own origin: %v", err)
	}
	c.state(nil)
	if _, err := s.tryDial("AAAAAAAAAA", nil); err == nil {
		t.Error("a websocket to no game")
	}
}

func TestSeatCookieOfAnotherGame(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "chess", "you": 0})
	other := s.create(map[string]any{"variant": "chess", "you": 0})
	// Game g's cookie name with the other game's token.
	c := s.dial(g.ID, seatCookieFor(g.ID, 1, other.token(1)))
	if e := c.errorMsg(); !strings.Contains(e.Message, "not valid") {
		t.Errorf("forged cookie: %q", e.Message)
	}
	st := c.state(nil)
	if st.You != -1 {
		t.Errorf("forged cookie seated the connection: you %d", st.You)
	}
	c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	if e := c.errorMsg(); !strings.Contains(e.Message, "watching") {
		t.Errorf("move with a forged cookie: %q", e.Message)
	}
}

func TestClockLoss(t *testing.T) {
	s := newTestServer(t, Config{})
	g, a, b, _ := twoPlayers(t, s, map[string]any{"clock": "1s"})
	// The first round is not timed: the clocks start once both have moved.
	time.Sleep(1200 * time.Millisecond)
	a.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	b.state(func(m *msg) bool { return m.Ply == 1 })
	b.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e5"})
	start := time.Now()
	st := b.state(func(m *msg) bool { return m.Outcome.Status != "ongoing" })
	if st.Outcome.Status != "win" || len(st.Outcome.Winners) != 1 || st.Outcome.Winners[0] != 1 || !strings.Contains(st.Outcome.Reason, "time") || st.Clocks[0] != 0 {
		t.Errorf("outcome %+v clocks %v", st.Outcome, st.Clocks)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the flag fell after %v", d)
	}
	a.state(func(m *msg) bool { return m.Outcome.Status == "win" })
	row, _, err := s.st.Load(context.Background(), g.ID)
	if err != nil || row.Result != "win 2" || !strings.Contains(row.Termination, "time") {
		t.Errorf("stored %q %q %v", row.Result, row.Termination, err)
	}
	a.send(wire.ClientMessage{Type: "move", Ply: ply(2), Move: "d4"})
	if e := a.errorMsg(); !strings.Contains(e.Message, "over") {
		t.Errorf("a move after the flag: %q", e.Message)
	}
}

func TestResignDrawTakeback(t *testing.T) {
	s := newTestServer(t, Config{})
	// Resignation.
	g, a, b, _ := twoPlayers(t, s, nil)
	b.send(wire.ClientMessage{Type: "resign", Ply: ply(0)})
	st := a.state(func(m *msg) bool { return m.Outcome.Status != "ongoing" })
	if st.Outcome.Winners[0] != 0 || !strings.Contains(st.Outcome.Reason, "resign") {
		t.Errorf("resignation: %+v", st.Outcome)
	}
	if row, _, _ := s.st.Load(context.Background(), g.ID); row.Result != "win 1" {
		t.Errorf("stored %q", row.Result)
	}
	// A draw offered, declined, offered again and accepted.
	g, a, b, _ = twoPlayers(t, s, nil)
	a.send(wire.ClientMessage{Type: "draw", Ply: ply(0), Action: "offer"})
	b.state(func(m *msg) bool { return len(m.DrawOffers) == 1 })
	b.send(wire.ClientMessage{Type: "draw", Ply: ply(0), Action: "decline"})
	a.state(func(m *msg) bool { return len(m.DrawOffers) == 0 })
	a.send(wire.ClientMessage{Type: "draw", Ply: ply(0), Action: "offer"})
	b.state(func(m *msg) bool { return len(m.DrawOffers) == 1 })
	b.send(wire.ClientMessage{Type: "draw", Ply: ply(0), Action: "offer"})
	st = a.state(func(m *msg) bool { return m.Outcome.Status != "ongoing" })
	if st.Outcome.Status != "draw" || st.Outcome.Reason != "agreement" {
		t.Errorf("draw: %+v", st.Outcome)
	}
	if row, _, _ := s.st.Load(context.Background(), g.ID); row.Result != "draw" {
		t.Errorf("stored %q", row.Result)
	}
	// A takeback in a casual game: asked, accepted, stored.
	g, a, b, _ = twoPlayers(t, s, map[string]any{"takebacks": true})
	a.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	b.atPly(1)
	b.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e5"})
	a.atPly(2)
	b.send(wire.ClientMessage{Type: "takeback", Ply: ply(2), Action: "propose"})
	a.state(func(m *msg) bool { return m.Takeback != nil && m.Takeback.By == 1 })
	a.send(wire.ClientMessage{Type: "takeback", Ply: ply(2), Action: "accept"})
	st = b.atPly(1)
	if len(st.Moves) != 1 || len(st.Legal) == 0 {
		t.Errorf("after the takeback: %d moves, %d legal", len(st.Moves), len(st.Legal))
	}
	if _, moves, _ := s.st.Load(context.Background(), g.ID); len(moves) != 1 {
		t.Errorf("%d moves stored after the takeback", len(moves))
	}
	// The same ply again, with another move.
	b.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "c5"})
	a.atPly(2)
	if _, moves, _ := s.st.Load(context.Background(), g.ID); len(moves) != 2 || moves[1].Text != "c7c5" {
		t.Errorf("stored after the takeback and a new move: %+v", moves)
	}
}

// TestComputerDoesNotBlock: with one worker kept busy by two computers
// playing each other, people still play at once in another game, and a
// computer in a third game still moves.
func TestComputerDoesNotBlock(t *testing.T) {
	s := newTestServer(t, Config{Workers: 1, MoveTime: 2 * time.Second})
	busy := s.create(map[string]any{"variant": "chess", "seats": []map[string]string{{"plays": "computer:8"}, {"plays": "computer:8"}}})
	watch := s.dial(busy.ID)
	watch.atPly(1) // the engines are at work
	_, a, b, _ := twoPlayers(t, s, nil)
	for i, mv := range []string{"e4", "e5", "Nf3", "Nc6"} {
		c := a
		if i%2 == 1 {
			c = b
		}
		start := time.Now()
		c.send(wire.ClientMessage{Type: "move", Ply: ply(i), Move: mv})
		c.atPly(i + 1)
		if d := time.Since(start); d > time.Second {
			t.Errorf("move %d took %v while the computers searched", i+1, d)
		}
	}
	vs := s.create(map[string]any{"variant": "chess", "seats": []map[string]string{{"plays": "human"}, {"plays": "computer:1"}}, "you": 0})
	c := s.dial(vs.ID, vs.cookie)
	c.state(nil)
	c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "d4"})
	st := c.atPly(2)
	if st.Moves[1].Player != 1 || st.Turn != 0 || len(st.Legal) == 0 {
		t.Errorf("the computer's reply: %+v", st.Moves)
	}
	if p := s.srv.pool.peak.Load(); p > 1 {
		t.Errorf("%d searches at once with one worker", p)
	}
}

// TestComputerAfterTakeback: a takeback against the computer while it
// thinks drops its search; it answers the new position.
func TestComputerTakebackWhileThinking(t *testing.T) {
	s := newTestServer(t, Config{Workers: 1, MoveTime: 400 * time.Millisecond})
	g := s.create(map[string]any{"variant": "chess", "seats": []map[string]string{{"plays": "human"}, {"plays": "computer:8"}}, "you": 0, "takebacks": true})
	c := s.dial(g.ID, g.cookie)
	c.state(nil)
	c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	c.atPly(1)
	c.send(wire.ClientMessage{Type: "takeback", Ply: ply(1), Action: "propose"})
	st := c.atPly(0)
	if len(st.Moves) != 0 {
		t.Fatalf("after the takeback: %+v", st.Moves)
	}
	c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "d4"})
	st = c.atPly(2)
	if st.Moves[0].Text != "d2d4" {
		t.Errorf("moves %+v", st.Moves)
	}
	_, moves, _ := s.st.Load(context.Background(), g.ID)
	if len(moves) != 2 || moves[0].Text != "d2d4" {
		t.Errorf("stored %+v", moves)
	}
}

func TestFourPlayerResignHandsOver(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "martian-chess", "options": map[string]string{"players": "4"}, "you": 0,
		"seats": []map[string]string{{"plays": "human"}, {"plays": "random"}, {"plays": "random"}, {"plays": "random"}}})
	c := s.dial(g.ID, g.cookie)
	c.state(nil)
	c.send(wire.ClientMessage{Type: "resign", Ply: ply(0)})
	st := c.state(func(m *msg) bool { return m.Seats[0].Plays != "human" })
	if st.Seats[0].Plays != "computer:4" || st.Outcome.Status != "ongoing" {
		t.Errorf("after resigning: %+v %+v", st.Seats[0], st.Outcome)
	}
	c.state(func(m *msg) bool { return m.Ply >= 4 }) // the computer plays the seat
	row, _, _ := s.st.Load(context.Background(), g.ID)
	if row.Seats[0].Plays != "computer:4" {
		t.Errorf("stored seat: %+v", row.Seats[0])
	}
}

func TestRematch(t *testing.T) {
	s := newTestServer(t, Config{})
	g, a, b, _ := twoPlayers(t, s, map[string]any{"clock": "3m+1s", "seats": []map[string]string{{"plays": "human", "name": "Ann"}, {"plays": "human", "name": "Bob"}}})
	path := "/api/games/" + g.ID + "/rematch"
	bCookie := seatCookieFor(g.ID, 2, g.token(2))
	if code, body, _ := s.do("POST", path, nil, g.cookie); code != 409 || !strings.Contains(string(body), "not over") {
		t.Errorf("rematch of a game that goes on: %d %s", code, body)
	}
	b.send(wire.ClientMessage{Type: "resign", Ply: ply(0)})
	a.state(func(m *msg) bool { return m.Outcome.Status == "win" })
	if code, _, _ := s.do("POST", path, nil); code != 403 {
		t.Errorf("rematch without a seat: %d", code)
	}
	if code, _, _ := s.do("POST", path, nil, seatCookieFor(g.ID, 2, g.token(1))); code != 403 {
		t.Errorf("rematch with a wrong token: %d", code)
	}
	code, body, cookies := s.do("POST", path, nil, bCookie)
	if code != 201 {
		t.Fatalf("rematch: %d %s", code, body)
	}
	var r createAnswer
	decode(t, body, &r)
	if r.You != 0 || r.Seats[0].Name != "Bob" || r.Seats[1].Name != "Ann" || r.Seats[0].Link == "" || r.Seats[1].Link != "" {
		t.Errorf("rematch answer %s", body)
	}
	if len(cookies) != 1 || cookies[0].Name != "ac_"+r.ID || cookies[0].Value != "1."+g.token(2) {
		t.Errorf("rematch cookie %v", cookies)
	}
	// The old game's players hear of it.
	if st := a.state(func(m *msg) bool { return m.Rematch != "" }); st.Rematch != r.ID {
		t.Errorf("rematch %q, want %q", st.Rematch, r.ID)
	}
	// The other player asks too: the same game, their own seat.
	code, body, cookies = s.do("POST", path, nil, g.cookie)
	var r2 createAnswer
	decode(t, body, &r2)
	if code != 200 || r2.ID != r.ID || r2.You != 1 || cookies[0].Value != "2."+g.token(1) {
		t.Errorf("second rematch request: %d %s %v", code, body, cookies)
	}
	// Bob (white now) plays the first move with his old token.
	c := s.dial(r.ID, &http.Cookie{Name: "ac_" + r.ID, Value: "1." + g.token(2)})
	st := c.state(nil)
	if st.You != 0 || len(st.Clocks) != 2 || st.Clocks[0] > 180000 {
		t.Errorf("rematch state: you %d clocks %v", st.You, st.Clocks)
	}
	c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	c.atPly(1)
}

// TestRestartInProcess: a server closed and started again on the same
// store goes on with every game.
func TestRestartInProcess(t *testing.T) {
	s := newTestServer(t, Config{})
	g, a, b, _ := twoPlayers(t, s, map[string]any{"clock": "10m"})
	a.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	b.atPly(1)
	s.close()
	s2 := startTestServer(t, s.st, s.db, Config{})
	c := s2.dial(g.ID, g.cookie)
	st := c.state(nil)
	if st.Ply != 1 || st.Moves[0].Text != "e2e4" || st.Running != -1 || st.You != 0 {
		t.Errorf("after the restart: ply %d moves %+v running %d you %d", st.Ply, st.Moves, st.Running, st.You)
	}
	// The old connections were closed with the old server, not left to a
	// hub that is gone.
	for {
		if _, err := a.next(5 * time.Second); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				t.Error("a connection of the closed server is still open")
			}
			break
		}
	}
}

func decode(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
}

// TestStoreDown: when the database fails, a move is refused ("nothing
// changed"), the game's hub leaves rather than keep a game the store does
// not hold, and the move is not stored.
func TestStoreDown(t *testing.T) {
	s := newTestServer(t, Config{})
	g, a, _, _ := twoPlayers(t, s, nil)
	s.st.Close()
	a.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	if e := a.errorMsg(); !strings.Contains(e.Message, "nothing changed") {
		t.Errorf("a move with the store down: %q", e.Message)
	}
	for {
		_, err := a.next(5 * time.Second)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusGoingAway {
				t.Errorf("the connection ended with %v, want going away (reconnect)", err)
			}
			break
		}
	}
	st, err := store.Open(context.Background(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, moves, err := st.Load(context.Background(), g.ID); err != nil || len(moves) != 0 {
		t.Errorf("stored: %v %v", moves, err)
	}
}

// TestSearchThreads: with SearchThreads the computer's engine searches
// with that many goroutines and still answers a move; the default
// number of workers shares the CPUs among the searches.
func TestSearchThreads(t *testing.T) {
	s := newTestServer(t, Config{SearchThreads: 2, MoveTime: 100 * time.Millisecond})
	if want := max(1, (runtime.NumCPU()-1)/2); s.srv.cfg.Workers != want {
		t.Errorf("workers %d, want %d", s.srv.cfg.Workers, want)
	}
	p, err := s.srv.newPlayer("computer:8", 1)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := p.(*computer); !ok || c.threads != 2 {
		t.Fatalf("the computer seat: %#v", p)
	}
	vs := s.create(map[string]any{"variant": "chess", "seats": []map[string]string{{"plays": "human"}, {"plays": "computer:8"}}, "you": 0})
	c := s.dial(vs.ID, vs.cookie)
	c.state(nil)
	c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	if st := c.atPly(2); st.Moves[1].Player != 1 || len(st.Legal) == 0 {
		t.Errorf("the computer's reply: %+v", st.Moves)
	}
}
