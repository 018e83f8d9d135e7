package server

// Seat tokens: only their hashes are stored, they never reach the log or the inbox, and forged, foreign and replayed credentials are refused on every server.

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"anychess/internal/pgtest"
	"anychess/store"
	"anychess/wire"
)

// syncBuffer is a log that tests read.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// exercise does what may carry a token anywhere: seat claims, cookies and
// hellos good and bad, moves with a stray token field, a rematch; a is
// the game's server, b another (or the same).
func exercise(t *testing.T, a, b *testServer, forged string) *created {
	g := a.create(map[string]any{"variant": "chess", "you": 0})
	other := a.create(map[string]any{"variant": "chess", "you": 0})
	if code, _, _ := b.do("POST", "/api/games/"+g.ID+"/seat", map[string]any{"seat": 2, "token": g.token(2)}); code != 204 {
		t.Errorf("seat claim: %d", code)
	}
	if code, _, _ := b.do("POST", "/api/games/"+g.ID+"/seat", map[string]any{"seat": 2, "token": forged}); code != 403 {
		t.Errorf("forged seat claim: %d", code)
	}
	c1 := a.dial(g.ID, g.cookie)
	c1.state(nil)
	c2 := b.dial(g.ID, seatCookieFor(g.ID, 2, forged))
	if e := c2.errorMsg(); !strings.Contains(e.Message, "not valid") {
		t.Errorf("a forged cookie on the second server: %q", e.Message)
	}
	c2.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: forged})
	if e := c2.errorMsg(); !strings.Contains(e.Message, "not seat 2's") {
		t.Errorf("a forged token: %q", e.Message)
	}
	c2.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: other.token(2)})
	if e := c2.errorMsg(); !strings.Contains(e.Message, "not seat 2's") {
		t.Errorf("another game's token: %q", e.Message)
	}
	c2.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	if e := c2.errorMsg(); !strings.Contains(e.Message, "watching") {
		t.Errorf("a move without a seat: %q", e.Message)
	}
	c2.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(2)})
	c2.state(func(m *msg) bool { return m.You == 1 })
	c1.send(`{"type":"move","ply":0,"move":"e4","token":"` + g.token(1) + `"}`)
	c2.atPly(1)
	c2.send(`{"type":"move","ply":1,"move":"e5","token":"` + g.token(2) + `"}`)
	c1.atPly(2)
	// Replayed: the same move again, and a move for a ply gone by.
	c2.send(wire.ClientMessage{Type: "move", Ply: ply(1), Move: "e5"})
	if e := c2.errorMsg(); !strings.Contains(e.Message, "for ply 1, but the game is at ply 2") {
		t.Errorf("a replayed move: %q", e.Message)
	}
	c1.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
	if e := c1.errorMsg(); !strings.Contains(e.Message, "for ply 0") {
		t.Errorf("a replayed first move: %q", e.Message)
	}
	c2.send(wire.ClientMessage{Type: "resign", Ply: ply(2)})
	c1.state(func(m *msg) bool { return m.Outcome.Status != "ongoing" })
	if code, body, _ := b.do("POST", "/api/games/"+g.ID+"/rematch", nil, seatCookieFor(g.ID, 2, g.token(2))); code != 201 {
		t.Errorf("rematch: %d %s", code, body)
	}
	if _, moves, _ := a.st.Load(context.Background(), g.ID); len(moves) != 2 {
		t.Errorf("%d moves stored, want 2", len(moves))
	}
	return g
}

// checkAbsent fails when text holds any of the secrets.
func checkAbsent(t *testing.T, where, text string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(text, s) {
			t.Errorf("%s holds a token", where)
		}
	}
}

func TestTokensNotStoredNorLogged(t *testing.T) {
	const forged = "AAAAAAAAAAAAAAAAAAAAAA"
	debug := func(buf io.Writer) *slog.Logger {
		return slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	t.Run("sqlite", func(t *testing.T) {
		var log syncBuffer
		s := newTestServer(t, Config{Logger: debug(&log)})
		g := exercise(t, s, s, forged)
		s.close()
		secrets := []string{g.token(1), g.token(2), forged}
		checkAbsent(t, "the log", log.String(), secrets...)
		for _, suffix := range []string{"", "-wal"} {
			data, err := os.ReadFile(s.db + suffix)
			if err != nil && suffix == "" {
				t.Fatal(err)
			}
			checkAbsent(t, filepath.Base(s.db+suffix), string(data), secrets...)
		}
		if log.String() == "" {
			t.Error("nothing was logged: the check sees nothing")
		}
	})
	t.Run("postgres", func(t *testing.T) {
		var log syncBuffer
		p := newPair(t, Config{Logger: debug(&log)}, Config{Logger: debug(&log)})
		t.Cleanup(func() {
			if t.Failed() {
				t.Log(log.String())
			}
		})
		g := exercise(t, p.a, p.b, forged)
		secrets := []string{g.token(1), g.token(2), forged}
		checkAbsent(t, "the log", log.String(), secrets...)
		// Every row of every table, as text.
		conn, err := pgx.Connect(context.Background(), p.a.db)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		var dump strings.Builder
		for _, table := range []string{"games", "seats", "moves", "processes", "snapshots", "inbox", "jobs", "goose_db_version"} {
			rows, err := conn.Query(context.Background(), "SELECT t::text FROM "+pgx.Identifier{table}.Sanitize()+" t")
			if err != nil {
				t.Fatal(err)
			}
			texts, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				t.Fatal(err)
			}
			dump.WriteString(strings.Join(texts, "\n"))
		}
		checkAbsent(t, "the database", dump.String(), secrets...)
		if !strings.Contains(dump.String(), g.ID) {
			t.Error("the dump does not hold the game: the check sees nothing")
		}
	})
}

// TestForwardedHasNoToken: a message forwarded to a game's owner carries
// no token into the inbox, whatever the client put in it. The owner here
// is a process that holds its lease and never drains, so the message
// stays to be read.
func TestForwardedHasNoToken(t *testing.T) {
	url := pgtest.URL(t)
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := startTestServer(t, st, url, Config{Lease: time.Second})
	g := s.create(map[string]any{"variant": "chess", "you": 0})
	// The game now belongs to a ghost whose lease runs for an hour.
	ctx := context.Background()
	if err := st.Beat(ctx, "pGhost", time.Now(), time.Hour); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `UPDATE games SET owner = 'pGhost' WHERE id = $1`, g.ID); err != nil {
		t.Fatal(err)
	}
	// The server notices within a scan and mirrors the game.
	deadline := time.Now().Add(10 * time.Second)
	for s.srv.hub(g.ID) == nil || s.srv.hub(g.ID).owning.Load() {
		if time.Now().After(deadline) {
			t.Fatal("the server still owns the game")
		}
		time.Sleep(50 * time.Millisecond)
	}
	c := s.dial(g.ID, g.cookie)
	c.state(func(m *msg) bool { return m.You == 0 })
	c.send(`{"type":"move","ply":0,"move":"e4","token":"` + g.token(1) + `","seat":1}`)
	var body string
	for time.Now().Before(deadline) {
		err := db.QueryRowContext(ctx, `SELECT body FROM inbox WHERE game = $1 AND kind = 'msg'`, g.ID).Scan(&body)
		if err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if body == "" {
		t.Fatal("the move was not forwarded")
	}
	checkAbsent(t, "the forwarded message", body, g.token(1))
	if !strings.Contains(body, `"move":"e4"`) {
		t.Errorf("forwarded %s", body)
	}
}
