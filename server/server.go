package server

// The Server: its configuration, the registry of live games, start-up (games read back from the store) and shutdown.

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"anychess/game"
	"anychess/search"
	"anychess/store"
)

// Config configures a Server.
type Config struct {
	// Store keeps the games; required. The Server does not close it.
	Store *store.Store
	// MoveTime is the time a full-strength computer move may take (level
	// 8; the lower levels take less); 0 means DefaultMoveTime.
	MoveTime time.Duration
	// Workers is the most computer searches run at once; 0 means
	// max(1, (NumCPU-1)/SearchThreads). With a shared store, a negative number means none:
	// the process serves, other processes' workers search.
	Workers int
	// SearchThreads is the goroutines of each computer search (lazy SMP,
	// search.Options.Threads); 0 means 1.
	SearchThreads int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For header
	// names the client for the per-address limits (see clientAddr); none
	// by default, when the header is ignored.
	TrustedProxies []netip.Prefix
	// Lease is how long, in a shared store, this process's lease on its
	// games runs after each heartbeat: when it stops beating, other
	// processes take its games over that long after. 0 means
	// DefaultLease.
	Lease time.Duration
	// Heartbeat is how often the process writes its heartbeat; 0 means
	// DefaultHeartbeat. A restart charges a turn at most this much less
	// than it had run.
	Heartbeat time.Duration
	// IdleFinished is how long a finished game with nobody connected stays
	// in memory; 0 means a minute.
	IdleFinished time.Duration
	// MaxLiveGames bounds the unfinished games in memory; creating more is
	// refused. 0 means DefaultMaxLiveGames.
	MaxLiveGames int
	// Logger receives the server's log; nil logs to slog.Default(). Tokens
	// are never logged.
	Logger *slog.Logger
	// Lobby sets the lobby's limits and those of players who leave.
	Lobby LobbyConfig
}

// Defaults of Config.
const (
	DefaultMoveTime     = 2 * time.Second
	DefaultHeartbeat    = 250 * time.Millisecond
	DefaultMaxLiveGames = 10_000
)

// Server serves the pages, the API and the websockets of live games. It
// implements http.Handler.
type Server struct {
	cfg  Config
	st   *store.Store
	log  *slog.Logger
	proc string // this process's id in the store
	pool *pool
	mux  *http.ServeMux
	rc   *rulesCache

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// cluster runs what a shared store needs (nil for SQLite).
	cluster *cluster
	// lobby runs the lobby's connections and lists.
	lobby *lobby
	// feeds send tournaments to their watchers; uploads keep the upload
	// limits (tournament_feed.go, upload.go).
	feeds   *tourFeeds
	uploads *uploads
	// tourneys limits the tournaments made from each address.
	tourneys *addrLimiter

	mu    sync.Mutex
	hubs  map[string]*hub
	live  int // unfinished games this process owns
	close sync.Once
}

