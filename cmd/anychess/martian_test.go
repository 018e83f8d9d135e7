package main

// End-to-end tests of the anychess command with Martian Chess: its forms, the clock call in --moves, and four seats.

import (
	"fmt"
	"strings"
	"testing"

	"anychess/variant"
)

func TestMartianCommands(t *testing.T) {
	for _, opts := range [][]string{nil, {"--option", "players=4"}, {"--option", "players=4", "--option", "teams"}} {
		m, err := variant.ParseOptions(optionValues(opts))
		if err != nil {
			t.Fatal(err)
		}
		r, err := variant.Load("martian-chess", m)
		if err != nil {
			t.Fatal(err)
		}
		// perft on the command line counts what the library counts.
		args := append([]string{"perft", "--variant", "martian-chess", "--depth", "3"}, opts...)
		out, err := runCmd(t, "", args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if want := fmt.Sprintf("nodes: %d", r.StartPosition().Perft(3)); lastLine(out) != want {
			t.Errorf("%v: %q, want %q", args, lastLine(out), want)
		}
		// moves lists the legal moves, one a line.
		args = append([]string{"moves", "--variant", "martian-chess"}, opts...)
		if out, err = runCmd(t, "", args...); err != nil {
			t.Fatal(err)
		}
		if n := len(strings.Fields(out)); n != len(r.StartPosition().LegalMoves(nil)) {
			t.Errorf("%v: %d moves:\n%s", args, n, out)
		}
	}
	// The clock is called with ":clock" after a move in --moves; perft does
	// not count the call, and the position text shows it.
	for _, tt := range []struct {
		moves, want string
		fail        bool
	}{
		{"d3d5:clock", "nodes: 14", false},
		{"d3d5", "nodes: 14", false},
		{"d3d5:clock d5d4:clock", "", true},
		{"d3d5:clack", "", true},
	} {
		out, err := runCmd(t, "", "perft", "--variant", "martian-chess", "--moves", tt.moves, "--depth", "1")
		if (err != nil) != tt.fail || !tt.fail && lastLine(out) != tt.want {
			t.Errorf("--moves %q: %q, %v", tt.moves, lastLine(out), err)
		}
	}
	out, err := runCmd(t, "fen\nquit\n", "play", "--variant", "martian-chess", "--moves", "d3d5:clock", "--seat", "2=human")
	if err != nil || !strings.Contains(out, "QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 2 -/- 0 d3d5") {
		t.Errorf("play after a call: %v\n%s", err, out)
	}
}

func TestMartianFourSeats(t *testing.T) {
	// Four computers, one of them to move in each quadrant; the clock has run
	// 6 moves, so the first move ends the game with south-west ahead.
	args := []string{"play", "--variant", "martian-chess", "--option", "players=4", "--fen", "P6P/8/8/8/8/8/8/P6P 1 Q/-/-/- 6 -", "--movetime", "50ms"}
	for i := 1; i <= 4; i++ {
		args = append(args, "--seat", fmt.Sprintf("%d=computer", i))
	}
	out, err := runCmd(t, "", args...)
	if err != nil || !strings.Contains(out, "Game over: south-west wins") {
		t.Errorf("%v\n%s", err, out)
	}
	// A fifth seat does not exist.
	if _, err := runCmd(t, "", "play", "--variant", "martian-chess", "--option", "players=4", "--seat", "5=human"); err == nil {
		t.Errorf("seat 5 accepted")
	}
}

// optionValues turns --option flags into their values.
func optionValues(args []string) []string {
	var out []string
	for i := 1; i < len(args); i += 2 {
		out = append(out, args[i])
	}
	return out
}
