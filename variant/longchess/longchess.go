package longchess

// Longchess hooks: rivers and bridges, range attacks, pawn charges, flags, retreat off the board, passing and the results.

import (
	"fmt"
	"slices"

	"anychess/core"
)

// Longchess (../shared/rules/longchess.md, the help text of
// variants/longchess.toml) is played on the core's Betza moves — rook R,
// bishop B, nightrider NN, pawn W, artillery W, the flag with no moves of
// its own — with water as Wall. These hooks add what Betza cannot say:
//
//   - Configure (mods.go): the options — the four-team board
//     (four.go), the modifications' changes to the board, the
//     artillery piece, the title naming them.
//   - Step: a nightrider leap over a river needs a bridge (or land) on one of
//     the two cells it straddles; every move that reaches the central river
//     stops on its bridge, and nothing leaps over it.
//   - Generate: range attacks (core.KindStationary), pawn charges and
//     retreats, flag steps inside the Keep, picking up one's own flag, moves
//     that drop a carried flag, retreats off one's own end, laying mines and
//     artillery salvos (a candidate subset; Unlisted decides any salvo).
//   - Pass: a side without a legal move passes.
//   - BeforeMove, AfterMove, MakeSpecial: carried flags (the carry layer
//     holds the flag's Piece value on the carrier's square), pieces sent
//     back by nonlethal captures, mines and shells (the marks layer),
//     blasts, and draw offers.
//
// Counters of the position: counter 0 counts the draw offers made on the
// last consecutive moves (a draw is agreed when every player has offered in
// turn), counter 1 is 1 once a draw is agreed, counters 2–5 count each
// player's shells in flight, counter 6 holds, during a move only, the piece
// a nonlethal capture is about to send back.
const (
	lcCounterOffer  = 0
	lcCounterAgreed = 1
	lcCounterShells = 2 // + player
	lcCounterVictim = 6
)

// Longchess move kinds.
const (
	// kindCharge moves every pawn of the mover's group — its pawns on From's
	// file when To is on From's rank, else its pawns on From's rank (the
	// four-team game) — by the distance from From to To (a charge forward,
	// a retreat backward); From is the group's pawn on the lowest square.
	kindCharge = core.KindSpecial + iota
	// kindDrop is a carrier's move From→To that leaves its flag on From.
	kindDrop
	// kindLeave takes the piece on From off the board across its own end.
	kindLeave
	// kindPass passes the turn (From and To are NoSquare).
	kindPass
	// kindMine is the pawn on From laying a mine on To.
	kindMine
	// kindSalvo is the artillery on From firing shells on To and the
	// Victims in use, in increasing square order.
	kindSalvo
)

// ArgDraw is the Move.Arg bit of a Longchess move that offers a draw,
// or accepts the draw the opponents offered on the previous moves (the
// declaration "draw").
const ArgDraw = 1 << 14

var longchessHooks = &core.Hooks{
	Configure:   longConfigure,
	Prepare:     longPrepare,
	Step:        longStep,
	Generate:    longGenerate,
	Legal:       longLegal,
	Pass:        longPass,
	MakeSpecial: longMakeSpecial,
	BeforeMove:  longBefore,
	AfterMove:   longAfter,
	Outcome:     longOutcome,
	Position:    &core.PositionText{Parse: parseLongchess, Format: formatLongchess},
	MoveText:    longMoveText,
	Unlisted:    &core.UnlistedMoves{Exact: longExact, ParseText: parseLongMoveText, Note: longCandidates},
	Readable:    &core.ReadableNotation{Write: longReadable, Parse: parseLongReadable},
	Status:      longStatus,
	Evaluate:    longEvaluate,
	EvalTerms:   longTerms,
	Declarations: []core.Declaration{{
		Name: "draw",
		Arg:  ArgDraw,
		Help: "offer a draw; when every other player offered one on the moves just before, the game is drawn",
	}},
}

func init() { core.RegisterHooks("longchess", longchessHooks) }

