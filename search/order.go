package search

// Move ordering: the hash move, then captures by victim value, killers, and quiet moves by history.

import "anychess/core"

// Ordering keys: each band sits above the next. Quiet moves' keys are
// their history (0 to historyMax); losing captures come after them.
const (
	orderHash       = 1 << 30
	orderCapture    = 1 << 26
	orderKiller     = 1 << 25
	orderCounter    = orderKiller - 1
	historyMax      = 1 << 24
	orderBadCapture = -(1 << 28)
	// orderPending is the key of a quiet move whose history is not looked
	// up yet (scoreMovesAfter with deferHistory): above every history key,
	// below the counter move.
	orderPending = orderCounter - 1
)

// historySize is the number of history slots per player; a (from, to) pair
// is hashed to one, so unbounded boards need no table per square.
const historySize = 1 << 14

func historyIndex(m core.Move) int {
	return int((uint32(m.From)*2654435761 ^ uint32(m.To)*40503) % historySize)
}

// royalOrderValue stands in for a royal piece's value when it captures: it
// is the last piece to capture with.
const royalOrderValue = 2000

// gain returns the material a move wins at once — the value of every enemy
// piece it removes, whatever the move's kind, plus a promotion's gain —
// and whether it is tactical (searched by quiescence). Moves of the
// variant's own kinds are made and taken back to count the enemy pieces
// they remove (specialGain).
func (s *Engine) gain(m core.Move) (int, bool) {
	p := s.p
	us := p.Turn()
	values := s.ev.values
	g := 0
	tactical := false
	enemy := func(sq core.Square) int {
		pc := p.At(sq)
		if pc.IsPiece() && !p.Rules().Allies(pc.Owner(), us) {
			tactical = true
			return values[pc.Type()] + 1
		}
		return 0
	}
	switch m.Kind {
	case core.KindNormal, core.KindEnPassant:
		if m.To != m.From {
			g += enemy(m.To)
		}
		for _, v := range m.Victims {
			if v != core.NoSquare {
				g += enemy(v)
			}
		}
	case core.KindStationary:
		g += enemy(m.To)
	case core.KindCastle, core.KindDoubleStep:
	default:
		return s.specialGain(m)
	}
	if m.Promo != 0 {
		if from := p.At(m.From); from.IsPiece() {
			g += max(0, values[m.Promo]-values[from.Type()])
		}
		tactical = true
	}
	return g, tactical
}

// specialGain makes a move of the variant's own kind and counts the enemy
// pieces it removes (a charge, a salvo), each worth specialVictim: the
// count is cheap where summing values would scan the board twice. A move
// the variant marked core.ArgQuiet is not made.
func (s *Engine) specialGain(m core.Move) (int, bool) {
	if m.Arg&core.ArgQuiet != 0 {
		return 0, false
	}
	p := s.p
	r := p.Rules()
	us := p.Turn()
	var before [core.MaxPlayers]int
	for q := 0; q < r.Players; q++ {
		before[q] = len(p.PieceSquares(core.Player(q)))
	}
	p.MakeMove(m)
	removed := 0
	for q := 0; q < r.Players; q++ {
		if !r.Allies(us, core.Player(q)) {
			removed += max(0, before[q]-len(p.PieceSquares(core.Player(q))))
		}
	}
	p.UnmakeMove()
	return removed * specialVictim, removed > 0
}

// specialVictim is what specialGain counts for each enemy piece removed.
const specialVictim = 100

// attackerValue is the value of the piece that makes m, for ordering
// captures least valuable attacker first.
func (s *Engine) attackerValue(m core.Move) int {
	if m.From == core.NoSquare {
		return 0
	}
	pc := s.p.At(m.From)
	if !pc.IsPiece() {
		return 0
	}
	if s.p.Rules().Pieces[pc.Type()].Royal {
		return royalOrderValue
	}
	return s.ev.values[pc.Type()]
}

// scoreMoves fills st.keys with the ordering key of each of st.moves, and
// st.tactical with each move's gain (-1 for a quiet move).
func (s *Engine) scoreMoves(st *plyState, hashMove core.Move) {
	s.cont = [2]int{-1, -1}
	s.scoreMovesAfter(st, hashMove, core.NullMove, false)
}

// scoreMovesAfter is scoreMoves where prev is the move that led to the
// position (core.NullMove: none, or unknown): the move that last refuted
// it (its counter move) is ordered after the killers. With deferHistory the
// quiet moves ordered by history get the key orderPending, and their
// history is looked up only when one of them is to be picked
// (pickDeferred): the caller guarantees that no history, counter move,
// killer or continuation history changes before then (a node whose
// children are all quiescence nodes), so the keys, and the order, are
// those of looking them up at once, and a node cut off before its quiet
// moves never looks them up. (Looking up history makes no move: deferring
// a test that makes moves, such as losing, would change the order of the
// core's piece lists, which make and unmake permute, and so the order in
// which later moves are generated and equal keys picked.)
func (s *Engine) scoreMovesAfter(st *plyState, hashMove, prev core.Move, deferHistory bool) {
	s.scoreMovesFor(st, hashMove, prev, false, deferHistory)
}

