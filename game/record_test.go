package game

// Tests of game records: every variant written and read back with its clocks, PGN both ways, bad records refused.

import (
	"strings"
	"testing"
	"time"

	"anychess/core"
)

// playRandom plays up to plies random moves with a clock that advances
// irregularly, ending the game by resignation when resign is set.
func playRandom(t *testing.T, v testVariant, plies int, resign bool) (*Game, *fakeClock) {
	t.Helper()
	r := load(t, v.name, v.opts)
	clk := newClock()
	seats := make([]Seat, r.Players)
	for i := range seats {
		seats[i] = Seat{Name: "seat " + string(rune('A'+i)), Player: NewRandom(uint64(7 * (i + 1)))}
	}
	g := mustNew(t, Config{Rules: r, Seats: seats, Clock: TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}, Now: clk.now})
	for i := 0; i < plies && !g.Over(); i++ {
		clk.advance(time.Duration(i%7+1) * 1234567 * time.Microsecond)
		if _, err := g.MachineMove(); err != nil {
			t.Fatalf("%s: %v", v.label(), err)
		}
	}
	if resign && !g.Over() && g.Sides() == 2 {
		if err := g.Resign(g.Turn(), nil); err != nil {
			t.Fatal(err)
		}
	}
	return g, clk
}

func TestRecordRoundTrip(t *testing.T) {
	for _, v := range testVariants {
		for _, resign := range []bool{false, true} {
			g, clk := playRandom(t, v, 60, resign)
			text := g.Record().String()
			rec, err := ParseRecord(text)
			if err != nil {
				t.Fatalf("%s: %v\n%s", v.label(), err, text)
			}
			if rec.Tag("Variant") != v.name || len(rec.Moves) != g.Ply() {
				t.Fatalf("%s: variant %q, %d moves, want %d", v.label(), rec.Tag("Variant"), len(rec.Moves), g.Ply())
			}
			seats, err := rec.Seats(g.Players(), time.Millisecond, 1)
			if err != nil {
				t.Fatalf("%s: %v", v.label(), err)
			}
			back, err := rec.Restore(Config{Rules: g.Rules(), Seats: seats, Now: clk.now})
			if err != nil {
				t.Fatalf("%s: restore: %v\n%s", v.label(), err, text)
			}
			if back.Position().String() != g.Position().String() || back.Position().Hash() != g.Position().Hash() {
				t.Errorf("%s: restored position differs", v.label())
			}
			if back.Outcome() != g.Outcome() && !(g.Outcome().Status == back.Outcome().Status && g.Outcome().Winners == back.Outcome().Winners) {
				t.Errorf("%s: outcome %v, want %v", v.label(), back.Outcome(), g.Outcome())
			}
			if back.Outcome().Reason != g.Outcome().Reason {
				t.Errorf("%s: reason %q, want %q", v.label(), back.Outcome().Reason, g.Outcome().Reason)
			}
			for i, m := range g.Moves() {
				b := back.Moves()[i]
				if b.Move != m.Move || b.Text != m.Text || b.Spent != m.Spent.Round(time.Millisecond) || b.Clock != m.Clock.Round(time.Millisecond) {
					t.Errorf("%s: move %d: %+v, want %+v", v.label(), i+1, b, m)
					break
				}
			}
			for pl := 0; pl < g.Players(); pl++ {
				if back.Name(core.Player(pl)) != g.Name(core.Player(pl)) {
					t.Errorf("%s: seat %d named %q", v.label(), pl+1, back.Name(core.Player(pl)))
				}
			}
			if again := back.Record().String(); again != text {
				t.Errorf("%s: the record changed when written again:\n%s\n---\n%s", v.label(), text, again)
			}
		}
	}
}

