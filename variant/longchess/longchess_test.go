package longchess

// Tests of Longchess: the seed's diagrams, rivers, range attacks, charges, flags, retreat, results, notations and the position text.

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"anychess/core"
)

var (
	lcMu    sync.Mutex
	lcCache = map[string]*core.Rules{}
)

// lcRules loads Longchess in a mode ("" for the default).
func lcRules(t testing.TB, mode string) *core.Rules {
	t.Helper()
	if mode == "" {
		return lcOpts(t)
	}
	return lcOpts(t, "mode="+mode)
}

// lcOpts loads Longchess with options written as on the command line:
// "mines", "teams=4", "mode=ctm".
func lcOpts(t testing.TB, options ...string) *core.Rules {
	t.Helper()
	key := strings.Join(options, " ")
	lcMu.Lock()
	defer lcMu.Unlock()
	if r := lcCache[key]; r != nil {
		return r
	}
	opts, err := ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load("longchess", opts)
	if err != nil {
		t.Fatalf("options %v: %v", options, err)
	}
	lcCache[key] = r
	return r
}

// lcSquare reads a square named as the seed names it: 4W2, 18B7, C5.
func lcSquare(t testing.TB, g *longGeo, name string) core.Square {
	t.Helper()
	var x, row int
	switch {
	case strings.HasPrefix(name, "C"):
		x = g.mid
		fmt.Sscanf(name[1:], "%d", &row)
	default:
		var k int
		var side byte
		if n, err := fmt.Sscanf(name, "%d%c%d", &k, &side, &row); n != 3 || err != nil {
			t.Fatalf("bad square %q", name)
		}
		x = g.fileOf(core.Player(strings.IndexByte("WB", side)), k)
	}
	if !g.onBoard(x, g.ranks-row) {
		t.Fatalf("square %q is off the board", name)
	}
	return g.at(x, g.ranks-row)
}

// lcText builds a position text from placements such as "N@12W7" (a White
// nightrider), "p@13W5" (a Black pawn) and "R[f]@3W5" (a White rook carrying
// Black's flag), "M@12W5" (a White mine), "s@10W5" (a Black shell in
// flight), with turn "w" or "b".
func lcText(t testing.TB, r *core.Rules, turn string, placements ...string) string {
	t.Helper()
	g := lgeo(r)
	b := r.Board
	var rows, mines, shells []string
	grid := make([][]longCell, b.Ranks)
	for y := range grid {
		grid[y] = make([]longCell, b.Files)
		for x := range grid[y] {
			grid[y][x] = longCell{ch: '.'}
			if b.IsWater(g.at(x, y)) {
				grid[y][x].ch = '~'
			}
		}
	}
	for _, pl := range placements {
		piece, sq, ok := strings.Cut(pl, "@")
		if !ok || piece == "" {
			t.Fatalf("bad placement %q", pl)
		}
		s := lcSquare(t, g, sq)
		owner := "w"
		if piece[0] >= 'a' {
			owner = "b"
		}
		switch piece {
		case "M", "m":
			mines = append(mines, owner+b.Name(s))
			continue
		case "S", "s":
			shells = append(shells, owner+b.Name(s))
			continue
		}
		c := longCell{ch: piece[0]}
		if len(piece) == 4 && piece[1] == '[' {
			c.carried = piece[2]
		}
		grid[g.y[s]][g.x[s]] = c
	}
	for y := b.Ranks - 1; y >= 0; y-- {
		rows = append(rows, compressRow(grid[y]))
	}
	text := strings.Join(rows, "/") + " " + turn
	if len(mines) > 0 {
		text += " mines:" + strings.Join(mines, ",")
	}
	if len(shells) > 0 {
		text += " shells:" + strings.Join(shells, ",")
	}
	return text
}

// lcPos builds a position from placements (see lcText).
func lcPos(t testing.TB, r *core.Rules, turn string, placements ...string) *core.Position {
	t.Helper()
	p, err := r.ParsePosition(lcText(t, r, turn, placements...))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// lcMoves returns the readable texts of the legal moves.
func lcMoves(p *core.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, longReadable(p, m))
	}
	slices.Sort(out)
	return out
}

