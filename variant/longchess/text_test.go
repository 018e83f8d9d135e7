package longchess

// Tests of Longchess text: square names, both move notations read and written, the position text and its errors, random-game coverage.

import (
	"math/rand/v2"
	"strings"
	"testing"

	"anychess/core"
	"anychess/notation"
)

// lcCrowded are middle-game positions where every kind of Longchess move
// comes up within a few random moves.
var lcCrowded = []struct{ mode, text string }{
	{"", "P5~11~11~3n2/16P2p17/4P1~p7N2~2b8~6/6~4p1B2P1~p10~6/2N8F2R[f]3r4n13/6~4pb3P1~p10~6/4B1~11~11~6/15R6r14/6~11~11~5p w"},
	{"ctm", "P5~11~11~3n2/16P2p17/4P1~p7N2~2b8~6/6~6B2P1~p10~6/2N11R3r4n13/6~5b3P1~p10~6/6~11~11~6/15R6r14/6~11~11~5p b"},
}

func TestLongchessSquareNames(t *testing.T) {
	g := lgeo(lcRules(t, ""))
	for _, c := range []struct {
		x, y int
		name string
	}{
		{0, 8, "1W1"}, {3, 7, "4W2"}, {17, 0, "18W9"}, {18, 4, "C5"}, {19, 2, "18B7"}, {36, 8, "1B1"}, {30, 4, "7B5"}, {6, 1, "7W8"},
	} {
		if got := longSquareName(g, g.at(c.x, c.y)); got != c.name {
			t.Errorf("(%d,%d) is %s, want %s", c.x, c.y, got, c.name)
		}
		if sq := lcSquare(t, g, c.name); int(g.x[sq]) != c.x || int(g.y[sq]) != c.y {
			t.Errorf("%s reads as (%d,%d)", c.name, g.x[sq], g.y[sq])
		}
	}
}

// TestLongchessMoveTexts checks the texts of one move of each kind in both
// notations, and that each reads back.
func TestLongchessMoveTexts(t *testing.T) {
	for _, c := range []struct {
		name       string
		turn       string
		placements []string
		readable   string
		coordinate string
	}{
		{"a move", "w", []string{"N@1W3"}, "N1W3-3W2", "a7c8"},
		{"a capture", "w", []string{"R@1W2", "r@9W2"}, "R1W2x9W2", "a8i8"},
		{"a pick-up", "w", []string{"R@1W2", "f@9W2"}, "R1W2-9W2", "a8i8"},
		{"a range attack", "w", []string{"B@12W6", "r@10W4"}, "B12W6@10W4", "l4@j6"},
		{"a charge", "w", []string{"P@5W1", "P@5W9"}, "P5W-6W", "e-f"},
		{"a retreat", "w", []string{"P@5W1", "P@5W9"}, "P5W-3W", "e-c"},
		{"a charge with captures", "b", []string{"p@5W1", "p@5W9", "R@4W1"}, "P5Wx3W", "e-c"},
		{"a drop", "w", []string{"R[f]@10W5"}, "R10W5-11W5/drop", "j5k5/drop"},
		{"a retreat off the board", "w", []string{"R@1W2"}, "R1W2-0W", "a8off"},
		{"Black's retreat off the board", "b", []string{"r@1B2"}, "R1B2-0B", "ak8off"},
		{"a pass", "w", []string{"F@10W5"}, "pass", "pass"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := lcPos(t, lcRules(t, ""), c.turn, c.placements...)
			m, err := notation.SAN.Decode(p, c.readable)
			if err != nil {
				t.Fatal(err)
			}
			if got := notation.SAN.Encode(p, m); got != c.readable {
				t.Errorf("readable %s, want %s", got, c.readable)
			}
			if got := notation.Coordinate.Encode(p, m); got != c.coordinate {
				t.Errorf("coordinate %s, want %s", got, c.coordinate)
			}
			if m2, err := notation.Coordinate.Decode(p, c.coordinate); err != nil || m2 != m {
				t.Errorf("coordinate %s reads as %+v, %v", c.coordinate, m2, err)
			}
		})
	}
}

// TestLongchessReadableInput: the readable notation reads in either case and
// with "x" and "-" swapped, and says why a move is not legal.
func TestLongchessReadableInput(t *testing.T) {
	p := lcRules(t, "").StartPosition()
	for _, c := range []struct{ in, want, err string }{
		{"N1W3-3W2", "N1W3-3W2", ""},
		{"n1w3-3w2", "N1W3-3W2", ""},
		{"N1W3x3W2", "N1W3-3W2", ""},
		{"p5w-6w", "P5W-6W", ""},
		{"N1W3-9W9", "", "that piece can play N1W3-"},
		{"Q1W1-1W2", "", "readable moves look like"},
		{"pass", "", "not a legal move"},
	} {
		m, err := parseLongReadable(p, c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want one saying %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.in, err)
		case c.err == "" && longReadable(p, m) != c.want:
			t.Errorf("%s reads as %s, want %s", c.in, longReadable(p, m), c.want)
		}
	}
}

