// Package store keeps the server's games in a database: each game's settings and seats, every move with its time, the result, and the heartbeats that let clocks survive a restart.
//
// The store is SQLite through modernc.org/sqlite (no cgo), in WAL mode with
// full synchronous commits, so that a move acknowledged after AddMove
// returns survives a crash of the process. The schema is created and
// upgraded by embedded goose migrations written in portable SQL with $N
// placeholders, so the same migrations can run on PostgreSQL. Every
// statement is parameterised.
//
// A move is stored in a transaction that checks the game goes on and holds
// exactly the moves before it; its primary key (game, ply) keeps a move
// from ever being stored twice.
//
// Clocks across restarts: a game row keeps when its current turn started
// (turn_started) and the process that runs it (owner); each process writes
// a heartbeat (Beat) every fraction of a second. A process that loads an
// unfinished game after a crash charges the turn the time from
// turn_started to its owner's last heartbeat, and nobody the time the
// server was down.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
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
)

// Store is an open database of games. Its methods are safe for concurrent
// use.
type Store struct {
	db *sql.DB
}

// Open opens (creating it when missing) the SQLite database file at path
// and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
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
	db, err := sql.Open("sqlite", dsn)
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
	return &Store{db: db}, nil
}

// migrate runs the embedded migrations.
func migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(dialect, db, sub)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

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
	// any time the server was down during it.
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
// with (an imported game's), in one transaction. An id already taken, or
// a rematch of a game that already has one, is ErrConflict.
func (s *Store) CreateGame(ctx context.Context, g *Game, moves []Move) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
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
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

func insertMove(ctx context.Context, tx *sql.Tx, id string, m Move) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game, ply, text, spent_ms, clock_ms) VALUES ($1, $2, $3, $4, $5)`,
		id, m.Ply, m.Text, m.Spent.Milliseconds(), m.Clock.Milliseconds()); err != nil {
		return fmt.Errorf("store: game %s move %d: %w", id, m.Ply, err)
	}
	return nil
}

// Ending is a game's result, stored with the change that brought it.
type Ending struct {
	Result, Termination string
	At                  time.Time
}

// checkOngoing checks in tx that game id exists, goes on and holds exactly
// ply moves.
func checkOngoing(ctx context.Context, tx *sql.Tx, id string, ply int) error {
	var result string
	err := tx.QueryRowContext(ctx, `SELECT result FROM games WHERE id = $1`, id).Scan(&result)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if result != "" {
		return fmt.Errorf("%w: game %s is over (%s)", ErrConflict, id, result)
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

// AddMove stores move m of game id, which must go on and hold exactly
// m.Ply moves, with when the next turn started and, when the move ended
// the game, its result: all or nothing, committed when AddMove returns nil.
func (s *Store) AddMove(ctx context.Context, id string, m Move, turnStarted time.Time, end *Ending) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
	if err := checkOngoing(ctx, tx, id, m.Ply); err != nil {
		return err
	}
	if err := insertMove(ctx, tx, id, m); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET turn_started = $1 WHERE id = $2`, ms(turnStarted), id); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if end != nil {
		if err := finish(ctx, tx, id, end); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
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
	return nil
}

// Finish stores the result of game id, which must go on and hold exactly
// ply moves (resignation, agreement, time).
func (s *Store) Finish(ctx context.Context, id string, ply int, end Ending) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
	if err := checkOngoing(ctx, tx, id, ply); err != nil {
		return err
	}
	if err := finish(ctx, tx, id, &end); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Takeback deletes the moves of game id from ply from on (the game holds
// ply moves before), and stores when the turn started again.
func (s *Store) Takeback(ctx context.Context, id string, ply, from int, turnStarted time.Time) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
	if err := checkOngoing(ctx, tx, id, ply); err != nil {
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
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// SetPlays changes who plays seat of game id (a resigned seat handed to
// the computer).
func (s *Store) SetPlays(ctx context.Context, id string, seat int, plays string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE seats SET plays = $1 WHERE game = $2 AND seat = $3`, plays, id, seat)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("%w: game %s seat %d", ErrNotFound, id, seat+1)
	}
	return nil
}

// Resume records that process owner now runs game id, whose current turn
// started (less the downtime) at turnStarted.
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
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE result = '' ORDER BY created, id`)
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
	return ids, rows.Err()
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

// Beat writes process proc's heartbeat: it is alive at at.
func (s *Store) Beat(ctx context.Context, proc string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE processes SET beat = $1 WHERE id = $2`, ms(at), proc)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 1 {
		return nil
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO processes (id, started, beat) VALUES ($1, $2, $3)`, proc, ms(at), ms(at)); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// LastBeat returns process proc's last heartbeat; ok is false when it has
// none.
func (s *Store) LastBeat(ctx context.Context, proc string) (at time.Time, ok bool, err error) {
	var v int64
	err = s.db.QueryRowContext(ctx, `SELECT beat FROM processes WHERE id = $1`, proc).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: %w", err)
	}
	return fromMS(v), true, nil
}

// Forget removes the heartbeats of processes other than keep that no game
// names as its owner.
func (s *Store) Forget(ctx context.Context, keep string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM processes WHERE id <> $1 AND id NOT IN (SELECT owner FROM games WHERE result = '')`, keep)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}
