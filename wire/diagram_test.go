package wire

// Tests of the movement diagrams: exact squares in chess and on the plane, every variant and option set.

import (
	"sort"
	"strings"
	"testing"

	"anychess/core"
	"anychess/variant"
)

// names writes a diagram's squares as square names, sorted.
func names(r *core.Rules, cs []Coord) string {
	var out []string
	for _, c := range cs {
		cc, err := c.Core()
		if err != nil {
			return err.Error()
		}
		if r.Board.Unbounded {
			out = append(out, cc.String())
		} else {
			out = append(out, r.Board.Name(r.Board.Square(cc)))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestDiagramsChess(t *testing.T) {
	r := load(t, "chess", nil)
	ds, err := Diagrams(r)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][4]string{ // moves, captures, both, initial
		"N": {"", "", "b3 b5 c2 c6 e2 e6 f3 f5", ""},
		"P": {"d5", "c5 e5", "", "d6"},
		"K": {"", "", "c3 c4 c5 d3 d5 e3 e4 e5", ""},
		"R": {"", "", "a4 b4 c4 d1 d2 d3 d5 d6 d7 d8 e4 f4 g4 h4", ""},
	}
	if len(ds) != len(r.Pieces)-1 {
		t.Fatalf("%d diagrams for %d pieces", len(ds), len(r.Pieces)-1)
	}
	for _, d := range ds {
		if d.At != (Coord{"3", "3"}) || d.Window != nil {
			t.Errorf("%s at %v window %v, want d4 and none", d.Letter, d.At, d.Window)
		}
		w, ok := want[d.Letter]
		if !ok {
			continue
		}
		got := [4]string{names(r, d.Moves), names(r, d.Captures), names(r, d.Both), names(r, d.Initial)}
		if got != w {
			t.Errorf("%s: got %q, want %q", d.Letter, got, w)
		}
	}
}

func TestDiagramsPlane(t *testing.T) {
	r := load(t, "infinite-plane-huygens", nil)
	ds, err := Diagrams(r)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string][3]int{"Q": {0, 0, 56}, "R": {0, 0, 28}, "N": {0, 0, 8}, "U": {0, 0, 8}, "P": {1, 2, 0}}
	for _, d := range ds {
		if d.Window == nil || d.Window.Min != (Coord{"-7", "-7"}) || d.Window.Max != (Coord{"7", "7"}) || d.At != (Coord{"0", "0"}) {
			t.Errorf("%s: at %v window %+v", d.Letter, d.At, d.Window)
		}
		if c, ok := counts[d.Letter]; ok && c != [3]int{len(d.Moves), len(d.Captures), len(d.Both)} {
			t.Errorf("%s: %d moves, %d captures, %d both; want %v", d.Letter, len(d.Moves), len(d.Captures), len(d.Both), c)
		}
	}
	// The huygens leaps a prime number of squares from 5 up, along ranks and files.
	for _, d := range ds {
		if d.Letter == "U" {
			if got := names(r, d.Both); got != "(-5,0) (-7,0) (0,-5) (0,-7) (0,5) (0,7) (5,0) (7,0)" {
				t.Errorf("huygens: %s", got)
			}
		}
	}
}

// optionSets lists a variant's option sets: none, each flag, each value
// of each option, and every flag together with each value.
func optionSets(t *testing.T, name string) []map[string]string {
	def, err := variant.Definition(name)
	if err != nil {
		t.Fatal(err)
	}
	sets := []map[string]string{nil}
	flags := map[string]string{}
	for _, o := range def.Options {
		if len(o.Values) == 0 {
			sets = append(sets, map[string]string{o.Name: ""})
			flags[o.Name] = ""
			continue
		}
		for _, v := range o.Values {
			sets = append(sets, map[string]string{o.Name: v})
			all := map[string]string{o.Name: v}
			for f := range flags {
				all[f] = ""
			}
			sets = append(sets, all)
		}
	}
	return sets
}

// TestDiagramsEveryVariant: every variant and option set gets a diagram
// per piece, and every piece but a flag reaches some square.
func TestDiagramsEveryVariant(t *testing.T) {
	for _, name := range variant.Names() {
		for _, opts := range optionSets(t, name) {
			r, err := variant.Load(name, opts)
			if err != nil {
				continue // a combination the variant refuses
			}
			ds, err := Diagrams(r)
			if err != nil {
				t.Errorf("%s %v: %v", name, opts, err)
				continue
			}
			if len(ds) != len(r.Pieces)-1 {
				t.Errorf("%s %v: %d diagrams for %d pieces", name, opts, len(ds), len(r.Pieces)-1)
			}
			for _, d := range ds {
				if len(d.Moves)+len(d.Captures)+len(d.Both) == 0 && d.Name != "flag" {
					t.Errorf("%s %v: the %s reaches nothing", name, opts, d.Name)
				}
				if d.Owner < 0 || d.Owner >= r.Players {
					t.Errorf("%s %v: the %s is seat %d's", name, opts, d.Name, d.Owner)
				}
			}
		}
	}
}
