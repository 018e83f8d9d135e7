// Command anychess plays, counts and explains chess variants from the terminal.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"anychess/core"
	"anychess/notation"
	"anychess/variant"
)

const usage = `anychess: chess variants on any board

usage: anychess COMMAND [flags]

commands:
  variants   list the variants and their options
  rules      print a variant's rules as anychess plays them
  moves      list the legal moves of a position, one per line
  perft      count the leaves of the legal move tree
  play       play a game in the terminal
  bench      measure perft speed (leaves/s), or with --search the engine's (nodes/s)
  analyze    search a position: best move, score, principal variation
  match      play games between two engines and report the score
  tournament keep a Longchess tournament's battles in a file; the standings
  uci        speak the Universal Chess Interface (for GUIs), in every variant
  serve      play in the browser: serve the pages and the games (http://127.0.0.1:8080)

Every command that takes a variant accepts
  --variant NAME | --variant-file FILE.toml   and   --option NAME[=VALUE] (repeatable)
Run 'anychess COMMAND -h' for the flags of a command.
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
	cmd, rest := args[0], args[1:]
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
		if _, err := notation.ParseMoves(p, v.moves, anyNotation{}); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// anyNotation reads coordinate notation, or SAN when that fails, followed by
// the variant's declarations if any (b2c3:clock, see core.Declaration).
type anyNotation struct{}

func (anyNotation) Decode(p *core.Position, s string) (core.Move, error) {
	return p.ParseDeclared(s, func(s string) (core.Move, error) {
		m, err := notation.Coordinate.Decode(p, s)
		if err == nil {
			return m, nil
		}
		m2, err2 := notation.SAN.Decode(p, s)
		if err2 == nil {
			return m2, nil
		}
		if t := strings.TrimSpace(s); t != "" && t[0] >= 'A' && t[0] <= 'Z' {
			return m2, err2 // SAN-shaped text: SAN's reason is the better one
		}
		return m, err
	})
}

func cmdVariants(args []string, stdout io.Writer) error {
	fs := newFlagSet("variants", stdout)
	if err := fs.Parse(args); err != nil {
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
	if err := fs.Parse(args); err != nil {
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
	if err := fs.Parse(args); err != nil {
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

func cmdPerft(args []string, stdout io.Writer) error {
	fs := newFlagSet("perft", stdout)
	var v variantFlags
	v.register(fs, true)
	depth := fs.Int("depth", 0, "depth in plies (required)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *depth < 1 {
		return errors.New("perft: --depth N (N ≥ 1) is required")
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
