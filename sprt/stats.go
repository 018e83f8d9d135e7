package sprt

import (
	"fmt"
	"math"
)

// Pentanomial counts game pairs by A's points in the pair: index i holds the
// pairs where A scored i/2 points (0, ½, 1, 1½, 2).
type Pentanomial [5]int

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// Add counts a pair in which A scored points (0 to 2; rounded to the
// nearest half point, for games of more than two players whose points may
// be shares of a win).
func (p *Pentanomial) Add(points float64) {
	i := int(math.Round(points * 2))
	p[min(max(i, 0), 4)]++
}

// Model says what the Elo bounds of a test mean.
type Model uint8

// Models.
const (
	// Logistic Elo: an expected score s is the Elo difference
	// −400·log10(1/s − 1), the classical scale.
	Logistic Model = iota
	// Normalized Elo (as fishtest uses): the expected score's distance
	// from ½ in units of the standard deviation of a game's score,
	// times 800/ln 10, so that a given Elo needs about the same number of
	// games whatever the draw rate. The standard deviation is estimated from
	// the data.
	Normalized
)

// String names the model.
func (m Model) String() string {
	if m == Normalized {
		return "normalized"
	}
	return "logistic"
}

// nEloPerT is normalized Elo per unit of t (the score's distance from ½
// in standard deviations of a game's score): 800/ln 10.
const nEloPerT = 800 / math.Ln10

// regularization is the count added to every pair score before a
// distribution is fitted: without it, data with a single observed score
// (every pair won) would have no distribution of another expected score.
const regularization = 1e-3

// values are the pair scores per game (A's points in the pair over 2).
var values = [5]float64{0, 0.25, 0.5, 0.75, 1}

// Stats are the mean and variance of A's score per game, from pairs: a
// pair's score is the mean of its two games, and Var is the variance of
// that mean over pairs (the variance of the overall mean is Var/Pairs).
type Stats struct {
	Pairs     int
	Mean, Var float64
}

// Stats returns the counts' mean and variance (both 0 for no pairs).
func (p Pentanomial) Stats() Stats {
	n := p.Pairs()
	if n == 0 {
		return Stats{}
	}
	var mean, sq float64
	for i, c := range p {
		f := float64(c) / float64(n)
		mean += f * values[i]
		sq += f * values[i] * values[i]
	}
	return Stats{Pairs: n, Mean: mean, Var: max(sq-mean*mean, 0)}
}

// EloOf converts an expected score into logistic Elo (±Inf at 1 and 0).
func EloOf(score float64) float64 {
	switch {
	case score >= 1:
		return math.Inf(1)
	case score <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/score-1)
}

// ScoreOf converts logistic Elo into an expected score.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo returns the logistic Elo difference the pairs imply and its 95%
// confidence interval (normal approximation of the mean score, whose
// variance comes from the pairs).
func (p Pentanomial) Elo() (elo, lo, hi float64) {
	s := p.Stats()
	if s.Pairs == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	se := math.Sqrt(s.Var / float64(s.Pairs))
	return EloOf(s.Mean), EloOf(s.Mean - 1.96*se), EloOf(s.Mean + 1.96*se)
}

// NormalizedElo returns the normalized Elo the pairs imply and its 95%
// confidence interval (NaN with no spread in the data).
func (p Pentanomial) NormalizedElo() (nelo, lo, hi float64) {
	s := p.Stats()
	sigma := math.Sqrt(2 * s.Var) // the standard deviation of one game's score
	if s.Pairs == 0 || sigma == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	t := (s.Mean - 0.5) / sigma
	half := 1.96 * math.Sqrt(s.Var/float64(s.Pairs)) / sigma
	return t * nEloPerT, (t - half) * nEloPerT, (t + half) * nEloPerT
}

// Test is the setting of a sequential probability ratio test.
type Test struct {
	// Elo0 and Elo1 are the hypotheses H0 (A is Elo0 stronger than B) and
	// H1 (A is Elo1 stronger), Elo0 < Elo1.
	Elo0, Elo1 float64
	// Alpha is the chance of accepting H1 when H0 holds, Beta that of
	// accepting H0 when H1 holds (0: the default 0.05).
	Alpha, Beta float64
	Model       Model
}

// Check reports a test whose setting cannot work.
func (t Test) Check() error {
	a, b := t.errors()
	switch {
	case !(t.Elo0 < t.Elo1):
		return fmt.Errorf("sprt: elo0 %g must be below elo1 %g", t.Elo0, t.Elo1)
	case math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000:
		return fmt.Errorf("sprt: Elo bounds [%g, %g] out of range ±1000", t.Elo0, t.Elo1)
	case !(a > 0 && a < 0.5) || !(b > 0 && b < 0.5):
		return fmt.Errorf("sprt: alpha %g and beta %g must be between 0 and 0.5", a, b)
	}
	return nil
}

