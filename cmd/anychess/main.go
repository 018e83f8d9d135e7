package main

// The command table, the usage, the flags every command shares, and the variants, rules, moves and perft commands.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/notation"
	"anychess/variant"
)

const usage = `anychess: chess variants on any board

usage: anychess COMMAND [VARIANT] [flags]

commands:
  variants   list the variants and their options
  rules      print a variant's rules as anychess plays them
  moves      list the legal moves of a position, one per line
  perft      count the leaves of the legal move tree
  play       play a game in the terminal
  bench      measure perft speed (leaves/s), or with --search the engine's (nodes/s)
  analyze    search a position: best move, score, principal variation
  match      play games between two engines and report the score
  sprt       test whether one engine is stronger than another (SPRT over game pairs)
  tune       fit a variant's evaluation to positions of its self-play games (Texel tuning)
  tournament keep a Longchess tournament's battles in a file; the standings
  uci        speak the Universal Chess Interface (for GUIs), in every variant
  serve      play in the browser: serve the pages and the games (http://127.0.0.1:8080)
  loadtest   play many games at once against servers it starts on the loopback; measure them

Every command that takes a variant (rules, moves, perft, play, analyze, match)
accepts
  NAME | --variant NAME | --variant-file FILE.toml   and   --option NAME[=VALUE] (repeatable)
e.g. 'anychess rules siberia'. Run 'anychess COMMAND -h' for the flags of a command.
`

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "anychess:", err)
		os.Exit(1)
	}
}

func run(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return nil
	}
	err := runCommand(args[0], args[1:], stdin, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil // COMMAND -h: the flag package printed the usage
	}
	return err
}

// runCommand runs one command with the words after its name.
func runCommand(cmd string, rest []string, stdin io.Reader, stdout io.Writer) error {
	switch cmd {
	case "variants":
		return cmdVariants(rest, stdout)
	case "rules":
		return cmdRules(rest, stdout)
	case "moves":
		return cmdMoves(rest, stdout)
	case "perft":
		return cmdPerft(rest, stdout)
	case "play":
		return cmdPlay(rest, stdin, stdout)
	case "bench":
		return cmdBench(rest, stdout)
	case "analyze":
		return cmdAnalyze(rest, stdout)
	case "match":
		return cmdMatch(rest, stdout)
	case "tournament":
		return cmdTournament(rest, stdout)
	case "uci":
		return cmdUCI(rest, stdin, stdout)
	case "serve":
		return cmdServe(rest, stdout)
	case "loadtest":
		return cmdLoadtest(rest, stdout)
	case "sprt":
		return cmdSPRT(rest, stdout)
	case "tune":
		return cmdTune(rest, stdout)
	}
	return fmt.Errorf("unknown command %q (try 'anychess help')", cmd)
}

// optionList collects repeated --option flags.
type optionList []string

func (o *optionList) String() string     { return strings.Join(*o, ",") }
func (o *optionList) Set(s string) error { *o = append(*o, s); return nil }

// variantFlags are the flags shared by every command that plays a variant.
type variantFlags struct {
	name    string
	file    string
	options optionList
	fen     string
	moves   string
}

func newFlagSet(name string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stdout)
	return fs
}

func (v *variantFlags) register(fs *flag.FlagSet, position bool) {
	fs.StringVar(&v.name, "variant", "chess", "variant name (see 'anychess variants')")
	fs.StringVar(&v.file, "variant-file", "", "load the variant from this TOML file instead")
	fs.Var(&v.options, "option", "variant option NAME[=VALUE], repeatable")
	if position {
		fs.StringVar(&v.fen, "fen", "", "start from this position (extended FEN, or the variant's own position text) instead of the variant's start")
		fs.StringVar(&v.moves, "moves", "", "then play these moves (space-separated, coordinate notation or SAN)")
	}
}

// parseArgs parses the flags of args, which may come before and after the
// positional words ("rules siberia --option x"), and returns those words in
// order; after "--" every word is positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return words, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(words, rest...), nil
		}
		words = append(words, rest[0])
		args = rest[1:]
	}
}

// noWords refuses positional words for a command that takes none.
func noWords(cmd string, words []string) error {
	if len(words) > 0 {
		return fmt.Errorf("%s: unexpected argument %q (run 'anychess %s -h' for its flags)", cmd, words[0], cmd)
	}
	return nil
}