// scoreTactical is scoreMoves for quiescence out of check, which searches
// only the tactical moves: quiet ones get the lowest key without a look at
// their history.
func (s *Engine) scoreTactical(st *plyState) {
	s.cont = [2]int{-1, -1}
	s.scoreMovesFor(st, core.NullMove, core.NullMove, true, false)
}

// scoreMovesFor fills the keys and gains of st.moves (scoreMovesAfter);
// with tacticalOnly, quiet moves are keyed orderBadCapture − 1.
func (s *Engine) scoreMovesFor(st *plyState, hashMove, prev core.Move, tacticalOnly, deferHistory bool) {
	counter := core.NullMove
	if prev != core.NullMove && !s.opts.NoCounterMoves {
		counter = s.counter[s.p.Turn()][historyIndex(prev)]
	}
	turn := s.p.Turn()
	st.keys = st.keys[:0]
	st.gains = st.gains[:0]
	st.pending, st.seePending = false, false
	for _, m := range st.moves {
		g, tactical := s.gain(m)
		key := 0
		switch {
		case tacticalOnly && !tactical:
			key = orderBadCapture - 1
		case m == hashMove:
			key = orderHash
		case tactical:
			att := s.attackerValue(m)
			key = orderCapture + g*16 - att/16
			switch {
			case s.opts.NoSEE || s.brsMode || g >= att:
			case s.ev.exchange && s.p.ExchangeJudges(m) && !s.royalMover(m):
				// Judged when it comes first (judgeFirst), if ever:
				// the exchange looks at the board alone, which the
				// moves searched before then leave as it is.
				g |= seePending
				st.seePending = true
			case s.losingCapture(m, g, att):
				key = orderBadCapture + g*16 - att/16
			}
		case !s.opts.NoKillers && m == st.killers[0]:
			key = orderKiller + 1
		case !s.opts.NoKillers && m == st.killers[1]:
			key = orderKiller
		case m == counter:
			key = orderCounter
		case !s.opts.NoHistory:
			if deferHistory {
				key = orderPending
				st.pending = true
			} else {
				key = s.quietKey(turn, m)
			}
		}
		if !tactical {
			g = -1
		}
		st.keys = append(st.keys, int32(key))
		st.gains = append(st.gains, int32(g))
	}
}

// quietKey is the ordering key of a quiet move: its history and its
// continuation history (the bases in s.cont).
func (s *Engine) quietKey(turn core.Player, m core.Move) int {
	key := int(s.history[turn][historyIndex(m)])
	if s.cont[0] < 0 && s.cont[1] < 0 {
		return key
	}
	pt := s.typeAt(m.From)
	for _, base := range s.cont {
		if base >= 0 {
			key += int(s.contHist[contIndex(base, pt, m.To)])
		}
	}
	return key
}

// pickDeferred is pick for a node scored with deferHistory: when the best
// remaining move is one whose history is pending, the keys of all such
// moves are looked up first (the node at ply is the position's).
func (s *Engine) pickDeferred(st *plyState, i, ply int) core.Move {
	best := st.bestFrom(i)
	if st.seePending && st.gains[best] >= seePending {
		best = s.judgeFirst(st, i, best)
	}
	if st.pending && st.keys[best] == orderPending {
		s.setCont(ply) // the children changed it
		turn := s.p.Turn()
		for j := i; j < len(st.moves); j++ {
			if st.keys[j] == orderPending {
				st.keys[j] = int32(s.quietKey(turn, st.moves[j]))
			}
		}
		st.pending = false
		best = st.bestFrom(i) // no capture left is unjudged: each came before the pending moves
	}
	st.swap(i, best)
	return st.moves[i]
}

// seePending marks, in plyState.gains, a capture whose static exchange is
// not judged yet: its key is that of a capture that does not lose. Its
// gain is the rest of the entry (gains are below seePending; a quiet
// move's is −1).
const seePending = 1 << 30

// judgeFirst returns the index of the best remaining move (by key) from
// index i on, the first of equals, given best, a capture whose static
// exchange is not judged yet: it judges (judgeCapture) each such capture
// that would come first, until one that is judged comes first. That is
// the index that judging every capture when the moves were scored would
// give, since a capture judged to lose only falls.
func (s *Engine) judgeFirst(st *plyState, i, best int) int {
	for st.gains[best] >= seePending {
		s.judgeCapture(st, best)
		best = st.bestFrom(i)
	}
	return best
}

