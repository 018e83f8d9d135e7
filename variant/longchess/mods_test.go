package longchess

// Tests of the Longchess modifications: each option's rules, the seed's mine diagrams, artillery salvos and shells, and every option alone and in pairs.

import (
	"slices"
	"strings"
	"testing"

	"anychess/core"
	"anychess/notation"
)

// lcModOptions are the modifications, each an option flag.
var lcModOptions = []string{"no-central-river", "no-pause-at-centre", "no-range-attacks", "nonlethal", "mines", "artillery"}

// TestLongchessModRules covers the river, range and mine options' moves,
// each case also mirrored (colours and ends swapped).
func TestLongchessModRules(t *testing.T) {
	noRiver, noPause := []string{"no-central-river"}, []string{"no-pause-at-centre"}
	mines, art := []string{"mines"}, []string{"artillery"}
	for _, c := range []lcCase{
		// No central river: the middle is land.
		{name: "without the central river a rook crosses the middle", opts: noRiver, turn: "w",
			placements: []string{"R@16W3"},
			want:       []string{"R16W3-C3", "R16W3-18B3", "R16W3-8B3"}},
		{name: "without the central river a nightrider leaps the middle", opts: noRiver, turn: "w",
			placements: []string{"N@18W4"},
			want:       []string{"N18W4-18B5", "N18W4-18B3"}},
		{name: "without the central river a range attack crosses the middle", opts: noRiver, turn: "w",
			placements: []string{"R@16W2", "r@17B2"},
			want:       []string{"R16W2@17B2"}},
		// No pause at centre: the central river is a side river.
		{name: "without the pause a rook crosses the central bridge", opts: noPause, turn: "w",
			placements: []string{"R@16W2"},
			want:       []string{"R16W2-C2", "R16W2-18B2", "R16W2-8B2"}},
		{name: "without the pause the central water still blocks", opts: noPause, turn: "w",
			placements: []string{"R@16W3"},
			want:       []string{"R16W3-18W3"},
			never:      []string{"R16W3-C3", "R16W3-18B3"}},
		{name: "without the pause a nightrider leaps the central river by a bridge", opts: noPause, turn: "w",
			placements: []string{"N@18W4", "N@17W4"},
			want:       []string{"N18W4-18B5", "N17W4-C5", "N17W4-17B6"},
			never:      []string{"N18W4-18B3"}},
		// No range attacks.
		{name: "no range attacks: a rook only captures by moving", opts: []string{"no-range-attacks"}, turn: "w",
			placements: []string{"R@10W5", "r@13W5", "B@12W6", "r@10W4"},
			want:       []string{"R10W5x13W5", "B12W6x10W4"},
			never:      []string{"R10W5@13W5", "B12W6@10W4"}},
		{name: "no range attacks: no pawn shots", opts: []string{"no-range-attacks"}, turn: "w",
			placements: []string{"P@5W3", "n@8W3", "P@17W4", "b@18B4"},
			never:      []string{"P5W3@8W3", "P17W4@18B4"}},
		// Mines: the seed's diagram ++++++ / ++++++ / ++P+n+ / ++++++.
		{name: "the seed's diagram: a mine on every side but the nightrider's", opts: mines, turn: "w",
			placements: []string{"P@10W5", "n@12W5"},
			want:       []string{"P10W5*9W5", "P10W5*10W4", "P10W5*10W6"},
			never:      []string{"P10W5*11W5"}},
		{name: "a diagonal enemy forbids a mine too", opts: mines, turn: "w",
			placements: []string{"P@10W5", "n@11W3"},
			want:       []string{"P10W5*9W5", "P10W5*10W6", "P10W5*11W5"},
			never:      []string{"P10W5*10W4"}},
		{name: "no mine on a mine, a piece or water", opts: mines, turn: "w",
			placements: []string{"P@8W4", "M@9W4", "N@8W3"},
			want:       []string{"P8W4*8W5"},
			never:      []string{"P8W4*9W4", "P8W4*8W3", "P8W4*7W4"}},
		{name: "only pawns lay mines", opts: mines, turn: "w",
			placements: []string{"R@10W5", "N@12W2"},
			never:      []string{"R10W5*10W4", "N12W2*12W3"}},
		{name: "no piece but a pawn ends a move on a mine; passing is free", opts: mines, turn: "w",
			placements: []string{"R@10W2", "M@10W4", "P@11W6", "m@11W7"},
			want:       []string{"R10W2-10W3", "R10W2-10W5", "P11W6-11W7"},
			never:      []string{"R10W2-10W4"}},
		{name: "a flag does not step onto a mine", opts: mines, turn: "w",
			placements: []string{"F@2W5", "M@3W5", "R@10W2"},
			want:       []string{"F2W5-1W5"},
			never:      []string{"F2W5-3W5"}},
		// Artillery.
		{name: "the artillery moves as a pawn and leaves by its end", opts: art, turn: "w",
			placements: []string{"A@1W5"},
			want:       []string{"A1W5-1W4", "A1W5-1W6", "A1W5-2W5", "A1W5-0W"}},
		{name: "the artillery cannot be attacked from range", opts: art, turn: "w",
			placements: []string{"R@10W5", "a@13W5", "P@5W3", "a@8W3"},
			want:       []string{"R10W5x13W5"},
			never:      []string{"R10W5@13W5", "P5W3@8W3"}},
		{name: "the artillery is no pawn of a group", opts: art, turn: "w",
			placements: []string{"P@15W4", "A@15W5"},
			never:      []string{"P15W-16W", "P15W-14W"}},
	} {
		c.check(t, true)
	}
}

