package web_test

// A small stand-in for the server (doc/WEB.md), enough for the browser
// tests of the client while the real server is written: every answer is
// built by package wire from real game.Game values; games live in memory;
// one websocket per page. The end-to-end tests move to the real server
// when it lands.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/variant"
	"anychess/web"
	"anychess/wire"

	"github.com/coder/websocket"
)

type harness struct {
	t     testing.TB
	srv   *httptest.Server
	mu    sync.Mutex
	games map[string]*hgame
	next  int
}

type hgame struct {
	g      *game.Game
	tokens []string
	conns  map[*hconn]bool
	// received are the move texts the server was sent, in order.
	received []string
}

type hconn struct {
	c    *websocket.Conn
	seat int
	out  chan []byte
}

// diagram is the rules page's movement diagram (doc/WEB.md, Requested).
type diagram struct {
	Letter   string       `json:"letter"`
	Name     string       `json:"name"`
	Betza    string       `json:"betza"`
	Owner    int          `json:"owner"`
	At       wire.Coord   `json:"at"`
	Moves    []wire.Coord `json:"moves"`
	Captures []wire.Coord `json:"captures"`
	Both     []wire.Coord `json:"both"`
}

func newHarness(t testing.TB) *harness {
	h := &harness{t: t, games: map[string]*hgame{}}
	mux := http.NewServeMux()
	static := http.FileServerFS(web.Static)
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			r2 := r.Clone(r.Context())
			r2.URL.Path = "/" + name
			if name == "index.html" {
				r2.URL.Path = "/"
			}
			static.ServeHTTP(w, r2)
		}
	}
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /g/{id}", page("game.html"))
	mux.HandleFunc("GET /rules/{variant}", page("rules.html"))
	mux.Handle("GET /static/", http.StripPrefix("/static", static))
	mux.HandleFunc("GET /api/variants", h.variants)
	mux.HandleFunc("GET /api/board", h.board)
	mux.HandleFunc("GET /api/rules", h.rules)
	mux.HandleFunc("POST /api/games", h.createHTTP)
	mux.HandleFunc("GET /api/games/{id}", h.state)
	mux.HandleFunc("GET /api/games/{id}/board", h.gameBoard)
	mux.HandleFunc("GET /api/games/{id}/position", h.position)
	mux.HandleFunc("POST /api/games/{id}/seat", h.seat)
	mux.HandleFunc("POST /api/games/{id}/rematch", h.rematch)
	mux.HandleFunc("GET /api/games/{id}/record", h.record)
	mux.HandleFunc("POST /api/import", h.importRecord)
	mux.HandleFunc("GET /ws/{id}", h.ws)
	h.srv = httptest.NewServer(mux)
	t.Cleanup(h.srv.Close)
	return h
}

func (h *harness) url(path string) string { return h.srv.URL + path }

func fail(w http.ResponseWriter, code int, format string, args ...any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": fmt.Sprintf(format, args...)})
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// queryOptions reads option=NAME[=VALUE]… as the CLI's --option.
func queryOptions(r *http.Request) map[string]string {
	opts := map[string]string{}
	for _, o := range r.URL.Query()["option"] {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			v = "true"
		}
		opts[k] = v
	}
	return opts
}

func (h *harness) variants(w http.ResponseWriter, r *http.Request) {
	type opt struct {
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Default     string   `json:"default"`
		Values      []string `json:"values"`
	}
	type info struct {
		Name    string `json:"name"`
		Title   string `json:"title"`
		Players int    `json:"players"`
		Options []opt  `json:"options"`
	}
	var out []info
	for _, name := range variant.Names() {
		def, err := variant.Definition(name)
		if err != nil {
			fail(w, 500, "%v", err)
			return
		}
		rules, err := variant.Load(name, nil)
		if err != nil {
			fail(w, 500, "%v", err)
			return
		}
		in := info{Name: name, Title: def.Title, Players: rules.Players, Options: []opt{}}
		for _, o := range def.Options {
			in.Options = append(in.Options, opt{o.Name, o.Description, o.Default, o.Values})
		}
		out = append(out, in)
	}
	reply(w, out)
}

