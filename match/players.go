// Match players: the anychess engine at a level or with features switched off, a random mover, and an external UCI engine.
package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/search"
)

// Game is a game in progress, as a player sees it.
type Game struct {
	// Start is the position the game started from (after the random
	// opening plies, which Moves does not include); StartText is its text.
	Start     *core.Position
	StartText string
	// Moves are the moves played since Start.
	Moves []core.Move
	// Position is the current position; a player must leave it as it is.
	Position *core.Position
}

// Player chooses moves in games.
type Player interface {
	// Name describes the player.
	Name() string
	// NewGame prepares the player for a game of the rules.
	NewGame(r *core.Rules) error
	// Move returns the player's move in the game's current position, which
	// has a legal move.
	Move(g *Game) (core.Move, error)
	// Close releases what the player holds (an external process).
	Close() error
}

// Engine is the anychess engine as a match player.
type Engine struct {
	name   string
	engine *search.Engine
	limits search.Limits
}

// NewEngine returns an anychess engine player with the given options and
// per-move limits.
func NewEngine(name string, opts search.Options, limits search.Limits) *Engine {
	return &Engine{name: name, engine: search.New(opts), limits: limits}
}

// Name implements Player.
func (e *Engine) Name() string { return e.name }

// NewGame implements Player.
func (e *Engine) NewGame(*core.Rules) error { e.engine.NewGame(); return nil }

// Move implements Player.
func (e *Engine) Move(g *Game) (core.Move, error) {
	res := e.engine.Search(g.Position, e.limits)
	if res.Move == core.NullMove {
		return res.Move, errors.New("engine found no move")
	}
	return res.Move, nil
}

// Close implements Player.
func (e *Engine) Close() error { return nil }

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

// NewGame implements Player.
func (r *Random) NewGame(*core.Rules) error { return nil }

// Move implements Player.
func (r *Random) Move(g *Game) (core.Move, error) {
	moves := g.Position.LegalMoves(nil)
	if len(moves) == 0 {
		return core.NullMove, errors.New("no legal move")
	}
	return moves[r.rng.IntN(len(moves))], nil
}

// Close implements Player.
func (r *Random) Close() error { return nil }

// UCI is an external engine that speaks the Universal Chess Interface. It
// is told the game as "position fen START moves …"; a variant other than
// orthodox chess is announced by the UCI_Variant option, which the engine
// must offer.
type UCI struct {
	command  []string
	options  [][2]string
	moveTime time.Duration
	name     string

	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan string
	variant bool // the engine offers UCI_Variant
}

// NewUCI starts an external engine: command is its command line, options
// are UCI options to set (name, value), moveTime its time per move.
func NewUCI(command []string, options [][2]string, moveTime time.Duration) (*UCI, error) {
	if len(command) == 0 {
		return nil, errors.New("uci: no command")
	}
	u := &UCI{command: command, options: options, moveTime: moveTime, name: command[0]}
	u.cmd = exec.Command(command[0], command[1:]...)
	var err error
	if u.in, err = u.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := u.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := u.cmd.Start(); err != nil {
		return nil, fmt.Errorf("uci: %w", err)
	}
	u.lines = make(chan string, 256)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			u.lines <- sc.Text()
		}
		close(u.lines)
	}()
	if err := u.send("uci"); err != nil {
		return nil, err
	}
	if err := u.await("uciok", 10*time.Second, func(line string) {
		if strings.HasPrefix(line, "id name ") {
			u.name = strings.TrimPrefix(line, "id name ")
		}
		if strings.HasPrefix(line, "option name UCI_Variant ") {
			u.variant = true
		}
	}); err != nil {
		u.Close()
		return nil, err
	}
	for _, o := range options {
		if err := u.send("setoption name " + o[0] + " value " + o[1]); err != nil {
			return nil, err
		}
	}
	return u, nil
}

func (u *UCI) send(line string) error {
	_, err := io.WriteString(u.in, line+"\n")
	return err
}

// await reads lines until one starts with prefix, passing each to seen.
func (u *UCI) await(prefix string, timeout time.Duration, seen func(string)) error {
	deadline := time.After(timeout)
	for {
		select {
		case line, ok := <-u.lines:
			if !ok {
				return fmt.Errorf("uci: %s exited", u.name)
			}
			if seen != nil {
				seen(line)
			}
			if strings.HasPrefix(line, prefix) {
				return nil
			}
		case <-deadline:
			return fmt.Errorf("uci: %s: no %q within %v", u.name, prefix, timeout)
		}
	}
}

// Name implements Player.
func (u *UCI) Name() string { return u.name }

// NewGame implements Player.
func (u *UCI) NewGame(r *core.Rules) error {
	if r.Players != 2 || r.Board.Unbounded {
		return fmt.Errorf("uci: %s is not a two-player game on a board FEN can write", r.Name())
	}
	if r.Name() != "chess" {
		if !u.variant {
			return fmt.Errorf("uci: %s offers no UCI_Variant option, so it cannot play %s", u.name, r.Name())
		}
		if err := u.send("setoption name UCI_Variant value " + r.Name()); err != nil {
			return err
		}
	}
	if err := u.send("ucinewgame"); err != nil {
		return err
	}
	if err := u.send("isready"); err != nil {
		return err
	}
	return u.await("readyok", 10*time.Second, nil)
}

