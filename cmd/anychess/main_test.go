package main

// End-to-end tests of the anychess command through run().

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out strings.Builder
	err := run(args, strings.NewReader(stdin), &out)
	return out.String(), err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--variant", "chess", "--depth", "3"}, "nodes: 8902"},
		{[]string{"perft", "--variant", "siberia", "--depth", "3"}, "nodes: 13336"},
		{[]string{"perft", "--variant", "siberia", "--depth", "3", "--divide"}, "nodes: 13336"},
		{[]string{"perft", "--variant", "chess", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "--depth", "3"}, "nodes: 2812"},
		{[]string{"perft", "--variant", "chess", "--moves", "e2e4 e7e5", "--depth", "1"}, "nodes: 29"},
		{[]string{"perft", "--variant", "chess", "--moves", "e4 e5 Nf3", "--depth", "1"}, "nodes: 29"},
	} {
		out, err := runCmd(t, "", tc.args...)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if got := lastLine(out); got != tc.want {
			t.Errorf("%v: last line %q, want %q", tc.args, got, tc.want)
		}
	}
	out, _ := runCmd(t, "", "perft", "--variant", "siberia", "--depth", "1", "--divide")
	if !strings.Contains(out, "e1e2: 0") && !strings.Contains(out, "b1c3: 1") {
		t.Errorf("divide output lacks per-move counts:\n%s", out)
	}
}

// TestBenchCommand: the search benchmark covers every variant and reports
// nodes per second; bad flags are refused.
func TestBenchCommand(t *testing.T) {
	out, err := runCmd(t, "", "bench", "--search", "--depth", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"chess", "siberia", "claustrophobia", "martian-chess players=4", "longchess teams=4", "infinite-plane-huygens", "total"} {
		if !strings.Contains(out, name) {
			t.Errorf("bench --search does not report %q:\n%s", name, out)
		}
	}
	if n := strings.Count(out, "nodes/s"); n != len(searchBenches)+1 {
		t.Errorf("%d lines with nodes/s, want %d:\n%s", n, len(searchBenches)+1, out)
	}
	prof := filepath.Join(t.TempDir(), "cpu.prof")
	if _, err := runCmd(t, "", "bench", "--search", "--depth", "1", "--cpuprofile", prof); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("bench --cpuprofile wrote no profile: %v", err)
	}
	for _, args := range [][]string{{"bench", "--depth", "-1"}, {"bench", "--search", "--depth", "999"}, {"bench", "--search", "--nodes", "0"}, {"bench", "extra"}} {
		if _, err := runCmd(t, "", args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestMovesCommand(t *testing.T) {
	out, err := runCmd(t, "", "moves", "--variant", "siberia")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(out)
	if len(lines) != 23 {
		t.Errorf("siberia start: %d moves, want 23:\n%s", len(lines), out)
	}
	for _, want := range []string{"e2e4", "h1g3", "i2i4"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("missing %s", want)
		}
	}
	out, err = runCmd(t, "", "moves", "--variant", "siberia", "--fen", "4k4/1P7/9/9/9/9/9/9/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"b8b9q", "b8b9r", "b8b9b", "b8b9n"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("missing promotion %s in\n%s", want, out)
		}
	}
}

func TestInfoCommands(t *testing.T) {
	out, err := runCmd(t, "", "variants")
	if err != nil || !strings.Contains(out, "chess") || !strings.Contains(out, "siberia") {
		t.Errorf("variants: %v\n%s", err, out)
	}
	out, err = runCmd(t, "", "rules", "--variant", "siberia")
	if err != nil || !strings.Contains(out, "Ludii") || !strings.Contains(out, "100") {
		t.Errorf("rules siberia: %v\n%s", err, out)
	}
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"perft", "--variant", "chess"}, "--depth"},
		{[]string{"perft", "--variant", "nosuch", "--depth", "1"}, "nosuch"},
		{[]string{"perft", "--variant", "chess", "--fen", "8/8 w", "--depth", "1"}, "ranks"},
		{[]string{"perft", "--variant", "chess", "--moves", "e2e4 e2e4", "--depth", "1"}, "e2e4"},
		{[]string{"moves", "--variant", "chess", "--option", "nosuch"}, "no option"},
		{[]string{"play", "--variant", "chess", "--seat", "3=human"}, "--seat"},
		{[]string{"perft", "--variant-file", "/nonexistent.toml", "--depth", "1"}, "nonexistent"},
	} {
		_, err := runCmd(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one mentioning %q", tc.args, err, tc.want)
		}
	}
}

func TestVariantFile(t *testing.T) {
	path := writeMini(t)
	out, err := runCmd(t, "", "perft", "--variant-file", path, "--depth", "1")
	if err != nil {
		t.Fatal(err)
	}
	if got := lastLine(out); got != "nodes: 3" {
		t.Errorf("mini perft: %q", got)
	}
}

func TestPlay(t *testing.T) {
	out, err := runCmd(t, "help\nmoves\ne2e5\ne2e4\nfen\nquit\n", "play", "--variant", "siberia", "--seat", "2=human")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"a b c d e f g h i", "not a legal move", "rnbqk1bnr/ppppppppp/9/9/9/4P4/9/PPPP1PPPP/RNBQK1BNR b KQkq - 0 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
	// Two computers finish a mate in one.
	out, err = runCmd(t, "", "play", "--variant", "chess", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
		"--seat", "1=computer", "--seat", "2=computer", "--movetime", "200ms")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "checkmate") || !strings.Contains(out, "Ra8#") {
		t.Errorf("computer did not mate:\n%s", out)
	}
}
