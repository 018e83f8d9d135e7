package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/internal/pgtest"
)

// backends are the databases every store test runs on: a SQLite file and
// a PostgreSQL database of the test's own (internal/pgtest).
var backends = []struct {
	name   string
	target func(t *testing.T) string
}{
	{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "test.db") }},
	{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
}

// each runs test on every backend, with a store open on a new database and
// that database's target (to open it again).
func each(t *testing.T, test func(t *testing.T, s *Store, target string)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			target := b.target(t)
			s, err := Open(context.Background(), target)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			if s.Shared() != (b.name == "postgres") {
				t.Errorf("Shared() = %v", s.Shared())
			}
			test(t, s, target)
		})
	}
}

func sample(id string) *Game {
	at := time.UnixMilli(1_700_000_000_000)
	return &Game{ID: id, Variant: "chess", Options: "", Clock: "5m+2s", Takebacks: true, Created: at, TurnStarted: at,
		Owner: "p1", Seats: []Seat{{Seat: 0, Name: "Ann", Plays: "human", TokenHash: "ab"}, {Seat: 1, Name: "Bob", Plays: "computer:3"}}}
}

func TestRoundTrip(t *testing.T) {
	each(t, func(t *testing.T, s *Store, target string) {
		ctx := context.Background()
		g := sample("g1")
		moves := []Move{{0, "e2e4", time.Second, 5 * time.Minute}, {1, "e7e5", 2 * time.Second, 4*time.Minute + 59*time.Second}}
		if err := s.CreateGame(ctx, g, moves); err != nil {
			t.Fatal(err)
		}
		got, gotMoves, err := s.Load(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, g) {
			t.Errorf("game:\n got %+v\nwant %+v", got, g)
		}
		if !reflect.DeepEqual(gotMoves, moves) {
			t.Errorf("moves: got %+v, want %+v", gotMoves, moves)
		}
		// Reopening keeps everything and runs the migrations again harmlessly.
		s.Close()
		s2, err := Open(ctx, target)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		if _, m, err := s2.Load(ctx, "g1"); err != nil || len(m) != 2 {
			t.Fatalf("after reopening: %v, %d moves", err, len(m))
		}
	})
}

func TestAddMove(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, sample("g"), nil); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, sample("other"), nil); err != nil {
			t.Fatal(err)
		}
		now := time.UnixMilli(1_700_000_100_000)
		tests := []struct {
			name  string
			game  string
			owner string
			ply   int
			end   *Ending
			want  error
		}{
			{"first", "g", "p1", 0, nil, nil},
			{"duplicate", "g", "p1", 0, nil, ErrConflict},
			{"gap", "g", "p1", 2, nil, ErrConflict},
			{"not the owner", "g", "p2", 1, nil, ErrNotOwner},
			{"second", "g", "p1", 1, nil, nil},
			{"unknown game", "nope", "p1", 0, nil, ErrNotFound},
			{"stale", "g", "p1", 1, nil, ErrConflict},
			{"ending", "g", "p1", 2, &Ending{Result: "1-0", Termination: "checkmate", At: now}, nil},
			{"after the end", "g", "p1", 3, nil, ErrConflict},
			{"other game first", "other", "p1", 0, nil, nil},
		}
		for _, tc := range tests {
			err := s.AddMove(ctx, tc.game, tc.owner, Move{Ply: tc.ply, Text: fmt.Sprint("m", tc.ply)}, now, tc.end)
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
			}
		}
		g, moves, err := s.Load(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != 3 || moves[2].Text != "m2" || g.Result != "1-0" || g.Termination != "checkmate" || !g.Finished.Equal(now) || !g.TurnStarted.Equal(now) {
			t.Errorf("stored: %+v %+v", g, moves)
		}
		ids, err := s.Unfinished(ctx)
		if err != nil || !reflect.DeepEqual(ids, []string{"other"}) {
			t.Errorf("unfinished: %v %v", ids, err)
		}
	})
}

// TestConcurrentMoves: of many writers storing the same ply at once,
// exactly one succeeds; the others get ErrConflict.
func TestConcurrentMoves(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, sample("g"), nil); err != nil {
			t.Fatal(err)
		}
		for ply := range 3 {
			var wg sync.WaitGroup
			var mu sync.Mutex
			ok := 0
			for i := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					err := s.AddMove(ctx, "g", "p1", Move{Ply: ply, Text: fmt.Sprint("w", i)}, time.Now(), nil)
					if err == nil {
						mu.Lock()
						ok++
						mu.Unlock()
					} else if !errors.Is(err, ErrConflict) {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if _, moves, _ := s.Load(ctx, "g"); ok != 1 || len(moves) != ply+1 {
				t.Errorf("ply %d: %d writers succeeded, %d moves stored; want 1 and %d", ply, ok, len(moves), ply+1)
			}
		}
	})
}

