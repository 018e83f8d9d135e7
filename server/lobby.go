package server

// The lobby: its limits, the process's lobby connections and the seeks they follow, the lists it shows (open seeks, live games with their spectators) refreshed as seeks change anywhere, and the sweep that renews held seats and expires abandoned seeks.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"

	"anychess/core"
	"anychess/store"
	"anychess/variant"
	"anychess/wire"
)

// LobbyConfig sets the limits of the lobby and of players who leave a
// game (Config.Lobby). Zero fields take the defaults.
type LobbyConfig struct {
	// SeekGone: a seek whose creator has had no lobby connection for this
	// long expires, and a seat taken by a person gone this long is free
	// again. Default DefaultSeekGone.
	SeekGone time.Duration
	// SeekAge: a seek still open this long after it was made expires.
	// Default DefaultSeekAge.
	SeekAge time.Duration
	// AbandonAfter: a person's seat in a game that goes on, without a
	// connection for this long, is abandoned: with two sides an opponent
	// may claim the win, with more the computer takes the seat over.
	// Default DefaultAbandonAfter; negative: never.
	AbandonAfter time.Duration
	// Refresh is how often the live games and their spectator counts are
	// read again (and this process's counts written). Default
	// DefaultLobbyRefresh.
	Refresh time.Duration
}

// Defaults and limits of the lobby.
const (
	DefaultSeekGone     = time.Minute
	DefaultSeekAge      = time.Hour
	DefaultAbandonAfter = 2 * time.Minute
	DefaultLobbyRefresh = 2 * time.Second
	// MaxOpenSeeks is the most open seeks the lobby holds, in all.
	MaxOpenSeeks = 1000
	// MaxSeeksPerConn is the most open seeks one connection may have made.
	MaxSeeksPerConn = 3
	// SeekBurst seeks may be made from one address at once, then one every
	// SeekEvery (across its connections to this process), so that one
	// client cannot fill the lobby's MaxOpenSeeks.
	SeekBurst = 10
	SeekEvery = 30 * time.Second
	// MaxFollowed is the most seeks one connection may hold seats in or
	// follow (a challenge's page follows its seek).
	MaxFollowed = 16
	// MaxListedSeeks and MaxListedGames bound the lobby's lists.
	MaxListedSeeks = 100
	MaxListedGames = 50
	// MaxLobbyConns is the most lobby connections one process takes.
	MaxLobbyConns = 10_000
	// LobbyChangeBurst changes (messages other than ping) may come at
	// once from a connection, then LobbyChangesPerSecond a second.
	LobbyChangeBurst      = 10
	LobbyChangesPerSecond = 1
	// seekKeep is how long a seek that started or ended is kept, for
	// clients that come back to it.
	seekKeep = time.Hour
	// seekIDLen is the length of a seek's id (about 117 random bits: a
	// challenge's link is its key).
	seekIDLen = 2 * idLen
)

// withDefaults fills in the defaults.
func (c LobbyConfig) withDefaults() LobbyConfig {
	if c.SeekGone <= 0 {
		c.SeekGone = DefaultSeekGone
	}
	if c.SeekAge <= 0 {
		c.SeekAge = DefaultSeekAge
	}
	if c.AbandonAfter == 0 {
		c.AbandonAfter = DefaultAbandonAfter
	}
	if c.Refresh <= 0 {
		c.Refresh = DefaultLobbyRefresh
	}
	return c
}

// lobby is a process's side of the lobby. The seeks are in the store;
// the lobby keeps its connections, which seeks each follows (and holds a
// seat in), and the lists it last sent.
type lobby struct {
	s   *Server
	cfg LobbyConfig
	// seekAddrs limits the seeks made from each address (SeekBurst).
	seekAddrs *addrLimiter

	mu    sync.Mutex
	conns map[*lconn]bool
	// follow: seek id → the connections following it.
	follow map[string]map[*lconn]bool
	// attached: the seats held by connections of this process, and by
	// how many.
	attached map[store.SeatRef]int
	// seeksMsg and gamesMsg are the lists last sent.
	seeksMsg, gamesMsg []byte
	// dirty: seeks changed since the last refresh; listDirty: the list of
	// seeks may have changed; gamesDirty: the games too.
	dirty                 map[string]bool
	listDirty, gamesDirty bool
	wake                  chan struct{}

	// watchers is the spectator counts last written (the refresher's).
	watchers map[string]int
}

