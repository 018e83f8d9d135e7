package notation

// Coordinate notation: writing and reading moves such as e2e4, b8b9q, c4e6xd5 and e4@e6.

import (
	"strconv"
	"strings"

	"anychess/core"
)

// coordinate implements Coordinate.
type coordinate struct{}

// Encode implements Encoder.
func (coordinate) Encode(p *core.Position, m core.Move) string {
	if untagged(m) {
		// The legal moves need not be known.
		return plainCoord(p, m)
	}
	return coordText(p, m, legalMoves(p))
}

// Decode implements Decoder.
func (coordinate) Decode(p *core.Position, s string) (core.Move, error) {
	if e := checkInput(s); e != nil {
		return core.NullMove, e
	}
	legal := legalMoves(p)
	if text := p.Rules().Hooks.MoveText; text != nil {
		// A variant's own move texts are matched whole.
		for _, m := range legal {
			if m.Kind >= core.KindSpecial && text(p.Rules(), m) == s {
				return m, nil
			}
		}
	}
	if u := p.Rules().Hooks.Unlisted; u != nil {
		// Moves a candidate subset may leave out, decided exactly.
		if m, ok, err := u.ParseText(p, strings.TrimSpace(s)); ok {
			if err != nil {
				return core.NullMove, fail(s, "%s is not a legal move: %v", show(s), err)
			}
			return m, nil
		}
	}
	m, e := decodeCoord(p, s, legal)
	if e != nil {
		return core.NullMove, e
	}
	return m, nil
}

// plainCoord writes a move without a tag: from, to, promotion letter,
// victims, and for variant-defined kinds "#" and the Arg.
func plainCoord(p *core.Position, m core.Move) string {
	r := p.Rules()
	b := p // squares are named by the position (unbounded boards need it)
	var sb strings.Builder
	sb.WriteString(b.Name(m.From))
	if m.Kind == core.KindStationary {
		sb.WriteByte('@')
	}
	sb.WriteString(b.Name(m.To))
	if m.Promo != 0 && int(m.Promo) < len(r.Pieces) {
		sb.WriteByte(r.Pieces[m.Promo].Letter - 'A' + 'a')
	}
	for _, v := range victims(m) {
		sb.WriteByte('x')
		sb.WriteString(b.Name(v))
	}
	if m.Kind >= core.KindSpecial && r.Hooks.MoveText != nil {
		if text := r.Hooks.MoveText(r, m); text != "" {
			return text
		}
	}
	if m.Kind >= core.KindSpecial {
		sb.WriteByte('#')
		sb.WriteString(strconv.Itoa(int(m.Arg)))
		if k := m.Kind - core.KindSpecial; k > 0 {
			sb.WriteByte('.')
			sb.WriteString(strconv.Itoa(int(k)))
		}
	}
	return sb.String()
}

// coordTag is the suffix that tells a move (not an untagged one) apart from
// others with the same plain text: "/", a kind letter and every square the
// move carries.
func coordTag(p *core.Position, m core.Move) string {
	var sb strings.Builder
	sb.WriteByte('/')
	switch m.Kind {
	case core.KindDoubleStep:
		sb.WriteByte('d')
	case core.KindEnPassant:
		sb.WriteByte('e')
	case core.KindCastle:
		sb.WriteByte('c')
	default:
		sb.WriteByte('k')
		sb.WriteString(strconv.Itoa(int(m.Kind - core.KindSpecial)))
	}
	for _, v := range m.Victims {
		if v != core.NoSquare {
			sb.WriteString(p.Name(v))
		}
	}
	return sb.String()
}

// untagged reports whether m's text never carries a tag: normal moves keep
// their plain text, and stationary captures have nothing a tag could add.
func untagged(m core.Move) bool {
	return m.Kind == core.KindNormal || m.Kind == core.KindStationary
}

// coordTexts returns the text of each of the legal moves: the plain text,
// with a tag on the moves (other than untagged ones) whose plain text
// another legal move shares.
func coordTexts(p *core.Position, legal []core.Move) []string {
	texts := make([]string, len(legal))
	count := make(map[string]int, len(legal))
	for i, m := range legal {
		texts[i] = plainCoord(p, m)
		count[texts[i]]++
	}
	for i, m := range legal {
		if count[texts[i]] > 1 && !untagged(m) {
			texts[i] += coordTag(p, m)
		}
	}
	return texts
}

// coordText returns the text of m given the legal moves of its position.
func coordText(p *core.Position, m core.Move, legal []core.Move) string {
	plain := plainCoord(p, m)
	if untagged(m) || !contains(legal, m) {
		return plain
	}
	for _, x := range legal {
		if x != m && x.From == m.From && x.To == m.To && plainCoord(p, x) == plain {
			return plain + coordTag(p, m)
		}
	}
	return plain
}

// coordParse is coordinate text taken apart.
type coordParse struct {
	from, to   core.Square
	stationary bool
	promo      byte // upper-case piece letter, 0 if none was written
	victims    []core.Square
	tail       string // a "/" tag or "#" argument, if any
}

