package termui_test

// Tests of the terminal game on game.Game: input lines of any length, the end of input, the reasons of refused moves, the in-game help, marks on the board, resignation, draws, takebacks and the AfterMove hook.

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/termui"
)

// play runs a game of people (and the given players in the first seats)
// on the input, and returns the output.
func play(t *testing.T, cfg game.Config, opts termui.Options, input string, players ...game.Player) (*game.Game, string) {
	t.Helper()
	g := newGame(t, cfg, players...)
	var out strings.Builder
	termui.Play(g, strings.NewReader(input), &out, opts)
	return g, out.String()
}

// TestLongLines: a line longer than the limit is discarded and reported,
// whatever its length, and play goes on; lines up to the limit are read.
func TestLongLines(t *testing.T) {
	r := load(t, "chess", nil)
	for _, tc := range []struct {
		name    string
		maxLine int
		input   string
		want    []string
		ply     int
	}{
		{"over the default 64 KiB", 0, strings.Repeat("x", 100_000) + "\ne2e4\nquit\n",
			[]string{"line too long (100000 bytes), ignored", "black to move"}, 1},
		{"a megabyte without spaces", 0, strings.Repeat("e2e4", 1<<18) + "\nd2d4\nquit\n",
			[]string{"line too long (1048576 bytes), ignored"}, 1},
		{"exactly the limit", 8, "  e2e4  \nquit\n", []string{"black to move"}, 1},
		{"one over the limit", 8, "  e2e4   \ne2e4\nquit\n", []string{"line too long (9 bytes), ignored"}, 1},
		{"CRLF line ends", 8, "  e2e4  \r\nquit\r\n", []string{"black to move"}, 1},
		{"a long last line without its end", 8, "e2e4\n" + strings.Repeat("y", 50), []string{"line too long (50 bytes)", "End of input"}, 1},
		{"a last line without its end", 0, "e2e4", []string{"black to move", "End of input"}, 1},
	} {
		g, out := play(t, game.Config{Rules: r}, termui.Options{MaxLine: tc.maxLine}, tc.input)
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in the output (%d bytes): %s", tc.name, w, len(out), tail(out))
			}
		}
		if g.Ply() != tc.ply {
			t.Errorf("%s: %d moves played, want %d", tc.name, g.Ply(), tc.ply)
		}
		if len(out) > 20_000 {
			t.Errorf("%s: the output echoes the long line (%d bytes)", tc.name, len(out))
		}
	}
}

func tail(s string) string {
	if len(s) > 1500 {
		return "…" + s[len(s)-1500:]
	}
	return s
}

// failingReader fails after its text.
type failingReader struct{ text string }

func (f *failingReader) Read(b []byte) (int, error) {
	if f.text == "" {
		return 0, errors.New("device unplugged")
	}
	n := copy(b, f.text)
	f.text = f.text[n:]
	return n, nil
}

// TestEndOfInput: the end of the input (Ctrl-D) is said, with how to
// resume when the front end says it; so is quitting and a failing input.
func TestEndOfInput(t *testing.T) {
	r := load(t, "chess", nil)
	for _, tc := range []struct {
		name, input string
		opts        termui.Options
		want        string
	}{
		{"end of input", "e2e4\n", termui.Options{}, "End of input: game left unfinished.\n"},
		{"end of input with a save file", "", termui.Options{Leave: "resume with 'anychess play --resume g.txt'"},
			"End of input: game left unfinished; resume with 'anychess play --resume g.txt'.\n"},
		{"quit", "quit\n", termui.Options{Leave: "resume with X"}, "Game left unfinished; resume with X.\n"},
	} {
		g, out := play(t, game.Config{Rules: r}, tc.opts, tc.input)
		if !strings.Contains(out, tc.want) || g.Over() {
			t.Errorf("%s: want %q in\n%s", tc.name, tc.want, tail(out))
		}
	}
	g := newGame(t, game.Config{Rules: r})
	var out strings.Builder
	o := termui.Play(g, &failingReader{"e2e4\n"}, &out, termui.Options{})
	if o.Status != core.Ongoing || g.Ply() != 1 || !strings.Contains(out.String(), "Input error (device unplugged): game left unfinished.") {
		t.Errorf("a failing input: %v, ply %d:\n%s", o, g.Ply(), tail(out.String()))
	}
}

