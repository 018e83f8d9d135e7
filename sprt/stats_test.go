package sprt

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestBounds(t *testing.T) {
	for _, c := range []struct {
		alpha, beta, lo, hi float64
	}{
		{0, 0, math.Log(0.05 / 0.95), math.Log(0.95 / 0.05)}, // ±2.944
		{0.05, 0.05, -2.9444389791664403, 2.9444389791664403},
		{0.01, 0.1, math.Log(0.1 / 0.99), math.Log(0.9 / 0.01)},
	} {
		lo, hi := Test{Elo0: 0, Elo1: 5, Alpha: c.alpha, Beta: c.beta}.Bounds()
		if !near(lo, c.lo, 1e-12) || !near(hi, c.hi, 1e-12) {
			t.Errorf("alpha %g beta %g: bounds %g, %g; want %g, %g", c.alpha, c.beta, lo, hi, c.lo, c.hi)
		}
	}
}

// With only lost and won pairs the distribution of greatest likelihood of
// a given mean s is the two-point one, P(won pair) = s, so the test is
// Wald's test of a Bernoulli parameter:
// LLR = W·ln(s1/s0) + L·ln((1−s1)/(1−s0)).
func TestLLRTwoOutcomes(t *testing.T) {
	for _, c := range []struct {
		lost, won  int
		elo0, elo1 float64
		want       float64 // by hand; 0 computes it from the formula
	}{
		// s0 = 0.5, s1 = 1/(1+10^(−20/400)) = 0.52875:
		// 60·ln(1.05750) + 40·ln(0.94250) = 3.3545 − 2.3688.
		{40, 60, 0, 20, 0.98570},
		{60, 40, 0, 20, 0},
		{10, 10, -10, 10, 0},
		{3, 200, 0, 50, 0},
		{500, 520, 0, 5, 0},
	} {
		s0, s1 := ScoreOf(c.elo0), ScoreOf(c.elo1)
		want := float64(c.won)*math.Log(s1/s0) + float64(c.lost)*math.Log((1-s1)/(1-s0))
		if c.want != 0 {
			if !near(want, c.want, 1e-4) {
				t.Fatalf("the formula gives %g for the hand-computed %g", want, c.want)
			}
		}
		p := Pentanomial{c.lost, 0, 0, 0, c.won}
		got := Test{Elo0: c.elo0, Elo1: c.elo1}.LLR(p)
		// The regularization moves the result by about its share of counts.
		if !near(got, want, 0.01*math.Max(1, math.Abs(want))) {
			t.Errorf("%v [%g, %g]: LLR %g, want %g", p, c.elo0, c.elo1, got, want)
		}
		// Without regularization the fit is exact.
		freq := []float64{float64(c.lost), float64(c.won)}
		n := freq[0] + freq[1]
		freq[0], freq[1] = freq[0]/n, freq[1]/n
		exact := n * llr(freq, []float64{0, 1}, s0, s1)
		if !near(exact, want, 1e-9*math.Max(1, math.Abs(want))) {
			t.Errorf("%v [%g, %g]: unregularized LLR %g, want %g", p, c.elo0, c.elo1, exact, want)
		}
	}
}

func reversed(p Pentanomial) Pentanomial { return Pentanomial{p[4], p[3], p[2], p[1], p[0]} }

// Swapping the players negates the evidence: LLR(reversed counts, −elo1,
// −elo0) = −LLR(counts, elo0, elo1); symmetric counts tested against
// symmetric bounds give 0.
func TestLLRSymmetry(t *testing.T) {
	for _, p := range []Pentanomial{
		{1, 5, 20, 7, 2}, {0, 0, 3, 0, 9}, {10, 5, 2, 5, 10}, {100, 300, 500, 350, 120}, {0, 1, 0, 0, 0},
	} {
		for _, b := range [][2]float64{{0, 5}, {-3, 1}, {0, 50}, {-1.75, 0.25}} {
			for _, m := range []Model{Logistic, Normalized} {
				a := Test{Elo0: b[0], Elo1: b[1], Model: m}.LLR(p)
				r := Test{Elo0: -b[1], Elo1: -b[0], Model: m}.LLR(reversed(p))
				if !near(a, -r, 1e-9*math.Max(1, math.Abs(a))) {
					t.Errorf("%v %v %v: LLR %g, reversed %g", p, b, m, a, r)
				}
			}
		}
		if p == reversed(p) {
			for _, m := range []Model{Logistic, Normalized} {
				if v := (Test{Elo0: -5, Elo1: 5, Model: m}).LLR(p); !near(v, 0, 1e-9) {
					t.Errorf("%v %v: symmetric counts, symmetric bounds: LLR %g, want 0", p, m, v)
				}
			}
		}
	}
}

