package server

// A hub's side of sharing a store with other processes: snapshots published by the owner and shown by mirrors, client messages forwarded to the owner, presences, ownership changing hands, computer moves as jobs.

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/store"
	"anychess/wire"
)

// Kinds of inbox messages.
const (
	// kindMessage: a client message (wire.ClientMessage JSON) from
	// connection Conn of process Sender, holding seat Seat.
	kindMessage = "msg"
	// kindPresence: the seats connected through process Sender (decimal
	// bits).
	kindPresence = "presence"
	// kindResult: a computer's move found by a worker (jobResult JSON).
	kindResult = "result"
)

// jobResult is a worker's answer to a job.
type jobResult struct {
	Job string `json:"job"`
	// Ply is the ply the move is for; Move its text (coordinate
	// notation), "" when the search failed with Error.
	Ply    int    `json:"ply"`
	Move   string `json:"move,omitempty"`
	Accept bool   `json:"accept,omitempty"` // the engine would take a draw
	Error  string `json:"error,omitempty"`
}

// maxRemoteAge is how old a forwarded message may be when a process that
// does not own its game gets it back (ownership moving): older ones are
// answered with an error instead of being sent on again.
const maxRemoteAge = 30 * time.Second

// snapView is a snapshot as a mirror shows it.
type snapView struct {
	version int64
	owner   string
	at      time.Time
	state   *wire.State // a spectator's
	legal   []wire.MoveInfo
}

// json is the snapshot's state as seat sees it: its own seat, the legal
// moves when it is to move, the running clock as of now.
func (v *snapView) json(seat int) []byte {
	st := *v.state
	st.You = seat
	st.Legal = nil
	if seat >= 0 && seat == st.Turn && st.Outcome.Status == "ongoing" {
		st.Legal = v.legal
	}
	if st.Running >= 0 && st.Running < len(st.Clocks) {
		st.Clocks = append([]int64(nil), st.Clocks...)
		st.Clocks[st.Running] = max(st.Clocks[st.Running]-time.Since(v.at).Milliseconds(), 0)
	}
	data, err := json.Marshal(&st)
	if err != nil {
		panic(err) // plain data
	}
	return data
}

// viewOf reads a stored snapshot.
func viewOf(sn *store.Snapshot) (*snapView, error) {
	v := &snapView{version: sn.Version, owner: sn.Owner, at: sn.At, state: &wire.State{}}
	if err := json.Unmarshal([]byte(sn.State), v.state); err != nil {
		return nil, fmt.Errorf("snapshot of %s: %w", sn.Game, err)
	}
	if err := json.Unmarshal([]byte(sn.Legal), &v.legal); err != nil {
		return nil, fmt.Errorf("snapshot of %s: %w", sn.Game, err)
	}
	return v, nil
}

// publish stores the game's state for the other processes (a shared
// store; the owner of a game that goes on or has just ended): ss, or the
// states of now when nil. It does not wait: a publisher writes it, and a
// newer state replaces one not yet written.
func (h *hub) publish(ss *states) {
	cl := h.s.cluster
	if cl == nil || h.mirror || h.row.Owner != h.s.proc {
		return
	}
	if ss == nil {
		ss = h.newStates()
	}
	legal := ss.legalMoves()
	if legal == nil {
		legal = []wire.MoveInfo{}
	}
	data, err := json.Marshal(legal)
	if err != nil {
		panic(err) // plain data
	}
	cl.pub.put(h, snapshotData{at: time.Now(), state: string(ss.json(-1)), legal: string(data)})
}

// refreshSnap reads the owner's snapshot when a newer one is announced
// (or always, with force) and shows it. A finished game's hub reads the
// game itself instead.
func (h *hub) refreshSnap(force bool) {
	if !force && h.snap != nil && h.snapWanted.Load() <= h.snap.version {
		return
	}
	ctx, cancel := h.ctx()
	defer cancel()
	sn, err := h.s.st.Snapshot(ctx, h.id)
	var v *snapView
	if err == nil {
		v, err = viewOf(sn)
	}
	if errors.Is(err, store.ErrNotFound) || err != nil && h.snap == nil {
		// No snapshot yet (or none readable): the state from the moves.
		v, err = h.viewFromStore()
	}
	if err != nil {
		h.s.log.Error("reading a snapshot", "game", h.id, "err", err)
		return
	}
	if h.snap != nil && v.version != 0 && v.version <= h.snap.version && !force {
		return
	}
	old := h.snap
	h.snap = v
	if v.state.Outcome.Status != "ongoing" {
		h.becomeFinished()
		return
	}
	if old == nil || old.owner != v.owner {
		h.sendPresence()
	}
	h.broadcast()
}

