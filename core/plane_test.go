package core_test

// Tests of unbounded boards with Chess on an Infinite Plane: squares, position text, every rule, far moves and outcomes.

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// planeRules loads one of the plane variants with options.
func planeRules(t testing.TB, name string, options map[string]string) *core.Rules {
	t.Helper()
	r, err := variant.Load(name, options)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// planePos parses a position text of a plane variant.
func planePos(t testing.TB, r *core.Rules, text string) *core.Position {
	t.Helper()
	p, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sq returns the square of p at (x, y).
func sq(t testing.TB, p *core.Position, x, y int64) core.Square {
	t.Helper()
	s := p.Square(core.Coord{X: x, Y: y})
	if s == core.NoSquare {
		t.Fatalf("(%d,%d) is not a square", x, y)
	}
	return s
}

func TestPlaneSquareNames(t *testing.T) {
	letters := planeRules(t, "infinite-plane-huygens", map[string]string{"names": "letters"})
	numeric := planeRules(t, "infinite-plane-huygens", nil)
	tests := []struct {
		in    string
		x, y  int64
		canon string // the letters name written back, "" if in is canonical
	}{
		{"(e8)", -1, 2, ""},
		{"(a8)", -5, 2, ""},
		{"(φ8)", -6, 2, ""},
		{"(08)", -6, 2, "(φ8)"},
		{"(-a8)", -7, 2, ""},
		{"(-b8)", -8, 2, ""},
		{"(−b8)", -8, 2, "(-b8)"}, // U+2212, as the rules file writes it
		{"(t1)", 14, -5, ""},
		{"(z1)", 20, -5, ""},
		{"(aa7)", 21, 1, ""},
		{"(k7)", 5, 1, ""},
		{"(k14)", 5, 8, ""},
		{"(a-3)", -5, -9, ""},
		{"(a0)", -5, -6, ""},
		{"(-z1)", -32, -5, ""},
		{"(-aa1)", -33, -5, ""},
		{"(E8)", -1, 2, "(e8)"},
		{"(3,-4)", 3, -4, "(i2)"},
		{"(4611686018427387903,-4611686018427387903)", 1<<62 - 1, -(1<<62 - 1), ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			for _, r := range []*core.Rules{letters, numeric} {
				p := r.StartPosition()
				s, err := p.ParseSquare(tt.in)
				if err != nil {
					t.Fatal(err)
				}
				if c := p.Coord(s); c != (core.Coord{X: tt.x, Y: tt.y}) {
					t.Fatalf("%s is %v, want (%d,%d)", tt.in, c, tt.x, tt.y)
				}
			}
			p := letters.StartPosition()
			s, _ := p.ParseSquare(tt.in)
			want := tt.canon
			if want == "" {
				want = tt.in
			}
			if strings.Contains(tt.in, ",") && tt.canon == "" {
				// a numeric name far out: its letters form reads back
				back, err := p.ParseSquare(p.Name(s))
				if err != nil || back != s {
					t.Fatalf("letters name %q of %s does not read back: %v", p.Name(s), tt.in, err)
				}
				want = p.Name(s)
			}
			if got := p.Name(s); got != want {
				t.Errorf("Name = %q, want %q", got, want)
			}
			q := numeric.StartPosition()
			if got, want := q.Name(q.Square(core.Coord{X: tt.x, Y: tt.y})), fmt.Sprintf("(%d,%d)", tt.x, tt.y); got != want {
				t.Errorf("numeric Name = %q, want %q", got, want)
			}
		})
	}
}

func TestPlaneSquareNameErrors(t *testing.T) {
	p := planeRules(t, "infinite-plane", nil).StartPosition()
	for _, tt := range []struct{ in, want string }{
		{"(4611686018427387904,0)", "outside ±2^62"},
		{"(0,-4611686018427387904)", "outside ±2^62"},
		{"(99999999999999999999,0)", "outside ±2^62"},
		{"(1,2", "want (x,y)"},
		{"e4", "want (x,y)"},
		{"()", "want (x,y)"},
		{"(e)", "missing the rank"},
		{"(1,x)", "bad coordinate"},
		{"(1,--2)", "bad coordinate"},
		{"(1,2,3)", "bad coordinate"},
		{"(aaaaaaaaaaaaaaaaaaa1)", "outside ±2^62"},
		{"(zzzzzzzzzzzzzz1)", "outside ±2^62"},
		{"(-zzzzzzzzzzzzzz1)", "outside ±2^62"},
		{"(a9999999999999999999)", "bad rank"},
		{"(" + strings.Repeat("1", 70) + ",1)", "too long"},
		{"(#1)", "expected file letters"},
	} {
		if _, err := p.ParseSquare(tt.in); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSquare(%q) error %v, want one containing %q", tt.in, err, tt.want)
		}
	}
}

