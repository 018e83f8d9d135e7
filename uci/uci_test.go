package uci

// Tests of the UCI server in process: the handshake, options, positions in every variant, go limits, stop, and bad input.

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/variant"
)

// lines collects the server's output and lets a test wait for a line.
type lines struct {
	mu   sync.Mutex
	buf  strings.Builder
	all  []string
	more chan struct{} // signalled on every write
}

func newLines() *lines { return &lines{more: make(chan struct{}, 1)} }

func (l *lines) Write(b []byte) (int, error) {
	l.mu.Lock()
	l.buf.Write(b)
	text := l.buf.String()
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		l.all = append(l.all, strings.Split(text[:i], "\n")...)
		l.buf.Reset()
		l.buf.WriteString(text[i+1:])
	}
	l.mu.Unlock()
	select {
	case l.more <- struct{}{}:
	default:
	}
	return len(b), nil
}

// since returns the lines from index from on.
func (l *lines) since(from int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.all[from:]...)
}

func (l *lines) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.all)
}

// await waits up to timeout for a line starting with prefix written after
// line from, and returns it.
func (l *lines) await(t *testing.T, from int, prefix string, timeout time.Duration) string {
	t.Helper()
	return l.awaitAny(t, from, []string{prefix}, timeout)
}

// awaitAny waits for a line starting with any of the prefixes.
func (l *lines) awaitAny(t *testing.T, from int, prefixes []string, timeout time.Duration) string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		for _, line := range l.since(from) {
			for _, prefix := range prefixes {
				if strings.HasPrefix(line, prefix) {
					return line
				}
			}
		}
		select {
		case <-l.more:
		case <-deadline:
			t.Fatalf("none of %q within %v; output:\n%s", prefixes, timeout, strings.Join(l.since(from), "\n"))
			return ""
		}
	}
}

// session runs commands and returns the output they gave (waiting for the
// bestmove of a go).
func session(t *testing.T, s *Server, out *lines, cmds ...string) []string {
	t.Helper()
	from := out.count()
	for _, c := range cmds {
		s.Handle(c)
		if strings.HasPrefix(c, "go") && !strings.Contains(c, "infinite") {
			out.awaitAny(t, from, []string{"bestmove", "info string error"}, 20*time.Second)
		}
	}
	return out.since(from)
}

func TestHandshake(t *testing.T) {
	out := newLines()
	s := New(out)
	got := session(t, s, out, "uci", "isready")
	text := strings.Join(got, "\n")
	for _, want := range []string{"id name anychess", "option name Hash type spin", "option name Level type spin default 8 min 1 max 8", "option name Threads type spin default 1 min 1 max 256", "uciok", "readyok"} {
		if !strings.Contains(text, want) {
			t.Errorf("handshake lacks %q:\n%s", want, text)
		}
	}
	var combo string
	for _, l := range got {
		if strings.HasPrefix(l, "option name UCI_Variant type combo default chess") {
			combo = l
		}
	}
	for _, name := range variant.Names() {
		if !strings.Contains(combo+" ", " var "+name+" ") {
			t.Errorf("UCI_Variant does not offer %s: %q", name, combo)
		}
	}
}

