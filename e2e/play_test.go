package e2e

// Moves by clicks and taps on boards turned to each seat, the move list browsed through the server's past positions, and the small controls.

import (
	"fmt"
	"testing"

	"anychess/wire"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestChessClicks plays 1. e4 e5 by mouse clicks, white from below
// and black from the turned board, and checks what the server was sent and
// where the board drew the squares.
func TestChessClicks(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	g := s.humans("chess", nil, "")
	white := newTab(t)
	viewport(t, white, desktop)
	openGame(t, white, s, g, 0)
	if up := eval[string](t, white, `document.querySelector("svg.board").dataset.up`); up != "north" {
		t.Errorf("white sees %s at the top, want north", up)
	}
	if eval[bool](t, white, `location.hash !== ""`) {
		t.Error("the seat's token is still in the address bar")
	}
	clickAt(t, white, `.piece[data-x="4"][data-y="1"]`)
	waitJS(t, white, `document.querySelectorAll(".dest").length === 2`)
	clickAt(t, white, `.dest[data-x="4"][data-y="3"]`)
	waitJS(t, white, `window.anychess.page.state.ply === 1`)
	if got := s.moveTexts(g.ID); got != "e2e4" {
		t.Fatalf("the server played %q, want e2e4", got)
	}

	black := newTab(t)
	viewport(t, black, desktop)
	openGame(t, black, s, g, 1)
	if up := eval[string](t, black, `document.querySelector("svg.board").dataset.up`); up != "south" {
		t.Errorf("black sees %s at the top, want south", up)
	}
	// On the turned board a1 is at the top right and h8 at the bottom left.
	pos := eval[[]float64](t, black, `(() => { const c = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; }; return [...c('.piece[data-x="0"][data-y="0"]'), ...c('.piece[data-x="7"][data-y="7"]')]; })()`)
	if !(pos[0] > pos[2] && pos[1] < pos[3]) {
		t.Errorf("turned board: a1 at (%.0f,%.0f), h8 at (%.0f,%.0f): want a1 up and right of h8", pos[0], pos[1], pos[2], pos[3])
	}
	// Click where e7 and e5 must be on the turned board, computed from the
	// grid's rectangle, not from the page's own pieces.
	sq := eval[[]float64](t, black, `(() => { const r = document.querySelector("svg.board .grid").getBoundingClientRect(); return [r.left, r.top, r.width / 8]; })()`)
	at := func(x, y int) (float64, float64) {
		return sq[0] + (7-float64(x)+0.5)*sq[2], sq[1] + (float64(y)+0.5)*sq[2]
	}
	x, y := at(4, 6)
	run(t, black, chromedp.MouseClickXY(x, y))
	waitJS(t, black, `document.querySelectorAll(".dest").length === 2`)
	x, y = at(4, 4)
	run(t, black, chromedp.MouseClickXY(x, y))
	waitJS(t, black, `window.anychess.page.state.ply === 2`)
	if got := s.moveTexts(g.ID); got != "e2e4 e7e5" {
		t.Fatalf("the server played %q, want e2e4 e7e5", got)
	}
	// White's page saw black's move, with the last move marked.
	waitJS(t, white, `window.anychess.page.state.ply === 2 && document.querySelectorAll(".hl-last").length === 2`)
	// Moves typed as text, and the server's refusal shown.
	run(t, white, chromedp.SetValue(chromedp.CSS(`#move-text`), "Ke3"), chromedp.Click(chromedp.CSS(`#move-play`)))
	waitJS(t, white, `document.getElementById("error").textContent.length > 0`)
	run(t, white, chromedp.SetValue(chromedp.CSS(`#move-text`), "Nf3"), chromedp.Click(chromedp.CSS(`#move-play`)))
	waitJS(t, white, `window.anychess.page.state.ply === 3`)
	if st := s.state(g.ID); len(st.Moves) != 3 || st.Moves[2].SAN != "Nf3" {
		t.Errorf("the typed move made %+v, want Nf3", st.Moves)
	}
	// Browsing the move list: Home shows the start position.
	run(t, white, chromedp.KeyEvent(kb.Home))
	waitJS(t, white, `window.anychess.page.browsePly === 0 && window.anychess.page.shown && window.anychess.page.shown.ply === 0 && document.querySelector('.piece[data-x="4"][data-y="1"]') !== null`)
	run(t, white, chromedp.KeyEvent(kb.End))
	waitJS(t, white, `window.anychess.page.browsePly === null && document.querySelector('.piece[data-x="5"][data-y="2"]') !== null`)
}

// TestPhoneTaps plays a Longchess move on a phone by two taps on the
// upright board.
func TestPhoneTaps(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, phone)
	g := s.humans("longchess", nil, "")
	openGame(t, ctx, s, g, 0)
	if up := eval[string](t, ctx, `document.querySelector("svg.board").dataset.up`); up != "east" {
		t.Errorf("on a phone Longchess white looks %s, want east (upright, 9 across)", up)
	}
	tapAt(t, ctx, `.piece[data-x="4"][data-y="2"]`)
	waitJS(t, ctx, `document.querySelector('.dest[data-x="5"][data-y="2"]') !== null`)
	tapAt(t, ctx, `.dest[data-x="5"][data-y="2"]`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if got := s.moveTexts(g.ID); got != "e3f3" {
		t.Fatalf("the server played %q, want e3f3", got)
	}
}

// TestSeatViews turns the board to each seat: Longchess's four teams
// face four ways, Martian Chess's four seats see their own zone at the
// bottom left; a move by clicks on a board turned a quarter, and a check
// shown.
func TestSeatViews(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	four := func(v string, opts map[string]string) *made { return s.humans(v, opts, "") }
	lid := four("longchess", map[string]string{"teams": "4"})
	mid := four("martian-chess", map[string]string{"players": "4"})
	for seat, want := range []string{"south", "west", "north", "east"} {
		openGame(t, ctx, s, lid, seat)
		if up := eval[string](t, ctx, `document.querySelector("svg.board").dataset.up`); up != want {
			t.Errorf("Longchess four teams, seat %d: %s at the top, want %s", seat+1, up, want)
		}
	}
	for seat, want := range []string{"north", "east", "south", "west"} {
		openGame(t, ctx, s, mid, seat)
		if you := eval[int](t, ctx, `window.anychess.page.state.you`); you != seat {
			t.Fatalf("opened seat %d, the page sits in %d", seat, you)
		}
		if up := eval[string](t, ctx, `document.querySelector("svg.board").dataset.up`); up != want {
			t.Errorf("Martian Chess four players, seat %d: %s at the top, want %s", seat+1, up, want)
		}
		// the seat's own zone is at the bottom left
		zone := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const g = document.querySelector('svg.board .region[data-zone="%d"]').getBoundingClientRect(); const b = document.querySelector("svg.board .grid").getBoundingClientRect(); return [g.left - b.left, b.bottom - g.bottom]; })()`, seat))
		if zone[0] > 2 || zone[1] > 2 {
			t.Errorf("Martian Chess seat %d: its zone is %.0f px from the left and %.0f px from the bottom", seat+1, zone[0], zone[1])
		}
	}
	// Red looks south: x grows leftwards, y downwards. Click a move's
	// squares computed from the grid, not from the page's pieces.
	openGame(t, ctx, s, lid, 0)
	var mv wire.MoveInfo
	for _, m := range s.seatState(lid, 0).Legal {
		if m.From != nil && m.To != nil && !m.Special && m.From.X != m.To.X {
			mv = m
			break
		}
	}
	g := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("svg.board .grid").getBoundingClientRect(); return [r.left, r.top, r.width / 13]; })()`)
	south := func(c *wire.Coord) (float64, float64) {
		var x, y float64
		fmt.Sscan(c.X, &x)
		fmt.Sscan(c.Y, &y)
		return g[0] + (12-x+0.5)*g[2], g[1] + (y+0.5)*g[2]
	}
	x, y := south(mv.From)
	run(t, ctx, chromedp.MouseClickXY(x, y))
	x, y = south(mv.To)
	run(t, ctx, chromedp.MouseClickXY(x, y))
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if got := s.moveTexts(lid.ID); got != mv.Text {
		t.Fatalf("the server played %q, want %s", got, mv.Text)
	}
	// The check: white's king in check is marked.
	cid := s.humans("chess", nil, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
	openGame(t, ctx, s, cid, 0)
	if !eval[bool](t, ctx, `document.querySelector('.hl-check[data-x="4"][data-y="0"]') !== null`) {
		t.Error("the king in check is not marked")
	}
}

