// Package loadtest plays many games at once over real websockets against anychess servers it starts on the loopback, measures them, kills them on request, and checks afterwards that every acknowledged move is stored exactly once.
//
// Run starts Config.Servers server processes on one database (a SQLite
// file for one server, a PostgreSQL URL for one or more), makes
// Config.Games games between two people, and connects, for each, both
// players and Config.Spectators spectators, spread over the servers (with
// two servers, a game's second player and some of its spectators talk to
// the server that does not own the game). The players then play random
// legal moves, each after a think time around Config.MoveEvery, for
// Config.Duration. A move's latency is the time from sending it to its
// player's receiving the state that holds it (no engine is involved);
// a spectator's, to the spectator's receiving it.
//
// Faults: Config.KillAt kills the first server with SIGKILL that long
// into the measured phase (and Config.Restart starts it again on the same
// address); its clients reconnect, to any live server. Config.Churn
// closes that fraction of the connections each second, which reconnect.
//
// At the end the load stops, the games are read from the database, and
// each game's stored moves are compared with the moves its players saw
// acknowledged: every acknowledged move must be stored, once, at its ply.
package loadtest
