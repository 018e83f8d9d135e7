package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"anychess/core"
)

// termVariants are the variants with named evaluation terms (their own
// evaluation's, or the plane's), in the option sets whose evaluation is
// affine in the weights without rounding (four-team Longchess divides by
// the three others at the end).
var termVariants = []struct {
	name    string
	options []string
}{
	{"martian-chess", nil}, {"martian-chess", []string{"players=4"}}, {"martian-chess", []string{"players=4", "teams"}},
	{"longchess", nil}, {"longchess", []string{"mode=ctm"}}, {"longchess", []string{"nonlethal", "mines", "artillery"}},
	{"infinite-plane", nil}, {"infinite-plane-huygens", nil},
}

// randomGamePositions returns every fourth position of random games of r
// of at most plies plies.
func randomGamePositions(r *core.Rules, games, plies int, seed uint64) []*core.Position {
	rng := rand.New(rand.NewPCG(seed, 12))
	var out []*core.Position
	for range games {
		p := r.StartPosition()
		for ply := 0; ply < plies; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 || p.Outcome().Status != core.Ongoing {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
			if ply%4 == 3 {
				out = append(out, p.Copy())
			}
		}
	}
	return out
}

// TestEvalTermsAffine: an evaluation with named terms is affine in its
// weights (core.Hooks.Evaluate), from every player's view: with random
// weights it is its fixed part plus each weight times that term's count,
// both read off the evaluation with unit weights. The tuner's model of a
// two-player position is that sum.
func TestEvalTermsAffine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range termVariants {
		r := loadRules(t, v.name, v.options...)
		defs, eval := evalTerms(r)
		n := len(defs)
		if eval == nil || n == 0 {
			t.Fatalf("%s %v: no evaluation terms", v.name, v.options)
		}
		var tu *Tuner
		if TermsTunable(r) {
			var err error
			if tu, err = NewTuner(r); err != nil || !tu.terms {
				t.Fatalf("%s %v: %v, terms %v", v.name, v.options, err, tu != nil && tu.terms)
			}
		}
		positions := randomGamePositions(r, 20, 120, 5)
		w := make([]int, n)
		for i, p := range positions {
			for k := range w {
				w[k] = rng.IntN(601) - 300
			}
			for pl := core.Player(0); int(pl) < r.Players; pl++ {
				zero := make([]int, n)
				want := eval(p, pl, zero)
				fixed := want
				for k := range zero {
					zero[k] = 1
					want += w[k] * (eval(p, pl, zero) - fixed)
					zero[k] = 0
				}
				if got := eval(p, pl, w); got != want {
					t.Fatalf("%s %v: %s, player %d: %d with weights %v, the terms sum to %d", v.name, v.options, p, pl, got, w, want)
				}
			}
			if tu != nil {
				tu.Add(p, 0.5)
				e := tu.entries[i]
				model := e.fixed
				for k, c := range tu.termCounts[e.start:e.end] {
					model += float64(w[k]) * c
				}
				if got := float64(eval(p, 0, w)); got != model {
					t.Fatalf("%s %v: %s: the tuner's model %g, the evaluation %g", v.name, v.options, p, model, got)
				}
			}
		}
	}
}

