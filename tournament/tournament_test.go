package tournament

// Tests of tournament scoring: the seed's worked example with and without the fee, each scoring rule, armies, errors and the file format.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// army reads an army text or fails the test.
func army(t testing.TB, s string) Army {
	t.Helper()
	a, err := ParseArmy(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// armyPtr is army as a pointer, for Battle's armies.
func armyPtr(t testing.TB, s string) *Army {
	a := army(t, s)
	return &a
}

// TestSeedExample is the seed's worked example: A (35) plays B (23), who
// gives up both bishops and a pawn; A loses both nightriders and four
// pawns, B a rook and a pawn; B pushes all of A's pieces off the board. The
// seed leaves the fee out (A 26, B 37); with it B, the attacker, pays 5.
func TestSeedExample(t *testing.T) {
	for _, c := range []struct {
		noFee bool
		a, b  int
	}{{true, 26, 37}, {false, 26, 32}} {
		tr := &Tournament{NoFee: c.noFee}
		for _, p := range []Entry{{"A", 35}, {"B", 23}} {
			if err := tr.Join(p.Name, p.Points); err != nil {
				t.Fatal(err)
			}
		}
		b := Battle{Attacker: "B", Defender: "A", Result: AttackerWins,
			AttackerArmy: armyPtr(t, "R2N2P7"), AttackerLost: army(t, "RP"), DefenderLost: army(t, "N2P4")}
		if got := b.AttackerArmy.Value(); got != 23 {
			t.Fatalf("B's army is worth %d, want 23", got)
		}
		if err := tr.Record(b); err != nil {
			t.Fatal(err)
		}
		a, _ := tr.PointsOf("A")
		bp, _ := tr.PointsOf("B")
		if a != c.a || bp != c.b {
			t.Errorf("no fee %v: A %d, B %d; want A %d, B %d", c.noFee, a, bp, c.a, c.b)
		}
	}
}

// TestScoring checks each rule on one challenge between X and Y, both
// starting from the given points: the fee, surrender, each result, the loss
// with all pieces captured, pieces traded, elimination.
func TestScoring(t *testing.T) {
	for _, c := range []struct {
		name       string
		noFee      bool
		x, y       int // starting points; X attacks Y
		b          Battle
		wantX      int
		wantY      int
		xOut, yOut bool
	}{
		{"a surrender: +10 less the fee, -5", false, 30, 30, Battle{Result: Surrendered}, 35, 25, false, false},
		{"a surrender without the fee", true, 30, 30, Battle{Result: Surrendered}, 40, 25, false, false},
		{"an unfinished battle costs the fee", false, 30, 30, Battle{Result: Unfinished}, 25, 30, false, false},
		{"the attacker wins, the defender keeps pieces", false, 30, 30,
			Battle{Result: AttackerWins, AttackerLost: Army{Pawns: 2}, DefenderLost: Army{Rooks: 1}}, 30 - 5 + 5 - 2 + 10, 30 - 5 + 2 - 5, false, false},
		{"the defender wins: nothing for winning", false, 30, 30,
			Battle{Result: DefenderWins, AttackerLost: Army{Bishops: 1}, DefenderLost: Army{Pawns: 1}}, 30 - 5 - 3 + 1 - 5, 30 + 3 - 1, false, false},
		{"the attacker loses everything: -30, out", true, 30, 30,
			Battle{Result: DefenderWins, AttackerLost: FullArmy(), DefenderLost: Army{Pawns: 3}}, -27, 57, true, false}, // X: 30, -30 lost, +3 taken, -30; Y: 30 + 30 - 3
		{"a defender with a smaller army loses it all", true, 40, 20,
			Battle{Result: AttackerWins, DefenderArmy: &Army{Rooks: 2, Pawns: 8}, DefenderLost: Army{Rooks: 2, Pawns: 8}}, 40 + 18 + 10, 20 - 18 - 30, false, true},
		{"a draw: only the pieces traded", true, 30, 30,
			Battle{Result: Drawn, AttackerLost: Army{Nightriders: 1}, DefenderLost: Army{Rooks: 1}}, 32, 28, false, false},
		{"below 10 a player is out", false, 12, 30, Battle{Result: Unfinished}, 7, 30, true, false},
		{"10 points is still in", false, 15, 30, Battle{Result: Unfinished}, 10, 30, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := &Tournament{NoFee: c.noFee, Players: []Entry{{"X", c.x}, {"Y", c.y}}}
			b := c.b
			b.Attacker, b.Defender = "X", "Y"
			if err := tr.Record(b); err != nil {
				t.Fatal(err)
			}
			st, err := tr.Standings()
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]Standing{}
			for _, s := range st {
				got[s.Name] = s
			}
			if got["X"].Points != c.wantX || got["Y"].Points != c.wantY {
				t.Errorf("X %d, Y %d; want X %d, Y %d", got["X"].Points, got["Y"].Points, c.wantX, c.wantY)
			}
			if got["X"].Eliminated() != c.xOut || got["Y"].Eliminated() != c.yOut {
				t.Errorf("eliminated: X %v, Y %v; want %v, %v", got["X"].Eliminated(), got["Y"].Eliminated(), c.xOut, c.yOut)
			}
		})
	}
}

