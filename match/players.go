package match

// Match players from their descriptions: the anychess engine at a level or with features switched off, a random mover, an external UCI engine (the players themselves are game's).

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"anychess/game"
	"anychess/search"
)

// ParsePlayer builds a player from its description:
//
//	random                       a random mover
//	anychess[:KEY[=VALUE],…]     the engine; keys: level=1..8, depth=N,
//	                             nodes=N, movetime=DURATION, hash=MB,
//	                             threads=N (lazy SMP), and the
//	                             switches that turn a search feature off
//	                             (switches: nott, noqtt, nonull, nolmr,
//	                             nopvs, noaspiration, norfp, nolmp,
//	                             nofutility, noimproving, nolmrtable,
//	                             noiir, nocont, nosingular, nocounter,
//	                             nosee, nocorr, nopiececorr, notteval,
//	                             nokillers, nohistory, noquiescence,
//	                             notuned, nonet, narrow),
//	                             null (null-move pruning on), checkext
//	                             (check extension on),
//	                             nocheckext, material (material-only
//	                             evaluation), nogoal (no goal terms in
//	                             the evaluation), maxn, paranoid, brs
//	                             (best-reply search), auto (the search
//	                             of games of more than two sides),
//	                             noise=CP, net=FILE (an evaluation network,
//	                             search.LoadNet, used where it fits the game)
//	uci:COMMAND[|NAME=VALUE…][|go LIMITS]
//	                             an external UCI engine, options to set and
//	                             the limits of its go command instead of
//	                             the move time (go nodes 20000, go depth 6)
//
// moveTime is the time a move may take unless the description says
// otherwise: depth= or nodes= without movetime= (or level=) removes the
// time limit, so such a player's moves do not depend on the machine's load.
// seed varies random movers and noise.
func ParsePlayer(desc string, moveTime time.Duration, seed uint64) (game.Player, error) {
	kind, rest, _ := strings.Cut(desc, ":")
	switch kind {
	case "random":
		if desc != "random" {
			return nil, fmt.Errorf("player %q: a random mover takes no settings", desc)
		}
		return game.NewRandom(seed), nil
	case "uci":
		parts := strings.Split(rest, "|")
		command := strings.Fields(parts[0])
		var options [][2]string
		limits := ""
		for _, o := range parts[1:] {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(o), "go "); ok {
				var err error
				if limits, err = game.ParseGoLimits(rest); err != nil {
					return nil, fmt.Errorf("player %q: %w", desc, err)
				}
				continue
			}
			name, value, ok := strings.Cut(o, "=")
			if !ok {
				return nil, fmt.Errorf("player %q: option %q: want NAME=VALUE", desc, o)
			}
			options = append(options, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
		}
		u, err := game.NewUCI(command, options, moveTime, limits)
		if err != nil {
			return nil, err
		}
		return u, nil
	case "anychess":
		return parseEngine(desc, rest, moveTime, seed)
	}
	return nil, fmt.Errorf("player %q: want random, anychess[:…] or uci:COMMAND", desc)
}

// switches are the keys that turn one of the search's features off (a
// search.Options field).
var switches = map[string]func(*search.Options) *bool{
	"nott":         func(o *search.Options) *bool { return &o.NoTT },
	"noqtt":        func(o *search.Options) *bool { return &o.NoQuiescenceTT },
	"nonull":       func(o *search.Options) *bool { return &o.NoNullMove },
	"nolmr":        func(o *search.Options) *bool { return &o.NoLMR },
	"nopvs":        func(o *search.Options) *bool { return &o.NoPVS },
	"noaspiration": func(o *search.Options) *bool { return &o.NoAspiration },
	"norfp":        func(o *search.Options) *bool { return &o.NoRFP },
	"nolmp":        func(o *search.Options) *bool { return &o.NoLMP },
	"nofutility":   func(o *search.Options) *bool { return &o.NoFutility },
	"noimproving":  func(o *search.Options) *bool { return &o.NoImproving },
	"nolmrtable":   func(o *search.Options) *bool { return &o.NoLMRTable },
	"noiir":        func(o *search.Options) *bool { return &o.NoIIR },
	"nocont":       func(o *search.Options) *bool { return &o.NoContHistory },
	"nocorr":       func(o *search.Options) *bool { return &o.NoCorrection },
	"nopiececorr":  func(o *search.Options) *bool { return &o.NoPieceCorrection },
	"notteval":     func(o *search.Options) *bool { return &o.NoTTEval },
	"nosingular":   func(o *search.Options) *bool { return &o.NoSingular },
	"nocounter":    func(o *search.Options) *bool { return &o.NoCounterMoves },
	"nosee":        func(o *search.Options) *bool { return &o.NoSEE },
	"nokillers":    func(o *search.Options) *bool { return &o.NoKillers },
	"nohistory":    func(o *search.Options) *bool { return &o.NoHistory },
	"noquiescence": func(o *search.Options) *bool { return &o.NoQuiescence },
	"notuned":      func(o *search.Options) *bool { return &o.NoTunedWeights },
	"nonet":        func(o *search.Options) *bool { return &o.NoNet },
	"narrow":       func(o *search.Options) *bool { return &o.NarrowPruning },
}

