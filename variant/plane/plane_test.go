package plane

// Tests of the infinite plane's hooks (insufficient material, square names) and of a user's own unbounded variant file.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"anychess/core"
	"anychess/notation"
)

func TestPlaneInsufficientMaterial(t *testing.T) {
	base, err := Load("infinite-plane", nil)
	if err != nil {
		t.Fatal(err)
	}
	huy, err := Load("infinite-plane-huygens", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pos  string
		r    *core.Rules
		draw bool
	}{
		{"K0,0|k10,12", base, true},
		{"K0,0|Q1,1|k10,12", base, true},
		{"K0,0|k10,12|q5,5", base, true},
		{"K0,0|Q1,1|R2,2|k10,12", base, false},
		{"K0,0|Q1,1|Q2,1|k10,12", base, false},
		{"K0,0|R1,1|k10,12|r20,20", base, true},
		{"K0,0|R1,1|R2,1|k10,12", base, false},
		{"K0,0|R1,1|N2,1|k10,12", base, true},
		{"K0,0|R1,1|B2,1|k10,12", base, true},
		{"K0,0|R1,1|B2,1|B4,1|k10,12", base, false},
		{"K0,0|B1,1|B3,3|B2,1|k10,12", base, true},       // two on one colour, one on the other
		{"K0,0|B1,1|B3,1|B2,1|B4,1|k10,12", base, false}, // two on each colour
		{"K0,0|N1,1|N2,2|N3,3|k10,12", base, true},
		{"K0,0|N1,1|N2,2|N3,3|N4,4|k10,12", base, false},
		{"K0,0|N1,1|B3,3|B2,3|k10,12", base, true},
		{"K0,0|N1,1|B3,3|B5,5|B7,7|k10,12", base, true},
		{"K0,0|N1,1|N2,1|B3,3|k10,12", base, true},
		{"K0,0|N1,1|N2,1|B3,3|B3,4|k10,12", base, false},
		{"K0,0|H1,1|H2,2|k10,12", base, true},
		{"K0,0|H1,1|H2,2|H3,3|k10,12", base, false},
		{"K0,0|H1,1|B3,3|k10,12", base, true},
		{"K0,0|C1,1|k10,12", base, true},
		{"K0,0|C1,1|N2,1|k10,12", base, false},
		{"K0,0|G1,1|k10,12", base, true},
		{"K0,0|G1,1|G2,2|k10,12", base, false},
		{"K0,0|P1,1|k10,12", base, false},
		{"K0,0|U1,1|k10,12", huy, false},
		{"K0,0|N1,1|k10,12|n5,5", base, false},
	}
	for _, tt := range tests {
		t.Run(tt.pos, func(t *testing.T) {
			p, err := tt.r.ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			o := p.Outcome()
			got := o.Status == core.Draw && o.Reason == "insufficient material"
			if got != tt.draw {
				t.Errorf("outcome %v, want insufficient material = %v", o, tt.draw)
			}
		})
	}
}

// TestPlaneNamesOption: --option names=letters writes the source's letters,
// and both forms are read either way.
func TestPlaneNamesOption(t *testing.T) {
	for _, tc := range []struct {
		options map[string]string
		want    string
	}{
		{nil, "(5,1)"},
		{map[string]string{"names": "numeric"}, "(5,1)"},
		{map[string]string{"names": "letters"}, "(k7)"},
	} {
		r, err := Load("infinite-plane-huygens", tc.options)
		if err != nil {
			t.Fatal(err)
		}
		p := r.StartPosition()
		if got := p.Name(p.Royal(0)); got != tc.want {
			t.Errorf("%v: the white king stands on %s, want %s", tc.options, got, tc.want)
		}
		for _, name := range []string{"(5,1)", "(k7)"} {
			if sq, err := p.ParseSquare(name); err != nil || sq != p.Royal(0) {
				t.Errorf("%v: %s reads as %v, %v", tc.options, name, sq, err)
			}
		}
	}
	if _, err := Load("infinite-plane", map[string]string{"names": "roman"}); err == nil {
		t.Error("names=roman accepted")
	}
}

// userPlane is a user's own unbounded variant: fairy riders and hoppers on
// the plane, with no hooks at all.
const userPlane = `
name = "fairy-plane"
start = "K0,0|N3,0|A-3,0|G0,3|X0,-3|k0,20|p0,40 w - 0 1"

[board]
unbounded = true

[[players]]
name = "white"
forward = "north"

[[players]]
name = "black"
forward = "south"

[[pieces]]
name = "king"
letter = "K"
betza = "K"
royal = true

[[pieces]]
name = "nightrider"
letter = "N"
betza = "NN"

[[pieces]]
name = "alfilrider"
letter = "A"
betza = "AA"

[[pieces]]
name = "grasshopper"
letter = "G"
betza = "gQ"

[[pieces]]
name = "cannon"
letter = "X"
betza = "mRcpR"

[[pieces]]
name = "pawn"
letter = "P"
betza = "fmWfcF"
pawn = true
`

