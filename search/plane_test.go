package search

// Tests of huge and unbounded move sets: far threats and chances on the infinite plane, node counts that do not grow with distance, Longchess artillery salvos, and the plane's evaluation terms.

import (
	"fmt"
	"strings"
	"testing"

	"anychess/core"
	"anychess/notation"
	"anychess/variant"
)

// loadRules loads a variant with options (flags as "name", or "name=value").
func loadRules(t testing.TB, name string, options ...string) *core.Rules {
	t.Helper()
	opts, err := variant.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	r, err := variant.Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// at returns the square of p at (x, y).
func at(p *core.Position, x, y int64) core.Square { return p.Square(core.Coord{X: x, Y: y}) }

// mateInOne reports whether the side to move has a move that checkmates.
func mateInOne(p *core.Position) (core.Move, bool) {
	us := p.Turn()
	for _, m := range p.LegalMoves(nil) {
		p.MakeMove(m)
		o := p.Outcome()
		p.UnmakeMove()
		if o.Status == core.Win && o.Winners == 1<<us {
			return m, true
		}
	}
	return core.NullMove, false
}

// threatened lists the squares of pl's pieces of the given letter that an
// enemy attacks.
func threatened(p *core.Position, pl core.Player, letter byte) []core.Square {
	var out []core.Square
	for _, sq := range p.PieceSquares(pl) {
		if p.Rules().Pieces[p.At(sq).Type()].Letter == letter && p.AttackedBy(sq, pl) {
			out = append(out, sq)
		}
	}
	return out
}

// planeCheck is what a far-threat case expects of the engine's move m in p
// (p as it was before m). Each check first makes sure the danger or the
// chance is really there, so a case cannot pass by having none.
type planeCheck func(t *testing.T, p *core.Position, m core.Move)

// takes expects the move to capture on (x, y), where an enemy piece stands.
func takes(x, y int64) planeCheck {
	return func(t *testing.T, p *core.Position, m core.Move) {
		sq := at(p, x, y)
		if pc := p.At(sq); !pc.IsPiece() || pc.Owner() == p.Turn() {
			t.Fatalf("no enemy piece on (%d,%d)", x, y)
		}
		if m.To != sq {
			t.Errorf("the engine played %s, not the capture on (%d,%d)", notation.Coordinate.Encode(p, m), x, y)
		}
	}
}

// parriesMate expects that after the move the opponent has no mate in one,
// where after a pass it would have had one.
func parriesMate(t *testing.T, p *core.Position, m core.Move) {
	q := p.Copy()
	q.MakeNullMove()
	if _, ok := mateInOne(q); !ok {
		t.Fatal("the opponent has no mate in one to parry")
	}
	q = p.Copy()
	q.MakeMove(m)
	if mate, ok := mateInOne(q); ok {
		t.Errorf("after %s the opponent mates with %s", notation.Coordinate.Encode(p, m), notation.Coordinate.Encode(q, mate))
	}
}

// saves expects that after the move no piece of the mover with the given
// letter is attacked, where one is now.
func saves(letter byte) planeCheck {
	return func(t *testing.T, p *core.Position, m core.Move) {
		us := p.Turn()
		if len(threatened(p, us, letter)) == 0 {
			t.Fatalf("no %c is attacked", letter)
		}
		q := p.Copy()
		q.MakeMove(m)
		if sqs := threatened(q, us, letter); len(sqs) > 0 {
			t.Errorf("after %s the %c on %s is still attacked", notation.Coordinate.Encode(p, m), letter, q.Name(sqs[0]))
		}
	}
}

// farThreats are positions of the infinite plane whose danger or chance is
// a long way off: 10^6 to 10^18 squares, or a prime distance for the
// Huygens.
var farThreats = []struct {
	name, variant, pos string
	check              planeCheck
}{
	{"a rook checking from 10^6: take it", "infinite-plane",
		"K0,0|P3,2|R1000000,9|k-50,60|p-50,50|p-49,50|r1000000,0 w", takes(1000000, 0)},
	{"a chancellor checking from 10^12: take it", "infinite-plane",
		"K0,0|P3,2|R1000000000000,9|k-50,60|p-50,50|p-49,50|c1000000000000,0 w", takes(1000000000000, 0)},
	{"a rook 10^12 away threatens mate", "infinite-plane",
		"K0,10|P-1,11|P0,11|P1,11|R1,1000|k-50,60|p-50,50|p-1,12|p0,12|p1,12|r-1000000000,9|r1000000000000,15 w", parriesMate},
	{"a chancellor 10^18 away threatens mate", "infinite-plane",
		"K0,10|P-1,11|P0,11|P1,11|R1,1000|k-50,60|p-50,50|p-1,12|p0,12|p1,12|r-1000000000,9|c1000000000000000000,15 w", parriesMate},
	{"a queen 10^18 away threatens mate along the file", "infinite-plane",
		"K10,0|P11,-1|P11,0|P11,1|R1000,1|k-50,60|p-50,50|p12,-1|p12,0|p12,1|r9,-1000000000|q-1000000000000000000,1000000000000000000 w", parriesMate},
	{"a defended rook 10^9 away attacks the queen", "infinite-plane",
		"K0,0|Q5,3|P1,1|k-50,60|p-50,50|r1000000000,3|r1000000000,100 w", saves('Q')},
	{"a defended bishop 10^12 away attacks the queen", "infinite-plane",
		"K0,0|Q5,3|P1,1|k-50,60|p-50,50|b1000000000005,1000000000003|r1000000000005,1000000000010 w", saves('Q')},
	{"our rook takes a queen 10^9 away", "infinite-plane",
		"K0,0|R5,-1000000000|P1,1|k-50,60|p-50,50|q5,6 w", takes(5, 6)},
	{"our bishop takes a rook 10^9 away", "infinite-plane",
		"K0,0|B-3,3|P1,1|k-50,60|p-50,50|r999999997,1000000003 w", takes(999999997, 1000000003)},
	{"a Huygens 1000003 away attacks the queen over a pawn", "infinite-plane-huygens",
		"K0,0|Q5,3|P6,3|P1,1|k-50,60|p-50,50|u1000008,3 w", saves('Q')},
	{"our Huygens takes a queen 1000003 away over a pawn", "infinite-plane-huygens",
		"K0,0|U5,3|P6,3|P1,1|k-50,60|p-50,50|q1000008,3 w", takes(1000008, 3)},
	{"a Huygens 1000003 away gives check: take it", "infinite-plane-huygens",
		"K0,0|P1,1|R1000003,40|k-50,60|p-50,50|u1000003,0 w", takes(1000003, 0)},
}

// TestFarThreats: at depths 3 and 4 the engine parries, saves or takes what
// lies far away.
func TestFarThreats(t *testing.T) {
	for _, tc := range farThreats {
		r := loadRules(t, tc.variant)
		for _, depth := range []int{3, 4} {
			t.Run(fmt.Sprintf("%s/depth %d", tc.name, depth), func(t *testing.T) {
				p, err := r.ParsePosition(tc.pos)
				if err != nil {
					t.Fatal(err)
				}
				res := New(Options{HashMB: 4}).Search(p, Limits{Depth: depth})
				if res.Move == core.NullMove {
					t.Fatal("no move")
				}
				tc.check(t, p, res.Move)
			})
		}
	}
}

// TestFarPieceCostsNoNodes: a piece 10^18 squares away costs the search
// about as many nodes at a fixed depth as the same piece nearby, along the
// same line (at most twice as many).
func TestFarPieceCostsNoNodes(t *testing.T) {
	for _, tc := range []struct {
		name, variant string
		near, far     string // the extra piece
		depth         int
	}{
		{"a black rook up White's queen file", "infinite-plane", "r4,30", "r4,1000000000000000000", 3},
		{"a white rook along an empty rank", "infinite-plane", "R30,4", "R1000000000000000000,4", 3},
		{"a black queen on the long diagonal", "infinite-plane", "q-20,-20", "q-1000000000000000000,-1000000000000000000", 3},
		{"a black Huygens up a file", "infinite-plane-huygens", "u4,30", "u4,1000000000000000000", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := loadRules(t, tc.variant)
			pieces := strings.Fields(r.StartPosition().String())[0]
			nodes := func(extra string) uint64 {
				p, err := r.ParsePosition(pieces + "|" + extra + " w")
				if err != nil {
					t.Fatal(err)
				}
				return New(Options{HashMB: 4}).Search(p, Limits{Depth: tc.depth}).Nodes
			}
			near, far := nodes(tc.near), nodes(tc.far)
			t.Logf("nodes at depth %d: %d near, %d far (%.2f×)", tc.depth, near, far, float64(far)/float64(near))
			if far > 2*near {
				t.Errorf("%d nodes with the piece far away, %d near", far, near)
			}
		})
	}
}

