package core_test

// Invariant tests over random games: make/unmake, incremental hashing, independent legality.

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// snapshot is everything observable about a position that make/unmake must
// restore: its position text (FEN, or the variant's own), hash, pawn hash
// and cells.
type snapshot struct {
	fen        string
	hash, pawn uint64
	cells      []core.Piece
}

func snap(p *core.Position) snapshot {
	b := p.Rules().Board
	s := snapshot{fen: p.String(), hash: p.Hash(), pawn: p.PawnHash()}
	for _, sq := range b.Squares() {
		s.cells = append(s.cells, p.At(sq))
	}
	return s
}

func (s snapshot) equal(o snapshot) bool {
	if s.fen != o.fen || s.hash != o.hash || s.pawn != o.pawn || len(s.cells) != len(o.cells) {
		return false
	}
	for i := range s.cells {
		if s.cells[i] != o.cells[i] {
			return false
		}
	}
	return true
}

// royalCapturable is an independent legality check: after a move, can any
// opponent, by its own pseudo-legal moves, capture the mover's royal piece? It
// uses move generation only, not the attack tables.
func royalCapturable(t *testing.T, p *core.Position, mover core.Player) bool {
	t.Helper()
	var k core.Square = core.NoSquare
	for _, sq := range p.PieceSquares(mover) {
		if p.Rules().Pieces[p.At(sq).Type()].Royal {
			k = sq
		}
	}
	if k == core.NoSquare {
		return false
	}
	for _, m := range p.PseudoMoves(nil) {
		if m.To == k && m.Kind != core.KindCastle {
			return true
		}
		for _, v := range m.Victims {
			if v == k && m.Kind == core.KindNormal {
				return true
			}
		}
	}
	return false
}

// invariantVariant is a variant with options, and a position to start from
// ("": its start).
type invariantVariant struct {
	name    string
	options map[string]string
	start   string
}

// invariantStart loads v's rules and the position its games start from.
func invariantStart(t *testing.T, v invariantVariant) (*core.Rules, *core.Position) {
	t.Helper()
	rules, err := variant.Load(v.name, v.options)
	if err != nil {
		t.Fatal(err)
	}
	p := rules.StartPosition()
	if v.start != "" {
		if p, err = rules.ParsePosition(v.start); err != nil {
			t.Fatal(err)
		}
	}
	return rules, p
}

// invariantVariants are the variants (with options) played by the random-game
// invariant test, from their start or from the position text start (a
// crowded middle game, where the variant's special moves come soon).
var invariantVariants = []invariantVariant{
	{"chess", nil, ""},
	{"siberia", nil, ""},
	{"claustrophobia", nil, ""},
	{"martian-chess", nil, ""},
	{"martian-chess", map[string]string{"players": "4"}, ""},
	{"martian-chess", map[string]string{"players": "4", "teams": ""}, ""},
	{"longchess", nil, ""},
	{"longchess", nil, "P5~11~11~3n2/16P2p17/4P1~p7N2~2b8~6/6~4p1B2P1~p10~6/2N8F2R[f]3r4n13/6~4pb3P1~p10~6/4B1~11~11~6/15R6r14/6~11~11~5p w"},
	{"longchess", map[string]string{"mode": "ctm"}, "P5~11~11~3n2/16P2p17/4P1~p7N2~2b8~6/6~6B2P1~p10~6/2N11R3r4n13/6~5b3P1~p10~6/6~11~11~6/15R6r14/6~11~11~5p b"},
	// Longchess's modifications (issue 7): mines and shells in the marks
	// layer, pieces sent back, the four-team game.
	{"longchess", map[string]string{"no-pause-at-centre": "", "nonlethal": "", "artillery": ""}, ""},
	{"longchess", map[string]string{"no-central-river": "", "no-range-attacks": "", "mines": "", "mode": "ctm"}, ""},
	{"longchess", map[string]string{"teams": "4", "mines": "", "artillery": "", "nonlethal": ""}, ""},
}