// TestEveryVariant: each variant is selected, searched from its start and
// answers a legal move of that variant; the moves given in "position …
// moves" are played.
func TestEveryVariant(t *testing.T) {
	type tc struct {
		name    string
		options string
	}
	cases := []tc{{"martian-chess", "players=4"}, {"martian-chess", "players=4,teams"}, {"longchess", "mode=ctm"}}
	for _, name := range variant.Names() {
		cases = append(cases, tc{name, ""})
	}
	for _, c := range cases {
		opts := map[string]string{}
		cmds := []string{"setoption name UCI_Variant value " + c.name}
		if c.options != "" {
			cmds = append(cmds, "setoption name VariantOptions value "+c.options)
			list, _ := variant.ParseOptions(strings.Split(c.options, ","))
			opts = list
		}
		r, err := variant.Load(c.name, opts)
		if err != nil {
			t.Fatal(err)
		}
		// Two plies in, so that "moves" is exercised.
		p := r.StartPosition()
		var played []string
		for i := 0; i < 2; i++ {
			m := p.LegalMoves(nil)[0]
			played = append(played, notation.Coordinate.Encode(p, m))
			p.MakeMove(m)
		}
		out := newLines()
		s := New(out)
		cmds = append(cmds, "position startpos moves "+strings.Join(played, " "), "go depth 2")
		got := session(t, s, out, cmds...)
		if s.variant != c.name || s.pos.String() != p.String() {
			t.Errorf("%s %s: variant %s, position %q, want %q", c.name, c.options, s.variant, s.pos.String(), p.String())
		}
		var best string
		for _, l := range got {
			if strings.HasPrefix(l, "info string error") {
				t.Errorf("%s %s: %s", c.name, c.options, l)
			}
			if f := strings.Fields(l); len(f) == 2 && f[0] == "bestmove" {
				best = f[1]
			}
		}
		if _, err := p.ParseDeclared(best, func(t string) (core.Move, error) { return notation.Coordinate.Decode(p, t) }); err != nil {
			t.Errorf("%s %s: bestmove %q: %v", c.name, c.options, best, err)
		}
		// The same position by its text.
		got = session(t, s, out, "position fen "+p.String(), "go depth 1")
		if s.pos.String() != p.String() || !strings.HasPrefix(got[len(got)-1], "bestmove ") {
			t.Errorf("%s %s: position fen %q gave %q:\n%s", c.name, c.options, p.String(), s.pos.String(), strings.Join(got, "\n"))
		}
	}
}

// TestSiberiaMate: a mate in one along Siberia's ninth file is found only
// when the variant is Siberia.
func TestSiberiaMate(t *testing.T) {
	out := newLines()
	s := New(out)
	got := session(t, s, out, "setoption name UCI_Variant value siberia",
		"position fen k8/9/1K7/9/9/9/9/9/8R w - - 0 1", "go depth 3")
	text := strings.Join(got, "\n")
	if !strings.Contains(text, "score mate 1") || got[len(got)-1] != "bestmove i1i9" {
		t.Errorf("siberia mate in one:\n%s", text)
	}
}

// TestThreads: with Threads 2 the search (lazy SMP) still finds the mate
// in one, and its engine is the one the option made.
func TestThreads(t *testing.T) {
	out := newLines()
	s := New(out)
	got := session(t, s, out, "setoption name UCI_Variant value siberia", "setoption name Threads value 2",
		"position fen k8/9/1K7/9/9/9/9/9/8R w - - 0 1", "go depth 4")
	if text := strings.Join(got, "\n"); !strings.Contains(text, "score mate 1") || got[len(got)-1] != "bestmove i1i9" {
		t.Errorf("siberia mate in one with two threads:\n%s", text)
	}
	if s.threads != 2 || s.engine == nil || s.engine.Threads() != 2 {
		t.Errorf("threads %d, engine %v", s.threads, s.engine != nil)
	}
}

