package search

// Texel tuning: fitting a variant's piece-square tables, or its evaluation's named terms, to the results of its own games.

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"anychess/core"
)

// Tuner fits the Weights of a variant's generic evaluation to positions
// labelled with the results of the games they came from (Texel tuning):
// it finds the tables that make 1/(1+10^(−K·eval/400)), the expected score
// of the first player, closest to the results in mean squared error. The
// evaluation is linear in the tables and in the structure terms' weights
// (material and goal terms are a fixed part), so each position is stored
// as its fixed part, its phase, the squares of its pieces and its count of
// each structure term, and the fit is a gradient descent (Adam) over
// them. For an evaluation with named terms
// (TermsTunable: a variant's own, or the plane's) it fits those terms'
// weights instead (tune_terms.go).
type Tuner struct {
	r       *core.Rules
	e       *evaluator // the evaluation with zero tables: the fixed part
	n       int        // squares per table
	mirror  bool       // squares mirrored across the board's middle file share a weight
	entries []tuneEntry
	feats   []int32 // the entries' pieces: ±(table index + 1), + for the first player
	// terms: the tuner fits named terms (TermsTunable), termDefs,
	// which termEval weighs; each entry's slice of termCounts (start,
	// end) holds its count of every term.
	terms      bool
	termDefs   []core.EvalTerm
	termEval   func(*core.Position, core.Player, []int) int
	termCounts []float64
	// structs holds each entry's structure counts (numStructTerms
	// each, in the order of the entries) when the evaluation has the
	// structure terms, which the table fit tunes with the tables.
	structs []float64
}

type tuneEntry struct {
	fixed, phase, result float64
	// score and blend: the target is blend × result + (1 − blend) ×
	// the expected score of score (a search's or a teacher's), at the
	// scale fitted to the scores (FitReport.ScoreK).
	score, blend float64
	target       float64 // set by the fit
	start, end   int32   // the entry's slice of feats
}

// NewTuner returns a tuner for the rules' evaluation: of its named terms
// (TermsTunable), or of the generic evaluation's tables (Tunable).
func NewTuner(r *core.Rules) (*Tuner, error) {
	if TermsTunable(r) {
		defs, eval := evalTerms(r)
		return &Tuner{r: r, terms: true, termDefs: defs, termEval: eval}, nil
	}
	if !Tunable(r) {
		return nil, fmt.Errorf("tune: %s: only a two-player game can be tuned: the generic evaluation on a bounded board where players move up and down it, or a game with named evaluation terms (a variant's own evaluation, or the plane's)", r.Name())
	}
	base := newEvaluator(r)
	zero := &Weights{Variant: r.Name(), Files: r.Board.Files, Ranks: r.Board.Ranks, MG: map[string][]int16{}, EG: map[string][]int16{}}
	n := r.Board.Files * r.Board.Ranks
	for ty := 1; ty < len(r.Pieces); ty++ {
		zero.MG[r.Pieces[ty].Name] = make([]int16, n)
		zero.EG[r.Pieces[ty].Name] = make([]int16, n)
	}
	t, err := newPSTTables(r, base.values, zero)
	if err != nil {
		return nil, err
	}
	base.pst = t
	if base.structure != nil {
		base.structure = base.structure.withWeights(make([]int, 2*numStructTerms))
	}
	return &Tuner{r: r, e: base, n: n, mirror: true}, nil
}

// SetMirror says whether squares mirrored across the middle file (a1 and
// h1) share one weight, as they do by default: half the weights to fit
// from the same positions, for variants whose play is much the same on
// both wings. Call it before Add.
func (t *Tuner) SetMirror(on bool) { t.mirror = on }

// canonical returns the index of the weight a table index uses: with
// mirroring, that of the square on the board's left half.
func (t *Tuner) canonical(i int) int {
	if !t.mirror {
		return i
	}
	files := t.r.Board.Files
	sq := i % t.n
	x, y := sq%files, sq/files
	if m := files - 1 - x; m < x {
		x = m
	}
	return i - sq + y*files + x
}

// Add adds a position with the result of its game for the first player (1
// a win, ½ a draw, 0 a loss).
func (t *Tuner) Add(p *core.Position, result float64) { t.AddScored(p, result, 0, 1) }

