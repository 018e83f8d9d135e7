package martian

// Martian Chess hooks: forms, zone control, scoring, field promotion, no rejection, the clock and the end.

import (
	"fmt"
	"strings"

	"anychess/core"
)

// Martian Chess keeps every piece with the owner bits of the zone it stands in,
// so the core's "own piece" and "enemy piece" tests are the zone tests of the
// rules, and re-stamps a piece's owner when it crosses a canal. Everything else
// the rules depend on lives in the position's scores and counters, which are
// hashed and undone with the moves:
//
//	counters 0-11   captured piles: counter pl*3+t-1 holds how many pieces of
//	                type t (1 pawn, 2 drone, 3 queen) player pl has captured
//	counter 12      the clock: 0 = not called, else 1 + the moves made since
//	                the call or the last capture after it
//	counters 13-14  no rejection: 1 + the square a piece just reached across a
//	                canal into the zone of the player to move, and 1 + the
//	                square it came from (0, 0: no ban)
//
// Scores hold each player's points, always the value of their pile.
const (
	martianPawn  core.PieceType = 1
	martianDrone core.PieceType = 2
	martianQueen core.PieceType = 3

	counterClock   = 12
	counterBanFrom = 13
	counterBanTo   = 14

	// clockLimit is the number of moves without capture that ends a called clock.
	clockLimit = 7
)

// ArgCallClock is the Move.Arg bit of a Martian Chess move that calls the
// clock (the declaration "clock").
const ArgCallClock = 1 << 14

// martianLetters are the piece letters by type.
const martianLetters = " PDQ"

func pileCounter(pl core.Player, t core.PieceType) int { return int(pl)*3 + int(t) - 1 }

// Unit steps on the mailbox are computed from the board's stride.
func orthogonal(b *core.Board) [4]core.Square {
	s := core.Square(b.Stride)
	return [4]core.Square{1, -1, s, -s}
}

func diagonal(b *core.Board) [4]core.Square {
	s := core.Square(b.Stride)
	return [4]core.Square{s + 1, s - 1, -s + 1, -s - 1}
}

var martianHooks = &core.Hooks{
	Configure:   martianConfigure,
	Generate:    martianGenerate,
	Legal:       martianLegal,
	MakeSpecial: martianMerge,
	BeforeMove:  martianBefore,
	AfterMove:   martianAfter,
	Outcome:     martianOutcome,
	Position:    &core.PositionText{Parse: parseMartian, Format: formatMartian},
	MoveText:    martianMoveText,
	Status:      martianStatus,
	Evaluate:    martianEvaluate,
	EvalTerms:   martianTerms,
	Declarations: []core.Declaration{{
		Name:    "clock",
		Arg:     ArgCallClock,
		Help:    "call the clock: the game ends after 7 moves in a row without a capture",
		Allowed: func(p *core.Position, _ core.Move) bool { return p.Counter(counterClock) == 0 },
	}},
}

func init() { core.RegisterHooks("martian-chess", martianHooks) }

// The 4-player board: quadrants in turn order (south-west, north-west,
// north-east, south-east) and the start.
const martian4Start = "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 -/-/-/- - -"

var martian4Zones = []struct{ name, area string }{
	{"south-west", "a1-d4"}, {"north-west", "a5-d8"}, {"north-east", "e5-h8"}, {"south-east", "e1-h4"},
}

// martianConfigure checks the piece order the hooks rely on and sets up the
// chosen form: the 2-player game is the file's own; players=4 rewrites the
// board, zones, players and start; teams pairs opposite corners.
func martianConfigure(def *core.Definition, options map[string]string) error {
	if len(def.Pieces) != 3 {
		return &core.FieldError{Field: "pieces", Err: fmt.Errorf("martian-chess hooks need exactly the pieces P, D, Q, got %d", len(def.Pieces))}
	}
	for i, pd := range def.Pieces {
		if pd.Letter != martianLetters[i+1:i+2] {
			return &core.FieldError{Field: fmt.Sprintf("pieces[%d].letter", i), Err: fmt.Errorf("martian-chess hooks need the pieces in the order P, D, Q")}
		}
	}
	teams := options["teams"] == "true"
	switch options["players"] {
	case "", "2":
		if teams {
			return fmt.Errorf("option teams needs --option players=4")
		}
		if len(def.Players) != 2 || len(def.Board.Zones) != 2 {
			return &core.FieldError{Field: "board.zones", Err: fmt.Errorf("the 2-player game needs 2 players and 2 zones")}
		}
		return nil
	case "4":
	default:
		return fmt.Errorf("option players: want 2 or 4, got %q", options["players"])
	}
	def.Board = core.BoardDef{Files: 8, Ranks: 8, Regions: map[string][]string{}}
	def.Players = nil
	for i, z := range martian4Zones {
		def.Board.Regions[z.name] = []string{z.area}
		def.Board.Zones = append(def.Board.Zones, z.name)
		pd := core.PlayerDef{Name: z.name, Forward: "north"}
		if teams {
			pd.Team = i%2 + 1
		}
		def.Players = append(def.Players, pd)
	}
	def.Start = martian4Start
	return nil
}