// decodeCoord reads s (already checked by checkInput) as one of the legal moves.
func decodeCoord(p *core.Position, s string, legal []core.Move) (core.Move, *Error) {
	r := p.Rules()
	text := lowerASCII(strings.TrimSpace(s))
	cp, e := parseCoord(p, s, text)
	if e != nil {
		if t := strings.TrimSpace(s); isUpper(t[0]) || isCastling(t) {
			return core.NullMove, fail(s, "%s looks like SAN; coordinate moves name two squares, like g1f3", show(s))
		}
		return core.NullMove, e
	}
	if e := checkFrom(p, s, cp.from); e != nil {
		return core.NullMove, e
	}
	// Moves sharing a plain text share from- and to-square, so the texts of
	// these moves are the same as among all legal moves.
	var group []core.Move
	candidates := legal
	if p.Unbounded() {
		// Any destination, however far, is decided exactly: not only the
		// finite candidate set that LegalMoves lists.
		candidates = p.LegalMovesTo(nil, cp.from, cp.to)
	}
	for _, m := range candidates {
		if m.From == cp.from && m.To == cp.to && (m.Kind == core.KindStationary) == cp.stationary {
			group = append(group, m)
		}
	}
	texts := coordTexts(p, group)
	for i, t := range texts {
		if t == text {
			return group[i], nil
		}
	}
	var promo core.PieceType
	if cp.promo != 0 {
		t, ok := r.PieceByLetter(string(cp.promo))
		if !ok {
			return core.NullMove, fail(s, "%s: no piece has the letter %q to promote to", show(s), string(cp.promo+'a'-'A'))
		}
		promo = t
	}
	var hits []core.Move
	var hitTexts []string
	if cp.tail == "" {
		for i, m := range group {
			if promo != 0 && m.Promo != promo {
				continue
			}
			if cp.victims != nil && !sameSquares(victims(m), cp.victims) {
				continue
			}
			hits = append(hits, m)
			hitTexts = append(hitTexts, texts[i])
		}
		hits, hitTexts = prefer(hits, hitTexts, promo == 0, cp.victims == nil)
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return core.NullMove, coordNotLegal(p, s, cp.from, legal)
	}
	if promo == 0 && allPromote(hits) {
		e := fail(s, "%s: promotion piece missing (%s)", show(s), list(hitTexts))
		e.Candidates = hitTexts
		return core.NullMove, e
	}
	hint := "write one of them in full"
	for _, m := range hits[1:] {
		if !sameSquares(victims(m), victims(hits[0])) {
			hint = "add the victims"
		}
	}
	amb := fail(s, "ambiguous: %s could be %s; %s", show(s), list(hitTexts), hint)
	amb.Candidates = hitTexts
	return core.NullMove, amb
}

// isCoordShaped reports whether text parses as coordinate notation.
func isCoordShaped(p *core.Position, text string) bool {
	_, e := parseCoord(p, text, lowerASCII(text))
	return e == nil
}

// isCastling reports whether t is spelled like SAN castling.
func isCastling(t string) bool {
	switch strings.Map(castleRune, strings.TrimRight(t, "+#!?")) {
	case "O-O", "O-O-O":
		return true
	}
	return false
}

// prefer narrows the moves matched by a text that left things out: without a
// promotion letter the non-promoting moves win, without victims the moves
// that have none, and among moves with the same squares normal moves win
// over other kinds.
func prefer(hits []core.Move, texts []string, noPromo, noVictims bool) ([]core.Move, []string) {
	keep := func(ok func(core.Move) bool) {
		found := false
		for _, m := range hits {
			found = found || ok(m)
		}
		if !found {
			return
		}
		var h []core.Move
		var t []string
		for i, m := range hits {
			if ok(m) {
				h = append(h, m)
				t = append(t, texts[i])
			}
		}
		hits, texts = h, t
	}
	if noPromo {
		keep(func(m core.Move) bool { return m.Promo == 0 })
	}
	if noVictims {
		keep(func(m core.Move) bool { return len(victims(m)) == 0 })
	}
	if len(hits) > 1 && sameSquaresAll(hits) {
		keep(func(m core.Move) bool { return m.Kind == core.KindNormal })
	}
	return hits, texts
}

// sameSquaresAll reports whether the moves share from- and to-square.
func sameSquaresAll(moves []core.Move) bool {
	for _, m := range moves {
		if m.From != moves[0].From || m.To != moves[0].To {
			return false
		}
	}
	return true
}

// allPromote reports whether the moves differ only in their promotion piece.
func allPromote(moves []core.Move) bool {
	for _, m := range moves {
		if m.Promo == 0 || m.From != moves[0].From || m.To != moves[0].To || !sameSquares(victims(m), victims(moves[0])) {
			return false
		}
	}
	return true
}

