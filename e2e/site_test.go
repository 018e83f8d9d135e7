package e2e

// The real server for the browser tests: in this process on a temporary SQLite store, or as a child process (the test binary re-executed as the server) that a test can kill and start again on the same port.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"anychess/core"
	"anychess/game"
	"anychess/server"
	"anychess/store"
	"anychess/variant"
	"anychess/wire"
)

// moveTime is the computer's full-strength move time in the tests; the
// low levels the tests play take a fraction of it.
const moveTime = 40 * time.Millisecond

// serveEnv makes the test binary run the server instead of the tests:
// ADDR|DB.
const serveEnv = "ANYCHESS_E2E_SERVE"

// serveChild runs the server as the anychess serve command does, when the
// binary was started as a child server; it never returns then.
func serveChild() {
	spec := os.Getenv(serveEnv)
	if spec == "" {
		return
	}
	addr, db, _ := strings.Cut(spec, "|")
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	err := server.Run(context.Background(), server.Options{Addr: addr, DB: db, MoveTime: moveTime, Logger: log}, os.Stdout)
	fmt.Fprintln(os.Stderr, "serve:", err)
	os.Exit(1)
}

// site is a running server as the tests see it.
type site struct {
	t    testing.TB
	url  string
	http *http.Client
	mu   sync.Mutex
	// games are the games the test made, by id: their seats' links.
	games map[string]*made
}

// made is a game made through the API.
type made struct {
	ID    string `json:"id"`
	You   int    `json:"you"`
	Seats []struct {
		Seat  int    `json:"seat"`
		Name  string `json:"name"`
		Plays string `json:"plays"`
		Link  string `json:"link"`
	} `json:"seats"`
	Spectate string `json:"spectate"`
}

// token is seat's token (0-based seat), from its link.
func (m *made) token(seat int) string {
	_, tok, _ := strings.Cut(m.Seats[seat].Link, "&token=")
	return tok
}

// newSite starts the real server in this process on a temporary store.
func newSite(t testing.TB) *site {
	t.Helper()
	db := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, MoveTime: moveTime, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
		srv.Close()
		st.Close()
	})
	return &site{t: t, url: ts.URL, http: ts.Client(), games: map[string]*made{}}
}

// do sends a request and returns the status and body.
func (s *site) do(method, path string, body any, cookies ...*http.Cookie) (int, []byte) {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
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
	resp, err := s.http.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp.StatusCode, data
}

// getJSON reads an API answer into v.
func (s *site) getJSON(path string, v any) {
	s.t.Helper()
	code, body := s.do("GET", path, nil)
	if code != http.StatusOK {
		s.t.Fatalf("GET %s: %d %s", path, code, body)
	}
	if err := json.Unmarshal(body, v); err != nil {
		s.t.Fatalf("GET %s: %v", path, err)
	}
}

// newGame is a game to make: seats are "human", "computer:N" or "random".
type newGame struct {
	Variant   string            `json:"variant"`
	Options   map[string]string `json:"options,omitempty"`
	Start     string            `json:"start,omitempty"`
	Seats     []seatSpec        `json:"seats,omitempty"`
	Clock     string            `json:"clock,omitempty"`
	Takebacks bool              `json:"takebacks,omitempty"`
}

type seatSpec struct {
	Plays string `json:"plays"`
}

// seats lists seat specifications.
func seats(plays ...string) []seatSpec {
	out := make([]seatSpec, len(plays))
	for i, p := range plays {
		out[i].Plays = p
	}
	return out
}

// create makes a game through POST /api/games.
func (s *site) create(g newGame) *made {
	s.t.Helper()
	code, body := s.do("POST", "/api/games", g)
	if code != http.StatusCreated {
		s.t.Fatalf("creating %+v: %d %s", g, code, body)
	}
	var m made
	if err := json.Unmarshal(body, &m); err != nil {
		s.t.Fatal(err)
	}
	s.mu.Lock()
	s.games[m.ID] = &m
	s.mu.Unlock()
	return &m
}

// humans makes a game of people only.
func (s *site) humans(name string, opts map[string]string, start string) *made {
	s.t.Helper()
	return s.create(newGame{Variant: name, Options: opts, Start: start})
}

// link is the player link of seat (0-based) of game g, -1 the spectator's.
func (s *site) link(g *made, seat int) string {
	if seat < 0 {
		return s.url + g.Spectate
	}
	if g.Seats[seat].Link == "" {
		s.t.Fatalf("seat %d of %s has no link (played by %s)", seat+1, g.ID, g.Seats[seat].Plays)
	}
	return s.url + g.Seats[seat].Link
}

// state is the game's state as a spectator sees it, from the server.
func (s *site) state(id string) *wire.State {
	s.t.Helper()
	var st wire.State
	s.getJSON("/api/games/"+id, &st)
	return &st
}

// seatState is the game's state as seat (0-based) sees it.
func (s *site) seatState(g *made, seat int) *wire.State {
	s.t.Helper()
	code, body := s.do("GET", "/api/games/"+g.ID, nil, s.cookie(g, seat))
	var st wire.State
	if code != http.StatusOK || json.Unmarshal(body, &st) != nil {
		s.t.Fatalf("state of seat %d: %d %s", seat+1, code, body)
	}
	return &st
}

