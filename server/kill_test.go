package server

// The server killed with SIGKILL mid-game and started again: the same moves, the same clocks, the downtime charged to nobody.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/wire"
)

// serveEnv makes the test binary run the server (Run) on the database it
// names, instead of the tests.
const serveEnv = "ANYCHESS_TEST_SERVE_DB"

func TestMain(m *testing.M) {
	if db := os.Getenv(serveEnv); db != "" {
		log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		err := Run(context.Background(), Options{Addr: "127.0.0.1:0", DB: db, MoveTime: 50 * time.Millisecond, Logger: log}, os.Stdout)
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// child is the server in another process.
type child struct {
	cmd     *exec.Cmd
	url     string
	started time.Time // when it said it serves
	stderr  *bytes.Buffer
}

// startChild starts the server on db and waits until it serves.
func startChild(t *testing.T, db string) *child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stderr: &bytes.Buffer{}}
	cmd.Stderr = &lockedWriter{w: c.stderr}
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
		_, rest, found := strings.Cut(l, "serving ")
		if !ok || !found {
			t.Fatalf("the server did not start: %q %s", l, c.stderr)
		}
		c.url = strings.TrimSuffix(strings.Fields(rest)[0], "/")
	case <-time.After(20 * time.Second):
		t.Fatalf("the server did not start within 20s: %s", c.stderr)
	}
	c.started = time.Now()
	return c
}

type lockedWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// kill sends SIGKILL and waits for the process to die.
func (c *child) kill(t *testing.T) {
	t.Helper()
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()
}

// remote is a testServer pointing at a child, for the helpers.
func (c *child) remote(t *testing.T) *testServer {
	return &testServer{t: t, url: c.url, client: &http.Client{Timeout: 10 * time.Second}}
}

// getState reads a game's state over HTTP.
func getState(t *testing.T, s *testServer, id string, cookie *http.Cookie) *wire.State {
	t.Helper()
	code, body, _ := s.do("GET", "/api/games/"+id, nil, cookie)
	if code != 200 {
		t.Fatalf("state: %d %s", code, body)
	}
	var st wire.State
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	return &st
}

func TestKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	db := filepath.Join(t.TempDir(), "games.db")
	c1 := startChild(t, db)
	s := c1.remote(t)
	g := s.create(map[string]any{"variant": "chess", "clock": "5m", "you": 0})
	a := s.dial(g.ID, g.cookie)
	a.state(nil)
	b := s.dial(g.ID)
	b.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(2)})
	b.state(func(m *msg) bool { return m.You == 1 })
	for i, mv := range []string{"e4", "e5", "Nf3", "Nc6"} {
		time.Sleep(150 * time.Millisecond)
		c := []*client{a, b}[i%2]
		c.send(wire.ClientMessage{Type: "move", Ply: ply(i), Move: mv})
		c.atPly(i + 1)
	}
	// White thinks a second, then the server dies.
	time.Sleep(time.Second)
	before := getState(t, s, g.ID, g.cookie)
	t1 := time.Now()
	c1.kill(t)
	tk := time.Now()
	time.Sleep(2 * time.Second) // the downtime, which nobody pays for
	c2 := startChild(t, db)
	s2 := c2.remote(t)
	after := getState(t, s2, g.ID, g.cookie)
	t2 := time.Now()

	if after.Ply != 4 || after.You != 0 || after.Running != 0 || len(after.Legal) == 0 {
		t.Fatalf("after the restart: ply %d you %d running %d", after.Ply, after.You, after.Running)
	}
	for i := range before.Moves {
		if before.Moves[i] != after.Moves[i] {
			t.Errorf("move %d: %+v before, %+v after", i, before.Moves[i], after.Moves[i])
		}
	}
	if before.Clocks[1] != after.Clocks[1] {
		t.Errorf("black's clock (not running): %d before, %d after", before.Clocks[1], after.Clocks[1])
	}
	// White's clock ran until the kill (less up to a heartbeat) and since
	// the restart, not while the server was down.
	ms := func(d time.Duration) int64 { return d.Milliseconds() }
	want := before.Clocks[0] - ms(tk.Sub(t1)) - ms(t2.Sub(c2.started))
	got := after.Clocks[0]
	t.Logf("white's clock: %d ms before the kill, %d ms after the restart (want about %d; the downtime was %v)", before.Clocks[0], got, want, c2.started.Sub(tk).Round(time.Millisecond))
	if got > want+int64(DefaultHeartbeat/time.Millisecond)+300 || got < want-500 {
		t.Errorf("white's clock after the restart: %d ms, want %d ms within the heartbeat", got, want)
	}
	if downtime := c2.started.Sub(tk); got < before.Clocks[0]-ms(downtime) {
		t.Errorf("the downtime (%v) was charged: %d ms before, %d after", downtime, before.Clocks[0], got)
	}

	// The game goes on; a move acknowledged just before another kill is kept.
	a2 := s2.dial(g.ID, g.cookie)
	a2.state(nil)
	a2.send(wire.ClientMessage{Type: "move", Ply: ply(4), Move: "Bb5"})
	a2.atPly(5)
	c2.kill(t)
	c3 := startChild(t, db)
	st := getState(t, c3.remote(t), g.ID, g.cookie)
	if st.Ply != 5 || st.Moves[4].SAN != "Bb5" || st.Running != 1 {
		t.Errorf("after the second kill: ply %d moves %+v running %d", st.Ply, st.Moves, st.Running)
	}
}