// TestRefusedMoveReasons: a refused move is answered with the reason of
// the notation it was written in, and changes nothing.
func TestRefusedMoveReasons(t *testing.T) {
	r := load(t, "chess", nil)
	for _, tc := range []struct {
		moves, try string
		want       []string
	}{
		{"", "Qd5", []string{"no white queen can move to d5"}},
		{"Nf3 e5 d3 d5", "Nd2", []string{"Nd2 could be", "Nbd2", "Nfd2"}},
		{"", "Ke2", []string{"no white king can move to e2"}},
		{"", "e5", []string{"e5"}},
		{"", "e2e5", []string{"e2e5 is not a legal move"}},
		{"", "xyzzy", []string{"xyzzy"}},
	} {
		input := ""
		for _, m := range strings.Fields(tc.moves) {
			input += m + "\n"
		}
		g, out := play(t, game.Config{Rules: r}, termui.Options{}, input+tc.try+"\nquit\n")
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q after %q: no %q in\n%s", tc.try, tc.moves, w, tail(out))
			}
		}
		if strings.Contains(out, "looks like SAN") {
			t.Errorf("%q: the old reason:\n%s", tc.try, tail(out))
		}
		if g.Ply() != len(strings.Fields(tc.moves)) {
			t.Errorf("%q: %d moves played", tc.try, g.Ply())
		}
	}
}

// TestHelpShowsMoves: in every variant help shows how to enter its
// special moves (the variant's move help), its declarations, and the
// command for its full rules with its options.
func TestHelpShowsMoves(t *testing.T) {
	for _, tc := range []struct {
		variant string
		options map[string]string
		want    []string
	}{
		{"chess", nil, []string{"O-O-O", "e7e8q", "exd6", "anychess rules --variant chess\n"}},
		{"siberia", nil, []string{"e8e9q", "anychess rules --variant siberia\n"}},
		{"claustrophobia", nil, []string{"a1a5xa4", "scepter", "anychess rules --variant claustrophobia\n"}},
		{"martian-chess", map[string]string{"players": "4"}, []string{"b1b2q", "d3d5:clock", "Add :clock to a move",
			"anychess rules --variant martian-chess --option players=4\n"}},
		{"infinite-plane", nil, []string{"(1,1)(1,1000000)", "(3,7)(3,8)q", "The window: pan DX DY", "anychess rules --variant infinite-plane\n"}},
		{"infinite-plane-huygens", map[string]string{"names": "letters"}, []string{"prime", "(k8)(k10)",
			"anychess rules --variant infinite-plane-huygens --option names=letters\n"}},
		{"longchess", map[string]string{"mines": "", "artillery": ""}, []string{"l4@j6", "e-f", "a8off", "j5k5/drop", "e6*f6", "a5^k3^l7",
			"pass", ":draw", "Add :draw to a move", "anychess rules --variant longchess --option artillery --option mines\n"}},
	} {
		r := load(t, tc.variant, tc.options)
		_, out := play(t, game.Config{Rules: r}, termui.Options{}, "help\nquit\n")
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s %v: help lacks %q:\n%s", tc.variant, tc.options, w, tail(out))
			}
		}
		if first, _, _ := strings.Cut(strings.TrimSpace(r.Def.MoveHelp), "\n"); !strings.Contains(out, first) {
			t.Errorf("%s: help lacks the move help's first line %q", tc.variant, first)
		}
	}
	// A front end may name another command (a variant file's).
	_, out := play(t, game.Config{Rules: load(t, "chess", nil)}, termui.Options{RulesCommand: "anychess rules --variant-file my.toml"}, "help\nquit\n")
	if !strings.Contains(out, "The full rules: anychess rules --variant-file my.toml\n") {
		t.Errorf("help with a rules command:\n%s", tail(out))
	}
}

// TestMinesDrawn: a mine laid in play is drawn on the board, in its
// owner's style, with the line saying whose it is.
func TestMinesDrawn(t *testing.T) {
	r := load(t, "longchess", map[string]string{"mines": ""})
	_, out := play(t, game.Config{Rules: r}, termui.Options{}, "e6*f6\nP5B4*6B4\nquit\n")
	boards := strings.Split(out, "\n  1  2  3")
	if len(boards) != 4 {
		t.Fatalf("%d boards drawn:\n%s", len(boards)-1, out)
	}
	rank6 := func(board string) string {
		for _, l := range strings.Split(board, "\n") {
			if strings.HasPrefix(l, "6 ") {
				return l
			}
		}
		return ""
	}
	if l := rank6(boards[1]); strings.Contains(l, "M") || strings.Contains(boards[1], "Marks:") {
		t.Errorf("a mine before any was laid: %q", l)
	}
	// f6 is the sixth cell of rank 6: "6 " then cells 3 wide.
	cellAt := func(line string, file int) string { return strings.TrimSpace(line[2+3*file : 2+3*file+3]) }
	if l := rank6(boards[2]); cellAt(l, 5) != "M" || !strings.Contains(boards[2], "Marks: M white's mine\n") {
		t.Errorf("after e6*f6, rank 6 is %q:\n%s", l, boards[2])
	}
	if l := rank6(boards[3]); cellAt(l, 5) != "M" || cellAt(l, 31) != "m" || !strings.Contains(boards[3], "Marks: M white's mine, m black's mine\n") {
		t.Errorf("after Black's mine, rank 6 is %q:\n%s", l, boards[3])
	}
}

