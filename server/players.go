package server

// Seats: who plays them (people, the computer at a level, a random mover), and games built from the store's rows.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/search"
	"anychess/store"
	"anychess/variant"
)

// ResignLevel is the level of the computer that takes over the seat of a
// player who resigns in a game of more than two sides.
const ResignLevel = 4

// computer is a seat played by the anychess engine at a level. Its engine
// (the search's tables, a few megabytes) exists only while it searches, in
// the worker pool: a server holds many games, and at most Workers
// searches at once. The hub sends a request only when the last one has
// come back, and the engine's answer to draw offers (from its last
// search) is kept for the hub, so the hub never waits for the search.
type computer struct {
	level    int
	moveTime time.Duration
	threads  int // the search's goroutines (Config.SearchThreads)
	seed     uint64
	accept   atomic.Bool
}

func newComputer(level int, moveTime time.Duration, threads int, seed uint64) (*computer, error) {
	if _, _, err := search.Level(level, moveTime, seed); err != nil {
		return nil, err
	}
	return &computer{level: level, moveTime: moveTime, threads: threads, seed: seed}, nil
}

// Name implements game.Player.
func (c *computer) Name() string { return fmt.Sprintf("anychess level %d", c.level) }

// Plays is the seat description: computer:LEVEL.
func (c *computer) Plays() string { return fmt.Sprintf("computer:%d", c.level) }

// NewGame implements game.Player.
func (c *computer) NewGame(*core.Rules) error { return nil }

// Move implements game.Player: a search by an engine made for it.
func (c *computer) Move(s *game.State) (core.Move, error) {
	opts, lim, err := search.Level(c.level, c.moveTime, c.seed)
	if err != nil {
		return core.NullMove, err
	}
	opts.Threads = c.threads
	e := game.NewEngine(c.Name(), opts, lim)
	m, err := e.Move(s)
	c.accept.Store(e.AcceptDraw(s))
	return m, err
}

// AcceptDraw implements game.DrawJudge with the last search's judgement.
func (c *computer) AcceptDraw(*game.State) bool { return c.accept.Load() }

// Close implements game.Player.
func (c *computer) Close() error { return nil }

// parsePlays checks a seat description: human, random or computer:LEVEL.
func parsePlays(plays string) (level int, err error) {
	switch plays {
	case "human", "random":
		return 0, nil
	}
	if arg, ok := strings.CutPrefix(plays, "computer:"); ok {
		n, err := strconv.Atoi(arg)
		if err == nil && n >= 1 && n <= search.Levels && arg == strconv.Itoa(n) {
			return n, nil
		}
	}
	return 0, fmt.Errorf("seat plays %q: want human, random or computer:LEVEL with a level from 1 to %d", truncate(plays, 40), search.Levels)
}

// newPlayer builds the player of a seat description (nil for a person).
func (s *Server) newPlayer(plays string, seed uint64) (game.Player, error) {
	level, err := parsePlays(plays)
	if err != nil {
		return nil, err
	}
	switch {
	case level > 0:
		return newComputer(level, s.cfg.MoveTime, s.cfg.SearchThreads, seed)
	case plays == "random":
		return game.NewRandom(seed), nil
	}
	return nil, nil
}

// seats builds the game's seats from the store's.
func (s *Server) seats(row *store.Game) ([]game.Seat, error) {
	seed := uint64(time.Now().UnixNano())
	out := make([]game.Seat, len(row.Seats))
	for i, st := range row.Seats {
		if st.Seat != i {
			return nil, fmt.Errorf("seat %d stored as seat %d", i+1, st.Seat+1)
		}
		p, err := s.newPlayer(st.Plays, seed+uint64(i))
		if err != nil {
			return nil, err
		}
		out[i] = game.Seat{Name: st.Name, Player: p}
	}
	return out, nil
}

// restore builds a game from its stored row and moves: the record they
// make, played again under the variant's rules (game.Record.Restore), with
// every move's time and the result.
func (s *Server) restore(row *store.Game, moves []store.Move) (*game.Game, error) {
	r, err := s.rc.rules(row.Variant, row.Options)
	if err != nil {
		return nil, err
	}
	seats, err := s.seats(row)
	if err != nil {
		return nil, err
	}
	if len(seats) != r.Players {
		return nil, fmt.Errorf("%d seats stored for %d players", len(seats), r.Players)
	}
	rec := &game.Record{}
	rec.Set("Game", "anychess")
	rec.Set("Variant", r.Name())
	if row.Start != "" {
		rec.Set("Start", row.Start)
	}
	if row.Clock != "" {
		rec.Set("Clock", row.Clock)
	}
	if row.Takebacks {
		rec.Set("Takebacks", "yes")
	}
	if row.Result != "" {
		rec.Set("Result", row.Result)
		rec.Set("Termination", row.Termination)
	}
	for _, m := range moves {
		rec.Moves = append(rec.Moves, game.RecordMove{Text: m.Text, Spent: m.Spent, Clock: m.Clock, Timed: true})
	}
	return rec.Restore(game.Config{Rules: r, Seats: seats, FirstMovesFree: true})
}

// ending is the stored form of a finished game's result.
func ending(g *game.Game) *store.Ending {
	rec := g.Record()
	return &store.Ending{Result: rec.Tag("Result"), Termination: rec.Tag("Termination"), At: time.Now()}
}

// rulesCache keeps compiled rules by variant and options; rules are
// immutable, so every game of a variant shares them. It also keeps what
// the API derives from them.
type rulesCache struct {
	mu      sync.Mutex
	entries map[string]*rulesEntry
	// fallback compiles the variants that are not built in (the uploaded
	// ones); nil for none.
	fallback func(name string, opts map[string]string) (*core.Rules, error)
}

type rulesEntry struct {
	r        *core.Rules
	once     sync.Once
	diagrams []byte // the JSON of /api/rules
	err      error
}

// maxCachedRules bounds the cache: when it is full, an entry is dropped
// for the new one.
const maxCachedRules = 512

func newRulesCache() *rulesCache { return &rulesCache{entries: map[string]*rulesEntry{}} }

// rules compiles a variant (built in, else the fallback's) with options written as
// game.OptionsText writes them ("players=4 teams").
func (c *rulesCache) rules(name, options string) (*core.Rules, error) {
	e, err := c.entry(name, options)
	if err != nil {
		return nil, err
	}
	return e.r, nil
}

func (c *rulesCache) entry(name, options string) (*rulesEntry, error) {
	key := name + "\x00" + options
	c.mu.Lock()
	e := c.entries[key]
	c.mu.Unlock()
	if e != nil {
		return e, nil
	}
	opts, err := variant.ParseOptions(strings.Fields(options))
	if err != nil {
		return nil, err
	}
	var r *core.Rules
	if c.fallback != nil && !slices.Contains(variant.Names(), name) {
		r, err = c.fallback(name, opts)
	} else {
		r, err = variant.Load(name, opts)
	}
	if err != nil {
		return nil, err
	}
	e = &rulesEntry{r: r}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[key]; old != nil {
		return old, nil
	}
	if len(c.entries) >= maxCachedRules {
		for k := range c.entries {
			delete(c.entries, k)
			break
		}
	}
	c.entries[key] = e
	return e, nil
}
