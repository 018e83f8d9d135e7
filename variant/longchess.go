// Longchess hooks: rivers and bridges, range attacks, pawn charges, flags, retreat off the board, passing and the results.
package variant

import (
	"fmt"

	"anychess/core"
)

// Longchess (../shared/rules/longchess.md, the help text of
// variants/longchess.toml) is played on the core's Betza moves — rook R,
// bishop B, nightrider NN, pawn W, the flag with no moves of its own — with
// water as Wall. These hooks add what Betza cannot say:
//
//   - Step: a nightrider leap over a side river needs a bridge on one of the
//     two rows it spans; every move that reaches the central river stops on
//     its bridge, and nothing leaps over it.
//   - Generate: range attacks (core.KindStationary), pawn charges and
//     retreats, flag steps inside the Keep, picking up one's own flag, moves
//     that drop a carried flag, retreats off one's own end.
//   - Pass: a side without a legal move passes.
//   - BeforeMove, AfterMove, MakeSpecial: carried flags (the carry layer
//     holds the flag's Piece value on the carrier's square) and draw offers.
//
// Counters of the position: counter 0 holds 1 + the player whose draw offer
// is pending (the player who just moved), counter 1 is 1 once a draw is
// agreed.
const (
	lcCounterOffer  = 0
	lcCounterAgreed = 1
)

// Longchess move kinds.
const (
	// kindCharge moves every pawn of the mover's group on From's column by
	// the distance from From to To (a charge forward, a retreat backward);
	// From is the group's pawn on the lowest square.
	kindCharge = core.KindSpecial + iota
	// kindDrop is a carrier's move From→To that leaves its flag on From.
	kindDrop
	// kindLeave takes the piece on From off the board across its own end.
	kindLeave
	// kindPass passes the turn (From and To are NoSquare).
	kindPass
)

// LongchessArgDraw is the Move.Arg bit of a Longchess move that offers a draw,
// or accepts the draw the opponent offered with the previous move (the
// declaration "draw").
const LongchessArgDraw = 1 << 14

var longchessHooks = &core.Hooks{
	Configure:      longConfigure,
	Prepare:        longPrepare,
	Step:           longStep,
	Generate:       longGenerate,
	Legal:          longLegal,
	Pass:           longPass,
	MakeSpecial:    longMakeSpecial,
	BeforeMove:     longBefore,
	AfterMove:      longAfter,
	Outcome:        longOutcome,
	ParsePosition:  parseLongchess,
	FormatPosition: formatLongchess,
	MoveText:       longMoveText,
	Readable:       longReadable,
	ParseReadable:  parseLongReadable,
	Status:         longStatus,
	Evaluate:       longEvaluate,
	Declarations: []core.Declaration{{
		Name: "draw",
		Arg:  LongchessArgDraw,
		Help: "offer a draw; if the opponent's last move offered one, accept it and the game is drawn",
	}},
}

func init() { core.RegisterHooks("longchess", longchessHooks) }

// longGeo is what the hooks need of one compiled Longchess variant, computed
// once by longPrepare and kept in Rules.Extra.
type longGeo struct {
	board        *core.Board
	files, ranks int
	x, y         []int8 // the coordinate of every mailbox square, padding included
	river        []bool // by file: a river column (it has water)
	bridge       []bool // by square: a river column's cell that is not water
	// mid is the middle file (named C); stop is the central river's file
	// when it has water (every move reaching it stops there), else -1.
	mid, stop                       int
	rook, night, bishop, pawn, flag core.PieceType
	keep                            [2]*core.Region
	ctm                             bool
	orth, diag, knight              []core.Square
	knightBack                      [2][]core.Square // the knight steps towards each side's own end
	letters                         []byte
	values                          []int
}

func lgeo(r *core.Rules) *longGeo { return r.Extra.(*longGeo) }

// longConfigure checks the mode option and, for Capture the Map, takes the
// flags out of the start position.
func longConfigure(def *core.Definition, options map[string]string) error {
	switch options["mode"] {
	case "", "ctf":
		return nil
	case "ctm":
		start, err := stripLongFlags(def.Start)
		if err != nil {
			return &core.FieldError{Field: "start", Err: err}
		}
		def.Start = start
		return nil
	}
	return fmt.Errorf("option mode: want ctf or ctm, got %q", options["mode"])
}

