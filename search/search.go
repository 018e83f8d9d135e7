package search

import (
	"math"
	"sync/atomic"
	"time"

	"anychess/core"
)

// Limits bound a search. Zero fields are unlimited; with none set the search
// goes on to MaxDepth or until Stop is set.
type Limits struct {
	// Depth is the deepest iteration.
	Depth int
	// Nodes is the most nodes to search.
	Nodes uint64
	// MoveTime is the most time the move may take (negative: none, the
	// shortest search; see TimeBudget).
	MoveTime time.Duration
	// Clock is the time the player to move has left on its game clock; the
	// search then manages its time (Limits.TimeBudget), and MoveTime, if
	// also set, caps the move's share.
	Clock time.Duration
	// Increment is the time the clock gains after each move.
	Increment time.Duration
	// MovesToGo is the number of moves Clock must last for (until the next
	// time control adds time); 0: unknown (DefaultMovesToGo is assumed).
	MovesToGo int
	// Stop, when not nil, ends the search as soon as it is set (from any
	// goroutine).
	Stop *atomic.Bool
	// Info, when not nil, is called after each finished iteration of the
	// two-sided search with the result so far (PV included), for a
	// progress display.
	Info func(Result)
}

// Result is the outcome of a search.
type Result struct {
	Move  core.Move
	Score int // centipawns from the side to move's view; beyond ±MateScore-MaxDepth a mate
	Depth int // the last iteration finished
	Nodes uint64
	Time  time.Duration
	PV    []core.Move // the principal variation, from the transposition table
}

// MateScore is the score of a won game; a mate in n plies scores
// MateScore-n.
const MateScore = 1_000_000

// MaxDepth is the deepest iteration and the longest line a search follows.
const MaxDepth = 96

const (
	mateScore = MateScore
	mateBound = MateScore - 2*MaxDepth - 100
	infinity  = 2 * MateScore
	maxPly    = 2*MaxDepth + 32
)

// IsMate reports whether a score is a forced win (positive) or loss
// (negative), and in how many plies.
func IsMate(score int) (plies int, ok bool) {
	switch {
	case score > mateBound:
		return MateScore - score, true
	case score < -mateBound:
		return MateScore + score, true
	}
	return 0, false
}

// DeclarationMargin is how much better (in centipawns) a root move with a
// declaration must score than the best move without one to be chosen: a
// declaration is made only when it clearly helps.
const DeclarationMargin = 50

// MultiMode chooses the search of games with more than two players.
type MultiMode uint8

// Searches for more than two players.
const (
	// Auto is the default, chosen by self-play (doc/SEARCH.md): best-reply
	// search when the game has more than two sides (free-for-all), negamax
	// when two teams alternate.
	Auto MultiMode = iota
	// Paranoid: the root player's side maximises, all others minimise its
	// evaluation; alpha-beta with every feature of the two-player search.
	Paranoid
	// MaxN: every player maximises its own evaluation (a vector of scores);
	// no pruning beyond the depth limit.
	MaxN
	// BRS, best-reply search: the root player's side against the single
	// best reply of all its opponents; alpha-beta with every feature of the
	// two-player search (see brs.go).
	BRS
)

// Options are an engine's settings. The zero value is full strength; the
// No… fields switch features off and CheckExtension on (for self-play
// measurements), Noise makes it weaker.
type Options struct {
	// HashMB is the transposition table's size in megabytes (default 16;
	// New caps it at MaxHashMB, which front ends check to give an error).
	HashMB int
	// NoTT: no transposition table cutoffs or hash move.
	NoTT bool
	// NoQuiescenceTT: quiescence neither reads nor writes the table.
	NoQuiescenceTT bool
	// NoNullMove: no null-move pruning (see nullAllowed for where it is
	// tried).
	NoNullMove bool
	// NoLMR: no late-move reductions.
	NoLMR bool
	// NoPVS: full-window search of every move.
	NoPVS bool
	// NoAspiration: every iteration searches the full window.
	NoAspiration bool
	// NoRFP: no reverse futility pruning (a node near the horizon whose
	// static evaluation is well above beta returns it).
	NoRFP bool
	// NoLMP, NoFutility: no late-move pruning (quiet moves after the first
	// few near the horizon are left out), no futility pruning (quiet moves
	// near the horizon are left out when the static evaluation is well
	// below alpha).
	NoLMP, NoFutility bool
	// NoTimeScaling: with a clock, the soft time limit does not grow when
	// the best move changes or the score falls between iterations.
	NoTimeScaling bool
	// NoImproving: the pruning margins and reductions do not depend on
	// whether the side's static evaluation improved on its previous one.
	NoImproving bool
	// NoTTEval: the pruning decisions take the static evaluation, not the
	// table's score where its bound says it is nearer the truth.
	NoTTEval bool
	// NoLMRTable: late-move reductions of one ply (two after the eighth
	// move at depth ≥ 5) instead of the logarithmic table with its
	// adjustments.
	NoLMRTable bool
	// NoIIR: no internal iterative reduction (a node without a hash move
	// searched a ply shallower).
	NoIIR bool
	// NoContHistory: quiet moves are not ordered by continuation history
	// (how good the move was after the previous move and after the
	// mover's own move before it).
	NoContHistory bool
	// NoSingular: no singular extension (a hash move much better than
	// every other move searched a ply deeper).
	NoSingular bool
	// NoCounterMoves: no counter-move ordering, and history only credited
	// (not debited for the quiet moves tried before a cutoff).
	NoCounterMoves bool
	// NoSEE: captures that lose material by a static exchange are
	// neither ordered after the quiet moves nor left out of quiescence.
	NoSEE bool
	// NoCorrection: no correction history (correct.go): the static
	// evaluation is taken as it is.
	NoCorrection bool
	// NoPieceCorrection: correction history keeps only the pawns' table,
	// not the tables of each player's other pieces.
	NoPieceCorrection bool
	// NoKillers, NoHistory: quiet moves unordered by these.
	NoKillers, NoHistory bool
	// NoQuiescence: the static evaluation at depth 0.
	NoQuiescence bool
	// CheckExtension turns on the extra ply when in check. It is off by
	// default: it lost Elo in self-play (doc/SEARCH.md); quiescence still
	// searches every evasion when in check.
	CheckExtension bool
	// MaterialOnly: the generic evaluation counts only material (variants
	// with their own Hooks.Evaluate are not affected).
	MaterialOnly bool
	// NoTunedWeights: the generic evaluation uses the square terms of
	// mobility and pawn advance even where the variant has tuned
	// piece-square tables (Weights, made by 'anychess tune').
	NoTunedWeights bool
	// Net, when it fits the game (Net.Fits), evaluates positions in place
	// of the evaluation's terms; without one, or with one of another
	// game, the variant's built-in net does (BuiltinNet), unless NoNet or
	// MaterialOnly is set.
	Net *Net
	// NoNet: no built-in net; the evaluation's terms evaluate.
	NoNet bool
	// NoGoal: the generic evaluation leaves out the goal terms (a royal
	// piece's distance to the region it wins by reaching, and the pressure
	// on that region; see goal.go).
	NoGoal bool
	// Multi chooses the search of games of more than two players.
	Multi MultiMode
	// Noise adds a pseudo-random term of up to ±Noise centipawns to every
	// evaluation (fixed per position and Seed), for weaker play.
	Noise int
	// Seed varies the noise.
	Seed uint64
	// NarrowPruning restores the null-move reduction, late-move
	// reductions and late-move and futility pruning of stop 56 and before
	// (doc/SEARCH.md): a null move reduced by 2 plies (3 above depth 6),
	// reductions from the fourth move at depth ≥ 3 by ln·ln/2, pruning at
	// depth ≤ 3.
	NarrowPruning bool
	// Threads is the number of goroutines that search a two-sided game at
	// once (lazy SMP, smp.go); 0 or 1: one. The limits apply to the main
	// one, whose result is returned; the node count is everyone's.
	Threads int
}

