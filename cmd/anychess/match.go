package main

// The match subcommand: games between two engine configurations, with the score and an Elo interval.

import (
	"fmt"
	"io"
	"os"
	"time"

	"anychess/game"
	"anychess/match"
)

const matchHelp = `Players (--a, --b):
  random                      a random mover
  anychess[:KEY[=VALUE],...]  this engine; keys: level=1..8, depth=N, nodes=N,
                              movetime=DURATION, hash=MB, threads=N (lazy
                              SMP), noise=CP, net=FILE (an evaluation
                              network made by 'anychess tune --net', used
                              in the game it was made for), and the
                              switches that turn one search feature off:
                              nott (transposition table) noqtt (the table
                              in quiescence) nonull (null move) nolmr
                              (late-move reductions) nopvs noaspiration
                              norfp (reverse futility) nolmp (late-move
                              pruning) nofutility noimproving nolmrtable
                              (one-ply reductions) noiir (internal
                              iterative reduction) nocont (continuation
                              history) nocorr (correction history)
                              nopiececorr (its tables of the pieces)
                              notteval (the table's score for the
                              evaluation in pruning)
                              nosingular nocounter (counter
                              moves) nosee (static exchange) nokillers
                              nohistory noquiescence notuned (tuned
                              tables) nonet (the built-in network)
                              narrow (stop 56's null move, reductions
                              and pruning), and
                              null checkext (check
                              extension on) nocheckext material nogoal
                              (no goal terms in the evaluation), and for
                              more than two players maxn paranoid brs
                              (best-reply search) auto
  uci:COMMAND[|NAME=VALUE...][|go LIMITS]
                              an external UCI engine (orthodox chess, or a
                              variant it offers through UCI_Variant), e.g.
                              'uci:/usr/games/stockfish|Skill Level=0' or
                              'uci:anychess uci' (every variant); 'go nodes N'
                              (or depth N, movetime MS) replaces --movetime,
                              e.g. 'uci:./old-anychess uci|go nodes 20000'
With --tc CLOCK+INCREMENT each player has a game clock: the engines are told
their time left (UCI: wtime/btime/winc/binc) and manage it; a player whose
clock runs out loses, and the report counts the games lost on time and the
average time per move.
`

// Bounds of match's counts: beyond them a value is a slip, not a plan.
const (
	maxMatchGames  = 1_000_000
	maxRandomPlies = 1000
)

func cmdMatch(args []string, stdout io.Writer) error {
	fs := newFlagSet("match", stdout)
	var v variantFlags
	v.register(fs, false)
	fen := fs.String("fen", "", "start every game from this position instead of the variant's start")
	a := fs.String("a", "anychess", "the first player (see below)")
	b := fs.String("b", "random", "the second player")
	games := fs.Int("games", 20, "number of games")
	moveTime := fs.Duration("movetime", 100*time.Millisecond, "time per move (without --tc)")
	tc := fs.String("tc", "", "time control instead of --movetime: a game clock per player and increment per move, e.g. 10s+100ms; a player whose clock runs out loses on time")
	randomPlies := fs.Int("random-plies", 4, "random plies that open each game (each opening is played with the seats swapped)")
	maxPlies := fs.Int("max-plies", 0, "adjudicate a game still going after this many plies by the evaluation (0: never)")
	margin := fs.Int("adjudicate-margin", 300, "the evaluation lead that wins an adjudicated game")
	byMaterial := fs.Bool("adjudicate-material", false, "adjudicate by material alone, not the evaluation (fair when the players' evaluations differ)")
	seating := fs.String("seats", "half", "games of more than two players: half (A takes every other seat) or one (A takes one seat, rotating)")
	seed := fs.Uint64("seed", 1, "seed of the openings and random players")
	quiet := fs.Bool("quiet", false, "print only the final score")
	record := fs.String("record", "", "write every game's moves to this file, each game as it ends")
	fs.Usage = func() {
		fmt.Fprintln(stdout, "usage: anychess match [flags]")
		fs.PrintDefaults()
		fmt.Fprint(stdout, matchHelp)
	}
	if err := v.parse(fs, "match", args); err != nil {
		return err
	}
	switch {
	case *games < 1 || *games > maxMatchGames:
		return fmt.Errorf("match: --games %d: want 1 to %d", *games, maxMatchGames)
	case *moveTime < 0:
		return fmt.Errorf("match: --movetime %v: the time must not be negative", *moveTime)
	case *moveTime == 0 && *tc == "":
		return fmt.Errorf("match: --movetime 0: an engine would think without end; give a positive time or --tc")
	case *randomPlies < 0 || *randomPlies > maxRandomPlies:
		return fmt.Errorf("match: --random-plies %d: want 0 to %d", *randomPlies, maxRandomPlies)
	case *maxPlies < 0:
		return fmt.Errorf("match: --max-plies %d: want 0 (never) or more", *maxPlies)
	case *margin < 1:
		return fmt.Errorf("match: --adjudicate-margin %d: want 1 centipawn or more", *margin)
	}
	r, err := v.rules()
	if err != nil {
		return err
	}
	cfg := match.Config{Rules: r, Start: *fen, Games: *games, RandomPlies: *randomPlies, MaxPlies: *maxPlies,
		AdjudicateMargin: *margin, AdjudicateMaterial: *byMaterial, Seed: *seed}
	switch *seating {
	case "half":
	case "one":
		cfg.Seating = match.One
	default:
		return fmt.Errorf("match: --seats %q: want half or one", *seating)
	}
	if !*quiet {
		cfg.Log = stdout
	}
	if *tc != "" {
		if flagGiven(fs, "movetime") {
			return fmt.Errorf("match: give --tc or --movetime, not both (a player's movetime=D caps its moves under --tc)")
		}
		clock, err := game.ParseTimeControl(*tc)
		if err != nil {
			return fmt.Errorf("match: --tc: %w", err)
		}
		cfg.Clock, cfg.Increment = clock.Initial, clock.Increment
		*moveTime = 0 // the clock decides
	}
	if *record != "" {
		f, err := os.Create(*record)
		if err != nil {
			return fmt.Errorf("match: --record: %w", err)
		}
		defer f.Close()
		cfg.Record = f
	}
	pa, err := match.ParsePlayer(*a, *moveTime, *seed*2+1)
	if err != nil {
		return err
	}
	defer pa.Close()
	pb, err := match.ParsePlayer(*b, *moveTime, *seed*2+2)
	if err != nil {
		return err
	}
	defer pb.Close()
	rep, err := match.Run(cfg, pa, pb)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: A=%s vs B=%s, %d games, %d adjudicated, %.0f plies/game\n", r.Name(), pa.Name(), pb.Name(),
		rep.Score.Games, rep.Adjudicated, float64(rep.Plies)/float64(max(1, rep.Score.Games)))
	if cfg.Clock > 0 {
		avg := func(i int) time.Duration {
			return (rep.Thinking[i] / time.Duration(max(1, rep.PlayerMoves[i]))).Round(100 * time.Microsecond)
		}
		fmt.Fprintf(stdout, "clock %s: lost on time A %d, B %d; time per move A %v (%d moves), B %v (%d moves)\n", *tc,
			rep.TimeLosses[0], rep.TimeLosses[1], avg(0), rep.PlayerMoves[0], avg(1), rep.PlayerMoves[1])
	}
	fmt.Fprintf(stdout, "score A: %s\n", rep.Score)
	return nil
}
