package search

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"anychess/core"
)

// randomSquaredNet returns randomNet's net with squared units.
func randomSquaredNet(r *core.Rules, h int, seed uint64, base string) *Net {
	n := randomNet(r, h, seed, base)
	n.Squared = true
	for i := range n.Output {
		n.Output[i] /= 3 // within ±netOutLimit
	}
	return n
}

// randomBucketNet returns randomSquaredNet's net with output buckets
// output layers.
func randomBucketNet(r *core.Rules, h int, seed uint64, base string, buckets int) *Net {
	n := randomSquaredNet(r, h, seed, base)
	rng := rand.New(rand.NewPCG(seed, 8))
	n.Buckets, n.BucketPieces = buckets, startPieces(r)
	n.Output = make([]int16, 2*h*buckets)
	for i := range n.Output {
		n.Output[i] = int16(rng.IntN(2*netOutLimit+1) - netOutLimit)
	}
	n.BucketBias = make([]int32, buckets)
	for i := range n.BucketBias {
		n.BucketBias[i] = int32(rng.IntN(2_000_001) - 1_000_000)
	}
	return n
}

// randomNet returns a net of r with h hidden units and random weights.
func randomNet(r *core.Rules, h int, seed uint64, base string) *Net {
	n := emptyNet(r, h)
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range n.Input {
		n.Input[i] = int16(rng.IntN(161) - 80)
	}
	for i := range n.Bias {
		n.Bias[i] = int16(rng.IntN(257))
	}
	for i := range n.Output {
		n.Output[i] = int16(rng.IntN(513) - 256)
	}
	n.OutBias = int32(rng.IntN(20001) - 10000)
	n.Base = base
	return n
}

// TestNetIncremental: a net updated square by square from one position to
// the next (a random game, and back to earlier positions, as a search
// goes) evaluates every position as a net state made afresh does, for each
// variant of two players on a bounded board; it is antisymmetric where the
// net's two views are; and it allocates nothing.
func TestNetIncremental(t *testing.T) {
	for _, name := range []string{"chess", "siberia", "claustrophobia"} {
		r := loadRules(t, name)
		for i, base := range []string{"", NetBaseMaterial, NetBaseEvaluation, "", NetBaseMaterial, ""} {
			n := randomNet(r, 16, 1, base)
			switch i {
			case 3:
				n = randomSquaredNet(r, 40, 1, base) // squared, and a tail past the vectors
			case 4:
				n = randomBucketNet(r, 24, 1, base, 8) // output buckets: the piece count kept
			case 5:
				n = randomBucketNet(r, 24, 1, base, 4) // mirrored: views summed afresh
				n.Mirror = true
			}
			ns, err := newNetState(n, r, evaluatorFor(r))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			positions := randomGamePositions(r, 6, 120, 9)
			rng := rand.New(rand.NewPCG(2, 3))
			flips := 0 // evaluations after which a view's mirroring changed
			for i := range 3 * len(positions) {
				p := positions[i%len(positions)]
				if i >= len(positions) {
					p = positions[rng.IntN(len(positions))]
				}
				before := ns.mirror
				fresh, _ := newNetState(n, r, evaluatorFor(r))
				if got, want := ns.eval(p), fresh.eval(p); got != want {
					t.Fatalf("%s (base %q): %s: updated %d, afresh %d", name, base, p.String(), got, want)
				}
				if ns.mirror != before {
					flips++
				}
			}
			if n.Mirror && flips < 10 {
				t.Errorf("%s: a view's mirroring changed after %d evaluations: the test does not reach the fresh sums", name, flips)
			}
			p := positions[len(positions)/2]
			if allocs := testing.AllocsPerRun(10, func() { ns.eval(p); ns.eval(positions[0]) }); allocs != 0 {
				t.Errorf("%s: eval allocates %.0f times", name, allocs)
			}
		}
	}
}

