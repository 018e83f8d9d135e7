package notation

// Test helpers: the variants the tests play (built-in ones and small test-only ones) and position snapshots.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// testVariants are variant files used only by these tests, by name.
var testVariants = map[string]string{
	// ntest has a lion with locust captures (victims), an archer with
	// stationary captures and a king that may pass with two variant-defined
	// move kinds, all supplied by the notation-test hooks.
	"ntest": `
name = "ntest"
hooks = "notation-test"
start = "l2ak2l/pppppppp/8/8/8/8/PPPPPPPP/L2AK2L w - - 0 1"
[board]
files = 8
ranks = 8
[board.regions]
white_promotion = ["a8-h8"]
black_promotion = ["a1-h1"]
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
name = "lion"
letter = "L"
betza = "KcafFcafsWcafsFcabK"
[[pieces]]
name = "archer"
letter = "A"
betza = "mK"
[[pieces]]
name = "pawn"
letter = "P"
betza = "fmWfceFifmnD"
pawn = true
[[promotion]]
player = 0
region = "white_promotion"
pieces = ["L", "A"]
[[promotion]]
player = 1
region = "black_promotion"
pieces = ["L", "A"]
`,
	// ncollide gives different moves the same plain coordinate text: the king
	// leaps two squares as well as castling, and pawns step two squares from
	// anywhere as well as double-stepping from their first rank.
	"ncollide": `
name = "ncollide"
start = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
[board]
files = 8
ranks = 8
[board.regions]
white_promotion = ["a8-h8"]
black_promotion = ["a1-h1"]
[[players]]
name = "white"
forward = "north"
[[players]]
name = "black"
forward = "south"
[[pieces]]
name = "king"
letter = "K"
betza = "KD"
royal = true
[[pieces]]
name = "rook"
letter = "R"
betza = "R"
[[pieces]]
name = "pawn"
letter = "P"
betza = "fmWfceFifmnDfmD"
pawn = true
[[promotion]]
player = 0
region = "white_promotion"
pieces = ["R"]
optional = true
[[promotion]]
player = 1
region = "black_promotion"
pieces = ["R"]
optional = true
[[castling]]
player = 0
flag = "K"
king_from = "e1"
king_to = "g1"
rook_from = "h1"
rook_to = "f1"
[[castling]]
player = 0
flag = "Q"
king_from = "e1"
king_to = "c1"
rook_from = "a1"
rook_to = "d1"
[[castling]]
player = 1
flag = "k"
king_from = "e8"
king_to = "g8"
rook_from = "h8"
rook_to = "f8"
[[castling]]
player = 1
flag = "q"
king_from = "e8"
king_to = "c8"
rook_from = "a8"
rook_to = "d8"
`,
	// nbig is a 30×12 board: two-letter files and two-digit ranks.
	"nbig": `
name = "nbig"
start = "` + bigStart() + `"
[board]
files = 30
ranks = 12
[board.regions]
white_promotion = ["a12-ad12"]
black_promotion = ["a1-ad1"]
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
name = "rook"
letter = "R"
betza = "R"
[[pieces]]
name = "knight"
letter = "N"
betza = "N"
[[pieces]]
name = "pawn"
letter = "P"
betza = "fmWfceFifmnD"
pawn = true
[[promotion]]
player = 0
region = "white_promotion"
pieces = ["R", "N"]
[[promotion]]
player = 1
region = "black_promotion"
pieces = ["R", "N"]
`,
}

// bigStart is nbig's start: knights and rooks on the back ranks, a king on
// file o, pawns on ranks 2 and 11.
func bigStart() string {
	back := "RNRN" + "10" + "K" + "11" + "NRNR"
	pawns := strings.Repeat("P", 30)
	rows := []string{strings.ToLower(back), strings.ToLower(pawns)}
	for i := 0; i < 8; i++ {
		rows = append(rows, "30")
	}
	rows = append(rows, pawns, back)
	return strings.Join(rows, "/") + " w - - 0 1"
}

var hooksOnce sync.Once

