package game

// Players: who chooses the moves of a seat that no person plays — the anychess engine, a random mover (and a UCI engine, uci.go).

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/search"
)

// Player chooses the moves of a seat.
type Player interface {
	// Name describes the player.
	Name() string
	// NewGame prepares the player for a game of the rules.
	NewGame(r *core.Rules) error
	// Move returns the player's move in the state's position, which has a
	// legal move. It must leave the state as it is, the order of the
	// position's piece lists included, so a player that searches does so
	// on a copy (as Engine does).
	Move(s *State) (core.Move, error)
	// Close releases what the player holds (an external process).
	Close() error
}

// DrawJudge is a Player that answers draw offers; a Player that is not one
// declines them all.
type DrawJudge interface {
	// AcceptDraw reports whether the player agrees to a draw in the state's
	// position.
	AcceptDraw(s *State) bool
}

// State is a game in progress as a Player sees it when it is to move.
type State struct {
	// Start is the position the game started from; StartText is its text.
	// Start is never changed: a player that replays the game copies it.
	Start     *core.Position
	StartText string
	// Moves are the moves played since Start.
	Moves []core.Move
	// Position is the current position; a player must leave it as it is.
	Position *core.Position
	// Clock, in a game played with clocks (nil otherwise), is the time
	// each seat has left; a seat's clock gains Increment after its move.
	Clock     []time.Duration
	Increment time.Duration
	// Stop, when not nil, asks the player to answer at once (the game
	// ended while it was thinking); it may then return any legal move.
	Stop *atomic.Bool
}

// Engine is the anychess engine as a player.
type Engine struct {
	name   string
	engine *search.Engine
	opts   search.Options
	limits search.Limits
	plays  string // the seat description, for an engine at a level
	// score is the last search's score, from the engine's side, for
	// answering draw offers; valid once searched is set.
	score    int
	searched bool
}

// NewEngine returns an anychess engine player with the given options and
// per-move limits.
func NewEngine(name string, opts search.Options, limits search.Limits) *Engine {
	return &Engine{name: name, engine: search.New(opts), opts: opts, limits: limits}
}

// Options are the engine's search options.
func (e *Engine) Options() search.Options { return e.opts }

// Limits are the engine's limits of each move's search.
func (e *Engine) Limits() search.Limits { return e.limits }

// NewComputer returns the engine at playing-strength level 1 (beginner)
// to search.Levels (full strength; 0 also means full strength). moveTime
// is the time a full-strength move may take (the lower levels take less);
// seed varies the weaker levels' play between games.
func NewComputer(level int, moveTime time.Duration, seed uint64) (*Engine, error) {
	if level == 0 {
		level = search.Levels
	}
	opts, lim, err := search.Level(level, moveTime, seed)
	if err != nil {
		return nil, err
	}
	e := NewEngine(fmt.Sprintf("anychess level %d", level), opts, lim)
	e.plays = fmt.Sprintf("computer:%d", level)
	return e, nil
}

// Plays is the seat description of an engine made by NewComputer
// ("computer:5"), else its name.
func (e *Engine) Plays() string {
	if e.plays != "" {
		return e.plays
	}
	return e.name
}

// Name implements Player.
func (e *Engine) Name() string { return e.name }

// NewGame implements Player.
func (e *Engine) NewGame(*core.Rules) error {
	e.engine.NewGame()
	e.searched = false
	return nil
}

// Move implements Player. In a game with clocks the engine manages the
// time left (search.Limits.Clock), within its per-move limits.
func (e *Engine) Move(s *State) (core.Move, error) {
	lim := e.limits
	if s.Clock != nil {
		lim.Clock, lim.Increment = max(s.Clock[s.Position.Turn()], time.Nanosecond), s.Increment
	}
	if s.Stop != nil {
		lim.Stop = s.Stop
	}
	// A copy: the search's makes and unmakes permute the piece lists, and
	// so the order later positions generate their moves in, which the
	// game's position must keep as its moves made it (doc/SEARCH.md, stop
	// 39: in process, the engine had lost about 100 Elo to itself through
	// UCI in Capture the Map).
	res := e.engine.Search(s.Position.Copy(), lim)
	if res.Move == core.NullMove {
		return res.Move, errors.New("engine found no move")
	}
	e.score, e.searched = res.Score, true
	return res.Move, nil
}

// DrawAcceptScore is how far behind, in centipawns of its own evaluation,
// the engine must think it stands to accept a draw offer.
const DrawAcceptScore = 150

// AcceptDraw implements DrawJudge: the engine agrees to a draw when its last
// search scored its position at least DrawAcceptScore behind.
func (e *Engine) AcceptDraw(*State) bool { return e.searched && e.score <= -DrawAcceptScore }

// Close implements Player.
func (e *Engine) Close() error { return nil }

// NewSeatPlayer builds the player a seat description names: "human" (nil,
// a person), "computer:N" (the engine at level N; "computer" alone is full
// strength), "random". moveTime is a full-strength move's time; seed varies
// the weaker levels and the random mover.
func NewSeatPlayer(plays string, moveTime time.Duration, seed uint64) (Player, error) {
	kind, arg, hasArg := strings.Cut(plays, ":")
	switch {
	case plays == "human":
		return nil, nil
	case plays == "random":
		return NewRandom(seed), nil
	case kind == "computer":
		level := search.Levels
		if hasArg {
			n, err := strconv.Atoi(arg)
			if err != nil || n < 1 || n > search.Levels {
				return nil, fmt.Errorf("seat %q: want a level from 1 to %d", plays, search.Levels)
			}
			level = n
		}
		return NewComputer(level, moveTime, seed)
	}
	return nil, fmt.Errorf("seat %q: want human, computer:LEVEL or random", plays)
}

// Random plays a uniformly random legal move.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random mover with its own seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x52414E44))}
}

// Name implements Player.
func (r *Random) Name() string { return "random" }

// Plays is the random mover's seat description.
func (r *Random) Plays() string { return "random" }

// NewGame implements Player.
func (r *Random) NewGame(*core.Rules) error { return nil }

// Move implements Player.
func (r *Random) Move(s *State) (core.Move, error) {
	moves := s.Position.LegalMoves(nil)
	if len(moves) == 0 {
		return core.NullMove, errors.New("no legal move")
	}
	return moves[r.rng.IntN(len(moves))], nil
}

// Close implements Player.
func (r *Random) Close() error { return nil }