func (t Test) errors() (alpha, beta float64) {
	alpha, beta = t.Alpha, t.Beta
	if alpha == 0 {
		alpha = 0.05
	}
	if beta == 0 {
		beta = 0.05
	}
	return alpha, beta
}

// Bounds are Wald's bounds of the log-likelihood ratio: at or below lower
// H0 is accepted, at or above upper H1.
func (t Test) Bounds() (lower, upper float64) {
	a, b := t.errors()
	return math.Log(b / (1 - a)), math.Log((1 - b) / a)
}

// LLR returns the log-likelihood ratio of H1 against H0 for the pairs.
func (t Test) LLR(p Pentanomial) float64 {
	n := p.Pairs()
	if n == 0 {
		return 0
	}
	var freq [5]float64
	for i, c := range p {
		freq[i] = (float64(c) + regularization) / (float64(n) + 5*regularization)
	}
	s0, s1 := ScoreOf(t.Elo0), ScoreOf(t.Elo1)
	if t.Model == Normalized {
		mean, sq := 0.0, 0.0
		for i, f := range freq {
			mean += f * values[i]
			sq += f * values[i] * values[i]
		}
		sigma := math.Sqrt(2 * max(sq-mean*mean, 0))
		s0, s1 = 0.5+t.Elo0/nEloPerT*sigma, 0.5+t.Elo1/nEloPerT*sigma
		s0, s1 = min(max(s0, 1e-6), 1-1e-6), min(max(s1, 1e-6), 1-1e-6)
	}
	return float64(n) * llr(freq[:], values[:], s0, s1)
}

// Verdict is a test's state.
type Verdict uint8

// Verdicts.
const (
	Continue Verdict = iota // neither bound reached: play on
	H0                      // H0 accepted: A is not Elo1 stronger
	H1                      // H1 accepted: A is Elo1 stronger
)

// String describes the verdict.
func (v Verdict) String() string {
	switch v {
	case H0:
		return "H0 accepted"
	case H1:
		return "H1 accepted"
	}
	return "continue"
}

// Verdict returns the test's state after the pairs.
func (t Test) Verdict(p Pentanomial) Verdict {
	llr := t.LLR(p)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return H1
	case llr <= lo:
		return H0
	}
	return Continue
}

// llr returns the log-likelihood ratio per observation of the best-fitting
// distributions with expected values s1 and s0 over values, for data with
// frequencies freq.
func llr(freq, vals []float64, s0, s1 float64) float64 {
	l0, ok0 := fitMean(freq, vals, s0)
	l1, ok1 := fitMean(freq, vals, s1)
	if !ok0 || !ok1 {
		return math.NaN()
	}
	sum := 0.0
	for i, f := range freq {
		if f > 0 {
			// q_i = f_i/(1+λ(v_i−s)), so log(q1/q0) is the log of the
			// ratio of the denominators.
			sum += f * math.Log((1+l0*(vals[i]-s0))/(1+l1*(vals[i]-s1)))
		}
	}
	return sum
}

// fitMean finds the distribution of greatest likelihood for data with
// frequencies freq over vals whose expected value is s. It has the form
// q_i = freq_i / (1 + λ(vals_i − s)) (a Lagrange multiplier for the mean),
// where λ makes the q_i sum to 1: Σ freq_i (vals_i − s)/(1 + λ(vals_i −
// s)) = 0. That sum falls strictly in λ over the interval where every
// denominator of an observed value is positive, from +∞ to −∞ when s lies
// strictly between the smallest and largest observed value, so bisection
// finds λ. ok is false when s lies outside them.
func fitMean(freq, vals []float64, s float64) (lambda float64, ok bool) {
	lo, hi := math.Inf(-1), math.Inf(1) // the interval of λ
	below, above := false, false
	for i, f := range freq {
		if f <= 0 {
			continue
		}
		d := vals[i] - s
		switch {
		case d > 0:
			above = true
			lo = max(lo, -1/d)
		case d < 0:
			below = true
			hi = min(hi, -1/d)
		}
	}
	if !below || !above {
		return 0, false
	}
	g := func(l float64) float64 {
		sum := 0.0
		for i, f := range freq {
			if f > 0 {
				d := vals[i] - s
				sum += f * d / (1 + l*d)
			}
		}
		return sum
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2, true
}
