package server

// The hub: the one goroutine per process that runs a live game's connections; on the game's owner it stores each change and then tells every connection, elsewhere it mirrors the owner's snapshots and forwards the clients' messages.

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/store"
	"anychess/wire"
)

// errStale answers a search its hub no longer wanted.
var errStale = errors.New("stale search")

// Messages to a hub, besides resultMsg.
type (
	// joinMsg registers a connection, seated when seat ≥ 0 and the token
	// is the seat's.
	joinMsg struct {
		c     *conn
		seat  int
		token string
	}
	leaveMsg struct{ c *conn }
	// inMsg is a decoded client message.
	inMsg struct {
		c *conn
		m wire.ClientMessage
	}
	// badMsg is a client message that could not be read.
	badMsg struct {
		c   *conn
		err error
	}
	tickMsg  struct{}
	idleMsg  struct{}
	retryMsg struct{}
	// queryMsg runs fn in the hub (HTTP requests about the game).
	queryMsg struct {
		fn   func(*hub)
		done chan struct{}
	}
	// remoteMsg is a message from the inbox: another process's client, a
	// presence, a worker's move.
	remoteMsg struct{ m store.Message }
	// claimedMsg: this process has just claimed the game (the hub
	// becomes its owner).
	claimedMsg struct{}
	// lostMsg: another process owns the game now.
	lostMsg struct{}
	// snapMsg: a new snapshot may be in the store (force: read it
	// whatever its version).
	snapMsg struct{ force bool }
	// aliveMsg: the processes alive now; presences of the others go.
	aliveMsg struct{ alive map[string]bool }
	// gameMsg: the finished game changed in the store (a rematch).
	gameMsg struct{}
	// publishedMsg: a snapshot of the hub's was refused because another
	// process owns the game.
	publishFailedMsg struct{}
)

// hub runs one game in this process. Every field is the hub goroutine's
// alone, but for inbox, done and the atomics.
//
// In a process that owns the game (or holds a finished game, which nobody
// changes but a rematch), g is the game. In a process that does not own a
// live game (mirror), g is nil and snap is the owner's latest snapshot:
// the hub shows it to its connections and forwards what they send to the
// owner. A hub changes between the two when this process claims the game,
// or finds it taken.
type hub struct {
	s      *Server
	id     string
	row    *store.Game // the game's settings and seats as stored
	hashes [][]byte    // each seat's token hash, nil for none
	g      *game.Game

	inbox chan any
	done  chan struct{}
	conns map[*conn]struct{}

	// gen counts changes of the moves (a move, a takeback): a search for
	// an older gen is stale.
	gen uint64
	// seq numbers the search requests; inflight is the one in the pool (0
	// for none), for position gen inflightGen. In a shared store the
	// search is a job of the database's queue: inflightJob.
	seq, inflight, inflightGen uint64
	inflightJob                string
	stop                       *atomic.Bool
	failures                   int

	clock, idle, retry *time.Timer
	rematch            string
	over               bool // the game was over when last looked at
	counted            bool // counted among the server's live games

	// broken: a change could not be stored and the game could not be
	// read back, so the game in memory may hold what the store does not;
	// the hub leaves (the next request reads the game again).
	broken bool
	// mirror: another process owns the game; snap is its snapshot.
	mirror bool
	snap   *snapView
	// remote holds the seats connected through other processes, by
	// process (owner).
	remote map[string]uint32
	// sentPresence is what a mirror last told the owner, to owner.
	sentPresence      uint32
	sentPresenceOwner string

	// owning and finished mirror the mode for other goroutines.
	owning, finished atomic.Bool
	// snapWanted is the newest snapshot version announced, snapPosted
	// whether a snapMsg is on its way (so that announcements coalesce).
	snapWanted atomic.Int64
	snapPosted atomic.Bool

	// watching counts the spectators connected here (for the lobby);
	// away tracks the seats whose person left (lobby_away.go).
	watching atomic.Int32
	away     *awayState
}

func newHub(s *Server, row *store.Game, g *game.Game) *hub {
	h := &hub{s: s, id: row.ID, g: g, inbox: make(chan any, 64), done: make(chan struct{}),
		conns: map[*conn]struct{}{}, remote: map[string]uint32{}}
	h.setRow(row)
	if g != nil {
		h.over = g.Over()
		h.owning.Store(row.Owner == s.proc && !h.over)
		h.finished.Store(h.over)
	} else {
		h.mirror = true
	}
	return h
}

