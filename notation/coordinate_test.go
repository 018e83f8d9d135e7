package notation

// Tests of coordinate notation: known texts of special moves, decoding short forms, and error messages.

import (
	"errors"
	"strings"
	"testing"

	"anychess/core"
)

// Positions used by several tests.
const (
	fenCastle    = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	fenEP        = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
	fenPromo     = "2r1k3/1P6/8/8/8/8/8/K7 w - - 0 1"
	fenSiberia   = "4k4/1P7/9/9/9/9/9/9/K8 w - - 0 1"
	fenLion      = "4k3/8/8/2pp4/2L5/8/8/4K3 w - - 0 1"
	fenArcher    = "4k3/8/8/4p3/8/4A3/8/4K3 w - - 0 1"
	fenCollide   = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
	fenBigKnight = "29k/30/1N28/30/30/30/30/30/30/30/30/K29 w - - 0 1"
)

func TestCoordinateKnown(t *testing.T) {
	tests := []struct {
		variant, fen, text string
		kind               core.MoveKind
		promo              byte // letter of the promotion piece
		victims            int
	}{
		{"chess", "", "e2e4", core.KindDoubleStep, 0, 0},
		{"chess", "", "g1f3", core.KindNormal, 0, 0},
		{"chess", fenCastle, "e1g1", core.KindCastle, 0, 0},
		{"chess", fenCastle, "e1c1", core.KindCastle, 0, 0},
		{"chess", fenEP, "e5f6", core.KindEnPassant, 0, 0},
		{"chess", fenPromo, "b7b8q", core.KindNormal, 'Q', 0},
		{"chess", fenPromo, "b7c8n", core.KindNormal, 'N', 0},
		{"siberia", fenSiberia, "b8b9q", core.KindNormal, 'Q', 0},
		{"siberia", fenSiberia, "b8b9r", core.KindNormal, 'R', 0},
		{"nbig", fenBigKnight, "b10c12", core.KindNormal, 0, 0},
		{"ntest", fenLion, "c4e6xd5", core.KindNormal, 0, 1},
		{"ntest", fenLion, "c4c4xd5", core.KindNormal, 0, 1},
		{"ntest", fenLion, "c4d6xc5", core.KindNormal, 0, 1},
		{"ntest", fenLion, "c4d6xd5", core.KindNormal, 0, 1},
		{"ntest", fenLion, "c4b6xc5", core.KindNormal, 0, 1},
		{"ntest", fenArcher, "e3@e5", core.KindStationary, 0, 0},
		{"ntest", fenArcher, "e1e1#7", core.KindSpecial, 0, 0},
		{"ntest", fenArcher, "e1e1#7.1", core.KindSpecial + 1, 0, 0},
		{"ncollide", fenCollide, "e1g1", core.KindNormal, 0, 0},
		{"ncollide", fenCollide, "e1g1/ch1f1", core.KindCastle, 0, 0},
		{"ncollide", fenCollide, "e1c1/ca1d1", core.KindCastle, 0, 0},
		{"ncollide", fenCollide, "e2e4", core.KindNormal, 0, 0},
		{"ncollide", fenCollide, "e2e4/de3", core.KindDoubleStep, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.text, func(t *testing.T) {
			p := position(t, tt.variant, tt.fen)
			before := snap(p)
			m, err := Coordinate.Decode(p, tt.text)
			before.same(t, p, "Decode")
			if err != nil {
				t.Fatal(err)
			}
			if m.Kind != tt.kind || len(victims(m)) != tt.victims {
				t.Errorf("got %s, want kind %d with %d victims", describe(p, m), tt.kind, tt.victims)
			}
			if got := letterOf(p, m.Promo); got != tt.promo {
				t.Errorf("promotion to %q, want %q", got, tt.promo)
			}
			if got := Coordinate.Encode(p, m); got != tt.text {
				t.Errorf("Encode = %q, want %q", got, tt.text)
			}
			before.same(t, p, "Encode")
		})
	}
}

// letterOf returns the letter of a piece type, 0 for none.
func letterOf(p *core.Position, t core.PieceType) byte {
	if t == 0 {
		return 0
	}
	return p.Rules().Pieces[t].Letter
}

