package main

// End-to-end tests of 'anychess uci': matches of game's UCI player, driving this command as a subprocess, against the engine in process.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/match"
	"anychess/search"
	"anychess/variant"
)

// uciChildEnv, when set, makes the test binary run 'anychess uci' on its
// standard input and output instead of the tests, logging to the file the
// variable names.
const uciChildEnv = "ANYCHESS_TEST_UCI_LOG"

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(mainChildEnv); ok {
		os.Args = append([]string{"anychess"}, strings.Split(args, "\n")...)
		main()
		os.Exit(0)
	}
	if log := os.Getenv(uciChildEnv); log != "" {
		if err := run([]string{"uci", "--log", log}, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "anychess uci:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// startUCI starts this test binary as 'anychess uci' and returns the match
// player that drives it (with limits for its go command, if any), and the
// file its log goes to.
func startUCI(t *testing.T, moveTime time.Duration, limits string) (*game.UCI, string) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "uci.log")
	t.Setenv(uciChildEnv, log)
	u, err := game.NewUCI([]string{os.Args[0]}, nil, moveTime, limits)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { u.Close() })
	return u, log
}

// TestUCIMatches plays short matches of the UCI player driving 'anychess
// uci' against the engine in process, in several variants, with a time per
// move and with clocks: every game must finish with legal moves only (Run
// checks each), the child must have been told the variant and never have
// answered an error, and each of its moves must be one the match played.
func TestUCIMatches(t *testing.T) {
	if testing.Short() {
		t.Skip("plays matches")
	}
	for _, tc := range []struct {
		variant string
		options map[string]string
		clock   time.Duration // 0: 20 ms a move
		limits  string        // the go command's limits instead of the move time
	}{
		{"chess", nil, 0, ""},
		{"siberia", nil, 0, ""},
		{"claustrophobia", nil, 0, ""},
		{"martian-chess", nil, 0, ""},
		{"martian-chess", map[string]string{"players": "4"}, 0, ""},
		{"longchess", map[string]string{"mode": "ctm"}, 0, "nodes 2000"},
		{"chess", nil, 2 * time.Second, ""},
		{"siberia", nil, 2 * time.Second, ""},
		{"martian-chess", nil, 2 * time.Second, ""},
	} {
		name := tc.variant
		for k, v := range tc.options {
			name += "," + k + "=" + v
		}
		if tc.clock > 0 {
			name += ",clock"
		}
		if tc.limits != "" {
			name += "," + tc.limits
		}
		t.Run(name, func(t *testing.T) {
			r, err := variant.Load(tc.variant, tc.options)
			if err != nil {
				t.Fatal(err)
			}
			u, log := startUCI(t, 20*time.Millisecond, tc.limits)
			a := game.NewEngine("anychess", search.Options{HashMB: 1}, search.Limits{Depth: 2, Nodes: 5000})
			cfg := match.Config{Rules: r, Games: 2, RandomPlies: 2, MaxPlies: 40, Seed: 3}
			if tc.clock > 0 {
				cfg.Clock, cfg.Increment = tc.clock, 20*time.Millisecond
			}
			rep, err := match.Run(cfg, a, u)
			if err != nil {
				t.Fatal(err)
			}
			u.Close()
			data, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			if !strings.Contains(text, "> setoption name UCI_Variant value "+tc.variant+"\n") {
				t.Errorf("the child was not told the variant:\n%s", head(text))
			}
			if strings.Contains(text, "info string error") {
				t.Errorf("the child reported an error:\n%s", text)
			}
			goLine := "> go movetime 20\n"
			if tc.clock > 0 {
				goLine = "> go wtime "
			} else if tc.limits != "" {
				goLine = "> go " + tc.limits + "\n"
			}
			if !strings.Contains(text, goLine) {
				t.Errorf("the child was never sent %q:\n%s", goLine, head(text))
			}
			var played []string
			for _, line := range strings.Split(text, "\n") {
				if best, ok := strings.CutPrefix(line, "< bestmove "); ok {
					played = append(played, best)
				}
			}
			if len(played) != rep.PlayerMoves[1] || len(played) < 4 {
				t.Errorf("the child answered %d bestmoves, the match counted %d of its moves", len(played), rep.PlayerMoves[1])
			}
			all := " "
			for _, res := range rep.Results {
				if res.Outcome.Status == core.Ongoing {
					t.Errorf("a game did not finish: %v", res.Moves)
				}
				all += strings.Join(res.Moves, " ") + " "
			}
			for _, m := range played {
				if !strings.Contains(all, " "+m+" ") {
					t.Errorf("the child's move %s is not among the moves played", m)
				}
			}
			if rep.TimeLosses != [2]int{} {
				t.Errorf("losses on time: %v", rep.TimeLosses)
			}
			t.Logf("%s: %s, %d plies, B %d moves, %v a move", name, rep.Score, rep.Plies, rep.PlayerMoves[1],
				rep.Thinking[1]/time.Duration(max(1, rep.PlayerMoves[1])))
		})
	}
}

// liar tells the player it wraps that the game is orthodox chess.
type liar struct{ *game.UCI }

func (l liar) NewGame(*core.Rules) error {
	chess, err := variant.Load("chess", nil)
	if err != nil {
		return err
	}
	return l.UCI.NewGame(chess)
}

// TestUCIWrongVariantFails: a child left in orthodox chess while the match
// plays Siberia rejects the position, and the match fails: the end-to-end
// test above would notice a variant that was not selected.
func TestUCIWrongVariantFails(t *testing.T) {
	r, err := variant.Load("siberia", nil)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := startUCI(t, 20*time.Millisecond, "")
	a := game.NewEngine("anychess", search.Options{HashMB: 1}, search.Limits{Depth: 1})
	_, err = match.Run(match.Config{Rules: r, Games: 1, MaxPlies: 10}, a, liar{u})
	if err == nil || !strings.Contains(err.Error(), "position fen for chess") {
		t.Errorf("a child playing chess in a Siberia match: error %v", err)
	}
}

// TestUCIUnknownVariantRefused: a variant the engine's UCI_Variant does not
// list is refused before any game starts.
func TestUCIUnknownVariantRefused(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Def.Name = "no-such-variant"
	u, _ := startUCI(t, 20*time.Millisecond, "")
	if err := u.NewGame(r); err == nil || !strings.Contains(err.Error(), "does not list no-such-variant") {
		t.Errorf("NewGame of an unlisted variant: %v", err)
	}
}

func head(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}
