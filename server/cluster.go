package server

// Several processes on one PostgreSQL: the listener of events, the scan that renews nothing but finds games to take over, the inbox's drainer, the snapshots' publisher and the workers of the job queue.

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"anychess/store"
)

// cluster is what a Server runs when its store is shared (PostgreSQL).
type cluster struct {
	s     *Server
	pub   *publisher
	conns sync.Map // connection id → *conn: this process's, for replies
	seq   atomic.Int64

	drainWake chan struct{}
	jobWake   chan struct{}
	// doneIDs are handled messages to delete from the inbox.
	doneMu   sync.Mutex
	doneIDs  []string
	doneWake chan struct{}
	// searching holds this process's searches: job id → *searchRef.
	searching sync.Map
	// searched counts the jobs this process's workers finished.
	searched atomic.Int64
	// resyncs counts the listener's (re)connections (resync).
	resyncs atomic.Int64

	alive map[string]bool // the scan's last view
}

type searchRef struct {
	game string
	stop *atomic.Bool
}

// Defaults of the shared store.
const (
	// DefaultLease is how long a process's lease on its games runs after
	// its last heartbeat.
	DefaultLease = 5 * time.Second
	// claimBatch is the most games a scan takes over at once.
	claimBatch = 100
	// publishers write snapshots in parallel.
	publishers = 4
)

func newCluster(s *Server) *cluster {
	cl := &cluster{s: s, drainWake: make(chan struct{}, 1), doneWake: make(chan struct{}, 1), jobWake: make(chan struct{}, max(1, s.cfg.Workers))}
	cl.pub = newPublisher(s)
	return cl
}

// start runs the cluster's goroutines.
func (cl *cluster) start() {
	s := cl.s
	run := func(fn func()) {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			fn()
		}()
	}
	run(func() {
		s.st.Listen(s.ctx, cl.dispatch, cl.resync, func(err error) { s.log.Warn("listening for events", "err", err) })
	})
	run(cl.scanLoop)
	run(cl.drainLoop)
	run(cl.deleter)
	cl.pub.start(publishers)
	for range s.cfg.Workers {
		run(cl.worker)
	}
}

// stop ends the searches in progress (the workers then stop). The
// publisher keeps running until flush.
func (cl *cluster) stop() {
	cl.searching.Range(func(_, v any) bool {
		v.(*searchRef).stop.Store(true)
		return true
	})
}

func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// dispatch handles an event from any process.
func (cl *cluster) dispatch(e store.Event) {
	s := cl.s
	switch e.Kind {
	case store.EventSnapshot:
		if h := s.hub(e.Game); h != nil {
			h.announce(e.Version)
		}
	case store.EventInbox:
		if e.Proc == s.proc {
			wake(cl.drainWake)
		}
	case store.EventReply:
		if e.Proc == s.proc {
			if c, ok := cl.conns.Load(e.Conn); ok && len(e.Data) > 0 && e.Data[0] == '{' {
				c.(*conn).push([]byte(e.Data))
			}
		}
	case store.EventJob:
		for range cap(cl.jobWake) {
			wake(cl.jobWake)
		}
	case store.EventCancel:
		cl.searching.Range(func(k, v any) bool {
			if r := v.(*searchRef); r.game == e.Game {
				go cl.checkJob(k.(string), r)
			}
			return true
		})
	case store.EventGame:
		if h := s.hub(e.Game); h != nil {
			h.tryPost(gameMsg{})
		}
	case store.EventSeek:
		s.lobby.changed(e.Game)
	}
}

// checkJob stops a search whose job was dropped.
func (cl *cluster) checkJob(id string, r *searchRef) {
	ctx, cancel := context.WithTimeout(cl.s.ctx, 10*time.Second)
	defer cancel()
	if live, err := cl.s.st.JobLive(ctx, id); err == nil && !live {
		r.stop.Store(true)
	}
}

// resync follows a (re)connection of the listener: events may have been
// lost, so every mirror reads its snapshot again, and the inbox and the
// queue are looked at.
func (cl *cluster) resync() {
	defer cl.resyncs.Add(1)
	for _, h := range cl.s.allHubs() {
		if !h.owning.Load() && !h.finished.Load() {
			if !h.tryPost(snapMsg{force: true}) {
				go h.post(snapMsg{force: true})
			}
		}
	}
	wake(cl.drainWake)
	for range cap(cl.jobWake) {
		wake(cl.jobWake)
	}
	cl.s.lobby.changedAll()
}

