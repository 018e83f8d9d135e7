package longchess

// Longchess modifications: the options, the board changes they make, nonlethal captures, mines, and artillery salvos and shells.

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"anychess/core"
)

// longMods are the Longchess options in force.
type longMods struct {
	ctm       bool // mode=ctm: Capture the Map
	four      bool // teams=4: the four-team game
	noRiver   bool // no-central-river
	noPause   bool // no-pause-at-centre
	noRange   bool // no-range-attacks
	nonlethal bool // nonlethal: captured pieces are sent back
	mines     bool // mines: pawns lay mines
	artillery bool // artillery: each side has an artillery piece
}

// readLongMods reads the options (as core.Rules.Options holds them: flags
// "true" or "false", defaults filled in).
func readLongMods(options map[string]string) (longMods, error) {
	var m longMods
	switch options["mode"] {
	case "", "ctf":
	case "ctm":
		m.ctm = true
	default:
		return m, fmt.Errorf("option mode: want ctf or ctm, got %q", options["mode"])
	}
	switch options["teams"] {
	case "", "2":
	case "4":
		m.four = true
	default:
		return m, fmt.Errorf("option teams: want 2 or 4, got %q", options["teams"])
	}
	for _, f := range []struct {
		name string
		on   *bool
	}{{"no-central-river", &m.noRiver}, {"no-pause-at-centre", &m.noPause}, {"no-range-attacks", &m.noRange},
		{"nonlethal", &m.nonlethal}, {"mines", &m.mines}, {"artillery", &m.artillery}} {
		*f.on = options[f.name] == "true"
	}
	return m, nil
}

