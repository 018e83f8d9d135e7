package store

// The lobby: seeks and who sits in them, changed only on the version read (so that two processes never both change one seek), the game made in the same transaction as the last seat taken; spectators counted per process; live games to watch; notices of a game's table.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// States of a seek.
const (
	SeekOpen      = "open"
	SeekStarted   = "started"
	SeekCancelled = "cancelled"
	SeekExpired   = "expired"
)

// SeatOpen is the Plays of a seek's seat meant for a person.
const SeatOpen = "open"

// ErrNoSeek: no seek has the id.
var ErrNoSeek = errors.New("no such seek")

// ErrLobbyFull: the lobby holds as many open seeks as it may.
var ErrLobbyFull = errors.New("the lobby is full")

// Seek is a table waiting for people.
type Seek struct {
	ID string
	// Version grows by one with each change (a seat taken or freed, the
	// seek started or ended).
	Version int64
	// Variant, Options, Start, Clock and Takebacks are the game's, as Game
	// keeps them.
	Variant, Options, Start, Clock string
	Takebacks                      bool
	// Unlisted: a challenge, shown only to whoever has its id.
	Unlisted bool
	// Creator is the seat (0-based) of the person who made the seek.
	Creator int
	Created time.Time
	// State is SeekOpen, SeekStarted, SeekCancelled or SeekExpired; Game
	// the game made when it started; Ended when it left SeekOpen.
	State string
	Game  string
	Ended time.Time
	Seats []SeekSeat
}

// SeekSeat is one seat of a seek.
type SeekSeat struct {
	// Seat is the 0-based seat number, the game's seat.
	Seat int
	// Plays is SeatOpen (for a person) or who plays it (computer:N,
	// random).
	Plays string
	// Name is the name of the person in it.
	Name string
	// Holder is the hex SHA-256 of the token of the person in it, "" when
	// free; the token becomes the person's seat token in the game.
	Holder string
	// Proc is the process whose lobby connection holds the seat, while
	// Attached; it renews Seen.
	Proc     string
	Attached bool
	Seen     time.Time
}

// Open reports whether a seat waits for a person.
func (st *SeekSeat) Open() bool { return st.Plays == SeatOpen && st.Holder == "" }

// CreateSeek stores a new open seek with its seats, unless the lobby
// already holds maxOpen open seeks (ErrLobbyFull); an id taken is
// ErrConflict. The lobby's listeners hear of it (EventSeek).
func (s *Store) CreateSeek(ctx context.Context, k *Seek, maxOpen int) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM seeks WHERE state = 'open'`).Scan(&n); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n >= maxOpen {
			return fmt.Errorf("%w: %d open seeks", ErrLobbyFull, n)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seeks (id, version, variant, options, start_text, clock, takebacks, unlisted,
			creator, created, state, game, ended) VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', '', 0)`,
			k.ID, k.Variant, k.Options, k.Start, k.Clock, b2i(k.Takebacks), b2i(k.Unlisted), k.Creator, ms(k.Created)); err != nil {
			if isUnique(err) {
				return fmt.Errorf("%w: seek %s exists", ErrConflict, k.ID)
			}
			return fmt.Errorf("store: %w", err)
		}
		for _, st := range k.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seek_seats (seek, seat, plays, name, holder, proc, attached, seen)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				k.ID, st.Seat, st.Plays, st.Name, st.Holder, st.Proc, b2i(st.Attached), ms(st.Seen)); err != nil {
				return fmt.Errorf("store: %w", err)
			}
		}
		return s.notify(ctx, tx, Event{Kind: EventSeek, Game: k.ID})
	})
	if err == nil {
		k.Version, k.State = 1, SeekOpen
	}
	return err
}

// The columns of a seek, in scanSeek's order.
const seekColumns = `k.id, k.version, k.variant, k.options, k.start_text, k.clock, k.takebacks, k.unlisted, k.creator, k.created, k.state, k.game, k.ended`

