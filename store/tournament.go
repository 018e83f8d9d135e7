package store

// Longchess tournaments: a tournament's row, its players and its challenges, changed one after the other under the tournament's row lock.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrNoTournament: no tournament has the id.
var ErrNoTournament = errors.New("no such tournament")

// Challenge states.
const (
	// ChallengeOffered: the attacker challenged; the defender has not
	// answered.
	ChallengeOffered = "offered"
	// ChallengePlaying: the defender defends; the battle is the game whose
	// id is the challenge's.
	ChallengePlaying = "playing"
	// ChallengeDone: the result is recorded (battle number Seq).
	ChallengeDone = "done"
)

// Tournament is a tournament's row.
type Tournament struct {
	ID, Name string
	// NoFee leaves out the challenge fee.
	NoFee bool
	// Clock is the battles' time control ("15m+10s"), "" for none.
	Clock string
	// OrganizerHash is the hex SHA-256 of the organizer's token.
	OrganizerHash string
	Created       time.Time
	// Version grows by one with every change.
	Version int64
}

// TournamentPlayer is a player of a tournament.
type TournamentPlayer struct {
	// Num numbers the players from 1, in the order they joined.
	Num    int
	Name   string
	Points int // the points it started with
	// TokenHash is the hex SHA-256 of the player's token.
	TokenHash string
	Joined    time.Time
}

// Challenge is one challenge of a tournament, and the battle it becomes.
type Challenge struct {
	// ID is also the id of the battle's game.
	ID, Tournament     string
	Attacker, Defender int // players' Num
	AttackerWhite      bool
	// AttackerArmy and DefenderArmy are the places of the pieces each
	// leaves out, as the server writes them ("" for none).
	AttackerArmy, DefenderArmy string
	// Start is the position the battle starts from, "" for the one the
	// armies make.
	Start string
	State string
	// Result and the pieces each side lost (the tournament package's
	// texts), once done.
	Result                     string
	AttackerLost, DefenderLost string
	// Seq is the battle's number in the tournament's record once done, 0
	// before.
	Seq                        int
	Created, Accepted, Decided time.Time
}

// TournamentData is a tournament with its players (by Num) and its
// challenges (in the order they were made).
type TournamentData struct {
	Tournament
	Players    []TournamentPlayer
	Challenges []Challenge
}

// TournamentChange is what a change of a tournament writes: any of a new
// player, a new challenge, and an update of an existing challenge, which
// is made only where the challenge's state is still From.
type TournamentChange struct {
	AddPlayer    *TournamentPlayer
	AddChallenge *Challenge
	Update       *Challenge
	From         string
	// Game, with its Moves, is stored in the same transaction: the game
	// of a challenge accepted (as CreateGame; a game of that id already
	// stored is ErrConflict).
	Game  *Game
	Moves []Move
}