// longGeo is what the hooks need of one compiled Longchess variant, computed
// once by longPrepare and kept in Rules.Extra.
type longGeo struct {
	board        *core.Board
	files, ranks int
	players      int
	four         bool // the four-team game
	mods         longMods
	x, y         []int8 // the coordinate of every mailbox square, padding included
	water        []bool // by square
	// mid is the middle file (named C); stop is the central river's file
	// when it has water and the pause applies (every move reaching it stops
	// there), else -1.
	mid, stop                            int
	rook, night, bishop, pawn, flag, art core.PieceType // art is 0 without artillery
	keep                                 [core.MaxPlayers]*core.Region
	// home is, by square, the player whose own area holds it — ranks 1–6
	// of its end, or the four-team game's corner quarter — or -1.
	home []int8
	// edge is, by player and square, whether a step off the board from
	// there crosses the player's own edge (a pawn's retreat off the board).
	edge               [core.MaxPlayers][]bool
	orth, diag, knight []core.Square
	knightBack         [core.MaxPlayers][]core.Square // the knight steps that may leave across each player's own edge
	letters            []byte
	values             []int
	valueTerm          []int  // by piece type: the index of its value in the evaluation's weights (longTerms)
	sides              string // the players' letters in the position text: "wb", or "rbyg"
	names              []string
	artStart           [core.MaxPlayers]core.Square
	optionText         string     // the non-default options, as the position text names them
	walks              *longWalks // the evaluation's distances (eval.go)
}

func lgeo(r *core.Rules) *longGeo { return r.Extra.(*longGeo) }

// longPrepare builds the variant's tables.
func longPrepare(r *core.Rules) (any, error) {
	b := r.Board
	mods, err := readLongMods(r.Options)
	if err != nil {
		return nil, err
	}
	if r.Players != 2 && r.Players != 4 || mods.four != (r.Players == 4) {
		return nil, &core.FieldError{Field: "players", Err: fmt.Errorf("longchess hooks need 2 players (or 4 with teams=4), got %d", r.Players)}
	}
	if mods.four && (b.Files != fourSide || b.Ranks != fourSide) {
		return nil, &core.FieldError{Field: "board", Err: fmt.Errorf("the four-team game needs the %d×%d board", fourSide, fourSide)}
	}
	g := &longGeo{board: b, files: b.Files, ranks: b.Ranks, players: r.Players, four: mods.four, mods: mods, sides: "wb"}
	if g.four {
		g.sides = fourSides
	}
	for _, want := range []struct {
		letter string
		t      *core.PieceType
	}{{"R", &g.rook}, {"N", &g.night}, {"B", &g.bishop}, {"P", &g.pawn}, {"F", &g.flag}} {
		t, ok := r.PieceByLetter(want.letter)
		if !ok {
			return nil, &core.FieldError{Field: "pieces", Err: fmt.Errorf("longchess hooks need the pieces R, N, B, P and F; %s is missing", want.letter)}
		}
		*want.t = t
	}
	if t, ok := r.PieceByLetter("A"); ok && mods.artillery {
		g.art = t
	} else if mods.artillery {
		return nil, &core.FieldError{Field: "pieces", Err: fmt.Errorf("the artillery option needs the piece A")}
	}
	for pl := 0; pl < r.Players; pl++ {
		name := r.Def.Players[pl].Name
		g.names = append(g.names, name)
		if g.keep[pl] = b.Region(name + "_keep"); g.keep[pl] == nil {
			return nil, &core.FieldError{Field: "board.regions", Err: fmt.Errorf("longchess hooks need the region %q", name+"_keep")}
		}
	}
	n := b.Size()
	g.x, g.y = make([]int8, n), make([]int8, n)
	g.water = make([]bool, n)
	g.home = make([]int8, n)
	for sq := 0; sq < n; sq++ {
		c := b.Coord(core.Square(sq))
		g.x[sq], g.y[sq] = int8(c.X), int8(c.Y)
		g.water[sq] = b.IsWater(core.Square(sq))
		g.home[sq] = -1
	}
	g.mid, g.stop = b.Files/2, -1
	if !g.four && !mods.noPause && b.Files%2 == 1 {
		for y := 0; y < b.Ranks; y++ {
			if g.water[g.at(g.mid, y)] {
				g.stop = g.mid
			}
		}
	}
	s := core.Square(b.Stride)
	g.orth = []core.Square{1, -1, s, -s}
	g.diag = []core.Square{s + 1, s - 1, -s + 1, -s - 1}
	g.knight = []core.Square{2*s + 1, 2*s - 1, -2*s + 1, -2*s - 1, s + 2, s - 2, -s + 2, -s - 2}
	for pl := core.Player(0); int(pl) < r.Players; pl++ {
		g.edge[pl] = make([]bool, n)
		for _, sq := range b.Squares() {
			x, y := int(g.x[sq]), int(g.y[sq])
			if r, c := g.local(pl, x, y); g.ownArea(r, c) {
				g.home[sq] = int8(pl)
			}
			for _, d := range g.orth {
				if to := sq + d; !g.onBoard(int(g.x[to]), int(g.y[to])) && g.retreatEdge(pl, to) {
					g.edge[pl][sq] = true
				}
			}
		}
		// The knight steps that may leave across the player's own edges:
		// those that bring it nearer to them (all of them, four teams).
		cx, cy := g.files/2, g.ranks/2
		_, c0 := g.local(pl, cx, cy)
		for _, d := range g.knight {
			to := g.at(cx, cy) + d
			_, c1 := g.local(pl, int(g.x[to]), int(g.y[to]))
			if g.four || c1 < c0 {
				g.knightBack[pl] = append(g.knightBack[pl], d)
			}
		}
		g.artStart[pl] = core.NoSquare
		ar, ac := longArtilleryStart(g.four)
		if x, y := g.fromLocal(pl, ar, ac); g.onBoard(x, y) {
			g.artStart[pl] = g.at(x, y)
		}
	}
	g.values = make([]int, len(r.Pieces))
	g.valueTerm = make([]int, len(r.Pieces))
	g.letters = make([]byte, len(r.Pieces))
	for t := 1; t < len(r.Pieces); t++ {
		g.letters[core.PieceType(t)] = r.Pieces[t].Letter
		g.values[t] = r.Pieces[t].Value
		if core.PieceType(t) == g.flag {
			continue
		}
		g.valueTerm[t] = slices.IndexFunc(longTerms, func(e core.EvalTerm) bool { return e.Name == r.Pieces[t].Name })
		if g.valueTerm[t] < 0 {
			return nil, fmt.Errorf("longchess: the evaluation has no value for the %s", r.Pieces[t].Name)
		}
	}
	g.optionText = longOptionText(r.Def.Options, r.Options)
	g.walks = newLongWalks(r, g)
	return g, nil
}

