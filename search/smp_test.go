package search

import (
	"sync/atomic"
	"testing"
	"time"

	"anychess/notation"
)

// TestThreads: with helpers the engine still solves the puzzles, counts
// the helpers' nodes, stops when told, and its helpers stop with it.
func TestThreads(t *testing.T) {
	if raceEnabled {
		t.Skip("lazy SMP shares the transposition table without locks, by design")
	}
	r := loadRules(t, "chess")
	for _, pz := range matePuzzles[:4] {
		p, err := r.ParseFEN(pz.fen)
		if err != nil {
			t.Fatal(err)
		}
		e := New(Options{HashMB: 4, Threads: 3})
		lim := Limits{Depth: 2*pz.mate + 2}
		one := New(Options{HashMB: 4}).Search(p, lim)
		res := e.Search(p, lim)
		if got := notation.Coordinate.Encode(p, res.Move); got != pz.want {
			t.Errorf("%s: %s with 3 threads, want %s", pz.name, got, pz.want)
		}
		if res.Nodes <= one.Nodes/2 {
			t.Errorf("%s: %d nodes with 3 threads, %d with one", pz.name, res.Nodes, one.Nodes)
		}
	}
	p := r.StartPosition()
	e := New(Options{HashMB: 4, Threads: 2})
	var stop atomic.Bool
	go func() { time.Sleep(100 * time.Millisecond); stop.Store(true) }()
	start := time.Now()
	res := e.Search(p, Limits{Stop: &stop})
	if el := time.Since(start); el > 2*time.Second || !p.IsLegal(res.Move) {
		t.Errorf("stopped after 100 ms: took %v, move legal %v", el, p.IsLegal(res.Move))
	}
	for i, h := range e.helpers {
		if !h.stopped {
			t.Errorf("helper %d did not stop", i)
		}
	}
}
