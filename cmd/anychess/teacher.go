package main

// The tune subcommand's teacher step: a stronger engine scores the positions of a tuning file.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/match"
)

// teacherSkip starts the line of a position the teacher did not score
// (a mate score, or a best move that is not quiet); the fit skips it.
// teacherHeader starts the file's first line, which names the teacher and
// the positions file; the fit copies it into the weights' note.
const (
	teacherSkip   = "#"
	teacherHeader = "#!"
)

// tuneTeach asks the teacher, a UCI engine (match.ParsePlayer's "uci:…"
// with its own go limits), for its score of every position of in and
// writes them to out as "RESULT<TAB>SCORE<TAB>POSITION", SCORE the
// teacher's centipawns for the first player. A position the teacher
// scores as a mate, or whose best move captures, promotes or gives no
// quiet answer the static evaluation could match, is written as
// "# POSITION", after a first line "#! …" that names the teacher. out is
// written in the order of in and may be resumed:
// its lines are checked against in's, a partial last line is dropped, and
// the teacher goes on from the next position.
func tuneTeach(r *core.Rules, in, out, teacher string, workers int, stdout io.Writer) error {
	if !strings.HasPrefix(teacher, "uci:") || !strings.Contains(teacher, "|go ") {
		return fmt.Errorf("tune: --teacher %q: want uci:COMMAND[|NAME=VALUE…]|go LIMITS, a UCI engine with fixed limits (go depth 10)", teacher)
	}
	lines, err := readLines(in)
	if err != nil {
		return err
	}
	positions := make([]string, len(lines))
	results := make([]string, len(lines))
	for i, text := range lines {
		fields := strings.Split(text, "\t")
		if len(fields) != 3 {
			return fmt.Errorf("tune: %s:%d: want RESULT<TAB>SCORE<TAB>POSITION", in, i+1)
		}
		results[i], positions[i] = fields[0], fields[2]
	}
	done, err := resumeTeach(out, positions)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(out, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	if info, err := f.Stat(); err == nil && info.Size() == 0 {
		fmt.Fprintf(w, "%s anychess tune %s --data %s --teacher '%s'\n", teacherHeader, r.Name(), in, teacher)
	}

	var (
		mu       sync.Mutex
		next     = done                           // the next position handed to a worker
		written  = done                           // positions written to out
		scored   = make([]string, len(positions)) // the lines, by position
		ready    = make([]bool, len(positions))
		firstErr error
		wg       sync.WaitGroup
	)
	start := time.Now()
	// flush writes the finished lines that follow those written; the
	// caller holds mu.
	flush := func() error {
		for written < len(positions) && ready[written] {
			if _, err := w.WriteString(scored[written] + "\n"); err != nil {
				return err
			}
			scored[written] = ""
			written++
			if written%1000 == 0 {
				if err := w.Flush(); err != nil {
					return err
				}
				if err := f.Sync(); err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%d of %d positions scored (%v)\n", written, len(positions), time.Since(start).Round(time.Second))
			}
		}
		return nil
	}
	for range min(workers, max(1, len(positions)-done)) {
		p, err := match.ParsePlayer(teacher, 0, 0)
		if err != nil {
			return err
		}
		eng, ok := p.(*game.UCI)
		if !ok {
			p.Close()
			return fmt.Errorf("tune: --teacher %q is not a UCI engine", teacher)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer eng.Close()
			for {
				mu.Lock()
				i := next
				next++
				stop := firstErr != nil || i >= len(positions)
				mu.Unlock()
				if stop {
					return
				}
				line, err := teach(r, eng, results[i], positions[i])
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("tune: %s:%d: %w", in, i+1, err)
				}
				if err == nil {
					scored[i], ready[i] = line, true
					if err := flush(); err != nil && firstErr == nil {
						firstErr = err
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if firstErr != nil {
		return firstErr
	}
	fmt.Fprintf(stdout, "scored %d positions of %s into %s (%v)\n", written-done, in, out, time.Since(start).Round(time.Second))
	return nil
}

// teach returns the line of out for one position of the tuning file.
func teach(r *core.Rules, eng *game.UCI, result, text string) (string, error) {
	p, err := r.ParsePosition(text)
	if err != nil {
		return "", err
	}
	// A new game for every position: the teacher's answer depends on
	// the position alone, so a rerun gives the same file.
	if err := eng.NewGame(r); err != nil {
		return "", err
	}
	a, err := eng.Analyse(&game.State{Start: p, StartText: text, Position: p.Copy()})
	if err != nil {
		return "", err
	}
	if !a.Scored || a.Mate || !quietMove(p, a.Move) {
		return teacherSkip + " " + text, nil
	}
	score := a.Score
	if p.Turn() != 0 {
		score = -score
	}
	return fmt.Sprintf("%s\t%d\t%s", result, score, text), nil
}

// resumeTeach returns how many positions out (if it exists) already
// holds, after checking that its lines are in's first ones and dropping a
// partial last line.
func resumeTeach(out string, positions []string) (int, error) {
	data, err := os.ReadFile(out)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if end := bytes.LastIndexByte(data, '\n') + 1; end < len(data) {
		if err := os.Truncate(out, int64(end)); err != nil {
			return 0, err
		}
		data = data[:end]
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, teacherHeader) {
			continue
		}
		var pos string
		if rest, ok := strings.CutPrefix(line, teacherSkip+" "); ok {
			pos = rest
		} else if fields := strings.Split(line, "\t"); len(fields) == 3 {
			pos = fields[2]
		}
		if n >= len(positions) || pos != positions[n] {
			return 0, fmt.Errorf("tune: %s:%d does not continue the positions file: start a new --scored file", out, n+1)
		}
		n++
	}
	return n, nil
}

// readLines returns the lines of a file.
func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}
