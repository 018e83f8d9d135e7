package server

// The HTTP side: pages, the JSON API (variants, boards, rules, games, seats, records, import, rematch), seat cookies and errors.

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	"anychess/variant"
	"anychess/web"
	"anychess/wire"
)

// Limits of the API's requests.
const (
	// MaxBodyBytes is the largest request body, but for imports.
	MaxBodyBytes = 64 << 10
	// MaxImportBytes is the largest import body.
	MaxImportBytes = 1 << 20
	// MaxImportMoves is the most moves an imported record may have.
	MaxImportMoves = 10_000
	// MaxNameRunes is the longest seat name.
	MaxNameRunes = 40
	// MaxOptions is the most options a request may give.
	MaxOptions = 32
	// MinClock is the shortest clock a game may have.
	MinClock = time.Second
)

// httpError is an error with its HTTP status.
type httpError struct {
	code int
	msg  string
}

func (e *httpError) Error() string { return e.msg }

func bad(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

func status(code int, format string, args ...any) error {
	return &httpError{code, fmt.Sprintf(format, args...)}
}

// routes registers the handlers.
func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.page("index.html"))
	m.HandleFunc("GET /g/{id}", s.handleGamePage)
	m.HandleFunc("GET /rules/{variant}", s.handleRulesPage)
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(web.Static)))
	m.HandleFunc("GET /api/variants", s.handleVariants)
	m.HandleFunc("GET /api/board", s.handleBoard)
	m.HandleFunc("GET /api/rules", s.handleRules)
	m.HandleFunc("POST /api/games", s.handleCreate)
	m.HandleFunc("GET /api/games/{id}", s.handleState)
	m.HandleFunc("GET /api/games/{id}/board", s.handleGameBoard)
	m.HandleFunc("GET /api/games/{id}/position", s.handlePosition)
	m.HandleFunc("POST /api/games/{id}/seat", s.handleSeat)
	m.HandleFunc("GET /api/games/{id}/record", s.handleRecord)
	m.HandleFunc("GET /api/games/{id}/pgn", s.handlePGN)
	m.HandleFunc("POST /api/games/{id}/rematch", s.handleRematch)
	m.HandleFunc("POST /api/import", s.handleImport)
	m.HandleFunc("GET /ws/{id}", s.handleWS)
	s.lobbyRoutes(m)
	// Tournaments (tournament.go) and uploads (upload.go).
	m.HandleFunc("GET /tournaments", s.page("tournament.html"))
	m.HandleFunc("GET /t/{id}", s.handleTournamentPage)
	m.HandleFunc("GET /api/tournaments", s.handleTournaments)
	m.HandleFunc("POST /api/tournaments", s.handleNewTournament)
	m.HandleFunc("GET /api/tournaments/{id}", s.handleTournament)
	m.HandleFunc("POST /api/tournaments/{id}/join", s.handleJoin)
	m.HandleFunc("POST /api/tournaments/{id}/login", s.handleTournamentLogin)
	m.HandleFunc("POST /api/tournaments/{id}/challenges", s.handleChallenge)
	m.HandleFunc("POST /api/tournaments/{id}/challenges/{cid}/{action}", s.challengeAction)
	m.HandleFunc("GET /ws/tournament/{id}", s.handleTournamentWS)
	m.HandleFunc("GET /upload", s.page("upload.html"))
	m.HandleFunc("POST /api/uploads", s.handleUpload)
	m.HandleFunc("GET /api/uploads/{name}", s.handleUploadSource)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, status(http.StatusNotFound, "no such API: %s %s", r.Method, r.URL.Path))
	})
	s.mux = m
}

// ServeHTTP implements http.Handler: no panic reaches a client.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if e := recover(); e != nil {
			if e == http.ErrAbortHandler {
				panic(e)
			}
			s.log.Error("handler panicked", "method", r.Method, "path", r.URL.Path, "panic", e)
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error"})
		}
	}()
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "same-origin")
	s.mux.ServeHTTP(w, r)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // links keep their &
	if err := enc.Encode(v); err != nil {
		code = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":"internal error"}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(buf.Bytes())
}

// fail answers an error as {error}; errors that are not the client's are
// logged and answered without their particulars.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var he *httpError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &he):
		writeJSON(w, he.code, map[string]string{"error": he.msg})
	case errors.Is(err, errNoGame):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such game"})
	case errors.As(err, &mb):
		writeJSON(w, http.StatusRequestEntityTooLarge, map[string]string{"error": fmt.Sprintf("the request body is more than %d bytes", mb.Limit)})
	default:
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error; nothing was changed"})
	}
}