// lcPlayed plays moves (readable) from placements and returns the board
// field of the position reached.
func lcPlayed(t *testing.T, r *core.Rules, turn string, before, moves []string) *core.Position {
	t.Helper()
	p := lcPos(t, r, turn, before...)
	lcPlay(t, p, moves...)
	if p.Hash() != p.ComputeHash() {
		t.Errorf("hash %x, computed %x", p.Hash(), p.ComputeHash())
	}
	return p
}

// TestLongchessModEffects plays moves under the options and checks the
// board they leave: pieces sent back, mines laid and set off, shells fired
// and falling.
func TestLongchessModEffects(t *testing.T) {
	nonlethal, mines, art := []string{"nonlethal"}, []string{"mines"}, []string{"artillery"}
	for _, c := range []struct {
		name          string
		opts          []string
		turn          string
		before, after []string
		moves         []string
	}{
		// Nonlethal: Black's rank 25 (13W) back 5 is its rank 20 (18W).
		{"a captured piece goes back five ranks", nonlethal, "w",
			[]string{"R@10W5", "n@13W5"}, []string{"R@13W5", "n@18W5"}, []string{"R10W5x13W5"}},
		{"an occupied square sends it one further", nonlethal, "w",
			[]string{"R@10W5", "n@13W5", "P@18W5"}, []string{"R@13W5", "n@C5", "P@18W5"}, []string{"R10W5x13W5"}},
		{"water sends it one further", nonlethal, "w",
			[]string{"R@10W3", "n@14W3"}, []string{"R@14W3", "n@18B3"}, []string{"R10W3x14W3"}},
		{"past its own end it is gone", nonlethal, "w",
			[]string{"R@10B5", "n@4B5"}, []string{"R@4B5"}, []string{"R10B5x4B5"}},
		{"White goes back toward White's end", nonlethal, "b",
			[]string{"r@10B5", "N@13B5"}, []string{"r@13B5", "N@18B5"}, []string{"R10B5x13B5"}},
		{"a range attack sends the target back", nonlethal, "w",
			[]string{"R@10W5", "n@13W5"}, []string{"R@10W5", "n@18W5"}, []string{"R10W5@13W5"}},
		{"a captured carrier's flag goes to the capturer", nonlethal, "w",
			[]string{"R@10W5", "n[F]@13W5"}, []string{"R[F]@13W5", "n@18W5"}, []string{"R10W5x13W5"}},
		{"a shot carrier's flag lies where it stood", nonlethal, "w",
			[]string{"R@10W5", "n[F]@13W5"}, []string{"R@10W5", "F@13W5", "n@18W5"}, []string{"R10W5@13W5"}},
		{"a charge sends its victims back", nonlethal, "w",
			[]string{"P@15W4", "P@15W5", "b@16W4"}, []string{"P@16W4", "P@16W5", "b@17B4"}, []string{"P15Wx16W"}},
		// Mines.
		{"a mine is laid", mines, "w",
			[]string{"P@10W5", "n@12W5"}, []string{"P@10W5", "n@12W5", "M@9W5"}, []string{"P10W5*9W5"}},
		// The seed's blast diagram: the enemy enters an X square; every
		// piece on X and x goes (flags survive), the rest stays; a second
		// mine in the blast goes without going off.
		{"the seed's blast: everything within two squares", mines, "b",
			[]string{"M@12W5", "r@12W1", "N@11W5", "P@12W7", "B@13W6", "p@14W5", "F@10W5", "R@15W5", "n@12W8", "M@11W6", "R@9W6"},
			[]string{"F@10W5", "R@15W5", "n@12W8", "R@9W6"}, []string{"R12W1-12W4"}},
		{"one's own mine does not go off", mines, "w",
			[]string{"M@12W5", "N@10W4", "p@12W8"}, []string{"M@12W5", "N@11W6", "p@12W8"}, []string{"N10W4-11W6"}},
		{"a pawn stepping on a mine removes it", mines, "w",
			[]string{"m@12W5", "P@13W5"}, []string{"P@12W5"}, []string{"P13W5-12W5"}},
		{"a pawn removing a mine may set off the next", mines, "w",
			[]string{"m@12W5", "P@13W5", "m@11W5", "b@8W5"}, []string{"b@8W5"}, []string{"P13W5-12W5"}},
		{"a charge's pawns set off a mine", mines, "b",
			[]string{"p@15W4", "p@15W5", "M@13W4", "R@13W7"}, []string{"R@13W7"}, []string{"P15W-14W"}},
		{"a range attack does not set off a mine", mines, "b",
			[]string{"r@12W4", "M@12W5", "N@16W4"}, []string{"r@12W4", "M@12W5"}, []string{"R12W4@16W4"}},
		{"a blast drops a carrier's flag", mines, "b",
			[]string{"M@12W5", "r[F]@12W1"}, []string{"F@12W4"}, []string{"R12W1-12W4"}},
		// Artillery: White's shells fall when White's turn starts.
		{"a salvo is in flight until its owner's next turn", art, "w",
			[]string{"A@10W5", "p@14W5", "N@14W7", "b@17W5", "r@14W9"},
			[]string{"A@10W5", "p@14W5", "N@14W7", "b@17W5", "r@14W9", "S@14W5"}, []string{"A10W5^14W5"}},
		{"shells kill within three squares, friend and foe, not flags", art, "w",
			[]string{"A@10W5", "p@14W5", "N@14W7", "b@17W5", "F@14W8", "r@14W9"},
			[]string{"A@10W5", "F@14W8", "r@15W9"}, []string{"A10W5^14W5", "R14W9-15W9"}},
		{"four shells, the artillery among the dead", art, "w",
			[]string{"A@10W5", "n@10B5", "b@12B2", "r@18W9"},
			[]string{"r@18W8"}, []string{"A10W5^10B5^12B2^11W5^18W1", "R18W9-18W8"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := lcOpts(t, c.opts...)
			p := lcPlayed(t, r, c.turn, c.before, c.moves)
			turn := [2]string{"w", "b"}[p.Turn()]
			want := lcText(t, r, turn, c.after...)
			if got := p.String(); !strings.HasPrefix(got, strings.Fields(want)[0]) || lcMarks(got) != lcMarks(want) {
				t.Errorf("after %v:\n got %s\nwant %s", c.moves, got, want)
			}
		})
	}
}