// names lists the options in force as the title names them.
func (m longMods) names() []string {
	var out []string
	for _, f := range []struct {
		on   bool
		name string
	}{{m.four, "four teams"}, {m.ctm, "Capture the Map"}, {m.noRiver, "no central river"}, {m.noPause, "no pause at centre"},
		{m.noRange, "no range attacks"}, {m.nonlethal, "nonlethal attack"}, {m.mines, "mines"}, {m.artillery, "artillery"}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	return out
}

// longOptionText writes the options in force that differ from the defaults,
// in the order the variant declares them, as the position text names them:
// flags by name, others as name=value (mode=ctm,teams=4,mines).
func longOptionText(defs []core.OptionDef, options map[string]string) string {
	var out []string
	for _, d := range defs {
		v := options[d.Name]
		switch {
		case len(d.Values) == 0 && v == "true":
			out = append(out, d.Name)
		case len(d.Values) > 0 && v != "" && v != d.Default:
			out = append(out, d.Name+"="+v)
		}
	}
	return strings.Join(out, ",")
}

// artilleryDef is the artillery piece the artillery option adds: it moves
// as a pawn (one square orthogonally) but is no pawn (no charges, shots or
// mines).
var artilleryDef = core.PieceDef{Name: "artillery", Letter: "A", Betza: "W", Value: 400}

// longArtilleryStart is where each side's artillery starts, in its own frame
// (see longGeo.local): the square behind the flag — own rank 1, row 5 — or,
// four teams, the corner of the Keep behind the flag.
func longArtilleryStart(four bool) (r, c int) {
	if four {
		return 1, 1
	}
	return 5, 1
}

// longConfigure applies the options to the definition: the four-team board
// and setup; without the central river, its water and bridges become land;
// Capture the Map takes the flags out of the start; the artillery is added
// to the pieces and the start; the title names the options.
func longConfigure(def *core.Definition, options map[string]string) error {
	mods, err := readLongMods(options)
	if err != nil {
		return err
	}
	if mods.four {
		fourDefinition(def, mods)
	} else {
		start := def.Start
		if mods.noRiver {
			if start, err = dryCentralRiver(def, start); err != nil {
				return &core.FieldError{Field: "start", Err: err}
			}
		}
		if mods.ctm {
			if start, err = stripLongFlags(start); err != nil {
				return &core.FieldError{Field: "start", Err: err}
			}
		}
		if mods.artillery {
			if start, err = placeArtillery(start, def.Board.Files); err != nil {
				return &core.FieldError{Field: "start", Err: err}
			}
		}
		def.Start = start
	}
	if mods.artillery {
		def.Pieces = append(slices.Clone(def.Pieces), artilleryDef)
	}
	if names := mods.names(); len(names) > 0 {
		def.Title += " (" + strings.Join(names, ", ") + ")"
	}
	return nil
}

// dryCentralRiver turns the middle file's water and bridges into land: in
// the board's water, its bridges region and the start text.
func dryCentralRiver(def *core.Definition, start string) (string, error) {
	mid := int64(def.Board.Files / 2)
	inMid := func(area string) bool {
		for _, name := range strings.Split(area, "-") {
			if c, err := core.ParseCoordName(name); err != nil || c.X != mid {
				return false
			}
		}
		return true
	}
	var water []string
	for _, w := range def.Board.Water {
		if !inMid(w) {
			water = append(water, w)
		}
	}
	def.Board.Water = water
	regions := make(map[string][]string, len(def.Board.Regions))
	for name, areas := range def.Board.Regions {
		for _, a := range areas {
			if name != "bridges" || !inMid(a) {
				regions[name] = append(regions[name], a)
			}
		}
	}
	def.Board.Regions = regions
	return editStart(start, func(rows [][]longCell) error {
		for _, row := range rows {
			if int(mid) < len(row) && row[mid].ch == '~' {
				row[mid] = longCell{ch: '.'}
			}
		}
		return nil
	})
}

// placeArtillery puts each side's artillery on its start square of a
// two-team start text with files files.
func placeArtillery(start string, files int) (string, error) {
	r, c := longArtilleryStart(false)
	return editStart(start, func(rows [][]longCell) error {
		if r > len(rows) || len(rows[r-1]) != files {
			return fmt.Errorf("no square for the artillery")
		}
		row := rows[r-1]
		for i, x := range []int{c - 1, files - c} {
			if row[x].ch != '.' {
				return fmt.Errorf("the artillery's start square holds %q", string(row[x].ch))
			}
			row[x] = longCell{ch: "Aa"[i]}
		}
		return nil
	})
}

// editStart changes the board of a two-team position text, row by row from
// the top.
func editStart(text string, edit func(rows [][]longCell) error) (string, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return "", fmt.Errorf("empty position")
	}
	texts := strings.Split(fields[0], "/")
	rows := make([][]longCell, len(texts))
	for i, t := range texts {
		cells, err := expandRow(t, false)
		if err != nil {
			return "", fmt.Errorf("row %d: %v", i+1, err)
		}
		rows[i] = cells
	}
	if err := edit(rows); err != nil {
		return "", err
	}
	for i := range rows {
		texts[i] = compressRow(rows[i])
	}
	fields[0] = strings.Join(texts, "/")
	return strings.Join(fields, " "), nil
}

// sendBack puts the piece pc, captured on sq by a nonlethal capture, back:
// five ranks towards its own end along its row; if that square is water,
// occupied or mined, one rank further, and so on; past its own end it is
// retreated (gone, unscored). In the four-team game "back" is towards its
// own corner along its row or its column, whichever it is farther from
// (its column on a tie), and past the board's edge it is gone.
func (g *longGeo) sendBack(p *core.Position, pc core.Piece, sq core.Square) {
	pl := pc.Owner()
	r, c := g.local(pl, int(g.x[sq]), int(g.y[sq]))
	dr, dc := 0, -1
	if g.four && r >= c {
		dr, dc = -1, 0
	}
	for k := sendBackRanks; ; k++ {
		rr, cc := r+dr*k, c+dc*k
		x, y := g.fromLocal(pl, rr, cc)
		if rr < 1 || cc < 1 || !g.onBoard(x, y) {
			return
		}
		s := g.at(x, y)
		if g.board.Playable(s) && p.At(s) == core.Empty && p.Mark(s)&mineMask == 0 {
			p.Put(s, pc)
			return
		}
	}
}