// setRow takes the stored row and its seats' token hashes.
func (h *hub) setRow(row *store.Game) {
	h.row = row
	h.hashes = make([][]byte, len(row.Seats))
	for i, st := range row.Seats {
		if b, err := hex.DecodeString(st.TokenHash); err == nil && len(b) == sha256.Size {
			h.hashes[i] = b
		}
	}
}

// post sends the hub a message; false when the hub has stopped.
func (h *hub) post(m any) bool {
	select {
	case <-h.done:
		return false
	default:
	}
	select {
	case h.inbox <- m:
		return true
	case <-h.done:
		return false
	}
}

// tryPost sends the hub a message without waiting; false when its inbox
// is full or it stopped.
func (h *hub) tryPost(m any) bool {
	select {
	case <-h.done:
		return false
	case h.inbox <- m:
		return true
	default:
		return false
	}
}

// run is the hub's goroutine.
func (h *hub) run() {
	defer h.exit()
	start := func() {
		if h.mirror {
			h.refreshSnap(true)
			return
		}
		h.count(!h.over)
		h.settle()
		h.publish(nil)
	}
	if !h.safely(start) {
		return
	}
	if (h.over || h.mirror) && len(h.conns) == 0 {
		h.startIdle()
	}
	for {
		select {
		case <-h.s.ctx.Done():
			return
		case m := <-h.inbox:
			leave := false
			if !h.safely(func() { leave = h.handle(m) }) || leave || h.broken {
				return
			}
		}
	}
}

// safely runs fn, turning a panic into a log line and a reload of the
// game from the store (what it was doing is not half done: nothing is
// sent before it is stored). false: the game could not be read back, and
// the hub leaves.
func (h *hub) safely(fn func()) (ok bool) {
	defer func() {
		if e := recover(); e != nil {
			h.s.log.Error("game hub panicked", "game", h.id, "panic", e, "stack", string(debug.Stack()))
			ok = h.reload()
		}
	}()
	fn()
	return true
}

// count sets whether the hub counts among the server's live games.
func (h *hub) count(live bool) {
	if live != h.counted {
		h.counted = live
		h.s.countLive(live)
	}
}

// exit stops the hub: its timers, its search, its connections.
func (h *hub) exit() {
	h.s.removeHub(h)
	close(h.done)
	h.stopTimers()
	if h.stop != nil {
		h.stop.Store(true)
	}
	for c := range h.conns {
		c.kill(websocketGoingAway, "the game's server is stopping; reconnect")
	}
	if h.g != nil {
		closeGame(h.g)
	}
}

func (h *hub) stopTimers() {
	for _, t := range []*time.Timer{h.clock, h.idle, h.retry} {
		if t != nil {
			t.Stop()
		}
	}
}

// handle handles one message; true means leave.
func (h *hub) handle(m any) bool {
	switch m := m.(type) {
	case joinMsg:
		h.join(m)
	case leaveMsg:
		h.leave(m.c)
	case inMsg:
		h.message(m.c, m.m)
	case badMsg:
		h.refuse(m.c, "%v", m.err)
	case resultMsg:
		if !h.mirror {
			h.result(m)
		}
	case tickMsg:
		if !h.mirror {
			h.tick()
		}
	case retryMsg:
		if !h.mirror {
			h.schedule()
		}
	case idleMsg:
		return (h.over || h.mirror) && len(h.conns) == 0
	case queryMsg:
		m.fn(h)
		close(m.done)
	case remoteMsg:
		h.remoteMessage(m.m)
	case claimedMsg:
		if h.mirror {
			h.becomeOwner()
		}
	case lostMsg, publishFailedMsg:
		if !h.mirror && !h.over && !h.stillOwner() {
			h.becomeMirror()
		}
	case snapMsg:
		h.snapPosted.Store(false)
		if h.mirror {
			h.refreshSnap(m.force)
		}
	case aliveMsg:
		h.dropDead(m.alive)
	case gameMsg:
		h.refreshRematch()
	case awayMsg:
		if !h.mirror {
			h.awayTick()
		}
	}
	return false
}