// longText writes a two-team Longchess position text: pieces are letters
// at (column from White's end, row from the top), e.g. "A10,5"; water is
// filled in, the side to move and tagged fields follow.
func longText(t *testing.T, pieces string, rest string) string {
	t.Helper()
	const files, rows = 37, 9
	var grid [rows][files]string
	for c := range files {
		for r := range rows {
			grid[r][c] = "."
			if (c+1 == 7 || c+1 == 19 || c+1 == 31) && r+1 != 2 && r+1 != 5 && r+1 != 8 {
				grid[r][c] = "~"
			}
		}
	}
	for _, f := range strings.Fields(pieces) {
		var c, r int
		var letter string
		i := strings.IndexAny(f, "0123456789")
		letter = f[:i]
		if _, err := fmt.Sscanf(f[i:], "%d,%d", &c, &r); err != nil {
			t.Fatalf("bad piece %q", f)
		}
		grid[r-1][c-1] = letter
	}
	var lines []string
	for r := range rows {
		var b strings.Builder
		empty := 0
		for c := range files {
			if grid[r][c] == "." {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(grid[r][c])
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		lines = append(lines, b.String())
	}
	return strings.Join(lines, "/") + " " + rest
}

// TestArtillerySalvos: with Longchess's artillery, the engine fires a salvo
// that wins what cannot escape it, and steps out of shells in flight.
func TestArtillerySalvos(t *testing.T) {
	r := loadRules(t, "longchess", "artillery")
	for _, tc := range []struct {
		name, pieces, rest string
		// check looks at the engine's move m (coordinate notation) and the
		// position after it.
		check func(t *testing.T, m string, after *core.Position)
	}{
		{"a salvo on four pawns that cannot run", "F2,5 A10,5 R1,1 p14,4 p15,4 p14,5 p15,5 r37,9 f36,5", "w - 1 options:artillery",
			func(t *testing.T, m string, after *core.Position) {
				if !strings.Contains(m, "^") {
					t.Errorf("the engine played %s, not a salvo", m)
				}
			}},
		// The carrier is two steps from Black's Keep and at the salvo's range:
		// a salvo next move would land too late.
		{"a salvo on a flag carrier: the last chance", "A13,5 R1,1 p[F]33,5 r37,9 f36,1", "w - 1 options:artillery",
			func(t *testing.T, m string, after *core.Position) {
				if !strings.Contains(m, "^") {
					t.Errorf("the engine played %s, not a salvo", m)
				}
			}},
		{"shells in flight on the rook: it steps away", "F2,5 A1,5 R14,4 P3,1 a30,5 r37,9 f36,5", "w - 1 options:artillery shells:bn6",
			func(t *testing.T, m string, after *core.Position) {
				for _, sq := range after.PieceSquares(0) {
					if after.Rules().Pieces[after.At(sq).Type()].Letter == 'R' {
						return
					}
				}
				t.Errorf("after %s the shells killed the rook", m)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := r.ParsePosition(longText(t, tc.pieces, tc.rest))
			if err != nil {
				t.Fatal(err)
			}
			res := New(Options{HashMB: 4}).Search(p, Limits{Depth: 4})
			if res.Move == core.NullMove {
				t.Fatal("no move")
			}
			m := notation.Coordinate.Encode(p, res.Move)
			p.MakeMove(res.Move)
			tc.check(t, m, p)
		})
	}
}

// TestPlaneEvalTerms: the evaluation terms of unbounded boards, each alone
// (White to move; the values are the variant's: rook 500, knight 250,
// pawn 100).
func TestPlaneEvalTerms(t *testing.T) {
	r := loadRules(t, "infinite-plane")
	const g = 1_000_000_000_000
	for _, tc := range []struct {
		name, pos string
		want      int
	}{
		{"bare kings", "K0,0|k20,20 w", 0},
		{"a pawn one step from promotion", "K0,0|P3,7|k20,20 w", 100 + pawnAdvance},
		{"a pawn two steps from promotion", "K0,0|P3,6|k20,20 w", 100 + pawnAdvance*4*4*4/125},
		{"a pawn far back", "K0,0|P3,-20|k20,20 w", 100},
		{"a black pawn one step from promotion", "K0,0|k20,20|p3,2 w", -100 - pawnAdvance},
		{"a rook nearby", "K0,0|k20,20|R10,1 w", 500},
		{"an idle rook 10^12 away", fmt.Sprintf("K0,0|k20,20|R%d,1 w", g), 500 - planeIdle},
		{"an enemy rook 10^12 away attacks three squares next to the king", fmt.Sprintf("K0,0|k20,20|r%d,1 w", g), -(500 - planeIdle) - 3*royalSafety},
		{"a knight next to the enemy king, attacking a square by it (Black to move: it gives check)", "K0,0|k20,20|N19,18 b", -(250 + (planeReach-2)*planeActivity + royalSafety)},
		{"a knight out of reach", "K0,0|k20,20|N10,10 w", 250},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := Evaluate(p, nil); got != tc.want {
				t.Errorf("evaluation %d, want %d", got, tc.want)
			}
		})
	}
}

