package store

// Processes, leases and takeovers; the snapshots, the inbox and the job queue that let several servers share a database.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"time"
)

// Beat writes process proc's heartbeat: it is alive at at, and its lease
// on the games it owns runs until at+lease.
func (s *Store) Beat(ctx context.Context, proc string, at time.Time, lease time.Duration) error {
	until := ms(at.Add(lease))
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE processes SET beat = $1, lease_until = $2 WHERE id = $3`, ms(at), until, proc)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 1 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO processes (id, started, beat, lease_until) VALUES ($1, $2, $3, $4)`,
			proc, ms(at), ms(at), until); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	})
}

// Release ends process proc's lease at once (it stops): others may take
// its games over without waiting. Its last heartbeat stays at.
func (s *Store) Release(ctx context.Context, proc string, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE processes SET beat = $1, lease_until = 0 WHERE id = $2`, ms(at), proc); err != nil {
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

// Forget removes the rows of processes other than keep whose lease ran
// out by now and that no unfinished game names as its owner.
func (s *Store) Forget(ctx context.Context, keep string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM processes WHERE id <> $1 AND lease_until < $2
		AND id NOT IN (SELECT owner FROM games WHERE result = '')`, keep, ms(now))
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Alive returns the processes whose lease runs at now.
func (s *Store) Alive(ctx context.Context, now time.Time) (map[string]bool, error) {
	ids, err := s.ids(ctx, `SELECT id FROM processes WHERE lease_until >= $1`, ms(now))
	if err != nil {
		return nil, err
	}
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m, nil
}

// Owned returns the unfinished games that process proc owns.
func (s *Store) Owned(ctx context.Context, proc string) ([]string, error) {
	return s.ids(ctx, `SELECT id FROM games WHERE owner = $1 AND result = '' ORDER BY created, id`, proc)
}

// Orphan is an unfinished game whose owner's lease ran out.
type Orphan struct {
	ID, Owner   string
	TurnStarted time.Time
	// Beat is the old owner's last heartbeat (zero when it has none): the
	// turn that ran had run until then.
	Beat time.Time
}

// Elapsed is how long the orphan's current turn had run when its owner
// last showed a sign of life.
func (o *Orphan) Elapsed() time.Duration {
	if o.Beat.IsZero() {
		return 0
	}
	return max(o.Beat.Sub(o.TurnStarted), 0)
}

// Expired returns up to limit unfinished games, oldest first, whose
// owner is not proc and has no lease running at now.
func (s *Store) Expired(ctx context.Context, proc string, now time.Time, limit int) ([]Orphan, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.owner, g.turn_started, COALESCE(p.beat, 0)
		FROM games g LEFT JOIN processes p ON p.id = g.owner
		WHERE g.result = '' AND g.owner <> $1 AND (p.id IS NULL OR p.lease_until < $2)
		ORDER BY g.created, g.id LIMIT $3`, proc, ms(now), limit)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []Orphan
	for rows.Next() {
		var o Orphan
		var ts, beat int64
		if err := rows.Scan(&o.ID, &o.Owner, &ts, &beat); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		o.TurnStarted = fromMS(ts)
		if beat != 0 {
			o.Beat = fromMS(beat)
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// OwnerOf returns who owns game id and whether that owner's lease runs at
// now; over when the game is finished.
func (s *Store) OwnerOf(ctx context.Context, id string, now time.Time) (owner string, leased, over bool, err error) {
	var result string
	var until int64
	err = s.db.QueryRowContext(ctx, `SELECT g.owner, g.result, COALESCE(p.lease_until, 0)
		FROM games g LEFT JOIN processes p ON p.id = g.owner WHERE g.id = $1`, id).Scan(&owner, &result, &until)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, false, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return "", false, false, fmt.Errorf("store: %w", err)
	}
	return owner, until >= ms(now), result != "", nil
}

// Claim makes process proc the owner of unfinished game id, taking it from
// process from, whose lease must have run out at now; the game's turn now
// started at turnStarted, and the old owner's jobs for it are dropped.
// ErrConflict when the game is over, has another owner, or from's lease
// runs; from may be proc itself (a process taking back a game of its own).
func (s *Store) Claim(ctx context.Context, id, proc, from string, now, turnStarted time.Time) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET owner = $1, turn_started = $2
			WHERE id = $3 AND owner = $4 AND result = ''
			AND ($4 = $1 OR NOT EXISTS (SELECT 1 FROM processes WHERE id = $4 AND lease_until >= $5))`,
			proc, ms(turnStarted), id, from, ms(now))
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: %w", err)
		} else if n != 1 {
			return fmt.Errorf("%w: game %s is not %s's to take from %s", ErrConflict, id, proc, from)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE game = $1`, id); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	})
	return err
}

// Snapshot is a live game's latest state, as its owner published it.
type Snapshot struct {
	Game    string
	Version int64
	Owner   string
	// At is when the owner made it (its clocks are as of then).
	At time.Time
	// State is the wire.State JSON a spectator sees; Legal the JSON list
	// of the legal moves of the seat to move ("[]" when none).
	State, Legal string
}

// Publish stores the snapshot of game id, which owner must own (a game
// that goes on, or the last state of one that ended), with the next version, and notifies every listener
// (EventSnapshot) when it commits. It returns the version.
func (s *Store) Publish(ctx context.Context, id, owner string, at time.Time, state, legal string) (int64, error) {
	if s.pg {
		return s.publishPG(ctx, id, owner, at, state, legal)
	}
	var version int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		// The fence of a change, but for a game that has just ended too:
		// its last state is published.
		res, err := tx.ExecContext(ctx, `UPDATE games SET owner = $2 WHERE id = $1 AND owner = $2`, id, owner)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: %w", err)
		} else if n != 1 {
			var was string
			err := tx.QueryRowContext(ctx, `SELECT owner FROM games WHERE id = $1`, id).Scan(&was)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: %s", ErrNotFound, id)
			}
			if err != nil {
				return fmt.Errorf("store: %w", err)
			}
			return fmt.Errorf("%w: game %s", ErrNotOwner, id)
		}
		res, err = tx.ExecContext(ctx, `UPDATE snapshots SET version = version + 1, owner = $2, at = $3, state = $4, legal = $5 WHERE game = $1`,
			id, owner, ms(at), state, legal)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: %w", err)
		} else if n == 0 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO snapshots (game, version, owner, at, state, legal) VALUES ($1, 1, $2, $3, $4, $5)`,
				id, owner, ms(at), state, legal); err != nil {
				return fmt.Errorf("store: %w", err)
			}
		}
		if err := tx.QueryRowContext(ctx, `SELECT version FROM snapshots WHERE game = $1`, id).Scan(&version); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return s.notify(ctx, tx, Event{Kind: EventSnapshot, Game: id, Version: version})
	})
	return version, err
}

