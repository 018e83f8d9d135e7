package martian

// An independent model of Martian Chess, written from the rules text, that the hooks are checked against.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// refPos is a Martian Chess position in the simplest form: a grid of letters.
// It shares no code with the hooks: it reads and writes the position text of
// the help page itself, and plays the rules as the help page states them.
type refPos struct {
	files, ranks, n int
	teams           bool
	cell            [8][8]byte // [rank][file]: '.', 'P', 'D', 'Q'
	turn            int
	piles           [4]map[byte]int
	clock           int // -1: not called
	banFrom, banTo  [2]int
	banned          bool
}

// refMove is a move of the model: squares as [file, rank], the new piece of a
// field promotion (0 otherwise) and the clock call.
type refMove struct {
	from, to [2]int
	merge    byte
	call     bool
}

func (m refMove) String() string {
	s := refSquare(m.from) + refSquare(m.to)
	if m.merge != 0 {
		s += strings.ToLower(string(m.merge))
	}
	if m.call {
		s += ":clock"
	}
	return s
}

func refSquare(c [2]int) string { return string(rune('a'+c[0])) + strconv.Itoa(c[1]+1) }

var refPoints = map[byte]int{'P': 1, 'D': 2, 'Q': 3}

// zone returns the player who owns a square: 2 players split at the canal
// between ranks 4 and 5; 4 players own quadrants in turn order a1, a8, h8, h1.
func (r *refPos) zone(c [2]int) int {
	if r.n == 2 {
		if c[1] < 4 {
			return 0
		}
		return 1
	}
	switch {
	case c[0] < 4 && c[1] < 4:
		return 0
	case c[0] < 4:
		return 1
	case c[1] >= 4:
		return 2
	}
	return 3
}

func (r *refPos) at(c [2]int) byte { return r.cell[c[1]][c[0]] }

func (r *refPos) on(c [2]int) bool { return c[0] >= 0 && c[1] >= 0 && c[0] < r.files && c[1] < r.ranks }

// parseRef reads the position text as the help page describes it.
func parseRef(t *testing.T, text string, n int, teams bool) *refPos {
	t.Helper()
	f := strings.Fields(text)
	if len(f) != 5 {
		t.Fatalf("ref: %q", text)
	}
	r := &refPos{n: n, teams: teams, files: 4, ranks: 8, clock: -1}
	if n == 4 {
		r.files = 8
	}
	for i, row := range strings.Split(f[0], "/") {
		x := 0
		for _, ch := range row {
			if ch >= '1' && ch <= '9' {
				for k := 0; k < int(ch-'0'); k++ {
					r.cell[7-i][x] = '.'
					x++
				}
				continue
			}
			r.cell[7-i][x] = byte(ch)
			x++
		}
	}
	r.turn, _ = strconv.Atoi(f[1])
	r.turn--
	for pl, pile := range strings.Split(f[2], "/") {
		r.piles[pl] = map[byte]int{}
		for _, ch := range strings.TrimPrefix(pile, "-") {
			r.piles[pl][byte(ch)]++
		}
	}
	if f[3] != "-" {
		r.clock, _ = strconv.Atoi(f[3])
	}
	if f[4] != "-" {
		s := f[4]
		r.banned = true
		r.banTo = [2]int{int(s[0] - 'a'), int(s[1] - '1')}
		r.banFrom = [2]int{int(s[2] - 'a'), int(s[3] - '1')}
	}
	return r
}

// text writes the position text.
func (r *refPos) text() string {
	var rows []string
	for y := 7; y >= 0; y-- {
		row, empty := "", 0
		for x := 0; x < r.files; x++ {
			if r.cell[y][x] == '.' {
				empty++
				continue
			}
			if empty > 0 {
				row += strconv.Itoa(empty)
				empty = 0
			}
			row += string(r.cell[y][x])
		}
		if empty > 0 {
			row += strconv.Itoa(empty)
		}
		rows = append(rows, row)
	}
	var piles []string
	for pl := 0; pl < r.n; pl++ {
		s := strings.Repeat("Q", r.piles[pl]['Q']) + strings.Repeat("D", r.piles[pl]['D']) + strings.Repeat("P", r.piles[pl]['P'])
		if s == "" {
			s = "-"
		}
		piles = append(piles, s)
	}
	clock, last := "-", "-"
	if r.clock >= 0 {
		clock = strconv.Itoa(r.clock)
	}
	if r.banned {
		last = refSquare(r.banTo) + refSquare(r.banFrom)
	}
	return fmt.Sprintf("%s %d %s %s %s", strings.Join(rows, "/"), r.turn+1, strings.Join(piles, "/"), clock, last)
}

// zoneCount counts the pieces in a player's zone.
func (r *refPos) zoneCount(pl int) map[byte]int {
	c := map[byte]int{}
	for y := 0; y < r.ranks; y++ {
		for x := 0; x < r.files; x++ {
			if r.cell[y][x] != '.' && r.zone([2]int{x, y}) == pl {
				c[r.cell[y][x]]++
			}
		}
	}
	return c
}

