package e2e

// Live games: two seats in two browser contexts and a spectator see the same moves; offers, takebacks, resignation and rematch; a wrong seat token and a stale ply refused; loss on time; the server killed and started again mid-game.

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pageMoves is the move list the page shows, as SAN.
func pageMoves(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `Array.from(document.querySelectorAll("#moves .mv:not(.mv-start)")).map((e) => e.textContent.replace(/^\d+\.\s*/, "").trim()).join(" ")`)
}

// serverMoves is the server's move list as SAN.
func serverMoves(s *site, id string) string {
	var out []string
	for _, m := range s.state(id).Moves {
		out = append(out, m.SAN)
	}
	return strings.Join(out, " ")
}

// TestLiveGame: two seats and a spectator on one game with clocks, each
// in a browser context of its own; they see the same moves; a draw
// offered and declined, a move taken back, resignation, the rematch.
func TestLiveGame(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	g := s.create(newGame{Variant: "chess", Clock: "5m+3s", Takebacks: true})
	white, black, watcher := newTab(t), newTab(t), newTab(t)
	for _, c := range []context.Context{white, black, watcher} {
		viewport(t, c, desktop)
	}
	openGame(t, white, s, g, 0)
	openGame(t, black, s, g, 1)
	openGame(t, watcher, s, g, -1)
	// The first round is not timed: no clock runs before both have moved.
	if eval[int](t, white, `window.anychess.page.state.running`) != -1 || eval[bool](t, white, `document.querySelector("#seats .clock.running") !== null`) {
		t.Error("a clock runs before the first moves")
	}
	clickAt(t, white, `.piece[data-x="4"][data-y="1"]`)
	clickAt(t, white, `.dest[data-x="4"][data-y="3"]`)
	atPly(t, black, 1)
	clickAt(t, black, `.piece[data-x="4"][data-y="6"]`)
	clickAt(t, black, `.dest[data-x="4"][data-y="4"]`)
	for _, c := range []context.Context{white, black, watcher} {
		atPly(t, c, 2)
		waitJS(t, c, `document.querySelectorAll("#moves .mv").length === 3`)
		if got, want := pageMoves(t, c), serverMoves(s, g.ID); got != want || want != "e4 e5" {
			t.Errorf("a page shows the moves %q, the server has %q", got, want)
		}
	}
	if n := eval[int](t, watcher, `document.querySelectorAll("#actions button").length`); n != 0 {
		t.Errorf("the spectator has %d game buttons", n)
	}
	if eval[int](t, watcher, `window.anychess.page.state.you`) != -1 {
		t.Error("the spectator sits in a seat")
	}
	// Now white's clock runs, on the page between the server's states.
	first := eval[string](t, white, `document.querySelector('#seats .clock[data-seat="0"]').textContent`)
	waitJS(t, white, `(() => { const c = document.querySelector('#seats .clock[data-seat="0"]'); return c.textContent !== "`+first+`" && c.classList.contains("running"); })()`)
	if c := eval[string](t, watcher, `document.querySelector('#seats .clock[data-seat="1"]').textContent`); c != "5:03" {
		t.Errorf("black's stopped clock shows %q to the spectator, want 5:03 (5 minutes and the increment)", c)
	}
	// Black offers a draw; white declines.
	waitJS(t, black, `document.querySelector("#actions .draw-offer") !== null`)
	clickAt(t, black, `#actions .draw-offer`)
	waitJS(t, white, `document.querySelector("#actions .draw-decline") !== null`)
	waitJS(t, watcher, `document.querySelector('#seats .seat[data-seat="1"] .badge') !== null`)
	clickAt(t, white, `#actions .draw-decline`)
	waitJS(t, black, `(window.anychess.page.state.drawOffers || []).length === 0 && document.querySelector("#actions .draw-offer") !== null`)
	// Black takes e5 back with white's consent.
	clickAt(t, black, `#actions .takeback-propose`)
	waitJS(t, white, `document.querySelector("#actions .takeback-accept") !== null`)
	clickAt(t, white, `#actions .takeback-accept`)
	for _, c := range []context.Context{white, black, watcher} {
		atPly(t, c, 1)
		waitJS(t, c, `document.querySelector('.piece[data-x="4"][data-y="6"]') !== null`)
	}
	if got := serverMoves(s, g.ID); got != "e4" {
		t.Fatalf("after the takeback the server has %q", got)
	}
	typeMove(t, black, "c5")
	atPly(t, watcher, 2)
	// White resigns; all three see the result.
	run(t, white, chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	clickAt(t, white, `#actions .resign`)
	end := s.state(g.ID)
	for end.Outcome.Status == "ongoing" {
		time.Sleep(20 * time.Millisecond)
		end = s.state(g.ID)
	}
	if end.Outcome.Status != "win" || len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != 1 {
		t.Errorf("outcome %+v, want black to win", end.Outcome)
	}
	for _, c := range []context.Context{white, black, watcher} {
		waitJS(t, c, fmt.Sprintf(`document.getElementById("result").textContent === %q`, end.Outcome.Text))
	}
	sounds := eval[map[string]int](t, black, `window.anychessSounds || {}`)
	if sounds["move"] < 1 || sounds["end"] != 1 {
		t.Errorf("black's page played %v, want moves and one game end", sounds)
	}
	screenshot(t, black, "chess-resigned-desktop")
	// The rematch: black asks and lands in its seat of the new game (seats
	// turned: black now plays white); white's page and the spectator's
	// learn of it from the server; white joins with its own seat.
	clickAt(t, black, `#actions .rematch`)
	waitJS(t, black, `window.anychess && window.anychess.page.state && window.anychess.page.state.game !== "`+g.ID+`" && window.anychess.page.state.you === 0`)
	re := eval[string](t, black, `window.anychess.page.state.game`)
	waitJS(t, watcher, fmt.Sprintf(`document.querySelector('#actions a.rematch-watch[href="/g/%s"]') !== null`, re))
	waitJS(t, white, `document.querySelector("#actions .rematch-join") !== null`)
	clickAt(t, white, `#actions .rematch-join`)
	waitJS(t, white, fmt.Sprintf(`window.anychess && window.anychess.page.state && window.anychess.page.state.game === %q && window.anychess.page.state.you === 1`, re))
	waitJS(t, black, `window.anychess.page.state.seats[1].connected === true`)
	clickAt(t, black, `.piece[data-x="3"][data-y="1"]`)
	clickAt(t, black, `.dest[data-x="3"][data-y="3"]`)
	atPly(t, white, 1)
	if got := serverMoves(s, re); got != "d4" {
		t.Errorf("the rematch has %q", got)
	}
}

// TestRefusals: a link with a wrong seat token seats nobody (the page
// says so and watches), and a move for a stale ply is refused and shown;
// neither changes the game.
func TestRefusals(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	g := s.humans("chess", nil, "")
	s.play(g, 0, "e4")
	// The same game with seat 2's link, but white's token.
	wrong := *g
	wrong.Seats = append(wrong.Seats[:0:0], g.Seats...)
	wrong.Seats[1].Link = strings.Replace(g.Seats[1].Link, g.token(1), g.token(0), 1)
	run(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(s.link(&wrong, 1)))
	waitJS(t, ctx, `window.anychess && window.anychess.page.state && window.anychess.page.state.you === -1`)
	waitJS(t, ctx, `document.getElementById("error").textContent.includes("seat 2")`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#actions button").length`); n != 0 {
		t.Errorf("a page with a wrong token has %d game buttons", n)
	}
	clickAt(t, ctx, `.piece[data-x="4"][data-y="6"]`)
	if n := eval[int](t, ctx, `document.querySelectorAll(".dest").length`); n != 0 {
		t.Errorf("a page with a wrong token offers %d destinations", n)
	}
	// Its socket tries anyway (as a changed page would): refused.
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`window.anychess.send({type: "move", ply: 1, move: "e7e5"})`))
	waitJS(t, ctx, `document.getElementById("error").textContent.includes("watching")`)
	// Black's true link; a move sent for ply 0 while the game is at ply 1.
	openGame(t, ctx, s, g, 1)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`window.anychess.send({type: "move", ply: 0, move: "e7e5"})`))
	waitJS(t, ctx, `document.getElementById("error").textContent.includes("for ply 0, but the game is at ply 1")`)
	screenshot(t, ctx, "chess-stale-ply-refused-desktop")
	if got := s.moveTexts(g.ID); got != "e2e4" {
		t.Fatalf("the refused messages changed the game: %q", got)
	}
	// The page still plays.
	clickAt(t, ctx, `.piece[data-x="4"][data-y="6"]`)
	clickAt(t, ctx, `.dest[data-x="4"][data-y="4"]`)
	atPly(t, ctx, 2)
	waitJS(t, ctx, `document.getElementById("error").textContent === ""`)
}