// at returns the square of file x, rank y (which must lie within the padding).
func (g *longGeo) at(x, y int) core.Square {
	return g.board.Square(core.Coord{X: int64(x), Y: int64(y)})
}

// onBoard reports whether file x, rank y lies in the rectangle.
func (g *longGeo) onBoard(x, y int) bool { return x >= 0 && y >= 0 && x < g.files && y < g.ranks }

// local returns where file x, rank y lies in pl's own frame: in the
// two-team game r is the row counted from the top (1–9) and c the rank
// counted from pl's end (1–37, 0 beyond it); in the four-team game r and c
// count rows and columns from pl's corner (1–13; the keep is r, c ≤ 3).
func (g *longGeo) local(pl core.Player, x, y int) (r, c int) {
	if g.four {
		return fourLocal(pl, x, y)
	}
	r = g.ranks - y
	if pl == 0 {
		return r, x + 1
	}
	return r, g.files - x
}

// fromLocal is the inverse of local.
func (g *longGeo) fromLocal(pl core.Player, r, c int) (x, y int) {
	if g.four {
		return fourFromLocal(pl, r, c)
	}
	y = g.ranks - r
	if pl == 0 {
		return c - 1, y
	}
	return g.files - c, y
}

// ownArea reports whether the local square r, c lies in the player's own
// area: its ranks 1–6, or its corner quarter.
func (g *longGeo) ownArea(r, c int) bool {
	if g.four {
		return r >= 1 && c >= 1 && r <= 6 && c <= 6
	}
	return c >= 1 && c <= 6
}

// fileOf returns the file of pl's own rank k (0 is the 0th rank beyond its
// end), in the two-team game.
func (g *longGeo) fileOf(pl core.Player, k int) int {
	x, _ := g.fromLocal(pl, 1, k)
	return x
}

// isFlag reports whether pc is a flag lying on the board.
func (g *longGeo) isFlag(pc core.Piece) bool { return pc.IsPiece() && pc.Type() == g.flag }

// next returns the player who moves after pl.
func (g *longGeo) next(pl core.Player) core.Player { return core.Player((int(pl) + 1) % g.players) }