// scanSeek reads a seek's columns (seekColumns) into k.
func scanSeek(sc interface{ Scan(...any) error }, k *Seek, extra ...any) error {
	var takebacks, unlisted int
	var created, ended int64
	dest := append([]any{&k.ID, &k.Version, &k.Variant, &k.Options, &k.Start, &k.Clock, &takebacks, &unlisted, &k.Creator, &created, &k.State, &k.Game, &ended}, extra...)
	if err := sc.Scan(dest...); err != nil {
		return err
	}
	k.Takebacks, k.Unlisted, k.Created = takebacks != 0, unlisted != 0, fromMS(created)
	if ended != 0 {
		k.Ended = fromMS(ended)
	}
	return nil
}

// LoadSeek returns seek id with its seats; ErrNoSeek when there is none.
func (s *Store) LoadSeek(ctx context.Context, id string) (*Seek, error) {
	k := &Seek{}
	err := scanSeek(s.db.QueryRowContext(ctx, `SELECT `+seekColumns+` FROM seeks k WHERE k.id = $1`, id), k)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrNoSeek, id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seat, plays, name, holder, proc, attached, seen FROM seek_seats WHERE seek = $1 ORDER BY seat`, id)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		st, err := scanSeekSeat(rows)
		if err != nil {
			return nil, err
		}
		k.Seats = append(k.Seats, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return k, nil
}

func scanSeekSeat(rows *sql.Rows, extra ...any) (SeekSeat, error) {
	var st SeekSeat
	var attached int
	var seen int64
	if err := rows.Scan(append([]any{&st.Seat, &st.Plays, &st.Name, &st.Holder, &st.Proc, &attached, &seen}, extra...)...); err != nil {
		return st, fmt.Errorf("store: %w", err)
	}
	st.Attached, st.Seen = attached != 0, fromMS(seen)
	return st, nil
}

// The queries of the lists of seeks: each seek's row joined with its
// seats, ordered by seek then seat.
const (
	openSeeksSQL = `WITH k AS (SELECT * FROM seeks WHERE state = 'open' AND unlisted = 0 ORDER BY created DESC, id LIMIT $1)
		SELECT ` + seekColumns + `, ss.seat, ss.plays, ss.name, ss.holder, ss.proc, ss.attached, ss.seen
		FROM k JOIN seek_seats ss ON ss.seek = k.id ORDER BY k.created DESC, k.id, ss.seat`
	findSeeksSQL = `WITH k AS (SELECT * FROM seeks WHERE state = 'open' AND unlisted = 0 AND variant = $1 AND options = $2
			AND clock = $3 AND start_text = '' AND takebacks = 0 ORDER BY created, id LIMIT $4)
		SELECT ` + seekColumns + `, ss.seat, ss.plays, ss.name, ss.holder, ss.proc, ss.attached, ss.seen
		FROM k JOIN seek_seats ss ON ss.seek = k.id ORDER BY k.created, k.id, ss.seat`
)

// OpenSeeks returns up to limit open seeks that are listed, newest first.
func (s *Store) OpenSeeks(ctx context.Context, limit int) ([]*Seek, error) {
	return s.seeks(ctx, openSeeksSQL, limit)
}

// FindSeeks returns up to limit open, listed seeks of a variant with these
// options and clock, from the variant's own start and without takebacks,
// oldest first: the seeks quick pairing joins.
func (s *Store) FindSeeks(ctx context.Context, variant, options, clock string, limit int) ([]*Seek, error) {
	return s.seeks(ctx, findSeeksSQL, variant, options, clock, limit)
}

// seeks runs a query of seeks joined with their seats.
func (s *Store) seeks(ctx context.Context, query string, args ...any) ([]*Seek, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []*Seek
	for rows.Next() {
		var k Seek
		var st SeekSeat
		var attached int
		var seen int64
		if err := scanSeek(rows, &k, &st.Seat, &st.Plays, &st.Name, &st.Holder, &st.Proc, &attached, &seen); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		st.Attached, st.Seen = attached != 0, fromMS(seen)
		if len(out) == 0 || out[len(out)-1].ID != k.ID {
			out = append(out, &k)
		}
		last := out[len(out)-1]
		last.Seats = append(last.Seats, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// bump is the first step of every change of a seek: it takes the next
// version if the seek is open at version, else ErrConflict (another
// change came first: read it again) or ErrNoSeek.
func bump(ctx context.Context, tx *sql.Tx, id string, version int64) error {
	res, err := tx.ExecContext(ctx, `UPDATE seeks SET version = version + 1 WHERE id = $1 AND version = $2 AND state = 'open'`, id, version)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: %w", err)
	} else if n == 1 {
		return nil
	}
	var state string
	err = tx.QueryRowContext(ctx, `SELECT state FROM seeks WHERE id = $1`, id).Scan(&state)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%w: %s", ErrNoSeek, id)
	case err != nil:
		return fmt.Errorf("store: %w", err)
	}
	return fmt.Errorf("%w: seek %s is %s or changed", ErrConflict, id, state)
}

// TakeSeat seats a person in seat of open seek id, which must be at
// version: their name, the hash of their token, the process holding the
// seat. When game is not nil the seat was the last one open: the seek
// starts, and game is stored (as CreateGame does) in the same
// transaction. ErrConflict when the seek changed or the seat is not open;
// the lobby's listeners hear of the change.
func (s *Store) TakeSeat(ctx context.Context, id string, version int64, seat int, name, holder, proc string, now time.Time, game *Game) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := bump(ctx, tx, id, version); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE seek_seats SET name = $1, holder = $2, proc = $3, attached = 1, seen = $4
			WHERE seek = $5 AND seat = $6 AND plays = 'open' AND holder = ''`, name, holder, proc, ms(now), id, seat)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("%w: seat %d of seek %s is not open", ErrConflict, seat+1, id)
		}
		if game != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE seeks SET state = 'started', game = $1, ended = $2 WHERE id = $3`, game.ID, ms(now), id); err != nil {
				return fmt.Errorf("store: %w", err)
			}
			if err := insertGame(ctx, tx, game, nil); err != nil {
				return err
			}
		}
		return s.notify(ctx, tx, Event{Kind: EventSeek, Game: id})
	})
	if err != nil && !errors.Is(err, ErrConflict) && isUnique(err) {
		return fmt.Errorf("%w: %v", ErrConflict, err)
	}
	return err
}

// FreeSeat empties seat of open seek id, at version (a person who left
// it); ErrConflict when the seek changed.
func (s *Store) FreeSeat(ctx context.Context, id string, version int64, seat int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := bump(ctx, tx, id, version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE seek_seats SET name = '', holder = '', proc = '', attached = 0, seen = 0
			WHERE seek = $1 AND seat = $2`, id, seat); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return s.notify(ctx, tx, Event{Kind: EventSeek, Game: id})
	})
}

