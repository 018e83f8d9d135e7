package e2e

// Every variant and option set drawn on a desktop and a phone: the server's cells, regions and pieces, and the phone's 32 px rule.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"anychess/wire"
)

// variantInfo is an entry of GET /api/variants.
type variantInfo struct {
	Name    string `json:"name"`
	Players int    `json:"players"`
	Options []struct {
		Name    string   `json:"name"`
		Default string   `json:"default"`
		Values  []string `json:"values"`
	} `json:"options"`
}

// optionSets lists every variant the server offers with its default
// options, each option's other values one at a time, and the
// combinations that change the board; "" names the variant.
func optionSets(s *site) []map[string]string {
	var vs []variantInfo
	s.getJSON("/api/variants", &vs)
	var out []map[string]string
	for _, v := range vs {
		out = append(out, map[string]string{"": v.Name})
		for _, o := range v.Options {
			if len(o.Values) == 0 {
				out = append(out, map[string]string{"": v.Name, o.Name: "true"})
				continue
			}
			for _, val := range o.Values {
				if val != o.Default {
					out = append(out, map[string]string{"": v.Name, o.Name: val})
				}
			}
		}
	}
	return append(out,
		map[string]string{"": "martian-chess", "players": "4", "teams": "true"},
		map[string]string{"": "longchess", "teams": "4", "mode": "ctm"},
		map[string]string{"": "longchess", "teams": "4", "mines": "true", "artillery": "true"},
	)
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

// drawn is what the page drew, read from its SVG.
type drawn struct {
	Pieces  []string       `json:"pieces"`
	Cells   map[string]int `json:"cells"`
	Regions int            `json:"regions"`
	Files   string         `json:"files"`
	Ranks   string         `json:"ranks"`
	Edge    int            `json:"edge"`
	Square  float64        `json:"square"`
	Marks   int            `json:"marks"`
	// Hidden counts the seat's own pieces out of view: outside the screen
	// or the board's scrolling box.
	Hidden int `json:"hidden"`
	// Wide: the board is wider than its box; More: the page says so.
	Wide bool `json:"wide"`
	More bool `json:"more"`
}

const drawnJS = `(() => {
	const q = (s) => Array.from(document.querySelectorAll(s));
	const cells = {};
	for (const c of q("svg.board .cell")) cells[c.dataset.kind] = (cells[c.dataset.kind] || 0) + 1;
	const svg = document.querySelector("svg.board");
	const box = svg.parentElement.getBoundingClientRect();
	const inView = (e) => { const r = e.getBoundingClientRect(); return r.left >= Math.max(box.left, 0) - 1 && r.right <= Math.min(box.right, document.documentElement.clientWidth) + 1 && r.top >= -1 && r.bottom <= window.innerHeight + 1; };
	return {
		pieces: q("svg.board .piece").map((p) => p.dataset.x + "," + p.dataset.y + " " + p.dataset.letter + p.dataset.owner + ((p.querySelector(".carry") || {dataset: {}}).dataset.carry || "")),
		cells,
		regions: q("svg.board .region-sq").length,
		files: svg.getAttribute("data-files") || "",
		ranks: svg.getAttribute("data-ranks") || "",
		edge: q("svg.board .edge-marker").reduce((n, m) => n + Number(m.dataset.count), 0),
		square: window.anychess.page.view.squarePx(),
		marks: q("svg.board .mark").length,
		hidden: q('svg.board .piece[data-owner="0"]').filter((p) => !inView(p)).length,
		wide: svg.parentElement.scrollWidth > svg.parentElement.clientWidth + 1,
		more: !!document.querySelector(".board-more") && !document.querySelector(".board-more").hidden,
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

// cellCounts counts a board's special cells by kind, and its region
// squares.
func cellCounts(b *wire.Board) (map[string]int, int) {
	kinds := map[string]int{}
	for _, c := range b.Cells {
		kinds[c.Kind]++
	}
	n := 0
	for _, r := range b.Regions {
		n += len(r.Squares)
	}
	return kinds, n
}

// TestBoards draws every variant and option set the server offers, on a
// desktop and a phone screen: the page shows the server's cells, regions
// and pieces (the plane: every start piece in its first window, or at its
// edge), the seat's own pieces in view (a board bigger than the screen
// scrolled to them), and on the phone no square is smaller than 32 px.
func TestBoards(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	for _, set := range optionSets(s) {
		name, opts := setName(set)
		code, body := s.do("POST", "/api/games", newGame{Variant: set[""], Options: opts})
		if code != http.StatusCreated {
			t.Logf("%s: not a playable option set (%d %s)", name, code, strings.TrimSpace(string(body)))
			continue
		}
		var g made
		if err := json.Unmarshal(body, &g); err != nil {
			t.Fatal(err)
		}
		st := s.state(g.ID)
		b := s.board(g.ID)
		kinds, regions := cellCounts(b)
		for _, screen := range []bool{desktop, phone} {
			viewport(t, ctx, screen)
			openGame(t, ctx, s, &g, 0)
			got := eval[drawn](t, ctx, drawnJS)
			where := name + map[bool]string{desktop: " (desktop)", phone: " (phone)"}[screen]
			if b.Unbounded {
				if len(got.Pieces)+got.Edge != len(st.Pieces) {
					t.Errorf("%s: %d pieces drawn and %d at the edge, want %d in all", where, len(got.Pieces), got.Edge, len(st.Pieces))
				}
				// The start fits a desktop's window at 20 px squares or
				// more: every piece is in it.
				if screen == desktop && got.Edge > 0 {
					t.Errorf("%s: %d start pieces outside the first window (squares of %.1f px)", where, got.Edge, got.Square)
				}
			} else {
				sort.Strings(got.Pieces)
				if w := wantPieces(st); strings.Join(got.Pieces, "|") != strings.Join(w, "|") {
					t.Errorf("%s: pieces drawn\n%v\nwant\n%v", where, got.Pieces, w)
				}
				if got.Files != fmt.Sprint(b.Files) || got.Ranks != fmt.Sprint(b.Ranks) {
					t.Errorf("%s: board %s×%s, want %d×%d", where, got.Files, got.Ranks, b.Files, b.Ranks)
				}
				for k, n := range kinds {
					if got.Cells[k] != n {
						t.Errorf("%s: %d %s cells drawn, want %d", where, got.Cells[k], k, n)
					}
				}
				if len(got.Cells) != len(kinds) {
					t.Errorf("%s: cells by kind %v, want %v", where, got.Cells, kinds)
				}
				if got.Regions != regions {
					t.Errorf("%s: %d region squares drawn, want %d", where, got.Regions, regions)
				}
			}
			if screen == phone && got.Square < 32 {
				t.Errorf("%s: squares of %.1f px on a 390×844 phone, want at least 32", where, got.Square)
			}
			if !b.Unbounded && got.Wide != got.More {
				t.Errorf("%s: the board is wider than its box: %v; the page says so: %v", where, got.Wide, got.More)
			}
			if !b.Unbounded && got.Hidden > 0 {
				t.Errorf("%s: %d of the seat's own pieces are out of view", where, got.Hidden)
			}
			screenshot(t, ctx, fmt.Sprintf("%s-%s", name, map[bool]string{desktop: "desktop", phone: "phone"}[screen]))
		}
	}
}
