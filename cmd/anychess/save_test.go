package main

// Tests of 'play --save' and 'play --resume': games saved after every move and resumed with their variant, options, seats, clocks and moves, also after the process was killed with kill -9, and the refusals of bad files and flags.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"anychess/game"
	"anychess/variant"
)

// readRecord reads a saved game.
func readRecord(t *testing.T, path string) *game.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.ParseRecord(string(data))
	if err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
	return rec
}

// recordMoves lists a record's moves.
func recordMoves(rec *game.Record) []string {
	var out []string
	for _, m := range rec.Moves {
		out = append(out, m.Text)
	}
	return out
}

// fenLine returns the position text the 'fen' command printed last.
func fenLine(out string) string {
	last := ""
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, "> "); ok && strings.Count(strings.Fields(rest + " x")[0], "/") >= 3 && !strings.Contains(rest, "'") {
			last = rest
		}
	}
	return last
}

// writeMini writes a small variant file and returns its path.
func writeMini(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mini.toml")
	src := `name = "mini"
title = "Mini"
move_help = "Moves: a1a2, or SAN Ka2."
start = "k3/4/4/3K w - - 0 1"
[board]
files = 4
ranks = 4
[[players]]
name = "white"
forward = "north"
[[players]]
name = "black"
forward = "south"
[[pieces]]
name = "king"
letter = "K"
betza = "K"
royal = true
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSaveResume: a game saved by 'play --save' is resumed by 'play
// --resume' with its variant, options, start, seats, clock and moves, and
// goes on being saved in the same file.
func TestSaveResume(t *testing.T) {
	mini := writeMini(t)
	for _, tc := range []struct {
		name   string
		args   []string
		input  string
		resume []string // more flags for --resume
		want   []string // in the resumed game's output
		tags   map[string]string
	}{
		{"chess against the computer, with clocks", []string{"--seat", "2=computer:1", "--movetime", "20ms", "--clock", "5m+2s"}, "e4\n",
			nil, []string{"Clock: white 5:0"}, map[string]string{"Clock": "5m0s+2s", "Seat2Plays": "computer:1", "MoveTime": "20ms", "Takebacks": "yes"}},
		{"Longchess with mines", []string{"--variant", "longchess", "--option", "mines", "--seat", "2=human"}, "e6*f6\nP5B4*6B4\n",
			nil, []string{"Longchess (mines)", "Marks: M white's mine, m black's mine"}, map[string]string{"Variant": "longchess", "Seat2Plays": "human"}},
		{"Martian Chess from a called clock", []string{"--variant", "martian-chess", "--moves", "d3d5:clock", "--seat", "2=human"}, "c6b5\n",
			nil, []string{"Clock: called"}, map[string]string{"Variant": "martian-chess"}},
		{"a variant file from a position", []string{"--variant-file", mini, "--fen", "k3/4/4/2K1 w - - 0 1", "--seat", "2=human"}, "c1c2\na4b4\n",
			nil, []string{"Mini.", "anychess rules --variant-file " + mini}, map[string]string{"VariantFile": mini, "Start": "k3/4/4/2K1 w - - 0 1"}},
		{"the seats changed on resuming", []string{"--seat", "2=human"}, "e4\ne5\n",
			[]string{"--seat", "1=random"}, []string{"white plays"}, map[string]string{"Seat1Plays": "random"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "game.txt")
			out, err := runCmd(t, tc.input, append([]string{"play", "--save", file}, tc.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "End of input: game left unfinished; resume with 'anychess play --resume "+file+"'.") {
				t.Errorf("no end-of-input message:\n%s", out)
			}
			saved := readRecord(t, file)
			// People in every seat, saved elsewhere: the file stays as it is.
			other := filepath.Join(t.TempDir(), "other.txt")
			before := fenLine(mustRun(t, "fen\nquit\n", "play", "--resume", file, "--save", other, "--seat", "1=human", "--seat", "2=human"))
			if readRecord(t, other).Tag("Seat2Plays") != "human" || len(readRecord(t, file).Moves) != len(saved.Moves) {
				t.Errorf("--save with --resume: %s", readRecord(t, other).Tag("Seat2Plays"))
			}
			if len(saved.Moves) < 2 || before == "" {
				t.Fatalf("saved %d moves, position %q:\n%s", len(saved.Moves), before, out)
			}
			// The position is the one the moves reach.
			want := replay(t, saved)
			if before != want {
				t.Errorf("resumed at %q, want %q", before, want)
			}
			args := append([]string{"play", "--resume", file, "--movetime", "20ms"}, tc.resume...)
			resumed := mustRun(t, "help\nfen\nquit\n", args...)
			for _, w := range append(tc.want, "Resumed "+file+": ") {
				if !strings.Contains(resumed, w) {
					t.Errorf("no %q in the resumed game:\n%s", w, resumed)
				}
			}
			after := readRecord(t, file)
			if got := recordMoves(after); strings.Join(got[:len(saved.Moves)], " ") != strings.Join(recordMoves(saved), " ") {
				t.Errorf("moves saved %v, after resuming %v", recordMoves(saved), got)
			}
			for k, v := range tc.tags {
				if after.Tag(k) != v {
					t.Errorf("tag %s %q, want %q", k, after.Tag(k), v)
				}
			}
		})
	}
}

// mustRun runs the command and fails the test on an error.
func mustRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, err := runCmd(t, stdin, args...)
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return out
}

// replay plays a saved record's moves from its start and returns the
// position text.
func replay(t *testing.T, rec *game.Record) string {
	t.Helper()
	opts, err := variant.ParseOptions(rec.OptionList())
	if err != nil {
		t.Fatal(err)
	}
	var g *game.Game
	if f := rec.Tag("VariantFile"); f != "" {
		r, err := variant.LoadFile(f, opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err = game.New(game.Config{Rules: r, Start: rec.Tag("Start")})
		if err != nil {
			t.Fatal(err)
		}
	} else {
		r, err := variant.Load(rec.Tag("Variant"), opts)
		if err != nil {
			t.Fatal(err)
		}
		if g, err = game.New(game.Config{Rules: r, Start: rec.Tag("Start")}); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range rec.Moves {
		if err := g.Replay(m.Text, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	return g.Position().String()
}

// TestResumeRefusals: a missing, empty or broken file and flags the saved
// game answers are refused with an error naming the problem, and the file
// is left as it was.
func TestResumeRefusals(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	mustRun(t, "e4\ne5\n", "play", "--save", good, "--seat", "2=human")
	files := map[string]string{
		"empty.txt":    "",
		"garbage.txt":  "garbage\n",
		"illegal.txt":  "[Game \"anychess\"]\n[Variant \"chess\"]\n\n1. e2e4 e2e4\n",
		"variant.txt":  "[Variant \"no-such-variant\"]\n\n1. e2e4\n",
		"option.txt":   "[Variant \"chess\"]\n[Options \"frobnicate\"]\n\n1. e2e4\n",
		"seat.txt":     "[Variant \"chess\"]\n[Seat2Plays \"robot\"]\n\n1. e2e4\n",
		"open.txt":     "[Variant \"chess\"\n",
		"movetime.txt": "[Variant \"chess\"]\n[MoveTime \"-5s\"]\n\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--resume", filepath.Join(dir, "missing.txt")}, "no such file"},
		{[]string{"--resume", filepath.Join(dir, "empty.txt")}, "holds no game"},
		{[]string{"--resume", filepath.Join(dir, "garbage.txt")}, `move 1 "garbage"`},
		{[]string{"--resume", filepath.Join(dir, "illegal.txt")}, `move 2 "e2e4"`},
		{[]string{"--resume", filepath.Join(dir, "variant.txt")}, "no-such-variant"},
		{[]string{"--resume", filepath.Join(dir, "option.txt")}, "frobnicate"},
		{[]string{"--resume", filepath.Join(dir, "seat.txt")}, `seat 2: seat "robot"`},
		{[]string{"--resume", filepath.Join(dir, "open.txt")}, "record line 1"},
		{[]string{"--resume", filepath.Join(dir, "movetime.txt")}, `MoveTime "-5s"`},
		{[]string{"--resume", good, "--variant", "siberia"}, "leave out --variant"},
		{[]string{"--resume", good, "--option", "x"}, "leave out --option"},
		{[]string{"--resume", good, "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "leave out --fen"},
		{[]string{"--resume", good, "--moves", "d4"}, "leave out --moves"},
		{[]string{"--resume", good, "--clock", "1m"}, "leave out --clock"},
		{[]string{"--resume", good, "--seat", "3=human"}, "--seat"},
		{[]string{"--resume", good, "--seat", "2=robot"}, "want human, computer, computer:LEVEL or random"},
		{[]string{"--save", filepath.Join(dir, "no", "dir.txt")}, "could not save the game in " + filepath.Join(dir, "no", "dir.txt")},
		{[]string{"--seat", "2=computer:9"}, "want a level from 1 to 8"},
		{[]string{"--movetime", "-1s"}, "--movetime -1s"},
	} {
		before, _ := os.ReadFile(good)
		_, err := runCmd(t, "quit\n", append([]string{"play"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one with %q", tc.args, err, tc.want)
		}
		if after, _ := os.ReadFile(good); string(after) != string(before) {
			t.Errorf("%v changed the saved game", tc.args)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Errorf("a directory was made for the save file")
	}
}

// TestResumeAfterKill: a game played by a real process, saved after every
// move, is killed with SIGKILL mid-game; resumed, every move it had
// saved is there and the game goes on.
func TestResumeAfterKill(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.txt")
	args := []string{"play", "--save", file, "--seat", "2=computer", "--movetime", "300ms", "--clock", "10m+1s"}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), mainChildEnv+"="+strings.Join(args, "\n"))
	stdout, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	cmd.Stdout, cmd.Stderr = stdout, stdout
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	childOut := func() string { b, _ := os.ReadFile(filepath.Join(dir, "stdout")); return string(b) }
	// waitFor waits until the saved game has n moves.
	waitFor := func(n int) *game.Record {
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			if data, err := os.ReadFile(file); err == nil {
				if rec, err := game.ParseRecord(string(data)); err == nil && len(rec.Moves) >= n {
					return rec
				}
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatalf("the saved game never reached %d moves:\n%s", n, childOut())
		return nil
	}
	// White's moves are legal whatever Black replies in two moves.
	for i, mv := range []string{"e2e4", "g1f3", "b1c3"} {
		if _, err := stdin.Write([]byte(mv + "\n")); err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			waitFor(2*i + 2) // the move and the computer's reply
		}
	}
	rec := waitFor(5) // the third move: the computer is thinking
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	killed = true
	saved := readRecord(t, file) // a whole record, whenever the kill came
	t.Logf("killed with %d moves saved", len(saved.Moves))
	if len(saved.Moves) < len(rec.Moves) || len(saved.Moves) > 6 {
		t.Fatalf("after the kill the file has %d moves, before it %d", len(saved.Moves), len(rec.Moves))
	}
	for i, want := range []string{"e2e4", "g1f3", "b1c3"} {
		if saved.Moves[2*i].Text != want {
			t.Errorf("saved move %d is %s, want %s", 2*i+1, saved.Moves[2*i].Text, want)
		}
	}
	out := mustRun(t, "fen\nquit\n", "play", "--resume", file, "--movetime", "20ms")
	if !strings.Contains(out, "Resumed "+file+": "+strconv.Itoa(len(saved.Moves))+" moves played.") {
		t.Errorf("resumed:\n%s", out)
	}
	// Black (the computer) replies first if it had not, then White's turn.
	after := readRecord(t, file)
	if got, want := strings.Join(recordMoves(after), " "), strings.Join(recordMoves(saved), " "); !strings.HasPrefix(got, want) || len(after.Moves) != 6 {
		t.Errorf("moves after resuming %q, saved before %q", got, want)
	}
	if fen := fenLine(out); fen != replay(t, after) {
		t.Errorf("resumed position %q, the moves reach %q", fen, replay(t, after))
	}
	if after.Tag("Clock") != "10m0s+1s" || after.Tag("Seat2Plays") != "computer:8" {
		t.Errorf("clock %q, seat 2 %q", after.Tag("Clock"), after.Tag("Seat2Plays"))
	}
	// The clocks go on from the saved ones: White's clock after its three
	// moves (10 minutes and 3 increments, less the little it spent).
	if c := after.Moves[4].Clock; c > 10*time.Minute+3*time.Second || c < 10*time.Minute {
		t.Errorf("White's clock after move 5: %v", c)
	}
}
