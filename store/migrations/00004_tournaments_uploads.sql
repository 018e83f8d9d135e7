-- Longchess tournaments (their players and challenges) and uploaded
-- variants. Portable SQL, like 00001: the same file runs on SQLite and
-- PostgreSQL (times are milliseconds since 1970 in BIGINT, flags INTEGER
-- 0/1, hashes hex TEXT).

-- +goose Up
-- A tournament. version grows by one with every change of it (a player
-- joins, a challenge is made or decided): the standings pages of every
-- server compare it with the version they show. Every change locks the row
-- first (UPDATE … SET version = version + 1), so that a tournament's changes
-- are made one after the other.
CREATE TABLE tournaments (
    id             TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    no_fee         INTEGER NOT NULL,
    clock          TEXT NOT NULL,
    organizer_hash TEXT NOT NULL,
    created        BIGINT NOT NULL,
    version        BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_created ON tournaments (created);

-- A player, numbered from 1 in the order of joining, with the points it
-- started with and the SHA-256 of its token (also the token hash of its
-- seats in the tournament's games).
CREATE TABLE tournament_players (
    tournament TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    num        INTEGER NOT NULL,
    name       TEXT NOT NULL,
    points     INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    joined     BIGINT NOT NULL,
    PRIMARY KEY (tournament, num),
    UNIQUE (tournament, name)
);

-- A challenge: offered by the attacker (with its army: the places of the
-- pieces it leaves out), then surrendered, withdrawn, or defended (the
-- defender's army) and played as the game whose id is the challenge's id;
-- done once its result is recorded as the tournament's battle number seq.
-- state is offered, playing or done; the update that makes a challenge done
-- names the state it leaves, so that a result is recorded once.
CREATE TABLE tournament_challenges (
    id             TEXT PRIMARY KEY,
    tournament     TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    attacker       INTEGER NOT NULL,
    defender       INTEGER NOT NULL,
    attacker_white INTEGER NOT NULL,
    attacker_army  TEXT NOT NULL,
    defender_army  TEXT NOT NULL DEFAULT '',
    start_text     TEXT NOT NULL DEFAULT '',
    state          TEXT NOT NULL,
    result         TEXT NOT NULL DEFAULT '',
    attacker_lost  TEXT NOT NULL DEFAULT '',
    defender_lost  TEXT NOT NULL DEFAULT '',
    seq            INTEGER,
    created        BIGINT NOT NULL,
    accepted       BIGINT,
    decided        BIGINT,
    UNIQUE (tournament, seq)
);
CREATE INDEX tournament_challenges_tournament ON tournament_challenges (tournament);
CREATE INDEX tournament_challenges_state ON tournament_challenges (state);

-- An uploaded variant: its name (the file's, unique, no built-in's), title,
-- the file's text as uploaded, and who sent it (a hash of the address, for
-- the rate limit).
CREATE TABLE uploads (
    name     TEXT PRIMARY KEY,
    title    TEXT NOT NULL,
    file     TEXT NOT NULL,
    source   TEXT NOT NULL,
    created  BIGINT NOT NULL,
    uploader TEXT NOT NULL
);
CREATE INDEX uploads_created ON uploads (created);

-- +goose Down
DROP TABLE uploads;
DROP TABLE tournament_challenges;
DROP TABLE tournament_players;
DROP TABLE tournaments;
