package server

// Longchess tournaments: creating one, joining by name, challenges (the army each side fields, surrender, withdrawal, the battle played as a game of the site), the result of a finished battle recorded once whichever process sees it first, and the standings.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"anychess/core"
	"anychess/game"
	"anychess/store"
	"anychess/tournament"
)

// Limits of tournaments.
const (
	// MaxTournamentName is the longest tournament name, in characters.
	MaxTournamentName = 80
	// MaxTournamentPlayers is the most players a tournament takes.
	MaxTournamentPlayers = 256
	// MaxTournamentChallenges is the most challenges a tournament keeps.
	MaxTournamentChallenges = 5000
	// TournamentBurst tournaments may be made from one address at once,
	// then one every TournamentEvery.
	TournamentBurst = 10
	TournamentEvery = time.Minute
	// MaxStartText bounds an organizer's start position.
	MaxStartText = 16 << 10
	// settleEvery is how often a process looks for battles whose game
	// ended without their result being recorded (the process that saw the
	// end stopped first), and for battles whose game was not made.
	settleEvery = time.Second
)

// missingGameAfter is how long a battle in play may have no game before a
// process's settler makes it. A defence stores the game with the
// challenge, so only rows of older builds lack one.
var missingGameAfter = 5 * time.Second

// tourCookie is the name of tournament id's player cookie (NUM.TOKEN),
// orgCookie that of its organizer's (TOKEN).
func tourCookie(id string) string { return "atp_" + id }
func orgCookie(id string) string  { return "ato_" + id }

// setCookie sets a year-long HttpOnly cookie of the site.
func setCookie(w http.ResponseWriter, r *http.Request, name, value string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: 365 * 24 * 3600, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
}

// playerOf returns the player whose cookie the request carries, nil for
// none (or a cookie that does not check out), and the cookie's token.
func playerOf(r *http.Request, d *store.TournamentData) (*store.TournamentPlayer, string) {
	ck, err := r.Cookie(tourCookie(d.ID))
	if err != nil {
		return nil, ""
	}
	n, token, ok := strings.Cut(ck.Value, ".")
	num, err := strconv.Atoi(n)
	if !ok || err != nil || num < 1 || num > len(d.Players) {
		return nil, ""
	}
	p := &d.Players[num-1]
	if p.Num != num || !tokenIs(p.TokenHash, token) {
		return nil, ""
	}
	return p, token
}

// isOrganizer reports whether the request carries the organizer's cookie.
func isOrganizer(r *http.Request, d *store.TournamentData) bool {
	ck, err := r.Cookie(orgCookie(d.ID))
	return err == nil && tokenIs(d.OrganizerHash, ck.Value)
}

// record builds the tournament package's record from the stored rows: the
// players in the order they joined, the battles decided in the order they
// were recorded.
func record(d *store.TournamentData) (*tournament.Tournament, error) {
	t := &tournament.Tournament{NoFee: d.NoFee, Players: []tournament.Entry{}, Battles: []tournament.Battle{}}
	for _, p := range d.Players {
		t.Players = append(t.Players, tournament.Entry{Name: p.Name, Points: p.Points})
	}
	var done []store.Challenge
	for _, c := range d.Challenges {
		if c.State == store.ChallengeDone {
			done = append(done, c)
		}
	}
	slices.SortFunc(done, func(a, b store.Challenge) int { return a.Seq - b.Seq })
	for i, c := range done {
		if c.Seq != i+1 {
			return nil, fmt.Errorf("tournament %s: battle %d stored as number %d", d.ID, i+1, c.Seq)
		}
		b, err := battleOf(d, &c)
		if err != nil {
			return nil, err
		}
		t.Battles = append(t.Battles, *b)
	}
	return t, nil
}

