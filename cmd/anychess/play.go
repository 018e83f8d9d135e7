package main

// The play subcommand: a terminal game on game.Game, each seat a person or the computer, saved after every move and resumed.

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/internal/atomicfile"
	"anychess/search"
	"anychess/termui"
	"anychess/variant"
)

// Tags the play command adds to the records it saves, besides game's.
const (
	// tagVariantFile is the variant file a --variant-file game was
	// played with (an absolute path).
	tagVariantFile = "VariantFile"
	// tagMoveTime is the computer's --movetime.
	tagMoveTime = "MoveTime"
)

func cmdPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("play", stdout)
	var v variantFlags
	v.register(fs, true)
	var seats optionList
	fs.Var(&seats, "seat", "N=human|computer|computer:LEVEL|random: who plays player N (1-based), repeatable; default: player 1 human, the others computer")
	moveTime := fs.Duration("movetime", 2*time.Second, "computer thinking time per move (at full strength; lower levels take less)")
	level := fs.Int("level", search.Levels, fmt.Sprintf("computer playing strength, 1 (beginner) to %d (full strength)", search.Levels))
	clockFlag := fs.String("clock", "", "game clock per player and increment per move, e.g. 5m+2s: the computer manages its time by it (--movetime, if also given, caps each move), a player whose clock runs out loses")
	save := fs.String("save", "", "save the game in this file (an anychess record) after every move, so that --resume can go on with it")
	resume := fs.String("resume", "", "go on with the game saved in this file, with its variant, options, seats, clocks and moves; it goes on being saved there (or in --save's file)")
	if err := v.parse(fs, "play", args); err != nil {
		return err
	}
	if *level < 1 || *level > search.Levels {
		return fmt.Errorf("--level %d: want 1 to %d", *level, search.Levels)
	}
	if err := checkMoveTime(*moveTime, *clockFlag != "" || *resume != ""); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	var g *game.Game
	var err error
	file := "" // the variant file, as an absolute path
	if *resume != "" {
		g, file, err = resumeGame(fs, *resume, seats, moveTime, *level)
	} else {
		if v.file != "" {
			if file, err = filepath.Abs(v.file); err != nil {
				return err
			}
		}
		g, err = newGame(fs, &v, seats, *clockFlag, moveTime, *level)
	}
	if err != nil {
		return err
	}
	defer g.Close()
	r := g.Rules()
	opts := termui.Options{
		Substitute: func(pl core.Player) game.Player {
			c, err := game.NewComputer(*level, *moveTime, uint64(pl)+1)
			if err != nil {
				return game.NewRandom(uint64(pl) + 1)
			}
			return c
		},
	}
	if file != "" {
		opts.RulesCommand = strings.Replace(termui.RulesCommand(r), "--variant "+r.Name(), "--variant-file "+file, 1)
	}
	savePath := *save
	if savePath == "" {
		savePath = *resume
	}
	if savePath != "" {
		write := func(g *game.Game) error {
			rec := g.Record()
			if file != "" {
				rec.Set(tagVariantFile, file)
			}
			rec.Set(tagMoveTime, moveTime.String())
			if err := atomicfile.WriteFile(savePath, []byte(rec.String()), 0o644); err != nil {
				return fmt.Errorf("could not save the game in %s: %w", savePath, err)
			}
			return nil
		}
		if err := write(g); err != nil {
			return err
		}
		opts.AfterMove = write
		opts.Leave = "resume with 'anychess play --resume " + savePath + "'"
	}
	title := r.Def.Title
	if title == "" {
		title = r.Name()
	}
	fmt.Fprintf(stdout, "%s. Type 'help' for commands.\n", title)
	if *resume != "" {
		fmt.Fprintf(stdout, "Resumed %s: %d moves played.\n", *resume, g.Ply())
	}
	g.ResumeTurn(0) // the time spent setting up is nobody's
	termui.Play(g, stdin, stdout, opts)
	return nil
}

// newGame builds the game the flags describe: the variant and its start
// (--fen), the seats, the clock, and the moves of --moves, which are part of
// its history.
func newGame(fs *flag.FlagSet, v *variantFlags, seatFlags []string, clock string, moveTime *time.Duration, level int) (*game.Game, error) {
	r, err := v.rules()
	if err != nil {
		return nil, err
	}
	tc, err := game.ParseTimeControl(clock)
	if err != nil {
		return nil, fmt.Errorf("--clock: %w", err)
	}
	if tc.On() && !flagGiven(fs, "movetime") {
		*moveTime = 0 // the clock decides
	}
	plays := make([]string, r.Players)
	plays[0] = "human"
	for i := 1; i < r.Players; i++ {
		plays[i] = fmt.Sprintf("computer:%d", level)
	}
	if err := applySeatFlags(plays, seatFlags, level); err != nil {
		return nil, err
	}
	seats, err := buildSeats(plays, nil, *moveTime)
	if err != nil {
		return nil, err
	}
	g, err := game.New(game.Config{Rules: r, Start: v.fen, Seats: seats, Clock: tc, Takebacks: true})
	if err != nil {
		return nil, err
	}
	for _, m := range strings.Fields(v.moves) {
		if err := g.Replay(m, 0, tc.Initial); err != nil {
			g.Close()
			return nil, fmt.Errorf("--moves: %w", err)
		}
	}
	return g, nil
}

