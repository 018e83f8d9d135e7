package martian

// Tests of Martian Chess: one per rule, the forms and turn order, scoring and ties, the position text, and the reference model.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"anychess/core"
)

// The three forms.
var (
	two   = map[string]string(nil)
	four  = map[string]string{"players": "4"}
	teams = map[string]string{"players": "4", "teams": ""}
)

var (
	martianMu    sync.Mutex
	martianCache = map[string]*core.Rules{}
)

// martianRules loads a form of Martian Chess.
func martianRules(t testing.TB, opts map[string]string) *core.Rules {
	t.Helper()
	martianMu.Lock()
	defer martianMu.Unlock()
	key := fmt.Sprint(opts)
	if r := martianCache[key]; r != nil {
		return r
	}
	r, err := Load("martian-chess", opts)
	if err != nil {
		t.Fatal(err)
	}
	martianCache[key] = r
	return r
}

// martianPos reads a position of a form; "" is the start.
func martianPos(t testing.TB, opts map[string]string, text string) *core.Position {
	t.Helper()
	r := martianRules(t, opts)
	if text == "" {
		return r.StartPosition()
	}
	p, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mtext writes a move for these tests, independently of package notation:
// from, to, the new piece of a field promotion, ":clock" for a call.
func mtext(p *core.Position, m core.Move) string {
	b := p.Rules().Board
	s := b.Name(m.From) + b.Name(m.To)
	if m.Kind == core.KindSpecial {
		s += strings.ToLower(string(p.Rules().Pieces[m.Promo].Letter))
	}
	return s + p.DeclarationText(m)
}

// legalTexts returns the texts of the legal moves, sorted.
func legalTexts(p *core.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, mtext(p, m))
	}
	sort.Strings(out)
	return out
}

// decode reads a move written as mtext writes it, declarations included.
func decode(p *core.Position, s string) (core.Move, error) {
	return p.ParseDeclared(s, func(s string) (core.Move, error) {
		for _, m := range p.LegalMoves(nil) {
			if mtext(p, m) == s {
				return m, nil
			}
		}
		return core.NullMove, fmt.Errorf("%s is not legal (legal: %v)", s, legalTexts(p))
	})
}

// play makes moves written as mtext writes them.
func play(t *testing.T, p *core.Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := decode(p, s)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		p.MakeMove(m)
	}
}

func hasMove(p *core.Position, s string) bool { return slices.Contains(legalTexts(p), s) }

