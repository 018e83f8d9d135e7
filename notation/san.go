package notation

// SAN: writing and reading standard algebraic notation on any board, with extra and stationary captures.

import (
	"strconv"
	"strings"

	"anychess/core"
)

// san implements SAN.
type san struct{}

// Disambiguation levels: what of the from-square a SAN move shows.
const (
	levelNone = iota
	levelFile
	levelRank
	levelSquare
)

// Castling sides.
const (
	noCastle = iota
	kingside
	queenside
)

// maxParses bounds the readings of one text tried.
const maxParses = 64

// Encode implements Encoder.
func (san) Encode(p *core.Position, m core.Move) string {
	if readable := p.Rules().Hooks.Readable; readable != nil {
		if s := readable.Write(p, m); s != "" {
			return s
		}
	}
	if p.Unbounded() {
		return planeSAN(p, m)
	}
	legal := legalMoves(p)
	if !contains(legal, m) {
		return plainCoord(p, m)
	}
	return sanBody(p, m, legal) + checkMark(p, m)
}

// Decode implements Decoder.
func (san) Decode(p *core.Position, s string) (core.Move, error) {
	if e := checkInput(s); e != nil {
		return core.NullMove, e
	}
	if readable := p.Rules().Hooks.Readable; readable != nil {
		// The variant's own readable notation first, then SAN; when both
		// fail, the variant's reason.
		m, err := readable.Parse(p, s)
		if err == nil {
			return m, nil
		}
		if m, e := decodeSAN(p, s, legalMoves(p)); e == nil {
			return m, nil
		}
		return core.NullMove, err
	}
	if p.Unbounded() {
		return decodePlaneSAN(p, s)
	}
	m, e := decodeSAN(p, s, legalMoves(p))
	if e != nil {
		return core.NullMove, e
	}
	return m, nil
}

// checkMark returns "+" if m gives check, "#" if it mates, else "".
func checkMark(p *core.Position, m core.Move) string {
	p.MakeMove(m)
	defer p.UnmakeMove()
	if !p.InCheck() {
		return ""
	}
	if len(p.LegalMoves(make([]core.Move, 0, 64))) == 0 {
		return "#"
	}
	return "+"
}

// sanBody writes m, a legal move, without its check mark. It tries the
// standard text, then a fuller one, and falls back to coordinate notation
// when SAN cannot single the move out.
func sanBody(p *core.Position, m core.Move, legal []core.Move) string {
	switch {
	case m.Kind >= core.KindSpecial:
		return coordText(p, m, legal)
	case m.Kind == core.KindCastle:
		s := "O-O"
		if castleSide(p.Rules().Board, m) == queenside {
			s = "O-O-O"
		}
		if sanFits(p, s, m, legal) {
			return s
		}
		return coordText(p, m, legal)
	}
	level := disambiguation(p, m, legal)
	if s := sanText(p, m, level); sanFits(p, s, m, legal) {
		return s
	}
	if level != levelSquare {
		if s := sanText(p, m, levelSquare); sanFits(p, s, m, legal) {
			return s
		}
	}
	return coordText(p, m, legal)
}

// sanFits reports whether s reads back as m and nothing else.
func sanFits(p *core.Position, s string, m core.Move, legal []core.Move) bool {
	q := parseSAN(p.Rules(), s)
	hits := q.lookup(p, legal)
	return len(hits) == 1 && hits[0] == m
}

// castleSide tells O-O from O-O-O: the side the king goes to, or, for a
// king that stays, the side of the rook.
func castleSide(b *core.Board, m core.Move) int {
	from, to := b.Coord(m.From), b.Coord(m.To)
	if to.X == from.X {
		to = b.Coord(m.Victims[0])
	}
	if to.X > from.X {
		return kingside
	}
	return queenside
}

