package main

// The bench subcommand: perft speed in leaves per second, and with --search the engine's nodes per second in every variant.

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"anychess/search"
	"anychess/variant"
)

// perftBenches are the positions 'anychess bench' counts.
var perftBenches = []struct {
	variant, fen string
	depth        int
}{
	{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5},
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
	{"siberia", "rnbqk1bnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQK1BNR w KQkq - 0 1", 5},
}

// searchBenches are the variant configurations 'anychess bench --search'
// searches from the start.
var searchBenches = []struct {
	variant string
	options []string
}{
	{"chess", nil},
	{"siberia", nil},
	{"claustrophobia", nil},
	{"martian-chess", nil},
	{"martian-chess", []string{"players=4"}},
	{"martian-chess", []string{"players=4", "teams"}},
	{"longchess", nil},
	{"longchess", []string{"mode=ctm"}},
	{"longchess", []string{"teams=4"}},
	{"longchess", []string{"mines", "artillery"}},
	{"infinite-plane", nil},
	{"infinite-plane-huygens", nil},
}

func cmdBench(args []string, stdout io.Writer) error {
	fs := newFlagSet("bench", stdout)
	searchMode := fs.Bool("search", false, "measure the engine instead: a search of --nodes nodes from each variant's start, in nodes per second")
	nodes := fs.Uint64("nodes", 1_000_000, "with --search: the nodes each variant's search runs to")
	depth := fs.Int("depth", 0, "with --search: also stop each search at this depth (0: no depth limit)")
	threads := fs.Int("threads", 1, "with --search: search with this many goroutines (lazy SMP; two-sided games); the nodes are everyone's")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the benchmark to this file (for 'go tool pprof')")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected argument %q", fs.Arg(0))
	}
	if *depth < 0 || *depth > search.MaxDepth {
		return fmt.Errorf("bench: --depth %d is out of range 0..%d", *depth, search.MaxDepth)
	}
	if *nodes == 0 {
		return fmt.Errorf("bench: --nodes must be at least 1")
	}
	if *threads < 1 || *threads > search.MaxThreads {
		return fmt.Errorf("bench: --threads %d is out of range 1..%d", *threads, search.MaxThreads)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("bench: --cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: --cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	if *searchMode {
		return benchSearch(stdout, search.Limits{Depth: *depth, Nodes: *nodes}, *threads)
	}
	for _, b := range perftBenches {
		r, err := variant.Load(b.variant, nil)
		if err != nil {
			return err
		}
		p, err := r.ParseFEN(b.fen)
		if err != nil {
			return err
		}
		start := time.Now()
		n := p.Perft(b.depth)
		el := time.Since(start)
		fmt.Fprintf(stdout, "%-8s perft(%d) %12d leaves %8.3fs %12.0f leaves/s  %s\n", b.variant, b.depth, n, el.Seconds(), float64(n)/el.Seconds(), b.fen)
	}
	return nil
}

// benchSearch searches each of searchBenches from its start position with
// a fresh engine to the limits and prints nodes per second, then the total:
// per second of wall time, and per second of the process's CPU time (user
// and system), which a machine loaded by other jobs changes less. The
// variant's tables are built before the clock starts.
func benchSearch(stdout io.Writer, limits search.Limits, threads int) error {
	var nodes uint64
	var seconds, cpuSeconds float64
	for _, b := range searchBenches {
		opts := map[string]string{}
		for _, o := range b.options {
			name, value, _ := strings.Cut(o, "=")
			opts[name] = value
		}
		r, err := variant.Load(b.variant, opts)
		if err != nil {
			return err
		}
		p := r.StartPosition()
		e := search.New(search.Options{Threads: threads})
		e.Search(p, search.Limits{Depth: 1}) // builds the variant's tables, untimed
		e.NewGame()
		start, cpu0 := time.Now(), cpuTime()
		res := e.Search(p, limits)
		el := time.Since(start).Seconds()
		cpu := (cpuTime() - cpu0).Seconds()
		nodes += res.Nodes
		seconds += el
		cpuSeconds += cpu
		name := b.variant
		if len(b.options) > 0 {
			name += " " + strings.Join(b.options, ",")
		}
		fmt.Fprintf(stdout, "%-40s depth %2d %10d nodes %7.3fs %9.0f nodes/s %9.0f nodes/cpu-s  best %s\n",
			name, res.Depth, res.Nodes, el, float64(res.Nodes)/el, float64(res.Nodes)/cpu, moveText(p, res.Move))
	}
	fmt.Fprintf(stdout, "%-40s          %10d nodes %7.3fs %9.0f nodes/s %9.0f nodes/cpu-s\n", "total", nodes, seconds,
		float64(nodes)/seconds, float64(nodes)/cpuSeconds)
	return nil
}
