package notation

// Tests of SAN: known texts of classic positions, extra and stationary captures, sloppy input and error messages.

import (
	"errors"
	"strings"
	"testing"

	"anychess/core"
)

// More positions.
const (
	fenTwoKnights = "rnbqkb1r/ppp1pppp/5n2/3p4/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 2"
	fenTwoRooks   = "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1"
	fenQueens     = "8/2k5/8/8/4Q2Q/8/8/K6Q w - - 0 1"
	fenFoolsMate  = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"
	fenPawnCheck  = "8/8/8/5k2/8/8/4P3/4K3 w - - 0 1"
	fenBigKnights = "k25r3/24N5/27N2/30/30/30/30/30/30/30/30/K29 w - - 0 1"
	fenBigPawns   = "k29/30/30/30/30/30/30/30/30/30/26p3/K24R4 b - - 0 1"
	fenMateInOne  = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	fenPromoCheck = "4k3/1P6/8/8/8/8/8/K7 w - - 0 1"
	fenArchers    = "4k3/8/8/8/1A1p1A2/8/3A4/4K3 w - - 0 1"
)

func TestSANKnown(t *testing.T) {
	tests := []struct {
		variant, fen, coord, san string
	}{
		{"chess", "", "e2e4", "e4"},
		{"chess", "", "g1f3", "Nf3"},
		{"chess", fenCastle, "e1g1", "O-O"},
		{"chess", fenCastle, "e1c1", "O-O-O"},
		{"chess", fenCastle, "a1a8", "Rxa8+"},
		{"chess", fenCastle, "h1h8", "Rxh8+"},
		{"chess", fenEP, "e5f6", "exf6"},
		{"chess", fenEP, "e5e6", "e6"},
		{"chess", fenPromo, "b7b8q", "b8=Q"},
		{"chess", fenPromoCheck, "b7b8q", "b8=Q+"},
		{"chess", fenPromoCheck, "b7b8r", "b8=R+"},
		{"chess", fenPromoCheck, "b7b8b", "b8=B"},
		{"chess", fenPromoCheck, "b7b8n", "b8=N"},
		{"chess", fenPromo, "b7c8q", "bxc8=Q+"},
		{"chess", fenPromo, "b7c8n", "bxc8=N"},
		{"chess", fenTwoKnights, "b8d7", "Nbd7"},
		{"chess", fenTwoKnights, "f6d7", "Nfd7"},
		{"chess", fenTwoRooks, "e1e2", "R1e2"},
		{"chess", fenTwoRooks, "e3e2", "R3e2"},
		{"chess", fenQueens, "h4e1", "Qh4e1"},
		{"chess", fenQueens, "e4e1", "Qee1"},
		{"chess", fenQueens, "h1e1", "Q1e1"},
		{"chess", fenQueens, "h4d8", "Qd8+"},
		{"chess", fenFoolsMate, "d8h4", "Qh4#"},
		{"chess", fenMateInOne, "a1a8", "Ra8#"},
		{"chess", fenPawnCheck, "e2e4", "e4+"},
		{"siberia", fenSiberia, "b8b9q", "b9=Q+"},
		{"siberia", "", "e1f1", "Kf1"},
		{"nbig", fenBigKnights, "ab10aa12", "Nabxaa12"},
		{"nbig", fenBigKnights, "y11aa12", "Nyxaa12"},
		{"nbig", fenBigKnights, "ab10ac12", "Nac12"},
		{"nbig", fenBigPawns, "aa2z1r", "aaxz1=R+"},
		{"nbig", fenBigPawns, "aa2aa1n", "aa1=N"},
		{"ntest", fenLion, "c4e6xd5", "Lxd5e6"},
		{"ntest", fenLion, "c4c4xd5", "Lxd5c4"},
		{"ntest", fenLion, "c4d6xc5", "Lxc5d6"},
		{"ntest", fenLion, "c4d5", "Lxd5"},
		{"ntest", "4k3/8/4p3/3p4/2L5/8/8/4K3 w - - 0 1", "c4e6xd5", "Lxd5xe6"},
		{"ntest", fenArcher, "e3@e5", "Ax@e5"},
		{"ntest", fenArchers, "b4@d4", "Abx@d4"},
		{"ntest", fenArchers, "f4@d4", "Afx@d4"},
		{"ntest", fenArchers, "d2@d4", "Adx@d4"},
		{"ntest", fenArcher, "e1e1#7", "e1e1#7"},
		{"ntest", fenArcher, "e1e1#7.1", "e1e1#7.1"},
		{"ncollide", fenCollide, "e1g1", "Kg1"},
		{"ncollide", fenCollide, "e1g1/ch1f1", "O-O"},
		{"ncollide", fenCollide, "e2e4", "e4"},
		{"ncollide", fenCollide, "e2e4/de3", "e2e4/de3"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.san, func(t *testing.T) {
			p := position(t, tt.variant, tt.fen)
			m, err := Coordinate.Decode(p, tt.coord)
			if err != nil {
				t.Fatal(err)
			}
			before := snap(p)
			if got := SAN.Encode(p, m); got != tt.san {
				t.Errorf("SAN of %s = %q, want %q", tt.coord, got, tt.san)
			}
			before.same(t, p, "Encode")
			got, err := SAN.Decode(p, tt.san)
			before.same(t, p, "Decode")
			if err != nil || got != m {
				t.Errorf("Decode(%q) = %s, %v; want %s", tt.san, describe(p, got), err, describe(p, m))
			}
		})
	}
}