// longPrepare builds the variant's tables.
func longPrepare(r *core.Rules) (any, error) {
	b := r.Board
	if r.Players != 2 {
		return nil, &core.FieldError{Field: "players", Err: fmt.Errorf("longchess hooks need 2 players, got %d", r.Players)}
	}
	g := &longGeo{board: b, files: b.Files, ranks: b.Ranks, ctm: r.Options["mode"] == "ctm"}
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
	for i, name := range []string{"white_keep", "black_keep"} {
		if g.keep[i] = b.Region(name); g.keep[i] == nil {
			return nil, &core.FieldError{Field: "board.regions", Err: fmt.Errorf("longchess hooks need the region %q", name)}
		}
	}
	n := b.Size()
	g.x, g.y = make([]int8, n), make([]int8, n)
	for sq := 0; sq < n; sq++ {
		c := b.Coord(core.Square(sq))
		g.x[sq], g.y[sq] = int8(c.X), int8(c.Y)
	}
	g.river = make([]bool, b.Files)
	g.bridge = make([]bool, n)
	for x := 0; x < b.Files; x++ {
		for y := 0; y < b.Ranks; y++ {
			g.river[x] = g.river[x] || b.IsWater(g.at(x, y))
		}
	}
	for x := 0; x < b.Files; x++ {
		for y := 0; y < b.Ranks && g.river[x]; y++ {
			sq := g.at(x, y)
			g.bridge[sq] = b.Playable(sq)
		}
	}
	g.mid, g.stop = b.Files/2, -1
	if b.Files%2 == 1 && g.river[g.mid] {
		g.stop = g.mid
	}
	s := core.Square(b.Stride)
	g.orth = []core.Square{1, -1, s, -s}
	g.diag = []core.Square{s + 1, s - 1, -s + 1, -s - 1}
	g.knight = []core.Square{2*s + 1, 2*s - 1, -2*s + 1, -2*s - 1, s + 2, s - 2, -s + 2, -s - 2}
	for _, d := range g.knight {
		// Towards White's end the file decreases.
		if dx := int(g.x[g.at(5, 5)+d]) - 5; dx < 0 {
			g.knightBack[0] = append(g.knightBack[0], d)
		} else {
			g.knightBack[1] = append(g.knightBack[1], d)
		}
	}
	g.values = make([]int, len(r.Pieces))
	g.letters = make([]byte, len(r.Pieces))
	for t := 1; t < len(r.Pieces); t++ {
		g.letters[core.PieceType(t)] = r.Pieces[t].Letter
		g.values[t] = r.Pieces[t].Value
	}
	return g, nil
}

// at returns the square of file x, rank y (which must lie within the padding).
func (g *longGeo) at(x, y int) core.Square {
	return g.board.Square(core.Coord{X: int64(x), Y: int64(y)})
}

// onBoard reports whether file x, rank y lies in the rectangle.
func (g *longGeo) onBoard(x, y int) bool { return x >= 0 && y >= 0 && x < g.files && y < g.ranks }

// ownRank returns the rank number (1 at its own end) file x has for pl.
func (g *longGeo) ownRank(pl core.Player, x int) int {
	if pl == 0 {
		return x + 1
	}
	return g.files - x
}

// fileOf returns the file of pl's own rank k (0 is the 0th rank beyond its end).
func (g *longGeo) fileOf(pl core.Player, k int) int {
	if pl == 0 {
		return k - 1
	}
	return g.files - k
}

// forward returns the mailbox step towards the enemy end for pl.
func forward(pl core.Player) core.Square {
	if pl == 0 {
		return 1
	}
	return -1
}

// home returns the side (0 White, 1 Black) whose ranks 1–6 hold file x, or -1.
func (g *longGeo) home(x int) int {
	switch {
	case x < 6:
		return 0
	case x >= g.files-6:
		return 1
	}
	return -1
}

// isFlag reports whether pc is a flag lying on the board.
func (g *longGeo) isFlag(pc core.Piece) bool { return pc.IsPiece() && pc.Type() == g.flag }

