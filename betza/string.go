package betza

// Compact text rendering of parsed paths, for logs, examples and test failures.

import (
	"fmt"
	"strings"
)

// String renders the mode as the letters of its bits: m (Move), c (Capture),
// p (Hop), t (Friend) and x (Enemy); "-" when empty.
func (m Mode) String() string {
	var b strings.Builder
	for _, f := range []struct {
		bit    Mode
		letter byte
	}{{Move, 'm'}, {Capture, 'c'}, {Hop, 'p'}, {Friend, 't'}, {Enemy, 'x'}} {
		if m&f.bit != 0 {
			b.WriteByte(f.letter)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// String renders the leg as mode, step and range (*0 unlimited, *n at most
// n steps, *prime>=n for a prime range, nothing for a leaper), then its flags: lame squares, jump,
// hop-over and stop. For example "mc(0,1)*0" or "m(0,2) lame(0,1)".
func (l Leg) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v(%d,%d)", l.Mode, l.DX, l.DY)
	if l.Prime > 0 {
		fmt.Fprintf(&b, "*prime>=%d", l.Prime)
	} else if l.Range != 1 {
		fmt.Fprintf(&b, "*%d", l.Range)
	}
	if len(l.Lame) > 0 {
		b.WriteString(" lame")
		for _, sq := range l.Lame {
			fmt.Fprintf(&b, "(%d,%d)", sq[0], sq[1])
		}
	}
	if l.Jump {
		b.WriteString(" jump")
	}
	if l.HopOver {
		b.WriteString(" hop")
	}
	if l.Stop {
		b.WriteString(" stop")
	}
	return b.String()
}

// String renders the path as its legs joined by " then ", prefixed by
// "initial " and "ep " when those flags are set.
func (p Path) String() string {
	var b strings.Builder
	if p.Initial {
		b.WriteString("initial ")
	}
	if p.EnPassant {
		b.WriteString("ep ")
	}
	for i, l := range p.Legs {
		if i > 0 {
			b.WriteString(" then ")
		}
		b.WriteString(l.String())
	}
	return b.String()
}
