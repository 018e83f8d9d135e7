package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the variable with the URL of the tests' PostgreSQL.
const Env = "ANYCHESS_TEST_POSTGRES"

var (
	once     sync.Once
	adminURL string
	whyNot   error
)

// URL returns the URL of a new, empty database for the test, dropped when
// the test ends. It skips the test when PostgreSQL cannot be had, or fails
// it under CI.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { adminURL, whyNot = admin() })
	if whyNot != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("PostgreSQL is needed in CI: %v", whyNot)
		}
		t.Skipf("no PostgreSQL: %v", whyNot)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(context.Background())
	sweep.Do(func() { sweepDatabases(ctx, conn) })
	var b [6]byte
	rand.Read(b[:])
	name := fmt.Sprintf("%s%d_%s", prefix, os.Getpid(), hex.EncodeToString(b[:]))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("pgtest: creating a database: %v", err)
	}
	// Dropping waits for a checkpoint, up to seconds on a busy machine:
	// it is not waited for. A database left by a test binary that ended
	// first is dropped by the next one (sweepDatabases).
	t.Cleanup(func() {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			if conn, err := pgx.Connect(ctx, adminURL); err == nil {
				conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
				conn.Close(ctx)
			}
		}()
	})
	u, err := url.Parse(adminURL)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// prefix starts the name of every test database, followed by the
// creating process's id.
const prefix = "anychess_test_"

var sweep sync.Once

// sweepDatabases drops the test databases of test processes that are no
// longer running.
func sweepDatabases(ctx context.Context, conn *pgx.Conn) {
	rows, err := conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname LIKE $1`, prefix+"%")
	if err != nil {
		return
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return
	}
	for _, name := range names {
		pid := 0
		fmt.Sscanf(strings.TrimPrefix(name, prefix), "%d_", &pid)
		if pid <= 0 || syscall.Kill(pid, 0) == nil {
			continue // running (or not ours to judge)
		}
		conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	}
}

// admin returns the URL of a database on a server where databases may be
// made.
func admin() (string, error) {
	if u := os.Getenv(Env); u != "" {
		return u, ping(u)
	}
	return private()
}

func ping(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		return fmt.Errorf("%s: %w", Env, err)
	}
	return conn.Close(ctx)
}

// binDir finds PostgreSQL's server binaries.
func binDir() (string, error) {
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		d := strings.TrimSpace(string(out))
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) < version(dirs[j]) })
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i], nil
		}
	}
	return "", fmt.Errorf("%s is not set and no PostgreSQL server binaries were found (apt-get install postgresql)", Env)
}

func version(dir string) int {
	n := 0
	fmt.Sscanf(filepath.Base(filepath.Dir(dir)), "%d", &n)
	return n
}

// private starts (or finds running) the private server.
func private() (string, error) {
	bin, err := binDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("anychess-pgtest-%d", os.Getuid()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	u := (&url.URL{Scheme: "postgres", User: url.User("postgres"), Path: "/postgres",
		RawQuery: url.Values{"host": {dir}, "sslmode": {"disable"}}.Encode()}).String()
	// One test binary at a time starts it; the others wait, then find it.
	lock, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if ping(u) == nil {
		return u, nil
	}
	root := os.Getuid() == 0
	as := func(name string, args ...string) *exec.Cmd {
		if root {
			return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
		}
		return exec.Command(name, args...)
	}
	if root {
		if err := exec.Command("chown", "postgres", dir).Run(); err != nil {
			return "", fmt.Errorf("chown postgres %s: %w", dir, err)
		}
	}
	data := filepath.Join(dir, "data")
	if _, err := os.Stat(filepath.Join(data, "PG_VERSION")); err != nil {
		if out, err := as(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync").CombinedOutput(); err != nil {
			return "", fmt.Errorf("initdb: %v: %s", err, out)
		}
	}
	out, err := as(filepath.Join(bin, "pg_ctl"), "-D", data, "-l", filepath.Join(dir, "server.log"), "-w", "-t", "60",
		"-o", "-c listen_addresses='' -k "+dir+" -c max_connections=300", "start").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("pg_ctl start: %v: %s", err, out)
	}
	if err := ping(u); err != nil {
		return "", errors.Join(errors.New("the private PostgreSQL does not answer"), err)
	}
	return u, nil
}