// sanLetter returns the SAN letter of the piece on sq, 0 for a pawn.
func sanLetter(p *core.Position, sq core.Square) byte {
	info := &p.Rules().Pieces[p.At(sq).Type()]
	if info.Pawn {
		return 0
	}
	return info.Letter
}

// isCapture reports whether the text of m shows a capture.
func isCapture(p *core.Position, m core.Move) bool {
	switch m.Kind {
	case core.KindEnPassant, core.KindStationary:
		return true
	case core.KindNormal:
		return len(victims(m)) > 0 || (m.To != m.From && p.At(m.To).IsPiece())
	}
	return false
}

// disambiguation returns the standard amount of from-square m's SAN needs:
// none, the file, the rank, or the whole square; a pawn that captures or
// changes file (a sideways step past a blocker) always shows at least its file.
func disambiguation(p *core.Position, m core.Move, legal []core.Move) int {
	b := p.Rules().Board
	letter := sanLetter(p, m.From)
	here := b.Coord(m.From)
	pawnCapture := letter == 0 && (isCapture(p, m) || here.X != b.Coord(m.To).X)
	fileOK, rankOK, others := true, true, false
	for _, x := range legal {
		if x.From == m.From || x.To != m.To || x.Promo != m.Promo || x.Kind == core.KindCastle || x.Kind >= core.KindSpecial ||
			(x.Kind == core.KindStationary) != (m.Kind == core.KindStationary) || sanLetter(p, x.From) != letter ||
			!sameSquares(victims(x), victims(m)) {
			continue
		}
		others = true
		c := b.Coord(x.From)
		fileOK = fileOK && c.X != here.X
		rankOK = rankOK && c.Y != here.Y
	}
	switch {
	case !others && !pawnCapture:
		return levelNone
	case fileOK:
		return levelFile
	case rankOK && !pawnCapture:
		return levelRank
	}
	return levelSquare
}

// sanText writes m with the given disambiguation, without a check mark.
func sanText(p *core.Position, m core.Move, level int) string {
	r := p.Rules()
	b := r.Board
	var sb strings.Builder
	if l := sanLetter(p, m.From); l != 0 {
		sb.WriteByte(l)
	}
	c := b.Coord(m.From)
	switch level {
	case levelFile:
		sb.WriteString(core.FileName(c.X))
	case levelRank:
		sb.WriteString(strconv.FormatInt(c.Y+1, 10))
	case levelSquare:
		sb.WriteString(b.Name(m.From))
	}
	if m.Kind == core.KindStationary {
		sb.WriteString("x@")
		sb.WriteString(b.Name(m.To))
		return sb.String()
	}
	for _, v := range victims(m) {
		sb.WriteByte('x')
		sb.WriteString(b.Name(v))
	}
	if m.Kind == core.KindEnPassant || (m.To != m.From && p.At(m.To).IsPiece()) {
		sb.WriteByte('x')
	}
	sb.WriteString(b.Name(m.To))
	if m.Promo != 0 {
		sb.WriteByte('=')
		sb.WriteByte(r.Pieces[m.Promo].Letter)
	}
	return sb.String()
}

// sanParse is one reading of a SAN text.
type sanParse struct {
	file, rank int // from-square file and rank (0-based), -1 when not written
	victims    []core.Square
	to         core.Square
	capture    bool
}

// sanQuery is a SAN text taken apart: castling, or a piece letter, a
// promotion and the readings of the rest.
type sanQuery struct {
	text       string // trimmed, without check marks and annotations
	castle     int
	letter     byte // upper-case piece letter, 0 for a pawn
	promo      byte // upper-case promotion letter, 0 if none
	stationary bool
	parses     []sanParse
}

// cleanSAN trims s and strips check marks, annotations and "e.p.".
func cleanSAN(s string) string {
	s = strings.TrimSpace(s)
	for {
		t := strings.TrimRight(s, "+#!? ")
		t = strings.TrimSuffix(t, "e.p.")
		if t == s {
			return s
		}
		s = t
	}
}