// battleOf is a decided (or being decided) challenge as the record's
// battle.
func battleOf(d *store.TournamentData, c *store.Challenge) (*tournament.Battle, error) {
	name := func(num int) string {
		if num < 1 || num > len(d.Players) {
			return fmt.Sprintf("#%d", num)
		}
		return d.Players[num-1].Name
	}
	b := &tournament.Battle{Attacker: name(c.Attacker), Defender: name(c.Defender), Result: tournament.Result(c.Result), AttackerColour: "black"}
	if c.AttackerWhite {
		b.AttackerColour = "white"
	}
	if !c.Decided.IsZero() {
		b.Date = c.Decided.UTC().Format("2006-01-02")
	}
	if tournament.Result(c.Result).Fought() {
		for _, a := range []struct {
			text string
			army **tournament.Army
		}{{c.AttackerArmy, &b.AttackerArmy}, {c.DefenderArmy, &b.DefenderArmy}} {
			army, err := armyOf(a.text)
			if err != nil {
				return nil, fmt.Errorf("challenge %s: %v", c.ID, err)
			}
			*a.army = &army
		}
		var err error
		if b.AttackerLost, err = tournament.ParseArmy(c.AttackerLost); err != nil {
			return nil, fmt.Errorf("challenge %s: %v", c.ID, err)
		}
		if b.DefenderLost, err = tournament.ParseArmy(c.DefenderLost); err != nil {
			return nil, fmt.Errorf("challenge %s: %v", c.ID, err)
		}
	}
	return b, nil
}

// armyOf reads the places a side leaves out as its army.
func armyOf(leave string) (tournament.Army, error) {
	ps, err := tournament.ParsePlaces(leave)
	if err != nil {
		return tournament.Army{}, err
	}
	return tournament.ArmyLeaving(ps)
}

// standingsOf replays the record: each player's standing, by number.
func standingsOf(d *store.TournamentData) (map[string]tournament.Standing, []tournament.Standing, error) {
	t, err := record(d)
	if err != nil {
		return nil, nil, err
	}
	st, err := t.Standings()
	if err != nil {
		return nil, nil, err
	}
	m := map[string]tournament.Standing{}
	for _, s := range st {
		m[s.Name] = s
	}
	return m, st, nil
}

// open returns the challenge in which player num is attacker or defender
// and which is not done, nil for none.
func open(d *store.TournamentData, num int) *store.Challenge {
	for i := range d.Challenges {
		c := &d.Challenges[i]
		if c.State != store.ChallengeDone && (c.Attacker == num || c.Defender == num) {
			return c
		}
	}
	return nil
}

// findChallenge returns challenge id of d.
func findChallenge(d *store.TournamentData, id string) *store.Challenge {
	for i := range d.Challenges {
		if d.Challenges[i].ID == id {
			return &d.Challenges[i]
		}
	}
	return nil
}

// decide returns the update that records challenge c (a copy, with its
// result and losses set) as the tournament's next battle, checked by the
// tournament package against the standings so far.
func decide(d *store.TournamentData, c store.Challenge, res tournament.Result, aLost, dLost tournament.Army, now time.Time) (*store.TournamentChange, error) {
	from := c.State
	t, err := record(d)
	if err != nil {
		return nil, err
	}
	c.State, c.Result, c.Seq, c.Decided = store.ChallengeDone, string(res), len(t.Battles)+1, now
	if res.Fought() {
		c.AttackerLost, c.DefenderLost = aLost.String(), dLost.String()
	}
	b, err := battleOf(d, &c)
	if err != nil {
		return nil, err
	}
	if err := t.Record(*b); err != nil {
		return nil, bad("%v", err)
	}
	return &store.TournamentChange{Update: &c, From: from}, nil
}

// tournamentView is GET /api/tournaments/{id}'s answer and what the
// tournament's websocket sends (without you and organizer).
type tournamentView struct {
	Type      string           `json:"type"` // "tournament"
	ID        string           `json:"id"`
	Name      string           `json:"name"`
	NoFee     bool             `json:"noFee"`
	Clock     string           `json:"clock"`
	Version   int64            `json:"version"`
	Battles   int              `json:"battles"`
	Standings []standingView   `json:"standings"`
	Challenge []challengeView  `json:"challenges"`
	Setup     []slotView       `json:"setup"`
	Rules     tournamentNumber `json:"rules"`
	// You is the player of the request's cookie, 0 for none; Organizer
	// whether it carries the organizer's.
	You       int  `json:"you,omitempty"`
	Organizer bool `json:"organizer,omitempty"`
}

// tournamentNumber are the scoring constants, for the page's text.
type tournamentNumber struct {
	StartPoints, ChallengeFee, EliminationBelow, FullArmyPoints int
}