// zoneOf returns the player whose zone holds sq (every square of a Martian
// board lies in a zone).
func zoneOf(b *core.Board, sq core.Square) core.Player {
	z, _ := b.Zone(sq)
	return z
}

// ban returns the move the player to move may not make (no rejection), or
// NoSquare twice.
func ban(p *core.Position) (from, to core.Square) {
	return core.Square(p.Counter(counterBanFrom) - 1), core.Square(p.Counter(counterBanTo) - 1)
}

// gameOver reports whether a zone is empty or the clock has run out.
func gameOver(p *core.Position) bool {
	if p.Counter(counterClock) > clockLimit {
		return true
	}
	for pl := 0; pl < p.Rules().Players; pl++ {
		if len(p.PieceSquares(core.Player(pl))) == 0 {
			return true
		}
	}
	return false
}

// martianLegal vetoes every move once the game is over, and the rejection of
// the last move.
func martianLegal(p *core.Position, m core.Move) bool {
	if gameOver(p) {
		return false
	}
	from, to := ban(p)
	return m.From != from || m.To != to
}

// pileHolding returns the player whose pile supplies a piece of type t for a
// field promotion by the player to move: their own pile first, then the
// others in turn order. ok is false when no pile holds one.
func pileHolding(p *core.Position, t core.PieceType) (core.Player, bool) {
	n := p.Rules().Players
	for i := 0; i < n; i++ {
		pl := core.Player((int(p.Turn()) + i) % n)
		if p.Counter(pileCounter(pl, t)) > 0 {
			return pl, true
		}
	}
	return 0, false
}

// mergeResult returns the piece a field promotion of mover onto target makes,
// or 0 when the pair does not merge (or the player may not merge it now).
func mergeResult(mover, target core.PieceType, canQueen, canDrone bool) core.PieceType {
	switch {
	case canQueen && (mover == martianDrone && target == martianPawn || mover == martianPawn && target == martianDrone):
		return martianQueen
	case canDrone && mover == martianPawn && target == martianPawn:
		return martianDrone
	}
	return 0
}

// martianGenerate adds the field promotions: a merge move (KindSpecial, Promo
// the new piece) of a piece onto a friendly piece it could otherwise reach.
func martianGenerate(p *core.Position, buf []core.Move) []core.Move {
	us := p.Turn()
	var count [4]int
	sqs := p.PieceSquares(us)
	for _, sq := range sqs {
		count[p.At(sq).Type()]++
	}
	canQueen := count[martianQueen] == 0 && count[martianPawn] > 0 && count[martianDrone] > 0
	canDrone := count[martianDrone] == 0 && count[martianPawn] > 1
	if canQueen {
		_, canQueen = pileHolding(p, martianQueen)
	}
	if canDrone {
		_, canDrone = pileHolding(p, martianDrone)
	}
	if !canQueen && !canDrone {
		return buf
	}
	b := p.Rules().Board
	add := func(from, to core.Square, mover core.PieceType) {
		pc := p.At(to)
		if !pc.IsPiece() || pc.Owner() != us {
			return
		}
		if t := mergeResult(mover, pc.Type(), canQueen, canDrone); t != 0 {
			m := core.NewMove(from, to)
			m.Kind, m.Promo = core.KindSpecial, t
			buf = append(buf, m)
		}
	}
	for _, from := range sqs {
		switch p.At(from).Type() {
		case martianPawn:
			for _, d := range diagonal(b) {
				add(from, from+d, martianPawn)
			}
		case martianDrone:
			for _, d := range orthogonal(b) {
				if p.At(from+d) == core.Empty {
					add(from, from+2*d, martianDrone)
				} else {
					add(from, from+d, martianDrone)
				}
			}
		}
	}
	return buf
}

