package longchess

// Tests of four-team Longchess: the seed's board, setup and O/o diagrams, charges along both axes, retreats, wins, turn order and the position text.

import (
	"slices"
	"strings"
	"testing"

	"anychess/core"
	"anychess/notation"
)

// The seed's diagrams of the four-team game, as the seed draws them: the
// board, the top-left team's setup, and its pawns' range-attack squares
// (from O to o). Row 7 is drawn without its frame.
var (
	fourBoardDiagram = []string{
		"|XXX+++ +++XXX|",
		"|XXX+++=+++XXX|",
		"|XXX+++ +++XXX|",
		"|++++++ ++++++|",
		"|+++++++++++++|",
		"|+++++++++++++|",
		"  =  +++++  = ",
		"|+++++++++++++|",
		"|+++++++++++++|",
		"|++++++ ++++++|",
		"|XXX+++ +++XXX|",
		"|XXX+++=+++XXX|",
		"|XXX+++ +++XXX|",
	}
	fourSetupDiagram = []string{
		"|XBR+++ +++XXX|",
		"|BFN+P+=+++XXX|",
		"|RNX+P+ +++XXX|",
		"|+++PP+ ++++++|",
		"|+PPPP++++++++|",
	}
	fourRangeDiagram = []string{
		"|XXX+O+ o++XXX|",
		"|XXX+O+=o++XXX|",
		"|XXX+O+ o++XXX|",
		"|++++O+ o+++++|",
		"|OOOOO++o+++++|",
		"|+++++++++++++|",
		"  =  +++++  = ",
		"|ooooo++++++++|",
	}
)

// diagramCell returns the character of the diagram at row i, column j
// (both from 0, from the top left of the playing area).
func diagramCell(d []string, i, j int) byte {
	if i >= len(d) || j+1 >= len(d[i]) {
		return '+'
	}
	return d[i][j+1]
}

// quarterTurns turns file x, rank y of the 13×13 board t quarter turns
// clockwise (the test's own rotation).
func quarterTurns(x, y, t int) (int, int) {
	for ; t > 0; t-- {
		x, y = y, 12-x
	}
	return x, y
}

// fourTeams is the four-team game's rules, with extra options.
func fourTeams(t testing.TB, opts ...string) *core.Rules {
	return lcOpts(t, append([]string{"teams=4"}, opts...)...)
}

// fourText builds a four-team position text from placements such as
// "rN@c12" (a red nightrider) or "bR[yF]@j12" (a blue rook carrying
// yellow's flag), with turn r, b, y or g.
func fourText(t testing.TB, r *core.Rules, turn string, placements ...string) string {
	t.Helper()
	b := r.Board
	grid := make([][]longCell, b.Ranks)
	for y := range grid {
		grid[y] = make([]longCell, b.Files)
		for x := range grid[y] {
			grid[y][x] = longCell{ch: '.'}
			if b.IsWater(b.Square(core.Coord{X: int64(x), Y: int64(y)})) {
				grid[y][x].ch = '~'
			}
		}
	}
	for _, pl := range placements {
		piece, name, ok := strings.Cut(pl, "@")
		c, err := core.ParseCoordName(name)
		if !ok || err != nil || len(piece) < 2 || b.Square(c) == core.NoSquare {
			t.Fatalf("bad placement %q", pl)
		}
		cell := longCell{team: piece[0], ch: piece[1]}
		if len(piece) == 6 {
			cell.cteam, cell.carried = piece[3], piece[4]
		}
		grid[c.Y][c.X] = cell
	}
	var rows []string
	for y := b.Ranks - 1; y >= 0; y-- {
		rows = append(rows, compressRow(grid[y]))
	}
	return strings.Join(rows, "/") + " " + turn
}