// flipFilesFEN returns a chess FEN's position mirrored left to right, with
// no castling and no en passant (which a net does not read).
func flipFilesFEN(t *testing.T, fen string) string {
	t.Helper()
	fields := strings.Fields(fen)
	ranks := strings.Split(fields[0], "/")
	for i, rank := range ranks {
		var cells []string
		for _, c := range rank {
			if c >= '1' && c <= '8' {
				for range c - '0' {
					cells = append(cells, "1")
				}
			} else {
				cells = append(cells, string(c))
			}
		}
		if len(cells) != 8 {
			t.Fatalf("%s: rank %q", fen, rank)
		}
		slices.Reverse(cells)
		var b strings.Builder
		empty := 0
		for _, c := range append(cells, "") {
			if c == "1" {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(c)
		}
		ranks[i] = b.String()
	}
	return strings.Join(ranks, "/") + " " + fields[1] + " - - 0 1"
}

// TestNetMirror: a mirrored net (Net.Mirror) evaluates a chess position
// and its mirror image alike, which one without mirroring does not; and a
// trainer adding positions for a mirrored net reads them as the net does.
func TestNetMirror(t *testing.T) {
	r := loadRules(t, "chess")
	positions := randomGamePositions(r, 6, 120, 11)
	plain := randomBucketNet(r, 24, 3, NetBaseMaterial, 4)
	mirror := *plain
	mirror.Mirror = true
	nsPlain, _ := newNetState(plain, r, nil)
	nsMirror, _ := newNetState(&mirror, r, nil)
	differ, left := 0, 0
	for _, p := range positions {
		q, err := r.ParsePosition(flipFilesFEN(t, p.FEN()))
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		if a, b := nsMirror.eval(p), nsMirror.eval(q); a != b {
			t.Fatalf("mirrored net: %s evaluates %d, its mirror image %s %d", p.FEN(), a, q.FEN(), b)
		}
		if nsPlain.eval(p) != nsPlain.eval(q) {
			differ++
		}
		if !nsMirror.mirrored(p, 0) || !nsMirror.mirrored(p, 1) {
			left++ // a view unmirrored in p, mirrored in q
		}
	}
	t.Logf("%d positions: %d differ from their mirror images without mirroring, %d with a royal piece on the left half", len(positions), differ, left)
	if differ < len(positions)/2 || left < len(positions)/10 {
		t.Errorf("of %d positions, %d differ from their mirror images without mirroring, %d have a royal piece on the left half", len(positions), differ, left)
	}
	// The trainer's rows are the net's.
	tr, err := NewNetTrainer(r)
	if err != nil {
		t.Fatal(err)
	}
	tr.Mirror = true
	for i, p := range positions {
		tr.Add(p, 0.5, 0, 0)
		it := tr.items[i]
		nsMirror.eval(p)
		us := p.Turn() & 1
		for k, view := range [2]core.Player{us, 1 - us} {
			var want []int32
			for _, sq := range r.Board.Squares() {
				if pc := p.At(sq); pc.IsPiece() {
					want = append(want, int32(nsMirror.row(view, pc, sq)/mirror.Hidden)) // the trainer's rows are of one unit
				}
			}
			var got []int32
			from, to := it.start, it.mid
			if k == 1 {
				from, to = it.mid, it.end
			}
			for j := from; j < to; j++ {
				got = append(got, tr.feats[j])
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s, view %d: the trainer's rows %v, the net's %v", p.FEN(), view, got, want)
			}
		}
	}
	valid, _ := NewNetTrainer(r)
	valid.Add(positions[0], 0.5, 0, 0)
	if _, _, err := tr.Fit(NetOptions{Hidden: 2, Epochs: 1, Validate: valid}); err == nil || !strings.Contains(err.Error(), "mirrored") {
		t.Errorf("validation positions added unmirrored: %v", err)
	}
	n, _, err := tr.Fit(NetOptions{Hidden: 2, Epochs: 1})
	if err != nil || !n.Mirror {
		t.Errorf("a mirrored fit: %v, mirror %v", err, n != nil && n.Mirror)
	}
}

// TestNetBase: a net of zero weights evaluates a position as its base:
// the material balance for the side to move, or the evaluation's terms,
// with which a search goes exactly as without the net.
func TestNetBase(t *testing.T) {
	r := loadRules(t, "chess")
	n := emptyNet(r, 4)
	n.Base = NetBaseMaterial
	ns, _ := newNetState(n, r, nil)
	q, _ := r.PieceByLetter("Q")
	queen := PieceValues(r)[q]
	for _, tc := range []struct {
		fen  string
		want int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", queen},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -queen},
	} {
		p, err := r.ParsePosition(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := ns.eval(p); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.fen, got, tc.want)
		}
	}
	for _, name := range []string{"chess", "claustrophobia"} {
		r := loadRules(t, name)
		n := emptyNet(r, 4)
		n.Base = NetBaseEvaluation
		p := r.StartPosition()
		with := New(Options{Net: n}).Search(p.Copy(), Limits{Depth: 6})
		without := New(Options{NoNet: true}).Search(p.Copy(), Limits{Depth: 6})
		if with.Move != without.Move || with.Score != without.Score || with.Nodes != without.Nodes {
			t.Errorf("%s: a zero net on the evaluation: %v %d (%d nodes); without: %v %d (%d nodes)", name, with.Move, with.Score, with.Nodes, without.Move, without.Score, without.Nodes)
		}
	}
}

