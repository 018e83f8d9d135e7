package betza

// Table tests for Parse: atom vectors, directions, modalities, lame leaps, hoppers, riders and multi-leg moves.

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// mustParse parses s or stops the test.
func mustParse(t *testing.T, s string) *Piece {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

// v builds a vector set from x, y pairs.
func v(xy ...int) map[[2]int]bool {
	set := map[[2]int]bool{}
	for i := 0; i+1 < len(xy); i += 2 {
		set[[2]int{xy[i], xy[i+1]}] = true
	}
	return set
}

// singleLegVectors returns the vectors of a piece whose paths all have one leg.
func singleLegVectors(t *testing.T, p *Piece) map[[2]int]bool {
	t.Helper()
	set := map[[2]int]bool{}
	for _, path := range p.Paths {
		if len(path.Legs) != 1 {
			t.Fatalf("%q: path %v has %d legs, want 1", p.Source, path, len(path.Legs))
		}
		set[[2]int{path.Legs[0].DX, path.Legs[0].DY}] = true
	}
	return set
}

// knight, camel, zebra and (3,4) leaps in all 8 directions.
var (
	knight = v(1, 2, 2, 1, 2, -1, 1, -2, -1, -2, -2, -1, -2, 1, -1, 2)
	camel  = v(1, 3, 3, 1, 3, -1, 1, -3, -1, -3, -3, -1, -3, 1, -1, 3)
	zebra  = v(2, 3, 3, 2, 3, -2, 2, -3, -2, -3, -3, -2, -3, 2, -2, 3)
	leap34 = v(3, 4, 4, 3, 4, -3, 3, -4, -3, -4, -4, -3, -4, 3, -3, 4)
	king   = v(0, 1, 1, 1, 1, 0, 1, -1, 0, -1, -1, -1, -1, 0, -1, 1)
)

func TestVectors(t *testing.T) {
	tests := []struct {
		notation string
		want     map[[2]int]bool
		rng      int
	}{
		{"W", v(0, 1, 1, 0, 0, -1, -1, 0), 1},
		{"F", v(1, 1, 1, -1, -1, -1, -1, 1), 1},
		{"D", v(0, 2, 2, 0, 0, -2, -2, 0), 1},
		{"N", knight, 1},
		{"A", v(2, 2, 2, -2, -2, -2, -2, 2), 1},
		{"H", v(0, 3, 3, 0, 0, -3, -3, 0), 1},
		{"C", camel, 1},
		{"Z", zebra, 1},
		{"G", v(3, 3, 3, -3, -3, -3, -3, 3), 1},
		{"(3,4)", leap34, 1},
		{"(4,3)", leap34, 1},
		{"(4,0)", v(0, 4, 4, 0, 0, -4, -4, 0), 1},
		{"K", king, 1},
		{"R", v(0, 1, 1, 0, 0, -1, -1, 0), 0},
		{"B", v(1, 1, 1, -1, -1, -1, -1, 1), 0},
		{"Q", king, 0},
		{"NN", knight, 0},
		{"N0", knight, 0},
		{"W4", v(0, 1, 1, 0, 0, -1, -1, 0), 4},
		{"R4", v(0, 1, 1, 0, 0, -1, -1, 0), 4},
		{"Q2", king, 2},
		{"W12", v(0, 1, 1, 0, 0, -1, -1, 0), 12},

		// orthogonal directions: single moves, pairs are unions
		{"fW", v(0, 1), 1},
		{"bW", v(0, -1), 1},
		{"lW", v(-1, 0), 1},
		{"rW", v(1, 0), 1},
		{"vW", v(0, 1, 0, -1), 1},
		{"sW", v(-1, 0, 1, 0), 1},
		{"fbW", v(0, 1, 0, -1), 1},
		{"frW", v(0, 1, 1, 0), 1},
		{"fsW", v(0, 1, -1, 0, 1, 0), 1},
		{"ffW", v(0, 1), 1},
		{"fR", v(0, 1), 0},

		// diagonal directions: pairs, perpendicular combinations intersect
		{"fF", v(1, 1, -1, 1), 1},
		{"bF", v(1, -1, -1, -1), 1},
		{"lF", v(-1, 1, -1, -1), 1},
		{"rF", v(1, 1, 1, -1), 1},
		{"flF", v(-1, 1), 1},
		{"lfF", v(-1, 1), 1},
		{"frF", v(1, 1), 1},
		{"blF", v(-1, -1), 1},
		{"brF", v(1, -1), 1},
		{"fsF", v(1, 1, -1, 1), 1},
		{"lvF", v(-1, 1, -1, -1), 1},
		{"vF", v(1, 1, 1, -1, -1, -1, -1, 1), 1},
		{"fB", v(1, 1, -1, 1), 0},

		// oblique directions
		{"fN", v(1, 2, -1, 2), 1},
		{"bN", v(1, -2, -1, -2), 1},
		{"lN", v(-2, 1, -2, -1), 1},
		{"rN", v(2, 1, 2, -1), 1},
		{"ffN", v(1, 2, -1, 2), 1},
		{"bbN", v(1, -2, -1, -2), 1},
		{"llN", v(-2, 1, -2, -1), 1},
		{"rrN", v(2, 1, 2, -1), 1},
		{"fsN", v(2, 1, -2, 1), 1},
		{"bsN", v(2, -1, -2, -1), 1},
		{"lvN", v(-1, 2, -1, -2), 1},
		{"rvN", v(1, 2, 1, -2), 1},
		{"vN", v(1, 2, -1, 2, 1, -2, -1, -2), 1},
		{"sN", v(2, 1, -2, 1, 2, -1, -2, -1), 1},
		{"flN", v(-2, 1), 1},
		{"frN", v(2, 1), 1},
		{"blN", v(-2, -1), 1},
		{"brN", v(2, -1), 1},
		{"lfN", v(-1, 2), 1},
		{"rfN", v(1, 2), 1},
		{"lbN", v(-1, -2), 1},
		{"rbN", v(1, -2), 1},
		{"fhN", v(1, 2, -1, 2, 2, 1, -2, 1), 1},
		{"lhN", v(-1, 2, -2, 1, -2, -1, -1, -2), 1},
		{"rhN", v(1, 2, 2, 1, 2, -1, 1, -2), 1},
		{"hrN", v(1, 2, 2, -1, -1, -2, -2, 1), 1},
		{"hlN", v(-1, 2, -2, -1, 1, -2, 2, 1), 1},
		{"ffrrN", v(1, 2, -1, 2, 2, 1, 2, -1), 1},
		{"fbN", v(1, 2, -1, 2, 1, -2, -1, -2), 1},
		{"ffC", v(1, 3, -1, 3), 1},
		{"fsZ", v(3, 2, -3, 2), 1},
		{"lf(4,1)", v(-1, 4), 1},

		// shorthands split before directions apply
		{"fK", v(0, 1, 1, 1, -1, 1), 1},
		{"fsK", v(0, 1, 1, 0, -1, 0, 1, 1, -1, 1), 1},
		{"bQ", v(0, -1, 1, -1, -1, -1), 0},

		// compounds
		{"BN", merge(v(1, 1, 1, -1, -1, -1, -1, 1), knight), -1},
		{"fmWfcF", v(0, 1, 1, 1, -1, 1), 1},
	}
	for _, tt := range tests {
		t.Run(tt.notation, func(t *testing.T) {
			p := mustParse(t, tt.notation)
			got := singleLegVectors(t, p)
			if !maps.Equal(got, tt.want) {
				t.Errorf("%q vectors = %v, want %v", tt.notation, sortedKeys(got), sortedKeys(tt.want))
			}
			if len(p.Paths) != len(tt.want) {
				t.Errorf("%q has %d paths, want %d", tt.notation, len(p.Paths), len(tt.want))
			}
			for _, path := range p.Paths {
				if tt.rng >= 0 && path.Legs[0].Range != tt.rng {
					t.Errorf("%q: %v Range = %d, want %d", tt.notation, path, path.Legs[0].Range, tt.rng)
				}
			}
		})
	}
}

func merge(sets ...map[[2]int]bool) map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, s := range sets {
		maps.Copy(out, s)
	}
	return out
}