// plyState is the per-ply scratch space of a search; its slices are reused.
type plyState struct {
	moves   []core.Move
	keys    []int32
	gains   []int32
	killers [2]core.Move
	// move is the move being searched from the ply's position
	// (core.NullMove for a null move), eval the position's static
	// evaluation (noEval in check).
	move core.Move
	eval int
	raw  int // eval before correction (correct.go)
	// excluded is the move a singular-extension search of the ply's
	// position leaves out (core.NullMove: none).
	excluded core.Move
	// pins are the ply's position's pins (core.Position.Pins), found when
	// pinsKnown, at the first move the node makes.
	pins      core.PinSet
	pinsKnown bool
	// movedType is the type of the piece move moves (0 for a null move).
	movedType core.PieceType
	// check says whether the side to move is in check in the position
	// whose hash is checkHash, when checkKnown (inCheckAt).
	check, checkKnown bool
	checkHash         uint64
	// pending: some of keys are orderPending (scoreMovesAfter);
	// seePending: some of gains are marked seePending (scoreMovesFor).
	pending, seePending bool
}

// inCheckAt reports whether the side to move in the position at ply is in
// check, testing each position once: a node's test of the position after
// one of its moves serves the child's.
func (s *Engine) inCheckAt(ply int) bool {
	if s.p.Royal(s.p.Turn()) == core.NoSquare {
		return false // nothing to check, nothing to keep
	}
	return s.inCheckKept(ply)
}

// inCheckKept is inCheckAt where the side to move has a royal piece.
func (s *Engine) inCheckKept(ply int) bool {
	p := s.p
	st, h := &s.stack[ply], p.Hash()
	if st.checkKnown && st.checkHash == h {
		return st.check
	}
	c := p.InCheck()
	st.check, st.checkKnown, st.checkHash = c, true, h
	return c
}

// noEval marks a ply without a static evaluation (its side is in check).
const noEval = -infinity

// Engine searches positions. It keeps its transposition table and history
// between searches, so consecutive moves of one game reuse them. An Engine
// is not safe for concurrent use, except Limits.Stop.
type Engine struct {
	opts    Options
	tt      *table
	ev      *evaluator
	p       *core.Position
	nodes   uint64
	limits  Limits
	start   time.Time
	stopped bool
	stack   [maxPly + 1]plyState
	// outcomeMoves is the buffer a node's test for checkmate and
	// stalemate generates into (core.Position.OutcomeBuf).
	outcomeMoves []core.Move
	history      [core.MaxPlayers][historySize]int32
	// counter holds, per player and hashed previous move, the quiet move
	// that last refuted it.
	counter [core.MaxPlayers][historySize]core.Move
	// contHist is the continuation history (order.go), cont the bases of
	// the node being ordered or credited (setCont).
	contHist [contSize]int32
	cont     [2]int
	// pawns keeps the structure terms' pawn facts (nil where the
	// evaluation has none).
	pawns *pawnCache
	root  core.Player // the player to move at the root
	// rootDepth is the iteration's depth; check extensions stop at twice it.
	rootDepth int
	rootKey   uint64 // mixed into hash keys in games of more than two players
	multi     bool
	brs       *brsState // best-reply search's scratch space, made at first use
	net       *netState // the evaluation by a net (netFor), or nil
	// corr is the correction history (correct.go), corrOn whether it
	// applies to the game searched.
	corr   [corrTables][2][corrSize]int32
	corrOn bool
	// rfpBound: reverse futility pruning cuts only nodes whose beta lies
	// within ±rfpBound.
	rfpBound int
	// nullPly is the position's Ply just after the null move the current
	// path went through, -1 for none (see repeated).
	nullPly int
	// lastScore is the score of the last finished iteration, the centre
	// of the next one's aspiration window.
	lastScore int
	// brsMode: best-reply search is running; it orders and learns as it
	// did when it was measured (no losing-capture ordering, history credit
	// only), the new techniques having lost in four-player Martian Chess.
	brsMode bool
	// helpers are the lazy-SMP helper engines (Options.Threads), made at
	// first use; skip is a helper's head start in plies.
	helpers []*Engine
	skip    int
	// soft and hard are the search's time limits (Limits.TimeBudget): no
	// new iteration after soft, stop at hard; 0 is none.
	soft, hard time.Duration
}

// MaxHashMB is the largest transposition table, in megabytes.
const MaxHashMB = 4096

// Threads is the number of goroutines the engine's two-sided searches use
// (Options.Threads, within 1 to MaxThreads).
func (e *Engine) Threads() int { return e.opts.Threads }

// New returns an engine with the given options.
func New(opts Options) *Engine {
	if opts.HashMB <= 0 {
		opts.HashMB = 16
	}
	opts.Threads = min(max(opts.Threads, 1), MaxThreads)
	opts.HashMB = min(opts.HashMB, MaxHashMB)
	e := &Engine{opts: opts, tt: newTable(opts.HashMB)}
	e.initStack()
	return e
}

