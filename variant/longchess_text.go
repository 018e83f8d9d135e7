// Longchess text: the position text, square names as the seed gives them (4W2, C5), and the move notations.
package variant

import (
	"fmt"
	"strconv"
	"strings"

	"anychess/core"
)

// LongchessTextError is a Longchess position text that cannot be read: the
// field at fault ("board", "turn", "draw", "move number", or "text" for the
// whole) and what is wrong with it.
type LongchessTextError struct {
	Text  string
	Field string
	Msg   string
}

// Error implements error.
func (e *LongchessTextError) Error() string {
	text := e.Text
	if len(text) > 80 {
		text = text[:80] + "…"
	}
	return fmt.Sprintf("bad longchess position %q: %s: %s", text, e.Field, e.Msg)
}

// maxLongText bounds the input, so hostile text cannot make the parser work hard.
const maxLongText = 2000

// longCell is one cell of a row as written: '.' empty, '~' water, or a piece
// letter (upper case White, lower case Black) and the letter of the flag it
// carries (0 for none).
type longCell struct{ ch, carried byte }

// expandRow reads one row of the board text into its cells.
func expandRow(row string) ([]longCell, error) {
	var cells []longCell
	for i := 0; i < len(row); {
		ch := row[i]
		switch {
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(row) && row[j] >= '0' && row[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(row[i:j])
			if err != nil || n < 1 || n > core.MaxBoardSide || row[i] == '0' {
				return nil, fmt.Errorf("bad empty run %q", row[i:j])
			}
			if len(cells)+n > core.MaxBoardSide {
				return nil, fmt.Errorf("more than %d cells", core.MaxBoardSide)
			}
			for k := 0; k < n; k++ {
				cells = append(cells, longCell{ch: '.'})
			}
			i = j
			continue
		case ch == '~' || ch == '*':
			cells = append(cells, longCell{ch: '~'})
		case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z':
			c := longCell{ch: ch}
			if i+1 < len(row) && row[i+1] == '[' {
				if i+3 >= len(row) || row[i+3] != ']' {
					return nil, fmt.Errorf("a carried flag is written as a piece letter then [F] or [f], as in N[f]")
				}
				c.carried = row[i+2]
				i += 3
			}
			cells = append(cells, c)
		default:
			return nil, fmt.Errorf("unexpected %q", string(ch))
		}
		if len(cells) > core.MaxBoardSide {
			return nil, fmt.Errorf("more than %d cells", core.MaxBoardSide)
		}
		i++
	}
	return cells, nil
}

// compressRow writes cells as a row of the board text.
func compressRow(cells []longCell) string {
	var sb strings.Builder
	empty := 0
	for _, c := range cells {
		if c.ch == '.' {
			empty++
			continue
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
			empty = 0
		}
		sb.WriteByte(c.ch)
		if c.carried != 0 {
			sb.WriteByte('[')
			sb.WriteByte(c.carried)
			sb.WriteByte(']')
		}
	}
	if empty > 0 {
		sb.WriteString(strconv.Itoa(empty))
	}
	return sb.String()
}

// stripLongFlags removes the flags, lying or carried, from a position text
// (the Capture the Map setup is the CTF one without them).
func stripLongFlags(text string) (string, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return "", fmt.Errorf("empty position")
	}
	rows := strings.Split(fields[0], "/")
	for i, row := range rows {
		cells, err := expandRow(row)
		if err != nil {
			return "", fmt.Errorf("row %d: %v", i+1, err)
		}
		for j := range cells {
			if cells[j].ch == 'F' || cells[j].ch == 'f' {
				cells[j].ch = '.'
			}
			cells[j].carried = 0
		}
		rows[i] = compressRow(cells)
	}
	fields[0] = strings.Join(rows, "/")
	return strings.Join(fields, " "), nil
}

