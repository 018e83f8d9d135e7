package longchess

// Longchess four-team Capture the Flag: the 13×13 board, its rivers and keeps, the four armies by symmetry, and each team's frame.

import (
	"strings"

	"anychess/core"
)

// The four-team game (teams=4) is played on the seed's 13×13 board: a keep
// in each corner, a river on the middle file and one on the middle rank,
// each with a bridge on either side of the dry centre. The teams sit in the
// corners and move clockwise from the top left: red (top left), blue (top
// right), yellow (bottom right), green (bottom left). Everything about a
// team is the red team's, turned a quarter clockwise per seat: each team's
// own frame counts rows r and columns c from its corner (fourLocal).
const fourSide = 13

// fourSides are the teams' letters, in seat order: the turn field and the
// prefix of each piece in the four-team position text (rR is a red rook).
const fourSides = "rbyg"

// fourNames and fourForward are the teams' names and the direction each
// calls forward (Betza's f; Longchess's pieces move alike every way).
var (
	fourNames   = [4]string{"red", "blue", "yellow", "green"}
	fourForward = [4]string{"south", "west", "north", "east"}
)

// rotate turns file x, rank y a quarter clockwise about the board's centre.
func rotate(x, y int) (int, int) { return y, fourSide - 1 - x }

// fourFromLocal returns the file and rank of the square in row r, column c
// (1-based) of team t's frame, counted from its corner.
func fourFromLocal(t core.Player, r, c int) (x, y int) {
	x, y = c-1, fourSide-r
	for i := 0; i < int(t&3); i++ {
		x, y = rotate(x, y)
	}
	return x, y
}

// fourLocal is the inverse of fourFromLocal.
func fourLocal(t core.Player, x, y int) (r, c int) {
	for i := 0; i < int(t&3); i++ {
		x, y = fourSide-1-y, x // a quarter anticlockwise
	}
	return fourSide - y, x + 1
}

// fourArmy is the red team's army in its frame (row, column, letter), as
// the seed's setup diagram draws it; the artillery goes on the Keep's
// corner (longArtilleryStart).
var fourArmy = []struct {
	r, c   int
	letter byte
}{
	{1, 2, 'B'}, {1, 3, 'R'}, {2, 1, 'B'}, {2, 2, 'F'}, {2, 3, 'N'}, {3, 1, 'R'}, {3, 2, 'N'},
	{2, 5, 'P'}, {3, 5, 'P'}, {4, 4, 'P'}, {4, 5, 'P'}, {5, 2, 'P'}, {5, 3, 'P'}, {5, 4, 'P'}, {5, 5, 'P'},
}

// fourRiver is the red and blue teams' stretch of river in red's frame
// (row, column): water on rows 1, 3 and 4 of the middle column, the bridge
// on row 2. The other three stretches are its quarter turns.
var (
	fourWater  = [][2]int{{1, 7}, {3, 7}, {4, 7}}
	fourBridge = [][2]int{{2, 7}}
)

// fourSquares names the squares of the local (row, column) cells in every
// team's frame.
func fourSquares(cells [][2]int) []string {
	var out []string
	for t := core.Player(0); t < 4; t++ {
		for _, rc := range cells {
			x, y := fourFromLocal(t, rc[0], rc[1])
			out = append(out, core.CoordName(core.Coord{X: int64(x), Y: int64(y)}))
		}
	}
	return out
}

// fourDefinition turns the definition into the four-team game: the board,
// the four players and the start (without flags in Capture the Map, with
// the artillery when it is on).
func fourDefinition(def *core.Definition, mods longMods) {
	var keep [][2]int
	for r := 1; r <= 3; r++ {
		for c := 1; c <= 3; c++ {
			keep = append(keep, [2]int{r, c})
		}
	}
	b := core.BoardDef{
		Files: fourSide, Ranks: fourSide,
		Water:   fourSquares(fourWater),
		Regions: map[string][]string{"bridges": fourSquares(fourBridge)},
		Draw:    map[string]string{"bridges": "="},
		Marks:   def.Board.Marks,
	}
	def.Players = nil
	for t, name := range fourNames {
		var one []string
		for _, rc := range keep {
			x, y := fourFromLocal(core.Player(t), rc[0], rc[1])
			one = append(one, core.CoordName(core.Coord{X: int64(x), Y: int64(y)}))
		}
		b.Regions[name+"_keep"] = one
		b.Draw[name+"_keep"] = "#"
		def.Players = append(def.Players, core.PlayerDef{Name: name, Forward: fourForward[t]})
	}
	def.Board = b
	def.Start = fourStart(mods)
}

// fourStart writes the four-team start position text.
func fourStart(mods longMods) string {
	grid := make([][]longCell, fourSide) // by rank, then file
	for y := range grid {
		grid[y] = make([]longCell, fourSide)
		for x := range grid[y] {
			grid[y][x] = longCell{ch: '.'}
		}
	}
	for _, w := range fourSquares(fourWater) {
		c, _ := core.ParseCoordName(w)
		grid[c.Y][c.X] = longCell{ch: '~'}
	}
	army := fourArmy
	if mods.artillery {
		r, c := longArtilleryStart(true)
		army = append(army[:len(army):len(army)], struct {
			r, c   int
			letter byte
		}{r, c, 'A'})
	}
	for t := core.Player(0); t < 4; t++ {
		for _, a := range army {
			if a.letter == 'F' && mods.ctm {
				continue
			}
			x, y := fourFromLocal(t, a.r, a.c)
			grid[y][x] = longCell{team: fourSides[t], ch: a.letter}
		}
	}
	rows := make([]string, 0, fourSide)
	for y := fourSide - 1; y >= 0; y-- {
		rows = append(rows, compressRow(grid[y]))
	}
	return strings.Join(rows, "/") + " r - 1"
}
