package web_test

// Browser tests: the pages in a real headless Chromium, driven by chromedp,
// against the harness server. They skip only when no Chromium is
// installed, and fail then when CI is set.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/core"
	"anychess/variant"
	"anychess/wire"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel context.CancelFunc
	browserErr    error
	browserDir    string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if browserCancel != nil {
		browserCancel()
	}
	if browserDir != "" {
		_ = os.RemoveAll(browserDir)
	}
	os.Exit(code)
}

// chromiumPath finds the browser; without one the test skips, or fails
// when CI is set.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("CI is set and no chromium is installed: the browser tests must run in CI")
	}
	t.Skip("no chromium installed (apt-get install chromium)")
	return ""
}

// newTab opens a tab of the shared browser.
func newTab(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath(t)
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "anychess-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		browserDir = dir
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.UserDataDir(dir),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("mute-audio", true),
			chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
			chromedp.WindowSize(1280, 800),
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(alloc)
		browserCtx = ctx
		browserCancel = func() { cancelCtx(); cancelAlloc() }
		browserErr = chromedp.Do(ctx)
	})
	if browserErr != nil {
		t.Fatalf("starting chromium: %v", browserErr)
	}
	// each tab its own cookies: a seat's cookie must not leak to the others
	tab, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(tab); err != nil {
		t.Fatalf("new tab: %v", err)
	}
	return tab
}

func run(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatalf("browser: %v%s", err, pageError(ctx))
	}
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v%s", expr, err, pageError(ctx))
	}
	return v
}

// waitJS waits until a JavaScript expression is true (through page loads).
func waitJS(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	deadline := time.Now().Add(12 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		c, cancel := context.WithTimeout(ctx, 3*time.Second)
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool](`(() => { try { return !!(`+expr+`); } catch (e) { return false; } })()`))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(40 * time.Millisecond)
	}
	t.Fatalf("waiting for %s: timed out (%v)%s", expr, last, pageError(ctx))
}

// pageError is the page's error line, for failure messages.
func pageError(ctx context.Context) string {
	c, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	s, err := chromedp.Run(c, chromedp.Evaluate[string](`(document.getElementById("error")||{}).textContent||""`))
	if err != nil || s == "" {
		return ""
	}
	return " (page error: " + s + ")"
}

// clickAt clicks with the mouse at the centre of the element a selector
// finds (a real click: the page maps it back to a square).
func clickAt(t *testing.T, ctx context.Context, selector string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return null; e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, selector)
	xy := eval[[]float64](t, ctx, js)
	if len(xy) != 2 {
		t.Fatalf("nothing to click at %s%s", selector, pageError(ctx))
	}
	run(t, ctx, chromedp.MouseClickXY(xy[0], xy[1]))
}

func viewport(t *testing.T, ctx context.Context, phone bool) {
	t.Helper()
	if phone {
		run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch))
	} else {
		run(t, ctx, chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	}
}

