package sprt

// Balanced openings: short random move sequences whose end a quick search scores as close to even.

import (
	"bufio"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"anychess/core"
	"anychess/notation"
	"anychess/search"
)

// BookConfig describes a book of openings.
type BookConfig struct {
	// Size is the number of openings.
	Size int
	// Plies is the number of random plies of an opening.
	Plies int
	// Margin is the largest score (centipawns, from the mover's view) a
	// quick search may give the opening's last position.
	Margin int
	// Nodes is the size of that search (default 5000).
	Nodes uint64
	// Seed chooses the openings.
	Seed uint64
}

// maxTries is how many random sequences an opening may try before the most
// balanced one seen is taken.
const maxTries = 40

// Openings returns cfg.Size openings of the rules, each a list of moves in
// coordinate notation from the start position: Plies random legal moves
// (none ending the game), the last position searched with a fresh engine
// for Nodes nodes and kept when |score| ≤ Margin and no earlier opening
// reached the same position. After maxTries sequences the most balanced one
// seen is kept. The book depends only on the rules and cfg.
func Openings(r *core.Rules, cfg BookConfig) ([][]string, error) {
	if cfg.Size < 1 || cfg.Plies < 0 || cfg.Margin < 0 {
		return nil, fmt.Errorf("sprt: book of %d openings of %d plies, margin %d: want at least 1 opening and no negative number", cfg.Size, cfg.Plies, cfg.Margin)
	}
	if cfg.Nodes == 0 {
		cfg.Nodes = 5000
	}
	eng := search.New(search.Options{HashMB: 1})
	seen := map[uint64]bool{}
	book := make([][]string, 0, cfg.Size)
	for i := range cfg.Size {
		var best []string
		bestScore, bestKey := -1, uint64(0)
		for try := range maxTries {
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)<<8|uint64(try)))
			moves, p := randomOpening(r, rng, cfg.Plies)
			if p == nil || seen[p.Hash()] {
				continue
			}
			eng.NewGame()
			res := eng.Search(p, search.Limits{Nodes: cfg.Nodes})
			score := abs(res.Score)
			if bestScore < 0 || score < bestScore {
				best, bestScore, bestKey = moves, score, p.Hash()
			}
			if score <= cfg.Margin {
				break
			}
		}
		if bestScore < 0 {
			return nil, fmt.Errorf("sprt: no opening of %d plies found for opening %d (every sequence ended the game or repeated another)", cfg.Plies, i+1)
		}
		seen[bestKey] = true
		book = append(book, best)
	}
	return book, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// randomOpening plays plies random legal moves that do not end the game
// from the start and returns them and the position after them, or a nil
// position when the game cannot go on that long.
func randomOpening(r *core.Rules, rng *rand.Rand, plies int) ([]string, *core.Position) {
	p := r.StartPosition()
	var moves []string
	for range plies {
		legal := p.LegalMoves(nil)
		chosen := core.NullMove
		for _, k := range rng.Perm(len(legal)) {
			p.MakeMove(legal[k])
			over := p.Outcome().Status != core.Ongoing
			p.UnmakeMove()
			if !over {
				chosen = legal[k]
				break
			}
		}
		if chosen == core.NullMove {
			return nil, nil
		}
		moves = append(moves, notation.Coordinate.Encode(p, chosen))
		p.MakeMove(chosen)
	}
	return moves, p
}

// CachedOpenings returns the book Openings builds, kept in a file of dir
// named after a hash of variant (a text that names the rules and their
// options) and cfg, so that a test run again reads it instead of searching
// again. An empty dir keeps no file.
func CachedOpenings(r *core.Rules, variant string, cfg BookConfig, dir string) ([][]string, error) {
	if cfg.Nodes == 0 {
		cfg.Nodes = 5000
	}
	if dir == "" {
		return Openings(r, cfg)
	}
	header := fmt.Sprintf("# anychess sprt openings: %s size=%d plies=%d margin=%d nodes=%d seed=%d",
		variant, cfg.Size, cfg.Plies, cfg.Margin, cfg.Nodes, cfg.Seed)
	h := fnv.New64a()
	h.Write([]byte(header))
	name := fmt.Sprintf("%s-%016x.txt", safeName(r.Name()), h.Sum64())
	path := filepath.Join(dir, name)
	if book, err := readBook(path, header, cfg.Size); err == nil {
		return book, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	book, err := Openings(r, cfg)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.WriteString(header + "\n")
	for _, o := range book {
		sb.WriteString(strings.Join(o, " ") + "\n")
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(sb.String()), 0o644); err != nil {
		return nil, err
	}
	return book, os.Rename(tmp, path)
}

// readBook reads a book file written by CachedOpenings.
func readBook(path, header string, size int) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() || sc.Text() != header {
		return nil, fmt.Errorf("sprt: opening book %s: its first line is not %q", path, header)
	}
	var book [][]string
	for sc.Scan() {
		book = append(book, strings.Fields(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(book) != size {
		return nil, fmt.Errorf("sprt: opening book %s: %d openings, want %d", path, len(book), size)
	}
	return book, nil
}

// safeName keeps letters, digits and dashes of a name for a file name.
func safeName(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-':
			return c
		}
		return '_'
	}, s)
}