// initStack gives each ply its buffers.
func (s *Engine) initStack() {
	s.outcomeMoves = make([]core.Move, 0, 256)
	for i := range s.stack {
		s.stack[i].moves = make([]core.Move, 0, 128)
		s.stack[i].keys = make([]int32, 0, 128)
		s.stack[i].gains = make([]int32, 0, 128)
		s.stack[i].excluded = core.NullMove
		s.stack[i].move = core.NullMove
	}
}

// Options returns the engine's options.
func (s *Engine) Options() Options { return s.opts }

// NewGame forgets what earlier searches learnt (table, killers, history).
func (s *Engine) NewGame() {
	s.tt.clear()
	s.forget()
	for _, h := range s.helpers {
		h.forget()
	}
}

// forget clears what the engine learnt of the game but its table: history,
// counter moves, continuation history, killers.
func (s *Engine) forget() {
	s.history = [core.MaxPlayers][historySize]int32{}
	for pl := range s.counter {
		for i := range s.counter[pl] {
			s.counter[pl][i] = core.NullMove
		}
	}
	clear(s.contHist[:])
	s.corr = [corrTables][2][corrSize]int32{}
	for i := range s.stack {
		s.stack[i].killers = [2]core.Move{core.NullMove, core.NullMove}
	}
}

// Best searches the position with a new full-strength engine and returns the
// best move found. It returns a zero Result with Move == core.NullMove when
// the side to move has no move. Callers that search many positions of one
// game should keep an Engine instead.
func Best(p *core.Position, limits Limits) Result {
	return New(Options{HashMB: 4}).Search(p, limits)
}

// Search searches the position (which it leaves as it found it) and returns
// the best move found, or Move == core.NullMove when the side to move has no
// move.
func (s *Engine) Search(p *core.Position, limits Limits) Result {
	s.start = time.Now()
	r := p.Rules()
	if s.ev == nil || s.ev.r != r {
		s.ev = evaluatorFor(r).forOptions(s.opts)
		s.NewGame()
	}
	s.tt.newSearch()
	s.prepare(p, limits)

	root := p.LegalMoves(nil)
	best := Result{Move: core.NullMove}
	if len(root) == 0 {
		return best
	}
	best.Move = root[0]
	root = append(root, p.LegalDeclared(root, nil)...)
	if len(root) == 1 && limits.Depth == 0 && limits.Nodes == 0 {
		best.Depth, best.PV = 1, root[:1]
		best.Time = time.Since(s.start)
		return best
	}
	switch s.searchMode() {
	case MaxN:
		return s.deepen(root, s.maxnIteration, false)
	case BRS:
		s.brsInit()
		s.brsMode = true
		defer func() { s.brsMode = false }()
		return s.deepen(root, s.brsRootSearch, false)
	}
	if s.opts.Threads > 1 {
		return s.smpSearch(root)
	}
	return s.deepen(root, s.rootSearch, true)
}

// prepare readies the engine to search p under limits: the time budget,
// the root player, fresh killers, history aged.
func (s *Engine) prepare(p *core.Position, limits Limits) {
	r := p.Rules()
	s.p, s.limits, s.nodes, s.stopped, s.nullPly = p, limits, 0, false, -1
	p.Reserve(maxPly + 1)
	s.soft, s.hard = limits.TimeBudget()
	s.root = p.Turn()
	s.multi = r.Players > 2 && !twoSides(r)
	switch net := s.netFor(r); {
	case net == nil:
		s.net = nil
	case s.net == nil || s.net.r != r || s.net.n != net:
		s.net, _ = newNetState(net, r, s.ev) // nil where it does not fit
	}
	s.corrOn = corrFor(r, s.opts)
	s.rfpBound = mateBound
	if s.net != nil {
		s.rfpBound = rfpNetBound
	}
	if st := s.ev.structure; st == nil {
		s.pawns = nil
	} else if s.pawns == nil || s.pawns.terms != st {
		s.pawns = newPawnCache(st)
	}
	s.rootKey = 0
	if r.Players > 2 {
		s.rootKey = mix64(uint64(s.root) + 0x5EA4C4)
	}
	for i := range s.stack {
		s.stack[i].killers = [2]core.Move{core.NullMove, core.NullMove}
	}
	for pl := range s.history {
		for i := range s.history[pl] {
			s.history[pl][i] /= 8
		}
	}
	for i := range s.contHist {
		s.contHist[i] /= 2
	}
}

// netFor returns the net that evaluates r's positions: Options.Net where
// it fits r, else the variant's built-in one, or nil.
func (s *Engine) netFor(r *core.Rules) *Net {
	switch {
	case s.opts.Net != nil && s.opts.Net.Fits(r) == nil:
		return s.opts.Net
	case s.opts.NoNet || s.opts.MaterialOnly:
		return nil
	}
	return BuiltinNet(r)
}

// twoSides reports whether r's players form two sides whose turns
// alternate: two players, or two teams seated in turn, so plain negamax
// applies.
func twoSides(r *core.Rules) bool {
	for pl := 0; pl < r.Players; pl++ {
		next := (pl + 1) % r.Players
		if r.Allies(core.Player(pl), core.Player(next)) {
			return false
		}
		for q := 0; q < r.Players; q++ {
			if !r.Allies(core.Player(pl), core.Player(q)) && !r.Allies(core.Player(next), core.Player(q)) {
				return false // a third side
			}
		}
	}
	return true
}

// Aspiration windows: from aspirationDepth on, an iteration first searches
// a window of ±aspirationDelta around the previous iteration's score, and
// widens the side that failed (the margin growing by half each time)
// until the score falls inside.
const (
	aspirationDepth = 4
	aspirationDelta = 25
)

// rootSearch runs one iteration over the root moves, best first, in an
// aspiration window, and returns the best move and score; done is false
// when it was stopped (a move returned then is one the iteration proved
// better than the previous iteration's best, else core.NullMove).
func (s *Engine) rootSearch(root []core.Move, scores []int, depth int) (core.Move, int, bool) {
	s.rootDepth = depth
	s.stack[0].eval, s.stack[0].raw = noEval, noEval
	if !s.p.InCheck() {
		s.stack[0].raw = s.evaluate()
		s.stack[0].eval = s.corrected(s.stack[0].raw)
	}
	sortRoot(root, scores)
	if s.opts.NoAspiration || depth < aspirationDepth || s.lastScore > mateBound || s.lastScore < -mateBound {
		move, score, done := s.rootWindow(root, scores, depth, -infinity, infinity)
		if done {
			s.lastScore = score
		}
		return move, score, done
	}
	delta := aspirationDelta
	lo, hi := s.lastScore-delta, s.lastScore+delta
	proven, provenScore := core.NullMove, 0 // the best move proven so far
	for {
		move, score, done := s.rootWindow(root, scores, depth, lo, hi)
		if move != core.NullMove {
			proven, provenScore = move, score
		}
		if !done {
			return proven, provenScore, false
		}
		delta += delta / 2
		switch {
		case score <= lo:
			lo = max(score-delta, -infinity)
		case score >= hi:
			hi = min(score+delta, infinity)
			// The move that failed high goes first: it is better than
			// every move searched before it.
			i := indexOf(root, move)
			for ; i > 0; i-- {
				root[i], root[i-1] = root[i-1], root[i]
				scores[i], scores[i-1] = scores[i-1], scores[i]
			}
		default:
			s.lastScore = score
			return move, score, true
		}
		if delta > 16*aspirationDelta {
			lo, hi = -infinity, infinity
		}
	}
}