func TestRandomGameInvariants(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 5
	}
	safe := 0 // moves the pins let pass without a look
	for vi, v := range invariantVariants {
		name := fmt.Sprint(v.name, v.options)
		rules, err := variant.Load(v.name, v.options)
		if err != nil {
			t.Fatal(err)
		}
		veto := rules.Hooks.Legal
		rng := rand.New(rand.NewPCG(1, uint64(len(name)+vi)))
		// Big boards have many moves a ply: fewer games keep each variant's
		// share of the time about that of an 8×8 one.
		n := games
		if squares := len(rules.Board.Squares()); squares > 64 {
			n = max(1, games*64/squares)
		}
		for g := 0; g < n; g++ {
			p := rules.StartPosition()
			if v.start != "" {
				if p, err = rules.ParsePosition(v.start); err != nil {
					t.Fatal(err)
				}
			}
			for ply := 0; ply < 200; ply++ {
				before := snap(p)
				legal := p.LegalMoves(nil)
				legalSet := map[core.Move]bool{}
				for _, m := range legal {
					legalSet[m] = true
				}
				// Moves carrying declarations make and unmake like any other, and
				// are legal when their bare move is (IsLegal checks the rest).
				declared := p.LegalDeclared(legal, nil)
				for _, m := range declared {
					if !legalSet[rules.Bare(m)] || !p.IsLegal(m) {
						t.Fatalf("%s: declared move %+v of a legal move is not legal in %s", name, m, before.fen)
					}
					legalSet[m] = true
				}
				// Every pseudo-legal move is legal exactly when the independent
				// check (and the variant's veto, if any) says so; a move the
				// pins call safe is legal.
				var pins core.PinSet
				p.Pins(p.InCheck(), &pins)
				for _, m := range append(p.PseudoMoves(nil), declared...) {
					mover := p.Turn()
					vetoed := veto != nil && !veto(p, rules.Bare(m))
					p.MakeMove(m)
					if p.Hash() != p.ComputeHash() {
						t.Fatalf("%s: incremental hash wrong after %v in %s", name, m, before.fen)
					}
					if p.PawnHash() != p.ComputePawnHash() {
						t.Fatalf("%s: incremental pawn hash wrong after %v in %s", name, m, before.fen)
					}
					for pl := range core.Player(rules.Players) {
						if p.PieceHash(pl) != p.ComputePieceHash(pl) {
							t.Fatalf("%s: incremental piece hash of player %d wrong after %v in %s", name, pl, m, before.fen)
						}
					}
					illegal := vetoed || royalCapturable(t, p, mover)
					if m.Kind == core.KindCastle && !illegal {
						// legality of castling also depends on the squares passed; checked by LegalMoves
						illegal = !legalSet[m]
					}
					p.UnmakeMove()
					if illegal == legalSet[m] {
						t.Fatalf("%s: move %+v legal=%v but independent check says illegal=%v in %s", name, m, legalSet[m], illegal, before.fen)
					}
					if pins.Safe(m) {
						safe++
						if illegal {
							t.Fatalf("%s: the pins call move %+v safe, but it is illegal in %s", name, m, before.fen)
						}
					}
					if !snap(p).equal(before) {
						t.Fatalf("%s: make/unmake of %+v did not restore %s (now %s)", name, m, before.fen, p.String())
					}
				}
				if len(legal) == 0 {
					break
				}
				m := legal[rng.IntN(len(legal))]
				if len(declared) > 0 && rng.IntN(8) == 0 {
					m = declared[rng.IntN(len(declared))]
				}
				p.MakeMove(m)
				// The position survives a round trip through its text (FEN, or
				// the variant's own), hash included: the text carries the
				// whole state the rules depend on.
				text := p.String()
				q, err := rules.ParsePosition(text)
				if err != nil {
					t.Fatalf("%s: position %q does not parse: %v", name, text, err)
				}
				if q.String() != text {
					t.Fatalf("%s: position round trip %q -> %q", name, text, q.String())
				}
				if q.Hash() != p.Hash() {
					t.Fatalf("%s: %q parses to hash %x, the game reached it with %x", name, text, q.Hash(), p.Hash())
				}
				if q.PawnHash() != p.PawnHash() {
					t.Fatalf("%s: %q parses to pawn hash %x, the game reached it with %x", name, text, q.PawnHash(), p.PawnHash())
				}
			}
		}
	}
	if safe == 0 {
		t.Error("the pins called no move safe")
	}
}

// TestPawnHash: the pawn hash changes with the pawns and only with them.
func TestPawnHash(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "4k3/pp6/8/8/8/8/PP6/3K4 w - - 0 1", true},  // a king moved
		{"4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "3nk3/pp6/8/8/8/8/PP6/4K3 b - - 0 1", true}, // a knight, the turn
		{"4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "4k3/pp6/8/8/8/P7/1P6/4K3 w - - 0 1", false},
		{"4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1", false}, // one pawn fewer
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "4k3/p7/8/8/8/8/8/4K3 w - - 0 1", false},      // the owner
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", true},       // no pawns
	} {
		a, err := r.ParseFEN(tc.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := r.ParseFEN(tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.PawnHash() == b.PawnHash(); got != tc.same {
			t.Errorf("%s / %s: same pawn hash %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
	if p := r.NewPosition(); p.PawnHash() != 0 {
		t.Errorf("the empty board's pawn hash is %x, want 0", p.PawnHash())
	}
}
