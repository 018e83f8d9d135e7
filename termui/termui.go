// Package termui draws positions of any board as text and runs terminal games.
package termui

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/search"
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
// to fit. Where the variant gives the names players use for files and ranks
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
	if !pc.IsPiece() {
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
	return text
}

// PieceText writes a piece as its letter, cased or marked by owner.
func PieceText(r *core.Rules, pc core.Piece) string {
	l := string(r.Pieces[pc.Type()].Letter)
	switch pc.Owner() {
	case 1:
		return strings.ToLower(l)
	case 2:
		return l + "'"
	case 3:
		return l + "\""
	}
	return l
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

// Seat says who plays a player's moves.
type Seat struct {
	Computer bool
	MoveTime time.Duration
	// Level is the computer's playing strength, 1 to search.Levels; 0 is
	// full strength.
	Level int
	// Clock, when not zero, is the seat's game clock: its time for the
	// whole game, which gains Increment after each of its moves. A seat
	// whose clock runs out loses (a human's when it next types something);
	// a computer manages its time by it.
	Clock     time.Duration
	Increment time.Duration
}

// Play runs a game from p to its end. Human moves are read from in, one per
// line, in coordinate notation or SAN, optionally followed by the variant's
// declarations (":clock", see core.Declaration); the commands help, moves,
// undo, fen and quit are understood. Under the board it shows the variant's
// status lines (core.Hooks.Status), the clocks of seats that have one, and
// whose turn it is. It returns the outcome (Ongoing if a human quit).
func Play(p *core.Position, seats []Seat, in io.Reader, out io.Writer) core.Outcome {
	r := p.Rules()
	scanner := bufio.NewScanner(in)
	names := make([]string, r.Players)
	for i := range names {
		names[i] = fmt.Sprintf("player %d", i+1)
		if i < len(r.Def.Players) && r.Def.Players[i].Name != "" {
			names[i] = r.Def.Players[i].Name
		}
	}
	engines := make([]*search.Engine, len(seats))
	clocks := make([]time.Duration, len(seats)) // time left, for seats with a clock
	for i, s := range seats {
		clocks[i] = s.Clock
	}
	var view *View // the window of an unbounded board, moved by the view commands
	if p.Unbounded() {
		v := DefaultView(p)
		view = &v
	}
	for {
		if view != nil {
			fmt.Fprint(out, "\n"+RenderView(p, *view))
		} else {
			fmt.Fprint(out, "\n"+Render(p))
		}
		if r.Players > 2 {
			fmt.Fprintln(out, Legend(r, names))
		}
		if r.Hooks.Status != nil {
			for _, line := range r.Hooks.Status(p) {
				fmt.Fprintln(out, line)
			}
		}
		if o := p.Outcome(); o.Status != core.Ongoing {
			fmt.Fprintf(out, "Game over: %s\n", describe(o, names))
			return o
		}
		turn := p.Turn()
		check := ""
		if p.InCheck() {
			check = " (in check)"
		}
		if line := clockLine(seats, clocks, names); line != "" {
			fmt.Fprintln(out, line)
		}
		fmt.Fprintf(out, "%s to move%s\n", names[turn], check)
		seat := Seat{}
		if int(turn) < len(seats) {
			seat = seats[turn]
		}
		turnStart := time.Now()
		// spend takes the time of the turn so far off the mover's clock
		// and reports whether it ran out.
		spend := func() bool {
			if seat.Clock <= 0 {
				return false
			}
			clocks[turn] -= time.Since(turnStart)
			turnStart = time.Now()
			return clocks[turn] <= 0
		}
		flagged := func() core.Outcome {
			o := timeLoss(r, turn, names[turn])
			fmt.Fprintf(out, "Game over: %s\n", describe(o, names))
			return o
		}
		if seat.Computer {
			res := computerMove(p, seats, engines, turn, clocks[turn])
			if res.Move == core.NullMove {
				fmt.Fprintln(out, "no move")
				return core.Outcome{}
			}
			if spend() {
				return flagged()
			}
			clocks[turn] += seat.Increment
			bare, decl := r.Bare(res.Move), p.DeclarationText(res.Move)
			fmt.Fprintf(out, "%s plays %s (%s)\n", names[turn], notation.SAN.Encode(p, bare)+decl, notation.Coordinate.Encode(p, bare)+decl)
			p.MakeMove(res.Move)
			continue
		}
		for {
			fmt.Fprint(out, "> ")
			if !scanner.Scan() {
				return core.Outcome{}
			}
			if spend() {
				return flagged()
			}
			line := strings.TrimSpace(scanner.Text())
			if view != nil {
				if ok, msg := view.Command(p, line); ok {
					if msg != "" {
						fmt.Fprintln(out, msg)
						continue
					}
					break // draw the board again in the new window
				}
			}
			switch line {
			case "":
				continue
			case "quit", "exit":
				return core.Outcome{}
			case "help":
				fmt.Fprintln(out, "Type a move (e2e4 or SAN such as Nf3), or: moves, undo, fen, quit.")
				for _, d := range r.Hooks.Declarations {
					fmt.Fprintf(out, "Add %s%s to a move to declare it: %s.\n", core.DeclarationSep, d.Name, d.Help)
				}
				if view != nil {
					fmt.Fprintln(out, "Squares are written (x,y) or in letters like (e8): (1,1)(1,9), R(1,9). The window: pan DX DY, center SQUARE (or X Y), home, zoom W H.")
				}
				continue
			case "fen":
				fmt.Fprintln(out, p.String())
				continue
			case "moves":
				var list []string
				for _, m := range p.LegalMoves(nil) {
					list = append(list, notation.SAN.Encode(p, m))
				}
				fmt.Fprintln(out, strings.Join(list, " "))
				continue
			case "undo":
				undone := 0
				for p.Ply() > 0 && undone < r.Players {
					p.UnmakeMove()
					undone++
					if int(p.Turn()) >= len(seats) || !seats[p.Turn()].Computer {
						break
					}
				}
			default:
				m, err := p.ParseDeclared(line, func(s string) (core.Move, error) {
					m, err := notation.Coordinate.Decode(p, s)
					if err != nil {
						if m2, err2 := notation.SAN.Decode(p, s); err2 == nil {
							m, err = m2, nil
						}
					}
					return m, err
				})
				if err != nil {
					fmt.Fprintf(out, "%v\n", err)
					continue
				}
				p.MakeMove(m)
				clocks[turn] += seat.Increment
			}
			break
		}
	}
}

// clockLine shows the time left of the seats that have a clock ("" when
// none has): "Clock: White 4:58.3, Black 5:00.0".
func clockLine(seats []Seat, clocks []time.Duration, names []string) string {
	var parts []string
	for i, s := range seats {
		if s.Clock > 0 && i < len(names) {
			parts = append(parts, names[i]+" "+ClockText(clocks[i]))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Clock: " + strings.Join(parts, ", ")
}

// ClockText writes the time on a clock as players read it: minutes and
// seconds, with hundredths under ten seconds ("4:05.3", "0:09.87").
func ClockText(d time.Duration) string {
	d = max(d, 0)
	m, sec := int(d/time.Minute), (d % time.Minute).Seconds()
	if d < 10*time.Second {
		return fmt.Sprintf("%d:%05.2f", m, sec)
	}
	return fmt.Sprintf("%d:%04.1f", m, sec)
}

// timeLoss is the outcome when player pl's clock has run out: every player
// not on its side wins.
func timeLoss(r *core.Rules, pl core.Player, name string) core.Outcome {
	o := core.Outcome{Status: core.Win, Reason: "time (" + name + "'s clock ran out)"}
	for q := 0; q < r.Players; q++ {
		if !r.Allies(core.Player(q), pl) {
			o.Winners |= 1 << q
		}
	}
	return o
}

func describe(o core.Outcome, names []string) string {
	if o.Status != core.Win {
		return o.String()
	}
	var ws []string
	for i, n := range names {
		if o.Winners>>i&1 != 0 {
			ws = append(ws, n)
		}
	}
	if len(ws) > 1 {
		return strings.Join(ws, " and ") + " win by " + o.Reason
	}
	return strings.Join(ws, " and ") + " wins by " + o.Reason
}
