package search

// Fitting an evaluation network (Net) to scored positions.

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"anychess/core"
)

// NetTrainer fits a Net to positions, each with its game's result and a
// score (a search's or a teacher's), as Tuner fits the tables: the target
// is blend × result + (1 − blend) × the expected score of the score, at
// the scale that makes the scores predict the results best.
type NetTrainer struct {
	r  *core.Rules
	ns *netState // for the features' rows (a net of one unit)
	// Base: what the nets fitted add their output to (Net.Base); set it
	// before Add.
	Base string
	// Mirror: the nets fitted mirror a player's view while its royal
	// piece stands on the right half (Net.Mirror); set it before Add.
	Mirror bool
	items  []netItem
	feats  []int32 // the items' input rows, divided by the hidden units
	// factors holds each input row's factor (factor).
	factors []int32
	// full is the number of pieces at the game's start (Net.BucketPieces).
	full int
}

// netItem is one position: its features from the side to move's view
// (feats[start:mid]) and the other's (feats[mid:end]), a row a piece;
// each row also stands for its factor (NetTrainer.factor).
type netItem struct {
	start, mid, end int32
	result, score   float32 // for the side to move
	blend, target   float32
	eval            float32 // the evaluation's terms (evaluator), to compare
	base            float32 // what the net adds its output to (Base)
}

// NewNetTrainer returns a trainer for nets of r's game, which must be one
// a net fits (Net.Fits).
func NewNetTrainer(r *core.Rules) (*NetTrainer, error) {
	n := emptyNet(r, 1)
	ns, err := newNetState(n, r, nil)
	if err != nil {
		return nil, fmt.Errorf("tune: %s: a net needs a game of two players on a bounded board that the generic evaluation plays (not a variant's own evaluation)", r.Name())
	}
	t := &NetTrainer{r: r, ns: ns, full: startPieces(r), factors: make([]int32, n.inputs())}
	for row := range t.factors {
		t.factors[row] = int32(n.inputs() + row/(n.Files*n.Ranks))
	}
	return t, nil
}

// pieces is the number of pieces on it's board.
func (it *netItem) pieces() int { return int(it.mid - it.start) }

// emptyNet returns a net of r with h hidden units and zero weights.
func emptyNet(r *core.Rules, h int) *Net {
	b := r.Board
	n := &Net{Variant: r.Name(), Files: b.Files, Ranks: b.Ranks, Hidden: h}
	n.Types = make([]string, len(r.Pieces))
	for t := 1; t < len(r.Pieces); t++ {
		n.Types[t] = r.Pieces[t].Name
	}
	n.Input = make([]int16, n.inputs()*h)
	n.Bias = make([]int16, h)
	n.Output = make([]int16, 2*h)
	return n
}

// Add adds a position with its game's result for the first player (1, ½
// or 0) and a score of it in centipawns for the first player.
func (t *NetTrainer) Add(p *core.Position, result, score, blend float64) {
	us := p.Turn() & 1
	if us == 1 {
		result, score = 1-result, -score
	}
	it := netItem{result: float32(result), score: float32(score), blend: float32(blend), start: int32(len(t.feats)),
		eval: float32(evaluatorFor(t.r).eval(p, us, true))}
	switch t.Base {
	case NetBaseEvaluation:
		it.base = it.eval
	case NetBaseMaterial:
		values := evaluatorFor(t.r).values
		for _, sq := range t.r.Board.Squares() {
			if pc := p.At(sq); pc.IsPiece() && pc.Owner() == us {
				it.base += float32(values[pc.Type()])
			} else if pc.IsPiece() {
				it.base -= float32(values[pc.Type()])
			}
		}
	}
	t.ns.n.Mirror = t.Mirror
	for k, view := range [2]core.Player{us, 1 - us} {
		if k == 1 {
			it.mid = int32(len(t.feats))
		}
		t.ns.mirror[view] = t.ns.mirrored(p, view)
		for _, sq := range t.r.Board.Squares() {
			if pc := p.At(sq); pc.IsPiece() {
				row := t.ns.row(view, pc, sq)
				t.feats = append(t.feats, int32(row))
			}
		}
	}
	it.end = int32(len(t.feats))
	t.items = append(t.items, it)
}