// AddScored adds a position whose target is blend × result + (1 − blend) ×
// the expected score of score, a search's (or a teacher engine's) score of
// it in centipawns for the first player, at the scale that makes the
// scores of all positions predict their results best.
func (t *Tuner) AddScored(p *core.Position, result, score, blend float64) {
	if t.terms {
		t.addTerms(p, result, score, blend)
		return
	}
	e := t.e
	ent := tuneEntry{
		fixed:  float64(e.eval(p, 0, true)),
		phase:  float64(e.pst.phase(p, e.values)) / float64(e.pst.full),
		result: result,
		score:  score,
		blend:  blend,
		start:  int32(len(t.feats)),
	}
	for pl := 0; pl < 2; pl++ {
		sign := int32(1)
		if pl == 1 {
			sign = -1
		}
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			idx := int32(t.canonical(int(p.At(sq).Type())*t.n + relIndex(t.r, core.Player(pl), sq)))
			t.feats = append(t.feats, sign*(idx+1))
		}
	}
	ent.end = int32(len(t.feats))
	t.entries = append(t.entries, ent)
	if e.structure != nil {
		c, _ := e.structure.counts(p, true, nil)
		for _, k := range c {
			t.structs = append(t.structs, float64(k))
		}
	}
}

// numStruct returns the number of structure counts an entry has: 0 when
// the evaluation has no structure terms.
func (t *Tuner) numStruct() int {
	if t.e == nil || t.e.structure == nil {
		return 0
	}
	return int(numStructTerms)
}

// Len is the number of positions added.
func (t *Tuner) Len() int { return len(t.entries) }

// InitialWeights returns the rules' square terms as Weights: the mobility
// and pawn-advance terms of the first player's pieces, the same in the
// middlegame and the endgame (royal pieces 0); for an evaluation with
// named terms (TermsTunable), their defaults. Tuning starts from them.
func InitialWeights(r *core.Rules) (*Weights, error) {
	if TermsTunable(r) {
		w := &Weights{Variant: r.Name(), Terms: map[string]int{}}
		terms, _ := evalTerms(r)
		for _, term := range terms {
			w.Terms[term.Name] = term.Default
		}
		return w, nil
	}
	if !Tunable(r) {
		return nil, fmt.Errorf("tune: %s cannot be tuned", r.Name())
	}
	b := r.Board
	n := b.Files * b.Ranks
	w := &Weights{Variant: r.Name(), Files: b.Files, Ranks: b.Ranks, MG: map[string][]int16{}, EG: map[string][]int16{}}
	tab := squareTable(r, 0)
	size := b.Size()
	for ty := 1; ty < len(r.Pieces); ty++ {
		mg := make([]int16, n)
		for _, sq := range b.Squares() {
			mg[relIndex(r, 0, sq)] = tab[ty*size+int(sq)]
		}
		w.MG[r.Pieces[ty].Name] = mg
		w.EG[r.Pieces[ty].Name] = append([]int16(nil), mg...)
	}
	return w, nil
}

// FitOptions steer Fit.
type FitOptions struct {
	// Epochs is the number of passes over the positions (default 300).
	Epochs int
	// Rate is Adam's step in centipawns (default 1).
	Rate float64
	// Log, when not nil, receives the loss every 50 epochs.
	Log io.Writer
	// Validate, when not nil, holds positions kept out of the fit (of
	// other games): their loss is measured every 10 epochs, and the tables
	// where it was lowest are returned (early stopping), so the fit does
	// not learn the noise of its own positions.
	Validate *Tuner
	// Ridge pulls every weight towards its starting value: the fit
	// minimises the error plus Ridge × Σ ((weight − start) / 100 cp)².
	// Without it a weight of a square where a piece seldom stands moves
	// as fast as any other (Adam scales each step to its gradient's
	// size), on the noise of its few positions.
	Ridge float64
	// Coarse fits, for each piece type and phase, only a shift of the
	// starting table (a change of the piece's value) and a scale of its
	// differences between squares: 4 weights a piece type instead of 2 a
	// square, for data too few to place every square (a fit of every
	// square to 100,000 self-play positions put ±200 cp on squares
	// where pieces seldom stand, and lost; doc/SEARCH.md).
	Coarse bool
	// MinCount keeps at its starting value each weight whose square a
	// piece of its type stands on in fewer than MinCount positions,
	// counted in that weight's phase (a middlegame weight counts phase,
	// an endgame one 1 − phase): a king on the eighth rank in the
	// middlegame is too rare to place.
	MinCount float64
	// Scale, when above 0, is the sigmoid's scale K for both the
	// evaluation and the scores, instead of scales fitted to the games'
	// results: for a teacher whose centipawns are the evaluation's (the
	// engine itself) in a game whose self-play results say little, such
	// as Longchess, whose games mostly reach the ply limit drawn.
	Scale float64
	// Freeze keeps these named terms at their starting values: a term's
	// name (core.EvalTerm.Name), or a structure term's without .mg or .eg
	// for both its weights. Fit refuses a name that is no term's.
	Freeze []string
}