// TestPlaneTermsTables: short- and long-range pieces, pawns and promotion
// lines are found from the variant's own rules.
func TestPlaneTermsTables(t *testing.T) {
	r := loadRules(t, "infinite-plane-huygens")
	pt := newPlaneTerms(r, PieceValues(r))
	if pt == nil {
		t.Fatal("no plane terms")
	}
	kinds := map[byte]string{}
	for typ := 1; typ < len(r.Pieces); typ++ {
		switch {
		case pt.short[typ]:
			kinds[r.Pieces[typ].Letter] = "short"
		case pt.long[typ]:
			kinds[r.Pieces[typ].Letter] = "long"
		case pt.pawn[typ]:
			kinds[r.Pieces[typ].Letter] = "pawn"
		}
	}
	want := map[byte]string{'N': "short", 'G': "short", 'H': "short", 'Q': "long", 'C': "long", 'R': "long", 'B': "long", 'U': "long", 'P': "pawn"}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
	// White promotes on y = 8 going north, Black on y = 1 going south
	// (along = −y, so −1).
	if !pt.has[0] || pt.line[0] != 8 || !pt.has[1] || pt.line[1] != -1 {
		t.Errorf("promotion lines %v %v, want 8 and -1", pt.line[:2], pt.has[:2])
	}
	// Its named terms: activity, idle, royal safety, then each piece
	// but the king at its value, the pawn the unit.
	var names []string
	for _, d := range pt.defs {
		if d.Unit {
			names = append(names, "unit:")
		}
		names = append(names, fmt.Sprintf("%s=%d", d.Name, d.Default))
	}
	if got := strings.Join(names, " "); !strings.HasPrefix(got, "activity=3 idle=20 royal-safety=12 queen=1000 ") || !strings.Contains(got, "unit: pawn=100") || strings.Contains(got, "king") {
		t.Errorf("terms %s", got)
	}
	if chess := loadRules(t, "chess"); newPlaneTerms(chess, PieceValues(chess)) != nil {
		t.Error("plane terms on a bounded board")
	}
}

