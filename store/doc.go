// Package store keeps the server's games in a database: each game's settings and seats, every move with its time, the result, and what lets several servers share one database.
//
// Two databases: SQLite through modernc.org/sqlite (no cgo) for one server,
// and PostgreSQL through github.com/jackc/pgx/v5 for one or several (Open
// takes a file path or a postgres:// URL). Both run the same embedded goose
// migrations, written in portable SQL with $N placeholders. Every statement
// is parameterised. SQLite runs in WAL mode with full synchronous commits;
// PostgreSQL with its default (synchronous) commits, so that a move
// acknowledged after AddMove returns survives a crash of the process.
//
// Ownership: each live game names the process that runs it (owner). Every
// change of a game is made in a transaction that first locks the game's row
// and checks that the caller still owns it, that the game goes on and that
// it holds exactly the moves the caller has (a fence): a process that lost
// a game to another can change nothing. A move's primary key (game, ply)
// keeps it from ever being stored twice.
//
// Leases: each process writes a heartbeat (Beat) every fraction of a
// second, which also renews its lease (processes.lease_until) on all the
// games it owns. When a lease runs out, another process may take the games
// over (Expired, Claim). The heartbeat also keeps clocks right across a
// crash: the process that resumes an unfinished game charges its turn the
// time from turn_started to the old owner's last heartbeat, and nobody the
// time the game had no server.
//
// Several servers (PostgreSQL only, Shared): the owner publishes each live
// game's latest state (Publish, a snapshot row, and a NOTIFY); other
// servers LISTEN (Listen) and read it (Snapshot). A client message that
// reaches a server that does not own its game goes to the owner through an
// inbox table (Send, Drain), and the owner's answer comes back by NOTIFY
// (Reply). The computer's moves are a job queue (AddJob, TakeJob with FOR
// UPDATE SKIP LOCKED, JobDone). Notifications are small (Event): the data
// stays in tables.
package store
