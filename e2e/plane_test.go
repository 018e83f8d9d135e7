package e2e

// The infinite plane far from its origin: exact 64-bit coordinates, edge markers, the go-to box, far moves by clicks and by text, panning and zooming by mouse, keys and fingers.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPlane opens the plane far from the origin: exact 64-bit
// coordinates, an edge marker that jumps the view, a far move by clicks
// after going there and one typed.
func TestPlane(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	const far = "9007199254740993" // 2^53 + 1: not a float64
	g := s.humans("infinite-plane", nil, "K"+far+",1|Q9007199254740990,1|R2,2|k5,8|r-3,8 w")
	openGame(t, ctx, s, g, 0)
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
	// Text the go-to box cannot read is refused with a message, the view
	// left where it is.
	centre := eval[string](t, ctx, `window.anychess.page.view.viewCenter().x + "," + window.anychess.page.view.viewCenter().y`)
	for _, bad := range []string{"zz,??", "1e99,3", "99999999999999999999,1", "(a1", "e8e8"} {
		run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("error").textContent = ""`),
			chromedp.SetValue(chromedp.CSS(`.goto-box`), bad), chromedp.Click(chromedp.CSS(`.goto button`)))
		waitJS(t, ctx, `document.getElementById("error").textContent.length > 0`)
		if now := eval[string](t, ctx, `window.anychess.page.view.viewCenter().x + "," + window.anychess.page.view.viewCenter().y`); now != centre {
			t.Errorf("going to %q moved the view from %s to %s", bad, centre, now)
		}
	}
	// Go back by the go-to box and move the king by clicks.
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`.goto-box`), far+",1"), chromedp.Click(chromedp.CSS(`.goto button`)))
	waitJS(t, ctx, `document.querySelector('.piece[data-x="`+far+`"][data-y="1"]') !== null`)
	clickAt(t, ctx, `.piece[data-x="`+far+`"][data-y="1"]`)
	waitJS(t, ctx, `document.querySelector('.dest[data-x="`+far+`"][data-y="2"]') !== null`)
	clickAt(t, ctx, `.dest[data-x="`+far+`"][data-y="2"]`)
	waitJS(t, ctx, `window.anychess.page.state.ply === 1`)
	if got := s.moveTexts(g.ID); got != "("+far+",1)("+far+",2)" {
		t.Fatalf("the server played %q, want (%s,1)(%s,2)", got, far, far)
	}
	// Black answers by text: a move far outside any window.
	black := newTab(t)
	viewport(t, black, desktop)
	openGame(t, black, s, g, 1)
	run(t, black, chromedp.SetValue(chromedp.CSS(`#move-text`), "(-3,8)(-3,-4611686018427387000)"), chromedp.Click(chromedp.CSS(`#move-play`)))
	waitJS(t, black, `window.anychess.page.state.ply === 2`)
	if st := s.state(g.ID); !strings.Contains(st.Position, "r-3,-4611686018427387000") {
		t.Errorf("the far rook move did not arrive: %s", st.Position)
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
	if st := s.state(g.ID); !strings.Contains(st.Position, "Q9007199254740990,123456789") {
		t.Errorf("the far queen move did not arrive: %s", st.Position)
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
	// A plane named in letters: the go-to box reads them from the server's
	// lettersA1, and the axes are labelled so.
	lg := s.humans("infinite-plane", map[string]string{"names": "letters"}, "")
	a1 := s.board(lg.ID).LettersA1
	if a1 == nil {
		t.Fatal("the plane's board has no lettersA1")
	}
	openGame(t, ctx, s, lg, 0)
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`.goto-box`), "e8"), chromedp.Click(chromedp.CSS(`.goto button`)))
	var ax, ay int64
	fmt.Sscan(a1.X, &ax)
	fmt.Sscan(a1.Y, &ay)
	waitJS(t, ctx, fmt.Sprintf(`window.anychess.page.view.viewCenter().x === %dn && window.anychess.page.view.viewCenter().y === %dn`, ax+4, ay+7))
	if labels := eval[string](t, ctx, `Array.from(document.querySelectorAll(".plane-label:not(.plane-label-y)")).map((e) => e.textContent).join(" ")`); labels == "" || strings.ContainsAny(labels, "0123456789") {
		t.Errorf("the letters plane's file labels are not letters: %q", labels)
	}
	viewport(t, ctx, phone)
	openGame(t, ctx, s, g, 0)
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
