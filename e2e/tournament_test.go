package e2e

// A Longchess tournament of four players in four browsers, run to its standings through the pages: joining, challenging with an army chosen by clicks, a surrender, battles started near their end by the organizer and played by clicks to their end; the standings live on every page and equal to what the tournament package scores.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"anychess/core"
	"anychess/internal/battletest"
	"anychess/tournament"
	"anychess/wire"
)

// tourView is the part of GET /api/tournaments/{id} the test reads.
type tourView struct {
	ID        string `json:"id"`
	Battles   int    `json:"battles"`
	Standings []struct {
		Player int    `json:"player"`
		Name   string `json:"name"`
		Points int    `json:"points"`
		Out    int    `json:"out"`
		Busy   string `json:"busy"`
	} `json:"standings"`
	Challenges []struct {
		ID             string `json:"id"`
		AttackerName   string `json:"attackerName"`
		DefenderName   string `json:"defenderName"`
		AttackerColour string `json:"attackerColour"`
		State          string `json:"state"`
		Result         string `json:"result"`
		Start          bool   `json:"start"`
		AttackerArmy   string `json:"attackerArmy"`
		AttackerLost   string `json:"attackerLost"`
		DefenderLost   string `json:"defenderLost"`
	} `json:"challenges"`
}

func (s *site) tour(id string) *tourView {
	s.t.Helper()
	var v tourView
	s.getJSON("/api/tournaments/"+id, &v)
	return &v
}

// waitTour waits until the server's view of the tournament satisfies ok.
func (s *site) waitTour(t *testing.T, id string, ok func(v *tourView) bool) *tourView {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		v := s.tour(id)
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament did not come to the state wanted: %+v", v)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// challengeOf finds the challenge of an attacker and a defender not done.
func (v *tourView) challengeOf(attacker, defender string) (id, colour string) {
	for _, c := range v.Challenges {
		if c.AttackerName == attacker && c.DefenderName == defender && c.State != "done" {
			return c.ID, c.AttackerColour
		}
	}
	return "", ""
}

// joinOnPage opens the tournament in a tab of its own and joins by name.
func joinOnPage(t *testing.T, s *site, id, name string) context.Context {
	t.Helper()
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	run(t, ctx, chromedp.Navigate(s.url+"/t/"+id))
	waitJS(t, ctx, `window.anychess.tournament.view !== null && !document.getElementById("join-card").hidden`)
	setField(t, ctx, "#join-name", name)
	clickAt(t, ctx, "#join-button")
	waitJS(t, ctx, fmt.Sprintf(`!document.getElementById("you-card").hidden && document.getElementById("you-title").textContent.startsWith("You: %s,")`, name))
	return ctx
}

// clickBattle plays the battle on the game page in ctx by clicks: each of
// the player's moves is the one pick chooses in the position the page
// shows (among the server's legal moves), until the game ends.
func clickBattle(t *testing.T, ctx context.Context, s *site, id string, pick func(p *core.Position) (string, error)) *wire.State {
	t.Helper()
	r, err := tournament.BattleRules()
	if err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, fmt.Sprintf(`window.anychess && window.anychess.page && window.anychess.page.state && window.anychess.page.state.game === %q && window.anychess.page.state.you >= 0`, id))
	for n := 0; ; n++ {
		waitJSFor(t, ctx, 20*time.Second, `(() => { const s = window.anychess.page.state; return s.outcome.status !== "ongoing" || (s.turn === s.you && (s.legal || []).length > 0 && !window.anychess.page.sent); })()`)
		st := pageState(t, ctx)
		if st.Outcome.Status != "ongoing" {
			return s.state(id)
		}
		if n == 20 {
			t.Fatalf("the battle did not end in 20 moves")
		}
		p, err := r.ParsePosition(st.Position)
		if err != nil {
			t.Fatal(err)
		}
		text, err := pick(p)
		if err != nil {
			t.Fatal(err)
		}
		var m *wire.MoveInfo
		for i := range st.Legal {
			if st.Legal[i].Text == text {
				m = &st.Legal[i]
			}
		}
		if m == nil {
			t.Fatalf("the move %s is not among the page's legal moves", text)
		}
		clickMove(t, ctx, *m)
		waitJS(t, ctx, fmt.Sprintf(`window.anychess.page.state.ply > %d`, st.Ply))
		if got := s.state(id).Moves[st.Ply].Text; got != text {
			t.Fatalf("the page played %s, the server has %s", text, got)
		}
	}
}

