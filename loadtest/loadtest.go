package loadtest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"anychess/store"
)

// Config is a load test.
type Config struct {
	// Servers is how many server processes to start on DB.
	Servers int
	// DB is the database: a SQLite file (one server) or a PostgreSQL URL.
	DB string
	// Command returns the command that runs "anychess serve" with args.
	Command func(args ...string) *exec.Cmd
	// Games is how many games to play at once; Spectators how many
	// spectators each has.
	Games, Spectators int
	// Duration is the measured phase's length; MoveEvery a player's mean
	// think time (uniform from half to one and a half of it).
	Duration, MoveEvery time.Duration
	// KillAt, when positive, is when into the measured phase the first
	// server is killed with SIGKILL; Restart starts it again at once.
	KillAt  time.Duration
	Restart bool
	// Churn is the fraction of connections closed each second (they
	// reconnect).
	Churn float64
	// Lease is the servers' --lease (PostgreSQL); 0 for their default.
	Lease time.Duration
	// Clock is the games' time control ("10m+5s"; "" for none).
	Clock string
	// Progress receives a line a second; ServerLog the servers' stderr.
	Progress, ServerLog io.Writer
	// MaxDuration bounds the whole run; 0 means Duration plus ten minutes.
	MaxDuration time.Duration
}

// Limits of a run.
const (
	MaxGames      = 5000
	MaxSpectators = 20
	MaxServers    = 8
	MaxClients    = 25_000
)

func (c *Config) check() error {
	switch {
	case c.Servers < 1 || c.Servers > MaxServers:
		return fmt.Errorf("loadtest: %d servers; want 1 to %d", c.Servers, MaxServers)
	case c.Servers > 1 && !store.IsPostgres(c.DB):
		return errors.New("loadtest: several servers need a PostgreSQL database")
	case c.DB == "":
		return errors.New("loadtest: no database")
	case c.Games < 1 || c.Games > MaxGames:
		return fmt.Errorf("loadtest: %d games; want 1 to %d", c.Games, MaxGames)
	case c.Spectators < 0 || c.Spectators > MaxSpectators:
		return fmt.Errorf("loadtest: %d spectators a game; want 0 to %d", c.Spectators, MaxSpectators)
	case c.Games*(2+c.Spectators) > MaxClients:
		return fmt.Errorf("loadtest: %d clients; want at most %d", c.Games*(2+c.Spectators), MaxClients)
	case c.Duration <= 0 || c.Duration > time.Hour:
		return fmt.Errorf("loadtest: a duration of %v; want up to an hour", c.Duration)
	case c.MoveEvery < 10*time.Millisecond:
		return fmt.Errorf("loadtest: a think time of %v; want at least 10ms", c.MoveEvery)
	case c.KillAt < 0 || c.KillAt > c.Duration:
		return errors.New("loadtest: the kill must fall within the measured phase")
	case c.Churn < 0 || c.Churn > 0.5:
		return errors.New("loadtest: churn is a fraction of the connections a second, from 0 to 0.5")
	case c.Command == nil:
		return errors.New("loadtest: no server command")
	}
	return nil
}

// Report is what a run measured.
type Report struct {
	Servers, Games, Spectators int
	DB                         string
	Duration                   time.Duration
	// Setup is how long making the games and connecting took.
	Setup time.Duration
	// LiveGames is how many games went on at the end; Clients the
	// connections open at the end, MinClients the fewest seen open
	// (sampled each second) in the measured phase.
	LiveGames, Clients, MinClients, ClientsWanted int
	// Ended counts the games that ended, by their stored termination (random
	// moves may well mate or draw).
	Ended map[string]int
	// Moves is how many moves were acknowledged in the measured phase.
	Moves      int
	MovesPerS  float64
	Latency    Percentiles // a move's, to its player
	Spectating Percentiles // a move's, to a spectator
	// Ping is a ping's round trip (the server's connection answers it
	// without the game): what the machine adds to any message.
	Ping Percentiles
	// Errors counts the error messages the clients got, by their start.
	Errors map[string]int
	// Reconnects counts the connections made again (after a kill or
	// churn); Unacked the moves sent whose answer never came (their
	// connection died), of which UnackedStored were stored after all.
	Reconnects, Unacked, UnackedStored int
	// Killed is when the first server was killed (zero for never);
	// Recovered how long after it the last game to have a move
	// acknowledged again had one (think times included).
	Killed, Recovered time.Duration
	// RSS is each server's largest resident memory seen, in bytes.
	RSS []int64
	// Checked games; Acked moves; Missing acknowledged moves not stored;
	// Different stored moves that are not what was acknowledged at their
	// ply; Extra stored moves beyond the acknowledged ones that were not
	// sent unacknowledged (a duplicate would be one).
	Checked, Acked, Missing, Different, Extra int
}

