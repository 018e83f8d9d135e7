-- The lobby: open seeks and their seats, the spectators each server counts
-- on its connections, and the notices announced at a game's table (a seat
-- handed to the computer, a win claimed against a player who left).
-- Portable SQL, like 00001: the same file runs on SQLite and PostgreSQL.

-- +goose Up
-- A seek: a table waiting for people. state is open, started (game names
-- the game made when its last person's seat was taken), cancelled or
-- expired; version grows by one with each change of the seek or of who sits
-- in it, so that a change made on what another process changed meanwhile
-- is refused. unlisted: a challenge, reachable only by its link. creator is
-- the seat (0-based) of the person who made it.
CREATE TABLE seeks (
    id         TEXT PRIMARY KEY,
    version    BIGINT NOT NULL,
    variant    TEXT NOT NULL,
    options    TEXT NOT NULL,
    start_text TEXT NOT NULL,
    clock      TEXT NOT NULL,
    takebacks  INTEGER NOT NULL,
    unlisted   INTEGER NOT NULL,
    creator    INTEGER NOT NULL,
    created    BIGINT NOT NULL,
    state      TEXT NOT NULL,
    game       TEXT NOT NULL DEFAULT '',
    ended      BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX seeks_state ON seeks (state, created);
CREATE INDEX seeks_game ON seeks (game);

-- A seat of a seek: plays is open (for a person), computer:N or random.
-- holder is the hex SHA-256 of the token of the person in it ('' when
-- free); that token becomes the person's seat token in the game. proc is
-- the process whose lobby connection holds the seat (attached 1) and renews
-- seen while it does; a seat not seen for a while belongs to someone gone.
CREATE TABLE seek_seats (
    seek     TEXT NOT NULL REFERENCES seeks (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    plays    TEXT NOT NULL,
    name     TEXT NOT NULL DEFAULT '',
    holder   TEXT NOT NULL DEFAULT '',
    proc     TEXT NOT NULL DEFAULT '',
    attached INTEGER NOT NULL DEFAULT 0,
    seen     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (seek, seat)
);
CREATE INDEX seek_seats_proc ON seek_seats (proc, attached);

-- How many spectators process proc has connected to a game; rows of a
-- process whose lease ran out do not count.
CREATE TABLE watchers (
    proc TEXT NOT NULL,
    game TEXT NOT NULL,
    n    INTEGER NOT NULL,
    PRIMARY KEY (proc, game)
);
CREATE INDEX watchers_game ON watchers (game);

-- What was announced at a game's table, in order.
CREATE TABLE notices (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq  INTEGER NOT NULL,
    at   BIGINT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);

-- +goose Down
DROP TABLE notices;
DROP TABLE watchers;
DROP TABLE seek_seats;
DROP TABLE seeks;
