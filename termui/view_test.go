package termui_test

// Tests of the window on unbounded boards: drawing, far pieces at the edge, and the pan/center/home/zoom commands in play.

import (
	"strings"
	"testing"

	"anychess/core"
	"anychess/game"
	"anychess/termui"
	"anychess/variant"
)

func planePos(t *testing.T, options map[string]string, text string) *core.Position {
	t.Helper()
	r, err := variant.Load("infinite-plane-huygens", options)
	if err != nil {
		t.Fatal(err)
	}
	if text == "" {
		return r.StartPosition()
	}
	p, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRenderViewFarPieces(t *testing.T) {
	p := planePos(t, nil, "K0,0|R1000000000000,0|N-50,60|k2,2")
	v := termui.View{X: 1, Y: 1, W: 5, H: 5}
	out := termui.RenderView(p, v)
	lines := strings.Split(out, "\n")
	for _, want := range []string{
		"Outside the window (2): N (-50,60) ↖, R (1000000000000,0) →",
		"Window: 5×5 around (1,1)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// The rook's arrow is on the right edge of the row y = 0, the knight's
	// in the top-left corner of the frame.
	var row0, top string
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "0 ") {
			row0 = l
		}
	}
	top = lines[0]
	if !strings.HasSuffix(strings.TrimRight(row0, " "), "→") || !strings.Contains(row0, "K") {
		t.Errorf("row 0 %q: want the king and an arrow → at its end", row0)
	}
	if !strings.Contains(top, "↖") {
		t.Errorf("top frame %q: want ↖", top)
	}
	if !strings.Contains(out, "k") {
		t.Errorf("black king not drawn:\n%s", out)
	}
}

func TestRenderViewLetters(t *testing.T) {
	p := planePos(t, map[string]string{"names": "letters"}, "K5,1|k5,8")
	out := termui.RenderView(p, termui.View{X: -6, Y: 1, W: 3, H: 3})
	// Files -a, φ, a around x = -6; ranks 6, 7, 8 around y = 1.
	for _, want := range []string{"-a", "φ", " a", "\n7 ", "\n8 "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

func TestDefaultViewIgnoresOutliers(t *testing.T) {
	p := planePos(t, nil, "")
	v := termui.DefaultView(p)
	// The whole start position shows: x from -4 to 13, y from -5 to 14.
	if x0, y0 := v.X-int64(v.W-1)/2, v.Y-int64(v.H-1)/2; x0 > -4 || y0 > -5 || x0+int64(v.W) <= 13 || y0+int64(v.H) <= 14 {
		t.Fatalf("start window %+v does not hold the start position", v)
	}
	if out := termui.RenderView(p, v); strings.Contains(out, "Outside the window") {
		t.Fatalf("start window leaves pieces out:\n%s", out)
	}
	text := strings.Replace(p.String(), "C1,0|", "C1000000000000,5|", 1)
	q, err := p.Rules().ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	if w := termui.DefaultView(q); w != v {
		t.Errorf("one far chancellor moves the window from %+v to %+v", v, w)
	}
}

func TestPlayViewCommands(t *testing.T) {
	p := planePos(t, nil, "K0,0|R1,1|R2,2|k5,8")
	input := strings.Join([]string{
		"help",
		"pan 100 0",
		"pan x",
		"center (-40,7)",
		"center 3 4",
		"center (1,4611686018427387904)",
		"zoom 4 3",
		"zoom 0 3",
		"home",
		"(1,1)(1,1000000)",
		"quit",
	}, "\n")
	var out strings.Builder
	g := newGame(t, game.Config{Rules: p.Rules(), Start: p.String()})
	termui.Play(g, strings.NewReader(input), &out, termui.Options{})
	s := out.String()
	for _, want := range []string{
		"The window: pan DX DY",
		"around (102,4)",
		"pan DX DY: two whole numbers",
		"around (-40,7)",
		"around (3,4)",
		"center: square \"(1,4611686018427387904)\"",
		"Window: 4×3 around (3,4)",
		"zoom W H: a window of 1 to 60",
		"Outside the window (1): R (1,1000000) ↑",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in the session:\n%s", want, s)
		}
	}
}

// TestStartWindowLetters: the start window of both plane games, with the
// source's letter names, shows its diagram's files a to t (issue 18).
func TestStartWindowLetters(t *testing.T) {
	for _, name := range []string{"infinite-plane", "infinite-plane-huygens"} {
		r, err := variant.Load(name, map[string]string{"names": "letters"})
		if err != nil {
			t.Fatal(err)
		}
		out := termui.Render(r.StartPosition())
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		var files string
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 0 && f[0] == "a" {
				files = strings.Join(f, "")
			}
		}
		if files != "abcdefghijklmnopqrst" {
			t.Errorf("%s: the start window's files are %q, want a to t:\n%s", name, files, out)
		}
	}
}
