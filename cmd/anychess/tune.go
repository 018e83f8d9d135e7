package main

// The tune subcommand: self-play positions of a variant, and Texel tuning of its evaluation's piece-square tables or terms on them.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/internal/atomicfile"
	"anychess/search"
	"anychess/sprt"
)

const tuneHelp = `Two steps, which may be run together:
  --games N --data FILE   play N self-play games (the engine at --nodes nodes a
                          move on both sides, from the sprt opening book) and
                          append their quiet positions (not in check, the move
                          played no capture, no mate score) with the game's
                          result and the search's score to FILE
  --data FILE --teacher ENGINE --scored S
                          score every position of FILE with a stronger UCI
                          engine, e.g. 'uci:/usr/games/stockfish|go depth 10'
                          (fixed limits, a new game for each position), and
                          write them to S with the teacher's score in place
                          of the search's; a position it scores as a mate,
                          or whose best move is not quiet, is kept out ("#"
                          lines); S resumes where a stopped run left it
  --data FILE --out W     fit the variant's piece-square tables (middlegame and
                          endgame) to the positions of FILE (Texel tuning) and
                          write them to W, a weights file (search/weights/);
                          each position's target blends the game's result
                          (--result-weight) with the expected score of the
                          search's (or the teacher's) score, which is far
                          less noisy, read at the scale that makes these
                          scores predict the results best; with --scored S
                          the fit reads S instead of FILE; the last tenth
                          validates the fit (early stopping; the fit warns
                          when those positions also stand in the training
                          part, as in a file that holds some games twice)
  --data FILE --net H --out N
                          fit an evaluation network of H hidden units (Adam,
                          the same targets) and write it to N, for players
                          'anychess:net=N' (--net-base material|evaluation:
                          what it adds to); --play-net N with --games plays
                          the self-play games with it; --buckets N gives it N
                          output layers, read by the number of pieces on the
                          board; --mirror mirrors a player's view while its
                          royal piece stands on the right half. The nets
                          the package carries (chess, siberia) play by
                          default (doc/SEARCH.md, "Evaluation networks")
Games of two players can be tuned. For the generic evaluation on a bounded
board (chess, siberia, claustrophobia, or a --variant-file of that kind) the
fit places the piece-square tables (--coarse, --min-count) and the weights
of the structure terms (passed pawns, pawn threats, royal safety ...;
--freeze keeps some at their defaults); for a variant
with its own evaluation (martian-chess, longchess) or on the unbounded
plane (infinite-plane, infinite-plane-huygens) it fits the weights of the
evaluation's named terms (piece values; zones; flags and Keep; activity,
idle far pieces and royal safety on the plane) against the unit term (a
pawn's value, a Martian point), and --min-count keeps a term counted in
fewer positions at its default. The package carries the weights of
search/weights/ and uses them by the variant's name; named terms, tuned on
two players, apply only to games of two players.
`

