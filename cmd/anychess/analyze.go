package main

// The analyze subcommand: search one position and print the best move, its score and the principal variation.

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/search"
)

func cmdAnalyze(args []string, stdout io.Writer) error {
	fs := newFlagSet("analyze", stdout)
	var v variantFlags
	v.register(fs, true)
	moveTime := fs.Duration("movetime", 0, "search this long (default 5s when no other limit is given)")
	depth := fs.Int("depth", 0, "search to this depth in plies")
	nodes := fs.Uint64("nodes", 0, "search this many nodes")
	level := fs.Int("level", search.Levels, fmt.Sprintf("playing strength 1..%d (%d is full strength)", search.Levels, search.Levels))
	hash := fs.Int("hash", 64, fmt.Sprintf("transposition table size in megabytes (1 to %d)", search.MaxHashMB))
	if err := v.parse(fs, "analyze", args); err != nil {
		return err
	}
	switch {
	case *moveTime < 0:
		return fmt.Errorf("analyze: --movetime %v: the time must not be negative", *moveTime)
	case *depth < 0 || *depth > search.MaxDepth:
		return fmt.Errorf("analyze: --depth %d: want 1 to %d plies (0: no depth limit)", *depth, search.MaxDepth)
	case *hash < 1 || *hash > search.MaxHashMB:
		return fmt.Errorf("analyze: --hash %d: want 1 to %d megabytes", *hash, search.MaxHashMB)
	case *level < 1 || *level > search.Levels:
		return fmt.Errorf("analyze: --level %d: want 1 to %d", *level, search.Levels)
	}
	p, err := v.position()
	if err != nil {
		return err
	}
	if o := p.Outcome(); o.Status != core.Ongoing {
		return fmt.Errorf("analyze: the game is over: %s", o)
	}
	if *moveTime == 0 && *depth == 0 && *nodes == 0 {
		*moveTime = 5 * time.Second
	}
	opts, lim, err := search.Level(*level, *moveTime, 1)
	if err != nil {
		return err
	}
	opts.HashMB = *hash
	if *depth > 0 && (lim.Depth == 0 || *depth < lim.Depth) {
		lim.Depth = *depth
	}
	lim.Nodes = *nodes
	res := search.New(opts).Search(p, lim)
	if res.Move == core.NullMove {
		return errors.New("analyze: the side to move has no move")
	}
	fmt.Fprintf(stdout, "bestmove %s\n", moveText(p, res.Move))
	fmt.Fprintf(stdout, "score %s\n", scoreText(res.Score))
	fmt.Fprintf(stdout, "depth %d nodes %d time %v nps %.0f\n", res.Depth, res.Nodes, res.Time.Round(time.Millisecond), float64(res.Nodes)/max(res.Time.Seconds(), 1e-9))
	fmt.Fprintf(stdout, "pv %s\n", pvText(p, res.PV))
	return nil
}

// moveText writes a move in coordinate notation with its declarations.
func moveText(p *core.Position, m core.Move) string {
	bare := p.Rules().Bare(m)
	return notation.Coordinate.Encode(p, bare) + p.DeclarationText(m)
}

// scoreText writes a score in centipawns, or as "mate N" (N moves of the
// side to move; negative when it is mated).
func scoreText(score int) string {
	if plies, ok := search.IsMate(score); ok {
		n := (plies + 1) / 2
		if score < 0 {
			n = -n
		}
		return fmt.Sprintf("mate %d", n)
	}
	return fmt.Sprintf("cp %d", score)
}

// pvText writes a principal variation in SAN (the variant's readable
// notation where it has one), making the moves on the way.
func pvText(p *core.Position, pv []core.Move) string {
	var parts []string
	made := 0
	for _, m := range pv {
		bare := p.Rules().Bare(m)
		parts = append(parts, notation.SAN.Encode(p, bare)+p.DeclarationText(m))
		p.MakeMove(m)
		made++
	}
	for ; made > 0; made-- {
		p.UnmakeMove()
	}
	return strings.Join(parts, " ")
}