// sendBackRanks is how far a nonlethal capture sends the victim back.
const sendBackRanks = 5

// The marks layer: bit pl is a mine of player pl on the square, bit 4+pl a
// shell of player pl about to fall there.
const mineMask = 0x0F

// mineBit is the mark of pl's mine.
func mineBit(pl core.Player) uint8 { return 1 << (pl & 3) }

// shellBit is the mark of pl's shell.
func shellBit(pl core.Player) uint8 { return 1 << (4 + pl&3) }

// Blast radii (Manhattan distance): a mine kills within 2, a shell within 3.
const (
	mineRadius  = 2
	shellRadius = 3
)

// layMines adds the pawn's mines: on each empty, unmined square next to it
// orthogonally that has no enemy piece among its 8 neighbours.
func (g *longGeo) layMines(p *core.Position, from core.Square, us core.Player, buf []core.Move) []core.Move {
	for _, d := range g.orth {
		to := from + d
		if !g.board.Playable(to) || p.At(to) != core.Empty || p.Mark(to)&mineMask != 0 || g.enemyAround(p, to, us) {
			continue
		}
		m := core.NewMove(from, to)
		m.Kind = kindMine
		buf = append(buf, m)
	}
	return buf
}

// enemyAround reports whether an enemy of us stands on one of sq's 8
// neighbours.
func (g *longGeo) enemyAround(p *core.Position, sq core.Square, us core.Player) bool {
	for _, dirs := range [2][]core.Square{g.orth, g.diag} {
		for _, d := range dirs {
			if pc := p.At(sq + d); pc.IsPiece() && pc.Owner() != us {
				return true
			}
		}
	}
	return false
}

// arrive applies the mines to the pieces of us that ended a move on
// squares: a pawn on a mine removes it; every enemy mine orthogonally next
// to one of them goes off.
func (g *longGeo) arrive(p *core.Position, us core.Player, squares []core.Square) {
	for _, sq := range squares {
		if mk := p.Mark(sq); mk&mineMask != 0 && p.At(sq).Type() == g.pawn {
			p.SetMark(sq, mk&^mineMask)
		}
	}
	enemy := uint8(mineMask) &^ mineBit(us)
	var hit [4 * core.MaxBoardSide]core.Square
	n := 0
	for _, sq := range squares {
		for _, d := range g.orth {
			nb := sq + d
			if p.Mark(nb)&enemy == 0 || slices.Contains(hit[:n], nb) || n == len(hit) {
				continue
			}
			hit[n] = nb
			n++
		}
	}
	// Every mine set off goes off, even one another's blast removes first.
	for _, c := range hit[:n] {
		p.SetMark(c, p.Mark(c)&^mineMask)
	}
	for _, c := range hit[:n] {
		g.blast(p, c, mineRadius)
	}
}

// blast removes every piece within Manhattan distance radius of center —
// flags survive, and a carrier's flag lies where it fell — and every mine
// there, which does not go off.
func (g *longGeo) blast(p *core.Position, center core.Square, radius int) {
	cx, cy := int(g.x[center]), int(g.y[center])
	for dy := -radius; dy <= radius; dy++ {
		for dx := abs(dy) - radius; dx <= radius-abs(dy); dx++ {
			x, y := cx+dx, cy+dy
			if !g.onBoard(x, y) {
				continue
			}
			sq := g.at(x, y)
			if mk := p.Mark(sq); mk&mineMask != 0 {
				p.SetMark(sq, mk&^mineMask)
			}
			pc := p.At(sq)
			if !pc.IsPiece() || pc.Type() == g.flag {
				continue
			}
			if item := p.Carry(sq); item != 0 {
				p.SetCarry(sq, 0)
				p.Put(sq, core.Piece(item))
			} else {
				p.Put(sq, core.Empty)
			}
		}
	}
}