func cmdTune(args []string, stdout io.Writer) error {
	fs := newFlagSet("tune", stdout)
	var v variantFlags
	v.register(fs, false)
	games := fs.Int("games", 0, "self-play games to play (0: none, only fit)")
	nodes := fs.Uint64("nodes", 3000, "nodes a move in the self-play games")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once, teaching engines run at once (--teacher), or the goroutines of a net's fit (--net); the default is the CPUs this process may use (1 under taskset -c N)")
	data := fs.String("data", "", "the positions file (appended to by --games, read by --out)")
	out := fs.String("out", "", "fit and write the weights to this file")
	epochs := fs.Int("epochs", 400, "passes of the fit over the positions")
	rate := fs.Float64("rate", 1, "the fit's step, in centipawns")
	coarse := fs.Bool("coarse", false, "fit per piece type and phase only a shift and a scale of the starting table, not every square (for fewer positions)")
	ridge := fs.Float64("ridge", 0, "pull the weights towards their starting values: the fit adds RIDGE × Σ ((weight − start) / 100 cp)² to the error")
	minCount := fs.Float64("min-count", 0, "keep at its starting value each weight whose square its piece type stands on in fewer positions than this (counted in the weight's phase)")
	scale := fs.Float64("scale", 0, "the sigmoid's scale K for the evaluation and the scores alike, instead of scales fitted to the games' results (0: fit them); for a teacher that is anychess itself in a game whose self-play games end mostly drawn")
	freeze := fs.String("freeze", "", "keep these terms (comma-separated names, a structure term's without .mg or .eg for both) at their starting values")
	blend := fs.Float64("result-weight", 0.5, "the share of the game's result in a position's target; the rest is the expected score of the search that played it")
	maxPlies := fs.Int("max-plies", 300, "a self-play game still going after this many plies is a draw")
	seed := fs.Uint64("seed", 1, "seed of the openings")
	noise := fs.Int("noise", 0, "with --games: the self-play engines add up to ±NOISE centipawns to every evaluation, seeded by the game, so that games from one opening differ (0 to 1000)")
	teacher := fs.String("teacher", "", "a UCI engine with fixed limits that scores the positions of --data into --scored ('uci:COMMAND|go depth 10')")
	scored := fs.String("scored", "", "the positions file with the teacher's scores (written with --teacher, read by --out)")
	playNet := fs.String("play-net", "", "with --games: the self-play engines evaluate with this network (made by --net), so that a later fit learns the positions it leads to")
	netBase := fs.String("net-base", "", "with --net: what the net's output is added to: material (the balance by the evaluation's piece values), evaluation (the evaluation's terms: the net corrects them), or nothing ('')")
	net := fs.Int("net", 0, "fit an evaluation network of this many hidden units (1 to 1024) instead of the tables, and write it to --out (epochs 30 and rate 0.001 unless given)")
	evalScale := fs.Bool("eval-scale", false, "with --net: the net's centipawns are the evaluation's (its scale fitted to the targets), not the teacher's, so that the search's margins keep their meaning")
	squared := fs.Bool("squared", false, "with --net: each hidden unit's output is its clamped sum squared (SCReLU), not the clamped sum")
	mirror := fs.Bool("mirror", false, "with --net: a player's view is mirrored left to right while its royal piece stands on the board's right half, so that a position and its mirror image share the net's weights")
	buckets := fs.Int("buckets", 0, "with --net: output layers chosen by the number of pieces on the board (output buckets), sharing the counts from 1 to the start's evenly (0 or 1: one layer; at most 32)")
	halving := fs.Bool("halving", false, "with --net: after an epoch that did not lower the validation error, go on from the best net so far with half the step")
	scoreNets := fs.String("score-nets", "", "measure these nets (comma-separated files made by --net) on the positions a fit of the file would hold out (the last tenth of --scored, or of --data without it): each one's mean squared error, at one scale for all; nothing is fitted")
	from := fs.String("from", "", "start the fit from this weights file (an earlier fit, such as search/weights/VARIANT.json) instead of the untuned start; the weights it lacks start untuned. With --net: from this net (search/weights/VARIANT.net.json.gz, say) instead of random weights, of the same units, kind and buckets or of one bucket (copied to each); the fit returns it unchanged if no epoch predicts the held-out positions better")
	fs.Usage = func() {
		fmt.Fprintln(stdout, "usage: anychess tune [VARIANT] --data FILE [--games N] [--out WEIGHTS] [flags]")
		fs.PrintDefaults()
		fmt.Fprint(stdout, tuneHelp)
	}
	if err := v.parse(fs, "tune", args); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if *net != 0 {
		if !given["epochs"] {
			*epochs = 30
		}
		if !given["rate"] {
			*rate = 0.001
		}
	}
	switch {
	case *data == "":
		return fmt.Errorf("tune: --data FILE is required")
	case *net < 0 || *net > 1024:
		return fmt.Errorf("tune: --net %d: want 1 to 1024 hidden units (0: fit the tables)", *net)
	case *buckets < 0 || *buckets > 32:
		return fmt.Errorf("tune: --buckets %d: want 0 to 32 output layers", *buckets)
	case *mirror && *net == 0:
		return fmt.Errorf("tune: --mirror wants --net: only a net's views are mirrored")
	case *buckets > 1 && *net == 0:
		return fmt.Errorf("tune: --buckets %d wants --net: only a net has output layers", *buckets)
	case *net > 0 && *out == "":
		return fmt.Errorf("tune: --net wants --out FILE, the net it writes")
	case *netBase != "" && *netBase != search.NetBaseMaterial && *netBase != search.NetBaseEvaluation:
		return fmt.Errorf("tune: --net-base %q: want %s, %s or ''", *netBase, search.NetBaseMaterial, search.NetBaseEvaluation)
	case *games < 0 || *games > 1_000_000:
		return fmt.Errorf("tune: --games %d: want 0 to 1000000", *games)
	case *games == 0 && *out == "" && *teacher == "" && *scoreNets == "":
		return fmt.Errorf("tune: nothing to do: give --games N to play, --teacher ENGINE to score, --out FILE to fit, --score-nets NETS to measure, or some of them")
	case *teacher != "" && *scored == "":
		return fmt.Errorf("tune: --teacher wants --scored FILE, the file it writes")
	case *scored != "" && *scored == *data:
		return fmt.Errorf("tune: --scored %s: want another file than --data", *scored)
	case *workers < 1 || *workers > 256:
		return fmt.Errorf("tune: --workers %d: want 1 to 256", *workers)
	case *nodes == 0:
		return fmt.Errorf("tune: --nodes must be at least 1")
	case *noise < 0 || *noise > 1000:
		return fmt.Errorf("tune: --noise %d: want 0 to 1000 centipawns", *noise)
	case *epochs < 1 || *epochs > 1_000_000 || !(*rate > 0 && *rate <= 1e6):
		return fmt.Errorf("tune: --epochs %d, --rate %g: want 1 to 1000000 epochs and a rate above 0 (at most 1000000)", *epochs, *rate)
	case *blend < 0 || *blend > 1:
		return fmt.Errorf("tune: --result-weight %g: want 0 to 1", *blend)
	case !(*ridge >= 0 && *ridge <= 1e6):
		return fmt.Errorf("tune: --ridge %g: want 0 to 1000000", *ridge)
	case !(*scale >= 0 && *scale <= 10):
		return fmt.Errorf("tune: --scale %g: want 0 to 10", *scale)
	case !(*minCount >= 0 && *minCount <= 1e9):
		return fmt.Errorf("tune: --min-count %g: want 0 to 1000000000", *minCount)
	}
	r, err := v.rules()
	if err != nil {
		return err
	}
	if !search.Tunable(r) && !search.TermsTunable(r) {
		return fmt.Errorf("tune: %s: only a game of two players can be tuned: the generic evaluation on a bounded board, the plane's, or a variant's own evaluation with named terms", r.Name())
	}
	if *games > 0 {
		var net *search.Net
		if *playNet != "" {
			if net, err = search.LoadNet(*playNet); err != nil {
				return fmt.Errorf("tune: --play-net: %w", err)
			}
			if err := net.Fits(r); err != nil {
				return fmt.Errorf("tune: --play-net: %w", err)
			}
		}
		if err := tunePlay(r, v, *games, *nodes, *workers, *maxPlies, *seed, *noise, *data, net, stdout); err != nil {
			return err
		}
	}
	if *teacher != "" {
		if err := tuneTeach(r, *data, *scored, *teacher, *workers, stdout); err != nil {
			return err
		}
	}
	fitData := *data
	if *scored != "" {
		fitData = *scored
	}
	if *scoreNets != "" {
		if err := tuneScoreNets(r, fitData, strings.Split(*scoreNets, ","), *blend, stdout); err != nil {
			return err
		}
	}
	if *out == "" {
		return nil
	}
	if *net > 0 {
		var start *search.Net
		if *from != "" {
			if start, err = search.LoadNet(*from); err != nil {
				return fmt.Errorf("tune: --from: %w", err)
			}
		}
		return tuneNet(r, fitData, *out, *netBase, *mirror, *from, search.NetOptions{From: start, Hidden: *net, Epochs: *epochs, Rate: *rate, Batch: 1024, Seed: *seed, Workers: *workers, Halving: *halving, Squared: *squared, Buckets: *buckets, EvalScale: *evalScale}, *blend, stdout)
	}
	opt := search.FitOptions{Epochs: *epochs, Rate: *rate, Ridge: *ridge, MinCount: *minCount, Coarse: *coarse, Scale: *scale}
	if *freeze != "" {
		opt.Freeze = strings.Split(*freeze, ",")
	}
	return tuneFit(r, fitData, *out, *from, opt, *blend, stdout)
}