// Percentiles of a latency.
type Percentiles struct {
	N                  int
	P50, P90, P99, Max time.Duration
}

func percentiles(d []time.Duration) Percentiles {
	if len(d) == 0 {
		return Percentiles{}
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	at := func(q float64) time.Duration { return d[min(len(d)-1, int(q*float64(len(d))))] }
	return Percentiles{N: len(d), P50: at(0.50), P90: at(0.90), P99: at(0.99), Max: d[len(d)-1]}
}

func (p Percentiles) String() string {
	ms := func(d time.Duration) string {
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64)
	}
	return fmt.Sprintf("p50 %s ms, p90 %s ms, p99 %s ms, max %s ms (%d)", ms(p.P50), ms(p.P90), ms(p.P99), ms(p.Max), p.N)
}

// OK reports whether nothing acknowledged was lost or duplicated.
func (r *Report) OK() bool { return r.Missing == 0 && r.Different == 0 && r.Extra == 0 }

// server is a server process.
type server struct {
	addr string // 127.0.0.1:PORT
	url  string
	cmd  *exec.Cmd
	args []string
	rss  atomic.Int64 // the largest seen
	dead atomic.Bool
}

// run is a load test in progress.
type run struct {
	cfg     Config
	servers []*server
	games   []*gameState
	clients []*client
	ctx     context.Context

	playing    atomic.Bool // players move
	connected  atomic.Int64
	reconnects atomic.Int64
	unacked    atomic.Int64

	mu        sync.Mutex
	latencies []time.Duration
	spectated []time.Duration
	pings     []time.Duration
	errors    map[string]int
	measuring bool
}

// gameState is what the players of a game saw acknowledged.
type gameState struct {
	id     string
	tokens [2]string
	mu     sync.Mutex
	acked  map[int]string // ply → move text
	// ackedAt is when each acknowledged move's player saw it so.
	ackedAt map[int]time.Time
	sent    map[int]time.Time // ply → when its move was sent
	// unacked are moves sent whose answer never came, ply → text.
	unacked map[int]string
	over    bool
}

// Run runs a load test.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.MaxDuration <= 0 {
		cfg.MaxDuration = cfg.Duration + 10*time.Minute
	}
	if cfg.Progress == nil {
		cfg.Progress = io.Discard
	}
	if cfg.ServerLog == nil {
		cfg.ServerLog = io.Discard
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.MaxDuration)
	defer cancel()
	raiseFileLimit()
	r := &run{cfg: cfg, ctx: ctx, errors: map[string]int{}}
	defer r.stopServers()
	for i := range cfg.Servers {
		s, err := r.startServer(i, "")
		if err != nil {
			return nil, err
		}
		r.servers = append(r.servers, s)
	}
	go r.sampleMemory(ctx)
	start := time.Now()
	if err := r.makeGames(); err != nil {
		return nil, err
	}
	if err := r.connect(); err != nil {
		return nil, err
	}
	rep := &Report{Servers: cfg.Servers, Games: cfg.Games, Spectators: cfg.Spectators, DB: redact(cfg.DB), Duration: cfg.Duration,
		Setup: time.Since(start), ClientsWanted: len(r.clients), MinClients: len(r.clients)}
	fmt.Fprintf(cfg.Progress, "setup: %d games, %d clients connected in %v\n", len(r.games), r.connected.Load(), rep.Setup.Round(time.Millisecond))

	// The measured phase.
	r.mu.Lock()
	r.measuring = true
	r.mu.Unlock()
	r.playing.Store(true)
	for _, c := range r.clients {
		c.kick()
	}
	pctx, stopPings := context.WithCancel(ctx)
	defer stopPings()
	go r.pinger(pctx)
	phase := time.Now()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var killAt <-chan time.Time
	if cfg.KillAt > 0 {
		killAt = time.After(cfg.KillAt)
	}
	end := time.After(cfg.Duration)
	var killed time.Time