// factor returns the fit's second feature of an input row: the piece's
// kind (own or the opponent's, and type) whatever its square. Its weights
// are learnt from every position with such a piece, and the net gets their
// sum (quantise), so a square seen in few positions starts from what the
// kind is worth anywhere.
func (t *NetTrainer) factor(row int) int { return int(t.factors[row]) }

// fitInputs is the number of a fit's input features: the net's and the
// factors.
func (t *NetTrainer) fitInputs() int {
	n := t.ns.n
	return n.inputs() + n.inputs()/(n.Files*n.Ranks)
}

// Len is the number of positions added.
func (t *NetTrainer) Len() int { return len(t.items) }

// NetOptions are the settings of a net's fit.
type NetOptions struct {
	Hidden int     // hidden units
	Epochs int     // passes over the positions
	Rate   float64 // Adam's step
	Batch  int     // positions a step
	Seed   uint64  // of the starting weights and the order of the positions
	// Workers is how many goroutines share each batch (at least 1).
	Workers int
	// Halving: after an epoch that did not lower the validation error,
	// the fit goes on from the best net so far with half the step.
	Halving bool
	// Squared: a hidden unit's output is its clamped sum squared
	// (Net.Squared); its output weights are kept within what Net can
	// store (±netOutLimit / netOutQ).
	Squared bool
	// Buckets, if more than 1: the net has that many output layers, one
	// for each range of the number of pieces on the board (Net.Buckets).
	Buckets int
	// EvalScale: the net's centipawns are the evaluation's (the tables'
	// and terms', read at the scale at which they predict the targets
	// best), not the teacher's, so that the search's margins, set with
	// the evaluation, mean what they meant. Without it the net speaks
	// the teacher's centipawns.
	EvalScale bool
	// From, if not nil, is the net the fit starts from instead of random
	// weights: a net of the same units, kind (Squared, Mirror, Base) and
	// buckets, or of one bucket, whose output layer then starts each of
	// the fit's buckets. With Validate, the fit returns From's weights
	// (epoch 0) if no epoch predicts the validation positions better.
	From *Net
	// Validate, if not nil, holds positions kept out of the fit; the net
	// of the epoch that predicts them best is returned.
	Validate *NetTrainer
	Log      io.Writer // a line per epoch, if not nil
}

// NetReport tells how a fit went.
type NetReport struct {
	Positions  int
	K          float64 // the scale of the scores, fitted to the results
	NetK       float64 // the scale at which the net's output is read: K, or with EvalScale the evaluation's
	BestEpoch  int
	Train      float64 // mean squared error of the returned net on the fit's positions
	Valid      float64 // and on the validation positions
	ValidStart float64 // the validation error of the first epoch's net
	// ValidEval is the validation error of the evaluation's terms (the
	// tables and terms the net would replace), read at their best scale.
	ValidEval float64
}