// stillOwner asks the store whether this process owns the game (a scan
// that suspects otherwise may have looked before the game was made).
func (h *hub) stillOwner() bool {
	ctx, cancel := h.ctx()
	defer cancel()
	owner, _, _, err := h.s.st.OwnerOf(ctx, h.id, time.Now())
	return err != nil || owner == h.s.proc
}

// ctx bounds one store call.
func (h *hub) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(h.s.ctx, 15*time.Second)
}

// checkToken reports whether token is seat's.
func (h *hub) checkToken(seat int, token string) bool {
	if seat < 0 || seat >= len(h.hashes) || h.hashes[seat] == nil || token == "" {
		return false
	}
	sum := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(sum[:], h.hashes[seat]) == 1
}

// join registers a connection.
func (h *hub) join(m joinMsg) {
	c := m.c
	c.seat = -1
	if m.seat >= 0 {
		if h.checkToken(m.seat, m.token) {
			c.seat = m.seat
		} else {
			h.refuse(c, "the seat cookie is not valid for this game: you are watching")
		}
	}
	h.conns[c] = struct{}{}
	h.countWatching()
	if h.idle != nil {
		h.idle.Stop()
	}
	if c.seat >= 0 {
		h.seatsChanged() // the seat's connected flag
	} else {
		c.push(h.stateJSON(-1, h.connected()))
	}
}

// leave forgets a connection.
func (h *hub) leave(c *conn) {
	if _, ok := h.conns[c]; !ok {
		return
	}
	delete(h.conns, c)
	h.countWatching()
	if c.seat >= 0 && h.localSeats()&(1<<c.seat) == 0 {
		h.seatsChanged()
	}
	if (h.over || h.mirror) && len(h.conns) == 0 {
		h.startIdle()
	}
}

// seatsChanged tells of a change of the seats connected here: the owner
// broadcasts it; a mirror tells the owner and shows its connections their
// seats.
func (h *hub) seatsChanged() {
	if h.mirror {
		h.sendPresence()
	}
	h.broadcast()
}

func (h *hub) startIdle() {
	if h.idle != nil {
		h.idle.Stop()
	}
	h.idle = time.AfterFunc(h.s.cfg.IdleFinished, func() { h.post(idleMsg{}) })
}

// ply is the game's ply as this process knows it.
func (h *hub) ply() int {
	if h.mirror {
		if h.snap == nil {
			return 0
		}
		return h.snap.state.Ply
	}
	return h.g.Ply()
}

// refuse sends a connection an error message.
func (h *hub) refuse(c *conn, format string, args ...any) {
	data, _ := json.Marshal(wire.NewError(h.ply(), format, args...))
	c.push(data)
}

// localSeats returns the seats with a connection to this process, bit i
// for seat i.
func (h *hub) localSeats() uint32 {
	var bits uint32
	for c := range h.conns {
		if c.seat >= 0 {
			bits |= 1 << c.seat
		}
	}
	return bits
}

// connected returns the seats with a connection to any process.
func (h *hub) connected() uint32 {
	bits := h.localSeats()
	for _, b := range h.remote {
		bits |= b
	}
	return bits
}

// stateJSON is the game's state as seat (-1: a spectator) sees it.
func (h *hub) stateJSON(seat int, connected uint32) []byte {
	if h.mirror {
		return h.snap.json(seat)
	}
	data, err := json.Marshal(h.state(seat, connected))
	if err != nil {
		panic(err) // the state is plain data
	}
	return data
}

// state is the game's state as seat sees it.
func (h *hub) state(seat int, connected uint32) *wire.State {
	st := wire.StateOf(h.id, h.g, seat)
	for i := range st.Seats {
		if h.g.Seat(core.Player(i)).Player == nil {
			st.Seats[i].Connected = connected&(1<<i) != 0
		}
	}
	st.Rematch = h.rematch
	h.awayFill(st, connected)
	return st
}

// broadcast sends every connection its state; the owner of a game in a
// shared store publishes it for the other processes too.
func (h *hub) broadcast() {
	if h.mirror {
		states := map[int][]byte{}
		for c := range h.conns {
			data, ok := states[c.seat]
			if !ok {
				data = h.snap.json(c.seat)
				states[c.seat] = data
			}
			c.push(data)
		}
		return
	}
	ss := h.newStates()
	for c := range h.conns {
		c.push(ss.json(c.seat))
	}
	h.publish(ss)
}