// decodeBody reads a JSON body of at most limit bytes into v: one object
// with known fields only.
func decodeBody(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	return decodeJSON(http.MaxBytesReader(w, r.Body, limit), v)
}

// page serves one of the client's pages.
func (s *Server) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, web.Static, name)
	}
}

func (s *Server) handleGamePage(w http.ResponseWriter, r *http.Request) {
	if _, err := s.hubFor(r.PathValue("id")); err != nil {
		if errors.Is(err, errNoGame) {
			http.Error(w, "no such game", http.StatusNotFound)
			return
		}
		s.fail(w, r, err)
		return
	}
	s.page("game.html")(w, r)
}

func (s *Server) handleRulesPage(w http.ResponseWriter, r *http.Request) {
	if !s.knownVariant(r.PathValue("variant")) {
		http.Error(w, "no such variant", http.StatusNotFound)
		return
	}
	s.page("rules.html")(w, r)
}

// variantInfo is a variant in /api/variants.
type variantInfo struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Players int          `json:"players"`
	Options []optionInfo `json:"options"`
	// Uploaded marks a variant uploaded to the server (upload.go).
	Uploaded bool `json:"uploaded,omitempty"`
}

type optionInfo struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Default     string   `json:"default"`
	Values      []string `json:"values"`
}

// infoOf describes a variant for the variant list.
func infoOf(name string, def *core.Definition, players int) variantInfo {
	v := variantInfo{Name: name, Title: def.Title, Players: players, Options: []optionInfo{}}
	if v.Title == "" {
		v.Title = name
	}
	for _, o := range def.Options {
		vals := o.Values
		if vals == nil {
			vals = []string{}
		}
		v.Options = append(v.Options, optionInfo{Name: o.Name, Description: o.Description, Default: o.Default, Values: vals})
	}
	return v
}

func (s *Server) handleVariants(w http.ResponseWriter, r *http.Request) {
	out := []variantInfo{}
	for _, name := range variant.Names() {
		def, err := variant.Definition(name)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		rules, err := s.rc.rules(name, "")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out = append(out, infoOf(name, def, rules.Players))
	}
	up, err := s.uploadedVariants(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out = append(out, up...)
	writeJSON(w, http.StatusOK, out)
}

// queryRules reads ?variant=V&option=NAME[=VALUE]… into cached rules.
func (s *Server) queryRules(r *http.Request) (*rulesEntry, error) {
	q := r.URL.Query()
	name := q.Get("variant")
	if name == "" {
		return nil, bad("no variant (want ?variant=NAME)")
	}
	opts := q["option"]
	if len(opts) > MaxOptions {
		return nil, bad("%d options, more than %d", len(opts), MaxOptions)
	}
	m, err := variant.ParseOptions(opts)
	if err != nil {
		return nil, bad("%v", err)
	}
	text, err := optionsText(m)
	if err != nil {
		return nil, err
	}
	e, err := s.rc.entry(name, text)
	if err != nil {
		return nil, bad("%v", err)
	}
	return e, nil
}

// optionsText checks options and writes them as the store keeps them.
func optionsText(opts map[string]string) (string, error) {
	if len(opts) > MaxOptions {
		return "", bad("%d options, more than %d", len(opts), MaxOptions)
	}
	for k, v := range opts {
		if k == "" || len(k) > 64 || len(v) > 64 || strings.ContainsFunc(k+v, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) ||
			strings.Contains(k, "=") {
			return "", bad("option %q=%q: want a name and a value without spaces, each at most 64 bytes", truncate(k, 64), truncate(v, 64))
		}
	}
	return game.OptionsText(opts), nil
}

func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) {
	e, err := s.queryRules(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, wire.BoardOf(e.r))
}

// rulesAnswer is /api/rules's answer.
type rulesAnswer struct {
	Board    *wire.Board    `json:"board"`
	Diagrams []wire.Diagram `json:"diagrams"`
}