func (h *harness) board(w http.ResponseWriter, r *http.Request) {
	rules, err := variant.Load(r.URL.Query().Get("variant"), queryOptions(r))
	if err != nil {
		fail(w, 400, "%v", err)
		return
	}
	reply(w, wire.BoardOf(rules))
}

func (h *harness) rules(w http.ResponseWriter, r *http.Request) {
	rules, err := variant.Load(r.URL.Query().Get("variant"), queryOptions(r))
	if err != nil {
		fail(w, 400, "%v", err)
		return
	}
	reply(w, map[string]any{"board": wire.BoardOf(rules), "diagrams": diagramsOf(rules)})
}

// diagramsOf puts each piece alone on an empty board and asks the rules
// core where it moves, and where it captures an enemy put on each square.
func diagramsOf(r *core.Rules) []diagram {
	out := []diagram{}
	var at core.Coord
	var targets []core.Coord
	if r.Board.Unbounded {
		for y := int64(-6); y <= 6; y++ {
			for x := int64(-6); x <= 6; x++ {
				targets = append(targets, core.Coord{X: x, Y: y})
			}
		}
	} else {
		at = core.Coord{X: int64(r.Board.Files / 2), Y: int64(r.Board.Ranks / 2)}
		for _, sq := range r.Board.Squares() {
			targets = append(targets, r.Board.Coord(sq))
		}
	}
	victim := core.PieceType(0)
	for t := 1; t < len(r.Pieces); t++ {
		if !r.Pieces[t].Royal {
			victim = core.PieceType(t)
			break
		}
	}
	for t := 1; t < len(r.Pieces); t++ {
		pi := r.Pieces[t]
		d := diagram{Letter: string(pi.Letter), Name: pi.Name, Betza: pi.Betza, At: wire.CoordOf(at)}
		func() {
			defer func() { _ = recover() }() // a variant's hooks may want a fuller position
			owner := core.Player(0)
			reach := func(enemy *core.Coord) map[core.Coord]bool {
				p := r.NewPosition()
				from := p.Square(at)
				p.Put(from, core.MakePiece(owner, core.PieceType(t)))
				p.SetTurn(owner)
				if enemy != nil {
					p.Put(p.Square(*enemy), core.MakePiece((owner+1)%core.Player(r.Players), victim))
				}
				got := map[core.Coord]bool{}
				for _, m := range p.PseudoMoves(nil) { // movement alone: no royal, no game end
					if m.From == from && m.To != core.NoSquare {
						got[p.Coord(m.To)] = true
					}
				}
				return got
			}
			// the piece belongs to the first side that can move it there
			// (Martian Chess: the owner of the zone)
			moves := reach(nil)
			for o := 1; len(moves) == 0 && o < r.Players; o++ {
				owner = core.Player(o)
				moves = reach(nil)
			}
			if len(moves) == 0 {
				owner = 0
			}
			d.Owner = int(owner)
			for _, c := range targets {
				if c == at {
					continue
				}
				capt := victim != 0 && reach(&c)[c]
				switch {
				case moves[c] && capt:
					d.Both = append(d.Both, wire.CoordOf(c))
				case moves[c]:
					d.Moves = append(d.Moves, wire.CoordOf(c))
				case capt:
					d.Captures = append(d.Captures, wire.CoordOf(c))
				}
			}
		}()
		out = append(out, d)
	}
	return out
}

// create starts a game; seats are "human", "computer:N" or "random".
// Seat i's token is "t" + i.
func (h *harness) create(variantName string, opts map[string]string, start string, seats []string, clock string, takebacks bool) (string, error) {
	rules, err := variant.Load(variantName, opts)
	if err != nil {
		return "", err
	}
	cfg := game.Config{Rules: rules, Start: start, Takebacks: takebacks}
	if clock != "" {
		if cfg.Clock, err = game.ParseTimeControl(clock); err != nil {
			return "", err
		}
	}
	for i, s := range seats {
		pl, err := game.NewSeatPlayer(s, 50*time.Millisecond, uint64(i+1))
		if err != nil {
			return "", err
		}
		cfg.Seats = append(cfg.Seats, game.Seat{Player: pl, Plays: s})
	}
	g, err := game.New(cfg)
	if err != nil {
		return "", err
	}
	return h.register(g), nil
}