loop:
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-end:
			break loop
		case <-killAt:
			killed = time.Now()
			rep.Killed = killed.Sub(phase)
			if err := r.kill(0); err != nil {
				return nil, err
			}
			fmt.Fprintf(cfg.Progress, "%v: killed server 1 (SIGKILL)\n", rep.Killed.Round(time.Millisecond))
			if cfg.Restart {
				s, err := r.startServer(0, r.servers[0].addr)
				if err != nil {
					return nil, err
				}
				s.rss.Store(r.servers[0].rss.Load()) // the largest of both
				r.mu.Lock()
				r.servers[0] = s
				r.mu.Unlock()
				fmt.Fprintf(cfg.Progress, "%v: server 1 started again\n", time.Since(phase).Round(time.Millisecond))
			}
		case <-tick.C:
			n := int(r.connected.Load())
			rep.MinClients = min(rep.MinClients, n)
			r.churn()
			r.mu.Lock()
			moves := len(r.latencies)
			lat := percentiles(append([]time.Duration(nil), r.latencies...))
			r.mu.Unlock()
			fmt.Fprintf(cfg.Progress, "%v: %d clients, %d moves, latency %v, RSS %s\n", time.Since(phase).Round(time.Second), n, moves, lat, r.rssText())
		}
	}
	r.playing.Store(false)
	elapsed := time.Since(phase)
	// The answers to the last moves.
	time.Sleep(3 * time.Second)
	r.mu.Lock()
	r.measuring = false
	rep.Moves = len(r.latencies)
	rep.Latency = percentiles(r.latencies)
	rep.Spectating = percentiles(r.spectated)
	rep.Ping = percentiles(r.pings)
	rep.Errors = r.errors
	r.mu.Unlock()
	rep.MovesPerS = float64(rep.Moves) / elapsed.Seconds()
	rep.Clients = int(r.connected.Load())
	rep.Reconnects = int(r.reconnects.Load())
	for i := range r.servers {
		rep.RSS = append(rep.RSS, r.serverAt(i).rss.Load())
	}
	if !killed.IsZero() {
		rep.Recovered = r.recovery(killed)
	}
	for _, c := range r.clients {
		c.close()
	}
	return rep, r.verify(rep)
}

// recovery is how long after the kill the last game to have a move
// acknowledged again had one.
func (r *run) recovery(killed time.Time) time.Duration {
	var worst time.Duration
	for _, g := range r.games {
		g.mu.Lock()
		first := time.Time{}
		for _, at := range g.ackedAt {
			if at.After(killed) && (first.IsZero() || at.Before(first)) {
				first = at
			}
		}
		g.mu.Unlock()
		if !first.IsZero() {
			worst = max(worst, first.Sub(killed))
		}
	}
	return worst
}

// verify compares the stored games with what was acknowledged.
func (r *run) verify(rep *Report) error {
	ctx, cancel := context.WithTimeout(r.ctx, 5*time.Minute)
	defer cancel()
	st, err := store.Open(ctx, r.cfg.DB)
	if err != nil {
		return fmt.Errorf("loadtest: opening the database to check it: %w", err)
	}
	defer st.Close()
	for _, g := range r.games {
		row, moves, err := st.Load(ctx, g.id)
		if err != nil {
			return fmt.Errorf("loadtest: game %s: %w", g.id, err)
		}
		if !row.Over() {
			rep.LiveGames++
		} else {
			if rep.Ended == nil {
				rep.Ended = map[string]int{}
			}
			rep.Ended[row.Termination]++
		}
		rep.Checked++
		g.mu.Lock()
		for ply, text := range g.acked {
			rep.Acked++
			switch {
			case ply >= len(moves):
				rep.Missing++
			case moves[ply].Text != text:
				rep.Different++
			}
		}
		for ply := range moves {
			if _, ok := g.acked[ply]; ok {
				continue
			}
			if text, ok := g.unacked[ply]; ok && text == moves[ply].Text {
				rep.UnackedStored++
				continue
			}
			rep.Extra++
		}
		rep.Unacked += len(g.unacked)
		g.mu.Unlock()
	}
	return nil
}

