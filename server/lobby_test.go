package server

// The lobby on one server: seeks made, taken, left, cancelled; challenges by their link; quick pairing; four people at one table; expiry; reconnection; limits and refusals.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"anychess/wire"
)

// lmsg is any lobby message of the server.
type lmsg struct {
	Type    string          `json:"type"`
	Message string          `json:"message"`
	Seeks   []wire.Seek     `json:"seeks"`
	Games   []wire.LiveGame `json:"games"`
	Seek    wire.Seek       `json:"seek"`
	Seat    int             `json:"seat"`
	Token   string          `json:"token"`
}

// decodeLobbyMessage reads a lobby message; a "released" message names its
// seek by id alone, kept in Seek.ID.
func decodeLobbyMessage(data []byte) (*lmsg, error) {
	var m lmsg
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, err
	}
	if head.Type == "released" {
		var r wire.ReleasedMessage
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, err
		}
		m.Type, m.Seek.ID, m.Seat = r.Type, r.Seek, r.Seat
		return &m, nil
	}
	err := json.Unmarshal(data, &m)
	return &m, err
}

// lobbyClient dials the lobby's websocket.
func (s *testServer) lobbyClient() *client {
	s.t.Helper()
	return s.dial("lobby")
}

// lobby reads lobby messages until one for which ok holds.
func (c *client) lobby(ok func(*lmsg) bool) *lmsg {
	c.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var seen []string
	for time.Now().Before(deadline) {
		var data []byte
		select {
		case d, open := <-c.in:
			if !open {
				c.t.Fatalf("the lobby connection closed: %v (seen: %v)", c.err, seen)
			}
			data = d
		case <-time.After(time.Until(deadline)):
		}
		if data == nil {
			break
		}
		m, err := decodeLobbyMessage(data)
		if err != nil {
			c.t.Fatalf("%s: %v", data, err)
		}
		if ok(m) {
			return m
		}
		seen = append(seen, fmt.Sprintf("%s %s %s %q", m.Type, m.Seek.ID, m.Seek.State, m.Message))
	}
	c.t.Fatalf("no such lobby message within 10s (seen: %v)", seen)
	return nil
}

// lobbyErr sends m and returns the error message that answers it.
func (c *client) lobbyErr(m any) string {
	c.t.Helper()
	c.send(m)
	return c.lobby(func(m *lmsg) bool { return m.Type == "error" }).Message
}

// seated sends a message that takes a seat and returns the answer.
func (c *client) seated(m any) *lmsg {
	c.t.Helper()
	c.send(m)
	return c.lobby(func(m *lmsg) bool {
		if m.Type == "error" {
			c.t.Fatalf("refused: %s", m.Message)
		}
		return m.Type == "seated"
	})
}

// seekState waits for seek id in state.
func (c *client) seekState(id, state string) *lmsg {
	c.t.Helper()
	return c.lobby(func(m *lmsg) bool { return m.Type == "seek" && m.Seek.ID == id && m.Seek.State == state })
}

// listed waits for the list of seeks to satisfy ok.
func (c *client) listed(ok func([]wire.Seek) bool) []wire.Seek {
	c.t.Helper()
	return c.lobby(func(m *lmsg) bool { return m.Type == "seeks" && ok(m.Seeks) }).Seeks
}

func hasSeek(id string) func([]wire.Seek) bool {
	return func(ks []wire.Seek) bool {
		for _, k := range ks {
			if k.ID == id {
				return true
			}
		}
		return false
	}
}

func not(f func([]wire.Seek) bool) func([]wire.Seek) bool {
	return func(ks []wire.Seek) bool { return !f(ks) }
}

// newSeek is a create message.
func newSeek(variant string, options map[string]string, seats ...string) map[string]any {
	return map[string]any{"type": "create", "new": map[string]any{"variant": variant, "options": options, "seats": seats}}
}