// lcMarks returns the mines: and shells: fields of a position text.
func lcMarks(text string) string {
	var out []string
	for _, f := range strings.Fields(text) {
		if strings.HasPrefix(f, "mines:") || strings.HasPrefix(f, "shells:") {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// TestLongchessModResults: blasts and shells against the results.
func TestLongchessModResults(t *testing.T) {
	white, black := uint8(1), uint8(2)
	for _, c := range []struct {
		name       string
		opts       []string
		turn       string
		placements []string
		moves      []string
		status     core.Status
		winners    uint8
	}{
		{"a carrier blown up on its Keep wins nothing", []string{"mines"}, "w",
			[]string{"R[f]@4W5", "m@3W4", "r@10B5", "N@12W2"}, []string{"R4W5-3W5"}, core.Ongoing, 0},
		{"in CTF too a blast that ends an army loses", []string{"mines"}, "w",
			[]string{"R[f]@4W5", "m@3W4", "r@10B5"}, []string{"R4W5-3W5"}, core.Win, black},
		{"in CTF a blast that ends both armies draws", []string{"mines"}, "b",
			[]string{"M@12W5", "R@12W6", "r@12W1", "F@2W5", "f@2B5"}, []string{"R12W1-12W4"}, core.Draw, 0},
		{"shells do not fall after the winning move", []string{"artillery"}, "b",
			[]string{"r[F]@4B5", "S@3B5", "A@10W5"}, []string{"R4B5-3B5"}, core.Win, black},
		{"in CTM a blast that ends both armies draws", []string{"mode=ctm", "mines"}, "b",
			[]string{"M@12W5", "R@12W6", "r@12W1"}, []string{"R12W1-12W4"}, core.Draw, 0},
		{"in CTM shells may end an army", []string{"mode=ctm", "artillery"}, "b",
			[]string{"A@10W5", "S@12W5", "r@12W6", "p@12B5"}, []string{"P12B5-12B4"}, core.Win, black},
		{"in CTM shells may end the enemy's army", []string{"mode=ctm", "artillery"}, "b",
			[]string{"A@10W5", "S@14W5", "r@14W6"}, []string{"R14W6-14W7"}, core.Win, white},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := lcPlayed(t, lcOpts(t, c.opts...), c.turn, c.placements, c.moves)
			if o := p.Outcome(); o.Status != c.status || o.Winners != c.winners {
				t.Errorf("outcome %v, want status %d winners %b", o, c.status, c.winners)
			}
			if c.status != core.Ongoing && strings.Contains(p.String(), "shells:") {
				t.Errorf("the game is over, yet shells are in flight: %s", p)
			}
		})
	}
}

// TestLongchessSalvoCandidates: the salvos the move list holds are the
// documented candidates (Salvos) — here a rook and two pieces of
// value 3, a flag and a piece out of range.
func TestLongchessSalvoCandidates(t *testing.T) {
	r := lcOpts(t, "artillery")
	for _, c := range []struct {
		name       string
		placements []string
		want       []string
	}{
		{"the enemies in range, then the best two and three", []string{"A@10W5", "r@15B5", "n@12B2", "b@18B5", "f@17B5", "p@9B9"},
			[]string{"A10W5^15B5", "A10W5^12B2", "A10W5^18B5", "A10W5^18B5^15B5", "A10W5^18B5^15B5^12B2"}},
		{"four of five", []string{"A@10W5", "r@15B5", "r@14B5", "n@12B2", "b@18B5", "p@18B6"},
			[]string{"A10W5^15B5", "A10W5^14B5", "A10W5^12B2", "A10W5^18B5", "A10W5^18B6", "A10W5^15B5^14B5",
				"A10W5^18B5^15B5^14B5", "A10W5^18B5^15B5^14B5^12B2"}},
		{"no enemy in range: the farthest square", []string{"A@1W5", "r@1B5"}, []string{"A1W5^17W9"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := lcPos(t, r, "w", c.placements...)
			var got []string
			for _, m := range p.LegalMoves(nil) {
				if m.Kind == kindSalvo {
					got = append(got, longReadable(p, m))
				}
			}
			slices.Sort(got)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("salvos %v, want %v", got, want)
			}
		})
	}
}

