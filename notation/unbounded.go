package notation

// Notation on unbounded boards: parenthesized square names in coordinate notation, and SAN such as R(8,40) or R(e8)-(a8).

import (
	"strings"

	"anychess/core"
)

// On an unbounded board (core.BoardDef.Unbounded) a square is written in
// parentheses, as its coordinates (8,40) or in the letters style (e8) of
// the board's frame (core.BoardDef.Names); both are read.
//
// Coordinate notation is unchanged otherwise: (8,1)(8,40), (3,7)(3,8)q,
// with victims x(5,5). Any destination is read, however far away: the
// decoder asks the position whether that exact move is legal
// (core.Position.LegalMovesTo), not only the finite candidate set LegalMoves
// lists.
//
// SAN is the piece letter (none for a pawn), the from-square where two
// pieces of the same kind could go to the destination (and for every pawn
// capture), "-" or "x" after it, the destination, and "=" and the letter of
// a promotion: R(8,40), R(8,1)-(8,40), Rx(8,7), (4,4), (3,3)x(4,4),
// (4,7)-(4,8)=Q, with "+" or "#" after a check or mate. The reader takes
// the same, also without "-", "x", "+" or "=", and coordinate notation.
// Moves that capture extra pieces (victims) or stay where they are are
// written in coordinate notation.

// maxPlaneSquare is the longest square name read on an unbounded board.
const maxPlaneSquare = 64

// readPlaneSquare reads the parenthesized square name that starts at
// text[i] and returns it with the index after it.
func readPlaneSquare(p *core.Position, s, text string, i int) (core.Square, int, *Error) {
	if i >= len(text) {
		return core.NoSquare, i, fail(s, "%s: a square is missing at the end", show(s))
	}
	if text[i] != '(' {
		return core.NoSquare, i, fail(s, "%s: expected a square like (3,4) or (e8) at %s", show(s), show(text[i:]))
	}
	j := strings.IndexByte(text[i:], ')')
	if j < 0 {
		return core.NoSquare, i, fail(s, "%s: square %s has no closing parenthesis", show(s), quote(text[i:]))
	}
	name := text[i : i+j+1]
	if len(name) > maxPlaneSquare {
		return core.NoSquare, i, fail(s, "%s: square name %s is too long", show(s), quote(name))
	}
	sq, err := p.ParseSquare(name)
	if err != nil {
		msg := err.Error()
		if n := strings.Index(msg, ": "); n >= 0 && strings.HasPrefix(msg, "square ") {
			msg = msg[n+2:]
		}
		return core.NoSquare, i, fail(s, "%s: bad square %s: %s", show(s), quote(name), msg)
	}
	return sq, i + j + 1, nil
}

// planeSAN writes m, a legal move of p on an unbounded board, in SAN.
func planeSAN(p *core.Position, m core.Move) string {
	exact := p.LegalMovesTo(nil, m.From, m.To)
	if !contains(exact, m) || m.Kind >= core.KindSpecial || m.Kind == core.KindStationary || m.Kind == core.KindCastle || len(victims(m)) > 0 {
		return plainCoord(p, m)
	}
	r := p.Rules()
	letter := sanLetter(p, m.From)
	capture := m.Kind == core.KindEnPassant || p.At(m.To).IsPiece()
	showFrom := letter == 0 && capture
	if !showFrom {
		for _, x := range p.LegalMovesTo(nil, core.NoSquare, m.To) {
			if x.From != m.From && x.Promo == m.Promo && sanLetter(p, x.From) == letter {
				showFrom = true
				break
			}
		}
	}
	var sb strings.Builder
	if letter != 0 {
		sb.WriteByte(letter)
	}
	if showFrom {
		sb.WriteString(p.Name(m.From))
		if !capture {
			sb.WriteByte('-')
		}
	}
	if capture {
		sb.WriteByte('x')
	}
	sb.WriteString(p.Name(m.To))
	if m.Promo != 0 {
		sb.WriteByte('=')
		sb.WriteByte(r.Pieces[m.Promo].Letter)
	}
	return sb.String() + checkMark(p, m)
}

