package uci

// The UCI server: commands read and answered, options, positions and searches.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/search"
	"anychess/variant"
)

// Server is one UCI session: the variant, the position and the engine.
type Server struct {
	// Log, when not nil, receives every line read ("> …") and written
	// ("< …").
	Log io.Writer

	out     io.Writer
	outMu   sync.Mutex // serialises writes to out and Log
	variant string
	options string // VariantOptions
	rules   *core.Rules
	pos     *core.Position
	hashMB  int
	level   int
	threads int // lazy-SMP goroutines of a search (Threads)
	// refused is the error of the last position command when it was
	// refused: go then searches nothing.
	refused error
	engine  *search.Engine
	games   uint64 // seeds the noise of the weaker levels

	stop      atomic.Bool
	done      chan struct{} // closed when the running search has ended; nil if none ran
	released  chan struct{} // closed by stop: an infinite search may then answer
	unbounded bool          // the running search has no limit: only stop ends it
}

// Default option values.
const (
	defaultHash = 16
	maxHash     = search.MaxHashMB
)

// New returns a server that writes its answers to out, set to orthodox
// chess at full strength.
func New(out io.Writer) *Server {
	r, err := variant.Load("chess", nil)
	if err != nil {
		panic("uci: the built-in chess variant does not load: " + err.Error())
	}
	return &Server{out: out, variant: "chess", rules: r, pos: r.StartPosition(), hashMB: defaultHash, level: search.Levels, threads: 1}
}

// Run reads commands from in until quit or the end of the input, then
// stops any search still running.
func (s *Server) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for sc.Scan() {
		if s.Handle(sc.Text()) {
			return nil
		}
	}
	s.halt()
	return sc.Err()
}

// Handle carries out one command line and reports whether it was quit.
func (s *Server) Handle(line string) (quit bool) {
	s.log("> " + line)
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, args := fields[0], fields[1:]
	var err error
	switch cmd {
	case "uci":
		s.identify()
	case "isready":
		s.send("readyok")
	case "debug", "ponderhit":
		// No debug output and no pondering: nothing to do.
	case "ucinewgame":
		s.finish()
		s.engine = nil
		s.games++
		s.pos, s.refused = s.rules.StartPosition(), nil
	case "setoption":
		s.finish()
		err = s.setOption(args)
	case "position":
		s.finish()
		err = s.position(args)
		s.refused = err
	case "go":
		s.finish()
		if err = s.goSearch(args); err != nil {
			// A GUI waits for the bestmove of every go.
			s.send("info string error: " + err.Error())
			s.send("bestmove (none)")
			return false
		}
	case "stop":
		s.halt()
	case "quit":
		s.halt()
		return true
	default:
		err = fmt.Errorf("unknown command %q (known: uci, isready, ucinewgame, setoption, position, go, stop, quit)", cmd)
	}
	if err != nil {
		s.send("info string error: " + err.Error())
	}
	return false
}

// send writes one line of output.
func (s *Server) send(line string) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintln(s.out, line)
	if s.Log != nil {
		fmt.Fprintln(s.Log, "< "+line)
	}
}

func (s *Server) log(line string) {
	if s.Log == nil {
		return
	}
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintln(s.Log, line)
}

// identify answers "uci".
func (s *Server) identify() {
	s.send("id name anychess")
	s.send("id author the anychess authors")
	combo := "option name UCI_Variant type combo default chess"
	for _, name := range variant.Names() {
		combo += " var " + name
	}
	s.send(combo)
	s.send("option name VariantOptions type string default <empty>")
	s.send(fmt.Sprintf("option name Hash type spin default %d min 1 max %d", defaultHash, maxHash))
	s.send(fmt.Sprintf("option name Level type spin default %d min 1 max %d", search.Levels, search.Levels))
	s.send(fmt.Sprintf("option name Threads type spin default 1 min 1 max %d", search.MaxThreads))
	s.send("uciok")
}

