package variant

// Uploads: a variant file from someone not trusted, checked within bounds of size, time, memory and work.

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"anychess/betza"
	"anychess/core"
)

// UploadLimits bound what CompileUpload accepts and how long it works on
// one file. A zero field takes its value from DefaultUploadLimits.
type UploadLimits struct {
	// MaxBytes is the largest file accepted.
	MaxBytes int
	// Timeout bounds the whole check: reading, compiling and generating
	// moves. A check still running then is told to stop, and stops within
	// one position's move generation, which MaxWork bounds.
	Timeout time.Duration
	// MaxPiecePaths and MaxPaths bound the Betza paths (each combination of
	// directions and legs is one) of one piece and of all pieces together.
	MaxPiecePaths, MaxPaths int
	// MaxWork bounds the estimated work of listing one position's legal
	// moves, in squares visited (see workModel): it is what keeps one step
	// of the check, and every later move generation, short.
	MaxWork int64
	// MaxRegions bounds the regions and drawings, MaxAreas the areas in
	// holes, pass_through, water and all regions together.
	MaxRegions, MaxAreas int
	// MaxOptions bounds the options and the values of each.
	MaxOptions int
	// MaxStartPieces bounds the pieces of the start position.
	MaxStartPieces int
	// PerftDepth is the depth of the perft the check counts from the start.
	PerftDepth int
	// RandomGames games of at most RandomPlies random plies each are played
	// from the start, each position written and read back.
	RandomGames, RandomPlies int
	// MaxNodes bounds the positions whose legal moves the check lists (perft
	// and random games together).
	MaxNodes int
	// Resolve finds the variants the file may inherit besides the built-in
	// ones (variants uploaded before, say); nil for none.
	Resolve Resolver
}

// DefaultUploadLimits returns the limits a server should start from.
func DefaultUploadLimits() UploadLimits {
	return UploadLimits{
		MaxBytes:       64 << 10,
		Timeout:        2 * time.Second,
		MaxPiecePaths:  512,
		MaxPaths:       2048,
		MaxWork:        100_000_000,
		MaxRegions:     64,
		MaxAreas:       1024,
		MaxOptions:     16,
		MaxStartPieces: 1024,
		PerftDepth:     2,
		RandomGames:    4,
		RandomPlies:    40,
		MaxNodes:       20_000,
	}
}

// withDefaults fills the zero fields of l.
func (l UploadLimits) withDefaults() UploadLimits {
	d := DefaultUploadLimits()
	set := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	set(&l.MaxBytes, d.MaxBytes)
	set(&l.MaxPiecePaths, d.MaxPiecePaths)
	set(&l.MaxPaths, d.MaxPaths)
	set(&l.MaxRegions, d.MaxRegions)
	set(&l.MaxAreas, d.MaxAreas)
	set(&l.MaxOptions, d.MaxOptions)
	set(&l.MaxStartPieces, d.MaxStartPieces)
	set(&l.PerftDepth, d.PerftDepth)
	set(&l.RandomGames, d.RandomGames)
	set(&l.RandomPlies, d.RandomPlies)
	set(&l.MaxNodes, d.MaxNodes)
	if l.Timeout <= 0 {
		l.Timeout = d.Timeout
	}
	if l.MaxWork <= 0 {
		l.MaxWork = d.MaxWork
	}
	return l
}

// UploadReport tells what CompileUpload found in an accepted file, and
// how long each stage took (also when it refuses one, as far as it got).
type UploadReport struct {
	Name, Title string
	Parents     []string // the variants inherited, nearest first
	Hooks       string   // the Go hooks, inherited from a built-in variant
	Board       string   // "9x9", or "unbounded"
	Players     int
	Pieces      int // piece types
	StartPieces int
	Work        int64    // the estimated work of listing one position's moves (at most MaxWork)
	Perft       []uint64 // Perft[d-1] is perft(d) from the start
	Nodes       int      // positions whose legal moves the check listed
	RandomPlies int      // plies the random games played
	Parse       time.Duration
	Compile     time.Duration
	Moves       time.Duration
}

// ErrInternal marks a refusal caused by a panic inside the check: a bug of
// anychess, not of the file, though the file is refused.
var ErrInternal = errors.New("internal error")