// frozenTerms returns which of defs opt.Freeze names, or an error naming
// a name that matches none.
func (opt FitOptions) frozenTerms(defs []core.EvalTerm) ([]bool, error) {
	frozen := make([]bool, len(defs))
	for _, name := range opt.Freeze {
		found := false
		for i, d := range defs {
			if d.Name == name || d.Name == name+".mg" || d.Name == name+".eg" {
				frozen[i], found = true, true
			}
		}
		if !found {
			names := make([]string, len(defs))
			for i, d := range defs {
				names[i] = d.Name
			}
			return nil, fmt.Errorf("tune: freeze %q: no such term (the terms: %s)", name, strings.Join(names, ", "))
		}
	}
	return frozen, nil
}

// FitReport describes a fit.
type FitReport struct {
	Positions int
	K         float64 // the sigmoid's scale, fitted to the starting tables
	// ScoreK is the scale of the positions' scores, fitted to their
	// results (K when every target is a result): an engine's centipawns
	// need not be the evaluation's.
	ScoreK        float64
	Before, After float64 // the mean squared error
	// ValidBefore and ValidAfter are the validation positions' error
	// before and with the returned tables, BestEpoch the epoch of those
	// tables (with FitOptions.Validate).
	ValidBefore, ValidAfter float64
	BestEpoch               int
}