// New starts a server on cfg's store: it reads back every unfinished game
// and starts it again (its clocks as they were when the previous process
// stopped), and starts the heartbeat and the worker pool.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	cfg.SearchThreads = min(max(cfg.SearchThreads, 1), search.MaxThreads)
	if cfg.Workers == 0 || cfg.Workers < 0 && !cfg.Store.Shared() {
		cfg.Workers = max(1, (runtime.NumCPU()-1)/cfg.SearchThreads)
	}
	cfg.Workers = max(cfg.Workers, 0)
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = DefaultHeartbeat
	}
	if cfg.IdleFinished <= 0 {
		cfg.IdleFinished = time.Minute
	}
	if cfg.MaxLiveGames <= 0 {
		cfg.MaxLiveGames = DefaultMaxLiveGames
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.Lobby = cfg.Lobby.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, st: cfg.Store, log: cfg.Logger, proc: "p" + randomID(), hubs: map[string]*hub{},
		ctx: ctx, cancel: cancel, rc: newRulesCache(), uploads: newUploads(),
		tourneys: newAddrLimiter(TournamentBurst, TournamentEvery)}
	s.feeds = newTourFeeds(s)
	s.rc.fallback = s.uploadedRules // uploaded variants, before any game is read back
	s.lobby = newLobby(s)
	// The heartbeat first: from now on a crash of this process leaves the
	// time its games' turns had run.
	if err := s.st.Beat(ctx, s.proc, time.Now(), cfg.Lease); err != nil {
		cancel()
		return nil, err
	}
	if s.st.Shared() {
		// Other processes may run games: this one takes over those whose
		// owner's lease ran out, as they come (the scan).
		s.cluster = newCluster(s)
	} else {
		s.pool = newPool(cfg.Workers, s.log)
		if err := s.resumeAll(); err != nil {
			s.shutdown()
			return nil, err
		}
	}
	if err := s.st.Forget(ctx, s.proc, time.Now()); err != nil {
		s.log.Warn("forgetting old heartbeats", "err", err)
	}
	s.wg.Add(2)
	go s.heartbeat()
	go s.settler()
	if s.cluster != nil {
		s.cluster.start()
	}
	s.lobby.start()
	s.routes()
	return s, nil
}

// Proc is this process's id in the store (the owner of its games).
func (s *Server) Proc() string { return s.proc }

// resumeAll starts every unfinished game of the store again.
func (s *Server) resumeAll() error {
	ids, err := s.st.Unfinished(s.ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		row, moves, err := s.st.Load(s.ctx, id)
		if err != nil {
			return err
		}
		g, err := s.restore(row, moves)
		if err != nil {
			// A game that no longer loads (a variant changed its rules)
			// is left as stored, and logged; the others go on.
			s.log.Error("a stored game does not load", "game", id, "err", err)
			continue
		}
		elapsed := time.Duration(0)
		if row.Owner != "" {
			beat, ok, err := s.st.LastBeat(s.ctx, row.Owner)
			if err != nil {
				return err
			}
			if ok {
				elapsed = max(beat.Sub(row.TurnStarted), 0)
			}
		}
		g.ResumeTurn(elapsed)
		if err := s.st.Resume(s.ctx, id, s.proc, g.TurnStarted()); err != nil {
			return err
		}
		row.Owner = s.proc
		h := newHub(s, row, g)
		s.mu.Lock()
		s.hubs[id] = h
		s.mu.Unlock()
		s.startHub(h)
		s.log.Info("game resumed", "game", id, "ply", g.Ply(), "elapsed", elapsed.Round(time.Millisecond))
	}
	return nil
}

// heartbeat writes the process's heartbeat until the server closes.
func (s *Server) heartbeat() {
	defer s.wg.Done()
	t := time.NewTicker(s.cfg.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-t.C:
			if err := s.st.Beat(s.ctx, s.proc, now, s.cfg.Lease); err != nil && s.ctx.Err() == nil {
				s.log.Error("heartbeat", "err", err)
			}
		}
	}
}

// Close stops every game's hub, closing their connections, stops the
// worker pool and the heartbeat. The store stays open; what was
// acknowledged is stored.
func (s *Server) Close() error {
	s.shutdown()
	return nil
}

func (s *Server) shutdown() {
	s.close.Do(func() {
		s.cancel()
		if s.cluster != nil {
			s.cluster.stop()
		}
		s.wg.Wait()
		if s.cluster != nil {
			s.cluster.pub.flush()
		}
		if s.pool != nil {
			s.pool.close()
		}
		// A last heartbeat: the turns of the games ran until now. In a
		// shared store the lease ends with it, so that other processes
		// take the games over at once.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var err error
		if s.cluster != nil {
			err = s.st.Release(ctx, s.proc, time.Now())
		} else {
			err = s.st.Beat(ctx, s.proc, time.Now(), 0)
		}
		if err != nil {
			s.log.Warn("last heartbeat", "err", err)
		}
	})
}