// seekOf reads GET /api/seeks/{id}.
func (s *testServer) seekOf(id string) wire.Seek {
	s.t.Helper()
	code, body, _ := s.do("GET", "/api/seeks/"+id, nil)
	if code != http.StatusOK {
		s.t.Fatalf("seek %s: %d %s", id, code, body)
	}
	var k wire.Seek
	if err := json.Unmarshal(body, &k); err != nil {
		s.t.Fatal(err)
	}
	return k
}

// lobbyList reads GET /api/lobby.
func (s *testServer) lobbyList() lobbyAnswer {
	s.t.Helper()
	code, body, _ := s.do("GET", "/api/lobby", nil)
	if code != http.StatusOK {
		s.t.Fatalf("lobby: %d %s", code, body)
	}
	var a lobbyAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		s.t.Fatal(err)
	}
	return a
}

// takeGameSeat checks that token opens seat (1-based) of game id, as the
// game page does with a player link's fragment; it returns the cookie.
func (s *testServer) takeGameSeat(id string, seat int, token string) *http.Cookie {
	s.t.Helper()
	code, body, cookies := s.do("POST", "/api/games/"+id+"/seat", map[string]any{"seat": seat, "token": token})
	if code != http.StatusNoContent {
		s.t.Fatalf("seat %d of %s with its lobby token: %d %s", seat, id, code, body)
	}
	for _, c := range cookies {
		if c.Name == seatCookieName(id) {
			return c
		}
	}
	s.t.Fatal("no seat cookie")
	return nil
}

// TestLobbySeek: a seek made, seen by others in the list and through the
// API, taken; the game starts with each person's lobby token as their
// seat's; everyone at the table hears of it.
func TestLobbySeek(t *testing.T) {
	s := newTestServer(t, Config{})
	a, b := s.lobbyClient(), s.lobbyClient()
	b.listed(func([]wire.Seek) bool { return true })
	m := newSeek("chess", nil, "open", "you")
	m["name"] = "Ann"
	m["new"].(map[string]any)["clock"] = "300s+2s"
	sa := a.seated(m)
	k := sa.Seek
	if sa.Seat != 2 || sa.Token == "" || k.State != "open" || k.Creator != 2 || k.Clock != "5m0s+2s" || k.Open != 1 || k.Title != "Chess" ||
		len(k.Seats) != 2 || !k.Seats[1].Taken || k.Seats[1].Name != "Ann" || k.Seats[0].Taken || k.Seats[0].Player != "white" || k.Link != "/s/"+k.ID {
		t.Fatalf("seated: %+v", sa)
	}
	if len(k.ID) != seekIDLen {
		t.Errorf("a seek id of %d characters", len(k.ID))
	}
	b.listed(hasSeek(k.ID))
	if got := s.seekOf(k.ID); got.State != "open" || got.Open != 1 {
		t.Errorf("GET /api/seeks: %+v", got)
	}
	if l := s.lobbyList(); !hasSeek(k.ID)(l.Seeks) {
		t.Errorf("GET /api/lobby: %+v", l)
	}
	// Nobody learns a holder's token.
	if code, body, _ := s.do("GET", "/api/seeks/"+k.ID, nil); code != 200 || strings.Contains(string(body), sa.Token) {
		t.Errorf("the seek's answer: %d %s", code, body)
	}

	// A seat that is taken, one that does not exist, the creator's own.
	if e := b.lobbyErr(map[string]any{"type": "accept", "seek": k.ID, "seat": 2}); !strings.Contains(e, "not open") {
		t.Errorf("a taken seat: %q", e)
	}
	if e := b.lobbyErr(map[string]any{"type": "accept", "seek": k.ID, "seat": 4}); !strings.Contains(e, "seek has 2 seats") {
		t.Errorf("seat 4 of 2: %q", e)
	}
	if e := a.lobbyErr(map[string]any{"type": "accept", "seek": k.ID}); !strings.Contains(e, "a seat in this seek already") {
		t.Errorf("the creator again: %q", e)
	}
	sb := b.seated(map[string]any{"type": "accept", "seek": k.ID, "name": "Bob"})
	if sb.Seat != 1 || sb.Seek.State != "started" || sb.Seek.Game == "" || sb.Token == "" || sb.Token == sa.Token {
		t.Fatalf("the last seat: %+v", sb)
	}
	game := sb.Seek.Game
	if got := a.seekState(k.ID, "started"); got.Seek.Game != game {
		t.Errorf("the creator heard of game %q, not %q", got.Seek.Game, game)
	}
	b.listed(not(hasSeek(k.ID)))

	// The tokens are the seats'; the names and the clock are the seek's.
	ckA := s.takeGameSeat(game, 2, sa.Token)
	s.takeGameSeat(game, 1, sb.Token)
	if code, _, _ := s.do("POST", "/api/games/"+game+"/seat", map[string]any{"seat": 1, "token": sa.Token}); code != http.StatusForbidden {
		t.Errorf("Ann's token for Bob's seat: %d", code)
	}
	st := s.state(game)
	if st.Seats[0].Name != "Bob" || st.Seats[1].Name != "Ann" || st.Seats[0].Plays != "human" || st.Clocks == nil {
		t.Errorf("the game: %+v", st.Seats)
	}
	c := s.dial(game, ckA)
	if got := c.state(nil); got.You != 1 {
		t.Errorf("Ann's cookie seats her as %d", got.You)
	}
	// The started seek answers late comers.
	if e := s.lobbyClient().lobbyErr(map[string]any{"type": "accept", "seek": k.ID}); !strings.Contains(e, "/g/"+game) {
		t.Errorf("a seat of a started seek: %q", e)
	}
}

