package main

// The serve command: anychess in the browser.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"anychess/search"
	"anychess/server"
	"anychess/store"
)

func cmdServe(args []string, stdout io.Writer) error {
	fs := newFlagSet("serve", stdout)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on, HOST:PORT (port 0 picks a free one)")
	db := fs.String("db", "anychess.db", "the games' database: a SQLite file, created on first start, or a PostgreSQL URL postgres://USER@HOST:PORT/DB?sslmode=disable, which several servers may share")
	moveTime := fs.Duration("movetime", server.DefaultMoveTime, "a full-strength computer move's time (level 8; lower levels take less)")
	workers := fs.Int("workers", 0, "computer searches at once (0: one less than the CPUs, at least 1; -1 with PostgreSQL: none, other servers search)")
	threads := fs.Int("search-threads", 1, "goroutines of each computer search (lazy SMP); --workers 0 then runs (CPUs-1)/N searches at once")
	lease := fs.Duration("lease", server.DefaultLease, "with PostgreSQL: how long after this server's last heartbeat others take its games over")
	proxies := fs.String("trusted-proxy", "", "comma-separated addresses or CIDR networks of reverse proxies whose X-Forwarded-For names the client for the per-address limits (default: none, the header is ignored)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	if err := checkAddr(*addr); err != nil {
		return err
	}
	if err := checkDB(*db); err != nil {
		return err
	}
	if *moveTime < 10*time.Millisecond || *moveTime > time.Minute {
		return fmt.Errorf("serve: --movetime %v: want 10ms to 1m", *moveTime)
	}
	if *workers < -1 || *workers > 256 || *workers == -1 && !store.IsPostgres(*db) {
		return fmt.Errorf("serve: --workers %d: want 0 to 256 (or -1 with a PostgreSQL database)", *workers)
	}
	if *threads < 1 || *threads > search.MaxThreads {
		return fmt.Errorf("serve: --search-threads %d: want 1 to %d", *threads, search.MaxThreads)
	}
	if *lease < 500*time.Millisecond || *lease > 10*time.Minute {
		return fmt.Errorf("serve: --lease %v: want 500ms to 10m", *lease)
	}
	trusted, err := parseProxies(*proxies)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return server.Run(ctx, server.Options{Addr: *addr, DB: *db, MoveTime: *moveTime, Workers: *workers, SearchThreads: *threads, Lease: *lease, TrustedProxies: trusted}, stdout)
}

// parseProxies reads --trusted-proxy: addresses and CIDR networks, comma
// separated.
func parseProxies(text string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(text, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if len(out) == 64 {
			return nil, fmt.Errorf("serve: --trusted-proxy: at most 64 entries")
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		ip, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("serve: --trusted-proxy %q: want an address or a CIDR network such as 10.0.0.0/8", truncateFlag(f))
		}
		ip = ip.Unmap()
		out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
	}
	return out, nil
}

// truncateFlag shortens a flag value quoted in an error.
func truncateFlag(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// checkAddr checks a HOST:PORT address.
func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("serve: --addr %q: want HOST:PORT, e.g. 127.0.0.1:8080", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("serve: --addr %q: the port must be a number from 0 to 65535", addr)
	}
	return nil
}

// checkDB checks the database path: a file (existing or not) in an
// existing directory.
func checkDB(path string) error {
	if strings.TrimSpace(path) == "" {
		return errors.New("serve: --db: want a database file")
	}
	if store.IsPostgres(path) {
		if _, err := url.Parse(path); err != nil {
			return errors.New("serve: --db: the PostgreSQL URL does not parse (want postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable])")
		}
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("serve: --db %s is a directory, not a file", path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("serve: --db %s: the directory %s does not exist", path, dir)
	}
	return nil
}