// parseSAN takes s apart into the readings the board allows.
func parseSAN(r *core.Rules, s string) *sanQuery {
	q := &sanQuery{text: cleanSAN(s)}
	t := q.text
	switch strings.Map(castleRune, t) {
	case "O-O":
		q.castle = kingside
		return q
	case "O-O-O":
		q.castle = queenside
		return q
	}
	if t != "" && isUpper(t[0]) {
		q.letter, t = t[0], t[1:]
	}
	t = q.cutPromotion(t)
	ps := &sanParser{b: r.Board, s: t}
	if k := strings.Index(t, "x@"); k >= 0 {
		q.stationary = true
		ps.s = t[:k]
		ps.disambiguation(0, sanParse{file: -1, rank: -1}, func(i int, cur sanParse) {
			if i != k {
				return
			}
			for _, sq := range ps.squaresIn(t, k+2) {
				if sq.next == len(t) {
					c := cur
					c.to = sq.sq
					ps.add(c)
				}
			}
		})
	} else {
		ps.disambiguation(0, sanParse{file: -1, rank: -1}, ps.rest)
	}
	q.parses = ps.out
	return q
}

// castleRune maps the letters of castling spellings to O.
func castleRune(c rune) rune {
	if c == '0' || c == 'o' {
		return 'O'
	}
	return c
}

// cutPromotion removes a promotion suffix (=Q, (Q), /Q, Q, or a lower-case
// letter right after the rank) from t and records it.
func (q *sanQuery) cutPromotion(t string) string {
	n := len(t)
	switch {
	case n >= 3 && t[n-1] == ')' && t[n-3] == '(' && isLetter(t[n-2]):
		q.promo = upper(t[n-2])
		return t[:n-3]
	case n >= 2 && (t[n-2] == '=' || t[n-2] == '/') && isLetter(t[n-1]):
		q.promo = upper(t[n-1])
		return t[:n-2]
	case n >= 2 && isUpper(t[n-1]):
		q.promo = t[n-1]
		return t[:n-1]
	case n >= 2 && isLower(t[n-1]) && isDigit(t[n-2]):
		q.promo = upper(t[n-1])
		return t[:n-1]
	}
	return t
}

func isLetter(c byte) bool { return isLower(c) || isUpper(c) }

func upper(c byte) byte {
	if isLower(c) {
		return c - 'a' + 'A'
	}
	return c
}

// sanParser enumerates the readings of the part of a SAN text after the
// piece letter: [file|rank|square] {x victim} [x|-] destination. File names
// of one or two letters make some texts readable in more than one way.
type sanParser struct {
	b   *core.Board
	s   string
	out []sanParse
}

type span struct{ v, next int }

type squareSpan struct {
	sq   core.Square
	next int
}

func (ps *sanParser) add(c sanParse) {
	if len(ps.out) < maxParses {
		ps.out = append(ps.out, c)
	}
}

// filesIn returns the files of the board that s names at i.
func (ps *sanParser) filesIn(s string, i int) []span {
	var out []span
	for n := 1; n <= 2 && i+n <= len(s); n++ {
		if x, ok := fileIndex(s[i : i+n]); ok && x < ps.b.Files {
			out = append(out, span{x, i + n})
		}
	}
	return out
}

// rankIn returns the rank of the board that s names at i.
func (ps *sanParser) rankIn(s string, i int) (span, bool) {
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == i || s[i] == '0' || j-i > 3 {
		return span{}, false
	}
	y, _ := strconv.Atoi(s[i:j])
	if y > ps.b.Ranks {
		return span{}, false
	}
	return span{y - 1, j}, true
}

// squaresIn returns the squares of the board that s names at i.
func (ps *sanParser) squaresIn(s string, i int) []squareSpan {
	var out []squareSpan
	for _, f := range ps.filesIn(s, i) {
		if r, ok := ps.rankIn(s, f.next); ok {
			out = append(out, squareSpan{ps.b.Square(core.Coord{X: int64(f.v), Y: int64(r.v)}), r.next})
		}
	}
	return out
}