// parseLongchess reads a position text (see the variant's help): the board
// row by row from the top (row 1) down, each row from White's end; digits
// count empty squares, '~' is water (also '*', as in FEN), a piece letter
// may be followed by the flag it carries in brackets (N[f]); then the side to
// move (w or b), the draw state ("-", "offered" by the side that just moved,
// or "agreed") and the move number. The last two may be left out.
func parseLongchess(r *core.Rules, text string) (*core.Position, error) {
	bad := func(field, format string, args ...any) (*core.Position, error) {
		return nil, &LongchessTextError{Text: text, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	if len(text) > maxLongText {
		return bad("text", "too long (%d bytes)", len(text))
	}
	g := lgeo(r)
	b := r.Board
	fields := strings.Fields(text)
	if len(fields) < 2 || len(fields) > 4 {
		return bad("text", "want the board, the side to move, and optionally the draw state and the move number, separated by spaces; got %d fields", len(fields))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != b.Ranks {
		return bad("board", "%d rows, the board has %d", len(rows), b.Ranks)
	}
	p := r.NewPosition()
	var flags [2]int
	for i, row := range rows {
		y := b.Ranks - 1 - i
		cells, err := expandRow(row)
		if err != nil {
			return bad("board", "row %d: %v", i+1, err)
		}
		if len(cells) != b.Files {
			return bad("board", "row %d has %d cells, the board has %d", i+1, len(cells), b.Files)
		}
		for x, c := range cells {
			sq := g.at(x, y)
			name := longSquareName(g, sq)
			water := b.IsWater(sq)
			switch {
			case c.ch == '~' && !water:
				return bad("board", "'~' on %s, which is not water", name)
			case c.ch == '~':
				continue
			case water:
				return bad("board", "%s is water: write '~' there", name)
			case c.ch == '.':
				continue
			}
			pc, err := longPiece(r, c.ch)
			if err != nil {
				return bad("board", "%s: %v", name, err)
			}
			if pc.Type() == g.flag {
				flags[pc.Owner()]++
			}
			p.Put(sq, pc)
			if c.carried == 0 {
				continue
			}
			item, err := longPiece(r, c.carried)
			if err != nil || item.Type() != g.flag {
				return bad("board", "%s: a piece can carry only a flag (F or f), not %q", name, string(c.carried))
			}
			if pc.Type() == g.flag {
				return bad("board", "%s: a flag cannot carry a flag", name)
			}
			flags[item.Owner()]++
			p.SetCarry(sq, uint8(item))
		}
	}
	for pl, n := range flags {
		switch {
		case n > 0 && g.ctm:
			return bad("board", "flags are not used in Capture the Map (mode=ctm)")
		case n > 1:
			return bad("board", "%s has %d flags; each side has at most one", longSideName(core.Player(pl)), n)
		}
	}
	switch fields[1] {
	case "w":
	case "b":
		p.SetTurn(1)
	default:
		return bad("turn", "want w or b, got %q", fields[1])
	}
	if len(fields) > 2 {
		switch fields[2] {
		case "-":
		case "offered":
			p.SetCounter(lcCounterOffer, int32(1-p.Turn())+1)
		case "agreed":
			p.SetCounter(lcCounterAgreed, 1)
		default:
			return bad("draw", "want -, offered or agreed, got %q", fields[2])
		}
	}
	if len(fields) > 3 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 || n > 1_000_000 {
			return bad("move number", "want a positive number, got %q", fields[3])
		}
		p.SetFullMove(n)
	}
	p.ForgetSetup()
	return p, nil
}

// longPiece returns the piece a letter of the position text stands for.
func longPiece(r *core.Rules, ch byte) (core.Piece, error) {
	owner := core.Player(0)
	up := ch
	if ch >= 'a' && ch <= 'z' {
		owner, up = 1, ch-'a'+'A'
	}
	t, ok := r.PieceByLetter(string(up))
	if !ok {
		return 0, fmt.Errorf("unknown piece letter %q", string(ch))
	}
	return core.MakePiece(owner, t), nil
}

// formatLongchess writes the position text read by parseLongchess.
func formatLongchess(p *core.Position) string {
	r := p.Rules()
	g := lgeo(r)
	b := r.Board
	buf := make([]byte, 0, 4*b.Files+b.Ranks*8+16)
	for y := b.Ranks - 1; y >= 0; y-- {
		empty := 0
		for x := 0; x < b.Files; x++ {
			sq := g.at(x, y)
			pc := p.At(sq)
			if pc == core.Empty {
				empty++
				continue
			}
			if empty > 0 {
				buf = strconv.AppendInt(buf, int64(empty), 10)
				empty = 0
			}
			if !pc.IsPiece() {
				buf = append(buf, '~')
				continue
			}
			buf = append(buf, longLetter(g, pc))
			if item := core.Piece(p.Carry(sq)); item.IsPiece() {
				buf = append(buf, '[', longLetter(g, item), ']')
			}
		}
		if empty > 0 {
			buf = strconv.AppendInt(buf, int64(empty), 10)
		}
		if y > 0 {
			buf = append(buf, '/')
		}
	}
	buf = append(buf, [2]string{" w", " b"}[p.Turn()&1]...)
	switch {
	case p.Counter(lcCounterAgreed) != 0:
		buf = append(buf, " agreed"...)
	case p.Counter(lcCounterOffer) != 0:
		buf = append(buf, " offered"...)
	default:
		buf = append(buf, " -"...)
	}
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(p.FullMove()), 10)
	return string(buf)
}

// longLetter returns a piece's letter, lower case for Black.
func longLetter(g *longGeo, pc core.Piece) byte {
	l := g.letters[pc.Type()]
	if pc.Owner() == 1 && l != 0 {
		l += 'a' - 'A'
	}
	return l
}

// longSideName names a side.
func longSideName(pl core.Player) string { return [2]string{"White", "Black"}[pl&1] }

// longRankName names file x as the seed names ranks: its number counted from
// the nearer end and the side letter (4W, 18B), C for the central file; 0W
// and 0B are the 0th ranks beyond the ends.
func longRankName(g *longGeo, x int) string {
	switch {
	case x == g.mid && g.files%2 == 1:
		return "C"
	case x < g.mid:
		return strconv.Itoa(max(x+1, 0)) + "W"
	}
	return strconv.Itoa(max(g.files-x, 0)) + "B"
}

// longSquareName names a square as the seed does: its rank (longRankName),
// then its row counted from the top, 1 to 9 (4W2, C5, 18B7).
func longSquareName(g *longGeo, sq core.Square) string {
	return longRankName(g, int(g.x[sq])) + strconv.Itoa(g.ranks-int(g.y[sq]))
}

// longMoveText writes the coordinate text of the Longchess kinds: a charge
// or retreat as the group's file and the file it goes to (e-g), a drop as
// the move and "/drop" (b5d4/drop), a retreat off the board as the square
// and "off" (a2off), and "pass".
func longMoveText(r *core.Rules, m core.Move) string {
	b := r.Board
	switch m.Kind {
	case kindCharge:
		return core.FileName(b.Coord(m.From).X) + "-" + core.FileName(b.Coord(m.To).X)
	case kindDrop:
		return b.Name(m.From) + b.Name(m.To) + "/drop"
	case kindLeave:
		return b.Name(m.From) + "off"
	case kindPass:
		return "pass"
	}
	return ""
}

// longReadable writes a move in the readable notation: the piece letter,
// the squares named as the seed names them, "-" for a move and "x" for a
// capture (N1W3-3W2, R1W2x9W2), "@" for a range attack (B2W4@5W8), "/drop"
// after a move that leaves the carried flag behind; a charge or retreat is
// P and the group's rank and the rank it goes to (P5W-7W, P5Wx6W); a retreat
// off the board goes to the 0th rank (R1W2-0W); and "pass".
func longReadable(p *core.Position, m core.Move) string {
	r := p.Rules()
	g := lgeo(r)
	switch m.Kind {
	case kindPass:
		return "pass"
	case kindCharge:
		_, captures := g.chargeOK(p, p.Turn(), g.groupSlice(p, p.Turn(), int(g.x[m.From])), int(g.x[m.To])-int(g.x[m.From]))
		return "P" + longRankName(g, int(g.x[m.From])) + captureMark(captures) + longRankName(g, int(g.x[m.To]))
	}
	if m.From < 0 || int(m.From) >= r.Board.Size() || m.To < 0 || int(m.To) >= r.Board.Size() {
		return ""
	}
	mover := p.At(m.From)
	if !mover.IsPiece() {
		return ""
	}
	text := string(g.letters[mover.Type()]) + longSquareName(g, m.From)
	switch m.Kind {
	case kindLeave:
		return text + "-0" + [2]string{"W", "B"}[mover.Owner()&1]
	case core.KindStationary:
		return text + "@" + longSquareName(g, m.To)
	case core.KindNormal, kindDrop:
		t := p.At(m.To)
		text += captureMark(t.IsPiece() && t.Owner() != mover.Owner() && t.Type() != g.flag) + longSquareName(g, m.To)
		if m.Kind == kindDrop {
			text += "/drop"
		}
		return text
	}
	return ""
}

// groupSlice returns the pawns of us on file x.
func (g *longGeo) groupSlice(p *core.Position, us core.Player, x int) []core.Square {
	var pawns [64]core.Square
	n := g.group(p, us, x, &pawns)
	return pawns[:n]
}

func captureMark(capture bool) string {
	if capture {
		return "x"
	}
	return "-"
}

// normalReadable puts a readable move text in the form texts are compared
// in: upper case, without "x" and "-", so that a capture written as a move
// (or the other way round) still reads.
func normalReadable(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c == 'x' || c == 'X' || c == '-':
			return -1
		case c >= 'a' && c <= 'z':
			return c - 'a' + 'A'
		}
		return c
	}, strings.TrimSpace(s))
}

