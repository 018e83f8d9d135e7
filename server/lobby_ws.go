package server

// The lobby's websocket (GET /ws/lobby) and its HTTP side: the lists as JSON, a seek by its id, a challenge's page.

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"anychess/store"
	"anychess/web"
	"anychess/wire"
)

// lobbyRoutes registers the lobby's handlers.
func (s *Server) lobbyRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /ws/lobby", s.handleLobbyWS)
	m.HandleFunc("GET /api/lobby", s.handleLobby)
	m.HandleFunc("GET /api/seeks/{id}", s.handleSeek)
	m.HandleFunc("GET /s/{id}", s.handleSeekPage)
}

// lobbyAnswer is GET /api/lobby's answer.
type lobbyAnswer struct {
	Seeks []wire.Seek     `json:"seeks"`
	Games []wire.LiveGame `json:"games"`
}

func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	ks, err := s.st.OpenSeeks(ctx, MaxListedSeeks)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	a := lobbyAnswer{Seeks: []wire.Seek{}}
	for _, k := range ks {
		a.Seeks = append(a.Seeks, s.seekView(k))
	}
	if a.Games, err = s.liveGames(ctx); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// loadSeek reads a seek by an id from a request.
func (s *Server) loadSeek(r *http.Request) (*store.Seek, error) {
	id := r.PathValue("id")
	if !wire.ValidSeekID(id) {
		return nil, status(http.StatusNotFound, "no such seek")
	}
	k, err := s.st.LoadSeek(r.Context(), id)
	if errors.Is(err, store.ErrNoSeek) {
		return nil, status(http.StatusNotFound, "no such seek")
	}
	return k, err
}

func (s *Server) handleSeek(w http.ResponseWriter, r *http.Request) {
	k, err := s.loadSeek(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.seekView(k))
}

// handleSeekPage serves a seek's page, the home page that shows the seek
// (a challenge's link).
func (s *Server) handleSeekPage(w http.ResponseWriter, r *http.Request) {
	if _, err := s.loadSeek(r); err != nil {
		var he *httpError
		if errors.As(err, &he) {
			http.Error(w, he.msg, he.code)
			return
		}
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFileFS(w, r, web.Static, "index.html")
}

// handleLobbyWS serves GET /ws/lobby: the lobby's live connection.
func (s *Server) handleLobbyWS(w http.ResponseWriter, r *http.Request) {
	l := s.lobby
	// Accept checks that the Origin is the page's host.
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		s.log.Info("lobby websocket refused", "err", err)
		return
	}
	ws.SetReadLimit(wire.MaxLobbyMessageBytes)
	c := newConn(ws)
	lc := &lconn{c: c, addr: s.clientAddr(r), held: map[string]heldSeat{}, follows: map[string]bool{}}
	written := make(chan struct{})
	go c.writer(written)
	joined := false
	defer func() {
		if e := recover(); e != nil {
			s.log.Error("lobby connection panicked", "panic", e)
			c.kill(websocket.StatusInternalError, "internal error")
		}
		if joined {
			l.leave(lc)
		}
		c.kill(websocket.StatusNormalClosure, "")
		<-written
	}()
	if !l.join(lc) {
		c.kill(websocket.StatusTryAgainLater, "the lobby is full on this server; try later")
		return
	}
	joined = true
	l.read(lc)
}

// read reads a lobby client's messages and handles them, one at a time.
func (l *lobby) read(lc *lconn) {
	s, c := l.s, lc.c
	msgs := rate.NewLimiter(RatePerSecond, RateBurst)
	changes := rate.NewLimiter(LobbyChangesPerSecond, LobbyChangeBurst)
	strikes := 0
	for {
		typ, data, err := c.ws.Read(s.ctx)
		if err != nil {
			c.kill(websocket.StatusNormalClosure, "")
			return
		}
		if !msgs.Allow() {
			strikes++
			if strikes >= rateStrikes {
				c.kill(websocket.StatusPolicyViolation, "too many messages")
				return
			}
			lc.fail(errRate)
			continue
		}
		strikes = 0
		if typ != websocket.MessageText {
			lc.fail(errBinary)
			continue
		}
		m, err := wire.DecodeLobby(data)
		if err != nil {
			lc.fail(err)
			continue
		}
		if m.Type == "ping" {
			c.push(pong)
			continue
		}
		if !changes.Allow() {
			lc.fail(errors.New("too many lobby requests: at most one a second; this one was ignored"))
			continue
		}
		if err := l.handle(lc, m); err != nil {
			var he *httpError
			if !errors.As(err, &he) {
				if s.ctx.Err() == nil {
					s.log.Error("lobby request failed", "type", m.Type, "err", err)
				}
				err = errors.New("internal error; nothing was changed")
			}
			lc.fail(err)
		}
	}
}

// fail sends the connection an error message.
func (lc *lconn) fail(err error) {
	data, _ := json.Marshal(wire.NewError(0, "%v", err))
	lc.c.push(data)
}

// handle does what a lobby message asks.
func (l *lobby) handle(lc *lconn, m wire.LobbyMessage) error {
	switch m.Type {
	case "hello":
		for _, h := range m.Held {
			if err := l.reattach(lc, h); err != nil {
				return err
			}
		}
		return nil
	case "look":
		return l.look(lc, m.Seek)
	case "create":
		return l.create(lc, m.New, m.Name)
	case "accept":
		return l.accept(lc, m.Seek, m.Seat-1, m.Name)
	case "quick":
		return l.quick(lc, m.Variant, m.Options, m.Clock, m.Name)
	case "leave":
		return l.leaveSeek(lc, m.Seek, false)
	case "cancel":
		return l.leaveSeek(lc, m.Seek, true)
	}
	return bad("unknown message type %q", truncate(m.Type, 20))
}