// Snapshot returns game id's latest snapshot; ErrNotFound when it has
// none.
func (s *Store) Snapshot(ctx context.Context, id string) (*Snapshot, error) {
	sn := &Snapshot{Game: id}
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT version, owner, at, state, legal FROM snapshots WHERE game = $1`, id).Scan(
		&sn.Version, &sn.Owner, &at, &sn.State, &sn.Legal)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: no snapshot of %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	sn.At = fromMS(at)
	return sn, nil
}

// Message is a message for a game's owner, in the inbox.
type Message struct {
	ID   string
	Game string
	// Sender is the process that sent it, Conn its connection there (0:
	// none), Seat the seat the connection holds (-1: none).
	Sender string
	Conn   uint64
	Seat   int
	// Kind says what Body is (the server's: a client message, presence, a
	// computer's move).
	Kind, Body string
	Created    time.Time
	// Seq orders a sender's messages that share Created.
	Seq int64
	// Tries is how many times the message was taken (Drain): more than
	// one when a process that took it died before it was done.
	Tries int
}

// Send puts m in the inbox of m.Game's owner and wakes the owner
// (EventInbox) when it commits.
func (s *Store) Send(ctx context.Context, m Message) error {
	if s.pg {
		return s.sendPG(ctx, m)
	}
	return s.tx(ctx, func(tx *sql.Tx) error { return s.send(ctx, tx, m) })
}

func (s *Store) send(ctx context.Context, tx *sql.Tx, m Message) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO inbox (id, game, sender, conn, seat, kind, body, created, seq)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		m.ID, m.Game, m.Sender, int64(m.Conn), m.Seat, m.Kind, m.Body, ms(m.Created), m.Seq); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	var owner string
	err := tx.QueryRowContext(ctx, `SELECT owner FROM games WHERE id = $1`, m.Game).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %s", ErrNotFound, m.Game)
	}
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return s.notify(ctx, tx, Event{Kind: EventInbox, Proc: owner})
}

// Drain takes the messages for the games process proc owns, in the order
// they were sent (by Created, then Sender and Seq): those nobody took, and
// those taken by a process whose lease ran out at now, which died before it
// was done with them (Tries > 1). Two processes draining at once never both
// get a message. Done deletes a message once handled: a message is handled
// at least once, by the game's owner, however owners die.
func (s *Store) Drain(ctx context.Context, proc string, now time.Time) ([]Message, error) {
	var out []Message
	var err error
	if s.pg {
		var rows *sql.Rows
		if rows, err = s.rdb.QueryContext(ctx, drainQuery, proc, ms(now)); err == nil {
			out, err = scanMessages(rows)
		} else {
			err = fmt.Errorf("store: %w", err)
		}
	} else {
		err = s.tx(ctx, func(tx *sql.Tx) error {
			rows, err := tx.QueryContext(ctx, drainQuery, proc, ms(now))
			if err != nil {
				return fmt.Errorf("store: %w", err)
			}
			out, err = scanMessages(rows)
			return err
		})
	}
	if err != nil {
		return nil, err
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if !a.Created.Equal(b.Created) {
			return a.Created.Before(b.Created)
		}
		if a.Sender != b.Sender {
			return a.Sender < b.Sender
		}
		return a.Seq < b.Seq
	})
	return out, nil
}

// Done deletes handled messages from the inbox.
func (s *Store) Done(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	if s.pg {
		if _, err := s.rdb.ExecContext(ctx, `DELETE FROM inbox WHERE id = ANY($1)`, ids); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `DELETE FROM inbox WHERE id = $1`, id); err != nil {
				return fmt.Errorf("store: %w", err)
			}
		}
		return nil
	})
}

// PurgeInbox deletes the messages sent before the time given, which no
// owner took (their game ended and its owner left).
func (s *Store) PurgeInbox(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM inbox WHERE created < $1`, ms(before))
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// Job is a computer move to find.
type Job struct {
	ID   string
	Game string
	// Ply is the ply the move is for; Plays the seat's player
	// ("computer:5").
	Ply     int
	Plays   string
	Created time.Time
}

