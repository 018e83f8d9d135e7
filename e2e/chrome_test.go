package e2e

// The browser: one headless Chromium for the package's tests, a tab with its own cookies per player, and the steps the tests take in it.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel context.CancelFunc
	browserErr    error
	browserDir    string
)

func TestMain(m *testing.M) {
	serveChild()
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

// needBrowser skips (or, in CI, fails) the test before it starts a server
// when there is no browser.
func needBrowser(t *testing.T) { chromiumPath(t) }

// newTab opens a tab of the shared browser, in a browser context of its
// own: a seat's cookie does not leak to another player's tab.
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
			// Background tabs keep their timers: a seat's page in a tab
			// the test is not looking at still reconnects and ticks.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
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
	waitJSFor(t, ctx, 12*time.Second, expr)
}

func waitJSFor(t *testing.T, ctx context.Context, d time.Duration, expr string) {
	t.Helper()
	deadline := time.Now().Add(d)
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

// centreOf scrolls an element into view and returns its centre.
//
// The centre is read until two reads 50 ms apart agree (for up to three
// seconds), so that a page still moving its layout (a list arriving above
// the element) is not clicked where the element was. A change that starts
// after the second read can still move it: this narrows the race, and a
// test whose page changes on its own should also wait for that change.
func centreOf(t *testing.T, ctx context.Context, selector string) (float64, float64) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return null; e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, selector)
	var last []float64
	for deadline := time.Now().Add(3 * time.Second); ; {
		xy := eval[[]float64](t, ctx, js)
		if len(xy) != 2 {
			t.Fatalf("nothing at %s%s", selector, pageError(ctx))
		}
		if len(last) == 2 && xy[0] == last[0] && xy[1] == last[1] || time.Now().After(deadline) {
			return xy[0], xy[1]
		}
		last = xy
		time.Sleep(50 * time.Millisecond)
	}
}

// clickAt clicks with the mouse at the centre of the element a selector
// finds (a real click: the page maps it back to a square).
func clickAt(t *testing.T, ctx context.Context, selector string) {
	t.Helper()
	x, y := centreOf(t, ctx, selector)
	run(t, ctx, chromedp.MouseClickXY(x, y))
}

// tapAt touches the centre of an element (a phone's tap).
func tapAt(t *testing.T, ctx context.Context, selector string) {
	t.Helper()
	x, y := centreOf(t, ctx, selector)
	tap := func(c context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		pt := []*input.TouchPoint{{X: x, Y: y}}
		if _, err := cdp.Call(c, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(c, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return chromedp.Void{}, err
	}
	run(t, ctx, chromedp.Action[chromedp.Void](tap))
}

// setField sets a form field's value and tells the page, as a person
// choosing it would, in one step (a field the page draws again meanwhile
// is found again).
func setField(t *testing.T, ctx context.Context, selector, value string) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false; e.value = %q; e.dispatchEvent(new Event("change", {bubbles: true})); return e.value === %q; })()`, selector, value, value))
}

// typeMove plays a move through the page's text box.
func typeMove(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#move-text`), text), chromedp.Click(chromedp.CSS(`#move-play`)))
}

// The screen sizes: a desktop's and a 390×844 phone's.
const (
	desktop = false
	phone   = true
)

func viewport(t *testing.T, ctx context.Context, isPhone bool) {
	t.Helper()
	if isPhone {
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

// screenshot writes the whole page as NAME.png to the screenshots folder.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(c, chromedp.FullScreenshot(100)) // quality 100: PNG
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(screenshotDir(t), name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// openGame opens game g as seat (0-based; -1 watches) by its link, and
// waits for the board to be drawn with the server's state.
func openGame(t *testing.T, ctx context.Context, s *site, g *made, seat int) {
	t.Helper()
	// From a blank page: a link differing only in its fragment would not
	// load the page again.
	run(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(s.link(g, seat)))
	waitJS(t, ctx, fmt.Sprintf(`!!(window.anychess && window.anychess.page.state && window.anychess.page.state.game === %q && window.anychess.page.state.you === %d && document.querySelector("svg.board .layer-pieces"))`, g.ID, seat))
}

// atPly waits until the page shows the game at ply n.
func atPly(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`window.anychess.page.state.ply === %d`, n))
}