func screenshotDir(t *testing.T) string {
	dir := os.Getenv("ANYCHESS_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "anychess-screens")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(c, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	// FullScreenshot gives a JPEG at quality < 100
	if err := os.WriteFile(filepath.Join(screenshotDir(t), name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// openGame opens a game as seat (0-based; -1 watches) and waits for the
// board to be drawn.
func openGame(t *testing.T, ctx context.Context, h *harness, id string, seat int) {
	t.Helper()
	url := h.url("/g/" + id)
	if seat >= 0 {
		url = h.link(id, seat)
	}
	// from a blank page: a link differing only in its fragment would not
	// load the page again
	run(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(url))
	waitJS(t, ctx, fmt.Sprintf(`!!(window.anychess && window.anychess.page.state && window.anychess.page.state.game === %q && window.anychess.page.state.you === %d && document.querySelector("svg.board .layer-pieces"))`, id, seat))
}

// optionSets lists every variant with its default options, each option's
// other values one at a time, and the combinations that change the board.
func optionSets(t *testing.T) []map[string]string {
	var out []map[string]string
	for _, name := range variant.Names() {
		def, err := variant.Definition(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, map[string]string{"": name})
		for _, o := range def.Options {
			if len(o.Values) == 0 {
				out = append(out, map[string]string{"": name, o.Name: "true"})
				continue
			}
			for _, v := range o.Values {
				if v != o.Default {
					out = append(out, map[string]string{"": name, o.Name: v})
				}
			}
		}
	}
	out = append(out,
		map[string]string{"": "martian-chess", "players": "4", "teams": "true"},
		map[string]string{"": "longchess", "teams": "4", "mode": "ctm"},
		map[string]string{"": "longchess", "teams": "4", "mines": "true", "artillery": "true"},
	)
	return out
}

func setName(set map[string]string) (string, map[string]string) {
	opts := map[string]string{}
	var parts []string
	for k, v := range set {
		if k != "" {
			opts[k] = v
			parts = append(parts, k+"="+v)
		}
	}
	sort.Strings(parts)
	name := set[""]
	if len(parts) > 0 {
		name += "_" + strings.ReplaceAll(strings.Join(parts, "_"), "=true", "")
	}
	return name, opts
}

type drawn struct {
	Pieces  []string       `json:"pieces"`
	Cells   map[string]int `json:"cells"`
	Regions int            `json:"regions"`
	Files   string         `json:"files"`
	Ranks   string         `json:"ranks"`
	Edge    int            `json:"edge"`
	Square  float64        `json:"square"`
	Marks   int            `json:"marks"`
}

const drawnJS = `(() => {
	const q = (s) => Array.from(document.querySelectorAll(s));
	const cells = {};
	for (const c of q("svg.board .cell")) cells[c.dataset.kind] = (cells[c.dataset.kind] || 0) + 1;
	const svg = document.querySelector("svg.board");
	return {
		pieces: q("svg.board .piece").map((p) => p.dataset.x + "," + p.dataset.y + " " + p.dataset.letter + p.dataset.owner + ((p.querySelector(".carry") || {dataset: {}}).dataset.carry || "")),
		cells,
		regions: q("svg.board .region-sq").length,
		files: svg.getAttribute("data-files") || "",
		ranks: svg.getAttribute("data-ranks") || "",
		edge: q("svg.board .edge-marker").reduce((n, m) => n + Number(m.dataset.count), 0),
		square: window.anychess.page.view.squarePx(),
		marks: q("svg.board .mark").length,
	};
})()`

func wantPieces(s *wire.State) []string {
	var out []string
	for _, p := range s.Pieces {
		out = append(out, fmt.Sprintf("%s,%s %s%d%s", p.At.X, p.At.Y, p.Letter, p.Owner, p.Carry))
	}
	sort.Strings(out)
	return out
}

// TestBrowserBoards draws every variant and option set on a desktop and a
// phone screen: the page shows the server's cells, regions and pieces, and
// on the phone no square is smaller than 32 px.
func TestBrowserBoards(t *testing.T) {
	ctx := newTab(t)
	h := newHarness(t)
	for _, set := range optionSets(t) {
		name, opts := setName(set)
		if _, err := variant.Load(set[""], opts); err != nil { // teams without four players
			t.Logf("%s: not a playable option set (%v)", name, err)
			continue
		}
		rules, _ := variant.Load(set[""], opts)
		seats := make([]string, rules.Players)
		for i := range seats {
			seats[i] = "human"
		}
		id := h.mustCreate(t, set[""], opts, "", seats...)
		st, _ := h.snapshot(id)
		h.mu.Lock()
		b := wire.BoardOf(h.games[id].g.Rules())
		h.mu.Unlock()
		kinds, regions := cellCounts(b)
		for _, phone := range []bool{false, true} {
			viewport(t, ctx, phone)
			openGame(t, ctx, h, id, 0)
			got := eval[drawn](t, ctx, drawnJS)
			where := name + map[bool]string{false: " (desktop)", true: " (phone)"}[phone]
			if b.Unbounded {
				if len(got.Pieces)+got.Edge != len(st.Pieces) {
					t.Errorf("%s: %d pieces drawn and %d at the edge, want %d in all", where, len(got.Pieces), got.Edge, len(st.Pieces))
				}
				if len(got.Pieces) == 0 {
					t.Errorf("%s: the plane's window shows no piece", where)
				}
			} else {
				sort.Strings(got.Pieces)
				if w := wantPieces(st); strings.Join(got.Pieces, "|") != strings.Join(w, "|") {
					t.Errorf("%s: pieces drawn\n%v\nwant\n%v", where, got.Pieces, w)
				}
				if got.Files != fmt.Sprint(b.Files) || got.Ranks != fmt.Sprint(b.Ranks) {
					t.Errorf("%s: board %s×%s, want %d×%d", where, got.Files, got.Ranks, b.Files, b.Ranks)
				}
				for _, k := range sortedKeys(kinds) {
					if got.Cells[k] != kinds[k] {
						t.Errorf("%s: %d %s cells drawn, want %d", where, got.Cells[k], k, kinds[k])
					}
				}
				if len(got.Cells) != len(kinds) {
					t.Errorf("%s: cells by kind %v, want %v", where, got.Cells, kinds)
				}
				if got.Regions != regions {
					t.Errorf("%s: %d region squares drawn, want %d", where, got.Regions, regions)
				}
			}
			if phone && got.Square < 32 {
				t.Errorf("%s: squares of %.1f px on a 390×844 phone, want at least 32", where, got.Square)
			}
			screenshot(t, ctx, fmt.Sprintf("%s-%s", name, map[bool]string{false: "desktop", true: "phone"}[phone]))
		}
	}
}

// TestBrowserChessClicks plays 1. e4 e5 by mouse clicks, white from below
// and black from the turned board, and checks what the server was sent and
// where the board drew the squares.
func TestBrowserChessClicks(t *testing.T) {
	h := newHarness(t)
	id := h.mustCreate(t, "chess", nil, "", "human", "human")
	white := newTab(t)
	viewport(t, white, false)
	openGame(t, white, h, id, 0)
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
	if _, got := h.snapshot(id); strings.Join(got, " ") != "e2e4" {
		t.Fatalf("the server was sent %q, want e2e4", got)
	}

	black := newTab(t)
	viewport(t, black, false)
	openGame(t, black, h, id, 1)
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
	if _, got := h.snapshot(id); strings.Join(got, " ") != "e2e4 e7e5" {
		t.Fatalf("the server was sent %q, want e2e4 e7e5", got)
	}
	// White's page saw black's move, with the last move marked.
	waitJS(t, white, `window.anychess.page.state.ply === 2 && document.querySelectorAll(".hl-last").length === 2`)
	// Moves typed as text, and the server's refusal shown.
	run(t, white, chromedp.SetValue(chromedp.CSS(`#move-text`), "Ke3"), chromedp.Click(chromedp.CSS(`#move-play`)))
	waitJS(t, white, `document.getElementById("error").textContent.length > 0`)
	run(t, white, chromedp.SetValue(chromedp.CSS(`#move-text`), "Nf3"), chromedp.Click(chromedp.CSS(`#move-play`)))
	waitJS(t, white, `window.anychess.page.state.ply === 3`)
	if s, _ := h.snapshot(id); s.Moves[2].SAN != "Nf3" {
		t.Errorf("the typed move made %s, want Nf3", s.Moves[2].SAN)
	}
	// Browsing the move list: Home shows the start position.
	run(t, white, chromedp.KeyEvent(kb.Home))
	waitJS(t, white, `window.anychess.page.browsePly === 0 && window.anychess.page.shown && window.anychess.page.shown.ply === 0 && document.querySelector('.piece[data-x="4"][data-y="1"]') !== null`)
	run(t, white, chromedp.KeyEvent(kb.End))
	waitJS(t, white, `window.anychess.page.browsePly === null && document.querySelector('.piece[data-x="5"][data-y="2"]') !== null`)
}

// TestBrowserSpecialMoves enters a Martian merge with the clock call
// declared, a Longchess retreat off the board through its button, and a
// mine laid through the chooser of two moves with the same squares.
func TestBrowserSpecialMoves(t *testing.T) {
	h := newHarness(t)
	ctx := newTab(t)
	viewport(t, ctx, false)

	// Martian Chess: the drone on c1 merges with the pawn on a1.
	mid := h.mustCreate(t, "martian-chess", nil, "4/1QD1/Q1DQ/2Q1/4/4/PP2/P1DD 1 DDPP/QQP - -", "human", "human")
	openGame(t, ctx, h, mid, 0)
	run(t, ctx, chromedp.Click(chromedp.CSS(`#decl-clock`)))
	clickAt(t, ctx, `.piece[data-x="2"][data-y="0"]`)
	waitJS(t, ctx, `document.querySelector('.dest[data-x="0"][data-y="0"]') !== null`)
	clickAt(t, ctx, `.dest[data-x="0"][data-y="0"]`)
	if eval[bool](t, ctx, `!document.getElementById("chooser").hidden`) {
		clickAt(t, ctx, `#chooser .choice[data-text="c1a1q"]`)
	}
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if _, got := h.snapshot(mid); strings.Join(got, " ") != "c1a1q:clock" {
		t.Fatalf("the server was sent %q, want c1a1q:clock", got)
	}
	if s, _ := h.snapshot(mid); !strings.Contains(strings.Join(s.Status, "\n"), "called") {
		t.Errorf("the clock call does not show in the status: %q", s.Status)
	}
	waitJS(t, ctx, `document.getElementById("status").textContent.includes("called")`)

	// Longchess: a rook leaves the board through the special moves' button.
	lid := h.mustCreate(t, "longchess", nil, "", "human", "human")
	openGame(t, ctx, h, lid, 0)
	waitJS(t, ctx, `document.querySelector('#specials .special[data-text="a8off"]') !== null`)
	clickAt(t, ctx, `#specials .special[data-text="a8off"]`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if _, got := h.snapshot(lid); strings.Join(got, " ") != "a8off" {
		t.Fatalf("the server was sent %q, want a8off", got)
	}

	// Longchess with mines: e9 to f9 is a plain move or a mine laid; the
	// chooser offers both.
	nid := h.mustCreate(t, "longchess", map[string]string{"mines": "true"}, "", "human", "human")
	openGame(t, ctx, h, nid, 0)
	clickAt(t, ctx, `.piece[data-x="4"][data-y="8"]`)
	clickAt(t, ctx, `.dest[data-x="5"][data-y="8"]`)
	waitJS(t, ctx, `!document.getElementById("chooser").hidden && document.querySelectorAll("#chooser .choice").length === 2`)
	clickAt(t, ctx, `#chooser .choice[data-text="e9*f9"]`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if _, got := h.snapshot(nid); strings.Join(got, " ") != "e9*f9" {
		t.Fatalf("the server was sent %q, want e9*f9", got)
	}
	waitJS(t, ctx, `document.querySelectorAll("svg.board .mark").length === 1`)
	screenshot(t, ctx, "longchess-mine-laid")
}

// TestBrowserPlane opens the plane far from the origin: exact 64-bit
// coordinates, an edge marker that jumps the view, a far move by clicks
// after going there and one typed.
func TestBrowserPlane(t *testing.T) {
	h := newHarness(t)
	ctx := newTab(t)
	viewport(t, ctx, false)
	const far = "9007199254740993" // 2^53 + 1: not a float64
	id := h.mustCreate(t, "infinite-plane", nil, "K"+far+",1|Q9007199254740990,1|R2,2|k5,8|r-3,8 w", "human", "human")
	openGame(t, ctx, h, id, 0)
	if !eval[bool](t, ctx, `document.querySelector('.piece[data-x="`+far+`"][data-y="1"]') !== null`) {
		t.Fatalf("the king at x = %s is not in the opening window%s", far, pageError(ctx))
	}
	if info := eval[string](t, ctx, `document.querySelector(".plane-info").textContent`); !strings.Contains(info, far) {
		t.Errorf("the window's coordinates %q do not show %s", info, far)
	}
	labels := eval[string](t, ctx, `Array.from(document.querySelectorAll(".plane-label")).map((e) => e.textContent).join(" ")`)
	if !strings.Contains(labels, "90071992547409") {
		t.Errorf("the axis labels %q are not the exact coordinates", labels)
	}
	screenshot(t, ctx, "plane-far-desktop")
	// The black king is far away: its marker jumps the view there.
	marker := eval[string](t, ctx, `(Array.from(document.querySelectorAll(".edge-marker")).find((m) => m.dataset.jump === "5,8") || {dataset: {}}).dataset.jump || ""`)
	if marker != "5,8" {
		t.Fatalf("no edge marker leads to the black king at (5,8)")
	}
	clickAt(t, ctx, `.edge-marker[data-jump="5,8"]`)
	waitJS(t, ctx, `document.querySelector('.piece[data-x="5"][data-y="8"]') !== null && document.querySelector('.piece[data-x="`+far+`"]') === null`)
	screenshot(t, ctx, "plane-jumped-desktop")
	// Go back by the go-to box and move the king by clicks.
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`.goto-box`), far+",1"), chromedp.Click(chromedp.CSS(`.goto button`)))
	waitJS(t, ctx, `document.querySelector('.piece[data-x="`+far+`"][data-y="1"]') !== null`)
	clickAt(t, ctx, `.piece[data-x="`+far+`"][data-y="1"]`)
	waitJS(t, ctx, `document.querySelector('.dest[data-x="`+far+`"][data-y="2"]') !== null`)
	clickAt(t, ctx, `.dest[data-x="`+far+`"][data-y="2"]`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if _, got := h.snapshot(id); len(got) != 1 || got[0] != "("+far+",1)("+far+",2)" {
		t.Fatalf("the server was sent %q, want (%s,1)(%s,2)", got, far, far)
	}
	// Black answers by text: a move far outside any window.
	black := newTab(t)
	viewport(t, black, false)
	openGame(t, black, h, id, 1)
	run(t, black, chromedp.SetValue(chromedp.CSS(`#move-text`), "(-3,8)(-3,-4611686018427387000)"), chromedp.Click(chromedp.CSS(`#move-play`)))
	waitJS(t, black, `window.anychess.page.state.ply === 2`)
	if s, _ := h.snapshot(id); !strings.Contains(s.Position, "r-3,-4611686018427387000") {
		t.Errorf("the far rook move did not arrive: %s", s.Position)
	}
	// White's queen goes far up its file: a square outside the listed
	// candidates, reached with the go-to box and clicked.
	waitJS(t, ctx, `window.anychess.page.state.ply === 2`)
	clickAt(t, ctx, `.piece[data-x="9007199254740990"][data-y="1"]`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`.goto-box`), "9007199254740990,123456789"), chromedp.Click(chromedp.CSS(`.goto button`)))
	waitJS(t, ctx, `window.anychess.page.view.viewCenter().y === 123456789n`)
	sq := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("svg.board").getBoundingClientRect(); const s = window.anychess.page.view.squarePx(); return [r.left + r.width / 2, r.top + r.height / 2, s]; })()`)
	run(t, ctx, chromedp.MouseClickXY(sq[0], sq[1]))
	waitJS(t, ctx, `document.querySelector('#chooser .choice[data-text="(9007199254740990,1)(9007199254740990,123456789)"]') !== null`)
	clickAt(t, ctx, `#chooser .choice`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 3`)
	if s, _ := h.snapshot(id); !strings.Contains(s.Position, "Q9007199254740990,123456789") {
		t.Errorf("the far queen move did not arrive: %s", s.Position)
	}
	// Dragging pans the window.
	before := eval[string](t, ctx, `document.querySelector(".plane-info").textContent`)
	box := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("svg.board").getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`)
	run(t, ctx, chromedp.MouseEvent(chromedp.MousePressed, box[0], box[1], chromedp.ButtonLeft), chromedp.MouseEvent(chromedp.MouseMoved, box[0]+60, box[1]+10, chromedp.ButtonLeft), chromedp.MouseEvent(chromedp.MouseMoved, box[0]+200, box[1]+40, chromedp.ButtonLeft), chromedp.MouseEvent(chromedp.MouseReleased, box[0]+200, box[1]+40, chromedp.ButtonLeft))
	if after := eval[string](t, ctx, `document.querySelector(".plane-info").textContent`); after == before {
		t.Errorf("dragging did not move the window: %q", after)
	}
	if s := eval[int](t, ctx, `window.anychess.page.state.ply`); s != 3 {
		t.Errorf("the drag made a move: ply %d", s)
	}
	// Zoom by the button and the wheel; pan by the keys.
	s0 := eval[float64](t, ctx, `window.anychess.page.view.squarePx()`)
	clickAt(t, ctx, `.zoom-in`)
	s1 := eval[float64](t, ctx, `window.anychess.page.view.squarePx()`)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("svg.board"); const r = s.getBoundingClientRect(); s.dispatchEvent(new WheelEvent("wheel", {deltaY: 120, clientX: r.left + 10, clientY: r.top + 10, bubbles: true, cancelable: true})); })()`))
	s2 := eval[float64](t, ctx, `window.anychess.page.view.squarePx()`)
	if !(s1 > s0 && s2 < s1) {
		t.Errorf("square sizes %.1f, zoomed in %.1f, wheeled out %.1f", s0, s1, s2)
	}
	cx := eval[string](t, ctx, `window.anychess.page.view.viewCenter().x.toString()`)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("svg.board").focus()`), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	if cx2 := eval[string](t, ctx, `window.anychess.page.view.viewCenter().x.toString()`); cx2 == cx {
		t.Errorf("the arrow keys did not move the view from x = %s", cx)
	}
	if p := eval[int](t, ctx, `window.anychess.page.browsePly === null ? -1 : window.anychess.page.browsePly`); p != -1 {
		t.Errorf("the arrow keys on the plane browsed the moves (ply %d)", p)
	}
	viewport(t, ctx, true)
	openGame(t, ctx, h, id, 0)
	screenshot(t, ctx, "plane-far-phone")
	// On the phone: two fingers spread zoom in, one finger drags.
	mid := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("svg.board").getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`)
	p0 := eval[float64](t, ctx, `window.anychess.page.view.squarePx()`)
	touch := func(typ input.DispatchTouchEventType, pts ...[2]float64) chromedp.Action[chromedp.Void] {
		return func(c context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			tps := []*input.TouchPoint{}
			for i, p := range pts {
				id := float64(i)
				tps = append(tps, &input.TouchPoint{X: p[0], Y: p[1], ID: &id})
			}
			_, err := cdp.Call(c, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: tps})
			return chromedp.Void{}, err
		}
	}
	x, y := mid[0], mid[1]
	run(t, ctx,
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x - 20, y}, [2]float64{x + 20, y}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x - 50, y}, [2]float64{x + 50, y}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x - 80, y}, [2]float64{x + 80, y}),
		touch(input.DispatchTouchEventTypeTouchEnd))
	if p1 := eval[float64](t, ctx, `window.anychess.page.view.squarePx()`); p1 <= p0*1.5 {
		t.Errorf("pinching out from %.1f px squares gave %.1f", p0, p1)
	}
	c0 := eval[string](t, ctx, `window.anychess.page.view.viewCenter().y.toString()`)
	run(t, ctx,
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x, y}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x, y + 60}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x, y + 200}),
		touch(input.DispatchTouchEventTypeTouchEnd))
	if c1 := eval[string](t, ctx, `window.anychess.page.view.viewCenter().y.toString()`); c1 == c0 {
		t.Errorf("a finger's drag left the view at y = %s", c0)
	}
	if p := eval[int](t, ctx, `window.anychess.page.state.ply`); p != 3 {
		t.Errorf("touching the plane made a move (ply %d)", p)
	}
}

