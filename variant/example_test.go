package variant_test

// Runnable examples for the variant package documentation.

import (
	"fmt"

	"anychess/variant"
)

// A built-in variant loaded with an option: Martian Chess for four players,
// its rules (hooks included) ready to play.
func ExampleLoad() {
	r, err := variant.Load("martian-chess", map[string]string{"players": "4"})
	if err != nil {
		panic(err)
	}
	p := r.StartPosition()
	fmt.Println(r.Players, "players,", r.Board.Files, "by", r.Board.Ranks)
	fmt.Println(p)
	_, err = variant.Load("martian-chess", map[string]string{"players": "3"})
	fmt.Println(err)
	// Output:
	// 4 players, 8 by 8
	// QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 -/-/-/- - -
	// variants/martian-chess.toml: option players: value "3" is not one of 2, 4
}