// judgeCapture judges the static exchange of the capture at index j
// (seePending): a losing capture gets its key among the losing ones.
func (s *Engine) judgeCapture(st *plyState, j int) {
	g := int(st.gains[j] &^ seePending)
	st.gains[j] = int32(g)
	m := st.moves[j]
	if att := s.attackerValue(m); s.losingCapture(m, g, att) {
		st.keys[j] = int32(orderBadCapture + g*16 - att/16)
	}
}

// royalMover reports whether a royal piece makes m.
func (s *Engine) royalMover(m core.Move) bool {
	pc := s.p.At(m.From)
	return pc.IsPiece() && s.p.Rules().Pieces[pc.Type()].Royal
}

// losingMargin: a capture loses when the static exchange on its square
// loses more than this, and only a capturer worth more than its victim by
// more than this can lose (a bishop that takes a defended knight is a
// trade).
const losingMargin = 50

// royalExchangeValue is a royal piece's worth in a static exchange: more
// than any piece of any variant, so that it takes only on an unguarded
// square.
const royalExchangeValue = 1 << 30

// losingCapture reports whether the capture m, which gains g and moves a
// piece worth att, is ordered among the losing captures (and left out of
// quiescence). Where core.Position.Exchange can judge it, it loses when its
// capturer is worth more than the victim by more than losingMargin and it
// loses more than that in the exchange; elsewhere losing judges a capture
// by a piece worth more than its victim, as before the exchange.
func (s *Engine) losingCapture(m core.Move, g, att int) bool {
	if g >= att {
		return false
	}
	if s.royalMover(m) {
		return false // legality decides
	}
	if v, ok := s.p.Exchange(m, s.ev.values, royalExchangeValue); ok {
		return g+losingMargin < att && v < -losingMargin
	}
	return s.losing(m)
}

// losing reports whether a capture by a piece worth more than what it
// takes is likely to lose material: after it, an enemy attacks the
// capturing piece on its square (a static exchange in its simplest form,
// "better or lower if not defended": the capturer is assumed lost). Only
// plain captures are judged, and only where the capturer stays the
// mover's (in Martian Chess a piece that crosses the canal changes hands),
// and not by a royal piece (whose capture of a defended piece is illegal
// anyway).
func (s *Engine) losing(m core.Move) bool {
	p := s.p
	if m.Kind != core.KindNormal || m.From == core.NoSquare || m.VictimCount() > 0 {
		return false
	}
	us := p.Turn()
	pc := p.At(m.From)
	if !pc.IsPiece() || p.Rules().Pieces[pc.Type()].Royal {
		return false
	}
	p.MakeMove(m)
	bad := false
	if at := p.At(m.To); at.IsPiece() && at.Owner() == us {
		bad = s.enemyAttacks(m.To, us)
	}
	p.UnmakeMove()
	return bad
}

// enemyAttacks reports whether a player not allied with us attacks sq.
func (s *Engine) enemyAttacks(sq core.Square, us core.Player) bool {
	p := s.p
	r := p.Rules()
	if r.Players == 2 {
		return p.AttackedBy(sq, us)
	}
	for by := 0; by < r.Players; by++ {
		if !r.Allies(core.Player(by), us) && p.Attacks(sq, core.Player(by)) {
			return true
		}
	}
	return false
}

// pick moves the best remaining move (by key) to index i and returns it,
// judging first the captures not yet judged that come before it
// (judgeFirst).
func (s *Engine) pick(st *plyState, i int) core.Move {
	best := st.bestFrom(i)
	if st.seePending && st.gains[best] >= seePending {
		best = s.judgeFirst(st, i, best)
	}
	st.swap(i, best)
	return st.moves[i]
}

// bringBest swaps the best remaining move (by key) to index i and returns
// the index it came from.
func (st *plyState) bringBest(i int) int {
	best := st.bestFrom(i)
	st.swap(i, best)
	return best
}

// bestFrom returns the index of the best move (by key) from index i on,
// the first of equals.
func (st *plyState) bestFrom(i int) int {
	keys := st.keys[i:len(st.moves)]
	best, top := 0, keys[0]
	for j, k := range keys {
		if k > top {
			best, top = j, k
		}
	}
	return i + best
}

// swap exchanges the moves at indices i and j, with their keys and gains.
func (st *plyState) swap(i, j int) {
	if i != j {
		st.moves[i], st.moves[j] = st.moves[j], st.moves[i]
		st.keys[i], st.keys[j] = st.keys[j], st.keys[i]
		st.gains[i], st.gains[j] = st.gains[j], st.gains[i]
	}
}

