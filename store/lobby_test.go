package store

// The lobby's tables on both databases: seeks changed only at the version read, the game stored with the last seat, seats held and aging, stale seeks, spectator counts and the live games, notices.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/internal/pgtest"
)

func sampleSeek(id string, at time.Time) *Seek {
	return &Seek{ID: id, Variant: "martian-chess", Options: "players=4", Clock: "5m+2s", Creator: 1, Created: at, Seats: []SeekSeat{
		{Seat: 0, Plays: SeatOpen},
		{Seat: 1, Plays: SeatOpen, Name: "Ann", Holder: "h1", Proc: "p1", Attached: true, Seen: at},
		{Seat: 2, Plays: "computer:3"},
		{Seat: 3, Plays: SeatOpen},
	}}
}

func TestSeeks(t *testing.T) {
	each(t, func(t *testing.T, s *Store, target string) {
		ctx := context.Background()
		at := time.UnixMilli(1_700_000_000_000)
		k := sampleSeek("k1", at)
		if err := s.CreateSeek(ctx, k, 2); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateSeek(ctx, sampleSeek("k1", at), 5); !errors.Is(err, ErrConflict) {
			t.Errorf("the same id again: %v", err)
		}
		priv := sampleSeek("k2", at.Add(time.Second))
		priv.Unlisted = true
		if err := s.CreateSeek(ctx, priv, 2); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateSeek(ctx, sampleSeek("k3", at), 2); !errors.Is(err, ErrLobbyFull) {
			t.Errorf("a third open seek where two may be: %v", err)
		}
		got, err := s.LoadSeek(ctx, "k1")
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != 1 || got.State != SeekOpen || got.Creator != 1 || len(got.Seats) != 4 || got.Seats[1].Holder != "h1" ||
			!got.Seats[1].Attached || !got.Seats[1].Seen.Equal(at) || got.Seats[2].Plays != "computer:3" || !got.Seats[0].Open() || got.Seats[1].Open() {
			t.Errorf("read back: %+v", got)
		}
		if _, err := s.LoadSeek(ctx, "nope"); !errors.Is(err, ErrNoSeek) {
			t.Errorf("no such seek: %v", err)
		}
		list, err := s.OpenSeeks(ctx, 10)
		if err != nil || len(list) != 1 || list[0].ID != "k1" || len(list[0].Seats) != 4 {
			t.Fatalf("open listed seeks: %+v, %v (the unlisted one must not show)", list, err)
		}
		found, err := s.FindSeeks(ctx, "martian-chess", "players=4", "5m+2s", 10)
		if err != nil || len(found) != 1 || found[0].ID != "k1" {
			t.Errorf("quick pairing finds %+v, %v", found, err)
		}
		if found, _ := s.FindSeeks(ctx, "martian-chess", "players=2", "5m+2s", 10); len(found) != 0 {
			t.Errorf("other options found %+v", found)
		}

		// A seat at an old version, or not open, is refused.
		if err := s.TakeSeat(ctx, "k1", 7, 0, "Bob", "h2", "p1", at, nil); !errors.Is(err, ErrConflict) {
			t.Errorf("a stale version: %v", err)
		}
		if err := s.TakeSeat(ctx, "k1", 1, 2, "Bob", "h2", "p1", at, nil); !errors.Is(err, ErrConflict) {
			t.Errorf("the computer's seat: %v", err)
		}
		if err := s.TakeSeat(ctx, "k1", 1, 0, "Bob", "h2", "p2", at, nil); err != nil {
			t.Fatal(err)
		}
		// Two at the same version: one wins.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = s.FreeSeat(ctx, "k1", 2, 0)
			}()
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) || !errors.Is(errors.Join(errs[0], errs[1]), ErrConflict) {
			t.Errorf("two changes at one version: %v, %v", errs[0], errs[1])
		}
		got, _ = s.LoadSeek(ctx, "k1")
		if got.Version != 3 || got.Seats[0].Holder != "" || got.Seats[0].Name != "" {
			t.Errorf("after freeing: %+v", got)
		}
		if err := s.TakeSeat(ctx, "k1", 3, 0, "Bob", "h2", "p2", at, nil); err != nil {
			t.Fatal(err)
		}
		// The last seat starts the game, in the same transaction; a game
		// that cannot be stored leaves the seek as it was.
		clash := sample("g1")
		if err := s.CreateGame(ctx, clash, nil); err != nil {
			t.Fatal(err)
		}
		g := sample("g1")
		if err := s.TakeSeat(ctx, "k1", 4, 3, "Cy", "h3", "p1", at, g); !errors.Is(err, ErrConflict) {
			t.Errorf("a game id taken: %v", err)
		}
		got, _ = s.LoadSeek(ctx, "k1")
		if got.Version != 4 || got.State != SeekOpen || got.Seats[3].Holder != "" {
			t.Errorf("a failed start changed the seek: %+v", got)
		}
		g = sample("g2")
		if err := s.TakeSeat(ctx, "k1", 4, 3, "Cy", "h3", "p1", at.Add(time.Minute), g); err != nil {
			t.Fatal(err)
		}
		got, _ = s.LoadSeek(ctx, "k1")
		if got.State != SeekStarted || got.Game != "g2" || !got.Ended.Equal(at.Add(time.Minute)) || got.Seats[3].Name != "Cy" {
			t.Errorf("started: %+v", got)
		}
		if _, _, err := s.Load(ctx, "g2"); err != nil {
			t.Errorf("the game of the seek: %v", err)
		}
		if err := s.FreeSeat(ctx, "k1", got.Version, 0); !errors.Is(err, ErrConflict) {
			t.Errorf("a change of a started seek: %v", err)
		}
		if err := s.EndSeek(ctx, "k2", 1, SeekOpen, at); err == nil {
			t.Error("a seek ended as open")
		}
		if err := s.EndSeek(ctx, "k2", 1, SeekCancelled, at); err != nil {
			t.Fatal(err)
		}
		if err := s.EndSeek(ctx, "gone", 1, SeekCancelled, at); !errors.Is(err, ErrNoSeek) {
			t.Errorf("ending no seek: %v", err)
		}
		if list, _ := s.OpenSeeks(ctx, 10); len(list) != 0 {
			t.Errorf("open seeks left: %+v", list)
		}
		// Ended seeks are purged once old.
		if err := s.PurgeSeeks(ctx, at.Add(time.Second), at); err != nil {
			t.Fatal(err)
		}
		if _, err := s.LoadSeek(ctx, "k2"); !errors.Is(err, ErrNoSeek) {
			t.Errorf("an old cancelled seek: %v", err)
		}
		if _, err := s.LoadSeek(ctx, "k1"); err != nil {
			t.Errorf("a seek that started later: %v", err)
		}
	})
}

