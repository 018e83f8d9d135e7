package e2e

// Every special kind of move entered through the page: the promotion chooser, Martian Chess's merge with the clock called by its check box, Longchess's range attack, charge, flag drop, retreat off the board, mine, salvo (typed), and the pass of a team without pieces.

import (
	"context"
	"fmt"
	"testing"

	"anychess/wire"

	"github.com/chromedp/chromedp"
)

// legalFrom finds the seat's legal moves (in the server's state) from one
// square to another; special picks the special or the plain ones.
func legalFrom(t *testing.T, st *wire.State, from, to wire.Coord, special bool) wire.MoveInfo {
	t.Helper()
	for _, m := range st.Legal {
		if m.From != nil && m.To != nil && *m.From == from && *m.To == to && m.Special == special {
			return m
		}
	}
	t.Fatalf("no %s move from %v to %v among the server's %d legal moves", map[bool]string{true: "special", false: "plain"}[special], from, to, len(st.Legal))
	return wire.MoveInfo{}
}

// pieceOn finds the piece on a square in a state, nil for none.
func pieceOn(st *wire.State, at wire.Coord) *wire.PieceOn {
	for i := range st.Pieces {
		if st.Pieces[i].At == at {
			return &st.Pieces[i]
		}
	}
	return nil
}

// chooseOnPage clicks a move's two squares and picks it in the chooser the
// page must show (several moves share those squares).
func chooseOnPage(t *testing.T, ctx context.Context, m wire.MoveInfo, choices int) {
	t.Helper()
	clickAt(t, ctx, fmt.Sprintf(`.piece[data-x="%s"][data-y="%s"]`, m.From.X, m.From.Y))
	clickAt(t, ctx, fmt.Sprintf(`.dest[data-x="%s"][data-y="%s"]`, m.To.X, m.To.Y))
	waitJS(t, ctx, fmt.Sprintf(`!document.getElementById("chooser").hidden && document.querySelectorAll("#chooser .choice").length === %d`, choices))
	clickAt(t, ctx, fmt.Sprintf(`#chooser .choice[data-text=%q]`, m.Text))
}