// TestArmyFits: the full army from 30 points, below it any part of the full
// army worth no more than the points.
func TestArmyFits(t *testing.T) {
	for _, c := range []struct {
		points int
		army   string
		err    string // "" when it fits
	}{
		{30, "R2N2B2P8", ""},
		{45, "R2N2B2P8", ""},
		{30, "R2N2B2P7", "full army"},
		{23, "R2N2P7", ""},
		{23, "R2B2N2P1", ""},
		{23, "R2N2B2P8", "worth 30"},
		{23, "R2N2P8", "leave out pieces worth 1"},
		{12, "P1", ""},
		{12, "-", "at least one piece"},
		{29, "R3", "more rooks"},
		{29, "P9", "more pawns"},
	} {
		err := ArmyFits(c.points, army(t, c.army))
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%d points, %s: %v, want %q", c.points, c.army, err, c.err)
		}
	}
}

// TestParseArmy: the army's text forms, and its faults.
func TestParseArmy(t *testing.T) {
	for _, c := range []struct {
		in, want, err string
	}{
		{"R2N2B2P8", "R2N2B2P8", ""},
		{"RRNNBBPPPPPPPP", "R2N2B2P8", ""},
		{"r2 n1 p", "R2N1P1", ""},
		{"P3R", "R1P3", ""},
		{"-", "-", ""},
		{"", "-", ""},
		{"Q2", "", "not a piece"},
		{"R100", "", "bad count"},
		{strings.Repeat("P9", 12), "", "too many"},
	} {
		a, err := ParseArmy(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: %v, want an error saying %q", c.in, err, c.err)
		case c.err == "" && (err != nil || a.String() != c.want):
			t.Errorf("%q reads as %s, %v; want %s", c.in, a, err, c.want)
		}
	}
}

// TestRecordErrors: challenges the rules refuse leave the record unchanged.
func TestRecordErrors(t *testing.T) {
	base := func() *Tournament {
		return &Tournament{Players: []Entry{{"A", 30}, {"B", 20}, {"C", 30}, {"Out", 10}}}
	}
	// Out is eliminated by its own challenge fee.
	for _, c := range []struct {
		name string
		b    Battle
		err  string
	}{
		{"unknown attacker", Battle{Attacker: "Z", Defender: "A", Result: Surrendered}, "no player"},
		{"unknown defender", Battle{Attacker: "A", Defender: "Z", Result: Surrendered}, "no player"},
		{"oneself", Battle{Attacker: "A", Defender: "A", Result: Surrendered}, "itself"},
		{"a bad result", Battle{Attacker: "A", Defender: "C", Result: "won"}, "want one of"},
		{"a bad colour", Battle{Attacker: "A", Defender: "C", Result: Surrendered, AttackerColour: "red"}, "white or black"},
		{"an army below 30 must be named", Battle{Attacker: "A", Defender: "B", Result: DefenderWins}, "name the army"},
		{"an army too big", Battle{Attacker: "A", Defender: "B", Result: DefenderWins, DefenderArmy: &Army{Rooks: 2, Nightriders: 2, Bishops: 2}}, "worth 22"},
		{"more lost than fielded", Battle{Attacker: "A", Defender: "C", Result: AttackerWins, DefenderLost: Army{Rooks: 3}}, "more rooks"},
		{"losses with a surrender", Battle{Attacker: "A", Defender: "C", Result: Surrendered, AttackerLost: Army{Pawns: 1}}, "no battle"},
		{"an eliminated player", Battle{Attacker: "C", Defender: "Out", Result: Surrendered}, "eliminated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := base()
			if err := tr.Record(Battle{Attacker: "Out", Defender: "C", Result: Unfinished}); err != nil {
				t.Fatal(err)
			}
			before, _ := tr.Encode()
			err := tr.Record(c.b)
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("error %v, want one saying %q", err, c.err)
			}
			if after, _ := tr.Encode(); !bytes.Equal(before, after) {
				t.Errorf("a refused battle changed the record")
			}
		})
	}
	tr := base()
	for _, c := range []struct {
		name   string
		points int
		err    string
	}{{"A", 30, "already"}, {"", 30, "bad player name"}, {"Low", 9, "bad starting points"}} {
		if err := tr.Join(c.name, c.points); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("join %q %d: %v, want %q", c.name, c.points, err, c.err)
		}
	}
}