// burst sets off pl's shells in flight, at the start of its turn; without
// explode they only vanish.
func (g *longGeo) burst(p *core.Position, pl core.Player, explode bool) {
	idx := lcCounterShells + int(pl)
	if p.Counter(idx) == 0 {
		return
	}
	bit := shellBit(pl)
	var centers [4 * maxShells]core.Square
	n := 0
	for _, sq := range g.board.Squares() {
		if mk := p.Mark(sq); mk&bit != 0 {
			p.SetMark(sq, mk&^bit)
			if n < len(centers) {
				centers[n] = sq
				n++
			}
		}
	}
	p.SetCounter(idx, 0)
	for _, c := range centers[:n] {
		if explode {
			g.blast(p, c, shellRadius)
		}
	}
}

// Salvos: an artillery fires 1 to maxShells shells on distinct squares
// within salvoRange (Manhattan distance) of itself.
const (
	maxShells  = 4
	salvoRange = 20
)

// dist is the Manhattan distance between two squares.
func (g *longGeo) dist(a, b core.Square) int {
	return abs(int(g.x[a])-int(g.x[b])) + abs(int(g.y[a])-int(g.y[b]))
}

// shellsOf returns the squares a salvo fires on: To, then the Victims in
// use; ok is false when an unused entry comes before a used one.
func shellsOf(m core.Move) (sqs [maxShells]core.Square, n int, ok bool) {
	all := [maxShells]core.Square{m.To, m.Victims[0], m.Victims[1], m.Victims[2]}
	for i, sq := range all {
		if sq == core.NoSquare {
			for _, rest := range all[i:] {
				if rest != core.NoSquare {
					return sqs, 0, false
				}
			}
			break
		}
		sqs[n] = sq
		n++
	}
	return sqs, n, true
}

// salvoMove returns the salvo of the artillery on from at sqs (1 to
// maxShells squares, in increasing order).
func salvoMove(from core.Square, sqs []core.Square) core.Move {
	m := core.NewMove(from, sqs[0])
	m.Kind = kindSalvo
	copy(m.Victims[:], sqs[1:])
	return m
}

// salvoTarget is an enemy piece in range of an artillery, for the candidate salvos.
type salvoTarget struct {
	sq    core.Square
	value int
}

// salvos adds the candidate salvos of the artillery on from (Salvos).
func (g *longGeo) salvos(p *core.Position, from core.Square, us core.Player, buf []core.Move) []core.Move {
	var targets [4 * core.MaxBoardSide]salvoTarget
	n := 0
	for pl := core.Player(0); int(pl) < g.players; pl++ {
		if pl == us {
			continue
		}
		for _, sq := range p.PieceSquares(pl) {
			t := p.At(sq).Type()
			if t == g.flag || g.dist(from, sq) > salvoRange || n == len(targets) {
				continue
			}
			// Insert, the most valuable first, then by square.
			v := salvoTarget{sq, g.values[t]}
			i := n
			for i > 0 && (targets[i-1].value < v.value || targets[i-1].value == v.value && targets[i-1].sq > v.sq) {
				targets[i] = targets[i-1]
				i--
			}
			targets[i] = v
			n++
		}
	}
	if n == 0 {
		far, best := core.NoSquare, -1
		for _, sq := range g.board.Squares() {
			if d := g.dist(from, sq); d <= salvoRange && d > best {
				far, best = sq, d
			}
		}
		return append(buf, salvoMove(from, []core.Square{far}))
	}
	for i := 0; i < n; i++ {
		buf = append(buf, salvoMove(from, []core.Square{targets[i].sq}))
	}
	var sqs [maxShells]core.Square
	for k := 2; k <= min(maxShells, n); k++ {
		for i := 0; i < k; i++ {
			sqs[i] = targets[i].sq
		}
		slices.Sort(sqs[:k])
		buf = append(buf, salvoMove(from, sqs[:k]))
	}
	return buf
}

// Salvos describes the candidate salvos: the subset of an
// artillery's salvos that move lists, perft and the computer player use.
const Salvos = "one shell on each enemy piece (not a flag) within range; " +
	"the 2, 3 and 4 most valuable of them (ties: the lower square first) together; " +
	"with no enemy in range, one shell on the farthest square in range (the lowest such square)"

