package termui

// The text board: cells, zones and canals, terrain, carried items, marks and labels.

import (
	"fmt"
	"strings"

	"anychess/core"
)

// Render draws the board with rank numbers on the left and file letters below.
// Player 0's pieces are upper case, player 1's lower case, player 2's and 3's
// are marked with a trailing ' or ". Cells that are not part of the board are
// blank; water is '~'; empty squares are '.'. When the board has players'
// zones (BoardDef.Zones), their borders (Martian Chess's canals) are drawn
// between the cells: '|' between files, a line of '-' between ranks. An
// empty square of a region the variant draws (BoardDef.Draw: bridges, keeps)
// shows that region's character, and a piece carrying an item (a flag, see
// core.Position.Carry) is followed by the item's letter ("Nf"); cells widen
// to fit. The marks of the marks layer that the variant declares
// (BoardDef.Marks: Longchess's mines and shells) are drawn in their owner's
// style (MarkText) on an empty square, or after the piece on an occupied
// one, and a line under the board says whose they are (MarksLegend). Where
// the variant gives the names players use for files and ranks
// (BoardDef.FileLabels, RankLabels), they are shown above the board and at
// the right of each rank.
func Render(p *core.Position) string {
	if p.Unbounded() {
		return RenderView(p, DefaultView(p)) // a window of the board (view.go)
	}
	r := p.Rules()
	b := r.Board
	width := 2
	if b.Files > 26 || r.Players > 2 {
		width = 3
	}
	for _, sq := range b.Squares() {
		width = max(width, len(cell(p, sq))+1)
	}
	fileLabels, rankLabels := r.Def.Board.FileLabels, r.Def.Board.RankLabels
	for _, l := range fileLabels {
		width = max(width, len(l)+1)
	}
	zoned := len(b.Zones()) > 0
	label := len(fmt.Sprint(b.Ranks))
	var sb strings.Builder
	if len(fileLabels) == b.Files {
		sb.WriteString(strings.Repeat(" ", label+1))
		for _, l := range fileLabels {
			sb.WriteString(pad(l, width))
		}
		sb.WriteByte('\n')
	}
	for y := b.Ranks - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%*d ", label, y+1)
		for x := 0; x < b.Files; x++ {
			text := pad(cell(p, at(b, x, y)), width)
			if zoned && x+1 < b.Files && border(b, x, y, x+1, y) {
				text = text[:len(text)-1] + "|"
			}
			sb.WriteString(text)
		}
		if len(rankLabels) == b.Ranks {
			sb.WriteString(rankLabels[y])
		}
		sb.WriteByte('\n')
		if zoned && y > 0 {
			sb.WriteString(canal(b, y, label, width))
		}
	}
	sb.WriteString(strings.Repeat(" ", label+1))
	for x := 0; x < b.Files; x++ {
		sb.WriteString(pad(core.FileName(int64(x)), width))
	}
	sb.WriteByte('\n')
	if legend := MarksLegend(p, b.Squares()); legend != "" {
		sb.WriteString(legend + "\n")
	}
	return sb.String()
}

// at returns the square of file x, rank y.
func at(b *core.Board, x, y int) core.Square {
	return b.Square(core.Coord{X: int64(x), Y: int64(y)})
}

// border reports whether a zone border runs between two cells.
func border(b *core.Board, x1, y1, x2, y2 int) bool {
	z1, ok1 := b.Zone(at(b, x1, y1))
	z2, ok2 := b.Zone(at(b, x2, y2))
	return ok1 != ok2 || z1 != z2
}

// canal draws the zone borders between rank y and rank y-1 (0-based), or
// nothing when there are none.
func canal(b *core.Board, y, label, width int) string {
	line := strings.Repeat(" ", label+1)
	found := false
	for x := 0; x < b.Files; x++ {
		h := border(b, x, y, x, y-1)
		found = found || h
		if h {
			line += strings.Repeat("-", width-1)
		} else {
			line += strings.Repeat(" ", width-1)
		}
		if x+1 == b.Files {
			break
		}
		h = h || border(b, x+1, y, x+1, y-1)
		v := border(b, x, y, x+1, y) || border(b, x, y-1, x+1, y-1)
		switch {
		case h && v:
			line += "+"
		case h:
			line += "-"
		case v:
			line += "|"
		default:
			line += " "
		}
	}
	if !found {
		return ""
	}
	return strings.TrimRight(line, " ") + "\n"
}