// lcPlay plays moves given in readable notation, with declarations (:draw).
func lcPlay(t testing.TB, p *core.Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseDeclared(s, func(s string) (core.Move, error) { return parseLongReadable(p, s) })
		if err != nil {
			t.Fatalf("%s: %v (legal: %v)", s, err, lcMoves(p))
		}
		p.MakeMove(m)
	}
}

// mirrorSide swaps the side letters of squares in a readable text or a
// placement (a W or B right after a digit), and the case of a placement's
// piece letters.
func mirrorSide(s string, placement bool) string {
	b := []byte(s)
	at := strings.IndexByte(s, '@')
	for i, c := range b {
		switch {
		case i > 0 && b[i-1] >= '0' && b[i-1] <= '9' && (c == 'W' || c == 'B'):
			b[i] = 'W' + 'B' - c
		case placement && i < at && c >= 'A' && c <= 'Z':
			b[i] = c - 'A' + 'a'
		case placement && i < at && c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// lcCase is a position with moves that must and must not be legal in it.
type lcCase struct {
	name        string
	mode        string
	opts        []string // other options, as on the command line
	turn        string
	placements  []string
	want, never []string
}

// check runs the case, and its mirror image (colours and ends swapped) unless
// mirror is false.
func (c lcCase) check(t *testing.T, mirror bool) {
	t.Helper()
	opts := c.opts
	if c.mode != "" {
		opts = append([]string{"mode=" + c.mode}, opts...)
	}
	r := lcOpts(t, opts...)
	run := func(name, turn string, placements, want, never []string) {
		t.Run(name, func(t *testing.T) {
			p := lcPos(t, r, turn, placements...)
			legal := lcMoves(p)
			for _, w := range want {
				if !slices.Contains(legal, w) {
					t.Errorf("%s is not legal; legal: %v", w, legal)
				}
			}
			for _, n := range never {
				if slices.Contains(legal, n) {
					t.Errorf("%s is legal; it must not be", n)
				}
			}
		})
	}
	run(c.name, c.turn, c.placements, c.want, c.never)
	if !mirror {
		return
	}
	m := func(list []string, placement bool) []string {
		var out []string
		for _, s := range list {
			out = append(out, mirrorSide(s, placement))
		}
		return out
	}
	run(c.name+" (mirrored)", map[string]string{"w": "b", "b": "w"}[c.turn], m(c.placements, true), m(c.want, false), m(c.never, false))
}

// TestLongchessSeedDiagrams plays the seed's diagrams, each mapped onto the
// board (the diagram's columns onto ranks, its rows onto rows).
func TestLongchessSeedDiagrams(t *testing.T) {
	for _, c := range []lcCase{
		// ++++x+++ / ++++++++ / +++P++++ / ++++++++ / ++N+++++
		{name: "nightrider blocked by a friendly pawn", turn: "w",
			placements: []string{"N@12W7", "P@13W5"},
			want:       []string{"N12W7-11W5", "N12W7-14W6"},
			never:      []string{"N12W7-13W5", "N12W7-14W3"}},
		{name: "nightrider blocked by an enemy pawn it may take", turn: "w",
			placements: []string{"N@12W7", "p@13W5"},
			want:       []string{"N12W7x13W5"},
			never:      []string{"N12W7-14W3"}},
		{name: "nightrider reaches the target with the pawn elsewhere", turn: "w",
			placements: []string{"N@12W7", "P@10W3"},
			want:       []string{"N12W7-13W5", "N12W7-14W3"}},
		// +x ++++ / ++=N+++ / ++ ++++
		{name: "nightrider crosses a side river by a bridge off its step", turn: "w",
			placements: []string{"N@8W2"},
			want:       []string{"N8W2-6W1"}},
		{name: "nightrider crosses where a bridge is on the landing row", turn: "w",
			placements: []string{"N@8W3"},
			want:       []string{"N8W3-6W2"},
			never:      []string{"N8W3-6W4"}},
		{name: "nightrider cannot leap water without a bridge", turn: "w",
			placements: []string{"N@8W4"},
			never:      []string{"N8W4-6W3"},
			want:       []string{"N8W4-6W5"}},
		// ++++n+++ / r+++++++ / +++p++++ / ++B+++++ / ++++++++
		{name: "bishop attacks the rook from range, the pawn only by moving", turn: "w",
			placements: []string{"B@12W6", "p@13W5", "r@10W4", "n@14W3"},
			want:       []string{"B12W6@10W4", "B12W6x10W4", "B12W6x13W5"},
			never:      []string{"B12W6@13W5"}},
		// +++++++ / +++b+P+ / ++++kP+ / +++b+P+ / +++++++
		{name: "a retreat through three enemies", turn: "w",
			placements: []string{"P@15W4", "P@15W5", "P@15W6", "b@13W4", "n@14W5", "b@13W6"},
			want:       []string{"P15Wx13W", "P15Wx14W", "P15W-16W", "P15W-17W"}},
		// ++++RP+ / +++B+P+
		{name: "a charge blocked by friendly pieces", turn: "w",
			placements: []string{"P@15W3", "P@15W4", "R@14W3", "B@13W4"},
			want:       []string{"P15W-16W"},
			never:      []string{"P15W-14W", "P15W-13W"}},
		// +++B+P+ / +++R+P+
		{name: "a charge limited to one step by friendly pieces", turn: "w",
			placements: []string{"P@15W3", "P@15W4", "B@13W3", "R@13W4"},
			want:       []string{"P15W-14W"},
			never:      []string{"P15W-13W"}},
		// +++ +++ / +++ +P+ / +++=+P+ / +++ +P+ / +++ +++
		{name: "a charge limited by water", turn: "w",
			placements: []string{"P@9W4", "P@9W5", "P@9W6"},
			want:       []string{"P9W-8W"},
			never:      []string{"P9W-7W"}},
		{name: "the second turn crosses the river", turn: "w",
			placements: []string{"P@8W4", "P@8W5", "P@8W6"},
			want:       []string{"P8W-6W", "P8W-9W"},
			never:      []string{"P8W-7W"}},
	} {
		c.check(t, true)
	}
}

// TestLongchessSeedDiagramEffects plays the diagrams' moves and checks what
// they leave.
func TestLongchessSeedDiagramEffects(t *testing.T) {
	r := lcRules(t, "")
	for _, c := range []struct {
		name          string
		turn          string
		before, after []string
		moves         []string
	}{
		{"the bishop takes the pawn by moving; the nightrider takes the bishop", "w",
			[]string{"B@12W6", "p@13W5", "r@10W4", "n@14W3"}, []string{"n@13W5", "r@10W4"},
			[]string{"B12W6x13W5", "N14W3x13W5"}},
		{"the bishop shoots the rook and stays", "w",
			[]string{"B@12W6", "p@13W5", "r@10W4", "n@14W3"}, []string{"B@12W6", "p@13W5", "n@14W3"},
			[]string{"B12W6@10W4"}},
		{"the pawns take all three enemies", "w",
			[]string{"P@15W4", "P@15W5", "P@15W6", "b@13W4", "n@14W5", "b@13W6"}, []string{"P@13W4", "P@13W5", "P@13W6"},
			[]string{"P15Wx13W"}},
		{"black pawns charge through three enemies", "b",
			[]string{"p@15W4", "p@15W5", "p@15W6", "B@13W4", "N@14W5", "B@13W6"}, []string{"p@13W4", "p@13W5", "p@13W6"},
			[]string{"P15Wx13W"}},
		{"pawns cross the river in two turns", "w",
			[]string{"P@9W4", "P@9W5", "P@9W6", "p@1B1"}, []string{"P@6W4", "P@6W5", "P@6W6", "p@2B1"},
			[]string{"P9W-8W", "P1B1-2B1", "P8W-6W"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := lcPos(t, r, c.turn, c.before...)
			lcPlay(t, p, c.moves...)
			want := strings.Fields(lcText(t, r, "w", c.after...))[0]
			if got := strings.Fields(p.String())[0]; got != want {
				t.Errorf("after %v:\n got %s\nwant %s", c.moves, got, want)
			}
		})
	}
}

// TestLongchessRules covers the central river, range attacks, retreats off
// the board and the flags, each case also mirrored.
func TestLongchessRules(t *testing.T) {
	for _, c := range []lcCase{
		// The central river.
		{name: "a rook stops on the central bridge", turn: "w",
			placements: []string{"R@16W2"},
			want:       []string{"R16W2-17W2", "R16W2-18W2", "R16W2-C2"},
			never:      []string{"R16W2-18B2", "R16W2-1B2"}},
		{name: "a rook goes on from the central bridge", turn: "w",
			placements: []string{"R@C2"},
			want:       []string{"RC2-18B2", "RC2-1B2", "RC2-18W2", "RC2-1W2", "RC2-0W"}},
		{name: "water blocks a rook", turn: "w",
			placements: []string{"R@16W3"},
			want:       []string{"R16W3-18W3"},
			never:      []string{"R16W3-C3", "R16W3-18B3"}},
		{name: "a nightrider lands on the central bridge", turn: "w",
			placements: []string{"N@17W4"},
			want:       []string{"N17W4-C5"},
			never:      []string{"N17W4-17B6"}},
		{name: "a nightrider never leaps over the central river", turn: "w",
			placements: []string{"N@18W4"},
			never:      []string{"N18W4-18B5", "N18W4-18B3", "N18W4-17B6"}},
		{name: "a bishop stops on the central bridge", turn: "w",
			placements: []string{"B@17W3"},
			want:       []string{"B17W3-C5"},
			never:      []string{"B17W3-18B6", "B17W3-C1"}},
		// Range attacks.
		{name: "no range attack across the central river", turn: "w",
			placements: []string{"R@16W2", "r@17B2"},
			never:      []string{"R16W2@17B2"}},
		{name: "a range attack on the central bridge", turn: "w",
			placements: []string{"R@16W2", "r@C2"},
			want:       []string{"R16W2@C2", "R16W2xC2"}},
		{name: "a range attack from the central bridge", turn: "w",
			placements: []string{"R@C5", "n@15B5"},
			want:       []string{"RC5@15B5", "RC5x15B5"}},
		{name: "no range attack on an adjacent piece", turn: "w",
			placements: []string{"R@10W5", "r@11W5"},
			want:       []string{"R10W5x11W5"},
			never:      []string{"R10W5@11W5"}},
		{name: "no range attack behind one's own river", turn: "w",
			placements: []string{"R@2W5", "r@5W5"},
			want:       []string{"R2W5x5W5"},
			never:      []string{"R2W5@5W5"}},
		{name: "no range attack behind the enemy's river either", turn: "w",
			placements: []string{"R@2B5", "r@5B5"},
			never:      []string{"R2B5@5B5"}},
		{name: "a range attack from across one's own river", turn: "w",
			placements: []string{"R@8W5", "r@5W5"},
			want:       []string{"R8W5@5W5"}},
		{name: "water blocks a range attack", turn: "w",
			placements: []string{"R@5W3", "r@9W3"},
			never:      []string{"R5W3@9W3", "R5W3x9W3"}},
		{name: "flags cannot be attacked from range", turn: "w",
			placements: []string{"R@10W5", "f@13W5"},
			want:       []string{"R10W5-13W5"},
			never:      []string{"R10W5@13W5", "R10W5x13W5"}},
		{name: "a pawn shoots from its rank 5 at its rank 8 over the river", turn: "w",
			placements: []string{"P@5W3", "n@8W3", "n@8W4"},
			want:       []string{"P5W3@8W3"},
			never:      []string{"P5W3@8W4"}},
		{name: "a pawn's shot needs its rank 6 empty", turn: "w",
			placements: []string{"P@5W3", "P@6W3", "n@8W3"},
			never:      []string{"P5W3@8W3"}},
		{name: "a pawn does not shoot flags", turn: "w",
			placements: []string{"P@5W3", "f@8W3"},
			never:      []string{"P5W3@8W3"}},
		{name: "a pawn shoots from its rank 17 over the central river", turn: "w",
			placements: []string{"P@17W3", "b@18B3"},
			want:       []string{"P17W3@18B3"}},
		{name: "a pawn's shot over the central river needs its rank 18 empty", turn: "w",
			placements: []string{"P@17W3", "r@18W3", "b@18B3"},
			never:      []string{"P17W3@18B3"}},
		{name: "no pawn shot from other ranks", turn: "w",
			placements: []string{"P@4W3", "n@7W2", "n@8W3", "P@16W3", "b@18B3"},
			never:      []string{"P4W3@7W3", "P16W3@18B3"}},
		// Retreat off the board.
		{name: "a rook slides off its own end", turn: "w",
			placements: []string{"R@3W5"},
			want:       []string{"R3W5-0W"}},
		{name: "a retreat needs a clear path", turn: "w",
			placements: []string{"R@5W1", "P@4W1"},
			never:      []string{"R5W1-0W"}},
		{name: "a bishop slides off its own end, not off the top", turn: "w",
			placements: []string{"B@1W1"},
			want:       []string{"B1W1-0W"}},
		{name: "a bishop in the corner cannot leave by the top", turn: "w",
			placements: []string{"B@2W1", "P@1W2"},
			never:      []string{"B2W1-0W"}},
		{name: "a nightrider and a pawn step off", turn: "w",
			placements: []string{"N@2W5", "P@1W9"},
			want:       []string{"N2W5-0W", "P1W9-0W"}},
		{name: "no retreat across the enemy's end", turn: "b",
			placements: []string{"r@3W5", "n@1W2"},
			never:      []string{"R3W5-0B", "N1W2-0B"}},
		{name: "no retreat over the central river", turn: "w",
			placements: []string{"R@10B2"},
			want:       []string{"R10B2-C2"},
			never:      []string{"R10B2-0W"}},
		{name: "a carrier does not retreat", turn: "w",
			placements: []string{"R[f]@3W5"},
			never:      []string{"R3W5-0W", "R3W5-0W/drop"}},
		// Flags.
		{name: "a flag steps inside its Keep", turn: "w",
			placements: []string{"F@2W5", "P@2W4"},
			want:       []string{"F2W5-1W5", "F2W5-3W5", "F2W5-2W6"},
			never:      []string{"F2W5-2W4"}},
		{name: "a flag does not step out of its Keep", turn: "w",
			placements: []string{"F@3W6", "R@10W2"},
			want:       []string{"F3W6-2W6", "F3W6-3W5"},
			never:      []string{"F3W6-4W6", "F3W6-3W7"}},
		{name: "a flag outside its Keep cannot move", turn: "w",
			placements: []string{"F@5W5", "R@10W2"},
			never:      []string{"F5W5-4W5", "F5W5-6W5", "F5W5-5W4", "F5W5-5W6", "pass"}},
		{name: "a flag in the enemy Keep cannot move", turn: "b",
			placements: []string{"f@2W5", "r@10W1"},
			never:      []string{"F2W5-1W5", "F2W5-3W5"}},
		{name: "picking up the enemy flag", turn: "w",
			placements: []string{"R@10W5", "f@12W5"},
			want:       []string{"R10W5-12W5"}},
		{name: "picking up one's own flag outside the Keep", turn: "w",
			placements: []string{"R@10W5", "F@12W5", "N@10W4", "P@12W4"},
			want:       []string{"R10W5-12W5", "N10W4-12W5", "P12W4-12W5"}},
		{name: "not one's own flag in its Keep", turn: "w",
			placements: []string{"R@4W5", "F@3W5"},
			never:      []string{"R4W5-3W5"}},
		{name: "a carrier picks up no second flag, unless it drops its own", turn: "w",
			placements: []string{"R[f]@10W5", "F@12W5"},
			want:       []string{"R10W5-11W5", "R10W5-11W5/drop", "R10W5-12W5/drop"},
			never:      []string{"R10W5-12W5"}},
		{name: "a carrier takes no second flag from a carrier, unless it drops its own", turn: "w",
			placements: []string{"R[f]@10W5", "n[F]@10W7"},
			want:       []string{"R10W5x10W7/drop", "R10W5@10W7"},
			never:      []string{"R10W5x10W7"}},
		{name: "a pawn in a charge takes no second flag", turn: "w",
			placements: []string{"P[f]@15W4", "P@15W5", "n[F]@14W4"},
			want:       []string{"P15W-16W"},
			never:      []string{"P15Wx14W", "P15Wx13W"}},
		{name: "a flag blocks a charge", turn: "w",
			placements: []string{"P@15W4", "P@15W5", "f@14W4"},
			never:      []string{"P15W-14W", "P15W-13W"}},
		{name: "a group needs two pawns", turn: "w",
			placements: []string{"P@15W4", "P@14W5"},
			never:      []string{"P15W-16W", "P15W-13W"}},
	} {
		c.check(t, true)
	}
}

// TestLongchessMoveEffects plays moves and checks the board they leave:
// carried flags follow their carriers, are dropped, lie where a carrier was
// shot, go to the piece that takes a carrier; retreats remove the piece.
func TestLongchessMoveEffects(t *testing.T) {
	r := lcRules(t, "")
	for _, c := range []struct {
		name          string
		turn          string
		before, after []string
		moves         []string
	}{
		{"the flag picked up is carried", "w", []string{"R@10W5", "f@12W5"}, []string{"R[f]@12W5"}, []string{"R10W5-12W5"}},
		{"the flag moves with its carrier", "w", []string{"R[f]@10W5", "p@1B1"}, []string{"R[f]@11W9", "p@2B1"}, []string{"R10W5-11W5", "P1B1-2B1", "R11W5-11W9"}},
		{"a dropped flag lies where the carrier was", "w", []string{"R[f]@10W5"}, []string{"f@10W5", "R@11W5"}, []string{"R10W5-11W5/drop"}},
		{"drop one flag and pick up another", "w", []string{"R[f]@10W5", "F@12W5"}, []string{"f@10W5", "R[F]@12W5"}, []string{"R10W5-12W5/drop"}},
		{"a carrier shot from range leaves the flag", "w", []string{"R@10W5", "n[F]@13W5"}, []string{"R@10W5", "F@13W5"}, []string{"R10W5@13W5"}},
		{"the piece that takes a carrier takes its flag", "w", []string{"R@10W5", "n[F]@13W5"}, []string{"R[F]@13W5"}, []string{"R10W5x13W5"}},
		{"a pawn group takes a carrier's flag along", "w", []string{"P@15W4", "P@15W5", "n[F]@14W4", "b@13W5"}, []string{"P[F]@13W4", "P@13W5"}, []string{"P15Wx13W"}},
		{"a carrier in a charge keeps its flag", "b", []string{"p[F]@15W4", "p@15W5"}, []string{"p[F]@14W4", "p@14W5"}, []string{"P15W-14W"}},
		{"a retreat takes the piece off", "w", []string{"R@3W5", "N@2W9", "n@3B5"}, []string{"N@2W9"}, []string{"R3W5-0W", "N3B5-0B"}},
		{"a flag steps in its Keep", "w", []string{"F@2W5", "R@10W2"}, []string{"F@3W5", "R@10W2"}, []string{"F2W5-3W5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := lcPos(t, r, c.turn, c.before...)
			lcPlay(t, p, c.moves...)
			want := strings.Fields(lcText(t, r, "w", c.after...))[0]
			if got := strings.Fields(p.String())[0]; got != want {
				t.Errorf("after %v:\n got %s\nwant %s", c.moves, got, want)
			}
			if p.Hash() != p.ComputeHash() {
				t.Errorf("hash %x, computed %x", p.Hash(), p.ComputeHash())
			}
		})
	}
}

// TestLongchessResults covers the CTF and CTM wins, passing, repetition and
// agreement.
func TestLongchessResults(t *testing.T) {
	white, black := uint8(1), uint8(2)
	shuffle := []string{"R10W5-10W6", "R10B5-10B6", "R10W6-10W5", "R10B6-10B5", "R10W5-10W6", "R10B5-10B6", "R10W6-10W5", "R10B6-10B5"}
	for _, c := range []struct {
		name, mode, turn string
		placements       []string
		moves            []string
		status           core.Status
		winners          uint8
		reason           string
	}{
		{"the enemy flag carried into the Keep wins", "", "w", []string{"R[f]@4W5", "r@10B5"}, []string{"R4W5-3W5"}, core.Win, white, "flag"},
		{"Black brings White's flag home", "", "b", []string{"r[F]@4B5", "R@10W5"}, []string{"R4B5-3B5"}, core.Win, black, "flag"},
		{"taking a carrier on one's Keep wins", "", "w", []string{"R@2W4", "n[f]@2W5"}, []string{"R2W4x2W5"}, core.Win, white, "flag"},
		{"one's own flag brought home does not win", "", "w", []string{"R[F]@4W5", "r@10B5"}, []string{"R4W5-3W5"}, core.Ongoing, 0, ""},
		{"a flag dropped before the Keep does not win", "", "w", []string{"R[f]@4W5", "r@10B5"}, []string{"R4W5-3W5/drop"}, core.Ongoing, 0, ""},
		{"in CTF taking the last enemy piece wins too", "", "w", []string{"R@10W5", "p@11W5", "f@10B5"}, []string{"R10W5x11W5"}, core.Win, white, "army"},
		{"in CTF the last piece retreating loses (issue 18)", "", "w", []string{"R@3W4", "F@2W5", "r@10B5", "f@2B5"}, []string{"R3W4-0W"}, core.Win, black, "army"},
		{"in CTF a lying flag is no army", "", "b", []string{"F@2W5", "r@10B5", "f@2B5"}, nil, core.Win, black, "army"},
		{"in CTF a carried flag still has its carrier", "", "w", []string{"R[f]@10W5", "F@2W5", "r@10B2"}, []string{"R10W5-11W5"}, core.Ongoing, 0, ""},
		{"in CTF the game goes on while both have pieces", "", "w", []string{"R@10W5", "p@11W6", "f@2B5"}, []string{"R10W5-10W6"}, core.Ongoing, 0, ""},
		{"in CTM taking the last enemy piece wins", "ctm", "w", []string{"R@10W5", "p@11W5"}, []string{"R10W5x11W5"}, core.Win, white, "army"},
		{"in CTM the last piece retreating loses", "ctm", "b", []string{"R@10W5", "p@1B5"}, []string{"P1B5-0B"}, core.Win, white, "army"},
		{"in CTM the game goes on while both have pieces", "ctm", "w", []string{"R@10W5", "p@11W6"}, []string{"R10W5-10W6"}, core.Ongoing, 0, ""},
		{"the second repetition is not yet a draw", "", "w", []string{"R@10W5", "r@10B5"}, shuffle[:7], core.Ongoing, 0, ""},
		{"the third repetition draws", "", "w", []string{"R@10W5", "r@10B5"}, shuffle, core.Draw, 0, "repetition"},
		{"a draw offered and accepted", "", "w", []string{"R@10W5", "r@10B5"}, []string{"R10W5-10W6:draw", "R10B5-10B6:draw"}, core.Draw, 0, "agreement"},
		{"an offer not answered lapses", "", "w", []string{"R@10W5", "r@10B5"}, []string{"R10W5-10W6:draw", "R10B5-10B6", "R10W6-10W5:draw"}, core.Ongoing, 0, ""},
		{"a side cannot accept its own offer", "", "w", []string{"R@10W5", "r@10B5"}, []string{"R10W5-10W6:draw"}, core.Ongoing, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := lcPos(t, lcRules(t, c.mode), c.turn, c.placements...)
			lcPlay(t, p, c.moves...)
			o := p.Outcome()
			if o.Status != c.status || o.Winners != c.winners || !strings.Contains(o.Reason, c.reason) {
				t.Errorf("outcome %v, want status %d winners %b reason %q", o, c.status, c.winners, c.reason)
			}
		})
	}
}

// TestLongchessPassIsTheOnlyMove: a side passes only when it has no other move.
func TestLongchessPassIsTheOnlyMove(t *testing.T) {
	r := lcRules(t, "")
	for _, c := range []struct {
		placements []string
		pass       bool
	}{
		{[]string{"F@10W5", "r@10B5"}, true}, // out of the game (see TestLongchessResults)
		{[]string{"F@2W5", "r@10B5"}, true},  // out: its flag no longer steps
		{[]string{"F@2W5", "N@10W2", "r@10B5"}, false},
		{[]string{"P@10W5", "r@10B5"}, false},
	} {
		moves := lcMoves(lcPos(t, r, "w", c.placements...))
		if got := slices.Contains(moves, "pass"); got != c.pass || got && len(moves) != 1 {
			t.Errorf("%v: moves %v, want a lone pass: %v", c.placements, moves, c.pass)
		}
	}
}

// TestLongchessStartMoves counts the start's moves piece by piece, as
// counted by hand on the board: each rook slides 3 squares along its row, 1
// to the edge and off its own end (5); each nightrider has 2 single leaps, a
// ride of 2 and the leap off (5); each bishop 5 diagonal squares and off (6);
// the flag steps to 1W5 or 3W5; the pawns on rows 1–3 and 7–9 step
// sideways (2 each), those on rows 4 and 6 also into row 5 (3 each); the
// group charges one square (into the river's water at two squares it
// cannot) and retreats one or two.
func TestLongchessStartMoves(t *testing.T) {
	p := lcRules(t, "").StartPosition()
	count := map[string]int{}
	for _, m := range p.LegalMoves(nil) {
		if m.Kind == kindCharge {
			count["charge"]++
			continue
		}
		count[longReadable(p, m)[:1]]++
	}
	want := map[string]int{"R": 10, "N": 10, "B": 12, "F": 2, "P": 18, "charge": 3}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d moves, want %d (all: %v)", k, count[k], n, count)
		}
	}
}