// longCandidates is the note of move lists and perft with artillery.
func longCandidates(r *core.Rules) string {
	if lgeo(r).art == 0 {
		return ""
	}
	return "note: " + r.Def.Name + " with artillery: moves, perft and the computer player list only candidate salvos (" +
		Salvos + "); every other salvo of 1-4 shells within distance 20 may still be played, written like a5^k3^l7"
}

// checkSalvo says why the salvo m is not legal in p, or nil.
func (g *longGeo) checkSalvo(p *core.Position, m core.Move) error {
	if g.art == 0 {
		return errors.New("there is no artillery in this game (--option artillery)")
	}
	pc := p.At(m.From)
	if !pc.IsPiece() || pc.Type() != g.art || pc.Owner() != p.Turn() {
		where := "there"
		if g.board.Playable(m.From) {
			where = "on " + g.sqName(m.From)
		}
		return fmt.Errorf("%s has no artillery %s", g.sideName(p.Turn()), where)
	}
	sqs, n, ok := shellsOf(m)
	if !ok || n == 0 || m.Promo != 0 || m.Arg != 0 {
		return fmt.Errorf("a salvo fires 1 to %d shells", maxShells)
	}
	for i, sq := range sqs[:n] {
		switch {
		case !g.board.Playable(sq):
			return fmt.Errorf("shells fall on the board's squares, not on water or off the board")
		case i > 0 && sq <= sqs[i-1]:
			return fmt.Errorf("the shells must fall on different squares, listed in board order")
		case g.dist(m.From, sq) > salvoRange:
			return fmt.Errorf("%s is %d squares from the artillery; shells reach %d", g.sqName(sq), g.dist(m.From, sq), salvoRange)
		}
	}
	return nil
}

// longExact decides salvos exactly (core.UnlistedMoves.Exact): LegalMoves lists
// only the candidates.
func longExact(p *core.Position, m core.Move) (bool, error) {
	if m.Kind != kindSalvo {
		return false, nil
	}
	return true, lgeo(p.Rules()).checkSalvo(p, m)
}

// parseLongMoveText reads a salvo in coordinate notation — the artillery's
// square, then "^" and each shell's square (a5^k3^l7), in any order — and
// decides it exactly (core.UnlistedMoves.ParseText).
func parseLongMoveText(p *core.Position, s string) (core.Move, bool, error) {
	if !strings.Contains(s, "^") || len(s) > 100 {
		return core.NullMove, false, nil
	}
	g := lgeo(p.Rules())
	parts := strings.Split(strings.ToLower(s), "^")
	from, err := g.board.ParseSquare(parts[0])
	if err != nil {
		return core.NullMove, true, fmt.Errorf("the artillery's square: %v", err)
	}
	m, err := g.salvoFrom(p, from, parts[1:], g.board.ParseSquare)
	return m, true, err
}

// salvoFrom builds and checks the salvo of the artillery on from at the
// squares named by names, read by square.
func (g *longGeo) salvoFrom(p *core.Position, from core.Square, names []string, square func(string) (core.Square, error)) (core.Move, error) {
	if len(names) == 0 || len(names) > maxShells {
		return core.NullMove, fmt.Errorf("a salvo fires 1 to %d shells, not %d", maxShells, len(names))
	}
	sqs := make([]core.Square, 0, maxShells)
	for _, name := range names {
		sq, err := square(name)
		if err != nil {
			return core.NullMove, fmt.Errorf("shell %d: %v", len(sqs)+1, err)
		}
		if slices.Contains(sqs, sq) {
			return core.NullMove, fmt.Errorf("two shells on %s", g.sqName(sq))
		}
		sqs = append(sqs, sq)
	}
	slices.Sort(sqs)
	m := salvoMove(from, sqs)
	if err := g.checkSalvo(p, m); err != nil {
		return core.NullMove, err
	}
	return m, nil
}
