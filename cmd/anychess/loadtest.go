package main

// The loadtest command: many games at once over real websockets against servers started on the loopback, measured, then checked against the database.

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"anychess/loadtest"
	"anychess/store"
)

func cmdLoadtest(args []string, stdout io.Writer) error {
	fs := newFlagSet("loadtest", stdout)
	servers := fs.Int("servers", 1, "server processes to start on the database (several need PostgreSQL)")
	db := fs.String("db", "", "the database: a PostgreSQL URL, or a SQLite file (default: a new file in a temporary directory)")
	games := fs.Int("games", 100, "games played at once")
	spectators := fs.Int("spectators", 3, "spectators per game")
	duration := fs.Duration("duration", 30*time.Second, "length of the measured phase")
	moveEvery := fs.Duration("move-every", 5*time.Second, "a player's mean think time")
	killAt := fs.Duration("kill-at", 0, "kill the first server with SIGKILL this long into the measured phase (0: never)")
	restart := fs.Bool("restart", false, "start the killed server again at once, on the same address")
	churn := fs.Float64("churn", 0, "fraction of the connections closed each second (they reconnect)")
	lease := fs.Duration("lease", 0, "the servers' --lease (PostgreSQL; 0: their default)")
	clock := fs.String("clock", "30m+5s", "the games' time control")
	serverLog := fs.String("server-log", "", "write the servers' log to this file")
	binary := fs.String("server-binary", "", "run this anychess binary as the servers (default: this one)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("loadtest: unexpected argument %q", fs.Arg(0))
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	if *binary != "" {
		exe = *binary
	}
	if *db == "" {
		dir, err := os.MkdirTemp("", "anychess-loadtest-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		*db = filepath.Join(dir, "games.db")
	} else if !store.IsPostgres(*db) {
		if err := checkDB(*db); err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
	}
	cfg := loadtest.Config{Servers: *servers, DB: *db, Games: *games, Spectators: *spectators, Duration: *duration,
		MoveEvery: *moveEvery, KillAt: *killAt, Restart: *restart, Churn: *churn, Lease: *lease, Clock: *clock,
		Progress: stdout, Command: func(args ...string) *exec.Cmd { return exec.Command(exe, args...) }}
	if *serverLog != "" {
		f, err := os.Create(*serverLog)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.ServerLog = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := loadtest.Run(ctx, cfg)
	if err != nil {
		return err
	}
	loadtest.Write(stdout, rep)
	if !rep.OK() {
		return fmt.Errorf("loadtest: acknowledged moves were lost or duplicated")
	}
	return nil
}
