package e2e

// The lobby in the browser: four people meet there, sit at one four-player Martian Chess table and play it to the end by clicks; a spectator finds the game among the live games and watches every move.

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"anychess/wire"
)

// lobbyAnswer is GET /api/lobby's answer.
type lobbyAnswer struct {
	Seeks []wire.Seek     `json:"seeks"`
	Games []wire.LiveGame `json:"games"`
}

// openLobby opens the home page as a person named name and waits for the
// lobby's connection.
func openLobby(t *testing.T, ctx context.Context, s *site, name string) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(s.url+"/"))
	waitJS(t, ctx, `document.getElementById("lobby-conn").textContent.includes("live") && document.querySelector("#variant option[value='martian-chess']")`)
	setField(t, ctx, "#lobby-name", name)
}

// TestLobbyMartianFour: Ann seeks a four-player Martian Chess game in the
// lobby (from a start near the end, through the seek's start position);
// three others join it from the list of open seeks; the game starts when
// the last seat is taken and each page opens its own seat; a spectator
// opens it from the list of live games and is counted; every seat plays
// its move by clicks until the game ends, and the spectator sees each
// move as it is made and cannot act.
func TestLobbyMartianFour(t *testing.T) {
	needBrowser(t)
	began := time.Now()
	s := newSite(t)
	opts := map[string]string{"players": "4"}
	r := rulesOf(t, "martian-chess", opts)
	// South-east, to move last, has one piece left in its zone: moving it
	// out ends the game; nobody can end it sooner.
	start := "P6P/1P4P1/8/8/4P3/8/1P6/P7 1 -/-/-/- - -"
	names := []string{"Ann", "Bob", "Cy", "Dee"}
	tabs := make([]context.Context, 4)
	for i := range tabs {
		tabs[i] = newTab(t)
		viewport(t, tabs[i], i >= 2)
	}

	// Ann makes the seek with the new-game form.
	a := tabs[0]
	openLobby(t, a, s, names[0])
	setField(t, a, "#variant", "martian-chess")
	waitJS(t, a, `document.querySelector('#options select[data-option="players"]')`)
	setField(t, a, `#options select[data-option="players"]`, "4")
	waitJS(t, a, `document.querySelectorAll("#seat-rows select.seat").length === 4`)
	setField(t, a, `select.seat[data-seat="0"]`, "you")
	for i := 1; i < 4; i++ {
		setField(t, a, fmt.Sprintf(`select.seat[data-seat="%d"]`, i), "open")
	}
	setField(t, a, "#start", start)
	clickAt(t, a, "#seek-create")
	waitJS(t, a, `document.querySelector("#mine .waiting[data-seek]")`)
	id := eval[string](t, a, `document.querySelector("#mine .waiting").dataset.seek`)
	var k wire.Seek
	s.getJSON("/api/seeks/"+url.PathEscape(id), &k)
	if k.State != "open" || k.Open != 3 || k.Start != start || k.Options["players"] != "4" || !k.Seats[0].Taken || k.Seats[0].Name != names[0] {
		t.Fatalf("the seek on the server: %+v", k)
	}
	screenshot(t, a, "lobby-waiting-desktop")

	// The others find it in the list and join.
	for i := 1; i < 4; i++ {
		tab := tabs[i]
		openLobby(t, tab, s, names[i])
		sel := fmt.Sprintf(`.seek[data-seek=%q]`, id)
		waitJS(t, tab, fmt.Sprintf(`document.querySelector('%s button.join') && document.querySelectorAll('%s .chip.taken').length === %d`, sel, sel, i))
		switch i {
		case 1:
			screenshot(t, tab, "lobby-seeks-desktop")
		case 2:
			screenshot(t, tab, "lobby-seeks-phone")
		}
		clickAt(t, tab, sel+" button.join")
		if i < 3 {
			waitJS(t, tab, fmt.Sprintf(`document.querySelector('#mine .waiting[data-seek=%q]')`, id))
			s.getJSON("/api/seeks/"+url.PathEscape(id), &k)
			if k.State != "open" || k.Open != 3-i {
				t.Fatalf("after %s joined: %+v", names[i], k)
			}
		}
	}
	// The last seat started the game: every page opens its own seat.
	for wait := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		s.getJSON("/api/seeks/"+url.PathEscape(id), &k)
		if k.State != "open" || time.Now().After(wait) {
			break
		}
	}
	if k.State != "started" || k.Game == "" {
		t.Fatalf("the seek did not start: %+v", k)
	}
	game := k.Game
	for i, tab := range tabs {
		waitJS(t, tab, fmt.Sprintf(`window.anychess && window.anychess.page.state && window.anychess.page.state.game === %q && window.anychess.page.state.you === %d && document.querySelector("svg.board .layer-pieces")`, game, i))
		if h := eval[string](t, tab, `location.hash`); h != "" {
			t.Errorf("%s's page keeps the seat's token in its address: %q", names[i], h)
		}
	}
	st := s.state(game)
	if st.Position != start || len(st.Seats) != 4 {
		t.Fatalf("the game: %s %+v", st.Position, st.Seats)
	}
	for i, seat := range st.Seats {
		if seat.Name != names[i] || seat.Plays != "human" {
			t.Errorf("seat %d: %+v", i+1, seat)
		}
	}

	// The spectator finds the game among the live games.
	e := newTab(t)
	viewport(t, e, phone)
	run(t, e, chromedp.Navigate(s.url+"/"))
	watch := fmt.Sprintf(`.live-game[data-game=%q] a.watch`, game)
	waitJS(t, e, `document.querySelector('`+watch+`')`)
	clickAt(t, e, watch)
	waitJS(t, e, fmt.Sprintf(`window.anychess && window.anychess.page.state && window.anychess.page.state.game === %q && window.anychess.page.state.you === -1 && document.querySelector("svg.board .layer-pieces")`, game))
	// Counted (the lists are refreshed every two seconds), and shown so.
	deadline := time.Now().Add(8 * time.Second)
	for n := -1; n != 1; {
		var l lobbyAnswer
		s.getJSON("/api/lobby", &l)
		for _, g := range l.Games {
			if g.ID == game {
				n = g.Spectators
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the spectator is counted %d times", n)
		}
		if n != 1 {
			time.Sleep(100 * time.Millisecond)
		}
	}
	look := newTab(t)
	viewport(t, look, phone)
	run(t, look, chromedp.Navigate(s.url+"/"))
	waitJS(t, look, fmt.Sprintf(`document.querySelector('.live-game[data-game=%q] .spectators[data-n="1"]')`, game))
	screenshot(t, look, "lobby-live-games-phone")

	// Every seat plays by clicks; the spectator sees each move.
	for n := 0; ; n++ {
		st := s.state(game)
		if st.Outcome.Status != "ongoing" {
			break
		}
		if n == 8 {
			t.Fatalf("the game did not end in 8 moves: %s", st.Position)
		}
		tab := tabs[st.Turn]
		waitJS(t, tab, fmt.Sprintf(`(() => { const s = window.anychess.page.state; return s.ply === %d && (s.legal || []).length > 0 && !window.anychess.page.sent; })()`, st.Ply))
		m := choose(t, r, pageState(t, tab))
		clickMove(t, tab, m)
		atPly(t, e, st.Ply+1)
		if got := s.state(game).Moves[st.Ply]; got.Text != m.Text || got.Player != st.Turn {
			t.Fatalf("%s clicked %s, the server has %+v", names[st.Turn], m.Text, got)
		}
		if eval[bool](t, e, `(window.anychess.page.state.legal || []).length > 0 || document.querySelector("#actions button") !== null`) {
			t.Errorf("the spectator's page offers moves or actions")
		}
	}
	end := s.state(game)
	if end.Ply != 4 || end.Moves[0].Player != 0 || end.Moves[3].Player != 3 {
		t.Errorf("the game ended at ply %d (%+v): want a move by each seat", end.Ply, end.Moves)
	}
	for i, tab := range tabs {
		waitJS(t, tab, fmt.Sprintf(`document.getElementById("result").textContent === %q`, end.Outcome.Text))
		if i == 3 {
			screenshot(t, tab, "lobby-martian-four-end-phone")
		}
	}
	checkEnd(t, e, end, "lobby-martian-four-spectator-end-phone")
	// The finished game leaves the list of live games.
	var l lobbyAnswer
	s.getJSON("/api/lobby", &l)
	for _, g := range l.Games {
		if g.ID == game {
			t.Errorf("a finished game is listed: %+v", g)
		}
	}
	t.Logf("four people met in the lobby and played to the end in %v", time.Since(began).Round(100*time.Millisecond))
}