// TestBadInput: each bad command answers an error naming the problem and
// leaves the variant and position as they were.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"frobnicate", `unknown command "frobnicate"`},
		{"setoption", "want 'setoption name NAME"},
		{"setoption name UCI_Variant value nochess", `unknown variant "nochess"`},
		{"setoption name VariantOptions value players=4", `VariantOptions "players=4" for siberia`},
		{"setoption name Hash value lots", `Hash: "lots"`},
		{"setoption name Hash value 0", `Hash: "0"`},
		{"setoption name Level value 9", `Level: "9"`},
		{"setoption name Threads value 0", `Threads: "0"`},
		{"setoption name Threads value 100000", `Threads: "100000"`},
		{"setoption name Threads value two", `Threads: "two"`},
		{"setoption name Thread value 2", `unknown option "Thread"`},
		{"position", "want 'position startpos|fen"},
		{"position middle", `want startpos or fen, got "middle"`},
		{"position startpos e2e4", `unexpected "e2e4" after startpos`},
		{"position fen", "no position text"},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "position fen for siberia"},
		{"position startpos moves e2e4 e2e4", `move 2 "e2e4"`},
		{"position startpos moves e2e9", `move 1 "e2e9"`},
		{"position startpos moves e2e4:clock", `move 1 "e2e4:clock"`},
		{"go depth", "depth wants a number"},
		{"go depth x", `depth wants a number, got "x"`},
		{"go depth 0", "depth 0"},
		{"go nodes -5", "nodes -5"},
		{"go mate 3", `unknown parameter "mate"`},
	} {
		out := newLines()
		s := New(out)
		session(t, s, out, "setoption name UCI_Variant value siberia", "position startpos moves e2e4")
		before, beforeVariant := s.pos.String(), s.variant
		got := session(t, s, out, tc.cmd)
		if strings.HasPrefix(tc.cmd, "go") {
			// A go is always answered by a bestmove, here at once.
			if len(got) != 2 || got[1] != "bestmove (none)" {
				t.Errorf("%q: got %q, want an error, then bestmove (none)", tc.cmd, got)
			}
			got = got[:1]
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") || !strings.Contains(got[0], tc.want) {
			t.Errorf("%q: got %q, want an error with %q", tc.cmd, got, tc.want)
		}
		if s.pos.String() != before || s.variant != beforeVariant || s.done != nil {
			t.Errorf("%q changed the state: %s %q", tc.cmd, s.variant, s.pos.String())
		}
	}
}

// TestClockSide: the player to move takes its own clock. With white to
// move, wtime 60 ms answers at once even though btime is long; with black
// to move the same command would search for seconds, so it is stopped.
func TestClockSide(t *testing.T) {
	out := newLines()
	s := New(out)
	start := time.Now()
	session(t, s, out, "position startpos", "go wtime 60 btime 100000 winc 0 binc 0")
	if d := time.Since(start); d > time.Second {
		t.Errorf("white with 60 ms on its clock took %v", d)
	}
	from := out.count()
	s.Handle("position startpos moves e2e4")
	s.Handle("go wtime 60 btime 100000")
	time.Sleep(500 * time.Millisecond)
	if best := out.since(from); len(best) > 0 && strings.HasPrefix(best[len(best)-1], "bestmove") {
		t.Errorf("black answered within 0.5 s of a 100 s clock:\n%s", strings.Join(best, "\n"))
	}
	s.Handle("stop")
	out.await(t, from, "bestmove", 5*time.Second)
}

// TestInfiniteAndStop: "go infinite" answers only after stop, at once.
func TestInfiniteAndStop(t *testing.T) {
	out := newLines()
	s := New(out)
	from := out.count()
	s.Handle("position startpos")
	s.Handle("go infinite")
	time.Sleep(300 * time.Millisecond)
	for _, l := range out.since(from) {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("bestmove before stop: %q", l)
		}
	}
	s.Handle("isready")
	out.await(t, from, "readyok", time.Second)
	stopped := time.Now()
	s.Handle("stop")
	out.await(t, from, "bestmove ", time.Second)
	if d := time.Since(stopped); d > 500*time.Millisecond {
		t.Errorf("stop took %v", d)
	}
	out.await(t, from, "info depth ", time.Second)
	// Quit also ends a search.
	s.Handle("go infinite")
	if !s.Handle("quit") {
		t.Error("quit did not quit")
	}
}