func TestMartianForms(t *testing.T) {
	tests := []struct {
		opts          map[string]string
		files, ranks  int
		players       int
		partners      [][2]int
		startMoves    int
		firstPlayerSq []string // where player 1's queens, drones, pawns stand
	}{
		// Start moves counted by hand: 2 players b1a1, b2a1, b2a3, b3a2, b3a4,
		// b3c4, c3b4, c3d4, d3d4, d3d5; 4 players a3a4, a3a5, c1d1, c1e1, c2d1,
		// c2d3, b3a4, b3c4, c3b4, c3d2, c3d4.
		{two, 4, 8, 2, nil, 10, []string{"Q d1 c1 d2", "D b1 c2 d3", "P b2 c3 b3"}},
		{four, 8, 8, 4, nil, 11, []string{"Q a1 b1 a2", "D c1 b2 a3", "P c2 b3 c3"}},
		{teams, 8, 8, 4, [][2]int{{0, 2}, {1, 3}}, 11, []string{"Q a1 b1 a2", "D c1 b2 a3", "P c2 b3 c3"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.opts), func(t *testing.T) {
			r := martianRules(t, tt.opts)
			p := r.StartPosition()
			if r.Board.Files != tt.files || r.Board.Ranks != tt.ranks || r.Players != tt.players {
				t.Fatalf("board %dx%d, %d players", r.Board.Files, r.Board.Ranks, r.Players)
			}
			for _, pair := range tt.partners {
				if !r.Allies(core.Player(pair[0]), core.Player(pair[1])) {
					t.Errorf("players %d and %d are not partners", pair[0]+1, pair[1]+1)
				}
			}
			if tt.partners == nil && r.Allies(0, 2) {
				t.Errorf("free-for-all has partners")
			}
			if r.Allies(0, 1) {
				t.Errorf("neighbours are partners")
			}
			if n := len(p.LegalMoves(nil)); n != tt.startMoves {
				t.Errorf("%d start moves %v, want %d", n, legalTexts(p), tt.startMoves)
			}
			for _, line := range tt.firstPlayerSq {
				f := strings.Fields(line)
				for _, name := range f[1:] {
					sq, _ := r.Board.ParseSquare(name)
					if pc := p.At(sq); !pc.IsPiece() || string(r.Pieces[pc.Type()].Letter) != f[0] || pc.Owner() != 0 {
						t.Errorf("%s: want player 1's %s", name, f[0])
					}
				}
			}
			// Every player has 3 of each piece in their zone.
			for pl := 0; pl < r.Players; pl++ {
				count := map[byte]int{}
				for _, sq := range p.PieceSquares(core.Player(pl)) {
					count[r.Pieces[p.At(sq).Type()].Letter]++
					if z, _ := r.Board.Zone(sq); z != core.Player(pl) {
						t.Errorf("player %d's piece on %s, outside their zone", pl+1, r.Board.Name(sq))
					}
				}
				if count['Q'] != 3 || count['D'] != 3 || count['P'] != 3 {
					t.Errorf("player %d starts with %v", pl+1, count)
				}
			}
			// The start of the 4-player game is symmetric under the board's
			// rotations (a1 → a8 → h8 → h1), the turn order.
			if r.Players == 4 {
				for _, sq := range r.Board.Squares() {
					c := r.Board.Coord(sq)
					rot := r.Board.Square(core.Coord{X: c.Y, Y: 7 - c.X})
					a, b := p.At(sq), p.At(rot)
					if a.IsPiece() != b.IsPiece() || a.IsPiece() && (a.Type() != b.Type() || int(b.Owner()) != (int(a.Owner())+1)%4) {
						t.Errorf("%s and %s differ", r.Board.Name(sq), r.Board.Name(rot))
					}
				}
			}
		})
	}
	for _, bad := range []map[string]string{{"teams": ""}, {"players": "3"}, {"players": "2", "teams": "true"}} {
		if _, err := Load("martian-chess", bad); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
}

func TestMartianTurnOrder(t *testing.T) {
	// 4 players: the turn passes a1-quadrant, a8, h8, h1; each moves a piece
	// of their own quadrant.
	p := martianPos(t, four, "")
	r := p.Rules()
	corners := []string{"a1", "a8", "h8", "h1"}
	rng := rand.New(rand.NewPCG(4, 4))
	for ply := 0; ply < 12; ply++ {
		want := corners[ply%4]
		sq, _ := r.Board.ParseSquare(want)
		if z, _ := r.Board.Zone(sq); z != p.Turn() {
			t.Fatalf("ply %d: player %d to move, want the %s quadrant", ply, p.Turn()+1, want)
		}
		moves := p.LegalMoves(nil)
		for _, m := range moves {
			if z, _ := r.Board.Zone(m.From); z != p.Turn() {
				t.Fatalf("ply %d: %s moves a piece outside the mover's zone", ply, mtext(p, m))
			}
		}
		p.MakeMove(moves[rng.IntN(len(moves))])
	}
}

func TestMartianMovement(t *testing.T) {
	// A piece alone in south's zone (a north pawn on d8 keeps north's zone
	// occupied): its moves, counted from the piece definitions.
	tests := []struct {
		name, text string
		want       string
	}{
		{"pawn: one square diagonally, backwards too", "3P/4/4/4/4/4/1P2/4 1 -/- - -", "b2a1 b2a3 b2c1 b2c3"},
		{"drone: one or two squares orthogonally", "3P/4/4/4/4/4/1D2/4 1 -/- - -", "b2a2 b2b1 b2b3 b2b4 b2c2 b2d2"},
		{"drone: no jumping", "3P/4/4/4/4/4/DD2/4 1 -/- - -", "a2a1 a2a3 a2a4 b2b1 b2b3 b2b4 b2c2 b2d2"},
		{"queen: any distance, not jumping", "3P/4/4/4/4/4/4/Q3 1 -/- - -", "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b2 a1c1 a1c3 a1d1 a1d4"},
		{"queen: stops at a piece across the canal", "3P/4/Q3/4/4/4/4/Q3 1 -/- - -", "a1a2 a1a3 a1a4 a1a5 a1a6 a1b1 a1b2 a1c1 a1c3 a1d1 a1d4"},
	}
	for _, tt := range tests {
		p := martianPos(t, two, tt.text)
		if got := strings.Join(legalTexts(p), " "); got != tt.want {
			t.Errorf("%s: %s\n got %s\nwant %s", tt.name, tt.text, got, tt.want)
		}
	}
}

func TestMartianZoneControl(t *testing.T) {
	// Pieces have no colour: the same letters control by zone. South moves only
	// pieces on ranks 1-4, north only on 5-8.
	p := martianPos(t, two, "4/4/1P2/4/4/1P2/4/4 1 -/- - -")
	if got := strings.Join(legalTexts(p), " "); got != "b3a2 b3a4 b3c2 b3c4" {
		t.Errorf("south: %s", got)
	}
	play(t, p, "b3a4")
	if got := strings.Join(legalTexts(p), " "); got != "b6a5 b6a7 b6c5 b6c7" {
		t.Errorf("north: %s", got)
	}
}

func TestMartianCapture(t *testing.T) {
	tests := []struct {
		name, text, move string
		want             string // the position after the move; "" if the move must be illegal
	}{
		{"no capture in your own zone", "3P/4/4/4/4/4/1P2/Q3 1 -/- - -", "a1b2", ""},
		{"a capture across the canal scores the piece", "3P/4/4/1Q2/1D2/4/4/P3 1 -/- - -", "b4b5", "3P/4/4/1D2/4/4/4/P3 2 Q/- - b4b5"},
		{"the pile grows", "3P/4/4/1Q2/1D2/4/4/P3 1 DP/Q - -", "b4b5", "3P/4/4/1D2/4/4/4/P3 2 QDP/Q - b4b5"},
		{"a piece reached across the canal is captured", "3P/4/D3/4/4/4/4/Q3 1 -/- - -", "a1a6", "3P/4/Q3/4/4/4/4/4 2 D/- - a1a6"},
		{"capturing a partner's piece is legal", "P7/8/8/4P3/3Q4/8/8/7P 1 -/-/-/- - -", "d4e5", "P7/8/8/4Q3/8/8/8/7P 2 P/-/-/- - -"},
	}
	for _, tt := range tests {
		opts := two
		if strings.Count(strings.Fields(tt.text)[2], "/") == 3 {
			opts = teams
		}
		p := martianPos(t, opts, tt.text)
		m, err := decode(p, tt.move)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: %s is legal in %s", tt.name, tt.move, tt.text)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		p.MakeMove(m)
		if p.String() != tt.want {
			t.Errorf("%s: %s then %s:\n got %s\nwant %s", tt.name, tt.text, tt.move, p, tt.want)
		}
		mover := p.Rules().Players - 1
		if p.Turn() != 0 {
			mover = int(p.Turn()) - 1
		}
		pts := map[byte]int32{'P': 1, 'D': 2, 'Q': 3}
		var want int32
		for _, ch := range strings.Split(strings.Fields(tt.want)[2], "/")[mover] {
			want += pts[byte(ch)]
		}
		if got := p.Score(core.Player(mover)); got != want {
			t.Errorf("%s: score %d, want %d", tt.name, got, want)
		}
	}
}

func TestMartianCanalCrossing(t *testing.T) {
	// A piece that crosses a canal changes controller: the owner bits follow
	// the zone, and only the new controller may move it.
	for _, tt := range []struct {
		opts       map[string]string
		text, move string
		newOwner   core.Player
	}{
		{two, "", "d3d5", 1},
		{four, "", "c1e1", 3}, // into the h1 quadrant, not the next player's
		{four, "", "a3a5", 1},
	} {
		p := martianPos(t, tt.opts, tt.text)
		play(t, p, tt.move)
		sq, _ := p.Rules().Board.ParseSquare(tt.move[2:])
		if got := p.At(sq).Owner(); got != tt.newOwner {
			t.Errorf("%s: the piece on %s belongs to player %d, want %d", tt.move, tt.move[2:], got+1, tt.newOwner+1)
		}
		if slices.Contains(p.PieceSquares(p.Turn()), sq) != (p.Turn() == tt.newOwner) {
			t.Errorf("%s: player %d's pieces %v", tt.move, p.Turn()+1, p.PieceSquares(p.Turn()))
		}
	}
}

func TestMartianFieldPromotion(t *testing.T) {
	tests := []struct {
		name, text string
		move       string
		want       string // after the move; "" if the move must be unavailable
	}{
		{"drone onto pawn makes a queen from the opponent's pile", "3P/4/4/4/4/4/1P2/1D2 1 -/Q - -", "b1b2q", "3P/4/4/4/4/4/1Q2/4 2 -/DP - -"},
		{"pawn onto drone makes a queen", "3P/4/4/4/4/4/1P2/2D1 1 -/Q - -", "b2c1q", "3P/4/4/4/4/4/4/2Q1 2 -/DP - -"},
		{"drone onto pawn two squares away", "3P/4/4/4/4/1P2/4/1D2 1 -/Q - -", "b1b3q", "3P/4/4/4/4/1Q2/4/4 2 -/DP - -"},
		{"the drone may not jump", "3P/4/4/4/4/1P2/1P2/1D2 1 -/Q - -", "b1b3q", ""},
		{"pawn onto pawn makes a drone", "3P/4/4/4/4/4/1P2/P3 1 -/D - -", "a1b2d", "3P/4/4/4/4/4/1D2/4 2 -/PP - -"},
		{"no merge while a queen is in the zone", "3P/4/4/4/4/4/1P2/1DQ1 1 -/Q - -", "b1b2q", ""},
		{"no pawn pair while a drone is in the zone", "3P/4/4/4/4/4/1P2/P2D 1 -/D - -", "a1b2d", ""},
		{"no merge without a piece in a pile", "3P/4/4/4/4/4/1P2/1D2 1 -/DP - -", "b1b2q", ""},
		{"the mover's own pile comes first", "3P/4/4/4/4/4/1P2/1D2 1 Q/Q - -", "b1b2q", "3P/4/4/4/4/4/1Q2/4 2 DP/Q - -"},
		{"queens and drones do not merge otherwise", "3P/4/4/4/4/4/1D2/1D2 1 -/Q - -", "b1b2q", ""},
		{"4 players: the next piles in turn order", "P6P/8/8/8/8/8/1P6/1D5P 1 -/-/Q/Q - -", "b1b2q", "P6P/8/8/8/8/8/1Q6/7P 2 -/-/DP/Q - -"},
	}
	for _, tt := range tests {
		opts := two
		if strings.Count(strings.Fields(tt.text)[2], "/") == 3 {
			opts = four
		}
		p := martianPos(t, opts, tt.text)
		m, err := decode(p, tt.move)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s: %s is legal in %s", tt.name, tt.move, tt.text)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		scores := make([]int32, p.Rules().Players)
		for i := range scores {
			scores[i] = p.Score(core.Player(i))
		}
		p.MakeMove(m)
		if p.String() != tt.want {
			t.Errorf("%s: %s then %s:\n got %s\nwant %s", tt.name, tt.text, tt.move, p, tt.want)
		}
		for i := range scores {
			if p.Score(core.Player(i)) != scores[i] {
				t.Errorf("%s: player %d's score changed from %d to %d", tt.name, i+1, scores[i], p.Score(core.Player(i)))
			}
		}
	}
}

func TestMartianNoRejection(t *testing.T) {
	tests := []struct {
		name  string
		opts  map[string]string
		text  string
		moves []string // played first
		move  string   // then this must be legal or not
		legal bool
	}{
		{"the piece may not go straight back", two, "", []string{"d3d5"}, "d5d3", false},
		{"it may go elsewhere", two, "", []string{"d3d5"}, "d5d4", true},
		{"after a capture too", two, "4/4/4/3D/3D/4/4/P3 1 -/- - -", []string{"d4d5"}, "d5d4", false},
		{"the ban lasts one turn", two, "3P/4/4/4/4/4/4/P2D 1 -/- - -", []string{"d1d3", "d8c7", "d3d5", "c7b6", "a1b2"}, "d5d3", true},
		{"a move that crossed no canal bans nothing", two, "4/4/4/3D/4/4/4/P3 1 -/- - -", []string{"a1b2", "d5d7"}, "b2a1", true},
		{"the ban binds the next player only", two, "3P/4/4/4/4/4/4/P2D 1 -/- - -", []string{"d1d3", "d8c7", "d3d5"}, "d5d3", false},
		{"4 players: a move into my zone two turns ago bans nothing", four, "", []string{"c1e1", "a6a5", "h6h5"}, "e1c1", true},
		{"4 players: banned for the player whose zone it entered next", four, "", []string{"a3a5"}, "a5a3", false},
		{"4 players: a crossing into a later player's zone bans nothing", four, "P6P/8/8/8/3P4/8/8/P6P 1 -/-/-/- - -", []string{"d4e5", "a8b7"}, "e5d4", true},
		{"4 players: the piece from the previous player's zone", four, "P6P/8/8/8/8/8/8/P3P2P 4 -/-/-/- - -", []string{"e1d2"}, "d2e1", false},
	}
	for _, tt := range tests {
		p := martianPos(t, tt.opts, tt.text)
		play(t, p, tt.moves...)
		if got := hasMove(p, tt.move); got != tt.legal {
			t.Errorf("%s: after %v, %s legal = %v, want %v (position %s)", tt.name, tt.moves, tt.move, got, tt.legal, p)
		}
	}
}

func TestMartianClock(t *testing.T) {
	// Seven moves after the call without a capture end the game.
	p := martianPos(t, two, "3P/4/4/4/4/4/4/P3 1 QQ/D - -")
	perft := p.Perft(2)
	for _, m := range p.LegalMoves(nil) {
		if m.Arg&ArgCallClock != 0 {
			t.Fatalf("a clock call among the legal moves")
		}
	}
	play(t, p, "a1b2:clock")
	if f := strings.Fields(p.String()); f[3] != "0" {
		t.Fatalf("after the call: %s", p)
	}
	if _, err := decode(p, "d8c7:clock"); err == nil {
		t.Errorf("the clock was called twice")
	}
	moves := []string{"d8c7", "b2a1", "c7d8", "a1b2", "d8c7", "b2a1"}
	for i, s := range moves {
		play(t, p, s)
		if f := strings.Fields(p.String()); f[3] != fmt.Sprint(i+1) {
			t.Fatalf("after %d moves the clock reads %s: %s", i+1, f[3], p)
		}
		if o := p.Outcome(); o.Status != core.Ongoing {
			t.Fatalf("game over after %d moves: %v", i+1, o)
		}
	}
	play(t, p, "c7d8")
	o := p.Outcome()
	if o.Status != core.Win || o.Winners != 1 {
		t.Errorf("the clock ran out with south ahead: %v", o)
	}
	if n := len(p.LegalMoves(nil)); n != 0 {
		t.Errorf("%d legal moves after the end", n)
	}
	// Taking the moves back undoes the call.
	for range 8 {
		p.UnmakeMove()
	}
	if p.String() != "3P/4/4/4/4/4/4/P3 1 QQ/D - -" || p.Hash() != p.ComputeHash() {
		t.Errorf("undo: %s", p)
	}
	// perft does not count the call: the same count with the clock called.
	if q := martianPos(t, two, "3P/4/4/4/4/4/4/P3 1 QQ/D 0 -"); q.Perft(2) != perft {
		t.Errorf("perft(2) %d with the clock called, %d without", q.Perft(2), perft)
	}

	// A capture sets the count back to 0, also when calling.
	tests := []struct {
		text, move, clock string
	}{
		{"4/4/4/1Q2/1D2/4/4/P3 1 -/- 5 -", "b4b5", "0"},
		{"4/4/4/1Q2/1D2/4/4/P3 1 -/- 5 -", "a1b2", "6"},
		{"4/4/4/1Q2/1D2/4/4/P3 1 -/- - -", "b4b5:clock", "0"},
		{"4/4/4/1Q2/1D2/4/4/P3 1 -/- - -", "b4b5", "-"},
	}
	for _, tt := range tests {
		p := martianPos(t, two, tt.text)
		play(t, p, tt.move)
		if f := strings.Fields(p.String()); f[3] != tt.clock {
			t.Errorf("%s then %s: clock %s, want %s", tt.text, tt.move, f[3], tt.clock)
		}
	}
}

func TestMartianEnd(t *testing.T) {
	// The game ends as soon as a zone is empty, whoever's it is.
	p := martianPos(t, two, "3P/4/4/4/1P2/4/4/4 1 -/- - -")
	play(t, p, "b4a5")
	o := p.Outcome()
	if o.Status == core.Ongoing || !strings.Contains(o.Reason, "south's zone emptied") {
		t.Errorf("south's zone emptied: %v", o)
	}
	if n := len(p.LegalMoves(nil)); n != 0 {
		t.Errorf("%d legal moves after the end", n)
	}
	if p.Perft(3) != 0 {
		t.Errorf("perft counts moves after the end")
	}
}

func TestMartianScoresAndTies(t *testing.T) {
	tests := []struct {
		name string
		opts map[string]string
		text string
		want string // "win 1 3" (players), or "draw"
	}{
		{"highest score wins", two, "4/4/4/4/4/4/4/P3 1 Q/P - -", "win 1"},
		{"highest score wins, whoever moved last", two, "P3/4/4/4/4/4/4/4 2 Q/DDP - -", "win 2"},
		{"zone empty, tie: the last mover wins", two, "4/4/4/4/4/4/4/P3 1 Q/DP - -", "win 2"},
		{"zone empty, tie: the last mover wins (north)", two, "4/4/4/4/4/4/4/P3 1 DP/Q - -", "win 2"},
		{"zone empty, tie, north moved last", two, "4/4/4/4/4/4/4/P3 1 Q/Q - -", "win 2"},
		{"zone empty, tie, south moved last", two, "P3/4/4/4/4/4/4/4 2 Q/Q - -", "win 1"},
		{"clock ran out, tie: a draw", two, "P3/4/4/4/4/4/4/P3 1 Q/Q 7 -", "draw"},
		{"clock ran out, a leader wins", two, "P3/4/4/4/4/4/4/P3 1 Q/D 7 -", "win 1"},
		{"clock not out yet", two, "P3/4/4/4/4/4/4/P3 1 Q/D 6 -", ""},
		{"4 players: highest wins", four, "8/8/8/8/8/8/8/P7 1 Q/D/P/- - -", "win 1"},
		{"4 players: tie, the last mover among the leaders wins", four, "8/8/8/8/8/8/8/P7 1 Q/D/P/Q - -", "win 4"},
		{"4 players: tie, last mover not leading: the leaders share", four, "8/8/8/8/8/8/8/P7 1 Q/Q/P/- - -", "win 1 2"},
		{"4 players: clock tie is a draw", four, "P6P/8/8/8/8/8/8/P6P 1 Q/Q/-/- 7 -", "draw"},
		{"teams: the team total wins", teams, "8/8/8/8/8/8/8/P7 1 Q/D/P/- - -", "win 1 3"},
		{"teams: a team beats the best single score", teams, "8/8/8/8/8/8/8/P7 1 QQ/QD/-/DD - -", "win 2 4"},
		{"teams: tie, the last mover's team wins", teams, "8/8/8/8/8/8/8/P7 1 Q/QP/P/- - -", "win 2 4"},
		{"teams: tie, the last mover's team wins (south-west)", teams, "8/8/8/8/8/8/8/7P 2 Q/QP/P/- - -", "win 1 3"},
		{"teams: tie won by the last mover", teams, "8/8/8/8/8/8/8/P7 1 Q/D/-/P - -", "win 2 4"},
		{"teams: clock tie is a draw", teams, "P6P/8/8/8/8/8/8/P6P 1 Q/D/-/P 7 -", "draw"},
		{"teams: clock, a team leads", teams, "P6P/8/8/8/8/8/8/P6P 1 P/D/Q/P 7 -", "win 1 3"},
	}
	for _, tt := range tests {
		p := martianPos(t, tt.opts, tt.text)
		o := p.Outcome()
		got := ""
		switch o.Status {
		case core.Draw:
			got = "draw"
		case core.Win:
			got = "win"
			for i := 0; i < core.MaxPlayers; i++ {
				if o.Winners>>i&1 != 0 {
					got += fmt.Sprint(" ", i+1)
				}
			}
		}
		if got != tt.want {
			t.Errorf("%s: %s: %q (%v), want %q", tt.name, tt.text, got, o, tt.want)
		}
		// The reference model agrees.
		n := p.Rules().Players
		if ref := parseRef(t, tt.text, n, p.Rules().Team(0) != 0).result(); ref != got {
			t.Errorf("%s: the model says %q", tt.name, ref)
		}
	}
}

func TestMartianTextRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		opts map[string]string
		text string
	}{
		{two, "QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- - -"},
		{four, "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 -/-/-/- - -"},
		{two, "QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 2 -/- 3 d3d5"},
		{two, "3P/4/4/4/4/4/4/P3 2 QQDP/DPP 7 -"},
		{teams, "8/8/8/8/8/8/8/P6P 3 -/QQQ/-/DDD 0 -"},
	} {
		p := martianPos(t, tt.opts, tt.text)
		if p.String() != tt.text {
			t.Errorf("%s reads back as %s", tt.text, p)
		}
		if p.Hash() != p.ComputeHash() {
			t.Errorf("%s: hash", tt.text)
		}
	}
	if got := martianRules(t, two).StartPosition().String(); got != martianRules(t, two).Def.Start {
		t.Errorf("start %s", got)
	}
	if got := martianRules(t, four).StartPosition().String(); got != martian4Start {
		t.Errorf("start %s", got)
	}
}