type standingView struct {
	Rank      int    `json:"rank"`
	Player    int    `json:"player"`
	Name      string `json:"name"`
	Start     int    `json:"start"`
	Points    int    `json:"points"`
	Out       int    `json:"out"` // the battle after which the player was eliminated, 0 while in
	Battles   int    `json:"battles"`
	Won       int    `json:"won"`
	Lost      int    `json:"lost"`
	Captured  int    `json:"captured"`
	Forfeited int    `json:"forfeited"`
	// Busy is the challenge the player is in, "" for none.
	Busy string `json:"busy,omitempty"`
	// MayLeave: the player's points are below the full army's, so it
	// chooses pieces to leave out.
	MayLeave bool `json:"mayLeave"`
}

type challengeView struct {
	ID             string `json:"id"`
	Attacker       int    `json:"attacker"`
	Defender       int    `json:"defender"`
	AttackerName   string `json:"attackerName"`
	DefenderName   string `json:"defenderName"`
	AttackerColour string `json:"attackerColour"`
	State          string `json:"state"`
	Result         string `json:"result,omitempty"`
	AttackerLeaves string `json:"attackerLeaves"`
	DefenderLeaves string `json:"defenderLeaves"`
	AttackerArmy   string `json:"attackerArmy"`
	DefenderArmy   string `json:"defenderArmy,omitempty"`
	AttackerLost   string `json:"attackerLost,omitempty"`
	DefenderLost   string `json:"defenderLost,omitempty"`
	Battle         int    `json:"battle,omitempty"`
	Game           string `json:"game,omitempty"`
	Start          bool   `json:"start,omitempty"` // the organizer set the start position
}

type slotView struct {
	Rank   int    `json:"rank"`
	Row    int    `json:"row"`
	Place  string `json:"place"`
	Letter string `json:"letter"`
	Name   string `json:"name"`
	Value  int    `json:"value"`
}

// view is the tournament as everyone sees it.
func view(d *store.TournamentData) (*tournamentView, error) {
	_, st, err := standingsOf(d)
	if err != nil {
		return nil, err
	}
	v := &tournamentView{Type: "tournament", ID: d.ID, Name: d.Name, NoFee: d.NoFee, Clock: d.Clock, Version: d.Version,
		Standings: []standingView{}, Challenge: []challengeView{}, Setup: []slotView{},
		Rules: tournamentNumber{tournament.StartPoints, tournament.ChallengeFee, tournament.EliminationBelow, tournament.FullArmyPoints}}
	if d.NoFee {
		v.Rules.ChallengeFee = 0
	}
	num := map[string]int{}
	start := map[string]int{}
	for _, p := range d.Players {
		num[p.Name], start[p.Name] = p.Num, p.Points
	}
	for i, s := range st {
		sv := standingView{Rank: i + 1, Player: num[s.Name], Name: s.Name, Start: start[s.Name], Points: s.Points, Out: s.Out,
			Battles: s.Battles, Won: s.Won, Lost: s.Lost, Captured: s.Captured, Forfeited: s.Forfeited,
			MayLeave: s.Points < tournament.FullArmyPoints}
		if c := open(d, num[s.Name]); c != nil {
			sv.Busy = c.ID
		}
		v.Standings = append(v.Standings, sv)
	}
	for _, c := range d.Challenges {
		if c.State == store.ChallengeDone {
			v.Battles++
		}
	}
	for i := len(d.Challenges) - 1; i >= 0; i-- { // the newest first
		c := d.Challenges[i]
		cv := challengeView{ID: c.ID, Attacker: c.Attacker, Defender: c.Defender, AttackerColour: "black", State: c.State, Result: c.Result,
			AttackerLeaves: c.AttackerArmy, DefenderLeaves: c.DefenderArmy, AttackerLost: c.AttackerLost, DefenderLost: c.DefenderLost,
			Battle: c.Seq, Start: c.Start != ""}
		if c.Attacker >= 1 && c.Attacker <= len(d.Players) {
			cv.AttackerName = d.Players[c.Attacker-1].Name
		}
		if c.Defender >= 1 && c.Defender <= len(d.Players) {
			cv.DefenderName = d.Players[c.Defender-1].Name
		}
		if c.AttackerWhite {
			cv.AttackerColour = "white"
		}
		if a, err := armyOf(c.AttackerArmy); err == nil {
			cv.AttackerArmy = a.String()
		}
		if !c.Accepted.IsZero() {
			if a, err := armyOf(c.DefenderArmy); err == nil {
				cv.DefenderArmy = a.String()
			}
		}
		if !c.Accepted.IsZero() {
			cv.Game = "/g/" + c.ID
		}
		v.Challenge = append(v.Challenge, cv)
	}
	for _, s := range tournament.Setup() {
		v.Setup = append(v.Setup, slotView{Rank: s.Rank, Row: s.Row, Place: s.Place.String(), Letter: string(s.Letter), Name: s.Name, Value: s.Value})
	}
	return v, nil
}

