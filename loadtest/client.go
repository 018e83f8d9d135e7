package loadtest

// A client: one websocket connection of a player, who plays random legal moves and notes when each is acknowledged, or of a spectator, who notes when each move arrives.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// client is one connection, made again when it breaks.
type client struct {
	r      *run
	g      *gameState
	seat   int        // -1 for a spectator
	server int        // the server it prefers
	rng    *rand.Rand // used under mu
	wake   chan struct{}

	mu      sync.Mutex
	ws      *websocket.Conn
	gen     int // connections made so far
	fresh   bool
	last    *stateMsg
	pending *pendingMove
	timer   *time.Timer
	// pingSent is when the ping in flight was sent (zero: none).
	pingSent time.Time
	seen     int // a spectator's highest ply seen
	closed   bool
}

// pendingMove is a move sent and not yet answered.
type pendingMove struct {
	ply  int
	text string
	sent time.Time
	gen  int // the connection it was sent on
}

// stateMsg is the part of a server message a client reads.
type stateMsg struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	Ply     int    `json:"ply"`
	You     int    `json:"you"`
	Turn    int    `json:"turn"`
	Moves   []struct {
		Text string `json:"text"`
	} `json:"moves"`
	Legal []struct {
		Text string `json:"text"`
	} `json:"legal"`
	Outcome struct {
		Status string `json:"status"`
	} `json:"outcome"`
}

// dial connects (to the preferred server, else any other live one) and
// takes the seat.
func (c *client) dial() error {
	r := c.r
	n := len(r.servers)
	var err error
	for i := range n {
		s := r.serverAt((c.server + i) % n)
		if s.dead.Load() {
			continue
		}
		if err = c.dialTo(s); err == nil {
			return nil
		}
	}
	if err == nil {
		err = fmt.Errorf("no server is up")
	}
	return err
}

func (c *client) dialTo(s *server) error {
	ctx, cancel := context.WithTimeout(c.r.ctx, 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+s.addr+"/ws/"+c.g.id,
		&websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://" + s.addr}}})
	if err != nil {
		return err
	}
	ws.SetReadLimit(8 << 20)
	if c.seat >= 0 {
		hello := fmt.Sprintf(`{"type":"hello","seat":%d,"token":%q}`, c.seat+1, c.g.tokens[c.seat])
		if err := ws.Write(ctx, websocket.MessageText, []byte(hello)); err != nil {
			ws.CloseNow()
			return err
		}
	}
	c.mu.Lock()
	c.ws = ws
	c.gen++
	c.fresh = true
	c.pingSent = time.Time{}
	closed := c.closed
	c.mu.Unlock()
	if closed {
		ws.CloseNow()
		return fmt.Errorf("closed")
	}
	c.r.connected.Add(1)
	return nil
}

// loop reads the connection's messages, and connects again when it
// breaks, until the client is closed.
func (c *client) loop() {
	for {
		c.mu.Lock()
		ws := c.ws
		c.mu.Unlock()
		for {
			_, data, err := ws.Read(c.r.ctx)
			if err != nil {
				break
			}
			var m stateMsg
			if json.Unmarshal(data, &m) != nil {
				c.r.noteError("a message that is not JSON")
				continue
			}
			c.handle(&m)
		}
		c.r.connected.Add(-1)
		ws.CloseNow()
		backoff := 50 * time.Millisecond
		for {
			c.mu.Lock()
			closed := c.closed
			c.mu.Unlock()
			if closed || c.r.ctx.Err() != nil {
				return
			}
			time.Sleep(backoff + time.Duration(rand.Int64N(int64(backoff)))) // c.rng is c.mu's
			if c.dial() == nil {
				c.r.reconnects.Add(1)
				break
			}
			backoff = min(2*backoff, time.Second)
		}
	}
}

// handle takes a message from the server.
func (c *client) handle(m *stateMsg) {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	fresh := c.fresh
	c.fresh = false
	if m.Type == "pong" {
		if !c.pingSent.IsZero() {
			c.r.notePing(now.Sub(c.pingSent))
			c.pingSent = time.Time{}
		}
		return
	}
	if m.Type == "error" {
		c.r.noteError(m.Message)
		if p := c.pending; p != nil && m.Ply == p.ply && strings.Contains(m.Message, "nothing changed") {
			// Refused: not stored (the check would find it if it were).
			c.pending = nil
			c.decide()
		}
		return
	}
	if m.Type != "state" {
		return
	}
	g := c.g
	if m.Outcome.Status != "ongoing" {
		g.mu.Lock()
		g.over = true
		g.mu.Unlock()
	}
	if c.seat < 0 {
		if !fresh && c.seen >= 0 {
			g.mu.Lock()
			for p := c.seen; p < m.Ply; p++ {
				if at, ok := g.sent[p]; ok {
					c.r.noteLatency(now.Sub(at), true)
				}
			}
			g.mu.Unlock()
		}
		c.seen = max(c.seen, m.Ply)
		return
	}
	if p := c.pending; p != nil {
		switch {
		case m.Ply > p.ply && len(m.Moves) > p.ply && m.Moves[p.ply].Text == p.text:
			g.mu.Lock()
			g.acked[p.ply] = p.text
			g.ackedAt[p.ply] = now
			g.mu.Unlock()
			if p.gen == c.gen {
				c.r.noteLatency(now.Sub(p.sent), false)
			}
			c.pending = nil
		case m.Ply > p.ply:
			// Another move at its ply: only a refused move could be
			// replaced so, and a refused move was not pending.
			c.r.noteError("a state with another move at the ply of a pending one")
			c.pending = nil
		case p.gen != c.gen:
			// The connection that carried it died, and the new one shows
			// it was not made: sent, never acknowledged.
			g.mu.Lock()
			g.unacked[p.ply] = p.text
			g.mu.Unlock()
			c.r.unacked.Add(1)
			c.pending = nil
		}
	}
	c.last = m
	c.decide()
}

// kick makes a player look at its last state again (play starts).
func (c *client) kick() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.decide()
}