// TestRecordClocksResume: a restored game goes on with the recorded
// clocks; the time it was away is charged to nobody.
func TestRecordClocksResume(t *testing.T) {
	g, clk := playRandom(t, testVariant{"chess", nil}, 9, false)
	want := g.Clocks()
	mover := g.Turn()
	// The mover had been thinking for 2 s when the record was written: a
	// record keeps the moves only, so the turn starts again.
	text := g.Record().String()
	clk.advance(10 * time.Hour)
	rec, _ := ParseRecord(text)
	back, err := rec.Restore(Config{Rules: g.Rules(), Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	for pl, w := range want {
		if got := back.Left(core.Player(pl)); got != w.Round(time.Millisecond) {
			t.Errorf("seat %d: %v, want %v", pl+1, got, w)
		}
	}
	back.ResumeTurn(2 * time.Second)
	if got := back.Left(mover); got != want[mover].Round(time.Millisecond)-2*time.Second {
		t.Errorf("resumed turn: %v left", got)
	}
}

func TestPGN(t *testing.T) {
	for _, v := range testVariants {
		g, clk := playRandom(t, v, 40, true)
		pgn, err := g.PGN()
		fits := g.FitsPGN() == nil
		if fits != (v.name == "chess" || v.name == "siberia" || v.name == "claustrophobia") {
			t.Errorf("%s: fits PGN %v", v.label(), fits)
		}
		if !fits {
			if err == nil {
				t.Errorf("%s: PGN written", v.label())
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ParseRecord(pgn)
		if err != nil {
			t.Fatalf("%s: %v\n%s", v.label(), err, pgn)
		}
		back, err := rec.Restore(Config{Rules: g.Rules(), Now: clk.now})
		if err != nil {
			t.Fatalf("%s: %v\n%s", v.label(), err, pgn)
		}
		if back.Position().String() != g.Position().String() || back.Outcome().Winners != g.Outcome().Winners || back.Ply() != g.Ply() {
			t.Errorf("%s: PGN round trip differs:\n%s", v.label(), pgn)
		}
		if v.name == "chess" && (rec.Tag("Variant") != "" || rec.Tag("FEN") != "") {
			t.Errorf("chess PGN has Variant/FEN tags:\n%s", pgn)
		}
		if v.name != "chess" && (rec.Tag("Variant") != v.name || rec.Tag("FEN") == "") {
			t.Errorf("%s PGN lacks Variant/FEN:\n%s", v.name, pgn)
		}
	}
}

// TestImportPGN reads PGN as other programs write it: comments, NAGs,
// variations, numbers joined to moves, clocks, a result.
func TestImportPGN(t *testing.T) {
	const pgn = `[Event "Casual game"]
[Site "https://example.org/abc"]
[White "Ann"]
[Black "Bob"]
[Result "0-1"]
[TimeControl "180+2"]
[Termination "Normal"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59.5] } 2.Nf3 Nc6 $1 (2... d6 3. d4) 3. Bc4!? Nf6
4. Ng5 d5 5. exd5 Na5 ; a comment to the end of the line
6. Bb5+ c6 7. dxc6 bxc6 8. Be2 h6 9. Nf3 e4 10. Ne5 Bd6 0-1
`
	rec, err := ParseRecord(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Moves) != 20 || rec.Moves[0].Clock != 3*time.Minute || rec.Moves[1].Clock != 179500*time.Millisecond {
		t.Fatalf("%d moves, clocks %v %v", len(rec.Moves), rec.Moves[0].Clock, rec.Moves[1].Clock)
	}
	g, err := rec.Restore(Config{Rules: load(t, "chess", nil)})
	if err != nil {
		t.Fatal(err)
	}
	if g.Name(0) != "Ann" || g.Name(1) != "Bob" || g.Ply() != 20 || g.Outcome().Winners != 2 || !g.HasClock() {
		t.Errorf("%s %s %d plies %v", g.Name(0), g.Name(1), g.Ply(), g.Outcome())
	}
	if tc := g.Config().Clock; tc.Initial != 3*time.Minute || tc.Increment != 2*time.Second {
		t.Errorf("time control %v", tc)
	}
}

func TestBadRecords(t *testing.T) {
	r := load(t, "chess", nil)
	for _, tc := range []struct{ name, text, want string }{
		{"unclosed tag", `[Variant "chess`, "not closed"},
		{"tag without a value", "[Variant chess]", "quoted value"},
		{"tag twice", "[A \"1\"]\n[A \"2\"]", "twice"},
		{"bad tag name", `[Vari-ant "x"]`, "tag name"},
		{"unclosed comment", "1. e4 {", "not closed"},
		{"stray )", "1. e4 )", "without"},
		{"unclosed (", "1. e4 ( e5", "not closed"},
		{"tag after moves", "1. e4 [A \"1\"]", "after the moves"},
		{"bad clock", "1. e4 {[%clk 1:xx]}", "time"},
		{"huge clock", "1. e4 {[%clk 99999:00:00]}", "more than"},
		{"negative clock", "1. e4 {[%clk -0:01]}", "time"},
	} {
		if _, err := ParseRecord(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
	for _, tc := range []struct{ name, text, want string }{
		{"illegal move", "1. e4 e4", "move 2"},
		{"other variant", "[Variant \"siberia\"]\n\n1. e4", "siberia"},
		{"bad result", "[Result \"2-0\"]\n\n1. e4", "result"},
		{"bad winner", "[Result \"win 3\"]\n\n1. e4", "seat"},
		{"bad start", "[Start \"xx\"]\n\n", ""},
		{"bad time control", "[TimeControl \"abc\"]\n\n1. e4", "TimeControl"},
	} {
		rec, err := ParseRecord(tc.text)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if _, err := rec.Restore(Config{Rules: r}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
	if _, err := ParseRecord(strings.Repeat("e4 ", MaxRecordBytes/3+1)); err == nil {
		t.Errorf("an oversized record was read")
	}
}