// Switches returns the names of the keys that turn one of the search's
// features off, sorted.
func Switches() []string {
	return slices.Sorted(maps.Keys(switches))
}

func parseEngine(desc, rest string, moveTime time.Duration, seed uint64) (game.Player, error) {
	opts := search.Options{}
	lim := search.Limits{MoveTime: moveTime}
	var extra []func()
	searchLimited, timeGiven := false, false
	for _, kv := range strings.Split(rest, ",") {
		if kv == "" {
			continue
		}
		key, value, valued := strings.Cut(kv, "=")
		num := func() (int, error) {
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return 0, fmt.Errorf("player %q: %s wants a number, got %q", desc, key, value)
			}
			return n, nil
		}
		// within reads a number from lo to hi.
		within := func(lo, hi int) (int, error) {
			n, err := num()
			if err == nil && (n < lo || n > hi) {
				err = fmt.Errorf("player %q: %s %d: want %d to %d", desc, key, n, lo, hi)
			}
			return n, err
		}
		var err error
		var n int
		switch key {
		case "level":
			timeGiven = true
			if n, err = num(); err == nil {
				var lo search.Options
				lo, lim, err = search.Level(n, moveTime, seed)
				opts.Noise, opts.Seed = lo.Noise, lo.Seed
			}
		case "depth":
			if n, err = within(1, search.MaxDepth); err == nil {
				extra = append(extra, func() { lim.Depth = n })
				searchLimited = true
			}
		case "nodes":
			if n, err = within(1, math.MaxInt32); err == nil {
				extra = append(extra, func() { lim.Nodes = uint64(n) })
				searchLimited = true
			}
		case "movetime":
			var d time.Duration
			if d, err = time.ParseDuration(value); err == nil && d <= 0 {
				err = fmt.Errorf("player %q: movetime %v: want more than 0", desc, d)
			}
			if err == nil {
				extra = append(extra, func() { lim.MoveTime = d })
				timeGiven = true
			}
		case "hash":
			opts.HashMB, err = within(1, search.MaxHashMB)
		case "threads":
			opts.Threads, err = within(1, search.MaxThreads)
		case "noise":
			if opts.Noise, err = within(0, 100_000); err == nil {
				opts.Seed = seed
			}
		case "null":
			opts.NoNullMove = false
		case "checkext":
			opts.CheckExtension = true
		case "nocheckext":
			opts.CheckExtension = false
		case "material":
			opts.MaterialOnly = true
		case "nogoal":
			opts.NoGoal = true
		case "net":
			opts.Net, err = search.LoadNet(value)
		case "maxn":
			opts.Multi = search.MaxN
		case "paranoid":
			opts.Multi = search.Paranoid
		case "brs":
			opts.Multi = search.BRS
		case "auto":
			opts.Multi = search.Auto
		default:
			switch off, ok := switches[key]; {
			case !ok:
				err = fmt.Errorf("player %q: unknown key %q", desc, key)
			case valued:
				err = fmt.Errorf("player %q: %s is a switch and takes no value, got %q", desc, key, value)
			default:
				*off(&opts) = true
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if searchLimited && !timeGiven {
		// depth= or nodes= alone: limited by the search, not by the clock,
		// so the result does not depend on the machine's load.
		lim.MoveTime = 0
	}
	for _, f := range extra {
		f()
	}
	return game.NewEngine(desc, opts, lim), nil
}