// parseLongReadable reads a move in the readable notation (see
// longReadable), in either case, with "x" and "-" interchangeable.
func parseLongReadable(p *core.Position, s string) (core.Move, error) {
	if len(s) > 100 {
		return core.NullMove, fmt.Errorf("move text too long (%d bytes)", len(s))
	}
	want := normalReadable(s)
	legal := p.LegalMoves(nil)
	for _, m := range legal {
		if normalReadable(longReadable(p, m)) == want {
			return m, nil
		}
	}
	// Name the moves of the piece the text starts from, if it names one.
	g := lgeo(p.Rules())
	var mine []string
	for _, m := range legal {
		if m.From >= 0 && m.Kind != kindCharge {
			text := longReadable(p, m)
			from := string(g.letters[p.At(m.From).Type()]) + longSquareName(g, m.From)
			if strings.HasPrefix(want, strings.ToUpper(from)) {
				mine = append(mine, text)
			}
		}
	}
	if len(mine) > 0 {
		return core.NullMove, fmt.Errorf("%s is not a legal move; that piece can play %s", s, strings.Join(mine, ", "))
	}
	return core.NullMove, fmt.Errorf("%s is not a legal move (readable moves look like N1W3-3W2, R1W2x9W2, B2W4@5W8, P5W-7W, R1W2-0W, pass)", s)
}

