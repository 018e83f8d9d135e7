package game

// An external engine as a seat's player, through the Universal Chess Interface.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"anychess/core"
	"anychess/notation"
)

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

// positionCommand is the UCI "position" line of the game: its start and
// moves, or on an unbounded board the current position alone (a square
// handle there belongs to the position that gave it out, so the game's
// moves cannot be written by replaying them on a copy of the start).
func positionCommand(g *State) string {
	if g.Position.Unbounded() {
		return "position fen " + g.Position.String()
	}
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
	return sb.String()
}

// Move implements Player.
func (u *UCI) Move(g *State) (core.Move, error) {
	a, err := u.Analyse(g)
	return a.Move, err
}

// Analysis is what an engine answered for a position: its move and the
// last score it reported for the mover.
type Analysis struct {
	Move core.Move
	// Score is in centipawns for the mover, or with Mate set the
	// number of moves to mate (negative: the mover is mated).
	Score int
	Mate  bool
	// Scored says whether the engine reported a score at all.
	Scored bool
}

// Analyse asks the engine for its move in the game's position, as Move
// does, and keeps the last "score cp N" or "score mate N" of its info
// lines (bounds included: the engine's last word).
func (u *UCI) Analyse(g *State) (Analysis, error) {
	var a Analysis
	if err := u.send(positionCommand(g)); err != nil {
		return a, err
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
		return a, err
	}
	var best string
	var failed error
	noteError := u.noteError(&failed)
	err := u.await("bestmove", wait, func(line string) {
		noteError(line)
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
		}
		if len(f) > 0 && f[0] == "info" {
			readScore(f, &a)
		}
	})
	if err == nil {
		err = failed
	}
	if err != nil {
		return a, err
	}
	p := g.Position
	m, err := p.ParseDeclared(best, func(s string) (core.Move, error) { return notation.Coordinate.Decode(p, s) })
	if err != nil {
		return a, fmt.Errorf("uci: %s played %q: %w", u.name, best, err)
	}
	a.Move = m
	return a, nil
}

// readScore sets a's score from the fields of an info line that carries
// "score cp N" or "score mate N"; other lines, and "info string" lines
// (free text), leave it as it was.
func readScore(f []string, a *Analysis) {
	if len(f) > 1 && f[1] == "string" {
		return
	}
	for i := 1; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil || (f[i+1] != "cp" && f[i+1] != "mate") {
			return
		}
		a.Score, a.Mate, a.Scored = n, f[i+1] == "mate", true
		return
	}
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