// materialFitData returns trainers of chess positions from random games
// scored by half their material balance, with results that those scores
// predict exactly at K = 1: every tenth position in valid, the others in
// tr; and the positions and their score.
func materialFitData(t *testing.T, r *core.Rules) (tr, valid *NetTrainer, positions []*core.Position, score func(*core.Position) float64) {
	t.Helper()
	values := PieceValues(r)
	positions = randomGamePositions(r, 40, 200, 5)
	score = func(p *core.Position) float64 {
		s := 0
		for _, sq := range r.Board.Squares() {
			if pc := p.At(sq); pc.IsPiece() {
				v := values[pc.Type()]
				if pc.Owner() == 1 {
					v = -v
				}
				s += v
			}
		}
		return float64(s) / 2 // within the range a few units can reach
	}
	tr, err := NewNetTrainer(r)
	if err != nil {
		t.Fatal(err)
	}
	valid, _ = NewNetTrainer(r)
	for i, p := range positions {
		s := score(p)
		res := sigmoid(s, 1) // the scores predict the results exactly at K = 1
		if i%10 == 9 {
			valid.Add(p, res, s, 0)
		} else {
			tr.Add(p, res, s, 0)
		}
	}
	return tr, valid, positions, score
}

// TestNetFit: a net fitted to positions whose scores are a simple function
// of the board (the material balance, with every position's result the
// expected score of its score) predicts them far better than the net it
// starts from, and the quantised net it returns evaluates positions close
// to that function.
func TestNetFit(t *testing.T) {
	r := loadRules(t, "chess")
	tr, valid, positions, score := materialFitData(t, r)
	n, rep, err := tr.Fit(NetOptions{Hidden: 8, Epochs: 60, Rate: 0.01, Batch: 64, Seed: 1, Validate: valid})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(rep.K-1) > 0.05 {
		t.Errorf("K %.3f, want 1", rep.K)
	}
	if !(rep.Valid < rep.ValidStart/4) {
		t.Errorf("validation error %.5f, first epoch %.5f: the fit did not learn", rep.Valid, rep.ValidStart)
	}
	// NetScore reads the fitted net's error on the held-out positions as
	// the fit did (up to the rounding of its weights), and a random net's
	// as larger.
	sc, err := NewNetScore(r, []*Net{n, randomNet(r, 8, 3, "")})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range positions {
		if i%10 == 9 {
			s := score(p)
			sc.Add(p, sigmoid(s, 1), s, 0)
		}
	}
	errs, k := sc.Errors()
	if sc.Len() != valid.Len() || math.Abs(k-1) > 0.05 {
		t.Errorf("NetScore: %d positions at K %.3f, want %d at 1", sc.Len(), k, valid.Len())
	}
	if math.Abs(errs[0]-rep.Valid) > 0.1*rep.Valid+0.0005 {
		t.Errorf("NetScore: the fitted net's error %.5f, the fit's %.5f", errs[0], rep.Valid)
	}
	t.Logf("NetScore: the fitted net's error %.5f (the fit's %.5f), a random net's %.5f", errs[0], rep.Valid, errs[1])
	if !(errs[1] > 2*errs[0]) {
		t.Errorf("NetScore: a random net's error %.5f, the fitted net's %.5f", errs[1], errs[0])
	}
	ns, err := newNetState(n, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	// compare returns how many positions a net's evaluation, read at
	// scale k, puts more than 0.05 in expected score from their scores
	// (compared so since the fit weighs an error by how much it changes
	// the expected score, little in lopsided positions), and the ratio of
	// its centipawns to the scores'.
	compare := func(ns *netState, k float64) (far int, ratio float64) {
		var sumNet, sumScore float64
		for _, p := range positions {
			want := score(p)
			if p.Turn() == 1 {
				want = -want
			}
			got := float64(ns.eval(p))
			sumNet += math.Abs(got)
			sumScore += math.Abs(want)
			if d := math.Abs(sigmoid(got, k) - sigmoid(want, 1)); d > 0.05 {
				far++
			}
		}
		return far, sumNet / sumScore
	}
	far, _ := compare(ns, 1)
	t.Logf("K %.3f, validation error %.5f (first epoch %.5f); %d of %d positions more than 0.05 off", rep.K, rep.Valid, rep.ValidStart, far, len(positions))
	if far > len(positions)/12 {
		t.Errorf("%d of %d positions evaluated more than 0.05 in expected score from their scores", far, len(positions))
	}
	if _, _, err := tr.Fit(NetOptions{Hidden: 0}); err == nil {
		t.Error("a net of 0 hidden units was fitted")
	}
	// Two workers share each batch: the fit learns as well, and the same
	// fit again gives the same net.
	opt := NetOptions{Hidden: 8, Epochs: 60, Rate: 0.01, Batch: 64, Seed: 1, Validate: valid, Workers: 2}
	n2, rep2, err := tr.Fit(opt)
	if err != nil {
		t.Fatal(err)
	}
	if !(rep2.Valid < rep.ValidStart/4) || math.Abs(rep2.Valid-rep.Valid) > rep.Valid/2 {
		t.Errorf("two workers: validation error %.5f, one worker %.5f (first epoch %.5f)", rep2.Valid, rep.Valid, rep.ValidStart)
	}
	n3, _, err := tr.Fit(opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(n2.Input, n3.Input) || !slices.Equal(n2.Output, n3.Output) || n2.OutBias != n3.OutBias {
		t.Error("two fits with two workers gave different nets")
	}
	// Squared units learn too, and their net evaluates as the fit does.
	sq := NetOptions{Hidden: 8, Epochs: 60, Rate: 0.01, Batch: 64, Seed: 1, Validate: valid, Squared: true}
	n5, rep5, err := tr.Fit(sq)
	if err != nil {
		t.Fatal(err)
	}
	if !n5.Squared || !(rep5.Valid < rep.ValidStart/4) {
		t.Errorf("squared: validation error %.5f, first epoch %.5f (squared %v)", rep5.Valid, rep.ValidStart, n5.Squared)
	}
	ns5, err := newNetState(n5, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	far, _ = compare(ns5, 1)
	if far > len(positions)/12 {
		t.Errorf("squared: %d of %d positions evaluated more than 0.05 in expected score from their scores", far, len(positions))
	}
	// Output buckets learn too, and their net evaluates as the fit does.
	bk := NetOptions{Hidden: 8, Epochs: 60, Rate: 0.01, Batch: 64, Seed: 1, Validate: valid, Squared: true, Buckets: 4}
	n7, rep7, err := tr.Fit(bk)
	if err != nil {
		t.Fatal(err)
	}
	if n7.Buckets != 4 || n7.BucketPieces != 32 || len(n7.Output) != 4*2*8 || !(rep7.Valid < rep.ValidStart/4) {
		t.Errorf("buckets: %d buckets of %d pieces, %d output weights; validation error %.5f, first epoch %.5f", n7.Buckets, n7.BucketPieces, len(n7.Output), rep7.Valid, rep.ValidStart)
	}
	ns7, err := newNetState(n7, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	far, _ = compare(ns7, 1)
	if far > len(positions)/12 {
		t.Errorf("buckets: %d of %d positions evaluated more than 0.05 in expected score from their scores", far, len(positions))
	}
	if _, _, err := tr.Fit(NetOptions{Hidden: 8, Buckets: maxNetBuckets + 1}); err == nil || !strings.Contains(err.Error(), "output buckets") {
		t.Errorf("a fit of %d buckets: %v", maxNetBuckets+1, err)
	}
	// EvalScale: the scores are half the evaluation's centipawns (about
	// the material balance), so the net is read at about half their
	// scale and speaks the evaluation's centipawns, twice the scores.
	es := NetOptions{Hidden: 8, Epochs: 60, Rate: 0.01, Batch: 64, Seed: 1, Validate: valid, EvalScale: true}
	n6, rep6, err := tr.Fit(es)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(rep6.K-1) > 0.05 || rep6.NetK < 0.35 || rep6.NetK > 0.65 || !(rep6.Valid < rep.ValidStart/4) {
		t.Errorf("eval scale: K %.3f, the net's %.3f (want about 0.5), validation error %.5f", rep6.K, rep6.NetK, rep6.Valid)
	}
	if rep.NetK != rep.K {
		t.Errorf("without eval scale the net is read at %.3f, not the scores' K %.3f", rep.NetK, rep.K)
	}
	ns6, err := newNetState(n6, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	far, ratio := compare(ns6, rep6.NetK)
	if ratio < 1.6 || ratio > 2.5 || far > len(positions)/12 {
		t.Errorf("eval scale: the net's centipawns are %.2f × the scores' (want about 2); %d of %d positions more than 0.05 off", ratio, far, len(positions))
	}
	// Halving: past the best epoch the step is halved, and the net
	// returned is that of the lowest validation error.
	var log strings.Builder
	opt.Halving, opt.Epochs, opt.Rate, opt.Log = true, 80, 0.05, &log
	_, rep4, err := tr.Fit(opt)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "(rate 0.025)") {
		t.Errorf("halving: the step was never halved:\n%s", log.String())
	}
	for line := range strings.Lines(log.String()) {
		var epoch int
		var train, valid, rate float64
		if _, err := fmt.Sscanf(line, "epoch %d: error %f, validation %f (rate %f)", &epoch, &train, &valid, &rate); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if valid < rep4.Valid-1e-5 {
			t.Errorf("halving: epoch %d's validation error %.5f is below the returned net's %.5f", epoch, valid, rep4.Valid)
		}
	}
}

// TestNetFitFrom: a fit started from a net starts from its weights (a net
// of one bucket in each of the fit's buckets), returns no net worse on the
// validation positions than it, and refuses a net of another shape.
func TestNetFitFrom(t *testing.T) {
	r := loadRules(t, "chess")
	tr, valid, _, _ := materialFitData(t, r)
	opt := NetOptions{Hidden: 8, Epochs: 40, Rate: 0.01, Batch: 64, Seed: 1, Validate: valid, Squared: true}
	n, rep, err := tr.Fit(opt)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b []int16, what string) {
		t.Helper()
		if len(a) != len(b) {
			t.Fatalf("%s: %d weights, want %d", what, len(a), len(b))
		}
		for i := range a {
			if d := int(a[i]) - int(b[i]); d < -1 || d > 1 {
				t.Fatalf("%s: weight %d is %d, the starting net's %d", what, i, a[i], b[i])
			}
		}
	}
	// A step too small to move a weight: the net comes back as it went in,
	// and its epoch-0 error is the one its own fit reported.
	var log strings.Builder
	still := opt
	still.From, still.Rate, still.Epochs, still.Log = n, 1e-12, 1, &log
	n2, rep2, err := tr.Fit(still)
	if err != nil {
		t.Fatal(err)
	}
	near(n2.Input, n.Input, "input")
	near(n2.Bias, n.Bias, "bias")
	near(n2.Output, n.Output, "output")
	if d := n2.OutBias - n.OutBias; d < -64 || d > 64 {
		t.Errorf("output bias %d, the starting net's %d", n2.OutBias, n.OutBias)
	}
	if !strings.HasPrefix(log.String(), "epoch 0 (the starting net)") || math.Abs(rep2.Valid-rep.Valid) > 0.05*rep.Valid+1e-4 {
		t.Errorf("started from a net of validation error %.5f: %.5f; log:\n%s", rep.Valid, rep2.Valid, log.String())
	}
	// Into four buckets: each starts with the one output layer.
	still.Buckets = 4
	n4, _, err := tr.Fit(still)
	if err != nil {
		t.Fatal(err)
	}
	for b := range 4 {
		near(n4.Output[2*b*8:2*(b+1)*8], n.Output, fmt.Sprintf("bucket %d's output", b))
		if d := n4.BucketBias[b] + n4.OutBias - n.OutBias; d < -64 || d > 64 {
			t.Errorf("bucket %d's bias %d + %d, the starting net's %d", b, n4.BucketBias[b], n4.OutBias, n.OutBias)
		}
	}
	// A real fit from it, with a step large enough to get worse, returns
	// a net at least as good on the validation positions.
	log.Reset()
	on := opt
	on.From, on.Rate, on.Epochs, on.Halving, on.Buckets, on.Log = n4, 0.2, 3, true, 4, &log
	_, rep3, err := tr.Fit(on)
	if err != nil {
		t.Fatal(err)
	}
	var start float64
	if _, err := fmt.Sscanf(log.String(), "epoch 0 (the starting net): error %f, validation %f", new(float64), &start); err != nil {
		t.Fatalf("log %q: %v", log.String(), err)
	}
	if rep3.Valid > start+1e-5 { // the log rounds to 5 places
		t.Errorf("started at validation error %.5f, returned %.5f", start, rep3.Valid)
	}
	t.Logf("from a net of validation error %.5f at step 0.2: %.5f (epoch %d)\n%s", start, rep3.Valid, rep3.BestEpoch, log.String())
	for _, c := range []struct {
		name string
		opt  NetOptions
		want string
	}{
		{"other units", NetOptions{Hidden: 4, Squared: true, From: n}, "hidden units"},
		{"not squared", NetOptions{Hidden: 8, From: n}, "squared"},
		{"other buckets", NetOptions{Hidden: 8, Squared: true, Buckets: 2, From: n4}, "output buckets"},
		{"other game", NetOptions{Hidden: 8, Squared: true, From: randomSquaredNet(loadRules(t, "siberia"), 8, 1, "")}, "made for siberia"},
		{"other base", NetOptions{Hidden: 8, Squared: true, From: randomSquaredNet(r, 8, 1, NetBaseMaterial)}, "adds its output"},
	} {
		if _, _, err := tr.Fit(c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error about %q", c.name, err, c.want)
		}
	}
	tr.Mirror = true
	if _, _, err := tr.Fit(NetOptions{Hidden: 8, Squared: true, From: n}); err == nil || !strings.Contains(err.Error(), "mirrored") {
		t.Errorf("a mirrored fit from a net not mirrored: %v", err)
	}
}

// TestNetFits: a net is used only in the game it was made for.
func TestNetFits(t *testing.T) {
	chess := loadRules(t, "chess")
	n := emptyNet(chess, 2)
	if err := n.Fits(chess); err != nil {
		t.Errorf("chess: %v", err)
	}
	for _, name := range []string{"siberia", "martian-chess", "infinite-plane"} {
		if err := n.Fits(loadRules(t, name)); err == nil {
			t.Errorf("a chess net fits %s", name)
		}
	}
	if _, err := NewNetTrainer(loadRules(t, "infinite-plane")); err == nil {
		t.Error("a net trainer for the plane")
	}
	// An engine given a net of another game evaluates as without it.
	sib := loadRules(t, "siberia")
	p := sib.StartPosition()
	with := New(Options{Net: randomNet(chess, 4, 1, "")}).Search(p.Copy(), Limits{Depth: 4})
	without := New(Options{}).Search(p.Copy(), Limits{Depth: 4})
	if with.Move != without.Move || with.Score != without.Score || with.Nodes != without.Nodes {
		t.Errorf("siberia with a chess net: %v %d (%d nodes), without: %v %d (%d nodes)", with.Move, with.Score, with.Nodes, without.Move, without.Score, without.Nodes)
	}
	// With a net of its game the search evaluates by the net.
	c := chess.StartPosition()
	with = New(Options{Net: randomNet(chess, 4, 1, "")}).Search(c.Copy(), Limits{Depth: 4})
	without = New(Options{}).Search(c.Copy(), Limits{Depth: 4})
	if with.Score == without.Score && with.Nodes == without.Nodes {
		t.Error("chess with a random net searched as without it")
	}
}

// TestParseNet: a net whose sizes disagree, or that is not JSON, is an
// error that names the problem; a written net reads back the same.
func TestParseNet(t *testing.T) {
	r := loadRules(t, "chess")
	good := randomNet(r, 3, 2, NetBaseMaterial)
	data, err := json.Marshal(good)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseNet(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Hidden != 3 || back.Input[5] != good.Input[5] || back.OutBias != good.OutBias || back.Base != NetBaseMaterial {
		t.Error("the net read back differs")
	}
	path := filepath.Join(t.TempDir(), "n.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadNet(path); err != nil {
		t.Error(err)
	}
	if _, err := LoadNet(path + ".missing"); err == nil {
		t.Error("a missing file loaded")
	}
	for _, tc := range []struct {
		change func(n *Net)
		want   string
	}{
		{func(n *Net) { n.Hidden = 0 }, "hidden units"},
		{func(n *Net) { n.Hidden = 2000 }, "hidden units"},
		{func(n *Net) { n.Input = n.Input[1:] }, "input weights"},
		{func(n *Net) { n.Bias = nil }, "biases"},
		{func(n *Net) { n.Output = n.Output[:1] }, "output weights"},
		{func(n *Net) { n.Files = 0 }, "board"},
		{func(n *Net) { n.Ranks = 100 }, "board"},
		{func(n *Net) { n.Types = n.Types[:1] }, "piece types"},
		{func(n *Net) { n.Base = "pawns" }, "base"},
		{func(n *Net) { n.Squared, n.Output = true, []int16{1, 2, 3, -200, 5, 6} }, "output weight 3 is -200"},
		{func(n *Net) { n.Input = append([]int16{600}, n.Input[1:]...) }, "hidden unit 0 could sum to"},
		{func(n *Net) { n.Buckets = maxNetBuckets + 1 }, "output buckets"},
		{func(n *Net) { n.Buckets = -1 }, "output buckets"},
		{func(n *Net) { n.Buckets, n.BucketPieces = 2, 0 }, "pieces at the start"},
		{func(n *Net) { n.Buckets, n.BucketPieces = 2, 65 }, "pieces at the start"},
		{func(n *Net) { n.Buckets, n.BucketPieces, n.BucketBias = 2, 32, []int32{1} }, "1 bucket biases: want 2"},
		{func(n *Net) { n.BucketBias = []int32{1} }, "1 bucket biases: want 0"},
		{func(n *Net) { n.Buckets, n.BucketPieces, n.BucketBias = 2, 32, []int32{1, 2} }, "6 output weights: want 12"},
		{func(n *Net) { n.Bias = []int16{math.MaxInt16, 0, 0} }, "hidden unit 0 could sum to"},
	} {
		n := *good
		tc.change(&n)
		data, _ := json.Marshal(&n)
		if _, err := ParseNet(data); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want an error naming %q, got %v", tc.want, err)
		}
	}
	if _, err := ParseNet([]byte("{")); err == nil {
		t.Error("a broken file parsed")
	}
	bucketed := randomBucketNet(r, 3, 2, "", 4)
	data, _ = json.Marshal(bucketed)
	if back, err := ParseNet(data); err != nil || back.Buckets != 4 || back.BucketPieces != 32 || !slices.Equal(back.BucketBias, bucketed.BucketBias) || !slices.Equal(back.Output, bucketed.Output) {
		t.Errorf("a net of output buckets read back differs (%v)", err)
	}
}

// TestNetBucket: the output buckets share the piece counts from 1 to the
// start's evenly; more pieces than the start's count as the start's.
func TestNetBucket(t *testing.T) {
	for _, tc := range []struct{ pieces, buckets, full, want int }{
		{32, 1, 32, 0}, {32, 0, 32, 0}, {5, 8, 0, 0},
		{0, 8, 32, 0}, {2, 8, 32, 0}, {4, 8, 32, 0}, {5, 8, 32, 1}, {16, 8, 32, 3},
		{28, 8, 32, 6}, {29, 8, 32, 7}, {32, 8, 32, 7}, {40, 8, 32, 7},
		{1, 32, 32, 0}, {17, 32, 32, 16}, {32, 32, 32, 31},
		{10, 4, 20, 1}, {20, 4, 20, 3},
	} {
		if got := netBucket(tc.pieces, tc.buckets, tc.full); got != tc.want {
			t.Errorf("netBucket(%d pieces, %d buckets, %d at the start) = %d, want %d", tc.pieces, tc.buckets, tc.full, got, tc.want)
		}
	}
	if got := startPieces(loadRules(t, "chess")); got != 32 {
		t.Errorf("chess starts with %d pieces, want 32", got)
	}
}

// FuzzParseNet: no input makes ParseNet panic, and a net it accepts can be
// evaluated wherever it fits.
func FuzzParseNet(f *testing.F) {
	r := loadRules(f, "chess")
	data, _ := json.Marshal(randomNet(r, 2, 3, NetBaseEvaluation))
	f.Add(data)
	data, _ = json.Marshal(randomBucketNet(r, 2, 3, "", 3))
	f.Add(data)
	mirrored := randomNet(r, 2, 4, "")
	mirrored.Mirror = true
	data, _ = json.Marshal(mirrored)
	f.Add(data)
	f.Add([]byte(`{"files":8,"ranks":8,"types":["","P"],"hidden":1,"input":[1],"bias":[1],"output":[1,1]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ParseNet(data)
		if err != nil {
			return
		}
		if ns, err := newNetState(n, r, evaluatorFor(r)); err == nil {
			ns.eval(r.StartPosition())
		}
	})
}

// TestNetGradient: the gradient a fit steps by is the derivative of the
// squared error, checked by finite differences on a few weights of each
// kind, with plain and squared units, with one output layer and with a
// bucket for each piece count (positions of different counts).
func TestNetGradient(t *testing.T) {
	r := loadRules(t, "chess")
	tr, _ := NewNetTrainer(r)
	positions := randomGamePositions(r, 2, 60, 4)
	for _, i := range []int{0, len(positions) / 3, 2 * len(positions) / 3, len(positions) - 1} {
		tr.Add(positions[i], 0.7, 35, 0.5)
	}
	setTargets(tr.items, 1)
	h := 3
	inputs := tr.fitInputs()
	rng := rand.New(rand.NewPCG(8, 9))
	for _, buckets := range []int{1, maxNetBuckets} {
		params := make([]float64, inputs*h+h+2*h*buckets+buckets)
		for i := range params {
			params[i] = rng.Float64()*0.4 - 0.1
		}
		for _, squared := range []bool{false, true} {
			checkNetGradient(t, tr, params, inputs, h, buckets, squared)
		}
	}
}

// checkNetGradient compares the fit's gradient at params with finite
// differences.
func checkNetGradient(t *testing.T, tr *NetTrainer, params []float64, inputs, h, buckets int, squared bool) {
	f := newNetFit(params, inputs, h, buckets, 1)
	f.squared, f.full = squared, tr.full
	used := map[int]bool{}
	for i := range tr.items {
		used[f.bucket(&tr.items[i])] = true
	}
	if buckets > 1 && len(used) < 2 {
		t.Fatalf("%d buckets: the positions all fall in one (%v)", buckets, used)
	}
	sc := newNetScratch(h)
	loss := func() float64 {
		sum := 0.0
		for i := range tr.items {
			d := f.predict(f.forward(tr, &tr.items[i], sc)) - float64(tr.items[i].target)
			sum += d * d
		}
		return sum
	}
	grad := make([]float64, len(params))
	g := newNetFit(grad, inputs, h, buckets, 1)
	g.squared, g.full = squared, tr.full
	for i := range tr.items {
		f.step(tr, &tr.items[i], g, sc)
	}
	// Weights the positions use: each item's first rows and factors,
	// the biases, every output layer and output bias.
	var check []int
	for _, row := range tr.feats[:3] {
		factor := tr.factor(int(row))
		check = append(check, int(row)*h, int(row)*h+2, factor*h, factor*h+2)
	}
	for j := range h + 2*h*buckets + buckets {
		check = append(check, inputs*h+j)
	}
	for _, i := range check {
		old := params[i]
		params[i] = old + 1e-6
		up := loss()
		params[i] = old - 1e-6
		down := loss()
		params[i] = old
		num := (up - down) / 2e-6
		if math.Abs(num-grad[i]) > 1e-6+1e-4*math.Abs(num) {
			t.Errorf("%d buckets, squared %v: weight %d: gradient %.8f, by differences %.8f", buckets, squared, i, grad[i], num)
		}
	}
}

// BenchmarkNetSearch: a chess search evaluating with a net of 256 units, in
// nodes a second (against BenchmarkSearchChess, the tables).
func BenchmarkNetSearch(b *testing.B) {
	r := loadRules(b, "chess")
	e := New(Options{Net: randomNet(r, 256, 1, "")})
	var nodes uint64
	b.ResetTimer()
	for range b.N {
		e.NewGame()
		nodes += e.Search(r.StartPosition(), Limits{Depth: 7}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestBuiltinNets: every net the package carries reads, is for the variant
// its file names and fits it; BuiltinNet gives it for that variant and
// nothing for a variant without a file; an engine given no options
// searches with it, and NoNet without it.
func TestBuiltinNets(t *testing.T) {
	entries, err := weightFiles.ReadDir("weights")
	if err != nil {
		t.Fatal(err)
	}
	carried := map[string]bool{}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".net.json.gz")
		if !ok {
			continue
		}
		carried[name] = true
		r := loadRules(t, name)
		n := readBuiltinNet(name)
		if n == nil || n.Variant != name || n.Fits(r) != nil {
			t.Errorf("%s: the carried net does not fit its variant", e.Name())
			continue
		}
		if b := BuiltinNet(r); b == nil || b.Note != n.Note || b.Hidden != n.Hidden || b.Squared != n.Squared {
			t.Errorf("%s: BuiltinNet does not give the carried net", name)
		}
		p := r.StartPosition()
		def := New(Options{}).Search(p.Copy(), Limits{Depth: 5})
		with := New(Options{Net: n}).Search(p.Copy(), Limits{Depth: 5})
		without := New(Options{NoNet: true}).Search(p.Copy(), Limits{Depth: 5})
		if def.Move != with.Move || def.Score != with.Score || def.Nodes != with.Nodes {
			t.Errorf("%s: the default engine does not search with the carried net", name)
		}
		if without.Score == with.Score && without.Nodes == with.Nodes {
			t.Errorf("%s: NoNet searches as with the net", name)
		}
	}
	for _, name := range []string{"chess", "siberia"} {
		if !carried[name] {
			t.Errorf("no %s net carried", name)
		}
	}
	for _, name := range []string{"claustrophobia", "martian-chess", "infinite-plane"} {
		if !carried[name] && BuiltinNet(loadRules(t, name)) != nil {
			t.Errorf("%s: a built-in net without a file", name)
		}
	}
}

// BenchmarkNetEval: a net of 256 squared units evaluating the positions
// of random games one after another, as a search's consecutive
// evaluations, with one output layer, with 8 output buckets, and with 8
// buckets and mirrored views.
func BenchmarkNetEval(b *testing.B) {
	r := loadRules(b, "chess")
	positions := randomGamePositions(r, 4, 120, 3)
	for _, tc := range []struct {
		name string
		n    *Net
	}{
		{"one-layer", randomSquaredNet(r, 256, 1, "")},
		{"8-buckets", randomBucketNet(r, 256, 1, "", 8)},
		{"8-buckets-mirrored", func() *Net { n := randomBucketNet(r, 256, 1, "", 8); n.Mirror = true; return n }()},
	} {
		b.Run(tc.name, func(b *testing.B) {
			ns, err := newNetState(tc.n, r, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ns.eval(positions[i])
				i = (i + 1) % len(positions)
			}
		})
	}
}

// BenchmarkNetFit is an epoch of a chess net's fit (256 squared units, 8
// output buckets, mirrored) over 4,000 positions of random games.
func BenchmarkNetFit(b *testing.B) {
	r := loadRules(b, "chess")
	tr, err := NewNetTrainer(r)
	if err != nil {
		b.Fatal(err)
	}
	tr.Mirror = true
	for i, p := range randomGamePositions(r, 40, 100, 7) {
		tr.Add(p, float64(i%3)/2, float64(i%200-100), 0)
	}
	b.ResetTimer()
	for range b.N {
		if _, _, err := tr.Fit(NetOptions{Hidden: 256, Epochs: 1, Rate: 1, Batch: 1024, Workers: 1, Squared: true, Buckets: 8}); err != nil {
			b.Fatal(err)
		}
	}
}
