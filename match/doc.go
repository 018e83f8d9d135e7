// Package match plays games between two players in any variant and scores
// them, with varied openings and rotating seats, adjudication and an Elo
// interval: a front end on game.Game, whose players (the engine at any
// level or setting, a random mover, a UCI engine) it seats.
package match
