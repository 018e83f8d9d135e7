package search

// Tuned evaluation weights: per-variant piece-square tables for the middlegame and the endgame, read from data files (weights/*.json) made by 'anychess tune'.

import (
	"compress/gzip"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"anychess/core"
)

// Weights are the tuned terms of a variant's evaluation. For the generic
// evaluation they are, for each
// piece type (by name) a middlegame and an endgame table of centipawns per
// square, indexed by the square's rank from the player's own edge times
// the board's files plus its file (for the first player, who moves up the
// board, the square itself; the second player's board is mirrored top to
// bottom). The evaluation blends the two by the phase, the non-pawn
// material left over that of the start, and adds them to the piece values
// in place of the mobility and pawn-advance square terms. Tables tuned
// for one variant fit only its board; they are chosen by the variant's
// name and size (Files × Ranks), with the weights of the structure terms
// (eval_structure.go) in Terms. For an evaluation with named terms
// (TermsTunable: a variant's own, core.Hooks.EvalTerms, or the plane's)
// they are Terms, its weights by name. A term the file leaves out keeps
// its default.
type Weights struct {
	Variant string             `json:"variant"`
	Files   int                `json:"files,omitempty"`
	Ranks   int                `json:"ranks,omitempty"`
	MG      map[string][]int16 `json:"mg,omitempty"`
	EG      map[string][]int16 `json:"eg,omitempty"`
	Terms   map[string]int     `json:"terms,omitempty"`
	// Note says how the weights were made (the command, the data).
	Note string `json:"note,omitempty"`
}

//go:embed weights
var weightFiles embed.FS

var (
	builtinOnce    sync.Once
	builtinWeights map[string]*Weights
	builtinErr     error
)

// BuiltinWeights returns the tuned weights of the variant called name
// that the package carries, or nil.
func BuiltinWeights(name string) *Weights {
	builtinOnce.Do(func() {
		builtinWeights = map[string]*Weights{}
		entries, err := weightFiles.ReadDir("weights")
		if err != nil {
			builtinErr = err
			return
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".json") {
				continue
			}
			data, err := weightFiles.ReadFile("weights/" + e.Name())
			if err != nil {
				builtinErr = err
				return
			}
			var w Weights
			if err := json.Unmarshal(data, &w); err != nil {
				builtinErr = fmt.Errorf("search: weights/%s: %w", e.Name(), err)
				return
			}
			builtinWeights[w.Variant] = &w
		}
	})
	if builtinErr != nil {
		panic(builtinErr) // the embedded files are part of the build
	}
	return builtinWeights[name]
}

var (
	builtinNetsMu sync.Mutex
	builtinNets   = map[string]*Net{}
)

// BuiltinNet returns the evaluation network the package carries for r's
// variant (weights/NAME.net.json.gz, made by 'anychess tune --net'), or nil
// when it carries none or the net does not fit r (Net.Fits: a variant
// file that takes a built-in name but changes its board or pieces).
func BuiltinNet(r *core.Rules) *Net {
	name := r.Name()
	builtinNetsMu.Lock()
	n, seen := builtinNets[name]
	if !seen {
		n = readBuiltinNet(name)
		builtinNets[name] = n
	}
	builtinNetsMu.Unlock()
	if n == nil || n.Fits(r) != nil {
		return nil
	}
	return n
}

// readBuiltinNet reads the net file of the variant called name, or
// returns nil when there is none.
func readBuiltinNet(name string) *Net {
	f, err := weightFiles.Open("weights/" + name + ".net.json.gz")
	if err != nil {
		return nil
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		panic(fmt.Errorf("search: weights/%s.net.json.gz: %w", name, err)) // the embedded files are part of the build
	}
	data, err := io.ReadAll(z)
	if err != nil {
		panic(fmt.Errorf("search: weights/%s.net.json.gz: %w", name, err))
	}
	n, err := ParseNet(data)
	if err != nil {
		panic(fmt.Errorf("search: weights/%s.net.json.gz: %w", name, err))
	}
	return n
}

// Tunable reports whether the generic evaluation of r can take Weights:
// two players, a bounded board, no evaluation hook, each player moving
// up or down the board.
func Tunable(r *core.Rules) bool {
	if r.Players != 2 || r.Board.Unbounded || r.Hooks.Evaluate != nil {
		return false
	}
	for pl := 0; pl < 2; pl++ {
		if f := forwardOf(r, core.Player(pl)); f.X != 0 {
			return false
		}
	}
	return true
}

// TermsTunable reports whether a variant's evaluation takes named terms
// that Weights.Terms may tune: two players, and an evaluation hook with
// named terms (core.Hooks.EvalTerms) or the generic evaluation of an
// unbounded board (the plane terms and the pieces' values, eval_plane.go).
func TermsTunable(r *core.Rules) bool {
	if r.Players != 2 {
		return false
	}
	if r.Hooks.Evaluate != nil {
		return len(r.Hooks.EvalTerms) > 0
	}
	return r.Board.Unbounded
}

