package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Errors of the store; the errors returned wrap them.
var (
	// ErrNotFound: no game has the id.
	ErrNotFound = errors.New("no such game")
	// ErrConflict: the change does not fit what is stored (a move for a
	// ply that is not the next, a finished game, an id taken).
	ErrConflict = errors.New("conflict with the stored game")
	// ErrNotOwner: another process owns the game now (it wraps
	// ErrConflict too).
	ErrNotOwner = fmt.Errorf("%w: the game is owned by another process", ErrConflict)
)

// Store is an open database of games. Its methods are safe for concurrent
// use.
type Store struct {
	db *sql.DB
	// rdb is PostgreSQL's relaxed connections (asynchronous commits).
	rdb *sql.DB
	pg  bool
	// batch makes SQLite's changes, committing those that come together
	// at once (nil on PostgreSQL, which does so itself).
	batch *batcher
	// ckpt is SQLite's checkpointing connection; stop ends it.
	ckpt *sql.DB
	stop chan struct{}
	wg   sync.WaitGroup
	once sync.Once
	// dsn is the PostgreSQL URL, for the listening connections.
	dsn string
}

// IsPostgres reports whether target names a PostgreSQL database (a
// postgres:// or postgresql:// URL) rather than a SQLite file.
func IsPostgres(target string) bool {
	return strings.HasPrefix(target, "postgres://") || strings.HasPrefix(target, "postgresql://")
}

// Open opens the database target names and brings its schema up to date:
// a PostgreSQL URL (postgres://USER@HOST:PORT/DB?sslmode=disable), or a
// SQLite file, created when missing.
func Open(ctx context.Context, target string) (*Store, error) {
	if IsPostgres(target) {
		return openPostgres(ctx, target)
	}
	return openSQLite(ctx, target)
}

func openSQLite(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: no database file")
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	// Commits do not checkpoint the log (copying it into the database and
	// waiting for the disk while every writer waits): a connection of its
	// own does, in the background.
	q.Add("_pragma", "wal_autocheckpoint(0)")
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	// One connection: SQLite has one writer at a time anyway, and the
	// queue of database/sql is fairer and cheaper than busy waiting.
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	if err := migrate(ctx, db, goose.DialectSQLite3); err != nil {
		db.Close()
		return nil, err
	}
	ckpt, err := sql.Open("sqlite", dsn)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	ckpt.SetMaxOpenConns(1)
	s := &Store{db: db, batch: newBatcher(db), ckpt: ckpt, stop: make(chan struct{})}
	s.wg.Add(1)
	go s.checkpoints()
	return s, nil
}

// MaxPostgresConns is the most connections a Store opens to PostgreSQL for
// what must be durable; it opens half as many more for the rest (besides
// the one Listen holds).
const MaxPostgresConns = 16

func openPostgres(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		// pgx's message may quote the URL with its password: say less.
		return nil, errors.New("store: the PostgreSQL URL does not parse (want postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable])")
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = 10 * time.Second
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(MaxPostgresConns)
	db.SetMaxIdleConns(MaxPostgresConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: PostgreSQL at %s:%d: %w", cfg.Host, cfg.Port, err)
	}
	if err := migrate(ctx, db, goose.DialectPostgres); err != nil {
		db.Close()
		return nil, err
	}
	// The relaxed connections commit without waiting for the disk: for
	// what is acknowledged to nobody (a snapshot, which the moves can
	// rebuild; a message in flight, which its sender sends again). A crash
	// of PostgreSQL may lose the last of them; it cannot corrupt anything.
	rcfg := cfg.Copy()
	rcfg.RuntimeParams["synchronous_commit"] = "off"
	rdb := stdlib.OpenDB(*rcfg)
	rdb.SetMaxOpenConns(MaxPostgresConns / 2)
	rdb.SetMaxIdleConns(MaxPostgresConns / 2)
	rdb.SetConnMaxIdleTime(5 * time.Minute)
	return &Store{db: db, rdb: rdb, pg: true, dsn: dsn}, nil
}