// EndSeek ends open seek id, at version, as state (SeekCancelled or
// SeekExpired); ErrConflict when the seek changed.
func (s *Store) EndSeek(ctx context.Context, id string, version int64, state string, now time.Time) error {
	if state != SeekCancelled && state != SeekExpired {
		return fmt.Errorf("store: a seek cannot end as %q", state)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := bump(ctx, tx, id, version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE seeks SET state = $1, ended = $2 WHERE id = $3`, state, ms(now), id); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return s.notify(ctx, tx, Event{Kind: EventSeek, Game: id})
	})
}

// FreeStaleSeat empties seat of open seek id, at version, if its person is
// still gone: not seen since the time given (a reconnection through any
// process since then keeps it); ErrConflict when the seek changed or the
// person came back.
func (s *Store) FreeStaleSeat(ctx context.Context, id string, version int64, seat int, gone time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := bump(ctx, tx, id, version); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE seek_seats SET name = '', holder = '', proc = '', attached = 0, seen = 0
			WHERE seek = $1 AND seat = $2 AND holder <> '' AND seen < $3`, id, seat, ms(gone))
		if err := changedOne(res, err, id); err != nil {
			return err
		}
		return s.notify(ctx, tx, Event{Kind: EventSeek, Game: id})
	})
}