// mirrorPlane returns the position text with colours swapped and y
// mirrored (y ↦ 9 − y, the plane's start symmetry); en passant dropped.
func mirrorPlane(t *testing.T, text string) string {
	t.Helper()
	f := strings.Fields(text)
	var out []string
	for _, e := range strings.Split(f[0], "|") {
		letter := e[:1]
		if strings.ToUpper(letter) == letter {
			letter = strings.ToLower(letter)
		} else {
			letter = strings.ToUpper(letter)
		}
		var x, y int64
		xy, unmoved := strings.CutSuffix(e[1:], "+")
		if _, err := fmt.Sscanf(xy, "%d,%d", &x, &y); err != nil {
			t.Fatalf("bad entry %q", e)
		}
		e = fmt.Sprintf("%s%d,%d", letter, x, 9-y)
		if unmoved {
			e += "+"
		}
		out = append(out, e)
	}
	turn := map[string]string{"w": "b", "b": "w"}[f[1]]
	return strings.Join(out, "|") + " " + turn
}

// TestPlaneEvalSymmetric: in positions of random games the evaluation of
// the colour-mirrored position is the same, from the side to move's view.
func TestPlaneEvalSymmetric(t *testing.T) {
	for _, name := range []string{"infinite-plane", "infinite-plane-huygens"} {
		r := loadRules(t, name)
		p := r.StartPosition()
		for ply := 0; ply < 80 && p.Outcome().Status == core.Ongoing; ply++ {
			q, err := r.ParsePosition(mirrorPlane(t, p.String()))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := Evaluate(p, nil), Evaluate(q, nil); a != b {
				t.Fatalf("%s ply %d: %d, mirrored %d (%s)", name, ply, a, b, p)
			}
			moves := p.LegalMoves(nil)
			p.MakeMove(moves[(ply*7919+13)%len(moves)])
		}
	}
}