func sortedKeys(set map[[2]int]bool) [][2]int {
	keys := slices.Collect(maps.Keys(set))
	slices.SortFunc(keys, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return keys
}

// TestFIDEPawn checks every path of fmWfceFifmnD leg by leg.
func TestFIDEPawn(t *testing.T) {
	p := mustParse(t, "fmWfceFifmnD")
	want := []Path{
		{Legs: []Leg{{DX: 0, DY: 1, Range: 1, Mode: Move}}},
		{Legs: []Leg{{DX: 1, DY: 1, Range: 1, Mode: Capture}}, EnPassant: true},
		{Legs: []Leg{{DX: -1, DY: 1, Range: 1, Mode: Capture}}, EnPassant: true},
		{Legs: []Leg{{DX: 0, DY: 2, Range: 1, Mode: Move, Lame: [][2]int{{0, 1}}}}, Initial: true},
	}
	assertPaths(t, p, want)
}

// assertPaths compares the paths of p with want, ignoring order.
func assertPaths(t *testing.T, p *Piece, want []Path) {
	t.Helper()
	got := pathStrings(p.Paths)
	exp := pathStrings(want)
	if !slices.Equal(got, exp) {
		t.Errorf("%q paths:\n  %s\nwant:\n  %s", p.Source, strings.Join(got, "\n  "), strings.Join(exp, "\n  "))
	}
}

func pathStrings(paths []Path) []string {
	var out []string
	for _, p := range paths {
		out = append(out, p.String())
	}
	slices.Sort(out)
	return out
}

func TestEnPassantImpliesCapture(t *testing.T) {
	for _, s := range []string{"feF", "fceF"} {
		p := mustParse(t, s)
		for _, path := range p.Paths {
			if !path.EnPassant || path.Legs[0].Mode != Capture {
				t.Errorf("%q: %v, want en passant capture only", s, path)
			}
		}
	}
	p := mustParse(t, "fmeF")
	for _, path := range p.Paths {
		if !path.EnPassant || path.Legs[0].Mode != Move|Capture {
			t.Errorf("fmeF: %v, want move, capture and en passant", path)
		}
	}
}

func TestLame(t *testing.T) {
	tests := []struct {
		notation string
		lame     map[[2]int][][2]int // destination -> squares that must be empty
	}{
		{"nN", map[[2]int][][2]int{
			{1, 2}: {{0, 1}}, {-1, 2}: {{0, 1}}, {1, -2}: {{0, -1}}, {-1, -2}: {{0, -1}},
			{2, 1}: {{1, 0}}, {2, -1}: {{1, 0}}, {-2, 1}: {{-1, 0}}, {-2, -1}: {{-1, 0}},
		}},
		{"nD", map[[2]int][][2]int{
			{0, 2}: {{0, 1}}, {2, 0}: {{1, 0}}, {0, -2}: {{0, -1}}, {-2, 0}: {{-1, 0}},
		}},
		{"nA", map[[2]int][][2]int{
			{2, 2}: {{1, 1}}, {2, -2}: {{1, -1}}, {-2, -2}: {{-1, -1}}, {-2, 2}: {{-1, 1}},
		}},
		{"nH", map[[2]int][][2]int{
			{0, 3}: {{0, 1}, {0, 2}}, {3, 0}: {{1, 0}, {2, 0}}, {0, -3}: {{0, -1}, {0, -2}}, {-3, 0}: {{-1, 0}, {-2, 0}},
		}},
		{"fhnZ", map[[2]int][][2]int{
			{2, 3}: {{0, 1}, {1, 2}}, {-2, 3}: {{0, 1}, {-1, 2}}, {3, 2}: {{1, 0}, {2, 1}}, {-3, 2}: {{-1, 0}, {-2, 1}},
		}},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.notation)
		if len(p.Paths) != len(tt.lame) {
			t.Errorf("%q: %d paths, want %d", tt.notation, len(p.Paths), len(tt.lame))
		}
		for _, path := range p.Paths {
			l := path.Legs[0]
			want, ok := tt.lame[[2]int{l.DX, l.DY}]
			if !ok || !slices.Equal(l.Lame, want) || l.Range != 1 {
				t.Errorf("%q: %v, want lame %v", tt.notation, path, want)
			}
		}
	}
}