// lconn is a lobby connection.
type lconn struct {
	c    *conn
	addr string // the client's address (clientAddr)
	// held and follows are under lobby.mu: the seats the connection holds
	// (seek id → seat), and the seeks it follows (those included).
	held    map[string]heldSeat
	follows map[string]bool
}

// heldSeat is a seek's seat held by a connection.
type heldSeat struct {
	seat    int    // 0-based
	hash    string // the token's hash (the seat's holder)
	creator bool
}

func newLobby(s *Server) *lobby {
	return &lobby{s: s, cfg: s.cfg.Lobby, seekAddrs: newAddrLimiter(SeekBurst, SeekEvery), conns: map[*lconn]bool{}, follow: map[string]map[*lconn]bool{},
		attached: map[store.SeatRef]int{}, dirty: map[string]bool{}, wake: make(chan struct{}, 1), listDirty: true, gamesDirty: true}
}

// start runs the lobby's goroutines: the refresher and the sweep.
func (l *lobby) start() {
	s := l.s
	for _, fn := range []func(){l.refresher, l.sweeper} {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			fn()
		}()
	}
}

// ctx bounds one store call.
func (l *lobby) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(l.s.ctx, 15*time.Second)
}

// changed notes that seek id changed (here or, on PostgreSQL, in any
// process): its followers and the list hear of it.
func (l *lobby) changed(id string) {
	l.mu.Lock()
	l.dirty[id] = true
	l.listDirty = true
	l.mu.Unlock()
	wake(l.wake)
}

// changedAll notes that anything may have changed (the listener of
// events reconnected, and events were lost meanwhile).
func (l *lobby) changedAll() {
	l.mu.Lock()
	for id := range l.follow {
		l.dirty[id] = true
	}
	l.listDirty, l.gamesDirty = true, true
	l.mu.Unlock()
	wake(l.wake)
}

// refresher sends the lobby's connections what changed: the list of
// seeks, the seeks they follow, and (every Refresh) the live games; it
// writes this process's spectator counts.
func (l *lobby) refresher() {
	s := l.s
	t := time.NewTicker(l.cfg.Refresh)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-l.wake:
		case <-t.C:
			l.writeWatchers()
			l.mu.Lock()
			l.gamesDirty = true
			l.mu.Unlock()
		}
		l.refresh()
		// Changes that come together are sent together.
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// refresh reads again what changed and sends it.
func (l *lobby) refresh() {
	l.mu.Lock()
	dirty := l.dirty
	l.dirty = map[string]bool{}
	list, games := l.listDirty, l.gamesDirty
	l.listDirty, l.gamesDirty = false, false
	n := len(l.conns)
	var ids []string
	for id := range dirty {
		if len(l.follow[id]) > 0 {
			ids = append(ids, id)
		}
	}
	l.mu.Unlock()
	if n == 0 {
		// Nobody to tell: the lists are read when somebody comes.
		l.mu.Lock()
		l.seeksMsg, l.gamesMsg = nil, nil
		l.listDirty, l.gamesDirty = true, true
		l.mu.Unlock()
		return
	}
	ctx, cancel := l.ctx()
	defer cancel()
	for _, id := range ids {
		k, err := l.s.st.LoadSeek(ctx, id)
		var v wire.Seek
		switch {
		case errors.Is(err, store.ErrNoSeek):
			v = wire.Seek{ID: id, State: "gone", Seats: []wire.SeekSeat{}}
		case err != nil:
			l.s.log.Warn("reading a seek", "seek", id, "err", err)
			l.changedLater(id)
			continue
		default:
			v = l.s.seekView(k)
			if k.State == store.SeekStarted {
				games = true
			}
		}
		l.sendSeek(v)
	}
	if list {
		ks, err := l.s.st.OpenSeeks(ctx, MaxListedSeeks)
		if err != nil {
			l.s.log.Warn("reading the seeks", "err", err)
			l.mu.Lock()
			l.listDirty = true
			l.mu.Unlock()
		} else {
			m := wire.SeeksMessage{Type: "seeks", Seeks: []wire.Seek{}}
			for _, k := range ks {
				m.Seeks = append(m.Seeks, l.s.seekView(k))
			}
			l.broadcast(&l.seeksMsg, mustJSON(m))
		}
	}
	if games {
		gs, err := l.s.liveGames(ctx)
		if err != nil {
			l.s.log.Warn("reading the live games", "err", err)
		} else {
			l.broadcast(&l.gamesMsg, mustJSON(wire.GamesMessage{Type: "games", Games: gs}))
		}
	}
}