func TestMartianTextErrors(t *testing.T) {
	tests := []struct {
		text, field, msg string
	}{
		{"", "text", "want 5 fields"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- -", "text", "got 4"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ 1 -/- - -", "board", "7 ranks"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQQ 1 -/- - -", "board", "rank 1 has 5 files, the board has 4"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQ 1 -/- - -", "board", "3 files"},
		{"QQD1/QDP1/DPP1/5/4/1PPD/1PDQ/1DQQ 1 -/- - -", "board", "does not fit"},
		{"QQD1/QDP1/DPP1/0/4/1PPD/1PDQ/1DQQ 1 -/- - -", "board", "bad empty run \"0\""},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1dQQ 1 -/- - -", "board", "no colour"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1KQQ 1 -/- - -", "board", "not a piece"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 3 -/- - -", "turn", "1 to 2"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ w -/- - -", "turn", "1 to 2"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 01 -/- - -", "turn", "1 to 2"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 - - -", "piles", "want 2 piles"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/X - -", "piles", "not a piece"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 /- - -", "piles", "write '-'"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 Q/- - -", "piles", "more queens"},
		{"4/4/4/4/4/4/4/P3 1 PPPPPPP/- - -", "piles", "more pawns"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- 8 -", "clock", "0 to 7"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- -1 -", "clock", "0 to 7"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- x -", "clock", "0 to 7"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- - z9z9", "last move", "outside"},
		{"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ 1 -/- - d3", "last move", "want '-' or a move"},
		{"QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 1 -/- - d3d5", "last move", "previous player"},
		{"QQD1/QDP1/DPP1/4/3D/1PP1/1PDQ/1DQQ 2 -/- - d3d4", "last move", "zone of the player to move"},
		{"3P/4/4/3D/4/3D/4/P3 2 -/- - d3d5", "last move", "must be empty"},
		{"QQD1/QDP1/DPP1/4/4/1PP1/1PDQ/1DQQ 2 -/- - d3d5", "last move", "no piece"},
		{"QQD1/QDP1/DPP1/3D/4/2P1/1PDQ/1DQQ 2 -/- - a3d5", "last move", "not along"},
		{"QQD1/QDP1/DPP1/3P/4/2P1/1PDQ/1DQQ 2 -/- - d3d5", "last move", "pawn"},
		{"3P/4/4/3D/4/4/4/P3 2 -/- - d1d5", "last move", "drone"},
		{"QQD1/QDP1/3Q/4/4/3P/1PDQ/1DQ1 2 -/- - d1d6", "last move", "blocked"},
		{strings.Repeat("4/", 2000), "text", "too long"},
	}
	r := martianRules(t, two)
	for _, tt := range tests {
		p, err := r.ParsePosition(tt.text)
		var te *core.PositionError
		if p != nil || !errors.As(err, &te) {
			t.Errorf("%q: %v, %v", tt.text, p, err)
			continue
		}
		if te.Field != tt.field || !strings.Contains(te.Msg, tt.msg) {
			t.Errorf("%q: %v; want field %s with %q", tt.text, err, tt.field, tt.msg)
		}
	}
	// 4 players: four piles, four turns, the previous player is the one before.
	r4 := martianRules(t, four)
	for _, tt := range []struct{ text, field string }{
		{"8/8/8/8/8/8/8/P6P 5 -/-/-/- - -", "turn"},
		{"8/8/8/8/8/8/8/P6P 1 -/- - -", "piles"},
		{"4/4/4/4/4/4/4/4 1 -/-/-/- - -", "board"},
	} {
		if _, err := r4.ParsePosition(tt.text); err == nil || !strings.Contains(err.Error(), tt.field+":") {
			t.Errorf("%q: %v", tt.text, err)
		}
	}
	if _, err := r4.ParsePosition("8/8/8/8/8/8/3P4/8 1 -/-/-/- - e1d2"); err != nil {
		t.Errorf("a pawn from the h1 quadrant into the a1 quadrant: %v", err)
	}
	if _, err := r4.ParsePosition("8/8/8/8/8/8/3P4/8 2 -/-/-/- - e1d2"); err == nil {
		t.Errorf("a pawn into the a1 quadrant kept as the last move with the a8 quadrant to move")
	}
}