// states makes the states of one moment for every seat from one
// spectator's state: they differ only in You and, for the seat to move,
// Legal (wire.StateOf).
type states struct {
	base  *wire.State
	g     *game.Game
	legal []wire.MoveInfo // computed when first needed
	done  bool
	cache map[int][]byte
}

func (h *hub) newStates() *states {
	return &states{base: h.state(-1, h.connected()), g: h.g, cache: map[int][]byte{}}
}

// legalMoves returns the legal moves of the seat to move (nil when the
// game is over).
func (ss *states) legalMoves() []wire.MoveInfo {
	if !ss.done {
		ss.done = true
		if !ss.g.Over() {
			ss.legal = wire.LegalMoves(ss.g.Position())
		}
	}
	return ss.legal
}

// json is the state as seat sees it.
func (ss *states) json(seat int) []byte {
	if data, ok := ss.cache[seat]; ok {
		return data
	}
	st := *ss.base
	st.You = seat
	if seat >= 0 && seat == st.Turn {
		st.Legal = ss.legalMoves()
	}
	data, err := json.Marshal(&st)
	if err != nil {
		panic(err) // the state is plain data
	}
	ss.cache[seat] = data
	return data
}

// message handles a client's message.
func (h *hub) message(c *conn, m wire.ClientMessage) {
	if m.Type == "hello" {
		h.hello(c, m)
		return
	}
	if m.Type == "ping" {
		c.push(pong)
		return
	}
	if c.seat < 0 {
		h.refuse(c, "%s: you are watching this game; a player's link gives a seat", m.Type)
		return
	}
	if h.mirror {
		// The owner judges the ply: this copy may be behind it, and the
		// sender ahead of this copy (it saw the move on another server).
		h.forward(c, m)
		return
	}
	if *m.Ply != h.ply() {
		h.refuse(c, "%s: the message is for ply %d, but the game is at ply %d", m.Type, *m.Ply, h.ply())
		return
	}
	g := h.g
	pl := core.Player(c.seat)
	if g.Over() {
		h.refuse(c, "%s: the game is over: %s", m.Type, g.ResultText())
		return
	}
	switch m.Type {
	case "move":
		if p := g.Seat(pl).Player; p != nil {
			h.refuse(c, "move: seat %d is played by %s", c.seat+1, p.Name())
			return
		}
		rec, err := g.SubmitText(pl, m.Move)
		if err != nil {
			h.endedByTime()
			h.refuse(c, "move %q: %v", truncate(m.Move, 40), err)
			return
		}
		h.stored(c, h.storeMove(rec))
	case "resign":
		h.resign(c, pl)
	case "draw":
		if m.Action == "decline" {
			if err := g.DeclineDraw(pl); err != nil {
				h.refuse(c, "draw: %v", err)
				return
			}
			h.broadcast()
			return
		}
		agreed, err := g.OfferDraw(pl)
		if err != nil {
			h.refuse(c, "draw: %v", err)
			return
		}
		if agreed {
			h.stored(c, h.storeEnd())
			return
		}
		h.broadcast()
	case "takeback":
		h.takeback(c, pl, m.Action)
	case "claim":
		h.claimWin(c, pl)
	default:
		h.refuse(c, "unknown message type %q", truncate(m.Type, 20))
	}
}

var pong = []byte(`{"type":"pong"}`)

// hello seats a connection (or makes it a spectator).
func (h *hub) hello(c *conn, m wire.ClientMessage) {
	seat := m.Seat - 1
	if m.Seat == 0 {
		seat = -1
	} else if seat >= len(h.hashes) || !h.checkToken(seat, m.Token) {
		h.refuse(c, "hello: the token is not seat %d's", m.Seat)
		return
	}
	was := c.seat
	c.seat = seat
	h.countWatching()
	if was != seat && (was >= 0 || seat >= 0) {
		h.seatsChanged()
		return
	}
	c.push(h.stateJSON(c.seat, h.connected()))
}