// register keeps a game and starts its computer seats.
func (h *harness) register(g *game.Game) string {
	h.mu.Lock()
	h.next++
	id := fmt.Sprintf("g%d", h.next)
	hg := &hgame{g: g, conns: map[*hconn]bool{}}
	for i := 0; i < g.Players(); i++ {
		hg.tokens = append(hg.tokens, "t"+strconv.Itoa(i+1))
	}
	h.games[id] = hg
	h.mu.Unlock()
	go h.machine(id)
	return id
}

func (h *harness) mustCreate(t testing.TB, variantName string, opts map[string]string, start string, seats ...string) string {
	t.Helper()
	id, err := h.create(variantName, opts, start, seats, "", false)
	if err != nil {
		t.Fatalf("%s %v: %v", variantName, opts, err)
	}
	return id
}

// link is seat's player link (seat 0-based).
func (h *harness) link(id string, seat int) string {
	return fmt.Sprintf("%s/g/%s#seat=%d&token=t%d", h.srv.URL, id, seat+1, seat+1)
}

func (h *harness) createHTTP(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Variant string            `json:"variant"`
		Options map[string]string `json:"options"`
		Start   string            `json:"start"`
		Seats   []struct {
			Plays string `json:"plays"`
		} `json:"seats"`
		Clock     string `json:"clock"`
		Takebacks bool   `json:"takebacks"`
		You       *int   `json:"you"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		fail(w, 400, "%v", err)
		return
	}
	var seats []string
	for _, s := range body.Seats {
		seats = append(seats, s.Plays)
	}
	id, err := h.create(body.Variant, body.Options, body.Start, seats, body.Clock, body.Takebacks)
	if err != nil {
		fail(w, 400, "%v", err)
		return
	}
	you := -1
	if body.You != nil {
		you = *body.You
	}
	h.created(w, id, you)
}

// created answers a new game: its seats, with a link for each person's.
func (h *harness) created(w http.ResponseWriter, id string, you int) {
	type seatLink struct {
		Seat  int    `json:"seat"`
		Name  string `json:"name"`
		Plays string `json:"plays"`
		Link  string `json:"link,omitempty"`
	}
	h.mu.Lock()
	hg := h.games[id]
	var links []seatLink
	for i := 0; i < hg.g.Players(); i++ {
		sl := seatLink{Seat: i, Name: hg.g.Name(core.Player(i)), Plays: hg.g.Plays(core.Player(i))}
		if sl.Plays == "human" {
			sl.Link = fmt.Sprintf("/g/%s#seat=%d&token=%s", id, i+1, hg.tokens[i])
		}
		links = append(links, sl)
	}
	h.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "you": you, "seats": links, "spectate": "/g/" + id})
}

// importRecord starts a game going on from an anychess record or a PGN.
func (h *harness) importRecord(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Text string `json:"text"`
		You  *int   `json:"you"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		fail(w, 400, "%v", err)
		return
	}
	rec, err := game.ParseRecord(body.Text)
	if err != nil {
		fail(w, 400, "%v", err)
		return
	}
	opts := map[string]string{}
	for _, o := range rec.OptionList() {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			v = "true"
		}
		opts[k] = v
	}
	name := rec.Tag("Variant")
	if name == "" || name == "Standard" {
		name = "chess"
	}
	rules, err := variant.Load(name, opts)
	if err != nil {
		fail(w, 400, "%v", err)
		return
	}
	g, err := rec.Restore(game.Config{Rules: rules})
	if err != nil {
		fail(w, 400, "%v", err)
		return
	}
	you := -1
	if body.You != nil {
		you = *body.You
	}
	h.created(w, h.register(g), you)
}

// record answers the game's anychess record.
func (h *harness) record(w http.ResponseWriter, r *http.Request) {
	hg, _ := h.find(w, r)
	if hg == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte(hg.g.Record().String()))
}