// Fit fits a net of opt.Hidden units to the positions.
func (t *NetTrainer) Fit(opt NetOptions) (*Net, NetReport, error) {
	if len(t.items) == 0 {
		return nil, NetReport{}, fmt.Errorf("tune: no positions")
	}
	if opt.Hidden < 1 || opt.Hidden > maxNetHidden {
		return nil, NetReport{}, fmt.Errorf("tune: %d hidden units: want 1 to %d", opt.Hidden, maxNetHidden)
	}
	if opt.Buckets < 0 || opt.Buckets > maxNetBuckets {
		return nil, NetReport{}, fmt.Errorf("tune: %d output buckets: want 0 to %d", opt.Buckets, maxNetBuckets)
	}
	if opt.Validate != nil && opt.Validate.Mirror != t.Mirror {
		return nil, NetReport{}, fmt.Errorf("tune: the validation positions were added mirrored %v, the fit's %v", opt.Validate.Mirror, t.Mirror)
	}
	buckets := max(opt.Buckets, 1)
	if err := t.checkFrom(opt.From, opt.Hidden, buckets, opt.Squared); err != nil {
		return nil, NetReport{}, err
	}
	opt.Epochs = max(opt.Epochs, 1)
	opt.Batch = max(opt.Batch, 1)
	rep := NetReport{Positions: len(t.items), Valid: math.Inf(1)}
	k := scoreScale(t.items)
	rep.K = k
	setTargets(t.items, k)
	if opt.Validate != nil {
		setTargets(opt.Validate.items, k)
		rep.ValidEval, _ = opt.Validate.evalError()
	}
	rep.NetK = k
	if opt.EvalScale {
		_, rep.NetK = t.evalError()
	}
	h := opt.Hidden
	inputs := t.fitInputs()
	// The parameters, in one slice: input weights, biases, output
	// weights, output biases (one a bucket).
	nIn, nB, nOut := inputs*h, h, 2*h*buckets
	params := make([]float64, nIn+nB+nOut+buckets)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x4E45543))
	// The squares' weights start at 0, the factors' at random: at
	// first a piece is worth the same on every square.
	for i := t.factor(0) * h; i < nIn; i++ {
		params[i] = (rng.Float64()*2 - 1) * 0.1
	}
	for i := range nB {
		params[nIn+i] = 0.5
	}
	for i := range nOut {
		params[nIn+nB+i] = (rng.Float64()*2 - 1) * 0.05
	}
	f := newNetFit(params, inputs, h, buckets, rep.NetK)
	f.squared = opt.Squared
	f.full = t.full
	if opt.From != nil {
		f.start(opt.From)
	}
	// Each worker adds the gradients of its share of a batch to a slice
	// of its own; the shares are summed in worker order, so a fit with
	// the same workers is repeatable.
	workers := max(1, min(opt.Workers, 64))
	grads := make([][]float64, workers)
	fgs := make([]*netFit, workers)
	scratches := make([]*netScratch, workers)
	for w := range workers {
		grads[w] = make([]float64, len(params))
		fgs[w] = newNetFit(grads[w], inputs, h, buckets, 0)
		scratches[w] = newNetScratch(h)
	}
	grad := grads[0]
	adam := newAdam(len(params))
	order := make([]int, len(t.items))
	for i := range order {
		order[i] = i
	}
	best := append([]float64(nil), params...)
	if opt.From != nil && opt.Validate != nil && opt.Validate.Len() > 0 {
		// Epoch 0: the starting net, which the epochs must beat.
		rep.Valid = f.meanError(opt.Validate, scratches)
		rep.Train = f.meanError(t, scratches)
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "epoch 0 (the starting net): error %.5f, validation %.5f\n", rep.Train, rep.Valid)
		}
	}
	var wg sync.WaitGroup
	rate := opt.Rate
	for epoch := 1; epoch <= opt.Epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for b := 0; b < len(order); b += opt.Batch {
			batch := order[b:min(b+opt.Batch, len(order))]
			share := (len(batch) + workers - 1) / workers
			for w := range workers {
				part := batch[min(w*share, len(batch)):min((w+1)*share, len(batch))]
				wg.Add(1)
				go func() {
					defer wg.Done()
					clear(grads[w])
					for _, i := range part {
						f.step(t, &t.items[i], fgs[w], scratches[w])
					}
				}()
			}
			wg.Wait()
			for w := 1; w < workers; w++ {
				for i, v := range grads[w] {
					grad[i] += v
				}
			}
			scale := 1 / float64(len(batch))
			for i := range grad {
				grad[i] *= scale
			}
			adam.step(params, grad, rate)
			if f.squared {
				limit := float64(netOutLimit) / netOutQ
				for j, v := range f.out {
					f.out[j] = min(max(v, -limit), limit)
				}
			}
		}
		train := f.meanError(t, scratches)
		valid := train
		if opt.Validate != nil && opt.Validate.Len() > 0 {
			valid = f.meanError(opt.Validate, scratches)
		}
		if epoch == 1 {
			rep.ValidStart = valid
		}
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "epoch %d: error %.5f, validation %.5f (rate %g)\n", epoch, train, valid, rate)
		}
		switch {
		case valid < rep.Valid:
			rep.Valid, rep.Train, rep.BestEpoch = valid, train, epoch
			copy(best, params)
		case opt.Halving:
			// Past the best: go on from it with half the step.
			copy(params, best)
			rate /= 2
		}
	}
	copy(params, best)
	n := f.quantise(t)
	n.Base = t.Base
	return n, rep, nil
}