// TestMartianReference plays random games of each form and checks every
// position against the independent model: the legal moves, the position after
// each move (scores, piles, clock and ban included) and the result.
func TestMartianReference(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	seen := map[string]int{}
	for fi, form := range []struct {
		opts  map[string]string
		n     int
		teams bool
	}{{two, 2, false}, {four, 4, false}, {teams, 4, true}} {
		rng := rand.New(rand.NewPCG(uint64(fi), 99))
		for g := 0; g < games; g++ {
			p := martianPos(t, form.opts, "")
			ref := parseRef(t, p.String(), form.n, form.teams)
			for ply := 0; ; ply++ {
				want := ref.moves()
				var wantTexts []string
				for _, m := range want {
					wantTexts = append(wantTexts, m.String())
				}
				got := legalTexts(p)
				if !slices.Equal(got, wantTexts) {
					t.Fatalf("%v %s:\n got %v\nwant %v", form.opts, p, got, wantTexts)
				}
				res := ref.result()
				o := p.Outcome()
				if (res == "") != (o.Status == core.Ongoing) || res == "draw" && o.Status != core.Draw || strings.HasPrefix(res, "win") && res != winText(o) {
					t.Fatalf("%v %s: outcome %v, model %q", form.opts, p, o, res)
				}
				if res != "" {
					if strings.Contains(o.Reason, "clock") {
						seen["end clock"]++
					} else {
						seen["end zone"]++
					}
					break
				}
				// Prefer field promotions and clock calls now and then, so the
				// games reach them.
				m := want[rng.IntN(len(want))]
				for _, x := range want {
					if x.merge != 0 && rng.IntN(2) == 0 {
						m = x
					}
				}
				if ref.clock < 0 && rng.IntN(50) == 0 {
					m.call = true
				}
				if m.merge != 0 {
					seen["merge"]++
				}
				if ref.at(m.to) != '.' && m.merge == 0 {
					seen["capture"]++
				}
				if ref.banned {
					seen["ban"]++
				}
				if m.call {
					seen["call"]++
				}
				play(t, p, m.String())
				ref.play(m)
				if p.String() != ref.text() {
					t.Fatalf("%v after %s: %s, model %s", form.opts, m, p, ref.text())
				}
			}
		}
	}
	t.Logf("reached: %v", seen)
	for _, k := range []string{"merge", "capture", "ban", "call", "end zone", "end clock"} {
		if seen[k] == 0 {
			t.Errorf("the random games never reached %q: %v", k, seen)
		}
	}
}