// TestSmallThings: the flip button turns the board; a retreat off
// the board (from and to the same square) asks before it is played; the
// mute switch is remembered; a clock under 20 s warns.
func TestSmallThings(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	g := s.humans("longchess", nil, "")
	openGame(t, ctx, s, g, 0)
	before := eval[string](t, ctx, `document.querySelector("svg.board").dataset.up`)
	clickAt(t, ctx, `#flip`)
	if after := eval[string](t, ctx, `document.querySelector("svg.board").dataset.up`); after == before {
		t.Errorf("flip left %s at the top", after)
	}
	clickAt(t, ctx, `.piece[data-x="0"][data-y="7"]`)
	clickAt(t, ctx, `.piece[data-x="0"][data-y="7"]`)
	waitJS(t, ctx, `!document.getElementById("chooser").hidden && document.querySelector('#chooser .choice[data-text="a8off"]') !== null`)
	clickAt(t, ctx, `#chooser .choice-cancel`)
	waitJS(t, ctx, `document.getElementById("chooser").hidden`)
	if got := s.moveTexts(g.ID); got != "" {
		t.Fatalf("two clicks on a rook played %q", got)
	}
	clickAt(t, ctx, `#mute`)
	openGame(t, ctx, s, g, 0)
	if !eval[bool](t, ctx, `document.getElementById("mute").checked && localStorage.getItem("anychess-mute") === "1"`) {
		t.Error("the mute switch was not remembered")
	}
	cid := s.create(newGame{Variant: "chess", Clock: "21s"})
	// The first round is not timed: both play their first move.
	s.play(cid, 0, "e4")
	s.play(cid, 1, "e5")
	openGame(t, ctx, s, cid, 0)
	waitJS(t, ctx, `document.querySelector('#seats .clock[data-seat="0"]').classList.contains("low") && (window.anychessSounds || {}).lowtime === 1`)
	if eval[bool](t, ctx, `document.querySelector('#seats .clock[data-seat="1"]').classList.contains("low")`) {
		t.Error("black's clock, not running and at 21 s, warns")
	}
}