// TestRenderMarks: every kind of mark and owner as Render draws it, on
// empty squares and after pieces, in the two- and four-team games.
func TestRenderMarks(t *testing.T) {
	two := load(t, "longchess", map[string]string{"mines": "", "artillery": ""})
	p := two.StartPosition()
	// The hooks never leave both sides' shells in flight; Render draws
	// whatever the layer holds.
	for name, v := range map[string]uint8{"j5": 1 << 0, "k5": 1 << 1, "l5": 1 << 4, "a7": 1 << 5} {
		sq, err := two.Board.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		p.SetMark(sq, v)
	}
	out := termui.Render(p)
	var rank7, rank5 string
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "7 "):
			rank7 = l
		case strings.HasPrefix(l, "5 "):
			rank5 = l
		}
	}
	for _, want := range []struct{ line, text string }{{rank7, "7 Ns ."}, {rank5, ".  .  M  m  S  ."}} {
		if !strings.Contains(want.line, want.text) {
			t.Errorf("no %q in %q", want.text, want.line)
		}
	}
	if !strings.Contains(out, "Marks: M white's mine, m black's mine, S white's shell, s black's shell\n") {
		t.Errorf("marks legend:\n%s", out)
	}
	four := load(t, "longchess", map[string]string{"teams": "4", "mines": ""})
	q := four.StartPosition()
	var sqs []core.Square
	for _, name := range []string{"f7", "f8", "f9", "f10"} {
		sq, err := four.Board.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		sqs = append(sqs, sq)
	}
	for pl, sq := range sqs {
		q.SetMark(sq, 1<<pl)
	}
	out = termui.Render(q)
	if !strings.Contains(out, `Marks: M red's mine, m blue's mine, M' yellow's mine, M" green's mine`) {
		t.Errorf("four teams' marks:\n%s", out)
	}
}

