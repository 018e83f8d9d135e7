package main

// The sprt subcommand: a sequential probability ratio test between two players, over game pairs from balanced openings.

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"anychess/game"
	"anychess/match"
	"anychess/sprt"
)

const sprtHelp = `A sequential probability ratio test (SPRT) of "A is elo1 stronger than B"
(H1) against "A is elo0 stronger" (H0), with error rates alpha and beta, over
game pairs: each opening is played twice with the seats swapped, and the pair's
score for A (0, 1/2, 1, 3/2 or 2: the pentanomial) is the datum; the
log-likelihood ratio (LLR) is fishtest's generalised SPRT. The test ends when
the LLR leaves its bounds (H0 or H1 accepted) or after --max-pairs.

Openings: --book-size sequences of --book-plies random moves, each kept when a
search of --book-nodes nodes scores its end within --book-margin centipawns,
kept in --book-dir per variant, options and seed.

Players (--a, --b) are described as for 'anychess match' (see 'anychess match
-h'); give both a node limit so that the result does not depend on the
machine's load, e.g.
  anychess sprt chess --a anychess:nodes=20000 \
      --b 'uci:/tmp/anychess-base uci|go nodes 20000' --elo0 0 --elo1 10
In games of more than two players A takes the even seats in one game of a
pair and the odd seats in the other.
`

