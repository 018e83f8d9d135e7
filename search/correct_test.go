package search

import "testing"

// TestCorrectionHistory: a position's correction moves toward the errors
// the searches found, within corrLimit, and stays with its pawns and side
// to move, and with the pieces' tables is shared among its pawns and each
// player's pieces; it applies only to two players with pawns and a royal
// piece to checkmate on a bounded board.
func TestCorrectionHistory(t *testing.T) {
	for _, tc := range []struct {
		variant string
		want    bool
	}{
		{"chess", true}, {"siberia", true}, {"claustrophobia", true},
		{"longchess", false},                                         // the goal is a flag
		{"martian-chess", false},                                     // no pawns
		{"infinite-plane", false}, {"infinite-plane-huygens", false}, // unbounded
	} {
		r := startOf(t, tc.variant, nil).Rules()
		if got := corrFor(r, Options{}); got != tc.want {
			t.Errorf("%s: correction history %v, want %v", tc.variant, got, tc.want)
		}
		if corrFor(r, Options{NoCorrection: true}) {
			t.Errorf("%s: correction history with Options.NoCorrection", tc.variant)
		}
	}

	e := New(Options{HashMB: 1, NoPieceCorrection: true})
	at := func(fen string) {
		e.p = fenPosition(t, "chess", fen)
		e.corrOn = corrFor(e.p.Rules(), e.opts)
	}
	const (
		learnt     = "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1"
		samePawns  = "3qk3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1"
		otherPawns = "4k3/pp6/8/8/8/P7/1P6/4K3 w - - 0 1"
		otherSide  = "4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1"
	)
	at(learnt)
	if got := e.corrected(30); got != 30 {
		t.Fatalf("before learning: corrected(30) = %d, want 30", got)
	}
	for range 300 {
		e.learnCorrection(30, 130, 20)
	}
	if got := e.corrected(30); got < 125 || got > 130 {
		t.Errorf("after 300 searches finding 130: corrected(30) = %d, want 125 to 130", got)
	}
	at(samePawns)
	if got := e.corrected(0); got < 95 || got > 100 {
		t.Errorf("the same pawns: corrected(0) = %d, want 95 to 100", got)
	}
	for _, fen := range []string{otherPawns, otherSide} {
		at(fen)
		if got := e.corrected(0); got != 0 {
			t.Errorf("%s: corrected(0) = %d, want 0", fen, got)
		}
	}
	at(learnt)
	for range 300 {
		e.learnCorrection(0, -5000, 20)
	}
	if got := e.corrected(0); got < -corrLimit || got > -corrLimit+5 {
		t.Errorf("after searches finding −5000: corrected(0) = %d, want about %d", got, -corrLimit)
	}
	e.NewGame()
	if got := e.corrected(0); got != 0 {
		t.Errorf("after NewGame: corrected(0) = %d, want 0", got)
	}
	e.corrOn = false
	e.learnCorrection(0, 100, 20)
	if got := e.corrected(7); got != 7 {
		t.Errorf("where it does not apply: corrected(7) = %d, want 7", got)
	}

	// With the tables of each player's pieces, the three entries share the
	// error: a position with the same pieces and other pawns gets two
	// thirds of it, one with the same pawns and other pieces one third, one
	// with only White's pieces changed two thirds.
	e = New(Options{HashMB: 1})
	at(learnt)
	for range 300 {
		e.learnCorrection(30, 130, 20)
	}
	if got := e.corrected(30); got < 125 || got > 130 {
		t.Errorf("with the pieces' tables, after 300 searches finding 130: corrected(30) = %d, want 125 to 130", got)
	}
	for _, tc := range []struct {
		fen      string
		min, max int
	}{
		{otherPawns, 60, 70},
		{samePawns, 28, 38},
		{"4k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1", 60, 70},
		{otherSide, 0, 0},
	} {
		at(tc.fen)
		if got := e.corrected(0); got < tc.min || got > tc.max {
			t.Errorf("with the pieces' tables, %s: corrected(0) = %d, want %d to %d", tc.fen, got, tc.min, tc.max)
		}
	}
	at(learnt)
	for range 300 {
		e.learnCorrection(0, -5000, 20)
	}
	if got := e.corrected(0); got < -corrLimit || got > -corrLimit+5 {
		t.Errorf("with the pieces' tables, after searches finding −5000: corrected(0) = %d, want about %d", got, -corrLimit)
	}
}

// TestSearchLearnsCorrections: a search of a chess position fills each
// correction table used (not the pieces' with Options.NoPieceCorrection),
// and none with Options.NoCorrection or in a game without pawns.
func TestSearchLearnsCorrections(t *testing.T) {
	learnt := func(e *Engine, table int) int {
		n := 0
		for side := range e.corr[table] {
			for _, c := range e.corr[table][side] {
				if c != 0 {
					n++
				}
			}
		}
		return n
	}
	for _, tc := range []struct {
		variant string
		opts    Options
		want    [corrTables]bool // the pawns' table, White's pieces', Black's
	}{
		{"chess", Options{HashMB: 1}, [corrTables]bool{true, true, true}},
		{"chess", Options{HashMB: 1, NoPieceCorrection: true}, [corrTables]bool{true, false, false}},
		{"chess", Options{HashMB: 1, NoCorrection: true}, [corrTables]bool{}},
		{"martian-chess", Options{HashMB: 1}, [corrTables]bool{}},
	} {
		e := New(tc.opts)
		e.Search(startOf(t, tc.variant, nil), Limits{Depth: 7})
		for table, want := range tc.want {
			if n := learnt(e, table); n > 0 != want {
				t.Errorf("%s %+v: table %d: %d corrections learnt, want some: %v", tc.variant, tc.opts, table, n, want)
			}
		}
	}
}