// checkFrom returns an error unless n, if not nil, can start a fit of h
// units and buckets output layers of t's positions (NetOptions.From).
func (t *NetTrainer) checkFrom(n *Net, h, buckets int, squared bool) error {
	if n == nil {
		return nil
	}
	if err := n.Fits(t.r); err != nil {
		return fmt.Errorf("tune: the starting net: %w", err)
	}
	switch {
	case n.Hidden != h:
		return fmt.Errorf("tune: the starting net has %d hidden units, the fit %d", n.Hidden, h)
	case n.Squared != squared:
		return fmt.Errorf("tune: the starting net is squared %v, the fit %v", n.Squared, squared)
	case n.Mirror != t.Mirror:
		return fmt.Errorf("tune: the starting net is mirrored %v, the fit %v", n.Mirror, t.Mirror)
	case n.Base != t.Base:
		return fmt.Errorf("tune: the starting net adds its output to %q, the fit to %q", n.Base, t.Base)
	case n.buckets() != 1 && n.buckets() != buckets:
		return fmt.Errorf("tune: the starting net has %d output buckets, the fit %d (a net of one bucket can start any)", n.buckets(), buckets)
	case n.buckets() > 1 && n.BucketPieces != t.full:
		return fmt.Errorf("tune: the starting net's buckets count %d pieces at the start, the game %d", n.BucketPieces, t.full)
	}
	return nil
}

// start sets f's weights to n's (checked by checkFrom): each square's
// input weights are n's, the factors' zero (quantise adds them back), and
// a net of one bucket gives its output layer to each of f's.
func (f *netFit) start(n *Net) {
	h := f.h
	for i, v := range n.Input {
		f.in[i] = float64(v) / netQ
	}
	clear(f.in[len(n.Input):])
	for i, v := range n.Bias {
		f.bias[i] = float64(v) / netQ
	}
	outQ := float64(netQ)
	if n.Squared {
		outQ = netOutQ
	}
	for b := range f.buckets {
		from := min(b, n.buckets()-1)
		for i := range 2 * h {
			f.out[2*b*h+i] = float64(n.Output[2*from*h+i]) / outQ
		}
		bias := int64(n.OutBias)
		if n.bucketBiases() > 0 {
			bias += int64(n.BucketBias[from])
		}
		f.outBias[b] = float64(bias) / float64(n.outScale())
	}
}

// netFit is a net's weights as floats, during a fit (or their gradients).
type netFit struct {
	h                      int
	in, bias, out, outBias []float64
	k                      float64
	// squared: a unit's output is its clamped sum squared (Net.Squared).
	squared bool
	// buckets is the number of output layers (1: no buckets), full the
	// pieces at the game's start (Net.Buckets, Net.BucketPieces).
	buckets, full int
}

// newNetFit lays a net of inputs features, h units and buckets output
// layers over v: input weights, biases, output weights, output biases.
func newNetFit(v []float64, inputs, h, buckets int, k float64) *netFit {
	a, b, c := inputs*h, inputs*h+h, inputs*h+h+2*h*buckets
	return &netFit{h: h, in: v[:a], bias: v[a:b], out: v[b:c], outBias: v[c : c+buckets], k: k, buckets: buckets}
}

// bucket returns the output layer of it.
func (f *netFit) bucket(it *netItem) int { return netBucket(it.pieces(), f.buckets, f.full) }

// netScratch holds one position's hidden layers during a fit.
type netScratch struct {
	acc [2][]float64
}

func newNetScratch(h int) *netScratch {
	return &netScratch{acc: [2][]float64{make([]float64, h), make([]float64, h)}}
}

