package martian

// Martian Chess position text: reading and writing BOARD TURN PILES CLOCK LAST (see doc/martian-chess.md).

import (
	"fmt"
	"strconv"
	"strings"

	"anychess/core"
)

// martianFields names the fields of the text, in order.
var martianFields = []string{"board", "turn", "piles", "clock", "last move"}

// maxMartianText bounds the input, so hostile text cannot make the parser work hard.
const maxMartianText = 1000

// parseMartian reads a position; on any error it returns only the error, a
// *core.PositionError naming the field at fault ("board", "turn", "piles",
// "clock", "last move", or "text" for the whole).
func parseMartian(r *core.Rules, text string) (*core.Position, error) {
	bad := core.PositionFault("martian-chess position", text)
	if len(text) > maxMartianText {
		return bad("text", "too long (%d bytes)", len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != len(martianFields) {
		return bad("text", "want %d fields (%s) separated by spaces, got %d", len(martianFields), strings.Join(martianFields, ", "), len(fields))
	}
	b := r.Board
	n := r.Players
	p := r.NewPosition()
	var supply [4]int // pieces of each size on the board and in the piles

	// Board: the pieces have no colour; each belongs to its zone's player.
	err := b.ReadBoard(fields[0], core.BoardText{}, func(sq core.Square, text string) error {
		switch ch := text[0]; {
		case strings.IndexByte(martianLetters[1:], ch) >= 0:
			t := core.PieceType(strings.IndexByte(martianLetters, ch))
			p.Put(sq, core.MakePiece(zoneOf(b, sq), t))
			supply[t]++
			return nil
		case strings.IndexByte("pdq", ch) >= 0:
			return fmt.Errorf("%q: pieces have no colour, write them in upper case (P, D, Q)", string(rune(ch)))
		default:
			return fmt.Errorf("%q is not a piece (P, D, Q) or a count of empty squares", string(rune(ch)))
		}
	})
	if err != nil {
		return bad("board", "%v", err)
	}

	// Turn.
	turn, err := strconv.Atoi(fields[1])
	if err != nil || turn < 1 || turn > n || fields[1] != strconv.Itoa(turn) {
		return bad("turn", "want the number of the player to move, 1 to %d, got %q", n, fields[1])
	}
	p.SetTurn(core.Player(turn - 1))

	// Piles.
	piles := strings.Split(fields[2], "/")
	if len(piles) != n {
		return bad("piles", "want %d piles separated by '/', one per player ('-' for an empty one), got %d", n, len(piles))
	}
	for pl, pile := range piles {
		if pile == "-" {
			continue
		}
		if pile == "" {
			return bad("piles", "player %d's pile is empty text: write '-'", pl+1)
		}
		var score int32
		for k := 0; k < len(pile); k++ {
			idx := strings.IndexByte(martianLetters[1:], pile[k])
			if idx < 0 {
				return bad("piles", "player %d: %q is not a piece (Q, D, P)", pl+1, pile[k:k+1])
			}
			t := core.PieceType(idx + 1)
			supply[t]++
			if supply[t] > 3*n {
				break // reported below, with the count
			}
			i := pileCounter(core.Player(pl), t)
			p.SetCounter(i, p.Counter(i)+1)
			score += int32(t)
		}
		p.SetScore(core.Player(pl), score)
	}
	for t := martianPawn; t <= martianQueen; t++ {
		if supply[t] > 3*n {
			return bad("piles", "more %ss on the board and in the piles than the %d of the set", r.Pieces[t].Name, 3*n)
		}
	}

	// Clock.
	if fields[3] != "-" {
		c, err := strconv.Atoi(fields[3])
		if err != nil || c < 0 || c > clockLimit || fields[3] != strconv.Itoa(c) {
			return bad("clock", "want '-' (not called) or the moves since the call or the last capture, 0 to %d, got %q", clockLimit, fields[3])
		}
		p.SetCounter(counterClock, int32(c)+1)
	}

	// Last move.
	if fields[4] != "-" {
		from, to, msg := parseLastMove(p, fields[4])
		if msg != "" {
			return bad("last move", "%s", msg)
		}
		p.SetCounter(counterBanFrom, int32(to)+1)
		p.SetCounter(counterBanTo, int32(from)+1)
	}
	p.ForgetSetup()
	return p, nil
}

// parseLastMove reads the LAST field, a move such as b5b4, and checks that it
// is a move that just brought a piece from the previous player's zone into the
// zone of the player to move. It returns a message when it is not.
func parseLastMove(p *core.Position, s string) (from, to core.Square, msg string) {
	r := p.Rules()
	b := r.Board
	split := 0
	for split < len(s) && s[split] >= 'a' && s[split] <= 'z' {
		split++
	}
	for split < len(s) && s[split] >= '0' && s[split] <= '9' {
		split++
	}
	var err error
	if from, err = b.ParseSquare(s[:split]); err != nil {
		return 0, 0, fmt.Sprintf("want '-' or a move such as b5b4: %v", err)
	}
	if to, err = b.ParseSquare(s[split:]); err != nil {
		return 0, 0, fmt.Sprintf("want '-' or a move such as b5b4: %v", err)
	}
	prev := core.Player((int(p.Turn()) + r.Players - 1) % r.Players)
	names := playerNames(r)
	pc := p.At(to)
	fc, tc := b.Coord(from), b.Coord(to)
	dx, dy := tc.X-fc.X, tc.Y-fc.Y
	dist := max(abs64(dx), abs64(dy))
	switch {
	case zoneOf(b, from) != prev:
		return 0, 0, fmt.Sprintf("%s: the previous player, %s, can only have moved from their own zone", s, names[prev])
	case zoneOf(b, to) != p.Turn():
		return 0, 0, fmt.Sprintf("%s: only a move into the zone of the player to move (%s) is kept", s, names[p.Turn()])
	case p.At(from) != core.Empty:
		return 0, 0, fmt.Sprintf("%s: %s must be empty, the piece has just left it", s, b.Name(from))
	case !pc.IsPiece():
		return 0, 0, fmt.Sprintf("%s: no piece on %s", s, b.Name(to))
	case dx != 0 && dy != 0 && abs64(dx) != abs64(dy):
		return 0, 0, fmt.Sprintf("%s: not along a rank, file or diagonal", s)
	case pc.Type() == martianPawn && (dist != 1 || dx == 0 || dy == 0):
		return 0, 0, fmt.Sprintf("%s: the pawn on %s cannot have come from %s", s, b.Name(to), b.Name(from))
	case pc.Type() == martianDrone && (dist > 2 || dx != 0 && dy != 0):
		return 0, 0, fmt.Sprintf("%s: the drone on %s cannot have come from %s", s, b.Name(to), b.Name(from))
	}
	step := core.Coord{X: sign(dx), Y: sign(dy)}
	for k := int64(1); k < dist; k++ {
		if p.At(b.Square(core.Coord{X: fc.X + k*step.X, Y: fc.Y + k*step.Y})) != core.Empty {
			return 0, 0, fmt.Sprintf("%s: the way between the squares is blocked", s)
		}
	}
	return from, to, ""
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int64) int64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// pileText writes a player's pile: queens, drones, then pawns; "-" if empty.
func pileText(p *core.Position, pl core.Player) string {
	var sb strings.Builder
	for t := martianQueen; t >= martianPawn; t-- {
		sb.WriteString(strings.Repeat(martianLetters[t:t+1], int(p.Counter(pileCounter(pl, t)))))
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

// formatMartian writes a position as parseMartian reads it.
func formatMartian(p *core.Position) string {
	r := p.Rules()
	b := r.Board
	var sb strings.Builder
	sb.Write(b.AppendBoard(make([]byte, 0, 2*b.Files*b.Ranks), core.BoardText{}, func(buf []byte, sq core.Square) []byte {
		if pc := p.At(sq); pc.IsPiece() {
			buf = append(buf, martianLetters[pc.Type()])
		}
		return buf
	}))
	fmt.Fprintf(&sb, " %d ", p.Turn()+1)
	for pl := 0; pl < r.Players; pl++ {
		if pl > 0 {
			sb.WriteByte('/')
		}
		sb.WriteString(pileText(p, core.Player(pl)))
	}
	if c := p.Counter(counterClock); c > 0 {
		fmt.Fprintf(&sb, " %d", c-1)
	} else {
		sb.WriteString(" -")
	}
	if from, to := ban(p); from != core.NoSquare {
		sb.WriteString(" " + b.Name(to) + b.Name(from))
	} else {
		sb.WriteString(" -")
	}
	return sb.String()
}