// changedLater notes a seek to read again at the next refresh.
func (l *lobby) changedLater(id string) {
	l.mu.Lock()
	l.dirty[id] = true
	l.mu.Unlock()
}

// broadcast sends a list to every connection when it differs from the
// one last sent (*last).
func (l *lobby) broadcast(last *[]byte, data []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if bytes.Equal(*last, data) {
		return
	}
	*last = data
	for lc := range l.conns {
		lc.c.push(data)
	}
}

// sendSeek sends a seek to its followers; a seek that no longer waits is
// no longer followed, nor its seats held.
func (l *lobby) sendSeek(v wire.Seek) {
	data := mustJSON(wire.SeekMessage{Type: "seek", Seek: v})
	l.mu.Lock()
	defer l.mu.Unlock()
	for lc := range l.follow[v.ID] {
		lc.c.push(data)
		if v.State != store.SeekOpen {
			l.unfollowLocked(lc, v.ID)
		}
	}
}

// unfollowLocked stops lc following seek id (and holding a seat in it).
func (l *lobby) unfollowLocked(lc *lconn, id string) {
	delete(lc.follows, id)
	if f := l.follow[id]; f != nil {
		delete(f, lc)
		if len(f) == 0 {
			delete(l.follow, id)
		}
	}
	if h, ok := lc.held[id]; ok {
		delete(lc.held, id)
		ref := store.SeatRef{Seek: id, Seat: h.seat}
		if l.attached[ref]--; l.attached[ref] <= 0 {
			delete(l.attached, ref)
		}
	}
}

// followLocked makes lc follow seek id; false when it follows too many.
func (l *lobby) followLocked(lc *lconn, id string) bool {
	if lc.follows[id] {
		return true
	}
	if len(lc.follows) >= MaxFollowed {
		return false
	}
	lc.follows[id] = true
	f := l.follow[id]
	if f == nil {
		f = map[*lconn]bool{}
		l.follow[id] = f
	}
	f[lc] = true
	return true
}

// holdLocked notes that lc holds seat of seek id (and follows it).
func (l *lobby) holdLocked(lc *lconn, id string, h heldSeat) {
	l.followLocked(lc, id)
	if _, ok := lc.held[id]; ok {
		return
	}
	lc.held[id] = h
	l.attached[store.SeatRef{Seek: id, Seat: h.seat}]++
}

// join registers a connection and sends it the lists.
func (l *lobby) join(lc *lconn) bool {
	l.mu.Lock()
	if len(l.conns) >= MaxLobbyConns {
		l.mu.Unlock()
		return false
	}
	l.conns[lc] = true
	seeks, games := l.seeksMsg, l.gamesMsg
	if seeks == nil {
		l.listDirty = true
	} else {
		lc.c.push(seeks)
	}
	if games == nil {
		l.gamesDirty = true
	} else {
		lc.c.push(games)
	}
	l.mu.Unlock()
	if seeks == nil || games == nil {
		wake(l.wake)
	}
	return true
}

