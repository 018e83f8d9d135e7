package store

// Notifications between servers: small events on one PostgreSQL channel (LISTEN/NOTIFY); the data stays in tables.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Channel is the PostgreSQL notification channel of every event.
const Channel = "anychess"

// MaxEventBytes bounds an event's text: PostgreSQL refuses payloads of
// 8000 bytes and more.
const MaxEventBytes = 7900

// Kinds of events.
const (
	// EventSnapshot: game Game has a new snapshot, Version.
	EventSnapshot = 's'
	// EventInbox: the inbox has messages for the games of process Proc.
	EventInbox = 'i'
	// EventReply: Data is for connection Conn of process Proc.
	EventReply = 'r'
	// EventJob: a job was queued.
	EventJob = 'j'
	// EventCancel: game Game's jobs were dropped; a worker searching one
	// stops.
	EventCancel = 'x'
	// EventGame: finished game Game changed (it got a rematch).
	EventGame = 'g'
	// EventSeek: seek Game (a seek's id) of the lobby changed.
	EventSeek = 'l'
)

// Event is a notification.
type Event struct {
	Kind    byte
	Game    string
	Proc    string
	Version int64
	Conn    uint64
	Data    string
}

// String writes the event as its notification's text: the kind, then its
// fields separated by spaces (Data last, as it is).
func (e Event) String() string {
	switch e.Kind {
	case EventSnapshot:
		return fmt.Sprintf("s %s %d", e.Game, e.Version)
	case EventInbox:
		return "i " + e.Proc
	case EventReply:
		return fmt.Sprintf("r %s %d %s", e.Proc, e.Conn, e.Data)
	case EventJob:
		return "j"
	case EventCancel:
		return "x " + e.Game
	case EventGame:
		return "g " + e.Game
	case EventSeek:
		return "l " + e.Game
	}
	return "?"
}

// maxName bounds a game's or a process's id in an event.
const maxName = 64

// validName reports whether s can be an id in an event: 1 to 64 letters,
// digits, '-' or '_'.
func validName(s string) bool {
	if len(s) == 0 || len(s) > maxName {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ErrBadEvent is the error ParseEvent wraps.
var ErrBadEvent = errors.New("bad event")

// ParseEvent reads a notification's text, as Event.String writes it. It
// never panics, whatever the text.
func ParseEvent(text string) (Event, error) {
	bad := func(why string) (Event, error) {
		return Event{}, fmt.Errorf("%w: %s", ErrBadEvent, why)
	}
	if len(text) == 0 {
		return bad("empty")
	}
	if len(text) > MaxEventBytes {
		return bad("too long")
	}
	e := Event{Kind: text[0]}
	rest := text[1:]
	if rest != "" {
		if rest[0] != ' ' {
			return bad("no space after the kind")
		}
		rest = rest[1:]
	}
	fields := func(n int) ([]string, bool) {
		f := strings.SplitN(rest, " ", n)
		return f, len(f) == n
	}
	switch e.Kind {
	case EventSnapshot:
		f, ok := fields(2)
		if !ok || !validName(f[0]) {
			return bad("want s GAME VERSION")
		}
		v, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || v < 1 {
			return bad("want s GAME VERSION, a version from 1")
		}
		e.Game, e.Version = f[0], v
	case EventInbox:
		if !validName(rest) {
			return bad("want i PROCESS")
		}
		e.Proc = rest
	case EventReply:
		f, ok := fields(3)
		if !ok || !validName(f[0]) {
			return bad("want r PROCESS CONN DATA")
		}
		c, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil || c == 0 {
			return bad("want r PROCESS CONN DATA, a connection from 1")
		}
		e.Proc, e.Conn, e.Data = f[0], c, f[2]
	case EventJob:
		if rest != "" {
			return bad("want j alone")
		}
	case EventCancel, EventGame, EventSeek:
		if !validName(rest) {
			return bad("want " + string(e.Kind) + " GAME")
		}
		e.Game = rest
	default:
		return bad(fmt.Sprintf("unknown kind %q", e.Kind))
	}
	return e, nil
}

// notify sends e when tx commits (PostgreSQL; nothing on SQLite, which
// has one process and no listeners).
func (s *Store) notify(ctx context.Context, tx *sql.Tx, e Event) error {
	if !s.pg {
		return nil
	}
	text := e.String()
	if len(text) > MaxEventBytes {
		return fmt.Errorf("store: an event of %d bytes, more than %d", len(text), MaxEventBytes)
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, text); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Notify sends e at once, outside any transaction (PostgreSQL; nothing on
// SQLite).
func (s *Store) Notify(ctx context.Context, e Event) error {
	if !s.pg {
		return nil
	}
	text := e.String()
	if len(text) > MaxEventBytes {
		return fmt.Errorf("store: an event of %d bytes, more than %d", len(text), MaxEventBytes)
	}
	if _, err := s.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, text); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Reply sends data to connection conn of process proc (EventReply): an
// answer that is not stored, lost if proc is not listening.
func (s *Store) Reply(ctx context.Context, proc string, conn uint64, data string) error {
	return s.Notify(ctx, Event{Kind: EventReply, Proc: proc, Conn: conn, Data: data})
}

// Listen calls fn with every event from every process (its own
// included), in the order their transactions committed, until ctx ends.
// It holds a connection of its own; when that connection breaks it
// connects again, and after every (re)connection it calls resync, since
// events sent meanwhile were lost. It returns at once on SQLite.
func (s *Store) Listen(ctx context.Context, fn func(Event), resync func(), onErr func(error)) {
	if !s.pg {
		return
	}
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listenOnce(ctx, fn, resync)
		if ctx.Err() != nil {
			return
		}
		if onErr != nil {
			onErr(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

func (s *Store) listenOnce(ctx context.Context, fn func(Event), resync func()) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return fmt.Errorf("store: listening: %w", err)
	}
	defer conn.Close(context.Background())
	// The channel is a constant identifier, not data.
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		return fmt.Errorf("store: listening: %w", err)
	}
	resync()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("store: listening: %w", err)
		}
		if e, err := ParseEvent(n.Payload); err == nil {
			fn(e)
		}
	}
}