func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	e, err := s.queryRules(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	e.once.Do(func() {
		var ds []wire.Diagram
		ds, e.err = wire.Diagrams(e.r)
		if e.err == nil {
			e.diagrams, e.err = json.Marshal(rulesAnswer{Board: wire.BoardOf(e.r), Diagrams: ds})
		}
	})
	if e.err != nil {
		s.fail(w, r, e.err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(e.diagrams)
}

// seatSpec is a seat of a new game.
type seatSpec struct {
	Plays string `json:"plays"`
	Name  string `json:"name,omitempty"`
}

// createRequest is POST /api/games's body.
type createRequest struct {
	Variant   string            `json:"variant"`
	Options   map[string]string `json:"options"`
	Start     string            `json:"start"`
	Seats     []seatSpec        `json:"seats"`
	Clock     string            `json:"clock"`
	Takebacks bool              `json:"takebacks"`
	You       *int              `json:"you"`
}

// seatAnswer is a seat of a new game in the answer.
type seatAnswer struct {
	Seat  int    `json:"seat"` // 1-based
	Name  string `json:"name"`
	Plays string `json:"plays"`
	Link  string `json:"link,omitempty"`
}

// createAnswer answers the requests that make a game.
type createAnswer struct {
	ID       string       `json:"id"`
	You      int          `json:"you"`
	Seats    []seatAnswer `json:"seats"`
	Spectate string       `json:"spectate"`
}

// newGame is what the requests that make a game describe.
type newGame struct {
	id        string // the game's id, "" for a new random one
	rules     *core.Rules
	options   string
	start     string
	clock     game.TimeControl
	takebacks bool
	seats     []seatSpec   // one per player, checked
	hashes    []string     // carried token hashes (a rematch), or nil
	record    *game.Record // an import's record, or nil
	rematchOf string
}

// made is a game just made.
type made struct {
	id     string
	tokens []string // new tokens, "" where none
	g      *game.Game
	seats  []store.Seat
}

// checkSeats checks the seats of a request against the players: at most
// one per player, the rest people.
func checkSeats(specs []seatSpec, players int) ([]seatSpec, error) {
	if len(specs) > players {
		return nil, bad("%d seats for a game of %d players", len(specs), players)
	}
	out := make([]seatSpec, players)
	for i := range out {
		out[i].Plays = "human"
		if i >= len(specs) {
			continue
		}
		sp := specs[i]
		if sp.Plays != "" {
			if _, err := parsePlays(sp.Plays); err != nil {
				return nil, bad("seat %d: %v", i+1, err)
			}
			out[i].Plays = sp.Plays
		}
		name := strings.TrimSpace(sp.Name)
		if !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxNameRunes || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
			return nil, bad("seat %d: a name of at most %d printable characters", i+1, MaxNameRunes)
		}
		out[i].Name = name
	}
	return out, nil
}

// checkYou checks the creator's seat: -1 (none) or a human seat.
func checkYou(you *int, seats []seatSpec) (int, error) {
	if you == nil || *you == -1 {
		return -1, nil
	}
	if *you < 0 || *you >= len(seats) {
		return 0, bad("you: seat %d; want -1 (none) or a seat from 0 to %d", *you, len(seats)-1)
	}
	if seats[*you].Plays != "human" {
		return 0, bad("you: seat %d is played by %s, not a person", *you, seats[*you].Plays)
	}
	return *you, nil
}

// newToken returns a random seat token and its hash.
// tokenIs reports whether token hashes to hash (hex SHA-256), in constant
// time; an empty or overlong token never does.
func tokenIs(hash, token string) bool {
	want, err := hex.DecodeString(hash)
	if err != nil || len(want) != sha256.Size || token == "" || len(token) > 64 {
		return false
	}
	sum := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(sum[:], want) == 1
}

func newToken() (token, hash string) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	sum := sha256.Sum256([]byte(token))
	return token, hex.EncodeToString(sum[:])
}

// makeGame makes a game, stores it and starts its hub.
func (s *Server) makeGame(ng *newGame) (*made, error) {
	m, row, moves, err := s.buildGame(ng)
	if err != nil {
		return nil, err
	}
	for try := 0; ; try++ {
		row.ID = ng.id
		if row.ID == "" {
			row.ID = randomID()
		}
		err = s.st.CreateGame(s.ctx, row, moves)
		if err == nil || !errors.Is(err, store.ErrConflict) || ng.rematchOf != "" || ng.id != "" || try == 3 {
			break
		}
	}
	if err != nil {
		closeGame(m.g)
		return nil, err
	}
	s.startMade(m, row)
	return m, nil
}