func TestHoppersAndJumps(t *testing.T) {
	rookDirs := v(0, 1, 1, 0, 0, -1, -1, 0)
	cannon := mustParse(t, "mRcpR")
	if len(cannon.Paths) != 8 {
		t.Fatalf("mRcpR: %d paths, want 8", len(cannon.Paths))
	}
	moves, hops := map[[2]int]bool{}, map[[2]int]bool{}
	for _, path := range cannon.Paths {
		l := path.Legs[0]
		switch {
		case l.Mode == Move && !l.HopOver && !l.Stop && l.Range == 0:
			moves[[2]int{l.DX, l.DY}] = true
		case l.Mode == Capture && l.HopOver && !l.Stop && l.Range == 0:
			hops[[2]int{l.DX, l.DY}] = true
		default:
			t.Errorf("mRcpR: unexpected path %v", path)
		}
	}
	if !maps.Equal(moves, rookDirs) || !maps.Equal(hops, rookDirs) {
		t.Errorf("mRcpR: moves %v, hops %v", sortedKeys(moves), sortedKeys(hops))
	}

	grasshopper := mustParse(t, "gQ")
	if got := singleLegVectors(t, grasshopper); !maps.Equal(got, king) {
		t.Errorf("gQ vectors = %v", sortedKeys(got))
	}
	for _, path := range grasshopper.Paths {
		l := path.Legs[0]
		if !l.HopOver || !l.Stop || l.Range != 0 || l.Mode != Move|Capture {
			t.Errorf("gQ: %v, want unlimited mc hop stop", path)
		}
	}

	for _, s := range []string{"jR", "jD"} {
		p := mustParse(t, s)
		if len(p.Paths) != 4 {
			t.Errorf("%q: %d paths, want 4", s, len(p.Paths))
		}
		wantRange := 0
		if s == "jD" {
			wantRange = 1
		}
		for _, path := range p.Paths {
			l := path.Legs[0]
			if !l.Jump || l.Range != wantRange || l.HopOver || l.Lame != nil {
				t.Errorf("%q: %v, want jump with range %d", s, path, wantRange)
			}
		}
	}
}