// indexOf returns the index of m in moves (0 when it is not there).
func indexOf(moves []core.Move, m core.Move) int {
	for i, x := range moves {
		if x == m {
			return i
		}
	}
	return 0
}

// rootWindow searches the root moves in their order within the window
// (lo, hi) and returns the best move and score: a score ≤ lo (no move
// returned) is an upper bound, one ≥ hi (the move that reached it, the
// search of the others left out) a lower bound. done is false when it was
// stopped; a move returned then beat the first move searched.
func (s *Engine) rootWindow(root []core.Move, scores []int, depth, lo, hi int) (core.Move, int, bool) {
	p := s.p
	r := p.Rules()
	alpha := lo // the best score so far, less DeclarationMargin for a declaration
	bestScore, bestMove, bestIndex := lo, core.NullMove, -1
	for i, m := range root {
		margin := 0
		if r.Bare(m) != m {
			margin = DeclarationMargin
		}
		bound := alpha + margin
		top := max(hi+margin, bound+1)
		us := p.Turn()
		s.stack[0].move, s.stack[0].movedType = m, s.typeAt(m.From)
		p.MakeMove(m)
		flip := s.flips(us, p.Turn())
		var score int
		if i == 0 || s.opts.NoPVS {
			score = s.child(depth-1, 1, bound, top, flip)
		} else {
			score = s.child(depth-1, 1, bound, bound+1, flip)
			if score > bound && !s.stopped {
				score = s.child(depth-1, 1, bound, top, flip)
			}
		}
		p.UnmakeMove()
		if s.stopped {
			return bestMove, bestScore, false
		}
		scores[i] = score - margin
		if score > bound {
			if bestIndex >= 0 {
				scores[bestIndex] = alpha // no longer the best: its own score
			}
			alpha, bestScore, bestMove, bestIndex = score-margin, score, m, i
			// Keep the best move, and only it, first for the next
			// iteration: an unfinished iteration's result is trusted only
			// because it searched the previous best move first.
			scores[i] = infinity
			if alpha >= hi {
				return bestMove, bestScore, true // failed high
			}
		}
	}
	if bestMove != core.NullMove {
		s.tt.store(s.key(), depth, toTT(bestScore, 0), boundExact, r.Bare(bestMove), s.stack[0].raw)
	}
	return bestMove, bestScore, true
}

// flips reports whether the score changes sign from one mover to the next:
// they are on different sides (the root player's side and the rest).
func (s *Engine) flips(a, b core.Player) bool {
	if !s.multi {
		return true
	}
	r := s.p.Rules()
	return r.Allies(a, s.root) != r.Allies(b, s.root)
}

// child searches the position after a move, from the mover's view; flip
// says whether the next mover is on the other side.
func (s *Engine) child(depth, ply, alpha, beta int, flip bool) int {
	if flip {
		return -s.negamax(depth, ply, -beta, -alpha, true)
	}
	return s.negamax(depth, ply, alpha, beta, true)
}

// key returns the table key of the current position.
func (s *Engine) key() uint64 { return s.p.Hash() ^ s.rootKey }

// checkStop sets s.stopped when a limit is reached.
func (s *Engine) checkStop() bool {
	if s.stopped {
		return true
	}
	l := &s.limits
	if l.Nodes > 0 && s.nodes >= l.Nodes {
		s.stopped = true
	} else if s.nodes&127 == 0 {
		if l.Stop != nil && l.Stop.Load() {
			s.stopped = true
		} else if s.hard > 0 && time.Since(s.start) >= s.hard {
			s.stopped = true
		}
	}
	return s.stopped
}

// terminal scores a finished game from the view of the player to move: a
// win for its side, a loss, or a draw (also a win shared by both sides).
func (s *Engine) terminal(o core.Outcome, ply int) int {
	if o.Status != core.Win {
		return 0
	}
	r := s.p.Rules()
	us := s.p.Turn()
	if s.multi {
		us = s.root
	}
	ours, theirs := false, false
	for pl := 0; pl < r.Players; pl++ {
		if o.Winners>>pl&1 == 0 {
			continue
		}
		if r.Allies(core.Player(pl), us) {
			ours = true
		} else {
			theirs = true
		}
	}
	v := 0
	switch {
	case ours && !theirs:
		v = mateScore - ply
	case theirs && !ours:
		v = -mateScore + ply
	}
	if s.multi && !r.Allies(s.p.Turn(), s.root) {
		v = -v
	}
	return v
}

// evaluate returns the static evaluation from the view of the player to
// move (in paranoid mode: the root player's evaluation, negated for its
// opponents).
func (s *Engine) evaluate() int {
	p := s.p
	var v int
	if s.multi {
		v = s.ev.eval(p, s.root, !s.opts.MaterialOnly)
		if !p.Rules().Allies(p.Turn(), s.root) {
			v = -v
		}
	} else if s.net != nil {
		v = s.net.eval(p)
	} else {
		v = s.ev.evalWith(p, p.Turn(), !s.opts.MaterialOnly, s.pawns)
	}
	if s.opts.Noise > 0 {
		n := int(mix64(p.Hash()^s.opts.Seed) % uint64(2*s.opts.Noise+1))
		v += n - s.opts.Noise
	}
	return v
}

// mix64 is a SplitMix64 finaliser.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// generate fills st.moves with the pseudo-legal moves the variant's veto
// (Hooks.Legal) allows; the royal-safety test comes when a move is made.
func (s *Engine) generate(st *plyState) {
	st.moves = s.p.PseudoMoves(st.moves[:0])
	s.veto(st)
}

// generateTactical is generate without the plain quiet moves
// (core.Position.TacticalMoves), for quiescence out of check.
func (s *Engine) generateTactical(st *plyState) {
	st.moves = s.p.TacticalMoves(st.moves[:0])
	s.veto(st)
}