// TestPlaneHandles checks that far squares get stable handles, kept by Copy.
func TestPlaneHandles(t *testing.T) {
	p := planeRules(t, "infinite-plane", nil).StartPosition()
	far := core.Coord{X: 1_000_000_000_000, Y: -7}
	a := p.Square(far)
	if b := p.Square(far); a != b {
		t.Fatalf("the far square got two handles %d and %d", a, b)
	}
	if near := p.Square(core.Coord{X: 3, Y: 4}); near == a || p.Coord(near) != (core.Coord{X: 3, Y: 4}) {
		t.Fatalf("near handle %d decodes to %v", near, p.Coord(near))
	}
	q := p.Copy()
	if q.Coord(a) != far || q.Square(far) != a {
		t.Fatalf("Copy lost the far handle: %v", q.Coord(a))
	}
	if got := p.Square(core.Coord{X: 1 << 62, Y: 0}); got != core.NoSquare {
		t.Fatalf("(2^62,0) has handle %d, want none", got)
	}
}

func TestPlaneTextRoundTrip(t *testing.T) {
	for _, name := range []string{"infinite-plane", "infinite-plane-huygens"} {
		r := planeRules(t, name, nil)
		p := r.StartPosition()
		if len(p.PieceSquares(0)) != 38 || len(p.PieceSquares(1)) != 38 {
			t.Fatalf("%s: %d and %d pieces, want 38 a side", name, len(p.PieceSquares(0)), len(p.PieceSquares(1)))
		}
		if p.Hash() != p.ComputeHash() {
			t.Fatalf("%s: start hash %x, recomputed %x", name, p.Hash(), p.ComputeHash())
		}
		for _, text := range []string{
			p.String(),
			"K5,1|P1000000000000,-3+|k-4611686018427387903,4611686018427387903 b - 17 40",
			"K5,1|P3,5|k5,8|p4,5 w 4,6 0 30",
			"- w - 0 1",
		} {
			q, err := r.ParsePosition(text)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, text, err)
			}
			if q.String() != text {
				t.Errorf("%s: %q reads back as %q", name, text, q.String())
			}
			if q.Hash() != q.ComputeHash() {
				t.Errorf("%s: %q: hash %x, recomputed %x", name, text, q.Hash(), q.ComputeHash())
			}
		}
	}
}

func TestPlaneTextErrors(t *testing.T) {
	r := planeRules(t, "infinite-plane-huygens", nil)
	for _, tt := range []struct{ in, want string }{
		{"", "empty"},
		{"K5,1|K6,1", "two royal pieces"},
		{"Z1,1", "unknown piece letter"},
		{"K1,1|Q1,1", "two pieces on 1,1"},
		{"K1,1+", `a king has none`},
		{"K4611686018427387904,0", "outside ±2^62"},
		{"K1;1", "want x,y"},
		{"K1", "want a letter and x,y"},
		{"K1,1||k2,2", "want a letter and x,y"},
		{"K1,1 x", "want w or b"},
		{"K1,1|k9,9 w 3,3", "no pawn of the side that just moved passed 3,3"},
		{"K1,1 w - -1", "want a number of plies"},
		{"K1,1 w - 0 0", "want a positive number"},
		{"K1,1 w - 0 1 extra", "too many fields"},
		{strings.Repeat("P1,1|", 1025) + "K0,0", "too many pieces"},
	} {
		_, err := r.ParsePosition(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			short := tt.in
			if len(short) > 40 {
				short = short[:40]
			}
			t.Errorf("ParsePosition(%q) error %v, want one containing %q", short, err, tt.want)
		}
	}
	if _, err := r.ParseFEN("8/8/8/8/8/8/8/8 w - - 0 1"); err == nil || !strings.Contains(err.Error(), "FEN does not apply") {
		t.Errorf("ParseFEN on the plane: %v", err)
	}
}

