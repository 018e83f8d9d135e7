package server

// The worker pool: at most a fixed number of computer searches at once, each answering the hub that asked.

import (
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"anychess/core"
	"anychess/game"
)

// job is a search a hub asked for.
type job struct {
	h      *hub
	seq    uint64 // the hub's request number, sent back with the move
	player game.Player
	state  *game.State
	stop   *atomic.Bool
}

// resultMsg is a search's move, back at its hub.
type resultMsg struct {
	seq  uint64
	move core.Move
	err  error
}

// pool runs jobs on a fixed number of workers, in the order they came. Its
// queue is unbounded, but each hub has at most one job in it.
type pool struct {
	log    *slog.Logger
	mu     sync.Mutex
	cond   *sync.Cond
	queue  []job
	closed bool
	wg     sync.WaitGroup
	// running counts searches in progress (for tests).
	running, peak atomic.Int32
}

func newPool(workers int, log *slog.Logger) *pool {
	p := &pool{log: log}
	p.cond = sync.NewCond(&p.mu)
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

// submit queues a job; it never blocks.
func (p *pool) submit(j job) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.queue = append(p.queue, j)
	p.cond.Signal()
}

// close stops the workers once the searches in progress end (their hubs
// have set their stop flags); queued jobs are dropped.
func (p *pool) close() {
	p.mu.Lock()
	p.closed = true
	p.queue = nil
	p.cond.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *pool) work() {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		for len(p.queue) == 0 && !p.closed {
			p.cond.Wait()
		}
		if p.closed {
			p.mu.Unlock()
			return
		}
		j := p.queue[0]
		p.queue[0] = job{}
		p.queue = p.queue[1:]
		p.mu.Unlock()
		res := p.run(j)
		j.h.post(res)
	}
}

// run searches one job; a job its hub no longer wants is answered at once.
func (p *pool) run(j job) (res resultMsg) {
	res.seq = j.seq
	if j.stop.Load() {
		res.err = errStale
		return res
	}
	n := p.running.Add(1)
	defer p.running.Add(-1)
	for {
		old := p.peak.Load()
		if n <= old || p.peak.CompareAndSwap(old, n) {
			break
		}
	}
	defer func() {
		if e := recover(); e != nil {
			p.log.Error("a computer player panicked", "game", j.h.id, "panic", e)
			res.err = fmt.Errorf("the computer player failed: %v", e)
		}
	}()
	res.move, res.err = j.player.Move(j.state)
	return res
}