// migrate runs the embedded migrations; on PostgreSQL under an advisory
// lock, so that servers starting together migrate once.
func migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	var opts []goose.ProviderOption
	if dialect == goose.DialectPostgres {
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return fmt.Errorf("store: migrations: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db, sub, opts...)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error {
	if s.batch != nil {
		s.once.Do(func() {
			s.batch.close()
			close(s.stop)
			s.wg.Wait()
			s.ckpt.Close()
		})
	}
	if s.rdb != nil {
		s.rdb.Close()
	}
	return s.db.Close()
}

// checkpointEvery is how often SQLite's log is copied into the database.
const checkpointEvery = time.Second

// checkpoints copies SQLite's log into the database now and then, without
// blocking the writer (PASSIVE); the log starts over once it is all
// copied.
func (s *Store) checkpoints() {
	defer s.wg.Done()
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		s.ckpt.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
		cancel()
	}
}

// Shared reports whether several processes may share the database
// (PostgreSQL: leases, snapshots, the inbox, the job queue and
// notifications work across processes). SQLite is one process's.
func (s *Store) Shared() bool { return s.pg }

// isUnique reports whether err is a unique or primary key violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY || se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
	}
	return false
}

// tx runs fn in a transaction, committed when fn returns nil (on SQLite
// with the changes that came at the same time, each all or nothing).
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	if s.batch != nil {
		return s.batch.do(ctx, fn)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Game is a game's row with its seats.
type Game struct {
	ID      string
	Variant string
	// Options are the variant's options as game.OptionsText writes them
	// ("players=4 teams"); Start the start position's text, "" for the
	// variant's; Clock the time control ("5m+2s"), "" for none.
	Options, Start, Clock string
	Takebacks             bool
	Created               time.Time
	// Result and Termination are the record's tags of a finished game ("1-0",
	// "win 1,3", "draw"; the reason), "" while it goes on; Finished is when
	// it ended (zero while it goes on).
	Result, Termination string
	Finished            time.Time
	// TurnStarted is when the current turn began, by the wall clock, less
	// any time the game had no server during it.
	TurnStarted time.Time
	// Owner is the process that runs the game.
	Owner string
	// RematchOf is the game this one is the rematch of, "" for none.
	RematchOf string
	Seats     []Seat
}

// Seat is one seat of a game.
type Seat struct {
	// Seat is the 0-based seat number.
	Seat  int
	Name  string
	Plays string
	// TokenHash is the hex SHA-256 of the seat's token, "" for a seat
	// without one (a computer's).
	TokenHash string
}

// Move is one stored move.
type Move struct {
	// Ply is the number of moves before it (the first move is ply 0).
	Ply          int
	Text         string
	Spent, Clock time.Duration
}

// Over reports whether the game has a result.
func (g *Game) Over() bool { return g.Result != "" }

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CreateGame stores a new game with its seats and the moves it starts
// with (an imported game's), in one transaction; g.Owner owns it. An id
// already taken, or a rematch of a game that already has one, is
// ErrConflict.
func (s *Store) CreateGame(ctx context.Context, g *Game, moves []Move) error {
	err := s.tx(ctx, func(tx *sql.Tx) error { return insertGame(ctx, tx, g, moves) })
	if err != nil && !errors.Is(err, ErrConflict) && isUnique(err) {
		// Another process made the same id or rematch at the same time.
		return fmt.Errorf("%w: %v", ErrConflict, err)
	}
	return err
}

// insertGame is CreateGame's change, in a transaction of the caller's.
func insertGame(ctx context.Context, tx *sql.Tx, g *Game, moves []Move) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE id = $1`, g.ID).Scan(&n); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n > 0 {
		return fmt.Errorf("%w: game %s exists", ErrConflict, g.ID)
	}
	var rematch any
	if g.RematchOf != "" {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE rematch_of = $1`, g.RematchOf).Scan(&n); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n > 0 {
			return fmt.Errorf("%w: game %s has a rematch", ErrConflict, g.RematchOf)
		}
		rematch = g.RematchOf
	}
	var finished any
	if !g.Finished.IsZero() {
		finished = ms(g.Finished)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, variant, options, start_text, clock, takebacks, created,
	result, termination, finished, turn_started, owner, rematch_of)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		g.ID, g.Variant, g.Options, g.Start, g.Clock, b2i(g.Takebacks), ms(g.Created),
		g.Result, g.Termination, finished, ms(g.TurnStarted), g.Owner, rematch); err != nil {
		return fmt.Errorf("store: game %s: %w", g.ID, err)
	}
	for _, st := range g.Seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game, seat, name, plays, token_hash) VALUES ($1, $2, $3, $4, $5)`,
			g.ID, st.Seat, st.Name, st.Plays, st.TokenHash); err != nil {
			return fmt.Errorf("store: game %s seat %d: %w", g.ID, st.Seat+1, err)
		}
	}
	for i, m := range moves {
		if m.Ply != i {
			return fmt.Errorf("%w: move %d has ply %d", ErrConflict, i, m.Ply)
		}
		if err := insertMove(ctx, tx, g.ID, m); err != nil {
			return err
		}
	}
	return nil
}

func insertMove(ctx context.Context, tx *sql.Tx, id string, m Move) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game, ply, text, spent_ms, clock_ms) VALUES ($1, $2, $3, $4, $5)`,
		id, m.Ply, m.Text, m.Spent.Milliseconds(), m.Clock.Milliseconds()); err != nil {
		if isUnique(err) {
			return fmt.Errorf("%w: game %s has a move %d", ErrConflict, id, m.Ply)
		}
		return fmt.Errorf("store: game %s move %d: %w", id, m.Ply, err)
	}
	return nil
}

