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
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/internal/pgtest"
	"anychess/wire"
)

// serveEnv makes the test binary run the server (Run) on the database it
// names, instead of the tests.
const serveEnv = "ANYCHESS_TEST_SERVE_DB"

// leaseEnv and workersEnv set the child server's Lease and Workers.
const (
	leaseEnv   = "ANYCHESS_TEST_SERVE_LEASE"
	workersEnv = "ANYCHESS_TEST_SERVE_WORKERS"
)

func TestMain(m *testing.M) {
	if db := os.Getenv(serveEnv); db != "" {
		log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
		opts := Options{Addr: "127.0.0.1:0", DB: db, MoveTime: 50 * time.Millisecond, Logger: log}
		opts.Lease, _ = time.ParseDuration(os.Getenv(leaseEnv))
		opts.Workers, _ = strconv.Atoi(os.Getenv(workersEnv))
		err := Run(context.Background(), opts, os.Stdout)
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

// startChild starts the server on db and waits until it serves; env adds
// to its environment (leaseEnv, workersEnv).
func startChild(t *testing.T, db string, env ...string) *child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(append(os.Environ(), serveEnv+"="+db), env...)
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
		if t.Failed() {
			t.Logf("the server %s wrote:\n%s", c.url, c.stderr)
		}
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
	var cookies []*http.Cookie
	if cookie != nil {
		cookies = append(cookies, cookie)
	}
	code, body, _ := s.do("GET", "/api/games/"+id, nil, cookies...)
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

// TestKill9TwoServers: two server processes on one PostgreSQL serve a game
// (seat 1 on A, its owner; seat 2 and a spectator on B) and a game against
// the computer. A dies by SIGKILL; a move sent meanwhile through B waits
// in the inbox; B takes both games over when A's lease runs out, and they
// go on from their last stored ply, the downtime charged to nobody. Then a
// new process C joins, B dies too, and C takes over.
func TestKill9TwoServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	url := pgtest.URL(t)
	const lease = time.Second
	env := []string{leaseEnv + "=" + lease.String(), workersEnv + "=1"}
	ca := startChild(t, url, env...)
	cb := startChild(t, url, env...)
	a, b := ca.remote(t), cb.remote(t)
	g := a.create(map[string]any{"variant": "chess", "clock": "5m", "you": 0})
	vs := a.create(map[string]any{"variant": "chess", "you": 0, "seats": []map[string]string{{"plays": "human"}, {"plays": "computer:1"}}})
	c1 := a.dial(g.ID, g.cookie)
	c1.state(nil)
	c2 := b.dial(g.ID, seatCookieFor(g.ID, 2, g.token(2)))
	c2.state(func(m *msg) bool { return m.You == 1 })
	spec := b.dial(g.ID)
	spec.state(nil)
	h := b.dial(vs.ID, vs.cookie)
	h.state(nil)
	h.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	h.atPly(2) // the computer answered, through the job queue
	acked := []string{}
	play := func(c *client, i int, mv string) {
		t.Helper()
		c.send(wire.ClientMessage{Type: "move", Ply: ply(i), Move: mv})
		st := c.atPly(i + 1)
		acked = append(acked, st.Moves[i].Text)
		spec.atPly(i + 1)
	}
	for i, mv := range []string{"e4", "e5", "Nf3", "Nc6"} {
		time.Sleep(100 * time.Millisecond)
		play([]*client{c1, c2}[i%2], i, mv)
	}
	// White thinks half a second; A dies.
	time.Sleep(500 * time.Millisecond)
	before := getState(t, b, g.ID, nil)
	tBefore := time.Now()
	ca.kill(t)
	tKill := time.Now()
	// White reconnects to B and moves at once: the move waits for B to
	// take the game over.
	c1 = b.dial(g.ID, g.cookie)
	c1.state(func(m *msg) bool { return m.You == 0 && m.Ply == 4 })
	play(c1, 4, "Bb5")
	tAck := time.Now()
	t.Logf("the move sent after the kill was acknowledged %v after it (lease %v)", tAck.Sub(tKill).Round(time.Millisecond), lease)
	after := getState(t, b, g.ID, nil)
	// White's clock ran until the kill and after the takeover, not
	// between: at least lease − 2 heartbeats of the wait went unpaid.
	paid := before.Clocks[0] - after.Moves[4].ClockMs
	// (Up to a heartbeat of what it had run before the kill is given
	// back: the turn is charged until the last heartbeat.)
	if wall := tAck.Sub(tBefore).Milliseconds(); paid > wall-int64(lease/time.Millisecond)+2*int64(DefaultHeartbeat/time.Millisecond)+200 || paid < -int64(DefaultHeartbeat/time.Millisecond)-50 {
		t.Errorf("white paid %d ms of the %d ms from the last state to the acknowledged move", paid, wall)
	}
	// The game against the computer goes on, on B.
	h.send(wire.ClientMessage{Type: "move", Ply: ply(2), Move: "d4"})
	if st := h.atPly(4); st.Moves[3].Player != 1 {
		t.Errorf("the computer after the kill: %+v", st.Moves)
	}
	// C joins; B dies; C takes over; a move sent to C during it is kept.
	cc := startChild(t, url, env...)
	c := cc.remote(t)
	spec = c.dial(g.ID)
	spec.atPly(5)
	c2 = c.dial(g.ID, seatCookieFor(g.ID, 2, g.token(2)))
	c2.state(func(m *msg) bool { return m.You == 1 })
	cb.kill(t)
	play(c2, 5, "a6")
	c1 = c.dial(g.ID, g.cookie)
	c1.state(func(m *msg) bool { return m.You == 0 && m.Ply == 6 })
	play(c1, 6, "Ba4")
	// Every acknowledged move is stored, once, in order.
	st := getState(t, c, g.ID, nil)
	var stored []string
	for _, m := range st.Moves {
		stored = append(stored, m.Text)
	}
	if strings.Join(stored, " ") != strings.Join(acked, " ") {
		t.Errorf("stored %v, acknowledged %v", stored, acked)
	}
	h = c.dial(vs.ID, vs.cookie)
	h.state(func(m *msg) bool { return m.Ply == 4 })
	h.send(wire.ClientMessage{Type: "move", Ply: ply(4), Move: "c4"})
	if st := h.atPly(6); st.Moves[5].Player != 1 {
		t.Errorf("the computer after the second kill: %+v", st.Moves)
	}
}
