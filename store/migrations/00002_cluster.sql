-- Several servers on one database: the owner's lease, the latest state of
-- each live game for the other servers, messages for a game's owner, and the
-- computer's jobs. Portable SQL, like 00001: the same file runs on SQLite
-- (one server, which uses only the lease column) and PostgreSQL.

-- +goose Up
-- A process's lease on the games it owns (games.owner) runs until
-- lease_until (milliseconds since 1970); its heartbeat renews it.
ALTER TABLE processes ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_live ON games (owner) WHERE result = '';

-- The state of a live game as a spectator sees it (wire.State JSON) and the
-- legal moves of the seat to move, written by the owner after each change;
-- version grows by one with each write.
CREATE TABLE snapshots (
    game    TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    owner   TEXT NOT NULL,
    at      BIGINT NOT NULL,
    state   TEXT NOT NULL,
    legal   TEXT NOT NULL
);

-- Messages for the owner of a game: a client's message that reached another
-- server, a seat's presence there, a computer's move found by a worker. The
-- owner takes a message (taken_by, tries) and deletes it once handled; one
-- taken by a process that died is taken again by the game's next owner.
CREATE TABLE inbox (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    sender   TEXT NOT NULL,
    conn     BIGINT NOT NULL,
    seat     INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    body     TEXT NOT NULL,
    created  BIGINT NOT NULL,
    seq      BIGINT NOT NULL,
    taken_by TEXT NOT NULL DEFAULT '',
    tries    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX inbox_game ON inbox (game);

-- The computer's moves to find: any server's worker takes one (FOR UPDATE
-- SKIP LOCKED on PostgreSQL), the move goes to the game's owner's inbox.
CREATE TABLE jobs (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    ply      INTEGER NOT NULL,
    plays    TEXT NOT NULL,
    created  BIGINT NOT NULL,
    taken_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX jobs_game ON jobs (game);
CREATE INDEX jobs_created ON jobs (created);

-- +goose Down
DROP TABLE jobs;
DROP TABLE inbox;
DROP TABLE snapshots;
DROP INDEX games_live;
ALTER TABLE processes DROP COLUMN lease_until;