// announce tells a hub of snapshot version v; announcements coalesce.
func (h *hub) announce(v int64) {
	for {
		cur := h.snapWanted.Load()
		if v <= cur || h.snapWanted.CompareAndSwap(cur, v) {
			break
		}
	}
	if h.snapPosted.CompareAndSwap(false, true) && !h.tryPost(snapMsg{}) {
		go h.post(snapMsg{})
	}
}

// send puts a message from this process in the inbox of its game's owner.
func (cl *cluster) send(s *Server, m store.Message) error {
	m.ID = s.proc + "." + randomID()
	m.Sender = s.proc
	m.Created = time.Now()
	m.Seq = cl.seq.Add(1)
	ctx, cancel := context.WithTimeout(s.ctx, 15*time.Second)
	defer cancel()
	return s.st.Send(ctx, m)
}

// resend puts a message back in the inbox (for the game's new owner),
// keeping its sender and age.
func (cl *cluster) resend(s *Server, m store.Message) error {
	m.ID = s.proc + "." + randomID()
	m.Seq = cl.seq.Add(1)
	ctx, cancel := context.WithTimeout(s.ctx, 15*time.Second)
	defer cancel()
	return s.st.Send(ctx, m)
}

// reply sends data to connection id of process proc (an answer to a
// forwarded message).
func (cl *cluster) reply(s *Server, proc string, id uint64, data []byte) {
	if proc == s.proc {
		if c, ok := cl.conns.Load(id); ok {
			c.(*conn).push(data)
		}
		return
	}
	if len(data) > store.MaxEventBytes-100 {
		data = []byte(`{"type":"error","message":"the server's answer was too long to pass on"}`)
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	if err := s.st.Reply(ctx, proc, id, string(data)); err != nil {
		s.log.Warn("replying to another process", "to", proc, "err", err)
	}
}

// scanEvery is how often the scan runs: a few times a lease.
func (cl *cluster) scanEvery() time.Duration {
	return min(max(cl.s.cfg.Lease/4, 50*time.Millisecond), time.Second)
}

// scanLoop looks, a few times a lease, for processes gone (their
// presences go), games this process lost, and games whose owner's lease
// ran out (it takes them over).
func (cl *cluster) scanLoop() {
	s := cl.s
	t := time.NewTicker(cl.scanEvery())
	defer t.Stop()
	var lastPurge time.Time
	for {
		cl.scan()
		if time.Since(lastPurge) > 30*time.Second {
			lastPurge = time.Now()
			ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
			if _, err := s.st.PurgeInbox(ctx, time.Now().Add(-2*maxRemoteAge)); err != nil && s.ctx.Err() == nil {
				s.log.Warn("purging the inbox", "err", err)
			}
			if err := s.st.Forget(ctx, s.proc, time.Now()); err != nil && s.ctx.Err() == nil {
				s.log.Warn("forgetting old processes", "err", err)
			}
			cancel()
		}
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (cl *cluster) scan() {
	s := cl.s
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	now := time.Now()
	alive, err := s.st.Alive(ctx, now)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("scan", "err", err)
		}
		return
	}
	gone := false
	for p := range cl.alive {
		if !alive[p] {
			gone = true
		}
	}
	cl.alive = alive
	hubs := s.allHubs()
	if gone {
		for _, h := range hubs {
			if h.owning.Load() {
				h.tryPost(aliveMsg{alive: alive})
			}
		}
	}
	owned, err := s.st.Owned(ctx, s.proc)
	if err != nil {
		return
	}
	mine := make(map[string]bool, len(owned))
	for _, id := range owned {
		mine[id] = true
	}
	for _, h := range hubs {
		if h.owning.Load() && !mine[h.id] {
			h.tryPost(lostMsg{})
		}
	}
	// Orphans a batch at a time, until none are left (a dead process's
	// thousand games are taken over in one scan, not one batch a scan).
	for range 100 {
		orphans, err := s.st.Expired(ctx, s.proc, time.Now(), claimBatch)
		if err != nil || s.ctx.Err() != nil {
			return
		}
		for _, o := range orphans {
			cl.claim(ctx, o)
		}
		if len(orphans) < claimBatch {
			return
		}
	}
}

// claim takes over a game whose owner's lease ran out.
func (cl *cluster) claim(ctx context.Context, o store.Orphan) {
	s := cl.s
	now := time.Now()
	if err := s.st.Claim(ctx, o.ID, s.proc, o.Owner, now, now.Add(-o.Elapsed())); err != nil {
		if !errors.Is(err, store.ErrConflict) && s.ctx.Err() == nil {
			s.log.Warn("claiming a game", "game", o.ID, "err", err)
		}
		return
	}
	s.log.Info("game claimed", "game", o.ID, "from", o.Owner, "elapsed", o.Elapsed().Round(time.Millisecond))
	// Messages may wait for the game (sent to the owner that died): the
	// drain that follows gives them to the hub after it took the game.
	defer wake(cl.drainWake)
	if h := s.hub(o.ID); h != nil && h.post(claimedMsg{}) {
		return
	}
	row, moves, err := s.st.Load(ctx, o.ID)
	if err != nil {
		s.log.Error("loading a claimed game", "game", o.ID, "err", err)
		return
	}
	g, err := s.restore(row, moves)
	if err != nil {
		s.log.Error("a claimed game does not load", "game", o.ID, "err", err)
		return
	}
	if !g.Over() {
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	s.mu.Lock()
	if h := s.hubs[o.ID]; h != nil {
		s.mu.Unlock()
		closeGame(g)
		h.post(claimedMsg{})
		return
	}
	h := newHub(s, row, g)
	s.hubs[o.ID] = h
	s.mu.Unlock()
	s.startHub(h)
}

// drainLoop takes this process's messages out of the inbox and hands
// them to their games, when woken and every second.
func (cl *cluster) drainLoop() {
	s := cl.s
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-cl.drainWake:
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		msgs, err := s.st.Drain(ctx, s.proc, time.Now())
		cancel()
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Warn("draining the inbox", "err", err)
			}
			continue
		}
		for _, m := range msgs {
			h, err := s.hubFor(m.Game)
			if err == nil && h.post(remoteMsg{m: m}) {
				continue
			}
			if m.Kind == kindMessage && m.Conn != 0 && m.Tries == 1 {
				data, _ := json.Marshal(map[string]any{"type": "error", "message": "the game is not available; nothing changed, try again", "ply": 0})
				cl.reply(s, m.Sender, m.Conn, data)
			}
			cl.done(m.ID)
		}
	}
}

