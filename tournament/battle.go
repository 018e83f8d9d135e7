package tournament

// Battles on the board, for a server that plays them: the army's setup and the pieces a player leaves out, the start position two armies make, and what a finished game gives the record (its result and the pieces each side lost).

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"anychess/core"
	"anychess/game"
	"anychess/variant"
)

// The battles' rules: standard Capture the Map with rivers, no
// modifications.
const (
	// Variant is the variant the battles are played in.
	Variant = "longchess"
	// OptionsText is its options, as game.OptionsText writes them.
	OptionsText = "mode=ctm"
)

// BattleRules compiles the battles' rules.
func BattleRules() (*core.Rules, error) {
	return variant.Load(Variant, map[string]string{"mode": "ctm"})
}

// Place is a square of the setup counted from its side's own end, as the
// seed counts them: Rank 1 is the side's back rank, Row 1 the top row.
type Place struct {
	Rank, Row int
}

// String writes the place as RANK.ROW.
func (p Place) String() string { return fmt.Sprintf("%d.%d", p.Rank, p.Row) }

// Slot is a piece of the full army in its setup.
type Slot struct {
	Place
	Letter byte
	Name   string
	Value  int
}

// Setup returns the full army's setup, as ../shared/rules/longchess.md
// gives it: rooks (1,2) and (1,8), nightriders (1,3) and (1,7), bishops
// (2,4) and (2,6), pawns on rank 5, rows 1–4 and 6–9 (no flag: Capture the
// Map). The slots are in that order.
func Setup() []Slot {
	var out []Slot
	add := func(letter byte, places ...Place) {
		k := kindOf(letter)
		for _, p := range places {
			out = append(out, Slot{Place: p, Letter: letter, Name: pieceKinds[k].name, Value: pieceKinds[k].value})
		}
	}
	add('R', Place{1, 2}, Place{1, 8})
	add('N', Place{1, 3}, Place{1, 7})
	add('B', Place{2, 4}, Place{2, 6})
	add('P', Place{5, 1}, Place{5, 2}, Place{5, 3}, Place{5, 4}, Place{5, 6}, Place{5, 7}, Place{5, 8}, Place{5, 9})
	return out
}

// kindOf returns the index in pieceKinds of a letter, -1 for none.
func kindOf(letter byte) int {
	return slices.IndexFunc(pieceKinds, func(k pieceKind) bool { return k.letter == letter })
}

// MaxPlacesText bounds the text of a list of places.
const MaxPlacesText = 200

// ParsePlaces reads places written RANK.ROW, separated by spaces or
// commas ("5.1 5.9"; "" is none).
func ParsePlaces(s string) ([]Place, error) {
	if len(s) > MaxPlacesText {
		return nil, fmt.Errorf("places %q…: too long", s[:40])
	}
	var out []Place
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		a, b, ok := strings.Cut(f, ".")
		rank, err1 := strconv.Atoi(a)
		row, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || len(a) > 2 || len(b) > 2 {
			return nil, fmt.Errorf("place %q: want RANK.ROW, like 5.1", f)
		}
		out = append(out, Place{rank, row})
	}
	return out, nil
}

// PlacesText writes places as ParsePlaces reads them.
func PlacesText(ps []Place) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, p.String())
	}
	return strings.Join(parts, " ")
}

// ArmyLeaving returns the army of the full setup less the pieces on the
// places left out. A place with no piece of the setup, or one given twice,
// is an error.
func ArmyLeaving(leave []Place) (Army, error) {
	a := FullArmy()
	setup := Setup()
	seen := map[Place]bool{}
	for _, p := range leave {
		i := slices.IndexFunc(setup, func(s Slot) bool { return s.Place == p })
		switch {
		case i < 0:
			return Army{}, fmt.Errorf("place %s (own rank %d, row %d) holds no piece of the army", p, p.Rank, p.Row)
		case seen[p]:
			return Army{}, fmt.Errorf("place %s is left out twice", p)
		}
		seen[p] = true
		*pieceKinds[kindOf(setup[i].Letter)].count(&a)--
	}
	return a, nil
}

// square returns the square of a place for a side of the battle rules r:
// White counts ranks from the left, Black from the right; rows from the
// top.
func square(r *core.Rules, p *core.Position, side core.Player, pl Place) (core.Square, error) {
	files, ranks := r.Board.Files, r.Board.Ranks
	x := pl.Rank - 1
	if side == 1 {
		x = files - pl.Rank
	}
	y := ranks - pl.Row
	if x < 0 || x >= files || y < 0 || y >= ranks {
		return core.NoSquare, fmt.Errorf("place %s is off the board", pl)
	}
	return p.Square(core.Coord{X: int64(x), Y: int64(y)}), nil
}

