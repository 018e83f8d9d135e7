package match

// Run: the games of a match, their seating and openings, adjudication and the score.

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/notation"
)

// Seating says which seats the first player (A) takes.
type Seating uint8

// Seatings. In two-player games both are the same: A and B alternate
// colours, and each opening is played twice, once with each colour.
const (
	// Half: A takes every other seat (seats 0, 2 or 1, 3 in a four-player
	// game, which with teams is one team), alternating from game to game.
	Half Seating = iota
	// One: A takes one seat, B all the others; A's seat rotates from game
	// to game through every seat.
	One
)

// Config describes a match.
type Config struct {
	Rules *core.Rules
	// Start is the position text to start from; "" for the variant's start.
	Start string
	// Games is the number of games.
	Games int
	// RandomPlies is the number of random plies that open each game. The
	// same opening is played once for each seating of a rotation.
	RandomPlies int
	// MaxPlies ends a game still going after this many plies (the random
	// opening included) by adjudication: the side whose static evaluation
	// leads by AdjudicateMargin wins, else it is a draw. 0: never.
	MaxPlies int
	// AdjudicateMargin is the lead, in centipawns of the variant's
	// evaluation, that wins an adjudicated game (default 300).
	AdjudicateMargin int
	// AdjudicateMaterial adjudicates by material alone (search.PieceValues)
	// instead of the evaluation: fair when the two players differ in their
	// evaluation, which would otherwise also judge the games.
	AdjudicateMaterial bool
	Seating            Seating
	Seed               uint64
	// Clock, when not zero, gives every player a game clock of this much
	// time, which gains Increment after each of its moves. Players are told
	// the time they have left (game.State.Clock); a player whose clock runs
	// out during its move loses the game, on time (the other players win).
	Clock     time.Duration
	Increment time.Duration
	// Log, when not nil, receives one line per game.
	Log io.Writer
	// Record, when not nil, receives each game as it ends: a line "game N:
	// A=SEATS OUTCOME, P plies", a line "moves …" with every move from the
	// start (the random opening included) in coordinate notation, and an
	// empty line.
	Record io.Writer
}

// GameResult is one finished game.
type GameResult struct {
	Outcome     core.Outcome
	Plies       int
	Adjudicated bool
	ASeats      []bool  // the seats A played
	APoints     float64 // A's points
	Moves       []string
	// LostOnTime: the game ended when the clock of player Flagged ran out.
	LostOnTime bool
	Flagged    core.Player
	// Thinking is the time A (0) and B (1) took for their moves, and
	// PlayerMoves the number of moves each made (random opening plies
	// excluded).
	Thinking    [2]time.Duration
	PlayerMoves [2]int
}

// Report is a match's result.
type Report struct {
	Score       Score // from A's view
	Adjudicated int   // games decided by adjudication
	Plies       int   // plies played in all games
	// TimeLosses counts the games A (0) and B (1) lost on time.
	TimeLosses [2]int
	// Thinking is the time A (0) and B (1) took for their moves in all
	// games, and PlayerMoves the number of moves each made.
	Thinking    [2]time.Duration
	PlayerMoves [2]int
	Results     []GameResult
}

// Run plays the match between a and b.
func Run(cfg Config, a, b game.Player) (Report, error) {
	var rep Report
	n := cfg.Rules.Players
	rotation := 2
	if cfg.Seating == One || n == 2 {
		rotation = n
	}
	if cfg.AdjudicateMargin == 0 {
		cfg.AdjudicateMargin = 300
	}
	for g := 0; g < cfg.Games; g++ {
		seats := make([]bool, n)
		turn := g % rotation
		for s := range seats {
			if cfg.Seating == One && n > 2 {
				seats[s] = s == turn
			} else {
				seats[s] = s%2 == turn%2
			}
		}
		res, err := playGame(cfg, uint64(g/rotation), seats, a, b)
		if err != nil {
			return rep, fmt.Errorf("game %d: %w", g+1, err)
		}
		rep.Score.Add(res.APoints)
		rep.Plies += res.Plies
		if res.Adjudicated {
			rep.Adjudicated++
		}
		if res.LostOnTime {
			rep.TimeLosses[side(seats, res.Flagged)]++
		}
		for i := range rep.Thinking {
			rep.Thinking[i] += res.Thinking[i]
			rep.PlayerMoves[i] += res.PlayerMoves[i]
		}
		rep.Results = append(rep.Results, res)
		if cfg.Record != nil {
			fmt.Fprintf(cfg.Record, "game %d: A=%s %s, %d plies\nmoves %s\n\n", g+1, seatText(seats), res.Outcome, res.Plies,
				strings.Join(res.Moves, " "))
		}
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "game %d: A=%s %s, %d plies%s; A %.2f; total %s\n", g+1, seatText(seats), res.Outcome, res.Plies,
				map[bool]string{true: " (adjudicated)"}[res.Adjudicated], res.APoints, rep.Score)
		}
	}
	return rep, nil
}