// resign gives up for seat pl: the game ends with two sides; with more,
// the computer takes the seat over.
func (h *hub) resign(c *conn, pl core.Player) {
	g := h.g
	if g.Sides() <= 2 {
		if err := g.Resign(pl, nil); err != nil {
			h.refuse(c, "resign: %v", err)
			return
		}
		h.stored(c, h.storeEnd())
		return
	}
	plays := fmt.Sprintf("computer:%d", ResignLevel)
	p, err := h.s.newPlayer(plays, uint64(time.Now().UnixNano()))
	if err != nil {
		h.refuse(c, "resign: %v", err)
		return
	}
	ctx, cancel := h.ctx()
	defer cancel()
	if err := h.s.st.SetPlays(ctx, h.id, h.s.proc, int(pl), plays); err != nil {
		h.s.log.Error("storing a resignation", "game", h.id, "err", err)
		h.stored(c, err)
		return
	}
	if err := g.Resign(pl, p); err != nil {
		h.s.log.Error("resigning", "game", h.id, "err", err)
		h.reload()
		h.refuse(c, "resign: %v", err)
		return
	}
	h.row.Seats[pl].Plays = plays
	h.changed()
}

// takeback proposes, accepts or declines taking moves back.
func (h *hub) takeback(c *conn, pl core.Player, action string) {
	g := h.g
	ply := g.Ply()
	var done bool
	var err error
	switch action {
	case "propose":
		done, err = g.ProposeTakeback(pl)
	case "accept":
		done, err = g.AcceptTakeback(pl)
	default:
		err = g.DeclineTakeback(pl)
	}
	if err != nil {
		h.refuse(c, "takeback: %v", err)
		return
	}
	if !done {
		h.broadcast()
		return
	}
	ctx, cancel := h.ctx()
	defer cancel()
	err = h.s.st.Takeback(ctx, h.id, h.s.proc, ply, g.Ply(), g.TurnStarted())
	if err != nil {
		h.s.log.Error("storing a takeback", "game", h.id, "err", err)
	}
	h.stored(c, err)
}

// storeMove stores the move just made (with the result, when it ended the
// game).
func (h *hub) storeMove(rec game.Played) error {
	g := h.g
	var end *store.Ending
	if g.Over() {
		end = ending(g)
	}
	ctx, cancel := h.ctx()
	defer cancel()
	err := h.s.st.AddMove(ctx, h.id, h.s.proc, store.Move{Ply: g.Ply() - 1, Text: rec.Text, Spent: rec.Spent, Clock: rec.Clock}, g.TurnStarted(), end)
	if err != nil {
		h.s.log.Error("storing a move", "game", h.id, "ply", g.Ply()-1, "err", err)
	}
	return err
}

// storeEnd stores the result of a game that ended without a move.
func (h *hub) storeEnd() error {
	ctx, cancel := h.ctx()
	defer cancel()
	err := h.s.st.Finish(ctx, h.id, h.s.proc, h.g.Ply(), *ending(h.g))
	if err != nil {
		h.s.log.Error("storing a result", "game", h.id, "err", err)
	}
	return err
}

// stored finishes a change: stored, it is sent to everyone; not stored,
// the game goes back to what the store holds and the sender (if any) is
// told. When another process owns the game now, this one mirrors it.
func (h *hub) stored(c *conn, err error) {
	if err != nil {
		if errors.Is(err, store.ErrNotOwner) {
			h.becomeMirror()
			if c != nil {
				h.refuse(c, "the game moved to another server while this change was made; nothing changed, try again")
			}
			return
		}
		if !h.reload() {
			h.broken = true
		}
		if c != nil {
			h.refuse(c, "the change could not be stored; nothing changed, try again")
		}
		return
	}
	h.changed()
}

// endedByTime stores a loss on time that a refused move found.
func (h *hub) endedByTime() {
	if !h.over && h.g.Over() {
		h.stored(nil, h.storeEnd())
	}
}

// changed tells everyone of a stored change and sets what follows: the
// computer's search, the clock's timer, the end of the game.
func (h *hub) changed() {
	h.gen++
	h.broadcast()
	h.settle()
}

// settle sets the clock's timer and the computer's search for the game as
// it stands, and notes its end.
func (h *hub) settle() {
	g := h.g
	if !g.Over() && g.CheckTime() {
		// A clock ran out while nobody looked (at start-up).
		if err := h.storeEnd(); err != nil {
			h.stored(nil, err)
			return
		}
		h.broadcast()
	}
	if g.Over() && !h.over {
		h.over = true
		h.finished.Store(true)
		h.owning.Store(false)
		h.count(false)
		if len(h.conns) == 0 {
			h.startIdle()
		}
		h.s.battleOver(h.id) // a tournament's battle: its result
	}
	h.armClock()
	h.schedule()
}