// winText writes a win as the model does.
func winText(o core.Outcome) string {
	s := "win"
	for i := 0; i < core.MaxPlayers; i++ {
		if o.Winners>>i&1 != 0 {
			s += fmt.Sprint(" ", i+1)
		}
	}
	return s
}

// refPerft counts the model's move tree.
func refPerft(r *refPos, depth int) uint64 {
	moves := r.moves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		c := *r
		for i := range c.piles {
			c.piles[i] = map[byte]int{}
			for k, v := range r.piles[i] {
				c.piles[i][k] = v
			}
		}
		c.play(m)
		n += refPerft(&c, depth-1)
	}
	return n
}

func TestMartianPerft(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, tt := range []struct {
		opts  map[string]string
		n     int
		text  string
		depth int
	}{
		{two, 2, "", depth},
		{two, 2, "QQ2/QDP1/D1PP/4/1D2/1PP1/1P1Q/3Q 1 QD/D 2 -", depth},
		{two, 2, "1Q1P/D3/QQD1/D1PP/PP2/1D2/1PDQ/2QQ 1 -/D - -", depth},
		{two, 2, "QQD1/QDP1/DPP1/3D/4/1PP1/1PDQ/1DQQ 2 -/- - d3d5", depth},
		{four, 4, "", 3},
		{four, 4, "QQD2DQQ/QD2PPDQ/1PP3P1/4PD2/D1PP3P/2D2PD1/Q1PP2DQ/QQD2DQQ 3 -/D/-/- - -", 3},
		{teams, 4, "QQD2DQQ/1D3PDQ/QPPP2PD/D3P3/2PP3P/DD5D/QQPPP1DQ/1QD2DQQ 1 -/-/-/- - e1d2", 3},
	} {
		p := martianPos(t, tt.opts, tt.text)
		_, isTeams := tt.opts["teams"]
		ref := parseRef(t, p.String(), tt.n, isTeams)
		if got, want := p.Perft(tt.depth), refPerft(ref, tt.depth); got != want {
			t.Errorf("%v %s: perft(%d) %d, model %d", tt.opts, p, tt.depth, got, want)
		}
	}
}