// state reads GET /api/games/{id} as a spectator.
func (s *testServer) state(id string) *wire.State {
	s.t.Helper()
	code, body, _ := s.do("GET", "/api/games/"+id, nil)
	if code != http.StatusOK {
		s.t.Fatalf("state of %s: %d %s", id, code, body)
	}
	var st wire.State
	if err := json.Unmarshal(body, &st); err != nil {
		s.t.Fatal(err)
	}
	return &st
}

// TestLobbyFourPlayers: four people at one Martian Chess table with a
// computer seat... no: four people, the game starting only when the last
// one sits down, each with their own seat.
func TestLobbyFourPlayers(t *testing.T) {
	s := newTestServer(t, Config{})
	cs := []*client{s.lobbyClient(), s.lobbyClient(), s.lobbyClient(), s.lobbyClient()}
	opts := map[string]string{"players": "4"}
	first := cs[0].seated(newSeek("martian-chess", opts, "you", "open", "open", "open"))
	id := first.Seek.ID
	if first.Seek.Options["players"] != "4" || len(first.Seek.Seats) != 4 || first.Seek.Seats[0].Player == "" {
		t.Fatalf("the seek: %+v", first.Seek)
	}
	tokens := []string{first.Token, "", "", ""}
	for i := 1; i < 4; i++ {
		cs[i].listed(hasSeek(id))
		// The fourth takes seat 2, the last one open.
		seat := map[int]int{1: 4, 2: 3, 3: 0}[i]
		m := map[string]any{"type": "accept", "seek": id, "name": fmt.Sprintf("P%d", i+1)}
		if seat != 0 {
			m["seat"] = seat
		}
		got := cs[i].seated(m)
		want := map[int]int{1: 4, 2: 3, 3: 2}[i]
		if got.Seat != want {
			t.Errorf("person %d got seat %d, want %d", i+1, got.Seat, want)
		}
		tokens[got.Seat-1] = got.Token
		if i < 3 {
			if got.Seek.State != "open" || got.Seek.Open != 3-i {
				t.Errorf("after person %d: %+v", i+1, got.Seek)
			}
			if st := s.seekOf(id); st.State != "open" {
				t.Errorf("the seek started with %d people", i+1)
			}
		} else if got.Seek.State != "started" {
			t.Fatalf("the last seat did not start the game: %+v", got.Seek)
		}
	}
	game := s.seekOf(id).Game
	for i := 0; i < 3; i++ {
		if got := cs[i].seekState(id, "started"); got.Seek.Game != game {
			t.Errorf("person %d heard of game %q", i+1, got.Seek.Game)
		}
	}
	st := s.state(game)
	if len(st.Seats) != 4 || st.Ply != 0 {
		t.Fatalf("the game: %+v", st)
	}
	for seat := 1; seat <= 4; seat++ {
		ck := s.takeGameSeat(game, seat, tokens[seat-1])
		if got := s.dial(game, ck).state(nil); got.You != seat-1 || got.Seats[seat-1].Plays != "human" {
			t.Errorf("seat %d: you %d, %+v", seat, got.You, got.Seats)
		}
	}
}

