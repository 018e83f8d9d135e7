// Package game runs one game of any variant for every front end: the
// position, the seats (people, the computer at a level, a UCI engine, a
// random mover), Fischer clocks, draw offers, resignation, takebacks and
// the result.
//
// A Game is the single owner of a game's state. It is not safe for
// concurrent use: a front end calls it from one goroutine (the terminal's
// loop, the match runner, the server's per-game goroutine). People move
// through Submit (or SubmitText, which reads any notation the CLI takes);
// a seat played by a Player (the engine, a random mover, a UCI engine) moves
// through MachineMove, or through Request and Submit when the search runs
// elsewhere (the server's worker pool). Either way the engine searches a
// copy of the position, so its search leaves the game's position exactly
// as the moves made it. Every move is checked by the rules core before it
// is made; a refused move changes nothing.
//
// The time a move took is charged to its mover's clock when it is
// submitted; a seat whose clock has run out loses on time (Submit and
// CheckTime notice it). Games are written and read back as records
// (Record, ParseRecord, PGN), which keep every move's time, so a game can
// be resumed with its clocks.
//
// A game against the computer, in short (Example plays a whole one):
//
//	r, _ := variant.Load("chess", nil)
//	computer, _ := game.NewComputer(3, time.Second, 1)
//	g, _ := game.New(game.Config{Rules: r, Seats: []game.Seat{
//		{Name: "you"},
//		{Name: "anychess", Player: computer},
//	}})
//	g.SubmitText(0, "e4")       // a person's move, in any notation
//	g.MachineMove()             // the computer's reply
//	fmt.Println(g.ResultText()) // ongoing
package game