// Fit tunes the tables from init and returns the tuned Weights.
func (t *Tuner) Fit(init *Weights, opt FitOptions) (*Weights, FitReport, error) {
	if len(t.entries) == 0 {
		return nil, FitReport{}, errors.New("tune: no positions")
	}
	if opt.Epochs <= 0 {
		opt.Epochs = 300
	}
	if opt.Rate <= 0 {
		opt.Rate = 1
	}
	if t.terms {
		return t.fitTerms(init, opt)
	}
	np := len(t.r.Pieces) * t.n
	ns := t.numStruct()
	// The middlegame tables, then the endgame's, then the structure
	// terms' middlegame weights and their endgame weights.
	params := make([]float64, 2*np+2*ns)
	if ns > 0 {
		start, err := termWeights(structDefs(), init)
		if err != nil {
			return nil, FitReport{}, err
		}
		for i := 0; i < ns; i++ {
			params[2*np+i], params[2*np+ns+i] = float64(start[2*i]), float64(start[2*i+1])
		}
	}
	files := t.r.Board.Files
	for ty := 1; ty < len(t.r.Pieces); ty++ {
		name := t.r.Pieces[ty].Name
		mg, eg := init.MG[name], init.EG[name]
		for i := 0; i < t.n; i++ {
			if t.canonical(ty*t.n+i) != ty*t.n+i {
				continue // the weight is its mirror square's
			}
			j := i // the mirror square, whose weight this one is too
			if t.mirror {
				j = i - i%files + files - 1 - i%files
			}
			if len(mg) == t.n {
				params[ty*t.n+i] = float64(mg[i]+mg[j]) / 2
			}
			if len(eg) == t.n {
				params[np+ty*t.n+i] = float64(eg[i]+eg[j]) / 2
			}
		}
	}
	prior := append([]float64(nil), params...)
	free := make([]int, 0, len(params)) // the weights fitted: not a mirror square's, not the empty type's
	for i := range np {
		if ty := i / t.n; ty > 0 && t.canonical(i) == i {
			free = append(free, i, np+i)
		}
	}
	frozenStruct, err := opt.frozenTerms(structDefs()[:2*ns])
	if err != nil {
		return nil, FitReport{}, err
	}
	for i := 0; i < ns; i++ {
		if !frozenStruct[2*i] {
			free = append(free, 2*np+i)
		}
		if !frozenStruct[2*i+1] {
			free = append(free, 2*np+ns+i)
		}
	}
	var frozen []int // the weights MinCount and Freeze keep
	for i := 0; i < ns; i++ {
		if frozenStruct[2*i] {
			frozen = append(frozen, 2*np+i)
		}
		if frozenStruct[2*i+1] {
			frozen = append(frozen, 2*np+ns+i)
		}
	}
	if opt.MinCount > 0 {
		count := t.counts(np)
		kept := free[:0]
		for _, i := range free {
			if count[i] >= opt.MinCount {
				kept = append(kept, i)
			} else {
				frozen = append(frozen, i)
			}
		}
		free = kept
	}
	rep := FitReport{Positions: len(t.entries)}
	rep.K, rep.ScoreK = opt.Scale, opt.Scale
	if opt.Scale == 0 {
		rep.K = t.fitK(params, np)
		rep.ScoreK = t.fitScoreK(rep.K)
	}
	t.setTargets(rep.ScoreK)
	if opt.Validate != nil {
		opt.Validate.setTargets(rep.ScoreK)
	}
	rep.Before = t.loss(params, np, rep.K, nil)
	best := append([]float64(nil), params...)
	if opt.Validate != nil {
		rep.ValidBefore = opt.Validate.loss(params, np, rep.K, nil)
		rep.ValidAfter = rep.ValidBefore
	}
	grad := make([]float64, len(params))
	// Adam moves theta: the weights themselves, or with Coarse, per piece
	// type and phase a shift (in centipawns) and a scale, in centipawns
	// of its table's largest entry, of the starting table, followed by
	// the structure terms' weights themselves.
	theta, tgrad := params, grad
	var coarse []coarseGroup
	nc := 0 // theta's coarse part
	if opt.Coarse {
		coarse = t.coarseGroups(prior, free, np)
		nc = 2 * len(coarse)
		theta, tgrad = make([]float64, nc+2*ns), make([]float64, nc+2*ns)
		copy(theta[nc:], params[2*np:])
	}
	adam := newAdam(len(theta))
	for epoch := 1; epoch <= opt.Epochs; epoch++ {
		clear(grad)
		l := t.loss(params, np, rep.K, grad)
		for _, i := range frozen {
			grad[i] = 0
		}
		if opt.Ridge > 0 {
			for _, i := range free {
				d := (params[i] - prior[i]) / 100
				l += opt.Ridge * d * d
				grad[i] += 2 * opt.Ridge * d / 100
			}
		}
		for g, c := range coarse {
			tgrad[2*g], tgrad[2*g+1] = 0, 0
			for _, i := range c.members {
				tgrad[2*g] += grad[i]
				tgrad[2*g+1] += grad[i] * prior[i] / c.span
			}
		}
		if opt.Coarse {
			copy(tgrad[nc:], grad[2*np:])
		}
		adam.step(theta, tgrad, opt.Rate)
		for g, c := range coarse {
			for _, i := range c.members {
				params[i] = prior[i] + theta[2*g] + theta[2*g+1]*prior[i]/c.span
			}
		}
		if opt.Coarse {
			copy(params[2*np:], theta[nc:])
		}
		rep.epochDone(opt, epoch, l, params, best, func(params []float64) float64 { return opt.Validate.loss(params, np, rep.K, nil) })
	}
	params = best
	rep.After = t.loss(params, np, rep.K, nil)
	out := &Weights{Variant: t.r.Name(), Files: t.r.Board.Files, Ranks: t.r.Board.Ranks,
		MG: map[string][]int16{}, EG: map[string][]int16{}}
	clamp := func(x float64) int16 { return int16(max(-2000, min(2000, math.Round(x)))) }
	for ty := 1; ty < len(t.r.Pieces); ty++ {
		mg, eg := make([]int16, t.n), make([]int16, t.n)
		for i := 0; i < t.n; i++ {
			c := t.canonical(ty*t.n + i)
			mg[i], eg[i] = clamp(params[c]), clamp(params[np+c])
		}
		out.MG[t.r.Pieces[ty].Name], out.EG[t.r.Pieces[ty].Name] = mg, eg
	}
	if ns > 0 {
		out.Terms = map[string]int{}
		defs := structDefs()
		for i := 0; i < ns; i++ {
			out.Terms[defs[2*i].Name] = int(math.Round(params[2*np+i]))
			out.Terms[defs[2*i+1].Name] = int(math.Round(params[2*np+ns+i]))
		}
	}
	return out, rep, nil
}