// pseudoLegal reports whether m is a move generate would give at st's
// node: a pseudo-legal move (core.Position.HasPseudoMove, which uses
// st.moves as scratch space before the node generates) the variant's veto
// allows. It is false where the core cannot tell cheaply.
func (s *Engine) pseudoLegal(st *plyState, m core.Move) bool {
	p := s.p
	has, known := p.HasPseudoMove(m, st.moves[:0])
	if !has || !known {
		return false
	}
	veto := p.Rules().Hooks.Legal
	return veto == nil || veto(p, m)
}

// veto drops the moves of st.moves that the variant's Hooks.Legal forbids.
func (s *Engine) veto(st *plyState) {
	p := s.p
	if veto := p.Rules().Hooks.Legal; veto != nil {
		out := 0
		for _, m := range st.moves {
			if veto(p, m) {
				st.moves[out] = m
				out++
			}
		}
		st.moves = st.moves[:out]
	}
}

// givesCheck reports whether m, a pseudo-legal move, puts the next
// player's royal piece in check. Moves that cannot (mayCheck) are not
// made.
func (s *Engine) givesCheck(m core.Move) bool {
	p := s.p
	if !s.mayCheck(m) {
		return false
	}
	return p.GivesCheck(m)
}

// safeCheck reports whether m, a quiet pseudo-legal move, gives check and
// does not lose material by the static exchange on its square (where
// core.Position.Exchange can judge it; elsewhere every check is safe).
func (s *Engine) safeCheck(m core.Move) bool {
	if !s.givesCheck(m) {
		return false
	}
	v, ok := s.p.Exchange(m, s.ev.values, royalExchangeValue)
	return !ok || v >= 0
}

// mayCheck is a cheap filter for givesCheck: a move can check an enemy
// royal piece only when its destination (a direct check) or its origin (a
// discovered one) lies near the royal piece or on a line through it
// whose step is at most 3 squares each way, which holds for the pieces of
// every variant here (leapers up to a camel or zebra, riders along such
// lines); a piece that attacks only within 2 steps (evaluator.short)
// checks directly only from within 2 steps. A move it misses is only
// pruned, never made illegal.
func (s *Engine) mayCheck(m core.Move) bool {
	p := s.p
	r := p.Rules()
	us := p.Turn()
	for q := 0; q < r.Players; q++ {
		if r.Allies(us, core.Player(q)) {
			continue
		}
		k := p.Royal(core.Player(q))
		if k == core.NoSquare {
			continue
		}
		kc := p.Coord(k)
		if m.From != core.NoSquare && lined(p.Coord(m.From), kc) {
			return true // a discovered check, or the piece was already near
		}
		if m.To == core.NoSquare {
			continue
		}
		if t := s.typeAt(m.From); t != 0 && m.Kind == core.KindNormal && s.ev.short[t] {
			// A short-range piece checks only from next to the royal piece.
			if tc := p.Coord(m.To); max(abs64(tc.X-kc.X), abs64(tc.Y-kc.Y)) <= 2 {
				return true
			}
			continue
		}
		if lined(p.Coord(m.To), kc) {
			return true
		}
	}
	return false
}

