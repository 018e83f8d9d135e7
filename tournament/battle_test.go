package tournament_test

// Tests of battles on the board: the setup against the battle rules' start, armies left out, start positions, and Judge on games played to their end (the seed's worked example among them).

import (
	"strings"
	"testing"

	"anychess/core"
	"anychess/game"
	"anychess/internal/battletest"
	"anychess/tournament"
)

func battleRules(t testing.TB) *core.Rules {
	t.Helper()
	r, err := tournament.BattleRules()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSetupIsTheStart: the setup's slots are exactly the pieces of the
// battle rules' start, for both sides (Black mirrored), and the full army.
func TestSetupIsTheStart(t *testing.T) {
	r := battleRules(t)
	p := r.StartPosition()
	var a tournament.Army
	for _, s := range tournament.Setup() {
		a2, err := tournament.ParseArmy(string(s.Letter))
		if err != nil {
			t.Fatal(err)
		}
		a.Rooks += a2.Rooks
		a.Nightriders += a2.Nightriders
		a.Bishops += a2.Bishops
		a.Pawns += a2.Pawns
	}
	if a != tournament.FullArmy() {
		t.Errorf("the setup is %s, the full army %s", a, tournament.FullArmy())
	}
	for side := range 2 {
		on, err := tournament.PiecesOf(p, core.Player(side))
		if err != nil {
			t.Fatal(err)
		}
		if on != tournament.FullArmy() {
			t.Errorf("player %d starts with %s", side+1, on)
		}
		// Leaving out every slot empties the side, piece by piece.
		var all []tournament.Place
		for _, s := range tournament.Setup() {
			all = append(all, s.Place)
		}
		leave := [2][]tournament.Place{}
		leave[side] = all
		text, err := tournament.StartPosition(r, leave[0], leave[1])
		if err != nil {
			t.Fatal(err)
		}
		q, err := r.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(q.PieceSquares(core.Player(side))); n != 0 {
			t.Errorf("player %d keeps %d pieces with every slot left out", side+1, n)
		}
		if n := len(q.PieceSquares(core.Player(1 - side))); n != 14 {
			t.Errorf("the other side has %d pieces", n)
		}
	}
}

// TestArmyLeaving: the seed's B leaves out both bishops and a pawn.
func TestArmyLeaving(t *testing.T) {
	leave, err := tournament.ParsePlaces("2.4, 2.6 5.9")
	if err != nil {
		t.Fatal(err)
	}
	a, err := tournament.ArmyLeaving(leave)
	if err != nil {
		t.Fatal(err)
	}
	if a.String() != "R2N2P7" || a.Value() != 23 {
		t.Errorf("army %s worth %d; want R2N2P7 worth 23", a, a.Value())
	}
	if got := tournament.PlacesText(leave); got != "2.4 2.6 5.9" {
		t.Errorf("PlacesText = %q", got)
	}
	for _, c := range []struct{ text, err string }{
		{"5.5", "holds no piece"},
		{"1.2 1.2", "twice"},
		{"x", "want RANK.ROW"},
		{"1.2.3", "want RANK.ROW"},
		{"100.1", "want RANK.ROW"},
		{strings.Repeat("1.2 ", 60), "too long"},
	} {
		ps, err := tournament.ParsePlaces(c.text)
		if err == nil {
			_, err = tournament.ArmyLeaving(ps)
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: error %v; want %q", c.text, err, c.err)
		}
	}
	// The position leaves the pieces out, for Black mirrored.
	r := battleRules(t)
	text, err := tournament.StartPosition(r, nil, leave)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := r.ParsePosition(text)
	for _, sq := range []string{"aj4", "aj6", "ag1"} {
		s, _ := p.ParseSquare(sq)
		if p.At(s) != core.Empty {
			t.Errorf("%s is not empty in %s", sq, text)
		}
	}
	if got, _ := tournament.PiecesOf(p, 1); got != a {
		t.Errorf("black has %s, want %s", got, a)
	}
	if got, _ := tournament.PiecesOf(p, 0); got != tournament.FullArmy() {
		t.Errorf("white has %s", got)
	}
}

// play plays a game from start: each side's moves are chosen by pick
// until the game ends (at most 200 plies).
func play(t *testing.T, r *core.Rules, start string, pick func(p *core.Position) (string, error)) *game.Game {
	t.Helper()
	g, err := game.New(game.Config{Rules: r, Start: start})
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !g.Over(); n++ {
		if n == 200 {
			t.Fatalf("no end in 200 plies: %s", g.Position())
		}
		text, err := pick(g.Position())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.SubmitText(g.Turn(), text); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	return g
}

// SeedEndgame is the seed's worked example near its end: A (White, the
// defender, full army) has lost both nightriders and four pawns, B (Black,
// the attacker, R2N2P7) a rook and a pawn. A's eight pieces stand on its
// back file and retreat off the board one by one while B moves its pawns.
func seedEndgame(t testing.TB, r *core.Rules) string {
	t.Helper()
	var ps []battletest.Place
	for i, l := range []string{"R", "R", "B", "B", "P", "P", "P", "P"} {
		ps = append(ps, battletest.Place{Square: "a" + string(rune('1'+i)), Letter: l, Owner: 0})
	}
	for _, sq := range []string{"ag1", "ag2", "ag3", "ag4", "ag6", "ag7"} {
		ps = append(ps, battletest.Place{Square: sq, Letter: "P", Owner: 1})
	}
	ps = append(ps, battletest.Place{Square: "ak2", Letter: "R", Owner: 1},
		battletest.Place{Square: "ak3", Letter: "N", Owner: 1}, battletest.Place{Square: "ak7", Letter: "N", Owner: 1})
	text, err := battletest.Position(r, 0, ps...)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// retreatOrWait: White retreats a piece, Black moves quietly.
func retreatOrWait(p *core.Position) (string, error) {
	if p.Turn() == 0 {
		return battletest.MustFind(p, battletest.Retreat, nil)
	}
	return battletest.MustFind(p, battletest.Quiet, nil)
}

// TestJudgeSeedExample: the seed's game, judged and recorded, gives A 26
// and B 37 without the fee, B 32 with it.
func TestJudgeSeedExample(t *testing.T) {
	r := battleRules(t)
	g := play(t, r, seedEndgame(t, r), retreatOrWait)
	bArmy, _ := tournament.ParseArmy("R2N2P7")
	res, bLost, aLost, err := tournament.Judge(g, 1, bArmy, tournament.FullArmy())
	if err != nil {
		t.Fatal(err)
	}
	if res != tournament.AttackerWins || aLost.String() != "N2P4" || bLost.String() != "R1P1" {
		t.Fatalf("judged %s, A lost %s, B lost %s; want attacker, N2P4, R1P1", res, aLost, bLost)
	}
	for _, c := range []struct {
		noFee bool
		a, b  int
	}{{true, 26, 37}, {false, 26, 32}} {
		tr := &tournament.Tournament{NoFee: c.noFee}
		tr.Join("A", 35)
		tr.Join("B", 23)
		if err := tr.Record(tournament.Battle{Attacker: "B", Defender: "A", Result: res, AttackerArmy: &bArmy, AttackerLost: bLost, DefenderLost: aLost}); err != nil {
			t.Fatal(err)
		}
		a, _ := tr.PointsOf("A")
		b, _ := tr.PointsOf("B")
		if a != c.a || b != c.b {
			t.Errorf("no fee %v: A %d, B %d; want %d, %d", c.noFee, a, b, c.a, c.b)
		}
	}
}

// TestJudgeCaptures: pieces captured during the game count, pieces
// retreated do not; a side whose every piece was captured has lost them
// all; a game that goes on is unfinished.
func TestJudgeCaptures(t *testing.T) {
	r := battleRules(t)
	// White's rook shoots Black's last pawn from afar.
	start, err := battletest.Position(r, 0, battletest.Place{Square: "b2", Letter: "R", Owner: 0}, battletest.Place{Square: "l2", Letter: "P", Owner: 1})
	if err != nil {
		t.Fatal(err)
	}
	g := play(t, r, start, func(p *core.Position) (string, error) { return battletest.MustFind(p, battletest.Capture, nil) })
	if g.Ply() != 1 {
		t.Fatalf("%d plies", g.Ply())
	}
	// White attacked with the full army; Black defended with a pawn.
	pawn := tournament.Army{Pawns: 1}
	res, wLost, bLost, err := tournament.Judge(g, 0, tournament.FullArmy(), pawn)
	if err != nil {
		t.Fatal(err)
	}
	if res != tournament.AttackerWins || bLost != pawn || wLost.String() != "R1N2B2P8" {
		t.Errorf("judged %s, white lost %s, black %s", res, wLost, bLost)
	}
	tr := &tournament.Tournament{}
	tr.Join("W", 30)
	tr.Join("Bl", 12)
	if err := tr.Record(tournament.Battle{Attacker: "W", Defender: "Bl", Result: res, DefenderArmy: &pawn, AttackerLost: wLost, DefenderLost: bLost}); err != nil {
		t.Fatal(err)
	}
	st, _ := tr.Standings()
	// W: 30 - 25 + 1 + 10 - 5 = 11; Bl: 12 + 25 - 1 - 30 (all captured)
	// = 6, out.
	if st[0].Name != "W" || st[0].Points != 11 || st[1].Points != 6 || st[0].Eliminated() || st[1].Out != 1 {
		t.Errorf("standings %+v", st)
	}
	// A game that goes on.
	g2, _ := game.New(game.Config{Rules: r, Start: start})
	if res, _, _, err := tournament.Judge(g2, 0, tournament.FullArmy(), pawn); err != nil || res != tournament.Unfinished {
		t.Errorf("a game going on: %s, %v", res, err)
	}
	// More pieces on the board than the army fielded.
	if _, _, _, err := tournament.Judge(g, 0, tournament.Army{Rooks: 0}, pawn); err == nil || !strings.Contains(err.Error(), "more pieces") {
		t.Errorf("a rook not fielded: %v", err)
	}
	p, _ := r.ParsePosition(start)
	if err := tournament.Fits(p, 0, tournament.Army{Pawns: 3}); err == nil || !strings.Contains(err.Error(), "more rooks") {
		t.Errorf("Fits: %v", err)
	}
	if err := tournament.Fits(p, 1, pawn); err != nil {
		t.Errorf("Fits: %v", err)
	}
}

// TestJudgeResign: a resignation is a loss with the pieces left; a draw
// gives no result points.
func TestJudgeResign(t *testing.T) {
	r := battleRules(t)
	g, err := game.New(game.Config{Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(1, nil); err != nil {
		t.Fatal(err)
	}
	res, aLost, dLost, err := tournament.Judge(g, 1, tournament.FullArmy(), tournament.FullArmy())
	if err != nil || res != tournament.DefenderWins || aLost != (tournament.Army{}) || dLost != (tournament.Army{}) {
		t.Errorf("black (attacker) resigned: %s %s %s %v", res, aLost, dLost, err)
	}
	g, _ = game.New(game.Config{Rules: r})
	g.End(core.Outcome{Status: core.Draw, Reason: "agreement"})
	if res, _, _, err := tournament.Judge(g, 0, tournament.FullArmy(), tournament.FullArmy()); err != nil || res != tournament.Drawn {
		t.Errorf("a draw: %s %v", res, err)
	}
}
