package longchess

// Longchess text: the position text (options, mines and shells included), square names as the seed gives them (4W2, C5), and the move notations.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"anychess/core"
)

// maxLongText bounds the input, so hostile text cannot make the parser work hard.
const maxLongText = 2000

// longCell is one cell of a row as written: ch is '.' empty, '~' water, or
// a piece letter — in the two-team text upper case White, lower case Black;
// in the four-team text upper case after the team's letter team — and
// carried (with cteam) the flag it carries (0 for none).
type longCell struct{ team, ch, cteam, carried byte }

// longText is how the position text writes its board: rows named by their
// place from the top (players call the files ranks), water written '~', a
// piece with the flag it carries (N[f]) and, in the four-team text (four),
// with its team's letter (rN[bF]).
func longText(four bool) core.BoardText {
	return core.BoardText{Rows: true, Water: '~', Cell: func(s string) (int, error) {
		_, n, err := readCell(s, four)
		return n, err
	}}
}

// expandRow reads one row of the board text into its cells, for editing a
// start text before there is a board; four reads the four-team form.
func expandRow(row string, four bool) ([]longCell, error) {
	var cells []longCell
	n, err := longText(four).ScanRow(row, core.MaxBoardSide, func(_ int, text string) error {
		switch {
		case text == "":
			cells = append(cells, longCell{ch: '.'})
		case text == "~" || text == "*":
			cells = append(cells, longCell{ch: '~'})
		default:
			c, _, _ := readCell(text, four) // its form was checked
			cells = append(cells, c)
		}
		return nil
	})
	if err == nil && n > core.MaxBoardSide {
		err = fmt.Errorf("more than %d cells", core.MaxBoardSide)
	}
	return cells, err
}

// readCell reads the piece that s starts with, and the flag it carries in
// brackets after it if any, and returns how many bytes they take.
func readCell(s string, four bool) (longCell, int, error) {
	if ch := s[0]; !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z') {
		return longCell{}, 0, fmt.Errorf("unexpected %q", string(rune(ch)))
	}
	c, i, err := readPiece(s, 0, four)
	if err != nil {
		return c, 0, err
	}
	if i < len(s) && s[i] == '[' {
		f, j, err := readPiece(s, i+1, four)
		if err != nil || j >= len(s) || s[j] != ']' {
			if four {
				return c, 0, fmt.Errorf("a carried flag is written in brackets after its carrier, as in rN[bF]")
			}
			return c, 0, fmt.Errorf("a carried flag is written as a piece letter then [F] or [f], as in N[f]")
		}
		c.cteam, c.carried = f.team, f.ch
		i = j + 1
	}
	return c, i, nil
}

// readPiece reads the piece written at row[i] and returns the index after it.
func readPiece(row string, i int, four bool) (longCell, int, error) {
	if i >= len(row) {
		return longCell{}, i, fmt.Errorf("a piece is missing at the end of the row")
	}
	if !four {
		ch := row[i]
		if !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z') {
			return longCell{}, i, fmt.Errorf("unexpected %q", string(rune(ch)))
		}
		return longCell{ch: ch}, i + 1, nil
	}
	if strings.IndexByte(fourSides, row[i]) < 0 || i+1 >= len(row) || row[i+1] < 'A' || row[i+1] > 'Z' {
		return longCell{}, i, fmt.Errorf("a piece is written as its team's letter (r, b, y, g) and its upper-case letter, as in rR; got %q", row[i:min(len(row), i+2)])
	}
	return longCell{team: row[i], ch: row[i+1]}, i + 2, nil
}

// compressRow writes cells as a row of the board text.
func compressRow(cells []longCell) string {
	return string(core.AppendRow(nil, len(cells), func(buf []byte, x int) []byte {
		c := cells[x]
		if c.ch == '.' {
			return buf
		}
		if c.team != 0 {
			buf = append(buf, c.team)
		}
		buf = append(buf, c.ch)
		if c.carried != 0 {
			buf = append(buf, '[')
			if c.cteam != 0 {
				buf = append(buf, c.cteam)
			}
			buf = append(buf, c.carried, ']')
		}
		return buf
	}))
}

