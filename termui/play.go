package termui

// The terminal game: a thin front end on game.Game — the board, the commands people type, and lines of any length read safely.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"anychess/core"
	"anychess/game"
	"anychess/notation"
)

// DefaultMaxLine is the longest input line Play reads by default; a longer
// line is discarded and reported.
const DefaultMaxLine = 64 << 10

// Options adjust a terminal game.
type Options struct {
	// AfterMove, when not nil, is called after every change to the game: a
	// move (a person's or a machine's), a takeback, a result (resignation,
	// agreement, time). Front ends save the game with it; an error it
	// returns is shown, and play goes on.
	AfterMove func(*game.Game) error
	// Leave, when not empty, is said when the game is left unfinished (the
	// quit command, or the end of the input): how to resume it ("resume
	// with 'anychess play --resume game.txt'").
	Leave string
	// RulesCommand is the command that prints the variant's full rules,
	// which help points to; "" is "anychess rules --variant NAME" with the
	// game's options.
	RulesCommand string
	// Substitute, for games of more than two sides, returns the player
	// that plays a seat whose person resigns to the end of the game; nil
	// refuses resignation there.
	Substitute func(pl core.Player) game.Player
	// MaxLine is the longest input line read (DefaultMaxLine when 0).
	MaxLine int
}

// Play runs game g in the terminal to its end, or until a person quits or
// the input ends. Each turn it draws the board (Render, or RenderView's
// window of an unbounded board), the legend of a game of more than two
// players, the variant's status lines (core.Hooks.Status), the clocks, a
// pending draw offer and whose turn it is. The seats played by a
// game.Player move through g.MachineMove ("white plays Nf3 (g1f3)"); a
// person's line is a move in any notation game.ParseMove reads, with the
// variant's declarations (":clock"), or a command: help, moves, undo
// (takes back the last move of a person and the moves after it), draw
// (offers a draw, or accepts the offers made), resign, fen, quit; on an
// unbounded board also the window's commands (View.Command). A refused move
// is answered with its reason. A person whose clock has run out loses when
// they next type something. Lines longer than Options.MaxLine are
// discarded and reported. Play returns the outcome: Ongoing when the game
// was left unfinished.
func Play(g *game.Game, in io.Reader, out io.Writer, opts Options) core.Outcome {
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	pl := &player{g: g, out: out, opts: opts}
	lines := &lineReader{r: bufio.NewReaderSize(in, 4096), max: opts.MaxLine}
	if g.Position().Unbounded() {
		v := DefaultView(g.Position())
		pl.view = &v
	}
	for {
		pl.draw()
		if g.Over() {
			fmt.Fprintf(out, "Game over: %s\n", g.ResultText())
			return g.Outcome()
		}
		turn := g.Turn()
		if g.Seat(turn).Player != nil {
			rec, err := g.MachineMove()
			if err != nil {
				if g.Over() { // its clock ran out
					pl.changed()
					continue
				}
				fmt.Fprintln(out, err)
				return g.Outcome()
			}
			fmt.Fprintf(out, "%s plays %s (%s)\n", g.Name(turn), rec.SAN, rec.Text)
			pl.changed()
			continue
		}
		for {
			fmt.Fprint(out, "> ")
			line, err := lines.next()
			var long *tooLongError
			switch {
			case errors.As(err, &long):
				fmt.Fprintf(out, "line too long (%d bytes), ignored; a line may have up to %d\n", long.n, opts.MaxLine)
				continue
			case err == io.EOF:
				pl.leave("\nEnd of input: game left unfinished")
				return g.Outcome()
			case err != nil:
				pl.leave(fmt.Sprintf("\nInput error (%v): game left unfinished", err))
				return g.Outcome()
			}
			if g.CheckTime() {
				pl.changed()
				break
			}
			redraw, quit := pl.command(strings.TrimSpace(line))
			if quit {
				pl.leave("Game left unfinished")
				return g.Outcome()
			}
			if redraw {
				break
			}
		}
	}
}

// player is a terminal game in progress.
type player struct {
	g    *game.Game
	out  io.Writer
	opts Options
	view *View // the window of an unbounded board, moved by the view commands
}