// dropQuiets removes the quiet moves (those without gain) from index i on,
// except those keep accepts, keeping the order of the others.
func (st *plyState) dropQuiets(i int, keep func(core.Move) bool) {
	out := i
	for j := i; j < len(st.moves); j++ {
		if st.gains[j] >= 0 || keep(st.moves[j]) {
			st.moves[out], st.keys[out], st.gains[out] = st.moves[j], st.keys[j], st.gains[j]
			out++
		}
	}
	st.moves, st.keys, st.gains = st.moves[:out], st.keys[:out], st.gains[:out]
}

// goodQuiet records a quiet move that caused a cutoff: a killer of its
// ply, the counter move of prev (the move that led to the position, if
// known), and history credit for its player; the quiet moves tried before
// it at the node (st.moves[:i] with no gain) lose credit.
func (s *Engine) goodQuiet(st *plyState, m core.Move, depth int) {
	s.goodQuietAfter(st, m, core.NullMove, depth, -1)
}

// goodQuietAfter is goodQuiet with the move that led to the position and
// the index of m in st.moves (-1: the moves before it are not known).
func (s *Engine) goodQuietAfter(st *plyState, m, prev core.Move, depth, i int) {
	if st.killers[0] != m {
		st.killers[1] = st.killers[0]
		st.killers[0] = m
	}
	turn := s.p.Turn()
	if prev != core.NullMove && !s.opts.NoCounterMoves {
		s.counter[turn][historyIndex(prev)] = m
	}
	bonus := int32(min(depth*depth, 400))
	if s.opts.NoCounterMoves || s.brsMode {
		// The history as it was (best-reply search keeps it, as measured):
		// credit only, halved when full.
		h := &s.history[turn][historyIndex(m)]
		*h += bonus
		if *h > historyMax {
			for pl := range s.history {
				for i := range s.history[pl] {
					s.history[pl][i] /= 2
				}
			}
		}
		return
	}
	addHistory(&s.history[turn][historyIndex(m)], bonus)
	s.addCont(m, bonus)
	for j := 0; j < i; j++ {
		if st.gains[j] < 0 && st.moves[j] != m {
			addHistory(&s.history[turn][historyIndex(st.moves[j])], -bonus)
			s.addCont(st.moves[j], -bonus)
		}
	}
}

// Continuation history: how good a quiet move (the piece type moved and
// its destination) was after the move one ply before and the mover's own
// move two plies before, in a table of contSize entries indexed by a hash
// of the four (and the mover), so that boards of any size need no table
// per square.
const (
	contBits = 16
	contSize = 1 << contBits
)

// contBase returns the part of a continuation-history index that the
// earlier move (piece type and destination) and the mover give, or -1 for
// none.
func contBase(turn core.Player, pt core.PieceType, to core.Square) int {
	if pt == 0 || to == core.NoSquare {
		return -1
	}
	return int(mix64(uint64(turn)<<48^uint64(pt)<<32^uint64(uint32(to))^0xC047) >> 1)
}

// contIndex returns the table index of a move by a piece of type pt to
// to, after the earlier move of base.
func contIndex(base int, pt core.PieceType, to core.Square) int {
	// base is already mixed: one multiplication spreads the rest.
	return int((uint64(base) ^ (uint64(pt)<<32 | uint64(uint32(to)))) * 0x9E3779B97F4A7C15 >> (64 - contBits))
}

// typeAt returns the type of the piece on sq, 0 for none.
func (s *Engine) typeAt(sq core.Square) core.PieceType {
	if sq == core.NoSquare {
		return 0
	}
	pc := s.p.At(sq)
	if !pc.IsPiece() {
		return 0
	}
	return pc.Type()
}

// setCont sets the continuation-history bases of the node at ply (the
// moves one and two plies up).
func (s *Engine) setCont(ply int) {
	s.cont = [2]int{-1, -1}
	if s.opts.NoContHistory {
		return
	}
	turn := s.p.Turn()
	for k := 1; k <= 2 && ply-k >= 0; k++ {
		up := &s.stack[ply-k]
		s.cont[k-1] = contBase(turn, up.movedType, up.move.To)
	}
}

// addCont moves the continuation-history entries of m by delta.
func (s *Engine) addCont(m core.Move, delta int32) {
	for _, base := range s.cont {
		if base >= 0 {
			addHistory(&s.contHist[contIndex(base, s.typeAt(m.From), m.To)], delta)
		}
	}
}

// addHistory moves a history entry by delta, less the more the entry
// already leans that way, so that it stays within ±historyCap.
func addHistory(h *int32, delta int32) {
	d := int64(delta)
	abs := d
	if abs < 0 {
		abs = -abs
	}
	*h += int32(d - int64(*h)*abs/historyCap)
}

// historyCap bounds history entries (addHistory).
const historyCap = 1 << 16