func cell(p *core.Position, sq core.Square) string {
	b := p.Rules().Board
	switch {
	case b.IsWater(sq):
		return "~"
	case !b.Playable(sq):
		return " "
	}
	pc := p.At(sq)
	marks := marksText(p, sq)
	if !pc.IsPiece() {
		if marks != "" {
			return marks
		}
		if ch := b.Symbol(sq); ch != 0 {
			return string(ch)
		}
		return "."
	}
	r := p.Rules()
	text := PieceText(r, pc)
	if item := core.Piece(p.Carry(sq)); item.IsPiece() && int(item.Type()) < len(r.Pieces) {
		text += PieceText(r, item)
	}
	return text + marks
}

// PieceText writes a piece as its letter, cased or marked by owner.
func PieceText(r *core.Rules, pc core.Piece) string {
	return styled(string(r.Pieces[pc.Type()].Letter), pc.Owner())
}

// styled writes a letter in player pl's style: upper case for player 0,
// lower case for player 1, upper case with ' or " for players 2 and 3.
func styled(l string, pl core.Player) string {
	l = strings.ToUpper(l)
	switch pl {
	case 1:
		return strings.ToLower(l)
	case 2:
		return l + "'"
	case 3:
		return l + "\""
	}
	return l
}

// MarkText writes a mark as its kind's symbol in its owner's style ("M",
// "m", "M'").
func MarkText(r *core.Rules, m core.Marked) string {
	return styled(r.Def.Board.Marks[m.Kind].Symbol, m.Owner)
}

// marksText writes the marks on sq, "" for none.
func marksText(p *core.Position, sq core.Square) string {
	r := p.Rules()
	if len(r.Def.Board.Marks) == 0 {
		return ""
	}
	v := p.Mark(sq)
	if v == 0 {
		return ""
	}
	var buf [8]core.Marked
	text := ""
	for _, m := range r.MarksOn(v, buf[:0]) {
		text += MarkText(r, m)
	}
	return text
}

// MarksLegend says whose the marks on the squares are, each kind and owner
// that occurs once, in the definition's order: "Marks: M white's mine, s
// black's shell". It is "" when none of the squares holds a mark.
func MarksLegend(p *core.Position, squares []core.Square) string {
	r := p.Rules()
	if len(r.Def.Board.Marks) == 0 {
		return ""
	}
	var seen uint64 // bit kind*MaxPlayers+owner
	var buf [8]core.Marked
	for _, sq := range squares {
		if v := p.Mark(sq); v != 0 {
			for _, m := range r.MarksOn(v, buf[:0]) {
				seen |= 1 << (m.Kind*core.MaxPlayers + int(m.Owner))
			}
		}
	}
	if seen == 0 {
		return ""
	}
	var parts []string
	for k, mk := range r.Def.Board.Marks {
		for pl := 0; pl < r.Players; pl++ {
			if seen>>(k*core.MaxPlayers+pl)&1 != 0 {
				m := core.Marked{Kind: k, Owner: core.Player(pl)}
				parts = append(parts, fmt.Sprintf("%s %s's %s", MarkText(r, m), playerName(r, core.Player(pl)), mk.Name))
			}
		}
	}
	return "Marks: " + strings.Join(parts, ", ")
}

// playerName is the variant's name of player pl ("white"), or "player N".
func playerName(r *core.Rules, pl core.Player) string {
	if int(pl) < len(r.Def.Players) && r.Def.Players[pl].Name != "" {
		return r.Def.Players[pl].Name
	}
	return fmt.Sprintf("player %d", pl+1)
}

// Legend says how Render marks each player's pieces, for games of more than
// two players: "Pieces: Q south-west, q north-west, Q' north-east, Q\" south-east".
func Legend(r *core.Rules, names []string) string {
	var parts []string
	for i := 0; i < r.Players && i < len(names); i++ {
		parts = append(parts, PieceText(r, core.MakePiece(core.Player(i), 1))+" "+names[i])
	}
	return "Pieces: " + strings.Join(parts, ", ")
}

func pad(s string, width int) string {
	if len(s) >= width {
		return s + " "
	}
	return s + strings.Repeat(" ", width-len(s))
}