// forward computes the hidden layers of it into sc and returns the net's
// output for the side to move (netScale centipawns a unit).
func (f *netFit) forward(t *NetTrainer, it *netItem, sc *netScratch) float64 {
	h := f.h
	b := f.bucket(it)
	y := f.outBias[b] + float64(it.base)/netScale
	for side, rows := range [2][]int32{t.feats[it.start:it.mid], t.feats[it.mid:it.end]} {
		acc := sc.acc[side]
		copy(acc, f.bias)
		for _, r := range rows {
			addFloats(acc, f.in[int(r)*h:][:h])
			addFloats(acc, f.in[t.factor(int(r))*h:][:h])
		}
		o := f.out[(2*b+side)*h:][:h]
		for j, a := range acc {
			c := min(max(a, 0), 1)
			if f.squared {
				c *= c
			}
			y += c * o[j]
		}
	}
	return y
}

// predict returns the expected score of a net's output y (netScale
// centipawns a unit).
func (f *netFit) predict(y float64) float64 { return sigmoid(netScale*y, f.k) }

// step adds the gradient of it's squared error to g.
func (f *netFit) step(t *NetTrainer, it *netItem, g *netFit, sc *netScratch) {
	h := f.h
	y := f.forward(t, it, sc)
	p := f.predict(y)
	// d(p − target)²/dy, with dp/dy = p(1 − p)·ln 10·netScale·k/400.
	dy := 2 * (p - float64(it.target)) * p * (1 - p) * math.Ln10 * netScale * f.k / 400
	b := f.bucket(it)
	g.outBias[b] += dy
	for side, rows := range [2][]int32{t.feats[it.start:it.mid], t.feats[it.mid:it.end]} {
		acc := sc.acc[side]
		o := f.out[(2*b+side)*h:][:h]
		go_ := g.out[(2*b+side)*h:][:h]
		for j, a := range acc {
			c := min(max(a, 0), 1)
			switch {
			case a <= 0 || a >= 1:
				if f.squared {
					c *= c
				}
				go_[j] += dy * c
				acc[j] = 0
			case f.squared:
				go_[j] += dy * c * c
				acc[j] = 2 * c * dy * o[j] // now the gradient of the unit
			default:
				go_[j] += dy * c
				acc[j] = dy * o[j]
			}
		}
		addFloats(g.bias, acc)
		for _, r := range rows {
			addFloats(g.in[int(r)*h:][:h], acc)
			addFloats(g.in[t.factor(int(r))*h:][:h], acc)
		}
	}
}

// meanError is the net's mean squared error on t's positions, computed
// by as many goroutines as scratches.
func (f *netFit) meanError(t *NetTrainer, scratches []*netScratch) float64 {
	sums := make([]float64, len(scratches))
	share := (len(t.items) + len(scratches) - 1) / len(scratches)
	var wg sync.WaitGroup
	for w, sc := range scratches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w * share; i < min((w+1)*share, len(t.items)); i++ {
				it := &t.items[i]
				d := f.predict(f.forward(t, it, sc)) - float64(it.target)
				sums[w] += d * d
			}
		}()
	}
	wg.Wait()
	sum := 0.0
	for _, v := range sums {
		sum += v
	}
	return sum / float64(len(t.items))
}