// ErrTimeLimit marks a refusal because the check ran out of time
// (UploadLimits.Timeout): on a busy machine the same file may pass later.
var ErrTimeLimit = errors.New("the check's time limit")

// timeLimitError is the refusal of a check that ran out of time.
type timeLimitError struct{ limit time.Duration }

func (e timeLimitError) Error() string {
	return fmt.Sprintf("checking the variant took longer than %v", e.limit)
}

// Is makes the error ErrTimeLimit for errors.Is.
func (e timeLimitError) Is(target error) bool { return target == ErrTimeLimit }

// CompileUpload checks a variant file from an untrusted source and compiles
// it, within lim (zero fields: DefaultUploadLimits). file names it in
// errors. It refuses, with an *Error in the loader's FILE:LINE: FIELD:
// message form, a file larger than lim.MaxBytes; anything Compile refuses;
// Go hooks the file names itself (it may have them only by inheriting a
// built-in variant that has them); more regions, areas, options, Betza
// paths or start pieces than lim allows; an estimated work of one move
// generation above lim.MaxWork; and a variant whose perft from the start,
// or whose random games, do not finish within lim.MaxNodes positions and
// lim.Timeout. It never panics: a panic inside the check is an error
// wrapping ErrInternal. It returns as soon as lim.Timeout has passed; a
// check still running then stops within one position's move generation.
func CompileUpload(file string, data []byte, options map[string]string, lim UploadLimits) (*core.Rules, *UploadReport, error) {
	lim = lim.withDefaults()
	rep := &UploadReport{}
	if len(data) > lim.MaxBytes {
		return nil, rep, &Error{File: file, Err: fmt.Errorf("the file is %d bytes, more than %d", len(data), lim.MaxBytes)}
	}
	type result struct {
		r   *core.Rules
		rep UploadReport
		err error
	}
	done := make(chan result, 1)
	stop := new(atomic.Bool)
	deadline := time.Now().Add(lim.Timeout)
	go func() {
		c := &uploadCheck{file: file, lim: lim, deadline: deadline, stop: stop}
		defer func() {
			if p := recover(); p != nil {
				done <- result{rep: c.rep, err: &Error{File: file, Err: fmt.Errorf("%w while checking the variant: %v", ErrInternal, p)}}
			}
		}()
		r, err := c.run(data, options)
		done <- result{r, c.rep, err}
	}()
	timer := time.NewTimer(lim.Timeout)
	defer timer.Stop()
	select {
	case res := <-done:
		*rep = res.rep
		return res.r, rep, res.err
	case <-timer.C:
		stop.Store(true)
		return nil, rep, &Error{File: file, Err: timeLimitError{lim.Timeout}}
	}
}

// uploadCheck is one run of CompileUpload's checks, in its own goroutine.
type uploadCheck struct {
	file     string
	lim      UploadLimits
	deadline time.Time
	stop     *atomic.Bool
	rep      UploadReport
	t        *tree
}

// late reports an error once the time is up.
func (c *uploadCheck) late() error {
	if c.stop.Load() || time.Now().After(c.deadline) {
		return &Error{File: c.file, Err: timeLimitError{c.lim.Timeout}}
	}
	return nil
}