// TestPlaneEvalAllocatesNothing: the plane terms read coordinates and ask
// AttackedAt, which gives far squares no handle.
func TestPlaneEvalAllocatesNothing(t *testing.T) {
	r := loadRules(t, "infinite-plane")
	p, err := r.ParsePosition("K1000000000000,5|N999999999998,4|P3,7|R-5,1000000000000|k20,20|q1000000000007,12|n19,-3 w")
	if err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(100, func() { Evaluate(p, nil) }); allocs != 0 {
		t.Errorf("%.1f allocations per evaluation", allocs)
	}
}

// BenchmarkPlaneEval: the generic evaluation on the infinite plane, with
// material only and with the plane terms, over positions of a random game.
func BenchmarkPlaneEval(b *testing.B) {
	r, err := variant.Load("infinite-plane", nil)
	if err != nil {
		b.Fatal(err)
	}
	p := r.StartPosition()
	var ps []*core.Position
	for ply := 0; ply < 60; ply++ {
		moves := p.LegalMoves(nil)
		p.MakeMove(moves[(ply*7919+13)%len(moves)])
		ps = append(ps, p.Copy())
	}
	ev := evaluatorFor(r)
	for _, positional := range []bool{false, true} {
		b.Run(fmt.Sprintf("positional=%v", positional), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				q := ps[i%len(ps)]
				ev.eval(q, q.Turn(), positional)
			}
		})
	}
}