// TestLobbyLeaveCancel: a person leaves their seat (free again); only the
// creator cancels; followers hear of it; a cancelled seek takes nobody.
func TestLobbyLeaveCancel(t *testing.T) {
	s := newTestServer(t, Config{})
	a, b, c := s.lobbyClient(), s.lobbyClient(), s.lobbyClient()
	k := a.seated(newSeek("martian-chess", map[string]string{"players": "4"}, "you", "open", "open", "computer:1")).Seek
	if k.Seats[3].Plays != "computer:1" || k.Open != 2 {
		t.Fatalf("the seek: %+v", k)
	}
	b.seated(map[string]any{"type": "accept", "seek": k.ID, "seat": 2})
	if e := b.lobbyErr(map[string]any{"type": "cancel", "seek": k.ID}); !strings.Contains(e, "only the seek's creator") {
		t.Errorf("cancel by a taker: %q", e)
	}
	if e := c.lobbyErr(map[string]any{"type": "leave", "seek": k.ID}); !strings.Contains(e, "no seat") {
		t.Errorf("leave without a seat: %q", e)
	}
	b.send(map[string]any{"type": "leave", "seek": k.ID})
	if m := b.lobby(func(m *lmsg) bool { return m.Type == "released" }); m.Seat != 2 {
		t.Errorf("released: %+v", m)
	}
	if got := a.lobby(func(m *lmsg) bool { return m.Type == "seek" && m.Seek.ID == k.ID && m.Seek.Open == 2 }); got.Seek.Seats[1].Taken {
		t.Errorf("the seat left is taken: %+v", got.Seek)
	}
	if e := b.lobbyErr(map[string]any{"type": "leave", "seek": k.ID}); !strings.Contains(e, "no seat") {
		t.Errorf("leaving twice: %q", e)
	}
	c.send(map[string]any{"type": "look", "seek": k.ID})
	c.seekState(k.ID, "open")
	a.send(map[string]any{"type": "cancel", "seek": k.ID})
	a.seekState(k.ID, "cancelled")
	c.seekState(k.ID, "cancelled")
	if e := b.lobbyErr(map[string]any{"type": "accept", "seek": k.ID}); !strings.Contains(e, "cancelled") {
		t.Errorf("a seat of a cancelled seek: %q", e)
	}
	if got := s.seekOf(k.ID); got.State != "cancelled" {
		t.Errorf("stored: %+v", got)
	}
}