// quantise returns the fitted net with its weights stored as Net stores
// them (a weight of 1.0 is netQ; input weights and biases clipped so that
// no hidden unit's sum leaves 16 bits, Net.check), each square's
// input weights with its factor's added.
func (f *netFit) quantise(t *NetTrainer) *Net {
	n := emptyNet(t.r, f.h)
	q := func(v float64, limit int) int16 {
		return int16(min(max(math.Round(v*netQ), float64(-limit)), float64(limit)))
	}
	h := f.h
	limit := netWeightLimit(n.Files * n.Ranks)
	for i := range n.Input {
		n.Input[i] = q(f.in[i]+f.in[t.factor(i/h)*h+i%h], limit)
	}
	for i, v := range f.bias {
		n.Bias[i] = q(v, netBiasLimit)
	}
	n.Squared, n.Mirror = f.squared, t.Mirror
	n.Output = make([]int16, len(f.out))
	for i, v := range f.out {
		if f.squared {
			n.Output[i] = int16(min(max(math.Round(v*netOutQ), -netOutLimit), netOutLimit))
		} else {
			n.Output[i] = q(v, math.MaxInt16)
		}
	}
	if f.buckets == 1 {
		n.OutBias = int32(math.Round(f.outBias[0] * float64(n.outScale())))
		return n
	}
	n.Buckets, n.BucketPieces = f.buckets, f.full
	n.BucketBias = make([]int32, f.buckets)
	for b, v := range f.outBias {
		n.BucketBias[b] = int32(math.Round(v * float64(n.outScale())))
	}
	return n
}

// scoreScale returns the scale at which the items' scores predict their
// results best.
func scoreScale(items []netItem) float64 {
	return goldenSection(func(k float64) float64 {
		sum := 0.0
		for _, it := range items {
			d := sigmoid(float64(it.score), k) - float64(it.result)
			sum += d * d
		}
		return sum
	})
}

// setTargets sets each item's target, its score read at scale k.
func setTargets(items []netItem, k float64) {
	for i := range items {
		it := &items[i]
		it.target = it.blend*it.result + (1-it.blend)*float32(sigmoid(float64(it.score), k))
	}
}

// evalError is the mean squared error of the evaluation's terms on t's
// positions, read at the scale k that fits them best (their centipawns
// need not be the scores').
func (t *NetTrainer) evalError() (mse, k float64) {
	loss := func(k float64) float64 {
		sum := 0.0
		for _, it := range t.items {
			d := sigmoid(float64(it.eval), k) - float64(it.target)
			sum += d * d
		}
		return sum / float64(max(len(t.items), 1))
	}
	k = goldenSection(loss)
	return loss(k), k
}

// NetScore measures how well nets predict scored positions, such as those
// a fit held out, so that nets fitted to different files can be compared
// on the same positions at the same scale.
type NetScore struct {
	states []*netState
	items  []netItem   // result, score and blend; target set by Errors
	evals  [][]float32 // each net's evaluation of each item
}

// NewNetScore returns a NetScore of nets of r's game.
func NewNetScore(r *core.Rules, nets []*Net) (*NetScore, error) {
	s := &NetScore{evals: make([][]float32, len(nets))}
	for _, n := range nets {
		ns, err := newNetState(n, r, evaluatorFor(r))
		if err != nil {
			return nil, err
		}
		s.states = append(s.states, ns)
	}
	return s, nil
}

// Add adds a position with its game's result for the first player (1, ½
// or 0), a score of it in centipawns for the first player and the share
// of the result in its target (as NetTrainer.Add).
func (s *NetScore) Add(p *core.Position, result, score, blend float64) {
	if p.Turn()&1 == 1 {
		result, score = 1-result, -score
	}
	s.items = append(s.items, netItem{result: float32(result), score: float32(score), blend: float32(blend)})
	for i, ns := range s.states {
		s.evals[i] = append(s.evals[i], float32(ns.eval(p)))
	}
}

// Len is the number of positions added.
func (s *NetScore) Len() int { return len(s.items) }

// Errors returns each net's mean squared error on the positions, as a fit
// reports it: the targets are the scores read at the scale k that makes
// them predict the positions' results best (blended with the results),
// and a net's evaluation is read at the same scale (a net fitted with
// NetOptions.EvalScale speaks the evaluation's centipawns, so its error
// here is not the one its fit reported).
func (s *NetScore) Errors() (errs []float64, k float64) {
	k = scoreScale(s.items)
	setTargets(s.items, k)
	for _, evals := range s.evals {
		sum := 0.0
		for i, e := range evals {
			d := sigmoid(float64(e), k) - float64(s.items[i].target)
			sum += d * d
		}
		errs = append(errs, sum/float64(max(len(evals), 1)))
	}
	return errs, k
}
