package main

// The uci subcommand: anychess as a UCI engine, for GUIs and other programs, in every variant (UCI_Variant).

import (
	"fmt"
	"io"
	"os"

	"anychess/uci"
)

const uciHelp = `Speaks the Universal Chess Interface on standard input and output, e.g. for a
GUI or anychess match --b 'uci:anychess uci'. Commands: uci, isready,
ucinewgame, setoption, position, go, stop, quit.

Options (setoption name NAME value VALUE):
  UCI_Variant      the variant, any name 'anychess variants' lists (default
                   chess); it clears VariantOptions
  VariantOptions   its options, NAME[=VALUE] separated by commas
                   (players=4,teams); set them after UCI_Variant
  Hash             transposition table size in MB (default 16)
  Level            playing strength 1..8 (default 8, full strength)

position startpos|fen TEXT [moves M...]: TEXT is the variant's own position
text (FEN for chess-like variants; it may contain spaces), the moves are in
coordinate notation with any declarations appended (b2c3:clock).
go movetime MS | wtime MS btime MS [winc MS] [binc MS] [movestogo N] |
   depth N | nodes N | infinite: the first player (and the third of four)
   uses wtime/winc, the others btime/binc.
A command that cannot be carried out answers 'info string error: ...' and
changes nothing; a go also answers 'bestmove (none)'. After a refused
position command, go searches nothing (error, then 'bestmove (none)') until
a position is accepted (or ucinewgame, or a new UCI_Variant).
`

func cmdUCI(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("uci", stdout)
	logFile := fs.String("log", "", "append every line read (> ...) and written (< ...) to this file")
	fs.Usage = func() {
		fmt.Fprintln(stdout, "usage: anychess uci [flags]")
		fs.PrintDefaults()
		fmt.Fprint(stdout, uciHelp)
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("uci: unexpected argument %q", fs.Arg(0))
	}
	s := uci.New(stdout)
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return fmt.Errorf("uci: %w", err)
		}
		defer f.Close()
		s.Log = f
	}
	return s.Run(stdin)
}