// TestLongchessSalvoExact: any salvo is accepted or refused exactly, in both
// notations and by IsLegal, whether it is a candidate or not.
func TestLongchessSalvoExact(t *testing.T) {
	r := lcOpts(t, "artillery")
	p := lcPos(t, r, "w", "A@10W5", "a@10B5", "r@15B5", "P@3W3")
	g := lgeo(r)
	for _, c := range []struct {
		readable, coordinate string
		err                  string // "" for a legal salvo
	}{
		{"A10W5^1W1", "j5^a9", ""},
		{"A10W5^15B5", "j5^w5", ""},
		{"A10W5^8B5", "j5^ad5", ""}, // distance 20
		{"A10W5^1W1^1W9^3W3^18B1", "j5^a9^a1^c7^t9", ""},
		{"a10w5^3w3^1w1", "j5^c7^a9", ""}, // any order, either case
		{"A10W5^7B5", "j5^ae5", "shells reach 20"},
		{"A10W5^C3", "j5^s7", "not on water"},
		{"A10W5^1W1^1W1", "j5^a9^a9", "two shells"},
		{"A10W5^1W1^1W2^1W3^1W4^1W5", "j5^a9^a8^a7^a6^a5", "1 to 4 shells"},
		{"A10W5^", "j5^", "shell 1"},
		{"A10B5^1W1", "ab5^a9", "no artillery"},
		{"A3W3^1W1", "c7^a9", "no artillery"},
		{"A10W5^99W9", "j5^zz9", "shell 1"},
	} {
		t.Run(c.readable, func(t *testing.T) {
			m1, err1 := notation.SAN.Decode(p, c.readable)
			m2, err2 := notation.Coordinate.Decode(p, c.coordinate)
			if c.err != "" {
				for _, err := range []error{err1, err2} {
					if err == nil || !strings.Contains(err.Error(), c.err) {
						t.Errorf("error %v, want one saying %q", err, c.err)
					}
				}
				return
			}
			if err1 != nil || err2 != nil || m1 != m2 {
				t.Fatalf("read as %+v, %v and %+v, %v", m1, err1, m2, err2)
			}
			if !p.IsLegal(m1) {
				t.Errorf("%s is not legal by IsLegal", c.readable)
			}
			if got := notation.Coordinate.Encode(p, m1); normalReadable(got) != normalReadable(lcSorted(c.coordinate)) {
				t.Errorf("coordinate %s, want the shells of %s in board order", got, c.coordinate)
			}
			if d, err := p.Declare(m1, "draw"); err != nil || !p.IsLegal(d) {
				t.Errorf("%s with a draw offer: %v", c.readable, err)
			}
			q := p.Copy()
			q.MakeMove(m1)
			sqs, n, _ := shellsOf(m1)
			for _, sq := range sqs[:n] {
				if q.Mark(sq)&shellBit(0) == 0 {
					t.Errorf("no shell on %s after %s", g.sqName(sq), c.readable)
				}
			}
			q.UnmakeMove()
			if q.String() != p.String() || q.Hash() != p.Hash() {
				t.Errorf("unmake of %s: %s", c.readable, q)
			}
		})
	}
	// Moves that are no salvo of the side to move are refused by IsLegal.
	bad := []core.Move{
		salvoMove(lcSquare(t, g, "10W5"), []core.Square{lcSquare(t, g, "1W1"), lcSquare(t, g, "1W9")}), // squares out of order
		{From: lcSquare(t, g, "10W5"), To: core.NoSquare, Victims: [3]core.Square{lcSquare(t, g, "1W1"), core.NoSquare, core.NoSquare}, Kind: kindSalvo},
		{From: -5, To: 1 << 20, Victims: [3]core.Square{-7, 99999, core.NoSquare}, Kind: kindSalvo},
	}
	for _, m := range bad {
		if p.IsLegal(m) {
			t.Errorf("%+v is legal", m)
		}
	}
}