// file names a file counted from a side's own end.
func file(side core.Player, x int) string {
	if side == 1 {
		x = 36 - x
	}
	return core.FileName(int64(x))
}

// pageStandings reads the standings table of a tournament page: name and
// points by row.
func pageStandings(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `Array.from(document.querySelectorAll("#standings tr.standing")).map(r => r.querySelector(".name").textContent + " " + r.querySelector(".points").textContent + (r.classList.contains("out") ? " out" : "")).join(", ")`)
}

// TestTournament: four players in four browsers. A challenges B, who
// surrenders. C challenges D; the organizer starts the battle with D's
// last pawn before C's rook, and C shoots it by clicks: D's every piece is
// captured and D is out. B (25 points) challenges A with an army chosen by
// clicks (a rook left out); the organizer starts the battle with A's last
// pawn on its back rank, which A retreats off the board by a click: A has
// no pieces and loses, but not with all of them captured. Every page's
// standings follow live and equal the server's, which equal what the
// tournament package scores for the same battles.
func TestTournament(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	org := newTab(t)
	viewport(t, org, desktop)
	run(t, org, chromedp.Navigate(s.url+"/tournaments"))
	waitJS(t, org, `!document.getElementById("list-view").hidden`)
	setField(t, org, "#t-name", "Spring cup")
	setField(t, org, "#t-clock", "")
	clickAt(t, org, "#t-create")
	waitJS(t, org, `location.pathname.startsWith("/t/") && window.anychess.tournament.view !== null && !document.getElementById("organizer-card").hidden`)
	id := eval[string](t, org, `window.anychess.tournament.id`)
	if eval[string](t, org, `location.hash`) != "" {
		t.Error("the organizer's fragment stays in the address")
	}
	tabs := map[string]context.Context{}
	for _, name := range []string{"Anna", "Ben", "Cleo", "Dirk"} {
		tabs[name] = joinOnPage(t, s, id, name)
	}
	num := map[string]int{}
	for _, st := range s.tour(id).Standings {
		num[st.Name] = st.Player
	}
	if len(num) != 4 {
		t.Fatalf("players: %v", num)
	}
	link := eval[string](t, tabs["Anna"], `document.getElementById("player-url").value`)
	if !strings.Contains(link, fmt.Sprintf("/t/%s#player=%d&token=", id, num["Anna"])) {
		t.Errorf("Anna's link: %q", link)
	}
	want := &tournament.Tournament{}
	for _, n := range []string{"Anna", "Ben", "Cleo", "Dirk"} {
		want.Join(n, tournament.StartPoints)
	}
	r, err := tournament.BattleRules()
	if err != nil {
		t.Fatal(err)
	}

	// 1. Anna challenges Ben; Ben surrenders.
	a := tabs["Anna"]
	setField(t, a, "#defender", fmt.Sprint(num["Ben"]))
	clickAt(t, a, "#challenge-button")
	v := s.waitTour(t, id, func(v *tourView) bool { c, _ := v.challengeOf("Anna", "Ben"); return c != "" })
	c1, _ := v.challengeOf("Anna", "Ben")
	b := tabs["Ben"]
	waitJS(t, b, fmt.Sprintf(`document.querySelector('.challenge[data-id=%q] .surrender') !== null`, c1))
	screenshot(t, b, "tournament-challenged-desktop")
	clickAt(t, b, fmt.Sprintf(`.challenge[data-id=%q] .surrender`, c1))
	s.waitTour(t, id, func(v *tourView) bool { return v.Battles == 1 })
	want.Record(tournament.Battle{Attacker: "Anna", Defender: "Ben", Result: tournament.Surrendered})

	// 2. Cleo challenges Dirk; the organizer starts it with Dirk's last
	// pawn before Cleo's rook; Dirk defends; Cleo shoots the pawn.
	c := tabs["Cleo"]
	setField(t, c, "#defender", fmt.Sprint(num["Dirk"]))
	clickAt(t, c, "#challenge-button")
	v = s.waitTour(t, id, func(v *tourView) bool { c, _ := v.challengeOf("Cleo", "Dirk"); return c != "" })
	c2, colour := v.challengeOf("Cleo", "Dirk")
	cleo := core.Player(0)
	if colour == "black" {
		cleo = 1
	}
	start2, err := battletest.Position(r, int(cleo), battletest.Place{Square: file(cleo, 1) + "8", Letter: "R", Owner: int(cleo)},
		battletest.Place{Square: file(cleo, 12) + "8", Letter: "P", Owner: int(1 - cleo)})
	if err != nil {
		t.Fatal(err)
	}
	sel := fmt.Sprintf(`.challenge[data-id=%q]`, c2)
	waitJS(t, org, `document.querySelector('`+sel+` .start-text') !== null`)
	setField(t, org, sel+" .start-text", start2)
	clickAt(t, org, sel+" .set-start")
	s.waitTour(t, id, func(v *tourView) bool {
		for _, ch := range v.Challenges {
			if ch.ID == c2 {
				return ch.Start
			}
		}
		return false
	})
	d := tabs["Dirk"]
	// The page shows the start set (drawn again) before Dirk clicks.
	waitJS(t, d, `document.querySelector('`+sel+`[data-start] .defend') !== null`)
	clickAt(t, d, sel+" .defend")
	waitJS(t, d, fmt.Sprintf(`location.pathname === "/g/%s"`, c2))
	waitJS(t, c, `document.querySelector('`+sel+` .play') !== null`)
	screenshot(t, c, "tournament-battle-ready-desktop")
	clickAt(t, c, sel+" .play")
	end := clickBattle(t, c, s, c2, func(p *core.Position) (string, error) { return battletest.MustFind(p, battletest.Capture, nil) })
	if len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != int(cleo) {
		t.Fatalf("battle 2's end: %+v", end.Outcome)
	}
	screenshot(t, c, "tournament-battle-won-desktop")
	s.waitTour(t, id, func(v *tourView) bool { return v.Battles == 2 })
	full := tournament.FullArmy()
	if err := want.Record(tournament.Battle{Attacker: "Cleo", Defender: "Dirk", Result: tournament.AttackerWins, AttackerArmy: &full, DefenderArmy: &full,
		AttackerLost: tournament.Army{Rooks: 1, Nightriders: 2, Bishops: 2, Pawns: 8}, DefenderLost: full}); err != nil {
		t.Fatal(err)
	}

	// 3. Ben (25 points) challenges Anna leaving out a rook, chosen by a
	// click; Anna's last pawn retreats off the board.
	run(t, b, chromedp.Navigate(s.url+"/t/"+id))
	waitJS(t, b, `window.anychess.tournament.view !== null && !document.getElementById("challenge-card").hidden && document.querySelector('#challenge-army .slot[data-place="1.2"]') !== null`)
	setField(t, b, "#defender", fmt.Sprint(num["Anna"]))
	clickAt(t, b, `#challenge-army .slot[data-place="1.2"]`)
	waitJS(t, b, `document.querySelector("#challenge-army .army-note").textContent === "Army: 25 points; you have 25."`)
	screenshot(t, b, "tournament-army-chooser-desktop")
	viewport(t, b, phone)
	screenshot(t, b, "tournament-army-chooser-phone")
	viewport(t, b, desktop)
	clickAt(t, b, "#challenge-button")
	v = s.waitTour(t, id, func(v *tourView) bool { c, _ := v.challengeOf("Ben", "Anna"); return c != "" })
	c3, colour := v.challengeOf("Ben", "Anna")
	anna := core.Player(1)
	if colour == "black" {
		anna = 0
	}
	start3, err := battletest.Position(r, int(anna), battletest.Place{Square: file(anna, 0) + "5", Letter: "P", Owner: int(anna)},
		battletest.Place{Square: file(1-anna, 0) + "2", Letter: "R", Owner: int(1 - anna)})
	if err != nil {
		t.Fatal(err)
	}
	sel = fmt.Sprintf(`.challenge[data-id=%q]`, c3)
	waitJS(t, org, `document.querySelector('`+sel+` .start-text') !== null`)
	setField(t, org, sel+" .start-text", start3)
	clickAt(t, org, sel+" .set-start")
	s.waitTour(t, id, func(v *tourView) bool {
		for _, ch := range v.Challenges {
			if ch.ID == c3 {
				return ch.Start && ch.AttackerArmy == "R1N2B2P8"
			}
		}
		return false
	})
	waitJS(t, a, `document.querySelector('`+sel+`[data-start] .defend') !== null`)
	clickAt(t, a, sel+" .defend")
	end = clickBattle(t, a, s, c3, func(p *core.Position) (string, error) { return battletest.MustFind(p, battletest.Retreat, nil) })
	if len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != int(1-anna) {
		t.Fatalf("battle 3's end: %+v", end.Outcome)
	}
	s.waitTour(t, id, func(v *tourView) bool { return v.Battles == 3 })
	benArmy := tournament.Army{Rooks: 1, Nightriders: 2, Bishops: 2, Pawns: 8}
	if err := want.Record(tournament.Battle{Attacker: "Ben", Defender: "Anna", Result: tournament.AttackerWins, AttackerArmy: &benArmy, DefenderArmy: &full,
		AttackerLost: tournament.Army{Nightriders: 2, Bishops: 2, Pawns: 8}, DefenderLost: tournament.Army{Rooks: 2, Nightriders: 2, Bishops: 2, Pawns: 7}}); err != nil {
		t.Fatal(err)
	}

	// The standings: the package's, the server's and every page's.
	st, err := want.Standings()
	if err != nil {
		t.Fatal(err)
	}
	var wantText []string
	for _, x := range st {
		w := fmt.Sprintf("%s %d", x.Name, x.Points)
		if x.Eliminated() {
			w += " out"
		}
		wantText = append(wantText, w)
	}
	v = s.tour(id)
	var server []string
	for _, x := range v.Standings {
		w := fmt.Sprintf("%s %d", x.Name, x.Points)
		if x.Out != 0 {
			w += " out"
		}
		server = append(server, w)
	}
	if strings.Join(server, ", ") != strings.Join(wantText, ", ") {
		t.Fatalf("the server's standings %v; the tournament package's %v", server, wantText)
	}
	t.Logf("standings: %s", strings.Join(wantText, ", "))
	if got := strings.Join(wantText, ", "); got != "Cleo 40, Ben 39, Anna 21, Dirk -5 out" {
		t.Errorf("standings %s", got)
	}
	// The pages that show the tournament follow live; the others open it.
	for name, ctx := range map[string]context.Context{"organizer": org, "Ben": tabs["Ben"]} {
		waitJSFor(t, ctx, 10*time.Second, fmt.Sprintf(`Array.from(document.querySelectorAll("#standings tr.standing")).map(r => r.querySelector(".name").textContent + " " + r.querySelector(".points").textContent + (r.classList.contains("out") ? " out" : "")).join(", ") === %q`, strings.Join(wantText, ", ")))
		t.Logf("%s's page: %s", name, pageStandings(t, ctx))
	}
	screenshot(t, org, "tournament-standings-desktop")
	dirk := tabs["Dirk"]
	viewport(t, dirk, phone)
	run(t, dirk, chromedp.Navigate(s.url+"/t/"+id))
	waitJS(t, dirk, `document.querySelectorAll("#standings tr.standing").length === 4 && document.getElementById("you-title").textContent.includes("out after battle 2")`)
	screenshot(t, dirk, "tournament-standings-phone")
	// The list page.
	run(t, org, chromedp.Navigate(s.url+"/tournaments"))
	waitJS(t, org, fmt.Sprintf(`document.querySelector('#t-list a[href="/t/%s"]') !== null`, id))
	screenshot(t, org, "tournament-list-desktop")
	// A player link opened in another browser logs that browser in.
	other := newTab(t)
	u, _ := url.Parse(link)
	run(t, other, chromedp.Navigate(s.url+u.Path+"#"+u.Fragment))
	waitJS(t, other, `window.anychess.tournament.you > 0 && document.getElementById("you-title").textContent.startsWith("You: Anna,") && location.hash === ""`)
	code, body := s.do("GET", "/api/tournaments/"+id, nil)
	var raw map[string]any
	if code != http.StatusOK || json.Unmarshal(body, &raw) != nil || raw["you"] != nil {
		t.Errorf("a request without cookies: %d %s", code, body)
	}
}