func cmdSPRT(args []string, stdout io.Writer) error {
	fs := newFlagSet("sprt", stdout)
	var v variantFlags
	v.register(fs, false)
	a := fs.String("a", "anychess", "the player tested (see 'anychess match -h')")
	b := fs.String("b", "", "the player it is tested against (required)")
	elo0 := fs.Float64("elo0", 0, "H0: A is this many Elo stronger")
	elo1 := fs.Float64("elo1", 10, "H1: A is this many Elo stronger")
	alpha := fs.Float64("alpha", 0.05, "the chance of accepting H1 when H0 holds")
	beta := fs.Float64("beta", 0.05, "the chance of accepting H0 when H1 holds")
	model := fs.String("model", "logistic", "what the Elo bounds mean: logistic or normalized (fishtest's)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	maxPairs := fs.Int("max-pairs", 5000, "stop an undecided test after this many pairs (0: never)")
	moveTime := fs.Duration("movetime", 100*time.Millisecond, "time per move of a player without its own limit (without --tc)")
	tc := fs.String("tc", "", "a game clock per player and increment, e.g. 10s+100ms, instead of --movetime")
	maxPlies := fs.Int("max-plies", 400, "adjudicate a game still going after this many plies (0: never)")
	margin := fs.Int("adjudicate-margin", 300, "the lead that wins an adjudicated game")
	byMaterial := fs.Bool("adjudicate-material", false, "adjudicate by material alone, not the evaluation")
	resignMargin := fs.Int("resign-margin", 600, "a side whose lead (as for --max-plies) is at least this after --resign-plies plies in a row wins (0: play on)")
	resignPlies := fs.Int("resign-plies", 8, "see --resign-margin")
	bookSize := fs.Int("book-size", 1000, "openings in the book")
	bookPlies := fs.Int("book-plies", 8, "random plies of an opening")
	bookMargin := fs.Int("book-margin", 100, "the largest score (centipawns) an opening may leave")
	bookNodes := fs.Uint64("book-nodes", 5000, "the nodes of the search that scores an opening")
	cache, _ := os.UserCacheDir()
	if cache != "" {
		cache = filepath.Join(cache, "anychess", "openings")
	}
	bookDir := fs.String("book-dir", cache, "keep opening books in this directory ('' for none)")
	seed := fs.Uint64("seed", 1, "seed of the openings and of random players")
	logPath := fs.String("log", "", "record every pair in this file, and go on from the pairs it holds (a test stopped midway resumes)")
	quiet := fs.Bool("quiet", false, "print only the result, not a line per pair")
	fs.Usage = func() {
		fmt.Fprintln(stdout, "usage: anychess sprt [VARIANT] --a PLAYER --b PLAYER [flags]")
		fs.PrintDefaults()
		fmt.Fprint(stdout, sprtHelp)
	}
	if err := v.parse(fs, "sprt", args); err != nil {
		return err
	}
	test := sprt.Test{Elo0: *elo0, Elo1: *elo1, Alpha: *alpha, Beta: *beta}
	switch *model {
	case "logistic":
	case "normalized":
		test.Model = sprt.Normalized
	default:
		return fmt.Errorf("sprt: --model %q: want logistic or normalized", *model)
	}
	switch {
	case *b == "":
		return fmt.Errorf("sprt: --b is required (the player A is tested against)")
	case *workers < 1 || *workers > 256:
		return fmt.Errorf("sprt: --workers %d: want 1 to 256", *workers)
	case *maxPairs < 0:
		return fmt.Errorf("sprt: --max-pairs %d: want 0 (never) or more", *maxPairs)
	case *maxPlies < 0:
		return fmt.Errorf("sprt: --max-plies %d: want 0 (never) or more", *maxPlies)
	case *margin < 1:
		return fmt.Errorf("sprt: --adjudicate-margin %d: want 1 centipawn or more", *margin)
	case *resignMargin < 0 || *resignPlies < 0:
		return fmt.Errorf("sprt: --resign-margin %d, --resign-plies %d: want 0 (never) or more", *resignMargin, *resignPlies)
	case *bookSize < 1 || *bookSize > 1_000_000:
		return fmt.Errorf("sprt: --book-size %d: want 1 to 1000000", *bookSize)
	case *bookPlies < 0 || *bookPlies > maxRandomPlies:
		return fmt.Errorf("sprt: --book-plies %d: want 0 to %d", *bookPlies, maxRandomPlies)
	case *bookMargin < 0:
		return fmt.Errorf("sprt: --book-margin %d: want 0 or more", *bookMargin)
	case *moveTime <= 0 && *tc == "":
		return fmt.Errorf("sprt: --movetime %v: want a positive time, or --tc", *moveTime)
	}
	if err := test.Check(); err != nil {
		return err
	}
	r, err := v.rules()
	if err != nil {
		return err
	}
	var clock game.TimeControl
	if *tc != "" {
		if flagGiven(fs, "movetime") {
			return fmt.Errorf("sprt: give --tc or --movetime, not both")
		}
		if clock, err = game.ParseTimeControl(*tc); err != nil {
			return fmt.Errorf("sprt: --tc: %w", err)
		}
		*moveTime = 0
	}
	// Check both descriptions before anything is played.
	for _, d := range []string{*a, *b} {
		p, err := match.ParsePlayer(d, *moveTime, *seed)
		if err != nil {
			return err
		}
		p.Close()
	}

	opts := append([]string(nil), v.options...)
	sort.Strings(opts)
	variantKey := v.name
	if v.file != "" {
		variantKey = "file " + v.file
	}
	variantKey += " [" + strings.Join(opts, ",") + "]"
	bookCfg := sprt.BookConfig{Size: *bookSize, Plies: *bookPlies, Margin: *bookMargin, Nodes: *bookNodes, Seed: *seed}
	started := time.Now()
	book, err := sprt.CachedOpenings(r, variantKey, bookCfg, *bookDir)
	if err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprintf(stdout, "book: %d openings of %d plies (%v)\n", len(book), *bookPlies, time.Since(started).Round(time.Millisecond))
	}

	cfg := sprt.Config{
		Rules: r, Openings: book, Workers: *workers, Test: test, MaxPairs: *maxPairs,
		MaxPlies: *maxPlies, AdjudicateMargin: *margin, AdjudicateMaterial: *byMaterial, Clock: clock,
		ResignMargin: *resignMargin, ResignPlies: *resignPlies,
		NewPlayers: func(w int) (game.Player, game.Player, error) {
			pa, err := match.ParsePlayer(*a, *moveTime, *seed*1000+uint64(2*w+1))
			if err != nil {
				return nil, nil, err
			}
			pb, err := match.ParsePlayer(*b, *moveTime, *seed*1000+uint64(2*w+2))
			if err != nil {
				pa.Close()
				return nil, nil, err
			}
			return pa, pb, nil
		},
	}
	if !*quiet {
		cfg.Progress = stdout
	}
	header := fmt.Sprintf("sprt %s a=%q b=%q elo0=%g elo1=%g alpha=%g beta=%g model=%s movetime=%v tc=%q max-plies=%d margin=%d material=%t resign=%d/%d book=%+v",
		variantKey, *a, *b, *elo0, *elo1, *alpha, *beta, test.Model, *moveTime, *tc, *maxPlies, *margin, *byMaterial,
		*resignMargin, *resignPlies, bookCfg)
	if *logPath != "" {
		log, done, err := sprt.OpenLog(*logPath, header)
		if err != nil {
			return err
		}
		defer log.Close()
		cfg.Done, cfg.OnPair = done, log.Write
		if len(done) > 0 && !*quiet {
			fmt.Fprintf(stdout, "log: %d pairs already played\n", len(done))
		}
	}
	fmt.Fprintf(stdout, "sprt %s: A=%s vs B=%s, elo0 %g, elo1 %g (%s), alpha %g, beta %g, %d workers\n",
		r.Name(), *a, *b, *elo0, *elo1, test.Model, *alpha, *beta, *workers)
	rep, err := sprt.Run(cfg)
	verdict := rep.Verdict.String()
	if rep.Verdict == sprt.Continue {
		verdict = "undecided"
	}
	fmt.Fprintf(stdout, "%s after %d pairs (%v, %.0f plies/game, %d adjudicated): %s\n", verdict, rep.Penta.Pairs(),
		rep.Elapsed.Round(time.Second), float64(rep.Plies)/float64(max(1, rep.Games())), rep.Adjudicated, rep.String(test))
	if rep.Moves[0] > 0 && rep.Moves[1] > 0 {
		avg := func(i int) time.Duration {
			return (rep.Thinking[i] / time.Duration(rep.Moves[i])).Round(100 * time.Microsecond)
		}
		fmt.Fprintf(stdout, "time per move: A %v, B %v; lost on time: A %d, B %d\n", avg(0), avg(1), rep.TimeLosses[0], rep.TimeLosses[1])
	}
	return err
}