// cookie is seat's cookie (0-based seat).
func (s *site) cookie(g *made, seat int) *http.Cookie {
	return &http.Cookie{Name: "ac_" + g.ID, Value: fmt.Sprintf("%d.%s", seat+1, g.token(seat))}
}

// board is the game's board, from the server.
func (s *site) board(id string) *wire.Board {
	s.t.Helper()
	var b wire.Board
	s.getJSON("/api/games/"+id+"/board", &b)
	return &b
}

// moveTexts are the texts of the moves the server has played.
func (s *site) moveTexts(id string) string {
	s.t.Helper()
	var out []string
	for _, m := range s.state(id).Moves {
		out = append(out, m.Text)
	}
	return strings.Join(out, " ")
}

// play makes moves as seat (0-based) through the websocket, as a client
// other than the page would: to set up a game before the page opens it.
func (s *site) play(g *made, seat int, moves ...string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	h := http.Header{}
	h.Add("Cookie", s.cookie(g, seat).String())
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+"/ws/"+g.ID, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		s.t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(8 << 20)
	read := func() map[string]any {
		_, data, err := ws.Read(ctx)
		if err != nil {
			s.t.Fatalf("playing %v: %v", moves, err)
		}
		var m map[string]any
		json.Unmarshal(data, &m)
		return m
	}
	for _, mv := range moves {
		var ply int
		for {
			m := read()
			if m["type"] == "state" && int(m["you"].(float64)) == seat && int(m["turn"].(float64)) == seat {
				ply = int(m["ply"].(float64))
				break
			}
		}
		data, _ := json.Marshal(wire.ClientMessage{Type: "move", Ply: &ply, Move: mv})
		if err := ws.Write(ctx, websocket.MessageText, data); err != nil {
			s.t.Fatal(err)
		}
		for {
			m := read()
			if m["type"] == "error" {
				s.t.Fatalf("move %s refused: %v", mv, m["message"])
			}
			if m["type"] == "state" && int(m["ply"].(float64)) > ply {
				break
			}
		}
	}
}

// child is the server in another process: the test binary re-executed as
// the server on a fixed address and a database file.
type child struct {
	cmd    *exec.Cmd
	stderr *lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// freeAddr finds a port to listen on again later.
func freeAddr(t testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startChild starts the server on addr and db and waits until it serves.
func startChild(t testing.TB, addr, db string) *child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+addr+"|"+db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stderr: &lockedBuffer{}}
	cmd.Stderr = c.stderr
	// The port was free a moment ago; a restart may find it in TIME_WAIT
	// for a moment (Go listens with SO_REUSEADDR, so it should not).
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		for sc.Scan() {
		}
	}()
	select {
	case l, ok := <-line:
		if !ok || !strings.Contains(l, "serving http://"+addr) {
			t.Fatalf("the server did not start on %s: %q %s", addr, l, c.stderr)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not start within 30s: %s", c.stderr)
	}
	return c
}

// kill sends SIGKILL and waits for the process to end.
func (c *child) kill(t testing.TB) {
	t.Helper()
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()
}

// remoteSite is a site for a server in another process.
func remoteSite(t testing.TB, addr string) *site {
	return &site{t: t, url: "http://" + addr, http: &http.Client{Timeout: 10 * time.Second}, games: map[string]*made{}}
}

// rulesOf loads a variant's rules, for building start positions.
func rulesOf(t testing.TB, name string, opts map[string]string) *core.Rules {
	t.Helper()
	r, err := variant.Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// placed is a piece for setup: on square, letter's type, owned by owner,
// carrying carry (a letter) of carryOwner when carry is not "".
type placed struct {
	square, letter string
	owner          int
	carry          string
	carryOwner     int
}

// setup writes the position text of the pieces on an otherwise empty
// board of r, turn to move, as the variant writes positions.
func setup(t testing.TB, r *core.Rules, turn int, pieces ...placed) string {
	t.Helper()
	p := r.NewPosition()
	for _, pc := range pieces {
		sq, err := p.ParseSquare(pc.square)
		if err != nil {
			t.Fatalf("setup: %v", err)
		}
		pt, ok := r.PieceByLetter(pc.letter)
		if !ok {
			t.Fatalf("setup: no piece %q in %s", pc.letter, r.Name())
		}
		p.Put(sq, core.MakePiece(core.Player(pc.owner), pt))
		if pc.carry != "" {
			ct, ok := r.PieceByLetter(pc.carry)
			if !ok {
				t.Fatalf("setup: no piece %q in %s", pc.carry, r.Name())
			}
			p.SetCarry(sq, uint8(core.MakePiece(core.Player(pc.carryOwner), ct)))
		}
	}
	p.SetTurn(core.Player(turn))
	text := p.String()
	// The text must read back as the same position.
	if _, err := game.New(game.Config{Rules: r, Start: text}); err != nil {
		t.Fatalf("setup: %q: %v", text, err)
	}
	return text
}