// decide schedules the player's move when it is to move; c.mu is held.
func (c *client) decide() {
	m := c.last
	if c.seat < 0 || m == nil || c.pending != nil || c.timer != nil || c.closed || !c.r.playing.Load() ||
		m.Outcome.Status != "ongoing" || m.You != c.seat || m.Turn != c.seat || len(m.Legal) == 0 {
		return
	}
	every := c.r.cfg.MoveEvery
	think := every/2 + time.Duration(c.rng.Int64N(int64(every)))
	c.timer = time.AfterFunc(think, c.move)
}

// move sends a random legal move of the last state.
func (c *client) move() {
	c.mu.Lock()
	c.timer = nil
	m := c.last
	if c.pending != nil || c.closed || !c.r.playing.Load() || m == nil || m.Turn != c.seat || len(m.Legal) == 0 || m.Outcome.Status != "ongoing" {
		c.mu.Unlock()
		return
	}
	text := m.Legal[c.rng.IntN(len(m.Legal))].Text
	p := &pendingMove{ply: m.Ply, text: text, sent: time.Now(), gen: c.gen}
	c.pending = p
	ws := c.ws
	c.mu.Unlock()
	c.g.mu.Lock()
	c.g.sent[p.ply] = p.sent
	c.g.mu.Unlock()
	data := fmt.Sprintf(`{"type":"move","ply":%d,"move":%q}`, p.ply, text)
	ctx, cancel := context.WithTimeout(c.r.ctx, 10*time.Second)
	defer cancel()
	// A write that fails leaves the move pending: the next connection's
	// state tells whether it was made.
	ws.Write(ctx, websocket.MessageText, []byte(data))
}

// drop closes the connection; it is made again.
func (c *client) drop() {
	c.mu.Lock()
	ws := c.ws
	c.mu.Unlock()
	if ws != nil {
		ws.Close(websocket.StatusNormalClosure, "churn")
	}
}

// close closes the client for good.
func (c *client) close() {
	c.mu.Lock()
	c.closed = true
	ws := c.ws
	if c.timer != nil {
		c.timer.Stop()
	}
	c.mu.Unlock()
	if ws != nil {
		ws.CloseNow()
	}
}

// serverAt returns server i (a server started again replaces it).
func (r *run) serverAt(i int) *server {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.servers[i]
}

// ping sends a ping, whose answer (from the connection's reader, not the
// game) measures the round trip without any game work.
func (c *client) ping() {
	c.mu.Lock()
	ws := c.ws
	if ws == nil || c.closed || !c.pingSent.IsZero() {
		c.mu.Unlock()
		return
	}
	c.pingSent = time.Now()
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(c.r.ctx, 10*time.Second)
	defer cancel()
	ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`))
}