// longStep is the terrain rule of one step (core.Hooks.Step): reaching the
// central river's file stops a move, leaping over it is not allowed, and a
// leap over a side river needs a bridge on one of the rows it spans.
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
	if d := tx - fx; d == 2 || d == -2 {
		mid := (fx + tx) / 2
		if mid >= 0 && mid < g.files && g.river[mid] {
			step := core.Square(1)
			if d < 0 {
				step = -1
			}
			// The river's cells on the rows of the start and of the landing.
			if !g.bridge[from+step] && !g.bridge[to-step] {
				return core.StepBlocked
			}
		}
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

// retreatEdge reports whether the off-board cell sq lies beyond pl's own end
// (its 0th rank or further back), not beyond the top or bottom edge.
func (g *longGeo) retreatEdge(pl core.Player, sq core.Square) bool {
	x, y := int(g.x[sq]), int(g.y[sq])
	if y < 0 || y >= g.ranks {
		return false
	}
	if pl == 0 {
		return x < 0
	}
	return x >= g.files
}

// longGenerate adds the moves Betza cannot make: range attacks, charges and
// retreats, flag moves, pick-ups of one's own flag, drops and retreats off
// the board.
func longGenerate(p *core.Position, buf []core.Move) []core.Move {
	r := p.Rules()
	g := lgeo(r)
	us := p.Turn()
	them := 1 - us
	var rays ray
	var groups [64]struct {
		n     int
		first core.Square
	}
	// Every line of a piece is walked only when a move along it may be one
	// of these: a pick-up of one's own flag lying out of its Keep, a carrier's
	// drop, a range attack, a retreat off one's own end.
	ownFlagOut := false
	for _, sq := range p.PieceSquares(us) {
		if p.At(sq).Type() == g.flag {
			ownFlagOut = !g.keep[us].Contains(sq)
		}
	}
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
		case g.pawn:
			dirs, reach = g.orth, 1
			x := int(g.x[from])
			if grp := &groups[x]; grp.n == 0 || from < grp.first {
				grp.first = from
			}
			groups[x].n++
			buf = g.pawnShot(p, from, us, buf)
			if !all && g.ownRank(us, x) != 1 {
				dirs = nil
			}
		}
		left := false
		for _, d := range dirs {
			g.walk(p, r, from, d, reach, &rays)
			hit := core.Empty
			if rays.hit != core.NoSquare {
				hit = p.At(rays.hit)
			}
			// Range attacks: the first piece on a rook's or bishop's line,
			// an enemy other than a flag, not adjacent, not both on the
			// same side's ranks 1–6.
			if (t == g.rook || t == g.bishop) && hit.IsPiece() && hit.Owner() == them && hit.Type() != g.flag && rays.n > 0 {
				if h := g.home(int(g.x[from])); h < 0 || h != g.home(int(g.x[rays.hit])) {
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
			if ownFlag || hit.IsPiece() && hit.Owner() == them {
				buf = appendDrop(buf, from, rays.hit, hit.Type() != g.flag)
			}
		}
	}
	for x := range groups {
		if groups[x].n >= 2 {
			buf = g.charges(p, us, x, groups[x].first, buf)
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

// pawnShot adds a pawn's range attack: from its own rank 5 at its rank 8,
// or from its rank 17 at the other side's rank 18, in the same row, when its
// own next rank (6 or 18) is empty there.
func (g *longGeo) pawnShot(p *core.Position, from core.Square, us core.Player, buf []core.Move) []core.Move {
	x, y := int(g.x[from]), int(g.y[from])
	var mid, target int
	switch g.ownRank(us, x) {
	case 5:
		mid, target = g.fileOf(us, 6), g.fileOf(us, 8)
	case 17:
		mid, target = g.fileOf(us, 18), g.fileOf(1-us, 18)
	default:
		return buf
	}
	if p.At(g.at(mid, y)) != core.Empty {
		return buf
	}
	to := g.at(target, y)
	if pc := p.At(to); pc.IsPiece() && pc.Owner() != us && pc.Type() != g.flag {
		m := core.NewMove(from, to)
		m.Kind = core.KindStationary
		buf = append(buf, m)
	}
	return buf
}

// group collects the pawns of us on file x into out and returns how many.
func (g *longGeo) group(p *core.Position, us core.Player, x int, out *[64]core.Square) int {
	n := 0
	for _, sq := range p.PieceSquares(us) {
		if int(g.x[sq]) == x && p.At(sq).Type() == g.pawn {
			out[n] = sq
			n++
		}
	}
	return n
}

// chargeOK reports whether the group on file x may move by dist files (a
// signed distance of 1 or 2), and whether it captures anything.
func (g *longGeo) chargeOK(p *core.Position, us core.Player, pawns []core.Square, dist int) (ok, captures bool) {
	step := core.Square(1)
	if dist < 0 {
		step, dist = -1, -dist
	}
	for _, from := range pawns {
		x, y := int(g.x[from]), int(g.y[from])
		flags := 0
		if p.Carry(from) != 0 {
			flags++
		}
		sq := from
		for k := 1; k <= dist; k++ {
			sq += step
			if !g.onBoard(x+int(step)*k, y) {
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

// charges adds the charges and retreats of the group on file x (first is its
// pawn on the lowest square).
func (g *longGeo) charges(p *core.Position, us core.Player, x int, first core.Square, buf []core.Move) []core.Move {
	var pawns [64]core.Square
	n := g.group(p, us, x, &pawns)
	f := int(forward(us))
	for _, dist := range [4]int{f, 2 * f, -f, -2 * f} {
		if ok, _ := g.chargeOK(p, us, pawns[:n], dist); ok {
			m := core.NewMove(first, first+core.Square(dist))
			m.Kind = kindCharge
			m.Arg = core.ArgResetsCounter
			buf = append(buf, m)
		}
	}
	return buf
}

// longLegal forbids a carrier to take a second flag by a normal move: onto a
// lying flag or onto an enemy carrier (it may drop its own first: kindDrop).
func longLegal(p *core.Position, m core.Move) bool {
	if m.Kind != core.KindNormal || p.Carry(m.From) == 0 {
		return true
	}
	t := p.At(m.To)
	return !(lgeo(p.Rules()).isFlag(t) || p.Carry(m.To) != 0)
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

// longBefore moves the carried flags of a normal move: the mover's own goes
// with it; a flag lying on To, or carried by the piece captured there, is
// taken.
func longBefore(p *core.Position, m core.Move) {
	if m.Kind != core.KindNormal {
		return
	}
	g := lgeo(p.Rules())
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

// longAfter drops the flag of a carrier removed by a range attack on its
// square, and records draw offers.
func longAfter(p *core.Position, m core.Move) {
	if m.Kind == core.KindStationary {
		if item := p.Carry(m.To); item != 0 {
			p.SetCarry(m.To, 0)
			p.Put(m.To, core.Piece(item))
		}
	}
	if p.Counter(lcCounterAgreed) != 0 {
		return // the game is drawn; nothing more is offered
	}
	us := p.Turn()
	offer, agreed := int32(0), int32(0)
	if m.Arg&LongchessArgDraw != 0 {
		if o := p.Counter(lcCounterOffer); o != 0 && core.Player(o-1) != us {
			agreed = 1
		} else {
			offer = int32(us) + 1
		}
	}
	if p.Counter(lcCounterOffer) != offer {
		p.SetCounter(lcCounterOffer, offer)
	}
	if agreed != 0 {
		p.SetCounter(lcCounterAgreed, agreed)
	}
}

// longMakeSpecial carries out charges, drops, retreats off the board and passes.
func longMakeSpecial(p *core.Position, m core.Move) {
	g := lgeo(p.Rules())
	switch m.Kind {
	case kindCharge:
		us := p.Turn()
		var pawns [64]core.Square
		n := g.group(p, us, int(g.x[m.From]), &pawns)
		dist := int(g.x[m.To]) - int(g.x[m.From])
		step := core.Square(1)
		if dist < 0 {
			step, dist = -1, -dist
		}
		pawn := core.MakePiece(us, g.pawn)
		for _, from := range pawns[:n] {
			item := p.Carry(from)
			sq := from
			for k := 1; k <= dist; k++ {
				sq += step
				if c := p.At(sq); c.IsPiece() {
					if taken := p.Carry(sq); taken != 0 {
						item = taken
						p.SetCarry(sq, 0)
					}
					p.Put(sq, core.Empty)
				}
			}
			if item != 0 {
				p.SetCarry(from, 0)
				p.SetCarry(sq, item)
			}
			p.Put(from, core.Empty)
			p.Put(sq, pawn)
		}
	case kindDrop:
		mover, item := p.At(m.From), p.Carry(m.From)
		taken := g.takeOnto(p, m.To)
		p.SetCarry(m.From, 0)
		if p.Carry(m.To) != taken {
			p.SetCarry(m.To, taken)
		}
		p.Put(m.To, mover)
		p.Put(m.From, core.Piece(item))
	case kindLeave:
		p.Put(m.From, core.Empty)
	}
}

// longOutcome decides agreed draws and the wins of the mode in play: in CTF
// a piece carrying the enemy flag on its own Keep, in CTM a side whose army
// is gone (captured or retreated).
func longOutcome(p *core.Position) (core.Outcome, bool) {
	if p.Counter(lcCounterAgreed) != 0 {
		return core.Outcome{Status: core.Draw, Reason: "agreement"}, true
	}
	g := lgeo(p.Rules())
	prev := 1 - p.Turn()
	for _, pl := range [2]core.Player{prev, 1 - prev} {
		if g.ctm {
			if len(p.PieceSquares(1-pl)) == 0 {
				return core.WinFor(pl, "the enemy army is gone"), true
			}
			continue
		}
		for _, sq := range g.keep[pl].Squares {
			pc := p.At(sq)
			if item := core.Piece(p.Carry(sq)); item != 0 && pc.IsPiece() && pc.Owner() == pl && item.Owner() != pl {
				return core.WinFor(pl, "the enemy flag brought home"), true
			}
		}
	}
	return core.Outcome{}, false
}
