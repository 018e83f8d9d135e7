package termui_test

// Tests of the board drawing of zones and canals, and of the game loop's status lines, legend and declarations.

import (
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/termui"
	"anychess/variant"
)

func load(t *testing.T, name string, opts map[string]string) *core.Rules {
	t.Helper()
	r, err := variant.Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// newGame starts a game that allows takebacks, as terminal games do, with
// the given players in the first seats (nil: a person); the other seats are
// people.
func newGame(t *testing.T, cfg game.Config, players ...game.Player) *game.Game {
	t.Helper()
	cfg.Seats = make([]game.Seat, len(players))
	for i, p := range players {
		cfg.Seats[i].Player = p
	}
	cfg.Takebacks = true
	g, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRenderZones(t *testing.T) {
	tests := []struct {
		name string
		opts map[string]string
		want []string // lines of the drawing
		not  []string // texts it must not contain
	}{
		{"chess", nil, []string{"8 r n b q k b n r ", "  a b c d e f g h "}, []string{"|", "--"}},
		// Martian Chess, 2 players: a canal between ranks 4 and 5.
		{"martian-chess", nil, []string{"5 . . . . ", "  -------", "4 . . . . "}, []string{"|"}},
		// 4 players: two canals crossing in the middle.
		{"martian-chess", map[string]string{"players": "4"}, []string{
			`5 .  .  .  . |.  .  .  .  `,
			`  -----------+-----------`,
			`1 Q  Q  D  . |.  D" Q" Q" `,
		}, nil},
	}
	for _, tt := range tests {
		r := load(t, tt.name, tt.opts)
		out := termui.Render(r.StartPosition())
		lines := strings.Split(out, "\n")
		for _, w := range tt.want {
			found := false
			for _, l := range lines {
				found = found || l == w
			}
			if !found {
				t.Errorf("%s %v: no line %q in\n%s", tt.name, tt.opts, w, out)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(out, n) {
				t.Errorf("%s %v: %q in\n%s", tt.name, tt.opts, n, out)
			}
		}
		// Every board line is as wide as the others.
		if tt.opts != nil {
			for _, l := range lines[:len(lines)-1] {
				if len(strings.TrimRight(l, " ")) > len(lines[0]) {
					t.Errorf("line %q is wider than %q", l, lines[0])
				}
			}
		}
	}
}

func TestPlayStatusAndDeclarations(t *testing.T) {
	r := load(t, "martian-chess", nil)
	g := newGame(t, game.Config{Rules: r})
	in := "help\nd3d5:clock\nd5d3\nd5d6:clock\nquit\n"
	var out strings.Builder
	termui.Play(g, strings.NewReader(in), &out, termui.Options{})
	got := out.String()
	for _, want := range []string{
		"Zones: south a1-d4, north a5-d8",
		"Scores: south 0, north 0",
		"Clock: not called",
		"Add :clock to a move",
		"Clock: called; 0 of 7 moves without a capture",
		"No rejection: north may not move d5 back to d3",
		"d5d3 is not a legal move",
		`"clock" cannot be declared now`,
		"north to move",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestPlayFourComputers(t *testing.T) {
	// Each quadrant has one pawn and the clock has run 6 moves: the first
	// move ends the game, south-west ahead.
	r := load(t, "martian-chess", map[string]string{"players": "4"})
	players := make([]game.Player, 4)
	for i := range players {
		c, err := game.NewComputer(0, 50*time.Millisecond, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		players[i] = c
	}
	g := newGame(t, game.Config{Rules: r, Start: "P6P/8/8/8/8/8/8/P6P 1 Q/-/-/- 6 -"}, players...)
	var out strings.Builder
	o := termui.Play(g, strings.NewReader(""), &out, termui.Options{})
	if o.Status != core.Win || o.Winners != 1 || !strings.Contains(out.String(), "Game over: south-west wins") {
		t.Errorf("outcome %v:\n%s", o, out.String())
	}
	if !strings.Contains(out.String(), `Pieces: P south-west, p north-west, P' north-east, P" south-east`) {
		t.Errorf("no legend:\n%s", out.String())
	}
}