// tunePlay plays the self-play games and appends their positions to path.
func tunePlay(r *core.Rules, v variantFlags, games int, nodes uint64, workers, maxPlies int, seed uint64, noise int, path string, net *search.Net, stdout io.Writer) error {
	opts := append([]string(nil), v.options...)
	sort.Strings(opts)
	key := v.name + " [" + strings.Join(opts, ",") + "]"
	if v.file != "" {
		key = "file " + v.file + " [" + strings.Join(opts, ",") + "]"
	}
	cache, _ := os.UserCacheDir()
	if cache != "" {
		cache += "/anychess/openings"
	}
	book, err := sprt.CachedOpenings(r, key, sprt.BookConfig{Size: 1000, Plies: 8, Margin: 100, Seed: seed}, cache)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	var (
		mu        sync.Mutex
		next      atomic.Int64
		positions int
		played    int
		firstErr  error
		wg        sync.WaitGroup
	)
	start := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= games {
					return
				}
				lines, err := selfPlay(r, book[i%len(book)], nodes, maxPlies, net, noise, seed<<32|uint64(i))
				mu.Lock()
				if err != nil {
					firstErr = err
					next.Store(int64(games))
				} else {
					for _, l := range lines {
						fmt.Fprintln(f, l)
					}
					positions += len(lines)
					played++
					if played%100 == 0 {
						fmt.Fprintf(stdout, "%d games, %d positions (%v)\n", played, positions, time.Since(start).Round(time.Second))
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	fmt.Fprintf(stdout, "played %d games: %d positions added to %s (%v)\n", played, positions, path, time.Since(start).Round(time.Second))
	return nil
}

// scoringEngine is the engine as a player that keeps the score of each of
// its searches, by ply.
type scoringEngine struct {
	e      *search.Engine
	limits search.Limits
	scores map[int]int // the mover's score of the position at each ply
}

func (s *scoringEngine) Name() string { return "anychess" }
func (s *scoringEngine) NewGame(*core.Rules) error {
	s.e.NewGame()
	return nil
}
func (s *scoringEngine) Close() error { return nil }
func (s *scoringEngine) Move(st *game.State) (core.Move, error) {
	res := s.e.Search(st.Position, s.limits)
	if res.Move == core.NullMove {
		return res.Move, fmt.Errorf("engine found no move")
	}
	s.scores[len(st.Moves)] = res.Score
	return res.Move, nil
}

// selfPlay plays one game from the opening and returns its quiet positions
// as lines "RESULT<TAB>SCORE<TAB>POSITION": the game's result for the first
// player, and the score of the search that chose the move played there,
// from the first player's view. With noise, the engines add up to ±noise
// centipawns to their evaluations, varied by gameSeed.
func selfPlay(r *core.Rules, opening []string, nodes uint64, maxPlies int, net *search.Net, noise int, gameSeed uint64) ([]string, error) {
	scores := map[int]int{}
	opts := search.Options{HashMB: 4, Net: net, Noise: noise, Seed: gameSeed}
	seats := []game.Seat{
		{Player: &scoringEngine{e: search.New(opts), limits: search.Limits{Nodes: nodes}, scores: scores}},
		{Player: &scoringEngine{e: search.New(opts), limits: search.Limits{Nodes: nodes}, scores: scores}},
	}
	g, err := game.New(game.Config{Rules: r, Seats: seats})
	if err != nil {
		return nil, err
	}
	for _, m := range opening {
		if err := g.Replay(m, 0, 0); err != nil {
			return nil, err
		}
	}
	first := g.Ply()
	for !g.Over() && g.Ply() < maxPlies {
		if _, err := g.MachineMove(); err != nil {
			return nil, err
		}
	}
	result := 0.5
	if o := g.Outcome(); o.Status == core.Win {
		switch o.Winners {
		case 1:
			result = 1
		case 2:
			result = 0
		}
	}
	var lines []string
	p := g.StartPosition().Copy()
	for i, pm := range g.Moves() {
		score, searched := scores[i]
		if _, mate := search.IsMate(score); i >= first && searched && !mate && !p.InCheck() && quietMove(p, pm.Move) {
			if pm.Player != 0 {
				score = -score
			}
			lines = append(lines, fmt.Sprintf("%s\t%d\t%s", strconv.FormatFloat(result, 'g', -1, 64), score, p.String()))
		}
		p.MakeMove(pm.Move)
	}
	return lines, nil
}

// quietMove reports whether m removes no piece and promotes nothing. The
// Victims of a double step (the squares it passes) and of castling (the
// rook's) are no pieces removed.
func quietMove(p *core.Position, m core.Move) bool {
	switch {
	case m.Promo != 0 || m.Kind == core.KindEnPassant || m.Kind == core.KindStationary:
		return false
	case m.Kind == core.KindCastle || m.Kind == core.KindDoubleStep:
		return true
	}
	return m.VictimCount() == 0 && (m.To == core.NoSquare || !p.At(m.To).IsPiece())
}

// tuneFit reads the positions of path, fits the weights and writes them.
func tuneFit(r *core.Rules, path, out, from string, opt search.FitOptions, blend float64, stdout io.Writer) error {
	tu, err := search.NewTuner(r)
	if err != nil {
		return err
	}
	valid, _ := search.NewTuner(r)
	made, seen, err := readTuneData(r, path, false, func(p *core.Position, result float64, score int, training bool) {
		if training {
			tu.AddScored(p, result, float64(score), blend)
		} else {
			valid.AddScored(p, result, float64(score), blend)
		}
	})
	if err != nil {
		return err
	}
	init, err := search.InitialWeights(r)
	if err != nil {
		return err
	}
	if from != "" {
		data, err := os.ReadFile(from)
		if err != nil {
			return fmt.Errorf("tune: --from: %w", err)
		}
		var w search.Weights
		if err := json.Unmarshal(data, &w); err != nil {
			return fmt.Errorf("tune: --from %s: %w", from, err)
		}
		if init, err = search.StartFrom(r, init, &w); err != nil {
			return fmt.Errorf("tune: --from %s: %w", from, err)
		}
	}
	start := time.Now()
	opt.Log = stdout
	if valid.Len() > 0 {
		opt.Validate = valid
	}
	w, rep, err := tu.Fit(init, opt)
	if err != nil {
		return err
	}
	fixed := ""
	if opt.Scale > 0 {
		fixed = " (--scale, not fitted)"
	}
	w.Note = fmt.Sprintf("anychess tune %s: %d positions of %s (the last %d kept for validation), %d epochs at rate %g, ridge %g, min count %g, coarse %t, "+
		"targets %g × result + %g × the expected score of the scores (scale %.3f), the weights of epoch %d; K %.3f%s, mean squared error %.5f → %.5f, validation %.5f → %.5f",
		r.Name(), rep.Positions, path, valid.Len(), opt.Epochs, opt.Rate, opt.Ridge, opt.MinCount, opt.Coarse, blend, 1-blend, rep.ScoreK, rep.BestEpoch, rep.K, fixed, rep.Before, rep.After, rep.ValidBefore, rep.ValidAfter)
	if len(opt.Freeze) > 0 {
		w.Note += ", frozen: " + strings.Join(opt.Freeze, ",")
	}
	if from != "" {
		w.Note += ", started from " + from
	}
	return writeFitted(out, w, &w.Note, path, seen, valid.Len(), made, start, stdout)
}

// readTuneData reads the positions file path (RESULT<TAB>SCORE<TAB>POSITION
// lines) and gives each position to add, the last tenth of the file (the
// last games played) as not training: it validates the fit. It returns
// how the file was made (its teacherHeader lines) and how many of the
// validating positions also stand in the training part (a file holding
// some games twice), whose error then says less of positions not seen.
// With heldOutOnly it reads only the last tenth (and seen is 0).
func readTuneData(r *core.Rules, path string, heldOutOnly bool, add func(p *core.Position, result float64, score int, training bool)) (made []string, seen int, err error) {
	all, err := readLines(path)
	if err != nil {
		return nil, 0, err
	}
	var lines []string
	var numbers []int // each line's number in the file
	for i, text := range all {
		if rest, ok := strings.CutPrefix(text, teacherHeader); ok {
			made = append(made, strings.TrimSpace(rest))
		} else if !strings.HasPrefix(text, teacherSkip) {
			lines = append(lines, text)
			numbers = append(numbers, i+1)
		}
	}
	train := len(lines) - len(lines)/10
	trained := map[string]bool{}
	for i, text := range lines {
		line := numbers[i]
		fields := strings.Split(text, "\t")
		if len(fields) != 3 {
			return nil, 0, fmt.Errorf("tune: %s:%d: want RESULT<TAB>SCORE<TAB>POSITION", path, line)
		}
		if i < train {
			if heldOutOnly {
				continue
			}
			trained[fields[2]] = true
		} else if trained[fields[2]] {
			seen++
		}
		res, pos := fields[0], fields[2]
		result, err := strconv.ParseFloat(res, 64)
		if err != nil || result < 0 || result > 1 {
			return nil, 0, fmt.Errorf("tune: %s:%d: result %q: want 0, 0.5 or 1", path, line, res)
		}
		score, err := strconv.Atoi(fields[1])
		if err != nil {
			return nil, 0, fmt.Errorf("tune: %s:%d: score %q: want centipawns", path, line, fields[1])
		}
		p, err := r.ParsePosition(pos)
		if err != nil {
			return nil, 0, fmt.Errorf("tune: %s:%d: %w", path, line, err)
		}
		add(p, result, score, i < train)
	}
	return made, seen, nil
}

// tuneScoreNets prints the mean squared error of each net of paths on the
// positions a fit of the file at path would hold out.
func tuneScoreNets(r *core.Rules, path string, paths []string, blend float64, stdout io.Writer) error {
	var nets []*search.Net
	for _, p := range paths {
		n, err := search.LoadNet(p)
		if err != nil {
			return fmt.Errorf("tune: --score-nets: %w", err)
		}
		if err := n.Fits(r); err != nil {
			return fmt.Errorf("tune: --score-nets %s: %w", p, err)
		}
		nets = append(nets, n)
	}
	sc, err := search.NewNetScore(r, nets)
	if err != nil {
		return fmt.Errorf("tune: --score-nets: %w", err)
	}
	_, _, err = readTuneData(r, path, true, func(p *core.Position, result float64, score int, _ bool) {
		sc.Add(p, result, float64(score), blend)
	})
	if err != nil {
		return err
	}
	if sc.Len() == 0 {
		return fmt.Errorf("tune: --score-nets: %s holds no positions a fit would hold out", path)
	}
	errs, k := sc.Errors()
	for i, p := range paths {
		fmt.Fprintf(stdout, "%s: mean squared error %.5f on the %d positions a fit of %s holds out (targets %g × result + %g × the expected score of the scores, scale K %.3f fitted to their results)\n",
			p, errs[i], sc.Len(), path, blend, 1-blend, k)
	}
	return nil
}

// tuneNet reads the positions of path, fits an evaluation network to them
// and writes it to out.
func tuneNet(r *core.Rules, path, out, base string, mirror bool, from string, opt search.NetOptions, blend float64, stdout io.Writer) error {
	tr, err := search.NewNetTrainer(r)
	if err != nil {
		return err
	}
	valid, _ := search.NewNetTrainer(r)
	tr.Base, valid.Base = base, base
	tr.Mirror, valid.Mirror = mirror, mirror
	made, seen, err := readTuneData(r, path, false, func(p *core.Position, result float64, score int, training bool) {
		if training {
			tr.Add(p, result, float64(score), blend)
		} else {
			valid.Add(p, result, float64(score), blend)
		}
	})
	if err != nil {
		return err
	}
	if valid.Len() > 0 {
		opt.Validate = valid
	}
	opt.Log = stdout
	start := time.Now()
	n, rep, err := tr.Fit(opt)
	if err != nil {
		return err
	}
	flags := fmt.Sprintf("--net %d --workers %d --seed %d", opt.Hidden, opt.Workers, opt.Seed)
	if opt.Squared {
		flags += " --squared"
	}
	if opt.Halving {
		flags += " --halving"
	}
	if opt.Buckets > 1 {
		flags += fmt.Sprintf(" --buckets %d", opt.Buckets)
	}
	if mirror {
		flags += " --mirror"
	}
	if base != "" {
		flags += " --net-base " + base
	}
	if from != "" {
		flags += " --from " + from
	}
	netK := ""
	if opt.EvalScale {
		flags += " --eval-scale"
		netK = fmt.Sprintf(", the net's output read at the evaluation's scale %.3f", rep.NetK)
	}
	n.Note = fmt.Sprintf("anychess tune %s %s: %d positions of %s (the last %d kept for validation), %d epochs at rate %g, batch %d, "+
		"targets %g × result + %g × the expected score of the scores (scale K %.3f%s), the net of epoch %d; mean squared error %.5f, validation %.5f (first epoch %.5f; the evaluation's terms %.5f)",
		r.Name(), flags, rep.Positions, path, valid.Len(), opt.Epochs, opt.Rate, opt.Batch, blend, 1-blend, rep.K, netK, rep.BestEpoch, rep.Train, rep.Valid, rep.ValidStart, rep.ValidEval)
	return writeFitted(out, n, &n.Note, path, seen, valid.Len(), made, start, stdout)
}

// writeFitted completes a fit's note (validating positions also trained
// on, how the data were made), prints it with the time the fit took, and
// writes v, which holds the note, to out as JSON.
func writeFitted(out string, v any, note *string, path string, seen, validating int, made []string, start time.Time, stdout io.Writer) error {
	*note += seenNote(seen, validating)
	if len(made) > 0 {
		*note += "; " + path + " was made by: " + strings.Join(made, "; ")
	}
	fmt.Fprintf(stdout, "%s (%v)\n", *note, time.Since(start).Round(time.Millisecond))
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(out, append(data, '\n'), 0o644)
}

// seenNote warns, for a fit's note, of validating positions that also
// stand in the training part.
func seenNote(seen, valid int) string {
	if seen == 0 {
		return ""
	}
	return fmt.Sprintf(" (warning: %d of the %d validating positions also stand in the training part: the validation error says less of unseen positions)", seen, valid)
}
