package server

// The standings live: GET /ws/tournament/{id} sends the tournament as everyone sees it at once and after each change, whichever process made it.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"anychess/store"
	"anychess/wire"
)

// feedPoll is how often a process with watchers of a tournament asks the
// store for its version: changes made by other processes show within it
// (a change made here shows at once).
const feedPoll = time.Second

// MaxTournamentWatchers bounds the connections to one tournament's feed in
// one process, MaxTournamentFeeds the tournaments with a feed (each reads
// its tournament every second while watched).
const (
	MaxTournamentWatchers = 1000
	MaxTournamentFeeds    = 200
)

// tourFeeds are this process's tournament feeds, by tournament.
type tourFeeds struct {
	s     *Server
	mu    sync.Mutex
	feeds map[string]*tourFeed
	max   int // the most feeds (MaxTournamentFeeds; tests change it)
}

// tourFeed sends one tournament to its connections: a goroutine that runs
// while it has connections.
type tourFeed struct {
	id    string
	conns map[*conn]struct{}
	wakeC chan struct{}
	last  []byte // the last view sent
}

func newTourFeeds(s *Server) *tourFeeds {
	return &tourFeeds{s: s, feeds: map[string]*tourFeed{}, max: MaxTournamentFeeds}
}

// wake tells tournament id's feed (if any) that it changed.
func (f *tourFeeds) wake(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fd := f.feeds[id]; fd != nil {
		wake(fd.wakeC)
	}
}

// add registers a connection; false when the feed is full, or a new feed
// would be one too many.
func (f *tourFeeds) add(id string, c *conn) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	fd := f.feeds[id]
	if fd == nil {
		if len(f.feeds) >= f.max {
			return false
		}
		fd = &tourFeed{id: id, conns: map[*conn]struct{}{}, wakeC: make(chan struct{}, 1)}
		f.feeds[id] = fd
		f.s.wg.Add(1)
		go f.run(fd)
	}
	if len(fd.conns) >= MaxTournamentWatchers {
		return false
	}
	fd.conns[c] = struct{}{}
	if fd.last != nil {
		c.push(fd.last)
	}
	wake(fd.wakeC)
	return true
}

// remove forgets a connection.
func (f *tourFeeds) remove(id string, c *conn) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fd := f.feeds[id]; fd != nil {
		delete(fd.conns, c)
		wake(fd.wakeC)
	}
}

// run sends the tournament's view whenever its version changes, until the
// feed has no connections.
func (f *tourFeeds) run(fd *tourFeed) {
	defer f.s.wg.Done()
	t := time.NewTicker(feedPoll)
	defer t.Stop()
	version := int64(-1)
	for {
		select {
		case <-f.s.ctx.Done():
			return
		case <-fd.wakeC:
		case <-t.C:
		}
		f.mu.Lock()
		if len(fd.conns) == 0 {
			delete(f.feeds, fd.id)
			f.mu.Unlock()
			return
		}
		f.mu.Unlock()
		ctx, cancel := context.WithTimeout(f.s.ctx, 10*time.Second)
		v, err := f.s.st.TournamentVersion(ctx, fd.id)
		var data []byte
		if err == nil && v != version {
			var d *store.TournamentData
			if d, err = f.s.st.LoadTournament(ctx, fd.id); err == nil {
				var tv *tournamentView
				if tv, err = view(d); err == nil {
					data, err = json.Marshal(tv)
					version = d.Version
				}
			}
		}
		cancel()
		if err != nil {
			if f.s.ctx.Err() == nil {
				f.s.log.Warn("a tournament's feed", "tournament", fd.id, "err", err)
			}
			continue
		}
		if data == nil {
			continue
		}
		f.mu.Lock()
		fd.last = data
		for c := range fd.conns {
			c.push(data)
		}
		f.mu.Unlock()
	}
}

// handleTournamentWS serves GET /ws/tournament/{id}. The client may send
// {"type":"ping"} (answered {"type":"pong"}); anything else is refused.
func (s *Server) handleTournamentWS(w http.ResponseWriter, r *http.Request) {
	d, err := s.loadTournament(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		s.log.Info("websocket refused", "tournament", d.ID, "err", err)
		return
	}
	ws.SetReadLimit(wire.MaxMessageBytes)
	c := newConn(ws)
	written := make(chan struct{})
	go c.writer(written)
	defer func() {
		s.feeds.remove(d.ID, c)
		c.kill(websocket.StatusNormalClosure, "")
		<-written
	}()
	// The server stopping closes the connection: reconnect.
	stop := context.AfterFunc(s.ctx, func() { c.kill(websocketGoingAway, "the server is stopping; reconnect") })
	defer stop()
	if !s.feeds.add(d.ID, c) {
		c.kill(websocket.StatusTryAgainLater, "too many watchers of this tournament, or of tournaments, on this server; try later")
		return
	}
	lim := rate.NewLimiter(RatePerSecond, RateBurst)
	for {
		typ, data, err := ws.Read(c.ctx)
		if err != nil {
			return
		}
		if !lim.Allow() {
			c.kill(websocket.StatusPolicyViolation, "too many messages")
			return
		}
		m, err := wire.DecodeClient(data)
		switch {
		case typ != websocket.MessageText:
			err = errBinary
		case err == nil && m.Type != "ping":
			err = errors.New("the tournament's feed takes only pings: use the API to act")
		}
		if err != nil {
			msg, _ := json.Marshal(wire.NewError(0, "%v", err))
			c.push(msg)
			continue
		}
		c.push(pong)
	}
}
