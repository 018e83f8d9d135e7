package store

// Group commit for SQLite: changes that arrive together are made in one transaction, each in a savepoint of its own, and share one commit (one fsync).

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// maxBatch bounds the changes one commit carries.
const maxBatch = 128

// batcher makes SQLite's changes. SQLite has one writer at a time and
// each commit waits for the disk (synchronous FULL); under load the
// changes queue behind each other's fsyncs. The batcher takes every
// change waiting, makes each in a savepoint (a change that fails rolls
// back alone, with its own error), and commits them at once: each caller
// returns when the commit that holds its change is on disk, as with a
// transaction of its own.
type batcher struct {
	db   *sql.DB
	reqs chan *batchReq
	done chan struct{}
	once sync.Once
}

type batchReq struct {
	ctx context.Context
	fn  func(*sql.Tx) error
	err chan error
}

func newBatcher(db *sql.DB) *batcher {
	b := &batcher{db: db, reqs: make(chan *batchReq), done: make(chan struct{})}
	go b.run()
	return b
}

// do makes fn's change and returns when it is committed (or failed).
func (b *batcher) do(ctx context.Context, fn func(*sql.Tx) error) error {
	r := &batchReq{ctx: ctx, fn: fn, err: make(chan error, 1)}
	select {
	case b.reqs <- r:
	case <-ctx.Done():
		return fmt.Errorf("store: %w", ctx.Err())
	case <-b.done:
		return fmt.Errorf("store: closed")
	}
	// Once taken, the change is made or refused; its caller waits for
	// which, whatever its context says now.
	return <-r.err
}

func (b *batcher) close() {
	b.once.Do(func() { close(b.done) })
}

func (b *batcher) run() {
	for {
		var first *batchReq
		select {
		case first = <-b.reqs:
		case <-b.done:
			return
		}
		batch := []*batchReq{first}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-b.reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		b.commit(batch)
	}
}

// commit makes a batch's changes in one transaction.
func (b *batcher) commit(batch []*batchReq) {
	errs := make([]error, len(batch))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	fail := func(err error) {
		for _, r := range batch {
			r.err <- fmt.Errorf("store: %w", err)
		}
	}
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
		return
	}
	ok := 0
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			errs[i] = fmt.Errorf("store: %w", err)
			continue
		}
		if _, err := tx.ExecContext(ctx, `SAVEPOINT change`); err != nil {
			tx.Rollback()
			fail(err)
			return
		}
		if errs[i] = r.fn(tx); errs[i] != nil {
			if _, err := tx.ExecContext(ctx, `ROLLBACK TO change`); err != nil {
				tx.Rollback()
				fail(err)
				return
			}
		} else {
			ok++
		}
		if _, err := tx.ExecContext(ctx, `RELEASE change`); err != nil {
			tx.Rollback()
			fail(err)
			return
		}
	}
	if ok == 0 {
		err = tx.Rollback()
	} else {
		err = tx.Commit()
	}
	for i, r := range batch {
		if errs[i] == nil && err != nil {
			errs[i] = fmt.Errorf("store: %w", err)
		}
		r.err <- errs[i]
	}
}