// lined reports whether b lies within 4 squares of a, or on a line from a
// whose step (the difference reduced by its greatest common divisor) is at
// most 3 in each coordinate.
func lined(a, b core.Coord) bool {
	dx, dy := b.X-a.X, b.Y-a.Y
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	if dx < 0 || dy < 0 { // overflow: far apart, on no short line
		return false
	}
	if dx <= 4 && dy <= 4 {
		return true
	}
	g := gcd(dx, dy)
	return dx/g <= 3 && dy/g <= 3
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// makeLegal makes m and reports whether it was legal (it leaves no royal
// piece of the mover attacked); an illegal move is taken back at once.
func (s *Engine) makeLegal(m core.Move) bool {
	p := s.p
	us := p.Turn()
	p.MakeMove(m)
	if k := p.Royal(us); k != core.NoSquare && p.AttackedBy(k, us) {
		p.UnmakeMove()
		return false
	}
	return true
}

// makeLegalAt is makeLegal for the node at st, whose side to move is in
// check when inCheck: a move its pins (found at the first call of the
// node's loop) show to leave the royal piece safe is made without a
// look at the royal piece's square.
func (s *Engine) makeLegalAt(st *plyState, m core.Move, inCheck bool) bool {
	if !st.pinsKnown {
		s.p.Pins(inCheck, &st.pins)
		st.pinsKnown = true
	}
	if st.pins.Safe(m) {
		s.p.MakeMove(m)
		return true
	}
	return s.makeLegal(m)
}

// decided returns the outcome the position has without looking at its
// moves (core.Position.Decided); a draw by a draw rule gives way to
// checkmate.
func (s *Engine) decided() core.Outcome {
	o := s.p.Decided()
	if o.Status == core.Draw && s.p.InCheck() {
		return s.p.OutcomeBuf(s.outcomeMoves)
	}
	return o
}

// nullAllowed is the null-move rule: a null move (passing) is tried only in
// two-sided games whose goal is checkmating a royal piece, when the mover
// has a royal piece, is not in check, and has a piece that is neither royal
// nor a pawn. In such positions zugzwang, where passing would be better than
// any move and the null move's verdict is wrong, is rare. Variants without
// royal pieces or with other goals (Longchess, Martian Chess) never prune
// by null move; nor do king-and-pawn endings, nor unbounded boards, where
// self-play measured it as a loss (doc/SEARCH.md).
func (s *Engine) nullAllowed() bool {
	p := s.p
	r := p.Rules()
	if s.opts.NoNullMove || s.multi || r.Def.Goals.NoCheckmate || r.Hooks.Pass != nil || p.Unbounded() {
		return false
	}
	us := p.Turn()
	if p.Royal(us) == core.NoSquare {
		return false
	}
	for _, sq := range p.PieceSquares(us) {
		info := &r.Pieces[p.At(sq).Type()]
		if !info.Royal && !info.Pawn {
			return true
		}
	}
	return false
}

// repeated reports whether the position occurred before in the game or on
// the search path, which the search scores as a draw. Below a null move only
// the positions since it count: the pass is no move of the game, so a line
// through it that comes back to an earlier position repeats nothing.
func (s *Engine) repeated() bool {
	if s.nullPly >= 0 {
		return s.p.RecentRepetitions(s.p.Ply()-s.nullPly) >= 2
	}
	return s.p.Repetitions() >= 2
}

// negamax searches to depth from ply, returning a score from the view of
// the player to move (fail-soft).
func (s *Engine) negamax(depth, ply, alpha, beta int, allowNull bool) int {
	s.nodes++
	if s.checkStop() {
		return 0
	}
	p := s.p
	if o := s.decided(); o.Status != core.Ongoing {
		return s.terminal(o, ply)
	}
	if s.repeated() {
		return 0
	}
	if ply >= maxPly-1 {
		return s.evaluate()
	}
	// Mate-distance pruning.
	alpha = max(alpha, -mateScore+ply)
	beta = min(beta, mateScore-ply-1)
	if alpha >= beta {
		return alpha
	}
	inCheck := s.inCheckAt(ply)
	if inCheck && s.opts.CheckExtension && ply < 2*s.rootDepth {
		depth++
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, true)
	}
	pvNode := beta-alpha > 1
	st := &s.stack[ply]
	key := s.key()
	hashMove := core.NullMove
	excluded := st.excluded // the move a singular-extension search leaves out
	var tte ttEntry
	ttHit := false
	if !s.opts.NoTT && excluded == core.NullMove {
		if e, ok := s.tt.probe(key); ok {
			tte, ttHit = e, true
			hashMove = e.move
			if int(e.depth) >= depth && !pvNode {
				if v, ok := e.cuts(ply, alpha, beta); ok {
					return v
				}
			}
		}
	}
	// Internal iterative reduction: a node the table knows no move for is
	// searched a ply shallower (it is likely new, and ordered by guesses).
	if !s.opts.NoIIR && !s.opts.NoTT && depth >= iirDepth && hashMove == core.NullMove && excluded == core.NullMove {
		depth--
	}
	us := p.Turn()
	// The static evaluation, for the pruning decisions (not in check), and
	// whether it improved on the side's previous one (two plies up). The
	// table keeps it from an earlier visit of the position (the key covers
	// all the evaluation reads, and evaluating makes no move), and a
	// singular-extension search has its node's. The table keeps it raw,
	// the search takes it corrected (correct.go).
	eval, raw := noEval, noEval
	switch {
	case inCheck:
	case excluded != core.NullMove:
		eval, raw = st.eval, st.raw
	case ttHit && tte.eval != noEval:
		raw = int(tte.eval)
		eval = s.corrected(raw)
	default:
		raw = s.evaluate()
		eval = s.corrected(raw)
	}
	st.eval, st.raw = eval, raw
	improving := !s.opts.NoImproving && ply >= 2 && eval != noEval && s.stack[ply-2].eval != noEval &&
		eval > s.stack[ply-2].eval
	better := 0 // 1 when improving
	if improving {
		better = 1
	}
	// guess stands for the node's score in the pruning decisions below.
	guess := eval
	if !s.opts.NoTTEval && ttHit && excluded == core.NullMove {
		guess = tte.guess(eval, ply)
	}
	// Reverse futility pruning: far enough above beta near the horizon,
	// a move will not lose it all.
	if !s.opts.NoRFP && !pvNode && !inCheck && excluded == core.NullMove && depth <= rfpDepth && beta < s.rfpBound && beta > -s.rfpBound &&
		guess-rfpMargin*(depth-better) >= beta {
		return guess
	}
	pr := s.pruning()
	if allowNull && !pvNode && !inCheck && excluded == core.NullMove && depth >= 3 && beta < mateBound && s.nullAllowed() && guess >= beta {
		reduce := nullReduction(depth, guess-beta, s.opts.NarrowPruning)
		st.move, st.movedType = core.NullMove, 0
		p.MakeNullMove()
		outer := s.nullPly
		s.nullPly = p.Ply()
		v := -s.negamax(depth-1-reduce, ply+1, -beta, -beta+1, false)
		s.nullPly = outer
		p.UnmakeMove()
		if s.stopped {
			return 0
		}
		if v >= beta {
			if v > mateBound {
				v = beta
			}
			return v
		}
	}

	// Singular extension: when the hash move, a lower bound or exact
	// score of nearly this depth, is better by a margin than every other
	// move (a search without it, half as deep, stays below), it is
	// searched a ply deeper; when even the others reach beta, the node
	// is cut (multi-cut).
	singular := false
	if !s.opts.NoSingular && ttHit && ply > 0 && depth >= singularDepth && excluded == core.NullMove &&
		hashMove != core.NullMove && tte.bound != boundUpper && int(tte.depth) >= depth-3 && ply < 2*s.rootDepth {
		if ttScore := fromTT(int(tte.score), ply); ttScore > -mateBound && ttScore < mateBound {
			sBeta := ttScore - singularMargin*depth
			st.excluded = hashMove
			v := s.negamax(depth/2, ply, sBeta-1, sBeta, false)
			st.excluded = core.NullMove
			if s.stopped {
				return 0
			}
			if v < sBeta {
				singular = true
			} else if sBeta >= beta {
				return sBeta
			}
		}
	}
	prev := core.NullMove // the move that led here
	if ply > 0 {
		prev = s.stack[ply-1].move
	}
	best, bestMove := -infinity, core.NullMove
	bestTactical := false // whether bestMove is tactical
	origAlpha := alpha
	legal := 0
	lmpDone := false // late-move pruning has dropped the quiet moves
	st.pinsKnown = false
	// The hash move is searched first, as its key would order it, before
	// the other moves are generated: a node it cuts off generates and
	// orders none of them.
	staged := hashMove != core.NullMove && s.pseudoLegal(st, hashMove)
	if staged {
		m := hashMove
		_, tactical := s.gain(m)
		st.movedType = s.typeAt(m.From)
		if s.makeLegalAt(st, m, inCheck) {
			legal++
			flip := s.flips(us, p.Turn())
			st.move = m
			ext := 0
			if singular {
				ext = 1
			}
			v := s.child(depth-1+ext, ply+1, alpha, beta, flip)
			p.UnmakeMove()
			if s.stopped {
				return 0
			}
			best, bestMove, bestTactical = v, m, tactical
			if v > alpha {
				alpha = v
				if v >= beta {
					if !tactical {
						s.setCont(ply)
						s.goodQuietAfter(st, m, prev, depth, 0)
					}
					if !s.opts.NoTT {
						s.tt.store(key, depth, toTT(best, ply), boundOf(best, origAlpha, beta), bestMove, raw)
					}
					s.learnFromNode(raw, eval, best, boundLower, tactical, depth)
					return best
				}
			}
		}
	}
	s.generate(st)
	s.setCont(ply)
	// At depth 1 every child is a quiescence node, which learns nothing:
	// the quiet moves' history is looked up only if the node gets to them.
	s.scoreMovesAfter(st, hashMove, prev, depth <= 1 && !s.opts.CheckExtension)
	for i := 0; i < len(st.moves); i++ {
		m := s.pickDeferred(st, i, ply)
		if m == excluded || staged && m == hashMove {
			continue
		}
		tactical := st.gains[i] >= 0
		st.movedType = s.typeAt(m.From)
		prunable := depth <= pr.lmpDepth && !pvNode && !inCheck && !tactical && st.keys[i] < orderKiller && best > -mateBound
		if prunable && !s.opts.NoLMP && legal >= lmpCount(depth, improving) && !lmpDone {
			// Late-move pruning: near the horizon, after the first few
			// moves, the remaining quiet ones are left out, except those
			// that give check and do not lose material (the losing
			// captures after them stay).
			st.dropQuiets(i, s.safeCheck)
			lmpDone = true
			i--
			continue
		}
		futile := prunable && depth <= pr.futilityDepth && legal > 0 && !s.opts.NoFutility && guess+futilityMargin(depth) <= alpha
		if futile && !s.mayCheck(m) {
			continue // futility pruning (below) of a move that cannot check, without making it
		}
		if !s.makeLegalAt(st, m, inCheck) {
			continue
		}
		legal++
		// Futility pruning of quiet moves near the horizon that do not
		// give check, when the static evaluation is far below alpha.
		if futile && !s.inCheckAt(ply+1) {
			p.UnmakeMove()
			continue
		}
		flip := s.flips(us, p.Turn())
		st.move = m
		ext := 0
		if singular && m == hashMove {
			ext = 1
		}
		var v int
		if legal == 1 || s.opts.NoPVS {
			v = s.child(depth-1+ext, ply+1, alpha, beta, flip)
		} else {
			reduce := 0
			if !s.opts.NoLMR && depth >= pr.lmrDepth && legal > pr.lmrAfter(pvNode) && !tactical && !inCheck &&
				(s.opts.NoLMRTable && st.keys[i] < orderKiller || !s.opts.NoLMRTable && st.keys[i] < orderHash) &&
				!s.inCheckAt(ply+1) {
				if s.opts.NoLMRTable {
					reduce = 1
					if legal > 8 && depth >= 5 {
						reduce = 2
					}
				} else {
					reduce = lmrReduction(pr.lmr, depth, legal, pvNode, improving, st.keys[i] >= orderCounter)
				}
			}
			v = s.child(depth-1-reduce, ply+1, alpha, alpha+1, flip)
			if v > alpha && reduce > 0 && !s.stopped {
				v = s.child(depth-1, ply+1, alpha, alpha+1, flip)
			}
			if v > alpha && v < beta && !s.stopped {
				v = s.child(depth-1, ply+1, alpha, beta, flip)
			}
		}
		p.UnmakeMove()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove, bestTactical = v, m, tactical
			if v > alpha {
				alpha = v
				if v >= beta {
					if !tactical {
						s.setCont(ply) // the children changed it
						s.goodQuietAfter(st, m, prev, depth, i)
					}
					break
				}
			}
		}
	}
	if excluded != core.NullMove {
		if legal == 0 {
			return alpha // only the excluded move: nothing else reaches the bound
		}
		return best // a search without the hash move: not stored
	}
	if legal == 0 {
		return s.noMoves(depth, ply, alpha, beta)
	}
	if !s.opts.NoTT {
		s.tt.store(key, depth, toTT(best, ply), boundOf(best, origAlpha, beta), bestMove, raw)
	}
	s.learnFromNode(raw, eval, best, boundOf(best, origAlpha, beta), bestTactical, depth)
	return best
}

