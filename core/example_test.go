package core_test

// Runnable examples for the core package documentation.

import (
	"errors"
	"fmt"

	"anychess/core"
	"anychess/notation"
	"anychess/variant"
)

// A game is played on a position: its legal moves, a move made and
// unmade, the result.
func Example() {
	r, err := variant.Load("chess", nil)
	if err != nil {
		panic(err)
	}
	p := r.StartPosition()
	fmt.Println(len(p.LegalMoves(nil)), "moves from the start")
	for _, text := range []string{"f3", "e5", "g4", "Qh4"} {
		m, err := notation.SAN.Decode(p, text)
		if err != nil {
			panic(err)
		}
		p.MakeMove(m)
	}
	fmt.Println(p)
	fmt.Println(p.Outcome())
	p.UnmakeMove()
	fmt.Println(p.Outcome(), "after taking Qh4 back")
	fmt.Println(r.StartPosition().Perft(3), "leaves at depth 3")
	// Output:
	// 20 moves from the start
	// rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
	// win for player 2 (checkmate)
	// ongoing after taking Qh4 back
	// 8902 leaves at depth 3
}

// A position text other than FEN: Martian Chess keeps its piles and its
// clock in its own text, which the rules read and write; a fault names the
// field it is in.
func ExampleRules_ParsePosition() {
	r, _ := variant.Load("martian-chess", nil)
	p, err := r.ParsePosition("QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQ1 2 Q/- 3 -")
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	_, err = r.ParsePosition("QQD1/QDP1/DPP1/4/4/1PPD/1PDQ 1 -/- - -")
	var fault *core.PositionError
	if errors.As(err, &fault) {
		fmt.Printf("%s: %s\n", fault.Field, fault.Msg)
	}
	// Output:
	// QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQ1 2 Q/- 3 -
	// board: 7 ranks, the board has 8
}
