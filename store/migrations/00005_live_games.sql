-- The list of live games to watch: the newest unfinished games are read
-- through this index, so the list does not scan every unfinished game.
-- Portable SQL, like 00001.

-- +goose Up
CREATE INDEX games_live_created ON games (created) WHERE result = '';

-- +goose Down
DROP INDEX games_live_created;
