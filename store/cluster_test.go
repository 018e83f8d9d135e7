package store

// Tests of leases and takeovers, snapshots, the inbox, the job queue and events, on both databases; notifications on PostgreSQL.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestLeasesAndClaims(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		t0 := time.UnixMilli(1_700_000_000_000)
		g := sample("g")
		g.TurnStarted = t0
		if err := s.CreateGame(ctx, g, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(ctx, sample("h"), nil); err != nil {
			t.Fatal(err)
		}
		// p1 beats at t0+3s with a 5 s lease.
		if err := s.Beat(ctx, "p1", t0.Add(3*time.Second), 5*time.Second); err != nil {
			t.Fatal(err)
		}
		if owned, err := s.Owned(ctx, "p1"); err != nil || strings.Join(owned, ",") != "g,h" {
			t.Errorf("owned by p1: %v %v", owned, err)
		}
		if owner, leased, over, err := s.OwnerOf(ctx, "g", t0.Add(4*time.Second)); owner != "p1" || !leased || over || err != nil {
			t.Errorf("owner of g: %q %v %v %v", owner, leased, over, err)
		}
		if _, _, _, err := s.OwnerOf(ctx, "nope", t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("owner of nope: %v", err)
		}
		// While the lease runs, nothing is expired and nobody may claim.
		if o, err := s.Expired(ctx, "p2", t0.Add(8*time.Second), 10); len(o) != 0 || err != nil {
			t.Errorf("expired while leased: %v %v", o, err)
		}
		if err := s.Claim(ctx, "g", "p2", "p1", t0.Add(8*time.Second), t0); !errors.Is(err, ErrConflict) {
			t.Errorf("claim while leased: %v", err)
		}
		// After it ran out.
		now := t0.Add(9 * time.Second)
		o, err := s.Expired(ctx, "p2", now, 10)
		if err != nil || len(o) != 2 || o[0].ID != "g" || o[0].Owner != "p1" || !o[0].Beat.Equal(t0.Add(3*time.Second)) {
			t.Fatalf("expired: %+v %v", o, err)
		}
		if e := o[0].Elapsed(); e != 3*time.Second {
			t.Errorf("elapsed %v, want 3s (turn start to last beat)", e)
		}
		if o, _ := s.Expired(ctx, "p1", now, 10); len(o) != 0 {
			t.Errorf("a process's own games are not expired for it: %+v", o)
		}
		if o, _ := s.Expired(ctx, "p2", now, 1); len(o) != 1 {
			t.Errorf("limit 1: %d", len(o))
		}
		// A job of the old owner is dropped with the claim.
		if err := s.AddJob(ctx, Job{ID: "j1", Game: "g", Ply: 0, Plays: "computer:1", Created: t0}); err != nil {
			t.Fatal(err)
		}
		// Two processes claim at once: one wins.
		var wg sync.WaitGroup
		errs := map[string]error{}
		var mu sync.Mutex
		for _, p := range []string{"p2", "p3"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.Claim(ctx, "g", p, "p1", now, now.Add(-3*time.Second))
				mu.Lock()
				errs[p] = err
				mu.Unlock()
			}()
		}
		wg.Wait()
		winner := ""
		for p, err := range errs {
			if err == nil {
				if winner != "" {
					t.Errorf("both %s and %s claimed g", winner, p)
				}
				winner = p
			} else if !errors.Is(err, ErrConflict) {
				t.Errorf("%s: %v", p, err)
			}
		}
		if winner == "" {
			t.Fatal("nobody claimed g")
		}
		row, _, _ := s.Load(ctx, "g")
		if row.Owner != winner || !row.TurnStarted.Equal(now.Add(-3*time.Second)) {
			t.Errorf("after the claim: owner %q turn %v", row.Owner, row.TurnStarted)
		}
		if live, _ := s.JobLive(ctx, "j1"); live {
			t.Error("the old owner's job survived the claim")
		}
		// The old owner is fenced out.
		if err := s.AddMove(ctx, "g", "p1", Move{Ply: 0, Text: "e2e4"}, now, nil); !errors.Is(err, ErrNotOwner) {
			t.Errorf("a move by the old owner: %v", err)
		}
		if _, err := s.Publish(ctx, "g", "p1", now, "{}", "[]"); !errors.Is(err, ErrNotOwner) {
			t.Errorf("a snapshot by the old owner: %v", err)
		}
		if err := s.AddMove(ctx, "g", winner, Move{Ply: 0, Text: "e2e4"}, now, nil); err != nil {
			t.Errorf("a move by the new owner: %v", err)
		}
		// A process may take back its own game whatever its lease; a
		// finished game is nobody's to claim.
		if err := s.Claim(ctx, "g", winner, winner, now, now); err != nil {
			t.Errorf("claiming one's own game: %v", err)
		}
		if err := s.Finish(ctx, "g", winner, 1, Ending{Result: "1-0", At: now}); err != nil {
			t.Fatal(err)
		}
		if err := s.Claim(ctx, "g", "p4", winner, now.Add(time.Hour), now); !errors.Is(err, ErrConflict) {
			t.Errorf("claiming a finished game: %v", err)
		}
		if owner, _, over, _ := s.OwnerOf(ctx, "g", now); !over || owner != winner {
			t.Errorf("finished g: %q over %v", owner, over)
		}
	})
}