// startHub runs a hub's goroutine.
func (s *Server) startHub(h *hub) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		h.run()
	}()
}

// errNoGame is the answer for an id that names no game.
var errNoGame = errors.New("no such game")

// hub returns game id's hub in this process, nil for none.
func (s *Server) hub(id string) *hub {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hubs[id]
}

// allHubs returns the hubs in this process.
func (s *Server) allHubs() []*hub {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*hub, 0, len(s.hubs))
	for _, h := range s.hubs {
		out = append(out, h)
	}
	return out
}

// hubFor returns the hub of game id, reading the game from the store when
// it is not in memory (a finished game; in a shared store, a game another
// process owns, which the hub mirrors).
func (s *Server) hubFor(id string) (*hub, error) {
	if !validID(id) {
		return nil, errNoGame
	}
	if h := s.hub(id); h != nil {
		return h, nil
	}
	if s.ctx.Err() != nil {
		return nil, errors.New("the server is stopping")
	}
	if s.cluster != nil {
		owner, _, over, err := s.st.OwnerOf(s.ctx, id, time.Now())
		if errors.Is(err, store.ErrNotFound) {
			return nil, errNoGame
		}
		if err != nil {
			return nil, err
		}
		if !over && owner != s.proc {
			return s.mirrorHub(id)
		}
	}
	row, moves, err := s.st.Load(s.ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, err
	}
	g, err := s.restore(row, moves)
	if err != nil {
		return nil, fmt.Errorf("game %s does not load: %w", id, err)
	}
	rematch, err := s.st.Rematch(s.ctx, id)
	if err != nil {
		closeGame(g)
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.hubs[id]; h != nil {
		g.Close()
		return h, nil
	}
	if !g.Over() {
		// An unfinished game without a hub here (its hub left after a
		// fault): this process runs it.
		if s.cluster == nil {
			if err := s.st.Resume(s.ctx, id, s.proc, row.TurnStarted); err != nil {
				closeGame(g)
				return nil, err
			}
			row.Owner = s.proc
		}
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	h := newHub(s, row, g)
	h.rematch = rematch
	s.hubs[id] = h
	s.startHub(h)
	return h, nil
}

// mirrorHub starts a hub that mirrors game id, which another process owns.
func (s *Server) mirrorHub(id string) (*hub, error) {
	row, _, err := s.st.Load(s.ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.hubs[id]; h != nil {
		return h, nil
	}
	h := newHub(s, row, nil)
	s.hubs[id] = h
	s.startHub(h)
	return h, nil
}

// do runs fn in the hub of game id and waits for it; it reads the game
// back from the store when needed. fn must not block.
func (s *Server) do(id string, fn func(h *hub)) error {
	for range 3 {
		h, err := s.hubFor(id)
		if err != nil {
			return err
		}
		done := make(chan struct{})
		if h.post(queryMsg{fn: fn, done: done}) {
			select {
			case <-done:
				return nil
			case <-h.done:
				return errors.New("the game's hub stopped")
			}
		}
		// The hub was leaving (an idle finished game): read it again.
	}
	return errors.New("the game is not available; try again")
}

// removeHub forgets a hub that is leaving.
func (s *Server) removeHub(h *hub) {
	h.count(false)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hubs[h.id] == h {
		delete(s.hubs, h.id)
	}
}

// countLive counts a live game this process owns in (or out).
func (s *Server) countLive(in bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in {
		s.live++
	} else {
		s.live--
	}
}

// idAlphabet makes game ids: letters and digits.
const idAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"

// idLen is the length of a game id (about 58 bits).
const idLen = 10

// randomID returns a new random id.
func randomID() string {
	var b [idLen]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b[:])
}

// validID reports whether id has the shape of a game id.
func validID(id string) bool {
	if len(id) != idLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// closeGame releases a game's players.
func closeGame(g *game.Game) { _ = g.Close() }