// startServer starts server i (on addr, or a free port).
func (r *run) startServer(i int, addr string) (*server, error) {
	if addr == "" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		addr = ln.Addr().String()
		ln.Close()
	}
	args := []string{"serve", "--addr", addr, "--db", r.cfg.DB, "--movetime", "50ms"}
	if r.cfg.Lease > 0 {
		args = append(args, "--lease", r.cfg.Lease.String())
	}
	cmd := r.cfg.Command(args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = r.cfg.ServerLog
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("loadtest: starting server %d: %w", i+1, err)
	}
	s := &server{addr: addr, cmd: cmd, args: args}
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
			cmd.Process.Kill()
			cmd.Wait()
			return nil, fmt.Errorf("loadtest: server %d did not start: %q", i+1, l)
		}
		s.url = strings.TrimSuffix(strings.Fields(rest)[0], "/")
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("loadtest: server %d did not start within a minute", i+1)
	}
	return s, nil
}

// kill kills server i with SIGKILL.
func (r *run) kill(i int) error {
	s := r.serverAt(i)
	s.dead.Store(true)
	if err := s.cmd.Process.Kill(); err != nil {
		return err
	}
	s.cmd.Wait()
	return nil
}

func (r *run) stopServers() {
	for i := range r.servers {
		s := r.serverAt(i)
		if s.dead.Load() {
			continue
		}
		s.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() {
			s.cmd.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			s.cmd.Process.Kill()
			<-done
		}
	}
}

// sampleMemory notes each server's resident memory every half second.
func (r *run) sampleMemory(ctx context.Context) {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for i := range r.servers {
			s := r.serverAt(i)
			if s.dead.Load() {
				continue
			}
			if n := rss(s.cmd.Process.Pid); n > s.rss.Load() {
				s.rss.Store(n)
			}
		}
	}
}

// rss reads a process's resident memory from /proc (0 when it cannot).
func rss(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

func (r *run) rssText() string {
	var parts []string
	for i := range r.servers {
		s := r.serverAt(i)
		parts = append(parts, fmt.Sprintf("%.0f MB", float64(s.rss.Load())/(1<<20)))
	}
	return strings.Join(parts, " / ")
}

// raiseFileLimit lets the process (and the servers it starts) open as many
// files as the system allows: each connection takes one at both ends.
func raiseFileLimit() {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && lim.Cur < lim.Max {
		lim.Cur = lim.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
}

// redact drops a URL's password.
func redact(db string) string {
	if !store.IsPostgres(db) {
		return db
	}
	if i := strings.Index(db, "://"); i >= 0 {
		if at := strings.Index(db[i+3:], "@"); at >= 0 {
			cred := db[i+3 : i+3+at]
			if user, _, ok := strings.Cut(cred, ":"); ok {
				return db[:i+3] + user + ":xxx" + db[i+3+at:]
			}
		}
	}
	return db
}

// makeGames makes the games, game i on server i mod n.
func (r *run) makeGames() error {
	r.games = make([]*gameState, r.cfg.Games)
	errc := make(chan error, r.cfg.Games)
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	hc := &http.Client{Timeout: 30 * time.Second}
	for i := range r.cfg.Games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			g, err := r.makeGame(hc, r.servers[i%len(r.servers)])
			if err != nil {
				errc <- err
				return
			}
			r.games[i] = g
		}()
	}
	wg.Wait()
	close(errc)
	return <-errc
}

func (r *run) makeGame(hc *http.Client, s *server) (*gameState, error) {
	body := fmt.Sprintf(`{"variant":"chess","clock":%q}`, r.cfg.Clock)
	var answer struct {
		ID    string `json:"id"`
		Seats []struct {
			Link string `json:"link"`
		} `json:"seats"`
	}
	for try := 0; ; try++ {
		resp, err := hc.Post(s.url+"/api/games", "application/json", strings.NewReader(body))
		if err != nil {
			if try < 5 {
				time.Sleep(200 * time.Millisecond)
				continue
			}
			return nil, fmt.Errorf("loadtest: making a game: %w", err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			return nil, fmt.Errorf("loadtest: making a game: %d %s", resp.StatusCode, data)
		}
		if err := json.Unmarshal(data, &answer); err != nil || len(answer.Seats) != 2 {
			return nil, fmt.Errorf("loadtest: making a game: %s", data)
		}
		break
	}
	g := &gameState{id: answer.ID, acked: map[int]string{}, ackedAt: map[int]time.Time{}, sent: map[int]time.Time{}, unacked: map[int]string{}}
	for i, st := range answer.Seats {
		_, tok, ok := strings.Cut(st.Link, "&token=")
		if !ok {
			return nil, fmt.Errorf("loadtest: seat %d has no link", i+1)
		}
		g.tokens[i] = tok
	}
	return g, nil
}

// connect connects every game's players and spectators: client k of game
// i talks to server (i+k) mod n, so that with two servers the second
// player talks to the server that does not own the game.
func (r *run) connect() error {
	for i, g := range r.games {
		for k := range 2 + r.cfg.Spectators {
			seat := -1
			if k < 2 {
				seat = k
			}
			r.clients = append(r.clients, &client{r: r, g: g, seat: seat, server: (i + k) % len(r.servers),
				rng: rand.New(rand.NewPCG(uint64(i), uint64(k))), wake: make(chan struct{}, 1), seen: -1})
		}
	}
	sem := make(chan struct{}, 32)
	errc := make(chan error, 1)
	var wg sync.WaitGroup
	for _, c := range r.clients {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := c.dial(); err != nil {
				select {
				case errc <- err:
				default:
				}
				return
			}
			go c.loop()
		}()
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
	}
	return nil
}

