// Tournament files: the JSON record of a tournament, read and checked, written back.
package tournament

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
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

// Save writes the tournament to path, through a temporary file renamed
// over it, so a failed write leaves the old file whole.
func (t *Tournament) Save(path string) error {
	data, err := t.Encode()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
