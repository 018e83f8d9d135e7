package server

// Test helpers: a server on a temporary database behind httptest, and websocket clients.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"anychess/internal/pgtest"
	"anychess/store"
	"anychess/wire"
)

// testServer is a server on a temporary database.
type testServer struct {
	t      testing.TB
	srv    *Server
	ts     *httptest.Server // nil for a server in another process
	url    string
	client *http.Client
	st     *store.Store
	db     string
}

// quietLog keeps the tests' output short; errors still show.
func quietLog() *slog.Logger {
	if os.Getenv("ANYCHESS_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// onPostgres makes newTestServer open a PostgreSQL database of the test's
// own instead of a SQLite file (TestOnPostgres sets it).
var onPostgres bool

func newTestServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	db := filepath.Join(t.TempDir(), "games.db")
	if onPostgres {
		db = pgtest.URL(t)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return startTestServer(t, st, db, cfg)
}

func startTestServer(t testing.TB, st *store.Store, db string, cfg Config) *testServer {
	t.Helper()
	cfg.Store = st
	if cfg.MoveTime == 0 {
		cfg.MoveTime = 50 * time.Millisecond
	}
	if cfg.Logger == nil {
		cfg.Logger = quietLog()
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	s := &testServer{t: t, srv: srv, ts: ts, url: ts.URL, client: ts.Client(), st: st, db: db}
	t.Cleanup(s.close)
	return s
}

// close stops the server (the store stays open until the test ends).
func (s *testServer) close() {
	if s.ts == nil {
		return
	}
	s.ts.CloseClientConnections()
	s.ts.Close()
	s.srv.Close()
}

// do sends a request with an optional JSON body and cookies; it returns
// the status, the body and the cookies set.
func (s *testServer) do(method, path string, body any, cookies ...*http.Cookie) (int, []byte, []*http.Cookie) {
	s.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			s.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.url+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp.StatusCode, data, resp.Cookies()
}

// created is a game made by create.
type created struct {
	createAnswer
	cookie *http.Cookie // the creator's seat cookie, if any
}

// token returns the token of seat (1-based) from its link.
func (c *created) token(seat int) string {
	link := c.Seats[seat-1].Link
	_, tok, ok := strings.Cut(link, "&token=")
	if !ok {
		return ""
	}
	return tok
}

// create makes a game and fails the test when it is refused.
func (s *testServer) create(req any) *created {
	s.t.Helper()
	code, body, cookies := s.do("POST", "/api/games", req)
	if code != http.StatusCreated {
		s.t.Fatalf("create: %d %s", code, body)
	}
	var c created
	if err := json.Unmarshal(body, &c.createAnswer); err != nil {
		s.t.Fatal(err)
	}
	for _, ck := range cookies {
		if ck.Name == seatCookieName(c.ID) {
			c.cookie = ck
		}
	}
	return &c
}

// seatCookieFor builds a game's seat cookie (seat 1-based).
func seatCookieFor(id string, seat int, token string) *http.Cookie {
	return &http.Cookie{Name: seatCookieName(id), Value: strings.Join([]string{string(rune('0' + seat)), token}, ".")}
}

// client is a websocket client of a game. A goroutine reads its messages
// (a read that times out would close the connection).
type client struct {
	t   testing.TB
	ws  *websocket.Conn
	in  chan []byte
	err error // the read's error, once in is closed
	// first is a state a helper read already (tournament tests).
	first *msg
}

func (c *client) readAll() {
	defer close(c.in)
	for {
		_, data, err := c.ws.Read(context.Background())
		if err != nil {
			c.err = err
			return
		}
		c.in <- data
	}
}

// dial connects to game id's websocket with the cookies given.
func (s *testServer) dial(id string, cookies ...*http.Cookie) *client {
	s.t.Helper()
	c, err := s.tryDial(id, nil, cookies...)
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

func (s *testServer) tryDial(id string, header http.Header, cookies ...*http.Cookie) (*client, error) {
	if header == nil {
		header = http.Header{}
	}
	for _, c := range cookies {
		header.Add("Cookie", c.String())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+"/ws/"+id, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(8 << 20)
	c := &client{t: s.t, ws: ws, in: make(chan []byte, 1024)}
	go c.readAll()
	s.t.Cleanup(func() { ws.CloseNow() })
	return c, nil
}

// send sends a message (a value marshalled to JSON, or raw text).
func (c *client) send(m any) {
	c.t.Helper()
	var data []byte
	switch v := m.(type) {
	case string:
		data = []byte(v)
	default:
		var err error
		if data, err = json.Marshal(v); err != nil {
			c.t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, data); err != nil {
		c.t.Fatal(err)
	}
}

// msg is any server message.
type msg struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	wire.State
}

// next reads the next message, within timeout.
func (c *client) next(timeout time.Duration) (msg, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	var data []byte
	select {
	case d, ok := <-c.in:
		if !ok {
			return msg{}, c.err
		}
		data = d
	case <-t.C:
		return msg{}, context.DeadlineExceeded
	}
	var m msg
	if err := json.Unmarshal(data, &m); err != nil {
		return msg{}, err
	}
	return m, nil
}

// state reads messages until a state for which ok holds.
func (c *client) state(ok func(*msg) bool) *msg {
	c.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var seen []string
	for time.Now().Before(deadline) {
		m, err := c.next(time.Until(deadline))
		if err != nil {
			c.t.Fatalf("waiting for a state: %v (seen meanwhile: %v)", err, seen)
		}
		if m.Type == "state" && (ok == nil || ok(&m)) {
			return &m
		}
		seen = append(seen, fmt.Sprintf("%s you %d ply %d %q", m.Type, m.You, m.Ply, m.Message))
	}
	c.t.Fatal("no such state within 10s")
	return nil
}

// atPly waits for the state at ply n.
func (c *client) atPly(n int) *msg {
	c.t.Helper()
	return c.state(func(m *msg) bool { return m.Ply == n })
}

// errorMsg reads messages until an error message, which it returns.
func (c *client) errorMsg() *msg {
	c.t.Helper()
	for {
		m, err := c.next(5 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for an error message: %v", err)
		}
		if m.Type == "error" {
			return &m
		}
	}
}

func ply(n int) *int { return &n }
