package variant

// An independent Claustrophobia move generator, written from the rules text without Betza, to check the core's against.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"anychess/core"
)

// clCell is a cell of the reference board: 0 empty, otherwise a piece
// letter, upper case White, lower case Black.
type clCell = byte

// clRefPos is a Claustrophobia position for the reference generator: board[x][y]
// with x the file and y the rank from 0, White to move when white is set, and
// the en-passant square (x, y) or epX < 0.
type clRefPos struct {
	board    [8][8]clCell
	white    bool
	epX, epY int
}

// clUsed reports whether (x, y) is one of the 46 used cells: files a–e, and
// the palaces f1 f2 g2, f7 f8 g7.
func clUsed(x, y int) bool {
	if x < 0 || y < 0 || x > 7 || y > 7 {
		return false
	}
	switch x {
	case 0, 1, 2, 3, 4:
		return true
	case 5:
		return y <= 1 || y >= 6
	case 6:
		return y == 1 || y == 6
	}
	return false
}

// clInside reports whether (x, y) is on the 8×8 grid (used or not).
func clInside(x, y int) bool { return x >= 0 && y >= 0 && x < 8 && y < 8 }

func clWhite(c clCell) bool { return c >= 'A' && c <= 'Z' }

// clRefMove is a reference move; victims are extra captured cells, in order.
type clRefMove struct {
	fx, fy, tx, ty int
	victims        [][2]int
	promo          byte // lower-case letter or 0
	ep             bool // en passant: the victim is the pawn beside
	double         bool // a pawn's two-cell step
}

func clName(x, y int) string { return fmt.Sprintf("%c%d", 'a'+x, y+1) }