// done notes a message handled; the deleter deletes it from the inbox.
// Until then another owner would handle it again, were this process to
// die: a message is handled at least once, and its ply keeps a move (or
// any change) from being made twice.
func (cl *cluster) done(id string) {
	cl.doneMu.Lock()
	cl.doneIDs = append(cl.doneIDs, id)
	first := len(cl.doneIDs) == 1
	cl.doneMu.Unlock()
	if first {
		wake(cl.doneWake)
	}
}

// deleter deletes handled messages, a batch at a time.
func (cl *cluster) deleter() {
	s := cl.s
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-cl.doneWake:
		}
		// Let a batch gather.
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(20 * time.Millisecond):
		}
		cl.doneMu.Lock()
		ids := cl.doneIDs
		cl.doneIDs = nil
		cl.doneMu.Unlock()
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		if err := s.st.Done(ctx, ids); err != nil && s.ctx.Err() == nil {
			s.log.Warn("deleting handled messages", "err", err)
		}
		cancel()
	}
}

// worker takes jobs from the database's queue and searches them.
func (cl *cluster) worker() {
	s := cl.s
	for s.ctx.Err() == nil {
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		j, err := s.st.TakeJob(ctx, s.proc, time.Now())
		cancel()
		if err != nil || j == nil {
			if err != nil && s.ctx.Err() == nil {
				s.log.Warn("taking a job", "err", err)
			}
			select {
			case <-s.ctx.Done():
				return
			case <-cl.jobWake:
			case <-time.After(time.Second):
			}
			continue
		}
		stop := new(atomic.Bool)
		cl.searching.Store(j.ID, &searchRef{game: j.Game, stop: stop})
		if s.ctx.Err() != nil {
			stop.Store(true)
		}
		res := s.search(j, stop)
		cl.searching.Delete(j.ID)
		if stop.Load() && s.ctx.Err() != nil {
			return // stopping: the job goes to another process
		}
		body, _ := json.Marshal(res)
		m := store.Message{ID: s.proc + "." + randomID(), Game: j.Game, Sender: s.proc, Seat: -1, Kind: kindResult, Body: string(body),
			Created: time.Now(), Seq: cl.seq.Add(1)}
		ctx, cancel = context.WithTimeout(s.ctx, 30*time.Second)
		if _, err := s.st.JobDone(ctx, j.ID, s.proc, m); err != nil && s.ctx.Err() == nil {
			s.log.Warn("finishing a job", "game", j.Game, "err", err)
		}
		cancel()
		cl.searched.Add(1)
	}
}