// viewFromStore builds a mirror's view from the stored game, when the
// owner has published nothing yet.
func (h *hub) viewFromStore() (*snapView, error) {
	ctx, cancel := h.ctx()
	defer cancel()
	row, moves, err := h.s.st.Load(ctx, h.id)
	if err != nil {
		return nil, err
	}
	g, err := h.s.restore(row, moves)
	if err != nil {
		return nil, err
	}
	defer closeGame(g)
	if !g.Over() {
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	v := &snapView{owner: row.Owner, at: time.Now(), state: wire.StateOf(h.id, g, -1)}
	if !g.Over() {
		v.legal = wire.LegalMoves(g.Position())
	}
	return v, nil
}

// view returns the game for reading (its record, PGN, whether it is over):
// the hub's own, or for a mirror the game as stored, which done releases.
func (h *hub) view() (g *game.Game, done func(), err error) {
	if !h.mirror {
		return h.g, func() {}, nil
	}
	ctx, cancel := h.ctx()
	defer cancel()
	row, moves, err := h.s.st.Load(ctx, h.id)
	if err == nil {
		g, err = h.s.restore(row, moves)
	}
	if err != nil {
		return nil, nil, err
	}
	if !g.Over() {
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	return g, func() { closeGame(g) }, nil
}

// becomeFinished turns a mirror whose game ended into a hub of the
// finished game, read from the store.
func (h *hub) becomeFinished() {
	ctx, cancel := h.ctx()
	defer cancel()
	row, moves, err := h.s.st.Load(ctx, h.id)
	var g *game.Game
	if err == nil {
		g, err = h.s.restore(row, moves)
	}
	if err == nil && !g.Over() {
		// The snapshot is ahead of what this process reads (it cannot
		// be, but a mirror stays one rather than show a game that goes
		// on as over).
		closeGame(g)
		err = errors.New("the snapshot says over, the store does not")
	}
	if err != nil {
		h.s.log.Error("reading a finished game", "game", h.id, "err", err)
		h.broadcast()
		return
	}
	h.rematch, _ = h.s.st.Rematch(ctx, h.id)
	h.g, h.mirror, h.snap, h.over = g, false, nil, true
	h.setRow(row)
	h.finished.Store(true)
	h.broadcast()
	if len(h.conns) == 0 {
		h.startIdle()
	}
}

// becomeOwner turns a mirror into the owner of its game, which this
// process has just claimed: the game is read from the store and goes on.
func (h *hub) becomeOwner() {
	ctx, cancel := h.ctx()
	defer cancel()
	row, moves, err := h.s.st.Load(ctx, h.id)
	var g *game.Game
	if err == nil {
		g, err = h.s.restore(row, moves)
	}
	if err != nil {
		h.s.log.Error("taking a game over", "game", h.id, "err", err)
		return
	}
	if row.Owner != h.s.proc {
		closeGame(g)
		return // taken again meanwhile
	}
	if !g.Over() {
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	h.g, h.mirror, h.snap, h.over = g, false, nil, g.Over()
	h.setRow(row)
	h.remote = map[string]uint32{}
	h.sentPresence, h.sentPresenceOwner = 0, ""
	h.inflightJob, h.failures = "", 0
	h.gen++
	h.owning.Store(!h.over)
	h.finished.Store(h.over)
	h.count(!h.over)
	h.broadcast()
	h.settle()
	h.s.log.Info("game taken over", "game", h.id, "ply", g.Ply())
}

// becomeMirror turns the hub of a game another process now owns into a
// mirror of it.
func (h *hub) becomeMirror() {
	h.s.log.Warn("the game is owned by another process now", "game", h.id)
	h.stopTimers()
	if h.stop != nil {
		h.stop.Store(true)
	}
	h.inflight, h.inflightJob = 0, ""
	if h.g != nil {
		closeGame(h.g)
	}
	h.g, h.mirror, h.snap = nil, true, nil
	h.remote = map[string]uint32{}
	h.owning.Store(false)
	h.count(false)
	h.refreshSnap(true)
	if h.snap == nil {
		// Nothing to show: the connections come back later.
		for c := range h.conns {
			c.kill(websocketGoingAway, "the game moved to another server; reconnect")
		}
	}
	if len(h.conns) == 0 {
		h.startIdle()
	}
}

// forward sends a client's message to the game's owner, through the
// inbox; the owner's answer comes back as a snapshot (a change) or a
// reply (an error).
func (h *hub) forward(c *conn, m wire.ClientMessage) {
	// Only hello carries a token (and it is not forwarded): none goes
	// into the database.
	m.Token, m.Seat = "", 0
	if h.s.cluster == nil {
		// One process's store (SQLite) that another process took: this
		// one cannot reach it.
		h.refuse(c, "%s: the game is run by another server process; reconnect", m.Type)
		return
	}
	body, err := json.Marshal(m)
	if err == nil {
		err = h.s.cluster.send(h.s, store.Message{Game: h.id, Conn: c.id, Seat: c.seat, Kind: kindMessage, Body: string(body)})
	}
	if err != nil {
		h.s.log.Error("forwarding a message", "game", h.id, "err", err)
		h.refuse(c, "%s: the game's server could not be reached; nothing changed, try again", m.Type)
	}
}

// sendPresence tells the owner which seats are connected here, when that
// changed or the owner did.
func (h *hub) sendPresence() {
	if h.snap == nil || h.s.cluster == nil {
		return
	}
	bits := h.localSeats()
	if bits == h.sentPresence && h.snap.owner == h.sentPresenceOwner {
		return
	}
	err := h.s.cluster.send(h.s, store.Message{Game: h.id, Seat: -1, Kind: kindPresence, Body: strconv.FormatUint(uint64(bits), 10)})
	if err != nil {
		h.s.log.Error("sending a presence", "game", h.id, "err", err)
		return
	}
	h.sentPresence, h.sentPresenceOwner = bits, h.snap.owner
}

// remoteMessage handles a message from the inbox, then has it deleted.
func (h *hub) remoteMessage(m store.Message) {
	defer h.s.cluster.done(m.ID)
	if h.mirror {
		// Ownership moved on: send it on to the owner, unless it is old.
		if time.Since(m.Created) > maxRemoteAge {
			if m.Kind == kindMessage && m.Conn != 0 && m.Tries == 1 {
				h.s.cluster.reply(h.s, m.Sender, m.Conn, h.errorJSON("the game's server changed; nothing changed, try again"))
			}
			return
		}
		if err := h.s.cluster.resend(h.s, m); err != nil {
			h.s.log.Error("sending a message on", "game", h.id, "err", err)
		}
		return
	}
	switch m.Kind {
	case kindMessage:
		cm, err := wire.DecodeClient([]byte(m.Body))
		if err != nil || cm.Type == "hello" || cm.Type == "ping" || m.Seat < 0 || m.Seat >= len(h.hashes) || m.Conn == 0 {
			h.s.log.Warn("a forwarded message that does not read", "game", h.id, "from", m.Sender, "err", err)
			return
		}
		if m.Tries > 1 && *cm.Ply != h.ply() {
			// Taken before by an owner that died: it made the change or
			// not, and either way the message is stale; its sender hears
			// nothing, as it heard nothing then.
			return
		}
		sender, id := m.Sender, m.Conn
		rc := &conn{id: id, seat: m.Seat, out: func(data []byte) { h.s.cluster.reply(h.s, sender, id, data) }}
		h.message(rc, cm)
	case kindPresence:
		bits, err := strconv.ParseUint(m.Body, 10, 32)
		if err != nil || bits >= 1<<len(h.hashes) {
			h.s.log.Warn("a presence that does not read", "game", h.id, "from", m.Sender)
			return
		}
		before := h.connected()
		if bits == 0 {
			delete(h.remote, m.Sender)
		} else {
			h.remote[m.Sender] = uint32(bits)
		}
		if h.connected() != before {
			h.broadcast()
		}
	case kindResult:
		var r jobResult
		if err := json.Unmarshal([]byte(m.Body), &r); err != nil {
			h.s.log.Warn("a job result that does not read", "game", h.id, "from", m.Sender, "err", err)
			return
		}
		h.jobDone(r)
	default:
		h.s.log.Warn("an inbox message of an unknown kind", "game", h.id, "kind", truncate(m.Kind, 20))
	}
}

// errorJSON is an error message at the game's ply.
func (h *hub) errorJSON(format string, args ...any) []byte {
	data, _ := json.Marshal(wire.NewError(h.ply(), format, args...))
	return data
}

// dropDead forgets the presences of processes that are not alive.
func (h *hub) dropDead(alive map[string]bool) {
	if h.mirror || len(h.remote) == 0 {
		return
	}
	before := h.connected()
	for p := range h.remote {
		if !alive[p] {
			delete(h.remote, p)
		}
	}
	if h.connected() != before {
		h.broadcast()
	}
}

// refreshRematch reads a finished game's rematch again.
func (h *hub) refreshRematch() {
	if h.mirror || !h.over {
		return
	}
	ctx, cancel := h.ctx()
	defer cancel()
	r, err := h.s.st.Rematch(ctx, h.id)
	if err == nil && r != h.rematch {
		h.rematch = r
		h.broadcast()
	}
}

// scheduleJob is schedule for a shared store: the computer's move is a job
// of the database's queue, which any process's worker takes; a job for a
// position the game left is dropped.
func (h *hub) scheduleJob() {
	g := h.g
	if h.inflightJob != "" {
		if h.inflightGen == h.gen && !g.Over() {
			return
		}
		ctx, cancel := h.ctx()
		err := h.s.st.CancelJobs(ctx, h.id)
		cancel()
		if err != nil {
			h.s.log.Error("dropping a job", "game", h.id, "err", err)
		}
		h.inflightJob = ""
	}
	if g.Over() {
		return
	}
	turn := g.Turn()
	if g.Seat(turn).Player == nil {
		return
	}
	j := store.Job{ID: randomID() + randomID(), Game: h.id, Ply: g.Ply(), Plays: g.Plays(turn), Created: time.Now()}
	ctx, cancel := h.ctx()
	defer cancel()
	if err := h.s.st.AddJob(ctx, j); err != nil {
		h.searchFailed(fmt.Errorf("queueing the search: %w", err))
		return
	}
	h.inflightJob, h.inflightGen = j.ID, h.gen
}

// jobDone takes a worker's answer.
func (h *hub) jobDone(r jobResult) {
	if r.Job == "" || r.Job != h.inflightJob {
		return
	}
	h.inflightJob = ""
	g := h.g
	if h.inflightGen != h.gen || g.Over() || r.Ply != g.Ply() {
		h.schedule()
		return
	}
	if r.Error != "" {
		h.searchFailed(errors.New(truncate(r.Error, 200)))
		return
	}
	m, err := g.ParseMove(r.Move)
	if err != nil {
		h.searchFailed(fmt.Errorf("the worker's move %q: %w", truncate(r.Move, 40), err))
		return
	}
	if c, ok := g.Seat(g.Turn()).Player.(*computer); ok {
		c.accept.Store(r.Accept)
	}
	h.play(m)
}

// search runs a job in this process: the game as stored, at the job's
// ply, searched by the seat's player; stop ends it early.
func (s *Server) search(j *store.Job, stop *atomic.Bool) jobResult {
	res := jobResult{Job: j.ID, Ply: j.Ply}
	fail := func(err error) jobResult {
		res.Error = err.Error()
		return res
	}
	ctx := s.ctx
	row, moves, err := s.st.Load(ctx, j.Game)
	if err != nil {
		return fail(err)
	}
	g, err := s.restore(row, moves)
	if err != nil {
		return fail(err)
	}
	defer closeGame(g)
	if g.Over() || g.Ply() != j.Ply {
		return fail(errStale)
	}
	if !g.Over() {
		g.ResumeTurn(max(time.Since(row.TurnStarted), 0))
	}
	p, err := s.newPlayer(j.Plays, uint64(time.Now().UnixNano()))
	if err != nil || p == nil {
		return fail(fmt.Errorf("seat plays %q: not the computer's", truncate(j.Plays, 40)))
	}
	defer p.Close()
	st := g.Request(stop)
	var m core.Move
	func() {
		defer func() {
			if e := recover(); e != nil {
				err = fmt.Errorf("the computer player failed: %v", e)
			}
		}()
		m, err = p.Move(st)
	}()
	if err != nil {
		return fail(err)
	}
	res.Move = game.MoveText(g.Position(), m)
	if dj, ok := p.(game.DrawJudge); ok {
		res.Accept = dj.AcceptDraw(st)
	}
	return res
}