// TestBrowserPagesLoad opens the home and rules pages: the variant list,
// the seats of the chosen options, a new game and its links; each piece's
// movement diagram.
func TestBrowserPagesLoad(t *testing.T) {
	h := newHarness(t)
	ctx := newTab(t)
	viewport(t, ctx, false)
	run(t, ctx, chromedp.Navigate(h.url("/")))
	waitJS(t, ctx, `document.querySelectorAll("#variant option").length > 0 && document.querySelectorAll("#seat-rows select").length === 2`)
	names := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#variant option")).map((o) => o.value)`)
	if strings.Join(names, " ") != strings.Join(variant.Names(), " ") {
		t.Errorf("the home page lists %v, want %v", names, variant.Names())
	}
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#variant`), "martian-chess"), chromedp.Evaluate[chromedp.Void](`document.getElementById("variant").dispatchEvent(new Event("change"))`))
	waitJS(t, ctx, `document.querySelector('#options select[data-option="players"]') !== null`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#options select[data-option="players"]`), "4"), chromedp.Evaluate[chromedp.Void](`document.querySelector('#options select[data-option="players"]').dispatchEvent(new Event("change"))`))
	waitJS(t, ctx, `document.querySelectorAll("#seat-rows select").length === 4`)
	// seats: you, a friend, computer, random
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#seat-rows select[data-seat="1"]`), "friend"), chromedp.SetValue(chromedp.CSS(`#seat-rows select[data-seat="3"]`), "random"))
	screenshot(t, ctx, "home-desktop")
	run(t, ctx, chromedp.Click(chromedp.CSS(`#create`)))
	waitJS(t, ctx, `document.querySelectorAll("#created .invite-link").length === 1`)
	link := eval[string](t, ctx, `document.querySelector("#created .invite-link").value`)
	if !strings.Contains(link, "#seat=2&token=t2") {
		t.Errorf("the friend's link is %q", link)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#open-seat`)))
	waitJS(t, ctx, `!!(window.anychess && window.anychess.page.state && window.anychess.page.state.you === 0)`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#seats .seat").length`); n != 4 {
		t.Errorf("the game shows %d seats, want 4", n)
	}

	// Import: a game's record pasted on the home page goes on from its end.
	src := h.mustCreate(t, "chess", nil, "", "human", "human")
	h.mu.Lock()
	for i, mv := range []string{"e4", "e5", "Nf3"} {
		if _, err := h.games[src].g.SubmitText(h.games[src].g.Turn(), mv); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	h.mu.Unlock()
	res, err := http.Get(h.url("/api/games/" + src + "/record"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	record := string(body)
	run(t, ctx, chromedp.Navigate(h.url("/")))
	waitJS(t, ctx, `document.querySelectorAll("#variant option").length > 0`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#import-text`), record), chromedp.Click(chromedp.CSS(`#import-form button`)))
	waitJS(t, ctx, `document.getElementById("open-seat") !== null`)
	clickAt(t, ctx, `#open-seat`)
	waitJS(t, ctx, `window.anychess && window.anychess.page.state && window.anychess.page.state.ply === 3 && window.anychess.page.state.game !== "`+src+`"`)
	// A move of the list shows the position after it.
	clickAt(t, ctx, `#moves .mv[data-ply="1"]`)
	waitJS(t, ctx, `window.anychess.page.browsePly === 1 && document.querySelector('.piece[data-x="4"][data-y="3"]') !== null && document.querySelector('.piece[data-x="4"][data-y="4"]') === null`)

	// Rules pages: a diagram per piece.
	for _, v := range []string{"chess", "longchess", "infinite-plane"} {
		run(t, ctx, chromedp.Navigate(h.url("/rules/"+v)))
		waitJS(t, ctx, `document.querySelectorAll("#piece-list .piece-name").length > 0 && document.querySelectorAll("svg.board .piece").length === 1`)
		if !eval[bool](t, ctx, `document.getElementById("help").textContent.length > 100`) {
			t.Errorf("%s: no rules text", v)
		}
		clickAt(t, ctx, `#piece-list li:nth-child(2) .piece-name`)
		waitJS(t, ctx, `document.querySelector("#piece-list li:nth-child(2) .piece-name").classList.contains("current") && document.querySelectorAll("svg.board .dest").length > 0`)
		screenshot(t, ctx, "rules-"+v)
	}
	viewport(t, ctx, true)
	run(t, ctx, chromedp.Navigate(h.url("/")))
	waitJS(t, ctx, `document.querySelectorAll("#seat-rows select").length === 2`)
	screenshot(t, ctx, "home-phone")
	run(t, ctx, chromedp.Navigate(h.url("/rules/martian-chess?option=players=4")))
	waitJS(t, ctx, `document.querySelectorAll("svg.board .piece").length === 1 && document.querySelectorAll("svg.board .dest").length > 0`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#seat-rows select, svg.board .region").length`); n != 4 {
		t.Errorf("the Martian rules page with players=4 draws %d zones, want 4", n)
	}
	screenshot(t, ctx, "rules-martian-chess_players=4-phone")
	b, _ := json.Marshal(diagramsOf(mustRules(t, "chess")))
	if !strings.Contains(string(b), `"letter":"N"`) {
		t.Errorf("chess diagrams: %s", b)
	}
}

func mustRules(t *testing.T, name string) *core.Rules {
	r, err := variant.Load(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// tapAt touches the centre of an element (a phone's tap).
func tapAt(t *testing.T, ctx context.Context, selector string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return null; e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, selector)
	xy := eval[[]float64](t, ctx, js)
	if len(xy) != 2 {
		t.Fatalf("nothing to tap at %s%s", selector, pageError(ctx))
	}
	tap := func(c context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		pt := []*input.TouchPoint{{X: xy[0], Y: xy[1]}}
		if _, err := cdp.Call(c, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(c, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return chromedp.Void{}, err
	}
	run(t, ctx, chromedp.Action[chromedp.Void](tap))
}

// TestBrowserPhoneTaps plays a Longchess move on a phone by two taps on the
// upright board.
func TestBrowserPhoneTaps(t *testing.T) {
	h := newHarness(t)
	ctx := newTab(t)
	viewport(t, ctx, true)
	id := h.mustCreate(t, "longchess", nil, "", "human", "human")
	openGame(t, ctx, h, id, 0)
	if up := eval[string](t, ctx, `document.querySelector("svg.board").dataset.up`); up != "east" {
		t.Errorf("on a phone Longchess white looks %s, want east (upright, 9 across)", up)
	}
	tapAt(t, ctx, `.piece[data-x="4"][data-y="2"]`)
	waitJS(t, ctx, `document.querySelector('.dest[data-x="5"][data-y="2"]') !== null`)
	tapAt(t, ctx, `.dest[data-x="5"][data-y="2"]`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if _, got := h.snapshot(id); strings.Join(got, " ") != "e3f3" {
		t.Fatalf("the server was sent %q, want e3f3", got)
	}
}

// TestBrowserLiveGame: two seats and a spectator on one game with clocks;
// offers, a takeback, the connection dropped and taken again, resignation.
func TestBrowserLiveGame(t *testing.T) {
	h := newHarness(t)
	id, err := h.create("chess", nil, "", []string{"human", "human"}, "5m+3s", true)
	if err != nil {
		t.Fatal(err)
	}
	white, black, watcher := newTab(t), newTab(t), newTab(t)
	for _, c := range []context.Context{white, black, watcher} {
		viewport(t, c, false)
	}
	openGame(t, white, h, id, 0)
	openGame(t, black, h, id, 1)
	openGame(t, watcher, h, id, -1)
	if you := eval[int](t, watcher, `window.anychess.page.state.you`); you != -1 {
		t.Errorf("the spectator sits in seat %d", you)
	}
	// White's clock runs on the page between the server's states.
	first := eval[string](t, white, `document.querySelector('#seats .clock[data-seat="0"]').textContent`)
	if !strings.HasPrefix(first, "4:5") && first != "5:00" {
		t.Errorf("white's clock shows %q, want 5:00 less the seconds since the start", first)
	}
	waitJS(t, white, `(() => { const c = document.querySelector('#seats .clock[data-seat="0"]'); return c.textContent !== "`+first+`" && c.classList.contains("running"); })()`)
	if c := eval[string](t, white, `document.querySelector('#seats .clock[data-seat="1"]').textContent`); c != "5:00" {
		t.Errorf("black's stopped clock shows %q", c)
	}
	run(t, white, chromedp.SetValue(chromedp.CSS(`#move-text`), "e4"), chromedp.Click(chromedp.CSS(`#move-play`)))
	waitJS(t, watcher, `window.anychess.page.state.ply === 1 && document.querySelector('#moves .mv[data-ply="1"]') !== null`)
	if n := eval[int](t, watcher, `document.querySelectorAll("#actions button").length`); n != 0 {
		t.Errorf("the spectator has %d game buttons", n)
	}
	// Black offers a draw; white declines.
	waitJS(t, black, `document.querySelector("#actions .draw-offer") !== null`)
	clickAt(t, black, `#actions .draw-offer`)
	waitJS(t, white, `document.querySelector("#actions .draw-decline") !== null`)
	clickAt(t, white, `#actions .draw-decline`)
	waitJS(t, black, `(window.anychess.page.state.drawOffers || []).length === 0 && document.querySelector("#actions .draw-offer") !== null`)
	// White takes e4 back with black's consent.
	clickAt(t, white, `#actions .takeback-propose`)
	waitJS(t, black, `document.querySelector("#actions .takeback-accept") !== null`)
	clickAt(t, black, `#actions .takeback-accept`)
	waitJS(t, white, `window.anychess.page.state.ply === 0 && document.querySelector('.piece[data-x="4"][data-y="1"]') !== null`)
	// The server drops every connection: the pages reconnect and go on.
	h.dropAll(id)
	waitJS(t, white, `document.getElementById("conn").classList.contains("down")`)
	waitJS(t, white, `document.getElementById("conn").classList.contains("ok") && window.anychess.send({type: "ping"}) === true`)
	clickAt(t, white, `.piece[data-x="3"][data-y="1"]`)
	clickAt(t, white, `.dest[data-x="3"][data-y="3"]`)
	waitJS(t, white, `window.anychess.page.state.ply === 1`)
	waitJS(t, black, `window.anychess.page.state.ply === 1`)
	// Black resigns; both see the result.
	run(t, black, chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	clickAt(t, black, `#actions .resign`)
	waitJS(t, white, `window.anychess.page.state.outcome.status === "win" && document.getElementById("result").textContent.length > 0`)
	if s, _ := h.snapshot(id); s.Outcome.Status != "win" || len(s.Outcome.Winners) != 1 || s.Outcome.Winners[0] != 0 {
		t.Errorf("outcome %+v, want white to win", s.Outcome)
	}
	sounds := eval[map[string]int](t, white, `window.anychessSounds || {}`)
	if sounds["move"] < 1 || sounds["end"] != 1 {
		t.Errorf("white's page played %v, want moves and one game end", sounds)
	}
	if !eval[bool](t, white, `document.querySelector("#actions .rematch") !== null`) {
		t.Error("no rematch button after the game")
	}
	screenshot(t, white, "chess-over-desktop")
	// The rematch: white asks, sees black's link, and opens its own seat
	// of the new game (seats turned: white now plays second).
	clickAt(t, white, `#actions .rematch`)
	waitJS(t, white, `document.querySelector("#actions .invite-link") !== null`)
	clickAt(t, white, `#actions a.button`)
	waitJS(t, white, `window.anychess && window.anychess.page.state && window.anychess.page.state.game !== "`+id+`" && window.anychess.page.state.you === 1`)
}

// TestBrowserBadInput: messages a faulty server might send show an error
// and leave the page working.
func TestBrowserBadInput(t *testing.T) {
	h := newHarness(t)
	ctx := newTab(t)
	viewport(t, ctx, false)
	id := h.mustCreate(t, "chess", nil, "", "human", "human")
	openGame(t, ctx, h, id, 0)
	h.mu.Lock()
	good, _ := json.Marshal(h.stateFor(id, h.games[id], 0))
	h.mu.Unlock()
	var broken map[string]any
	if err := json.Unmarshal(good, &broken); err != nil {
		t.Fatal(err)
	}
	pieces := broken["pieces"].([]any)
	pieces[0].(map[string]any)["at"] = map[string]any{"x": "1e99", "y": "zz"}
	badCoords, _ := json.Marshal(broken)
	broken["legal"] = "everything"
	badLegal, _ := json.Marshal(broken)
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
		h.sendRaw(id, []byte(c.msg))
		waitJS(t, ctx, `document.getElementById("error").textContent.includes(`+fmt.Sprintf("%q", c.want)+`)`)
	}
	// the broken piece is left out, the others drawn; moves still work
	if n := eval[int](t, ctx, `document.querySelectorAll("svg.board .piece").length`); n != 31 {
		t.Errorf("%d pieces drawn after a state with one bad square, want 31", n)
	}
	clickAt(t, ctx, `.piece[data-x="6"][data-y="0"]`)
	clickAt(t, ctx, `.dest[data-x="5"][data-y="2"]`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if _, got := h.snapshot(id); strings.Join(got, " ") != "g1f3" {
		t.Errorf("the server was sent %q, want g1f3", got)
	}
}

// TestBrowserSeatViews turns the board to each seat: Longchess's four teams
// face four ways, Martian Chess's four seats see their own zone at the
// bottom left; a move by clicks on a board turned a quarter, and a check
// shown.
func TestBrowserSeatViews(t *testing.T) {
	h := newHarness(t)
	ctx := newTab(t)
	viewport(t, ctx, false)
	four := func(v string, opts map[string]string) string {
		return h.mustCreate(t, v, opts, "", "human", "human", "human", "human")
	}
	lid := four("longchess", map[string]string{"teams": "4"})
	mid := four("martian-chess", map[string]string{"players": "4"})
	for seat, want := range []string{"south", "west", "north", "east"} {
		openGame(t, ctx, h, lid, seat)
		if up := eval[string](t, ctx, `document.querySelector("svg.board").dataset.up`); up != want {
			t.Errorf("Longchess four teams, seat %d: %s at the top, want %s", seat+1, up, want)
		}
	}
	for seat, want := range []string{"north", "east", "south", "west"} {
		openGame(t, ctx, h, mid, seat)
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
	openGame(t, ctx, h, lid, 0)
	var mv wire.MoveInfo
	h.mu.Lock()
	for _, m := range wire.StateOf(lid, h.games[lid].g, 0).Legal {
		if m.From != nil && m.To != nil && !m.Special && m.From.X != m.To.X {
			mv = m
			break
		}
	}
	h.mu.Unlock()
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
	if _, got := h.snapshot(lid); strings.Join(got, " ") != mv.Text {
		t.Fatalf("the server was sent %q, want %s", got, mv.Text)
	}
	// The check: white's king in check is marked.
	cid := h.mustCreate(t, "chess", nil, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "human", "human")
	openGame(t, ctx, h, cid, 0)
	if !eval[bool](t, ctx, `document.querySelector('.hl-check[data-x="4"][data-y="0"]') !== null`) {
		t.Error("the king in check is not marked")
	}
}

// TestBrowserSmallThings: the flip button turns the board; a retreat off
// the board (from and to the same square) asks before it is played; the
// mute switch is remembered; a clock under 20 s warns.
func TestBrowserSmallThings(t *testing.T) {
	h := newHarness(t)
	ctx := newTab(t)
	viewport(t, ctx, false)
	id := h.mustCreate(t, "longchess", nil, "", "human", "human")
	openGame(t, ctx, h, id, 0)
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
	if s, got := h.snapshot(id); s.Ply != 0 || len(got) != 0 {
		t.Fatalf("two clicks on a rook sent %q", got)
	}
	clickAt(t, ctx, `#mute`)
	openGame(t, ctx, h, id, 0)
	if !eval[bool](t, ctx, `document.getElementById("mute").checked && localStorage.getItem("anychess-mute") === "1"`) {
		t.Error("the mute switch was not remembered")
	}
	cid, err := h.create("chess", nil, "", []string{"human", "human"}, "21s", false)
	if err != nil {
		t.Fatal(err)
	}
	openGame(t, ctx, h, cid, 0)
	waitJS(t, ctx, `document.querySelector('#seats .clock[data-seat="0"]').classList.contains("low") && (window.anychessSounds || {}).lowtime === 1`)
	if eval[bool](t, ctx, `document.querySelector('#seats .clock[data-seat="1"]').classList.contains("low")`) {
		t.Error("black's clock, not running and at 21 s, warns")
	}
}
