package search

// Texel tuning of named evaluation terms: a variant's own evaluation's (core.Hooks.EvalTerms) or the plane's.

import (
	"errors"
	"math"

	"anychess/core"
)

// addTerms adds a position to a terms tuner: its fixed part (the
// evaluation with every weight 0) and its count of each term (the
// evaluation with that weight 1 and the others 0, less the fixed part),
// from the first player's view. The evaluation is affine in its weights
// (core.Hooks.Evaluate), so these give it exactly for any weights.
func (t *Tuner) addTerms(p *core.Position, result, score, blend float64) {
	eval := t.termEval
	w := make([]int, len(t.termDefs))
	ent := tuneEntry{fixed: float64(eval(p, 0, w)), result: result, score: score, blend: blend, start: int32(len(t.termCounts))}
	for i := range w {
		w[i] = 1
		t.termCounts = append(t.termCounts, float64(eval(p, 0, w))-ent.fixed)
		w[i] = 0
	}
	ent.end = int32(len(t.termCounts))
	t.entries = append(t.entries, ent)
}

// termLoss returns the mean squared error of the weights params at scale
// k, and adds its gradient to grad when grad is not nil; with resultsOnly
// the targets are the results alone.
func (t *Tuner) termLoss(params []float64, k float64, grad []float64, resultsOnly bool) float64 {
	sum := 0.0
	n := float64(len(t.entries))
	for _, e := range t.entries {
		counts := t.termCounts[e.start:e.end]
		ev := e.fixed
		for i, c := range counts {
			ev += params[i] * c
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
			for i, c := range counts {
				grad[i] += g * c
			}
		}
	}
	return sum / n
}

// fitTerms is Fit for a terms tuner: Adam over the weights, from init's
// Terms (the defaults for those it leaves out). MinCount keeps at its
// starting value a term counted (not zero) in fewer positions, and the
// unit term (core.EvalTerm.Unit) keeps its default; Coarse and mirroring
// do not apply.
func (t *Tuner) fitTerms(init *Weights, opt FitOptions) (*Weights, FitReport, error) {
	defs := t.termDefs
	start, err := termWeights(defs, init)
	if err != nil {
		return nil, FitReport{}, err
	}
	if opt.Validate != nil && !opt.Validate.terms {
		return nil, FitReport{}, errors.New("tune: the validation positions are not a terms tuner's")
	}
	params := make([]float64, len(defs))
	for i, v := range start {
		params[i] = float64(v)
	}
	prior := append([]float64(nil), params...)
	frozen, err := opt.frozenTerms(defs)
	if err != nil {
		return nil, FitReport{}, err
	}
	for i, d := range defs {
		if d.Unit {
			frozen[i], params[i], prior[i] = true, float64(d.Default), float64(d.Default)
		}
	}
	if opt.MinCount > 0 {
		seen := make([]float64, len(defs))
		for _, e := range t.entries {
			for i, c := range t.termCounts[e.start:e.end] {
				if c != 0 {
					seen[i]++
				}
			}
		}
		for i := range frozen {
			frozen[i] = frozen[i] || seen[i] < opt.MinCount
		}
	}
	rep := FitReport{Positions: len(t.entries)}
	rep.K, rep.ScoreK = opt.Scale, opt.Scale
	if opt.Scale == 0 {
		rep.K = goldenSection(func(k float64) float64 { return t.termLoss(params, k, nil, true) })
		rep.ScoreK = t.fitScoreK(rep.K)
	}
	t.setTargets(rep.ScoreK)
	if opt.Validate != nil {
		opt.Validate.setTargets(rep.ScoreK)
	}
	rep.Before = t.termLoss(params, rep.K, nil, false)
	best := append([]float64(nil), params...)
	if opt.Validate != nil {
		rep.ValidBefore = opt.Validate.termLoss(params, rep.K, nil, false)
		rep.ValidAfter = rep.ValidBefore
	}
	grad := make([]float64, len(params))
	adam := newAdam(len(params))
	for epoch := 1; epoch <= opt.Epochs; epoch++ {
		clear(grad)
		l := t.termLoss(params, rep.K, grad, false)
		for i := range grad {
			if frozen[i] {
				grad[i] = 0
				continue
			}
			if opt.Ridge > 0 {
				d := (params[i] - prior[i]) / 100
				l += opt.Ridge * d * d
				grad[i] += 2 * opt.Ridge * d / 100
			}
		}
		adam.step(params, grad, opt.Rate)
		rep.epochDone(opt, epoch, l, params, best, func(params []float64) float64 { return opt.Validate.termLoss(params, rep.K, nil, false) })
	}
	rep.After = t.termLoss(best, rep.K, nil, false)
	out := &Weights{Variant: t.r.Name(), Terms: map[string]int{}}
	for i, d := range defs {
		out.Terms[d.Name] = int(math.Round(best[i]))
	}
	return out, rep, nil
}