func TestSpecialMoves(t *testing.T) {
	needBrowser(t)
	s := newSite(t)
	ctx := newTab(t)
	viewport(t, ctx, desktop)

	t.Run("promotion", func(t *testing.T) {
		g := s.humans("chess", nil, "k7/4P3/8/8/8/8/8/K7 w - - 0 1")
		openGame(t, ctx, s, g, 0)
		clickAt(t, ctx, `.piece[data-x="4"][data-y="6"]`)
		clickAt(t, ctx, `.dest[data-x="4"][data-y="7"]`)
		waitJS(t, ctx, `!document.getElementById("chooser").hidden && document.querySelectorAll("#chooser .choice").length === 4`)
		screenshot(t, ctx, "chess-promotion-chooser-desktop")
		clickAt(t, ctx, `#chooser .choice[data-text="e7e8n"]`)
		atPly(t, ctx, 1)
		if p := pieceOn(s.state(g.ID), wire.Coord{X: "4", Y: "7"}); s.moveTexts(g.ID) != "e7e8n" || p == nil || p.Letter != "N" {
			t.Errorf("the server played %q and has %+v on e8, want a knight", s.moveTexts(g.ID), p)
		}
		waitJS(t, ctx, `document.querySelector('.piece[data-x="4"][data-y="7"]').dataset.letter === "N"`)
	})

	t.Run("martian merge with the clock called", func(t *testing.T) {
		// The drone on c1 merges with the pawn on a1 into a queen.
		g := s.humans("martian-chess", nil, "4/1QD1/Q1DQ/2Q1/4/4/PP2/P1DD 1 DDPP/QQP - -")
		openGame(t, ctx, s, g, 0)
		run(t, ctx, chromedp.Click(chromedp.CSS(`#decl-clock`)))
		clickAt(t, ctx, `.piece[data-x="2"][data-y="0"]`)
		waitJS(t, ctx, `document.querySelector('.dest[data-x="0"][data-y="0"]') !== null`)
		clickAt(t, ctx, `.dest[data-x="0"][data-y="0"]`)
		if eval[bool](t, ctx, `!document.getElementById("chooser").hidden`) {
			clickAt(t, ctx, `#chooser .choice[data-text="c1a1q"]`)
		}
		atPly(t, ctx, 1)
		if got := s.moveTexts(g.ID); got != "c1a1q:clock" {
			t.Fatalf("the server played %q, want c1a1q:clock", got)
		}
		if p := pieceOn(s.state(g.ID), wire.Coord{X: "0", Y: "0"}); p == nil || p.Letter != "Q" {
			t.Errorf("a1 holds %+v after the merge, want a queen", p)
		}
		waitJS(t, ctx, `document.getElementById("status").textContent.includes("called")`)
	})

	r := rulesOf(t, "longchess", nil)
	flags := []placed{{square: "b5", letter: "F", owner: 0}, {square: "aj5", letter: "F", owner: 1}}

	t.Run("longchess range attack", func(t *testing.T) {
		// The rook on j5 shoots the pawn on o5 and stays.
		g := s.humans("longchess", nil, setup(t, r, 0, append(flags, placed{square: "j5", letter: "R", owner: 0}, placed{square: "o5", letter: "P", owner: 1}, placed{square: "ah2", letter: "P", owner: 1})...))
		openGame(t, ctx, s, g, 0)
		from, to := wire.Coord{X: "9", Y: "4"}, wire.Coord{X: "14", Y: "4"}
		m := legalFrom(t, s.seatState(g, 0), from, to, true)
		chooseOnPage(t, ctx, m, 2)
		atPly(t, ctx, 1)
		st := s.state(g.ID)
		if p := pieceOn(st, from); st.Moves[0].Text != m.Text || p == nil || p.Letter != "R" || pieceOn(st, to) != nil {
			t.Errorf("after the range attack %s: the server played %q, j5 holds %+v, o5 %+v", m.Text, st.Moves[0].Text, p, pieceOn(st, to))
		}
	})

	t.Run("longchess charge", func(t *testing.T) {
		// The whole rank of pawns steps forward by its button.
		g := s.humans("longchess", nil, "")
		openGame(t, ctx, s, g, 0)
		var charge wire.MoveInfo
		for _, m := range s.seatState(g, 0).Legal {
			if m.SAN == "P5W-6W" {
				charge = m
			}
		}
		if charge.Text == "" {
			t.Fatal("no charge P5W-6W among the server's legal moves")
		}
		clickAt(t, ctx, fmt.Sprintf(`#specials .special[data-text=%q]`, charge.Text))
		atPly(t, ctx, 1)
		pawns := 0
		for _, p := range s.state(g.ID).Pieces {
			if p.Letter == "P" && p.Owner == 0 {
				if p.At.X != "5" {
					t.Errorf("a white pawn on %v after the charge", p.At)
				}
				pawns++
			}
		}
		if pawns != 8 || s.moveTexts(g.ID) != charge.Text {
			t.Errorf("%d white pawns after the charge %q", pawns, s.moveTexts(g.ID))
		}
	})

	t.Run("longchess flag drop", func(t *testing.T) {
		// The rook carrying black's flag moves on and leaves the flag.
		g := s.humans("longchess", nil, setup(t, r, 0,
			placed{square: "b5", letter: "F", owner: 0}, placed{square: "j5", letter: "R", owner: 0, carry: "F", carryOwner: 1},
			placed{square: "ah2", letter: "P", owner: 1}))
		openGame(t, ctx, s, g, 0)
		from, to := wire.Coord{X: "9", Y: "4"}, wire.Coord{X: "9", Y: "5"}
		m := legalFrom(t, s.seatState(g, 0), from, to, true)
		chooseOnPage(t, ctx, m, 2)
		atPly(t, ctx, 1)
		st := s.state(g.ID)
		flag, rook := pieceOn(st, from), pieceOn(st, to)
		if flag == nil || flag.Letter != "F" || flag.Owner != 1 || rook == nil || rook.Carry != "" {
			t.Errorf("after the drop %s: j5 holds %+v, j6 %+v; want black's flag lying and the rook free", m.Text, flag, rook)
		}
		waitJS(t, ctx, `document.querySelector('.piece[data-x="9"][data-y="4"]').dataset.letter === "F" && document.querySelector('.piece[data-x="9"][data-y="5"] .carry') === null`)
	})

	t.Run("longchess retreat off the board", func(t *testing.T) {
		g := s.humans("longchess", nil, "")
		openGame(t, ctx, s, g, 0)
		waitJS(t, ctx, `document.querySelector('#specials .special[data-text="a8off"]') !== null`)
		clickAt(t, ctx, `#specials .special[data-text="a8off"]`)
		atPly(t, ctx, 1)
		if got := s.moveTexts(g.ID); got != "a8off" || pieceOn(s.state(g.ID), wire.Coord{X: "0", Y: "7"}) != nil {
			t.Fatalf("the server played %q, want a8off and a8 empty", got)
		}
	})

	t.Run("longchess mine", func(t *testing.T) {
		// e9 to f9 is a plain move or a mine laid: the chooser offers both.
		g := s.humans("longchess", map[string]string{"mines": "true"}, "")
		openGame(t, ctx, s, g, 0)
		clickAt(t, ctx, `.piece[data-x="4"][data-y="8"]`)
		clickAt(t, ctx, `.dest[data-x="5"][data-y="8"]`)
		waitJS(t, ctx, `!document.getElementById("chooser").hidden && document.querySelectorAll("#chooser .choice").length === 2`)
		clickAt(t, ctx, `#chooser .choice[data-text="e9*f9"]`)
		atPly(t, ctx, 1)
		st := s.state(g.ID)
		if s.moveTexts(g.ID) != "e9*f9" || len(st.Marks) != 1 || st.Marks[0].Name != "mine" {
			t.Fatalf("the server played %q, marks %+v; want e9*f9 and a mine", s.moveTexts(g.ID), st.Marks)
		}
		waitJS(t, ctx, `(() => { const m = document.querySelectorAll("svg.board .mark"); return m.length === 1 && m[0].dataset.name === "mine" && m[0].dataset.owner === "0" && m[0].dataset.x === "5" && m[0].dataset.y === "8"; })()`)
		screenshot(t, ctx, "longchess-mine-laid-desktop")
	})

	t.Run("longchess salvo typed", func(t *testing.T) {
		// Two shells, a salvo outside the listed candidates, written out.
		g := s.humans("longchess", map[string]string{"artillery": "true"}, "")
		openGame(t, ctx, s, g, 0)
		typeMove(t, ctx, "a5^k3^l7")
		atPly(t, ctx, 1)
		st := s.state(g.ID)
		want := map[wire.Coord]bool{{X: "10", Y: "2"}: true, {X: "11", Y: "6"}: true}
		for _, m := range st.Marks {
			if m.Name == "shell" && m.Owner == 0 {
				delete(want, m.At)
			}
		}
		if len(want) != 0 {
			t.Errorf("the server's marks after a5^k3^l7: %+v", st.Marks)
		}
		waitJS(t, ctx, `document.querySelectorAll('svg.board .mark[data-name="shell"]').length === 2`)
		screenshot(t, ctx, "longchess-salvo-desktop")
	})

	t.Run("longchess pass", func(t *testing.T) {
		// Four teams: blue has no pieces left and passes.
		opts := map[string]string{"teams": "4"}
		r4 := rulesOf(t, "longchess", opts)
		g := s.humans("longchess", opts, setup(t, r4, 1, placed{square: "d9", letter: "R", owner: 0}, placed{square: "i4", letter: "R", owner: 2}))
		openGame(t, ctx, s, g, 1)
		st := s.seatState(g, 1)
		if len(st.Legal) != 1 || st.Legal[0].From != nil {
			t.Fatalf("blue's legal moves: %+v, want the pass alone", st.Legal)
		}
		clickMove(t, ctx, st.Legal[0])
		atPly(t, ctx, 1)
		if end := s.state(g.ID); end.Turn != 2 || end.Moves[0].Player != 1 {
			t.Errorf("after blue's pass: turn %d, moves %+v", end.Turn, end.Moves)
		}
	})
}
