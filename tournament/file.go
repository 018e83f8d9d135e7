package tournament

// Tournament files: the JSON record of a tournament, read and checked, written back.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"anychess/internal/atomicfile"
)

// maxFile bounds the size of a tournament file read.
const maxFile = 4 << 20

// Parse reads a tournament file (JSON, the form Encode writes) and checks it
// by replaying its battles. Unknown fields are errors; it never panics.
func Parse(data []byte) (*Tournament, error) {
	if len(data) > maxFile {
		return nil, fmt.Errorf("tournament file too large (%d bytes)", len(data))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	t := new(Tournament)
	if err := dec.Decode(t); err != nil {
		return nil, fmt.Errorf("tournament file: %v", err)
	}
	if dec.More() {
		return nil, errors.New("tournament file: more than one JSON value")
	}
	if _, err := t.replay(); err != nil {
		return nil, fmt.Errorf("tournament file: %v", err)
	}
	return t, nil
}

// Encode writes the tournament as indented JSON.
func (t *Tournament) Encode() ([]byte, error) {
	c := *t
	if c.Players == nil {
		c.Players = []Entry{}
	}
	if c.Battles == nil {
		c.Battles = []Battle{}
	}
	data, err := json.MarshalIndent(&c, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// Load reads the tournament file at path.
func Load(path string) (*Tournament, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no tournament file %s (start one with 'anychess tournament new --file %s')", path, path)
	}
	if err != nil {
		return nil, err
	}
	t, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return t, nil
}

// Save writes the tournament to path atomically and durably: through a
// temporary file of its own in the same directory, written and synced,
// renamed over path, and the directory synced. A failed write leaves the
// old file whole, and readers see the old file or the new one, never a
// part. Save does not serialise writers: to change a file other processes
// may change too, use Update.
func (t *Tournament) Save(path string) error {
	data, err := t.Encode()
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}

// Create starts the tournament file at path with t, under the file's lock;
// it fails if the file exists.
func Create(path string, t *Tournament) error {
	unlock, err := atomicfile.Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		if err == nil {
			return fmt.Errorf("%s exists already", path)
		}
		return err
	}
	return t.Save(path)
}

// Update applies change to the tournament in the file at path and saves it,
// holding the file's lock from the read to the write, so that changes made
// at once by several processes are applied one after the other and none is
// lost. When change fails nothing is written. It returns the tournament as
// saved.
func Update(path string, change func(t *Tournament) error) (*Tournament, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		_, err := Load(path) // its error names the file and how to start one
		return nil, err
	}
	unlock, err := atomicfile.Lock(path)
	if err != nil {
		return nil, err
	}
	defer unlock()
	t, err := Load(path)
	if err != nil {
		return nil, err
	}
	if err := change(t); err != nil {
		return nil, err
	}
	if err := t.Save(path); err != nil {
		return nil, err
	}
	return t, nil
}