// buildGame makes the game a request describes, and the row and moves to
// store, without an id yet.
func (s *Server) buildGame(ng *newGame) (*made, *store.Game, []store.Move, error) {
	s.mu.Lock()
	full := s.live >= s.cfg.MaxLiveGames
	s.mu.Unlock()
	if full {
		return nil, nil, nil, status(http.StatusServiceUnavailable, "the server has %d live games, its most; try later", s.cfg.MaxLiveGames)
	}
	r := ng.rules
	seed := uint64(time.Now().UnixNano())
	seats := make([]game.Seat, r.Players)
	for i, sp := range ng.seats {
		p, err := s.newPlayer(sp.Plays, seed+uint64(i))
		if err != nil {
			return nil, nil, nil, bad("seat %d: %v", i+1, err)
		}
		seats[i] = game.Seat{Name: sp.Name, Player: p}
	}
	cfg := game.Config{Rules: r, Start: ng.start, Seats: seats, Clock: ng.clock, Takebacks: ng.takebacks, FirstMovesFree: true}
	var g *game.Game
	var err error
	if ng.record != nil {
		g, err = ng.record.Restore(cfg)
	} else {
		g, err = game.New(cfg)
	}
	if err != nil {
		for _, st := range seats {
			if st.Player != nil {
				st.Player.Close()
			}
		}
		return nil, nil, nil, bad("%v", err)
	}
	m := &made{g: g, tokens: make([]string, r.Players)}
	now := time.Now()
	row := &store.Game{Variant: r.Name(), Options: ng.options, Clock: g.Config().Clock.String(), Takebacks: g.Config().Takebacks,
		Created: now, TurnStarted: g.TurnStarted(), Owner: s.proc, RematchOf: ng.rematchOf}
	if g.StartText() != r.StartPosition().String() {
		row.Start = g.StartText()
	}
	for i := range r.Players {
		st := store.Seat{Seat: i, Name: g.Name(core.Player(i)), Plays: g.Plays(core.Player(i))}
		switch {
		case st.Plays != "human":
		case ng.hashes != nil:
			st.TokenHash = ng.hashes[i]
		default:
			m.tokens[i], st.TokenHash = newToken()
		}
		row.Seats = append(row.Seats, st)
	}
	var moves []store.Move
	for i, p := range g.Moves() {
		moves = append(moves, store.Move{Ply: i, Text: p.Text, Spent: p.Spent, Clock: p.Clock})
	}
	if g.Over() {
		e := ending(g)
		row.Result, row.Termination, row.Finished = e.Result, e.Termination, now
	}
	return m, row, moves, nil
}

// startMade starts the hub of a game just stored as row.
func (s *Server) startMade(m *made, row *store.Game) {
	m.id, m.seats = row.ID, row.Seats
	h := newHub(s, row, m.g)
	s.mu.Lock()
	s.hubs[row.ID] = h
	s.mu.Unlock()
	s.startHub(h)
	s.log.Info("game created", "game", row.ID, "variant", row.Variant, "options", row.Options, "rematch_of", row.RematchOf)
}

// answer writes the answer to a request that made a game, with the
// creator's seat cookie.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, code int, id string, seats []store.Seat, tokens []string, you int) {
	a := createAnswer{ID: id, You: you, Spectate: "/g/" + id, Seats: []seatAnswer{}}
	for i, st := range seats {
		sa := seatAnswer{Seat: i + 1, Name: st.Name, Plays: st.Plays}
		if tokens[i] != "" {
			sa.Link = fmt.Sprintf("/g/%s#seat=%d&token=%s", id, i+1, tokens[i])
		}
		a.Seats = append(a.Seats, sa)
	}
	if you >= 0 && tokens[you] != "" {
		setSeatCookie(w, r, id, you, tokens[you])
	}
	writeJSON(w, code, a)
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	serveNewGame(s, w, r, MaxBodyBytes, s.checkCreate)
}

