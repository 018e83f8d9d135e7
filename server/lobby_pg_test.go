package server

// The lobby on PostgreSQL, on one server and across two: seeks made on one are seen, taken and started on the other; quick pairing across servers; expiry; spectators counted on both; a seat handed to the computer by the server that took the game over.

import (
	"strings"
	"testing"
	"time"

	"anychess/internal/pgtest"
	"anychess/wire"
)

// TestLobbyOnPostgres runs the lobby's tests of one server on PostgreSQL.
func TestLobbyOnPostgres(t *testing.T) {
	pgtest.URL(t)
	tests := []struct {
		name string
		fn   func(*testing.T)
	}{
		{"Seek", TestLobbySeek},
		{"FourPlayers", TestLobbyFourPlayers},
		{"LeaveCancel", TestLobbyLeaveCancel},
		{"Challenge", TestLobbyChallenge},
		{"Quick", TestLobbyQuick},
		{"Expiry", TestLobbyExpiry},
		{"Refusals", TestLobbyRefusals},
		{"AbandonClaim", TestAbandonClaim},
		{"AbandonHandOver", TestAbandonHandOver},
	}
	onPostgres = true
	defer func() { onPostgres = false }()
	for _, tc := range tests {
		t.Run(tc.name, tc.fn)
	}
}