// StartPosition writes the start of a battle: the rules' start (r, the
// battle rules) without the pieces each side leaves out (White is player
// 0).
func StartPosition(r *core.Rules, whiteLeaves, blackLeaves []Place) (string, error) {
	p := r.StartPosition()
	setup := Setup()
	for side, leave := range [][]Place{whiteLeaves, blackLeaves} {
		if _, err := ArmyLeaving(leave); err != nil {
			return "", err
		}
		for _, pl := range leave {
			sq, err := square(r, p, core.Player(side), pl)
			if err != nil {
				return "", err
			}
			i := slices.IndexFunc(setup, func(s Slot) bool { return s.Place == pl })
			pc := p.At(sq)
			if !pc.IsPiece() || pc.Owner() != core.Player(side) || r.Pieces[pc.Type()].Letter != setup[i].Letter {
				return "", fmt.Errorf("the battle rules have no %s of player %d on %s", setup[i].Name, side+1, p.Name(sq))
			}
			p.Put(sq, core.Empty)
		}
	}
	return p.String(), nil
}

// PiecesOf counts a side's pieces in a position of the battle rules as an
// army; a piece that is not a rook, nightrider, bishop or pawn is an
// error.
func PiecesOf(p *core.Position, side core.Player) (Army, error) {
	var a Army
	r := p.Rules()
	for _, sq := range p.PieceSquares(side) {
		pt := r.Pieces[p.At(sq).Type()]
		k := kindOf(pt.Letter)
		if k < 0 {
			return Army{}, fmt.Errorf("a %s on %s: not a piece of a tournament army", pt.Name, p.Name(sq))
		}
		*pieceKinds[k].count(&a)++
	}
	return a, nil
}

// minus returns a less b, and false when some count would go below 0.
func (a Army) minus(b Army) (Army, bool) {
	out := a
	for _, k := range pieceKinds {
		*k.count(&out) -= *k.count(&b)
		if *k.count(&out) < 0 {
			return Army{}, false
		}
	}
	return out, true
}

// Fits checks that a side's pieces in a position are part of the army it
// fields (an organizer's start position for a battle).
func Fits(p *core.Position, side core.Player, army Army) error {
	on, err := PiecesOf(p, side)
	if err != nil {
		return err
	}
	if name, ok := on.within(army); !ok {
		return fmt.Errorf("player %d has more %ss on the board (%s) than its army %s", side+1, name, on, army)
	}
	return nil
}

// Judge reads a finished battle: g is its game (the battle rules, the
// attacker playing attacker, 0 White or 1 Black), the armies the two
// fielded. It returns the result and the pieces each side lost: every
// piece fielded that is neither on the board at the end nor retreated off
// it during the game (a piece that leaves the board on its own side's move
// retreated; one that leaves on the other side's move was captured). A
// game that started from a position with fewer pieces than the armies
// (an organizer's start) counts the missing pieces as captured.
func Judge(g *game.Game, attacker core.Player, attackerArmy, defenderArmy Army) (res Result, attackerLost, defenderLost Army, err error) {
	if attacker != 0 && attacker != 1 {
		return "", Army{}, Army{}, fmt.Errorf("attacker %d: want player 0 or 1", attacker)
	}
	if !g.Over() {
		return Unfinished, Army{}, Army{}, nil
	}
	p := g.StartPosition().Copy()
	var retreated [2]Army
	for i, m := range g.Moves() {
		mover := p.Turn()
		before, err := PiecesOf(p, mover)
		if err != nil {
			return "", Army{}, Army{}, err
		}
		p.MakeMove(m.Move)
		after, err := PiecesOf(p, mover)
		if err != nil {
			return "", Army{}, Army{}, err
		}
		gone, ok := before.minus(after)
		if !ok {
			return "", Army{}, Army{}, fmt.Errorf("move %d (%s) gave player %d pieces", i+1, m.Text, mover+1)
		}
		if mover < 2 {
			retreated[mover] = add(retreated[mover], gone)
		}
	}
	armies := [2]Army{}
	armies[attacker], armies[1-attacker] = attackerArmy, defenderArmy
	var lost [2]Army
	for side := range 2 {
		on, err := PiecesOf(p, core.Player(side))
		if err != nil {
			return "", Army{}, Army{}, err
		}
		left, ok := armies[side].minus(add(on, retreated[side]))
		if !ok {
			return "", Army{}, Army{}, fmt.Errorf("player %d had more pieces (%s on the board, %s retreated) than its army %s", side+1, on, retreated[side], armies[side])
		}
		lost[side] = left
	}
	o := g.Outcome()
	switch {
	case o.Status == core.Win && o.Winners == 1<<attacker:
		res = AttackerWins
	case o.Status == core.Win && o.Winners == 1<<(1-attacker):
		res = DefenderWins
	case o.Status == core.Win:
		return "", Army{}, Army{}, fmt.Errorf("the game's winners %b are not one side", o.Winners)
	default:
		res = Drawn
	}
	return res, lost[attacker], lost[1-attacker], nil
}

// add returns a plus b.
func add(a, b Army) Army {
	for _, k := range pieceKinds {
		*k.count(&a) += *k.count(&b)
	}
	return a
}