// More won pairs is more evidence for H1.
func TestLLRMonotone(t *testing.T) {
	test := Test{Elo0: 0, Elo1: 10}
	p := Pentanomial{20, 40, 80, 40, 20}
	prev := test.LLR(p)
	for i := 1; i <= 4; i++ {
		q := p
		q[i]++
		q[i-1]-- // one pair better by half a point
		if v := test.LLR(q); !(v > prev) {
			t.Errorf("%v: LLR %g, not above %v's %g", q, v, p, prev)
		}
	}
}

// For many pairs and close hypotheses the GSPRT's LLR approaches the
// normal approximation N·(s1−s0)·(2·mean − s0 − s1)/(2·var).
func TestLLRNormalApproximation(t *testing.T) {
	for _, p := range []Pentanomial{
		{1000, 4000, 8000, 4500, 1200},
		{300, 2000, 9000, 2200, 280},
		{2000, 2000, 2000, 2100, 2050},
	} {
		test := Test{Elo0: 0, Elo1: 4}
		s := p.Stats()
		s0, s1 := ScoreOf(test.Elo0), ScoreOf(test.Elo1)
		approx := float64(s.Pairs) * (s1 - s0) * (2*s.Mean - s0 - s1) / (2 * s.Var)
		got := test.LLR(p)
		if !near(got, approx, 0.02*math.Abs(approx)+0.02) {
			t.Errorf("%v: LLR %g, normal approximation %g", p, got, approx)
		}
	}
}

func TestEloEstimates(t *testing.T) {
	// 50 drawn and 50 won pairs: mean 0.75, variance of a pair's score
	// 0.5·0.25² + 0.5·0.25² = 0.0625, standard error 0.25/10.
	p := Pentanomial{0, 0, 50, 0, 50}
	elo, lo, hi := p.Elo()
	if !near(elo, 400*math.Log10(3), 1e-9) {
		t.Errorf("Elo %g, want 400·log10(3) = 190.85", elo)
	}
	if !near(lo, EloOf(0.75-1.96*0.025), 1e-9) || !near(hi, EloOf(0.75+1.96*0.025), 1e-9) {
		t.Errorf("interval [%g, %g], want [%g, %g]", lo, hi, EloOf(0.701), EloOf(0.799))
	}
	// Even counts: 0.
	if e, lo, hi := (Pentanomial{5, 10, 20, 10, 5}).Elo(); e != 0 || !(lo < 0 && hi > 0) || !near(lo, -hi, 1e-9) {
		t.Errorf("even counts: Elo %g [%g, %g]", e, lo, hi)
	}
	// One pair drawn, one scored 1½: mean 0.625, variance 0.015625, a
	// game's standard deviation √(2·0.015625) = 0.17678, t = 0.70711,
	// normalized Elo 0.70711·800/ln 10 = 245.67.
	if n, _, _ := (Pentanomial{0, 0, 1, 1, 0}).NormalizedElo(); !near(n, 245.67, 0.01) {
		t.Errorf("normalized Elo %g, want 245.67", n)
	}
	if n, _, _ := (Pentanomial{0, 0, 7, 0, 0}).NormalizedElo(); !math.IsNaN(n) {
		t.Errorf("normalized Elo without spread %g, want NaN", n)
	}
	for _, c := range []struct{ elo float64 }{{0}, {-300}, {35}, {700}} {
		if back := EloOf(ScoreOf(c.elo)); !near(back, c.elo, 1e-9) {
			t.Errorf("EloOf(ScoreOf(%g)) = %g", c.elo, back)
		}
	}
}

