package sprt

// Playing a test: game pairs on parallel workers until the test decides.

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/match"
)

// Config describes a test's games.
type Config struct {
	Rules *core.Rules
	// Openings are the openings (moves from the start, any notation
	// game.ParseMove reads); pair i starts from opening i mod their number.
	// None: every game starts from the start position.
	Openings [][]string
	// NewPlayers makes the players A and B of one worker (numbered from
	// 0); each worker plays its games with its own.
	NewPlayers func(worker int) (a, b game.Player, err error)
	// Workers is the number of games played at once (default 1).
	Workers int
	Test    Test
	// MaxPairs ends an undecided test after this many pairs (0: never).
	MaxPairs int
	// MaxPlies adjudicates a game still going after this many plies (the
	// opening included): the side whose evaluation (or material, with
	// AdjudicateMaterial) leads by AdjudicateMargin (default 300) wins,
	// else it is a draw. 0: never.
	MaxPlies           int
	AdjudicateMargin   int
	AdjudicateMaterial bool
	// ResignMargin and ResignPlies end a game early: once a side's lead
	// (measured as for MaxPlies) has been at least ResignMargin after
	// each of ResignPlies consecutive plies, it wins. 0: never.
	ResignMargin, ResignPlies int
	// Clock gives every seat a game clock (zero: none, the players'
	// own limits decide).
	Clock game.TimeControl
	// Done are pairs already played (from a Log), counted and not played
	// again.
	Done []PairResult
	// OnPair, when not nil, is called with each pair played (for a Log),
	// from one goroutine at a time.
	OnPair func(PairResult) error
	// Progress, when not nil, receives a line after each pair.
	Progress io.Writer
}

// PairResult is the result of one pair of games.
type PairResult struct {
	// Index is the pair's number (from 0).
	Index int
	// Points are A's points in the two games: in game 0 A takes the even
	// seats (white in chess), in game 1 the odd ones.
	Points      [2]float64
	Plies       [2]int
	Adjudicated [2]bool
	// TimeLosses counts the games A (0) and B (1) lost on time.
	TimeLosses [2]int
	// Thinking is the time A (0) and B (1) took for their moves, Moves the
	// number of moves each made (opening moves excluded).
	Thinking [2]time.Duration
	Moves    [2]int
}

// Report is a test's state.
type Report struct {
	Penta Pentanomial
	// Wins, Draws, Losses count A's games.
	Wins, Draws, Losses int
	Adjudicated         int
	Plies               int
	TimeLosses          [2]int
	Thinking            [2]time.Duration
	Moves               [2]int
	LLR                 float64
	Verdict             Verdict
	Elapsed             time.Duration
}

// add counts a pair.
func (r *Report) add(p PairResult) {
	r.Penta.Add(p.Points[0] + p.Points[1])
	for g := range 2 {
		switch pts := p.Points[g]; {
		case pts >= 1:
			r.Wins++
		case pts <= 0:
			r.Losses++
		default:
			r.Draws++
		}
		if p.Adjudicated[g] {
			r.Adjudicated++
		}
		r.Plies += p.Plies[g]
		r.TimeLosses[g] += p.TimeLosses[g]
		r.Thinking[g] += p.Thinking[g]
		r.Moves[g] += p.Moves[g]
	}
}

// Games is the number of games counted.
func (r Report) Games() int { return r.Wins + r.Draws + r.Losses }

// String is the report's one-line summary: games, W/D/L, the pentanomial
// counts, the LLR within its bounds and the Elo estimate.
func (r Report) String(t Test) string {
	lo, hi := t.Bounds()
	elo, elo0, elo1 := r.Penta.Elo()
	nelo, _, _ := r.Penta.NormalizedElo()
	return fmt.Sprintf("games %d: +%d =%d -%d, ptnml %v, LLR %.2f [%.2f, %.2f], Elo %s [%s, %s], nElo %s",
		r.Games(), r.Wins, r.Draws, r.Losses, [5]int(r.Penta), r.LLR, lo, hi,
		eloText(elo), eloText(elo0), eloText(elo1), eloText(nelo))
}

