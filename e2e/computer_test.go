package e2e

// Games against the computer, played by clicks on the page to their end: chess, Martian Chess with four players, Longchess.

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/wire"
)

// choose picks the move the test's player clicks in the state s of a game
// of rules r: a move that wins at once, else one that ends the game, else
// the anychess engine's choice at a low level. The rules core judges; the
// page is only clicked.
func choose(t *testing.T, r *core.Rules, s *wire.State) wire.MoveInfo {
	t.Helper()
	if len(s.Legal) == 0 {
		t.Fatalf("seat %d to move has no legal moves in %s", s.You+1, s.Position)
	}
	var ends *wire.MoveInfo
	for i, m := range s.Legal {
		g, err := game.New(game.Config{Rules: r, Start: s.Position})
		if err != nil {
			t.Fatalf("the state's position %q: %v", s.Position, err)
		}
		if _, err := g.SubmitText(g.Turn(), m.Text); err != nil {
			t.Fatalf("the server's legal move %s: %v", m.Text, err)
		}
		if g.Over() {
			if o := g.Outcome(); o.Winners&(1<<s.You) != 0 {
				return m
			}
			if ends == nil {
				ends = &s.Legal[i]
			}
		}
	}
	if ends != nil {
		return *ends
	}
	g, err := game.New(game.Config{Rules: r, Start: s.Position})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := game.NewComputer(3, 30*time.Millisecond, 1)
	if err != nil {
		t.Fatal(err)
	}
	eng.NewGame(r)
	mv, err := eng.Move(g.Request(new(atomic.Bool)))
	if err != nil {
		t.Fatal(err)
	}
	text := game.MoveText(g.Position(), mv)
	for _, m := range s.Legal {
		if m.Text == text {
			return m
		}
	}
	t.Fatalf("the engine's move %s is not among the server's legal moves", text)
	return wire.MoveInfo{}
}

// pageState reads the state the page holds.
func pageState(t *testing.T, ctx context.Context) *wire.State {
	t.Helper()
	return ptr(eval[wire.State](t, ctx, `window.anychess.page.state`))
}

func ptr[T any](v T) *T { return &v }

// clickMove enters a move of the server's legal list on the page: a click
// on its piece and one on its square, then its choice when the page asks
// which move; a move without a square by its button.
func clickMove(t *testing.T, ctx context.Context, m wire.MoveInfo) {
	t.Helper()
	if m.From == nil || m.To == nil {
		clickAt(t, ctx, fmt.Sprintf(`#specials .special[data-text=%q]`, m.Text))
		return
	}
	clickAt(t, ctx, fmt.Sprintf(`.piece[data-x="%s"][data-y="%s"]`, m.From.X, m.From.Y))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('.dest[data-x="%s"][data-y="%s"]') !== null`, m.To.X, m.To.Y))
	clickAt(t, ctx, fmt.Sprintf(`.dest[data-x="%s"][data-y="%s"]`, m.To.X, m.To.Y))
	if eval[bool](t, ctx, `!document.getElementById("chooser").hidden`) {
		clickAt(t, ctx, fmt.Sprintf(`#chooser .choice[data-text=%q]`, m.Text))
	}
}

// playToEnd plays seat (0-based) by clicks until the game ends, the other
// seats being the server's computers; it returns the final state as the
// server gives it.
func playToEnd(t *testing.T, ctx context.Context, s *site, g *made, r *core.Rules, seat, maxMoves int) *wire.State {
	t.Helper()
	for n := 0; ; n++ {
		waitJSFor(t, ctx, 30*time.Second, fmt.Sprintf(`(() => { const s = window.anychess.page.state; return s.outcome.status !== "ongoing" || (s.turn === %d && (s.legal || []).length > 0 && !window.anychess.page.sent); })()`, seat))
		st := pageState(t, ctx)
		if st.Outcome.Status != "ongoing" {
			return s.state(g.ID)
		}
		if n == maxMoves {
			t.Fatalf("the game did not end in %d moves: %s", maxMoves, st.Position)
		}
		m := choose(t, r, st)
		clickMove(t, ctx, m)
		waitJS(t, ctx, fmt.Sprintf(`window.anychess.page.state.ply > %d`, st.Ply))
		if got := s.state(g.ID).Moves[st.Ply].Text; got != m.Text {
			t.Fatalf("the page played %s, the server has %s", m.Text, got)
		}
	}
}