// side returns 0 when A plays the seat, 1 when B does.
func side(seats []bool, seat core.Player) int {
	if seats[seat] {
		return 0
	}
	return 1
}

func seatText(seats []bool) string {
	var s []string
	for i, a := range seats {
		if a {
			s = append(s, fmt.Sprint(i+1))
		}
	}
	return strings.Join(s, ",")
}

// playGame plays one game: opening is the number of the random opening.
// The game starts at the real start; the random opening plies are replayed
// into it (part of its history, for repetitions and the record, and taking
// no time off the clocks), then the players take their seats and move
// through game.Game.MachineMove, which keeps the clocks.
func playGame(cfg Config, opening uint64, seats []bool, a, b game.Player) (GameResult, error) {
	r := cfg.Rules
	res := GameResult{ASeats: seats}
	start := r.StartPosition()
	if cfg.Start != "" {
		var err error
		if start, err = r.ParsePosition(cfg.Start); err != nil {
			return res, err
		}
	}
	// Choose the opening on a copy of the start.
	p := start.Copy()
	var openingMoves []core.Move
	rng := rand.New(rand.NewPCG(cfg.Seed, opening))
	for i := 0; i < cfg.RandomPlies; i++ {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 || p.Outcome().Status != core.Ongoing {
			break
		}
		// Prefer a move that does not end the game.
		order := rng.Perm(len(moves))
		chosen := moves[order[0]]
		for _, k := range order {
			p.MakeMove(moves[k])
			over := p.Outcome().Status != core.Ongoing
			p.UnmakeMove()
			if !over {
				chosen = moves[k]
				break
			}
		}
		openingMoves = append(openingMoves, chosen)
		p.MakeMove(chosen)
	}
	if p.Outcome().Status != core.Ongoing {
		openingMoves = nil // the opening ended the game; play it without one
	}
	table := make([]game.Seat, r.Players)
	for pl := range table {
		table[pl].Player = b
		if seats[pl] {
			table[pl].Player = a
		}
	}
	g, err := game.New(game.Config{Rules: r, Start: cfg.Start, Seats: table,
		Clock: game.TimeControl{Initial: cfg.Clock, Increment: cfg.Increment}})
	if err != nil {
		return res, err
	}
	for _, m := range openingMoves {
		text := notation.Coordinate.Encode(g.Position(), m)
		if err := g.Replay(text, 0, cfg.Clock); err != nil {
			return res, fmt.Errorf("random opening: %w", err)
		}
		if got := g.Moves()[g.Ply()-1].Move; got != m {
			return res, fmt.Errorf("random opening: %s reads back as another move", text)
		}
	}
	g.ResumeTurn(0) // the players' clocks start now
	for !g.Over() {
		if cfg.MaxPlies > 0 && g.Ply() >= cfg.MaxPlies {
			if err := g.End(Adjudicate(g.Position(), cfg.AdjudicateMargin, cfg.AdjudicateMaterial)); err != nil {
				return res, err
			}
			res.Adjudicated = true
			break
		}
		turn := g.Turn()
		started := time.Now()
		rec, err := g.MachineMove()
		if err != nil {
			flagged, timedOut := g.TimedOut()
			if !timedOut {
				return res, err
			}
			// The player's clock ran out during its move.
			res.LostOnTime, res.Flagged = true, flagged
			res.Thinking[side(seats, flagged)] += time.Since(started)
			res.PlayerMoves[side(seats, flagged)]++
			break
		}
		res.Thinking[side(seats, turn)] += rec.Spent
		res.PlayerMoves[side(seats, turn)]++
	}
	res.Outcome = g.Outcome()
	res.Plies = g.Ply()
	for _, m := range g.Moves() {
		res.Moves = append(res.Moves, m.Text)
	}
	res.APoints = Points(r, res.Outcome, seats)
	return res, nil
}
