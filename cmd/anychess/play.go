// The play subcommand: a terminal game, each seat human or computer.
package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"anychess/search"
	"anychess/termui"
)

func cmdPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("play", stdout)
	var v variantFlags
	v.register(fs, true)
	var seats optionList
	fs.Var(&seats, "seat", "N=human|computer: who plays player N (1-based), repeatable; default: player 1 human, the others computer")
	moveTime := fs.Duration("movetime", 2*time.Second, "computer thinking time per move (at full strength; lower levels take less)")
	level := fs.Int("level", search.Levels, fmt.Sprintf("computer playing strength, 1 (beginner) to %d (full strength)", search.Levels))
	clockFlag := fs.String("clock", "", "game clock per player and increment per move, e.g. 5m+2s: the computer manages its time by it (--movetime, if also given, caps each move), a player whose clock runs out loses")
	if err := v.parse(fs, "play", args); err != nil {
		return err
	}
	if err := checkMoveTime(*moveTime, *clockFlag != ""); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	var clock, increment time.Duration
	if *clockFlag != "" {
		var err error
		if clock, increment, err = parseTimeControl(*clockFlag); err != nil {
			return fmt.Errorf("--clock: %w", err)
		}
		if !flagGiven(fs, "movetime") {
			*moveTime = 0
		}
	}
	if *level < 1 || *level > search.Levels {
		return fmt.Errorf("--level %d: want 1 to %d", *level, search.Levels)
	}
	p, err := v.position()
	if err != nil {
		return err
	}
	n := p.Rules().Players
	table := make([]termui.Seat, n)
	for i := 1; i < n; i++ {
		table[i] = termui.Seat{Computer: true, MoveTime: *moveTime, Level: *level}
	}
	for _, s := range seats {
		num, who, ok := strings.Cut(s, "=")
		i, err := strconv.Atoi(num)
		if !ok || err != nil || i < 1 || i > n {
			return fmt.Errorf("--seat %q: want N=human or N=computer with N from 1 to %d", s, n)
		}
		switch who {
		case "human":
			table[i-1] = termui.Seat{}
		case "computer":
			table[i-1] = termui.Seat{Computer: true, MoveTime: *moveTime, Level: *level}
		default:
			return fmt.Errorf("--seat %q: want human or computer, got %q", s, who)
		}
	}
	for i := range table {
		table[i].Clock, table[i].Increment = clock, increment
	}
	fmt.Fprintf(stdout, "%s. Type 'help' for commands.\n", p.Rules().Def.Title)
	termui.Play(p, table, stdin, stdout)
	return nil
}