// martianMerge carries out a field promotion: the two pieces become the new
// one, which comes from a pile; that pile's owner takes the two in its place.
func martianMerge(p *core.Position, m core.Move) {
	us := p.Turn()
	a, b := p.At(m.From).Type(), p.At(m.To).Type()
	supplier, ok := pileHolding(p, m.Promo)
	if !ok {
		panic("martian-chess: field promotion without a piece to supply it")
	}
	p.Put(m.From, core.Empty)
	p.Put(m.To, core.MakePiece(us, m.Promo))
	for _, c := range []struct {
		t core.PieceType
		d int32
	}{{m.Promo, -1}, {a, 1}, {b, 1}} {
		i := pileCounter(supplier, c.t)
		p.SetCounter(i, p.Counter(i)+c.d)
	}
}

// setCounter records a counter change only when the value changes.
func setCounter(p *core.Position, i int, v int32) {
	if p.Counter(i) != v {
		p.SetCounter(i, v)
	}
}

// martianBefore scores a capture (the victim goes to the mover's pile) and
// runs the clock, before the move is carried out.
func martianBefore(p *core.Position, m core.Move) {
	us := p.Turn()
	capture := false
	if m.Kind == core.KindNormal {
		if v := p.At(m.To); v.IsPiece() && v.Owner() != us {
			capture = true
			i := pileCounter(us, v.Type())
			p.SetCounter(i, p.Counter(i)+1)
			p.SetScore(us, p.Score(us)+int32(v.Type()))
		}
	}
	switch clock := p.Counter(counterClock); {
	case clock > 0 && capture:
		setCounter(p, counterClock, 1)
	case clock > 0:
		p.SetCounter(counterClock, clock+1)
	case m.Arg&ArgCallClock != 0:
		p.SetCounter(counterClock, 1)
	}
}

// martianAfter gives a piece that crossed a canal to the owner of its new
// zone, and records the ban on sending it straight back when it entered the
// zone of the player who moves next.
func martianAfter(p *core.Position, m core.Move) {
	r := p.Rules()
	banFrom, banTo := int32(0), int32(0)
	if m.Kind == core.KindNormal {
		us := p.Turn()
		owner := zoneOf(r.Board, m.To)
		if owner != us {
			p.Put(m.To, core.MakePiece(owner, p.At(m.To).Type()))
			if next := core.Player((int(us) + 1) % r.Players); owner == next {
				banFrom, banTo = int32(m.To)+1, int32(m.From)+1
			}
		}
	}
	setCounter(p, counterBanFrom, banFrom)
	setCounter(p, counterBanTo, banTo)
}

// martianMoveText writes a field promotion as from, to and the new piece's
// letter (b1b2q).
func martianMoveText(r *core.Rules, m core.Move) string {
	if m.Kind != core.KindSpecial {
		return ""
	}
	b := r.Board
	return b.Name(m.From) + b.Name(m.To) + strings.ToLower(martianLetters[m.Promo:m.Promo+1])
}

// sideTotal returns the points of pl's side: their own, plus their partner's
// in team mode.
func sideTotal(p *core.Position, pl core.Player) int32 {
	r := p.Rules()
	var sum int32
	for q := 0; q < r.Players; q++ {
		if r.Allies(pl, core.Player(q)) {
			sum += p.Score(core.Player(q))
		}
	}
	return sum
}

// martianOutcome ends the game when a zone is empty or the clock has run out,
// and scores it.
// clockReason is the reason of a game ended by the clock, written once (the
// computer player meets this end in many positions it searches).
var clockReason = fmt.Sprintf("the clock ran out after %d moves without a capture", clockLimit)

func martianOutcome(p *core.Position) (core.Outcome, bool) {
	r := p.Rules()
	for pl := 0; pl < r.Players; pl++ {
		if len(p.PieceSquares(core.Player(pl))) == 0 {
			return martianScore(p, true, playerNames(r)[pl]+"'s zone emptied"), true
		}
	}
	if p.Counter(counterClock) > clockLimit {
		return martianScore(p, false, clockReason), true
	}
	// While no zone is empty the player to move always has a legal move, so the
	// game has no other end. With 4 players the ban only forbids a move into
	// the previous player's zone; the piece farthest toward another neighbour
	// (for south-west: toward north-west, the highest rank) can step that way,
	// onto an empty square or across the canal, a capture. With 2 players a
	// piece on the rank nearest the canal can step across, unless it is the
	// banned piece and that was its only forward step (a pawn on an edge
	// file); its backward step is then free, or held by a piece of the rank
	// behind, which can step forward. The random-game tests check it too.
	return core.Outcome{Status: core.Ongoing}, true
}