// TestRenderViewMarks: marks on an unbounded board's window.
func TestRenderViewMarks(t *testing.T) {
	def := &core.Definition{
		Name:    "marked-plane",
		Board:   core.BoardDef{Unbounded: true, Marks: []core.MarkDef{{Name: "trap", Symbol: "T", Bit: 2}}},
		Players: []core.PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces:  []core.PieceDef{{Name: "king", Letter: "K", Betza: "K", Royal: true}},
		Start:   "K0,0|k5,5 w",
	}
	r, err := core.Compile(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	p.SetMark(p.Square(core.Coord{X: 1, Y: 1}), 0b0100)
	p.SetMark(p.Square(core.Coord{X: 0, Y: 0}), 0b1000)
	p.SetMark(p.Square(core.Coord{X: 100, Y: 100}), 0b1000) // outside the window
	out := termui.RenderView(p, termui.View{X: 2, Y: 2, W: 6, H: 6})
	for _, want := range []string{"Kt ", " T ", "Marks: T white's trap, t black's trap\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestResignAndDraw: resignation, draw offers accepted, lapsing and
// declined, in games of people and against machines.
func TestResignAndDraw(t *testing.T) {
	r := load(t, "chess", nil)
	for _, tc := range []struct {
		name    string
		input   string
		machine game.Player // black, when not nil
		want    []string
		result  string
	}{
		{"white resigns", "resign\n", nil, []string{"Game over: black wins by resignation (white resigned)"}, "black wins by resignation (white resigned)"},
		{"black resigns", "e4\nresign\n", nil, []string{"Game over: white wins by resignation (black resigned)"}, "white wins by resignation (black resigned)"},
		{"a draw offered and accepted", "draw\ne4\ndraw\n", nil,
			[]string{"white offers a draw; black may accept by typing 'draw' on their turn", "white offered a draw: type 'draw' to accept", "Game over: draw (agreement)"},
			"draw (agreement)"},
		{"an offer lapses with a move", "draw\ne4\ne5\nquit\n", nil,
			[]string{"white offers a draw; black may accept"}, "ongoing"},
		{"black offers", "e4\ndraw\ne5\nquit\n", nil,
			[]string{"black offers a draw; white may accept"}, "ongoing"},
		{"the random mover declines", "draw\ne4\nquit\n", game.NewRandom(1), []string{"black (random) declines the draw.", "black plays"}, "ongoing"},
		{"resigning against a machine", "e4\nresign\n", game.NewRandom(1), []string{"Game over: black wins by resignation (white resigned)"}, "black wins by resignation (white resigned)"},
	} {
		var players []game.Player
		if tc.machine != nil {
			players = []game.Player{nil, tc.machine}
		}
		g, out := play(t, game.Config{Rules: r}, termui.Options{}, tc.input, players...)
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", tc.name, w, tail(out))
			}
		}
		if g.ResultText() != tc.result {
			t.Errorf("%s: result %q, want %q", tc.name, g.ResultText(), tc.result)
		}
	}
	// The lapsed offer is not shown to White after Black's move.
	_, out := play(t, game.Config{Rules: r}, termui.Options{}, "draw\ne4\ne5\nquit\n")
	if strings.Count(out, "offered a draw") != 1 {
		t.Errorf("the offer was shown %d times:\n%s", strings.Count(out, "offered a draw"), tail(out))
	}
}

// TestResignSeveralSides: in a game of more than two sides a person who
// resigns hands the seat to the front end's substitute, who plays it to
// the end; without one, resigning is refused.
func TestResignSeveralSides(t *testing.T) {
	r := load(t, "martian-chess", map[string]string{"players": "4"})
	start := "P6P/8/8/8/8/8/8/P6P 1 -/-/-/- 5 -"
	machines := func() []game.Player {
		return []game.Player{nil, game.NewRandom(2), game.NewRandom(3), game.NewRandom(4)}
	}
	g, out := play(t, game.Config{Rules: r, Start: start}, termui.Options{}, "resign\nquit\n", machines()...)
	if g.Over() || !strings.Contains(out, "substitute") {
		t.Errorf("resigning without a substitute:\n%s", tail(out))
	}
	opts := termui.Options{Substitute: func(pl core.Player) game.Player { return game.NewRandom(uint64(pl) + 10) }}
	g, out = play(t, game.Config{Rules: r, Start: start}, opts, "resign\n", machines()...)
	if !strings.Contains(out, "south-west resigns; random plays the seat to the end.") || !g.Over() || !strings.Contains(out, "Game over: ") {
		t.Errorf("resigning with a substitute: over %v\n%s", g.Over(), tail(out))
	}
}

// TestUndo: undo takes back the person's last move and the machine's reply;
// with two people, the last move; with none to take back, it says so.
func TestUndo(t *testing.T) {
	r := load(t, "chess", nil)
	g, out := play(t, game.Config{Rules: r}, termui.Options{}, "undo\ne4\nundo\nfen\nquit\n", nil, game.NewRandom(1))
	if !strings.Contains(out, "No move of a person to take back.") || g.Ply() != 0 {
		t.Errorf("against a machine: ply %d\n%s", g.Ply(), tail(out))
	}
	if !strings.Contains(out, "> "+r.StartPosition().String()+"\n") {
		t.Errorf("the position after undo is not the start:\n%s", tail(out))
	}
	g, _ = play(t, game.Config{Rules: r}, termui.Options{}, "e4\ne5\nundo\nquit\n")
	if g.Ply() != 1 || g.Turn() != 1 {
		t.Errorf("two people: ply %d, %d to move; want black to move after e4", g.Ply(), g.Turn())
	}
	// A game without takebacks refuses.
	h, err := game.New(game.Config{Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	termui.Play(h, strings.NewReader("e4\ne5\nundo\nquit\n"), &sb, termui.Options{})
	if h.Ply() != 2 || !strings.Contains(sb.String(), "takebacks are off") {
		t.Errorf("without takebacks: ply %d\n%s", h.Ply(), tail(sb.String()))
	}
}

// TestAfterMove: the hook runs after each move, takeback and result, and
// its errors are shown without stopping the game.
func TestAfterMove(t *testing.T) {
	r := load(t, "chess", nil)
	var plies []int
	opts := termui.Options{AfterMove: func(g *game.Game) error {
		plies = append(plies, g.Ply())
		if g.Ply() == 2 {
			return fmt.Errorf("could not save the game: disk full")
		}
		return nil
	}}
	computer, err := game.NewComputer(1, 10*time.Millisecond, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, out := play(t, game.Config{Rules: r}, opts, "e4\nfen\nQd5\nundo\nd4\nresign\n", nil, computer)
	if fmt.Sprint(plies) != "[1 2 0 1 2 2]" {
		t.Errorf("AfterMove at plies %v, want [1 2 0 1 2 2]", plies)
	}
	if strings.Count(out, "could not save the game: disk full") != 3 || !strings.Contains(out, "Game over: black wins by resignation") {
		t.Errorf("output:\n%s", tail(out))
	}
}