// TestLobbyChallenge: an unlisted seek is in no list; its link leads to
// it, and whoever has it may sit down.
func TestLobbyChallenge(t *testing.T) {
	s := newTestServer(t, Config{})
	a, b := s.lobbyClient(), s.lobbyClient()
	m := newSeek("chess", nil, "you", "open")
	m["new"].(map[string]any)["unlisted"] = true
	k := a.seated(m).Seek
	if !k.Unlisted {
		t.Fatalf("the challenge: %+v", k)
	}
	// Another, listed seek shows; the challenge never does.
	other := s.lobbyClient().seated(newSeek("chess", nil, "you", "open")).Seek
	list := b.listed(hasSeek(other.ID))
	if hasSeek(k.ID)(list) || hasSeek(k.ID)(s.lobbyList().Seeks) {
		t.Errorf("the challenge is listed: %+v", list)
	}
	code, body, _ := s.do("GET", k.Link, nil)
	if code != http.StatusOK || !strings.Contains(string(body), "lobby") {
		t.Errorf("the challenge's page: %d", code)
	}
	for _, p := range []string{"/s/" + strings.Repeat("A", seekIDLen), "/s/bad!id", "/api/seeks/" + strings.Repeat("A", seekIDLen)} {
		if code, _, _ := s.do("GET", p, nil); code != http.StatusNotFound {
			t.Errorf("%s: %d", p, code)
		}
	}
	b.send(map[string]any{"type": "look", "seek": k.ID})
	if got := b.seekState(k.ID, "open"); got.Seek.Open != 1 {
		t.Errorf("looked at: %+v", got.Seek)
	}
	got := b.seated(map[string]any{"type": "accept", "seek": k.ID})
	if got.Seek.State != "started" {
		t.Fatalf("the challenge accepted: %+v", got.Seek)
	}
	// Its game is not in the list of games to watch; the other's seek's
	// game would be.
	s.lobbyClient().seated(map[string]any{"type": "accept", "seek": other.ID})
	games := s.lobbyList().Games
	ids := map[string]bool{}
	for _, g := range games {
		ids[g.ID] = true
	}
	if ids[got.Seek.Game] || !ids[s.seekOf(other.ID).Game] {
		t.Errorf("live games %v: the challenge's %s must not show, the other's must", ids, got.Seek.Game)
	}
}

// TestLobbyQuick: quick pairing joins the oldest matching seek (options
// and clock as written or not), or makes one.
func TestLobbyQuick(t *testing.T) {
	s := newTestServer(t, Config{})
	a, b, c, d := s.lobbyClient(), s.lobbyClient(), s.lobbyClient(), s.lobbyClient()
	quick := func(cl *client, clock string, opts map[string]string) *lmsg {
		return cl.seated(map[string]any{"type": "quick", "variant": "martian-chess", "clock": clock, "options": opts})
	}
	ka := quick(a, "3m+2s", nil)
	if ka.Seek.State != "open" || ka.Seat != 1 || len(ka.Seek.Seats) != 2 || ka.Seek.Options["players"] != "2" {
		t.Fatalf("the first quick seek: %+v", ka.Seek)
	}
	// Another clock: another seek.
	kb := quick(b, "1m", nil)
	if kb.Seek.ID == ka.Seek.ID || kb.Seek.State != "open" {
		t.Fatalf("a quick seek of another clock joined %+v", kb.Seek)
	}
	// The same game written otherwise joins the first.
	kc := quick(c, "180s+2000ms", map[string]string{"players": "2"})
	if kc.Seek.ID != ka.Seek.ID || kc.Seek.State != "started" || kc.Seat != 2 {
		t.Fatalf("quick pairing did not join the first seek: %+v", kc.Seek)
	}
	a.seekState(ka.Seek.ID, "started")
	// Quick pairing never joins one's own seek.
	kb2 := quick(b, "1m", map[string]string{"players": "4"})
	if kb2.Seek.ID == kb.Seek.ID || len(kb2.Seek.Seats) != 4 {
		t.Errorf("quick pairing: %+v", kb2.Seek)
	}
	kd := quick(d, "1m", nil)
	if kd.Seek.ID != kb.Seek.ID || kd.Seek.State != "started" {
		t.Errorf("quick pairing: %+v", kd.Seek)
	}
	for _, tc := range []struct {
		m    map[string]any
		want string
	}{
		{map[string]any{"type": "quick", "variant": "nonesuch"}, "nonesuch"},
		{map[string]any{"type": "quick", "variant": "chess", "clock": "fast"}, "clock"},
		{map[string]any{"type": "quick", "variant": "chess", "clock": "0.5s"}, "at least"},
		{map[string]any{"type": "quick", "variant": "chess", "options": map[string]string{"bad option": "x"}}, "option"},
	} {
		if e := d.lobbyErr(tc.m); !strings.Contains(e, tc.want) {
			t.Errorf("%v: %q, want %q", tc.m, e, tc.want)
		}
	}
}