// CreateTournament stores a new tournament; an id taken is ErrConflict.
func (s *Store) CreateTournament(ctx context.Context, t *Tournament) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO tournaments (id, name, no_fee, clock, organizer_hash, created, version)
		VALUES ($1, $2, $3, $4, $5, $6, 0)`, t.ID, t.Name, b2i(t.NoFee), t.Clock, t.OrganizerHash, ms(t.Created))
		if err != nil {
			return fmt.Errorf("store: tournament %s: %w", t.ID, err)
		}
		return nil
	})
	if err != nil && isUnique(err) {
		return fmt.Errorf("%w: tournament %s exists", ErrConflict, t.ID)
	}
	return err
}

// querier is what reads run on: the database or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// LoadTournament reads tournament id with its players and challenges.
func (s *Store) LoadTournament(ctx context.Context, id string) (*TournamentData, error) {
	return loadTournament(ctx, s.db, id)
}

func loadTournament(ctx context.Context, q querier, id string) (*TournamentData, error) {
	d := &TournamentData{}
	d.ID = id
	var noFee int
	var created int64
	err := q.QueryRowContext(ctx, `SELECT name, no_fee, clock, organizer_hash, created, version FROM tournaments WHERE id = $1`, id).Scan(
		&d.Name, &noFee, &d.Clock, &d.OrganizerHash, &created, &d.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrNoTournament, id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	d.NoFee, d.Created = noFee != 0, fromMS(created)
	rows, err := q.QueryContext(ctx, `SELECT num, name, points, token_hash, joined FROM tournament_players WHERE tournament = $1 ORDER BY num`, id)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	for rows.Next() {
		var p TournamentPlayer
		var joined int64
		if err := rows.Scan(&p.Num, &p.Name, &p.Points, &p.TokenHash, &joined); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: %w", err)
		}
		p.Joined = fromMS(joined)
		d.Players = append(d.Players, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	rows, err = q.QueryContext(ctx, `SELECT id, attacker, defender, attacker_white, attacker_army, defender_army, start_text, state,
		result, attacker_lost, defender_lost, COALESCE(seq, 0), created, COALESCE(accepted, 0), COALESCE(decided, 0)
		FROM tournament_challenges WHERE tournament = $1 ORDER BY created, id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		c := Challenge{Tournament: id}
		var white int
		var created, accepted, decided int64
		if err := rows.Scan(&c.ID, &c.Attacker, &c.Defender, &white, &c.AttackerArmy, &c.DefenderArmy, &c.Start, &c.State,
			&c.Result, &c.AttackerLost, &c.DefenderLost, &c.Seq, &created, &accepted, &decided); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		c.AttackerWhite, c.Created = white != 0, fromMS(created)
		if accepted != 0 {
			c.Accepted = fromMS(accepted)
		}
		if decided != 0 {
			c.Decided = fromMS(decided)
		}
		d.Challenges = append(d.Challenges, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return d, nil
}

// TournamentVersion returns tournament id's version.
func (s *Store) TournamentVersion(ctx context.Context, id string) (int64, error) {
	var v int64
	err := s.db.QueryRowContext(ctx, `SELECT version FROM tournaments WHERE id = $1`, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("%w: %s", ErrNoTournament, id)
	}
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return v, nil
}