// TestSANSloppy reads careless and alternative spellings.
func TestSANSloppy(t *testing.T) {
	tests := []struct {
		variant, fen, in, want string // want is the canonical SAN
	}{
		{"chess", "", "Nf3+", "Nf3"},
		{"chess", "", "Nf3!?", "Nf3"},
		{"chess", "", "Ng1f3", "Nf3"},
		{"chess", "", "Ng1-f3", "Nf3"},
		{"chess", "", "Ngf3", "Nf3"},
		{"chess", "", "Nxf3", "Nf3"},
		{"chess", "", "N1f3", "Nf3"},
		{"chess", "", "g1f3", "Nf3"},
		{"chess", "", "e2-e4", "e4"},
		{"chess", "", "e2e4", "e4"},
		{"chess", "", "Pe4", "e4"},
		{"chess", "", " e4 ", "e4"},
		{"chess", fenCastle, "0-0", "O-O"},
		{"chess", fenCastle, "o-o-o", "O-O-O"},
		{"chess", fenCastle, "O-O+", "O-O"},
		{"chess", fenCastle, "e1g1", "O-O"},
		{"chess", fenCastle, "Ra1xa8", "Rxa8+"},
		{"chess", fenCastle, "Rxa8", "Rxa8+"},
		{"chess", fenCastle, "Ra8", "Rxa8+"},
		{"chess", fenEP, "exf6 e.p.", "exf6"},
		{"chess", fenEP, "exf6e.p.", "exf6"},
		{"chess", fenEP, "ef6", "exf6"},
		{"chess", fenEP, "e5f6", "exf6"},
		{"chess", fenPromoCheck, "b8Q", "b8=Q+"},
		{"chess", fenPromoCheck, "b8q", "b8=Q+"},
		{"chess", fenPromoCheck, "b8(Q)", "b8=Q+"},
		{"chess", fenPromoCheck, "b8/N", "b8=N"},
		{"chess", fenPromoCheck, "b8=q", "b8=Q+"},
		{"chess", fenPromo, "bxc8Q", "bxc8=Q+"},
		{"chess", fenPromo, "bc8=R", "bxc8=R+"},
		{"chess", fenPromoCheck, "b7b8q", "b8=Q+"},
		{"chess", fenFoolsMate, "Qh4", "Qh4#"},
		{"chess", fenFoolsMate, "Qh4+", "Qh4#"},
		{"chess", fenTwoKnights, "Nb8d7", "Nbd7"},
		{"chess", fenQueens, "Qh4xe1", "Qh4e1"},
		{"ntest", fenLion, "Lc4xd5e6", "Lxd5e6"},
		{"ntest", fenLion, "Le6", "Lxd5e6"},
		{"ntest", fenArcher, "Aex@e5", "Ax@e5"},
		{"ntest", fenArcher, "A3x@e5", "Ax@e5"},
		{"ntest", fenArchers, "Ab4x@d4", "Abx@d4"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p := position(t, tt.variant, tt.fen)
			before := snap(p)
			m, err := SAN.Decode(p, tt.in)
			before.same(t, p, "Decode")
			if err != nil {
				t.Fatal(err)
			}
			if got := SAN.Encode(p, m); got != tt.want {
				t.Errorf("%q reads as %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestSANErrors(t *testing.T) {
	tests := []struct {
		variant, fen, in string
		want             []string
		candidates       []string
	}{
		{"chess", "", "", []string{"empty move"}, nil},
		{"chess", "", "+", []string{"+ is not a move"}, nil},
		{"chess", "", "Nf4", []string{"Nf4 is not a legal move: no white knight can move to f4"}, nil},
		{"chess", "", "Ne2", []string{"no white knight can move to e2"}, nil},
		{"chess", "", "e5", []string{"no white pawn can move to e5"}, nil},
		{"chess", "", "Zf3", []string{`no piece has the letter "Z" in chess`}, nil},
		{"chess", "", "Nz9", []string{`bad square "z9": outside the 8x8 board`}, nil},
		{"chess", "", "hello", []string{"cannot read hello as a move"}, nil},
		{"chess", "", "O-O", []string{"white cannot castle kingside now"}, nil},
		{"chess", "", "O-O-O", []string{"white cannot castle queenside now"}, nil},
		{"chess", "", "e7e5", []string{"the pawn on e7 belongs to black"}, nil},
		{"chess", "", "e2e5", []string{"e2e5 is not a legal move; the pawn on e2 can play e2e3, e2e4"}, nil},
		{"chess", "", "Nd3f3", []string{"not a legal move; did you mean Nf3?"}, nil},
		{"chess", "", "Nhf3", []string{"did you mean Nf3?"}, nil},
		{"chess", "", "e4=Q", []string{"did you mean e4?"}, nil},
		{"chess", "", "\x00\xff", []string{`cannot read "\x00\xff" as a move`}, nil},
		{"chess", "", strings.Repeat("N", 300), []string{"too long (300 bytes)"}, nil},
		{"chess", fenTwoKnights, "Nd7", []string{"ambiguous: Nd7 could be Nbd7, Nfd7"}, []string{"Nbd7", "Nfd7"}},
		{"chess", fenQueens, "Qe1", []string{"ambiguous: Qe1 could be"}, []string{"Qee1", "Qh4e1", "Q1e1"}},
		{"chess", fenQueens, "Qhe1", []string{"ambiguous: Qhe1 could be Qh4e1, Q1e1"}, []string{"Qh4e1", "Q1e1"}},
		{"chess", fenPromoCheck, "b8", []string{"promotion piece missing (b8=Q+, b8=R+, b8=B, b8=N)"}, []string{"b8=Q+", "b8=R+", "b8=B", "b8=N"}},
		{"chess", fenPromo, "b8=K", []string{"did you mean"}, nil},
		{"chess", fenPromo, "b8=Z", []string{`no piece has the letter "Z" to promote to`}, nil},
		{"chess", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "Kf1", []string{"(white is in check)"}, nil},
		{"ntest", fenLion, "Ld6", []string{"ambiguous: Ld6 could be Lxc5d6, Lxd5d6"}, []string{"Lxc5d6", "Lxd5d6"}},
		{"ntest", fenLion, "Lxe5d6", []string{"did you mean"}, nil},
		{"ntest", fenArcher, "Ax@e6", []string{"not a legal move"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p := position(t, tt.variant, tt.fen)
			before := snap(p)
			m, err := SAN.Decode(p, tt.in)
			before.same(t, p, "failed Decode")
			if err == nil {
				t.Fatalf("%q decoded as %s, want an error", tt.in, describe(p, m))
			}
			if m != core.NullMove {
				t.Errorf("error with move %s, want NullMove", describe(p, m))
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			var ne *Error
			if !errors.As(err, &ne) {
				t.Fatalf("error %T is not an *Error", err)
			}
			if ne.Input != tt.in || strings.Join(ne.Candidates, " ") != strings.Join(tt.candidates, " ") {
				t.Errorf("Error{Input %q, Candidates %q}, want input %q and candidates %q", ne.Input, ne.Candidates, tt.in, tt.candidates)
			}
		})
	}
}
