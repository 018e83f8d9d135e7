package search

import (
	"testing"

	"anychess/core"
)

// TestCapturesJudgedWhenPicked: the static exchange of a capture is judged
// only when the capture comes first (judgeFirst), and the moves come in
// the order that judging every capture at once gives, in chess and
// Siberia (judged by the exchange) and Martian Chess (by the simplest
// rule, at once).
func TestCapturesJudgedWhenPicked(t *testing.T) {
	for _, name := range []string{"chess", "siberia", "martian-chess"} {
		deferred, losing := 0, 0
		r := loadRules(t, name)
		e := New(Options{HashMB: 1})
		e.ev = evaluatorFor(r)
		for _, p := range randomGamePositions(r, 24, 100, 7) {
			e.p = p
			fen := p.FEN()
			st := &e.stack[1]
			e.generate(st)
			e.scoreMoves(st, core.NullMove)
			ref := plyState{moves: append([]core.Move(nil), st.moves...), keys: append([]int32(nil), st.keys...),
				gains: append([]int32(nil), st.gains...)}
			for j, g := range ref.gains {
				if g >= seePending {
					deferred++
					e.judgeCapture(&ref, j)
					if ref.keys[j] < orderBadCapture+orderCapture/2 {
						losing++
					}
				}
			}
			for i := range st.moves {
				m := e.pick(st, i)
				ref.swap(i, ref.bestFrom(i))
				if m != ref.moves[i] || st.keys[i] != ref.keys[i] || st.gains[i] != ref.gains[i] {
					t.Fatalf("%s %s: move %d is %v (key %d, gain %d), judged at once %v (key %d, gain %d)", name, fen, i,
						m, st.keys[i], st.gains[i], ref.moves[i], ref.keys[i], ref.gains[i])
				}
			}
			if p.FEN() != fen {
				t.Fatalf("%s: the position changed from %s to %s", name, fen, p.FEN())
			}
		}
		switch {
		case name == "martian-chess" && deferred > 0:
			t.Errorf("%s: %d captures deferred, where the exchange cannot judge", name, deferred)
		case name != "martian-chess" && losing == 0:
			t.Errorf("%s: no deferred capture was judged losing (%d deferred): the test tests nothing", name, deferred)
		}
	}
}

// TestInCheckAtEachPosition: inCheckAt answers for the position at hand,
// not for one its ply saw before.
func TestInCheckAtEachPosition(t *testing.T) {
	checks := 0
	r := loadRules(t, "chess")
	e := New(Options{HashMB: 1})
	e.ev = evaluatorFor(r)
	for _, p := range randomGamePositions(r, 40, 150, 7) {
		e.p = p
		want := p.InCheck()
		for range 2 { // the second answer comes from the memo
			if got := e.inCheckAt(3); got != want {
				t.Fatalf("%s: in check %v, want %v", p.FEN(), got, want)
			}
		}
		if want {
			checks++
		}
	}
	if checks == 0 {
		t.Error("no position was in check: the test tests nothing")
	}
}