// registerHooks installs the hooks of ntest: archers capture an enemy other
// than the king two squares away orthogonally without moving (so they give
// no check, which the core's attack tables would not see), and a king may
// pass with variant-defined moves (Arg 7, kinds KindSpecial and
// KindSpecial+1).
func registerHooks() {
	hooksOnce.Do(func() {
		core.RegisterHooks("notation-test", &core.Hooks{
			Generate: func(p *core.Position, buf []core.Move) []core.Move {
				us := p.Turn()
				for _, from := range p.PieceSquares(us) {
					switch p.Rules().Pieces[p.At(from).Type()].Letter {
					case 'A':
						for _, to := range archerTargets(p, from) {
							if pc := p.At(to); pc.IsPiece() && pc.Owner() != us && !p.Rules().Pieces[pc.Type()].Royal {
								m := core.NewMove(from, to)
								m.Kind = core.KindStationary
								buf = append(buf, m)
							}
						}
					case 'K':
						for k := core.KindSpecial; k <= core.KindSpecial+1; k++ {
							m := core.NewMove(from, from)
							m.Kind, m.Arg = k, 7
							buf = append(buf, m)
						}
					}
				}
				return buf
			},
			MakeSpecial: func(p *core.Position, m core.Move) {},
		})
	})
}

// archerTargets returns the squares two steps orthogonally from sq.
func archerTargets(p *core.Position, sq core.Square) []core.Square {
	b := p.Rules().Board
	c := b.Coord(sq)
	var out []core.Square
	for _, d := range [][2]int64{{0, 2}, {0, -2}, {2, 0}, {-2, 0}} {
		if to := b.Square(core.Coord{X: c.X + d[0], Y: c.Y + d[1]}); to != core.NoSquare {
			out = append(out, to)
		}
	}
	return out
}

var (
	rulesMu    sync.Mutex
	rulesCache = map[string]*core.Rules{}
)

// rules returns the rules of a built-in or test variant.
func rules(t testing.TB, name string) *core.Rules {
	t.Helper()
	registerHooks()
	rulesMu.Lock()
	defer rulesMu.Unlock()
	if r := rulesCache[name]; r != nil {
		return r
	}
	var r *core.Rules
	var err error
	if src, ok := testVariants[name]; ok {
		r, err = variant.Compile(name+".toml", []byte(src), nil)
	} else {
		r, err = variant.Load(name, nil)
	}
	if err != nil {
		t.Fatalf("variant %s: %v", name, err)
	}
	rulesCache[name] = r
	return r
}

// position returns a position of a variant: its start for an empty fen.
func position(t testing.TB, name, fen string) *core.Position {
	t.Helper()
	r := rules(t, name)
	if fen == "" {
		return r.StartPosition()
	}
	p, err := r.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// snapshot is what must not change when a position is only looked at.
type snapshot struct {
	fen  string
	hash uint64
	ply  int
}

func snap(p *core.Position) snapshot { return snapshot{p.FEN(), p.Hash(), p.Ply()} }

// same fails the test if p differs from before.
func (s snapshot) same(t testing.TB, p *core.Position, what string) {
	t.Helper()
	if now := snap(p); now != s {
		t.Fatalf("%s changed the position: before %+v, after %+v", what, s, now)
	}
}

// describe writes a move's fields for failure messages.
func describe(p *core.Position, m core.Move) string {
	b := p.Rules().Board
	vs := []string{}
	for _, v := range m.Victims {
		if v != core.NoSquare {
			vs = append(vs, b.Name(v))
		}
	}
	return fmt.Sprintf("{%s→%s kind %d promo %d victims %v arg %d}", b.Name(m.From), b.Name(m.To), m.Kind, m.Promo, vs, m.Arg)
}

// randomGame plays up to plies random legal moves from the start of a
// variant and calls visit before each move (and at the final position).
func randomGame(t testing.TB, name string, seed uint64, plies int, visit func(p *core.Position)) {
	t.Helper()
	p := position(t, name, "")
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for i := 0; i <= plies; i++ {
		visit(p)
		moves := p.LegalMoves(nil)
		if len(moves) == 0 || i == plies {
			return
		}
		p.MakeMove(moves[rng.IntN(len(moves))])
	}
}
