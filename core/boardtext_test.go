package core

// Tests of the board field every position text shares: rows read into cells, written back, read onto a board with holes and water, and the faults named.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bracketCell is a BoardText.Cell for cells such as N and N[f] (a piece and
// what it carries).
func bracketCell(s string) (int, error) {
	if s[0] < 'A' || s[0] > 'z' {
		return 0, fmt.Errorf("unexpected %q", s[:1])
	}
	if len(s) > 1 && s[1] == '[' {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return 0, fmt.Errorf("no ] after %q", s)
		}
		return end + 1, nil
	}
	return 1, nil
}

func scanCells(t BoardText, row string, longest int) ([]string, error) {
	var cells []string
	n, err := t.ScanRow(row, longest, func(x int, text string) error {
		if x != len(cells) {
			return fmt.Errorf("cell %d called as %d", len(cells), x)
		}
		cells = append(cells, text)
		return nil
	})
	if err == nil && n != len(cells) {
		err = fmt.Errorf("%d cells counted, %d seen", n, len(cells))
	}
	return cells, err
}

func TestScanRow(t *testing.T) {
	water := BoardText{Water: '~', Rows: true, Cell: bracketCell}
	for _, tc := range []struct {
		form    BoardText
		row     string
		longest int
		want    string // the cells joined by "|", empty ones as ".", or the fault
	}{
		{BoardText{}, "3P2", 8, ".|.|.|P|.|."},
		{BoardText{}, "", 8, ""},
		{BoardText{}, "*10*", 12, "*|.|.|.|.|.|.|.|.|.|.|*"},
		{BoardText{}, "N[f]", 8, "N|[|f|]"}, // without Cell a cell is one byte
		{water, "N[f]2~n", 8, "N[f]|.|.|~|n"},
		{water, "*~", 8, "*|~"},
		{BoardText{}, "0", 8, `bad empty run "0"`},
		{BoardText{}, "08", 8, `bad empty run "08"`},
		{BoardText{}, "9", 8, `bad empty run "9": it does not fit the 8 files`},
		{water, "99999999999999999999", 64, `bad empty run "99999999999999999999": it does not fit the 64 cells`},
		{water, "N[f", 8, "no ] after"},
		{water, "2!", 8, `unexpected "!"`},
	} {
		cells, err := scanCells(tc.form, tc.row, tc.longest)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			for i, c := range cells {
				if c == "" {
					cells[i] = "."
				}
			}
			got = strings.Join(cells, "|")
		}
		if !strings.HasPrefix(got, tc.want) || err == nil && got != tc.want {
			t.Errorf("ScanRow(%q) = %q, want %q", tc.row, got, tc.want)
		}
	}
}

// TestAppendRowReadsBack: a row written by AppendRow is read back by
// ScanRow into the same cells.
func TestAppendRowReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	form := BoardText{Cell: bracketCell}
	pieces := []string{"", "", "", "P", "k", "N[f]", "*"}
	for range 2000 {
		cells := make([]string, rng.IntN(40))
		for i := range cells {
			cells[i] = pieces[rng.IntN(len(pieces))]
		}
		row := string(AppendRow(nil, len(cells), func(buf []byte, x int) []byte { return append(buf, cells[x]...) }))
		got, err := scanCells(form, row, 64)
		if err != nil || !slices.Equal(got, cells) {
			t.Fatalf("%q written as %q, read back as %q (%v)", cells, row, got, err)
		}
		for i := range len(row) {
			if row[i] == '0' && (i == 0 || row[i-1] < '0' || row[i-1] > '9') {
				t.Fatalf("%q: a run with a leading 0", row)
			}
		}
	}
}

// TestReadBoard reads boards with a hole and water, with and without a
// character for water, and checks each fault is named with its row.
func TestReadBoard(t *testing.T) {
	r, err := Compile(&Definition{
		Name:    "test",
		Board:   BoardDef{Files: 4, Ranks: 3, Holes: []string{"a1"}, Water: []string{"b2"}},
		Players: []PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces:  []PieceDef{{Letter: "K", Betza: "K", Royal: true}, {Letter: "N", Betza: "N"}},
		Start:   "k3/1*1N/*2K w - - 0 1",
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := r.Board
	read := func(form BoardText, field string) (string, error) {
		var placed []string
		err := b.ReadBoard(field, form, func(sq Square, text string) error {
			placed = append(placed, text+"@"+b.Name(sq))
			return nil
		})
		return strings.Join(placed, " "), err
	}
	water := BoardText{Water: '~', Rows: true, Cell: bracketCell}
	for _, tc := range []struct {
		form        BoardText
		field, want string
	}{
		{BoardText{}, "k3/1*1N/*2K", "k@a3 N@d2 K@d1"},
		{water, "k3/1~1N[f]/*2K", "k@a3 N[f]@d2 K@d1"},
		{water, "k3/1*1N/*2K", "k@a3 N@d2 K@d1"}, // '*' stands for water too
		{BoardText{}, "k3/1*1N", "2 ranks, the board has 3"},
		{water, "k3/1*1N", "2 rows, the board has 3"},
		{BoardText{}, "k3/1*1N/*3K", "rank 1 has 5 files, the board has 4"},
		{water, "k3/1*1N/*3K", "row 3 has 5 cells, the board has 4"},
		{BoardText{}, "k3/1*1N/*K", "rank 1 has 2 files, the board has 4"},
		{BoardText{}, "k3/1*1N/*5", `rank 1: bad empty run "5": it does not fit the 4 files`},
		{BoardText{}, "k3/4/*2K", "rank 2: b2 is not part of the board: write '*'"},
		{water, "k3/4/*2K", "row 2: b2 is water: write '~' there"},
		{water, "k3/1N1N/*2K", "row 2: b2 is water"}, // a piece on water
		{BoardText{}, "k3/1*1N/3K", "rank 1: a1 is not part of the board: write '*'"},
		{BoardText{}, "k*2/1*1N/*2K", "rank 3: '*' on b3, which is part of the board"},
		{water, "k3/1*1N/~2K", "row 3: '~' on a1, which is not water"},
		{BoardText{Name: func(sq Square) string { return "[" + b.Name(sq) + "]" }}, "k3/4/*2K", "rank 2: [b2] is not part of the board"},
	} {
		got, err := read(tc.form, tc.field)
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("ReadBoard(%q) = %q, want %q", tc.field, got, tc.want)
		}
	}
	// What AppendBoard writes, ReadBoard reads.
	p := r.StartPosition()
	for _, form := range []BoardText{{}, water} {
		text := string(b.AppendBoard(nil, form, func(buf []byte, sq Square) []byte {
			if pc := p.At(sq); pc.IsPiece() {
				buf = append(buf, r.letter(pc))
			}
			return buf
		}))
		if got, err := read(form, text); err != nil || got != "k@a3 N@d2 K@d1" {
			t.Errorf("%+v: AppendBoard wrote %q, read back as %q (%v)", form, text, got, err)
		}
	}
}

// TestPositionFault: texts longer than 80 bytes are shown by their first
// 80; FEN's whole.
func TestPositionFault(t *testing.T) {
	long := strings.Repeat("x", 100)
	_, err := PositionFault("test position", long)("turn", "want %s", "w")
	want := `bad test position "` + long[:80] + `…": turn: want w`
	if err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
	_, err = positionFault("FEN", long)("turn", "want w")
	if !strings.Contains(err.Error(), long) {
		t.Errorf("FEN shortened: %q", err)
	}
}
