package main

// End-to-end tests of the analyze and match commands and of play's level flag.

import (
	"strings"
	"testing"
)

func TestAnalyzeCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"analyze", "--fen", "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", "--depth", "4"},
			[]string{"bestmove d5d8\n", "score mate 2\n", "pv Qd8+ Bxd8 Re8#\n"}},
		{[]string{"analyze", "--fen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "--movetime", "100ms"},
			[]string{"bestmove d2d5\n", "score cp "}},
		{[]string{"analyze", "--variant", "martian-chess", "--option", "players=4", "--nodes", "2000"},
			[]string{"bestmove ", "pv "}},
	} {
		out, err := runCmd(t, "", tc.args...)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out)
			}
		}
	}
	for _, args := range [][]string{
		{"analyze", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, // stalemate
		{"analyze", "--level", "0"},
		{"analyze", "extra"},
	} {
		if _, err := runCmd(t, "", args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestMatchCommand(t *testing.T) {
	out, err := runCmd(t, "", "match", "--a", "anychess:depth=1,hash=1", "--b", "random", "--games", "2", "--max-plies", "40", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "chess: A=anychess:depth=1,hash=1 vs B=random, 2 games") || !strings.Contains(out, "score A: +") {
		t.Errorf("match output:\n%s", out)
	}
	for _, args := range [][]string{
		{"match", "--a", "nobody"},
		{"match", "--seats", "all"},
	} {
		if _, err := runCmd(t, "", args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestPlayLevel(t *testing.T) {
	out, err := runCmd(t, "e2e4\nquit\n", "play", "--level", "1", "--movetime", "50ms")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "black plays ") {
		t.Errorf("the computer did not move:\n%s", out)
	}
	if _, err := runCmd(t, "", "play", "--level", "9"); err == nil {
		t.Error("level 9 accepted")
	}
}