func TestUserUnboundedVariant(t *testing.T) {
	r, err := Compile("fairy-plane.toml", []byte(userPlane), nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pos            string
		fx, fy, tx, ty int64
		legal          bool
	}{
		{"", 3, 0, 3 + 1_000_000, 2_000_000, true},                               // nightrider far
		{"", 3, 0, 3 + 1_000_000, 2_000_001, false},                              // off its line
		{"K0,0|N3,0|k0,20|p5,4", 3, 0, 7, 8, false},                              // blocked at (5,4)
		{"K0,0|N3,0|k0,20|p5,4", 3, 0, 5, 4, true},                               // captures there
		{"K0,0|N3,0|k0,20|p4,1", 3, 0, 5, 4, true},                               // (4,1) is not on its path
		{"", -3, 0, -3 - 2_000_000, 2_000_000, true},                             // alfil rider far
		{"K0,0|A-3,0|k0,20|p-4,1", -3, 0, -7, 4, true},                           // leaps over (-4,1)
		{"K0,0|A-3,0|k0,20|p-5,2", -3, 0, -7, 4, false},                          // blocked on (-5,2)
		{"", 0, 3, 0, 21, true},                                                  // grasshopper over the king
		{"", 0, 3, 0, 22, false},                                                 // only right behind it
		{"", 0, 3, 0, 10, false},                                                 // needs a screen
		{"", 0, -3, 0, -3_000_000_000, true},                                     // cannon moves like a rook
		{"K0,0|X0,-3|k5,20|p0,4000000000000", 0, -3, 0, 4_000_000_000_000, true}, // captures over the king
		{"K0,0|X0,-3|k5,20|p0,4000000000000", 0, -3, 0, 3_999_999_999_999, false},
		{"K0,0|X0,-3|k5,20|p0,4000000000000", 0, -3, 0, 5, false}, // no move over a screen
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s (%d,%d)-(%d,%d)", tt.pos, tt.fx, tt.fy, tt.tx, tt.ty)
		t.Run(name, func(t *testing.T) {
			text := tt.pos
			if text == "" {
				text = r.Def.Start
			}
			p, err := r.ParsePosition(text)
			if err != nil {
				t.Fatal(err)
			}
			from := p.Square(core.Coord{X: tt.fx, Y: tt.fy})
			to := p.Square(core.Coord{X: tt.tx, Y: tt.ty})
			got := p.LegalMovesTo(nil, from, to)
			if (len(got) > 0) != tt.legal {
				t.Fatalf("legal moves %v, want legal=%v", got, tt.legal)
			}
			// Whatever LegalMoves lists is legal exactly, and make/unmake
			// restores the position.
			before := p.String()
			for _, m := range p.LegalMoves(nil) {
				if !slices.Contains(p.LegalMovesTo(nil, m.From, m.To), m) {
					t.Fatalf("listed %s%s is not legal", p.Name(m.From), p.Name(m.To))
				}
				p.MakeMove(m)
				if p.Hash() != p.ComputeHash() {
					t.Fatalf("hash after %s%s", p.Name(m.From), p.Name(m.To))
				}
				p.UnmakeMove()
			}
			if p.String() != before {
				t.Fatalf("position changed: %s", p.String())
			}
		})
	}
}

// TestUnboundedRefusals: what unbounded boards do not support is refused
// with the field at fault.
func TestUnboundedRefusals(t *testing.T) {
	for _, tc := range []struct{ edit, want string }{
		{"files = 8", "board.files: an unbounded board has no files or ranks"},
		{`holes = ["(1,1)"]`, "board.holes: not supported on unbounded boards"},
		{`names = "roman"`, "board.names"},
		{`letters_a1 = "(99999,0)"`, "board.letters_a1"},
		{"[board.regions]\nx = [\"(1..,\"]", "board.regions.x[0]"},
	} {
		text := strings.Replace(userPlane, "unbounded = true", "unbounded = true\n"+tc.edit, 1)
		if _, err := Compile("fairy-plane.toml", []byte(text), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.edit, err, tc.want)
		}
	}
	bad := strings.Replace(userPlane, `betza = "mRcpR"`, `betza = "mRafR"`, 1)
	if _, err := Compile("fairy-plane.toml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), "needs a range") {
		t.Errorf("an unlimited turning leg: %v", err)
	}
}

// TestPlaneHuygensNoPromotion: in the Huygens Option a pawn promotes to the
// seed's list, which has no huygens (issue 18: (3,7)(3,8)u was offered).
func TestPlaneHuygensNoPromotion(t *testing.T) {
	r, err := Load("infinite-plane-huygens", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.ParsePosition("K5,1|P3,7|k20,20 w")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text  string
		legal bool
	}{
		{"(3,7)(3,8)u", false},
		{"(3,7)(3,8)q", true},
		{"(3,7)(3,8)c", true},
		{"(3,7)(3,8)h", true},
		{"(3,7)(3,8)g", true},
	} {
		_, err := notation.Coordinate.Decode(p, tc.text)
		if (err == nil) != tc.legal {
			t.Errorf("%s: error %v, want legal %v", tc.text, err, tc.legal)
		}
	}
	for _, m := range p.LegalMoves(nil) {
		if m.Promo != 0 && r.Pieces[m.Promo].Letter == 'U' {
			t.Errorf("promotion to a huygens listed: %s", notation.Coordinate.Encode(p, m))
		}
	}
}
