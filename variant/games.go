package variant

// The games with Go hooks, each in a package of its own that registers its hooks with the core when imported.

import (
	"anychess/variant/longchess"
	"anychess/variant/martian"
	_ "anychess/variant/plane" // Chess on an Infinite Plane: hooks "infinite-plane"
)

// Every program that loads variants through this package gets every game's
// hooks: a variant file names its hook set (hooks = "longchess"), and the
// games' packages register theirs with core.RegisterHooks in their init
// functions, which importing them here runs. A game's package imports only
// the core (and notation in its tests), never this package, so it can be
// read and changed on its own.

// ArgCallClock is the Move.Arg bit of a Martian Chess move that calls the
// clock (martian.ArgCallClock).
const ArgCallClock = martian.ArgCallClock

// LongchessArgDraw is the Move.Arg bit of a Longchess move that offers or
// accepts a draw (longchess.ArgDraw).
const LongchessArgDraw = longchess.ArgDraw

// LongchessSalvos describes Longchess's candidate salvos (longchess.Salvos).
const LongchessSalvos = longchess.Salvos