// lcSorted puts the shells of a coordinate salvo in board order (rank, then file).
func lcSorted(s string) string {
	parts := strings.Split(s, "^")
	shells := parts[1:]
	slices.SortFunc(shells, func(a, b string) int {
		ca, _ := core.ParseCoordName(a)
		cb, _ := core.ParseCoordName(b)
		if ca.Y != cb.Y {
			return int(ca.Y - cb.Y)
		}
		return int(ca.X - cb.X)
	})
	return parts[0] + "^" + strings.Join(shells, "^")
}

// TestLongchessModStart: the artillery stands behind each flag; the options
// are in the title, the status lines and the position text, which is read
// only by rules with the same options.
func TestLongchessModStart(t *testing.T) {
	base := lcRules(t, "").StartPosition().String()
	r := lcOpts(t, "artillery")
	p := r.StartPosition()
	g := lgeo(r)
	for pl, name := range []string{"1W5", "1B5"} {
		if pc := p.At(lcSquare(t, g, name)); pc != core.MakePiece(core.Player(pl), g.art) {
			t.Errorf("%s holds %v, want %s's artillery", name, pc, g.sideName(core.Player(pl)))
		}
	}
	if got, want := strings.Fields(p.String())[0], strings.Replace(strings.Fields(base)[0], "/1F33f1/", "/AF33fa/", 1); got != want {
		t.Errorf("with artillery the start is %s; without, %s", p, base)
	}
	m := lcOpts(t, "mines", "artillery", "mode=ctm")
	text := m.StartPosition().String()
	if !strings.HasSuffix(text, " options:mode=ctm,mines,artillery") {
		t.Errorf("the start text %q does not name the options", text)
	}
	if !strings.Contains(m.Def.Title, "mines") || !strings.Contains(m.Def.Title, "artillery") || !strings.Contains(m.Def.Title, "Capture the Map") {
		t.Errorf("title %q", m.Def.Title)
	}
	if status := strings.Join(longStatus(m.StartPosition()), "\n"); !strings.Contains(status, "Options: Capture the Map, mines, artillery") {
		t.Errorf("status:\n%s", status)
	}
	for _, c := range []struct {
		opts []string
		ok   bool
	}{
		{[]string{"mode=ctm", "mines", "artillery"}, true},
		{[]string{"artillery", "mines", "mode=ctm"}, true},
		{[]string{"mode=ctm", "artillery"}, false},
		{[]string{"mode=ctm", "mines", "artillery", "nonlethal"}, false},
	} {
		_, err := lcOpts(t, c.opts...).ParsePosition(text)
		if (err == nil) != c.ok {
			t.Errorf("%q read with %v: %v", text, c.opts, err)
		}
	}
	// The options written in any order name the same game.
	swapped := strings.Replace(text, "options:mode=ctm,mines,artillery", "options:artillery,mode=ctm,mines", 1)
	if q, err := m.ParsePosition(swapped); err != nil || q.String() != text {
		t.Errorf("%q: %v", swapped, err)
	}
}