// tournamentID reads the {id} of a tournament's path.
func tournamentID(r *http.Request) (string, error) {
	id := r.PathValue("id")
	if !validID(id) {
		return "", status(http.StatusNotFound, "no such tournament")
	}
	return id, nil
}

// loadTournament reads a tournament for a request.
func (s *Server) loadTournament(r *http.Request) (*store.TournamentData, error) {
	id, err := tournamentID(r)
	if err != nil {
		return nil, err
	}
	d, err := s.st.LoadTournament(r.Context(), id)
	if errors.Is(err, store.ErrNoTournament) {
		return nil, status(http.StatusNotFound, "no such tournament")
	}
	return d, err
}

// changeTournament runs a change of the tournament the request names and
// tells its watchers.
func (s *Server) changeTournament(r *http.Request, change func(d *store.TournamentData) (*store.TournamentChange, error)) (*store.TournamentData, error) {
	id, err := tournamentID(r)
	if err != nil {
		return nil, err
	}
	return s.changeTournamentID(r.Context(), id, change)
}

func (s *Server) changeTournamentID(ctx context.Context, id string, change func(d *store.TournamentData) (*store.TournamentChange, error)) (*store.TournamentData, error) {
	d, err := s.st.ChangeTournament(ctx, id, change)
	switch {
	case errors.Is(err, store.ErrNoTournament):
		return nil, status(http.StatusNotFound, "no such tournament")
	case errors.Is(err, store.ErrConflict):
		return nil, status(http.StatusConflict, "%s", strings.TrimPrefix(err.Error(), store.ErrConflict.Error()+": "))
	case err != nil:
		return nil, err
	}
	s.feeds.wake(id)
	return d, nil
}

// checkText checks a name: 1 to max printable characters, trimmed.
func checkText(what, text string, maxRunes int) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" || !utf8.ValidString(text) || utf8.RuneCountInString(text) > maxRunes || strings.ContainsFunc(text, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return "", bad("%s: 1 to %d printable characters", what, maxRunes)
	}
	return text, nil
}

// newTournamentRequest is POST /api/tournaments's body.
type newTournamentRequest struct {
	Name  string `json:"name"`
	Clock string `json:"clock"`
	NoFee bool   `json:"noFee"`
}

