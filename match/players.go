// Match players: the anychess engine at a level or with features switched off, a random mover, and an external UCI engine.
package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"sort"
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
	// Clock, in a game played with clocks (nil otherwise), is the time
	// each player has left; the clock gains Increment after each move.
	Clock     []time.Duration
	Increment time.Duration
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
	opts   search.Options
	limits search.Limits
}

// NewEngine returns an anychess engine player with the given options and
// per-move limits.
func NewEngine(name string, opts search.Options, limits search.Limits) *Engine {
	return &Engine{name: name, engine: search.New(opts), opts: opts, limits: limits}
}

// Name implements Player.
func (e *Engine) Name() string { return e.name }

// NewGame implements Player.
func (e *Engine) NewGame(*core.Rules) error { e.engine.NewGame(); return nil }

// Move implements Player. In a game with clocks the engine manages the
// time left (search.Limits.Clock), within its per-move limits.
func (e *Engine) Move(g *Game) (core.Move, error) {
	lim := e.limits
	if g.Clock != nil {
		lim.Clock, lim.Increment = g.Clock[g.Position.Turn()], g.Increment
	}
	res := e.engine.Search(g.Position, lim)
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
// is told the game as "position fen START moves …", START being the
// variant's own position text (a FEN for chess-like variants) and the
// moves in coordinate notation with their declarations; a variant other
// than orthodox chess is announced by the UCI_Variant option, which the
// engine must offer, and the variant's options (core.Rules.Options) by
// VariantOptions, which 'anychess uci' offers. In a game with clocks it is sent "go wtime … btime …
// winc … binc …" (in games of more than two players the mover's clock as
// wtime or btime by its seat's parity, as 'anychess uci' reads it), else
// "go movetime …". A line "info string error: …" (how 'anychess uci'
// reports a command it cannot carry out) fails the move. Without a clock,
// limits given by NewUCI ("nodes 20000") replace the move time, so the
// engine's moves do not depend on the machine's load.
type UCI struct {
	command  []string
	options  [][2]string
	moveTime time.Duration
	limits   string
	name     string

	cmd            *exec.Cmd
	in             io.WriteCloser
	lines          chan string
	variant        bool // the engine offers UCI_Variant
	variantOptions bool // the engine offers VariantOptions (as 'anychess uci' does)
	// variants are the values its UCI_Variant combo lists.
	variants map[string]bool
}

// NewUCI starts an external engine: command is its command line, options
// are UCI options to set (name, value), moveTime its time per move, and
// limits, when not empty, the limits of its "go" command instead
// ("nodes 20000", "depth 6"; see ParseGoLimits).
func NewUCI(command []string, options [][2]string, moveTime time.Duration, limits string) (*UCI, error) {
	if len(command) == 0 {
		return nil, errors.New("uci: no command")
	}
	u := &UCI{command: command, options: options, moveTime: moveTime, limits: limits, name: command[0]}
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
	if err := u.handshake(); err != nil {
		u.Close()
		return nil, err
	}
	for _, o := range options {
		if err := u.send("setoption name " + o[0] + " value " + o[1]); err != nil {
			return nil, err
		}
	}
	if len(options) > 0 && u.variant {
		// An option may add variants (Fairy-Stockfish's VariantPath):
		// ask for the list again.
		if err := u.handshake(); err != nil {
			u.Close()
			return nil, err
		}
	}
	return u, nil
}

// handshake sends "uci" and reads the engine's name and options up to
// "uciok": whether it offers UCI_Variant, and which variants.
func (u *UCI) handshake() error {
	if err := u.send("uci"); err != nil {
		return err
	}
	u.variants = map[string]bool{}
	return u.await("uciok", 10*time.Second, func(line string) {
		if strings.HasPrefix(line, "id name ") {
			u.name = strings.TrimPrefix(line, "id name ")
		}
		if rest, ok := strings.CutPrefix(line, "option name UCI_Variant "); ok {
			u.variant = true
			f := strings.Fields(rest)
			for i := 0; i+1 < len(f); i++ {
				if f[i] == "var" {
					u.variants[f[i+1]] = true
				}
			}
		}
		if strings.HasPrefix(line, "option name VariantOptions ") {
			u.variantOptions = true
		}
	})
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
	if r.Name() != "chess" && !u.variant {
		return fmt.Errorf("uci: %s offers no UCI_Variant option, so it cannot play %s", u.name, r.Name())
	}
	if u.variant && len(u.variants) > 0 && !u.variants[r.Name()] {
		return fmt.Errorf("uci: %s does not list %s among its UCI_Variant values", u.name, r.Name())
	}
	if u.variant {
		if err := u.send("setoption name UCI_Variant value " + r.Name()); err != nil {
			return err
		}
	}
	if len(r.Options) > 0 {
		if !u.variantOptions {
			return fmt.Errorf("uci: %s offers no VariantOptions option, so it cannot play %s with options", u.name, r.Name())
		}
		names := make([]string, 0, len(r.Options))
		for name := range r.Options {
			names = append(names, name)
		}
		sort.Strings(names)
		for i, name := range names {
			names[i] = name + "=" + r.Options[name]
		}
		if err := u.send("setoption name VariantOptions value " + strings.Join(names, ",")); err != nil {
			return err
		}
	}
	if err := u.send("ucinewgame"); err != nil {
		return err
	}
	if err := u.send("isready"); err != nil {
		return err
	}
	var failed error
	if err := u.await("readyok", 10*time.Second, u.noteError(&failed)); err != nil {
		return err
	}
	return failed
}

// noteError returns a line watcher that keeps the first error the engine
// reports ("info string error: …").
func (u *UCI) noteError(failed *error) func(string) {
	return func(line string) {
		if msg, ok := strings.CutPrefix(line, "info string error: "); ok && *failed == nil {
			*failed = fmt.Errorf("uci: %s: %s", u.name, msg)
		}
	}
}

// Move implements Player.
func (u *UCI) Move(g *Game) (core.Move, error) {
	var sb strings.Builder
	sb.WriteString("position fen " + g.StartText)
	if len(g.Moves) > 0 {
		sb.WriteString(" moves")
		p := g.Start.Copy()
		for _, m := range g.Moves {
			sb.WriteString(" " + notation.Coordinate.Encode(p, p.Rules().Bare(m)) + p.DeclarationText(m))
			p.MakeMove(m)
		}
	}
	if err := u.send(sb.String()); err != nil {
		return core.NullMove, err
	}
	goLine, wait := "go movetime "+ms(max(time.Millisecond, u.moveTime)), 10*time.Second+10*u.moveTime
	if u.limits != "" {
		goLine, wait = "go "+u.limits, 10*time.Minute
	}
	if g.Clock != nil {
		w, b := g.Clock[0], g.Clock[1]
		if turn := int(g.Position.Turn()); turn >= 2 {
			// More than two players: the mover's clock by its seat's parity.
			if turn%2 == 0 {
				w = g.Clock[turn]
			} else {
				b = g.Clock[turn]
			}
		}
		inc := ms(g.Increment)
		goLine = "go wtime " + ms(w) + " btime " + ms(b) + " winc " + inc + " binc " + inc
		wait = 10*time.Second + g.Clock[g.Position.Turn()]
	}
	if err := u.send(goLine); err != nil {
		return core.NullMove, err
	}
	var best string
	var failed error
	noteError := u.noteError(&failed)
	err := u.await("bestmove", wait, func(line string) {
		noteError(line)
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
		}
	})
	if err == nil {
		err = failed
	}
	if err != nil {
		return core.NullMove, err
	}
	p := g.Position
	m, err := p.ParseDeclared(best, func(s string) (core.Move, error) { return notation.Coordinate.Decode(p, s) })
	if err != nil {
		return core.NullMove, fmt.Errorf("uci: %s played %q: %w", u.name, best, err)
	}
	return m, nil
}