// evalTerms returns the named terms of r's evaluation and a function that
// evaluates with any weights for them: the hook's, or the plane's (on an
// evaluator of its own, which the function changes: one goroutine only).
func evalTerms(r *core.Rules) ([]core.EvalTerm, func(*core.Position, core.Player, []int) int) {
	if r.Hooks.Evaluate != nil {
		return r.Hooks.EvalTerms, r.Hooks.Evaluate
	}
	e := newEvaluator(r)
	if e.plane == nil {
		return nil, nil
	}
	base := e.plane
	return base.defs, func(p *core.Position, pl core.Player, w []int) int {
		e.plane = base.withWeights(w)
		return e.eval(p, pl, true)
	}
}

// termWeights returns the weights of the terms that w gives, the
// defaults for those it leaves out, or an error when w names a term that
// is not among them.
func termWeights(terms []core.EvalTerm, w *Weights) ([]int, error) {
	out := core.TermDefaults(terms)
	for name, v := range w.Terms {
		i := slices.IndexFunc(terms, func(t core.EvalTerm) bool { return t.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("search: weights for %s: no term %q", w.Variant, name)
		}
		out[i] = v
	}
	return out, nil
}

// relIndex returns the index of sq in a Weights table from player pl's
// side of the board.
func relIndex(r *core.Rules, pl core.Player, sq core.Square) int {
	b := r.Board
	c := b.Coord(sq)
	y := int(c.Y)
	if forwardOf(r, pl).Y < 0 {
		y = b.Ranks - 1 - y
	}
	return y*b.Files + int(c.X)
}

// pstTables are Weights laid out for the evaluation: per player, piece
// type and square (t*size+sq), middlegame and endgame.
type pstTables struct {
	mg, eg [core.MaxPlayers][]int16
	// nonPawn[t]: type t counts for the phase; full is the non-pawn
	// material of the start position (both sides).
	nonPawn []bool
	full    int
}

// newPSTTables lays w out for r, or returns an error when w does not fit.
func newPSTTables(r *core.Rules, values []int, w *Weights) (*pstTables, error) {
	b := r.Board
	if !Tunable(r) || w.Files != b.Files || w.Ranks != b.Ranks {
		return nil, fmt.Errorf("search: weights for %s (%d×%d) do not fit %s (%d×%d)", w.Variant, w.Files, w.Ranks, r.Name(), b.Files, b.Ranks)
	}
	size := b.Size()
	t := &pstTables{}
	t.nonPawn, t.full = phaseTypes(r, values)
	for pl := 0; pl < 2; pl++ {
		t.mg[pl] = make([]int16, size*len(r.Pieces))
		t.eg[pl] = make([]int16, size*len(r.Pieces))
	}
	n := b.Files * b.Ranks
	for ty := 1; ty < len(r.Pieces); ty++ {
		info := &r.Pieces[ty]
		mg, eg := w.MG[info.Name], w.EG[info.Name]
		if mg == nil && eg == nil {
			continue
		}
		if len(mg) != n || len(eg) != n {
			return nil, fmt.Errorf("search: weights for %s: %s has %d and %d squares, want %d", w.Variant, info.Name, len(mg), len(eg), n)
		}
		for _, sq := range b.Squares() {
			for pl := 0; pl < 2; pl++ {
				i := relIndex(r, core.Player(pl), sq)
				t.mg[pl][ty*size+int(sq)] = mg[i]
				t.eg[pl][ty*size+int(sq)] = eg[i]
			}
		}
	}
	return t, nil
}

// phaseTypes returns which piece types count for the game's phase (those
// neither pawn nor royal) and their material in the start position, both
// sides (at least 1): the phase's full scale.
func phaseTypes(r *core.Rules, values []int) (nonPawn []bool, full int) {
	nonPawn = make([]bool, len(r.Pieces))
	for ty := 1; ty < len(r.Pieces); ty++ {
		nonPawn[ty] = !r.Pieces[ty].Pawn && !r.Pieces[ty].Royal
	}
	start := r.StartPosition()
	for pl := 0; pl < r.Players; pl++ {
		for _, sq := range start.PieceSquares(core.Player(pl)) {
			if ty := start.At(sq).Type(); nonPawn[ty] {
				full += values[ty]
			}
		}
	}
	return nonPawn, max(full, 1)
}

// phase returns the game's phase in [0, full]: full at the start's
// non-pawn material or more, 0 with none left.
func (t *pstTables) phase(p *core.Position, values []int) int {
	m := 0
	for pl := 0; pl < 2; pl++ {
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			if ty := p.At(sq).Type(); t.nonPawn[ty] {
				m += values[ty]
			}
		}
	}
	return min(m, t.full)
}
