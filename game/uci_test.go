package game

// Tests of the go limits of a UCI player: checked before any engine starts, written in one canonical line.

import (
	"strings"
	"testing"

	"anychess/notation"
)

// TestParseGoLimits: a UCI player's go limits are checked before any
// engine starts.
func TestParseGoLimits(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"nodes 20000", "nodes 20000"},
		{"  depth 6   nodes 1000 ", "depth 6 nodes 1000"},
		{"movetime 50", "movetime 50"},
		{"", ""},
		{"nodes", ""},
		{"nodes 0", ""},
		{"nodes -5", ""},
		{"nodes 5 nodes 6", ""},
		{"infinite", ""},
		{"wtime 100 btime 100", ""},
		{"depth x", ""},
	} {
		got, err := ParseGoLimits(tc.text)
		if got != tc.want || (err == nil) != (tc.want != "") {
			t.Errorf("ParseGoLimits(%q) = %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
}

// FuzzParseGoLimits: accepted limits are written in one canonical line
// that is accepted again unchanged.
func FuzzParseGoLimits(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		line, err := ParseGoLimits(text)
		if err != nil {
			if line != "" {
				t.Fatalf("%q: %q with error %v", text, line, err)
			}
			return
		}
		again, err := ParseGoLimits(line)
		if err != nil || again != line {
			t.Fatalf("%q: %q, then %q, %v", text, line, again, err)
		}
	})
}

// TestPositionCommand: a UCI engine is sent the start and the moves, or on
// an unbounded board (whose square handles belong to one position) the
// current position alone; either way the line gives the game's position.
func TestPositionCommand(t *testing.T) {
	for _, tc := range []struct {
		variant   string
		withMoves bool
	}{{"chess", true}, {"siberia", true}, {"infinite-plane", false}} {
		r := load(t, tc.variant, nil)
		g, err := New(Config{Rules: r, Seats: []Seat{{Player: NewRandom(1)}, {Player: NewRandom(2)}}})
		if err != nil {
			t.Fatal(err)
		}
		for range 8 {
			if _, err := g.MachineMove(); err != nil {
				t.Fatal(err)
			}
		}
		line := positionCommand(g.state(false))
		fen, moves, hasMoves := strings.Cut(strings.TrimPrefix(line, "position fen "), " moves ")
		if hasMoves != tc.withMoves {
			t.Fatalf("%s: %q: moves given %v, want %v", tc.variant, line, hasMoves, tc.withMoves)
		}
		p, err := r.ParsePosition(fen)
		if err != nil {
			t.Fatalf("%s: %q: %v", tc.variant, line, err)
		}
		if hasMoves {
			for _, text := range strings.Fields(moves) {
				m, err := notation.Coordinate.Decode(p, text)
				if err != nil {
					t.Fatalf("%s: %q: move %s: %v", tc.variant, line, text, err)
				}
				p.MakeMove(m)
			}
		}
		if got, want := p.String(), g.state(false).Position.String(); got != want {
			t.Errorf("%s: %q gives %q, want %q", tc.variant, line, got, want)
		}
	}
}

// TestReadScore: an info line's "score cp N" or "score mate N" is kept,
// with or without a bound after it; a line without a score, or with one
// that is not a number, leaves the last score as it was.
func TestReadScore(t *testing.T) {
	for _, tc := range []struct {
		line  string
		want  Analysis
		given Analysis // the score before the line
	}{
		{"info depth 10 seldepth 14 multipv 1 score cp 37 nodes 4021 pv e2e4", Analysis{Score: 37, Scored: true}, Analysis{}},
		{"info depth 3 score cp -112 lowerbound nodes 90", Analysis{Score: -112, Scored: true}, Analysis{}},
		{"info depth 20 score mate -3 pv e1e2", Analysis{Score: -3, Mate: true, Scored: true}, Analysis{}},
		{"info depth 5 score mate 2", Analysis{Score: 2, Mate: true, Scored: true}, Analysis{Score: 400, Scored: true}},
		{"info string score cp is not a score here", Analysis{Score: 12, Scored: true}, Analysis{Score: 12, Scored: true}},
		{"info string score cp 5", Analysis{}, Analysis{}},
		{"info depth 4 nodes 300 pv e2e4", Analysis{Score: 12, Scored: true}, Analysis{Score: 12, Scored: true}},
		{"info depth 4 score wdl 300", Analysis{}, Analysis{}},
		{"info depth 4 score cp", Analysis{}, Analysis{}},
	} {
		got := tc.given
		readScore(strings.Fields(tc.line), &got)
		if got != tc.want {
			t.Errorf("%q after %+v: %+v, want %+v", tc.line, tc.given, got, tc.want)
		}
	}
}