// ChangeTournament changes tournament id: in one transaction it locks the
// tournament's row (raising its version), reads the tournament as it is
// now, and writes what change returns for it. When change fails, or the
// update it returns finds its challenge no longer in the state From
// (another process decided it first: ErrConflict), nothing is written. It
// returns the tournament as written.
func (s *Store) ChangeTournament(ctx context.Context, id string, change func(d *TournamentData) (*TournamentChange, error)) (*TournamentData, error) {
	var out *TournamentData
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET version = version + 1 WHERE id = $1`, id)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: %w", err)
		} else if n != 1 {
			return fmt.Errorf("%w: %s", ErrNoTournament, id)
		}
		d, err := loadTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		ch, err := change(d)
		if err != nil {
			return err
		}
		if ch == nil {
			return fmt.Errorf("%w: nothing to change", ErrConflict)
		}
		if p := ch.AddPlayer; p != nil {
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_players (tournament, num, name, points, token_hash, joined)
			VALUES ($1, $2, $3, $4, $5, $6)`, id, p.Num, p.Name, p.Points, p.TokenHash, ms(p.Joined)); err != nil {
				if isUnique(err) {
					return fmt.Errorf("%w: player %q or number %d is taken", ErrConflict, p.Name, p.Num)
				}
				return fmt.Errorf("store: %w", err)
			}
			d.Players = append(d.Players, *p)
		}
		if c := ch.AddChallenge; c != nil {
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_challenges (id, tournament, attacker, defender, attacker_white,
			attacker_army, defender_army, start_text, state, created) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				c.ID, id, c.Attacker, c.Defender, b2i(c.AttackerWhite), c.AttackerArmy, c.DefenderArmy, c.Start, c.State, ms(c.Created)); err != nil {
				if isUnique(err) {
					return fmt.Errorf("%w: challenge %s exists", ErrConflict, c.ID)
				}
				return fmt.Errorf("store: %w", err)
			}
			c.Tournament = id
			d.Challenges = append(d.Challenges, *c)
		}
		if c := ch.Update; c != nil {
			var seq, accepted, decided any
			if c.Seq > 0 {
				seq = c.Seq
			}
			if !c.Accepted.IsZero() {
				accepted = ms(c.Accepted)
			}
			if !c.Decided.IsZero() {
				decided = ms(c.Decided)
			}
			res, err := tx.ExecContext(ctx, `UPDATE tournament_challenges SET defender_army = $1, start_text = $2, state = $3, result = $4,
			attacker_lost = $5, defender_lost = $6, seq = $7, accepted = $8, decided = $9
			WHERE id = $10 AND tournament = $11 AND state = $12`,
				c.DefenderArmy, c.Start, c.State, c.Result, c.AttackerLost, c.DefenderLost, seq, accepted, decided, c.ID, id, ch.From)
			if err != nil {
				if isUnique(err) {
					return fmt.Errorf("%w: battle %d of %s is recorded", ErrConflict, c.Seq, id)
				}
				return fmt.Errorf("store: %w", err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("store: %w", err)
			} else if n != 1 {
				return fmt.Errorf("%w: challenge %s is no longer %s", ErrConflict, c.ID, ch.From)
			}
			for i := range d.Challenges {
				if d.Challenges[i].ID == c.ID {
					c.Tournament = id
					d.Challenges[i] = *c
				}
			}
		}
		if g := ch.Game; g != nil {
			if err := insertGame(ctx, tx, g, ch.Moves); err != nil {
				if !errors.Is(err, ErrConflict) && isUnique(err) {
					return fmt.Errorf("%w: %v", ErrConflict, err)
				}
				return err
			}
		}
		out = d
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// TournamentSummary is a tournament in a list.
type TournamentSummary struct {
	ID, Name string
	Created  time.Time
	Players  int
}

// Tournaments returns the newest tournaments, at most limit.
func (s *Store) Tournaments(ctx context.Context, limit int) ([]TournamentSummary, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.id, t.name, t.created, (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament = t.id)
		FROM tournaments t ORDER BY t.created DESC, t.id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []TournamentSummary
	for rows.Next() {
		var t TournamentSummary
		var created int64
		if err := rows.Scan(&t.ID, &t.Name, &created, &t.Players); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		t.Created = fromMS(created)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// BattleToSettle is a challenge in play whose game is over, or has not
// been made.
type BattleToSettle struct {
	ID, Tournament string
	// Missing: no game has the challenge's id (a challenge put in play
	// without its game, by a build before ChangeTournament stored both).
	Missing  bool
	Accepted time.Time
}

// BattlesToSettle returns the challenges in play whose game has a result
// or does not exist, at most limit.
func (s *Store) BattlesToSettle(ctx context.Context, limit int) ([]BattleToSettle, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.tournament, g.id IS NULL, COALESCE(c.accepted, 0)
		FROM tournament_challenges c LEFT JOIN games g ON g.id = c.id
		WHERE c.state = $1 AND (g.id IS NULL OR g.result <> '') ORDER BY c.created, c.id LIMIT $2`, ChallengePlaying, limit)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []BattleToSettle
	for rows.Next() {
		var b BattleToSettle
		var accepted int64
		if err := rows.Scan(&b.ID, &b.Tournament, &b.Missing, &accepted); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		b.Accepted = fromMS(accepted)
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// ChallengeOf returns the tournament and the state of the challenge whose
// battle is game id; ok is false when the game is no tournament's.
func (s *Store) ChallengeOf(ctx context.Context, id string) (tournament, state string, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT tournament, state FROM tournament_challenges WHERE id = $1`, id).Scan(&tournament, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, fmt.Errorf("store: %w", err)
	}
	return tournament, state, true, nil
}
