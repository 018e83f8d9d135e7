package core

// Declarations: announcements made together with a move (Martian Chess's clock call), carried in Move.Arg.

import (
	"fmt"
	"strings"
)

// Declaration is an announcement a player may make together with a move, such
// as calling the clock in Martian Chess (a draw offer would be another). It is
// not a move of its own: it rides in bits of Move.Arg, move generation leaves
// it out (so perft and LegalMoves do not count it), and Position.Declare adds
// it to a legal move. MakeMove passes the bits to the hooks, which give the
// declaration its effect through the recording setters, so it is undone with
// the move. In move text a declaration follows the move as ":" and its name
// (b2c3:clock).
type Declaration struct {
	// Name is how the declaration is written after the move: "clock".
	Name string
	// Arg holds the Move.Arg bits that carry the declaration. The variant keeps
	// them clear in the moves it generates.
	Arg uint16
	// Help says what the declaration does, for help texts.
	Help string
	// Allowed reports whether the player to move may make the declaration with
	// m, a legal move without declarations; nil means always.
	Allowed func(p *Position, m Move) bool
}

// DeclarationSep separates a move's text from a declaration written after it.
const DeclarationSep = ":"

// declarationBits returns the union of the Arg bits of the rules' declarations.
func (r *Rules) declarationBits() uint16 {
	var bits uint16
	for i := range r.Hooks.Declarations {
		bits |= r.Hooks.Declarations[i].Arg
	}
	return bits
}

// undeclare strips the declarations from m. ok is false when m carries one
// that is not allowed with the bare move in p.
func (p *Position) undeclare(m Move) (Move, bool) {
	decls := p.rules.Hooks.Declarations
	if len(decls) == 0 || m.Arg&p.rules.declarationBits() == 0 {
		return m, true
	}
	bare := m
	bare.Arg &^= p.rules.declarationBits()
	for i := range decls {
		d := &decls[i]
		if d.Arg != 0 && m.Arg&d.Arg == d.Arg && d.Allowed != nil && !d.Allowed(p, bare) {
			return m, false
		}
	}
	return bare, true
}

// Declare returns m with the named declaration added. m must be a legal move
// of p (it may already carry other declarations); the error says why the
// declaration cannot be made.
func (p *Position) Declare(m Move, name string) (Move, error) {
	decls := p.rules.Hooks.Declarations
	var names []string
	for i := range decls {
		d := &decls[i]
		names = append(names, d.Name)
		if d.Name != name {
			continue
		}
		if m.Arg&d.Arg == d.Arg {
			return m, fmt.Errorf("%q is declared twice", name)
		}
		bare, ok := p.undeclare(m)
		if !ok || !p.IsLegal(bare) {
			return m, fmt.Errorf("the move is not legal")
		}
		if d.Allowed != nil && !d.Allowed(p, bare) {
			return m, fmt.Errorf("%q cannot be declared now", name)
		}
		m.Arg |= d.Arg
		return m, nil
	}
	if len(names) == 0 {
		return m, fmt.Errorf("%s has no declarations (got %q)", p.rules.Def.Name, name)
	}
	return m, fmt.Errorf("unknown declaration %q (%s knows: %s)", name, p.rules.Def.Name, strings.Join(names, ", "))
}

// DeclarationText returns the declarations m carries as move text: ":name"
// for each, "" for none.
func (p *Position) DeclarationText(m Move) string {
	var sb strings.Builder
	for i := range p.rules.Hooks.Declarations {
		d := &p.rules.Hooks.Declarations[i]
		if d.Arg != 0 && m.Arg&d.Arg == d.Arg {
			sb.WriteString(DeclarationSep + d.Name)
		}
	}
	return sb.String()
}

// ParseDeclared reads a move text that may end in declarations
// ("b2c3:clock"): decode reads the move without them, then each declaration
// is added with Declare. The result is a legal move with its declarations, or
// an error.
func (p *Position) ParseDeclared(text string, decode func(string) (Move, error)) (Move, error) {
	parts := strings.Split(text, DeclarationSep)
	m, err := decode(parts[0])
	if err != nil {
		return m, err
	}
	for _, name := range parts[1:] {
		if m, err = p.Declare(m, name); err != nil {
			return NullMove, fmt.Errorf("%s: %w", text, err)
		}
	}
	return m, nil
}

// LegalDeclared appends to buf every legal move that carries declarations:
// each legal move in moves with each allowed declaration, one at a time. The
// computer player uses it to consider declarations at the root of its search.
func (p *Position) LegalDeclared(moves, buf []Move) []Move {
	decls := p.rules.Hooks.Declarations
	for _, m := range moves {
		for i := range decls {
			d := &decls[i]
			if d.Arg != 0 && (d.Allowed == nil || d.Allowed(p, m)) {
				dm := m
				dm.Arg |= d.Arg
				buf = append(buf, dm)
			}
		}
	}
	return buf
}

// Bare returns m without the declarations it carries.
func (r *Rules) Bare(m Move) Move {
	m.Arg &^= r.declarationBits()
	return m
}