// text writes the move as clMoveText writes core moves.
func (m clRefMove) text() string {
	s := clName(m.fx, m.fy) + clName(m.tx, m.ty)
	if m.ep {
		s += "ep"
	} else {
		for _, v := range m.victims {
			s += "x" + clName(v[0], v[1])
		}
	}
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

// pseudo returns the moves of the side to move that obey piece movement.
func (p *clRefPos) pseudo() []clRefMove {
	var out []clRefMove
	for x := 0; x < 8; x++ {
		for y := 0; y < 8; y++ {
			c := p.board[x][y]
			if c != 0 && clWhite(c) == p.white {
				out = p.pieceMoves(out, x, y)
			}
		}
	}
	return out
}

// own and enemy classify a used cell for the side to move.
func (p *clRefPos) own(x, y int) bool {
	c := p.board[x][y]
	return c != 0 && clWhite(c) == p.white
}

func (p *clRefPos) enemy(x, y int) bool {
	c := p.board[x][y]
	return c != 0 && clWhite(c) != p.white
}

func (p *clRefPos) empty(x, y int) bool { return clUsed(x, y) && p.board[x][y] == 0 }

func (p *clRefPos) pieceMoves(out []clRefMove, x, y int) []clRefMove {
	add := func(tx, ty int, victims ...[2]int) {
		out = append(out, clRefMove{fx: x, fy: y, tx: tx, ty: ty, victims: victims})
	}
	// stepTo adds a move to a used cell that is empty or holds an enemy.
	stepTo := func(tx, ty int) {
		if clUsed(tx, ty) && !p.own(tx, ty) {
			add(tx, ty)
		}
	}
	switch c := p.board[x][y] | 0x20; c {
	case 'k', 'q': // king, queen guard
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if dx != 0 || dy != 0 {
					stepTo(x+dx, y+dy)
				}
			}
		}
	case 'n':
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			stepTo(x+d[0], y+d[1])
		}
	case 'b': // ninja guard
		for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}} {
			x1, y1, x2, y2 := x+d[0], y+d[1], x+2*d[0], y+2*d[1]
			if !clInside(x1, y1) {
				continue
			}
			s2 := clUsed(x2, y2) && !p.own(x2, y2) // s2 may be landed on
			switch {
			case !clUsed(x1, y1) || p.board[x1][y1] == 0: // s1 unused or empty
				if clUsed(x1, y1) {
					add(x1, y1)
				}
				if s2 {
					add(x2, y2)
				}
			case p.own(x1, y1): // leap over a friend
				if s2 {
					add(x2, y2)
				}
			default: // s1 enemy: take it, or jump it (taking s2 too if an enemy)
				add(x1, y1)
				if s2 {
					add(x2, y2, [2]int{x1, y1})
				}
			}
		}
	case 'r': // flying bomber, limited version
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			// Slide over empty and unused cells; the first piece ends it.
			tx, ty := x+d[0], y+d[1]
			for clInside(tx, ty) && (!clUsed(tx, ty) || p.board[tx][ty] == 0) {
				if clUsed(tx, ty) {
					add(tx, ty)
				}
				tx, ty = tx+d[0], ty+d[1]
			}
			// Bombing: the first piece is an enemy, the cell behind it empty.
			if clInside(tx, ty) && p.enemy(tx, ty) && p.empty(tx+d[0], ty+d[1]) {
				add(tx+d[0], ty+d[1], [2]int{tx, ty})
			}
			x1, y1, x2, y2 := x+d[0], y+d[1], x+2*d[0], y+2*d[1]
			if !clUsed(x1, y1) || !clUsed(x2, y2) {
				continue
			}
			switch {
			case p.own(x1, y1): // helicopter over a friend, to an empty cell or onto an enemy
				if !p.own(x2, y2) {
					add(x2, y2)
				}
			case p.board[x1][y1] == 0 && p.enemy(x2, y2): // the enemy two cells away
				add(x2, y2)
			case p.enemy(x1, y1) && p.enemy(x2, y2): // two enemies in a row
				add(x2, y2, [2]int{x1, y1})
			}
		}
	case 'p':
		f, start, last := 1, 1, 7
		if !p.white {
			f, start, last = -1, 6, 0
		}
		var pawn []clRefMove
		if p.empty(x, y+f) {
			pawn = append(pawn, clRefMove{fx: x, fy: y, tx: x, ty: y + f})
			if y == start && p.empty(x, y+2*f) {
				pawn = append(pawn, clRefMove{fx: x, fy: y, tx: x, ty: y + 2*f, double: true})
			}
		}
		for _, dx := range []int{-1, 1} {
			tx, ty := x+dx, y+f
			if !clUsed(tx, ty) {
				continue
			}
			switch {
			case p.enemy(tx, ty):
				pawn = append(pawn, clRefMove{fx: x, fy: y, tx: tx, ty: ty})
			case tx == p.epX && ty == p.epY:
				pawn = append(pawn, clRefMove{fx: x, fy: y, tx: tx, ty: ty, ep: true, victims: [][2]int{{tx, y}}})
			}
			// Past an enemy blocker, to an empty cell.
			if clUsed(x, y+f) && p.enemy(x, y+f) && p.empty(tx, ty) {
				pawn = append(pawn, clRefMove{fx: x, fy: y, tx: tx, ty: ty})
			}
		}
		for _, m := range pawn {
			if m.ty != last {
				out = append(out, m)
				continue
			}
			for _, pr := range []byte{'q', 'b', 'r', 'n'} {
				m.promo = pr
				out = append(out, m)
			}
		}
	}
	return out
}

// after returns the position after m.
func (p *clRefPos) after(m clRefMove) clRefPos {
	q := *p
	c := q.board[m.fx][m.fy]
	for _, v := range m.victims {
		q.board[v[0]][v[1]] = 0
	}
	q.board[m.fx][m.fy] = 0
	if m.promo != 0 {
		c = m.promo
		if p.white {
			c -= 0x20
		}
	}
	q.board[m.tx][m.ty] = c
	q.epX, q.epY = -1, -1
	if m.double {
		// The right exists only when an enemy pawn stands beside the pawn
		// that made the double step (as the core records it, after FIDE).
		for _, dx := range []int{-1, 1} {
			if x := m.tx + dx; clUsed(x, m.ty) && q.board[x][m.ty] != 0 && q.board[x][m.ty]|0x20 == 'p' && clWhite(q.board[x][m.ty]) != p.white {
				q.epX, q.epY = m.fx, (m.fy+m.ty)/2
			}
		}
	}
	q.white = !p.white
	return q
}