func (c *uploadCheck) run(data []byte, options map[string]string) (*core.Rules, error) {
	start := time.Now()
	t, err := load(c.file, c.file, data, false, c.lim.Resolve, nil)
	if err != nil {
		return nil, err
	}
	c.t = t
	def, err := t.definition()
	if err != nil {
		return nil, err
	}
	c.rep.Name, c.rep.Title, c.rep.Parents, c.rep.Hooks = def.Name, def.Title, t.parents, def.Hooks
	c.rep.Players, c.rep.Pieces = len(def.Players), len(def.Pieces)
	c.rep.Board = fmt.Sprintf("%dx%d", def.Board.Files, def.Board.Ranks)
	if def.Board.Unbounded {
		c.rep.Board = "unbounded"
	}
	if err := c.checkHooks(def); err != nil {
		return nil, err
	}
	if err := c.checkSizes(def); err != nil {
		return nil, err
	}
	parsed, err := c.parsePieces(def)
	if err != nil {
		return nil, err
	}
	w := newWorkModel(def, parsed)
	c.rep.StartPieces = int(w.n)
	if w.n > int64(c.lim.MaxStartPieces) {
		return nil, t.place("start", fmt.Errorf("%d pieces, more than %d", w.n, c.lim.MaxStartPieces))
	}
	est := w.work(def)
	work, worst := est.total, est.worst
	c.rep.Work = work
	if work > c.lim.MaxWork {
		// Blame the costliest piece's moves, or the start if only the
		// start is the file's own.
		field := "start"
		if worst >= 0 {
			field = fmt.Sprintf("pieces[%d].betza", worst)
			if o, _ := t.lookup(field); o.src != t.src {
				if o, _ := t.lookup("start"); o.src == t.src {
					field = "start"
				}
			}
		}
		return nil, t.place(field, fmt.Errorf("listing one position's moves could visit %d squares, more than %d: %s", work, c.lim.MaxWork, w.describe(def, worst)))
	}
	c.rep.Parse = time.Since(start)
	if err := c.late(); err != nil {
		return nil, err
	}
	start = time.Now()
	if err := t.optionError(def, options); err != nil {
		return nil, err
	}
	r, err := core.Compile(def, options)
	c.rep.Compile = time.Since(start)
	if err != nil {
		return nil, t.compileError(err)
	}
	// The hooks may have changed the board, the players and the pieces for
	// the options: estimate again what they made.
	c.rep.Players = r.Players
	if !r.Board.Unbounded {
		c.rep.Board = fmt.Sprintf("%dx%d", r.Board.Files, r.Board.Ranks)
	}
	if r.Hooks.Configure != nil {
		parsed := make([]*betza.Piece, len(r.Def.Pieces))
		for i := range parsed {
			if i+1 < len(r.Pieces) {
				parsed[i] = r.Pieces[i+1].Parsed
			}
		}
		est := newWorkModel(r.Def, parsed).work(r.Def)
		if est.total > c.lim.MaxWork {
			return nil, &Error{File: c.file, Err: fmt.Errorf("with these options, listing one position's moves could visit %d squares, more than %d", est.total, c.lim.MaxWork)}
		}
		c.rep.Work = max(c.rep.Work, est.total)
	}
	if err := c.late(); err != nil {
		return nil, err
	}
	start = time.Now()
	err = c.moves(r, data)
	c.rep.Moves = time.Since(start)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// checkHooks refuses Go hooks that the upload itself, or a variant it
// inherits that is not built in, names.
func (c *uploadCheck) checkHooks(def *core.Definition) error {
	if def.Hooks == "" {
		return nil
	}
	if o, _ := c.t.lookup("hooks"); o.src != nil && !o.src.builtin {
		return c.t.place("hooks", errors.New("an uploaded variant cannot name Go hooks; it has a built-in variant's hooks by inheriting it"))
	}
	return nil
}

// checkSizes applies the limits on regions, areas and options.
func (c *uploadCheck) checkSizes(def *core.Definition) error {
	b := &def.Board
	if n := len(b.Regions) + len(b.Draw); n > c.lim.MaxRegions {
		field := "board.regions"
		if len(b.Regions) <= c.lim.MaxRegions {
			field = "board.draw"
		}
		return c.t.place(field, fmt.Errorf("%d regions and drawings, more than %d", n, c.lim.MaxRegions))
	}
	areas := len(b.Holes) + len(b.PassThrough) + len(b.Water)
	for _, name := range sortedKeys(anyMap(b.Regions)) {
		if areas += len(b.Regions[name]); areas > c.lim.MaxAreas {
			return c.t.place(join("board.regions", name), fmt.Errorf("more than %d areas in holes, pass_through, water and regions", c.lim.MaxAreas))
		}
	}
	if areas > c.lim.MaxAreas {
		return c.t.place("board", fmt.Errorf("%d areas in holes, pass_through and water, more than %d", areas, c.lim.MaxAreas))
	}
	if len(def.Options) > c.lim.MaxOptions {
		return c.t.place("options", fmt.Errorf("%d options, more than %d", len(def.Options), c.lim.MaxOptions))
	}
	for i, o := range def.Options {
		if len(o.Values) > 4*c.lim.MaxOptions {
			return c.t.place(index("options", i)+".values", fmt.Errorf("%d values, more than %d", len(o.Values), 4*c.lim.MaxOptions))
		}
	}
	return nil
}

// anyMap gives sortedKeys a map of regions.
func anyMap(m map[string][]string) map[string]any {
	out := make(map[string]any, len(m))
	for k := range m {
		out[k] = nil
	}
	return out
}

// parsePieces parses every piece's Betza, one at a time, counting paths
// against the limits before core.Compile builds its tables from them. A
// Betza error is left to core.Compile (nil in the result).
func (c *uploadCheck) parsePieces(def *core.Definition) ([]*betza.Piece, error) {
	out := make([]*betza.Piece, len(def.Pieces))
	total := 0
	for i, pd := range def.Pieces {
		if pd.Betza == "" {
			continue
		}
		p, err := betza.Parse(pd.Betza)
		if err != nil {
			continue
		}
		field := fmt.Sprintf("pieces[%d].betza", i)
		if len(p.Paths) > c.lim.MaxPiecePaths {
			return nil, c.t.place(field, fmt.Errorf("%d paths (directions and legs combined), more than %d", len(p.Paths), c.lim.MaxPiecePaths))
		}
		if total += len(p.Paths); total > c.lim.MaxPaths {
			return nil, c.t.place(field, fmt.Errorf("the pieces have more than %d paths (directions and legs combined) together", c.lim.MaxPaths))
		}
		out[i] = p
	}
	return out, nil
}

// moves counts perft from the start and plays random games, every
// position written and read back, within the node and time limits.
func (c *uploadCheck) moves(r *core.Rules, data []byte) error {
	p := r.StartPosition()
	c.rep.Perft = make([]uint64, c.lim.PerftDepth)
	var bufs [][]core.Move
	if err := c.perft(p, c.lim.PerftDepth, 0, &bufs); err != nil {
		return err
	}
	h := fnv.New64a()
	h.Write(data)
	rng := rand.New(rand.NewPCG(h.Sum64(), 17))
	for g := 0; g < c.lim.RandomGames; g++ {
		p := r.StartPosition()
		for ply := 0; ply < c.lim.RandomPlies; ply++ {
			moves, err := c.legal(p, nil)
			if err != nil {
				return err
			}
			if len(moves) == 0 || p.Outcome().Status != core.Ongoing {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
			c.rep.RandomPlies++
			text := p.String()
			if _, err := r.ParsePosition(text); err != nil {
				return &Error{File: c.file, Err: fmt.Errorf("the position after %d random plies, %q, does not read back: %v", ply+1, text, err)}
			}
		}
	}
	return nil
}

// legal lists p's legal moves, counting the position against the limits.
func (c *uploadCheck) legal(p *core.Position, buf []core.Move) ([]core.Move, error) {
	if err := c.late(); err != nil {
		return nil, err
	}
	if c.rep.Nodes++; c.rep.Nodes > c.lim.MaxNodes {
		return nil, &Error{File: c.file, Err: fmt.Errorf("move generation needs more than %d positions for perft(%d) and %d random games of %d plies", c.lim.MaxNodes, c.lim.PerftDepth, c.lim.RandomGames, c.lim.RandomPlies)}
	}
	return p.LegalMoves(buf), nil
}

// perft adds the leaves below p at each depth up to depth to c.rep.Perft[ply:].
func (c *uploadCheck) perft(p *core.Position, depth, ply int, bufs *[][]core.Move) error {
	if ply == len(*bufs) {
		*bufs = append(*bufs, make([]core.Move, 0, 64))
	}
	moves, err := c.legal(p, (*bufs)[ply][:0])
	if err != nil {
		return err
	}
	(*bufs)[ply] = moves[:0]
	c.rep.Perft[ply] += uint64(len(moves))
	if depth == 1 {
		return nil
	}
	for _, m := range moves {
		p.MakeMove(m)
		err := c.perft(p, depth-1, ply+1, bufs)
		p.UnmakeMove()
		if err != nil {
			return err
		}
	}
	return nil
}
