// Command anychess plays, counts and explains chess variants: in the
// browser (serve), in the terminal, and between engines.
//
// Usage:
//
//	anychess COMMAND [VARIANT] [flags]
//
// The commands:
//
//	variants    list the variants and their options
//	rules       print a variant's rules as anychess plays them
//	moves       list the legal moves of a position, one per line
//	perft       count the leaves of the legal move tree
//	play        play a game in the terminal (--save FILE, --resume FILE)
//	bench       measure perft speed, or with --search the engine's speed
//	analyze     search a position: best move, score, principal variation
//	match       play games between two engines and report the score
//	tournament  keep a Longchess tournament's battles in a file
//	uci         speak the Universal Chess Interface, in every variant
//	serve       the browser server: lobby, games, tournaments, uploads
//	loadtest    many games over websockets against servers it starts
//	sprt        a sequential probability ratio test between two players
//	tune        self-play positions and Texel tuning of a variant's tables
//
// A command that takes a variant accepts its name as a word or with
// --variant NAME, or a file with --variant-file FILE.toml, and its options
// with --option NAME[=VALUE]; for example
//
//	anychess perft siberia --depth 5
//	anychess play longchess --option mode=ctm
//
// Run 'anychess COMMAND -h' for the flags of a command.
package main