// martianScore decides a finished game by the scores. zoneEmpty selects the
// tie rule: the last mover's side wins a tie when a zone emptied, otherwise a
// tie is a draw.
func martianScore(p *core.Position, zoneEmpty bool, why string) core.Outcome {
	r := p.Rules()
	n := r.Players
	var best int32 = -1
	for pl := 0; pl < n; pl++ {
		best = max(best, sideTotal(p, core.Player(pl)))
	}
	var top uint8
	sides := 0 // distinct sides among top
	for pl := 0; pl < n; pl++ {
		if sideTotal(p, core.Player(pl)) != best {
			continue
		}
		newSide := true
		for q := 0; q < pl; q++ {
			if top>>q&1 != 0 && r.Allies(core.Player(q), core.Player(pl)) {
				newSide = false
			}
		}
		if newSide {
			sides++
		}
		top |= 1 << pl
	}
	scores := ": " + scoreLine(p)
	reason := "points when " + why + scores
	switch {
	case sides == 1:
		return core.Outcome{Status: core.Win, Winners: top, Reason: reason}
	case !zoneEmpty:
		return core.Outcome{Status: core.Draw, Reason: why + ", with the scores tied" + scores}
	}
	last := core.Player((int(p.Turn()) + n - 1) % n)
	if top>>last&1 != 0 {
		var w uint8
		for pl := 0; pl < n; pl++ {
			if r.Allies(last, core.Player(pl)) {
				w |= 1 << pl
			}
		}
		return core.Outcome{Status: core.Win, Winners: w, Reason: reason + "; a tie, won by the last mover"}
	}
	return core.Outcome{Status: core.Win, Winners: top, Reason: reason + "; a tie, shared by the leaders"}
}

// playerNames returns the players' names from the definition.
func playerNames(r *core.Rules) []string {
	names := make([]string, r.Players)
	for i := range names {
		names[i] = fmt.Sprintf("player %d", i+1)
		if i < len(r.Def.Players) && r.Def.Players[i].Name != "" {
			names[i] = r.Def.Players[i].Name
		}
	}
	return names
}

// scoreLine writes the scores, and the team totals in team mode.
func scoreLine(p *core.Position) string {
	r := p.Rules()
	names := playerNames(r)
	var parts []string
	for pl := 0; pl < r.Players; pl++ {
		parts = append(parts, fmt.Sprintf("%s %d", names[pl], p.Score(core.Player(pl))))
	}
	s := strings.Join(parts, ", ")
	if r.Team(0) == 0 {
		return s
	}
	parts = parts[:0]
	done := map[int]bool{}
	for pl := 0; pl < r.Players; pl++ {
		team := r.Team(core.Player(pl))
		if done[team] {
			continue
		}
		done[team] = true
		var members []string
		for q := pl; q < r.Players; q++ {
			if r.Team(core.Player(q)) == team {
				members = append(members, names[q])
			}
		}
		parts = append(parts, fmt.Sprintf("%s %d", strings.Join(members, "+"), sideTotal(p, core.Player(pl))))
	}
	return s + "; teams " + strings.Join(parts, ", ")
}

// martianStatus describes the scores, piles, clock and ban for displays.
func martianStatus(p *core.Position) []string {
	r := p.Rules()
	names := playerNames(r)
	var piles []string
	for pl := 0; pl < r.Players; pl++ {
		piles = append(piles, names[pl]+" "+pileText(p, core.Player(pl)))
	}
	lines := []string{
		"Zones: " + zoneLine(r),
		"Scores: " + scoreLine(p),
		"Captured: " + strings.Join(piles, ", "),
	}
	switch clock := p.Counter(counterClock); {
	case clock == 0:
		lines = append(lines, "Clock: not called (call it with a move, e.g. b2c3:clock)")
	default:
		lines = append(lines, fmt.Sprintf("Clock: called; %d of %d moves without a capture", clock-1, clockLimit))
	}
	if from, to := ban(p); from != core.NoSquare {
		lines = append(lines, fmt.Sprintf("No rejection: %s may not move %s back to %s", names[p.Turn()], r.Board.Name(from), r.Board.Name(to)))
	}
	return lines
}