// Ending is a game's result, stored with the change that brought it.
type Ending struct {
	Result, Termination string
	At                  time.Time
}

// fence locks game id's row for the transaction (an UPDATE, the portable
// row lock: PostgreSQL's row lock, SQLite's database lock) and checks that
// owner owns it, that it goes on, and, when ply ≥ 0, that it holds exactly
// ply moves. Every change of a game passes through it, so a process that
// lost a game can change nothing, and two changes of one game never
// interleave.
func fence(ctx context.Context, tx *sql.Tx, id, owner string, ply int) error {
	res, err := tx.ExecContext(ctx, `UPDATE games SET owner = $2 WHERE id = $1 AND owner = $2 AND result = ''`, id, owner)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: %w", err)
	} else if n != 1 {
		var result, was string
		err := tx.QueryRowContext(ctx, `SELECT result, owner FROM games WHERE id = $1`, id).Scan(&result, &was)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("%w: %s", ErrNotFound, id)
		case err != nil:
			return fmt.Errorf("store: %w", err)
		case result != "":
			return fmt.Errorf("%w: game %s is over (%s)", ErrConflict, id, result)
		default:
			return fmt.Errorf("%w: game %s", ErrNotOwner, id)
		}
	}
	if ply < 0 {
		return nil
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM moves WHERE game = $1`, id).Scan(&n); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n != ply {
		return fmt.Errorf("%w: game %s has %d moves stored, not %d", ErrConflict, id, n, ply)
	}
	return nil
}

// AddMove stores move m of game id, which owner must own and which must go
// on and hold exactly m.Ply moves, with when the next turn started and,
// when the move ended the game, its result: all or nothing, committed when
// AddMove returns nil.
func (s *Store) AddMove(ctx context.Context, id, owner string, m Move, turnStarted time.Time, end *Ending) error {
	if s.pg {
		return s.addMovePG(ctx, id, owner, m, turnStarted, end)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := fence(ctx, tx, id, owner, m.Ply); err != nil {
			return err
		}
		if err := insertMove(ctx, tx, id, m); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET turn_started = $1 WHERE id = $2`, ms(turnStarted), id); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if end != nil {
			return finish(ctx, tx, id, end)
		}
		return nil
	})
}

func finish(ctx context.Context, tx *sql.Tx, id string, end *Ending) error {
	if end.Result == "" {
		return fmt.Errorf("store: game %s: an ending without a result", id)
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET result = $1, termination = $2, finished = $3 WHERE id = $4 AND result = ''`,
		end.Result, end.Termination, ms(end.At), id)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("%w: game %s is over or missing", ErrConflict, id)
	}
	// Nobody searches a finished game's move.
	if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE game = $1`, id); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Finish stores the result of game id, which owner must own and which must
// go on and hold exactly ply moves (resignation, agreement, time).
func (s *Store) Finish(ctx context.Context, id, owner string, ply int, end Ending) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := fence(ctx, tx, id, owner, ply); err != nil {
			return err
		}
		return finish(ctx, tx, id, &end)
	})
}