// rematch starts the same game again with the seats turned by one; the
// caller keeps the seat that plays what it played.
func (h *harness) rematch(w http.ResponseWriter, r *http.Request) {
	hg, id := h.find(w, r)
	if hg == nil {
		return
	}
	h.mu.Lock()
	old := hg.g
	n := old.Players()
	seats := make([]string, n)
	for i := 0; i < n; i++ {
		seats[(i+1)%n] = old.Plays(core.Player(i))
	}
	you := (h.seatOf(r, id, hg) + 1) % n
	if h.seatOf(r, id, hg) < 0 {
		you = -1
	}
	rules := old.Rules()
	h.mu.Unlock()
	cfg := game.Config{Rules: rules}
	for i, s := range seats {
		pl, err := game.NewSeatPlayer(s, 50*time.Millisecond, uint64(i+7))
		if err != nil {
			fail(w, 400, "%v", err)
			return
		}
		cfg.Seats = append(cfg.Seats, game.Seat{Player: pl, Plays: s})
	}
	g, err := game.New(cfg)
	if err != nil {
		fail(w, 400, "%v", err)
		return
	}
	h.created(w, h.register(g), you)
}

func (h *harness) find(w http.ResponseWriter, r *http.Request) (*hgame, string) {
	id := r.PathValue("id")
	h.mu.Lock()
	hg := h.games[id]
	h.mu.Unlock()
	if hg == nil {
		fail(w, 404, "no game %q", id)
	}
	return hg, id
}

// seatOf reads the seat cookie (-1: a spectator).
func (h *harness) seatOf(r *http.Request, id string, hg *hgame) int {
	c, err := r.Cookie("ac_" + id)
	if err != nil {
		return -1
	}
	s, tok, _ := strings.Cut(c.Value, ".")
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > len(hg.tokens) || hg.tokens[n-1] != tok {
		return -1
	}
	return n - 1
}

func (h *harness) seat(w http.ResponseWriter, r *http.Request) {
	hg, id := h.find(w, r)
	if hg == nil {
		return
	}
	var body struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.Seat < 1 || body.Seat > len(hg.tokens) || hg.tokens[body.Seat-1] != body.Token {
		fail(w, 403, "wrong seat or token")
		return
	}
	http.SetCookie(w, &http.Cookie{Name: "ac_" + id, Value: fmt.Sprintf("%d.%s", body.Seat, body.Token), Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	w.WriteHeader(http.StatusNoContent)
}

func (h *harness) stateFor(id string, hg *hgame, seat int) *wire.State {
	s := wire.StateOf(id, hg.g, seat)
	for c := range hg.conns {
		if c.seat >= 0 && c.seat < len(s.Seats) {
			s.Seats[c.seat].Connected = true
		}
	}
	return s
}

func (h *harness) state(w http.ResponseWriter, r *http.Request) {
	hg, id := h.find(w, r)
	if hg == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	reply(w, h.stateFor(id, hg, h.seatOf(r, id, hg)))
}

func (h *harness) gameBoard(w http.ResponseWriter, r *http.Request) {
	hg, _ := h.find(w, r)
	if hg == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	reply(w, wire.BoardOf(hg.g.Rules()))
}

// position replays the game to a ply and answers a spectator's state there.
func (h *harness) position(w http.ResponseWriter, r *http.Request) {
	hg, id := h.find(w, r)
	if hg == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	ply, err := strconv.Atoi(r.URL.Query().Get("ply"))
	if err != nil || ply < 0 || ply > hg.g.Ply() {
		fail(w, 400, "ply: want 0 to %d", hg.g.Ply())
		return
	}
	g2, err := game.New(game.Config{Rules: hg.g.Rules(), Start: hg.g.StartText()})
	if err != nil {
		fail(w, 500, "%v", err)
		return
	}
	for _, m := range hg.g.Moves()[:ply] {
		if _, err := g2.SubmitText(m.Player, m.Text); err != nil {
			fail(w, 500, "replay: %v", err)
			return
		}
	}
	reply(w, wire.StateOf(id, g2, -1))
}

func (h *harness) ws(w http.ResponseWriter, r *http.Request) {
	hg, id := h.find(w, r)
	if hg == nil {
		return
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	conn := &hconn{c: c, out: make(chan []byte, 64)}
	h.mu.Lock()
	conn.seat = h.seatOf(r, id, hg)
	hg.conns[conn] = true
	h.broadcast(id, hg)
	h.mu.Unlock()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case b := <-conn.out:
				if err := c.Write(ctx, websocket.MessageText, b); err != nil {
					cancel()
					return
				}
			}
		}
	}()
	defer func() {
		h.mu.Lock()
		delete(hg.conns, conn)
		h.broadcast(id, hg)
		h.mu.Unlock()
		c.CloseNow()
	}()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		h.handle(id, hg, conn, data)
	}
}

