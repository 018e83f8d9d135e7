package variant

// Tests of Claustrophobia: the seed's worked examples, every move of every piece, check, results, notation, speed.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"anychess/core"
	"anychess/notation"
)

// clRules loads the built-in variant or stops the test.
func clRules(t testing.TB) *core.Rules {
	t.Helper()
	r, err := Load("claustrophobia", nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// clDiagram builds a FEN from a list of pieces such as "Kf1 kf8 Bc4" (upper
// case White, lower case Black) and the side to move, writing '*' for the
// unused cells.
func clDiagram(t testing.TB, r *core.Rules, side, pieces string) string {
	t.Helper()
	b := r.Board
	at := map[core.Square]byte{}
	for _, tok := range strings.Fields(pieces) {
		sq, err := b.ParseSquare(tok[1:])
		if err != nil || !b.Playable(sq) {
			t.Fatalf("diagram: bad piece %q", tok)
		}
		if _, dup := at[sq]; dup {
			t.Fatalf("diagram: two pieces on %s", tok[1:])
		}
		at[sq] = tok[0]
	}
	var sb strings.Builder
	for y := b.Ranks - 1; y >= 0; y-- {
		empty := 0
		for x := 0; x < b.Files; x++ {
			sq := b.Square(core.Coord{X: int64(x), Y: int64(y)})
			c, ok := at[sq]
			if b.Playable(sq) && !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			if !b.Playable(sq) {
				c = '*'
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		if y > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String() + " " + side + " - - 0 1"
}

// clPosition parses a diagram or stops the test.
func clPosition(t testing.TB, r *core.Rules, side, pieces string) *core.Position {
	t.Helper()
	p, err := r.ParseFEN(clDiagram(t, r, side, pieces))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// clMoveText writes a move for these tests, independently of package notation:
// from and to, "x" and each extra victim in order, "ep" for en passant, and
// the lower-case promotion letter.
func clMoveText(r *core.Rules, m core.Move) string {
	b := r.Board
	s := b.Name(m.From) + b.Name(m.To)
	switch m.Kind {
	case core.KindNormal:
		for _, v := range m.Victims {
			if v != core.NoSquare {
				s += "x" + b.Name(v)
			}
		}
	case core.KindEnPassant:
		s += "ep"
	}
	if m.Promo != 0 {
		s += strings.ToLower(string(r.Pieces[m.Promo].Letter))
	}
	return s
}

// clLegalFrom returns the sorted texts of the legal moves from square from ("" for all).
func clLegalFrom(t testing.TB, p *core.Position, from string) []string {
	t.Helper()
	r := p.Rules()
	out := []string{}
	for _, m := range p.LegalMoves(nil) {
		if from == "" || r.Board.Name(m.From) == from {
			out = append(out, clMoveText(r, m))
		}
	}
	sort.Strings(out)
	return out
}

// clMoveCase is a position, a square and the exact legal moves from it.
type clMoveCase struct {
	name   string
	side   string // "w" or "b"
	pieces string // see clDiagram
	from   string
	want   string // space-separated clMoveText forms, any order
}

func clRunMoveCases(t *testing.T, cases []clMoveCase) {
	r := clRules(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := clPosition(t, r, tc.side, tc.pieces)
			got := clLegalFrom(t, p, tc.from)
			want := strings.Fields(tc.want)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: moves from %s\n got  %v\n want %v", p.FEN(), tc.from, got, want)
			}
		})
	}
}

// TestClaustrophobiaSeedExamples builds the source's diagrams as FENs.
func TestClaustrophobiaSeedExamples(t *testing.T) {
	clRunMoveCases(t, []clMoveCase{
		// "The Ninja Guard on c4 can capture all the pieces in the diagram": the
		// pawn on a6 over its own knight on b5; the pawn on b3 by moving there
		// or by jumping it to a2; the knight on d5 by moving there, or the
		// knight and the pawn on e6 together by jumping to e6.
		{"ninja guard on c4 captures everything", "w", "Kf1 kf8 Bc4 Nb5 pa6 pb3 nd5 pe6", "c4",
			"c4a6 c4b3 c4a2xb3 c4d5 c4e6xd5 c4d3 c4e2"},
		// "The flying bomber at f7 is checking the king at f2 because it can
		// capture by going to f1 ... The Ninja Guard on e4 is attacking the
		// square g2 and so the king cannot go there."
		{"king on f2 in check from f7, g2 guarded from e4", "w", "Kf2 Nd7 rf7 kg7 be4", "",
			"f2e1 f2e2 f2e3 f2f1"},
		// "The flying bomber is threatening the knight on d7 as well. It can fly
		// over, bomb the knight and land on c7. It can also eliminate the knight
		// by going to d7 since it is exactly 2 squares away."
		{"bomber on f7 takes the knight on d7 two ways", "b", "Ka1 Nd7 rf7 kg7", "f7",
			"f7f8 f7e7 f7d7 f7c7xd7 f7f2 f7f1"},
	})

	r := clRules(t)
	for _, tc := range []struct {
		name, side, pieces string
		check              bool
	}{
		{"the bomber on f7 checks the king on f2 across the unused cells", "w", "Kf2 rf7 kg7", true},
		{"no check when f1, its landing cell, is occupied", "w", "Kf2 Qf1 rf7 kg7", false},
		{"the ninja guard on e4 reaches g2 across f3", "w", "Kg2 be4 kf8", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := clPosition(t, r, tc.side, tc.pieces)
			if p.InCheck() != tc.check {
				t.Errorf("%s: in check %v, want %v", p.FEN(), p.InCheck(), tc.check)
			}
		})
	}
	t.Run("without the ninja guard the king may go to g2", func(t *testing.T) {
		p := clPosition(t, r, "w", "Kf2 Nd7 rf7 kg7")
		if !slices.Contains(clLegalFrom(t, p, "f2"), "f2g2") {
			t.Errorf("f2g2 not legal in %s", p.FEN())
		}
	})
}

// TestClaustrophobiaPieceMoves lists, for hand-checked positions, every
// legal move of one piece.
func TestClaustrophobiaPieceMoves(t *testing.T) {
	clRunMoveCases(t, []clMoveCase{
		// King and knight.
		{"king in its palace: no unused cell", "w", "Kf2 kf8", "f2", "f2e1 f2e2 f2e3 f2f1 f2g2"},
		{"king on the field", "w", "Kc3 pd4 kf8", "c3", "c3b2 c3b3 c3b4 c3c2 c3c4 c3d2 c3d3 c3d4"},
		{"knight in the palace corner", "w", "Ng2 Kf1 kf8", "g2", "g2e1 g2e3"},
		{"knight leaps across unused cells into the enemy palace", "w", "Ne5 Ka1 kd8", "e5", "e5c4 e5c6 e5d3 e5d7 e5f7"},
		{"knight on the field", "w", "Nd5 Ka1 kf8 pc7", "d5", "d5b4 d5b6 d5c3 d5c7 d5e3 d5e7"},
		// Queen guard.
		{"queen guard in the palace", "w", "Qf2 Kf1 kf8", "f2", "f2e1 f2e2 f2e3 f2g2"},
		{"queen guard steps and captures like a king", "w", "Qc3 Ka1 kf8 pd4 Pb2", "c3", "c3b3 c3b4 c3c2 c3c4 c3d2 c3d3 c3d4"},
		// Ninja guard: the step, the friendly leap, the jump capture, the double capture.
		{"ninja guard: one or two steps on an empty board", "w", "Bc3 Kf1 kf8", "c3", "c3b4 c3a5 c3d4 c3e5 c3b2 c3a1 c3d2 c3e1"},
		{"ninja guard: two steps across an unused cell", "w", "Be4 Kf1 kf8", "e4", "e4d5 e4c6 e4d3 e4c2 e4g2"},
		{"ninja guard: leaps over friends, onto an enemy, never onto a friend", "w", "Bc3 Pd4 pe5 Pb2 Nd2 Ke1 kf8", "c3",
			"c3e5 c3a1 c3b4 c3a5"},
		{"ninja guard: captures the adjacent enemy by stopping or jumping", "w", "Bc3 pd4 Kf1 kf8", "c3",
			"c3d4 c3e5xd4 c3b4 c3a5 c3b2 c3a1 c3d2 c3e1"},
		{"ninja guard: double capture; no jump onto a friend or over two", "w", "Bc3 pd4 ne5 pb2 Na1 Nd2 Ke1 pa5 kf8", "c3",
			"c3d4 c3e5xd4 c3b2 c3b4 c3a5"},
		{"ninja guard: no jump onto an unused cell", "w", "Bd2 pe3 Kf1 kf8", "d2", "d2e3 d2c3 d2b4 d2c1 d2e1"},
		{"ninja guard: black", "b", "bc6 Pd5 Ne4 Pb5 Ka1 kf8", "c6",
			"c6d5 c6e4xd5 c6b5 c6a4xb5 c6d7 c6e8 c6b7 c6a8"},
		// Flying bomber: slide, helicopter, bombing, distance-2 capture, double
		// capture, friend then enemy.
		{"bomber slides, across the unused cells too", "w", "Rf2 Ka1 kd8", "f2", "f2f7 f2f8 f2e2 f2d2 f2c2 f2b2 f2a2 f2g2 f2f1"},
		{"bomber helicopter: over one adjacent friend, range 2", "w", "Rc3 Pc4 Nd3 Kf1 kf8", "c3", "c3c5 c3e3 c3c2 c3c1 c3b3 c3a3"},
		{"bomber over a friend onto an enemy; never over two pieces", "w", "Rc3 Pc4 pc5 Nd3 Ne3 Kf1 kf8", "c3", "c3c5 c3c2 c3c1 c3b3 c3a3"},
		{"bomber bombs, landing right behind the victim", "w", "Ra1 pa4 Kf1 kf8", "a1", "a1a2 a1a3 a1a5xa4 a1b1 a1c1 a1d1 a1e1"},
		{"bomber: no bombing onto an occupied cell", "w", "Ra1 pa4 pa5 Kf1 kf8", "a1", "a1a2 a1a3 a1b1 a1c1 a1d1 a1e1"},
		{"bomber bombs an adjacent enemy, and cannot take it by landing on it", "w", "Ra1 pa2 Kf1 kf8", "a1", "a1a3xa2 a1b1 a1c1 a1d1 a1e1"},
		{"bomber: no bombing onto an unused cell", "w", "Rc2 ng2 Kf1 kd8", "c2",
			"c2d2 c2e2 c2f2 c2b2 c2a2 c2c3 c2c4 c2c5 c2c6 c2c7 c2c8 c2c1"},
		{"bomber takes an enemy two cells away by landing or bombing", "w", "Ra1 pa3 Kf1 kf8", "a1", "a1a2 a1a3 a1a4xa3 a1b1 a1c1 a1d1 a1e1"},
		{"bomber: two enemies in a row, the first adjacent", "w", "Ra1 pa2 pa3 Kf1 kf8", "a1", "a1a3xa2 a1b1 a1c1 a1d1 a1e1"},
		{"bomber: two enemies in a row, the first not adjacent", "w", "Ra1 pa3 pa4 Kf1 kf8", "a1", "a1a2 a1a3 a1b1 a1c1 a1d1 a1e1"},
		{"bomber: over a friend onto an enemy, not over two friends", "w", "Ra1 Pa2 pa3 Nb1 Nc1 Kf1 kf8", "a1", "a1a3"},
		{"bomber: black, bombing across the unused cells", "b", "rf7 Nf2 Pe7 Kc1 ka8", "f7", "f7f8 f7g7 f7d7xe7 f7f1xf2"},
		// Sliding pawn: steps, double step, en passant, the step past an
		// enemy blocker, promotion.
		{"pawn: one or two steps from its starting rank", "w", "Pc2 Kf1 kf8", "c2", "c2c3 c2c4"},
		{"pawn: one step elsewhere", "w", "Pc3 Kf1 kf8", "c3", "c3c4"},
		{"pawn: the double step needs both cells empty", "w", "Pc2 pc4 Kf1 kf8", "c2", "c2c3"},
		{"pawn: blocked by an enemy, it steps diagonally past it", "w", "Pc2 nc3 Kf1 kf8", "c2", "c2b3 c2d3"},
		{"pawn: captures diagonally forward, does not step past when it can capture", "w", "Pc3 pb4 Nd4 Kf1 kf8", "c3", "c3c4 c3b4"},
		{"pawn: past an enemy only onto an empty cell", "w", "Pc3 nc4 Nb4 pd4 Kf1 kf8", "c3", "c3d4"},
		{"pawn: a friend ahead blocks it", "w", "Pc3 Nc4 Kf1 kf8", "c3", ""},
		{"pawn: no step onto an unused cell", "w", "Pe3 pe4 Kf1 kf8", "e3", "e3d4"},
		{"pawn: promotes to queen guard, ninja guard, bomber or knight", "w", "Pc7 Kf1 kf8", "c7", "c7c8q c7c8b c7c8r c7c8n"},
		{"pawn: promotes capturing in the palace", "w", "Pe7 nf8 Kf1 ka6", "e7",
			"e7e8q e7e8b e7e8r e7e8n e7f8q e7f8b e7f8r e7f8n"},
		{"pawn: promotes stepping past an enemy", "w", "Pe7 ne8 Kf1 ka6", "e7",
			"e7d8q e7d8b e7d8r e7d8n e7f8q e7f8b e7f8r e7f8n"},
		{"black pawn: steps past an enemy", "b", "pc6 Nc5 Ka8 kf8", "c6", "c6b5 c6d5"},
		{"black pawn: one or two steps", "b", "pd7 Ka8 kf8", "d7", "d7d6 d7d5"},
		{"black pawn: promotes on rank 1", "b", "pb2 Kf1 kf8", "b2", "b2b1q b2b1b b2b1r b2b1n"},
	})
}

// TestClaustrophobiaEnPassant plays a double step and takes it en passant.
func TestClaustrophobiaEnPassant(t *testing.T) {
	r := clRules(t)
	p := clPosition(t, r, "b", "Pd5 pe7 Kf1 kf8")
	clPlay(t, p, "e7e5")
	if _, ep := clFenFields(p.FEN()); ep != "e6" {
		t.Errorf("after e7e5: en-passant field %q, want e6", ep)
	}
	if got, want := clLegalFrom(t, p, "d5"), []string{"d5d6", "d5e6ep"}; !slices.Equal(got, want) {
		t.Errorf("pawn d5 moves %v, want %v", got, want)
	}
	clPlay(t, p, "d5e6ep")
	if p.At(clSquare(t, r, "e5")) != core.Empty || p.At(clSquare(t, r, "e6")).Type() != clPieceType(t, r, "P") {
		t.Errorf("after d5xe6 e.p.: %s", p.FEN())
	}
	// The right lasts one move only.
	q := clPosition(t, r, "b", "Pd5 pe7 pa7 Kf1 kf8")
	clPlay(t, q, "e7e5 f1e1 a7a6")
	if got, want := clLegalFrom(t, q, "d5"), []string{"d5d6"}; !slices.Equal(got, want) {
		t.Errorf("pawn d5 moves a move later %v, want %v", got, want)
	}
}

// clFenFields returns the side and en-passant fields of a FEN.
func clFenFields(fen string) (side, ep string) {
	f := strings.Fields(fen)
	return f[1], f[3]
}

func clSquare(t testing.TB, r *core.Rules, name string) core.Square {
	t.Helper()
	sq, err := r.Board.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func clPieceType(t testing.TB, r *core.Rules, letter string) core.PieceType {
	t.Helper()
	pt, ok := r.PieceByLetter(letter)
	if !ok {
		t.Fatalf("no piece %s", letter)
	}
	return pt
}

// clPlay makes moves written as clMoveText, failing on one that is not legal.
func clPlay(t testing.TB, p *core.Position, moves string) {
	t.Helper()
	for _, mv := range strings.Fields(moves) {
		found := false
		for _, m := range p.LegalMoves(nil) {
			if clMoveText(p.Rules(), m) == mv {
				p.MakeMove(m)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s is not legal in %s", mv, p.FEN())
		}
	}
}

// TestClaustrophobiaAttacks checks that every kind of capture gives check.
// The bomber's cases are built so that the king is attacked in that one way
// only; a ninja guard always reaches the second cell of a diagonal, whatever
// stands on the first (passing it, leaping a friend or capturing an enemy).
func TestClaustrophobiaAttacks(t *testing.T) {
	r := clRules(t)
	for _, tc := range []struct {
		name, pieces string
		check        bool
	}{
		{"ninja guard: stopping on the king", "Kc3 bd4 kf8", true},
		{"ninja guard: two steps", "Kc3 be5 kf8", true},
		{"ninja guard: two steps over an enemy, capturing both", "Kc3 Nd4 be5 kf8", true},
		{"ninja guard: over a friend", "Kc3 nd4 be5 kf8", true},
		{"ninja guard: two steps across an unused cell", "Kg2 be4 kf8", true},
		{"ninja guard: not three steps", "Kb2 be5 kf8", false},
		{"bomber: bombing, landing behind the king", "Kc3 rc6 kf8", true},
		{"bomber: no bombing when the cell behind is occupied", "Kc3 Pc2 rc6 kf8", false},
		{"bomber: bombing across the unused cells", "Kf2 rf8 kd8", true},
		{"bomber: landing on the king two cells away", "Kc3 Pc2 rc5 kf8", true},
		{"bomber: the king as the second piece of a double capture", "Kc3 Nc4 Pc2 rc5 kf8", true},
		{"bomber: over a friend onto the king", "Kc3 nc4 Pc2 rc5 kf8", true},
		{"bomber: not over two pieces", "Kc3 nc4 Nc5 Pc2 rc6 kf8", false},
		{"bomber: its slide does not capture", "Kc3 Pc2 rc7 kf8", false},
		{"knight across an unused cell", "Kf2 ne4 kf8", true},
		{"queen guard", "Kc3 qd4 ka8", true},
		{"pawn", "Kc3 pd4 kf8", true},
		{"a pawn does not attack straight ahead", "Kc3 pc4 kf8", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := clPosition(t, r, "w", tc.pieces)
			if p.InCheck() != tc.check {
				t.Errorf("%s: in check %v, want %v", p.FEN(), p.InCheck(), tc.check)
			}
		})
	}
}

// TestClaustrophobiaOutcomes checks checkmate, the scepter and the draws.
func TestClaustrophobiaOutcomes(t *testing.T) {
	r := clRules(t)
	shuffle := "g2e3 g7e6 e3g2 e6g7 g2e3 g7e6 e3g2 e6g7"
	for _, tc := range []struct {
		name, side, pieces, counters, moves string
		status                              core.Status
		winners                             uint8
		reason                              string
	}{
		{"checkmate in the palace", "b", "Ke6 Qf7 kf8", "", "", core.Win, 1, "checkmate"},
		{"mate by a bomb across the unused cells", "b", "Ka1 Rf2 Nd7 kf7 pe6 pe7 be8 ng7", "", "", core.Win, 1, "checkmate"},
		{"White's king takes the scepter", "w", "Ke6 ka1", "", "e6f7", core.Win, 1, "reached"},
		{"Black's king takes the scepter", "b", "Ka8 ke3", "", "e3f2", core.Win, 2, "reached"},
		{"the scepter counts on a capture too", "w", "Ke8 nf8 ka1", "", "e8f8", core.Win, 1, "reached"},
		{"a king next to the palace has not won", "w", "Ke6 ka1 pa7", "", "e6e7", core.Ongoing, 0, ""},
		{"a queen guard in the palace wins nothing", "w", "Qe6 Ka8 ka1", "", "e6f7", core.Ongoing, 0, ""},
		{"stalemate", "b", "Qe8 Ka1 kg7", "", "", core.Draw, 0, "stalemate"},
		{"threefold repetition", "w", "", "", shuffle, core.Draw, 0, "repetition"},
		{"twofold is not a draw", "w", "", "", shuffle[:19], core.Ongoing, 0, ""},
		{"100 plies without capture or pawn move", "w", "Qc3 Ka1 kd8", "99 80", "c3c4", core.Draw, 0, "100 plies"},
		{"99 plies are not yet a draw", "w", "Qc3 Ka1 kd8", "98 80", "c3c4", core.Ongoing, 0, ""},
		{"a capture resets the counter", "w", "Qc3 Ka1 kd8 pc4", "99 80", "c3c4", core.Ongoing, 0, ""},
		{"king against king plays on", "w", "Ka1 kd8", "", "", core.Ongoing, 0, ""},
		{"a bare king still takes the scepter", "w", "Ke7 ka1", "", "e7f8", core.Win, 1, "reached"},
		{"king and knight against king may still win", "w", "Ka1 Nc3 kd8", "", "", core.Ongoing, 0, ""},
		{"ninja guards on one colour may still win", "w", "Ka1 Bc3 kd8 bd6", "", "", core.Ongoing, 0, ""},
		{"king and bomber against king", "w", "Ka1 Rc3 kd8", "", "", core.Ongoing, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := r.StartPosition()
			if tc.pieces != "" {
				fen := clDiagram(t, r, tc.side, tc.pieces)
				if tc.counters != "" {
					fen = strings.TrimSuffix(fen, "0 1") + tc.counters
				}
				var err error
				if p, err = r.ParseFEN(fen); err != nil {
					t.Fatal(err)
				}
			}
			clPlay(t, p, tc.moves)
			o := p.Outcome()
			if o.Status != tc.status || o.Winners != tc.winners || !strings.Contains(o.Reason, tc.reason) {
				t.Errorf("%s: outcome %v, want status %d winners %b reason %q", p.FEN(), o, tc.status, tc.winners, tc.reason)
			}
		})
	}
	t.Run("king takes the last piece, then the scepter (issue 18)", func(t *testing.T) {
		p, err := r.ParseFEN("4n1**/4K2*/5***/5***/5***/5***/7*/k5** w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		for _, step := range []struct {
			move   string
			status core.Status
		}{{"e7e8", core.Ongoing}, {"a1a2", core.Ongoing}, {"e8f8", core.Win}} {
			clPlay(t, p, step.move)
			if o := p.Outcome(); o.Status != step.status {
				t.Fatalf("after %s: outcome %v, want status %d", step.move, o, step.status)
			}
		}
		if o := p.Outcome(); o.Winners != 1 {
			t.Errorf("outcome %v, want a win for White", o)
		}
	})
	t.Run("the king may not enter an attacked palace cell", func(t *testing.T) {
		p := clPosition(t, r, "w", "Ke6 ka1 rf1")
		if got, want := clLegalFrom(t, p, "e6"), []string{"e6d5", "e6d6", "e6d7", "e6e5", "e6e7"}; !slices.Equal(got, want) {
			t.Errorf("king moves %v, want %v (f7 is bombed from f1)", got, want)
		}
	})
}

// TestClaustrophobiaDefinition checks the board, palaces and pieces of the file.
func TestClaustrophobiaDefinition(t *testing.T) {
	r := clRules(t)
	b := r.Board
	used := 0
	for _, sq := range b.Squares() {
		c := b.Coord(sq)
		palace := c.X == 5 && (c.Y <= 1 || c.Y >= 6) || c.X == 6 && (c.Y == 1 || c.Y == 6)
		if c.X > 4 && !palace {
			t.Errorf("%s is playable", b.Name(sq))
		}
		used++
	}
	if used != 46 {
		t.Errorf("%d playable cells, want 46", used)
	}
	passable := 0
	for y := int64(0); y < 8; y++ {
		for x := int64(0); x < 8; x++ {
			if b.IsPassThrough(b.Square(core.Coord{X: x, Y: y})) {
				passable++
			}
		}
	}
	if passable != 18 {
		t.Errorf("%d unused pass-through cells, want 18", passable)
	}
	for _, tc := range []struct {
		region string
		cells  string
	}{
		{"white_palace", "f1 f2 g2"},
		{"black_palace", "f7 f8 g7"},
	} {
		reg := b.Region(tc.region)
		if reg == nil {
			t.Fatalf("no region %s", tc.region)
		}
		var got []string
		for _, sq := range reg.Squares {
			got = append(got, b.Name(sq))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != tc.cells {
			t.Errorf("%s = %v, want %s", tc.region, got, tc.cells)
		}
	}
	want := map[byte]string{'K': "K", 'Q': "K", 'R': "mRtpafWc0afmWmcafcW", 'B': "F2ctpafF", 'N': "N", 'P': "fmWfceFifmnDfxpaslmW"}
	for _, info := range r.Pieces[1:] {
		if want[info.Letter] != info.Betza {
			t.Errorf("%s (%c): betza %q, want %q", info.Name, info.Letter, info.Betza, want[info.Letter])
		}
		if info.Royal != (info.Letter == 'K') || info.Pawn != (info.Letter == 'P') {
			t.Errorf("%s: royal %v, pawn %v", info.Name, info.Royal, info.Pawn)
		}
	}
	if len(r.Pieces)-1 != len(want) {
		t.Errorf("%d piece types, want %d", len(r.Pieces)-1, len(want))
	}
	p := r.StartPosition()
	if got := p.FEN(); got != "rrnbbk**/pppppqn*/5***/5***/5***/5***/PPPPPQN*/RRNBBK** w - - 0 1" {
		t.Errorf("start FEN %q", got)
	}
	for _, d := range []string{"D pawns a2", "D two cells", "D en passant", "D the 50-move rule", "D No draw for insufficient material", "king against king is played on", "R:"} {
		if !strings.Contains(r.Def.Help, d) {
			t.Errorf("help does not state %q", d)
		}
	}
}

// TestClaustrophobiaNotation checks that moves capturing two pieces have
// distinct texts that read back, in coordinate notation and SAN.
func TestClaustrophobiaNotation(t *testing.T) {
	r := clRules(t)
	for _, tc := range []struct {
		name, side, pieces, move string
		coord, san               string
	}{
		{"ninja guard double capture", "w", "Kf1 kf8 Bc4 Nb5 pa6 pb3 nd5 pe6", "c4e6xd5", "c4e6xd5", "Bxd5xe6"},
		{"ninja guard jump capture", "w", "Kf1 kf8 Bc4 Nb5 pa6 pb3 nd5 pe6", "c4a2xb3", "c4a2xb3", "Bxb3a2"},
		{"ninja guard capture by stopping", "w", "Kf1 kf8 Bc4 Nb5 pa6 pb3 nd5 pe6", "c4b3", "c4b3", "Bxb3"},
		{"bomber double capture", "w", "Ra1 pa2 pa3 Kf1 kf8", "a1a3xa2", "a1a3xa2", "Rxa2xa3"},
		{"bomber bombing", "w", "Ra1 pa4 Kf1 kf8", "a1a5xa4", "a1a5xa4", "Rxa4a5"},
		{"bomber distance-2 capture", "w", "Ra1 pa3 Kf1 kf8", "a1a3", "a1a3", "Rxa3"},
		{"bomber bombing the same enemy", "w", "Ra1 pa3 Kf1 kf8", "a1a4xa3", "a1a4xa3", "Rxa3a4"},
		{"bomber bombing across the unused cells", "b", "rf7 Nf2 Pe7 Kc1 ka8", "f7f1xf2", "f7f1xf2", "Rxf2f1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := clPosition(t, r, tc.side, tc.pieces)
			var m core.Move
			found := false
			for _, l := range p.LegalMoves(nil) {
				if clMoveText(r, l) == tc.move {
					m, found = l, true
				}
			}
			if !found {
				t.Fatalf("%s not legal in %s", tc.move, p.FEN())
			}
			for _, n := range []struct {
				name string
				enc  notation.Notation
				want string
			}{{"coordinate", notation.Coordinate, tc.coord}, {"SAN", notation.SAN, tc.san}} {
				text := n.enc.Encode(p, m)
				if strings.TrimRight(text, "+#") != n.want {
					t.Errorf("%s: %s = %q, want %q", n.name, tc.move, text, n.want)
				}
				back, err := n.enc.Decode(p, text)
				if err != nil || back != m {
					t.Errorf("%s: %q reads back as %v, %v", n.name, text, back, err)
				}
			}
		})
	}
}

// TestClaustrophobiaNotationRoundTrip plays random games and checks that every
// legal move has its own text in both notations, which reads back as the move.
func TestClaustrophobiaNotationRoundTrip(t *testing.T) {
	r := clRules(t)
	rng := rand.New(rand.NewPCG(17, 19))
	games := 12
	if testing.Short() {
		games = 3
	}
	for g := 0; g < games; g++ {
		p := r.StartPosition()
		for ply := 0; ply < 150; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			for _, n := range []struct {
				name string
				enc  notation.Notation
			}{{"coordinate", notation.Coordinate}, {"SAN", notation.SAN}} {
				seen := map[string]core.Move{}
				for _, m := range moves {
					text := n.enc.Encode(p, m)
					if other, dup := seen[text]; dup {
						t.Fatalf("%s: %s writes %s and %s both as %q", p.FEN(), n.name, clMoveText(r, m), clMoveText(r, other), text)
					}
					seen[text] = m
					if back, err := n.enc.Decode(p, text); err != nil || back != m {
						t.Fatalf("%s: %s %q reads back as %v, %v", p.FEN(), n.name, text, back, err)
					}
				}
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
	}
}

// BenchmarkPerftClaustrophobiaStart4 counts the start position to depth 4.
func BenchmarkPerftClaustrophobiaStart4(b *testing.B) {
	benchmarkClaustrophobia(b, "rrnbbk**/pppppqn*/5***/5***/5***/5***/PPPPPQN*/RRNBBK** w - - 0 1", 4)
}

// BenchmarkPerftClaustrophobiaMiddle3 counts a middlegame with every kind of
// capture available.
func BenchmarkPerftClaustrophobiaMiddle3(b *testing.B) {
	benchmarkClaustrophobia(b, claustrophobiaMiddle, 3)
}

// claustrophobiaMiddle is a middlegame position with bombs, jumps and double
// captures for both sides.
const claustrophobiaMiddle = "r1n1bk**/1p1b1qn*/p1p1p***/1P1p1***/P1BPr***/2N1P***/2P2QN*/R3BK** w - - 0 12"

func benchmarkClaustrophobia(b *testing.B, fen string, depth int) {
	r := clRules(b)
	p, err := r.ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var leaves uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves += p.Perft(depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}