// Takeback deletes the moves of game id from ply from on (the game holds
// ply moves before, and owner owns it), and stores when the turn started
// again.
func (s *Store) Takeback(ctx context.Context, id, owner string, ply, from int, turnStarted time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := fence(ctx, tx, id, owner, ply); err != nil {
			return err
		}
		if from < 0 || from > ply {
			return fmt.Errorf("%w: take back from ply %d of %d", ErrConflict, from, ply)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game = $1 AND ply >= $2`, id, from); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET turn_started = $1 WHERE id = $2`, ms(turnStarted), id); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	})
}

// SetPlays changes who plays seat of game id (a resigned seat handed to
// the computer); owner must own the game, which must go on.
func (s *Store) SetPlays(ctx context.Context, id, owner string, seat int, plays string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := fence(ctx, tx, id, owner, -1); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE seats SET plays = $1 WHERE game = $2 AND seat = $3`, plays, id, seat)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("%w: game %s seat %d", ErrNotFound, id, seat+1)
		}
		return nil
	})
}

// Resume records that process owner now runs game id, whose current turn
// started (less the downtime) at turnStarted, whoever ran it before: for a
// database only one process uses (SQLite). Where several may, Claim takes
// a game only from an owner whose lease ran out.
func (s *Store) Resume(ctx context.Context, id, owner string, turnStarted time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE games SET owner = $1, turn_started = $2 WHERE id = $3`, owner, ms(turnStarted), id)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return nil
}

// Load returns game id and its moves in order.
func (s *Store) Load(ctx context.Context, id string) (*Game, []Move, error) {
	g := &Game{ID: id}
	var takebacks int
	var created, turnStarted int64
	var finished sql.NullInt64
	var rematch sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT variant, options, start_text, clock, takebacks, created, result, termination,
		finished, turn_started, owner, rematch_of FROM games WHERE id = $1`, id).Scan(
		&g.Variant, &g.Options, &g.Start, &g.Clock, &takebacks, &created, &g.Result, &g.Termination,
		&finished, &turnStarted, &g.Owner, &rematch)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	g.Takebacks, g.Created, g.TurnStarted, g.RematchOf = takebacks != 0, fromMS(created), fromMS(turnStarted), rematch.String
	if finished.Valid {
		g.Finished = fromMS(finished.Int64)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seat, name, plays, token_hash FROM seats WHERE game = $1 ORDER BY seat`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	for rows.Next() {
		var st Seat
		if err := rows.Scan(&st.Seat, &st.Name, &st.Plays, &st.TokenHash); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("store: %w", err)
		}
		g.Seats = append(g.Seats, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT ply, text, spent_ms, clock_ms FROM moves WHERE game = $1 ORDER BY ply`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var moves []Move
	for rows.Next() {
		var m Move
		var spent, clock int64
		if err := rows.Scan(&m.Ply, &m.Text, &spent, &clock); err != nil {
			return nil, nil, fmt.Errorf("store: %w", err)
		}
		m.Spent, m.Clock = time.Duration(spent)*time.Millisecond, time.Duration(clock)*time.Millisecond
		if m.Ply != len(moves) {
			return nil, nil, fmt.Errorf("store: game %s: move %d stored as ply %d", id, len(moves), m.Ply)
		}
		moves = append(moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	return g, moves, nil
}

// Unfinished returns the ids of the games without a result, oldest first.
func (s *Store) Unfinished(ctx context.Context) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM games WHERE result = '' ORDER BY created, id`)
}

// ids runs a query of ids.
func (s *Store) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return ids, nil
}

// Rematch returns the id of the rematch of game id, "" when it has none.
func (s *Store) Rematch(ctx context.Context, id string) (string, error) {
	var r string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM games WHERE rematch_of = $1`, id).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	return r, nil
}