// TestLobbyExpiry: a seek whose creator left expires; a seat whose person
// left is free again; a seek too old expires with its creator there; a
// person who comes back in time keeps the seat.
func TestLobbyExpiry(t *testing.T) {
	s := newTestServer(t, Config{Lobby: LobbyConfig{SeekGone: 400 * time.Millisecond, SeekAge: 3 * time.Second}})
	watcher := s.lobbyClient()
	a := s.lobbyClient()
	k := a.seated(newSeek("martian-chess", map[string]string{"players": "4"}, "you", "open", "open", "open")).Seek
	watcher.listed(hasSeek(k.ID))
	b := s.lobbyClient()
	tb := b.seated(map[string]any{"type": "accept", "seek": k.ID, "seat": 2})
	c := s.lobbyClient()
	tc := c.seated(map[string]any{"type": "accept", "seek": k.ID, "seat": 3})
	// b goes for good; c drops and comes back within the limit.
	b.ws.CloseNow()
	c.ws.CloseNow()
	time.Sleep(150 * time.Millisecond)
	c2 := s.lobbyClient()
	c2.send(map[string]any{"type": "hello", "held": []map[string]any{{"seek": k.ID, "seat": 3, "token": tc.Token}}})
	c2.seekState(k.ID, "open")
	// b's seat is freed, c's kept.
	a.lobby(func(m *lmsg) bool {
		return m.Type == "seek" && m.Seek.ID == k.ID && !m.Seek.Seats[1].Taken && m.Seek.Seats[2].Taken && m.Seek.Seats[0].Taken
	})
	// A wrong token seats nobody; b's old token no longer holds the seat.
	for _, h := range []map[string]any{{"seek": k.ID, "seat": 3, "token": tb.Token}, {"seek": k.ID, "seat": 2, "token": tb.Token}} {
		c := s.lobbyClient()
		c.send(map[string]any{"type": "hello", "held": []map[string]any{h}})
		if m := c.lobby(func(m *lmsg) bool { return m.Type == "released" || m.Type == "seek" || m.Type == "error" }); m.Type != "released" || m.Seat != h["seat"] {
			t.Errorf("a token that opens no seat: %+v", m)
		}
	}
	// The seek outlives SeekGone with its creator and c there, then
	// expires of age.
	time.Sleep(time.Second)
	if got := s.seekOf(k.ID); got.State != "open" || !got.Seats[2].Taken {
		t.Fatalf("the seek went while its people were there: %+v", got)
	}
	a.seekState(k.ID, "expired")
	c2.seekState(k.ID, "expired")
	watcher.listed(not(hasSeek(k.ID)))

	// The creator's leaving expires the seek.
	d := s.lobbyClient()
	k2 := d.seated(newSeek("chess", nil, "you", "open")).Seek
	start := time.Now()
	d.ws.CloseNow()
	watcher.listed(hasSeek(k2.ID))
	watcher.listed(not(hasSeek(k2.ID)))
	if el := time.Since(start); el < 300*time.Millisecond {
		t.Errorf("expired after %v, before the limit", el)
	}
	if got := s.seekOf(k2.ID); got.State != "expired" {
		t.Errorf("stored: %+v", got)
	}
	// A gone seek's token answers as such.
	d2 := s.lobbyClient()
	d2.send(map[string]any{"type": "hello", "held": []map[string]any{{"seek": strings.Repeat("Z", seekIDLen), "seat": 1, "token": "x"}}})
	d2.seekState(strings.Repeat("Z", seekIDLen), "gone")
}