func (h *harness) send(conn *hconn, v any) {
	b, _ := json.Marshal(v)
	select {
	case conn.out <- b:
	default:
	}
}

// broadcast sends every connection its state (h.mu held).
func (h *harness) broadcast(id string, hg *hgame) {
	for c := range hg.conns {
		h.send(c, h.stateFor(id, hg, c.seat))
	}
}

func (h *harness) handle(id string, hg *hgame, conn *hconn, data []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	g := hg.g
	m, err := wire.DecodeClient(data)
	if err != nil {
		h.send(conn, wire.NewError(g.Ply(), "%v", err))
		return
	}
	if m.Type == "ping" {
		h.send(conn, map[string]string{"type": "pong"})
		return
	}
	if m.Type == "hello" {
		if m.Seat == 0 {
			conn.seat = -1
		} else if m.Seat <= len(hg.tokens) && hg.tokens[m.Seat-1] == m.Token {
			conn.seat = m.Seat - 1
		} else {
			h.send(conn, wire.NewError(g.Ply(), "wrong seat or token"))
			return
		}
		h.broadcast(id, hg)
		return
	}
	if *m.Ply != g.Ply() {
		h.send(conn, wire.NewError(g.Ply(), "that was for ply %d; the game is at ply %d", *m.Ply, g.Ply()))
		return
	}
	if conn.seat < 0 {
		h.send(conn, wire.NewError(g.Ply(), "spectators cannot play"))
		return
	}
	pl := core.Player(conn.seat)
	switch m.Type {
	case "move":
		hg.received = append(hg.received, m.Move)
		_, err = g.SubmitText(pl, m.Move)
	case "resign":
		err = g.Resign(pl, nil)
	case "draw":
		if m.Action == "offer" {
			_, err = g.OfferDraw(pl)
		} else {
			err = g.DeclineDraw(pl)
		}
	case "takeback":
		switch m.Action {
		case "propose":
			_, err = g.ProposeTakeback(pl)
		case "accept":
			_, err = g.AcceptTakeback(pl)
		default:
			err = g.DeclineTakeback(pl)
		}
	}
	if err != nil {
		h.send(conn, wire.NewError(g.Ply(), "%v", err))
		return
	}
	h.broadcast(id, hg)
	go h.machine(id)
}

// machine plays the computer seats' moves.
func (h *harness) machine(id string) {
	for {
		h.mu.Lock()
		hg := h.games[id]
		g := hg.g
		if g.Over() || g.Seat(g.Turn()).Player == nil {
			h.mu.Unlock()
			return
		}
		_, err := g.MachineMove()
		h.broadcast(id, hg)
		h.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// snapshot is the game's state for a spectator, and the texts received.
func (h *harness) snapshot(id string) (*wire.State, []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	hg := h.games[id]
	return wire.StateOf(id, hg.g, -1), append([]string(nil), hg.received...)
}

// counts of a board's special cells by kind, and its region squares.
func cellCounts(b *wire.Board) (map[string]int, int) {
	kinds := map[string]int{}
	for _, c := range b.Cells {
		kinds[c.Kind]++
	}
	n := 0
	for _, r := range b.Regions {
		n += len(r.Squares)
	}
	return kinds, n
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// dropAll closes every websocket of a game, as a server restart would.
func (h *harness) dropAll(id string) {
	h.mu.Lock()
	hg := h.games[id]
	var cs []*hconn
	for c := range hg.conns {
		cs = append(cs, c)
	}
	h.mu.Unlock()
	for _, c := range cs {
		c.c.CloseNow()
	}
}

// sendRaw sends bytes to every page of a game, as a faulty server would.
func (h *harness) sendRaw(id string, data []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.games[id].conns {
		select {
		case c.out <- data:
		default:
		}
	}
}
