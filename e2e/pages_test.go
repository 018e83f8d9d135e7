package e2e

// The home and rules pages against the real server (a new game with its links, an import, the movement diagrams), and bad input through the page.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"anychess/variant"
	"anychess/wire"

	"github.com/chromedp/chromedp"
)

// TestPagesLoad opens the home page, makes a four-player game with a
// friend, the computer and a random mover, and opens the friend's link in
// another browser; imports a record; opens the rules pages, whose movement
// diagrams are the server's.
func TestPagesLoad(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	run(t, ctx, chromedp.Navigate(s.url+"/"))
	waitJS(t, ctx, `document.querySelectorAll("#variant option").length > 0 && document.querySelectorAll("#seat-rows select").length === 2`)
	var vs []variantInfo
	s.getJSON("/api/variants", &vs)
	var want []string
	for _, v := range vs {
		want = append(want, v.Name)
	}
	names := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#variant option")).map((o) => o.value)`)
	if strings.Join(names, " ") != strings.Join(want, " ") || len(want) != len(variant.Names()) {
		t.Errorf("the home page lists %v, the server %v", names, want)
	}
	setField(t, ctx, `#variant`, "martian-chess")
	setField(t, ctx, `#options select[data-option="players"]`, "4")
	waitJS(t, ctx, `document.querySelectorAll("#seat-rows select").length === 4`)
	// seats: you, a friend, the computer, a random mover
	setField(t, ctx, `#seat-rows select[data-seat="1"]`, "friend")
	setField(t, ctx, `#seat-rows select[data-seat="3"]`, "random")
	third := eval[string](t, ctx, `document.querySelector('#seat-rows select[data-seat="2"]').value`)
	screenshot(t, ctx, "home-desktop")
	run(t, ctx, chromedp.Click(chromedp.CSS(`#create`)))
	waitJS(t, ctx, `document.querySelectorAll("#created .invite-link").length === 1`)
	link := eval[string](t, ctx, `document.querySelector("#created .invite-link").value`)
	if !strings.HasPrefix(link, s.url+"/g/") || !strings.Contains(link, "#seat=2&token=") {
		t.Fatalf("the friend's link is %q", link)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#open-seat`)))
	waitJS(t, ctx, `!!(window.anychess && window.anychess.page.state && window.anychess.page.state.you === 0)`)
	id := eval[string](t, ctx, `window.anychess.page.state.game`)
	st := s.state(id)
	plays := []string{}
	for _, seat := range st.Seats {
		plays = append(plays, seat.Plays)
	}
	if b := s.board(id); b.Variant != "martian-chess" || b.Options["players"] != "4" || strings.Join(plays, " ") != "human human "+third+" random" || !strings.HasPrefix(third, "computer:") {
		t.Errorf("the server made %s %v with seats %v", b.Variant, b.Options, plays)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#seats .seat").length`); n != 4 {
		t.Errorf("the game shows %d seats, want 4", n)
	}
	// The friend opens the link in a browser of their own.
	friend := newTab(t)
	viewport(t, friend, desktop)
	run(t, friend, chromedp.Navigate(link))
	waitJS(t, friend, `!!(window.anychess && window.anychess.page.state && window.anychess.page.state.you === 1)`)
	waitJS(t, ctx, `window.anychess.page.state.seats[1].connected === true`)

	// Import: a game's record pasted on the home page goes on from its end.
	src := s.humans("chess", nil, "")
	s.play(src, 0, "e4")
	s.play(src, 1, "e5")
	s.play(src, 0, "Nf3")
	code, body := s.do("GET", "/api/games/"+src.ID+"/record", nil)
	if code != http.StatusOK {
		t.Fatalf("record: %d %s", code, body)
	}
	run(t, ctx, chromedp.Navigate(s.url+"/"))
	waitJS(t, ctx, `document.querySelectorAll("#variant option").length > 0`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#import-text`), string(body)), chromedp.Click(chromedp.CSS(`#import-form button`)))
	waitJS(t, ctx, `document.getElementById("open-seat") !== null`)
	clickAt(t, ctx, `#open-seat`)
	waitJS(t, ctx, `window.anychess && window.anychess.page.state && window.anychess.page.state.ply === 3 && window.anychess.page.state.game !== "`+src.ID+`"`)
	imported := eval[string](t, ctx, `window.anychess.page.state.game`)
	if got := serverMoves(s, imported); got != "e4 e5 Nf3" {
		t.Errorf("the imported game has %q", got)
	}
	// A move of the list shows the position after it (the server's past
	// position), and End the game as it is.
	clickAt(t, ctx, `#moves .mv[data-ply="1"]`)
	waitJS(t, ctx, `window.anychess.page.browsePly === 1 && document.querySelector('.piece[data-x="4"][data-y="3"]') !== null && document.querySelector('.piece[data-x="4"][data-y="4"]') === null`)
	screenshot(t, ctx, "chess-browsing-ply-1-desktop")

	// Rules pages: a diagram per piece, the server's.
	for _, v := range []string{"chess", "longchess", "infinite-plane", "martian-chess"} {
		var ra struct {
			Board    wire.Board     `json:"board"`
			Diagrams []wire.Diagram `json:"diagrams"`
		}
		s.getJSON("/api/rules?variant="+v, &ra)
		run(t, ctx, chromedp.Navigate(s.url+"/rules/"+v))
		// This variant's page, its list whole (not the page before it).
		waitJS(t, ctx, fmt.Sprintf(`document.title.startsWith(%q) && document.querySelectorAll("#piece-list .piece-name").length === %d && document.querySelectorAll("svg.board .piece").length === 1`,
			ra.Board.Title+" ", len(ra.Board.Pieces)))
		// The options form is drawn before the list: nothing moves under
		// the clicks below.
		nopt := 0
		for _, vi := range vs {
			if vi.Name == v {
				nopt = len(vi.Options)
			}
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#rule-options label").length`); n != nopt {
			t.Errorf("%s: the list is drawn with %d option fields above it, want %d", v, n, nopt)
		}
		if !eval[bool](t, ctx, `document.getElementById("help").textContent.length > 100`) {
			t.Errorf("%s: no rules text", v)
		}
		for i, d := range ra.Diagrams[:min(3, len(ra.Diagrams))] {
			clickAt(t, ctx, fmt.Sprintf(`#piece-list li:nth-child(%d) .piece-name`, i+1))
			waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#piece-list li:nth-child(%d) .piece-name").classList.contains("current")`, i+1))
			got := eval[map[string]int](t, ctx, `(() => { const n = {}; for (const d of document.querySelectorAll("svg.board .dest")) { const k = d.getAttribute("class").replace("dest dest-", ""); n[k] = (n[k] || 0) + 1; } const p = document.querySelector("svg.board .piece"); n["at " + p.dataset.x + "," + p.dataset.y + " " + p.dataset.letter + p.dataset.owner] = 1; return n; })()`)
			wantN := map[string]int{"move": len(d.Moves), "capture": len(d.Captures), "both": len(d.Both), "initial": len(d.Initial),
				fmt.Sprintf("at %s,%s %s%d", d.At.X, d.At.Y, d.Letter, d.Owner): 1}
			for k, n := range wantN {
				if got[k] != n {
					t.Errorf("%s, the %s: the page draws %v, the server's diagram has %v", v, d.Name, got, wantN)
					break
				}
			}
		}
		screenshot(t, ctx, "rules-"+v+"-desktop")
	}
	viewport(t, ctx, phone)
	run(t, ctx, chromedp.Navigate(s.url+"/"))
	waitJS(t, ctx, `document.querySelectorAll("#seat-rows select").length === 2`)
	screenshot(t, ctx, "home-phone")
	run(t, ctx, chromedp.Navigate(s.url+"/rules/martian-chess?option=players=4"))
	waitJS(t, ctx, `document.querySelectorAll("svg.board .piece").length === 1 && document.querySelectorAll("svg.board .dest").length > 0`)
	if n := eval[int](t, ctx, `document.querySelectorAll("svg.board .region").length`); n != 4 {
		t.Errorf("the Martian rules page with players=4 draws %d zones, want 4", n)
	}
	screenshot(t, ctx, "rules-martian-chess_players=4-phone")
}

// TestBadInput: messages a faulty server might send show an error and
// leave the page working; bad text typed into the page's boxes is refused
// with a message and changes nothing; the page goes on playing.
func TestBadInput(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	g := s.humans("chess", nil, "")
	openGame(t, ctx, s, g, 0)
	good, err := json.Marshal(s.seatState(g, 0))
	if err != nil {
		t.Fatal(err)
	}
	var broken map[string]any
	if err := json.Unmarshal(good, &broken); err != nil {
		t.Fatal(err)
	}
	pieces := broken["pieces"].([]any)
	pieces[0].(map[string]any)["at"] = map[string]any{"x": "1e99", "y": "zz"}
	badCoords, _ := json.Marshal(broken)
	broken["legal"] = "everything"
	badLegal, _ := json.Marshal(broken)
	// Each message goes through the page's own socket handler, as if the
	// server had sent it.
	for _, c := range []struct{ msg, want string }{
		{`not json`, "not JSON"},
		{`{"no":"type"}`, "without a type"},
		{`{"type":"weird"}`, "unknown type"},
		{`{"type":"state","ply":"x"}`, "no ply"},
		{`{"type":"error","message":"boom","ply":0}`, "boom"},
		{string(badLegal), "bad legal"},
		{string(badCoords), "bad coordinates"},
	} {
		run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("error").textContent = ""`))
		run(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.anychess.page.conn.ws.onmessage(new MessageEvent("message", {data: %q}))`, c.msg)))
		waitJS(t, ctx, `document.getElementById("error").textContent.includes(`+fmt.Sprintf("%q", c.want)+`)`)
	}
	// The broken piece is left out, the others drawn.
	if n := eval[int](t, ctx, `document.querySelectorAll("svg.board .piece").length`); n != 31 {
		t.Errorf("%d pieces drawn after a state with one bad square, want 31", n)
	}
	// Bad moves typed: each refused by the server, shown, nothing changed.
	for _, c := range []struct{ text, want string }{
		{"Ke3", "Ke3"},
		{"zz99", "zz99"},
		{"(1,1)(1,2)", ""},
		{strings.Repeat("x", 600), "more than"},
		{"e2e4:nonsense", ""},
	} {
		run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("error").textContent = ""`))
		typeMove(t, ctx, c.text)
		waitJS(t, ctx, `document.getElementById("error").textContent.length > 0 && document.getElementById("error").textContent.includes(`+fmt.Sprintf("%q", c.want)+`)`)
	}
	if got := s.moveTexts(g.ID); got != "" {
		t.Fatalf("bad input changed the game: %q", got)
	}
	// The page still plays, by clicks.
	clickAt(t, ctx, `.piece[data-x="6"][data-y="0"]`)
	clickAt(t, ctx, `.dest[data-x="5"][data-y="2"]`)
	atPly(t, ctx, 1)
	if got := s.moveTexts(g.ID); got != "g1f3" {
		t.Errorf("the server played %q, want g1f3", got)
	}
	// A page for a game that does not exist says so.
	run(t, ctx, chromedp.Navigate(s.url+"/api/games/AAAAAAAAAA/board"))
	if body := eval[string](t, ctx, `document.body.textContent`); !strings.Contains(body, "no such game") {
		t.Errorf("an unknown game's board: %q", body)
	}
}