// TestTermTunerRecovers: Martian Chess positions labelled by the expected
// score (K 1) of an evaluation whose points at home score +30 instead of
// the default −10 are fitted from the defaults: the fit moves that weight
// most of the way and lowers the loss. It keeps the unit term (point),
// which sets the scale, a term no position counts, and with MinCount the
// terms counted too seldom. (K is fitted to the starting weights, so
// the loss does not reach 0; given the labels' scale, it finds +30.)
func TestTermTunerRecovers(t *testing.T) {
	r := loadRules(t, "martian-chess")
	truth := r.EvalDefaults()
	atHome := -1
	for i, term := range r.Hooks.EvalTerms {
		if term.Name == "at-home" {
			atHome = i
		}
	}
	if atHome < 0 {
		t.Fatal("martian-chess has no term at-home")
	}
	truth[atHome] = 30
	tu, err := NewTuner(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range randomGamePositions(r, 300, 120, 9) {
		tu.Add(p, sigmoid(float64(r.Hooks.Evaluate(p, 0, truth)), 1))
	}
	init, err := InitialWeights(r)
	if err != nil || init.Terms["at-home"] != -10 {
		t.Fatalf("initial weights %v, %v", init, err)
	}
	w, rep, err := tu.Fit(init, FitOptions{Epochs: 300, Rate: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Terms["at-home"]; got < 10 || got > 50 {
		t.Errorf("at-home fitted to %d, the labels used 30 (from −10)", got)
	}
	if !(rep.After < rep.Before/2) {
		t.Errorf("loss %g → %g", rep.Before, rep.After)
	}
	if w.Terms["point"] != 100 {
		t.Errorf("the unit term point moved to %d", w.Terms["point"])
	}
	t.Logf("%d positions, K %.3f, loss %.6f → %.6f, weights %v", rep.Positions, rep.K, rep.Before, rep.After, w.Terms)
	// A weight counted in no position stays where it started: the
	// partners' term of a game without partners.
	if w.Terms["at-home-teams"] != init.Terms["at-home-teams"] {
		t.Errorf("at-home-teams moved from %d to %d without a position that counts it", init.Terms["at-home-teams"], w.Terms["at-home-teams"])
	}
	// With the scale the labels used given (Scale), not fitted to the
	// starting weights, the fit finds the planted weight closely.
	exact, rep, err := tu.Fit(init, FitOptions{Epochs: 300, Rate: 2, Scale: 1})
	if err != nil || rep.K != 1 || rep.ScoreK != 1 || exact.Terms["at-home"] < 25 || exact.Terms["at-home"] > 35 {
		t.Errorf("with Scale 1: at-home %d, K %g, ScoreK %g, %v", exact.Terms["at-home"], rep.K, rep.ScoreK, err)
	}
	// MinCount keeps a term counted in too few positions.
	frozen, _, err := tu.Fit(init, FitOptions{Epochs: 50, Rate: 2, MinCount: float64(tu.Len() + 1)})
	if err != nil || frozen.Terms["at-home"] != -10 || frozen.Terms["point"] != init.Terms["point"] {
		t.Errorf("with MinCount above every count: %v, %v", frozen.Terms, err)
	}
}

// TestTermWeights: a weights file's terms replace the defaults they
// name; a term the variant lacks is an error; the evaluator takes tuned
// terms only for two players and drops them with NoTunedWeights.
func TestTermWeights(t *testing.T) {
	r := loadRules(t, "martian-chess")
	terms, err := termWeights(r.Hooks.EvalTerms, &Weights{Variant: "martian-chess", Terms: map[string]int{"point": 120}})
	if err != nil {
		t.Fatal(err)
	}
	def := r.EvalDefaults()
	for i, term := range r.Hooks.EvalTerms {
		want := def[i]
		if term.Name == "point" {
			want = 120
		}
		if terms[i] != want {
			t.Errorf("%s: %d, want %d", term.Name, terms[i], want)
		}
	}
	if _, err := termWeights(r.Hooks.EvalTerms, &Weights{Variant: "martian-chess", Terms: map[string]int{"pointz": 1}}); err == nil {
		t.Error("an unknown term was accepted")
	}
	four := loadRules(t, "martian-chess", "players=4")
	if TermsTunable(four) {
		t.Error("four players are tunable")
	}
	if e := newEvaluator(four); e.tunedTerms || !slices.Equal(e.terms, four.EvalDefaults()) {
		t.Errorf("four players, each on their own, took tuned terms %v", e.terms)
	}
	// Two teams are two sides: they weigh the terms as two players do.
	teams := loadRules(t, "martian-chess", "players=4", "teams")
	if TermsTunable(teams) {
		t.Error("four players in teams are tunable")
	}
	tuned, err := termWeights(teams.Hooks.EvalTerms, BuiltinWeights("martian-chess"))
	if err != nil {
		t.Fatal(err)
	}
	if e := newEvaluator(teams); !e.tunedTerms || !slices.Equal(e.terms, tuned) || slices.Equal(tuned, teams.EvalDefaults()) {
		t.Errorf("teams: terms %v (tuned %v), want the weights file's %v", e.terms, e.tunedTerms, tuned)
	}
	for _, name := range []string{"martian-chess", "longchess", "infinite-plane", "infinite-plane-huygens"} {
		r := loadRules(t, name)
		w := BuiltinWeights(name)
		e := evaluatorFor(r)
		if w == nil {
			if e.tunedTerms {
				t.Errorf("%s: tuned terms without a weights file", name)
			}
			continue
		}
		defs, _ := evalTerms(r)
		if _, err := termWeights(defs, w); err != nil || !e.tunedTerms {
			t.Errorf("%s: the weights file does not fit (%v) or is not used (%v)", name, err, e.tunedTerms)
		}
		plain := e.forOptions(Options{NoTunedWeights: true})
		inUse := plain.terms
		if plain.plane != nil {
			inUse = plain.plane.w
		}
		if plain.tunedTerms || !slices.Equal(inUse, core.TermDefaults(defs)) {
			t.Errorf("%s: NoTunedWeights keeps %v", name, inUse)
		}
	}
}
