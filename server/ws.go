package server

// Websocket connections: one per browser tab, reading client messages for the game's hub and writing what the hub sends.

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"anychess/wire"
)

// Limits of a connection.
const (
	// RateBurst messages may come at once, then RatePerSecond a second.
	RateBurst     = 20
	RatePerSecond = 10
	// rateStrikes refused messages in a row close the connection.
	rateStrikes = 50
	// sendQueue is how many messages may wait for a slow client before it
	// is dropped.
	sendQueue = 32
	// writeTimeout bounds one write; pingEvery is how often the server
	// checks that the client is there.
	writeTimeout = 10 * time.Second
	pingEvery    = 30 * time.Second
)

const websocketGoingAway = websocket.StatusGoingAway

// conn is one websocket connection to a game, or (out set) a connection
// of another process, whose message its game's owner answers.
type conn struct {
	// id names the connection in its process (for answers from other
	// processes).
	id   uint64
	ws   *websocket.Conn
	send chan []byte
	// out, when set, takes what push sends (a remote connection).
	out func([]byte)
	// seat is the connection's seat (0-based), -1 for a spectator; only its
	// hub reads and writes it.
	seat int

	ctx    context.Context // ended by kill
	cancel context.CancelFunc
	once   sync.Once
	code   websocket.StatusCode
	why    string
}

// connIDs numbers the connections.
var connIDs atomic.Uint64

func newConn(ws *websocket.Conn) *conn {
	c := &conn{id: connIDs.Add(1), ws: ws, send: make(chan []byte, sendQueue), seat: -1, code: websocket.StatusNormalClosure}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	return c
}

// push queues a message for the client without waiting; a client that
// does not read is dropped.
func (c *conn) push(data []byte) {
	if c.out != nil {
		c.out(data)
		return
	}
	select {
	case c.send <- data:
	default:
		c.kill(websocket.StatusPolicyViolation, "too slow: the server's messages were not read")
	}
}

// kill closes the connection with a status and a reason.
func (c *conn) kill(code websocket.StatusCode, why string) {
	if c.cancel == nil {
		return // a remote connection
	}
	c.once.Do(func() {
		c.code, c.why = code, why
		c.cancel()
	})
}

// writer writes the queued messages until the connection is killed, then
// closes it.
func (c *conn) writer(done chan<- struct{}) {
	defer close(done)
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-c.ctx.Done():
			c.flush()
			c.ws.Close(c.code, c.why)
			return
		case data := <-c.send:
			// Not c.ctx: a message taken just before the connection is
			// killed (the last error, say) is still written.
			ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			err := c.ws.Write(ctx, websocket.MessageText, data)
			cancel()
			if err != nil {
				c.kill(websocket.StatusGoingAway, "write failed")
			}
		case <-ping.C:
			ctx, cancel := context.WithTimeout(c.ctx, writeTimeout)
			err := c.ws.Ping(ctx)
			cancel()
			if err != nil {
				c.kill(websocket.StatusGoingAway, "no answer to ping")
			}
		}
	}
}

// flush writes what is still queued (the last error, say, before the
// connection closes), for at most a second: a client that does not read
// does not hold the connection.
func (c *conn) flush() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	for {
		select {
		case data := <-c.send:
			if c.ws.Write(ctx, websocket.MessageText, data) != nil {
				return
			}
		default:
			return
		}
	}
}

// handleWS serves GET /ws/{id}: the game's live connection.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	h, err := s.hubFor(id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seat, token := seatCookie(r, id)
	// Accept checks that the Origin is the page's host.
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		s.log.Info("websocket refused", "game", id, "err", err)
		return
	}
	ws.SetReadLimit(wire.MaxMessageBytes)
	c := newConn(ws)
	if s.cluster != nil {
		s.cluster.conns.Store(c.id, c)
		defer s.cluster.conns.Delete(c.id)
	}
	written := make(chan struct{})
	go c.writer(written)
	defer func() {
		if e := recover(); e != nil {
			s.log.Error("websocket connection panicked", "game", id, "panic", e)
			c.kill(websocket.StatusInternalError, "internal error")
		}
		h.post(leaveMsg{c})
		c.kill(websocket.StatusNormalClosure, "")
		<-written
	}()
	if !h.post(joinMsg{c: c, seat: seat, token: token}) {
		c.kill(websocketGoingAway, "the game is not available here; reconnect")
		return
	}
	c.read(s, h)
}

// read reads the client's messages and hands them to the hub.
func (c *conn) read(s *Server, h *hub) {
	lim := rate.NewLimiter(RatePerSecond, RateBurst)
	strikes := 0
	// When the connection is killed, the writer closes it, and the close
	// handshake ends the read.
	for {
		typ, data, err := c.ws.Read(s.ctx)
		if err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) && c.ctx.Err() == nil && s.ctx.Err() == nil {
				s.log.Debug("websocket read", "game", h.id, "err", err)
			}
			c.kill(websocket.StatusNormalClosure, "")
			return
		}
		if !lim.Allow() {
			strikes++
			if strikes >= rateStrikes {
				c.kill(websocket.StatusPolicyViolation, "too many messages")
				return
			}
			if !h.post(badMsg{c: c, err: errRate}) {
				return
			}
			continue
		}
		strikes = 0
		var msg any
		if typ != websocket.MessageText {
			msg = badMsg{c: c, err: errBinary}
		} else if m, err := wire.DecodeClient(data); err != nil {
			msg = badMsg{c: c, err: err}
		} else if m.Type == "ping" {
			c.push(pong)
			continue
		} else {
			msg = inMsg{c: c, m: m}
		}
		if !h.post(msg) {
			c.kill(websocketGoingAway, "the game is not available here; reconnect")
			return
		}
	}
}

var (
	errRate   = errors.New("too many messages: at most 10 a second; this one was ignored")
	errBinary = errors.New("binary messages are not read: send JSON text")
)
