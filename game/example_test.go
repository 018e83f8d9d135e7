package game_test

// Runnable examples for the game package documentation.

import (
	"fmt"

	"anychess/game"
	"anychess/variant"
)

// A person, Ann (seat 0, White), against a random mover: the person's moves are
// submitted as text in any notation, the other seat's are asked for.
func Example() {
	r, err := variant.Load("chess", nil)
	if err != nil {
		panic(err)
	}
	g, err := game.New(game.Config{Rules: r, Seats: []game.Seat{
		{Name: "Ann"},
		{Name: "random", Player: game.NewRandom(1)},
	}})
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"e4", "Bc4", "Qh5"} {
		mine, err := g.SubmitText(0, text)
		if err != nil {
			panic(err)
		}
		reply, err := g.MachineMove()
		if err != nil {
			panic(err)
		}
		fmt.Println(mine.SAN, reply.SAN)
	}
	if _, err := g.SubmitText(0, "Qxe9"); err != nil {
		fmt.Println(err)
	}
	if _, err := g.SubmitText(0, "Qxf7#"); err != nil {
		panic(err)
	}
	fmt.Println(g.Ply(), "plies:", g.ResultText())
	// Output:
	// e4 a5
	// Bc4 b6
	// Qh5 Nc6
	// Qxe9: bad square "e9": outside the 8x8 board
	// 7 plies: Ann wins by checkmate
}