// churn closes a fraction of the connections; they reconnect.
func (r *run) churn() {
	n := int(r.cfg.Churn * float64(len(r.clients)))
	for range n {
		r.clients[rand.IntN(len(r.clients))].drop()
	}
}

func (r *run) noteLatency(d time.Duration, spectator bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.measuring {
		return
	}
	if spectator {
		r.spectated = append(r.spectated, d)
	} else {
		r.latencies = append(r.latencies, d)
	}
}

func (r *run) notePing(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.measuring {
		r.pings = append(r.pings, d)
	}
}

// pinger has each player ping its server every two think times, spread
// over them.
func (r *run) pinger(ctx context.Context) {
	var players []*client
	for _, c := range r.clients {
		if c.seat >= 0 {
			players = append(players, c)
		}
	}
	if len(players) == 0 {
		return
	}
	every := 2 * r.cfg.MoveEvery / time.Duration(len(players))
	t := time.NewTicker(max(every, time.Millisecond))
	defer t.Stop()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if !r.playing.Load() {
			continue
		}
		go players[i%len(players)].ping()
	}
}

func (r *run) noteError(msg string) {
	key := msg
	if i := strings.IndexAny(key, ":0123456789\""); i > 0 {
		key = key[:i]
	}
	r.mu.Lock()
	r.errors[truncate(key, 60)]++
	r.mu.Unlock()
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// Write writes a report for people.
func Write(w io.Writer, r *Report) {
	fmt.Fprintf(w, "servers %d on %s; %d games, %d spectators each; measured for %v (setup %v)\n",
		r.Servers, r.DB, r.Games, r.Spectators, r.Duration, r.Setup.Round(time.Millisecond))
	fmt.Fprintf(w, "held: %d live games, %d of %d clients connected at the end (fewest seen: %d)\n", r.LiveGames, r.Clients, r.ClientsWanted, r.MinClients)
	for reason, n := range r.Ended {
		fmt.Fprintf(w, "ended by the rules: %d (%s)\n", n, reason)
	}
	fmt.Fprintf(w, "moves: %d acknowledged, %.1f a second\n", r.Moves, r.MovesPerS)
	fmt.Fprintf(w, "latency to the mover:     %v\n", r.Latency)
	fmt.Fprintf(w, "latency to a spectator:   %v\n", r.Spectating)
	fmt.Fprintf(w, "ping round trip (no game work, the machine's share): %v\n", r.Ping)
	for i, n := range r.RSS {
		fmt.Fprintf(w, "server %d: largest resident memory %.0f MB\n", i+1, float64(n)/(1<<20))
	}
	if r.Killed > 0 {
		fmt.Fprintf(w, "server 1 killed (SIGKILL) at %v; every game had a move acknowledged again within %v of it (think times included)\n", r.Killed.Round(time.Millisecond), r.Recovered.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "reconnections %d; moves sent whose answer never came %d (stored after all: %d)\n", r.Reconnects, r.Unacked, r.UnackedStored)
	keys := make([]string, 0, len(r.Errors))
	for k := range r.Errors {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "error messages %q: %d\n", k, r.Errors[k])
	}
	verdict := "OK"
	if !r.OK() {
		verdict = "FAILED"
	}
	fmt.Fprintf(w, "check: %d games, %d acknowledged moves; missing %d, different %d, extra (duplicated or unacknowledged) %d: %s\n",
		r.Checked, r.Acked, r.Missing, r.Different, r.Extra, verdict)
}