// draw shows the board and what is said under it.
func (pl *player) draw() {
	g, out := pl.g, pl.out
	p := g.Position()
	r := g.Rules()
	if pl.view != nil {
		fmt.Fprint(out, "\n"+RenderView(p, *pl.view))
	} else {
		fmt.Fprint(out, "\n"+Render(p))
	}
	if r.Players > 2 {
		fmt.Fprintln(out, Legend(r, g.Names()))
	}
	if r.Hooks.Status != nil {
		for _, line := range r.Hooks.Status(p) {
			fmt.Fprintln(out, line)
		}
	}
	if g.Over() {
		return
	}
	if g.HasClock() {
		var parts []string
		for i, name := range g.Names() {
			parts = append(parts, name+" "+game.ClockText(g.Left(core.Player(i))))
		}
		fmt.Fprintln(out, "Clock: "+strings.Join(parts, ", "))
	}
	turn := g.Turn()
	if offers := g.DrawOffers() &^ (1 << turn); offers != 0 && g.Seat(turn).Player == nil {
		fmt.Fprintf(out, "%s offered a draw: type 'draw' to accept, or move to decline\n", names(g, offers))
	}
	check := ""
	if p.InCheck() {
		check = " (in check)"
	}
	fmt.Fprintf(out, "%s to move%s\n", g.Name(turn), check)
}

// names lists the names of the seats in a bit set: "white", "red and blue".
func names(g *game.Game, seats uint8) string {
	var ns []string
	for i, n := range g.Names() {
		if seats>>i&1 != 0 {
			ns = append(ns, n)
		}
	}
	return strings.Join(ns, " and ")
}

// changed tells the front end (Options.AfterMove) that the game changed.
func (pl *player) changed() {
	if pl.opts.AfterMove == nil {
		return
	}
	if err := pl.opts.AfterMove(pl.g); err != nil {
		fmt.Fprintln(pl.out, err)
	}
}

// leave says that the game is left unfinished, and how to resume it.
func (pl *player) leave(why string) {
	if pl.opts.Leave != "" {
		why += "; " + pl.opts.Leave
	}
	fmt.Fprintln(pl.out, why+".")
}

// command carries out a person's line: redraw when the board is to be drawn
// again (a move was made, the window moved, the game ended), quit when the
// person leaves.
func (pl *player) command(line string) (redraw, quit bool) {
	g, out := pl.g, pl.out
	p := g.Position()
	turn := g.Turn()
	if pl.view != nil {
		if ok, msg := pl.view.Command(p, line); ok {
			if msg != "" {
				fmt.Fprintln(out, msg)
				return false, false
			}
			return true, false
		}
	}
	switch line {
	case "":
		return false, false
	case "quit", "exit":
		return false, true
	case "help":
		fmt.Fprint(out, pl.help())
		return false, false
	case "fen":
		fmt.Fprintln(out, p.String())
		return false, false
	case "moves":
		var list []string
		for _, m := range p.LegalMoves(nil) {
			list = append(list, notation.SAN.Encode(p, m))
		}
		fmt.Fprintln(out, strings.Join(list, " "))
		return false, false
	case "undo", "takeback":
		return pl.takeback(), false
	case "draw":
		agreed, err := g.OfferDraw(turn)
		if err != nil {
			fmt.Fprintln(out, err)
			return false, false
		}
		if agreed {
			pl.changed()
			return true, false
		}
		var pending uint8
		for i := 0; i < g.Players(); i++ {
			switch s := g.Seat(core.Player(i)); {
			case g.DrawOffers()>>i&1 != 0:
			case s.Player != nil:
				fmt.Fprintf(out, "%s (%s) declines the draw.\n", g.Name(core.Player(i)), s.Player.Name())
			default:
				pending |= 1 << i
			}
		}
		if pending != 0 {
			fmt.Fprintf(out, "%s offers a draw; %s may accept by typing 'draw' on their turn. Now your move.\n", g.Name(turn), names(g, pending))
		}
		return false, false
	case "resign":
		var sub game.Player
		if g.Sides() > 2 && pl.opts.Substitute != nil {
			sub = pl.opts.Substitute(turn)
		}
		if err := g.Resign(turn, sub); err != nil {
			fmt.Fprintln(out, err)
			return false, false
		}
		if !g.Over() {
			fmt.Fprintf(out, "%s resigns; %s plays the seat to the end.\n", g.Name(turn), sub.Name())
		}
		pl.changed()
		return true, false
	}
	if _, err := g.SubmitText(turn, line); err != nil {
		fmt.Fprintln(out, err)
		return g.Over(), false // a clock found run out ends the game
	}
	pl.changed()
	return true, false
}

