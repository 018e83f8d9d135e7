package search

import (
	"math"
	"slices"
	"strings"
	"testing"

	"anychess/core"
)

// randomPositions returns positions of random games of the variant.
func randomPositions(t *testing.T, name string, games int) []*core.Position {
	t.Helper()
	return randomGamePositions(loadRules(t, name), games, 80, 11)
}

// tunerEval is the tuner's linear evaluation of entry i under w.
func tunerEval(tu *Tuner, w *Weights, i int) float64 {
	np := len(tu.r.Pieces) * tu.n
	params := make([]float64, 2*np)
	for ty := 1; ty < len(tu.r.Pieces); ty++ {
		for j := 0; j < tu.n; j++ {
			params[ty*tu.n+j] = float64(w.MG[tu.r.Pieces[ty].Name][j])
			params[np+ty*tu.n+j] = float64(w.EG[tu.r.Pieces[ty].Name][j])
		}
	}
	e := tu.entries[i]
	ev := e.fixed
	for _, f := range tu.feats[e.start:e.end] {
		idx, sign := int(f)-1, 1.0
		if f < 0 {
			idx, sign = int(-f)-1, -1
		}
		ev += sign * (params[idx]*e.phase + params[np+idx]*(1-e.phase))
	}
	if ns := tu.numStruct(); ns > 0 {
		terms, err := termWeights(structDefs(), w)
		if err != nil {
			panic(err)
		}
		for j, c := range tu.structs[i*ns : (i+1)*ns] {
			ev += c * (float64(terms[2*j])*e.phase + float64(terms[2*j+1])*(1-e.phase))
		}
	}
	return ev
}

// TestTunerMatchesEvaluation: the tuner's linear model of a position is
// the evaluation the search computes with the same tables and structure
// weights installed (within the rounding of the integer blends).
func TestTunerMatchesEvaluation(t *testing.T) {
	for _, name := range []string{"chess", "siberia", "claustrophobia"} {
		r := loadRules(t, name)
		tu, err := NewTuner(r)
		if err != nil {
			t.Fatal(err)
		}
		tu.SetMirror(false) // the tables below are not symmetric
		w, err := InitialWeights(r)
		if err != nil {
			t.Fatal(err)
		}
		// Make the tables differ between middlegame and endgame, and every
		// structure term's weights from each other and their defaults.
		for _, tab := range w.EG {
			for i := range tab {
				tab[i] += int16(i%7) * 5
			}
		}
		w.Terms = map[string]int{}
		for i, d := range structDefs() {
			w.Terms[d.Name] = d.Default + 7*(i%5) - 10
		}
		ev := newEvaluator(r)
		if ev.pst, err = newPSTTables(r, ev.values, w); err != nil {
			t.Fatal(err)
		}
		terms, err := termWeights(structDefs(), w)
		if err != nil {
			t.Fatal(err)
		}
		ev.structure = ev.structure.withWeights(terms)
		positions := randomPositions(t, name, 10)
		for i, p := range positions {
			tu.Add(p, 0.5)
			want := float64(ev.eval(p, 0, true))
			// Three integer blends (each side's tables, the structure
			// terms) each round down by less than 1.
			if got := tunerEval(tu, w, i); math.Abs(got-want) >= 3 {
				t.Errorf("%s %s: tuner %g, evaluation %g", name, p.String(), got, want)
			}
		}
	}
}

// plantedTuner returns a chess tuner holding 300 random games' positions,
// each labelled by the expected score (K 1) of the evaluation with the
// tables truth, the starting tables with plant applied, and the starting
// tables.
func plantedTuner(t *testing.T, plant func(truth *Weights)) (*Tuner, *Weights) {
	t.Helper()
	return taughtTuner(t, plant, 0)
}