// Move implements Player.
func (u *UCI) Move(g *Game) (core.Move, error) {
	var sb strings.Builder
	sb.WriteString("position fen " + g.Start.FEN())
	if len(g.Moves) > 0 {
		sb.WriteString(" moves")
		p := g.Start.Copy()
		for _, m := range g.Moves {
			sb.WriteString(" " + notation.Coordinate.Encode(p, m))
			p.MakeMove(m)
		}
	}
	if err := u.send(sb.String()); err != nil {
		return core.NullMove, err
	}
	if err := u.send("go movetime " + strconv.FormatInt(max(1, u.moveTime.Milliseconds()), 10)); err != nil {
		return core.NullMove, err
	}
	var best string
	err := u.await("bestmove", 10*time.Second+10*u.moveTime, func(line string) {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
		}
	})
	if err != nil {
		return core.NullMove, err
	}
	m, err := notation.Coordinate.Decode(g.Position, best)
	if err != nil {
		return core.NullMove, fmt.Errorf("uci: %s played %q: %w", u.name, best, err)
	}
	return m, nil
}

// Close implements Player.
func (u *UCI) Close() error {
	if u.cmd == nil || u.cmd.Process == nil {
		return nil
	}
	_ = u.send("quit")
	_ = u.in.Close()
	done := make(chan error, 1)
	go func() { done <- u.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(2 * time.Second):
		_ = u.cmd.Process.Kill()
		return <-done
	}
}

// ParsePlayer builds a player from its description:
//
//	random                       a random mover
//	anychess[:KEY[=VALUE],…]     the engine; keys: level=1..8, depth=N,
//	                             nodes=N, movetime=DURATION, hash=MB, and the
//	                             switches null (null-move pruning on),
//	                             nonull, nott, nolmr, nopvs,
//	                             nokillers, nohistory, noquiescence,
//	                             checkext (check extension on),
//	                             nocheckext, material (material-only
//	                             evaluation), maxn, paranoid, auto
//	                             (the search of games of more than two
//	                             sides), noise=CP
//	uci:COMMAND[|NAME=VALUE…]    an external UCI engine and options to set
//
// moveTime is the time a move may take unless the description says
// otherwise: depth= or nodes= without movetime= (or level=) removes the
// time limit, so such a player's moves do not depend on the machine's load.
// seed varies random movers and noise.
func ParsePlayer(desc string, moveTime time.Duration, seed uint64) (Player, error) {
	kind, rest, _ := strings.Cut(desc, ":")
	switch kind {
	case "random":
		return NewRandom(seed), nil
	case "uci":
		parts := strings.Split(rest, "|")
		command := strings.Fields(parts[0])
		var options [][2]string
		for _, o := range parts[1:] {
			name, value, ok := strings.Cut(o, "=")
			if !ok {
				return nil, fmt.Errorf("player %q: option %q: want NAME=VALUE", desc, o)
			}
			options = append(options, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
		}
		u, err := NewUCI(command, options, moveTime)
		if err != nil {
			return nil, err
		}
		return u, nil
	case "anychess":
		return parseEngine(desc, rest, moveTime, seed)
	}
	return nil, fmt.Errorf("player %q: want random, anychess[:…] or uci:COMMAND", desc)
}

func parseEngine(desc, rest string, moveTime time.Duration, seed uint64) (Player, error) {
	opts := search.Options{}
	lim := search.Limits{MoveTime: moveTime}
	var extra []func()
	searchLimited, timeGiven := false, false
	for _, kv := range strings.Split(rest, ",") {
		if kv == "" {
			continue
		}
		key, value, _ := strings.Cut(kv, "=")
		num := func() (int, error) {
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return 0, fmt.Errorf("player %q: %s wants a number, got %q", desc, key, value)
			}
			return n, nil
		}
		var err error
		var n int
		switch key {
		case "level":
			timeGiven = true
			if n, err = num(); err == nil {
				var lo search.Options
				lo, lim, err = search.Level(n, moveTime, seed)
				opts.Noise, opts.Seed = lo.Noise, lo.Seed
			}
		case "depth":
			if n, err = num(); err == nil {
				extra = append(extra, func() { lim.Depth = n })
				searchLimited = true
			}
		case "nodes":
			if n, err = num(); err == nil {
				extra = append(extra, func() { lim.Nodes = uint64(n) })
				searchLimited = true
			}
		case "movetime":
			var d time.Duration
			if d, err = time.ParseDuration(value); err == nil {
				extra = append(extra, func() { lim.MoveTime = d })
				timeGiven = true
			}
		case "hash":
			opts.HashMB, err = num()
		case "noise":
			if opts.Noise, err = num(); err == nil {
				opts.Seed = seed
			}
		case "nott":
			opts.NoTT = true
		case "null":
			opts.NullMove = true
		case "nonull":
			opts.NullMove = false
		case "nolmr":
			opts.NoLMR = true
		case "nopvs":
			opts.NoPVS = true
		case "nokillers":
			opts.NoKillers = true
		case "nohistory":
			opts.NoHistory = true
		case "noquiescence":
			opts.NoQuiescence = true
		case "checkext":
			opts.CheckExtension = true
		case "nocheckext":
			opts.CheckExtension = false
		case "material":
			opts.MaterialOnly = true
		case "maxn":
			opts.Multi = search.MaxN
		case "paranoid":
			opts.Multi = search.Paranoid
		case "auto":
			opts.Multi = search.Auto
		default:
			err = fmt.Errorf("player %q: unknown key %q", desc, key)
		}
		if err != nil {
			return nil, err
		}
	}
	if searchLimited && !timeGiven {
		// depth= or nodes= alone: limited by the search, not by the clock,
		// so the result does not depend on the machine's load.
		lim.MoveTime = 0
	}
	for _, f := range extra {
		f()
	}
	return NewEngine(desc, opts, lim), nil
}
