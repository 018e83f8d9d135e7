package loadtest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"anychess/internal/pgtest"
	srv "anychess/server"
)

// serveEnv makes the test binary run "anychess serve" with the arguments
// that follow it on the command line, instead of the tests.
const serveEnv = "ANYCHESS_LOADTEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		os.Exit(serve(os.Args[len(os.Args)-1]))
	}
	os.Exit(m.Run())
}

// serve runs the server with args joined by newlines (serve --addr …).
func serve(joined string) int {
	args := strings.Split(joined, "\n")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "", "")
	db := fs.String("db", "", "")
	moveTime := fs.Duration("movetime", 50*time.Millisecond, "")
	lease := fs.Duration("lease", 0, "")
	if len(args) == 0 || args[0] != "serve" || fs.Parse(args[1:]) != nil {
		fmt.Fprintln(os.Stderr, "serve: bad arguments", args)
		return 2
	}
	err := srv.Run(context.Background(), srv.Options{Addr: *addr, DB: *db, MoveTime: *moveTime, Lease: *lease}, os.Stdout)
	fmt.Fprintln(os.Stderr, "serve:", err)
	return 1
}

// command runs this test binary as the server.
func command(t *testing.T) func(args ...string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return func(args ...string) *exec.Cmd {
		cmd := exec.Command(exe, "-test.run=^$", strings.Join(args, "\n"))
		cmd.Env = append(os.Environ(), serveEnv+"=1")
		return cmd
	}
}

func check(t *testing.T, rep *Report, err error, out *bytes.Buffer) {
	t.Helper()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var w bytes.Buffer
	Write(&w, rep)
	t.Logf("\n%s", w.String())
	if !rep.OK() || rep.Checked != rep.Games || rep.Acked < rep.Moves || rep.Moves == 0 || rep.Latency.N == 0 || rep.Spectating.N == 0 {
		t.Errorf("report: %+v", rep)
	}
}

// TestOneServer: a small load on one server on SQLite, with churn.
func TestOneServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	var out bytes.Buffer
	rep, err := Run(context.Background(), Config{Servers: 1, DB: filepath.Join(t.TempDir(), "games.db"), Command: command(t),
		Games: 30, Spectators: 2, Duration: 4 * time.Second, MoveEvery: 150 * time.Millisecond, Churn: 0.05, Clock: "10m+5s",
		Progress: &out, ServerLog: io.Discard})
	check(t, rep, err, &out)
	if rep.Reconnects == 0 {
		t.Error("no connection was made again")
	}
}

// TestTwoServersKill: a small load on two servers on PostgreSQL; the first
// is killed with SIGKILL mid-load and the second takes its games over.
func TestTwoServersKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	url := pgtest.URL(t)
	var out bytes.Buffer
	rep, err := Run(context.Background(), Config{Servers: 2, DB: url, Command: command(t), Lease: time.Second,
		Games: 30, Spectators: 2, Duration: 7 * time.Second, MoveEvery: 150 * time.Millisecond, KillAt: 2 * time.Second,
		Progress: &out, ServerLog: io.Discard})
	check(t, rep, err, &out)
	if rep.Reconnects == 0 || rep.Killed == 0 {
		t.Errorf("after the kill: %d reconnections", rep.Reconnects)
	}
	// A game may end by the rules (random moves mate now and then), never
	// by the kill: no clock ran out and none was abandoned.
	ended := 0
	for reason, n := range rep.Ended {
		ended += n
		if strings.Contains(reason, "time") || strings.Contains(reason, "abandon") {
			t.Errorf("%d games ended by %q", n, reason)
		}
	}
	if rep.LiveGames+ended != rep.Games {
		t.Errorf("%d live and %d ended games of %d", rep.LiveGames, ended, rep.Games)
	}
}

func TestConfigRefused(t *testing.T) {
	ok := Config{Servers: 1, DB: "x.db", Games: 1, Duration: time.Second, MoveEvery: time.Second, Command: func(...string) *exec.Cmd { return nil }}
	if err := ok.check(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Servers = 0 }, "servers"},
		{func(c *Config) { c.Servers = 2 }, "PostgreSQL"},
		{func(c *Config) { c.DB = "" }, "no database"},
		{func(c *Config) { c.Games = MaxGames + 1 }, "games"},
		{func(c *Config) { c.Spectators = -1 }, "spectators"},
		{func(c *Config) { c.Games, c.Spectators = MaxGames, MaxSpectators }, "clients"},
		{func(c *Config) { c.Duration = 2 * time.Hour }, "duration"},
		{func(c *Config) { c.MoveEvery = time.Millisecond }, "think time"},
		{func(c *Config) { c.KillAt = 2 * time.Second }, "kill"},
		{func(c *Config) { c.Churn = 0.9 }, "churn"},
		{func(c *Config) { c.Command = nil }, "command"},
	}
	for _, tc := range tests {
		c := ok
		tc.change(&c)
		if err := c.check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", c, err, tc.want)
		}
	}
	if _, err := Run(context.Background(), Config{}); err == nil {
		t.Error("an empty config ran")
	}
}