// longStep is the terrain rule of one step (core.Hooks.Step): reaching the
// central river's file stops a move, leaping over it is not allowed, and a
// knight leap over a river needs one of the two cells it straddles to be
// dry (a bridge, or land beyond the river's end).
func longStep(r *core.Rules, from, to core.Square) core.StepRule {
	g := lgeo(r)
	fx, tx := int(g.x[from]), int(g.x[to])
	if c := g.stop; c >= 0 && fx != c {
		if tx == c {
			return core.StepLast
		}
		if (fx < c) != (tx < c) {
			return core.StepBlocked
		}
	}
	// The straddled cells lie on the start's and the landing's lines.
	var step core.Square
	switch dx := tx - fx; dx {
	case 2, -2:
		if g.y[to] == g.y[from] {
			return core.StepFree
		}
		step = core.Square(dx / 2)
	case 1, -1:
		// Only the four-team game has a river along a rank.
		if dy := int(g.y[to]) - int(g.y[from]); g.four && (dy == 2 || dy == -2) {
			step = core.Square(g.board.Stride * dy / 2)
			break
		}
		return core.StepFree
	default:
		return core.StepFree
	}
	if g.water[from+step] && g.water[to-step] {
		return core.StepBlocked
	}
	return core.StepFree
}

// ray is one line of a piece's moves walked by walk.
type ray struct {
	empties [core.MaxBoardSide]core.Square // the empty squares it reaches, in order
	n       int                            // how many
	hit     core.Square                    // the square of the piece that ends it, or NoSquare
	off     core.Square                    // the cell beyond the board's edge it reaches, or NoSquare
}

// walk follows the ray from from by d, at most reach steps, under the same
// rules as the core's Betza moves (water and the board's edge are Wall,
// longStep rules every step).
func (g *longGeo) walk(p *core.Position, r *core.Rules, from, d core.Square, reach int, out *ray) {
	out.n, out.hit, out.off = 0, core.NoSquare, core.NoSquare
	at := from
	for k := 0; k < reach; k++ {
		next := at + d
		rule := longStep(r, at, next)
		if rule == core.StepBlocked {
			return
		}
		c := p.At(next)
		switch {
		case c == core.Wall:
			if !g.onBoard(int(g.x[next]), int(g.y[next])) {
				out.off = next
			}
			return
		case c != core.Empty:
			out.hit = next
			return
		}
		out.empties[out.n] = next
		out.n++
		if rule == core.StepLast {
			return
		}
		at = next
	}
}

// retreatEdge reports whether the off-board cell sq lies beyond pl's own
// edge: beyond its end (its 0th rank or further back), not beyond the top
// or bottom edge; in the four-team game beyond the two outer edges of its
// corner quarter (the corner cell included).
func (g *longGeo) retreatEdge(pl core.Player, sq core.Square) bool {
	r, c := g.local(pl, int(g.x[sq]), int(g.y[sq]))
	if g.four {
		return (r < 1 || c < 1) && r <= 6 && c <= 6
	}
	return c < 1 && r >= 1 && r <= g.ranks
}

// lineCount is one group of pawns being counted: how many, and the lowest square.
type lineCount struct {
	n     int
	first core.Square
}