// zoneLine names each player's zone by its corners.
func zoneLine(r *core.Rules) string {
	names := playerNames(r)
	var parts []string
	for pl, z := range r.Board.Zones() {
		lo, hi := z.Squares[0], z.Squares[0]
		for _, sq := range z.Squares {
			lo, hi = min(lo, sq), max(hi, sq)
		}
		parts = append(parts, fmt.Sprintf("%s %s-%s", names[pl], r.Board.Name(lo), r.Board.Name(hi)))
	}
	return strings.Join(parts, ", ")
}

// Default weights of the Martian Chess evaluation (martianTerms), in
// hundredths of a point (a pawn is worth 1 point). Each point standing in a
// side's own zones, against the best-stocked other side's, scores
// martianAtHome: pieces at home are the others' to capture, so they cost.
// With teams, where a partner's pieces may be captured too, it scores
// martianAtHomeTeams instead. Signs and sizes were chosen in self-play
// (doc/SEARCH.md).
const (
	martianPoint       = 100
	martianAtHome      = -10
	martianAtHomeTeams = 40
	martianClock       = 10
)

// The evaluation's terms (core.Hooks.EvalTerms), by index in its weights.
const (
	termPoint = iota
	termAtHome
	termAtHomeTeams
	termClock
	termQueensHome
	termDronesHome
	termLeadNearEnd
)

// nearEnd is how few pieces a zone holds before the game counts as near
// its end (termLeadNearEnd): the side ahead gains by each piece fewer.
const nearEnd = 4

var martianTerms = []core.EvalTerm{
	termPoint:       {Name: "point", Default: martianPoint, Unit: true},
	termAtHome:      {Name: "at-home", Default: martianAtHome},
	termAtHomeTeams: {Name: "at-home-teams", Default: martianAtHomeTeams},
	termClock:       {Name: "clock", Default: martianClock},
	// Terms that the defaults leave out (0), for a tuner to weigh: the
	// queens and drones at home beyond their points (the side's count
	// against the best-stocked other side's), and the lead times how
	// near the emptiest zone is to empty (nearEnd).
	termQueensHome:  {Name: "queens-home"},
	termDronesHome:  {Name: "drones-home"},
	termLeadNearEnd: {Name: "lead-near-end"},
}

// martianEvaluate is the computer player's view for pl, weighed by w
// (martianTerms): points captured (its side's lead over the best other
// side) dominate; then the points standing in its side's zones against the
// best-stocked other side's (martianAtHome, martianAtHomeTeams; the queens
// and drones among them again, by number), and the called clock and a
// zone near empty, which favour the side ahead. With two sides it is
// antisymmetric, as negamax needs.
func martianEvaluate(p *core.Position, pl core.Player, w []int) int {
	r := p.Rules()
	mine := sideTotal(p, pl)
	var best int32 = -1 << 30
	var byType [core.MaxPlayers][4]int // pieces standing in each player's zone, by type (its points)
	fewest := nearEnd                  // the pieces of the emptiest zone, at most nearEnd
	for q := 0; q < r.Players; q++ {
		if !r.Allies(pl, core.Player(q)) {
			best = max(best, sideTotal(p, core.Player(q)))
		}
		sqs := p.PieceSquares(core.Player(q))
		fewest = min(fewest, len(sqs))
		for _, sq := range sqs {
			byType[q][p.At(sq).Type()]++
		}
	}
	lead := int(mine - best)
	home, most := 0, 0 // the side's points at home; the best-stocked other side's
	var homeTypes, mostTypes [4]int
	for q := 0; q < r.Players; q++ {
		var types [4]int // the pieces in q's side's zones, by type
		for k := 0; k < r.Players; k++ {
			if r.Allies(core.Player(q), core.Player(k)) {
				for t := range types {
					types[t] += byType[k][t]
				}
			}
		}
		side := 0 // their points
		for t, n := range types {
			side += t * n
		}
		switch {
		case r.Allies(pl, core.Player(q)):
			home, homeTypes = side, types
		case side > most:
			most, mostTypes = side, types
		}
	}
	atHomeWeight := w[termAtHome]
	if r.Team(pl) != 0 {
		atHomeWeight = w[termAtHomeTeams]
	}
	score := w[termPoint]*lead + atHomeWeight*(home-most)
	if clock := p.Counter(counterClock); clock > 0 {
		score += lead * w[termClock] * int(clock)
	}
	score += w[termQueensHome]*(homeTypes[martianQueen]-mostTypes[martianQueen]) +
		w[termDronesHome]*(homeTypes[martianDrone]-mostTypes[martianDrone]) +
		w[termLeadNearEnd]*lead*(nearEnd-fewest)
	return score
}