// TestCoordinateShortForms decodes texts that leave out victims or tags.
func TestCoordinateShortForms(t *testing.T) {
	tests := []struct {
		variant, fen, in, want string
	}{
		{"ntest", fenLion, "c4e6", "c4e6xd5"},
		{"ntest", fenLion, "c4b6", "c4b6xc5"},
		{"ntest", fenLion, "C4E6XD5", "c4e6xd5"},
		{"ntest", fenLion, "c4d6xd5", "c4d6xd5"},
		{"chess", fenPromo, "b7b8Q", "b7b8q"},
		{"chess", "", " e2e4 ", "e2e4"},
		// Plain text is the normal move when another kind shares it.
		{"ncollide", fenCollide, "e1c1", "e1c1"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p := position(t, tt.variant, tt.fen)
			m, err := Coordinate.Decode(p, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := Coordinate.Encode(p, m); got != tt.want {
				t.Errorf("%q reads as %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCoordinateErrors(t *testing.T) {
	tests := []struct {
		variant, fen, in string
		want             []string // substrings of the message
		candidates       int
	}{
		{"chess", "", "", []string{"empty move"}, 0},
		{"chess", "", "   ", []string{"empty move"}, 0},
		{"chess", "", "z99e4", []string{`bad square "z99"`, "outside the 8x8 board"}, 0},
		{"chess", "", "e2z99", []string{`bad square "z99"`}, 0},
		{"chess", "", "e0e4", []string{`bad square "e0"`, "ranks count from 1"}, 0},
		{"chess", "", "abc1e4", []string{`bad square "abc1"`, "at most two letters"}, 0},
		{"chess", "", "e3e4", []string{"no piece on e3"}, 0},
		{"chess", "", "e7e5", []string{"pawn on e7 belongs to black", "white is to move"}, 0},
		{"chess", "", "e2e5", []string{"e2e5 is not a legal move", "pawn on e2 can play e2e3, e2e4"}, 0},
		{"chess", "", "e2", []string{"missing the square to move to"}, 0},
		{"chess", "", "e2e", []string{`bad square "e"`, "missing the rank number"}, 0},
		{"chess", "", "e2e4!", []string{"unexpected ! after the squares"}, 0},
		{"chess", "", "e2e4zz", []string{"unexpected"}, 0},
		{"chess", "", "e1e2", []string{"king on e1 has no legal move"}, 0},
		{"chess", fenPromo, "b7b8", []string{"promotion piece missing (b7b8q, b7b8r, b7b8b, b7b8n)"}, 4},
		{"chess", fenPromo, "b7b8k", []string{"b7b8k is not a legal move"}, 0},
		{"chess", fenPromo, "b7b8z", []string{`no piece has the letter "z"`}, 0},
		{"chess", "", "e2e4q", []string{"e2e4q is not a legal move"}, 0},
		{"chess", "", "e2e4#3", []string{"e2e4#3 is not a legal move"}, 0},
		{"chess", "", "e2@e4", []string{"e2@e4 is not a legal move"}, 0},
		{"chess", "", strings.Repeat("e2e4", 100), []string{"too long (400 bytes)"}, 0},
		{"chess", "", "\xff\xfe", []string{`"\xff\xfe": expected a square`}, 0},
		{"chess", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f1", []string{"e1f1 is not a legal move", "white is in check"}, 0},
		{"ntest", fenLion, "c4d6", []string{"ambiguous: c4d6 could be", "c4d6xd5", "c4d6xc5", "add the victims"}, 2},
		{"ntest", fenLion, "c4c4", []string{"ambiguous: c4c4 could be c4c4xc5, c4c4xd5; add the victims"}, 2},
		{"ntest", fenLion, "c4e6xc5", []string{"c4e6xc5 is not a legal move"}, 0},
		{"ntest", fenLion, "c4e6xd5xc5xd6xe6", []string{"more than 3 victims"}, 0},
		{"ncollide", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1/ch1f2", []string{"is not a legal move", "e1g1/ch1f1"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p := position(t, tt.variant, tt.fen)
			before := snap(p)
			m, err := Coordinate.Decode(p, tt.in)
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
			if ne.Input != tt.in || len(ne.Candidates) != tt.candidates {
				t.Errorf("Error{Input %q, Candidates %q}, want input %q and %d candidates", ne.Input, ne.Candidates, tt.in, tt.candidates)
			}
		})
	}
}

// TestEncodeIllegal writes moves that are not legal without touching the position.
func TestEncodeIllegal(t *testing.T) {
	p := position(t, "chess", "")
	b := p.Rules().Board
	m := core.NewMove(sq(t, b, "e2"), sq(t, b, "e5"))
	before := snap(p)
	for _, n := range []Notation{Coordinate, SAN} {
		if got := n.Encode(p, m); got != "e2e5" {
			t.Errorf("Encode of an illegal move = %q, want e2e5", got)
		}
		before.same(t, p, "Encode of an illegal move")
	}
	if got := SAN.Encode(p, core.NullMove); got == "" {
		t.Errorf("Encode(NullMove) is empty")
	}
	before.same(t, p, "Encode of NullMove")
}

// sq parses a square name or fails the test.
func sq(t testing.TB, b *core.Board, name string) core.Square {
	t.Helper()
	s, err := b.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