// fourPos builds a four-team position (see fourText).
func fourPos(t testing.TB, r *core.Rules, turn string, placements ...string) *core.Position {
	t.Helper()
	p, err := r.ParsePosition(fourText(t, r, turn, placements...))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLongchessFourBoard: the board is the seed's diagram — water where it
// draws a gap, bridges where it draws =, a Keep in each corner.
func TestLongchessFourBoard(t *testing.T) {
	r := fourTeams(t)
	b := r.Board
	g := lgeo(r)
	bridges := b.Region("bridges")
	for i := 0; i < 13; i++ {
		for j := 0; j < 13; j++ {
			sq := b.Square(core.Coord{X: int64(j), Y: int64(12 - i)})
			keeps := 0
			for pl := 0; pl < 4; pl++ {
				if g.keep[pl].Contains(sq) {
					keeps++
				}
			}
			ch := diagramCell(fourBoardDiagram, i, j)
			water, bridge, playable := b.IsWater(sq), bridges.Contains(sq), b.Playable(sq)
			ok := map[byte]bool{
				' ': water && !bridge && !playable && keeps == 0,
				'=': bridge && playable && !water && keeps == 0,
				'X': keeps == 1 && playable && !water,
				'+': playable && !water && !bridge && keeps == 0,
			}[ch]
			if !ok {
				t.Errorf("%s: the seed draws %q; water %v bridge %v keeps %d", b.Name(sq), ch, water, bridge, keeps)
			}
		}
	}
	// Each team's Keep is its corner's.
	for pl, corner := range []string{"a13", "m13", "m1", "a1"} {
		if sq, _ := b.ParseSquare(corner); !g.keep[pl].Contains(sq) {
			t.Errorf("%s's Keep does not hold %s", g.names[pl], corner)
		}
	}
}

// TestLongchessFourSetup: the top-left team stands as the seed's setup
// diagram draws it, and each other team as that diagram turned a quarter
// clockwise per seat; the artillery, when on, in each Keep's corner.
func TestLongchessFourSetup(t *testing.T) {
	for _, c := range []struct {
		opts      []string
		artillery bool
		flags     bool
	}{{nil, false, true}, {[]string{"artillery"}, true, true}, {[]string{"mode=ctm"}, false, false}} {
		r := fourTeams(t, c.opts...)
		p := r.StartPosition()
		g := lgeo(r)
		want := map[core.Square]core.Piece{}
		for team := 0; team < 4; team++ {
			for i := range fourSetupDiagram {
				for j := 0; j < 13; j++ {
					ch := diagramCell(fourSetupDiagram, i, j)
					if ch == 'F' && !c.flags || ch < 'A' || ch > 'Z' || ch == 'X' {
						continue
					}
					tp, _ := r.PieceByLetter(string(ch))
					x, y := quarterTurns(j, 12-i, team)
					want[g.at(x, y)] = core.MakePiece(core.Player(team), tp)
				}
			}
			if c.artillery {
				x, y := quarterTurns(0, 12, team)
				want[g.at(x, y)] = core.MakePiece(core.Player(team), g.art)
			}
		}
		for _, sq := range r.Board.Squares() {
			if got := p.At(sq); got != want[sq] {
				t.Errorf("%v: %s holds %v, want %v", c.opts, r.Board.Name(sq), got, want[sq])
			}
		}
		for pl := core.Player(0); pl < 4; pl++ {
			n := len(p.PieceSquares(pl))
			if wantN := 14 + b2n(c.flags) + b2n(c.artillery); n != wantN {
				t.Errorf("%v: %s has %d pieces, want %d", c.opts, g.names[pl], n, wantN)
			}
		}
	}
}

func b2n(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestLongchessFourRangeSquares: a pawn range-attacks exactly from the
// seed's O squares to the o squares in line with it, three squares on
// (the square next to it on the way empty), for every team (the diagram
// turned); from any other square it never shoots.
func TestLongchessFourRangeSquares(t *testing.T) {
	r := fourTeams(t)
	g := lgeo(r)
	b := r.Board
	for team := 0; team < 4; team++ {
		var os, targets []core.Square
		for i := range fourRangeDiagram {
			for j := 0; j < 13; j++ {
				x, y := quarterTurns(j, 12-i, team)
				switch diagramCell(fourRangeDiagram, i, j) {
				case 'O':
					os = append(os, g.at(x, y))
				case 'o':
					targets = append(targets, g.at(x, y))
				}
			}
		}
		if len(os) != 9 || len(targets) != 10 {
			t.Fatalf("the diagram has %d O and %d o squares", len(os), len(targets))
		}
		enemy := core.Player((team + 2) % 4)
		for _, from := range b.Squares() {
			if b.IsWater(from) {
				continue
			}
			p := r.NewPosition()
			p.Put(from, core.MakePiece(core.Player(team), g.pawn))
			for _, sq := range targets {
				if sq != from {
					p.Put(sq, core.MakePiece(enemy, g.night))
				}
			}
			p.SetTurn(core.Player(team))
			var got, want []string
			for _, m := range p.LegalMoves(nil) {
				if m.Kind == core.KindStationary {
					got = append(got, b.Name(m.To))
				}
			}
			if slices.Contains(os, from) {
				for _, to := range targets {
					if dx, dy := int(g.x[to])-int(g.x[from]), int(g.y[to])-int(g.y[from]); dx == 0 && abs(dy) == 3 || dy == 0 && abs(dx) == 3 {
						want = append(want, b.Name(to))
					}
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s pawn on %s shoots at %v, want %v", g.names[team], b.Name(from), got, want)
			}
		}
	}
}

// TestLongchessFourRules: charges along both axes, rivers, retreats over
// one's own edges, range attacks, mines and nonlethal captures in the
// four-team game.
func TestLongchessFourRules(t *testing.T) {
	for _, c := range []struct {
		name        string
		opts        []string
		turn        string
		placements  []string
		want, never []string
	}{
		{"a row group charges up and down", nil, "r",
			[]string{"rP@d5", "rP@e5"},
			[]string{"P5-6", "P5-4", "P5-3"},
			[]string{"P5-7", "Pd-e"}},
		{"a column group charges sideways", nil, "r",
			[]string{"rP@h8", "rP@h9"},
			[]string{"Ph-i", "Ph-j", "Ph-g", "Ph-f"},
			[]string{"P8-9"}},
		{"a group charge captures", nil, "y",
			[]string{"yP@e5", "yP@f5", "rN@e6", "gB@f7"},
			[]string{"P5x7", "P5x6"},
			nil},
		{"a nightrider crosses a river only by a bridge or round its end", nil, "r",
			[]string{"rN@f12", "rN@f11", "rN@f9"},
			[]string{"Nf12-h11", "Nf12-h13", "Nf11-h12", "Nf9-h8", "Nf9-h10"},
			[]string{"Nf11-h10"}},
		{"pieces pass the centre without stopping", nil, "r",
			[]string{"rR@e9"},
			[]string{"Re9-e1", "Re9-m9"},
			nil},
		{"red retreats over the top and left edges of its quarter", nil, "r",
			[]string{"rR@a10", "rB@f12", "rP@d13"},
			[]string{"Ra10-off", "Bf12-off", "Pd13-off"},
			nil},
		{"not over another team's edges", nil, "b",
			[]string{"bR@a5", "bR@m10", "bP@f13"},
			[]string{"Rm10-off"},
			[]string{"Ra5-off", "Pf13-off"}},
		{"no range attack inside one's own quarter", nil, "r",
			[]string{"rR@b12", "bN@e12", "rB@b10", "bN@h4"},
			[]string{"Rb12xe12", "Bb10@h4"},
			[]string{"Rb12@e12"}},
		{"a range attack into another quarter", nil, "r",
			[]string{"rR@b12", "bN@j12"},
			[]string{"Rb12@j12"},
			nil},
		{"no range attack on one's own pieces' O/o line", nil, "r",
			[]string{"rP@e11", "rN@h11"},
			nil,
			[]string{"Pe11@h11"}},
		{"mines by every team's pawns", []string{"mines"}, "g",
			[]string{"gP@e5", "yN@g5"},
			[]string{"Pe5*d5", "Pe5*e4", "Pe5*e6"},
			[]string{"Pe5*f5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := fourPos(t, fourTeams(t, c.opts...), c.turn, c.placements...)
			legal := lcMoves(p)
			for _, w := range c.want {
				if !slices.Contains(legal, w) {
					t.Errorf("%s is not legal; legal: %v", w, legal)
				}
			}
			for _, n := range c.never {
				if slices.Contains(legal, n) {
					t.Errorf("%s is legal; it must not be", n)
				}
			}
		})
	}
}

// TestLongchessFourPlay: the teams move clockwise from the top left, the
// move number goes up after green; a team brings any enemy flag home to
// win; nonlethal captures send a piece back toward its own corner; a draw
// needs every team's offer in turn.
func TestLongchessFourPlay(t *testing.T) {
	red, blue := uint8(1), uint8(2)
	for _, c := range []struct {
		name       string
		opts       []string
		turn       string
		placements []string
		moves      []string
		after      []string // placements after the moves, nil not to check
		turnAfter  string
		status     core.Status
		winners    uint8
	}{
		{"clockwise from red", nil, "r", []string{"rR@e9", "bR@i9", "yR@i5", "gR@e5"},
			[]string{"Re9-e10", "Ri9-i10", "Ri5-i4", "Re5-e4"}, []string{"rR@e10", "bR@i10", "yR@i4", "gR@e4"}, "r", core.Ongoing, 0},
		{"red brings yellow's flag home", nil, "r", []string{"rR[yF]@d12", "bR@j9"},
			[]string{"Rd12-c12"}, nil, "b", core.Win, red},
		{"blue brings green's flag home", nil, "b", []string{"rR@d9", "bR[gF]@j12"},
			[]string{"Rj12-k12"}, nil, "y", core.Win, blue},
		{"one's own flag home wins nothing", nil, "r", []string{"rR[rF]@d12", "bR@j9"},
			[]string{"Rd12-c12"}, nil, "b", core.Ongoing, 0},
		{"a team without pieces passes", nil, "b", []string{"rR@d9", "yR@i4"},
			[]string{"pass", "Ri4-i3"}, []string{"rR@d9", "yR@i3"}, "g", core.Ongoing, 0},
		{"in CTM the last team left wins", []string{"mode=ctm"}, "r", []string{"rR@d9", "bN@d10"},
			[]string{"Rd9xd10"}, nil, "b", core.Win, red},
		{"in CTF too the last team with pieces wins", nil, "r", []string{"rR@d9", "bN@d10", "bF@l12", "yF@l2"},
			[]string{"Rd9xd10"}, nil, "b", core.Win, red},
		{"a team out passes, its flag at home does not step", nil, "b", []string{"rR@d9", "bF@l12", "yR@i4"},
			[]string{"pass", "Ri4-i3"}, []string{"rR@d9", "bF@l12", "yR@i3"}, "g", core.Ongoing, 0},
		{"a team whose last piece retreats is out; the others play on", nil, "r", []string{"rR@a10", "rF@b12", "bR@i9", "yR@i5"},
			[]string{"Ra10-off", "Ri9-i10", "Ri5-i4", "pass", "pass"}, []string{"rF@b12", "bR@i10", "yR@i4"}, "b", core.Ongoing, 0},
		{"a draw needs the offers of the teams still in", nil, "r", []string{"rR@e9", "bF@l12", "yR@i5", "gR@e5"},
			[]string{"Re9-e10:draw", "pass", "Ri5-i4:draw", "Re5-e4:draw"}, nil, "r", core.Draw, 0},
		{"two offers of three teams are not yet a draw", nil, "r", []string{"rR@e9", "bF@l12", "yR@i5", "gR@e5"},
			[]string{"Re9-e10:draw", "pass", "Ri5-i4:draw", "Re5-e4"}, nil, "r", core.Ongoing, 0},
		{"a captured piece goes back toward its own corner", []string{"nonlethal"}, "r", []string{"rR@b12", "bN@b9"},
			[]string{"Rb12xb9"}, []string{"rR@b9", "bN@g9"}, "b", core.Ongoing, 0},
		{"three offers are not yet a draw", nil, "r", []string{"rR@e9", "bR@i9", "yR@i5", "gR@e5"},
			[]string{"Re9-e10:draw", "Ri9-i10:draw", "Ri5-i4:draw"}, nil, "g", core.Ongoing, 0},
		{"four offers in turn draw", nil, "r", []string{"rR@e9", "bR@i9", "yR@i5", "gR@e5"},
			[]string{"Re9-e10:draw", "Ri9-i10:draw", "Ri5-i4:draw", "Re5-e4:draw"}, nil, "r", core.Draw, 0},
		{"an offer left out starts again", nil, "r", []string{"rR@e9", "bR@i9", "yR@i5", "gR@e5"},
			[]string{"Re9-e10:draw", "Ri9-i10", "Ri5-i4:draw", "Re5-e4:draw", "Re10-e9:draw"}, nil, "b", core.Ongoing, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := fourTeams(t, c.opts...)
			p := fourPos(t, r, c.turn, c.placements...)
			lcPlay(t, p, c.moves...)
			if c.after != nil {
				if got, want := strings.Fields(p.String())[0], strings.Fields(fourText(t, r, "r", c.after...))[0]; got != want {
					t.Errorf("after %v:\n got %s\nwant %s", c.moves, got, want)
				}
			}
			if turn := string(fourSides[p.Turn()]); turn != c.turnAfter {
				t.Errorf("%s to move, want %s", turn, c.turnAfter)
			}
			if o := p.Outcome(); o.Status != c.status || o.Winners != c.winners {
				t.Errorf("outcome %v, want status %d winners %b", o, c.status, c.winners)
			}
		})
	}
	// The move number goes up after green's move.
	p := fourTeams(t).StartPosition()
	for i, m := range []string{"Pe9-f9", "Pi9-i8", "Pi5-h5", "Pe5-e6"} {
		if p.FullMove() != 1 {
			t.Errorf("move number %d after %d moves", p.FullMove(), i)
		}
		lcPlay(t, p, m)
	}
	if p.FullMove() != 2 || p.Turn() != 0 {
		t.Errorf("after a round: move %d, %s to move", p.FullMove(), g4name(p))
	}
}

func g4name(p *core.Position) string { return lgeo(p.Rules()).names[p.Turn()] }

// TestLongchessFourText: the four-team position text reads back, and its
// faults are reported.
func TestLongchessFourText(t *testing.T) {
	r := fourTeams(t, "mines", "artillery")
	start := r.StartPosition().String()
	if !strings.HasPrefix(start, "rA") || !strings.Contains(start, " r - 1 options:teams=4,mines,artillery") {
		t.Errorf("start text %s", start)
	}
	p := fourPos(t, r, "y", "rR[bF]@d12", "bN@j9", "gP@e5")
	text := strings.Replace(p.String(), " y - 1 options:teams=4,mines,artillery", " y offered2 4 options:teams=4,mines,artillery mines:ge6 shells:rk3,bc3", 1)
	q, err := r.ParsePosition(text)
	if err != nil || q.String() != text {
		t.Fatalf("%s reads back as %v, %v", text, q, err)
	}
	if status := strings.Join(longStatus(q), "\n"); !strings.Contains(status, "Red and Blue offered a draw") || !strings.Contains(status, "Green's mines: e6") ||
		!strings.Contains(status, "Yellow is out") || strings.Contains(status, "Blue is out") {
		t.Errorf("status:\n%s", status)
	}
	// With Blue out, the two offers before Yellow's turn were Green's and Red's.
	p = fourPos(t, r, "y", "rR@d9", "yR@i4", "gP@e5")
	text = strings.Replace(p.String(), " y - 1 ", " y offered2 4 ", 1)
	if q, err = r.ParsePosition(text); err != nil {
		t.Fatal(err)
	}
	if status := strings.Join(longStatus(q), "\n"); !strings.Contains(status, "Green and Red offered a draw") || !strings.Contains(status, "Blue is out") {
		t.Errorf("status:\n%s", status)
	}
	// rank12 is the empty board with rank 12 (a bridge's rank) written row.
	rank12 := func(row string) string { return "6~6/" + row + "/6~6/6~6/13/13/~1~~5~~1~/13/13/6~6/6~6/13/6~6" }
	empty := rank12("13")
	for _, c := range []struct{ text, field, msg string }{
		{rank12("R12") + " r", "board", "team's letter"},
		{rank12("xR11") + " r", "board", "team's letter"},
		{rank12("rR[F]11") + " r", "board", "in brackets"},
		{rank12("rF1bF11") + " r", "board", "14 cells"},
		{strings.Replace(rank12("rFbF11"), "/13/13/~", "/rF12/13/~", 1) + " r", "board", "2 flags"},
		{empty + " w", "turn", "r, b, y or g"},
		{empty + " r offered4", "draw", "offeredN"},
		{empty + " r - 1 shells:re5", "shells", "to move"},
	} {
		_, err := r.ParsePosition(c.text)
		e, ok := err.(*core.PositionError)
		if !ok || e.Field != c.field || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q: error %v, want field %q saying %q", c.text, err, c.field, c.msg)
		}
	}
}

// TestLongchessFourNotation: moves of each kind have their texts in both
// notations, which read back.
func TestLongchessFourNotation(t *testing.T) {
	r := fourTeams(t, "mines", "artillery")
	p := fourPos(t, r, "r", "rA@a13", "rP@d5", "rP@e5", "rP@h8", "rP@h9", "rR[bF]@b10", "rB@f12", "yN@i4", "bR@j12")
	for _, c := range []struct{ readable, coordinate string }{
		{"P5-6", "5-6"},
		{"Ph-g", "h-g"},
		{"Rb10-b9/drop", "b10b9/drop"},
		{"Bf12-off", "f12off"},
		{"Pd5*c5", "d5*c5"},
		{"Aa13^i4", "a13^i4"},
		{"Aa13^a1^i4^e5", "a13^a1^i4^e5"},
		{"Rb10-c11", ""},
		{"Bf12-e11", "f12e11"},
	} {
		m, err := notation.SAN.Decode(p, c.readable)
		if c.coordinate == "" {
			if err == nil {
				t.Errorf("%s reads as %+v", c.readable, m)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.readable, err)
			continue
		}
		if got := notation.SAN.Encode(p, m); normalReadable(got) != normalReadable(c.readable) {
			t.Errorf("%s is written %s", c.readable, got)
		}
		if got := notation.Coordinate.Encode(p, m); got != c.coordinate {
			t.Errorf("%s: coordinate %s, want %s", c.readable, got, c.coordinate)
		}
		if m2, err := notation.Coordinate.Decode(p, c.coordinate); err != nil || m2 != m {
			t.Errorf("%s reads as %+v, %v", c.coordinate, m2, err)
		}
	}
}