// disambiguation tries no from-square hint, a file, a rank and a square at
// the start of the text, and hands each reading to then.
func (ps *sanParser) disambiguation(i int, cur sanParse, then func(int, sanParse)) {
	then(i, cur)
	for _, f := range ps.filesIn(ps.s, i) {
		c := cur
		c.file = f.v
		then(f.next, c)
		if r, ok := ps.rankIn(ps.s, f.next); ok {
			c.rank = r.v
			then(r.next, c)
		}
	}
	if r, ok := ps.rankIn(ps.s, i); ok {
		c := cur
		c.rank = r.v
		then(r.next, c)
	}
}

// rest reads {x victim} [x|-] destination from i to the end.
func (ps *sanParser) rest(i int, cur sanParse) {
	if len(ps.out) >= maxParses {
		return
	}
	s := ps.s
	ps.destination(i, cur)
	if i < len(s) && (s[i] == 'x' || s[i] == ':') {
		c := cur
		c.capture = true
		ps.destination(i+1, c)
	}
	if i < len(s) && s[i] == '-' {
		ps.destination(i+1, cur)
	}
	if i < len(s) && s[i] == 'x' && len(cur.victims) < core.MaxVictims {
		for _, sq := range ps.squaresIn(s, i+1) {
			c := cur
			c.victims = append(append([]core.Square(nil), cur.victims...), sq.sq)
			ps.rest(sq.next, c)
		}
	}
}

// destination reads a square that ends the text.
func (ps *sanParser) destination(i int, cur sanParse) {
	for _, sq := range ps.squaresIn(ps.s, i) {
		if sq.next == len(ps.s) {
			c := cur
			c.to = sq.sq
			ps.add(c)
		}
	}
}

// lookup returns the legal moves the query may mean.
func (q *sanQuery) lookup(p *core.Position, legal []core.Move) []core.Move {
	var out []core.Move
	if q.castle != noCastle {
		for _, m := range legal {
			if m.Kind == core.KindCastle && castleSide(p.Rules().Board, m) == q.castle {
				out = addUnique(out, m)
			}
		}
		return out
	}
	for i := range q.parses {
		var hits []core.Move
		for _, m := range legal {
			if q.matches(p, &q.parses[i], m) {
				hits = append(hits, m)
			}
		}
		hits, _ = prefer(hits, make([]string, len(hits)), q.promo == 0, len(q.parses[i].victims) == 0)
		for _, m := range hits {
			out = addUnique(out, m)
		}
	}
	return out
}

// matches reports whether the legal move m fits the reading sp.
func (q *sanQuery) matches(p *core.Position, sp *sanParse, m core.Move) bool {
	r := p.Rules()
	if m.To != sp.to || m.Kind == core.KindCastle || m.Kind >= core.KindSpecial || (m.Kind == core.KindStationary) != q.stationary {
		return false
	}
	info := &r.Pieces[p.At(m.From).Type()]
	if q.letter == 0 && !info.Pawn || q.letter != 0 && q.letter != info.Letter {
		return false
	}
	c := r.Board.Coord(m.From)
	if sp.file >= 0 && c.X != int64(sp.file) || sp.rank >= 0 && c.Y != int64(sp.rank) {
		return false
	}
	if q.promo != 0 && (m.Promo == 0 || r.Pieces[m.Promo].Letter != q.promo) {
		return false
	}
	return len(sp.victims) == 0 || sameSquares(victims(m), sp.victims)
}

