package notation

// Tests of the notations on unbounded boards: far moves read exactly, the seed's letter squares, SAN and errors.

import (
	"math/rand/v2"
	"strings"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// planePosition returns a position of a plane variant with options.
func planePosition(t testing.TB, name string, options map[string]string, text string) *core.Position {
	t.Helper()
	r, err := variant.Load(name, options)
	if err != nil {
		t.Fatal(err)
	}
	if text == "" {
		return r.StartPosition()
	}
	p, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPlaneDecode reads moves near and far, in both square styles and both
// notations, and checks what they move and what they are written as.
func TestPlaneDecode(t *testing.T) {
	letters := map[string]string{"names": "letters"}
	const rooks = "K5,1|R1,1|R-1,2|k5,8|p1,500 w"
	tests := []struct {
		options        map[string]string
		pos, in        string
		n              Notation
		fx, fy, tx, ty int64
		promo          byte
		coord, san     string // texts written back
	}{
		{nil, rooks, "(1,1)(1,499)", Coordinate, 1, 1, 1, 499, 0, "(1,1)(1,499)", "R(1,499)"},
		{nil, rooks, "(1,1)(1,500)", Coordinate, 1, 1, 1, 500, 0, "(1,1)(1,500)", "Rx(1,500)"},
		{nil, rooks, "(-1,2)(1000000,2)", Coordinate, -1, 2, 1_000_000, 2, 0, "(-1,2)(1000000,2)", "R(1000000,2)"},
		{nil, rooks, "(-1,2)(4611686018427387903,2)", Coordinate, -1, 2, 1<<62 - 1, 2, 0, "(-1,2)(4611686018427387903,2)", "R(4611686018427387903,2)"},
		{nil, rooks, "R(1,1000)", SAN, -1, 2, 1, 1000, 0, "", ""}, // not legal: see errors
		{nil, rooks, "R(1,499)", SAN, 1, 1, 1, 499, 0, "(1,1)(1,499)", "R(1,499)"},
		{nil, rooks, "R(1,1)-(1,2)", SAN, 1, 1, 1, 2, 0, "(1,1)(1,2)", "R(1,1)-(1,2)"},
		{nil, rooks, "R(-1,2)(1,2)", SAN, -1, 2, 1, 2, 0, "(-1,2)(1,2)", "R(-1,2)-(1,2)"},
		{nil, rooks, "Rx(1,500)+", SAN, 1, 1, 1, 500, 0, "(1,1)(1,500)", "Rx(1,500)"},
		{nil, rooks, "R(1,500)", SAN, 1, 1, 1, 500, 0, "(1,1)(1,500)", "Rx(1,500)"},
		{nil, rooks, "(1,1)(1,77)", SAN, 1, 1, 1, 77, 0, "(1,1)(1,77)", "R(1,77)"},
		{letters, rooks, "R(e8)-(a8)", SAN, -1, 2, -5, 2, 0, "(e8)(a8)", "R(a8)"},
		{letters, rooks, "R(a8)", SAN, -1, 2, -5, 2, 0, "(e8)(a8)", "R(a8)"},
		{letters, rooks, "R(φ8)", SAN, -1, 2, -6, 2, 0, "(e8)(φ8)", "R(φ8)"},
		{letters, rooks, "R(08)", SAN, -1, 2, -6, 2, 0, "(e8)(φ8)", "R(φ8)"},
		{letters, rooks, "R(-b8)", SAN, -1, 2, -8, 2, 0, "(e8)(-b8)", "R(-b8)"},
		{letters, rooks, "(e8)(-1,5)", Coordinate, -1, 2, -1, 5, 0, "(e8)(e11)", "R(e11)"},
		{nil, "K5,1|P4,2+|k5,8 w", "(4,4)", SAN, 4, 2, 4, 4, 0, "(4,2)(4,4)", "(4,4)"},
		{nil, "K5,1|P3,3|k5,8|p4,4 w", "(3,3)x(4,4)", SAN, 3, 3, 4, 4, 0, "(3,3)(4,4)", "(3,3)x(4,4)"},
		{nil, "K5,1|P3,3|k5,8|p4,4 w", "(3,3)(4,4)", SAN, 3, 3, 4, 4, 0, "(3,3)(4,4)", "(3,3)x(4,4)"},
		{nil, "K5,1|P4,7|k9,9 w", "(4,8)=C", SAN, 4, 7, 4, 8, 'C', "(4,7)(4,8)c", "(4,8)=C"},
		{nil, "K5,1|P4,7|k9,9 w", "(4,7)(4,8)h", Coordinate, 4, 7, 4, 8, 'H', "(4,7)(4,8)h", "(4,8)=H"},
		{nil, "K5,1|P4,7|k5,9 w", "(4,8)=G", SAN, 4, 7, 4, 8, 'G', "(4,7)(4,8)g", "(4,8)=G+"},
		{nil, "K5,1|P4,7|k9,9 w", "(4,8)Q", SAN, 4, 7, 4, 8, 'Q', "(4,7)(4,8)q", "(4,8)=Q"},
	}
	for _, tt := range tests {
		if tt.coord == "" {
			continue
		}
		t.Run(tt.in, func(t *testing.T) {
			p := planePosition(t, "infinite-plane", tt.options, tt.pos)
			before := snap(p)
			m, err := tt.n.Decode(p, tt.in)
			before.same(t, p, "Decode")
			if err != nil {
				t.Fatal(err)
			}
			if f, to := p.Coord(m.From), p.Coord(m.To); f != (core.Coord{X: tt.fx, Y: tt.fy}) || to != (core.Coord{X: tt.tx, Y: tt.ty}) {
				t.Fatalf("read as %v-%v", f, to)
			}
			if letter := byte(0); m.Promo != 0 {
				letter = p.Rules().Pieces[m.Promo].Letter
				if letter != tt.promo {
					t.Fatalf("promotes to %c, want %c", letter, tt.promo)
				}
			} else if tt.promo != 0 {
				t.Fatalf("no promotion, want %c", tt.promo)
			}
			if got := Coordinate.Encode(p, m); got != tt.coord {
				t.Errorf("Coordinate.Encode = %q, want %q", got, tt.coord)
			}
			if got := SAN.Encode(p, m); got != tt.san {
				t.Errorf("SAN.Encode = %q, want %q", got, tt.san)
			}
			before.same(t, p, "Encode")
		})
	}
}

func TestPlaneDecodeErrors(t *testing.T) {
	const rooks = "K5,1|R1,1|R-1,2|k5,8|p1,500 w"
	tests := []struct {
		pos, in string
		n       Notation
		want    []string
	}{
		{rooks, "(1,1)(1,4611686018427387904)", Coordinate, []string{`bad square "(1,4611686018427387904)"`, "outside ±2^62"}},
		{rooks, "R(1,4611686018427387904)", SAN, []string{"outside ±2^62"}},
		{rooks, "(1,1)(1,501)", Coordinate, []string{"(1,1)(1,501) is not a legal move", "rook on (1,1) can play"}},
		{rooks, "R(1,1000)", SAN, []string{"R(1,1000) is not a legal move: no white rook can move to (1,1000)"}},
		{rooks, "R(2,3)", SAN, []string{"no white rook can move to (2,3)"}},
		{rooks, "R(1,2)", SAN, []string{"ambiguous: R(1,2) could be R(1,1)-(1,2), R(-1,2)-(1,2)"}},
		{rooks, "(2,2)(2,3)", Coordinate, []string{"no piece on (2,2)"}},
		{rooks, "(5,8)(5,7)", Coordinate, []string{"king on (5,8) belongs to black"}},
		{rooks, "(1,1", Coordinate, []string{"no closing parenthesis"}},
		{rooks, "(1,1)e4", Coordinate, []string{"expected a square like (3,4) or (e8)"}},
		{rooks, "Z(1,2)", SAN, []string{`no piece has the letter "Z"`}},
		{rooks, "R(1,1)-(1,2)junk", SAN, []string{"unexpected"}},
		{"K5,1|P4,7|k9,9 w", "(4,8)", SAN, []string{"promotion piece missing", "(4,8)=Q, (4,8)=C"}},
		{"K5,1|P4,7|k9,9 w", "(4,8)=U", SAN, []string{`no piece has the letter "U" to promote to`}},
		{rooks, "(" + strings.Repeat("9", 80) + ",1)(1,1)", Coordinate, []string{"too long"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p := planePosition(t, "infinite-plane", nil, tt.pos)
			before := snap(p)
			m, err := tt.n.Decode(p, tt.in)
			before.same(t, p, "failed Decode")
			if err == nil {
				t.Fatalf("%q decoded as %v-%v, want an error", tt.in, p.Coord(m.From), p.Coord(m.To))
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// TestPlaneRoundTrip encodes and decodes every listed move of positions
// from random games on the plane, in both square styles.
func TestPlaneRoundTrip(t *testing.T) {
	games, plies := 1, 20
	if testing.Short() {
		plies = 4
	}
	for _, tc := range []struct {
		name    string
		options map[string]string
	}{
		{"infinite-plane", nil},
		{"infinite-plane-huygens", map[string]string{"names": "letters"}},
	} {
		for g := 0; g < games; g++ {
			p := planePosition(t, tc.name, tc.options, "")
			rng := rand.New(rand.NewPCG(uint64(g), 3))
			for i := 0; i < plies; i++ {
				checkRoundTrips(t, p)
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.MakeMove(moves[rng.IntN(len(moves))])
			}
		}
	}
}

// FuzzPlaneMove: decoding arbitrary text on the plane never panics, never
// changes the position, and returns only legal moves, whose texts read back.
func FuzzPlaneMove(f *testing.F) {
	for _, s := range []string{"(1,1)(1,1000000)", "R(e8)-(a8)", "Rx(1,500)", "(3,3)x(4,4)", "(4,8)=Q", "(1,1)(1,4611686018427387904)", "R(φ8)", "U(0,5)"} {
		f.Add(s)
	}
	positions := []*core.Position{
		planePosition(f, "infinite-plane", nil, "K5,1|R1,1|R-1,2|k5,8|p1,500 w"),
		planePosition(f, "infinite-plane-huygens", map[string]string{"names": "letters"}, ""),
		planePosition(f, "infinite-plane", nil, "K5,1|P4,7|P3,3|k9,9|p4,4 w"),
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			for _, n := range []Notation{Coordinate, SAN} {
				before := snap(p)
				m, err := n.Decode(p, s)
				before.same(t, p, "Decode")
				if err != nil {
					if m != core.NullMove {
						t.Fatalf("%q: error %v with move %+v", s, err, m)
					}
					continue
				}
				if !p.IsLegal(m) {
					t.Fatalf("%q decodes to an illegal move %+v", s, m)
				}
				for _, e := range []Notation{Coordinate, SAN} {
					text := e.Encode(p, m)
					if back, err := e.Decode(p, text); err != nil || back != m {
						t.Fatalf("%q -> %q reads back as %+v, %v", s, text, back, err)
					}
				}
			}
		}
	})
}