// epochDone ends an epoch of a fit at training loss l: every tenth epoch,
// with opt.Validate, it measures the validation loss of params (valid)
// and copies them to best when it is the lowest yet; it writes the log;
// after the last epoch without validation, best becomes params.
func (rep *FitReport) epochDone(opt FitOptions, epoch int, l float64, params, best []float64, valid func([]float64) float64) {
	v := 0.0
	if opt.Validate != nil && epoch%10 == 0 {
		if v = valid(params); v < rep.ValidAfter {
			rep.ValidAfter, rep.BestEpoch = v, epoch
			copy(best, params)
		}
	}
	if opt.Log != nil && (epoch%50 == 0 || epoch == 1) {
		fmt.Fprintf(opt.Log, "epoch %d: loss %.6f", epoch, l)
		if v > 0 {
			fmt.Fprintf(opt.Log, ", validation %.6f", v)
		}
		fmt.Fprintln(opt.Log)
	}
	if opt.Validate == nil && epoch == opt.Epochs {
		copy(best, params)
		rep.BestEpoch = epoch
	}
}

// adamState is Adam's gradient descent: the running means of each
// parameter's gradient and squared gradient, and the steps taken.
type adamState struct {
	m, v  []float64
	steps int
}

func newAdam(n int) *adamState { return &adamState{m: make([]float64, n), v: make([]float64, n)} }

// step moves theta against grad by about rate.
func (a *adamState) step(theta, grad []float64, rate float64) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	a.steps++
	c1 := 1 - math.Pow(beta1, float64(a.steps))
	c2 := 1 - math.Pow(beta2, float64(a.steps))
	for i := range theta {
		a.m[i] = beta1*a.m[i] + (1-beta1)*grad[i]
		a.v[i] = beta2*a.v[i] + (1-beta2)*grad[i]*grad[i]
		theta[i] -= rate * (a.m[i] / c1) / (math.Sqrt(a.v[i]/c2) + eps)
	}
}

// coarseGroup is one piece type's table in one phase, as Coarse fits it.
type coarseGroup struct {
	members []int   // its fitted weights
	span    float64 // its largest entry (at least 1 cp), the unit of its scale
}

// coarseGroups splits the fitted weights free by piece type and phase.
func (t *Tuner) coarseGroups(prior []float64, free []int, np int) []coarseGroup {
	byKey := map[int]int{} // type × 2 + phase → group
	var groups []coarseGroup
	for _, i := range free {
		if i >= 2*np {
			continue // a structure term's weight, fitted as it is
		}
		key := 2 * ((i % np) / t.n)
		if i >= np {
			key++
		}
		g, ok := byKey[key]
		if !ok {
			g = len(groups)
			byKey[key] = g
			groups = append(groups, coarseGroup{span: 1})
		}
		groups[g].members = append(groups[g].members, i)
		groups[g].span = max(groups[g].span, math.Abs(prior[i]))
	}
	return groups
}

// sigmoid is the expected score of an evaluation at scale k.
func sigmoid(eval, k float64) float64 { return 1 / (1 + math.Pow(10, -k*eval/400)) }

// loss returns the mean squared error of the tables params (middlegame,
// then endgame from np) at scale k, and adds its gradient to grad when
// grad is not nil.
func (t *Tuner) loss(params []float64, np int, k float64, grad []float64) float64 {
	return t.lossOf(params, np, k, grad, false)
}

// lossOf is loss; with resultsOnly the targets are the results alone.
// The structure terms' weights follow the tables in params (middlegame,
// then endgame).
func (t *Tuner) lossOf(params []float64, np int, k float64, grad []float64, resultsOnly bool) float64 {
	sum := 0.0
	n := float64(len(t.entries))
	ns := t.numStruct()
	smg, seg := params[2*np:2*np+ns], params[2*np+ns:]
	for j, e := range t.entries {
		feats := t.feats[e.start:e.end]
		ev := e.fixed
		for _, f := range feats {
			idx, sign := int(f)-1, 1.0
			if f < 0 {
				idx, sign = int(-f)-1, -1
			}
			ev += sign * (params[idx]*e.phase + params[np+idx]*(1-e.phase))
		}
		counts := t.structs[j*ns : (j+1)*ns]
		for i, c := range counts {
			if c != 0 {
				ev += c * (smg[i]*e.phase + seg[i]*(1-e.phase))
			}
		}
		s := sigmoid(ev, k)
		target := e.target
		if resultsOnly {
			target = e.result
		}
		d := s - target
		sum += d * d
		if grad != nil {
			g := 2 * d * s * (1 - s) * k * math.Ln10 / 400 / n
			for _, f := range feats {
				idx, sign := int(f)-1, 1.0
				if f < 0 {
					idx, sign = int(-f)-1, -1
				}
				grad[idx] += g * sign * e.phase
				grad[np+idx] += g * sign * (1 - e.phase)
			}
			for i, c := range counts {
				if c != 0 {
					grad[2*np+i] += g * c * e.phase
					grad[2*np+ns+i] += g * c * (1 - e.phase)
				}
			}
		}
	}
	return sum / n
}