func TestAdd(t *testing.T) {
	var p Pentanomial
	for _, pts := range []float64{0, 0.5, 1, 1.5, 2, 1.3333, 0.6667, 2} {
		p.Add(pts)
	}
	if want := (Pentanomial{1, 2, 1, 2, 2}); p != want { // 1.3333 → 1½, 0.6667 → ½
		t.Errorf("counts %v, want %v", p, want)
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		test Test
		ok   bool
	}{
		{Test{Elo0: 0, Elo1: 5}, true},
		{Test{Elo0: 5, Elo1: 0}, false},
		{Test{Elo0: 5, Elo1: 5}, false},
		{Test{Elo0: 0, Elo1: 5, Alpha: 0.6}, false},
		{Test{Elo0: 0, Elo1: 5, Beta: -1}, false},
		{Test{Elo0: 0, Elo1: 5000}, false},
	} {
		if err := c.test.Check(); (err == nil) != c.ok {
			t.Errorf("%+v: Check() = %v, want ok %v", c.test, err, c.ok)
		}
	}
}

// draws is the draw rate of simulated games.
const draws = 0.3

// simulate plays SPRTs on pairs of independent games, drawn with the rate
// draws and otherwise won or lost so that the expected score is that of
// trueElo, and returns the share of tests that accepted H1.
func simulate(rng *rand.Rand, test Test, trueElo float64, runs int) float64 {
	// Pairs are two independent games with 30% draws and the rest won or
	// lost so that the mean is ScoreOf(trueElo).
	w := ScoreOf(trueElo) - draws/2
	game := func() int { // 0 lost, 1 drawn, 2 won
		x := rng.Float64()
		switch {
		case x < w:
			return 2
		case x < w+draws:
			return 1
		}
		return 0
	}
	h1 := 0
	for range runs {
		var p Pentanomial
		for v := Continue; v == Continue; v = test.Verdict(p) {
			p[game()+game()]++
			if p.Pairs() > 100000 {
				break
			}
		}
		if test.Verdict(p) == H1 {
			h1++
		}
	}
	return float64(h1) / float64(runs)
}

// The test keeps its error rates: with the true Elo at elo0 it accepts H1
// about α of the time, at elo1 H0 about β of the time (Wald's bounds make
// both at most about 5%; 400 runs put the estimate within about ±2.2% of
// the true rate, and the limits leave room for that).
func TestErrorRates(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range []Model{Logistic, Normalized} {
		test := Test{Elo0: 0, Elo1: 40, Model: m}
		at0 := 0.0
		at1 := 40.0
		if m == Normalized {
			// The score s whose distance from ½ is 40/nEloPerT standard
			// deviations of a game's score, which with a draw rate d is
			// √(s − d/4 − s²) (wins s − d/2): a fixed point.
			s := 0.5
			for range 50 {
				s = 0.5 + 40/nEloPerT*math.Sqrt(s-draws/4-s*s)
			}
			at1 = EloOf(s)
		}
		if r := simulate(rng, test, at0, 400); r > 0.09 {
			t.Errorf("%v: true Elo at elo0: H1 accepted in %.1f%% of the tests, want about 5%%", m, 100*r)
		}
		if r := simulate(rng, test, at1, 400); r < 0.91 {
			t.Errorf("%v: true Elo at elo1: H1 accepted in %.1f%% of the tests, want about 95%%", m, 100*r)
		}
		if r := simulate(rng, test, at1+60, 100); r < 0.99 {
			t.Errorf("%v: true Elo far above elo1: H1 accepted in %.1f%% of the tests", m, 100*r)
		}
		if r := simulate(rng, test, -60, 100); r > 0.01 {
			t.Errorf("%v: true Elo far below elo0: H1 accepted in %.1f%% of the tests", m, 100*r)
		}
	}
}
