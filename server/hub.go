package server

// The hub: the one goroutine that owns a live game, stores each change and then tells every connection.

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
)

// hub owns one game. Every field is the hub goroutine's alone, but for
// inbox and done.
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
	// for none), for position gen inflightGen.
	seq, inflight, inflightGen uint64
	stop                       *atomic.Bool
	failures                   int

	clock, idle, retry *time.Timer
	rematch            string
	over               bool // the game was over when last looked at
}

func newHub(s *Server, row *store.Game, g *game.Game) *hub {
	h := &hub{s: s, id: row.ID, row: row, g: g, inbox: make(chan any, 64), done: make(chan struct{}),
		conns: map[*conn]struct{}{}, over: g.Over()}
	h.hashes = make([][]byte, len(row.Seats))
	for i, st := range row.Seats {
		if b, err := hex.DecodeString(st.TokenHash); err == nil && len(b) == sha256.Size {
			h.hashes[i] = b
		}
	}
	return h
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

// run is the hub's goroutine.
func (h *hub) run() {
	defer h.exit()
	if !h.safely(h.settle) {
		return
	}
	if h.over && len(h.conns) == 0 {
		h.startIdle()
	}
	for {
		select {
		case <-h.s.ctx.Done():
			return
		case m := <-h.inbox:
			leave := false
			if !h.safely(func() { leave = h.handle(m) }) || leave {
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

// exit stops the hub: its timers, its search, its connections.
func (h *hub) exit() {
	h.s.removeHub(h, !h.over)
	close(h.done)
	for _, t := range []*time.Timer{h.clock, h.idle, h.retry} {
		if t != nil {
			t.Stop()
		}
	}
	if h.stop != nil {
		h.stop.Store(true)
	}
	for c := range h.conns {
		c.kill(websocketGoingAway, "the game's server is stopping; reconnect")
	}
	closeGame(h.g)
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
		h.result(m)
	case tickMsg:
		h.tick()
	case retryMsg:
		h.schedule()
	case idleMsg:
		return h.over && len(h.conns) == 0
	case queryMsg:
		m.fn(h)
		close(m.done)
	}
	return false
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
	if h.idle != nil {
		h.idle.Stop()
	}
	if c.seat >= 0 {
		h.broadcast() // the seat's connected flag
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
	if c.seat >= 0 && h.connected()&(1<<c.seat) == 0 {
		h.broadcast()
	}
	if h.over && len(h.conns) == 0 {
		h.startIdle()
	}
}

func (h *hub) startIdle() {
	if h.idle != nil {
		h.idle.Stop()
	}
	h.idle = time.AfterFunc(h.s.cfg.IdleFinished, func() { h.post(idleMsg{}) })
}

// refuse sends a connection an error message.
func (h *hub) refuse(c *conn, format string, args ...any) {
	data, _ := json.Marshal(wire.NewError(h.g.Ply(), format, args...))
	c.push(data)
}

// connected returns the seats with a connection, bit i for seat i.
func (h *hub) connected() uint32 {
	var bits uint32
	for c := range h.conns {
		if c.seat >= 0 {
			bits |= 1 << c.seat
		}
	}
	return bits
}

// stateJSON is the game's state as seat (-1: a spectator) sees it.
func (h *hub) stateJSON(seat int, connected uint32) []byte {
	st := wire.StateOf(h.id, h.g, seat)
	for i := range st.Seats {
		if h.g.Seat(core.Player(i)).Player == nil {
			st.Seats[i].Connected = connected&(1<<i) != 0
		}
	}
	st.Rematch = h.rematch
	data, err := json.Marshal(st)
	if err != nil {
		panic(err) // the state is plain data
	}
	return data
}

// broadcast sends every connection its state.
func (h *hub) broadcast() {
	connected := h.connected()
	states := map[int][]byte{}
	for c := range h.conns {
		data, ok := states[c.seat]
		if !ok {
			data = h.stateJSON(c.seat, connected)
			states[c.seat] = data
		}
		c.push(data)
	}
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
	g := h.g
	if c.seat < 0 {
		h.refuse(c, "%s: you are watching this game; a player's link gives a seat", m.Type)
		return
	}
	if *m.Ply != g.Ply() {
		h.refuse(c, "%s: the message is for ply %d, but the game is at ply %d", m.Type, *m.Ply, g.Ply())
		return
	}
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
	} else if seat >= h.g.Players() || !h.checkToken(seat, m.Token) {
		h.refuse(c, "hello: the token is not seat %d's", m.Seat)
		return
	}
	was := c.seat
	c.seat = seat
	if was != seat && (was >= 0 || seat >= 0) {
		h.broadcast()
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
	if err := h.s.st.SetPlays(ctx, h.id, int(pl), plays); err != nil {
		h.refuse(c, "resign: the game could not be stored; try again")
		h.s.log.Error("storing a resignation", "game", h.id, "err", err)
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
	err = h.s.st.Takeback(ctx, h.id, ply, g.Ply(), g.TurnStarted())
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
	err := h.s.st.AddMove(ctx, h.id, store.Move{Ply: g.Ply() - 1, Text: rec.Text, Spent: rec.Spent, Clock: rec.Clock}, g.TurnStarted(), end)
	if err != nil {
		h.s.log.Error("storing a move", "game", h.id, "ply", g.Ply()-1, "err", err)
	}
	return err
}

// storeEnd stores the result of a game that ended without a move.
func (h *hub) storeEnd() error {
	ctx, cancel := h.ctx()
	defer cancel()
	err := h.s.st.Finish(ctx, h.id, h.g.Ply(), *ending(h.g))
	if err != nil {
		h.s.log.Error("storing a result", "game", h.id, "err", err)
	}
	return err
}

// stored finishes a change: stored, it is sent to everyone; not stored,
// the game goes back to what the store holds and the sender (if any) is
// told.
func (h *hub) stored(c *conn, err error) {
	if err != nil {
		h.reload()
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
			h.reload()
			return
		}
		h.broadcast()
	}
	if g.Over() && !h.over {
		h.over = true
		h.s.gameEnded()
		if len(h.conns) == 0 {
			h.startIdle()
		}
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

// schedule asks the pool for the computer's move when a computer is to
// move, and stops a search the game no longer needs.
func (h *hub) schedule() {
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
		h.failures++
		h.s.log.Error("the computer found no move", "game", h.id, "ply", g.Ply(), "failures", h.failures, "err", m.err)
		if h.failures < 3 {
			h.retry = time.AfterFunc(time.Second, func() { h.post(retryMsg{}) })
		}
		return
	}
	rec, err := g.Submit(g.Turn(), m.move)
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
	if !g.Over() {
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	if h.stop != nil {
		h.stop.Store(true)
	}
	closeGame(h.g)
	h.g, h.row = g, row
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
		h.s.gameEnded()
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