// ms writes a duration in whole milliseconds, as UCI wants times.
func ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }

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
//	                             switches nonull (no null-move pruning),
//	                             null, nott, nolmr, nopvs,
//	                             nokillers, nohistory, noquiescence,
//	                             checkext (check extension on),
//	                             nocheckext, material (material-only
//	                             evaluation), nogoal (no goal terms in
//	                             the evaluation), maxn, paranoid, brs
//	                             (best-reply search), auto (the search
//	                             of games of more than two sides),
//	                             noise=CP
//	uci:COMMAND[|NAME=VALUE…][|go LIMITS]
//	                             an external UCI engine, options to set and
//	                             the limits of its go command instead of
//	                             the move time (go nodes 20000, go depth 6)
//
// moveTime is the time a move may take unless the description says
// otherwise: depth= or nodes= without movetime= (or level=) removes the
// time limit, so such a player's moves do not depend on the machine's load.
// seed varies random movers and noise.
func ParsePlayer(desc string, moveTime time.Duration, seed uint64) (Player, error) {
	kind, rest, _ := strings.Cut(desc, ":")
	switch kind {
	case "random":
		if desc != "random" {
			return nil, fmt.Errorf("player %q: a random mover takes no settings", desc)
		}
		return NewRandom(seed), nil
	case "uci":
		parts := strings.Split(rest, "|")
		command := strings.Fields(parts[0])
		var options [][2]string
		limits := ""
		for _, o := range parts[1:] {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(o), "go "); ok {
				var err error
				if limits, err = ParseGoLimits(rest); err != nil {
					return nil, fmt.Errorf("player %q: %w", desc, err)
				}
				continue
			}
			name, value, ok := strings.Cut(o, "=")
			if !ok {
				return nil, fmt.Errorf("player %q: option %q: want NAME=VALUE", desc, o)
			}
			options = append(options, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
		}
		u, err := NewUCI(command, options, moveTime, limits)
		if err != nil {
			return nil, err
		}
		return u, nil
	case "anychess":
		return parseEngine(desc, rest, moveTime, seed)
	}
	return nil, fmt.Errorf("player %q: want random, anychess[:…] or uci:COMMAND", desc)
}

// ParseGoLimits checks the limits of a UCI go command, pairs of nodes,
// depth or movetime (milliseconds) and a positive number ("nodes 20000
// depth 8"), and returns them in one space-separated line.
func ParseGoLimits(text string) (string, error) {
	f := strings.Fields(text)
	if len(f) == 0 || len(f)%2 != 0 {
		return "", fmt.Errorf("go %q: want pairs of nodes, depth or movetime and a number", text)
	}
	seen := map[string]bool{}
	for i := 0; i < len(f); i += 2 {
		switch f[i] {
		case "nodes", "depth", "movetime":
		default:
			return "", fmt.Errorf("go %q: unknown limit %q (want nodes, depth or movetime)", text, f[i])
		}
		if seen[f[i]] {
			return "", fmt.Errorf("go %q: %s given twice", text, f[i])
		}
		seen[f[i]] = true
		if n, err := strconv.ParseUint(f[i+1], 10, 63); err != nil || n == 0 {
			return "", fmt.Errorf("go %q: %s wants a positive number, got %q", text, f[i], f[i+1])
		}
	}
	return strings.Join(f, " "), nil
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
			opts.NoNullMove = false
		case "nonull":
			opts.NoNullMove = true
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
		case "nogoal":
			opts.NoGoal = true
		case "maxn":
			opts.Multi = search.MaxN
		case "paranoid":
			opts.Multi = search.Paranoid
		case "brs":
			opts.Multi = search.BRS
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