// fitK finds the scale K that fits the tables params to the games'
// results best.
func (t *Tuner) fitK(params []float64, np int) float64 {
	return goldenSection(func(k float64) float64 { return t.lossOf(params, np, k, nil, true) })
}

// fitScoreK finds the scale that makes the positions' scores predict
// their results best, or returns k when no target uses a score.
func (t *Tuner) fitScoreK(k float64) float64 {
	scored := false
	for _, e := range t.entries {
		scored = scored || e.blend < 1
	}
	if !scored {
		return k
	}
	return goldenSection(func(k float64) float64 {
		sum := 0.0
		for _, e := range t.entries {
			if e.blend < 1 {
				d := sigmoid(e.score, k) - e.result
				sum += d * d
			}
		}
		return sum
	})
}

// setTargets sets each position's target, its scores read at scale k.
func (t *Tuner) setTargets(k float64) {
	for i := range t.entries {
		e := &t.entries[i]
		e.target = e.result
		if e.blend < 1 {
			e.target = e.blend*e.result + (1-e.blend)*sigmoid(e.score, k)
		}
	}
}

// goldenSection returns the scale from 0.05 to 5 where loss, assumed
// unimodal there, is least.
func goldenSection(loss func(k float64) float64) float64 {
	lo, hi := 0.05, 5.0
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := loss(a), loss(b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = loss(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = loss(b)
		}
	}
	return (lo + hi) / 2
}

// counts returns, for each weight (middlegame, then endgame from np,
// then the structure terms'), how many positions stand a piece on its
// square, or count its structure term (not 0), weighted by its phase.
func (t *Tuner) counts(np int) []float64 {
	ns := t.numStruct()
	count := make([]float64, 2*np+2*ns)
	for j, e := range t.entries {
		for _, f := range t.feats[e.start:e.end] {
			idx := int(f) - 1
			if f < 0 {
				idx = int(-f) - 1
			}
			count[idx] += e.phase
			count[np+idx] += 1 - e.phase
		}
		for i, c := range t.structs[j*ns : (j+1)*ns] {
			if c != 0 {
				count[2*np+i] += e.phase
				count[2*np+ns+i] += 1 - e.phase
			}
		}
	}
	return count
}

// StartFrom returns init with the tables and the terms' weights that from
// gives in their place, so that a fit starts from an earlier one (anychess
// tune --from) and a term from gives no weight starts at init's. It
// refuses weights of another variant or board size, a table of a piece
// type r lacks or of the wrong length, and a term r's evaluation lacks.
func StartFrom(r *core.Rules, init, from *Weights) (*Weights, error) {
	if from.Variant != r.Name() {
		return nil, fmt.Errorf("tune: the weights are for %q, not %s", from.Variant, r.Name())
	}
	out := &Weights{Variant: init.Variant, Files: init.Files, Ranks: init.Ranks, MG: maps.Clone(init.MG), EG: maps.Clone(init.EG), Terms: maps.Clone(init.Terms)}
	if len(from.MG)+len(from.EG) > 0 && (from.Files != init.Files || from.Ranks != init.Ranks) {
		return nil, fmt.Errorf("tune: the weights' tables are %d×%d, the board %d×%d", from.Files, from.Ranks, init.Files, init.Ranks)
	}
	for _, tables := range []struct {
		phase    string
		from, to map[string][]int16
	}{{"mg", from.MG, out.MG}, {"eg", from.EG, out.EG}} {
		for name, tab := range tables.from {
			have, ok := tables.to[name]
			if !ok {
				return nil, fmt.Errorf("tune: the weights' %s table of %q: %s has no such piece", tables.phase, name, r.Name())
			}
			if len(tab) != len(have) {
				return nil, fmt.Errorf("tune: the weights' %s table of %q has %d squares, want %d", tables.phase, name, len(tab), len(have))
			}
			tables.to[name] = slices.Clone(tab)
		}
	}
	if len(from.Terms) > 0 {
		if out.Terms == nil {
			out.Terms = map[string]int{}
		}
		maps.Copy(out.Terms, from.Terms)
		defs := structDefs()
		if TermsTunable(r) {
			defs, _ = evalTerms(r)
		}
		if _, err := termWeights(defs, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}