// armClock sets the timer for the clock that runs.
func (h *hub) armClock() {
	if h.clock != nil {
		h.clock.Stop()
	}
	g := h.g
	if !g.HasClock() || g.Over() {
		return
	}
	d := g.Left(g.Turn()) + 5*time.Millisecond
	h.clock = time.AfterFunc(d, func() { h.post(tickMsg{}) })
}

// tick checks the clock that runs.
func (h *hub) tick() {
	if h.g.Over() {
		return
	}
	if h.g.CheckTime() {
		h.stored(nil, h.storeEnd())
		return
	}
	h.armClock()
}

// schedule asks for the computer's move when a computer is to move, and
// stops a search the game no longer needs: in the worker pool, or, in a
// shared store, as a job of the database's queue.
func (h *hub) schedule() {
	if h.s.cluster != nil {
		h.scheduleJob()
		return
	}
	g := h.g
	if h.inflight != 0 {
		if h.inflightGen != h.gen || g.Over() {
			h.stop.Store(true)
		}
		return // the next search waits for this one's answer
	}
	if g.Over() {
		return
	}
	p := g.Seat(g.Turn()).Player
	if p == nil {
		return
	}
	h.seq++
	h.inflight, h.inflightGen = h.seq, h.gen
	h.stop = new(atomic.Bool)
	h.s.pool.submit(job{h: h, seq: h.seq, player: p, state: g.Request(h.stop), stop: h.stop})
}

// result takes a search's move.
func (h *hub) result(m resultMsg) {
	if m.seq != h.inflight {
		return
	}
	h.inflight = 0
	g := h.g
	if h.inflightGen != h.gen || g.Over() || errors.Is(m.err, errStale) {
		h.schedule()
		return
	}
	if m.err != nil {
		h.searchFailed(m.err)
		return
	}
	h.play(m.move)
}

// searchFailed notes a search without a move; it is tried again, twice.
func (h *hub) searchFailed(err error) {
	h.failures++
	h.s.log.Error("the computer found no move", "game", h.id, "ply", h.g.Ply(), "failures", h.failures, "err", err)
	if h.failures < 3 {
		h.retry = time.AfterFunc(time.Second, func() { h.post(retryMsg{}) })
	}
}

// play makes and stores the computer's move.
func (h *hub) play(m core.Move) {
	g := h.g
	rec, err := g.Submit(g.Turn(), m)
	if err != nil {
		h.s.log.Error("the computer's move was refused", "game", h.id, "ply", g.Ply(), "err", err)
		h.endedByTime()
		return
	}
	h.failures = 0
	h.stored(nil, h.storeMove(rec))
}

// reload reads the game back from the store after a change could not be
// stored (or a panic), so that the game is what the store holds; false
// when it cannot be read.
func (h *hub) reload() bool {
	if h.mirror {
		h.refreshSnap(true)
		return true
	}
	ctx, cancel := h.ctx()
	defer cancel()
	row, moves, err := h.s.st.Load(ctx, h.id)
	var g *game.Game
	if err == nil {
		g, err = h.s.restore(row, moves)
	}
	if err != nil {
		h.s.log.Error("reading a game back", "game", h.id, "err", err)
		return false
	}
	if !row.Over() && row.Owner != h.s.proc {
		closeGame(g)
		h.becomeMirror()
		return true
	}
	if !g.Over() {
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	if h.stop != nil {
		h.stop.Store(true)
	}
	closeGame(h.g)
	h.g = g
	h.setRow(row)
	h.gen++
	h.broadcast()
	// A store that keeps failing is not asked again at once.
	if h.clock != nil {
		h.clock.Stop()
	}
	if g.HasClock() && !g.Over() {
		h.clock = time.AfterFunc(max(g.Left(g.Turn()), time.Second), func() { h.post(tickMsg{}) })
	}
	if g.Over() && !h.over {
		h.over = true
		h.finished.Store(true)
		h.owning.Store(false)
		h.count(false)
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