// BenchmarkPerftLongchessStart3 is perft(3) from the start.
func BenchmarkPerftLongchessStart3(b *testing.B) {
	benchmarkLongPerft(b, "", "", 3)
}

// BenchmarkPerftLongchessCrowded3 is perft(3) from a middle game with
// carried flags, range attacks and charges.
func BenchmarkPerftLongchessCrowded3(b *testing.B) {
	benchmarkLongPerft(b, "", lcCrowded[0].text, 3)
}

func benchmarkLongPerft(b *testing.B, mode, text string, depth int) {
	r := lcRules(b, mode)
	p := r.StartPosition()
	if text != "" {
		var err error
		if p, err = r.ParsePosition(text); err != nil {
			b.Fatal(err)
		}
	}
	var leaves uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves += p.Perft(depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// TestLongchessHelp: the help page states the rules file's decisions.
func TestLongchessHelp(t *testing.T) {
	help := strings.Join(strings.Fields(lcRules(t, "").Def.Help), " ")
	for _, decision := range []string{
		"(D) Water cannot be occupied and blocks every move",
		"(D) No move takes a piece from one half to the other in one move",
		"(D) a pawn on its own rank 5 may range-attack the enemy on its own rank 8 in the same row",
		"(D) A group is all of one side's pawns on one rank (column), when there are at least 2",
		"(D) A piece may also pick up its own flag when that flag lies outside its Keep",
		"(D) A carrier may not retreat off the board. A piece carries at most one flag",
		"(D) Only across the side's own end, never the top, bottom or enemy end",
		"(D) A side with no legal move loses nothing: it passes",
		"(D) Three-fold repetition of the same position with the same side to move is a draw",
		"Draw by agreement",
		"(D) If it would pass its own rank 1, it is retreated (removed, unscored)",
		"(D) the other mines are removed without going off; flags survive, and a killed carrier's flag lies where it fell",
		"(D) As its move it may fire 1–4 shells onto distinct squares (not water) within Manhattan distance 20",
		"killing every piece within Manhattan distance 3",
		"the lists of moves, perft and the computer player use only candidate salvos",
		"Four teams in the corners move in turn clockwise from the top left",
		"Pawns range-attack from the O squares to the o squares of the seed's diagram",
		"Retreat: a team's pieces leave the board across the two outer edges of its corner quarter",
		"Tournament scoring",
	} {
		if !strings.Contains(help, decision) {
			t.Errorf("the help does not say %q", decision)
		}
	}
}
