package main

// Tests of the command line as a new user meets it: help, the variant as a positional word, absurd flag values, exit status.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/match"
)

// mainChildEnv, when set, makes the test binary run main() with the
// arguments it holds (separated by newlines) instead of the tests.
const mainChildEnv = "ANYCHESS_TEST_MAIN_ARGS"

// runProcess runs the command in a child process (this test binary as
// anychess) and returns its output and exit status; it fails the test if
// the child takes more than the timeout.
func runProcess(t *testing.T, timeout time.Duration, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), mainChildEnv+"="+strings.Join(args, "\n"))
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after %v (a hang)", args, timeout)
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%v: %v", args, err)
	}
	return out.String(), errOut.String(), code
}

// runQuick runs the command in process and fails the test if it does not
// return within the timeout.
func runQuick(t *testing.T, timeout time.Duration, stdin string, args ...string) (string, error) {
	t.Helper()
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		var out strings.Builder
		err := run(args, strings.NewReader(stdin), &out)
		done <- result{out.String(), err}
	}()
	select {
	case r := <-done:
		return r.out, r.err
	case <-time.After(timeout):
		t.Fatalf("%v: still running after %v (a hang)", args, timeout)
		return "", nil
	}
}

// TestHelpExitsZero: COMMAND -h prints the command's usage on standard
// output and exits 0, without an error line.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"variants", "-h"}, {"rules", "-h"}, {"moves", "--help"}, {"perft", "-h"}, {"play", "-h"},
		{"bench", "-h"}, {"analyze", "-h"}, {"match", "-h"}, {"uci", "-h"}, {"sprt", "-h"}, {"tune", "-h"},
		{"tournament", "join", "-h"}, {"tournament", "standings", "-h"}, {"tournament", "-h"}, {"-h"},
	} {
		stdout, stderr, code := runProcess(t, 20*time.Second, "", args...)
		if code != 0 || stderr != "" || !strings.Contains(strings.ToLower(stdout), "usage") {
			t.Errorf("%v: exit %d, stderr %q, stdout:\n%s", args, code, stderr, stdout)
		}
	}
}

// TestErrorsExitOne: an error is one line on standard error naming the
// problem, with exit status 1, at once.
func TestErrorsExitOne(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--depth", "99999999999"}, "--depth 99999999999"},
		{[]string{"perft", "--depth", "1000000000"}, "--depth 1000000000"},
		{[]string{"analyze", "--hash", "1000000"}, "--hash 1000000"},
		{[]string{"analyze", "--movetime", "-1s"}, "--movetime -1s"},
		{[]string{"rules", "siberia", "chess"}, `unexpected argument "chess"`},
	} {
		_, stderr, code := runProcess(t, 20*time.Second, "", tc.args...)
		if code != 1 || !strings.HasPrefix(stderr, "anychess: ") || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 1 and one line with %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestAbsurdFlagValues: numeric flags out of range are refused at once with
// an error naming the flag (they used to hang, or run out of memory).
func TestAbsurdFlagValues(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--depth", "99999999999"}, "--depth"},
		{[]string{"perft", "--depth", "1000000000"}, "--depth"},
		{[]string{"perft", "--depth", "31"}, "--depth"},
		{[]string{"perft", "--depth", "0"}, "--depth"},
		{[]string{"perft", "--depth", "-2", "--divide"}, "--depth"},
		{[]string{"analyze", "--hash", "1000000"}, "--hash"},
		{[]string{"analyze", "--hash", "0"}, "--hash"},
		{[]string{"analyze", "--movetime", "-1s"}, "--movetime"},
		{[]string{"analyze", "--depth", "-3"}, "--depth"},
		{[]string{"analyze", "--depth", "100000"}, "--depth"},
		{[]string{"analyze", "--level", "0"}, "--level"},
		{[]string{"analyze", "--level", "99"}, "--level"},
		{[]string{"play", "--movetime", "-1s"}, "--movetime"},
		{[]string{"play", "--movetime", "0"}, "--movetime"},
		{[]string{"play", "--level", "-1"}, "--level"},
		{[]string{"play", "--clock", "-5m"}, "--clock"},
		{[]string{"play", "--clock", "5m+-1s"}, "--clock"},
		{[]string{"match", "--movetime", "-1s"}, "--movetime"},
		{[]string{"match", "--movetime", "0"}, "--movetime"},
		{[]string{"match", "--games", "0"}, "--games"},
		{[]string{"match", "--games", "-5"}, "--games"},
		{[]string{"match", "--games", "1000000000000"}, "--games"},
		{[]string{"match", "--random-plies", "-1"}, "--random-plies"},
		{[]string{"match", "--random-plies", "100000000"}, "--random-plies"},
		{[]string{"match", "--max-plies", "-1"}, "--max-plies"},
		{[]string{"match", "--adjudicate-margin", "0"}, "--adjudicate-margin"},
		{[]string{"match", "--tc", "0s"}, "--tc"},
		{[]string{"bench", "--search", "--nodes", "0"}, "--nodes"},
		{[]string{"bench", "--search", "--depth", "-1"}, "--depth"},
		{[]string{"bench", "--search", "--threads", "0"}, "--threads"},
		{[]string{"bench", "--search", "--cpuprofile", "/nonexistent/cpu.prof"}, "--cpuprofile"},
		{[]string{"tournament", "join", "--file", "/nonexistent/t.json", "--points", "-5", "Ann"}, "points"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, err := runQuick(t, 10*time.Second, "quit\n", tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one naming %s", err, tc.want)
			}
		})
	}
}