// leave forgets a connection; the seats it alone held here start to age.
func (l *lobby) leave(lc *lconn) {
	l.mu.Lock()
	delete(l.conns, lc)
	var detach []store.SeatRef
	for id, h := range lc.held {
		ref := store.SeatRef{Seek: id, Seat: h.seat}
		if l.attached[ref] == 1 {
			detach = append(detach, ref)
		}
	}
	for id := range lc.follows {
		l.unfollowLocked(lc, id)
	}
	l.mu.Unlock()
	if len(detach) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, ref := range detach {
		if err := l.s.st.DetachSeat(ctx, ref.Seek, ref.Seat, l.s.proc, time.Now()); err != nil {
			l.s.log.Warn("detaching a seat", "seek", ref.Seek, "err", err)
		}
	}
}

// sweepEvery is how often the sweep runs: a few times within SeekGone.
func (l *lobby) sweepEvery() time.Duration {
	return min(max(l.cfg.SeekGone/6, 20*time.Millisecond), 5*time.Second)
}

// sweeper renews the seats this process holds, expires seeks whose
// creator left or that are too old, frees seats whose person left, and
// deletes seeks that ended long ago.
func (l *lobby) sweeper() {
	s := l.s
	t := time.NewTicker(l.sweepEvery())
	defer t.Stop()
	var lastPurge time.Time
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		l.sweep()
		if time.Since(lastPurge) > time.Minute {
			lastPurge = time.Now()
			ctx, cancel := l.ctx()
			if err := s.st.PurgeSeeks(ctx, time.Now().Add(-seekKeep), time.Now()); err != nil && s.ctx.Err() == nil {
				s.log.Warn("purging seeks", "err", err)
			}
			cancel()
		}
	}
}

func (l *lobby) sweep() {
	s := l.s
	ctx, cancel := l.ctx()
	defer cancel()
	now := time.Now()
	l.mu.Lock()
	holding := len(l.attached) > 0
	l.mu.Unlock()
	if holding {
		if err := s.st.RenewSeats(ctx, s.proc, now); err != nil && s.ctx.Err() == nil {
			s.log.Warn("renewing held seats", "err", err)
		}
	}
	born, gone := now.Add(-l.cfg.SeekAge), now.Add(-l.cfg.SeekGone)
	expired, freed, err := s.st.Stale(ctx, born, gone)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("looking for stale seeks", "err", err)
		}
		return
	}
	for _, id := range expired {
		k, err := s.st.LoadSeek(ctx, id)
		if err != nil || k.State != store.SeekOpen {
			continue
		}
		// Seen again since (a reconnection): not stale after all.
		if !k.Created.Before(born) && !k.Seats[k.Creator].Seen.Before(gone) {
			continue
		}
		if err := s.st.ExpireSeek(ctx, id, k.Version, born, gone, now); err != nil {
			if !errors.Is(err, store.ErrConflict) {
				s.log.Warn("expiring a seek", "seek", id, "err", err)
			}
			continue
		}
		s.log.Info("seek expired", "seek", id)
		l.changed(id)
	}
	for _, ref := range freed {
		k, err := s.st.LoadSeek(ctx, ref.Seek)
		if err != nil || k.State != store.SeekOpen || ref.Seat >= len(k.Seats) {
			continue
		}
		if st := k.Seats[ref.Seat]; st.Holder == "" || !st.Seen.Before(gone) || ref.Seat == k.Creator {
			continue
		}
		if err := s.st.FreeStaleSeat(ctx, ref.Seek, k.Version, ref.Seat, gone); err != nil {
			if !errors.Is(err, store.ErrConflict) {
				s.log.Warn("freeing a seat", "seek", ref.Seek, "err", err)
			}
			continue
		}
		s.log.Info("seek seat freed: its person left", "seek", ref.Seek, "seat", ref.Seat+1)
		l.changed(ref.Seek)
	}
}