// setOption carries out "setoption name NAME [value VALUE]".
func (s *Server) setOption(args []string) error {
	if len(args) < 2 || args[0] != "name" {
		return errors.New("setoption: want 'setoption name NAME [value VALUE]'")
	}
	var name, value []string
	for i, a := range args[1:] {
		if a == "value" {
			name, value = args[1:1+i], args[2+i:]
			break
		}
	}
	if name == nil {
		name = args[1:]
	}
	key, val := strings.Join(name, " "), strings.Join(value, " ")
	switch strings.ToLower(key) {
	case "uci_variant":
		return s.setVariant(strings.ToLower(val), "")
	case "variantoptions":
		if val == "<empty>" {
			val = ""
		}
		return s.setVariant(s.variant, val)
	case "hash":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > maxHash {
			return fmt.Errorf("setoption Hash: %q is not a number of megabytes from 1 to %d", val, maxHash)
		}
		if n != s.hashMB {
			s.hashMB, s.engine = n, nil
		}
	case "level":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > search.Levels {
			return fmt.Errorf("setoption Level: %q is not a level from 1 to %d", val, search.Levels)
		}
		if n != s.level {
			s.level, s.engine = n, nil
		}
	case "threads":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > search.MaxThreads {
			return fmt.Errorf("setoption Threads: %q is not a number of threads from 1 to %d", val, search.MaxThreads)
		}
		if n != s.threads {
			s.threads, s.engine = n, nil
		}
	default:
		return fmt.Errorf("setoption: unknown option %q (known: UCI_Variant, VariantOptions, Hash, Level, Threads)", key)
	}
	return nil
}

// setVariant loads a variant with its options (NAME[=VALUE],…) and starts
// from its initial position.
func (s *Server) setVariant(name, options string) error {
	var list []string
	for _, o := range strings.Split(options, ",") {
		if o = strings.TrimSpace(o); o != "" {
			list = append(list, o)
		}
	}
	opts, err := variant.ParseOptions(list)
	if err != nil {
		return fmt.Errorf("setoption VariantOptions: %w", err)
	}
	r, err := variant.Load(name, opts)
	if err != nil {
		if options != "" {
			return fmt.Errorf("setoption VariantOptions %q for %s: %w", options, name, err)
		}
		return fmt.Errorf("setoption UCI_Variant: %w", err)
	}
	s.variant, s.options, s.rules, s.pos = name, options, r, r.StartPosition()
	s.refused = nil
	return nil
}

// position carries out "position startpos|fen TEXT [moves …]".
func (s *Server) position(args []string) error {
	if len(args) == 0 {
		return errors.New("position: want 'position startpos|fen TEXT [moves M…]'")
	}
	moves := len(args)
	for i, a := range args {
		if a == "moves" {
			moves = i
			break
		}
	}
	var p *core.Position
	switch args[0] {
	case "startpos":
		if moves != 1 {
			return fmt.Errorf("position: unexpected %q after startpos", args[1])
		}
		p = s.rules.StartPosition()
	case "fen":
		text := strings.Join(args[1:moves], " ")
		if text == "" {
			return errors.New("position fen: no position text")
		}
		var err error
		if p, err = s.rules.ParsePosition(text); err != nil {
			// A variant with a text of its own may still be given a FEN.
			q, ferr := s.rules.ParseFEN(text)
			if ferr != nil {
				return fmt.Errorf("position fen for %s: %w", s.variant, err)
			}
			p = q
		}
	default:
		return fmt.Errorf("position: want startpos or fen, got %q", args[0])
	}
	if moves < len(args) {
		for i, text := range args[moves+1:] {
			m, err := p.ParseDeclared(text, func(t string) (core.Move, error) {
				return notation.Coordinate.Decode(p, t)
			})
			if err != nil {
				return fmt.Errorf("position: move %d %q: %w", i+1, text, err)
			}
			p.MakeMove(m)
		}
	}
	s.pos = p
	return nil
}