// checkEnd checks that the page shows the server's result.
func checkEnd(t *testing.T, ctx context.Context, end *wire.State, name string) {
	t.Helper()
	if end.Outcome.Status == "ongoing" || end.Outcome.Text == "" {
		t.Fatalf("%s: the server's game goes on: %+v", name, end.Outcome)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.getElementById("result").textContent === %q`, end.Outcome.Text))
	screenshot(t, ctx, name)
}

// TestComputerChess: white mates the computer in two moves from a king
// and queen ending, by clicks; the computer moves first.
func TestComputerChess(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	r := rulesOf(t, "chess", nil)
	g := s.create(newGame{Variant: "chess", Start: "7k/8/5K2/8/8/8/8/6Q1 b - - 0 1", Seats: seats("human", "computer:1")})
	openGame(t, ctx, s, g, 0)
	end := playToEnd(t, ctx, s, g, r, 0, 6)
	if end.Outcome.Status != "win" || len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != 0 || end.Ply < 2 {
		t.Errorf("the game ended %+v at ply %d, want white's win after the computer moved", end.Outcome, end.Ply)
	}
	checkEnd(t, ctx, end, "chess-vs-computer-end-desktop")
}

// TestComputerMartian: four players, three of them computers; the person
// in the south-east, with one piece left in their zone, moves it out and
// ends the game.
func TestComputerMartian(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, phone)
	opts := map[string]string{"players": "4"}
	r := rulesOf(t, "martian-chess", opts)
	start := "P6P/1P4P1/8/8/4P3/8/1P6/P7 1 -/-/-/- - -"
	g := s.create(newGame{Variant: "martian-chess", Options: opts, Start: start, Seats: seats("computer:1", "computer:2", "computer:1", "human")})
	openGame(t, ctx, s, g, 3)
	end := playToEnd(t, ctx, s, g, r, 3, 6)
	if end.Ply < 4 || end.Moves[0].Player != 0 || end.Moves[3].Player != 3 {
		t.Errorf("the game ended at ply %d, moves %+v: want three computers' moves then the person's", end.Ply, end.Moves)
	}
	checkEnd(t, ctx, end, "martian-chess_players=4-vs-computer-end-phone")
	waitJS(t, ctx, `document.getElementById("status").textContent.length > 0`)
}

// TestComputerLongchess: the computer (black) moves first; then white's
// rook, carrying black's flag one square from its Keep, brings it home.
func TestComputerLongchess(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)
	r := rulesOf(t, "longchess", nil)
	start := setup(t, r, 1,
		placed{square: "d5", letter: "R", owner: 0, carry: "F", carryOwner: 1},
		placed{square: "b5", letter: "F", owner: 0},
		placed{square: "e8", letter: "P", owner: 0},
		placed{square: "ai1", letter: "P", owner: 1},
		placed{square: "ai9", letter: "P", owner: 1},
	)
	g := s.create(newGame{Variant: "longchess", Start: start, Seats: seats("human", "computer:1")})
	openGame(t, ctx, s, g, 0)
	waitJS(t, ctx, `document.querySelector('.piece[data-x="3"][data-y="4"] .carry') !== null`)
	end := playToEnd(t, ctx, s, g, r, 0, 6)
	if end.Outcome.Status != "win" || len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != 0 || end.Ply < 2 {
		t.Errorf("the game ended %+v at ply %d, want white's win after the computer moved", end.Outcome, end.Ply)
	}
	if !strings.Contains(strings.ToLower(end.Outcome.Text), "white") {
		t.Errorf("the result %q does not name white", end.Outcome.Text)
	}
	checkEnd(t, ctx, end, "longchess-vs-computer-end-desktop")
}