// TestClockLoss: white lets its clock run out against the computer; the
// server ends the game on its own and the page shows the loss.
func TestClockLoss(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	g := s.create(newGame{Variant: "chess", Clock: "1s", Seats: seats("human", "computer:1")})
	openGame(t, ctx, s, g, 0)
	clickAt(t, ctx, `.piece[data-x="4"][data-y="1"]`)
	clickAt(t, ctx, `.dest[data-x="4"][data-y="3"]`)
	// The computer answers in the untimed first round; then white's second
	// runs out.
	atPly(t, ctx, 2)
	waitJS(t, ctx, `window.anychess.page.state.running === 0`)
	waitJSFor(t, ctx, 8*time.Second, `window.anychess.page.state.outcome.status !== "ongoing"`)
	end := s.state(g.ID)
	if end.Outcome.Status != "win" || len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != 1 || !strings.Contains(end.Outcome.Text, "time") || end.Clocks[0] != 0 {
		t.Fatalf("the server's outcome %+v, clocks %v; want black to win on time", end.Outcome, end.Clocks)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.getElementById("result").textContent === %q && document.querySelector('#seats .clock[data-seat="0"]').textContent === "0:00.0"`, end.Outcome.Text))
	screenshot(t, ctx, "chess-lost-on-time-desktop")
}

// TestKillRestart: the server, a process of its own, is killed with
// SIGKILL mid-game and started again on the same port; both players'
// pages reconnect by themselves, show the same ply with the clocks (the
// downtime charged to nobody), and the game goes on by clicks.
func TestKillRestart(t *testing.T) {
	needBrowser(t)
	addr := freeAddr(t)
	db := filepath.Join(t.TempDir(), "games.db")
	c1 := startChild(t, addr, db)
	s := remoteSite(t, addr)
	g := s.create(newGame{Variant: "chess", Clock: "5m"})
	white, black := newTab(t), newTab(t)
	viewport(t, white, desktop)
	viewport(t, black, desktop)
	openGame(t, white, s, g, 0)
	openGame(t, black, s, g, 1)
	clickAt(t, white, `.piece[data-x="4"][data-y="1"]`)
	clickAt(t, white, `.dest[data-x="4"][data-y="3"]`)
	atPly(t, black, 1)
	clickAt(t, black, `.piece[data-x="4"][data-y="6"]`)
	clickAt(t, black, `.dest[data-x="4"][data-y="4"]`)
	atPly(t, white, 2)
	before := s.state(g.ID)
	read := time.Now()
	if before.Running != 0 {
		t.Fatalf("white's clock does not run at ply 2: %+v", before.Clocks)
	}
	time.Sleep(500 * time.Millisecond)
	killed := time.Now()
	c1.kill(t)
	for _, c := range []context.Context{white, black} {
		waitJS(t, c, `document.getElementById("conn").classList.contains("down")`)
	}
	if eval[string](t, white, `getComputedStyle(document.querySelector('#seats .seat-conn.on')).color`) != "rgb(170, 170, 170)" {
		t.Error("while the page is disconnected, its seats still show as connected")
	}
	screenshot(t, white, "chess-server-down-desktop")
	time.Sleep(2 * time.Second) // the downtime, charged to nobody
	startChild(t, addr, db)
	restarted := time.Now()
	for _, c := range []context.Context{white, black} {
		waitJSFor(t, c, 20*time.Second, `document.getElementById("conn").classList.contains("ok") && window.anychess.page.state.ply === 2`)
	}
	after := pageState(t, white)
	seen := time.Now()
	// White's clock ran from the state read before the kill until the
	// kill (up to a heartbeat less) and since the restart: not while the
	// server was down.
	charged := time.Duration(before.Clocks[0]-after.Clocks[0]) * time.Millisecond
	most := killed.Sub(read) + seen.Sub(restarted) + 300*time.Millisecond
	t.Logf("white's clock: %d ms before the kill, %d ms after the restart; charged %v of at most %v; the server was down %v",
		before.Clocks[0], after.Clocks[0], charged, most, restarted.Sub(killed).Round(time.Millisecond))
	if after.Clocks[1] != before.Clocks[1] || charged < 0 || charged > most {
		t.Errorf("clocks %v before the kill, %v after the restart: white was charged %v, at most %v", before.Clocks, after.Clocks, charged, most)
	}
	if after.Running != 0 || after.You != 0 {
		t.Errorf("after the restart white's page has running %d, you %d", after.Running, after.You)
	}
	if got := pageMoves(t, black); got != "e4 e5" {
		t.Errorf("black's page shows %q after the restart", got)
	}
	clickAt(t, white, `.piece[data-x="6"][data-y="0"]`)
	clickAt(t, white, `.dest[data-x="5"][data-y="2"]`)
	atPly(t, black, 3)
	if got := serverMoves(s, g.ID); got != "e4 e5 Nf3" {
		t.Errorf("after the restart the server has %q", got)
	}
}