// Pruning near the horizon (depths in plies, margins in centipawns).
const (
	// rfpDepth is the deepest node reverse futility pruning cuts, when
	// the static evaluation exceeds beta by rfpMargin per ply of depth.
	rfpDepth  = 6
	rfpMargin = 90
	// rfpNetBound: with a net evaluating, no node whose beta lies this
	// far from 0 is cut. A net learnt from a teacher's scores, which
	// flatten as a game is decided, says little of which lost (or won)
	// position is better (a bare king about to be mated at −782, where
	// the line that did not mate scored +1327).
	rfpNetBound = 1000
	// pruneDepth is the deepest node futility pruning cuts quiet moves at
	// in best-reply search, and late-move and futility pruning in negamax
	// with Options.NarrowPruning.
	pruneDepth = 3
	// lmpDepth and futilityDepth are the deepest nodes of negamax at which
	// late-move pruning and futility pruning cut quiet moves.
	lmpDepth      = 7
	futilityDepth = 5
)

// nullReduction is the null move's reduction, in plies beyond the move's
// own, at a node of the depth whose guessed score lies margin above beta:
// 3 + depth/3 + margin/200 (the margin's part at most 3); narrow, Heinz's
// adaptive reduction: 2, 3 above depth 6.
func nullReduction(depth, margin int, narrow bool) int {
	if narrow {
		if depth > 6 {
			return 3
		}
		return 2
	}
	return 3 + depth/3 + min(margin/200, 3)
}

// singularDepth is the shallowest node singular extension tries;
// singularMargin × depth is how much better than the others the hash
// move must be.
const (
	singularDepth  = 6
	singularMargin = 2
)

// iirDepth is the shallowest node internal iterative reduction reduces.
const iirDepth = 4

// lmpCount is how many legal moves a node of the depth searches before
// late-move pruning leaves out its remaining quiet moves: half as many
// when the side's evaluation is not improving.
func lmpCount(depth int, improving bool) int {
	if improving {
		return 3 + depth*depth
	}
	return (3 + depth*depth) / 2
}

// lmrTable is a table of late-move reductions: lmrTable[d][n] is the
// reduction of the n-th legal move at depth d before adjustments
// (lmrReduction).
type lmrTable [64][64]int8

// newLMRTable returns the table of ln(d)·ln(n)/divisor, rounded.
func newLMRTable(divisor float64) *lmrTable {
	var t lmrTable
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(0.5 + math.Log(float64(d))*math.Log(float64(n))/divisor)
		}
	}
	return &t
}

// The reductions' tables: ln·ln/1.6 (stop 57), and ln·ln/2 of
// Options.NarrowPruning.
var (
	wideLMR   = newLMRTable(1.6)
	narrowLMR = newLMRTable(2)
)

