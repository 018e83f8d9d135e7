package core

// The kinds of mark of the marks layer (BoardDef.Marks): their checks, and reading a square's marks.

import "fmt"

// checkMarks checks BoardDef.Marks: names given, symbols single letters of
// their own, each kind's bits (one per player) within the layer's 8 and
// shared with no other kind.
func (r *Rules) checkMarks(d *Definition) error {
	var used uint16 // bits taken
	symbols := map[byte]string{}
	for i, mk := range d.Board.Marks {
		field := func(key string) string { return fmt.Sprintf("board.marks[%d].%s", i, key) }
		if mk.Name == "" {
			return &FieldError{Field: field("name"), Err: fmt.Errorf("missing")}
		}
		s := mk.Symbol
		if len(s) != 1 || !(s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') {
			return &FieldError{Field: field("symbol"), Err: fmt.Errorf("want one ASCII letter, got %q", s)}
		}
		upper := s[0] &^ 0x20
		if t, ok := r.letters[upper]; ok {
			return &FieldError{Field: field("symbol"), Err: fmt.Errorf("%q is the letter of the %s", s, r.Pieces[t].Name)}
		}
		if other, ok := symbols[upper]; ok {
			return &FieldError{Field: field("symbol"), Err: fmt.Errorf("%q is also the symbol of mark %q", s, other)}
		}
		symbols[upper] = mk.Name
		if mk.Bit < 0 || mk.Bit+r.Players > 8 {
			return &FieldError{Field: field("bit"), Err: fmt.Errorf("bits %d to %d (one per player) do not fit the layer's bits 0 to 7", mk.Bit, mk.Bit+r.Players-1)}
		}
		bits := uint16(1<<r.Players-1) << mk.Bit
		if used&bits != 0 {
			return &FieldError{Field: field("bit"), Err: fmt.Errorf("bits %d to %d overlap another mark's", mk.Bit, mk.Bit+r.Players-1)}
		}
		used |= bits
	}
	return nil
}

// Marked is one mark on a square: its kind (an index into the definition's
// BoardDef.Marks) and its owner.
type Marked struct {
	Kind  int
	Owner Player
}

// MarksOn appends to buf the marks that a square's marks-layer value v
// (Position.Mark) holds, kind by kind in the definition's order, owners in
// turn order, and returns it. Bits no kind names are left out.
func (r *Rules) MarksOn(v uint8, buf []Marked) []Marked {
	if v == 0 {
		return buf
	}
	for k, mk := range r.Def.Board.Marks {
		for pl := 0; pl < r.Players; pl++ {
			if bit := mk.Bit + pl; bit < 8 && v>>bit&1 != 0 {
				buf = append(buf, Marked{Kind: k, Owner: Player(pl)})
			}
		}
	}
	return buf
}
