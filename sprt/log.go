package sprt

// A resumable record of a test: one line per pair played, so that a test stopped midway goes on where it stopped.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Log is a file that records the pairs of one test, a header line (the
// test's description) followed by one JSON line per pair.
type Log struct {
	f *os.File
}

// OpenLog opens the log at path for the test header describes, and returns
// the pairs it holds. A new file is created with the header; an existing
// one must have been written for the same header (the same players,
// variant, openings and limits), or its pairs would mix two tests. A
// last line cut short (the test was killed while writing) is dropped.
func OpenLog(path, header string) (*Log, []PairResult, error) {
	header = "# " + strings.ReplaceAll(header, "\n", " ")
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		f, err := os.Create(path)
		if err != nil {
			return nil, nil, err
		}
		if _, err := f.WriteString(header + "\n"); err != nil {
			f.Close()
			return nil, nil, err
		}
		return &Log{f: f}, nil, nil
	case err != nil:
		return nil, nil, err
	}
	text := string(data)
	first, rest, _ := strings.Cut(text, "\n")
	if first != header {
		return nil, nil, fmt.Errorf("sprt: log %s was written for another test:\n  %s\nnot\n  %s", path, first, header)
	}
	var pairs []PairResult
	sc := bufio.NewScanner(strings.NewReader(rest))
	sc.Buffer(nil, 1<<20)
	good := len(first) + 1 // the bytes of whole lines read
	for sc.Scan() {
		line := sc.Text()
		var p PairResult
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			break // a line cut short: what follows is dropped
		}
		pairs = append(pairs, p)
		good += len(line) + 1
	}
	if good > len(text) {
		good = len(text) // the last line had no newline
	}
	if err := os.Truncate(path, int64(good)); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, nil, err
	}
	if good > 0 && !strings.HasSuffix(text[:good], "\n") {
		if _, err := f.WriteString("\n"); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return &Log{f: f}, pairs, nil
}

// Write appends a pair to the log.
func (l *Log) Write(p PairResult) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	_, err = l.f.Write(append(b, '\n'))
	return err
}

// Close closes the log's file.
func (l *Log) Close() error { return l.f.Close() }
