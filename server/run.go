package server

// Run: the server as a command runs it, on an address and a database file, until its context ends.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"time"

	"anychess/store"
)

// Options are the command's settings.
type Options struct {
	// Addr is the address to listen on (host:port; port 0 picks one).
	Addr string
	// DB is the database: a SQLite file, created on first start, or a
	// PostgreSQL URL (postgres://…), which several processes may share.
	DB string
	// MoveTime is a full-strength computer move's time (Config.MoveTime).
	MoveTime time.Duration
	// Workers, SearchThreads and Lease are Config's.
	Workers       int
	SearchThreads int
	Lease         time.Duration
	// TrustedProxies is Config's.
	TrustedProxies []netip.Prefix
	// Logger receives the log; nil logs to slog.Default().
	Logger *slog.Logger
}

// Run opens the database, starts the server and serves on opts.Addr until
// ctx ends; then it stops accepting, closes the games and the database.
// The first line written to out is "anychess: serving http://ADDR/",
// with the address actually listened on.
func Run(ctx context.Context, opts Options, out io.Writer) error {
	st, err := store.Open(ctx, opts.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := New(Config{Store: st, MoveTime: opts.MoveTime, Workers: opts.Workers, SearchThreads: opts.SearchThreads, Lease: opts.Lease, TrustedProxies: opts.TrustedProxies, Logger: opts.Logger})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	fmt.Fprintf(out, "anychess: serving http://%s/ (database %s)\n", ln.Addr(), dbName(opts.DB))
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// dbName is how the log names a database: a PostgreSQL URL without its
// password.
func dbName(db string) string {
	if !store.IsPostgres(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "PostgreSQL"
	}
	return u.Redacted()
}