// decodePlaneSAN reads s (already checked by checkInput) as a legal move of
// p on an unbounded board: SAN first, then coordinate notation.
func decodePlaneSAN(p *core.Position, s string) (core.Move, error) {
	r := p.Rules()
	t := cleanSAN(s)
	var letter, promo byte
	if t != "" && isUpper(t[0]) {
		letter, t = t[0], t[1:]
	}
	if n := len(t); n >= 2 && t[n-2] == '=' && isLetter(t[n-1]) {
		promo, t = upper(t[n-1]), t[:n-2]
	} else if n >= 1 && isUpper(t[n-1]) {
		promo, t = t[n-1], t[:n-1]
	}
	from, to := core.NoSquare, core.NoSquare
	text := lowerASCII(t)
	if len(text) > 1 && (text[0] == 'x' || text[0] == ':') && text[1] == '(' {
		text = text[1:] // a capture written without the from-square: Rx(8,7)
	}
	sq, i, e := readPlaneSquare(p, s, text, 0)
	if e == nil {
		to = sq
		if i < len(text) && (text[i] == '-' || text[i] == 'x' || text[i] == ':') {
			i++
		}
		if i < len(text) {
			from = to
			if to, i, e = readPlaneSquare(p, s, text, i); e == nil && i != len(text) {
				e = fail(s, "%s: unexpected %s after the squares", show(s), show(text[i:]))
			}
		}
	}
	if e != nil {
		if letter == 0 {
			if m, ce := decodeCoord(p, strings.TrimSpace(s), legalMoves(p)); ce == nil {
				return m, nil
			}
		}
		return core.NullMove, e
	}
	if letter != 0 {
		if _, ok := r.PieceByLetter(string(letter)); !ok {
			return core.NullMove, fail(s, "%s: no piece has the letter %q in %s", show(s), string(letter), r.Name())
		}
	}
	if promo != 0 {
		if _, ok := r.PieceByLetter(string(promo)); !ok {
			return core.NullMove, fail(s, "%s: no piece has the letter %q to promote to", show(s), string(promo))
		}
	}
	var hits []core.Move
	for _, m := range p.LegalMovesTo(nil, from, to) {
		if m.Kind >= core.KindSpecial || m.Kind == core.KindStationary || len(victims(m)) > 0 || sanLetter(p, m.From) != letter {
			continue
		}
		if promo != 0 && (m.Promo == 0 || r.Pieces[m.Promo].Letter != promo) {
			continue
		}
		hits = append(hits, m)
	}
	if promo == 0 && len(hits) > 1 && allPromote(hits) {
		texts := make([]string, len(hits))
		for i, m := range hits {
			texts[i] = planeSAN(p, m)
		}
		e := fail(s, "%s: promotion piece missing (%s)", show(s), list(texts))
		e.Candidates = texts
		return core.NullMove, e
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		if from != core.NoSquare && letter == 0 {
			// Two squares without a letter may be coordinate notation.
			if m, ce := decodeCoord(p, strings.TrimSpace(s), legalMoves(p)); ce == nil {
				return m, nil
			}
		}
		name := "pawn"
		if letter != 0 {
			t, _ := r.PieceByLetter(string(letter))
			name = pieceName(r, t)
		}
		check := ""
		if p.InCheck() {
			check = " (" + playerName(r, p.Turn()) + " is in check)"
		}
		if from != core.NoSquare {
			return core.NullMove, fail(s, "%s is not a legal move: no %s %s on %s can move to %s%s", show(s), playerName(r, p.Turn()), name, p.Name(from), p.Name(to), check)
		}
		return core.NullMove, fail(s, "%s is not a legal move: no %s %s can move to %s%s", show(s), playerName(r, p.Turn()), name, p.Name(to), check)
	}
	texts := make([]string, len(hits))
	for i, m := range hits {
		texts[i] = planeSAN(p, m)
	}
	e = fail(s, "ambiguous: %s could be %s", show(s), list(texts))
	e.Candidates = texts
	return core.NullMove, e
}