// longGenerate adds the moves Betza cannot make: range attacks, charges and
// retreats, flag moves, pick-ups of one's own flag, drops, retreats off the
// board, mines and salvos.
func longGenerate(p *core.Position, buf []core.Move) []core.Move {
	r := p.Rules()
	g := lgeo(r)
	us := p.Turn()
	if !g.inPlay(p, us) {
		return buf // out of the game: its flag no longer steps, it passes
	}
	var rays ray
	var files, ranks [core.MaxBoardSide]lineCount
	// Every line of a piece is walked only when a move along it may be one
	// of these: a pick-up of one's own flag lying out of its Keep, a carrier's
	// drop, a range attack, a retreat off one's own end.
	ownFlagOut := false
	for _, sq := range p.PieceSquares(us) {
		if p.At(sq).Type() == g.flag {
			ownFlagOut = !g.keep[us].Contains(sq)
		}
	}
	shoot := !g.mods.noRange
	for _, from := range p.PieceSquares(us) {
		pc := p.At(from)
		t := pc.Type()
		if t == g.flag {
			buf = g.flagSteps(p, from, us, buf)
			continue
		}
		carry := p.Carry(from)
		all := carry != 0 || ownFlagOut
		var dirs []core.Square
		reach := core.MaxBoardSide
		switch t {
		case g.rook:
			dirs = g.orth
		case g.bishop:
			dirs = g.diag
		case g.night:
			dirs = g.knight
			if !all {
				dirs = g.knightBack[us]
			}
		case g.pawn, g.art:
			reach = 1
			if all || g.edge[us][from] {
				dirs = g.orth
			}
			if t == g.art {
				buf = g.salvos(p, from, us, buf)
				break
			}
			x, y := int(g.x[from]), int(g.y[from])
			if c := &files[x]; c.n == 0 || from < c.first {
				c.first = from
			}
			files[x].n++
			if c := &ranks[y]; c.n == 0 || from < c.first {
				c.first = from
			}
			ranks[y].n++
			if shoot {
				buf = g.pawnShot(p, from, us, buf)
			}
			if g.mods.mines {
				buf = g.layMines(p, from, us, buf)
			}
		}
		left := false
		for _, d := range dirs {
			g.walk(p, r, from, d, reach, &rays)
			hit := core.Empty
			if rays.hit != core.NoSquare {
				hit = p.At(rays.hit)
			}
			enemy := hit.IsPiece() && hit.Owner() != us
			// Range attacks: the first piece on a rook's or bishop's line,
			// an enemy other than a flag or an artillery, not adjacent, not
			// both in the same side's own area.
			if shoot && (t == g.rook || t == g.bishop) && enemy && hit.Type() != g.flag && hit.Type() != g.art && rays.n > 0 {
				if h := g.home[from]; h < 0 || h != g.home[rays.hit] {
					m := core.NewMove(from, rays.hit)
					m.Kind = core.KindStationary
					buf = append(buf, m)
				}
			}
			// Retreat off the board, once per piece; not with a flag.
			if rays.off != core.NoSquare && !left && carry == 0 && g.retreatEdge(us, rays.off) {
				left = true
				m := core.NewMove(from, from)
				m.Kind = kindLeave
				buf = append(buf, m)
			}
			ownFlag := hit.IsPiece() && hit.Owner() == us && hit.Type() == g.flag && !g.keep[us].Contains(rays.hit)
			if carry == 0 {
				if ownFlag {
					buf = append(buf, core.NewMove(from, rays.hit))
				}
				continue
			}
			// A carrier may leave its flag behind on any of its moves.
			for i := 0; i < rays.n; i++ {
				buf = appendDrop(buf, from, rays.empties[i], false)
			}
			if ownFlag || enemy {
				buf = appendDrop(buf, from, rays.hit, hit.Type() != g.flag)
			}
		}
	}
	for x := 0; x < g.files; x++ {
		if files[x].n >= 2 {
			buf = g.charges(p, us, files[x].first, 1, buf)
		}
	}
	for y := 0; y < g.ranks && g.four; y++ {
		if ranks[y].n >= 2 {
			buf = g.charges(p, us, ranks[y].first, core.Square(g.board.Stride), buf)
		}
	}
	return buf
}

// appendDrop adds a carrier's move that leaves its flag behind.
func appendDrop(buf []core.Move, from, to core.Square, capture bool) []core.Move {
	m := core.NewMove(from, to)
	m.Kind = kindDrop
	if capture {
		m.Arg = core.ArgResetsCounter
	}
	return append(buf, m)
}

// flagSteps adds the steps of a flag lying in its own Keep to empty squares
// of that Keep.
func (g *longGeo) flagSteps(p *core.Position, from core.Square, us core.Player, buf []core.Move) []core.Move {
	keep := g.keep[us]
	if !keep.Contains(from) {
		return buf
	}
	for _, d := range g.orth {
		if to := from + d; keep.Contains(to) && p.At(to) == core.Empty {
			buf = append(buf, core.NewMove(from, to))
		}
	}
	return buf
}

// pawnShot adds a pawn's range attacks. Two teams: from its own rank 5 at
// its rank 8, or from its rank 17 at the other side's rank 18, in the same
// row, when its own next rank (6 or 18) is empty there. Four teams: from
// the O squares of the seed's diagram to the o squares in line, when the
// square next to the pawn on the way is empty.
func (g *longGeo) pawnShot(p *core.Position, from core.Square, us core.Player, buf []core.Move) []core.Move {
	r, c := g.local(us, int(g.x[from]), int(g.y[from]))
	if g.four && c != 5 && r != 5 || !g.four && c != 5 && c != 17 {
		return buf
	}
	shot := func(mr, mc, tr, tc int) {
		mx, my := g.fromLocal(us, mr, mc)
		tx, ty := g.fromLocal(us, tr, tc)
		if !g.onBoard(mx, my) || !g.onBoard(tx, ty) || p.At(g.at(mx, my)) != core.Empty {
			return
		}
		to := g.at(tx, ty)
		if pc := p.At(to); pc.IsPiece() && pc.Owner() != us && pc.Type() != g.flag && pc.Type() != g.art {
			m := core.NewMove(from, to)
			m.Kind = core.KindStationary
			buf = append(buf, m)
		}
	}
	switch {
	case g.four:
		if c == 5 && r <= 5 {
			shot(r, 6, r, 8)
		}
		if r == 5 && c <= 5 {
			shot(6, c, 8, c)
		}
	case c == 5:
		shot(r, 6, r, 8)
	case c == 17:
		shot(r, 18, r, g.files+1-18)
	}
	return buf
}