// kingTakeable reports whether the side to move could capture the other
// side's king, by landing on it or as a victim.
func (p *clRefPos) kingTakeable() bool {
	for _, m := range p.pseudo() {
		if p.board[m.tx][m.ty]|0x20 == 'k' && p.enemy(m.tx, m.ty) {
			return true
		}
		for _, v := range m.victims {
			if p.board[v[0]][v[1]]|0x20 == 'k' {
				return true
			}
		}
	}
	return false
}

// legal returns the moves that do not leave the mover's king capturable.
func (p *clRefPos) legal() []clRefMove {
	if p.scepterTaken() {
		return nil // the last mover won: the game is over
	}
	var out []clRefMove
	for _, m := range p.pseudo() {
		q := p.after(m)
		if !q.kingTakeable() {
			out = append(out, m)
		}
	}
	return out
}

// fen writes the position in the variant's FEN (castling "-", counters 0 1).
func (p *clRefPos) fen() string {
	var sb strings.Builder
	for y := 7; y >= 0; y-- {
		empty := 0
		for x := 0; x < 8; x++ {
			if clUsed(x, y) && p.board[x][y] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			if !clUsed(x, y) {
				sb.WriteByte('*')
			} else {
				sb.WriteByte(p.board[x][y])
			}
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		if y > 0 {
			sb.WriteByte('/')
		}
	}
	side, ep := " w", " -"
	if !p.white {
		side = " b"
	}
	if p.epX >= 0 {
		ep = " " + clName(p.epX, p.epY)
	}
	return sb.String() + side + " -" + ep
}

// clRefStart is the start position, set up from the rules text.
func clRefStart() clRefPos {
	p := clRefPos{white: true, epX: -1, epY: -1}
	for x, c := range []byte("RRNBBK") {
		p.board[x][0] = c
		p.board[x][7] = c | 0x20
	}
	p.board[5][1], p.board[6][1] = 'Q', 'N'
	p.board[5][6], p.board[6][6] = 'q', 'n'
	for x := 0; x < 5; x++ {
		p.board[x][1], p.board[x][6] = 'P', 'p'
	}
	return p
}

func clRefTexts(ms []clRefMove) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.text()
	}
	sort.Strings(out)
	return out
}

// clCompareMoves fails when the core and the reference disagree on the legal moves.
func clCompareMoves(t *testing.T, r *core.Rules, ref *clRefPos) {
	t.Helper()
	fen := ref.fen()
	p, err := r.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	got := clLegalFrom(t, p, "")
	want := clRefTexts(ref.legal())
	if !slices.Equal(got, want) {
		t.Fatalf("%s:\n core      %v\n reference %v", fen, got, want)
	}
	if dup := slices.Compact(slices.Clone(got)); len(dup) != len(got) {
		t.Fatalf("%s: duplicate moves %v", fen, got)
	}
}

func (p *clRefPos) perft(depth int) uint64 {
	moves := p.legal()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := p.after(m)
		n += q.perft(depth - 1)
	}
	return n
}