// legalTo returns the legal moves from (fx,fy) to (tx,ty), decided exactly.
func legalTo(t testing.TB, p *core.Position, fx, fy, tx, ty int64) []core.Move {
	t.Helper()
	to := p.Square(core.Coord{X: tx, Y: ty})
	if to == core.NoSquare {
		return nil
	}
	return p.LegalMovesTo(nil, sq(t, p, fx, fy), to)
}

// TestPlaneMoves decides single moves of every piece, near and far.
func TestPlaneMoves(t *testing.T) {
	const top = 1<<62 - 1
	base := planeRules(t, "infinite-plane", nil)
	huy := planeRules(t, "infinite-plane-huygens", nil)
	tests := []struct {
		name           string
		r              *core.Rules
		pos            string
		fx, fy, tx, ty int64
		legal          bool
	}{
		{"rook far up", base, "K5,1|R1,1|k5,8", 1, 1, 1, 1_000_000, true},
		{"rook to the edge of the plane", base, "K5,1|R1,1|k5,8", 1, 1, 1, top, true},
		{"rook far left", base, "K5,1|R1,1|k5,8", 1, 1, -top, 1, true},
		{"rook blocked by own piece", base, "K5,1|R1,1|P1,500|k5,8", 1, 1, 1, 1000, false},
		{"rook before own piece", base, "K5,1|R1,1|P1,500|k5,8", 1, 1, 1, 499, true},
		{"rook onto own piece", base, "K5,1|R1,1|P1,500|k5,8", 1, 1, 1, 500, false},
		{"rook captures far", base, "K5,1|R1,1|p1,1000000000000|k5,8", 1, 1, 1, 1_000_000_000_000, true},
		{"rook past far enemy", base, "K5,1|R1,1|p1,1000000000000|k5,8", 1, 1, 1, 1_000_000_000_001, false},
		{"rook not diagonal", base, "K5,1|R1,1|k5,8", 1, 1, 2, 2, false},
		{"bishop far", base, "K5,1|B3,1|k5,8", 3, 1, 1_000_003, 1_000_001, true},
		{"bishop off its diagonal", base, "K5,1|B3,1|k5,8", 3, 1, 1_000_003, 1_000_002, false},
		{"queen far diagonal down", base, "K5,1|Q4,1|k5,8", 4, 1, -999_999_996, -999_999_999, true},
		{"knight", base, "K5,1|N2,1|k5,8", 2, 1, 3, 3, true},
		{"knight not far", base, "K5,1|N2,1|k5,8", 2, 1, 4, 5, false},
		{"chancellor as knight", base, "K5,1|C0,1|k5,8", 0, 1, 1, 3, true},
		{"chancellor as rook far", base, "K5,1|C0,1|k5,8", 0, 1, 0, 77_777_777, true},
		{"chancellor not diagonal", base, "K5,1|C0,1|k5,8", 0, 1, 1, 2, false},
		{"guard steps", base, "K5,1|G1,1|k5,8", 1, 1, 2, 2, true},
		{"guard no slide", base, "K5,1|G1,1|k5,8", 1, 1, 3, 3, false},
		{"hawk leaps 2", base, "K5,1|H0,0|P1,0|k5,8", 0, 0, 2, 0, true},
		{"hawk leaps 3 diagonally", base, "K5,1|H0,0|P1,1|k5,8", 0, 0, 3, 3, true},
		{"hawk leaps 3 back", base, "K5,1|H0,0|k5,8", 0, 0, 0, -3, true},
		{"hawk no 1", base, "K5,1|H0,0|k5,8", 0, 0, 1, 0, false},
		{"hawk no 4", base, "K5,1|H0,0|k5,8", 0, 0, 4, 0, false},
		{"hawk no oblique", base, "K5,1|H0,0|k5,8", 0, 0, 2, 1, false},
		{"king one step", base, "K5,1|k5,8", 5, 1, 6, 2, true},
		{"no castling", base, "K5,1|R8,1|k5,8", 5, 1, 7, 1, false},
		{"pawn step", base, "K5,1|P1,2+|k5,8", 1, 2, 1, 3, true},
		{"pawn double step", base, "K5,1|P1,2+|k5,8", 1, 2, 1, 4, true},
		{"moved pawn no double step", base, "K5,1|P1,3|k5,8", 1, 3, 1, 5, false},
		{"jäger pawn double step", base, "K5,1|P-2,-4+|k5,8", -2, -4, -2, -2, true},
		{"double step blocked", base, "K5,1|P1,2+|n1,3|k5,8", 1, 2, 1, 4, false},
		{"pawn captures diagonally", base, "K5,1|P1,2|n2,3|k5,8", 1, 2, 2, 3, true},
		{"pawn does not capture ahead", base, "K5,1|P1,2|n1,3|k5,8", 1, 2, 1, 3, false},
		{"black pawn down", base, "K5,1|k5,8|p1,7+ b", 1, 7, 1, 5, true},
		{"pinned piece may not leave the line", base, "K5,1|R5,2|k0,8|r5,1000000000", 5, 2, 4, 2, false},
		{"pinned piece along the line", base, "K5,1|R5,2|k0,8|r5,1000000000", 5, 2, 5, 999_999_999, true},
		{"pinned piece captures the pinner far away", base, "K5,1|R5,2|k0,8|r5,1000000000", 5, 2, 5, 1_000_000_000, true},
		{"king may not step into a far rook's file", base, "K5,1|k0,8|r6,-1000000000000", 5, 1, 6, 1, false},
		{"huygens 5", huy, "K5,1|U0,0|k5,8", 0, 0, 0, 5, true},
		{"huygens 7 jumping", huy, "K5,1|U0,0|P0,1|P0,3|k5,8", 0, 0, 0, 7, true},
		{"huygens not 3", huy, "K5,1|U0,0|k5,8", 0, 0, 3, 0, false},
		{"huygens not 2", huy, "K5,1|U0,0|k5,8", 0, 0, 0, -2, false},
		{"huygens not 9", huy, "K5,1|U0,0|k5,8", 0, 0, -9, 0, false},
		{"huygens not diagonal", huy, "K5,1|U0,0|k5,8", 0, 0, 5, 5, false},
		{"huygens onto own", huy, "K5,1|U0,0|P0,11|k5,8", 0, 0, 0, 11, false},
		{"huygens captures at 13", huy, "K5,1|U0,0|n0,13|k5,8", 0, 0, 0, 13, true},
		{"huygens Carmichael distance", huy, "K5,1|U0,0|k5,8", 0, 0, 3_215_031_751, 0, false},
		{"huygens 2^61-1", huy, "K5,1|U0,0|k5,8", 0, 0, 0, 1<<61 - 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planePos(t, tt.r, tt.pos)
			got := legalTo(t, p, tt.fx, tt.fy, tt.tx, tt.ty)
			if (len(got) > 0) != tt.legal {
				t.Fatalf("(%d,%d)->(%d,%d): %d legal moves, want legal=%v", tt.fx, tt.fy, tt.tx, tt.ty, len(got), tt.legal)
			}
			for _, m := range got {
				if !p.IsLegal(m) {
					t.Errorf("IsLegal(%+v) = false for a move LegalMovesTo gives", m)
				}
				before, hash := p.String(), p.Hash()
				p.MakeMove(m)
				if p.Hash() != p.ComputeHash() {
					t.Errorf("hash after the move %x, recomputed %x", p.Hash(), p.ComputeHash())
				}
				if c := p.Coord(m.To); c != (core.Coord{X: tt.tx, Y: tt.ty}) {
					t.Errorf("moved to %v", c)
				}
				p.UnmakeMove()
				if p.String() != before || p.Hash() != hash {
					t.Errorf("unmake: %q, want %q", p.String(), before)
				}
			}
		})
	}
}