// goSearch carries out "go …": it starts the search in a goroutine. After a
// refused position it searches nothing and answers "bestmove (none)".
func (s *Server) goSearch(args []string) error {
	if s.refused != nil {
		s.send("info string error: go: no position to search, the last position command was refused: " + s.refused.Error())
		s.send("bestmove (none)")
		return nil
	}
	var clock, inc [2]time.Duration
	var hasClock [2]bool
	var lim search.Limits
	infinite := false
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "infinite" {
			infinite = true
			continue
		}
		if i+1 >= len(args) {
			return fmt.Errorf("go: %s wants a number", key)
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			return fmt.Errorf("go: %s wants a number, got %q", key, args[i+1])
		}
		i++
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "wtime", "btime":
			side := map[string]int{"wtime": 0, "btime": 1}[key]
			// A clock at or below zero still gets a move, at once.
			clock[side], hasClock[side] = max(ms, time.Millisecond), true
		case "winc":
			inc[0] = max(ms, 0)
		case "binc":
			inc[1] = max(ms, 0)
		case "movestogo":
			lim.MovesToGo = int(max(n, 0))
		case "movetime":
			lim.MoveTime = max(ms, time.Millisecond)
		case "depth":
			if n < 1 {
				return fmt.Errorf("go: depth %d: want at least 1", n)
			}
			lim.Depth = int(min(n, search.MaxDepth))
		case "nodes":
			if n < 1 {
				return fmt.Errorf("go: nodes %d: want at least 1", n)
			}
			lim.Nodes = uint64(n)
		default:
			return fmt.Errorf("go: unknown parameter %q (known: movetime, wtime, btime, winc, binc, movestogo, depth, nodes, infinite)", key)
		}
	}
	if side := int(s.pos.Turn()) % 2; hasClock[side] {
		lim.Clock, lim.Increment = clock[side], inc[side]
	}
	if infinite {
		lim = search.Limits{Depth: lim.Depth}
	}

	opts, levelLim, err := search.Level(s.level, 0, s.games+1)
	if err != nil {
		return err
	}
	if levelLim.Depth > 0 && (lim.Depth == 0 || levelLim.Depth < lim.Depth) {
		lim.Depth = levelLim.Depth
	}
	if levelLim.MoveTime > 0 && (lim.MoveTime == 0 || levelLim.MoveTime < lim.MoveTime) {
		lim.MoveTime = levelLim.MoveTime
	}
	if s.engine == nil {
		opts.HashMB, opts.Threads = s.hashMB, s.threads
		s.engine = search.New(opts)
	}

	p, shown := s.pos.Copy(), s.pos.Copy()
	s.stop.Store(false)
	lim.Stop = &s.stop
	reported := false
	lim.Info = func(r search.Result) {
		reported = true
		s.send(infoLine(shown, r))
	}
	engine, done, released := s.engine, make(chan struct{}), make(chan struct{})
	s.done, s.released = done, released
	s.unbounded = lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && lim.Clock == 0
	go func() {
		defer close(done)
		res := engine.Search(p, lim)
		if !reported && res.Move != core.NullMove {
			s.send(infoLine(shown, res))
		}
		if infinite {
			<-released // "infinite" answers only when stopped
		}
		if res.Move == core.NullMove {
			s.send("bestmove (none)")
			return
		}
		s.send("bestmove " + moveText(shown, res.Move))
	}()
	return nil
}

// finish waits for the running search, if any, to answer: a command that
// changes the state waits for the search to end by its limits (a search
// without limits is stopped).
func (s *Server) finish() {
	if s.done != nil && !s.unbounded {
		<-s.done
		s.done, s.released = nil, nil
	}
	s.halt()
}

// halt stops the running search, if any, and waits for its bestmove.
func (s *Server) halt() {
	if s.done == nil {
		return
	}
	s.stop.Store(true)
	close(s.released)
	<-s.done
	s.done, s.released = nil, nil
}

// moveText writes a move of p in coordinate notation with its
// declarations.
func moveText(p *core.Position, m core.Move) string {
	return notation.Coordinate.Encode(p, p.Rules().Bare(m)) + p.DeclarationText(m)
}

// infoLine writes a search result as a UCI info line, the PV played out
// from p (which it leaves as it found it).
func infoLine(p *core.Position, r search.Result) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d score ", r.Depth)
	if plies, mate := search.IsMate(r.Score); mate {
		moves := (plies + 1) / 2
		if r.Score < 0 {
			moves = -moves
		}
		fmt.Fprintf(&sb, "mate %d", moves)
	} else {
		fmt.Fprintf(&sb, "cp %d", r.Score)
	}
	ms := r.Time.Milliseconds()
	nps := uint64(0)
	if r.Time > 0 {
		nps = uint64(float64(r.Nodes) / r.Time.Seconds())
	}
	fmt.Fprintf(&sb, " nodes %d nps %d time %d", r.Nodes, nps, ms)
	if len(r.PV) > 0 {
		sb.WriteString(" pv")
		made := 0
		for _, m := range r.PV {
			if !p.IsLegal(m) {
				break
			}
			sb.WriteString(" " + moveText(p, m))
			p.MakeMove(m)
			made++
		}
		for ; made > 0; made-- {
			p.UnmakeMove()
		}
	}
	return sb.String()
}