// TestLongchessRandomGames plays random games from the start and from
// crowded positions. At every position each legal move has its own text in
// both notations, each text reads back as its move, and the position text
// reads back as the same position; over all games every kind of move occurs.
func TestLongchessRandomGames(t *testing.T) {
	games, plies := 4, 60
	if testing.Short() {
		games = 2
	}
	seen := map[string]int{}
	rng := rand.New(rand.NewPCG(6, 37))
	starts := []struct{ mode, text string }{{"", ""}, {"ctm", ""}}
	starts = append(starts, lcCrowded...)
	// Endgames, where the games end: a carrier near home, two small armies,
	// a last piece near its own end. (A side with pieces but no legal move,
	// which passes, is too rare for random games: TestLongchessFourPlay has
	// the passes of teams that are out.)
	for _, e := range []struct {
		mode, turn string
		placements []string
	}{
		{"", "w", []string{"R[f]@4W5", "P@4W4", "P@4W6", "P@5W5", "n@6W8", "r@10B5"}},
		{"ctm", "w", []string{"R@10W5", "P@1W1", "p@11W5", "n@12W7"}},
		{"", "w", []string{"B@2W3", "F@2W5", "r@10B5", "p@3B3", "f@2B5"}},
	} {
		starts = append(starts, struct{ mode, text string }{e.mode, lcText(t, lcRules(t, e.mode), e.turn, e.placements...)})
	}
	for _, s := range starts {
		r := lcRules(t, s.mode)
		for game := 0; game < games; game++ {
			p := r.StartPosition()
			if s.text != "" {
				var err error
				if p, err = r.ParsePosition(s.text); err != nil {
					t.Fatal(err)
				}
			}
			for ply := 0; ply < plies && p.Outcome().Status == core.Ongoing; ply++ {
				legal := p.LegalMoves(nil)
				coords, readables := map[string]bool{}, map[string]bool{}
				for _, m := range legal {
					seen[lcKind(p, m)]++
					c, rd := notation.Coordinate.Encode(p, m), notation.SAN.Encode(p, m)
					if coords[c] || readables[rd] {
						t.Fatalf("%s: two moves written %s / %s", p, c, rd)
					}
					coords[c], readables[rd] = true, true
					if m2, err := notation.Coordinate.Decode(p, c); err != nil || m2 != m {
						t.Fatalf("%s: %s reads as %+v, %v; want %+v", p, c, m2, err, m)
					}
					if m2, err := notation.SAN.Decode(p, rd); err != nil || m2 != m {
						t.Fatalf("%s: %s reads as %+v, %v; want %+v", p, rd, m2, err, m)
					}
				}
				text := p.String()
				q, err := r.ParsePosition(text)
				if err != nil || q.String() != text || q.Hash() != p.Hash() {
					t.Fatalf("%s does not read back: %v", text, err)
				}
				// Prefer the rarer kinds, so that they follow one another.
				m := legal[rng.IntN(len(legal))]
				for try := 0; try < 3 && lcKind(p, m) == "move"; try++ {
					m = legal[rng.IntN(len(legal))]
				}
				if rng.IntN(40) == 0 {
					m.Arg |= ArgDraw
				}
				p.MakeMove(m)
			}
			seen["end: "+p.Outcome().Reason]++
		}
	}
	if testing.Short() {
		return // too few games to see every kind
	}
	for _, kind := range []string{"move", "capture", "pick-up", "own flag pick-up", "flag step", "range attack", "pawn shot",
		"charge", "charge with captures", "drop", "retreat off the board", "end: the enemy flag brought home", "end: the enemy army is gone"} {
		if seen[kind] == 0 {
			t.Errorf("no %s in the random games (seen: %v)", kind, seen)
		}
	}
}

// lcKind names the kind of a legal move, for coverage.
func lcKind(p *core.Position, m core.Move) string {
	g := lgeo(p.Rules())
	switch m.Kind {
	case kindCharge:
		step, along, dist := g.chargeLine(m)
		if _, captures := g.chargeOK(p, p.Turn(), g.groupSlice(p, p.Turn(), m.From, along), step, dist); captures {
			return "charge with captures"
		}
		return "charge"
	case kindDrop:
		return "drop"
	case kindLeave:
		return "retreat off the board"
	case kindPass:
		return "pass"
	case core.KindStationary:
		if p.At(m.From).Type() == g.pawn {
			return "pawn shot"
		}
		return "range attack"
	}
	mover, target := p.At(m.From), p.At(m.To)
	switch {
	case mover.Type() == g.flag:
		return "flag step"
	case g.isFlag(target) && target.Owner() == mover.Owner():
		return "own flag pick-up"
	case g.isFlag(target):
		return "pick-up"
	case target.IsPiece():
		return "capture"
	}
	return "move"
}