// TestHuygensDistances compares the huygens' moves along a file with an
// independent primality oracle (math/big), near and at 10^12 and 2^61.
func TestHuygensDistances(t *testing.T) {
	r := planeRules(t, "infinite-plane-huygens", nil)
	p := planePos(t, r, "K5,1|U0,0|P0,2|p0,-4|k5,8")
	check := func(k int64) {
		t.Helper()
		for _, dir := range []int64{1, -1} {
			ty := dir * k
			want := k >= 5 && big.NewInt(k).ProbablyPrime(0)
			if got := len(legalTo(t, p, 0, 0, 0, ty)) > 0; got != want {
				t.Fatalf("huygens (0,0)->(0,%d): legal=%v, want %v", ty, got, want)
			}
		}
	}
	for k := int64(1); k <= 200; k++ {
		check(k)
	}
	for _, base := range []int64{1_000_000_000_000, 1 << 61, 1<<62 - 200} {
		for k := base; k < base+120; k++ {
			check(k)
		}
	}
}

// TestPlaneEnPassant: a double step next to an enemy pawn gives the right to
// take en passant on the next move only.
func TestPlaneEnPassant(t *testing.T) {
	r := planeRules(t, "infinite-plane", nil)
	p := planePos(t, r, "K5,1|P-3,-5+|k5,8|p-2,-3|n20,20")
	ds := legalTo(t, p, -3, -5, -3, -3)
	if len(ds) != 1 || ds[0].Kind != core.KindDoubleStep {
		t.Fatalf("double step: %+v", ds)
	}
	p.MakeMove(ds[0])
	if ep, victim := p.EnPassant(); ep == core.NoSquare || p.Coord(ep) != (core.Coord{X: -3, Y: -4}) || p.Coord(victim) != (core.Coord{X: -3, Y: -3}) {
		t.Fatalf("en-passant square %v", p.Coord(ep))
	}
	text := p.String()
	if !strings.Contains(text, " -3,-4 ") {
		t.Errorf("position text %q lacks the en-passant square", text)
	}
	epm := legalTo(t, p, -2, -3, -3, -4)
	if len(epm) != 1 || epm[0].Kind != core.KindEnPassant {
		t.Fatalf("en passant: %+v", epm)
	}
	p.MakeMove(epm[0])
	if p.At(sq(t, p, -3, -3)) != core.Empty {
		t.Fatalf("the pawn taken en passant is still there: %s", p.String())
	}
	p.UnmakeMove()
	// A waiting move in between loses the right.
	p.MakeMove(legalTo(t, p, 20, 20, 21, 22)[0])
	p.MakeMove(legalTo(t, p, 5, 1, 5, 2)[0])
	if got := legalTo(t, p, -2, -3, -3, -4); len(got) != 0 {
		t.Fatalf("en passant a move late: %+v", got)
	}
}

