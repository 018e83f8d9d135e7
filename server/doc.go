// Package server is anychess in the browser: the pages, a JSON API and one websocket per game, a thin front end on game.Game that stores every change before it tells anyone.
//
// Each live game is owned by one goroutine, its hub, which is the only one
// to read or change its game.Game. Connections register with the hub and
// send it the clients' messages; HTTP requests about a game run inside the
// hub too. A move is decoded (wire.DecodeClient), checked against the
// seat's token and the ply the client saw, made through game.Game (the
// rules core decides), stored in the database (committed), and only then
// sent to every connection as a wire.State of its own. A refused message
// gets a wire.ErrorMessage, to its sender only, and changes nothing.
//
// The computer's moves are searched in a bounded worker pool (at most
// max(1, NumCPU-1) searches at once): the hub sends the pool a request
// (game.Game.Request) and the move comes back to the hub with the ply it
// was for, so no search ever blocks another game, and a result that the
// game has moved past is dropped. Clocks run in the hub: a timer calls
// game.Game.CheckTime, so a flag falls without any message.
//
// Games survive the server: on start every unfinished game is read back
// from the store with its moves and their times, and its current turn is
// charged the time it had run before the server stopped (up to the
// process's last heartbeat), not the time the server was down.
//
// On PostgreSQL several processes share the games (doc/WEB.md, "Several
// servers"). Each live game has one owner process, whose hub is as above;
// another process's hub for the game mirrors it: it shows its connections
// the snapshot the owner publishes after each change (announced by
// LISTEN/NOTIFY) and forwards their messages to the owner through the
// database's inbox. A process whose lease ran out loses its games to one
// that claims them; the hubs change between owner and mirror as that
// happens. Computer moves are then jobs of the database's queue, which any
// process's workers take (FOR UPDATE SKIP LOCKED).
//
// Seats have no accounts: each human seat has a random 128-bit token, of
// which only the SHA-256 is stored and which is compared in constant time.
// The player link carries it in the URL fragment, which browsers never
// send; the page hands it to the server once, which sets it as a cookie.
// doc/WEB.md describes the API.
package server