func eloText(e float64) string {
	switch {
	case math.IsNaN(e):
		return "n/a"
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", e+0) // +0: no "-0.0"
}

// Run plays the test: workers take the next pair not yet played, play its
// two games and report it; after each pair the LLR is computed, and the
// test ends when it reaches a bound (pairs still being played are then
// abandoned), after MaxPairs pairs, or when a game fails (a player's
// error). The report counts every finished pair.
func Run(cfg Config) (Report, error) {
	if err := cfg.Test.Check(); err != nil {
		return Report{}, err
	}
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if cfg.AdjudicateMargin == 0 {
		cfg.AdjudicateMargin = 300
	}
	start := time.Now()
	var rep Report
	done := map[int]bool{}
	for _, p := range cfg.Done {
		if !done[p.Index] {
			done[p.Index] = true
			rep.add(p)
		}
	}
	rep.LLR, rep.Verdict = cfg.Test.LLR(rep.Penta), cfg.Test.Verdict(rep.Penta)
	if rep.Verdict != Continue || (cfg.MaxPairs > 0 && len(done) >= cfg.MaxPairs) {
		return rep, nil
	}

	var (
		next    atomic.Int64 // the next pair index to consider
		quit    atomic.Bool
		claimMu sync.Mutex
		wg      sync.WaitGroup
	)
	claim := func() (int, bool) {
		claimMu.Lock()
		defer claimMu.Unlock()
		for {
			i := int(next.Add(1) - 1)
			if quit.Load() || (cfg.MaxPairs > 0 && i >= cfg.MaxPairs) {
				return 0, false
			}
			if !done[i] {
				return i, true
			}
		}
	}
	type outcome struct {
		pair PairResult
		err  error
	}
	results := make(chan outcome)
	for w := range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, b, err := cfg.NewPlayers(w)
			if err != nil {
				results <- outcome{err: err}
				return
			}
			defer a.Close()
			defer b.Close()
			for {
				i, ok := claim()
				if !ok {
					return
				}
				pr, err := playPair(&cfg, i, a, b, &quit)
				if quit.Load() {
					return // the test ended while the pair was played
				}
				results <- outcome{pair: pr, err: err}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	var firstErr error
	for o := range results {
		if quit.Load() {
			continue // drain
		}
		if o.err != nil {
			firstErr = o.err
			quit.Store(true)
			continue
		}
		rep.add(o.pair)
		rep.LLR, rep.Verdict = cfg.Test.LLR(rep.Penta), cfg.Test.Verdict(rep.Penta)
		rep.Elapsed = time.Since(start)
		if cfg.OnPair != nil {
			if err := cfg.OnPair(o.pair); err != nil {
				firstErr = err
				quit.Store(true)
				continue
			}
		}
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "pair %d: A %g %g; %s\n", o.pair.Index+1, o.pair.Points[0], o.pair.Points[1], rep.String(cfg.Test))
		}
		if rep.Verdict != Continue {
			quit.Store(true)
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, firstErr
}

// playPair plays pair i: its opening twice, A on the even seats and then
// on the odd ones.
func playPair(cfg *Config, i int, a, b game.Player, quit *atomic.Bool) (PairResult, error) {
	pr := PairResult{Index: i}
	var opening []string
	if len(cfg.Openings) > 0 {
		opening = cfg.Openings[i%len(cfg.Openings)]
	}
	for g := range 2 {
		if quit.Load() {
			return pr, nil
		}
		n := cfg.Rules.Players
		seats := make([]game.Seat, n)
		aSeat := make([]bool, n)
		for s := range seats {
			aSeat[s] = s%2 == g
			seats[s].Player = b
			if aSeat[s] {
				seats[s].Player = a
			}
		}
		res, err := playGame(cfg, opening, seats, aSeat)
		if err != nil {
			return pr, fmt.Errorf("pair %d game %d: %w", i+1, g+1, err)
		}
		pr.Points[g], pr.Plies[g], pr.Adjudicated[g] = res.points, res.plies, res.adjudicated
		for side := range 2 {
			pr.TimeLosses[side] += res.timeLosses[side]
			pr.Thinking[side] += res.thinking[side]
			pr.Moves[side] += res.moves[side]
		}
	}
	return pr, nil
}

type gameResult struct {
	points      float64
	plies       int
	adjudicated bool
	timeLosses  [2]int
	thinking    [2]time.Duration
	moves       [2]int
}

// playGame plays one game from the opening; aSeat says which seats A plays.
func playGame(cfg *Config, opening []string, seats []game.Seat, aSeat []bool) (gameResult, error) {
	var res gameResult
	g, err := game.New(game.Config{Rules: cfg.Rules, Seats: seats, Clock: cfg.Clock})
	if err != nil {
		return res, err
	}
	for _, m := range opening {
		if err := g.Replay(m, 0, cfg.Clock.Initial); err != nil {
			return res, fmt.Errorf("opening: %w", err)
		}
	}
	side := func(pl core.Player) int {
		if aSeat[pl] {
			return 0
		}
		return 1
	}
	streak, streakPl := 0, -1 // plies the same side has led by ResignMargin
	for !g.Over() {
		if cfg.MaxPlies > 0 && g.Ply() >= cfg.MaxPlies {
			if err := g.End(match.Adjudicate(g.Position(), cfg.AdjudicateMargin, cfg.AdjudicateMaterial)); err != nil {
				return res, err
			}
			res.adjudicated = true
			break
		}
		if cfg.ResignMargin > 0 && cfg.ResignPlies > 0 {
			if pl, lead := match.Leader(g.Position(), cfg.AdjudicateMaterial); lead >= cfg.ResignMargin && pl == streakPl {
				streak++
			} else {
				streak, streakPl = 0, -1
				if lead >= cfg.ResignMargin {
					streak, streakPl = 1, pl
				}
			}
			if streak >= cfg.ResignPlies {
				if err := g.End(match.WinFor(cfg.Rules, core.Player(streakPl), fmt.Sprintf("adjudicated: led by %d for %d plies", cfg.ResignMargin, streak))); err != nil {
					return res, err
				}
				res.adjudicated = true
				break
			}
		}
		turn := g.Turn()
		rec, err := g.MachineMove()
		if err != nil {
			if errors.Is(err, game.ErrOver) && g.Over() {
				res.timeLosses[side(turn)]++ // its clock ran out
				break
			}
			return res, err
		}
		res.thinking[side(rec.Player)] += rec.Spent
		res.moves[side(rec.Player)]++
	}
	o := g.Outcome()
	res.points = match.Points(cfg.Rules, o, aSeat)
	res.plies = g.Ply()
	return res, nil
}