// resumeGame reads a saved game back: its variant (or variant file, which
// it returns) and options, start, seats, clock and moves. --seat may give
// seats to others; the flags the record answers may not be given.
func resumeGame(fs *flag.FlagSet, path string, seatFlags []string, moveTime *time.Duration, level int) (*game.Game, string, error) {
	for _, name := range []string{"variant", "variant-file", "option", "fen", "moves", "clock"} {
		if flagGiven(fs, name) {
			return nil, "", fmt.Errorf("--resume %s: the saved game gives its variant, options, position and clock; leave out --%s", path, name)
		}
	}
	rec, err := loadRecord(path)
	if err != nil {
		return nil, "", err
	}
	bad := func(err error) (*game.Game, string, error) { return nil, "", fmt.Errorf("--resume %s: %w", path, err) }
	opts, err := variant.ParseOptions(rec.OptionList())
	if err != nil {
		return bad(err)
	}
	var r *core.Rules
	if file := rec.Tag(tagVariantFile); file != "" {
		r, err = variant.LoadFile(file, opts)
	} else {
		name := rec.Tag("Variant")
		if name == "" || name == "Standard" {
			name = "chess"
		}
		r, err = variant.Load(name, opts)
	}
	if err != nil {
		return bad(err)
	}
	if t := rec.Tag(tagMoveTime); t != "" && !flagGiven(fs, "movetime") {
		d, err := time.ParseDuration(t)
		if err != nil || d < 0 {
			return bad(fmt.Errorf("tag %s %q: want a duration of 0 or more", tagMoveTime, t))
		}
		*moveTime = d
	}
	plays := make([]string, r.Players)
	for i := range plays {
		plays[i] = rec.Tag(fmt.Sprintf("Seat%dPlays", i+1))
		if plays[i] == "" {
			plays[i] = "human"
		}
	}
	if err := applySeatFlags(plays, seatFlags, level); err != nil {
		return nil, "", err
	}
	names := make([]string, r.Players)
	for i := range names {
		names[i] = rec.Tag(fmt.Sprintf("Seat%d", i+1))
	}
	seats, err := buildSeats(plays, names, *moveTime)
	if err != nil {
		return bad(err)
	}
	g, err := rec.Restore(game.Config{Rules: r, Seats: seats, Takebacks: true})
	if err != nil {
		for _, s := range seats {
			if s.Player != nil {
				s.Player.Close()
			}
		}
		return bad(err)
	}
	return g, rec.Tag(tagVariantFile), nil
}

// loadRecord reads a saved game's record.
func loadRecord(path string) (*game.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--resume: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, game.MaxRecordBytes+1))
	if err != nil {
		return nil, fmt.Errorf("--resume %s: %w", path, err)
	}
	rec, err := game.ParseRecord(string(data))
	if err != nil {
		return nil, fmt.Errorf("--resume %s: %w", path, err)
	}
	if len(rec.Tags) == 0 && len(rec.Moves) == 0 {
		return nil, fmt.Errorf("--resume %s: the file holds no game", path)
	}
	return rec, nil
}

// applySeatFlags sets who plays the seats the --seat flags name.
func applySeatFlags(plays []string, seatFlags []string, level int) error {
	n := len(plays)
	for _, s := range seatFlags {
		num, who, ok := strings.Cut(s, "=")
		i, err := strconv.Atoi(num)
		if !ok || err != nil || i < 1 || i > n {
			return fmt.Errorf("--seat %q: want N=human, N=computer[:LEVEL] or N=random with N from 1 to %d", s, n)
		}
		if who == "computer" {
			who = fmt.Sprintf("computer:%d", level)
		}
		if err := checkPlays(who); err != nil {
			return fmt.Errorf("--seat %q: %w", s, err)
		}
		plays[i-1] = who
	}
	return nil
}

// checkPlays checks a seat description as game.NewSeatPlayer reads it,
// without building the player.
func checkPlays(who string) error {
	if who == "human" || who == "random" {
		return nil
	}
	if lv, ok := strings.CutPrefix(who, "computer:"); ok {
		if n, err := strconv.Atoi(lv); err == nil && n >= 1 && n <= search.Levels {
			return nil
		}
		return fmt.Errorf("want a level from 1 to %d, got %q", search.Levels, lv)
	}
	return fmt.Errorf("want human, computer, computer:LEVEL or random, got %q", who)
}

// buildSeats makes the seats: who plays each (game.NewSeatPlayer) and its
// name ("" for the variant's).
func buildSeats(plays, names []string, moveTime time.Duration) ([]game.Seat, error) {
	seats := make([]game.Seat, len(plays))
	for i, who := range plays {
		p, err := game.NewSeatPlayer(who, moveTime, uint64(i)+1)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		seats[i] = game.Seat{Player: p, Plays: who}
		if names != nil {
			seats[i].Name = names[i]
		}
	}
	return seats, nil
}