// sumAndVia returns a path's total displacement and the squares it visits before the end.
func sumAndVia(path Path) ([2]int, [][2]int) {
	var x, y int
	var via [][2]int
	for i, l := range path.Legs {
		x, y = x+l.DX, y+l.DY
		if i < len(path.Legs)-1 {
			via = append(via, [2]int{x, y})
		}
	}
	return [2]int{x, y}, via
}

func TestMultiLeg(t *testing.T) {
	t.Run("mafsW is the Xiangqi horse path", func(t *testing.T) {
		p := mustParse(t, "mafsW")
		lame := map[[2]int][][2]int{}
		for _, q := range mustParse(t, "nN").Paths {
			lame[[2]int{q.Legs[0].DX, q.Legs[0].DY}] = q.Legs[0].Lame
		}
		ends := map[[2]int]bool{}
		for _, path := range p.Paths {
			if len(path.Legs) != 2 {
				t.Fatalf("%v: want 2 legs", path)
			}
			first, second := path.Legs[0], path.Legs[1]
			if abs(first.DX)+abs(first.DY) != 1 || first.Mode != Move || first.Range != 1 {
				t.Errorf("%v: first leg should be an m W step", path)
			}
			if abs(second.DX) != 1 || abs(second.DY) != 1 || second.Mode != Move|Capture {
				t.Errorf("%v: second leg should be an mc F step", path)
			}
			end, via := sumAndVia(path)
			if !slices.Equal(via, lame[end]) {
				t.Errorf("%v: passes %v, the horse is blocked on %v", path, via, lame[end])
			}
			ends[end] = true
		}
		if len(p.Paths) != 8 || !maps.Equal(ends, knight) {
			t.Errorf("mafsW: %d paths reaching %v, want the 8 knight squares", len(p.Paths), sortedKeys(ends))
		}
	})

	t.Run("fcafmF checker capture", func(t *testing.T) {
		assertPaths(t, mustParse(t, "fcafmF"), []Path{
			{Legs: []Leg{{DX: 1, DY: 1, Range: 1, Mode: Capture}, {DX: 1, DY: 1, Range: 1, Mode: Move}}},
			{Legs: []Leg{{DX: -1, DY: 1, Range: 1, Mode: Capture}, {DX: -1, DY: 1, Range: 1, Mode: Move}}},
		})
	})

	t.Run("cafmF locust capture", func(t *testing.T) {
		p := mustParse(t, "cafmF")
		if len(p.Paths) != 4 {
			t.Fatalf("cafmF: %d paths, want 4", len(p.Paths))
		}
		for _, path := range p.Paths {
			a, b := path.Legs[0], path.Legs[1]
			if a.Mode != Capture || b.Mode != Move || a.DX != b.DX || a.DY != b.DY || abs(a.DX) != 1 || abs(a.DY) != 1 {
				t.Errorf("cafmF: %v", path)
			}
		}
	})

	t.Run("mafF default final modality", func(t *testing.T) {
		p := mustParse(t, "mafF")
		for _, path := range p.Paths {
			if path.Legs[0].Mode != Move || path.Legs[1].Mode != Move|Capture || path.Legs[0].DX != path.Legs[1].DX {
				t.Errorf("mafF: %v", path)
			}
		}
	})

	t.Run("mafsmafW is the Janggi elephant (3 legs)", func(t *testing.T) {
		p := mustParse(t, "mafsmafW")
		lame := map[[2]int][][2]int{}
		for _, q := range mustParse(t, "nZ").Paths {
			lame[[2]int{q.Legs[0].DX, q.Legs[0].DY}] = q.Legs[0].Lame
		}
		ends := map[[2]int]bool{}
		for _, path := range p.Paths {
			if len(path.Legs) != 3 {
				t.Fatalf("%v: want 3 legs", path)
			}
			modes := []Mode{path.Legs[0].Mode, path.Legs[1].Mode, path.Legs[2].Mode}
			if !slices.Equal(modes, []Mode{Move, Move, Move | Capture}) {
				t.Errorf("%v: modes %v", path, modes)
			}
			end, via := sumAndVia(path)
			if !slices.Equal(via, lame[end]) {
				t.Errorf("%v: passes %v, nZ is blocked on %v", path, via, lame[end])
			}
			ends[end] = true
		}
		if len(p.Paths) != 8 || !maps.Equal(ends, zebra) {
			t.Errorf("mafsmafW: %d paths reaching %v, want the 8 zebra squares", len(p.Paths), sortedKeys(ends))
		}
	})

	t.Run("relative turns", func(t *testing.T) {
		tests := []struct {
			notation string
			second   map[[2]int]bool // second-leg vectors after a first leg of (0,1)
		}{
			{"fmafW", v(0, 1)},
			{"fmabW", v(0, -1)},
			{"fmalW", v(-1, 0)},
			{"fmarW", v(1, 0)},
			{"fmasW", v(-1, 0, 1, 0)},
			{"fmavW", v(0, 1, 0, -1)},
			{"fmaflW", v(-1, 1)},
			{"fmalfW", v(-1, 1)},
			{"fmabrW", v(1, -1)},
			{"fmabsW", v(1, -1, -1, -1)},
			{"fmalvW", v(-1, 1, -1, -1)},
			{"fmarhW", v(1, 1, 1, 0, 1, -1)},
			{"fmaW", v(0, 1, 1, 1, 1, 0, 1, -1, -1, -1, -1, 0, -1, 1)},
			{"fmafsD", v(2, 2, -2, 2)},
			{"fmafsR", v(1, 1, -1, 1)},
		}
		for _, tt := range tests {
			p := mustParse(t, tt.notation)
			got := map[[2]int]bool{}
			for _, path := range p.Paths {
				if path.Legs[0].DX != 0 || path.Legs[0].DY <= 0 {
					t.Errorf("%q: first leg %v, want forward", tt.notation, path.Legs[0])
				}
				got[[2]int{path.Legs[1].DX, path.Legs[1].DY}] = true
				if path.Legs[1].Range != path.Legs[0].Range {
					t.Errorf("%q: legs have different ranges: %v", tt.notation, path)
				}
			}
			if !maps.Equal(got, tt.second) || len(p.Paths) != len(tt.second) {
				t.Errorf("%q: second legs %v, want %v", tt.notation, sortedKeys(got), sortedKeys(tt.second))
			}
		}
	})

	t.Run("relative turns from a diagonal", func(t *testing.T) {
		p := mustParse(t, "frmarW")
		assertPaths(t, p, []Path{
			{Legs: []Leg{{DX: 1, DY: 0, Range: 1, Mode: Move}, {DX: 0, DY: -1, Range: 1, Mode: Move | Capture}}},
			{Legs: []Leg{{DX: 0, DY: 1, Range: 1, Mode: Move}, {DX: 1, DY: 0, Range: 1, Mode: Move | Capture}}},
		})
		q := mustParse(t, "frmafrF")
		assertPaths(t, q, []Path{
			{Legs: []Leg{{DX: 1, DY: 1, Range: 1, Mode: Move}, {DX: 1, DY: 0, Range: 1, Mode: Move | Capture}}},
		})
	})

	t.Run("oblique continuations", func(t *testing.T) {
		p := mustParse(t, "mpafN")
		if len(p.Paths) != 8 {
			t.Errorf("mpafN: %d paths, want 8", len(p.Paths))
		}
		for _, path := range p.Paths {
			a, b := path.Legs[0], path.Legs[1]
			if a.Mode != Move|Hop || a.DX != b.DX || a.DY != b.DY {
				t.Errorf("mpafN: %v", path)
			}
		}
		if n := len(mustParse(t, "maN").Paths); n != 8*7 {
			t.Errorf("maN: %d paths, want 56 (no straight back)", n)
		}
		for _, path := range mustParse(t, "mabN").Paths {
			if path.Legs[1].DX != -path.Legs[0].DX || path.Legs[1].DY != -path.Legs[0].DY {
				t.Errorf("mabN: %v", path)
			}
		}
	})

	t.Run("non-final modalities", func(t *testing.T) {
		tests := []struct {
			notation string
			first    Mode
		}{
			{"afW", Move}, {"mafW", Move}, {"cafW", Capture}, {"pafW", Hop},
			{"cpafW", Capture | Hop}, {"mpafW", Move | Hop},
		}
		for _, tt := range tests {
			for _, path := range mustParse(t, tt.notation).Paths {
				if path.Legs[0].Mode != tt.first || path.Legs[1].Mode != Move|Capture {
					t.Errorf("%q: %v, want first leg mode %v", tt.notation, path, tt.first)
				}
			}
		}
	})

	t.Run("counts", func(t *testing.T) {
		for s, want := range map[string]int{"mamaK": 392, "masR": 8, "aaW": 4 * 7 * 7, "ifmafsW": 2} {
			if got := len(mustParse(t, s).Paths); got != want {
				t.Errorf("%q: %d paths, want %d", s, got, want)
			}
		}
		for _, path := range mustParse(t, "ifmafsW").Paths {
			if !path.Initial {
				t.Errorf("ifmafsW: %v should be initial", path)
			}
		}
	})
}