func TestLongchessStartText(t *testing.T) {
	for _, c := range []struct {
		mode  string
		flags bool
	}{{"", true}, {"ctf", true}, {"ctm", false}} {
		r := lcRules(t, c.mode)
		text := r.StartPosition().String()
		if got := strings.ContainsAny(text, "Ff"); got != c.flags {
			t.Errorf("mode %q: start %s, flags %v", c.mode, text, got)
		}
		p, err := r.ParsePosition(text)
		if err != nil || p.String() != text {
			t.Errorf("mode %q: start %s reads back as %v, %v", c.mode, text, p, err)
		}
	}
	// FEN's '*' for water reads as '~'.
	r := lcRules(t, "")
	start := r.StartPosition().String()
	p, err := r.ParsePosition(strings.ReplaceAll(start, "~", "*"))
	if err != nil || p.String() != start {
		t.Errorf("'*' for water: %v, %v", p, err)
	}
}

// TestLongchessTextErrors: each fault of a position text is reported for its
// field, never with a panic.
func TestLongchessTextErrors(t *testing.T) {
	const row = "6~11~11~6"
	// board is the empty board with its first rows replaced, and White to move.
	board := func(rows ...string) string {
		all := []string{row, "37", row, row, "37", row, row, "37", row}
		copy(all, rows)
		return strings.Join(all, "/") + " w"
	}
	empty := strings.TrimSuffix(board(), " w")
	for _, c := range []struct {
		name, mode, text, field, msg string
	}{
		{"empty", "", "", "text", "fields"},
		{"one field", "", empty, "text", "fields"},
		{"too many fields", "", board() + " - 1 x", "text", "fields"},
		{"too long", "", strings.Repeat("1", 3000) + " w", "text", "too long"},
		{"rows", "", "37/37 w", "board", "2 rows"},
		{"short row", "", board("6~11~11~5"), "board", "36 cells"},
		{"long row", "", board("6~11~11~7"), "board", "38 cells"},
		{"water missing", "", board("37"), "board", "is water"},
		{"water on land", "", board(row, "6~30"), "board", "not water"},
		{"empty run across water", "", board("6~11~11~6", "6~30"), "board", "not water"},
		{"zero run", "", board("06~11~11~6"), "board", "empty run"},
		{"huge run", "", board("99999999999999999999"), "board", "empty run"},
		{"unknown letter", "", board("Q5~11~11~6"), "board", "unknown piece letter"},
		{"odd character", "", board("6~11~11~5!"), "board", "unexpected"},
		{"carried non-flag", "", board("R[n]5~11~11~6"), "board", "only a flag"},
		{"flag carrying", "", board("F[f]5~11~11~6"), "board", "cannot carry"},
		{"open bracket", "", board("R[f5~11~11~6"), "board", "[F]"},
		{"bracket at the end", "", board("5~11~11~6R["), "board", "[F]"},
		{"two flags", "", board("FF4~11~11~6"), "board", "2 flags"},
		{"a flag and a carried flag", "", board("FR[F]4~11~11~6"), "board", "2 flags"},
		{"flags in ctm", "ctm", board("F5~11~11~6"), "board", "Capture the Map"},
		{"bad turn", "", empty + " x", "turn", "w or b"},
		{"bad draw state", "", board() + " maybe", "draw", "offered"},
		{"bad move number", "", board() + " - 0", "move number", "positive"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := lcRules(t, c.mode).ParsePosition(c.text)
			e, ok := err.(*core.PositionError)
			if !ok {
				t.Fatalf("error %v (%T), want a *core.PositionError", err, err)
			}
			if e.Field != c.field || !strings.Contains(e.Msg, c.msg) {
				t.Errorf("error %v, want field %q and a message saying %q", err, c.field, c.msg)
			}
		})
	}
}

// FuzzLongchessPosition: the position parser never panics, and whatever it
// accepts it writes back as text that reads as the same position.
func FuzzLongchessPosition(f *testing.F) {
	for _, c := range lcCrowded {
		f.Add(c.text)
	}
	r := lcRules(f, "")
	f.Add(r.Def.Start)
	f.Fuzz(func(t *testing.T, text string) {
		p, err := r.ParsePosition(text)
		if err != nil {
			return
		}
		out := p.String()
		q, err := r.ParsePosition(out)
		if err != nil || q.String() != out || q.Hash() != p.Hash() || p.Hash() != p.ComputeHash() {
			t.Fatalf("%q -> %q does not read back: %v", text, out, err)
		}
	})
}