// writeWatchers writes this process's spectator counts when they changed.
func (l *lobby) writeWatchers() {
	s := l.s
	counts := map[string]int{}
	for _, h := range s.allHubs() {
		if n := int(h.watching.Load()); n > 0 {
			counts[h.id] = n
		}
	}
	if len(counts) == len(l.watchers) {
		same := true
		for id, n := range counts {
			if l.watchers[id] != n {
				same = false
				break
			}
		}
		if same {
			return
		}
	}
	ctx, cancel := l.ctx()
	defer cancel()
	if err := s.st.SetWatchers(ctx, s.proc, counts); err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("writing the spectator counts", "err", err)
		}
		return
	}
	l.watchers = counts
}

// liveGames lists the games to watch.
func (s *Server) liveGames(ctx context.Context) ([]wire.LiveGame, error) {
	gs, err := s.st.LiveGames(ctx, time.Now(), MaxListedGames)
	if err != nil {
		return nil, err
	}
	out := []wire.LiveGame{}
	for _, g := range gs {
		lg := wire.LiveGame{ID: g.ID, Variant: g.Variant, Title: g.Variant, Options: optionsMap(g.Options), Ply: g.Ply,
			Spectators: g.Spectators, Created: g.Created.UnixMilli(), Watch: "/g/" + g.ID, Seats: []wire.SeatInfo{}}
		var names []string
		if e, err := s.rc.entry(g.Variant, g.Options); err == nil {
			lg.Title, names = rulesTitle(e.r), playerNames(e.r)
		}
		for _, st := range g.Seats {
			name := st.Name
			if name == "" && st.Seat < len(names) {
				name = names[st.Seat]
			}
			lg.Seats = append(lg.Seats, wire.SeatInfo{Name: name, Plays: st.Plays, Connected: true})
		}
		out = append(out, lg)
	}
	return out, nil
}

// seekView is a seek as the lobby shows it.
func (s *Server) seekView(k *store.Seek) wire.Seek {
	v := wire.Seek{ID: k.ID, Variant: k.Variant, Title: k.Variant, Options: optionsMap(k.Options), Start: k.Start, Clock: k.Clock,
		Takebacks: k.Takebacks, Unlisted: k.Unlisted, Creator: k.Creator + 1, Created: k.Created.UnixMilli(), State: k.State,
		Game: k.Game, Link: "/s/" + k.ID, Seats: []wire.SeekSeat{}}
	var names []string
	if e, err := s.rc.entry(k.Variant, k.Options); err == nil {
		v.Title, names = rulesTitle(e.r), playerNames(e.r)
	}
	for _, st := range k.Seats {
		ss := wire.SeekSeat{Seat: st.Seat + 1, Plays: st.Plays, Taken: st.Holder != "", Name: st.Name}
		if st.Seat < len(names) {
			ss.Player = names[st.Seat]
		}
		if st.Open() {
			v.Open++
		}
		v.Seats = append(v.Seats, ss)
	}
	return v
}

// rulesTitle is a variant's title.
func rulesTitle(r *core.Rules) string {
	if r.Def != nil && r.Def.Title != "" {
		return r.Def.Title
	}
	return r.Name()
}

// playerNames are the names of a variant's seats, as wire.BoardOf gives
// them.
func playerNames(r *core.Rules) []string {
	out := make([]string, r.Players)
	for i := range out {
		if r.Def != nil && i < len(r.Def.Players) && r.Def.Players[i].Name != "" {
			out[i] = r.Def.Players[i].Name
		} else {
			out[i] = "player " + string(rune('1'+i))
		}
	}
	return out
}

// optionsMap reads options as the store keeps them.
func optionsMap(text string) map[string]string {
	m, err := variant.ParseOptions(strings.Fields(text))
	if err != nil || m == nil {
		return map[string]string{}
	}
	return m
}

// mustJSON marshals plain data.
func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain data
	}
	return data
}