// pruningRules are the depths and table of negamax's late-move pruning,
// futility pruning and late-move reductions.
type pruningRules struct {
	// lmpDepth and futilityDepth: the deepest nodes the two prunings cut
	// quiet moves at; lmrDepth: the shallowest node reductions reduce at.
	lmpDepth, futilityDepth, lmrDepth int
	// lmrFrom, lmrFromPV: the legal moves a node (a PV node) searches
	// before reductions start.
	lmrFrom, lmrFromPV int
	lmr                *lmrTable
}

// lmrAfter is how many legal moves a node searches before late-move
// reductions start.
func (r *pruningRules) lmrAfter(pvNode bool) int {
	if pvNode {
		return r.lmrFromPV
	}
	return r.lmrFrom
}

// widePruning is the search's (stop 57); narrowPruning stop 56's, of
// Options.NarrowPruning.
var (
	widePruning   = pruningRules{lmpDepth: lmpDepth, futilityDepth: futilityDepth, lmrDepth: 2, lmrFrom: 1, lmrFromPV: 2, lmr: wideLMR}
	narrowPruning = pruningRules{lmpDepth: pruneDepth, futilityDepth: pruneDepth, lmrDepth: 3, lmrFrom: 3, lmrFromPV: 3, lmr: narrowLMR}
)

// pruning returns the pruning rules of the engine's options.
func (s *Engine) pruning() *pruningRules {
	if s.opts.NarrowPruning {
		return &narrowPruning
	}
	return &widePruning
}

// lmrReduction is the reduction of the n-th legal move, a quiet one, at
// depth: the table's, one less at PV nodes and for killers and counter moves,
// one more when the side's evaluation is not improving; at least 1, and at
// most depth − 2 where that is more (a move of a node of depth 2 is
// reduced into quiescence).
func lmrReduction(table *lmrTable, depth, n int, pvNode, improving, killer bool) int {
	r := int(table[min(depth, 63)][min(n, 63)])
	if pvNode {
		r--
	}
	if killer {
		r--
	}
	if !improving {
		r++
	}
	return max(1, min(r, depth-2))
}

// futilityMargin is how far below alpha the static evaluation must stand
// for futility pruning to leave out the quiet moves of a node of the depth.
func futilityMargin(depth int) int { return 50 + 100*depth }

// noMoves scores a position where the player to move has no legal move of
// its own: checkmate, stalemate, a goal reached, or a pass (Hooks.Pass),
// which is then searched.
func (s *Engine) noMoves(depth, ply, alpha, beta int) int {
	p := s.p
	o := p.OutcomeBuf(s.outcomeMoves)
	if o.Status != core.Ongoing {
		return s.terminal(o, ply)
	}
	st := &s.stack[ply]
	st.moves = p.LegalMoves(st.moves[:0])
	if len(st.moves) == 0 {
		return 0
	}
	us := p.Turn()
	p.MakeMove(st.moves[0])
	v := s.child(depth-1, ply+1, alpha, beta, s.flips(us, p.Turn()))
	p.UnmakeMove()
	return v
}

// quiesce searches tactical moves only (every move when in check), from the
// view of the player to move; the player may stand pat on the static
// evaluation when not in check.
// decided is true when the caller has already looked for the game's end.
func (s *Engine) quiesce(ply, alpha, beta int, decided bool) int {
	s.nodes++
	if s.checkStop() {
		return 0
	}
	p := s.p
	if !decided {
		if o := s.decided(); o.Status != core.Ongoing {
			return s.terminal(o, ply)
		}
	}
	if ply >= maxPly-1 || s.opts.NoQuiescence {
		return s.evaluate()
	}
	// The table: a null-window node takes a bound or score stored for the
	// position (by quiescence, depth 0, or any search); every node takes
	// the static evaluation stored with it.
	useTT := !s.opts.NoTT && !s.opts.NoQuiescenceTT
	key, cached := uint64(0), noEval
	if useTT {
		key = s.key()
		if e, ok := s.tt.probe(key); ok {
			if beta-alpha == 1 {
				if v, ok := e.cuts(ply, alpha, beta); ok {
					return v
				}
			}
			cached = int(e.eval)
		}
	}
	origAlpha := alpha
	inCheck := s.inCheckAt(ply)
	best, bestMove := -infinity, core.NullMove
	stand := noEval
	raw := noEval
	if !inCheck {
		if raw = cached; raw == noEval {
			raw = s.evaluate()
		}
		stand = s.corrected(raw)
		if stand >= beta {
			if useTT {
				s.tt.store(key, 0, toTT(stand, ply), boundLower, core.NullMove, raw)
			}
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	st := &s.stack[ply]
	if inCheck {
		s.generate(st)
		s.scoreMoves(st, core.NullMove)
	} else {
		s.generateTactical(st)
		s.scoreTactical(st)
	}
	us := p.Turn()
	legal := 0
	st.pinsKnown = false
	for i := range st.moves {
		m := s.pick(st, i)
		if !inCheck && st.keys[i] < orderCapture {
			break // quiet moves and losing captures come last
		}
		if !inCheck && stand+int(st.gains[i])+qMargin < alpha {
			continue // delta pruning: even winning this piece would not be enough
		}
		if !s.makeLegalAt(st, m, inCheck) {
			continue
		}
		legal++
		v := 0
		if s.flips(us, p.Turn()) {
			v = -s.quiesce(ply+1, -beta, -alpha, false)
		} else {
			v = s.quiesce(ply+1, alpha, beta, false)
		}
		p.UnmakeMove()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha, bestMove = v, m
				if v >= beta {
					break
				}
			}
		}
	}
	if inCheck && legal == 0 {
		o := p.OutcomeBuf(s.outcomeMoves)
		if o.Status != core.Ongoing {
			return s.terminal(o, ply)
		}
		return s.evaluate()
	}
	if useTT {
		s.tt.store(key, 0, toTT(best, ply), boundOf(best, origAlpha, beta), bestMove, raw)
	}
	return best
}

// qMargin is the slack of delta pruning in quiescence.
const qMargin = 200

// pv follows the transposition table from the root, starting with first.
func (s *Engine) pv(first core.Move) []core.Move {
	p := s.p
	if first == core.NullMove {
		return nil
	}
	line := []core.Move{first}
	p.MakeMove(first)
	made := 1
	seen := map[uint64]bool{}
	for len(line) < MaxDepth {
		if p.Decided().Status != core.Ongoing || seen[p.Hash()] {
			break
		}
		seen[p.Hash()] = true
		e, ok := s.tt.probe(s.key())
		if !ok || e.move == core.NullMove || !p.IsLegal(e.move) {
			break
		}
		line = append(line, e.move)
		p.MakeMove(e.move)
		made++
	}
	for ; made > 0; made-- {
		p.UnmakeMove()
	}
	return line
}