// stripLongFlags removes the flags, lying or carried, from a two-team
// position text (the Capture the Map setup is the CTF one without them).
func stripLongFlags(text string) (string, error) {
	return editStart(text, func(rows [][]longCell) error {
		for _, cells := range rows {
			for j := range cells {
				if cells[j].ch == 'F' || cells[j].ch == 'f' {
					cells[j].ch = '.'
				}
				cells[j].carried = 0
			}
		}
		return nil
	})
}

// longTags are the tagged fields that may follow the move number.
var longTags = []string{"options", "mines", "shells"}

// parseLongchess reads a position text (see the variant's help): the board
// row by row from the top (row 1) down, each row from White's end (the
// left); digits count empty squares, '~' is water (also '*', as in FEN), a
// piece letter may be followed by the flag it carries in brackets (N[f]);
// in the four-team text every piece is its team's letter and its upper-case
// letter (rN[bF]). Then the side to move (w or b; r, b, y or g), the draw
// state ("-", "offered" by the last player to move, "offered2" and
// "offered3" by the last two or three, or "agreed") and the move number;
// the last two may be left out. Then, in any order, the tagged fields:
// options: the options in force (checked against the rules'), mines: and
// shells: the players' mines and shells in flight, each as the player's
// letter and the square (mines:we5,bx3).
func parseLongchess(r *core.Rules, text string) (*core.Position, error) {
	bad := core.PositionFault("longchess position", text)
	if len(text) > maxLongText {
		return bad("text", "too long (%d bytes)", len(text))
	}
	g := lgeo(r)
	b := r.Board
	var fields []string
	tagged := map[string]string{}
	for i, f := range strings.Fields(text) {
		if tag, val, ok := strings.Cut(f, ":"); ok && i >= 2 && slices.Contains(longTags, tag) {
			if _, dup := tagged[tag]; dup {
				return bad("text", "two %s: fields", tag)
			}
			tagged[tag] = val
			continue
		}
		if len(tagged) > 0 {
			return bad("text", "the fields options:, mines: and shells: come last")
		}
		fields = append(fields, f)
	}
	if len(fields) < 2 || len(fields) > 4 {
		return bad("text", "want the board, the side to move, and optionally the draw state and the move number, separated by spaces, then the fields options:, mines: and shells: if any; got %d fields", len(fields))
	}
	p := r.NewPosition()
	var flags [core.MaxPlayers]int
	form := longText(g.four)
	form.Name = g.sqName // the seed's square names
	err := b.ReadBoard(fields[0], form, func(sq core.Square, text string) error {
		c, _, _ := readCell(text, g.four) // its form was checked
		name := g.sqName(sq)
		pc, err := g.readPiece(r, c.team, c.ch)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if pc.Type() == g.flag {
			flags[pc.Owner()]++
		}
		p.Put(sq, pc)
		if c.carried == 0 {
			return nil
		}
		item, err := g.readPiece(r, c.cteam, c.carried)
		if err != nil || item.Type() != g.flag {
			return fmt.Errorf("%s: a piece can carry only a flag, not %q", name, string(rune(c.carried)))
		}
		if pc.Type() == g.flag {
			return fmt.Errorf("%s: a flag cannot carry a flag", name)
		}
		flags[item.Owner()]++
		p.SetCarry(sq, uint8(item))
		return nil
	})
	if err != nil {
		return bad("board", "%v", err)
	}
	for pl, n := range flags[:g.players] {
		switch {
		case n > 0 && g.mods.ctm:
			return bad("board", "flags are not used in Capture the Map (mode=ctm)")
		case n > 1:
			return bad("board", "%s has %d flags; each side has at most one", g.sideName(core.Player(pl)), n)
		}
	}
	turn := strings.IndexByte(g.sides, fields[1][0])
	if len(fields[1]) != 1 || turn < 0 {
		return bad("turn", "want %s, got %q", orList(g.sides), fields[1])
	}
	p.SetTurn(core.Player(turn))
	if len(fields) > 2 {
		switch d := fields[2]; {
		case d == "-":
		case d == "agreed":
			p.SetCounter(lcCounterAgreed, 1)
		case strings.HasPrefix(d, "offered"):
			n := 1
			if d != "offered" {
				var err error
				if n, err = strconv.Atoi(d[len("offered"):]); err != nil || n < 2 || n >= g.players {
					return bad("draw", "want -, offered, agreed or offeredN with N from 2 to %d, got %q", g.players-1, d)
				}
			}
			p.SetCounter(lcCounterOffer, int32(n))
		default:
			return bad("draw", "want -, offered or agreed, got %q", d)
		}
	}
	if len(fields) > 3 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 || n > 1_000_000 {
			return bad("move number", "want a positive number, got %q", fields[3])
		}
		p.SetFullMove(n)
	}
	if opts, ok := tagged["options"]; ok {
		if !sameOptions(opts, g.optionText) {
			want := g.optionText
			if want == "" {
				want = "none"
			}
			return bad("options", "the position is of a game with the options %s; these rules play with %s (set them with --option)", opts, want)
		}
	}
	for _, tag := range longTags[1:] {
		list, ok := tagged[tag]
		if !ok {
			continue
		}
		if msg := g.readMarks(p, tag, list); msg != "" {
			return bad(tag, "%s", msg)
		}
	}
	p.ForgetSetup()
	return p, nil
}