// longStatus describes the mode, where the flags are, and a pending draw offer.
func longStatus(p *core.Position) []string {
	g := lgeo(p.Rules())
	var lines []string
	if g.ctm {
		lines = append(lines, "Capture the Map: destroy or drive off the whole enemy army")
	} else {
		lines = append(lines, "Capture the Flag: bring the enemy flag to your Keep")
		for pl := core.Player(0); pl < 2; pl++ {
			lines = append(lines, longFlagWhere(p, g, pl))
		}
	}
	if o := p.Counter(lcCounterOffer); o != 0 {
		lines = append(lines, longSideName(core.Player(o-1))+" offers a draw (add :draw to your move to accept)")
	}
	return lines
}

// longFlagWhere says where pl's flag is.
func longFlagWhere(p *core.Position, g *longGeo, pl core.Player) string {
	name := longSideName(pl) + "'s flag"
	flag := core.MakePiece(pl, g.flag)
	for side := core.Player(0); side < 2; side++ {
		for _, sq := range p.PieceSquares(side) {
			switch {
			case p.At(sq) == flag:
				where := "lies on "
				if g.keep[pl].Contains(sq) {
					where = "is in its Keep on "
				}
				return name + " " + where + longSquareName(g, sq)
			case core.Piece(p.Carry(sq)) == flag:
				carrier := p.Rules().Pieces[p.At(sq).Type()].Name
				return fmt.Sprintf("%s is carried by the %s %s on %s", name, strings.ToLower(longSideName(side)), carrier, longSquareName(g, sq))
			}
		}
	}
	return name + " is not on the board"
}

// longEvaluate is the computer player's view: material, and in CTF the
// flags — a carrier of the enemy flag is worth more the nearer it is to its
// own Keep.
func longEvaluate(p *core.Position, pl core.Player) int {
	g := lgeo(p.Rules())
	score := 0
	for side := core.Player(0); side < 2; side++ {
		sum := 0
		for _, sq := range p.PieceSquares(side) {
			sum += g.values[p.At(sq).Type()]
			if item := core.Piece(p.Carry(sq)); item != 0 && item.Owner() != side {
				sum += 300 + 20*(g.files-g.ownRank(side, int(g.x[sq])))
			}
		}
		if side == pl {
			score += sum
		} else {
			score -= sum
		}
	}
	return score
}