func TestSnapshots(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		if err := s.CreateGame(ctx, sample("g"), nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Snapshot(ctx, "g"); !errors.Is(err, ErrNotFound) {
			t.Errorf("no snapshot yet: %v", err)
		}
		at := time.UnixMilli(1_700_000_000_123)
		for i := 1; i <= 3; i++ {
			v, err := s.Publish(ctx, "g", "p1", at, fmt.Sprintf(`{"ply":%d}`, i), "[]")
			if err != nil || v != int64(i) {
				t.Fatalf("publish %d: version %d %v", i, v, err)
			}
		}
		sn, err := s.Snapshot(ctx, "g")
		if err != nil || sn.Version != 3 || sn.State != `{"ply":3}` || sn.Legal != "[]" || sn.Owner != "p1" || !sn.At.Equal(at) {
			t.Errorf("snapshot %+v %v", sn, err)
		}
		if _, err := s.Publish(ctx, "g", "p2", at, "{}", "[]"); !errors.Is(err, ErrNotOwner) {
			t.Errorf("publishing another's game: %v", err)
		}
		if _, err := s.Publish(ctx, "nope", "p1", at, "{}", "[]"); !errors.Is(err, ErrNotFound) {
			t.Errorf("publishing no game: %v", err)
		}
		big := strings.Repeat("x", 200_000) // far beyond a notification's payload
		if v, err := s.Publish(ctx, "g", "p1", at, big, "[]"); err != nil || v != 4 {
			t.Errorf("a big snapshot: %d %v", v, err)
		}
		if sn, _ := s.Snapshot(ctx, "g"); len(sn.State) != len(big) {
			t.Errorf("a big snapshot read back with %d bytes", len(sn.State))
		}
		// A game that ends has its last state published; its jobs go.
		s.AddJob(ctx, Job{ID: "j", Game: "g", Plays: "random", Created: at})
		if err := s.AddMove(ctx, "g", "p1", Move{Ply: 0, Text: "f2f3"}, at, &Ending{Result: "0-1", Termination: "checkmate", At: at}); err != nil {
			t.Fatal(err)
		}
		if live, _ := s.JobLive(ctx, "j"); live {
			t.Error("the job of a game that ended with a move is live")
		}
		if v, err := s.Publish(ctx, "g", "p1", at, "end", "[]"); err != nil || v != 5 {
			t.Errorf("the last state of a finished game: %d %v", v, err)
		}
	})
}