// group collects the pawns of us on the line through sq — its file when
// along is 1 (the group moves from file to file), its rank otherwise — into
// out and returns how many.
func (g *longGeo) group(p *core.Position, us core.Player, sq, along core.Square, out *[core.MaxBoardSide]core.Square) int {
	n := 0
	for _, s := range p.PieceSquares(us) {
		same := g.x[s] == g.x[sq]
		if along != 1 {
			same = g.y[s] == g.y[sq]
		}
		if same && p.At(s).Type() == g.pawn && n < len(out) {
			out[n] = s
			n++
		}
	}
	return n
}

// chargeLine returns how a charge move goes: the unit step of its pawns
// (1 or -1 along the ranks, ±stride along the files), the step that names
// the group's line (1: a file group; stride: a rank group) and the distance.
func (g *longGeo) chargeLine(m core.Move) (step, along core.Square, dist int) {
	dx, dy := int(g.x[m.To])-int(g.x[m.From]), int(g.y[m.To])-int(g.y[m.From])
	s := core.Square(g.board.Stride)
	switch {
	case dy == 0 && dx > 0:
		return 1, 1, dx
	case dy == 0:
		return -1, 1, -dx
	case dy > 0:
		return s, s, dy
	}
	return -s, s, -dy
}

// chargeOK reports whether the pawns may all move dist squares by step,
// and whether the charge captures anything.
func (g *longGeo) chargeOK(p *core.Position, us core.Player, pawns []core.Square, step core.Square, dist int) (ok, captures bool) {
	for _, from := range pawns {
		flags := 0
		if p.Carry(from) != 0 {
			flags++
		}
		sq := from
		for k := 1; k <= dist; k++ {
			prev := sq
			sq += step
			if !g.onBoard(int(g.x[sq]), int(g.y[sq])) || abs(int(g.x[sq])-int(g.x[prev]))+abs(int(g.y[sq])-int(g.y[prev])) != 1 {
				return false, false
			}
			c := p.At(sq)
			switch {
			case c == core.Wall: // water: passed, never ended on
				if k == dist {
					return false, false
				}
			case c == core.Empty:
			case c.Owner() == us || c.Type() == g.flag:
				return false, false
			default:
				captures = true
				if p.Carry(sq) != 0 {
					flags++
				}
			}
		}
		if flags > 1 {
			return false, false // a pawn carries at most one flag
		}
	}
	return true, captures
}

// charges adds the charges and retreats of the group through first (its
// pawn on the lowest square) that moves by along: a file group (along 1)
// moves from file to file, a rank group (along the stride, four teams)
// from rank to rank.
func (g *longGeo) charges(p *core.Position, us core.Player, first, along core.Square, buf []core.Move) []core.Move {
	var pawns [core.MaxBoardSide]core.Square
	n := g.group(p, us, first, along, &pawns)
	step := along
	if !g.four && us == 1 {
		step = -step // forward first
	}
	for _, d := range [4]int{1, 2, -1, -2} {
		unit := step
		if d < 0 {
			unit = -step
		}
		if ok, captures := g.chargeOK(p, us, pawns[:n], unit, abs(d)); ok {
			m := core.NewMove(first, first+step*core.Square(d))
			m.Kind = kindCharge
			m.Arg = core.ArgResetsCounter
			if !captures && g.calmTurns() {
				m.Arg |= core.ArgQuiet
			}
			buf = append(buf, m)
		}
	}
	return buf
}

// calmTurns reports whether a move removes only what it captures itself:
// no mine goes off and no shell bursts after it (neither modification is
// on), so a charge that captures nothing is core.ArgQuiet.
func (g *longGeo) calmTurns() bool {
	return !g.mods.mines && g.art == 0
}

// longLegal forbids a carrier to take a second flag by a normal move (onto
// a lying flag or onto an enemy carrier; it may drop its own first:
// kindDrop), and any piece but a pawn to end its move on a mine.
func longLegal(p *core.Position, m core.Move) bool {
	if m.Kind != core.KindNormal && m.Kind != kindDrop {
		return true
	}
	carrier := m.Kind == core.KindNormal && p.Carry(m.From) != 0
	if !carrier && p.Mark(m.To) == 0 {
		return true
	}
	g := lgeo(p.Rules())
	if p.Mark(m.To)&mineMask != 0 && p.At(m.From).Type() != g.pawn {
		return false
	}
	return !carrier || !(g.isFlag(p.At(m.To)) || p.Carry(m.To) != 0)
}