// TestLobbyTwoServers: one lobby over two servers. A seek made on A is
// listed on B, taken there, and started by the seat taken last; everyone
// hears of it wherever they are connected, and each lobby token opens
// its seat on either server. Quick pairing pairs people on different
// servers. A seek whose creator left A expires for B's clients too.
// Spectators on both servers are counted in both lists.
func TestLobbyTwoServers(t *testing.T) {
	cfg := Config{Lobby: LobbyConfig{SeekGone: 500 * time.Millisecond, Refresh: 150 * time.Millisecond}}
	p := newPair(t, cfg, cfg)
	a, b := p.a, p.b
	ca, cb, cb2 := a.lobbyClient(), b.lobbyClient(), b.lobbyClient()
	k := ca.seated(newSeek("martian-chess", map[string]string{"players": "4"}, "you", "open", "open", "computer:1")).Seek
	cb.listed(hasSeek(k.ID))
	got := cb.seated(map[string]any{"type": "accept", "seek": k.ID, "name": "Bea"})
	if got.Seat != 2 || got.Seek.State != "open" {
		t.Fatalf("taken on B: %+v", got)
	}
	ca.lobby(func(m *lmsg) bool {
		return m.Type == "seek" && m.Seek.ID == k.ID && m.Seek.Seats[1].Taken && m.Seek.Seats[1].Name == "Bea"
	})
	// Two at once for the last seat, one on each server: one gets it.
	cb2.send(map[string]any{"type": "accept", "seek": k.ID, "seat": 3})
	ca2 := a.lobbyClient()
	ca2.send(map[string]any{"type": "accept", "seek": k.ID, "seat": 3})
	var winner *lmsg
	var winnerOnA bool
	for i, c := range []*client{cb2, ca2} {
		m := c.lobby(func(m *lmsg) bool { return m.Type == "seated" || m.Type == "error" })
		if m.Type == "seated" {
			if winner != nil {
				t.Fatal("two people took seat 3")
			}
			winner, winnerOnA = m, i == 1
		} else if !strings.Contains(m.Message, "not open") && !strings.Contains(m.Message, "started") {
			t.Errorf("the loser of seat 3: %q", m.Message)
		}
	}
	if winner == nil || winner.Seek.State != "started" {
		t.Fatalf("nobody started the game: %+v", winner)
	}
	game := winner.Seek.Game
	if m := ca.seekState(k.ID, "started"); m.Seek.Game != game {
		t.Errorf("the creator on A heard of %q", m.Seek.Game)
	}
	cb.seekState(k.ID, "started")
	// The game runs on the server of the last seat; tokens open the seats
	// on either.
	owner, other := b, a
	if winnerOnA {
		owner, other = a, b
	}
	ck := other.takeGameSeat(game, 2, got.Token)
	if st := other.dial(game, ck).state(nil); st.You != 1 || st.Seats[3].Plays != "computer:1" {
		t.Errorf("Bea's seat through the other server: %+v", st.Seats)
	}
	owner.takeGameSeat(game, 3, winner.Token)

	// Spectators: one on each server, counted in both lists.
	sa, sb := a.dial(game), b.dial(game)
	sa.state(nil)
	sb.state(nil)
	for _, srv := range []*testServer{a, b} {
		deadline := time.Now().Add(10 * time.Second)
		for {
			n := -1
			for _, g := range srv.lobbyList().Games {
				if g.ID == game {
					n = g.Spectators
				}
			}
			if n == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d spectators counted, want 2", n)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	watch := a.lobbyClient()
	watch.lobby(func(m *lmsg) bool {
		if m.Type != "games" {
			return false
		}
		for _, g := range m.Games {
			if g.ID == game && g.Spectators == 2 && g.Title == "Martian Chess" && g.Watch == "/g/"+game && len(g.Seats) == 4 {
				return true
			}
		}
		return false
	})
	sb.ws.CloseNow()
	watch.lobby(func(m *lmsg) bool {
		for _, g := range m.Games {
			if g.ID == game && g.Spectators == 1 {
				return true
			}
		}
		return false
	})

	// Quick pairing across the servers.
	qa := a.lobbyClient().seated(map[string]any{"type": "quick", "variant": "chess", "clock": "1m"})
	qb := b.lobbyClient().seated(map[string]any{"type": "quick", "variant": "chess", "clock": "1m"})
	if qb.Seek.ID != qa.Seek.ID || qb.Seek.State != "started" {
		t.Errorf("quick pairing across servers: %+v then %+v", qa.Seek, qb.Seek)
	}

	// A creator on A leaves: B's clients see the seek go.
	cz := a.lobbyClient()
	kz := cz.seated(newSeek("chess", nil, "you", "open")).Seek
	cb.listed(hasSeek(kz.ID))
	cz.ws.CloseNow()
	cb.listed(not(hasSeek(kz.ID)))
	if st := b.seekOf(kz.ID); st.State != "expired" {
		t.Errorf("the creator gone: %+v", st)
	}
}

// TestAbandonTakeover: the owner of a four-player game stops before a
// seat's person has been gone for the limit; the server that takes the
// game over counts the absence from then and hands the seat to the
// computer, stored for both.
func TestAbandonTakeover(t *testing.T) {
	const limit = 700 * time.Millisecond
	cfg := Config{Lobby: LobbyConfig{AbandonAfter: limit}}
	p := newPair(t, cfg, cfg)
	a, b := p.a, p.b
	g := a.create(map[string]any{"variant": "martian-chess", "options": map[string]string{"players": "4"}, "you": 0})
	var cs []*client
	for seat := 1; seat <= 3; seat++ {
		c := b.dial(g.ID)
		c.send(wire.ClientMessage{Type: "hello", Seat: seat, Token: g.token(seat)})
		c.state(func(m *msg) bool { return m.You == seat-1 })
		cs = append(cs, c)
	}
	time.Sleep(limit / 2)
	a.close()
	stopped := time.Now()
	st := cs[0].state(func(m *msg) bool { return m.Seats[3].Plays == "computer:4" })
	if el := time.Since(stopped); el < limit {
		t.Errorf("seat 4 handed over %v after the takeover began, before the limit", el)
	}
	if len(st.Notices) != 1 || st.Seats[0].Plays != "human" {
		t.Errorf("after the hand-over: %+v %q", st.Seats, st.Notices)
	}
	if got := b.state(g.ID); got.Seats[3].Plays != "computer:4" || len(got.Notices) != 1 {
		t.Errorf("stored: %+v %q", got.Seats, got.Notices)
	}
}