// TestPlanePromotion: pawns promote on y = 8 (White) and y = 1 (Black) to
// each game's list, the same in both: never a huygens.
func TestPlanePromotion(t *testing.T) {
	for _, tc := range []struct {
		name string
		want string
	}{
		{"infinite-plane", "BCGHNQR"},
		{"infinite-plane-huygens", "BCGHNQR"}, // never a huygens (the seed's list)
	} {
		r := planeRules(t, tc.name, nil)
		letters := func(ms []core.Move) string {
			var b []byte
			for _, m := range ms {
				if m.Promo == 0 {
					return "unpromoted"
				}
				b = append(b, r.Pieces[m.Promo].Letter)
			}
			slices.Sort(b)
			return string(b)
		}
		p := planePos(t, r, "K5,1|P1000000,7|k5,8|p-3,2 w")
		promos := legalTo(t, p, 1_000_000, 7, 1_000_000, 8)
		if got := letters(promos); got != tc.want {
			t.Errorf("%s: White promotes to %s, want %s", tc.name, got, tc.want)
		}
		for _, m := range promos {
			p.MakeMove(m)
			if pc := p.At(m.To); pc.Type() != m.Promo {
				t.Errorf("%s: promoting to %c leaves a %c", tc.name, r.Pieces[m.Promo].Letter, r.Pieces[pc.Type()].Letter)
			}
			p.UnmakeMove()
		}
		p = planePos(t, r, "K5,1|P1000000,7|k5,8|p-3,2 b")
		if got := letters(legalTo(t, p, -3, 2, -3, 1)); got != tc.want {
			t.Errorf("%s: Black promotes to %s, want %s", tc.name, got, tc.want)
		}
		p = planePos(t, r, "K5,1|P1,6|k5,8")
		if got := letters(legalTo(t, p, 1, 6, 1, 7)); got != "unpromoted" {
			t.Errorf("%s: promotion on y = 7: %s", tc.name, got)
		}
	}
}