// TestClaustrophobiaReferencePerft compares perft from the start with the reference.
func TestClaustrophobiaReferencePerft(t *testing.T) {
	r := clRules(t)
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for d := 1; d <= depth; d++ {
		ref := clRefStart()
		want := ref.perft(d)
		if got := r.StartPosition().Perft(d); got != want {
			t.Errorf("perft(%d) = %d, reference %d", d, got, want)
		}
	}
	mid := claustrophobiaMiddle
	p, err := r.ParseFEN(mid)
	if err != nil {
		t.Fatal(err)
	}
	ref := clRefFromFEN(t, mid)
	if got, want := p.Perft(2), ref.perft(2); got != want {
		t.Errorf("%s: perft(2) = %d, reference %d", mid, got, want)
	}
}

// clRefFromFEN reads the board, side and en-passant fields of a FEN.
func clRefFromFEN(t *testing.T, fen string) clRefPos {
	t.Helper()
	f := strings.Fields(fen)
	p := clRefPos{white: f[1] == "w", epX: -1, epY: -1}
	for i, row := range strings.Split(f[0], "/") {
		x, y := 0, 7-i
		for j := 0; j < len(row); j++ {
			switch c := row[j]; {
			case c >= '1' && c <= '8':
				x += int(c - '0')
			case c == '*':
				x++
			default:
				p.board[x][y] = c
				x++
			}
		}
	}
	if len(f) > 3 && f[3] != "-" {
		p.epX, p.epY = int(f[3][0]-'a'), int(f[3][1]-'1')
	}
	return p
}

// TestClaustrophobiaReferenceGames plays random games on the core and on the
// reference side by side, comparing the legal moves and the position after
// every move.
func TestClaustrophobiaReferenceGames(t *testing.T) {
	r := clRules(t)
	games := 40
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(3, 7))
	for g := 0; g < games; g++ {
		ref := clRefStart()
		p := r.StartPosition()
		for ply := 0; ply < 200; ply++ {
			clCompareMoves(t, r, &ref)
			moves := ref.legal()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			clPlay(t, p, m.text())
			ref = ref.after(m)
			if got, want := strings.Join(strings.Fields(p.FEN())[:4], " "), ref.fen(); got != want {
				t.Fatalf("after %s: core %s, reference %s", m.text(), got, want)
			}
		}
	}
}

// TestClaustrophobiaReferencePositions compares the legal moves in random
// crowded positions, where bombs, jumps and double captures abound.
func TestClaustrophobiaReferencePositions(t *testing.T) {
	r := clRules(t)
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(11, 13))
	var cells [][2]int
	for x := 0; x < 8; x++ {
		for y := 0; y < 8; y++ {
			if clUsed(x, y) {
				cells = append(cells, [2]int{x, y})
			}
		}
	}
	tried := 0
	for done := 0; done < n; tried++ {
		p := clRefPos{white: rng.IntN(2) == 0, epX: -1, epY: -1}
		perm := rng.Perm(len(cells))
		put := func(i int, c byte) { p.board[cells[perm[i]][0]][cells[perm[i]][1]] = c }
		put(0, 'K')
		put(1, 'k')
		pieces := 4 + rng.IntN(20)
		for i := 2; i < 2+pieces; i++ {
			c := "QRBNPPqrbnpp"[rng.IntN(12)]
			at := cells[perm[i]]
			if c|0x20 == 'p' && (at[1] == 0 || at[1] == 7) {
				continue
			}
			put(i, c)
		}
		// The side not to move may not be in check.
		if p.kingTakeable() {
			continue
		}
		clCompareMoves(t, r, &p)
		done++
	}
	t.Logf("%d positions compared (%d drawn)", n, tried)
}

// scepterTaken reports whether the side that just moved has its king in the
// other side's palace (f8 f7 g7 for White, f1 f2 g2 for Black).
func (p *clRefPos) scepterTaken() bool {
	king, palace := byte('K'), [3][2]int{{5, 7}, {5, 6}, {6, 6}}
	if p.white { // Black just moved
		king, palace = 'k', [3][2]int{{5, 0}, {5, 1}, {6, 1}}
	}
	for _, c := range palace {
		if p.board[c[0]][c[1]] == king {
			return true
		}
	}
	return false
}