func BenchmarkPerftMartian(b *testing.B) {
	for _, bb := range []struct {
		name  string
		opts  map[string]string
		depth int
	}{{"2p-start-6", two, 6}, {"4p-start-6", four, 6}} {
		b.Run(bb.name, func(b *testing.B) {
			p := martianPos(b, bb.opts, "")
			var leaves uint64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				leaves += p.Perft(bb.depth)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// evalDefault is the evaluation with its default weights.
func evalDefault(p *core.Position, pl core.Player) int {
	return martianEvaluate(p, pl, p.Rules().EvalDefaults())
}

// TestMartianEvalNewTerms: the terms that default to 0, each alone at
// weight 1: a queen more at home than the other side, a drone fewer, and
// a 3-point lead while the emptiest zone holds 1 piece (4 − 1 = 3 steps
// near the end).
func TestMartianEvalNewTerms(t *testing.T) {
	for _, tc := range []struct {
		term int
		pos  string
		want int
	}{
		{termQueensHome, "Q3/4/4/4/4/4/4/QQ2 1 -/- - -", 1},
		{termQueensHome, "Q3/4/4/4/4/4/4/Q3 1 -/- - -", 0},
		{termDronesHome, "QD2/4/4/4/4/4/4/Q3 1 -/- - -", -1},
		{termLeadNearEnd, "Q3/4/4/4/4/4/4/Q3 1 Q/- - -", 3 * 3},
		{termLeadNearEnd, "QQ2/QD2/4/4/4/4/4/Q3 1 Q/- - -", 3 * 3},
		{termLeadNearEnd, "QQ2/DD2/4/4/4/4/DD2/QQ2 1 Q/- - -", 0},
	} {
		p := martianPos(t, two, tc.pos)
		w := make([]int, len(martianTerms))
		w[tc.term] = 1
		if got := martianEvaluate(p, 0, w); got != tc.want {
			t.Errorf("%s at weight 1: %s scores %d, want %d", martianTerms[tc.term].Name, tc.pos, got, tc.want)
		}
		if got := martianEvaluate(p, 1, w); got != -tc.want {
			t.Errorf("%s at weight 1: %s scores %d for the second player, want %d", martianTerms[tc.term].Name, tc.pos, got, -tc.want)
		}
	}
}

// TestMartianEvaluate: the evaluation's terms, each against a position that
// differs from it in that term alone, in every form; two sides'
// evaluations are opposite; it allocates nothing.
func TestMartianEvaluate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		opts   map[string]string
		pl     core.Player
		a, b   string // a scores diff more than b for pl
		diff   int
		mirror bool // the form has two sides: pl's opponent sees the negation
	}{
		{"a queen captured", two, 0, "Q3/4/4/4/4/4/4/Q3 1 Q/- - -", "Q3/4/4/4/4/4/4/Q3 1 -/- - -",
			3 * martianPoint, true},
		{"four players: a pawn fewer at home", four, 0, "Q6Q/8/8/8/8/8/P7/Q7 1 -/-/-/- - -", "Q6Q/8/8/8/8/8/8/Q6P 1 -/-/-/- - -",
			martianAtHome, false},
		{"a pawn fewer at home", two, 0, "QP2/4/4/4/4/4/4/Q3 1 -/- - -", "Q3/4/4/4/4/4/4/QP2 1 -/- - -",
			-2 * martianAtHome, true},
		// The clock's counter holds the moves since the call plus one.
		{"the clock favours the side ahead", two, 0, "Q3/4/4/4/4/4/4/Q3 1 P/- 3 -", "Q3/4/4/4/4/4/4/Q3 1 P/- - -",
			4 * martianClock, true},
		{"four players: the best other side counts", four, 0, "Q6Q/8/8/8/8/8/8/Q7 1 P/Q/-/- - -", "Q6Q/8/8/8/8/8/8/Q7 1 P/-/-/- - -",
			-3 * martianPoint, false},
		// Players 1 and 3 (zones a1 and h8) are partners.
		{"teams: a partner's points at home are the side's", teams, 0, "Q6Q/8/8/8/8/8/8/8 1 -/-/-/- - -", "Q7/8/8/8/8/8/8/8 1 -/-/-/- - -",
			3 * martianAtHomeTeams, false},
	} {
		r := martianRules(t, tc.opts)
		a, b := martianPos(t, tc.opts, tc.a), martianPos(t, tc.opts, tc.b)
		if got := evalDefault(a, tc.pl) - evalDefault(b, tc.pl); got != tc.diff {
			t.Errorf("%s: %d - %d = %d, want %d", tc.name, evalDefault(a, tc.pl), evalDefault(b, tc.pl), got, tc.diff)
		}
		if tc.mirror {
			for _, p := range []*core.Position{a, b} {
				if x, y := evalDefault(p, 0), evalDefault(p, 1); x != -y {
					t.Errorf("%s: %s: player 1 %d, player 2 %d", tc.name, p, x, y)
				}
			}
		}
		w := r.EvalDefaults()
		if allocs := testing.AllocsPerRun(10, func() { martianEvaluate(a, tc.pl, w) }); allocs != 0 {
			t.Errorf("%s (%s): %v allocations", tc.name, r.Name(), allocs)
		}
	}
}