// decodeSAN reads s (already checked by checkInput) as one of the legal moves.
func decodeSAN(p *core.Position, s string, legal []core.Move) (core.Move, *Error) {
	q := parseSAN(p.Rules(), s)
	hits := q.lookup(p, legal)
	if len(hits) == 1 {
		return hits[0], nil
	}
	if q.text != "" && isLower(q.text[0]) {
		m, e := decodeCoord(p, q.text, legal)
		if e == nil {
			return m, nil
		}
		// Text shaped like coordinates gets the coordinate decoder's more
		// specific reason.
		if len(hits) == 0 && isCoordShaped(p, q.text) {
			e.Input = s
			return core.NullMove, e
		}
	}
	if len(hits) > 1 {
		texts := make([]string, len(hits))
		for i, m := range hits {
			texts[i] = sanBody(p, m, legal) + checkMark(p, m)
		}
		var e *Error
		if q.promo == 0 && allPromote(hits) {
			e = fail(s, "%s: promotion piece missing (%s)", show(s), list(texts))
		} else {
			e = fail(s, "ambiguous: %s could be %s", show(s), list(texts))
		}
		e.Candidates = texts
		return core.NullMove, e
	}
	return core.NullMove, sanNotLegal(p, s, q, legal)
}

// sanNotLegal explains why no legal move fits the query.
func sanNotLegal(p *core.Position, s string, q *sanQuery, legal []core.Move) *Error {
	r := p.Rules()
	us := playerName(r, p.Turn())
	check := ""
	if p.InCheck() {
		check = " (" + us + " is in check)"
	}
	if q.text == "" {
		return fail(s, "%s is not a move", show(s))
	}
	if q.castle != noCastle {
		side := "kingside"
		if q.castle == queenside {
			side = "queenside"
		}
		return fail(s, "%s is not a legal move: %s cannot castle %s now%s", show(s), us, side, check)
	}
	name := "pawn"
	if q.letter != 0 {
		t, ok := r.PieceByLetter(string(q.letter))
		if !ok {
			return fail(s, "%s: no piece has the letter %q in %s", show(s), string(q.letter), r.Name())
		}
		name = pieceName(r, t)
	}
	if q.promo != 0 {
		if _, ok := r.PieceByLetter(string(q.promo)); !ok {
			return fail(s, "%s: no piece has the letter %q to promote to", show(s), string(q.promo))
		}
	}
	if len(q.parses) == 0 {
		if e := badSquareIn(p, s, q.text); e != nil {
			return e
		}
		return fail(s, "cannot read %s as a move (SAN looks like e4, Nf3, exd5, O-O, e8=Q)", show(s))
	}
	// Moves of the same kind of piece to the same square, whatever the rest.
	var near []string
	var nearMoves []core.Move
	for i := range q.parses {
		loose := sanQuery{letter: q.letter, stationary: q.stationary}
		sp := sanParse{file: -1, rank: -1, to: q.parses[i].to}
		for _, m := range legal {
			if loose.matches(p, &sp, m) && !contains(nearMoves, m) {
				nearMoves = append(nearMoves, m)
				near = append(near, sanBody(p, m, legal)+checkMark(p, m))
			}
		}
	}
	if len(near) > 0 {
		return fail(s, "%s is not a legal move; did you mean %s?%s", show(s), list(near), check)
	}
	return fail(s, "%s is not a legal move: no %s %s can move to %s%s", show(s), us, name, r.Board.Name(q.parses[0].to), check)
}

// badSquareIn finds a square name in text that is not on the board: the
// last letter (or two) of a letter run and the digits after it.
func badSquareIn(b *core.Position, s, text string) *Error {
	for j := 0; j < len(text); j++ {
		if !isLower(text[j]) || j+1 >= len(text) || !isDigit(text[j+1]) {
			continue
		}
		_, _, e := readSquare(b, s, text, j)
		if e == nil {
			continue
		}
		if j > 0 && isLower(text[j-1]) {
			if _, _, e2 := readSquare(b, s, text, j-1); e2 == nil {
				continue
			}
		}
		return e
	}
	return nil
}
