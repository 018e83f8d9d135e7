package store

// PostgreSQL's hot paths, each one statement (one round trip, one commit): a move, a snapshot, a message to an owner and the owner's draining. The same checks as the portable transactions, which SQLite runs.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// addMovePG is AddMove on PostgreSQL: the fence (owner, result, number of
// moves) is the UPDATE's condition; the move is inserted only where the
// UPDATE took the row; the jobs of a game that ends go. The primary key
// (game, ply) still refuses a move stored twice whatever the snapshot the
// count saw.
func (s *Store) addMovePG(ctx context.Context, id, owner string, m Move, turnStarted time.Time, end *Ending) error {
	result, termination, finished := "", "", any(nil)
	if end != nil {
		if end.Result == "" {
			return fmt.Errorf("store: game %s: an ending without a result", id)
		}
		result, termination, finished = end.Result, end.Termination, ms(end.At)
	}
	res, err := s.db.ExecContext(ctx, `WITH f AS (
			UPDATE games SET turn_started = $3, result = $8, termination = $9, finished = $10
			WHERE id = $1 AND owner = $2 AND result = '' AND (SELECT COUNT(*) FROM moves WHERE game = $1) = $4
			RETURNING id),
		j AS (DELETE FROM jobs WHERE $8 <> '' AND game IN (SELECT id FROM f))
		INSERT INTO moves (game, ply, text, spent_ms, clock_ms) SELECT id, $4, $5, $6, $7 FROM f`,
		id, owner, ms(turnStarted), m.Ply, m.Text, m.Spent.Milliseconds(), m.Clock.Milliseconds(), result, termination, finished)
	if err != nil {
		if isUnique(err) {
			return fmt.Errorf("%w: game %s has a move %d", ErrConflict, id, m.Ply)
		}
		return fmt.Errorf("store: game %s move %d: %w", id, m.Ply, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: %w", err)
	} else if n == 1 {
		return nil
	}
	// Refused: say why, as the fence would.
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := fence(ctx, tx, id, owner, m.Ply); err != nil {
			return err
		}
		return fmt.Errorf("%w: game %s move %d not stored", ErrConflict, id, m.Ply)
	})
}

// publishPG is Publish on PostgreSQL: the owner's row shared-locked, the
// snapshot upserted and the event sent, in one statement on the relaxed
// connections.
func (s *Store) publishPG(ctx context.Context, id, owner string, at time.Time, state, legal string) (int64, error) {
	var version int64
	var sent string
	err := s.rdb.QueryRowContext(ctx, `WITH f AS (SELECT id FROM games WHERE id = $1 AND owner = $2 FOR SHARE),
		ins AS (INSERT INTO snapshots (game, version, owner, at, state, legal) SELECT id, 1, $2, $3, $4, $5 FROM f
			ON CONFLICT (game) DO UPDATE SET version = snapshots.version + 1, owner = excluded.owner, at = excluded.at,
				state = excluded.state, legal = excluded.legal
			RETURNING game, version)
		SELECT version, pg_notify($6, 's ' || game || ' ' || version)::text FROM ins`,
		id, owner, ms(at), state, legal, Channel).Scan(&version, &sent)
	if errors.Is(err, sql.ErrNoRows) {
		var was string
		err := s.db.QueryRowContext(ctx, `SELECT owner FROM games WHERE id = $1`, id).Scan(&was)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("%w: %s", ErrNotFound, id)
		}
		if err != nil {
			return 0, fmt.Errorf("store: %w", err)
		}
		return 0, fmt.Errorf("%w: game %s", ErrNotOwner, id)
	}
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return version, nil
}

// sendPG is Send on PostgreSQL: the message inserted where its game
// exists and its owner woken, in one statement on the relaxed connections.
func (s *Store) sendPG(ctx context.Context, m Message) error {
	var owner, sent string
	err := s.rdb.QueryRowContext(ctx, `WITH ins AS (
			INSERT INTO inbox (id, game, sender, conn, seat, kind, body, created, seq)
			SELECT $1, g.id, $3, $4, $5, $6, $7, $8, $9 FROM games g WHERE g.id = $2
			RETURNING game)
		SELECT g.owner, pg_notify($10, 'i ' || g.owner)::text FROM ins JOIN games g ON g.id = ins.game`,
		m.ID, m.Game, m.Sender, int64(m.Conn), m.Seat, m.Kind, m.Body, ms(m.Created), m.Seq, Channel).Scan(&owner, &sent)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %s", ErrNotFound, m.Game)
	}
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// drainQuery takes an owner's messages: those nobody took, and those
// taken by a process whose lease ran out at $2 (it died before it was
// done with them).
const drainQuery = `UPDATE inbox SET taken_by = $1, tries = tries + 1
	WHERE game IN (SELECT id FROM games WHERE owner = $1)
	AND (taken_by = '' OR taken_by <> $1 AND NOT EXISTS (SELECT 1 FROM processes p WHERE p.id = inbox.taken_by AND p.lease_until >= $2))
	RETURNING id, game, sender, conn, seat, kind, body, created, seq, tries`

// scanMessages reads drainQuery's rows.
func scanMessages(rows *sql.Rows) ([]Message, error) {
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		var conn, created int64
		if err := rows.Scan(&m.ID, &m.Game, &m.Sender, &conn, &m.Seat, &m.Kind, &m.Body, &created, &m.Seq, &m.Tries); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		m.Conn, m.Created = uint64(conn), fromMS(created)
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}