func TestTakebackFinishSeats(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, sample("g"), []Move{{0, "a", 0, 0}, {1, "b", 0, 0}, {2, "c", 0, 0}}); err != nil {
			t.Fatal(err)
		}
		at := time.UnixMilli(1_700_000_200_000)
		if err := s.Takeback(ctx, "g", "p1", 2, 1, at); !errors.Is(err, ErrConflict) {
			t.Errorf("takeback with the wrong ply: %v", err)
		}
		if err := s.Takeback(ctx, "g", "p2", 3, 1, at); !errors.Is(err, ErrNotOwner) {
			t.Errorf("takeback by another process: %v", err)
		}
		if err := s.Takeback(ctx, "g", "p1", 3, 1, at); err != nil {
			t.Fatal(err)
		}
		if g, moves, _ := s.Load(ctx, "g"); len(moves) != 1 || !g.TurnStarted.Equal(at) {
			t.Errorf("after the takeback: %d moves, turn %v", len(moves), g.TurnStarted)
		}
		if err := s.SetPlays(ctx, "g", "p1", 0, "computer:8"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetPlays(ctx, "g", "p1", 5, "computer:8"); !errors.Is(err, ErrNotFound) {
			t.Errorf("seat 6: %v", err)
		}
		if err := s.SetPlays(ctx, "g", "p2", 1, "computer:8"); !errors.Is(err, ErrNotOwner) {
			t.Errorf("seat 2 by another process: %v", err)
		}
		if err := s.Finish(ctx, "g", "p1", 0, Ending{Result: "0-1", Termination: "resignation", At: at}); !errors.Is(err, ErrConflict) {
			t.Errorf("finish at the wrong ply: %v", err)
		}
		if err := s.Finish(ctx, "g", "p2", 1, Ending{Result: "0-1", Termination: "resignation", At: at}); !errors.Is(err, ErrNotOwner) {
			t.Errorf("finish by another process: %v", err)
		}
		if err := s.Finish(ctx, "g", "p1", 1, Ending{Result: "0-1", Termination: "resignation", At: at}); err != nil {
			t.Fatal(err)
		}
		if err := s.Finish(ctx, "g", "p1", 1, Ending{Result: "1-0", At: at}); !errors.Is(err, ErrConflict) {
			t.Errorf("finished twice: %v", err)
		}
		g, _, _ := s.Load(ctx, "g")
		if g.Seats[0].Plays != "computer:8" || g.Seats[1].Plays != "computer:3" || g.Result != "0-1" {
			t.Errorf("stored %+v", g)
		}
		if err := s.Resume(ctx, "g", "p2", at); err != nil {
			t.Fatal(err)
		}
		if err := s.Resume(ctx, "nope", "p2", at); !errors.Is(err, ErrNotFound) {
			t.Errorf("resume unknown: %v", err)
		}
	})
}

func TestCreateConflicts(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, sample("a"), nil); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, sample("a"), nil); !errors.Is(err, ErrConflict) {
			t.Errorf("id taken: %v", err)
		}
		r := sample("b")
		r.RematchOf = "a"
		if err := s.CreateGame(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
		r2 := sample("c")
		r2.RematchOf = "a"
		if err := s.CreateGame(ctx, r2, nil); !errors.Is(err, ErrConflict) {
			t.Errorf("second rematch: %v", err)
		}
		if id, err := s.Rematch(ctx, "a"); id != "b" || err != nil {
			t.Errorf("rematch of a: %q %v", id, err)
		}
		if id, err := s.Rematch(ctx, "b"); id != "" || err != nil {
			t.Errorf("rematch of b: %q %v", id, err)
		}
		bad := sample("d")
		if err := s.CreateGame(ctx, bad, []Move{{1, "x", 0, 0}}); !errors.Is(err, ErrConflict) {
			t.Errorf("moves from ply 1: %v", err)
		}
		if _, _, err := s.Load(ctx, "d"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a refused game was stored: %v", err)
		}
	})
}