func TestInbox(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		for _, id := range []string{"g", "h"} {
			if err := s.CreateGame(ctx, sample(id), nil); err != nil {
				t.Fatal(err)
			}
		}
		other := sample("o")
		other.Owner = "p2"
		if err := s.CreateGame(ctx, other, nil); err != nil {
			t.Fatal(err)
		}
		at := time.UnixMilli(1_700_000_000_000)
		send := []Message{
			{ID: "m3", Game: "g", Sender: "pB", Conn: 7, Seat: 1, Kind: "msg", Body: `{"type":"resign","ply":0}`, Created: at.Add(time.Millisecond), Seq: 1},
			{ID: "m1", Game: "g", Sender: "pB", Conn: 7, Seat: 1, Kind: "msg", Body: "first", Created: at, Seq: 1},
			{ID: "m2", Game: "h", Sender: "pB", Conn: 7, Seat: -1, Kind: "presence", Body: "3", Created: at, Seq: 2},
			{ID: "mo", Game: "o", Sender: "pB", Conn: 0, Seat: 0, Kind: "msg", Body: "for p2", Created: at, Seq: 3},
		}
		for _, m := range send {
			if err := s.Send(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Send(ctx, Message{ID: "mx", Game: "nope", Sender: "pB", Kind: "msg", Created: at}); !errors.Is(err, ErrNotFound) {
			t.Errorf("a message for no game: %v", err)
		}
		got, err := s.Drain(ctx, "p1", at)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range got {
			ids = append(ids, m.ID)
		}
		if strings.Join(ids, ",") != "m1,m2,m3" {
			t.Errorf("drained %v, want m1,m2,m3 in order", ids)
		}
		if len(got) == 3 && (got[2].Body != send[0].Body || got[2].Conn != 7 || got[2].Seat != 1 || got[2].Kind != "msg" || got[2].Sender != "pB" || !got[2].Created.Equal(send[0].Created)) {
			t.Errorf("m3 read back as %+v", got[2])
		}
		if again, _ := s.Drain(ctx, "p1", at); len(again) != 0 {
			t.Errorf("drained twice: %+v", again)
		}
		if err := s.Done(ctx, ids); err != nil {
			t.Fatal(err)
		}
		// Concurrent drains by two processes (an owner and the one taking
		// over) never both get a message.
		for i := range 50 {
			s.Send(ctx, Message{ID: fmt.Sprint("c", i), Game: "o", Sender: "pB", Kind: "msg", Body: "x", Created: at, Seq: int64(i)})
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		seen := map[string]int{}
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 5 {
					ms, err := s.Drain(ctx, "p2", at)
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					for _, m := range ms {
						seen[m.ID]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(seen) != 51 {
			t.Errorf("%d messages drained, want 51", len(seen))
		}
		var done []string
		for id, n := range seen {
			if n != 1 {
				t.Errorf("message %s drained %d times", id, n)
			}
			done = append(done, id)
		}
		if err := s.Done(ctx, done); err != nil {
			t.Fatal(err)
		}
		// Taken messages are not taken again by their taker, nor by another
		// process while the taker's lease runs; once it ran out, the
		// game's next owner takes them (Tries 2); Done deletes them.
		s.Beat(ctx, "p1", at, time.Minute)
		s.Send(ctx, Message{ID: "t1", Game: "g", Sender: "pB", Kind: "msg", Body: "x", Created: at})
		if ms, _ := s.Drain(ctx, "p1", at); len(ms) != 1 || ms[0].ID != "t1" || ms[0].Tries != 1 {
			t.Fatalf("taken: %+v", ms)
		}
		if ms, _ := s.Drain(ctx, "p1", at); len(ms) != 0 {
			t.Errorf("taken twice by its taker: %+v", ms)
		}
		if err := s.Claim(ctx, "g", "p3", "p1", at.Add(2*time.Minute), at); err != nil {
			t.Fatal(err)
		}
		if ms, _ := s.Drain(ctx, "p3", at.Add(30*time.Second)); len(ms) != 0 {
			t.Errorf("taken from a process whose lease runs: %+v", ms)
		}
		ms, _ := s.Drain(ctx, "p3", at.Add(2*time.Minute))
		if len(ms) != 1 || ms[0].ID != "t1" || ms[0].Tries != 2 {
			t.Fatalf("taken again after the taker died: %+v", ms)
		}
		if err := s.Done(ctx, []string{"t1", "nope"}); err != nil {
			t.Fatal(err)
		}
		if ms, _ := s.Drain(ctx, "p3", at.Add(time.Hour)); len(ms) != 0 {
			t.Errorf("a message done is taken again: %+v", ms)
		}
		// Purge.
		s.Send(ctx, Message{ID: "old", Game: "g", Sender: "pB", Kind: "msg", Created: at})
		s.Send(ctx, Message{ID: "new", Game: "g", Sender: "pB", Kind: "msg", Created: at.Add(time.Hour)})
		if n, err := s.PurgeInbox(ctx, at.Add(time.Minute)); n != 1 || err != nil {
			t.Errorf("purged %d %v", n, err)
		}
	})
}

func TestJobs(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		for _, id := range []string{"g", "h"} {
			if err := s.CreateGame(ctx, sample(id), nil); err != nil {
				t.Fatal(err)
			}
		}
		now := time.UnixMilli(1_700_000_000_000)
		for _, p := range []string{"w1", "w2"} {
			if err := s.Beat(ctx, p, now, 5*time.Second); err != nil {
				t.Fatal(err)
			}
		}
		if j, err := s.TakeJob(ctx, "w1", now); j != nil || err != nil {
			t.Errorf("a job from an empty queue: %+v %v", j, err)
		}
		s.AddJob(ctx, Job{ID: "a", Game: "g", Ply: 3, Plays: "computer:2", Created: now})
		s.AddJob(ctx, Job{ID: "b", Game: "h", Ply: 0, Plays: "random", Created: now.Add(time.Millisecond)})
		// A new job of a game replaces its old one.
		s.AddJob(ctx, Job{ID: "a2", Game: "g", Ply: 4, Plays: "computer:2", Created: now.Add(2 * time.Millisecond)})
		if live, _ := s.JobLive(ctx, "a"); live {
			t.Error("the replaced job is live")
		}
		j, err := s.TakeJob(ctx, "w1", now)
		if err != nil || j == nil || j.ID != "b" || j.Game != "h" || j.Plays != "random" || j.Ply != 0 {
			t.Fatalf("first job: %+v %v", j, err)
		}
		j2, err := s.TakeJob(ctx, "w2", now)
		if err != nil || j2 == nil || j2.ID != "a2" || j2.Ply != 4 {
			t.Fatalf("second job: %+v %v", j2, err)
		}
		if j3, _ := s.TakeJob(ctx, "w2", now); j3 != nil {
			t.Errorf("a taken job taken again: %+v", j3)
		}
		// w1's lease runs out: its job goes to another worker.
		later := now.Add(6 * time.Second)
		s.Beat(ctx, "w2", later, 5*time.Second)
		j4, err := s.TakeJob(ctx, "w2", later)
		if err != nil || j4 == nil || j4.ID != "b" {
			t.Fatalf("a dead worker's job: %+v %v", j4, err)
		}
		// The first to finish it sends the result; the other's is dropped.
		res := Message{ID: "r1", Game: "h", Sender: "w2", Kind: "result", Body: "e2e4", Created: later}
		if ok, err := s.JobDone(ctx, "b", "w2", res); !ok || err != nil {
			t.Errorf("done by w2: %v %v", ok, err)
		}
		res.ID = "r2"
		if ok, err := s.JobDone(ctx, "b", "w1", res); ok || err != nil {
			t.Errorf("done by w1 after w2: %v %v", ok, err)
		}
		if ms, _ := s.Drain(ctx, "p1", later); len(ms) != 1 || ms[0].ID != "r1" || ms[0].Body != "e2e4" {
			t.Errorf("results: %+v", ms)
		}
		// Cancelling drops the game's job; its worker's result goes nowhere.
		if err := s.CancelJobs(ctx, "g"); err != nil {
			t.Fatal(err)
		}
		if live, _ := s.JobLive(ctx, "a2"); live {
			t.Error("a cancelled job is live")
		}
		if ok, _ := s.JobDone(ctx, "a2", "w2", Message{ID: "r3", Game: "g", Sender: "w2", Kind: "result", Created: later}); ok {
			t.Error("a cancelled job's result was sent")
		}
		// A finished game's jobs go with it.
		s.AddJob(ctx, Job{ID: "c", Game: "g", Ply: 0, Plays: "random", Created: now})
		if err := s.Finish(ctx, "g", "p1", 0, Ending{Result: "draw", At: now}); err != nil {
			t.Fatal(err)
		}
		if live, _ := s.JobLive(ctx, "c"); live {
			t.Error("a finished game's job is live")
		}
	})
}

// TestJobsSkipLocked: many workers take jobs at once; each job goes to
// exactly one of them.
func TestJobsConcurrent(t *testing.T) {
	each(t, func(t *testing.T, s *Store, _ string) {
		ctx := context.Background()
		now := time.Now()
		const games = 30
		for i := range games {
			id := fmt.Sprint("g", i)
			if err := s.CreateGame(ctx, sample(id), nil); err != nil {
				t.Fatal(err)
			}
			if err := s.AddJob(ctx, Job{ID: "j" + id, Game: id, Plays: "random", Created: now}); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		took := map[string]string{}
		var wg sync.WaitGroup
		for w := range 6 {
			proc := fmt.Sprint("w", w)
			s.Beat(ctx, proc, now, time.Minute)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					j, err := s.TakeJob(ctx, proc, now)
					if err != nil {
						t.Error(err)
						return
					}
					if j == nil {
						return
					}
					mu.Lock()
					if by, ok := took[j.ID]; ok {
						t.Errorf("job %s taken by %s and %s", j.ID, by, proc)
					}
					took[j.ID] = proc
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(took) != games {
			t.Errorf("%d jobs taken, want %d", len(took), games)
		}
	})
}

func TestEvents(t *testing.T) {
	good := []Event{
		{Kind: EventSnapshot, Game: "AbC123", Version: 7},
		{Kind: EventInbox, Proc: "pXyz"},
		{Kind: EventReply, Proc: "pXyz", Conn: 42, Data: `{"type":"error","message":"a b  c"}`},
		{Kind: EventReply, Proc: "p", Conn: 1, Data: ""},
		{Kind: EventJob},
		{Kind: EventCancel, Game: "g"},
		{Kind: EventGame, Game: "g-1_x"},
	}
	for _, e := range good {
		got, err := ParseEvent(e.String())
		if err != nil || got != e {
			t.Errorf("%q: read back as %+v, %v", e.String(), got, err)
		}
	}
	bad := []string{"", "s", "s g", "s g 0", "s g -1", "s g x", "s g 1 2", "sg 1", "i", "i a b", "i " + strings.Repeat("a", 65),
		"r p 0 x", "r p x y", "r p", "j x", "x", "x a;b", "g ", "q a", "s é 1", "r p 1" + strings.Repeat("x", MaxEventBytes)}
	for _, text := range bad {
		if e, err := ParseEvent(text); !errors.Is(err, ErrBadEvent) {
			t.Errorf("%q: read as %+v, %v", text, e, err)
		}
	}
}

func FuzzParseEvent(f *testing.F) {
	for _, s := range []string{"s g 1", "i p", "r p 1 {}", "j", "x g", "g g", "", "s  1", "r p 18446744073709551615 x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e, err := ParseEvent(text)
		if err != nil {
			if !errors.Is(err, ErrBadEvent) {
				t.Fatalf("%q: %v", text, err)
			}
			return
		}
		// What reads writes back the same, and reads again the same.
		again, err := ParseEvent(e.String())
		if err != nil || again != e {
			t.Fatalf("%q → %+v → %q → %+v %v", text, e, e.String(), again, err)
		}
	})
}

// TestListen: notifications arrive in commit order, rolled-back ones never,
// and after the listening connection is killed Listen connects again and
// resyncs (PostgreSQL only).
func TestListen(t *testing.T) {
	for _, b := range backends {
		if b.name != "postgres" {
			continue
		}
		s, err := Open(context.Background(), b.target(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		events := make(chan Event, 100)
		resyncs := make(chan struct{}, 10)
		go s.Listen(ctx, func(e Event) { events <- e }, func() { resyncs <- struct{}{} }, nil)
		wait := func(what string) {
			select {
			case <-resyncs:
			case <-time.After(10 * time.Second):
				t.Fatalf("no resync %s", what)
			}
		}
		wait("at the start")
		if err := s.CreateGame(ctx, sample("g"), nil); err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			s.Publish(ctx, "g", "p1", time.Now(), fmt.Sprint(i), "[]")
		}
		// A snapshot by a process that is not the owner is refused, and
		// nothing is sent.
		s.Publish(ctx, "g", "p2", time.Now(), "x", "[]")
		s.Reply(ctx, "pB", 9, `{"type":"error"}`)
		var got []string
		for len(got) < 4 {
			select {
			case e := <-events:
				got = append(got, e.String())
			case <-time.After(10 * time.Second):
				t.Fatalf("events so far: %v", got)
			}
		}
		if want := `s g 1,s g 2,s g 3,r pB 9 {"type":"error"}`; strings.Join(got, ",") != want {
			t.Errorf("events %v, want %s", got, want)
		}
		// Kill the listening connection from the server's side.
		if _, err := s.db.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`); err != nil {
			t.Fatal(err)
		}
		wait("after the connection was killed")
		s.Notify(ctx, Event{Kind: EventJob})
		select {
		case e := <-events:
			if e.Kind != EventJob {
				t.Errorf("after reconnecting: %+v", e)
			}
		case <-time.After(10 * time.Second):
			t.Error("no event after reconnecting")
		}
		cancel()
	}
}