// AddJob queues j and wakes the workers (EventJob) when it commits; it
// drops the game's other jobs, which are stale (EventCancel).
func (s *Store) AddJob(ctx context.Context, j Job) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE game = $1`, j.Game)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			if err := s.notify(ctx, tx, Event{Kind: EventCancel, Game: j.Game}); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO jobs (id, game, ply, plays, created, taken_by) VALUES ($1, $2, $3, $4, $5, '')`,
			j.ID, j.Game, j.Ply, j.Plays, ms(j.Created)); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return s.notify(ctx, tx, Event{Kind: EventJob})
	})
}

// CancelJobs drops game id's jobs and tells the workers (EventCancel), so
// that one searching it stops.
func (s *Store) CancelJobs(ctx context.Context, id string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE game = $1`, id)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return s.notify(ctx, tx, Event{Kind: EventCancel, Game: id})
	})
}

// The queries of TakeJob: PostgreSQL's skips the rows other workers are
// taking.
const (
	takeJobSQL = `SELECT j.id, j.game, j.ply, j.plays, j.created FROM jobs j
		WHERE j.taken_by = '' OR NOT EXISTS (SELECT 1 FROM processes p WHERE p.id = j.taken_by AND p.lease_until >= $1)
		ORDER BY j.created, j.id LIMIT 1`
	takeJobPG = takeJobSQL + ` FOR UPDATE OF j SKIP LOCKED`
)

// TakeJob gives process proc the oldest job nobody works on, or a job
// whose worker's process has no lease running at now; nil when there is
// none. On PostgreSQL workers skip the rows others are taking (FOR UPDATE
// SKIP LOCKED) instead of waiting for them.
func (s *Store) TakeJob(ctx context.Context, proc string, now time.Time) (*Job, error) {
	var j *Job
	q := takeJobSQL
	if s.pg {
		q = takeJobPG
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var jj Job
		var created int64
		err := tx.QueryRowContext(ctx, q, ms(now)).Scan(&jj.ID, &jj.Game, &jj.Ply, &jj.Plays, &created)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET taken_by = $1 WHERE id = $2`, proc, jj.ID); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		jj.Created = fromMS(created)
		j = &jj
		return nil
	})
	return j, err
}

// JobLive reports whether job id is still queued (its game still wants
// it).
func (s *Store) JobLive(ctx context.Context, id string) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM jobs WHERE id = $1`, id).Scan(&n); err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	return n > 0, nil
}

// JobDone ends job id, which process proc took, and sends its result to
// the game's owner (Send), in one transaction; false (and nothing sent)
// when the job is no longer proc's (dropped as stale, or taken by another
// worker after proc's lease ran out).
func (s *Store) JobDone(ctx context.Context, id, proc string, result Message) (bool, error) {
	done := false
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1 AND taken_by = $2`, id, proc)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		done = true
		return s.send(ctx, tx, result)
	})
	return done, err
}