// TestConcurrentRematches: of rematches of one game made at once, one is
// stored; the others are ErrConflict (PostgreSQL reports the unique
// violation; SQLite serialises the writers).
func TestConcurrentRematches(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, sample("a"), nil); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := sample(fmt.Sprint("r", i))
				r.RematchOf = "a"
				errs[i] = s.CreateGame(ctx, r, nil)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if !errors.Is(err, ErrConflict) {
				t.Errorf("a rematch failed with %v, not ErrConflict", err)
			}
		}
		if ok != 1 {
			t.Errorf("%d rematches stored", ok)
		}
	})
}

func TestBeats(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if _, ok, err := s.LastBeat(ctx, "p"); ok || err != nil {
			t.Fatalf("no beat yet: %v %v", ok, err)
		}
		for _, at := range []int64{1000, 2500} {
			if err := s.Beat(ctx, "p", time.UnixMilli(at), time.Second); err != nil {
				t.Fatal(err)
			}
			got, ok, err := s.LastBeat(ctx, "p")
			if !ok || err != nil || got.UnixMilli() != at {
				t.Errorf("beat %d: got %v %v %v", at, got, ok, err)
			}
		}
		if err := s.Beat(ctx, "q", time.UnixMilli(1), time.Second); err != nil {
			t.Fatal(err)
		}
		alive, err := s.Alive(ctx, time.UnixMilli(3000))
		if err != nil || !alive["p"] || alive["q"] {
			t.Errorf("alive at 3000: %v %v", alive, err)
		}
		// p's lease (to 3500) still runs at 3000: it is kept.
		if err := s.Forget(ctx, "q", time.UnixMilli(3000)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.LastBeat(ctx, "p"); !ok {
			t.Error("p's beat forgotten while its lease runs")
		}
		if err := s.Forget(ctx, "q", time.UnixMilli(4000)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.LastBeat(ctx, "p"); ok {
			t.Error("p's beat kept though its lease ran out and no game names it")
		}
		if _, ok, _ := s.LastBeat(ctx, "q"); !ok {
			t.Error("q's own beat forgotten")
		}
		if err := s.Release(ctx, "q", time.UnixMilli(5)); err != nil {
			t.Fatal(err)
		}
		if alive, _ := s.Alive(ctx, time.UnixMilli(1)); alive["q"] {
			t.Error("q alive after its release")
		}
		if at, _, _ := s.LastBeat(ctx, "q"); at.UnixMilli() != 5 {
			t.Errorf("q's last beat after its release: %v", at)
		}
	})
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Open(ctx, ""); err == nil {
		t.Error("an empty path opened")
	}
	if _, err := Open(ctx, filepath.Join(t.TempDir(), "missing-dir", "x.db")); err == nil {
		t.Error("a file in a missing directory opened")
	}
	if _, err := Open(ctx, "postgres://user:secret@127.0.0.1:1/x?sslmode=disable&connect_timeout=2"); err == nil {
		t.Error("a PostgreSQL server that is not there opened")
	}
	_, err := Open(ctx, "postgres://user:secret@[::1/x")
	if err == nil {
		t.Error("a URL that does not parse opened")
	} else if want := "does not parse"; !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "secret") {
		t.Errorf("a bad URL: %v (want %q and no password)", err, want)
	}
}

// TestBatchedChanges: changes made at once share commits on SQLite, yet
// each is all or nothing with its own error: a change that fails halfway
// leaves nothing, and the others are stored.
func TestBatchedChanges(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, sample("g"), nil); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 40)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = s.tx(ctx, func(tx *sql.Tx) error {
					if _, err := tx.ExecContext(ctx, `INSERT INTO inbox (id, game, sender, conn, seat, kind, body, created, seq)
						VALUES ($1, 'g', 'p', 0, 0, 'k', '', 0, 0)`, fmt.Sprint("m", i)); err != nil {
						return err
					}
					if i%3 == 0 {
						return fmt.Errorf("change %d fails after its insert", i)
					}
					return nil
				})
			}()
		}
		wg.Wait()
		ms, err := s.Drain(ctx, "p1", time.Now())
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, m := range ms {
			got[m.ID] = true
		}
		for i, err := range errs {
			id := fmt.Sprint("m", i)
			if i%3 == 0 {
				if err == nil || !strings.Contains(err.Error(), "fails after") || got[id] {
					t.Errorf("change %d: %v, stored %v; want its own error and nothing stored", i, err, got[id])
				}
			} else if err != nil || !got[id] {
				t.Errorf("change %d: %v, stored %v", i, err, got[id])
			}
		}
	})
}