// snapshotData is a snapshot to write.
type snapshotData struct {
	at           time.Time
	state, legal string
}

// publisher writes the owner's snapshots, a few at once, the latest of
// each game only, and never two of one game at once (so that versions
// follow the order of the states). It outlives the server's context: the
// states its hubs last showed are written when the server stops (flush).
type publisher struct {
	s       *Server
	ctx     context.Context // cancelled when flush gives up
	cancel  context.CancelFunc
	workers sync.WaitGroup
	mu      sync.Mutex
	cond    *sync.Cond
	pending map[*hub]snapshotData
	queue   []*hub
	busy    map[*hub]bool
	closed  bool
}

// flushTimeout bounds how long a stopping server writes its last snapshots.
const flushTimeout = 10 * time.Second

func newPublisher(s *Server) *publisher {
	p := &publisher{s: s, pending: map[*hub]snapshotData{}, busy: map[*hub]bool{}}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	p.cond = sync.NewCond(&p.mu)
	return p
}

// start runs n writers.
func (p *publisher) start(n int) {
	for range n {
		p.workers.Add(1)
		go func() {
			defer p.workers.Done()
			p.work()
		}()
	}
}

// put queues game h's latest snapshot, replacing one not yet written.
func (p *publisher) put(h *hub, d snapshotData) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	_, had := p.pending[h]
	p.pending[h] = d
	if !had && !p.busy[h] {
		p.queue = append(p.queue, h)
		p.cond.Signal()
	}
}

// flush stops the publisher once the snapshots queued are written (within
// flushTimeout); a later put is dropped. The server calls it when its
// hubs have stopped, so that what a client was last shown (a move
// acknowledged just before the server stopped) is what other processes
// show until one of them takes the game over.
func (p *publisher) flush() {
	p.mu.Lock()
	p.closed = true
	p.cond.Broadcast()
	p.mu.Unlock()
	t := time.AfterFunc(flushTimeout, p.cancel)
	defer t.Stop()
	p.workers.Wait()
	// Without writers (none started), the queue is written here.
	for p.next() {
		// next wrote one
	}
	p.cancel()
}

// work writes snapshots until the publisher is flushed and its queue
// empty.
func (p *publisher) work() {
	for {
		p.mu.Lock()
		for len(p.queue) == 0 && !p.closed {
			p.cond.Wait()
		}
		p.mu.Unlock()
		if !p.next() {
			return
		}
	}
}

// next writes the first queued snapshot; false when the queue is empty.
func (p *publisher) next() bool {
	s := p.s
	p.mu.Lock()
	if len(p.queue) == 0 {
		p.mu.Unlock()
		return false
	}
	h := p.queue[0]
	p.queue[0] = nil
	p.queue = p.queue[1:]
	d := p.pending[h]
	delete(p.pending, h)
	p.busy[h] = true
	p.mu.Unlock()

	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	_, err := s.st.Publish(ctx, h.id, s.proc, d.at, d.state, d.legal)
	cancel()
	if errors.Is(err, store.ErrNotOwner) {
		h.tryPost(publishFailedMsg{})
	} else if err != nil {
		s.log.Error("publishing a snapshot", "game", h.id, "err", err)
	}

	p.mu.Lock()
	delete(p.busy, h)
	if _, ok := p.pending[h]; ok {
		p.queue = append(p.queue, h)
		p.cond.Signal()
	}
	p.mu.Unlock()
	return true
}
