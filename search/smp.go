package search

// Lazy SMP: helper goroutines search the same root with their own position and history, sharing the transposition table.

import (
	"sync"
	"sync/atomic"

	"anychess/core"
)

// MaxThreads is the most goroutines Options.Threads may ask for.
const MaxThreads = 256

// smpSearch runs the two-sided search with Options.Threads − 1 helpers:
// each searches the same root moves in its own copy of the position, with
// its own history and killers, and writes what it finds to the shared
// transposition table, from which the main search takes hash moves and
// cutoffs. Odd helpers start one ply deeper, so they reach each depth
// ahead of the main search. The helpers know no limit but a stop flag the
// main search sets when it returns.
func (s *Engine) smpSearch(root []core.Move) Result {
	for len(s.helpers) < s.opts.Threads-1 {
		o := s.opts
		o.Threads = 1
		h := &Engine{opts: o, tt: s.tt}
		h.initStack()
		s.helpers = append(s.helpers, h)
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	for i, h := range s.helpers {
		if h.ev != s.ev {
			h.ev = s.ev
			h.forget()
		}
		h.prepare(s.p.Copy(), Limits{Stop: &stop})
		h.skip = i % 2
		moves := append([]core.Move(nil), root...)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.deepen(moves, h.rootSearch, false)
		}()
	}
	res := s.deepen(root, s.rootSearch, true)
	stop.Store(true)
	wg.Wait()
	for _, h := range s.helpers {
		res.Nodes += h.nodes
	}
	return res
}