// takeback takes back the last move of a person and every move after it:
// everyone at this terminal agrees. It reports whether moves were taken
// back.
func (pl *player) takeback() bool {
	g, out := pl.g, pl.out
	moves := g.Moves()
	who := core.Player(0)
	found := false
	for i := len(moves) - 1; i >= 0 && !found; i-- {
		if g.Seat(moves[i].Player).Player == nil {
			who, found = moves[i].Player, true
		}
	}
	if !found {
		fmt.Fprintln(out, "No move of a person to take back.")
		return false
	}
	done, err := g.ProposeTakeback(who)
	for i := 0; err == nil && !done && i < g.Players(); i++ {
		if core.Player(i) != who && g.Seat(core.Player(i)).Player == nil {
			done, err = g.AcceptTakeback(core.Player(i))
		}
	}
	if err != nil {
		fmt.Fprintln(out, err)
		return false
	}
	pl.changed()
	return true
}

// help is the in-game help: the commands, the variant's move help
// (core.Definition.MoveHelp), its declarations, the window's commands on an
// unbounded board, and the command that prints the full rules.
func (pl *player) help() string {
	g := pl.g
	r := g.Rules()
	var sb strings.Builder
	sb.WriteString(`Type a move (coordinate notation such as e2e4, or SAN such as Nf3), or a command:
  moves    list the legal moves        undo     take back your last move
  draw     offer or accept a draw      resign   give up the game
  fen      show the position text      quit     leave the game unfinished
`)
	if mh := strings.TrimSpace(r.Def.MoveHelp); mh != "" {
		sb.WriteString("\nEntering moves in " + title(r) + ":\n" + mh + "\n")
	}
	if len(r.Hooks.Declarations) > 0 {
		sb.WriteByte('\n')
	}
	for _, d := range r.Hooks.Declarations {
		fmt.Fprintf(&sb, "Add %s%s to a move to declare it: %s.\n", core.DeclarationSep, d.Name, d.Help)
	}
	if pl.view != nil {
		sb.WriteString("\nSquares are written (x,y) or in letters like (e8): (1,1)(1,9), R(1,9). The window: pan DX DY, center SQUARE (or X Y), home, zoom W H.\n")
	}
	cmd := pl.opts.RulesCommand
	if cmd == "" {
		cmd = RulesCommand(r)
	}
	sb.WriteString("\nThe full rules: " + cmd + "\n")
	return sb.String()
}

// title is the variant's title, else its name.
func title(r *core.Rules) string {
	if r.Def.Title != "" {
		return r.Def.Title
	}
	return r.Name()
}

// RulesCommand is the command that prints the rules of r: "anychess rules
// --variant NAME", with the options that differ from their defaults.
func RulesCommand(r *core.Rules) string {
	cmd := "anychess rules --variant " + r.Name()
	set := map[string]string{}
	for name, v := range r.Options {
		def := ""
		for _, o := range r.Def.Options {
			if o.Name == name {
				def = o.Default
			}
		}
		if v != def {
			set[name] = v
		}
	}
	for _, o := range strings.Fields(game.OptionsText(set)) {
		cmd += " --option " + o
	}
	return cmd
}

// lineReader reads lines of any length, keeping at most max bytes of one.
type lineReader struct {
	r   *bufio.Reader
	max int
}

// tooLongError is a line longer than the reader keeps; n is its length.
type tooLongError struct{ n int }

func (e *tooLongError) Error() string { return fmt.Sprintf("line too long (%d bytes)", e.n) }

// next returns the next line without its end of line ("\n" or "\r\n"). A
// line longer than max bytes is read to its end and discarded, keeping at
// most max+1 bytes of it plus one read buffer: the error is then a
// *tooLongError with its length. At the end of the input it returns io.EOF
// (after a last line without an end of line).
func (lr *lineReader) next() (string, error) {
	var buf []byte
	n := 0
	var last byte // the line's last byte so far
	for {
		chunk, err := lr.r.ReadSlice('\n')
		switch {
		case err == io.EOF && n == 0 && len(chunk) == 0:
			return "", io.EOF
		case err != nil && err != io.EOF && err != bufio.ErrBufferFull:
			return "", err
		}
		body := chunk
		if err == nil {
			body = chunk[:len(chunk)-1] // the '\n'
		}
		if len(buf) <= lr.max {
			buf = append(buf, body...)
		}
		n += len(body)
		if len(body) > 0 {
			last = body[len(body)-1]
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if n > 0 && last == '\r' {
			n--
		}
		if n > lr.max {
			return "", &tooLongError{n: n}
		}
		return string(buf[:n]), nil
	}
}
