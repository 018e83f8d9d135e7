package match

// Tests of the match runner: scoring and Elo intervals, seating, openings, adjudication, player descriptions, UCI.

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/notation"
	"anychess/search"
	"anychess/variant"
)

func TestScoreElo(t *testing.T) {
	for _, tc := range []struct {
		name           string
		games          []float64
		elo, lo, hi    float64 // NaN: do not check
		wantW, wD, wL  int
		wantFraction   float64
		infinite, zero bool
	}{
		{name: "even", games: []float64{1, 0, 1, 0}, elo: 0, lo: math.NaN(), hi: math.NaN(), wantW: 2, wL: 2, wantFraction: 0.5},
		{name: "75%", games: []float64{1, 1, 1, 0}, elo: 190.8, lo: math.NaN(), hi: math.NaN(), wantW: 3, wL: 1, wantFraction: 0.75},
		{name: "draws", games: []float64{0.5, 0.5, 1, 0.5}, elo: 88.7, lo: math.NaN(), hi: math.NaN(), wantW: 1, wD: 3, wantFraction: 0.625},
		// 20 wins: the lower bound is the rule of three, 1-3/20 = 85%.
		{name: "all won", games: repeat(1, 20), elo: math.Inf(1), lo: 301.3, hi: math.Inf(1), wantW: 20, wantFraction: 1},
	} {
		var s Score
		for _, g := range tc.games {
			s.Add(g)
		}
		elo, lo, hi := s.Elo()
		near := func(a, b float64) bool { return math.IsNaN(b) || a == b || math.Abs(a-b) < 0.1 }
		if !near(elo, tc.elo) || !near(lo, tc.lo) || !near(hi, tc.hi) {
			t.Errorf("%s: Elo %.1f [%.1f, %.1f], want %.1f [%.1f, %.1f]", tc.name, elo, lo, hi, tc.elo, tc.lo, tc.hi)
		}
		if s.Wins != tc.wantW || s.Draws != tc.wD || s.Losses != tc.wL || s.Fraction() != tc.wantFraction {
			t.Errorf("%s: %s", tc.name, s)
		}
		if lo > elo || hi < elo {
			t.Errorf("%s: interval [%.1f, %.1f] leaves out %.1f", tc.name, lo, hi, elo)
		}
	}
	// Draws narrow the interval: the same score from draws is surer.
	var wl, dd Score
	for i := 0; i < 20; i++ {
		wl.Add(float64(i % 2))
		dd.Add(0.5)
	}
	_, lo1, hi1 := wl.Elo()
	_, lo2, hi2 := dd.Elo()
	if hi2-lo2 >= hi1-lo1 {
		t.Errorf("all draws: interval %.0f wide, wins and losses %.0f", hi2-lo2, hi1-lo1)
	}
}