// TestSeatsAge: held seats are renewed by their process; a seat or a
// creator not seen makes its seek stale.
func TestSeatsAge(t *testing.T) {
	each(t, func(t *testing.T, s *Store, target string) {
		ctx := context.Background()
		at := time.UnixMilli(1_700_000_000_000)
		k := sampleSeek("k1", at)
		if err := s.CreateSeek(ctx, k, 10); err != nil {
			t.Fatal(err)
		}
		if err := s.TakeSeat(ctx, "k1", 1, 0, "Bob", "h2", "p2", at, nil); err != nil {
			t.Fatal(err)
		}
		old := sampleSeek("k2", at.Add(-2*time.Hour))
		if err := s.CreateSeek(ctx, old, 10); err != nil {
			t.Fatal(err)
		}
		if err := s.RenewSeats(ctx, "p1", at.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		expired, freed, err := s.Stale(ctx, at.Add(-time.Hour), at.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		// k1's creator (p1) was renewed; its seat 0 (p2) was not: freed.
		// k2 is too old (and its creator, p1, renewed too).
		if len(expired) != 1 || expired[0] != "k2" || len(freed) != 1 || freed[0] != (SeatRef{"k1", 0}) {
			t.Errorf("stale: %v, %v", expired, freed)
		}
		if ok, err := s.AttachSeat(ctx, "k1", 0, "wrong", "p3", at.Add(3*time.Minute)); ok || err != nil {
			t.Errorf("attached with another holder: %v %v", ok, err)
		}
		if ok, err := s.AttachSeat(ctx, "k1", 0, "h2", "p3", at.Add(3*time.Minute)); !ok || err != nil {
			t.Errorf("attach: %v %v", ok, err)
		}
		// p2 no longer holds it: its detach changes nothing.
		if err := s.DetachSeat(ctx, "k1", 0, "p2", at); err != nil {
			t.Fatal(err)
		}
		got, _ := s.LoadSeek(ctx, "k1")
		if st := got.Seats[0]; st.Proc != "p3" || !st.Attached || !st.Seen.Equal(at.Add(3*time.Minute)) {
			t.Errorf("seat 1 after attach elsewhere: %+v", st)
		}
		if err := s.DetachSeat(ctx, "k1", 1, "p1", at.Add(4*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if err := s.RenewSeats(ctx, "p1", at.Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		got, _ = s.LoadSeek(ctx, "k1")
		if st := got.Seats[1]; st.Attached || !st.Seen.Equal(at.Add(4*time.Minute)) {
			t.Errorf("a detached seat was renewed: %+v", st)
		}
		expired, _, err = s.Stale(ctx, at.Add(-time.Hour), at.Add(5*time.Minute))
		if err != nil || len(expired) != 2 {
			t.Errorf("the creator gone: %v, %v", expired, err)
		}
	})
}

// TestSweepAfterReconnection: the sweeper frees a seat, or expires a seek,
// only while its person is still gone: a reconnection (through any
// process) after the sweeper read the seek makes its change a conflict.
func TestSweepAfterReconnection(t *testing.T) {
	each(t, func(t *testing.T, s *Store, target string) {
		ctx := context.Background()
		at := time.UnixMilli(1_700_000_000_000)
		for _, id := range []string{"k1", "k2"} {
			if err := s.CreateSeek(ctx, sampleSeek(id, at), 10); err != nil {
				t.Fatal(err)
			}
			if err := s.TakeSeat(ctx, id, 1, 0, "Bob", "h2", "p1", at, nil); err != nil {
				t.Fatal(err)
			}
		}
		later := at.Add(time.Hour)
		born, gone := at.Add(-time.Hour), at.Add(time.Minute) // not too old; both people gone
		k1, _ := s.LoadSeek(ctx, "k1")
		k2, _ := s.LoadSeek(ctx, "k2")
		// Bob (seat 0 of k1) and Ann, k1's creator, come back on p2 after
		// the sweeper read the seeks.
		for _, seat := range []struct {
			seat   int
			holder string
		}{{0, "h2"}, {1, "h1"}} {
			if ok, err := s.AttachSeat(ctx, "k1", seat.seat, seat.holder, "p2", later); !ok || err != nil {
				t.Fatalf("reattaching seat %d: %v, %v", seat.seat, ok, err)
			}
		}
		if err := s.FreeStaleSeat(ctx, "k1", k1.Version, 0, gone); !errors.Is(err, ErrConflict) {
			t.Errorf("freeing a seat whose person came back: %v", err)
		}
		if err := s.ExpireSeek(ctx, "k1", k1.Version, born, gone, later); !errors.Is(err, ErrConflict) {
			t.Errorf("expiring a seek whose creator came back: %v", err)
		}
		if got, _ := s.LoadSeek(ctx, "k1"); got.Version != k1.Version || got.State != SeekOpen || got.Seats[0].Holder != "h2" {
			t.Errorf("a refused sweep changed the seek: %+v", got)
		}
		// k2's people stay gone: the sweep goes through.
		if err := s.FreeStaleSeat(ctx, "k2", k2.Version, 0, gone); err != nil {
			t.Fatal(err)
		}
		if err := s.ExpireSeek(ctx, "k2", k2.Version+1, born, gone, later); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.LoadSeek(ctx, "k2"); got.State != SeekExpired || got.Seats[0].Holder != "" {
			t.Errorf("the swept seek: %+v", got)
		}
	})
}

// beatWatchers gives processes pa and pb a lease that runs at now, and
// pdead one that ran out.
func beatWatchers(t *testing.T, s *Store, now time.Time) {
	t.Helper()
	for _, p := range []string{"pa", "pb", "pdead"} {
		lease := time.Minute
		if p == "pdead" {
			lease = -time.Minute
		}
		if err := s.Beat(context.Background(), p, now, lease); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLiveGamesAndWatchers: the games that go on, the most watched first
// (counts of live processes only), unlisted seeks' games left out.
func TestLiveGamesAndWatchers(t *testing.T) {
	each(t, func(t *testing.T, s *Store, target string) {
		ctx := context.Background()
		now := time.Now()
		for _, id := range []string{"g1", "g2", "g3", "g4"} {
			g := sample(id)
			g.Created = now.Add(time.Duration(len(id)+int(id[1])) * time.Second)
			if err := s.CreateGame(ctx, g, []Move{{0, "e2e4", time.Second, time.Minute}}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Finish(ctx, "g4", "p1", 1, Ending{Result: "1-0", Termination: "x", At: now}); err != nil {
			t.Fatal(err)
		}
		// g3 is the game of a challenge.
		k := sampleSeek("k1", now)
		k.Unlisted = true
		k.Seats = k.Seats[:2]
		if err := s.CreateSeek(ctx, k, 10); err != nil {
			t.Fatal(err)
		}
		if err := s.TakeSeat(ctx, "k1", 1, 0, "Bob", "h2", "p1", now, sample("g5")); err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.ExecContext(ctx, `UPDATE seeks SET game = 'g3' WHERE id = 'k1'`); err != nil {
			t.Fatal(err)
		}
		beatWatchers(t, s, now)
		if err := s.SetWatchers(ctx, "pa", map[string]int{"g1": 2, "g2": 1, "g3": 5}); err != nil {
			t.Fatal(err)
		}
		if err := s.SetWatchers(ctx, "pb", map[string]int{"g1": 1}); err != nil {
			t.Fatal(err)
		}
		if err := s.SetWatchers(ctx, "pdead", map[string]int{"g2": 9}); err != nil {
			t.Fatal(err)
		}
		games, err := s.LiveGames(ctx, now, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range games {
			got = append(got, g.ID)
		}
		if len(games) != 3 || games[0].ID != "g1" || games[0].Spectators != 3 || games[1].ID != "g2" || games[1].Spectators != 1 ||
			games[2].ID != "g5" || games[2].Spectators != 0 || games[0].Ply != 1 || games[2].Ply != 0 || len(games[0].Seats) != 2 ||
			games[0].Seats[0].Name != "Ann" || games[0].Seats[1].Plays != "computer:3" {
			t.Errorf("live games %v: %+v", got, games)
		}
		// Counts replaced; a dead process's purged.
		if err := s.SetWatchers(ctx, "pa", map[string]int{"g2": 4}); err != nil {
			t.Fatal(err)
		}
		if err := s.PurgeSeeks(ctx, now.Add(-time.Hour), now); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM watchers`).Scan(&n); err != nil || n != 2 {
			t.Errorf("%d watcher rows (%v), want pa's and pb's", n, err)
		}
		if games, _ := s.LiveGames(ctx, now, 1); len(games) != 1 || games[0].ID != "g2" || games[0].Spectators != 4 {
			t.Errorf("the most watched: %+v", games)
		}
		// Long after, the challenge's seek is kept while its game goes on,
		// so the game stays unlisted; once it ends, the seek goes.
		if err := s.PurgeSeeks(ctx, now.Add(24*time.Hour), now); err != nil {
			t.Fatal(err)
		}
		if games, _ := s.LiveGames(ctx, now, 10); len(games) != 3 || slices.ContainsFunc(games, func(g LiveGame) bool { return g.ID == "g3" }) {
			t.Errorf("after purging, the live games: %+v", games)
		}
		if err := s.Finish(ctx, "g3", "p1", 1, Ending{Result: "1-0", Termination: "x", At: now}); err != nil {
			t.Fatal(err)
		}
		if err := s.PurgeSeeks(ctx, now.Add(24*time.Hour), now); err != nil {
			t.Fatal(err)
		}
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM seeks WHERE id = 'k1'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("the ended challenge's seek: %d rows (%v)", n, err)
		}
	})
}

// TestLiveGamesRanking: the live games equal a ranking of every live,
// listed game (spectators of live processes, then the newest, then the
// id), for every limit, with ties in the creation times, finished and
// unlisted games among the watched ones, and a dead process's counts.
func TestLiveGamesRanking(t *testing.T) {
	each(t, func(t *testing.T, s *Store, target string) {
		ctx := context.Background()
		now := time.Now()
		rng := rand.New(rand.NewPCG(1, 2))
		type info struct {
			id       string
			created  time.Time
			watchers int
			listed   bool
		}
		var all []info
		for i := range 40 {
			g := sample(fmt.Sprintf("g%02d", i))
			g.Created = now.Add(time.Duration(rng.IntN(12)) * time.Second) // ties
			if err := s.CreateGame(ctx, g, nil); err != nil {
				t.Fatal(err)
			}
			all = append(all, info{id: g.ID, created: g.Created.Truncate(time.Millisecond), listed: i%9 != 4})
		}
		for i := range all {
			if i%7 == 3 {
				if err := s.Finish(ctx, all[i].id, "p1", 0, Ending{Result: "1-0", Termination: "x", At: now}); err != nil {
					t.Fatal(err)
				}
				all[i].listed = false
			}
		}
		for i, g := range all {
			if i%9 != 4 {
				continue
			}
			k := sampleSeek(fmt.Sprintf("k%02d", i), now)
			k.Unlisted = true
			if err := s.CreateSeek(ctx, k, 100); err != nil {
				t.Fatal(err)
			}
			if _, err := s.db.ExecContext(ctx, `UPDATE seeks SET game = $1 WHERE id = $2`, g.id, k.ID); err != nil {
				t.Fatal(err)
			}
		}
		beatWatchers(t, s, now)
		counts := map[string]map[string]int{"pa": {}, "pb": {}, "pdead": {}}
		for i := range all {
			for p, c := range counts {
				if rng.IntN(4) == 0 {
					n := 1 + rng.IntN(3)
					c[all[i].id] = n
					if p != "pdead" {
						all[i].watchers += n
					}
				}
			}
		}
		for p, c := range counts {
			if err := s.SetWatchers(ctx, p, c); err != nil {
				t.Fatal(err)
			}
		}
		var want []info
		for _, g := range all {
			if g.listed {
				want = append(want, g)
			}
		}
		slices.SortFunc(want, func(a, b info) int {
			if a.watchers != b.watchers {
				return b.watchers - a.watchers
			}
			if c := b.created.Compare(a.created); c != 0 {
				return c
			}
			return strings.Compare(a.id, b.id)
		})
		for _, limit := range []int{1, 2, 5, 10, 20, 100} {
			games, err := s.LiveGames(ctx, now, limit)
			if err != nil {
				t.Fatal(err)
			}
			var got, exp []string
			for _, g := range games {
				got = append(got, fmt.Sprintf("%s:%d", g.ID, g.Spectators))
			}
			for _, g := range want[:min(limit, len(want))] {
				exp = append(exp, fmt.Sprintf("%s:%d", g.id, g.watchers))
			}
			if !slices.Equal(got, exp) {
				t.Errorf("limit %d:\n got %v\nwant %v", limit, got, exp)
			}
		}
	})
}

// TestAbandon: a seat handed over or a game ended, with a notice, all or
// nothing, only by the owner.
func TestAbandon(t *testing.T) {
	each(t, func(t *testing.T, s *Store, target string) {
		ctx := context.Background()
		now := time.Now()
		g := sample("g1")
		if err := s.CreateGame(ctx, g, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.Abandon(ctx, "g1", "p2", 0, 0, "computer:4", nil, "x", now); !errors.Is(err, ErrNotOwner) {
			t.Errorf("not the owner: %v", err)
		}
		if err := s.Abandon(ctx, "g1", "p1", 3, 0, "computer:4", nil, "x", now); !errors.Is(err, ErrConflict) {
			t.Errorf("another ply: %v", err)
		}
		if err := s.Abandon(ctx, "g1", "p1", 0, 0, "computer:4", nil, "Ann left", now); err != nil {
			t.Fatal(err)
		}
		if err := s.Abandon(ctx, "g1", "p1", 0, 1, "", &Ending{Result: "0-1", Termination: "abandonment", At: now}, "Bob won", now); err != nil {
			t.Fatal(err)
		}
		row, _, err := s.Load(ctx, "g1")
		if err != nil || row.Seats[0].Plays != "computer:4" || row.Result != "0-1" || row.Termination != "abandonment" {
			t.Errorf("stored: %+v %v", row, err)
		}
		ns, err := s.Notices(ctx, "g1")
		if err != nil || len(ns) != 2 || ns[0] != "Ann left" || ns[1] != "Bob won" {
			t.Errorf("notices %q, %v", ns, err)
		}
		if err := s.Abandon(ctx, "g1", "p1", 0, 1, "", nil, "late", now); !errors.Is(err, ErrConflict) {
			t.Errorf("a finished game: %v", err)
		}
		if ns, _ := s.Notices(ctx, "g1"); len(ns) != 2 {
			t.Errorf("a refused change left a notice: %q", ns)
		}
	})
}

// TestSeekEvents: every change of a seek is announced when it commits.
func TestSeekEvents(t *testing.T) {
	e := Event{Kind: EventSeek, Game: "AbC123xyz"}
	if got, err := ParseEvent(e.String()); err != nil || got != e {
		t.Errorf("%q read back as %+v, %v", e.String(), got, err)
	}
	for _, bad := range []string{"l", "l ", "l a b", "l é"} {
		if _, err := ParseEvent(bad); !errors.Is(err, ErrBadEvent) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	for _, b := range backends {
		if b.name != "postgres" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			s, err := Open(context.Background(), b.target(t))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			events := make(chan Event, 16)
			ready := make(chan struct{})
			go s.Listen(ctx, func(e Event) { events <- e }, func() { close(ready) }, nil)
			<-ready
			at := time.Now()
			if err := s.CreateSeek(ctx, sampleSeek("k1", at), 10); err != nil {
				t.Fatal(err)
			}
			if err := s.TakeSeat(ctx, "k1", 1, 0, "Bob", "h2", "p1", at, nil); err != nil {
				t.Fatal(err)
			}
			if err := s.TakeSeat(ctx, "k1", 1, 3, "Bob", "h2", "p1", at, nil); err == nil {
				t.Fatal("a stale version was taken")
			}
			if err := s.EndSeek(ctx, "k1", 2, SeekCancelled, at); err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				select {
				case e := <-events:
					if e.Kind != EventSeek || e.Game != "k1" {
						t.Errorf("event %d: %+v", i, e)
					}
				case <-time.After(5 * time.Second):
					t.Fatalf("event %d did not come", i)
				}
			}
			select {
			case e := <-events:
				t.Errorf("an event of a refused change: %+v", e)
			case <-time.After(200 * time.Millisecond):
			}
		})
	}
}

// BenchmarkLiveGames: the list of live games among 10,000 unfinished
// games, 50 of them watched, on each backend.
func BenchmarkLiveGames(b *testing.B) {
	targets := []struct {
		name   string
		target func(b *testing.B) string
	}{
		{"sqlite", func(b *testing.B) string { return filepath.Join(b.TempDir(), "bench.db") }},
		{"postgres", func(b *testing.B) string { return pgtest.URL(b) }},
	}
	for _, tg := range targets {
		b.Run(tg.name, func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, tg.target(b))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			now := time.Now()
			err = s.tx(ctx, func(tx *sql.Tx) error {
				for i := range 10_000 {
					id := fmt.Sprintf("g%05d", i)
					at := now.Add(time.Duration(i) * time.Millisecond).UnixMilli()
					if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, variant, options, start_text, clock, takebacks, created, turn_started)
						VALUES ($1, 'chess', '', '', '5m+2s', 0, $2, $2)`, id, at); err != nil {
						return err
					}
					if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game, seat, name, plays, token_hash) VALUES ($1, 0, 'Ann', 'human', 'ab'), ($1, 1, 'Bob', 'human', 'cd')`, id); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			if err := s.Beat(ctx, "pa", now, time.Hour); err != nil {
				b.Fatal(err)
			}
			watched := map[string]int{}
			for i := range 50 {
				watched[fmt.Sprintf("g%05d", i*173)] = 1 + i%3
			}
			if err := s.SetWatchers(ctx, "pa", watched); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				games, err := s.LiveGames(ctx, now, 100)
				if err != nil || len(games) != 100 {
					b.Fatalf("%d games, %v", len(games), err)
				}
			}
		})
	}
}