// longPass is the move of a side without a legal move.
func longPass(*core.Position) core.Move {
	m := core.NewMove(core.NoSquare, core.NoSquare)
	m.Kind = kindPass
	return m
}

// takeOnto returns the flag a piece moving onto sq picks up or takes: a
// lying flag, or the flag the enemy there carries (0 for none).
func (g *longGeo) takeOnto(p *core.Position, sq core.Square) uint8 {
	t := p.At(sq)
	if g.isFlag(t) {
		return uint8(t)
	}
	if t.IsPiece() {
		return p.Carry(sq)
	}
	return 0
}

// longBefore moves the carried flags of a normal move — the mover's own
// goes with it; a flag lying on To, or carried by the piece captured there,
// is taken — and keeps the piece a nonlethal capture will send back.
func longBefore(p *core.Position, m core.Move) {
	g := lgeo(p.Rules())
	if g.mods.nonlethal && (m.Kind == core.KindNormal || m.Kind == core.KindStationary) && m.To != m.From {
		if v := p.At(m.To); v.IsPiece() && v.Owner() != p.Turn() && v.Type() != g.flag {
			p.SetCounter(lcCounterVictim, int32(v))
		}
	}
	if m.Kind != core.KindNormal {
		return
	}
	item := p.Carry(m.From)
	if item == 0 {
		item = g.takeOnto(p, m.To)
	}
	if p.Carry(m.From) != 0 {
		p.SetCarry(m.From, 0)
	}
	if p.Carry(m.To) != item {
		p.SetCarry(m.To, item)
	}
}

// longAfter finishes every move: the flag of a carrier removed by a range
// attack lies on its square, a nonlethal capture's victim goes back, a
// piece's arrival next to an enemy mine sets it off; then the shells of
// the player about to move burst (or, once the game is won, vanish); and
// draw offers are recorded.
func longAfter(p *core.Position, m core.Move) {
	g := lgeo(p.Rules())
	us := p.Turn()
	if m.Kind == core.KindStationary {
		if item := p.Carry(m.To); item != 0 {
			p.SetCarry(m.To, 0)
			p.Put(m.To, core.Piece(item))
		}
	}
	if v := p.Counter(lcCounterVictim); v != 0 {
		p.SetCounter(lcCounterVictim, 0)
		g.sendBack(p, core.Piece(v), m.To)
	}
	if g.mods.mines && (m.Kind == core.KindNormal || m.Kind == kindDrop) {
		g.arrive(p, us, []core.Square{m.To})
	}
	if g.art != 0 {
		// Once the game is won the shells do not fall; they are gone.
		_, won := g.result(p, us)
		g.burst(p, g.next(us), !won)
	}
	if p.Counter(lcCounterAgreed) != 0 {
		return // the game is drawn; nothing more is offered
	}
	if m.Kind == kindPass && !g.inPlay(p, us) {
		return // a team that is out neither offers nor lets an offer lapse
	}
	offers := int32(0)
	if m.Arg&ArgDraw != 0 {
		offers = p.Counter(lcCounterOffer) + 1
	}
	if offers > 0 && offers >= g.teamsIn(p) {
		p.SetCounter(lcCounterAgreed, 1)
		offers = 0
	}
	if p.Counter(lcCounterOffer) != offers {
		p.SetCounter(lcCounterOffer, offers)
	}
}

// longMakeSpecial carries out charges, drops, retreats off the board,
// mines laid, salvos and passes.
func longMakeSpecial(p *core.Position, m core.Move) {
	g := lgeo(p.Rules())
	us := p.Turn()
	switch m.Kind {
	case kindCharge:
		g.makeCharge(p, us, m)
	case kindDrop:
		mover, item := p.At(m.From), p.Carry(m.From)
		victim := p.At(m.To)
		taken := g.takeOnto(p, m.To)
		p.SetCarry(m.From, 0)
		if p.Carry(m.To) != taken {
			p.SetCarry(m.To, taken)
		}
		p.Put(m.To, mover)
		p.Put(m.From, core.Piece(item))
		if g.mods.nonlethal && victim.IsPiece() && victim.Owner() != us && victim.Type() != g.flag {
			g.sendBack(p, victim, m.To)
		}
	case kindLeave:
		p.Put(m.From, core.Empty)
	case kindMine:
		p.SetMark(m.To, p.Mark(m.To)|mineBit(us))
	case kindSalvo:
		sqs, n, _ := shellsOf(m)
		for _, sq := range sqs[:n] {
			p.SetMark(sq, p.Mark(sq)|shellBit(us))
		}
		p.SetCounter(lcCounterShells+int(us), p.Counter(lcCounterShells+int(us))+int32(n))
	}
}