// TestVariantAsWord: a command that takes a variant takes it as a word too;
// a second word, or a word and a different --variant, is refused.
func TestVariantAsWord(t *testing.T) {
	for _, tc := range []struct {
		args      []string
		stdin     string
		want      string // in the output, or in the error when err
		err       bool
		lastLine  bool // want is the last line
		dontMatch string
	}{
		{args: []string{"rules", "siberia"}, want: "Chess (Siberia)", dontMatch: "Chess\n=====\n"},
		{args: []string{"rules", "--variant", "siberia", "siberia"}, want: "Chess (Siberia)"},
		{args: []string{"rules", "claustrophobia", "--option", "nosuch"}, want: "no option", err: true},
		{args: []string{"perft", "siberia", "--depth", "3"}, want: "nodes: 13336", lastLine: true},
		{args: []string{"perft", "--depth", "3", "siberia"}, want: "nodes: 13336", lastLine: true},
		{args: []string{"moves", "siberia", "--moves", "e2e4"}, want: "h9g7"},
		{args: []string{"analyze", "siberia", "--depth", "1"}, want: "bestmove"},
		{args: []string{"play", "siberia"}, stdin: "quit\n", want: "Chess (Siberia). Type 'help'"},
		{args: []string{"match", "siberia", "--games", "2", "--b", "random", "--a", "random", "--quiet"}, want: "siberia: A=random"},
		{args: []string{"rules", "--variant", "chess", "siberia"}, want: "given twice", err: true},
		{args: []string{"play", "--variant", "chess", "siberia"}, want: "given twice", err: true},
		{args: []string{"rules", "siberia", "chess"}, want: `unexpected argument "chess"`, err: true},
		{args: []string{"rules", "--variant-file", "x.toml", "siberia"}, want: "--variant-file", err: true},
		{args: []string{"rules", "sibiria"}, want: `"sibiria" is not a variant`, err: true},
		{args: []string{"moves", "e2e4"}, want: `"e2e4" is not a variant`, err: true},
		{args: []string{"perft", "siberia", "3"}, want: `unexpected argument "3"`, err: true},
		{args: []string{"variants", "siberia"}, want: `unexpected argument "siberia"`, err: true},
		{args: []string{"bench", "siberia"}, want: `unexpected argument "siberia"`, err: true},
		{args: []string{"tournament", "standings", "extra"}, want: `unexpected argument "extra"`, err: true},
		{args: []string{"rules", "--", "siberia"}, want: "Chess (Siberia)"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, err := runQuick(t, 60*time.Second, tc.stdin, tc.args...)
			switch {
			case tc.err:
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one with %q", err, tc.want)
				}
			case err != nil:
				t.Errorf("error %v", err)
			case tc.lastLine && lastLine(out) != tc.want, !strings.Contains(out, tc.want):
				t.Errorf("output lacks %q:\n%s", tc.want, out)
			case tc.dontMatch != "" && strings.Contains(out, tc.dontMatch):
				t.Errorf("output has %q:\n%s", tc.dontMatch, out)
			}
		})
	}
}

// TestTournamentConcurrentJoins: ten 'tournament join' processes at once on
// one file all succeed and all ten players are kept (the file's lock
// serialises the changes); no temporary file is left behind.
func TestTournamentConcurrentJoins(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.json")
	if _, stderr, code := runProcess(t, 20*time.Second, "", "tournament", "new", "--file", file); code != 0 {
		t.Fatalf("new: exit %d: %s", code, stderr)
	}
	const n = 10
	var wg sync.WaitGroup
	failures := make(chan string, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, stderr, code := runProcess(t, 60*time.Second, "", "tournament", "join", "--file", file, fmt.Sprintf("Player%02d", i))
			if code != 0 {
				failures <- fmt.Sprintf("join %d: exit %d: %s", i, code, stderr)
			}
		}(i)
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	out, err := runCmd(t, "", "tournament", "standings", "--file", file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, fmt.Sprintf("%d players", n)) {
		t.Errorf("standings after %d joins:\n%s", n, out)
	}
	for i := 0; i < n; i++ {
		if name := fmt.Sprintf("Player%02d", i); !strings.Contains(out, name) {
			t.Errorf("%s is missing:\n%s", name, out)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "t.json" && e.Name() != "t.json.lock" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// TestTournamentNewTwice: a second 'tournament new' on a file is refused
// and leaves the file as it was.
func TestTournamentNewTwice(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t.json")
	if _, err := runCmd(t, "", "tournament", "new", "--file", file); err != nil {
		t.Fatal(err)
	}
	if _, err := runCmd(t, "", "tournament", "join", "--file", file, "Ann"); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(file)
	if _, err := runCmd(t, "", "tournament", "new", "--file", file, "--no-fee"); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("second new: %v", err)
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Errorf("the file changed:\n%s\nto\n%s", before, after)
	}
}

// TestMatchHelpNamesEverySwitch: the players' help lists every switch an
// engine player takes.
func TestMatchHelpNamesEverySwitch(t *testing.T) {
	words := strings.Fields(matchHelp)
	for _, name := range match.Switches() {
		if !slices.Contains(words, name) {
			t.Errorf("the players' help does not name the switch %s", name)
		}
	}
}
