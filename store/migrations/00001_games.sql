-- The games, their seats and their moves, and the processes' heartbeats.
-- Portable SQL: the same file runs on SQLite and PostgreSQL (times are
-- milliseconds since 1970 in BIGINT, flags are INTEGER 0/1, hashes hex TEXT).

-- +goose Up
CREATE TABLE games (
    id           TEXT PRIMARY KEY,
    variant      TEXT NOT NULL,
    options      TEXT NOT NULL,
    start_text   TEXT NOT NULL,
    clock        TEXT NOT NULL,
    takebacks    INTEGER NOT NULL,
    created      BIGINT NOT NULL,
    result       TEXT NOT NULL DEFAULT '',
    termination  TEXT NOT NULL DEFAULT '',
    finished     BIGINT,
    turn_started BIGINT NOT NULL,
    owner        TEXT NOT NULL DEFAULT '',
    rematch_of   TEXT UNIQUE REFERENCES games (id)
);
CREATE INDEX games_unfinished ON games (finished);

CREATE TABLE seats (
    game       TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,
    plays      TEXT NOT NULL,
    token_hash TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, seat)
);

CREATE TABLE moves (
    game     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL,
    text     TEXT NOT NULL,
    spent_ms BIGINT NOT NULL,
    clock_ms BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);

CREATE TABLE processes (
    id      TEXT PRIMARY KEY,
    started BIGINT NOT NULL,
    beat    BIGINT NOT NULL
);

-- +goose Down
DROP TABLE processes;
DROP TABLE moves;
DROP TABLE seats;
DROP TABLE games;