// makeCharge moves a pawn group: every enemy on a square a pawn passes or
// ends on is captured (a carrier's flag goes to the pawn), sent back if
// captures are nonlethal; a pawn ending on a mine removes it, and the
// pawns' arrival may set off enemy mines.
func (g *longGeo) makeCharge(p *core.Position, us core.Player, m core.Move) {
	step, along, dist := g.chargeLine(m)
	var pawns, ends [core.MaxBoardSide]core.Square
	n := g.group(p, us, m.From, along, &pawns)
	var victims [2 * core.MaxBoardSide]struct {
		pc core.Piece
		sq core.Square
	}
	nv := 0
	pawn := core.MakePiece(us, g.pawn)
	for i, from := range pawns[:n] {
		item := p.Carry(from)
		if item != 0 {
			p.SetCarry(from, 0)
		}
		p.Put(from, core.Empty)
		sq := from
		for k := 1; k <= dist; k++ {
			sq += step
			if c := p.At(sq); c.IsPiece() {
				if taken := p.Carry(sq); taken != 0 {
					item = taken
					p.SetCarry(sq, 0)
				}
				if nv < len(victims) {
					victims[nv].pc, victims[nv].sq = c, sq
					nv++
				}
				p.Put(sq, core.Empty)
			}
		}
		if item != 0 {
			p.SetCarry(sq, item)
		}
		p.Put(sq, pawn)
		ends[i] = sq
	}
	if g.mods.nonlethal {
		for _, v := range victims[:nv] {
			g.sendBack(p, v.pc, v.sq)
		}
	}
	if g.mods.mines {
		g.arrive(p, us, ends[:n])
	}
}

// result decides the game after a move of prev: an agreed draw is the
// Outcome hook's; here, in CTF a piece carrying an enemy flag on its own
// Keep wins (prev's first); in both modes a side whose pieces have all
// left the board (flags are not pieces) has lost — with four teams it is
// out, and the last team with pieces wins — and when no side has a piece
// left the game is drawn.
func (g *longGeo) result(p *core.Position, prev core.Player) (core.Outcome, bool) {
	if !g.mods.ctm {
		for k := 0; k < g.players; k++ {
			pl := core.Player((int(prev) + g.players - k) % g.players)
			for _, sq := range g.keep[pl].Squares {
				pc := p.At(sq)
				if item := core.Piece(p.Carry(sq)); item != 0 && pc.IsPiece() && pc.Owner() == pl && item.Owner() != pl {
					return core.WinFor(pl, "the enemy flag brought home"), true
				}
			}
		}
	}
	alive, last := 0, core.Player(0)
	for pl := core.Player(0); int(pl) < g.players; pl++ {
		if g.inPlay(p, pl) {
			alive++
			last = pl
		}
	}
	switch alive {
	case 0:
		return core.Outcome{Status: core.Draw, Reason: "every army is gone"}, true
	case 1:
		if g.players == 2 {
			return core.WinFor(last, "the enemy army is gone"), true
		}
		return core.WinFor(last, "every other army is gone"), true
	}
	return core.Outcome{}, false
}

// inPlay reports whether pl still has a piece on the board; flags are not
// pieces. A side without one has lost (with four teams: is out).
func (g *longGeo) inPlay(p *core.Position, pl core.Player) bool {
	for _, sq := range p.PieceSquares(pl) {
		if p.At(sq).Type() != g.flag {
			return true
		}
	}
	return false
}

// longOutcome decides agreed draws and the wins of the mode in play (see
// result).
func longOutcome(p *core.Position) (core.Outcome, bool) {
	if p.Counter(lcCounterAgreed) != 0 {
		return core.Outcome{Status: core.Draw, Reason: "agreement"}, true
	}
	g := lgeo(p.Rules())
	return g.result(p, core.Player((int(p.Turn())+g.players-1)%g.players))
}

// teamsIn counts the sides still in play: a draw is agreed when each of
// them has offered it in turn.
func (g *longGeo) teamsIn(p *core.Position) int32 {
	n := int32(0)
	for pl := core.Player(0); int(pl) < g.players; pl++ {
		if g.inPlay(p, pl) {
			n++
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