// serveNewGame answers a request that makes a game: its JSON body (at most
// limit bytes) read into a T, checked by check into the game to make and
// the creator's seat.
func serveNewGame[T any](s *Server, w http.ResponseWriter, r *http.Request, limit int64, check func(*T) (*newGame, int, error)) {
	var req T
	if err := decodeBody(w, r, limit, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ng, you, err := check(&req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.makeGame(ng)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.answer(w, r, http.StatusCreated, m.id, m.seats, m.tokens, you)
}

// checkCreate checks a create request.
func (s *Server) checkCreate(req *createRequest) (*newGame, int, error) {
	if !s.knownVariant(req.Variant) {
		return nil, 0, bad("unknown variant %q (known: %s, and the uploaded variants)", truncate(req.Variant, 40), strings.Join(variant.Names(), ", "))
	}
	text, err := optionsText(req.Options)
	if err != nil {
		return nil, 0, err
	}
	rules, err := s.rc.rules(req.Variant, text)
	if err != nil {
		return nil, 0, bad("%v", err)
	}
	seats, err := checkSeats(req.Seats, rules.Players)
	if err != nil {
		return nil, 0, err
	}
	you, err := checkYou(req.You, seats)
	if err != nil {
		return nil, 0, err
	}
	tc, err := game.ParseTimeControl(req.Clock)
	if err != nil {
		return nil, 0, bad("clock: %v", err)
	}
	if tc.On() && tc.Initial < MinClock {
		return nil, 0, bad("clock %q: at least %v", req.Clock, MinClock)
	}
	if len(req.Start) > 16<<10 {
		return nil, 0, bad("start: a position text of at most 16 KB")
	}
	return &newGame{rules: rules, options: text, start: strings.TrimSpace(req.Start), clock: tc, takebacks: req.Takebacks, seats: seats}, you, nil
}

// importRequest is POST /api/import's body.
type importRequest struct {
	Text  string     `json:"text"`
	Seats []seatSpec `json:"seats"`
	You   *int       `json:"you"`
}

func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	serveNewGame(s, w, r, MaxImportBytes, s.checkImport)
}

// checkImport reads an import request's record.
func (s *Server) checkImport(req *importRequest) (*newGame, int, error) {
	rec, err := game.ParseRecord(req.Text)
	if err != nil {
		return nil, 0, bad("%v", err)
	}
	if len(rec.Moves) > MaxImportMoves {
		return nil, 0, bad("the record has %d moves, more than %d", len(rec.Moves), MaxImportMoves)
	}
	name := rec.Tag("Variant")
	if name == "" || strings.EqualFold(name, "standard") {
		name = "chess"
	}
	if !s.knownVariant(name) {
		return nil, 0, bad("the record's variant %q is not one of %s, or an uploaded variant", truncate(name, 40), strings.Join(variant.Names(), ", "))
	}
	opts, err := variant.ParseOptions(rec.OptionList())
	if err != nil {
		return nil, 0, bad("the record's options: %v", err)
	}
	text, err := optionsText(opts)
	if err != nil {
		return nil, 0, err
	}
	rules, err := s.rc.rules(name, text)
	if err != nil {
		return nil, 0, bad("%v", err)
	}
	specs := req.Seats
	if specs == nil {
		// The record's seats; who plays a seat the server does not know
		// (a UCI engine) becomes a person.
		for i := range rules.Players {
			sp := seatSpec{Name: rec.Tag(fmt.Sprintf("Seat%d", i+1)), Plays: rec.Tag(fmt.Sprintf("Seat%dPlays", i+1))}
			if _, err := parsePlays(sp.Plays); err != nil {
				sp.Plays = "human"
			}
			if utf8.RuneCountInString(sp.Name) > MaxNameRunes {
				sp.Name = string([]rune(sp.Name)[:MaxNameRunes])
			}
			specs = append(specs, sp)
		}
	}
	seats, err := checkSeats(specs, rules.Players)
	if err != nil {
		return nil, 0, err
	}
	you, err := checkYou(req.You, seats)
	if err != nil {
		return nil, 0, err
	}
	return &newGame{rules: rules, options: text, seats: seats, record: rec}, you, nil
}

// seatCookieName is the name of game id's seat cookie.
func seatCookieName(id string) string { return "ac_" + id }

// setSeatCookie sets the seat cookie: SEAT.TOKEN, the seat 1-based.
func setSeatCookie(w http.ResponseWriter, r *http.Request, id string, seat int, token string) {
	http.SetCookie(w, &http.Cookie{Name: seatCookieName(id), Value: strconv.Itoa(seat+1) + "." + token, Path: "/",
		MaxAge: 365 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
}

// seatCookie reads game id's seat cookie: the seat (0-based, -1 for none)
// and the token, not yet checked.
func seatCookie(r *http.Request, id string) (int, string) {
	ck, err := r.Cookie(seatCookieName(id))
	if err != nil {
		return -1, ""
	}
	n, token, ok := strings.Cut(ck.Value, ".")
	seat, err := strconv.Atoi(n)
	if !ok || err != nil || seat < 1 || seat > core.MaxPlayers || token == "" || len(token) > wire.MaxTokenText {
		return -1, ""
	}
	return seat - 1, token
}

// seatRequest is POST /api/games/{id}/seat's body.
type seatRequest struct {
	Seat  int    `json:"seat"` // 1-based
	Token string `json:"token"`
}

func (s *Server) handleSeat(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var req seatRequest
	if err := decodeBody(w, r, MaxBodyBytes, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Seat < 1 || req.Seat > core.MaxPlayers || req.Token == "" || len(req.Token) > wire.MaxTokenText {
		s.fail(w, r, bad("want {seat, token} with a seat from 1 and the seat's token"))
		return
	}
	ok := false
	if err := s.do(id, func(h *hub) { ok = h.checkToken(req.Seat-1, req.Token) }); err != nil {
		s.fail(w, r, err)
		return
	}
	if !ok {
		s.fail(w, r, status(http.StatusForbidden, "the token is not seat %d's", req.Seat))
		return
	}
	setSeatCookie(w, r, id, req.Seat-1, req.Token)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	seat, token := seatCookie(r, id)
	var data []byte
	if err := s.do(id, func(h *hub) {
		if !h.checkToken(seat, token) {
			seat = -1
		}
		data = h.stateJSON(seat, h.connected())
	}); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(data)
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	var text string
	var verr error
	if err := s.do(r.PathValue("id"), func(h *hub) {
		g, done, err := h.view()
		if verr = err; err == nil {
			text = g.Record().String()
			done()
		}
	}); err != nil || verr != nil {
		s.fail(w, r, errors.Join(err, verr))
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, text)
}

func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) {
	var text string
	var perr, verr error
	if err := s.do(r.PathValue("id"), func(h *hub) {
		g, done, err := h.view()
		if verr = err; err == nil {
			text, perr = g.PGN()
			done()
		}
	}); err != nil || verr != nil {
		s.fail(w, r, errors.Join(err, verr))
		return
	}
	if perr != nil {
		s.fail(w, r, status(http.StatusConflict, "%v", perr))
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, text)
}

// handleRematch makes (or finds) the rematch of a finished game for one
// of its players: the same settings, the seats rotated by one (the person
// in seat i sits in seat i-1), each person keeping their token.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	seat, token := seatCookie(r, id)
	var (
		valid, over bool
		row         store.Game
		rules       *core.Rules
		rematch     string
	)
	var verr error
	if err := s.do(id, func(h *hub) {
		g, done, err := h.view()
		if verr = err; err != nil {
			return
		}
		defer done()
		valid, over = h.checkToken(seat, token), g.Over()
		row, rules, rematch = *h.row, g.Rules(), h.rematch
		row.Seats = slices.Clone(h.row.Seats)
	}); err != nil || verr != nil {
		s.fail(w, r, errors.Join(err, verr))
		return
	}
	if !valid {
		s.fail(w, r, status(http.StatusForbidden, "rematch: only a player of the game can ask for one (no valid seat cookie)"))
		return
	}
	if !over {
		s.fail(w, r, status(http.StatusConflict, "rematch: the game is not over"))
		return
	}
	n := len(row.Seats)
	newSeat := (seat - 1 + n) % n
	tokens := make([]string, n)
	tokens[newSeat] = token
	if rematch == "" {
		ng := &newGame{rules: rules, options: row.Options, start: row.Start, takebacks: row.Takebacks, rematchOf: id,
			seats: make([]seatSpec, n), hashes: make([]string, n)}
		ng.clock, _ = game.ParseTimeControl(row.Clock)
		for j := range n {
			old := row.Seats[(j+1)%n]
			ng.seats[j] = seatSpec{Name: old.Name, Plays: old.Plays}
			ng.hashes[j] = old.TokenHash
		}
		m, err := s.makeGame(ng)
		if err == nil {
			rematch = m.id
			s.do(id, func(h *hub) {
				h.rematch = rematch
				h.broadcast()
			})
			// The game's hubs in other processes read it again.
			s.st.Notify(s.ctx, store.Event{Kind: store.EventGame, Game: id})
			s.answer(w, r, http.StatusCreated, m.id, m.seats, tokens, newSeat)
			return
		}
		if !errors.Is(err, store.ErrConflict) {
			s.fail(w, r, err)
			return
		}
		// Another player made it at the same time.
		if rematch, err = s.st.Rematch(s.ctx, id); err != nil || rematch == "" {
			s.fail(w, r, fmt.Errorf("rematch of %s: %v", id, err))
			return
		}
	}
	var seats []store.Seat
	if err := s.do(rematch, func(h *hub) { seats = slices.Clone(h.row.Seats) }); err != nil {
		s.fail(w, r, err)
		return
	}
	s.answer(w, r, http.StatusOK, rematch, seats, tokens, newSeat)
}