// taughtTuner is plantedTuner whose positions, with teacherScale > 0,
// carry a teacher's score as their whole target (blend 0): the planted
// evaluation times teacherScale, a teacher whose centipawns are not the
// evaluation's.
func taughtTuner(t *testing.T, plant func(truth *Weights), teacherScale float64) (*Tuner, *Weights) {
	t.Helper()
	r := loadRules(t, "chess")
	tu, err := NewTuner(r)
	if err != nil {
		t.Fatal(err)
	}
	init, _ := InitialWeights(r)
	truth, _ := InitialWeights(r)
	plant(truth)
	ev := newEvaluator(r)
	if ev.pst, err = newPSTTables(r, ev.values, truth); err != nil {
		t.Fatal(err)
	}
	for _, p := range randomPositions(t, "chess", 300) {
		truthEval := float64(ev.eval(p, 0, true))
		if teacherScale > 0 {
			tu.AddScored(p, sigmoid(truthEval, 1), teacherScale*truthEval, 0)
		} else {
			tu.Add(p, sigmoid(truthEval, 1))
		}
	}
	return tu, init
}

// centreKnights plants +150 on the four central squares of the knight's
// tables.
func centreKnights(truth *Weights) {
	for _, i := range chessCentre {
		truth.MG["knight"][i] += 150
		truth.EG["knight"][i] += 150
	}
}

// chessCentre are the four central squares of the chess board.
var chessCentre = []int{3*8 + 3, 3*8 + 4, 4*8 + 3, 4*8 + 4}

// centralKnightGain is how much w's knight tables gained over init's on
// chessCentre, averaged over the squares and both phases.
func centralKnightGain(w, init *Weights) float64 {
	gain := 0.0
	for _, i := range chessCentre {
		gain += float64(w.MG["knight"][i]+w.EG["knight"][i]-init.MG["knight"][i]-init.EG["knight"][i]) / 2
	}
	return gain / float64(len(chessCentre))
}