// TestLongchessModTextErrors: the options, mines and shells fields are
// checked, never with a panic.
func TestLongchessModTextErrors(t *testing.T) {
	const board = "6~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6"
	for _, c := range []struct {
		name, text string
		opts       []string
		field, msg string
	}{
		{"options of another game", board + " w - 1 options:mines", nil, "options", "these rules play with none"},
		{"tags before the turn", board + " mines:we5 w", []string{"mines"}, "turn", "w or b"},
		{"a field after the tags", board + " w mines:we5 -", []string{"mines"}, "text", "come last"},
		{"two mines fields", board + " w mines:we5 mines:wf5", []string{"mines"}, "text", "two mines"},
		{"mines without the option", board + " w mines:we5", nil, "mines", "not in play"},
		{"shells without the option", board + " w shells:be5", nil, "shells", "not in play"},
		{"an empty list", board + " w mines:", []string{"mines"}, "mines", "one or more"},
		{"a bad owner", board + " w mines:xe5", []string{"mines"}, "mines", "w or b"},
		{"a bad square", board + " w mines:wzz5", []string{"mines"}, "mines", "not a square"},
		{"a mine in water", board + " w mines:wg1", []string{"mines"}, "mines", "not a square"},
		{"two mines on a square", board + " w mines:we5,be5", []string{"mines"}, "mines", "two mines"},
		{"a mine under a piece", "R5~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6 w mines:wa9", []string{"mines"}, "mines", "piece stands"},
		{"shells of the side to move", board + " w shells:we5", []string{"artillery"}, "shells", "to move"},
		{"two shells of a side on a square", board + " w shells:be5,be5", []string{"artillery"}, "shells", "two shells"},
		{"five shells", board + " w shells:ba1,ba2,ba3,ba4,ba5", []string{"artillery"}, "shells", "more than 4"},
		{"the artillery without the option", "A5~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6 w", nil, "board", "--option artillery"},
		{"offers by more than the players", board + " w offered2", nil, "draw", "offeredN"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := lcOpts(t, c.opts...).ParsePosition(c.text)
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

// lcCrowdedWith returns the crowded middle games, with an artillery for each
// side when the rules have one, for every mode the rules play.
func lcCrowdedWith(t *testing.T, r *core.Rules) []*core.Position {
	t.Helper()
	g := lgeo(r)
	var out []*core.Position
	for _, c := range lcCrowded {
		if (c.mode == "ctm") != g.mods.ctm || g.four {
			continue
		}
		text := c.text
		if g.art != 0 {
			// Row 7 from the top: an artillery on each side's rank 1.
			text = strings.Replace(text, "4B1~11~11~6/", "A3B1~11~11~5a/", 1)
		}
		if g.mods.noRiver {
			var err error
			if text, err = editStart(text, func(rows [][]longCell) error {
				for _, row := range rows {
					if row[g.mid].ch == '~' {
						row[g.mid].ch = '.'
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		p, err := r.ParsePosition(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		out = append(out, p)
	}
	return out
}

// lcTreeCheck walks the legal move tree to depth: after every move the
// incremental hash is the computed one and the position text reads back as
// the same position; after every unmake the position is restored. It
// returns the leaves, counted by making each move.
func lcTreeCheck(t *testing.T, p *core.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	before, hash := "", p.Hash()
	if depth > 1 {
		before = p.String()
	}
	var n uint64
	for _, m := range p.LegalMoves(nil) {
		p.MakeMove(m)
		if p.Hash() != p.ComputeHash() {
			t.Fatalf("%s: hash wrong after %s", before, notation.Coordinate.Encode(p, m))
		}
		if depth > 1 {
			text := p.String()
			q, err := p.Rules().ParsePosition(text)
			if err != nil || q.Hash() != p.Hash() {
				t.Fatalf("%s does not read back: %v", text, err)
			}
		}
		n += lcTreeCheck(t, p, depth-1)
		p.UnmakeMove()
		if p.Hash() != hash || depth > 1 && p.String() != before {
			t.Fatalf("%s: unmake restored %s", before, p)
		}
	}
	return n
}

// TestLongchessOptionCombinations is the perft-level smoke test of every
// option alone, in pairs, and with the four-team game and Capture the Map:
// from the start and from crowded middle games, perft (bulk counting)
// agrees with the tree walked move by move, where every move makes and
// unmakes exactly and every position reads back from its text. Options
// that cannot change the first two plies of the start keep its count.
func TestLongchessOptionCombinations(t *testing.T) {
	var sets [][]string
	for i, a := range lcModOptions {
		sets = append(sets, []string{a})
		for _, b := range lcModOptions[i+1:] {
			sets = append(sets, []string{a, b})
		}
		sets = append(sets, []string{"teams=4", a}, []string{"mode=ctm", a})
	}
	if testing.Short() {
		sets = sets[:8]
	}
	base := lcRules(t, "").StartPosition().Perft(2)
	for _, opts := range sets {
		t.Run(strings.Join(opts, ","), func(t *testing.T) {
			r := lcOpts(t, opts...)
			start := r.StartPosition()
			for _, p := range append([]*core.Position{start}, lcCrowdedWith(t, r)...) {
				want := p.Perft(2)
				if got := lcTreeCheck(t, p, 2); got != want {
					t.Errorf("%s: perft(2) %d, the tree walked %d", p, want, got)
				}
			}
			same := !slices.ContainsFunc(opts, func(o string) bool {
				return o == "mines" || o == "artillery" || o == "teams=4" || o == "mode=ctm"
			})
			if got := start.Perft(2); same && got != base {
				t.Errorf("perft(2) of the start %d, without the options %d", got, base)
			}
		})
	}
}

// TestLongchessModRandomGames plays random games with all the
// modifications that combine on one board, checking both notations (for
// every move of the variant's own kinds, a fifth of the others) and the
// position text at every step, until mines laid, salvos, shells falling
// and blasts have all been seen.
func TestLongchessModRandomGames(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	seen := map[string]int{}
	for _, opts := range [][]string{{"nonlethal", "mines", "artillery"}, {"nonlethal", "mines", "artillery", "mode=ctm", "no-pause-at-centre"}, {"teams=4", "mines", "artillery", "nonlethal"}} {
		r := lcOpts(t, opts...)
		starts := append([]*core.Position{r.StartPosition()}, lcCrowdedWith(t, r)...)
		for game := 0; game < games; game++ {
			p := starts[game%len(starts)].Copy()
			rng := uint64(game*7919 + len(opts))
			for ply := 0; ply < 60 && p.Outcome().Status == core.Ongoing; ply++ {
				legal := p.LegalMoves(nil)
				for i, m := range legal {
					if m.Kind < core.KindSpecial && i%5 != ply%5 {
						continue // a fifth of the plain moves, every move of the variant's kinds
					}
					c, rd := notation.Coordinate.Encode(p, m), notation.SAN.Encode(p, m)
					if m2, err := notation.Coordinate.Decode(p, c); err != nil || m2 != m {
						t.Fatalf("%s: %s reads as %+v, %v; want %+v", p, c, m2, err, m)
					}
					if m2, err := notation.SAN.Decode(p, rd); err != nil || m2 != m {
						t.Fatalf("%s: %s reads as %+v, %v; want %+v", p, rd, m2, err, m)
					}
				}
				text := p.String()
				if q, err := r.ParsePosition(text); err != nil || q.String() != text || q.Hash() != p.Hash() {
					t.Fatalf("%s does not read back: %v", text, err)
				}
				// Prefer the options' moves, so that they come up.
				rng = rng*6364136223846793005 + 1442695040888963407
				m := legal[int(rng>>33)%len(legal)]
				for _, x := range legal {
					if (x.Kind == kindMine || x.Kind == kindSalvo) && rng>>20&3 == 0 {
						m = x
					}
				}
				pieces := lcCount(p)
				marks := lcMarks(text)
				p.MakeMove(m)
				switch {
				case m.Kind == kindMine:
					seen["mine laid"]++
				case m.Kind == kindSalvo:
					seen["salvo"]++
				}
				if strings.Contains(marks, "shells:") && !strings.Contains(lcMarks(p.String()), "shells:") {
					seen["shells fell"]++
				}
				if lcCount(p) < pieces-1 && m.Kind != kindCharge {
					seen["blast"]++
				}
			}
		}
	}
	if testing.Short() {
		return
	}
	for _, k := range []string{"mine laid", "salvo", "shells fell", "blast"} {
		if seen[k] == 0 {
			t.Errorf("no %s in the random games (seen %v)", k, seen)
		}
	}
}

// lcCount counts the pieces on the board.
func lcCount(p *core.Position) int {
	n := 0
	for pl := 0; pl < p.Rules().Players; pl++ {
		n += len(p.PieceSquares(core.Player(pl)))
	}
	return n
}

// TestLongchessOptionErrors: a bad option value is refused with a reason.
func TestLongchessOptionErrors(t *testing.T) {
	for _, c := range []struct {
		opts map[string]string
		msg  string
	}{
		{map[string]string{"teams": "3"}, "teams"},
		{map[string]string{"mines": "maybe"}, "flag"},
		{map[string]string{"artilery": ""}, "no option"},
	} {
		if _, err := Load("longchess", c.opts); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%v: error %v, want one saying %q", c.opts, err, c.msg)
		}
	}
}

// FuzzLongchessModPosition: with every option that adds state (mines,
// shells, sent-back pieces, four teams), the position parser never panics,
// and whatever it accepts it writes back as text that reads as the same
// position.
func FuzzLongchessModPosition(f *testing.F) {
	rules := []*core.Rules{lcOpts(f, "nonlethal", "mines", "artillery"), lcOpts(f, "teams=4", "mines", "artillery")}
	for _, r := range rules {
		f.Add(r.Def.Start)
		f.Add(r.Def.Start + " options:" + lgeo(r).optionText + " mines:we5,bf6 shells:bk3")
	}
	f.Add("6~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6/6~11~11~6/37/6~11~11~6 w offered 3 mines:wa1 shells:bj5,bj6")
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range rules {
			p, err := r.ParsePosition(text)
			if err != nil {
				continue
			}
			out := p.String()
			q, err := r.ParsePosition(out)
			if err != nil || q.String() != out || q.Hash() != p.Hash() || p.Hash() != p.ComputeHash() {
				t.Fatalf("%q -> %q does not read back: %v", text, out, err)
			}
			for _, m := range p.LegalMoves(nil) {
				p.MakeMove(m)
				p.UnmakeMove()
			}
			if p.String() != out {
				t.Fatalf("%q: moves made and unmade leave %q", out, p)
			}
		}
	})
}

// FuzzLongchessMoveText: reading any move text with the options' moves
// (mines, salvos decided outside the move list, the four-team forms) never
// panics; a text that reads is a legal move whose texts read back as it.
func FuzzLongchessMoveText(f *testing.F) {
	var positions []*core.Position
	for _, opts := range [][]string{{"mines", "artillery"}, {"teams=4", "mines", "artillery"}} {
		r := lcOpts(f, opts...)
		positions = append(positions, r.StartPosition())
	}
	for _, s := range []string{"a5^k3^l7", "A1W5^11W3^12W7", "e4*d4", "P5W4*6W4", "a13^c1^a3", "Aa13^c1", "Pe12*f12", "e-f", "9-8", "A1W5^", "^^", "a5^k3^k3", "Aa13^zz9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			for _, dec := range []notation.Notation{notation.Coordinate, notation.SAN} {
				m, err := dec.Decode(p, s)
				if err != nil {
					continue
				}
				if !p.IsLegal(m) {
					t.Fatalf("%q reads as %+v, which is not legal", s, m)
				}
				for _, enc := range []notation.Notation{notation.Coordinate, notation.SAN} {
					text := enc.Encode(p, m)
					if m2, err := enc.Decode(p, text); err != nil || m2 != m {
						t.Fatalf("%q: %s reads back as %+v, %v", s, text, m2, err)
					}
				}
			}
		}
	})
}

// TestLongchessQuietMoves: a move marked core.ArgQuiet leaves every enemy
// piece where it stood, in random games of the options; the charges that
// capture nothing are marked unless mines or shells may go off after them,
// and then no move is.
func TestLongchessQuietMoves(t *testing.T) {
	for _, opts := range [][]string{nil, {"mode=ctm"}, {"teams=4"}, {"nonlethal"}, {"no-range-attacks", "no-central-river"}, {"mines"}, {"artillery"}} {
		r := lcOpts(t, opts...)
		calm := lgeo(r).calmTurns()
		starts := append([]*core.Position{r.StartPosition()}, lcCrowdedWith(t, r)...)
		marked := 0
		for game := 0; game < 2*len(starts); game++ {
			p := starts[game%len(starts)].Copy()
			rng := uint64(game*104729 + len(opts))
			for ply := 0; ply < 80 && p.Outcome().Status == core.Ongoing; ply++ {
				legal := p.LegalMoves(nil)
				us := p.Turn()
				for _, m := range legal {
					if m.Arg&core.ArgQuiet == 0 {
						continue
					}
					marked++
					if !calm || m.Kind != kindCharge {
						t.Fatalf("%v: %s: %+v is marked quiet", opts, p, m)
					}
					before := lcEnemies(p, us)
					p.MakeMove(m)
					after := lcEnemies(p, us)
					p.UnmakeMove()
					if !slices.Equal(before, after) {
						t.Fatalf("%v: %s: the quiet %+v moves enemy pieces: %v, then %v", opts, p, m, before, after)
					}
				}
				rng = rng*6364136223846793005 + 1442695040888963407
				p.MakeMove(legal[int(rng>>33)%len(legal)])
			}
		}
		if calm && marked == 0 {
			t.Errorf("%v: no move was marked quiet", opts)
		}
	}
}

// lcEnemies lists the pieces of the players not allied with us, with their
// squares, in square order.
func lcEnemies(p *core.Position, us core.Player) []string {
	var out []string
	for pl := 0; pl < p.Rules().Players; pl++ {
		if p.Rules().Allies(us, core.Player(pl)) {
			continue
		}
		for _, sq := range p.PieceSquares(core.Player(pl)) {
			out = append(out, p.Name(sq)+string(rune('A'+p.At(sq).Type())))
		}
	}
	slices.Sort(out)
	return out
}
