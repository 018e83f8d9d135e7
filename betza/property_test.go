package betza

// Property tests for Parse: board symmetries, mirrored direction modifiers and equivalent spellings.

import (
	"maps"
	"slices"
	"testing"
)

// plainAtoms are atoms and shorthands to check without modifiers.
var plainAtoms = []string{
	"W", "F", "D", "N", "A", "H", "C", "Z", "G", "(3,4)", "(5,1)", "(4,4)", "(0,5)",
	"K", "R", "B", "Q", "NN", "W4", "Q2", "nN", "nD", "gQ", "mRcpR", "jB",
}

// symmetries are the 8 maps of the square onto itself.
var symmetries = []func(x, y int) (int, int){
	func(x, y int) (int, int) { return x, y },
	func(x, y int) (int, int) { return -x, y },
	func(x, y int) (int, int) { return x, -y },
	func(x, y int) (int, int) { return -x, -y },
	func(x, y int) (int, int) { return y, x },
	func(x, y int) (int, int) { return -y, x },
	func(x, y int) (int, int) { return y, -x },
	func(x, y int) (int, int) { return -y, -x },
}

// transform applies a symmetry to every vector of a path, lame squares included.
func transform(p Path, f func(x, y int) (int, int)) Path {
	out := p
	out.Legs = nil
	for _, l := range p.Legs {
		l.DX, l.DY = f(l.DX, l.DY)
		var lame [][2]int
		for _, sq := range l.Lame {
			x, y := f(sq[0], sq[1])
			lame = append(lame, [2]int{x, y})
		}
		l.Lame = lame
		out.Legs = append(out.Legs, l)
	}
	return out
}

// pathSet renders paths as a set of strings.
func pathSet(paths []Path) map[string]bool {
	set := map[string]bool{}
	for _, p := range paths {
		set[p.String()] = true
	}
	return set
}

func TestSymmetry(t *testing.T) {
	for _, s := range plainAtoms {
		paths := mustParse(t, s).Paths
		want := pathSet(paths)
		for i, f := range symmetries {
			var moved []Path
			for _, p := range paths {
				moved = append(moved, transform(p, f))
			}
			if got := pathSet(moved); !maps.Equal(got, want) {
				t.Errorf("%q is not invariant under symmetry %d: %v", s, i, slices.Sorted(maps.Keys(got)))
			}
		}
	}
}

// mirrorPairs are direction prefixes that map onto each other under x -> -x
// (left/right) or y -> -y (forward/backward).
var (
	leftRight = [][2]string{
		{"l", "r"}, {"ll", "rr"}, {"fl", "fr"}, {"bl", "br"}, {"lf", "rf"}, {"lb", "rb"},
		{"lv", "rv"}, {"lh", "rh"}, {"hl", "hr"}, {"f", "f"}, {"fs", "fs"}, {"flb", "frb"},
	}
	forwardBackward = [][2]string{
		{"f", "b"}, {"ff", "bb"}, {"fs", "bs"}, {"fl", "bl"}, {"fr", "br"}, {"lf", "lb"},
		{"rf", "rb"}, {"fh", "bh"}, {"hl", "hr"}, {"s", "s"}, {"lv", "lv"}, {"fsl", "bsl"},
	}
	mirrorAtoms = []string{"W", "F", "D", "N", "A", "C", "Z", "G", "(4,1)", "(3,4)", "K", "R", "B", "Q", "NN"}
)

func TestMirroredDirections(t *testing.T) {
	check := func(pairs [][2]string, f func(x, y int) (int, int), name string) {
		for _, atom := range mirrorAtoms {
			for _, pair := range pairs {
				a, errA := Parse(pair[0] + atom)
				b, errB := Parse(pair[1] + atom)
				if (errA == nil) != (errB == nil) {
					t.Errorf("%s%s and %s%s: errors %v and %v", pair[0], atom, pair[1], atom, errA, errB)
					continue
				}
				if errA != nil {
					continue // e.g. h tokens on non-oblique atoms, refused on both sides
				}
				var mirrored []Path
				for _, p := range a.Paths {
					mirrored = append(mirrored, transform(p, f))
				}
				if !maps.Equal(pathSet(mirrored), pathSet(b.Paths)) {
					t.Errorf("%s: %q mirrored = %v, %q = %v", name, a.Source, slices.Sorted(maps.Keys(pathSet(mirrored))),
						b.Source, slices.Sorted(maps.Keys(pathSet(b.Paths))))
				}
			}
		}
	}
	check(leftRight, func(x, y int) (int, int) { return -x, y }, "x -> -x")
	check(forwardBackward, func(x, y int) (int, int) { return x, -y }, "y -> -y")
}

func TestChiralHalvesAreMirrors(t *testing.T) {
	for _, atom := range []string{"N", "C", "Z", "(4,1)"} {
		hr := singleLegVectors(t, mustParse(t, "hr"+atom))
		hl := singleLegVectors(t, mustParse(t, "hl"+atom))
		if len(hr) != 4 || len(hl) != 4 {
			t.Errorf("%s: hr has %d moves, hl %d; want 4 each", atom, len(hr), len(hl))
		}
		for m := range hr {
			if hl[m] {
				t.Errorf("%s: %v is in both halves", atom, m)
			}
			// a chiral half is closed under quarter turns
			if !hr[[2]int{m[1], -m[0]}] {
				t.Errorf("hr%s: %v turned right is missing", atom, m)
			}
		}
	}
}

func TestEquivalentSpellings(t *testing.T) {
	groups := [][]string{
		{"R", "WW", "W0", "R0"},
		{"B", "FF", "F0"},
		{"Q", "RB", "BR", "WWFF", "W0F0"},
		{"K", "WF", "FW", "KW"},
		{"NN", "N0"},
		{"R4", "W4"},
		{"Q2", "W2F2", "R2B2"},
		{"N", "(1,2)", "(2,1)"},
		{"fhN", "ffNfsN"},
		{"fN", "ffN"},
		{"vN", "ffNbbN", "vvN"},
		{"fbW", "vW"},
		{"fsW", "flrW", "fWsW"},
		{"lvF", "lF"},
		{"mcW", "W"},
		{"gQ", "gRgB"},
	}
	for _, g := range groups {
		want := pathSet(mustParse(t, g[0]).Paths)
		for _, s := range g[1:] {
			if got := pathSet(mustParse(t, s).Paths); !maps.Equal(got, want) {
				t.Errorf("%q = %v, want the same as %q = %v", s, slices.Sorted(maps.Keys(got)), g[0], slices.Sorted(maps.Keys(want)))
			}
		}
	}
}