// checkFrom makes sure a piece of the side to move stands on from.
func checkFrom(p *core.Position, s string, from core.Square) *Error {
	r := p.Rules()
	b := p // squares are named by the position (unbounded boards need it)
	pc := p.At(from)
	switch {
	case !r.Board.Playable(from):
		return fail(s, "%s: no piece on %s (not a square a piece can stand on)", show(s), b.Name(from))
	case !pc.IsPiece():
		return fail(s, "%s: no piece on %s", show(s), b.Name(from))
	case pc.Owner() != p.Turn():
		return fail(s, "%s: the %s on %s belongs to %s, and %s is to move", show(s),
			pieceName(r, pc.Type()), b.Name(from), playerName(r, pc.Owner()), playerName(r, p.Turn()))
	}
	return nil
}

// coordNotLegal explains why no legal move matches text starting on from.
func coordNotLegal(p *core.Position, s string, from core.Square, legal []core.Move) *Error {
	r := p.Rules()
	var mine []core.Move
	for _, m := range legal {
		if m.From == from {
			mine = append(mine, m)
		}
	}
	own := coordTexts(p, mine)
	name := pieceName(r, p.At(from).Type())
	msg := show(s) + " is not a legal move"
	if len(own) == 0 {
		msg += "; the " + name + " on " + p.Name(from) + " has no legal move"
	} else {
		msg += "; the " + name + " on " + p.Name(from) + " can play " + list(own)
	}
	if p.InCheck() {
		msg += " (" + playerName(r, p.Turn()) + " is in check)"
	}
	return fail(s, "%s", msg)
}

// parseCoord takes lower-cased coordinate text apart. s is the original text,
// for messages.
func parseCoord(b *core.Position, s, text string) (coordParse, *Error) {
	cp := coordParse{from: core.NoSquare, to: core.NoSquare}
	var e *Error
	i := 0
	if cp.from, i, e = readSquare(b, s, text, 0); e != nil {
		return cp, e
	}
	switch {
	case i == len(text):
		return cp, fail(s, "%s: missing the square to move to (coordinate moves look like e2e4)", show(s))
	case text[i] == '@':
		cp.stationary = true
		i++
	}
	if cp.to, i, e = readSquare(b, s, text, i); e != nil {
		return cp, e
	}
	body := text[i:]
	if k := strings.IndexAny(body, "/#"); k >= 0 {
		body, cp.tail = body[:k], body[k:]
	}
	if body == "" {
		return cp, nil
	}
	// The rest is [promotion letter] {x victim}. A promotion letter x is
	// told from a victim's x by trying both readings.
	vs, e1 := readVictims(b, s, body)
	if e1 == nil {
		cp.victims = vs
		return cp, nil
	}
	if !isLower(body[0]) {
		return cp, fail(s, "%s: unexpected %s after the squares", show(s), show(body))
	}
	vs, e2 := readVictims(b, s, body[1:])
	if e2 != nil {
		if body[0] == 'x' {
			return cp, e1
		}
		return cp, e2
	}
	cp.promo = body[0] - 'a' + 'A'
	cp.victims = vs
	return cp, nil
}

// readVictims reads {x square}; it returns nil for empty text.
func readVictims(b *core.Position, s, text string) ([]core.Square, *Error) {
	var out []core.Square
	for i := 0; i < len(text); {
		if text[i] != 'x' {
			return nil, fail(s, "%s: unexpected %s after the squares", show(s), show(text[i:]))
		}
		if len(out) == core.MaxVictims {
			return nil, fail(s, "%s: more than %d victims", show(s), core.MaxVictims)
		}
		sq, next, e := readSquare(b, s, text, i+1)
		if e != nil {
			return nil, e
		}
		out = append(out, sq)
		i = next
	}
	return out, nil
}

// readSquare reads the square name that starts at text[i] and returns it
// with the index after it.
func readSquare(p *core.Position, s, text string, i int) (core.Square, int, *Error) {
	if p.Unbounded() {
		return readPlaneSquare(p, s, text, i)
	}
	b := p.Rules().Board
	j := i
	for j < len(text) && isLower(text[j]) {
		j++
	}
	k := j
	for k < len(text) && isDigit(text[k]) {
		k++
	}
	name := text[i:k]
	switch {
	case i >= len(text):
		return core.NoSquare, i, fail(s, "%s: a square is missing at the end", show(s))
	case j == i:
		return core.NoSquare, i, fail(s, "%s: expected a square at %s", show(s), show(text[i:]))
	case k == j:
		return core.NoSquare, i, fail(s, "%s: bad square %s: missing the rank number", show(s), quote(text[i:j]))
	}
	c, err := core.ParseCoordName(name)
	if err != nil {
		msg := err.Error()
		if n := strings.Index(msg, ": "); n >= 0 {
			msg = msg[n+2:]
		}
		return core.NoSquare, i, fail(s, "%s: bad square %s: %s", show(s), quote(name), msg)
	}
	sq := b.Square(c)
	if sq == core.NoSquare {
		return core.NoSquare, i, fail(s, "%s: bad square %s: outside the %dx%d board", show(s), quote(name), b.Files, b.Ranks)
	}
	return sq, k, nil
}