// TestStandingsOrder: the players still in by points, then the eliminated,
// the last to go first.
func TestStandingsOrder(t *testing.T) {
	tr := &Tournament{NoFee: true, Players: []Entry{{"Ann", 30}, {"Bob", 30}, {"Cy", 11}, {"Di", 12}, {"Ed", 30}}}
	for _, b := range []Battle{
		{Attacker: "Ann", Defender: "Bob", Result: Surrendered},                                                                      // Ann 40, Bob 25
		{Attacker: "Cy", Defender: "Ed", Result: Drawn, AttackerArmy: &Army{Rooks: 2, Pawns: 1}, AttackerLost: Army{Rooks: 1}},       // Cy 6: out after 2
		{Attacker: "Di", Defender: "Ed", Result: DefenderWins, AttackerArmy: &Army{Rooks: 2}, AttackerLost: Army{Rooks: 1}},          // Di 2: out after 3
		{Attacker: "Bob", Defender: "Ed", Result: AttackerWins, AttackerArmy: &Army{Rooks: 2, Nightriders: 2, Bishops: 2, Pawns: 3}}, // Bob 35
	} {
		if err := tr.Record(b); err != nil {
			t.Fatal(err)
		}
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, s := range st {
		order = append(order, s.Name)
	}
	if got, want := strings.Join(order, " "), "Ann Bob Ed Di Cy"; got != want {
		t.Errorf("standings %s, want %s (%+v)", got, want, st)
	}
}

// TestFile: a tournament written reads back the same; faulty files are
// refused with a reason.
func TestFile(t *testing.T) {
	tr := &Tournament{Players: []Entry{{"A", 35}, {"B", 23}}}
	if err := tr.Record(Battle{Attacker: "B", Defender: "A", Result: AttackerWins, Date: "2024-05-01", AttackerColour: "black",
		AttackerArmy: armyPtr(t, "R2N2P7"), AttackerLost: army(t, "RP"), DefenderLost: army(t, "N2P4")}); err != nil {
		t.Fatal(err)
	}
	data, err := tr.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.Encode(); !bytes.Equal(again, data) {
		t.Errorf("round trip:\n%s\n%s", data, again)
	}
	path := t.TempDir() + "/t.json"
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}
	if loaded, err := Load(path); err != nil || loaded.Battles[0].Date != "2024-05-01" {
		t.Errorf("load: %+v, %v", loaded, err)
	}
	if _, err := Load(path + ".missing"); err == nil || !strings.Contains(err.Error(), "tournament new") {
		t.Errorf("missing file: %v", err)
	}
	for _, c := range []struct{ text, err string }{
		{`{"players": [], "battles": [], "prize": 5}`, "unknown field"},
		{`{"players": [`, "unexpected EOF"},
		{`{} {}`, "more than one"},
		{`{"players": [{"name": "A", "points": 30}, {"name": "A", "points": 30}]}`, "repeated"},
		{`{"players": [{"name": "A", "points": 5}]}`, "starting points"},
		{`{"players": [{"name": "A", "points": 30}], "battles": [{"attacker": "A", "defender": "B", "result": "surrender"}]}`, "battle 1"},
		{`{"players": [{"name": "A", "points": 30}, {"name": "B", "points": 30}], "battles": [{"attacker": "A", "defender": "B", "result": "attacker", "attacker_lost": "Q"}]}`, "not a piece"},
	} {
		if _, err := Parse([]byte(c.text)); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want an error saying %q", c.text, err, c.err)
		}
	}
}

// FuzzParse: reading a tournament file never panics, and a file that reads
// is written back as one that reads the same.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"no_fee": true, "players": [{"name": "A", "points": 35}, {"name": "B", "points": 23}], "battles": [{"attacker": "B", "defender": "A", "result": "attacker", "attacker_army": "R2N2P7", "attacker_lost": "R1P1", "defender_lost": "N2P4"}]}`))
	f.Add([]byte(`{"players": [{"name": "X", "points": 30}, {"name": "Y", "points": 12}], "battles": [{"attacker": "Y", "defender": "X", "result": "surrender"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Parse(data)
		if err != nil {
			return
		}
		out, err := tr.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("%s does not read back: %v", out, err)
		}
		if again, _ := back.Encode(); !bytes.Equal(again, out) {
			t.Fatalf("%s reads back as %s", out, again)
		}
		if _, err := back.Standings(); err != nil {
			t.Fatal(err)
		}
	})
}

// TestFileUpdate: Create refuses an existing file; Update applies a change
// under the lock and saves it, and saves nothing when the change fails;
// the writes leave no temporary file; many goroutines' updates at once are
// all kept.
func TestFileUpdate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.json")
	if err := Create(path, &Tournament{}); err != nil {
		t.Fatal(err)
	}
	if err := Create(path, &Tournament{NoFee: true}); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("second Create: %v", err)
	}
	if _, err := Update(path, func(tr *Tournament) error { return tr.Join("Ann", 30) }); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	if _, err := Update(path, func(tr *Tournament) error {
		tr.Join("Bob", 30)
		return tr.Join("Ann", 30) // already in: the change fails, Bob is not kept
	}); err == nil {
		t.Error("a failed change was saved")
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Errorf("a failed change wrote the file:\n%s", after)
	}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if _, err := Update(path, func(tr *Tournament) error { return tr.Join(fmt.Sprintf("P%d", i), 30) }); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	tr, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Players) != 21 {
		t.Errorf("%d players, want 21", len(tr.Players))
	}
	if _, err := Update(filepath.Join(dir, "missing.json"), func(*Tournament) error { return nil }); err == nil {
		t.Error("Update of a missing file")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "t.json" && e.Name() != "t.json.lock" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v", fi.Mode(), err)
	}
}