// TestPlaneGuardIsNotRoyal: a guard may be left attacked and be captured.
func TestPlaneGuardIsNotRoyal(t *testing.T) {
	r := planeRules(t, "infinite-plane", nil)
	p := planePos(t, r, "K5,1|G0,0|k5,8|r0,100")
	if p.InCheck() {
		t.Fatal("an attacked guard is a check")
	}
	if len(legalTo(t, p, 5, 1, 5, 2)) == 0 {
		t.Fatal("White may not leave the guard attacked")
	}
	p.MakeMove(legalTo(t, p, 5, 1, 5, 2)[0])
	if len(legalTo(t, p, 0, 100, 0, 0)) != 1 {
		t.Fatal("the rook cannot take the guard")
	}
}

// TestPlaneOutcomes: check from far away, checkmate, stalemate, a block far
// away, repetition.
func TestPlaneOutcomes(t *testing.T) {
	r := planeRules(t, "infinite-plane", nil)
	const far = 1_000_000_000_000_000
	mate := fmt.Sprintf("K1000,1000|R-1,%d|R0,%d|R1,%d|k0,0|p-1,-1|p0,-1|p1,-1 b", far, far, far)
	t.Run("checkmate by rooks 10^15 away", func(t *testing.T) {
		p := planePos(t, r, mate)
		if !p.InCheck() {
			t.Fatal("not in check")
		}
		if o := p.Outcome(); o.Status != core.Win || o.Winners != 1 || o.Reason != "checkmate" {
			t.Fatalf("outcome %v", o)
		}
		// Independently: every square Black's pieces could reach is refused.
		dests := [][4]int64{{-1, -1, -1, -2}, {-1, -1, -1, -3}, {0, -1, 0, -2}, {0, -1, 0, -3}, {1, -1, 1, -2}, {1, -1, 1, -3}}
		for dx := int64(-1); dx <= 1; dx++ {
			for dy := int64(-1); dy <= 1; dy++ {
				dests = append(dests, [4]int64{0, 0, dx, dy})
			}
		}
		for _, d := range dests {
			if got := legalTo(t, p, d[0], d[1], d[2], d[3]); len(got) > 0 {
				t.Fatalf("(%d,%d)->(%d,%d) is legal in a mate", d[0], d[1], d[2], d[3])
			}
		}
	})
	t.Run("a far block saves the king", func(t *testing.T) {
		p := planePos(t, r, strings.Replace(mate, "|k0,0", "|b1000000000,1000000005|k0,0", 1))
		if o := p.Outcome(); o.Status != core.Ongoing {
			t.Fatalf("outcome %v", o)
		}
		var got []string
		for _, m := range p.LegalMoves(nil) {
			got = append(got, p.Name(m.From)+p.Name(m.To))
		}
		slices.Sort(got)
		want := []string{"(1000000000,1000000005)(0,2000000005)", "(1000000000,1000000005)(0,5)"}
		if !slices.Equal(got, want) {
			t.Fatalf("legal moves %v, want %v", got, want)
		}
	})
	t.Run("stalemate", func(t *testing.T) {
		p := planePos(t, r, "K10,10|Q2,1|Q-2,-1|k0,0 b")
		if p.InCheck() {
			t.Fatal("in check")
		}
		if o := p.Outcome(); o.Status != core.Draw || o.Reason != "stalemate" {
			t.Fatalf("outcome %v", o)
		}
	})
	t.Run("repetition", func(t *testing.T) {
		p := planePos(t, r, "K5,1|N2,1|P9,9|k5,8|n2,8|p-9,-9")
		cycle := [][4]int64{{2, 1, 3, 3}, {2, 8, 3, 6}, {3, 3, 2, 1}, {3, 6, 2, 8}}
		for i := 0; i < 8; i++ {
			if o := p.Outcome(); o.Status != core.Ongoing {
				t.Fatalf("ply %d: %v", i, o)
			}
			c := cycle[i%4]
			p.MakeMove(legalTo(t, p, c[0], c[1], c[2], c[3])[0])
		}
		if o := p.Outcome(); o.Status != core.Draw || o.Reason != "3-fold repetition" {
			t.Fatalf("after two cycles: %v", o)
		}
	})
	t.Run("no fifty-move rule", func(t *testing.T) {
		p := planePos(t, r, "K5,1|N2,1|P9,9|k5,8|n2,8|p-9,-9 w - 500 300")
		if o := p.Outcome(); o.Status != core.Ongoing {
			t.Fatalf("outcome %v", o)
		}
	})
}