// parse parses the command's flags and takes the variant from a positional
// word as well as from --variant: "anychess rules siberia" is "anychess
// rules --variant siberia". More than one word, or a word naming another
// variant than --variant or given with --variant-file, is an error.
func (v *variantFlags) parse(fs *flag.FlagSet, cmd string, args []string) error {
	words, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(words) == 0:
		return nil
	case len(words) > 1:
		return fmt.Errorf("%s: unexpected argument %q: name at most one variant (run 'anychess %s -h' for its flags)", cmd, words[1], cmd)
	case v.file != "":
		return fmt.Errorf("%s: both the variant %q and --variant-file %s: give one", cmd, words[0], v.file)
	case flagGiven(fs, "variant") && v.name != words[0]:
		return fmt.Errorf("%s: the variant is given twice, as %q and as --variant %s: give one", cmd, words[0], v.name)
	case !slices.Contains(variant.Names(), words[0]):
		return fmt.Errorf("%s: %q is not a variant (known: %s; run 'anychess %s -h' for the flags)", cmd, words[0], strings.Join(variant.Names(), ", "), cmd)
	}
	v.name = words[0]
	return nil
}

func (v *variantFlags) rules() (*core.Rules, error) {
	opts, err := variant.ParseOptions(v.options)
	if err != nil {
		return nil, err
	}
	if v.file != "" {
		return variant.LoadFile(v.file, opts)
	}
	return variant.Load(v.name, opts)
}

// position builds the rules and the position the flags describe.
func (v *variantFlags) position() (*core.Position, error) {
	r, err := v.rules()
	if err != nil {
		return nil, err
	}
	p := r.StartPosition()
	if v.fen != "" {
		if p, err = r.ParsePosition(v.fen); err != nil {
			return nil, err
		}
	}
	if strings.TrimSpace(v.moves) != "" {
		if _, err := notation.ParseMoves(p, v.moves, game.Notation); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func cmdVariants(args []string, stdout io.Writer) error {
	fs := newFlagSet("variants", stdout)
	words, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := noWords("variants", words); err != nil {
		return err
	}
	for _, name := range variant.Names() {
		def, err := variant.Definition(name)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%-24s %s\n", name, def.Title)
		if len(def.Options) == 0 {
			fmt.Fprintf(stdout, "    (no options)\n")
		}
		for _, o := range def.Options {
			kind := "flag"
			if len(o.Values) > 0 {
				kind = strings.Join(o.Values, "|")
			}
			def := ""
			if o.Default != "" {
				def = " (default " + o.Default + ")"
			}
			fmt.Fprintf(stdout, "    --option %s  [%s]%s  %s\n", o.Name, kind, def, o.Description)
		}
	}
	return nil
}

func cmdRules(args []string, stdout io.Writer) error {
	fs := newFlagSet("rules", stdout)
	var v variantFlags
	v.register(fs, false)
	if err := v.parse(fs, "rules", args); err != nil {
		return err
	}
	r, err := v.rules()
	if err != nil {
		return err
	}
	title := r.Def.Title
	if title == "" {
		title = r.Def.Name
	}
	fmt.Fprintf(stdout, "%s\n%s\n\n%s\n", title, strings.Repeat("=", len(title)), strings.TrimSpace(r.Def.Help))
	return nil
}

func cmdMoves(args []string, stdout io.Writer) error {
	fs := newFlagSet("moves", stdout)
	var v variantFlags
	v.register(fs, true)
	san := fs.Bool("san", false, "write SAN instead of coordinate notation")
	if err := v.parse(fs, "moves", args); err != nil {
		return err
	}
	p, err := v.position()
	if err != nil {
		return err
	}
	var enc notation.Encoder = notation.Coordinate
	if *san {
		enc = notation.SAN
	}
	var lines []string
	if note := p.Rules().CandidateNote(); note != "" {
		fmt.Fprintln(os.Stderr, note)
	}
	for _, m := range p.LegalMoves(nil) {
		lines = append(lines, enc.Encode(p, m))
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return nil
}

// maxPerftDepth bounds perft's --depth: chess's perft(14) already passes
// 2^64, and a count that deep would take years.
const maxPerftDepth = 30

func cmdPerft(args []string, stdout io.Writer) error {
	fs := newFlagSet("perft", stdout)
	var v variantFlags
	v.register(fs, true)
	depth := fs.Int("depth", 0, "depth in plies (required)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if err := v.parse(fs, "perft", args); err != nil {
		return err
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return fmt.Errorf("perft: --depth %d: want 1 to %d (--depth N is required; deeper counts would not fit in 64 bits, nor finish)", *depth, maxPerftDepth)
	}
	p, err := v.position()
	if err != nil {
		return err
	}
	if note := p.Rules().CandidateNote(); note != "" {
		fmt.Fprintln(os.Stderr, note)
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		entries := p.Divide(*depth)
		lines := make([]string, 0, len(entries))
		for _, e := range entries {
			lines = append(lines, fmt.Sprintf("%s: %d", notation.Coordinate.Encode(p, e.Move), e.Nodes))
			nodes += e.Nodes
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(stdout, l)
		}
	} else {
		nodes = p.Perft(*depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(os.Stderr, "time: %v, %.0f leaves/s\n", elapsed.Round(time.Millisecond), float64(nodes)/elapsed.Seconds())
	fmt.Fprintf(stdout, "nodes: %d\n", nodes)
	return nil
}