// ExpireSeek ends open seek id, at version, as SeekExpired if it is still
// stale: made before born, or its creator not seen since gone;
// ErrConflict when the seek changed or its creator came back.
func (s *Store) ExpireSeek(ctx context.Context, id string, version int64, born, gone, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := bump(ctx, tx, id, version); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE seeks SET state = $1, ended = $2 WHERE id = $3 AND (created < $4
			OR EXISTS (SELECT 1 FROM seek_seats ss WHERE ss.seek = seeks.id AND ss.seat = seeks.creator AND ss.seen < $5))`,
			SeekExpired, ms(now), id, ms(born), ms(gone))
		if err := changedOne(res, err, id); err != nil {
			return err
		}
		return s.notify(ctx, tx, Event{Kind: EventSeek, Game: id})
	})
}

// changedOne checks that an update changed a row: ErrConflict when it
// changed none (the transaction is then rolled back).
func changedOne(res sql.Result, err error, id string) error {
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("%w: seek %s: its person came back", ErrConflict, id)
	}
	return nil
}

// AttachSeat notes that process proc holds seat of seek id for the person
// whose token hashes to holder (a lobby connection of theirs); false when
// the seat is not theirs.
func (s *Store) AttachSeat(ctx context.Context, id string, seat int, holder, proc string, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE seek_seats SET proc = $1, attached = 1, seen = $2 WHERE seek = $3 AND seat = $4 AND holder = $5 AND holder <> ''`,
		proc, ms(now), id, seat, holder)
	if err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	return n == 1, nil
}

// DetachSeat notes that process proc no longer holds seat of seek id (the
// person's last connection there closed): from now on the seat ages.
func (s *Store) DetachSeat(ctx context.Context, id string, seat int, proc string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE seek_seats SET attached = 0, seen = $1 WHERE seek = $2 AND seat = $3 AND proc = $4 AND attached = 1`,
		ms(now), id, seat, proc); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// RenewSeats notes that the seats process proc holds were held at now.
func (s *Store) RenewSeats(ctx context.Context, proc string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE seek_seats SET seen = $1 WHERE proc = $2 AND attached = 1`, ms(now), proc); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// SeatRef names a seat of a seek.
type SeatRef struct {
	Seek string
	Seat int
}

