package e2e

// An uploaded variant: a file refused through the upload page with the loader's error, then a small file inheriting chess with a new piece accepted, its rules page with the new piece's diagram, and the variant played from the home page against the computer and, from a near-ending position, by clicks to its end.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"anychess/game"
	"anychess/variant"
	"anychess/wire"
)

// broken is a variant file with a fault at line 5: a piece with a Betza
// text that does not read.
const broken = `inherits = "chess"
name = "broken-camels"

[[pieces]]
letter = "C"
name = "camel"
betza = "C(("
`

func TestUploadPage(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	run(t, ctx, chromedp.Navigate(s.url+"/"))
	// The home page fills its lists above the link as its requests come
	// back (the rules, the seats of the chosen variant's board, the
	// lobby): click only once they are all in and the link stays where
	// it is. (Waiting for the rules alone clicked a link the seats then
	// moved, on a loaded machine.)
	waitJS(t, ctx, `(() => { const l = document.querySelector("#upload-link"); if (!l || document.querySelectorAll("#rules-list li").length === 0 || document.querySelector("#seat-rows").children.length === 0 || !document.querySelector("#lobby-conn.ok")) return false; const r = l.getBoundingClientRect(), at = r.top + "," + r.left, same = window.__uploadAt === at; window.__uploadAt = at; return same; })()`)
	clickAt(t, ctx, "#upload-link")
	waitJS(t, ctx, `location.pathname === "/upload" && window.anychess && window.anychess.upload`)

	// Refused: the page shows the server's error, its line selected.
	code, body := s.do("POST", "/api/uploads", map[string]string{"file": "upload.toml", "text": broken})
	var refusal struct{ Error string }
	if code != http.StatusBadRequest || json.Unmarshal(body, &refusal) != nil || !strings.HasPrefix(refusal.Error, "upload.toml:7: pieces[0].betza: ") {
		t.Fatalf("the broken file through the API: %d %s", code, body)
	}
	setField(t, ctx, "#upload-text", broken)
	clickAt(t, ctx, "#upload-button")
	waitJS(t, ctx, `!document.getElementById("upload-error").hidden`)
	if got := eval[string](t, ctx, `document.getElementById("upload-error").textContent`); got != refusal.Error {
		t.Errorf("the page shows %q, the server says %q", got, refusal.Error)
	}
	if got := eval[string](t, ctx, `(() => { const t = document.getElementById("upload-text"); return t.value.slice(t.selectionStart, t.selectionEnd); })()`); got != `betza = "C(("` {
		t.Errorf("the line selected: %q", got)
	}
	screenshot(t, ctx, "upload-refused-desktop")
	viewport(t, ctx, phone)
	screenshot(t, ctx, "upload-refused-phone")
	viewport(t, ctx, desktop)

	// Accepted: the example, chess with camels.
	clickAt(t, ctx, "#upload-example")
	clickAt(t, ctx, "#upload-button")
	waitJS(t, ctx, `!document.getElementById("upload-done").hidden && window.anychess.upload.accepted && window.anychess.upload.accepted.name === "camel-chess"`)
	if !eval[bool](t, ctx, `document.getElementById("upload-error").hidden`) {
		t.Error("the error stays shown")
	}
	waitJS(t, ctx, `document.querySelector('#uploaded a[href="/rules/camel-chess"]') !== null`)
	screenshot(t, ctx, "upload-accepted-desktop")
	viewport(t, ctx, phone)
	screenshot(t, ctx, "upload-accepted-phone")
	viewport(t, ctx, desktop)
	var vs []struct {
		Name     string `json:"name"`
		Uploaded bool   `json:"uploaded"`
	}
	s.getJSON("/api/variants", &vs)
	listed := false
	for _, v := range vs {
		listed = listed || v.Name == "camel-chess" && v.Uploaded
	}
	if !listed {
		t.Errorf("/api/variants: %+v", vs)
	}

	// Its rules page: the camel's diagram, the server's.
	clickAt(t, ctx, "#upload-rules")
	waitJS(t, ctx, `location.pathname === "/rules/camel-chess" && document.querySelectorAll("#piece-list .piece-name").length === 7 && document.querySelectorAll("svg.board .piece").length === 1`)
	var ra struct {
		Diagrams []wire.Diagram `json:"diagrams"`
	}
	s.getJSON("/api/rules?variant=camel-chess", &ra)
	var camel *wire.Diagram
	for i := range ra.Diagrams {
		if ra.Diagrams[i].Letter == "C" {
			camel = &ra.Diagrams[i]
		}
	}
	if camel == nil || len(camel.Both) != 8 {
		t.Fatalf("the camel's diagram: %+v", camel)
	}
	clickAt(t, ctx, `#piece-list .piece-name[data-letter="C"]`)
	waitJS(t, ctx, `document.querySelector('#piece-list .piece-name[data-letter="C"]').classList.contains("current") && document.querySelector("svg.board .piece").dataset.letter === "C"`)
	if n := eval[int](t, ctx, `document.querySelectorAll("svg.board .dest.dest-both").length`); n != len(camel.Both) {
		t.Errorf("the page draws %d squares for the camel, the server %d", n, len(camel.Both))
	}
	screenshot(t, ctx, "rules-camel-chess-desktop")

	// Played from the home page: the camel leaps first, the computer
	// answers.
	run(t, ctx, chromedp.Navigate(s.url+"/?variant=camel-chess"))
	waitJS(t, ctx, `document.getElementById("variant").value === "camel-chess" && document.querySelectorAll("#seat-rows select.seat").length === 2`)
	if got := eval[string](t, ctx, `document.getElementById("variant").selectedOptions[0].textContent`); got != "Camel Chess (uploaded)" {
		t.Errorf("the home page names it %q", got)
	}
	setField(t, ctx, `#seat-rows select[data-seat="0"]`, "you")
	setField(t, ctx, `#seat-rows select[data-seat="1"]`, "computer:1")
	clickAt(t, ctx, "#create")
	waitJS(t, ctx, `location.pathname.startsWith("/g/") && window.anychess.page.state && window.anychess.page.state.you === 0 && (window.anychess.page.state.legal || []).length === 20`)
	st := pageState(t, ctx)
	var leap *wire.MoveInfo
	for i := range st.Legal {
		if st.Legal[i].Text == "b1c4" {
			leap = &st.Legal[i]
		}
	}
	if leap == nil {
		t.Fatalf("no camel leap among %+v", st.Legal)
	}
	clickMove(t, ctx, *leap)
	atPly(t, ctx, 2)
	if got := s.state(st.Game).Moves[0].SAN; got != "Cc4" {
		t.Errorf("the first move: %s", got)
	}
	screenshot(t, ctx, "camel-chess-game-desktop")

	// Played to its end: a camel's position near mate, by clicks.
	data, err := s.uploadSource("camel-chess")
	if err != nil {
		t.Fatal(err)
	}
	r, err := variant.Compile("camel-chess.toml", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := "k7/7Q/1K6/8/8/8/8/7C w - - 0 1"
	if _, err := game.New(game.Config{Rules: r, Start: start}); err != nil {
		t.Fatal(err)
	}
	g := s.create(newGame{Variant: "camel-chess", Start: start, Seats: seats("human", "computer:1")})
	openGame(t, ctx, s, g, 0)
	end := playToEnd(t, ctx, s, g, r, 0, 6)
	if end.Outcome.Status != "win" || len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != 0 {
		t.Errorf("the game ended %+v", end.Outcome)
	}
	checkEnd(t, ctx, end, "camel-chess-end-desktop")

}

// uploadSource reads an uploaded variant's file from the server.
func (s *site) uploadSource(name string) ([]byte, error) {
	code, body := s.do("GET", "/api/uploads/"+name, nil)
	if code != http.StatusOK {
		return nil, fmt.Errorf("GET /api/uploads/%s: %d %s", name, code, body)
	}
	return body, nil
}
