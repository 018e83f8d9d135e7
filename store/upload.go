package store

// Uploaded variants: the file's text by the variant's name, stored once and never changed.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrNoUpload: no uploaded variant has the name.
var ErrNoUpload = errors.New("no such uploaded variant")

// Upload is an uploaded variant.
type Upload struct {
	// Name is the variant's name (its file's name key), Title its title.
	Name, Title string
	// File is the file name it was uploaded as (for errors), Source the
	// file's text.
	File, Source string
	Created      time.Time
	// Uploader is a hash of the uploader's address.
	Uploader string
}

// AddUpload stores an uploaded variant; a name taken is ErrConflict.
func (s *Store) AddUpload(ctx context.Context, u *Upload) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO uploads (name, title, file, source, created, uploader) VALUES ($1, $2, $3, $4, $5, $6)`,
			u.Name, u.Title, u.File, u.Source, ms(u.Created), u.Uploader); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		if isUnique(err) {
			return fmt.Errorf("%w: a variant named %q was uploaded before", ErrConflict, u.Name)
		}
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// GetUpload returns the uploaded variant name.
func (s *Store) GetUpload(ctx context.Context, name string) (*Upload, error) {
	u := &Upload{Name: name}
	var created int64
	err := s.db.QueryRowContext(ctx, `SELECT title, file, source, created, uploader FROM uploads WHERE name = $1`, name).Scan(
		&u.Title, &u.File, &u.Source, &created, &u.Uploader)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrNoUpload, name)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	u.Created = fromMS(created)
	return u, nil
}

// UploadNames returns the names of the uploaded variants, the oldest
// first, at most limit.
func (s *Store) UploadNames(ctx context.Context, limit int) ([]string, error) {
	return s.ids(ctx, `SELECT name FROM uploads ORDER BY created, name LIMIT $1`, limit)
}

// UploadsSince counts the variants uploaded since a time, by anyone
// (uploader "") or by one uploader.
func (s *Store) UploadsSince(ctx context.Context, since time.Time, uploader string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM uploads WHERE created >= $1 AND ($2 = '' OR uploader = $2)`, ms(since), uploader).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return n, nil
}