func (r *refPos) emptyZone() bool {
	for pl := 0; pl < r.n; pl++ {
		if len(r.zoneCount(pl)) == 0 {
			return true
		}
	}
	return false
}

func (r *refPos) over() bool { return r.emptyZone() || r.clock >= 7 }

// supplier returns whose pile gives a piece for a field promotion: the
// mover's, then the others' in turn order; -1 if none holds one.
func (r *refPos) supplier(piece byte) int {
	for i := 0; i < r.n; i++ {
		if pl := (r.turn + i) % r.n; r.piles[pl][piece] > 0 {
			return pl
		}
	}
	return -1
}

// moves lists the legal moves, as texts, sorted.
func (r *refPos) moves() []refMove {
	if r.over() {
		return nil
	}
	mine := r.zoneCount(r.turn)
	canQueen := mine['Q'] == 0 && r.supplier('Q') >= 0
	canDrone := mine['D'] == 0 && r.supplier('D') >= 0
	var out []refMove
	diag := [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	orth := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	for y := 0; y < r.ranks; y++ {
		for x := 0; x < r.files; x++ {
			from := [2]int{x, y}
			piece := r.cell[y][x]
			if piece == '.' || r.zone(from) != r.turn {
				continue
			}
			var dirs [][2]int
			reach := 1
			switch piece {
			case 'P':
				dirs = diag
			case 'D':
				dirs, reach = orth, 2
			case 'Q':
				dirs, reach = append(append([][2]int{}, diag...), orth...), 8
			}
			for _, d := range dirs {
				to := from
				for k := 0; k < reach; k++ {
					to = [2]int{to[0] + d[0], to[1] + d[1]}
					if !r.on(to) {
						break
					}
					target := r.at(to)
					if target == '.' {
						if !(r.banned && from == r.banFrom && to == r.banTo) {
							out = append(out, refMove{from: from, to: to})
						}
						continue
					}
					if r.zone(to) != r.turn {
						out = append(out, refMove{from: from, to: to})
					} else {
						pair := string([]byte{piece, target})
						switch {
						case canQueen && (pair == "DP" || pair == "PD"):
							out = append(out, refMove{from: from, to: to, merge: 'Q'})
						case canDrone && pair == "PP":
							out = append(out, refMove{from: from, to: to, merge: 'D'})
						}
					}
					break
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// play makes a move.
func (r *refPos) play(m refMove) {
	mover := r.at(m.from)
	target := r.at(m.to)
	capture := false
	if m.merge != 0 {
		s := r.supplier(m.merge)
		r.piles[s][m.merge]--
		r.piles[s][mover]++
		r.piles[s][target]++
		r.cell[m.to[1]][m.to[0]] = m.merge
	} else {
		if target != '.' {
			capture = true
			r.piles[r.turn][target]++
		}
		r.cell[m.to[1]][m.to[0]] = mover
	}
	r.cell[m.from[1]][m.from[0]] = '.'
	switch {
	case r.clock >= 0 && capture:
		r.clock = 0
	case r.clock >= 0:
		r.clock++
	case m.call:
		r.clock = 0
	}
	next := (r.turn + 1) % r.n
	r.banned = m.merge == 0 && r.zone(m.from) != r.zone(m.to) && r.zone(m.to) == next
	r.banFrom, r.banTo = m.to, m.from
	r.turn = next
}

// side returns the players of pl's side.
func (r *refPos) side(pl int) []int {
	if !r.teams {
		return []int{pl}
	}
	return []int{pl % 2, pl%2 + 2}
}

func (r *refPos) total(pl int) int {
	sum := 0
	for _, q := range r.side(pl) {
		for piece, n := range r.piles[q] {
			sum += n * refPoints[piece]
		}
	}
	return sum
}

// result returns "" while the game goes on, "draw", or "win " and the
// winning players' numbers, e.g. "win 1 3".
func (r *refPos) result() string {
	zone := r.emptyZone()
	if !zone && r.clock < 7 && len(r.moves()) > 0 {
		return ""
	}
	best := -1
	for pl := 0; pl < r.n; pl++ {
		best = max(best, r.total(pl))
	}
	var top []int
	for pl := 0; pl < r.n; pl++ {
		if r.total(pl) == best {
			top = append(top, pl)
		}
	}
	win := func(players []int) string {
		s := "win"
		for _, pl := range players {
			s += " " + strconv.Itoa(pl+1)
		}
		return s
	}
	if len(top) == len(r.side(top[0])) {
		return win(top)
	}
	if !zone {
		return "draw"
	}
	last := (r.turn + r.n - 1) % r.n
	for _, pl := range top {
		if pl == last {
			s := r.side(last)
			sort.Ints(s)
			return win(s)
		}
	}
	return win(top)
}