// TestLimits: depth, nodes, movetime and the level bound the search.
func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		cmds     []string
		maxDepth int
		maxTime  time.Duration
	}{
		{[]string{"go depth 3"}, 3, 0},
		{[]string{"go nodes 2000"}, 0, 0},
		{[]string{"go movetime 100"}, 0, time.Second},
		{[]string{"setoption name Level value 3", "go depth 10"}, 2, 0},
		{[]string{"setoption name Level value 1", "go movetime 10000"}, 1, 2 * time.Second},
	} {
		out := newLines()
		s := New(out)
		start := time.Now()
		got := session(t, s, out, append([]string{"position startpos"}, tc.cmds...)...)
		elapsed := time.Since(start)
		depth, nodes := 0, 0
		for _, l := range got {
			f := strings.Fields(l)
			for i := 0; i+1 < len(f); i++ {
				switch f[i] {
				case "depth":
					depth = max(depth, atoi(f[i+1]))
				case "nodes":
					nodes = max(nodes, atoi(f[i+1]))
				}
			}
		}
		if tc.maxDepth > 0 && depth != tc.maxDepth {
			t.Errorf("%v: depth %d, want %d", tc.cmds, depth, tc.maxDepth)
		}
		if strings.Contains(tc.cmds[0], "nodes") && (nodes == 0 || nodes > 2000) {
			t.Errorf("%v: %d nodes", tc.cmds, nodes)
		}
		if tc.maxTime > 0 && elapsed > tc.maxTime {
			t.Errorf("%v: took %v", tc.cmds, elapsed)
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return n
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// TestRunReadsUntilQuit: Run answers the commands of a script and stops at
// quit; the end of the input also ends it.
func TestRunReadsUntilQuit(t *testing.T) {
	for _, script := range []string{"uci\nposition startpos\ngo depth 2\nquit\nisready\n", "uci\nposition startpos\ngo depth 2\n"} {
		out := newLines()
		if err := New(out).Run(strings.NewReader(script)); err != nil {
			t.Fatal(err)
		}
		text := strings.Join(out.since(0), "\n")
		if !strings.Contains(text, "uciok") || !strings.Contains(text, "bestmove ") || strings.Contains(text, "readyok") {
			t.Errorf("script %q:\n%s", script, text)
		}
	}
}

// TestGoAfterRefusedPosition: after a refused position command, go searches
// nothing — neither the refused position nor the one before — and answers
// the error and "bestmove (none)"; the next accepted position (or
// ucinewgame, or a new variant) is searched again.
func TestGoAfterRefusedPosition(t *testing.T) {
	for _, tc := range []struct {
		name    string
		refused string
		then    []string // commands after the refusal, before the last go
		search  bool     // whether the last go searches
	}{
		{"bad move", "position startpos moves e2e4 e2e4", nil, false},
		{"bad text", "position fen 8/8 w", nil, false},
		{"side not to move in check", "position fen 4k3/8/8/8/8/8/8/4RK2 w - - 0 1", nil, false},
		{"unknown form", "position middle", nil, false},
		{"a second go still searches nothing", "position startpos moves e9e9", []string{"go depth 1"}, false},
		{"an accepted position searches again", "position startpos moves e9e9", []string{"position startpos moves e2e4"}, true},
		{"ucinewgame searches the start", "position startpos moves e9e9", []string{"ucinewgame"}, true},
		{"a new variant searches its start", "position startpos moves e9e9", []string{"setoption name UCI_Variant value siberia"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := newLines()
			s := New(out)
			session(t, s, out, "position startpos moves d2d4")
			if got := session(t, s, out, tc.refused); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position") {
				t.Fatalf("%q was not refused: %q", tc.refused, got)
			}
			session(t, s, out, tc.then...)
			from := out.count()
			s.Handle("go depth 2")
			best := out.await(t, from, "bestmove", 20*time.Second)
			got := out.since(from)
			searched := slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, "info depth") })
			if tc.search {
				if !searched || best == "bestmove (none)" {
					t.Errorf("no search after %v: %q", tc.then, got)
				}
				return
			}
			if searched || best != "bestmove (none)" {
				t.Errorf("searched after a refused position: %q", got)
			}
			if len(got) != 2 || !strings.HasPrefix(got[0], "info string error: go: no position to search") {
				t.Errorf("go does not name the problem: %q", got)
			}
		})
	}
}