func repeat(v float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func TestPoints(t *testing.T) {
	r4, err := variant.Load("martian-chess", map[string]string{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	r2, _ := variant.Load("chess", nil)
	for _, tc := range []struct {
		r     *core.Rules
		o     core.Outcome
		seats []bool
		want  float64
	}{
		{r2, core.WinFor(0, ""), []bool{true, false}, 1},
		{r2, core.WinFor(0, ""), []bool{false, true}, 0},
		{r2, core.Outcome{Status: core.Draw}, []bool{true, false}, 0.5},
		{r4, core.Outcome{Status: core.Win, Winners: 0b0101}, []bool{true, false, true, false}, 1},
		{r4, core.Outcome{Status: core.Win, Winners: 0b0011}, []bool{true, false, true, false}, 0.5},
		{r4, core.WinFor(3, ""), []bool{false, false, false, true}, 1},
	} {
		if got := Points(tc.r, tc.o, tc.seats); got != tc.want {
			t.Errorf("%s %v seats %v: %.2f points, want %.2f", tc.r.Name(), tc.o, tc.seats, got, tc.want)
		}
	}
}

// TestRunSeatsAndOpenings: seats alternate, each opening is played with
// both colours, and every game is recorded.
func TestRunSeatsAndOpenings(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	var log strings.Builder
	cfg := Config{Rules: r, Games: 4, RandomPlies: 3, MaxPlies: 12, Seed: 7, Log: &log}
	rep, err := Run(cfg, game.NewRandom(1), game.NewRandom(2))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Score.Games != 4 || len(rep.Results) != 4 || strings.Count(log.String(), "\n") != 4 {
		t.Fatalf("%d games, %d results, log:\n%s", rep.Score.Games, len(rep.Results), log.String())
	}
	for i, res := range rep.Results {
		if res.ASeats[i%2] != true || res.ASeats[1-i%2] != false {
			t.Errorf("game %d: A's seats %v", i+1, res.ASeats)
		}
		if res.Plies > 12 || len(res.Moves) != res.Plies {
			t.Errorf("game %d: %d plies, %d moves", i+1, res.Plies, len(res.Moves))
		}
	}
	for pair := 0; pair < 2; pair++ {
		a, b := rep.Results[2*pair].Moves[:3], rep.Results[2*pair+1].Moves[:3]
		if strings.Join(a, " ") != strings.Join(b, " ") {
			t.Errorf("pair %d: openings %v and %v differ", pair, a, b)
		}
	}
	if strings.Join(rep.Results[0].Moves[:3], " ") == strings.Join(rep.Results[2].Moves[:3], " ") {
		t.Errorf("two pairs share the opening %v", rep.Results[0].Moves[:3])
	}
	if rep.Adjudicated == 0 {
		t.Errorf("no game of 12 plies was adjudicated")
	}
}

// TestRecord: the record holds every game's moves, from the start, and
// they replay to the game's end.
func TestRecord(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	var rec strings.Builder
	rep, err := Run(Config{Rules: r, Games: 3, RandomPlies: 2, MaxPlies: 30, Record: &rec}, game.NewRandom(1), game.NewRandom(2))
	if err != nil {
		t.Fatal(err)
	}
	games := strings.Split(strings.TrimSuffix(rec.String(), "\n\n"), "\n\n")
	if len(games) != len(rep.Results) {
		t.Fatalf("%d games recorded, %d played:\n%s", len(games), len(rep.Results), rec.String())
	}
	for i, text := range games {
		head, moves, ok := strings.Cut(text, "\nmoves ")
		if want := fmt.Sprintf("game %d: A=", i+1); !ok || !strings.HasPrefix(head, want) {
			t.Fatalf("game %d: record %q", i+1, text)
		}
		p := r.StartPosition()
		for _, m := range strings.Fields(moves) {
			mv, err := notation.Coordinate.Decode(p, m)
			if err != nil {
				t.Fatalf("game %d: %s: %v", i+1, m, err)
			}
			p.MakeMove(mv)
		}
		if p.Ply() != rep.Results[i].Plies || p.Ply() != 30 && p.Outcome().Status == core.Ongoing {
			t.Errorf("game %d: %d plies replayed, %d played, outcome %v", i+1, p.Ply(), rep.Results[i].Plies, p.Outcome())
		}
	}
}

func TestRunOneSeatRotates(t *testing.T) {
	r, err := variant.Load("martian-chess", map[string]string{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(Config{Rules: r, Games: 4, Seating: One, MaxPlies: 8}, game.NewRandom(1), game.NewRandom(2))
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range rep.Results {
		for s, a := range res.ASeats {
			if a != (s == i) {
				t.Errorf("game %d: A's seats %v", i+1, res.ASeats)
			}
		}
	}
}

func TestAdjudicate(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	for _, tc := range []struct {
		fen  string
		want core.Outcome
	}{
		{"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", core.Outcome{Status: core.Win, Winners: 1}},
		{"4k3/8/8/8/8/8/8/q3K3 w - - 0 1", core.Outcome{Status: core.Win, Winners: 2}},
		{"4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", core.Outcome{Status: core.Draw}},
	} {
		p, _ := r.ParseFEN(tc.fen)
		for _, material := range []bool{false, true} {
			got := Adjudicate(p, 300, material)
			if got.Status != tc.want.Status || got.Winners != tc.want.Winners {
				t.Errorf("%s (material %v): %v, want %v", tc.fen, material, got, tc.want)
			}
		}
	}
}

// TestAdjudicateChess: two queens up wins by either measure; a pawn up
// is under the margin.
func TestAdjudicateChess(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	for _, c := range []struct {
		fen      string
		material bool
		winners  uint64 // 0: a draw
	}{
		{"4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", true, 1},
		{"4k3/8/8/8/8/8/8/QQ2K3 b - - 0 1", false, 1},
		{"qq2k3/8/8/8/8/8/8/4K3 w - - 0 1", true, 2},
		{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", true, 0},
		{"4k3/pppppppp/8/8/8/8/PPPPPPP1/4K3 w - - 0 1", true, 0}, // a pawn is under the margin
	} {
		p, err := r.ParsePosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		o := Adjudicate(p, 300, c.material)
		switch {
		case c.winners == 0 && o.Status != core.Draw,
			c.winners != 0 && (o.Status != core.Win || uint64(o.Winners) != c.winners):
			t.Errorf("%s (material %v): %v", c.fen, c.material, o)
		}
	}
}

// TestAdjudicateMaterial: Martian Chess with a queen each on the board,
// where player 1 has captured two queens (and with teams, its partner
// holds the extra queen on the board): the evaluation (points captured)
// decides, or material alone, summed over a team.
func TestAdjudicateMaterial(t *testing.T) {
	two, _ := variant.Load("martian-chess", nil)
	teams, _ := variant.Load("martian-chess", map[string]string{"players": "4", "teams": ""})
	for _, tc := range []struct {
		rules              *core.Rules
		text               string
		byEval, byMaterial core.Outcome
	}{
		{two, "Q3/4/4/4/4/4/4/Q3 1 QQ/- - -",
			core.Outcome{Status: core.Win, Winners: 1}, core.Outcome{Status: core.Draw}},
		{two, "Q3/4/4/4/4/4/Q3/Q3 2 -/QQ - -",
			core.Outcome{Status: core.Win, Winners: 2}, core.Outcome{Status: core.Win, Winners: 1}},
		{teams, "Q6Q/8/8/8/8/8/8/Q7 1 -/-/-/- - -",
			core.Outcome{Status: core.Draw}, core.Outcome{Status: core.Win, Winners: 1 | 4}},
	} {
		p, err := tc.rules.ParsePosition(tc.text)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		for _, c := range []struct {
			material bool
			want     core.Outcome
		}{{false, tc.byEval}, {true, tc.byMaterial}} {
			got := Adjudicate(p, 300, c.material)
			if got.Status != c.want.Status || got.Winners != c.want.Winners {
				t.Errorf("%s (material %v): %v, want %v", tc.text, c.material, got, c.want)
			}
		}
	}
}

func TestParsePlayer(t *testing.T) {
	for _, tc := range []struct {
		desc string
		ok   bool
	}{
		{"random", true},
		{"anychess", true},
		{"anychess:level=3", true},
		{"anychess:depth=4,nott,nonull,nolmr,nopvs,nokillers,nohistory,noquiescence,nocheckext,checkext,null,material,maxn,hash=2,noise=10", true},
		{"anychess:movetime=20ms,nodes=1000", true},
		{"anychess:level=9", false},
		{"anychess:depth=x", false},
		{"anychess:fast", false},
		{"anychess:nolmr=1", false},
		{"anychess:norfp=", false},
		{"anychess:movetime=-1s", false},
		{"anychess:movetime=0s", false},
		{"anychess:hash=100000000", false},
		{"anychess:hash=0", false},
		{"anychess:threads=2,depth=3", true},
		{"anychess:threads=0", false},
		{"anychess:threads=1000", false},
		{"anychess:depth=0", false},
		{"anychess:depth=1000", false},
		{"anychess:nodes=0", false},
		{"anychess:noise=99999999", false},
		{"uci:", false},
		{"uci:/no/such/engine", false},
		{"uci:/no/such/engine|go nodes", false},
		{"uci:/no/such/engine|go rate 5", false},
		{"gnuchess", false},
	} {
		p, err := ParsePlayer(tc.desc, 10*time.Millisecond, 1)
		if (err == nil) != tc.ok {
			t.Errorf("%q: error %v, want ok %v", tc.desc, err, tc.ok)
		}
		if p != nil {
			p.Close()
		}
	}
}

// TestParsePlayerSwitches: each switch of an engine player sets its option.
func TestParsePlayerSwitches(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want func(search.Options) bool
	}{
		{"nonull", func(o search.Options) bool { return o.NoNullMove }},
		{"nonull,null", func(o search.Options) bool { return !o.NoNullMove }},
		{"nott", func(o search.Options) bool { return o.NoTT }},
		{"nolmr", func(o search.Options) bool { return o.NoLMR }},
		{"nopvs", func(o search.Options) bool { return o.NoPVS }},
		{"nokillers", func(o search.Options) bool { return o.NoKillers }},
		{"nohistory", func(o search.Options) bool { return o.NoHistory }},
		{"noquiescence", func(o search.Options) bool { return o.NoQuiescence }},
		{"noqtt", func(o search.Options) bool { return o.NoQuiescenceTT }},
		{"noaspiration", func(o search.Options) bool { return o.NoAspiration }},
		{"norfp", func(o search.Options) bool { return o.NoRFP }},
		{"nolmp", func(o search.Options) bool { return o.NoLMP }},
		{"nofutility", func(o search.Options) bool { return o.NoFutility }},
		{"noimproving", func(o search.Options) bool { return o.NoImproving }},
		{"nolmrtable", func(o search.Options) bool { return o.NoLMRTable }},
		{"noiir", func(o search.Options) bool { return o.NoIIR }},
		{"nocont", func(o search.Options) bool { return o.NoContHistory }},
		{"nosingular", func(o search.Options) bool { return o.NoSingular }},
		{"nocounter", func(o search.Options) bool { return o.NoCounterMoves }},
		{"nosee", func(o search.Options) bool { return o.NoSEE }},
		{"notuned", func(o search.Options) bool { return o.NoTunedWeights }},
		{"nonet", func(o search.Options) bool { return o.NoNet }},
		{"narrow", func(o search.Options) bool { return o.NarrowPruning }},
		{"checkext", func(o search.Options) bool { return o.CheckExtension }},
		{"checkext,nocheckext", func(o search.Options) bool { return !o.CheckExtension }},
		{"material", func(o search.Options) bool { return o.MaterialOnly }},
		{"nogoal", func(o search.Options) bool { return o.NoGoal }},
		{"maxn", func(o search.Options) bool { return o.Multi == search.MaxN }},
		{"paranoid", func(o search.Options) bool { return o.Multi == search.Paranoid }},
		{"brs", func(o search.Options) bool { return o.Multi == search.BRS }},
		{"brs,auto", func(o search.Options) bool { return o.Multi == search.Auto }},
		{"hash=2", func(o search.Options) bool { return o.HashMB == 2 }},
	} {
		p, err := ParsePlayer("anychess:"+tc.key, time.Second, 1)
		if err != nil {
			t.Fatalf("%q: %v", tc.key, err)
		}
		if !tc.want(p.(*game.Engine).Options()) {
			t.Errorf("%q: options %+v", tc.key, p.(*game.Engine).Options())
		}
	}
}

// TestParsePlayerLimits: depth= and nodes= alone drop the default move
// time; movetime= and level= keep a time limit.
func TestParsePlayerLimits(t *testing.T) {
	for _, tc := range []struct {
		desc     string
		moveTime time.Duration
		nodes    uint64
		depth    int
	}{
		{"anychess", time.Second, 0, 0},
		{"anychess:nodes=5000", 0, 5000, 0},
		{"anychess:depth=3,null", 0, 0, 3},
		{"anychess:nodes=5000,movetime=20ms", 20 * time.Millisecond, 5000, 0},
		{"anychess:movetime=20ms,nodes=5000", 20 * time.Millisecond, 5000, 0},
		{"anychess:level=4,nodes=5000", 200 * time.Millisecond, 5000, 3},
	} {
		p, err := ParsePlayer(tc.desc, time.Second, 1)
		if err != nil {
			t.Fatalf("%q: %v", tc.desc, err)
		}
		lim := p.(*game.Engine).Limits()
		if lim.MoveTime != tc.moveTime || lim.Nodes != tc.nodes || lim.Depth != tc.depth {
			t.Errorf("%q: move time %v, nodes %d, depth %d; want %v, %d, %d", tc.desc,
				lim.MoveTime, lim.Nodes, lim.Depth, tc.moveTime, tc.nodes, tc.depth)
		}
	}
}

// TestEngineBeatsRandom: a few short games at depth 2.
func TestEngineBeatsRandom(t *testing.T) {
	r, _ := variant.Load("chess", nil)
	a, err := ParsePlayer("anychess:depth=2,hash=1", time.Second, 1)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(Config{Rules: r, Games: 2, RandomPlies: 2, MaxPlies: 200}, a, game.NewRandom(3))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Score.Points < 1.5 {
		t.Errorf("engine against a random mover: %s", rep.Score)
	}
}

// TestUCI plays a short game against Stockfish when it is installed.
func TestUCI(t *testing.T) {
	const sf = "/usr/games/stockfish"
	if _, err := os.Stat(sf); err != nil {
		t.Skip("no stockfish")
	}
	r, _ := variant.Load("chess", nil)
	u, err := ParsePlayer("uci:"+sf+"|Threads=1|Hash=1", 5*time.Millisecond, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	if !strings.Contains(u.Name(), "Stockfish") {
		t.Errorf("engine name %q", u.Name())
	}
	rep, err := Run(Config{Rules: r, Games: 2, RandomPlies: 2, MaxPlies: 16}, u, game.NewRandom(5))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Score.Games != 2 {
		t.Errorf("%d games", rep.Score.Games)
	}
	siberia, _ := variant.Load("siberia", nil)
	if err := u.NewGame(siberia); err == nil {
		t.Errorf("stockfish accepted siberia without UCI_Variant")
	}
}

// TestParsePlayerNet: net=FILE gives the engine the network of the file;
// a missing or broken file is an error naming the problem.
func TestParsePlayerNet(t *testing.T) {
	dir := t.TempDir()
	input := strings.TrimSuffix(strings.Repeat("1,", 2*2*64), ",")
	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(`{"variant":"x","files":8,"ranks":8,"types":["","P"],"hidden":1,"input":[`+input+`],"bias":[0],"output":[1,1]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ParsePlayer("anychess:nodes=100,net="+good, time.Second, 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := p.(*game.Engine).Options().Net; n == nil || n.Hidden != 1 {
		t.Errorf("net %+v", n)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"files":8,"ranks":8,"types":["","P"],"hidden":1,"input":[1],"bias":[0],"output":[1,1]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{bad: "input weights", filepath.Join(dir, "none.json"): "no such file"} {
		if _, err := ParsePlayer("anychess:net="+file, time.Second, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("net=%s: want an error naming %q, got %v", file, want, err)
		}
	}
}