// TestPlaneCandidateSetIsLegal: every move LegalMoves lists is legal exactly
// (LegalMovesTo agrees), and the near squares of an open ray are all there.
func TestPlaneCandidateSet(t *testing.T) {
	r := planeRules(t, "infinite-plane-huygens", nil)
	p := planePos(t, r, "K5,1|R0,0|U3,3|k5,8|p40,0")
	moves := p.LegalMoves(nil)
	has := map[[2]core.Coord]bool{}
	for _, m := range moves {
		has[[2]core.Coord{p.Coord(m.From), p.Coord(m.To)}] = true
		if got := p.LegalMovesTo(nil, m.From, m.To); !slices.Contains(got, m) {
			t.Errorf("%s%s is listed but LegalMovesTo does not give it", p.Name(m.From), p.Name(m.To))
		}
	}
	rook := core.Coord{X: 0, Y: 0}
	for _, tc := range []struct {
		to   core.Coord
		want bool
		why  string
	}{
		{core.Coord{X: 8, Y: 0}, true, "near"},
		{core.Coord{X: 0, Y: -8}, true, "near"},
		{core.Coord{X: 9, Y: 0}, false, "lines up with nothing"},
		{core.Coord{X: 5, Y: 0}, true, "the king's file"},
		{core.Coord{X: 3, Y: 0}, true, "the huygens' file"},
		{core.Coord{X: 39, Y: 0}, true, "before the blocker"},
		{core.Coord{X: 40, Y: 0}, true, "the capture"},
		{core.Coord{X: 13, Y: 0}, true, "the black king's anti-diagonal"},
		{core.Coord{X: 35, Y: 0}, false, "lines up with nothing (the pawn's diagonals meet the rank at the pawn)"},
		{core.Coord{X: 0, Y: 8}, true, "near"},
		{core.Coord{X: 0, Y: 13}, true, "the black king's anti-diagonal"},
		{core.Coord{X: 0, Y: 40}, true, "the black pawn's anti-diagonal"},
		{core.Coord{X: 0, Y: 39}, false, "lines up with nothing"},
		{core.Coord{X: 0, Y: 48}, true, "the far square: 8 past the farthest (40)"},
		{core.Coord{X: 0, Y: 47}, false, "lines up with nothing"},
		{core.Coord{X: 0, Y: 49}, false, "past the far square"},
		{core.Coord{X: 0, Y: -40}, true, "the black pawn's diagonal"},
		{core.Coord{X: 0, Y: -48}, true, "the far square downward"},
	} {
		if has[[2]core.Coord{rook, tc.to}] != tc.want {
			t.Errorf("rook to %v listed=%v, want %v (%s)", tc.to, !tc.want, tc.want, tc.why)
		}
	}
}

// TestPlaneDistanceIndependence: a piece far away is the same whether it is
// 10^3 or 10^18 squares away: the same number of candidate moves, and the
// same perft below. (In the base game: with huygens on the board, which
// lined-up squares are candidates depends on which distances are prime.)
func TestPlaneDistanceIndependence(t *testing.T) {
	r := planeRules(t, "infinite-plane", nil)
	var want []uint64
	for _, d := range []int64{1_000, 1_000_000, 1_000_000_000_000, 1_000_000_000_000_000_000} {
		p := farPosition(t, r, d)
		got := []uint64{uint64(len(p.LegalMoves(nil))), p.Perft(2)}
		if want == nil {
			want = got
		} else if !slices.Equal(got, want) {
			t.Errorf("piece at distance %d: moves and perft(2) %v, at 1000: %v", d, got, want)
		}
	}
}