// TestLobbyRefusals: malformed messages, seeks the server cannot make,
// limits per connection and of the rate of changes.
func TestLobbyRefusals(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.lobbyClient()
	for _, tc := range []struct {
		m    any
		want string
	}{
		{`{"type":"create"}`, "no seek"},
		{`not json`, "not a JSON"},
		{`{"type":"dance"}`, "unknown type"},
		{`{"type":"accept"}`, "want a seek's id"},
		{`{"type":"accept","seek":"x","seat":9}`, "seat 9"},
		{`{"type":"look","seek":"a b"}`, "want a seek's id"},
		{newSeek("chess", nil, "you", "you"), "exactly one"},
		{newSeek("chess", nil, "you", "computer:1"), "no seat is open"},
		{newSeek("chess", nil, "you", "open", "open"), "3 seats for a game of 2 players"},
		{newSeek("chess", nil, "you", "wizard"), "wizard"},
		{newSeek("martian-chess", map[string]string{"players": "4"}, "you", "open", "computer:42", "open"), "level"},
		{newSeek("nonesuch", nil, "you", "open"), "nonesuch"},
		{newSeek("chess", map[string]string{"nope": "1"}, "you", "open"), "nope"},
		{map[string]any{"type": "create", "new": map[string]any{"variant": "chess", "seats": []string{"you", "open"}, "start": "not a position"}}, "start"},
		{map[string]any{"type": "create", "new": map[string]any{"variant": "chess", "seats": []string{"you", "open"}, "start": "7k/6Q1/5K2/8/8/8/8/8 b - - 0 1"}}, "over"},
		{map[string]any{"type": "create", "new": map[string]any{"variant": "chess", "seats": []string{"you", "open"}, "clock": "x"}}, "clock"},
		{map[string]any{"type": "create", "name": strings.Repeat("n", 41), "new": map[string]any{"variant": "chess", "seats": []string{"you", "open"}}}, "name"},
		{map[string]any{"type": "accept", "seek": strings.Repeat("Q", seekIDLen)}, "no such seek"},
	} {
		if e := c.lobbyErr(tc.m); !strings.Contains(e, tc.want) {
			t.Errorf("%v: %q, want %q", tc.m, e, tc.want)
		}
	}
	if l := s.lobbyList(); len(l.Seeks) != 0 {
		t.Errorf("refused seeks were made: %+v", l.Seeks)
	}
	// Three open seeks per connection.
	c2 := s.lobbyClient()
	for range MaxSeeksPerConn {
		c2.seated(newSeek("chess", nil, "you", "open"))
	}
	if e := c2.lobbyErr(newSeek("chess", nil, "you", "open")); !strings.Contains(e, "open seeks, the most") {
		t.Errorf("a fourth seek: %q", e)
	}
	// Seeks from one address: a burst, then one every SeekEvery.
	s.srv.lobby.seekAddrs = newAddrLimiter(1, time.Hour)
	s.lobbyClient().seated(newSeek("chess", nil, "you", "open"))
	if e := s.lobbyClient().lobbyErr(newSeek("chess", nil, "you", "open")); !strings.Contains(e, "too many seeks from your address") {
		t.Errorf("a second seek from the address: %q", e)
	}
	// The rate of changes: a burst, then one a second.
	c3 := s.lobbyClient()
	refused := 0
	for range LobbyChangeBurst + 5 {
		c3.send(map[string]any{"type": "look", "seek": strings.Repeat("Q", seekIDLen)})
	}
	for range LobbyChangeBurst + 5 {
		if e := c3.lobby(func(m *lmsg) bool { return m.Type == "error" }); strings.Contains(e.Message, "too many lobby requests") {
			refused++
		}
	}
	if refused < 4 || refused > 5 {
		t.Errorf("%d of %d changes refused for their rate", refused, LobbyChangeBurst+5)
	}
	// A message too big closes the connection.
	c4 := s.lobbyClient()
	c4.send(`{"type":"look","seek":"` + strings.Repeat("a", wire.MaxLobbyMessageBytes) + `"}`)
	for {
		if _, err := c4.next(5 * time.Second); err != nil {
			if !strings.Contains(err.Error(), "MessageTooBig") {
				t.Errorf("closed with %v, want 1009 (too big)", err)
			}
			break
		}
	}
}