// TestTunerRecovers: positions labelled by an evaluation whose knights are
// worth 150 more on four central squares are fitted from tables without
// that bonus: the fit raises those squares towards it and lowers the loss.
func TestTunerRecovers(t *testing.T) {
	tu, init := plantedTuner(t, centreKnights)
	w, rep, err := tu.Fit(init, FitOptions{Epochs: 200, Rate: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !(rep.After < rep.Before/2) {
		t.Errorf("loss %g before, %g after", rep.Before, rep.After)
	}
	if math.Abs(rep.K-1) > 0.2 {
		t.Errorf("K %g, the labels used 1", rep.K)
	}
	if gain := centralKnightGain(w, init); gain < 75 {
		t.Errorf("the central knight squares gained %.0f on average, want most of 150", gain)
	}
	t.Logf("%d positions, K %.3f, loss %.6f → %.6f, central knights +%.0f", rep.Positions, rep.K, rep.Before, rep.After, centralKnightGain(w, init))
}

// TestTunerTeacherScale: a teacher whose scores are three times the
// planted evaluation is read at a third of the scale (FitReport.ScoreK),
// so the fit recovers the planted knights, not three times them.
func TestTunerTeacherScale(t *testing.T) {
	tu, init := taughtTuner(t, centreKnights, 3)
	w, rep, err := tu.Fit(init, FitOptions{Epochs: 200, Rate: 3})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(rep.ScoreK-1.0/3) > 0.07 {
		t.Errorf("ScoreK %.3f, want about 1/3 (K %.3f)", rep.ScoreK, rep.K)
	}
	gain := centralKnightGain(w, init)
	if gain < 75 || gain > 250 {
		t.Errorf("the central knight squares gained %.0f on average, want about the planted 150", gain)
	}
	t.Logf("K %.3f, ScoreK %.3f, loss %.6f → %.6f, central knights +%.0f", rep.K, rep.ScoreK, rep.Before, rep.After, gain)
}

// TestBuiltinWeightsFit: every weights file the package carries fits its
// variant, and its structure terms are the evaluation's.
func TestBuiltinWeightsFit(t *testing.T) {
	for _, name := range []string{"chess", "siberia", "claustrophobia"} {
		w := BuiltinWeights(name)
		if w == nil {
			continue
		}
		r := loadRules(t, name)
		if _, err := newPSTTables(r, PieceValues(r), w); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if evaluatorFor(r).pst == nil {
			t.Errorf("%s: the evaluator does not use its weights", name)
		}
		if len(w.Terms) > 0 {
			if _, err := termWeights(structDefs(), w); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			if !evaluatorFor(r).tunedTerms {
				t.Errorf("%s: the evaluator does not use its structure weights", name)
			}
		}
	}
}

// TestTunerMirror: with mirroring, the fitted tables are symmetric across
// the middle file, and a symmetric start stays where the data agree.
func TestTunerMirror(t *testing.T) {
	r := loadRules(t, "chess")
	tu, _ := NewTuner(r)
	init, _ := InitialWeights(r)
	for _, p := range randomPositions(t, "chess", 30) {
		tu.Add(p, 0.5)
	}
	w, _, err := tu.Fit(init, FitOptions{Epochs: 20, Rate: 5})
	if err != nil {
		t.Fatal(err)
	}
	for name, tab := range w.MG {
		for i, v := range tab {
			if m := i - i%8 + 7 - i%8; tab[m] != v || w.EG[name][m] != w.EG[name][i] {
				t.Errorf("%s: square %d has %d/%d, its mirror %d has %d/%d", name, i, v, w.EG[name][i], m, tab[m], w.EG[name][m])
			}
		}
	}
}

// TestTunerCoarse: positions labelled by an evaluation whose knights are
// worth 60 more and whose bishops' square differences are doubled are
// fitted by Coarse, which moves each table only by a shift and a scale:
// the tables stay affine in the starting ones and recover both changes.
func TestTunerCoarse(t *testing.T) {
	tu, init := plantedTuner(t, func(truth *Weights) {
		for i := range truth.MG["knight"] {
			truth.MG["knight"][i] += 60
			truth.EG["knight"][i] += 60
			truth.MG["bishop"][i] *= 2
			truth.EG["bishop"][i] *= 2
		}
	})
	w, rep, err := tu.Fit(init, FitOptions{Epochs: 300, Rate: 2, Coarse: true})
	if err != nil {
		t.Fatal(err)
	}
	if !(rep.After < rep.Before/2) {
		t.Errorf("loss %g before, %g after", rep.Before, rep.After)
	}
	for name := range w.MG {
		for _, tabs := range [][2][]int16{{init.MG[name], w.MG[name]}, {init.EG[name], w.EG[name]}} {
			// Least squares of the fitted table on the starting one.
			x, y := tabs[0], tabs[1]
			var n, sx, sy, sxx, sxy float64
			for i := range x {
				if name == "pawn" && (i < 8 || i >= 56) {
					continue // no pawn stands there: its weights are the fit's too, but untouched by data
				}
				a, b := float64(x[i]), float64(y[i])
				n, sx, sy, sxx, sxy = n+1, sx+a, sy+b, sxx+a*a, sxy+a*b
			}
			slope := 1.0
			if d := n*sxx - sx*sx; d != 0 {
				slope = (n*sxy - sx*sy) / d
			}
			icept := (sy - slope*sx) / n
			for i := range x {
				if name == "pawn" && (i < 8 || i >= 56) {
					continue
				}
				if res := float64(y[i]) - (icept + slope*float64(x[i])); math.Abs(res) > 1 {
					t.Fatalf("%s square %d: %d from %d, off the line %.2f + %.2f × start by %.1f", name, i, y[i], x[i], icept, slope, res)
				}
			}
		}
	}
	shift := 0.0
	for i := range init.MG["knight"] {
		shift += float64(w.MG["knight"][i]+w.EG["knight"][i]-init.MG["knight"][i]-init.EG["knight"][i]) / 2
	}
	if shift /= 64; shift < 40 || shift > 80 {
		t.Errorf("knights shifted by %.0f, want about 60", shift)
	}
	spread := func(tab []int16) float64 { return float64(slices.Max(tab) - slices.Min(tab)) }
	if s := spread(w.MG["bishop"]) / spread(init.MG["bishop"]); s < 1.6 || s > 2.4 {
		t.Errorf("the bishop's middlegame table was scaled by %.2f, want about 2", s)
	}
	t.Logf("%d positions, loss %.6f → %.6f, knights %+.0f, bishops ×%.2f", rep.Positions, rep.Before, rep.After, shift,
		spread(w.MG["bishop"])/spread(init.MG["bishop"]))
}

// TestTunerRidge: the ridge holds the weights near their start: a large
// one keeps every weight within a centipawn or two of it, a moderate one
// lets the data move them less than no ridge does.
func TestTunerRidge(t *testing.T) {
	tu, init := plantedTuner(t, centreKnights)
	moved := func(ridge float64) (centreGain, most float64) {
		w, _, err := tu.Fit(init, FitOptions{Epochs: 150, Rate: 3, Ridge: ridge})
		if err != nil {
			t.Fatal(err)
		}
		for name, tab := range w.MG {
			for i := range tab {
				most = max(most, math.Abs(float64(tab[i]-init.MG[name][i])), math.Abs(float64(w.EG[name][i]-init.EG[name][i])))
			}
		}
		for _, i := range chessCentre {
			centreGain += float64(w.MG["knight"][i]-init.MG["knight"][i]) / float64(len(chessCentre))
		}
		return centreGain, most
	}
	free, _ := moved(0)
	held, _ := moved(0.001)
	_, frozen := moved(1000)
	if !(held > 10 && held < free-10) {
		t.Errorf("the central knights gained %.0f with ridge 0.001, %.0f without: want less with it, but some", held, free)
	}
	if frozen > 2 {
		t.Errorf("with ridge 1000 a weight moved %.0f from its start, want at most 2", frozen)
	}
	t.Logf("central knights: %+.0f without ridge, %+.0f with 0.001; with 1000 no weight moved more than %.0f", free, held, frozen)
}

// TestTunerMinCount: a weight whose square its piece seldom stands on in
// the positions (fewer than MinCount, counted in its phase) keeps its
// starting value, while the others fit as before: the central knights
// still gain most of the planted 150.
func TestTunerMinCount(t *testing.T) {
	tu, init := plantedTuner(t, centreKnights)
	const minCount = 40
	w, _, err := tu.Fit(init, FitOptions{Epochs: 200, Rate: 3, MinCount: minCount})
	if err != nil {
		t.Fatal(err)
	}
	np := len(tu.r.Pieces) * tu.n
	count := tu.counts(np)
	kept, moved := 0, 0
	for ty := 1; ty < len(tu.r.Pieces); ty++ {
		name := tu.r.Pieces[ty].Name
		for sq := 0; sq < tu.n; sq++ {
			c := tu.canonical(ty*tu.n + sq)
			for phase, tabs := range [2][2][]int16{{w.MG[name], init.MG[name]}, {w.EG[name], init.EG[name]}} {
				if count[phase*np+c] >= minCount {
					continue
				}
				kept++
				if tabs[0][sq] != tabs[1][sq] {
					moved++
					t.Errorf("%s on square %d (phase %d): %d positions, moved from %d to %d", name, sq, phase, int(count[phase*np+c]), tabs[1][sq], tabs[0][sq])
				}
			}
		}
	}
	gain := 0.0
	for _, i := range chessCentre {
		gain += float64(w.MG["knight"][i]-init.MG["knight"][i]) / float64(len(chessCentre))
	}
	if kept == 0 || gain < 75 {
		t.Errorf("%d weights below %d positions; the central knights gained %.0f, want most of 150", kept, minCount, gain)
	}
	t.Logf("%d weights kept (%d moved), central knights %+.0f", kept, moved, gain)
}

// TestTunerStructTerms: positions labelled by an evaluation whose pawn
// threats weigh +100 (default 0) are fitted from the defaults: the fit
// finds most of the +100 in both phases' blend; with FitOptions.Freeze the
// term keeps its start, and a name that is no term's is refused.
func TestTunerStructTerms(t *testing.T) {
	r := loadRules(t, "chess")
	init, _ := InitialWeights(r)
	// A planted weight is recovered; mobility is counted for the fit
	// though its weight in the evaluation is 0.
	for _, tc := range []struct {
		term   structTerm
		weight int
		lo, hi int
	}{{stPawnThreat, 100, 60, 140}, {stMobility, 12, 8, 16}} {
		name := structNames[tc.term]
		w, rep, err := plantedStructTuner(t, r, init, tc.term, tc.weight).Fit(init, FitOptions{Epochs: 200, Rate: 3})
		if err != nil {
			t.Fatal(err)
		}
		if m, e := w.Terms[name+".mg"], w.Terms[name+".eg"]; (m+e)/2 < tc.lo || (m+e)/2 > tc.hi {
			t.Errorf("%s fitted to %d / %d, want about %d (loss %.6f → %.6f)", name, m, e, tc.weight, rep.Before, rep.After)
		}
	}
	tu := plantedStructTuner(t, r, init, stPawnThreat, 100)
	w, _, err := tu.Fit(init, FitOptions{Epochs: 50, Rate: 3, Freeze: []string{"pawn-threat", "tempo.eg"}})
	if err != nil {
		t.Fatal(err)
	}
	if m, e := w.Terms["pawn-threat.mg"], w.Terms["pawn-threat.eg"]; m != 0 || e != 0 || w.Terms["tempo.eg"] != tempo {
		t.Errorf("frozen: pawn-threat %d / %d, tempo.eg %d, want 0 / 0, %d", m, e, w.Terms["tempo.eg"], tempo)
	}
	if _, _, err := tu.Fit(init, FitOptions{Epochs: 1, Freeze: []string{"pawn-threats"}}); err == nil || !strings.Contains(err.Error(), `"pawn-threats"`) {
		t.Errorf("freezing no term: %v", err)
	}
}

// plantedStructTuner returns a tuner holding 300 random chess positions scored
// by the evaluation with init's tables, the structure terms' defaults and
// term weighted w in both phases.
func plantedStructTuner(t *testing.T, r *core.Rules, init *Weights, term structTerm, w int) *Tuner {
	t.Helper()
	truth := core.TermDefaults(structDefs())
	truth[2*term], truth[2*term+1] = w, w
	ev := newEvaluator(r)
	var err error
	if ev.pst, err = newPSTTables(r, ev.values, init); err != nil {
		t.Fatal(err)
	}
	ev.structure = ev.structure.withWeights(truth)
	tu, _ := NewTuner(r)
	for _, p := range randomPositions(t, "chess", 300) {
		tu.Add(p, sigmoid(float64(ev.eval(p, 0, true)), 1))
	}
	return tu
}

// TestStartFrom: a fit starts from an earlier file's tables and terms,
// the rest untuned; weights of another variant, board or piece, tables
// of the wrong length and unknown terms are refused.
func TestStartFrom(t *testing.T) {
	r := loadRules(t, "chess")
	init, _ := InitialWeights(r)
	knight := make([]int16, 64)
	knight[0] = 123
	got, err := StartFrom(r, init, &Weights{Variant: "chess", Files: 8, Ranks: 8, MG: map[string][]int16{"knight": knight}, Terms: map[string]int{"tempo.mg": 7}})
	if err != nil {
		t.Fatal(err)
	}
	if got.MG["knight"][0] != 123 || !slices.Equal(got.EG["knight"], init.EG["knight"]) || !slices.Equal(got.MG["rook"], init.MG["rook"]) {
		t.Error("the knight's middlegame table not taken, or another table changed")
	}
	if w, _ := termWeights(structDefs(), got); w[2*stTempo] != 7 || w[2*stTempo+1] != tempo {
		t.Errorf("tempo %d / %d, want 7 / %d", w[2*stTempo], w[2*stTempo+1], tempo)
	}
	if init.MG["knight"][0] == 123 {
		t.Error("init changed")
	}
	for _, tc := range []struct {
		from Weights
		want string
	}{
		{Weights{Variant: "siberia"}, `"siberia"`},
		{Weights{Variant: "chess", Files: 10, Ranks: 8, MG: map[string][]int16{"knight": knight}}, "10×8"},
		{Weights{Variant: "chess", Files: 8, Ranks: 8, EG: map[string][]int16{"dragon": knight}}, `"dragon"`},
		{Weights{Variant: "chess", Files: 8, Ranks: 8, MG: map[string][]int16{"knight": knight[:10]}}, "10 squares"},
		{Weights{Variant: "chess", Terms: map[string]int{"no-such.mg": 1}}, `"no-such.mg"`},
	} {
		if _, err := StartFrom(r, init, &tc.from); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one naming %s", tc.from, err, tc.want)
		}
	}
}