// readPiece returns the piece a letter of the position text stands for
// (team is the four-team text's team letter, 0 in the two-team text).
func (g *longGeo) readPiece(r *core.Rules, team, ch byte) (core.Piece, error) {
	var pc core.Piece
	var ok bool
	if g.four {
		var t core.PieceType
		t, ok = r.PieceByLetter(string(rune(ch)))
		pc = core.MakePiece(core.Player(strings.IndexByte(fourSides, team)), t)
	} else {
		pc, ok = r.PieceOfLetter(ch)
	}
	if !ok {
		if ch == 'A' || ch == 'a' { // four-team letters are upper case
			return 0, fmt.Errorf("unknown piece letter %q (the artillery plays only with --option artillery)", string(rune(ch)))
		}
		return 0, fmt.Errorf("unknown piece letter %q", string(rune(ch)))
	}
	return pc, nil
}

// sameOptions reports whether two comma-separated option lists name the
// same options.
func sameOptions(a, b string) bool {
	split := func(s string) []string {
		var out []string
		for _, o := range strings.Split(s, ",") {
			if o != "" {
				out = append(out, o)
			}
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(split(a), split(b))
}

// readMarks reads a mines: or shells: list into the position and returns
// what is wrong with it, or "".
func (g *longGeo) readMarks(p *core.Position, tag, list string) string {
	shells := tag == "shells"
	switch {
	case shells && g.art == 0:
		return "shells are not in play (--option artillery)"
	case !shells && !g.mods.mines:
		return "mines are not in play (--option mines)"
	case list == "":
		return "want one or more, each a player's letter and a square (we5)"
	}
	var count [core.MaxPlayers]int32
	for _, item := range strings.Split(list, ",") {
		if len(item) < 3 {
			return fmt.Sprintf("%q: want a player's letter and a square (we5)", item)
		}
		owner := strings.IndexByte(g.sides, item[0])
		if owner < 0 {
			return fmt.Sprintf("%q: the player's letter is one of %s", item, orList(g.sides))
		}
		pl := core.Player(owner)
		sq, err := g.board.ParseSquare(item[1:])
		if err != nil || !g.board.Playable(sq) {
			return fmt.Sprintf("%q: not a square of the board", item)
		}
		mk := p.Mark(sq)
		switch {
		case shells && mk&shellBit(pl) != 0:
			return fmt.Sprintf("two shells of %s on %s", g.sideName(pl), item[1:])
		case shells && pl == p.Turn():
			return fmt.Sprintf("%s is to move: its shells fell at the start of its turn", g.sideName(pl))
		case shells && count[pl] == maxShells:
			return fmt.Sprintf("%s has more than %d shells in flight", g.sideName(pl), maxShells)
		case shells:
			p.SetMark(sq, mk|shellBit(pl))
		case mk&mineMask != 0:
			return fmt.Sprintf("two mines on %s", item[1:])
		case p.At(sq) != core.Empty:
			return fmt.Sprintf("a mine on %s, where a piece stands", item[1:])
		default:
			p.SetMark(sq, mk|mineBit(pl))
		}
		count[pl]++
	}
	for pl := core.Player(0); shells && int(pl) < g.players; pl++ {
		if count[pl] > 0 {
			p.SetCounter(lcCounterShells+int(pl), count[pl])
		}
	}
	return ""
}

// orList writes the letters of s as "a, b or c".
func orList(s string) string {
	parts := strings.Split(s, "")
	if len(parts) < 2 {
		return s
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// formatLongchess writes the position text read by parseLongchess.
func formatLongchess(p *core.Position) string {
	r := p.Rules()
	g := lgeo(r)
	b := r.Board
	buf := b.AppendBoard(make([]byte, 0, 4*b.Files*b.Ranks/3+64), longText(g.four), func(buf []byte, sq core.Square) []byte {
		pc := p.At(sq)
		if !pc.IsPiece() {
			return buf
		}
		buf = g.appendPiece(buf, pc)
		if item := core.Piece(p.Carry(sq)); item.IsPiece() {
			buf = append(buf, '[')
			buf = g.appendPiece(buf, item)
			buf = append(buf, ']')
		}
		return buf
	})
	buf = append(buf, ' ', g.sides[int(p.Turn())%len(g.sides)])
	switch n := p.Counter(lcCounterOffer); {
	case p.Counter(lcCounterAgreed) != 0:
		buf = append(buf, " agreed"...)
	case n == 1:
		buf = append(buf, " offered"...)
	case n > 1:
		buf = append(buf, " offered"...)
		buf = strconv.AppendInt(buf, int64(n), 10)
	default:
		buf = append(buf, " -"...)
	}
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(p.FullMove()), 10)
	if g.optionText != "" {
		buf = append(buf, " options:"...)
		buf = append(buf, g.optionText...)
	}
	for _, tag := range longTags[1:] {
		if list := g.markList(p, tag == "shells"); list != "" {
			buf = append(buf, ' ')
			buf = append(buf, tag...)
			buf = append(buf, ':')
			buf = append(buf, list...)
		}
	}
	return string(buf)
}

// markList lists the mines (or shells), each as its player's letter and its
// square, players in seat order, squares in board order.
func (g *longGeo) markList(p *core.Position, shells bool) string {
	if !shells && !g.mods.mines || shells && g.art == 0 {
		return ""
	}
	var items []string
	for pl := core.Player(0); int(pl) < g.players; pl++ {
		bit := mineBit(pl)
		if shells {
			bit = shellBit(pl)
		}
		for _, sq := range g.board.Squares() {
			if p.Mark(sq)&bit != 0 {
				items = append(items, string(g.sides[pl])+g.board.Name(sq))
			}
		}
	}
	return strings.Join(items, ",")
}

// appendPiece writes a piece as the position text does: its letter, lower
// case for Black; four teams, its team's letter and its letter (rR).
func (g *longGeo) appendPiece(buf []byte, pc core.Piece) []byte {
	if g.four {
		return append(buf, fourSides[pc.Owner()&3], g.letters[pc.Type()])
	}
	return append(buf, longLetter(g, pc))
}

// longLetter returns a piece's letter, lower case for Black (two teams).
func longLetter(g *longGeo, pc core.Piece) byte {
	l := g.letters[pc.Type()]
	if pc.Owner() == 1 && l != 0 {
		l += 'a' - 'A'
	}
	return l
}

// sideName names a player: White, Black; Red, Blue, Yellow, Green.
func (g *longGeo) sideName(pl core.Player) string {
	if int(pl) >= len(g.names) {
		return "nobody"
	}
	n := g.names[pl]
	return strings.ToUpper(n[:1]) + n[1:]
}

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

// sqName names a square as the readable notation does: the seed's names in
// the two-team game, coordinates (a1–m13) in the four-team game.
func (g *longGeo) sqName(sq core.Square) string {
	if g.four {
		return g.board.Name(sq)
	}
	return longSquareName(g, sq)
}

// parseSqName reads a square name of the readable notation (sqName), in
// either case.
func (g *longGeo) parseSqName(s string) (core.Square, error) {
	if g.four {
		return g.board.ParseSquare(strings.ToLower(s))
	}
	s = strings.ToUpper(s)
	bad := fmt.Errorf("bad square %q: squares are named like 4W2, 18B7 or C5", s)
	x := -1
	rest := ""
	if t, ok := strings.CutPrefix(s, "C"); ok && g.files%2 == 1 {
		x, rest = g.mid, t
	} else {
		i := strings.IndexAny(s, "WB")
		if i < 1 || i > 2 {
			return core.NoSquare, bad
		}
		k, err := strconv.Atoi(s[:i])
		if err != nil || k < 1 || k > g.mid {
			return core.NoSquare, bad
		}
		x = g.fileOf(core.Player(strings.IndexByte("WB", s[i])), k)
		rest = s[i+1:]
	}
	row, err := strconv.Atoi(rest)
	if err != nil || len(rest) > 2 || row < 1 || row > g.ranks {
		return core.NoSquare, bad
	}
	return g.at(x, g.ranks-row), nil
}

// validSquare reports whether sq indexes the mailbox.
func (g *longGeo) validSquare(sq core.Square) bool { return sq >= 0 && int(sq) < len(g.x) }

// lineName names the line of a charge's group through sq: in the two-team
// game its rank as the seed names it (5W); four teams, its file letter
// (along 1) or its rank number.
func (g *longGeo) lineName(sq, along core.Square) string {
	switch {
	case !g.four:
		return longRankName(g, int(g.x[sq]))
	case along == 1:
		return core.FileName(int64(g.x[sq]))
	}
	return strconv.Itoa(int(g.y[sq]) + 1)
}

// longMoveText writes the coordinate text of the Longchess kinds: a charge
// or retreat as the group's file and the file it goes to (e-g; a rank
// group of the four-team game by its ranks, 5-7), a drop as the move and
// "/drop" (b5d4/drop), a retreat off the board as the square and "off"
// (a2off), a mine as the pawn's square, "*" and the mine's (e5*e6), a salvo
// as the artillery's square and "^" before each shell's (a5^k3^l7), and
// "pass".
func longMoveText(r *core.Rules, m core.Move) string {
	g := lgeo(r)
	b := r.Board
	if m.Kind == kindPass {
		return "pass"
	}
	if !g.validSquare(m.From) || !g.validSquare(m.To) {
		return ""
	}
	switch m.Kind {
	case kindCharge:
		_, along, _ := g.chargeLine(m)
		if !g.four {
			return core.FileName(int64(g.x[m.From])) + "-" + core.FileName(int64(g.x[m.To]))
		}
		return g.lineName(m.From, along) + "-" + g.lineName(m.To, along)
	case kindDrop:
		return b.Name(m.From) + b.Name(m.To) + "/drop"
	case kindLeave:
		return b.Name(m.From) + "off"
	case kindMine:
		return b.Name(m.From) + "*" + b.Name(m.To)
	case kindSalvo:
		text := b.Name(m.From)
		sqs, n, _ := shellsOf(m)
		for _, sq := range sqs[:n] {
			if !g.validSquare(sq) {
				return ""
			}
			text += "^" + b.Name(sq)
		}
		return text
	}
	return ""
}

// longReadable writes a move in the readable notation: the piece letter,
// the squares (sqName), "-" for a move and "x" for a capture (N1W3-3W2,
// R1W2x9W2), "@" for a range attack (B2W4@5W8), "/drop" after a move that
// leaves the carried flag behind; a charge or retreat is P and the group's
// line and the line it goes to (P5W-7W, P5Wx6W; four teams Pe-g, P5x7); a
// retreat off the board goes to the 0th rank (R1W2-0W; four teams Rb13-off);
// a mine is P, the pawn's square, "*" and the mine's (P5W4*6W4); a salvo is
// A, the artillery's square and "^" before each shell's (A1W5^11W3^12W7);
// and "pass".
func longReadable(p *core.Position, m core.Move) string {
	r := p.Rules()
	g := lgeo(r)
	if m.Kind == kindPass {
		return "pass"
	}
	if !g.validSquare(m.From) || !g.validSquare(m.To) {
		return ""
	}
	if m.Kind == kindCharge {
		step, along, dist := g.chargeLine(m)
		_, captures := g.chargeOK(p, p.Turn(), g.groupSlice(p, p.Turn(), m.From, along), step, dist)
		return "P" + g.lineName(m.From, along) + captureMark(captures) + g.lineName(m.To, along)
	}
	mover := p.At(m.From)
	if !mover.IsPiece() {
		return ""
	}
	text := string(g.letters[mover.Type()]) + g.sqName(m.From)
	switch m.Kind {
	case kindLeave:
		if g.four {
			return text + "-off"
		}
		return text + "-0" + [2]string{"W", "B"}[mover.Owner()&1]
	case core.KindStationary:
		return text + "@" + g.sqName(m.To)
	case core.KindNormal, kindDrop:
		t := p.At(m.To)
		text += captureMark(t.IsPiece() && t.Owner() != mover.Owner() && t.Type() != g.flag) + g.sqName(m.To)
		if m.Kind == kindDrop {
			text += "/drop"
		}
		return text
	case kindMine:
		return text + "*" + g.sqName(m.To)
	case kindSalvo:
		sqs, n, _ := shellsOf(m)
		for _, sq := range sqs[:n] {
			if !g.validSquare(sq) {
				return ""
			}
			text += "^" + g.sqName(sq)
		}
		return text
	}
	return ""
}

// groupSlice returns the pawns of us on the line through sq (see group).
func (g *longGeo) groupSlice(p *core.Position, us core.Player, sq, along core.Square) []core.Square {
	var pawns [core.MaxBoardSide]core.Square
	n := g.group(p, us, sq, along, &pawns)
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
// longReadable), in either case, with "x" and "-" interchangeable. A salvo
// is decided exactly, its shells in any order; other moves are matched
// against the legal moves.
func parseLongReadable(p *core.Position, s string) (core.Move, error) {
	if len(s) > 100 {
		return core.NullMove, fmt.Errorf("move text too long (%d bytes)", len(s))
	}
	g := lgeo(p.Rules())
	if t := strings.TrimSpace(s); strings.Contains(t, "^") {
		parts := strings.Split(t, "^")
		if len(parts[0]) < 2 || parts[0][0] != 'A' && parts[0][0] != 'a' {
			return core.NullMove, fmt.Errorf("%s: a salvo is written A, the artillery's square, then ^ and each shell's square (A1W5^11W3^12W7)", s)
		}
		from, err := g.parseSqName(parts[0][1:])
		if err != nil {
			return core.NullMove, fmt.Errorf("%s: %v", s, err)
		}
		m, err := g.salvoFrom(p, from, parts[1:], g.parseSqName)
		if err != nil {
			return core.NullMove, fmt.Errorf("%s is not a legal move: %v", s, err)
		}
		return m, nil
	}
	want := normalReadable(s)
	legal := p.LegalMoves(nil)
	for _, m := range legal {
		if normalReadable(longReadable(p, m)) == want {
			return m, nil
		}
	}
	// Name the moves of the piece the text starts from, if it names one.
	var mine []string
	for _, m := range legal {
		if m.From >= 0 && m.Kind != kindCharge {
			text := longReadable(p, m)
			from := string(g.letters[p.At(m.From).Type()]) + g.sqName(m.From)
			if strings.HasPrefix(want, strings.ToUpper(from)) {
				mine = append(mine, text)
			}
		}
	}
	if len(mine) > 0 {
		return core.NullMove, fmt.Errorf("%s is not a legal move; that piece can play %s", s, strings.Join(mine, ", "))
	}
	if g.four {
		return core.NullMove, fmt.Errorf("%s is not a legal move (readable moves look like Nc11-d9, Rc13xc9, Rc13@c9, Pe-g, P9-7, Bb13-off, pass)", s)
	}
	return core.NullMove, fmt.Errorf("%s is not a legal move (readable moves look like N1W3-3W2, R1W2x9W2, B2W4@5W8, P5W-7W, R1W2-0W, pass)", s)
}

// longStatus describes the game and its options, where the flags are, the
// mines and the shells in flight, and a pending draw offer.
func longStatus(p *core.Position) []string {
	g := lgeo(p.Rules())
	var lines []string
	if g.mods.ctm {
		lines = append(lines, "Capture the Map: destroy or drive off the whole enemy army")
	} else {
		lines = append(lines, "Capture the Flag: bring an enemy flag to your Keep (a side with no pieces left loses)")
	}
	for pl := core.Player(0); int(pl) < g.players && g.players > 2; pl++ {
		if !g.inPlay(p, pl) {
			lines = append(lines, g.sideName(pl)+" is out (no pieces left): it passes")
		}
	}
	if names := g.mods.names(); len(names) > 0 {
		lines = append(lines, "Options: "+strings.Join(names, ", "))
	}
	if !g.mods.ctm {
		for pl := core.Player(0); int(pl) < g.players; pl++ {
			lines = append(lines, longFlagWhere(p, g, pl))
		}
	}
	for pl := core.Player(0); int(pl) < g.players; pl++ {
		var mines, shells []string
		for _, sq := range g.board.Squares() {
			mk := p.Mark(sq)
			if mk&mineBit(pl) != 0 {
				mines = append(mines, g.sqName(sq))
			}
			if mk&shellBit(pl) != 0 {
				shells = append(shells, g.sqName(sq))
			}
		}
		if len(mines) > 0 {
			lines = append(lines, g.sideName(pl)+"'s mines: "+strings.Join(mines, ", "))
		}
		if len(shells) > 0 {
			lines = append(lines, fmt.Sprintf("%s's shells fall at the start of its turn on: %s (radius 3)", g.sideName(pl), strings.Join(shells, ", ")))
		}
	}
	if n := int(p.Counter(lcCounterOffer)); n > 0 {
		// The offers came from the last n sides still in to move (a side
		// that is out passes without offering).
		var who []string
		for k := 1; k <= g.players && len(who) < n; k++ {
			if pl := core.Player((int(p.Turn()) + g.players - k) % g.players); g.inPlay(p, pl) {
				who = append([]string{g.sideName(pl)}, who...)
			}
		}
		lines = append(lines, strings.Join(who, " and ")+" offered a draw (add :draw to your move to agree)")
	}
	return lines
}

// longFlagWhere says where pl's flag is.
func longFlagWhere(p *core.Position, g *longGeo, pl core.Player) string {
	name := g.sideName(pl) + "'s flag"
	flag := core.MakePiece(pl, g.flag)
	for side := core.Player(0); int(side) < g.players; side++ {
		for _, sq := range p.PieceSquares(side) {
			switch {
			case p.At(sq) == flag:
				where := "lies on "
				if g.keep[pl].Contains(sq) {
					where = "is in its Keep on "
				}
				return name + " " + where + g.sqName(sq)
			case core.Piece(p.Carry(sq)) == flag:
				carrier := p.Rules().Pieces[p.At(sq).Type()].Name
				return fmt.Sprintf("%s is carried by the %s %s on %s", name, strings.ToLower(g.sideName(side)), carrier, g.sqName(sq))
			}
		}
	}
	return name + " is not on the board"
}