// Stale returns the open seeks made before born, or whose creator's seat
// was last held before gone (they expire), and the other seats of open
// seeks whose person was last seen before gone (they are free again).
func (s *Store) Stale(ctx context.Context, born, gone time.Time) (expired []string, freed []SeatRef, err error) {
	expired, err = s.ids(ctx, `SELECT k.id FROM seeks k WHERE k.state = 'open' AND (k.created < $1
		OR EXISTS (SELECT 1 FROM seek_seats ss WHERE ss.seek = k.id AND ss.seat = k.creator AND ss.seen < $2)) ORDER BY k.created, k.id`,
		ms(born), ms(gone))
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT ss.seek, ss.seat FROM seek_seats ss JOIN seeks k ON k.id = ss.seek
		WHERE k.state = 'open' AND ss.seat <> k.creator AND ss.holder <> '' AND ss.seen < $1 ORDER BY ss.seek, ss.seat`, ms(gone))
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r SeatRef
		if err := rows.Scan(&r.Seek, &r.Seat); err != nil {
			return nil, nil, fmt.Errorf("store: %w", err)
		}
		freed = append(freed, r)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	return expired, freed, nil
}

// PurgeSeeks deletes the seeks that left SeekOpen before the time given,
// but not a challenge whose game goes on (the seek keeps its game out of
// the live games), and the spectator counts of processes whose lease ran
// out by now.
func (s *Store) PurgeSeeks(ctx context.Context, before, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM seeks WHERE state <> 'open' AND ended < $1
		AND NOT (unlisted = 1 AND EXISTS (SELECT 1 FROM games g WHERE g.id = seeks.game AND g.result = ''))`, ms(before)); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM watchers WHERE NOT EXISTS (SELECT 1 FROM processes p WHERE p.id = watchers.proc AND p.lease_until >= $1)`,
		ms(now)); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// SetWatchers replaces process proc's spectator counts: counts[game] is
// how many spectators it has connected to game.
func (s *Store) SetWatchers(ctx context.Context, proc string, counts map[string]int) error {
	db := s.db
	if s.rdb != nil {
		db = s.rdb // a count lost in a crash is written again
	}
	if s.batch != nil {
		return s.tx(ctx, func(tx *sql.Tx) error { return setWatchers(ctx, tx, proc, counts) })
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
	if err := setWatchers(ctx, tx, proc, counts); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

func setWatchers(ctx context.Context, tx *sql.Tx, proc string, counts map[string]int) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM watchers WHERE proc = $1`, proc); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	for game, n := range counts {
		if n <= 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO watchers (proc, game, n) VALUES ($1, $2, $3)`, proc, game, n); err != nil {
			return fmt.Errorf("store: %w", err)
		}
	}
	return nil
}

// LiveGame is a game that goes on, as the list of games to watch shows it.
type LiveGame struct {
	ID, Variant, Options string
	Created              time.Time
	// Ply is how many moves were made; Spectators how many spectators all
	// the processes alive have connected.
	Ply, Spectators int
	// Seats are the seats' names and who plays them (no token hashes).
	Seats []Seat
}

// liveGamesSQL lists the live games, those most watched first, then the
// newest; games of unlisted seeks (challenges) are left out. It ranks only
// the candidates: the games some live process's spectators watch, and the
// newest listed ones (through games_live_created). A game of the first
// limit has spectators, or fewer than limit games come before it in the
// order of creation, so it is a candidate.
const liveGamesSQL = `WITH watched AS (
	SELECT w.game, SUM(w.n) AS n FROM watchers w JOIN processes p ON p.id = w.proc
	WHERE p.lease_until >= $1 GROUP BY w.game),
newest AS (
	SELECT g.id FROM games g
	WHERE g.result = '' AND NOT EXISTS (SELECT 1 FROM seeks k WHERE k.game = g.id AND k.unlisted = 1)
	ORDER BY g.created DESC, g.id LIMIT $2),
candidates AS (SELECT game AS id FROM watched UNION SELECT id FROM newest),
live AS (
	SELECT g.id, g.variant, g.options, g.created, COALESCE(wd.n, 0) AS spectators
	FROM candidates c JOIN games g ON g.id = c.id LEFT JOIN watched wd ON wd.game = g.id
	WHERE g.result = '' AND NOT EXISTS (SELECT 1 FROM seeks k WHERE k.game = g.id AND k.unlisted = 1)
	ORDER BY spectators DESC, g.created DESC, g.id LIMIT $2)
SELECT live.id, live.variant, live.options, live.created, live.spectators,
	(SELECT COUNT(*) FROM moves m WHERE m.game = live.id), s.seat, s.name, s.plays
FROM live JOIN seats s ON s.game = live.id
ORDER BY live.spectators DESC, live.created DESC, live.id, s.seat`

// LiveGames returns up to limit games that go on, the most watched first
// (spectators of processes whose lease runs at now), then the newest.
func (s *Store) LiveGames(ctx context.Context, now time.Time, limit int) ([]LiveGame, error) {
	rows, err := s.db.QueryContext(ctx, liveGamesSQL, ms(now), limit)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []LiveGame
	for rows.Next() {
		var g LiveGame
		var st Seat
		var created, spectators, ply int64
		if err := rows.Scan(&g.ID, &g.Variant, &g.Options, &created, &spectators, &ply, &st.Seat, &st.Name, &st.Plays); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		if len(out) == 0 || out[len(out)-1].ID != g.ID {
			g.Created, g.Spectators, g.Ply = fromMS(created), int(spectators), int(ply)
			out = append(out, g)
		}
		last := &out[len(out)-1]
		last.Seats = append(last.Seats, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// Abandon stores what follows a player's leaving game id, which owner must
// own and which must go on, holding ply moves: seat handed to plays (when
// plays is not ""), or the game ended (end, not nil); and notice, the
// announcement, after the game's others. All or nothing.
func (s *Store) Abandon(ctx context.Context, id, owner string, ply, seat int, plays string, end *Ending, notice string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := fence(ctx, tx, id, owner, ply); err != nil {
			return err
		}
		if plays != "" {
			res, err := tx.ExecContext(ctx, `UPDATE seats SET plays = $1 WHERE game = $2 AND seat = $3`, plays, id, seat)
			if err != nil {
				return fmt.Errorf("store: %w", err)
			}
			if n, err := res.RowsAffected(); err != nil || n != 1 {
				return fmt.Errorf("%w: game %s seat %d", ErrNotFound, id, seat+1)
			}
		}
		if end != nil {
			if err := finish(ctx, tx, id, end); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM notices WHERE game = $1`, id).Scan(&n); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO notices (game, seq, at, text) VALUES ($1, $2, $3, $4)`, id, n, ms(now), notice); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	})
}

// Notices returns what was announced at game id's table, in order.
func (s *Store) Notices(ctx context.Context, id string) ([]string, error) {
	return s.ids(ctx, `SELECT text FROM notices WHERE game = $1 ORDER BY seq`, id)
}