// farPosition is the start of r with White's queenside chancellor moved to
// (d, 5).
func farPosition(t testing.TB, r *core.Rules, d int64) *core.Position {
	t.Helper()
	text := r.StartPosition().String()
	for _, c := range []string{"C1,0|", "C0,1|"} {
		text = strings.Replace(text, c, fmt.Sprintf("C%d,5|", d), 1)
	}
	if !strings.Contains(text, fmt.Sprintf("C%d,5|", d)) {
		t.Fatalf("no chancellor moved in %s", text)
	}
	return planePos(t, r, text)
}

// BenchmarkPlaneFarPiece measures move generation, make/unmake and check
// detection in the same position with one piece ever farther away: the cost
// must not depend on the distance.
func BenchmarkPlaneFarPiece(b *testing.B) {
	r := planeRules(b, "infinite-plane-huygens", nil)
	for _, d := range []int64{100, 1_000_000, 1_000_000_000_000, 1_000_000_000_000_000_000} {
		p := farPosition(b, r, d)
		b.Run(fmt.Sprintf("x=%d", d), func(b *testing.B) {
			buf := make([]core.Move, 0, 512)
			inner := make([]core.Move, 0, 512)
			for i := 0; i < b.N; i++ {
				for _, m := range p.LegalMoves(buf[:0]) {
					p.MakeMove(m)
					inner = p.LegalMoves(inner[:0])
					p.InCheck()
					p.UnmakeMove()
				}
			}
		})
	}
}

// BenchmarkPlanePerft3 is perft(3) of the Huygens Option start.
func BenchmarkPlanePerft3(b *testing.B) {
	p := planeRules(b, "infinite-plane-huygens", nil).StartPosition()
	for i := 0; i < b.N; i++ {
		p.Perft(3)
	}
}

// TestPrimeRangeOnBoundedBoard: on a bounded board a prime range becomes
// the prime leaps that fit the board.
func TestPrimeRangeOnBoundedBoard(t *testing.T) {
	def := &core.Definition{
		Name:    "huygens-8x8",
		Board:   core.BoardDef{Files: 8, Ranks: 8},
		Players: []core.PlayerDef{{Forward: "north"}, {Forward: "south"}},
		Pieces: []core.PieceDef{
			{Letter: "K", Betza: "K", Royal: true},
			{Letter: "U", Betza: "W{prime>=5}"},
			{Letter: "P", Betza: "fmW", Pawn: true},
		},
		Start: "7k/8/8/8/8/8/P7/U6K w - - 0 1",
	}
	r, err := core.Compile(def, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	var got []string
	for _, m := range p.LegalMoves(nil) {
		if p.Name(m.From) == "a1" {
			got = append(got, p.Name(m.To))
		}
	}
	slices.Sort(got)
	// a1 leaps 5 and 7 squares up the file (over the pawn) and along the rank
	// (h1 holds its own king): a6, a8, f1.
	if want := []string{"a6", "a8", "f1"}; !slices.Equal(got, want) {
		t.Errorf("huygens on a1 goes to %v, want %v", got, want)
	}
}

// TestPlaneHotPathsDoNotAllocate: once warmed up, generation, make/unmake
// and check detection on the plane allocate nothing, with a piece far away
// too.
func TestPlaneHotPathsDoNotAllocate(t *testing.T) {
	r := planeRules(t, "infinite-plane-huygens", nil)
	for _, p := range []*core.Position{r.StartPosition(), farPosition(t, r, 1_000_000_000_000)} {
		buf := make([]core.Move, 0, 512)
		inner := make([]core.Move, 0, 512)
		sweep := func() {
			for _, m := range p.LegalMoves(buf[:0]) {
				p.MakeMove(m)
				inner = p.LegalMoves(inner[:0])
				p.InCheck()
				p.UnmakeMove()
			}
		}
		sweep()
		if allocs := testing.AllocsPerRun(3, sweep); allocs != 0 {
			t.Errorf("%.1f allocations per sweep, want 0", allocs)
		}
	}
}