// TestHopQualifiers checks t and x, which narrow a hop leg to a friendly or an
// enemy piece that stays, alone and in unions with other modes.
func TestHopQualifiers(t *testing.T) {
	for _, tc := range []struct {
		notation string
		want     []string
	}{
		{"tpafF", []string{
			"t(-1,-1) then mc(-1,-1)", "t(-1,1) then mc(-1,1)", "t(1,-1) then mc(1,-1)", "t(1,1) then mc(1,1)",
		}},
		{"fxpaslmW", []string{"x(0,1) then m(-1,0)", "x(0,1) then m(1,0)"}},
		{"fctpafcW", []string{"ct(0,1) then c(0,1)"}},
		{"fmxpafW", []string{"mx(0,1) then mc(0,1)"}},
		{"fptafW", []string{"t(0,1) then mc(0,1)"}}, // the letters may come in either order
		{"fpafW", []string{"p(0,1) then mc(0,1)"}},
	} {
		t.Run(tc.notation, func(t *testing.T) {
			got := pathStrings(mustParse(t, tc.notation).Paths)
			slices.Sort(tc.want)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%q paths %q, want %q", tc.notation, got, tc.want)
			}
		})
	}
}

// TestLegRange checks a range written before an 'a', which overrides the
// atom's range for that leg only.
func TestLegRange(t *testing.T) {
	for _, tc := range []struct {
		notation string
		want     []string
	}{
		{"fc0afmW", []string{"c(0,1)*0 then m(0,1)"}},
		{"fc3afmW", []string{"c(0,1)*3 then m(0,1)"}},
		{"fm1afR", []string{"m(0,1) then mc(0,1)*0"}},
		{"fm1asR", []string{"m(0,1) then mc(-1,0)*0", "m(0,1) then mc(1,0)*0"}},
		{"fmafR", []string{"m(0,1)*0 then mc(0,1)*0"}}, // without its own range a leg takes the atom's
		{"fm2af1afR4", []string{"m(0,1)*2 then m(0,1) then mc(0,1)*4"}},
		{"flc0afmF", []string{"c(-1,1)*0 then m(-1,1)"}},
	} {
		t.Run(tc.notation, func(t *testing.T) {
			got := pathStrings(mustParse(t, tc.notation).Paths)
			slices.Sort(tc.want)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%q paths %q, want %q", tc.notation, got, tc.want)
			}
		})
	}
}