func (s *Server) handleNewTournament(w http.ResponseWriter, r *http.Request) {
	if !s.tourneys.allow(s.clientAddr(r), time.Now()) {
		w.Header().Set("Retry-After", strconv.Itoa(int(TournamentEvery.Seconds())))
		s.fail(w, r, status(http.StatusTooManyRequests, "too many tournaments: at most %d at once, then one every %v", TournamentBurst, TournamentEvery))
		return
	}
	var req newTournamentRequest
	if err := decodeBody(w, r, MaxBodyBytes, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	name, err := checkText("name", req.Name, MaxTournamentName)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	clock, err := seekClock(req.Clock)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	token, hash := newToken()
	t := &store.Tournament{Name: name, NoFee: req.NoFee, Clock: clock, OrganizerHash: hash, Created: time.Now()}
	for try := 0; ; try++ {
		t.ID = randomID()
		err = s.st.CreateTournament(r.Context(), t)
		if err == nil || !errors.Is(err, store.ErrConflict) || try == 3 {
			break
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	setCookie(w, r, orgCookie(t.ID), token)
	s.log.Info("tournament created", "tournament", t.ID)
	writeJSON(w, http.StatusCreated, map[string]string{"id": t.ID, "page": "/t/" + t.ID, "organizer": "/t/" + t.ID + "#organizer=" + token})
}

func (s *Server) handleTournaments(w http.ResponseWriter, r *http.Request) {
	list, err := s.st.Tournaments(r.Context(), 100)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	type item struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		Created string `json:"created"`
		Players int    `json:"players"`
	}
	out := []item{}
	for _, t := range list {
		out = append(out, item{t.ID, t.Name, t.Created.UTC().Format(time.RFC3339), t.Players})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	d, err := s.loadTournament(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := view(d)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if p, _ := playerOf(r, d); p != nil {
		v.You = p.Num
	}
	v.Organizer = isOrganizer(r, d)
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) handleTournamentPage(w http.ResponseWriter, r *http.Request) {
	if _, err := s.loadTournament(r); err != nil {
		var he *httpError
		if errors.As(err, &he) && he.code == http.StatusNotFound {
			http.Error(w, "no such tournament", http.StatusNotFound)
			return
		}
		s.fail(w, r, err)
		return
	}
	s.page("tournament.html")(w, r)
}

// joinRequest is POST /api/tournaments/{id}/join's body.
type joinRequest struct {
	Name   string `json:"name"`
	Points *int   `json:"points"`
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if err := decodeBody(w, r, MaxBodyBytes, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	name, err := checkText("name", req.Name, MaxNameRunes)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	token, hash := newToken()
	var num int
	d, err := s.changeTournament(r, func(d *store.TournamentData) (*store.TournamentChange, error) {
		points := tournament.StartPoints
		if req.Points != nil && *req.Points != points {
			if !isOrganizer(r, d) {
				return nil, status(http.StatusForbidden, "points: only the organizer may have a player start with other than %d points", tournament.StartPoints)
			}
			points = *req.Points
		}
		if len(d.Players) >= MaxTournamentPlayers {
			return nil, status(http.StatusConflict, "the tournament has %d players, its most", MaxTournamentPlayers)
		}
		t, err := record(d)
		if err != nil {
			return nil, err
		}
		if err := t.Join(name, points); err != nil {
			return nil, status(http.StatusConflict, "%v", err)
		}
		num = len(d.Players) + 1
		return &store.TournamentChange{AddPlayer: &store.TournamentPlayer{Num: num, Name: name, Points: points, TokenHash: hash, Joined: time.Now()}}, nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	setCookie(w, r, tourCookie(d.ID), fmt.Sprintf("%d.%s", num, token))
	writeJSON(w, http.StatusCreated, map[string]any{"player": num, "name": name, "link": fmt.Sprintf("/t/%s#player=%d&token=%s", d.ID, num, token)})
}

// loginRequest is POST /api/tournaments/{id}/login's body: a player link's
// fragment, or the organizer's token.
type loginRequest struct {
	Player    int    `json:"player"`
	Token     string `json:"token"`
	Organizer string `json:"organizer"`
}

func (s *Server) handleTournamentLogin(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := decodeBody(w, r, MaxBodyBytes, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.loadTournament(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	switch {
	case req.Organizer != "":
		if !tokenIs(d.OrganizerHash, req.Organizer) {
			s.fail(w, r, status(http.StatusForbidden, "the token is not the organizer's"))
			return
		}
		setCookie(w, r, orgCookie(d.ID), req.Organizer)
	case req.Player >= 1 && req.Player <= len(d.Players):
		if !tokenIs(d.Players[req.Player-1].TokenHash, req.Token) {
			s.fail(w, r, status(http.StatusForbidden, "the token is not player %d's", req.Player))
			return
		}
		setCookie(w, r, tourCookie(d.ID), fmt.Sprintf("%d.%s", req.Player, req.Token))
	default:
		s.fail(w, r, bad("want {player, token} with a player of the tournament, or {organizer}"))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// challengeRequest is POST /api/tournaments/{id}/challenges's body: whom
// to challenge and the places of the pieces the attacker leaves out.
type challengeRequest struct {
	Defender int    `json:"defender"`
	Leave    string `json:"leave"`
}

// checkArmy checks the places a player leaves out against its points.
func checkArmy(st tournament.Standing, leave string) (string, error) {
	ps, err := tournament.ParsePlaces(leave)
	if err != nil {
		return "", bad("leave: %v", err)
	}
	army, err := tournament.ArmyLeaving(ps)
	if err != nil {
		return "", bad("leave: %v", err)
	}
	if err := tournament.ArmyFits(st.Points, army); err != nil {
		return "", bad("%s (%d points): %v", st.Name, st.Points, err)
	}
	return tournament.PlacesText(ps), nil
}

func (s *Server) handleChallenge(w http.ResponseWriter, r *http.Request) {
	var req challengeRequest
	if err := decodeBody(w, r, MaxBodyBytes, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	id := randomID()
	_, err := s.changeTournament(r, func(d *store.TournamentData) (*store.TournamentChange, error) {
		me, _ := playerOf(r, d)
		if me == nil {
			return nil, status(http.StatusForbidden, "challenge: only a player of the tournament can challenge (no valid player cookie)")
		}
		if req.Defender < 1 || req.Defender > len(d.Players) || req.Defender == me.Num {
			return nil, bad("defender: want another player's number, 1 to %d", len(d.Players))
		}
		if len(d.Challenges) >= MaxTournamentChallenges {
			return nil, status(http.StatusConflict, "the tournament has %d challenges, its most", MaxTournamentChallenges)
		}
		byName, _, err := standingsOf(d)
		if err != nil {
			return nil, err
		}
		a, def := byName[me.Name], byName[d.Players[req.Defender-1].Name]
		switch {
		case a.Eliminated():
			return nil, status(http.StatusConflict, "%s is eliminated", a.Name)
		case def.Eliminated():
			return nil, status(http.StatusConflict, "%s is eliminated", def.Name)
		case open(d, me.Num) != nil:
			return nil, status(http.StatusConflict, "%s is in a challenge already: one at a time", a.Name)
		case open(d, req.Defender) != nil:
			return nil, status(http.StatusConflict, "%s is in a challenge already: one at a time", def.Name)
		}
		leave, err := checkArmy(a, req.Leave)
		if err != nil {
			return nil, err
		}
		c := &store.Challenge{ID: id, Attacker: me.Num, Defender: req.Defender, AttackerWhite: rand.N(2) == 0,
			AttackerArmy: leave, State: store.ChallengeOffered, Created: time.Now()}
		return &store.TournamentChange{AddChallenge: c}, nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": id})
}

// defendRequest is …/defend's body: the places the defender leaves out.
type defendRequest struct {
	Leave string `json:"leave"`
}

// startRequest is …/start's body: the organizer's start position.
type startRequest struct {
	Start string `json:"start"`
}

// challengeAction runs an action on challenge {cid} of tournament {id}.
func (s *Server) challengeAction(w http.ResponseWriter, r *http.Request) {
	action := r.PathValue("action")
	cid := r.PathValue("cid")
	var body any
	var dreq defendRequest
	var sreq startRequest
	switch action {
	case "defend":
		body = &dreq
	case "start":
		body = &sreq
	case "surrender", "withdraw", "play":
		body = &struct{}{}
	default:
		s.fail(w, r, status(http.StatusNotFound, "no such API: %s %s", r.Method, r.URL.Path))
		return
	}
	if err := decodeBody(w, r, MaxBodyBytes, body); err != nil {
		s.fail(w, r, err)
		return
	}
	if !validID(cid) {
		s.fail(w, r, status(http.StatusNotFound, "no such challenge"))
		return
	}
	if action == "play" {
		s.playBattle(w, r, cid)
		return
	}
	// battle is the game a defence made, stored with the challenge.
	var battle *made
	var battleRow *store.Game
	d, err := s.changeTournament(r, func(d *store.TournamentData) (*store.TournamentChange, error) {
		c := findChallenge(d, cid)
		if c == nil {
			return nil, status(http.StatusNotFound, "no such challenge")
		}
		me, _ := playerOf(r, d)
		now := time.Now()
		if c.State != store.ChallengeOffered {
			return nil, status(http.StatusConflict, "%s: the challenge is %s", action, c.State)
		}
		switch action {
		case "start":
			if !isOrganizer(r, d) {
				return nil, status(http.StatusForbidden, "start: only the organizer may set a battle's start")
			}
			text, err := s.checkBattleStart(sreq.Start)
			if err != nil {
				return nil, err
			}
			u := *c
			u.Start = text
			return &store.TournamentChange{Update: &u, From: c.State}, nil
		case "withdraw":
			if me == nil || me.Num != c.Attacker {
				return nil, status(http.StatusForbidden, "withdraw: only the attacker may withdraw its challenge")
			}
			return decide(d, *c, tournament.Unfinished, tournament.Army{}, tournament.Army{}, now)
		case "surrender":
			if me == nil || me.Num != c.Defender {
				return nil, status(http.StatusForbidden, "surrender: only the defender may surrender")
			}
			return decide(d, *c, tournament.Surrendered, tournament.Army{}, tournament.Army{}, now)
		}
		// defend
		if me == nil || me.Num != c.Defender {
			return nil, status(http.StatusForbidden, "defend: only the defender may defend")
		}
		byName, _, err := standingsOf(d)
		if err != nil {
			return nil, err
		}
		leave, err := checkArmy(byName[me.Name], dreq.Leave)
		if err != nil {
			return nil, err
		}
		u := *c
		u.DefenderArmy, u.State, u.Accepted = leave, store.ChallengePlaying, now
		// The challenge is in play and its game stored, in one
		// transaction: both or neither.
		ng, err := s.battleGame(d, &u)
		if err != nil {
			return nil, err
		}
		if battle != nil {
			closeGame(battle.g)
			battle = nil
		}
		m, row, moves, err := s.buildGame(ng)
		if err != nil {
			return nil, err
		}
		row.ID = ng.id
		battle, battleRow = m, row
		return &store.TournamentChange{Update: &u, From: c.State, Game: row, Moves: moves}, nil
	})
	if err != nil {
		if battle != nil {
			closeGame(battle.g)
		}
		s.fail(w, r, err)
		return
	}
	if battle != nil {
		s.startMade(battle, battleRow)
		writeJSON(w, http.StatusOK, map[string]string{"game": "/g/" + cid})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"state": findChallenge(d, cid).State})
}

// checkBattleStart checks an organizer's start position under the battle
// rules and writes it as the variant does.
func (s *Server) checkBattleStart(text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > MaxStartText {
		return "", bad("start: a position text of 1 byte to %d KB", MaxStartText>>10)
	}
	r, err := s.rc.rules(tournament.Variant, tournament.OptionsText)
	if err != nil {
		return "", err
	}
	p, err := r.ParsePosition(text)
	if err != nil {
		return "", bad("start: %v", err)
	}
	for side := range 2 {
		if err := tournament.Fits(p, core.Player(side), tournament.FullArmy()); err != nil {
			return "", bad("start: %v", err)
		}
	}
	return p.String(), nil
}

// battleGame describes the game of a challenge in play: the battle rules,
// the start the armies make (or the organizer's, which must fit them),
// the attacker and the defender in their seats with their tokens' hashes.
func (s *Server) battleGame(d *store.TournamentData, c *store.Challenge) (*newGame, error) {
	r, err := s.rc.rules(tournament.Variant, tournament.OptionsText)
	if err != nil {
		return nil, err
	}
	aLeave, err := tournament.ParsePlaces(c.AttackerArmy)
	if err != nil {
		return nil, err
	}
	dLeave, err := tournament.ParsePlaces(c.DefenderArmy)
	if err != nil {
		return nil, err
	}
	white, black := c.Attacker, c.Defender
	wLeave, bLeave := aLeave, dLeave
	if !c.AttackerWhite {
		white, black = black, white
		wLeave, bLeave = bLeave, wLeave
	}
	start := c.Start
	if start == "" {
		if start, err = tournament.StartPosition(r, wLeave, bLeave); err != nil {
			return nil, err
		}
	} else {
		p, err := r.ParsePosition(start)
		if err != nil {
			return nil, bad("the organizer's start: %v", err)
		}
		for side, leave := range [][]tournament.Place{wLeave, bLeave} {
			army, err := tournament.ArmyLeaving(leave)
			if err != nil {
				return nil, err
			}
			if err := tournament.Fits(p, core.Player(side), army); err != nil {
				return nil, bad("the organizer's start does not fit the armies: %v", err)
			}
		}
	}
	tc, err := game.ParseTimeControl(d.Clock)
	if err != nil {
		return nil, err
	}
	ng := &newGame{id: c.ID, rules: r, options: tournament.OptionsText, start: start, clock: tc}
	for _, num := range []int{white, black} {
		if num < 1 || num > len(d.Players) {
			return nil, fmt.Errorf("challenge %s: no player %d", c.ID, num)
		}
		p := d.Players[num-1]
		ng.seats = append(ng.seats, seatSpec{Plays: "human", Name: p.Name})
		ng.hashes = append(ng.hashes, p.TokenHash)
	}
	return ng, nil
}

// makeBattle makes the game of a challenge in play; a game made already
// (by another request or process) is not an error.
func (s *Server) makeBattle(d *store.TournamentData, c *store.Challenge) error {
	ng, err := s.battleGame(d, c)
	if err != nil {
		return err
	}
	if _, err := s.makeGame(ng); err != nil && !errors.Is(err, store.ErrConflict) {
		return err
	}
	s.feeds.wake(d.ID)
	return nil
}

// playBattle seats the caller in the game of its challenge: the game's
// seat cookie is set from the player's token (the seat's token is the
// player's).
func (s *Server) playBattle(w http.ResponseWriter, r *http.Request, cid string) {
	d, err := s.loadTournament(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c := findChallenge(d, cid)
	if c == nil {
		s.fail(w, r, status(http.StatusNotFound, "no such challenge"))
		return
	}
	me, token := playerOf(r, d)
	if me == nil || me.Num != c.Attacker && me.Num != c.Defender {
		s.fail(w, r, status(http.StatusForbidden, "play: only the challenge's attacker and defender play its battle"))
		return
	}
	if c.Accepted.IsZero() {
		s.fail(w, r, status(http.StatusConflict, "play: the challenge is %s, without a battle", c.State))
		return
	}
	seat := 1
	if (me.Num == c.Attacker) == c.AttackerWhite {
		seat = 0
	}
	setSeatCookie(w, r, cid, seat, token)
	writeJSON(w, http.StatusOK, map[string]any{"game": "/g/" + cid, "seat": seat + 1})
}

// battleOver is told that game id ended in this process: when it is a
// battle, its result is recorded (in the background).
func (s *Server) battleOver(id string) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		defer cancel()
		if err := s.settleBattle(ctx, id); err != nil && s.ctx.Err() == nil {
			s.log.Error("recording a battle's result", "game", id, "err", err)
		}
	}()
}

// settleBattle records the result of battle id when its game is over and
// the challenge is still in play. Any process may do it, as often as it
// likes: the update that records it finds the challenge in play once.
func (s *Server) settleBattle(ctx context.Context, id string) error {
	tid, state, ok, err := s.st.ChallengeOf(ctx, id)
	if err != nil || !ok || state != store.ChallengePlaying {
		return err
	}
	row, moves, err := s.st.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil // not made yet
	}
	if err != nil {
		return err
	}
	if !row.Over() {
		return nil
	}
	g, err := s.restore(row, moves)
	if err != nil {
		return err
	}
	defer closeGame(g)
	_, err = s.changeTournamentID(ctx, tid, func(d *store.TournamentData) (*store.TournamentChange, error) {
		c := findChallenge(d, id)
		if c == nil || c.State != store.ChallengePlaying {
			return nil, fmt.Errorf("%w: challenge %s is decided", store.ErrConflict, id)
		}
		aArmy, err := armyOf(c.AttackerArmy)
		if err != nil {
			return nil, err
		}
		dArmy, err := armyOf(c.DefenderArmy)
		if err != nil {
			return nil, err
		}
		attacker := core.Player(1)
		if c.AttackerWhite {
			attacker = 0
		}
		res, aLost, dLost, err := tournament.Judge(g, attacker, aArmy, dArmy)
		if err != nil {
			return nil, err
		}
		return decide(d, *c, res, aLost, dLost, time.Now())
	})
	var he *httpError
	if errors.As(err, &he) && he.code == http.StatusConflict {
		return nil // another process recorded it
	}
	if err == nil {
		s.log.Info("battle recorded", "tournament", tid, "game", id)
	}
	return err
}

// settler looks, every settleEvery, for battles whose game ended but whose
// result was not recorded, and for battles in play without a game.
func (s *Server) settler() {
	defer s.wg.Done()
	t := time.NewTicker(settleEvery)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		list, err := s.st.BattlesToSettle(ctx, 100)
		if err != nil && s.ctx.Err() == nil {
			s.log.Warn("looking for battles to settle", "err", err)
		}
		for _, b := range list {
			if b.Missing {
				if time.Since(b.Accepted) < missingGameAfter {
					continue
				}
				d, err := s.st.LoadTournament(ctx, b.Tournament)
				if err == nil {
					if c := findChallenge(d, b.ID); c != nil && c.State == store.ChallengePlaying {
						err = s.makeBattle(d, c)
					}
				}
				if err != nil && s.ctx.Err() == nil {
					s.log.Error("making a battle's missing game", "game", b.ID, "err", err)
				}
				continue
			}
			if err := s.settleBattle(ctx, b.ID); err != nil && s.ctx.Err() == nil {
				s.log.Error("recording a battle's result", "game", b.ID, "err", err)
			}
		}
		cancel()
	}
}
