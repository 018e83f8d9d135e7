package main

// End-to-end tests of Longchess's options and the tournament command through run().

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"anychess/variant"
)

// TestLongchessOptionCommands: perft and moves take the options, perft's
// last line stays "nodes: N" (the library's count), a salvo outside the
// candidates is played by name, and the position text names the options.
func TestLongchessOptionCommands(t *testing.T) {
	for _, opts := range [][]string{{"mines"}, {"artillery", "nonlethal"}, {"teams=4", "mines"}} {
		var args []string
		m := map[string]string{}
		for _, o := range opts {
			args = append(args, "--option", o)
			name, value, _ := strings.Cut(o, "=")
			m[name] = value
		}
		r, err := variant.Load("longchess", m)
		if err != nil {
			t.Fatal(err)
		}
		out, err := runCmd(t, "", append([]string{"perft", "--variant", "longchess", "--depth", "2"}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := lastLine(out), fmt.Sprintf("nodes: %d", r.StartPosition().Perft(2)); got != want {
			t.Errorf("%v: last line %q, want %q", opts, got, want)
		}
	}
	// a5^k3^l7 is no candidate (no enemy stands there), yet it is played.
	out, err := runCmd(t, "quit\n", "play", "--variant", "longchess", "--option", "artillery", "--moves", "a5^k3^l7", "--seat", "1=human", "--seat", "2=human")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Longchess (artillery)", "White's shells fall at the start of its turn on: 11W7, 12W3"} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
	out, err = runCmd(t, "", "moves", "--variant", "longchess", "--option", "artillery")
	if err != nil || !strings.Contains(out, "a5^q1\n") {
		t.Errorf("moves with artillery: %v\n%s", err, out)
	}
	if _, err := runCmd(t, "", "moves", "--variant", "longchess", "--option", "artillery", "--moves", "a5^k3^zz7"); err == nil {
		t.Errorf("a salvo on no square was played")
	}
}

// TestLongchessFourSeats: the four-team game seats four players, who move
// in turn; the position text after a round shows red to move on move 2.
func TestLongchessFourSeats(t *testing.T) {
	in := "Pe9-f9\nPi9-i8\nPi5-h5\nPe5-e6\nfen\nquit\n"
	args := []string{"play", "--variant", "longchess", "--option", "teams=4"}
	for i := 1; i <= 4; i++ {
		args = append(args, "--seat", fmt.Sprintf("%d=human", i))
	}
	out, err := runCmd(t, in, args...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"red to move", "blue to move", "yellow to move", "green to move", " r - 2 options:teams=4", "Pieces: R red, r blue"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := runCmd(t, "quit\n", "play", "--variant", "longchess", "--option", "teams=4", "--seat", "5=human"); err == nil {
		t.Errorf("a fifth seat was taken")
	}
}

// TestTournamentCommand plays the seed's worked example through the
// command, with the standings and the army check, and its errors.
func TestTournamentCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.json")
	steps := []struct {
		args []string
		want string // in the output, or in the error when err
		err  bool
	}{
		{[]string{"new", "--no-fee"}, "started", false},
		{[]string{"new"}, "exists already", true},
		{[]string{"join", "--points", "35", "A"}, "A       35", false},
		{[]string{"join", "--points", "23", "B"}, "B       23", false},
		{[]string{"join", "A"}, "already", true},
		{[]string{"join", "C", "--points", "3"}, "flags go before the names", true},
		{[]string{"army", "--player", "B", "--army", "R2N2P7"}, "may field R2N2P7 (worth 23)", false},
		{[]string{"army", "--player", "B", "--army", "R2N2B2P8"}, "leave out pieces worth 7", true},
		{[]string{"battle", "--attacker", "B", "--defender", "A", "--result", "attacker"}, "name the army", true},
		{[]string{"battle", "--attacker", "B", "--defender", "A", "--result", "attacker", "--attacker-army", "R2N2P7",
			"--attacker-lost", "RP", "--defender-lost", "N2P4", "--date", "2024-05-01"}, "1  B       37", false},
		{[]string{"standings"}, "2  A       26", false},
		{[]string{"battle", "--attacker", "B", "--defender", "A", "--result", "won"}, "want one of", true},
		{[]string{"play"}, "unknown tournament command", true},
	}
	for _, s := range steps {
		args := append([]string{"tournament", s.args[0], "--file", file}, s.args[1:]...)
		out, err := runCmd(t, "", args...)
		switch {
		case s.err && (err == nil || !strings.Contains(err.Error(), s.want)):
			t.Errorf("%v: error %v, want one saying %q", s.args, err, s.want)
		case !s.err && (err != nil || !strings.Contains(out, s.want)):
			t.Errorf("%v: %v, output lacks %q:\n%s", s.args, err, s.want, out)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(data), `"defender_lost": "N2P4"`) {
		t.Errorf("the file: %v\n%s", err, data)
	}
	if out, err := runCmd(t, "", "tournament"); err != nil || !strings.Contains(out, "usage: anychess tournament") {
		t.Errorf("tournament help: %v\n%s", err, out)
	}
}
