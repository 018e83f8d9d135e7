package server

// Tests of tournaments through the API: the seed's worked example played as a battle on the site (with and without the fee), every scoring rule against the tournament package, refusals, the live feed, a result recorded once across two servers and after a restart.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"anychess/core"
	"anychess/internal/battletest"
	"anychess/internal/pgtest"
	"anychess/store"
	"anychess/tournament"
	"anychess/wire"
)

// TestTournamentsOnPostgres runs the tournament tests on PostgreSQL.
func TestTournamentsOnPostgres(t *testing.T) {
	pgtest.URL(t)
	onPostgres = true
	defer func() { onPostgres = false }()
	t.Run("SeedExample", TestTournamentSeedExample)
	t.Run("Rules", TestTournamentRules)
	t.Run("CapturedAll", TestTournamentCapturedAll)
	t.Run("Feed", TestTournamentFeed)
	t.Run("Restart", TestTournamentRestart)
	t.Run("MissingGame", TestTournamentMissingGame)
	t.Run("DefendAtomic", TestTournamentDefendAtomic)
}

// browser is a client with cookies of its own: a player's, the
// organizer's.
type browser struct {
	t   testing.TB
	s   *testServer
	c   *http.Client
	num int    // the player's number, 0 for none
	tok string // the player's token
}

func (s *testServer) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: s.t, s: s, c: &http.Client{Jar: jar, Transport: s.client.Transport, Timeout: 30 * time.Second}}
}

// call sends a request with a JSON body; it returns the status and body.
func (b *browser) call(method, path string, body any) (int, []byte) {
	b.t.Helper()
	var rd *strings.Reader
	if body == nil {
		rd = strings.NewReader("")
	} else {
		data, _ := json.Marshal(body)
		rd = strings.NewReader(string(data))
	}
	req, _ := http.NewRequest(method, b.s.url+path, rd)
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return resp.StatusCode, data
}

// must calls and fails the test unless the status is want; it decodes the
// answer into out (when not nil).
func (b *browser) must(want int, method, path string, body, out any) {
	b.t.Helper()
	code, data := b.call(method, path, body)
	if code != want {
		b.t.Fatalf("%s %s: %d %s (want %d)", method, path, code, data, want)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			b.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
}

// refused calls and checks a refusal's status and words.
func (b *browser) refused(want int, words, method, path string, body any) {
	b.t.Helper()
	code, data := b.call(method, path, body)
	if code != want || !strings.Contains(string(data), words) {
		b.t.Errorf("%s %s %v: %d %s; want %d with %q", method, path, body, code, data, want, words)
	}
}

// cookies are the browser's cookies for the server.
func (b *browser) cookies() []*http.Cookie {
	u, _ := url.Parse(b.s.url)
	return b.c.Jar.Cookies(u)
}

// tour is a tournament made through the API.
type tour struct {
	id  string
	org *browser
}

func newTour(t testing.TB, s *testServer, noFee bool, clock string) *tour {
	org := s.browser()
	var a struct{ ID, Page, Organizer string }
	org.must(http.StatusCreated, "POST", "/api/tournaments", map[string]any{"name": "Test cup", "noFee": noFee, "clock": clock}, &a)
	if !validID(a.ID) || a.Page != "/t/"+a.ID || !strings.HasPrefix(a.Organizer, "/t/"+a.ID+"#organizer=") {
		t.Fatalf("created: %+v", a)
	}
	return &tour{id: a.ID, org: org}
}

// join has the organizer add a player with points (0: the default) and
// returns the player's browser, logged in by the link's fragment.
func (tr *tour) join(s *testServer, name string, points int) *browser {
	s.t.Helper()
	body := map[string]any{"name": name}
	if points != 0 {
		body["points"] = points
	}
	var a struct {
		Player int
		Name   string
		Link   string
	}
	tr.org.must(http.StatusCreated, "POST", "/api/tournaments/"+tr.id+"/join", body, &a)
	_, frag, _ := strings.Cut(a.Link, "#")
	q, _ := url.ParseQuery(frag)
	if q.Get("player") != fmt.Sprint(a.Player) || q.Get("token") == "" {
		s.t.Fatalf("join link %q", a.Link)
	}
	b := s.browser()
	b.num, b.tok = a.Player, q.Get("token")
	code, data := b.call("POST", "/api/tournaments/"+tr.id+"/login", map[string]any{"player": a.Player, "token": b.tok})
	if code != http.StatusNoContent {
		s.t.Fatalf("login: %d %s", code, data)
	}
	return b
}

// view reads the tournament as b sees it.
func (tr *tour) view(b *browser) *tournamentView {
	b.t.Helper()
	var v tournamentView
	b.must(http.StatusOK, "GET", "/api/tournaments/"+tr.id, nil, &v)
	return &v
}

func (v *tournamentView) standing(name string) standingView {
	for _, s := range v.Standings {
		if s.Name == name {
			return s
		}
	}
	return standingView{}
}

func (v *tournamentView) challenge(id string) challengeView {
	for _, c := range v.Challenge {
		if c.ID == id {
			return c
		}
	}
	return challengeView{}
}

// challenge has a challenge b (leaving out the places leave) and returns
// its id.
func (tr *tour) challenge(a, d *browser, leave string) string {
	a.t.Helper()
	var ans struct{ ID string }
	a.must(http.StatusCreated, "POST", "/api/tournaments/"+tr.id+"/challenges", map[string]any{"defender": d.num, "leave": leave}, &ans)
	return ans.ID
}

func (tr *tour) act(b *browser, cid, action string, body any) {
	b.t.Helper()
	if body == nil {
		body = map[string]any{}
	}
	b.must(http.StatusOK, "POST", "/api/tournaments/"+tr.id+"/challenges/"+cid+"/"+action, body, nil)
}

// seat connects b to its battle's game (the play action sets its seat
// cookie) and returns the websocket client and b's seat (0-based).
func (tr *tour) seat(b *browser, cid string) (*client, int) {
	b.t.Helper()
	var a struct {
		Game string
		Seat int
	}
	b.must(http.StatusOK, "POST", "/api/tournaments/"+tr.id+"/challenges/"+cid+"/play", map[string]any{}, &a)
	if a.Game != "/g/"+cid {
		b.t.Fatalf("play: %+v", a)
	}
	c := b.s.dial(cid, b.cookies()...)
	st := c.state(nil)
	if st.You != a.Seat-1 {
		b.t.Fatalf("the game's seat cookie: you %d, want %d", st.You, a.Seat-1)
	}
	c.first = st
	return c, a.Seat - 1
}

// seedEndgame is the seed's example near its end, A (the defender) on
// side a: A keeps R2B2P4 on its back file, B (the attacker, R2N2P7) has
// lost a rook and a pawn.
func seedEndgame(t testing.TB, a core.Player) string {
	t.Helper()
	r, err := tournament.BattleRules()
	if err != nil {
		t.Fatal(err)
	}
	file := func(side core.Player, x int) string {
		if side == 1 {
			x = 36 - x
		}
		return core.FileName(int64(x))
	}
	var ps []battletest.Place
	for i, l := range []string{"R", "R", "B", "B", "P", "P", "P", "P"} {
		ps = append(ps, battletest.Place{Square: fmt.Sprintf("%s%d", file(a, 0), i+1), Letter: l, Owner: int(a)})
	}
	b := 1 - a
	for _, rank := range []int{1, 2, 3, 4, 6, 7} {
		ps = append(ps, battletest.Place{Square: fmt.Sprintf("%s%d", file(b, 4), rank), Letter: "P", Owner: int(b)})
	}
	ps = append(ps, battletest.Place{Square: file(b, 0) + "2", Letter: "R", Owner: int(b)},
		battletest.Place{Square: file(b, 0) + "3", Letter: "N", Owner: int(b)}, battletest.Place{Square: file(b, 0) + "7", Letter: "N", Owner: int(b)})
	text, err := battletest.Position(r, 0, ps...)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// playOut plays a battle over the websockets to its end: each side's move
// chosen by pick from the position of the state.
func playOut(t testing.TB, seats [2]*client, pick func(p *core.Position) (string, error)) *msg {
	t.Helper()
	r, err := tournament.BattleRules()
	if err != nil {
		t.Fatal(err)
	}
	st := seats[0].first
	for n := 0; ; n++ {
		if st.Outcome.Status != "ongoing" {
			return st
		}
		if n > 200 {
			t.Fatalf("no end in 200 plies")
		}
		p, err := r.ParsePosition(st.Position)
		if err != nil {
			t.Fatal(err)
		}
		text, err := pick(p)
		if err != nil {
			t.Fatal(err)
		}
		seats[st.Turn].send(wire.ClientMessage{Type: "move", Ply: ply(st.Ply), Move: text})
		st = seats[0].atPly(st.Ply + 1)
	}
}

// retreatOrWait: the side lose retreats, the other waits.
func retreatOrWait(lose core.Player) func(p *core.Position) (string, error) {
	return func(p *core.Position) (string, error) {
		if p.Turn() == lose {
			return battletest.MustFind(p, battletest.Retreat, nil)
		}
		return battletest.MustFind(p, battletest.Quiet, nil)
	}
}

// waitView waits until the tournament as b sees it satisfies ok.
func (tr *tour) waitView(b *browser, ok func(v *tournamentView) bool) *tournamentView {
	b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		v := tr.view(b)
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("the tournament did not come to the state wanted: %+v", v)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestTournamentSeedExample plays the seed's worked example on the site:
// A joins with 35 points, B with 23; B challenges A leaving out both
// bishops and a pawn (R2N2P7, 23 points); the organizer starts the battle
// near its end (A has lost both nightriders and four pawns, B a rook and
// a pawn); A's eight pieces retreat off the board, and B wins. Without the
// fee A ends on 26 and B on 37; with it B, the attacker, on 32.
func TestTournamentSeedExample(t *testing.T) {
	for _, c := range []struct {
		noFee bool
		a, b  int
	}{{true, 26, 37}, {false, 26, 32}} {
		t.Run(fmt.Sprintf("noFee=%v", c.noFee), func(t *testing.T) {
			s := newTestServer(t, Config{})
			tr := newTour(t, s, c.noFee, "")
			a := tr.join(s, "A", 35)
			b := tr.join(s, "B", 23)
			v := tr.view(a)
			if v.You != a.num || v.standing("A").Points != 35 || v.standing("B").Points != 23 || !v.standing("B").MayLeave || v.standing("A").MayLeave {
				t.Fatalf("before: %+v", v)
			}
			// B must leave out 7 points' worth.
			b.refused(http.StatusBadRequest, "leave out pieces worth 7", "POST", "/api/tournaments/"+tr.id+"/challenges", map[string]any{"defender": a.num, "leave": ""})
			cid := tr.challenge(b, a, "2.4 2.6 5.9")
			v = tr.view(b)
			ch := v.challenge(cid)
			if ch.State != store.ChallengeOffered || ch.AttackerArmy != "R2N2P7" || ch.AttackerName != "B" || v.standing("A").Busy != cid {
				t.Fatalf("the challenge: %+v", ch)
			}
			aSide := core.Player(0)
			if ch.AttackerColour == "white" {
				aSide = 1
			}
			// Only the organizer sets a start; A fields the full army.
			a.refused(http.StatusForbidden, "only the organizer", "POST", "/api/tournaments/"+tr.id+"/challenges/"+cid+"/start", map[string]any{"start": seedEndgame(t, aSide)})
			tr.act(tr.org, cid, "start", map[string]any{"start": seedEndgame(t, aSide)})
			a.refused(http.StatusBadRequest, "fields the full army", "POST", "/api/tournaments/"+tr.id+"/challenges/"+cid+"/defend", map[string]any{"leave": "5.1"})
			b.refused(http.StatusForbidden, "only the defender", "POST", "/api/tournaments/"+tr.id+"/challenges/"+cid+"/defend", map[string]any{"leave": ""})
			tr.act(a, cid, "defend", map[string]any{"leave": ""})
			var seats [2]*client
			ca, sa := tr.seat(a, cid)
			cb, sb := tr.seat(b, cid)
			if core.Player(sa) != aSide || sb != 1-sa {
				t.Fatalf("seats: A %d, B %d; A's side %d", sa, sb, aSide)
			}
			seats[sa], seats[sb] = ca, cb
			// The standings page watches.
			feed := s.dialFeed(tr.id)
			if fv := feed.next(t); fv.Battles != 0 {
				t.Fatalf("the feed's first view: %+v", fv)
			}
			end := playOut(t, seats, retreatOrWait(aSide))
			if end.Outcome.Winners == nil || len(end.Outcome.Winners) != 1 || end.Outcome.Winners[0] != 1-int(aSide) {
				t.Fatalf("the battle's end: %+v", end.Outcome)
			}
			v = tr.waitView(a, func(v *tournamentView) bool { return v.Battles == 1 })
			ch = v.challenge(cid)
			if ch.State != store.ChallengeDone || ch.Result != "attacker" || ch.AttackerLost != "R1P1" || ch.DefenderLost != "N2P4" || ch.Battle != 1 {
				t.Errorf("the battle recorded: %+v", ch)
			}
			if pa, pb := v.standing("A").Points, v.standing("B").Points; pa != c.a || pb != c.b {
				t.Errorf("A %d, B %d; want A %d, B %d", pa, pb, c.a, c.b)
			}
			// The feed told of it.
			for {
				fv := feed.next(t)
				if fv.Battles == 1 {
					if fv.standing("B").Points != c.b || fv.You != 0 {
						t.Errorf("the feed's view: %+v", fv)
					}
					break
				}
			}
			// The battle is over: no more actions.
			a.refused(http.StatusConflict, "the challenge is done", "POST", "/api/tournaments/"+tr.id+"/challenges/"+cid+"/surrender", map[string]any{})
		})
	}
}

// feedClient reads a tournament's websocket.
type feedClient struct {
	ws *websocket.Conn
	in chan []byte
}

func (s *testServer) dialFeed(id string) *feedClient {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+"/ws/tournament/"+id, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	ws.SetReadLimit(8 << 20)
	f := &feedClient{ws: ws, in: make(chan []byte, 256)}
	go func() {
		defer close(f.in)
		for {
			_, data, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			f.in <- data
		}
	}()
	s.t.Cleanup(func() { ws.CloseNow() })
	return f
}

// next reads the next view (skipping pongs).
func (f *feedClient) next(t testing.TB) *tournamentView {
	t.Helper()
	for {
		select {
		case data, ok := <-f.in:
			if !ok {
				t.Fatal("the feed closed")
			}
			var v tournamentView
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			if v.Type == "tournament" {
				return &v
			}
		case <-time.After(15 * time.Second):
			t.Fatal("no view from the feed within 15 s")
		}
	}
}

// TestTournamentRules: surrender, withdrawal, one challenge at a time, the
// army limit, elimination below 10, who may do what, and bad input — each
// scored as the tournament package scores the same record.
func TestTournamentRules(t *testing.T) {
	s := newTestServer(t, Config{})
	tr := newTour(t, s, false, "")
	base := "/api/tournaments/" + tr.id
	x := tr.join(s, "Xena", 0)
	y := tr.join(s, "Yann", 0)
	z := tr.join(s, "Zoe", 12)
	w := tr.join(s, "Wim", 0)
	want := &tournament.Tournament{}
	for _, e := range []tournament.Entry{{Name: "Xena", Points: 30}, {Name: "Yann", Points: 30}, {Name: "Zoe", Points: 12}, {Name: "Wim", Points: 30}} {
		if err := want.Join(e.Name, e.Points); err != nil {
			t.Fatal(err)
		}
	}
	check := func(when string) {
		t.Helper()
		st, err := want.Standings()
		if err != nil {
			t.Fatal(err)
		}
		v := tr.view(x)
		if len(v.Standings) != len(st) {
			t.Fatalf("%s: %d standings, want %d", when, len(v.Standings), len(st))
		}
		for i, s := range st {
			g := v.Standings[i]
			if g.Name != s.Name || g.Points != s.Points || g.Out != s.Out || g.Battles != s.Battles || g.Won != s.Won || g.Lost != s.Lost {
				t.Errorf("%s: standing %d is %+v; the tournament package has %+v", when, i+1, g, s)
			}
		}
	}
	check("at the start")

	// Refusals of joining.
	y.refused(http.StatusForbidden, "only the organizer", "POST", base+"/join", map[string]any{"name": "Vic", "points": 50})
	y.refused(http.StatusConflict, "already in the tournament", "POST", base+"/join", map[string]any{"name": "Xena"})
	y.refused(http.StatusBadRequest, "name: 1 to 40", "POST", base+"/join", map[string]any{"name": strings.Repeat("n", 41)})
	y.refused(http.StatusBadRequest, "name: 1 to 40", "POST", base+"/join", map[string]any{"name": " "})
	y.refused(http.StatusBadRequest, "unknown field", "POST", base+"/join", map[string]any{"name": "Q", "rank": 1})
	tr.org.refused(http.StatusConflict, "bad starting points 9", "POST", base+"/join", map[string]any{"name": "Low", "points": 9})
	s.browser().refused(http.StatusForbidden, "not player 1's", "POST", base+"/login", map[string]any{"player": 1, "token": y.tok})
	s.browser().refused(http.StatusNotFound, "no such tournament", "GET", "/api/tournaments/ABCDEFGHJK", nil)

	// Challenges: who, which army.
	s.browser().refused(http.StatusForbidden, "only a player", "POST", base+"/challenges", map[string]any{"defender": 2})
	x.refused(http.StatusBadRequest, "another player's number", "POST", base+"/challenges", map[string]any{"defender": x.num})
	x.refused(http.StatusBadRequest, "another player's number", "POST", base+"/challenges", map[string]any{"defender": 9})
	x.refused(http.StatusBadRequest, "fields the full army", "POST", base+"/challenges", map[string]any{"defender": y.num, "leave": "5.1"})
	x.refused(http.StatusBadRequest, "holds no piece", "POST", base+"/challenges", map[string]any{"defender": y.num, "leave": "3.3"})
	z.refused(http.StatusBadRequest, "leave out pieces worth 17", "POST", base+"/challenges", map[string]any{"defender": y.num, "leave": "5.1"})

	// X challenges Y, who surrenders: X +10 less the fee, Y -5.
	c1 := tr.challenge(x, y, "")
	x.refused(http.StatusConflict, "one at a time", "POST", base+"/challenges", map[string]any{"defender": w.num})
	w.refused(http.StatusConflict, "one at a time", "POST", base+"/challenges", map[string]any{"defender": y.num})
	x.refused(http.StatusForbidden, "only the defender", "POST", base+"/challenges/"+c1+"/surrender", map[string]any{})
	y.refused(http.StatusForbidden, "only the attacker", "POST", base+"/challenges/"+c1+"/withdraw", map[string]any{})
	y.refused(http.StatusNotFound, "no such challenge", "POST", base+"/challenges/ABCDEFGHJK/surrender", map[string]any{})
	y.refused(http.StatusNotFound, "no such API", "POST", base+"/challenges/"+c1+"/dance", map[string]any{})
	y.refused(http.StatusConflict, "without a battle", "POST", base+"/challenges/"+c1+"/play", map[string]any{})
	tr.act(y, c1, "surrender", nil)
	want.Record(tournament.Battle{Attacker: "Xena", Defender: "Yann", Result: tournament.Surrendered})
	check("after a surrender")
	if v := tr.view(x); v.standing("Xena").Points != 35 || v.standing("Yann").Points != 25 {
		t.Errorf("a surrender: %+v", v.Standings)
	}

	// W challenges X and withdraws: the fee only.
	c2 := tr.challenge(w, x, "")
	tr.act(w, c2, "withdraw", nil)
	want.Record(tournament.Battle{Attacker: "Wim", Defender: "Xena", Result: tournament.Unfinished})
	check("after a withdrawal")

	// Z (12 points) challenges W with an army worth 12 and surrenders
	// nothing; W... Z surrenders to X instead: 12 - 5 = 7, out.
	c3 := tr.challenge(x, z, "")
	tr.act(z, c3, "surrender", nil)
	want.Record(tournament.Battle{Attacker: "Xena", Defender: "Zoe", Result: tournament.Surrendered})
	check("after an elimination")
	if v := tr.view(x); v.standing("Zoe").Out != 3 || v.standing("Zoe").Points != 7 {
		t.Errorf("Zoe: %+v", v.standing("Zoe"))
	}
	x.refused(http.StatusConflict, "Zoe is eliminated", "POST", base+"/challenges", map[string]any{"defender": z.num})
	z.refused(http.StatusConflict, "Zoe is eliminated", "POST", base+"/challenges", map[string]any{"defender": x.num})

	// A battle fought to its end through the site: Y (25 points) challenges
	// W leaving out 5 points (a rook); the organizer starts it with W's
	// rook against Y's pawn; W's rook shoots the pawn: every piece Y had
	// was captured (the missing ones counting as captured before the
	// start).
	c4 := tr.challenge(y, w, "1.2")
	ch := tr.view(y).challenge(c4)
	wSide := core.Player(1)
	if ch.AttackerColour == "black" {
		wSide = 0
	}
	r, _ := tournament.BattleRules()
	file := func(side core.Player, x int) string {
		if side == 1 {
			x = 36 - x
		}
		return core.FileName(int64(x))
	}
	start, err := battletest.Position(r, int(wSide), battletest.Place{Square: file(wSide, 1) + "2", Letter: "R", Owner: int(wSide)},
		battletest.Place{Square: file(wSide, 11) + "2", Letter: "P", Owner: int(1 - wSide)})
	if err != nil {
		t.Fatal(err)
	}
	tr.org.refused(http.StatusBadRequest, "start:", "POST", base+"/challenges/"+c4+"/start", map[string]any{"start": "nonsense"})
	tr.act(tr.org, c4, "start", map[string]any{"start": start})
	w.refused(http.StatusBadRequest, "leave out pieces worth 5", "POST", base+"/challenges/"+c4+"/defend", map[string]any{"leave": ""})
	tr.act(w, c4, "defend", map[string]any{"leave": "1.8"})
	y.refused(http.StatusConflict, "the challenge is playing", "POST", base+"/challenges/"+c4+"/withdraw", map[string]any{})
	var seats [2]*client
	cw, sw := tr.seat(w, c4)
	cy, sy := tr.seat(y, c4)
	seats[sw], seats[sy] = cw, cy
	x.refused(http.StatusForbidden, "only the challenge's attacker and defender", "POST", base+"/challenges/"+c4+"/play", map[string]any{})
	playOut(t, seats, func(p *core.Position) (string, error) { return battletest.MustFind(p, battletest.Capture, nil) })
	tr.waitView(x, func(v *tournamentView) bool { return v.Battles == 4 })
	yArmy := tournament.Army{Rooks: 1, Nightriders: 2, Bishops: 2, Pawns: 8}
	wArmy := tournament.Army{Rooks: 1, Nightriders: 2, Bishops: 2, Pawns: 8}
	if err := want.Record(tournament.Battle{Attacker: "Yann", Defender: "Wim", Result: tournament.DefenderWins, AttackerArmy: &yArmy, DefenderArmy: &wArmy,
		AttackerLost: yArmy, DefenderLost: tournament.Army{Nightriders: 2, Bishops: 2, Pawns: 8}}); err != nil {
		t.Fatal(err)
	}
	check("after a battle lost with every piece captured")
	v := tr.view(x)
	ch = v.challenge(c4)
	if ch.Result != "defender" || ch.AttackerLost != yArmy.String() || ch.DefenderLost != "N2B2P8" {
		t.Errorf("the battle: %+v", ch)
	}
	t.Logf("standings: %+v", v.Standings)
}

// TestTournamentCapturedAll: a loss with every piece captured costs 30,
// one with survivors 5 (the attacker loses by resigning with its pieces on
// the board).
func TestTournamentCapturedAll(t *testing.T) {
	s := newTestServer(t, Config{})
	tr := newTour(t, s, true, "5m+5s")
	p := tr.join(s, "P", 0)
	q := tr.join(s, "Q", 0)
	cid := tr.challenge(p, q, "")
	tr.act(q, cid, "defend", map[string]any{"leave": ""})
	cp, _ := tr.seat(p, cid)
	cp.send(wire.ClientMessage{Type: "resign", Ply: ply(cp.first.Ply)})
	v := tr.waitView(q, func(v *tournamentView) bool { return v.Battles == 1 })
	// P resigned at once: nothing traded, P loses 5 (survivors); Q wins as
	// defender: nothing.
	if v.standing("P").Points != 25 || v.standing("Q").Points != 30 || v.challenge(cid).Result != "defender" {
		t.Errorf("after a resignation: %+v %+v", v.Standings, v.challenge(cid))
	}
	_, moves, err := s.st.Load(context.Background(), cid)
	if err != nil || len(moves) != 0 {
		t.Errorf("the battle's game: %v %v", moves, err)
	}
	row, _, _ := s.st.Load(context.Background(), cid)
	if row.Clock != v.Clock || v.Clock != "5m0s+5s" || row.Variant != "longchess" || row.Options != "mode=ctm" {
		t.Errorf("the battle's game: %+v", row)
	}
}

// TestTournamentFeed: the feed sends the tournament at once and after each
// change.
func TestTournamentFeed(t *testing.T) {
	s := newTestServer(t, Config{})
	tr := newTour(t, s, false, "")
	f := s.dialFeed(tr.id)
	if v := f.next(t); len(v.Standings) != 0 || v.ID != tr.id || len(v.Setup) != 14 {
		t.Fatalf("first view: %+v", v)
	}
	tr.join(s, "Ann", 0)
	if v := f.next(t); len(v.Standings) != 1 || v.Standings[0].Name != "Ann" {
		t.Errorf("after a join: %+v", v.Standings)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	f.ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`))
	f.ws.Write(ctx, websocket.MessageText, []byte(`{"type":"move","ply":0,"move":"e4"}`))
	for _, want := range []string{`"pong"`, "only pings"} {
		select {
		case data := <-f.in:
			if !strings.Contains(string(data), want) {
				t.Errorf("got %s, want %s", data, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no answer %s", want)
		}
	}
	if _, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+"/ws/tournament/ABCDEFGHJK", nil); err == nil {
		t.Error("a feed of no tournament")
	}
}

// TestTournamentLimits: one address makes TournamentBurst tournaments at
// once, then is refused; a feed past the server's most feeds is closed.
func TestTournamentLimits(t *testing.T) {
	s := newTestServer(t, Config{})
	s.srv.tourneys = newAddrLimiter(2, time.Hour)
	first := newTour(t, s, false, "")
	newTour(t, s, false, "")
	s.browser().refused(http.StatusTooManyRequests, "too many tournaments", "POST", "/api/tournaments", map[string]any{"name": "Third cup"})
	s.srv.tourneys = newAddrLimiter(TournamentBurst, TournamentEvery)
	second := newTour(t, s, false, "")
	s.srv.feeds.mu.Lock()
	s.srv.feeds.max = 1
	s.srv.feeds.mu.Unlock()
	f := s.dialFeed(first.id)
	f.next(t)
	g := s.dialFeed(second.id)
	select {
	case _, open := <-g.in:
		if open {
			t.Error("a second feed where one may be: it sent a view")
		}
	case <-time.After(5 * time.Second):
		t.Error("a second feed where one may be: not closed")
	}
	s.dialFeed(first.id).next(t) // another watcher of the first is fine
}

// TestTournamentRestart: a battle whose game ended while its server was
// down (the result stored, not recorded) is recorded by the next server.
func TestTournamentRestart(t *testing.T) {
	s := newTestServer(t, Config{})
	tr := newTour(t, s, false, "")
	p := tr.join(s, "P", 0)
	q := tr.join(s, "Q", 0)
	cid := tr.challenge(p, q, "")
	tr.act(q, cid, "defend", map[string]any{"leave": ""})
	proc := s.srv.Proc()
	s.close()
	// The game ends in the store, behind every server's back (as if its
	// owner stored the result and died).
	ctx := context.Background()
	if err := s.st.Finish(ctx, cid, proc, 0, store.Ending{Result: "0-1", Termination: "resignation", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	s2 := startTestServer(t, s.st, s.db, Config{})
	q2 := s2.browser()
	tr2 := &tour{id: tr.id, org: q2}
	v := tr2.waitView(q2, func(v *tournamentView) bool { return v.Battles == 1 })
	ch := v.challenge(cid)
	// Black won: the attacker if it played Black.
	want := "defender"
	if ch.AttackerColour == "black" {
		want = "attacker"
	}
	if ch.Result != want {
		t.Errorf("recorded after the restart: %+v", ch)
	}
}

// TestTournamentMissingGame: a battle in play without a game (stored so by
// a build before the two were stored together) gets its game from a
// server's settler.
func TestTournamentMissingGame(t *testing.T) {
	old := missingGameAfter
	missingGameAfter = 200 * time.Millisecond
	defer func() { missingGameAfter = old }()
	s := newTestServer(t, Config{})
	tr := newTour(t, s, false, "")
	p := tr.join(s, "P", 0)
	q := tr.join(s, "Q", 0)
	cid := tr.challenge(p, q, "")
	ctx := context.Background()
	_, err := s.st.ChangeTournament(ctx, tr.id, func(d *store.TournamentData) (*store.TournamentChange, error) {
		c := *findChallenge(d, cid)
		c.State, c.Accepted = store.ChallengePlaying, time.Now()
		return &store.TournamentChange{Update: &c, From: store.ChallengeOffered}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		row, _, err := s.st.Load(ctx, cid)
		if err == nil {
			if row.Seats[0].TokenHash == "" || row.Variant != "longchess" {
				t.Errorf("the game made: %+v", row)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no game made: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	tr.seat(p, cid)
}

// TestTournamentDefendAtomic: a defence stores the challenge in play and
// its game in one transaction: the game is there at once, and when it
// cannot be stored (a game of that id exists) the challenge stays offered.
func TestTournamentDefendAtomic(t *testing.T) {
	s := newTestServer(t, Config{})
	tr := newTour(t, s, false, "")
	p := tr.join(s, "P", 0)
	q := tr.join(s, "Q", 0)
	ctx := context.Background()
	cid := tr.challenge(p, q, "")
	tr.act(q, cid, "defend", map[string]any{"leave": ""})
	if row, _, err := s.st.Load(ctx, cid); err != nil || row.Variant != "longchess" || row.Seats[1].TokenHash == "" {
		t.Fatalf("the battle's game right after the defence: %+v, %v", row, err)
	}
	tr.seat(q, cid)
	// The next challenge's id is taken by a game: the defence fails whole.
	r := tr.join(s, "R", 0)
	u := tr.join(s, "U", 0)
	cid2 := tr.challenge(u, r, "")
	at := time.Now()
	if err := s.st.CreateGame(ctx, &store.Game{ID: cid2, Variant: "chess", Clock: "5m+2s", Created: at, TurnStarted: at, Owner: "other",
		Seats: []store.Seat{{Seat: 0, Name: "X", Plays: "human"}, {Seat: 1, Name: "Y", Plays: "human"}}}, nil); err != nil {
		t.Fatal(err)
	}
	var e struct{ Error string }
	r.must(http.StatusConflict, "POST", "/api/tournaments/"+tr.id+"/challenges/"+cid2+"/defend", map[string]any{"leave": ""}, &e)
	if !strings.Contains(e.Error, cid2) {
		t.Errorf("the refusal: %q", e.Error)
	}
	d, err := s.st.LoadTournament(ctx, tr.id)
	if err != nil {
		t.Fatal(err)
	}
	if c := findChallenge(d, cid2); c == nil || c.State != store.ChallengeOffered || !c.Accepted.IsZero() {
		t.Errorf("the challenge after the failed defence: %+v", c)
	}
	if row, _, err := s.st.Load(ctx, cid2); err != nil || row.Variant != "chess" {
		t.Errorf("the game of that id: %+v, %v", row, err)
	}
}

// TestTournamentOnceAcrossServers: two servers on one PostgreSQL; a
// battle's game is owned by one and ends there; both servers try to record
// it many times at once (as their settlers and hooks would): it is
// recorded once, and both servers' feeds show it.
func TestTournamentOnceAcrossServers(t *testing.T) {
	pr := newPair(t, Config{}, Config{})
	a, b := pr.a, pr.b
	tr := newTour(t, a, false, "")
	p := tr.join(a, "P", 0)
	q := tr.join(a, "Q", 0)
	cid := tr.challenge(p, q, "")
	tr.act(q, cid, "defend", map[string]any{"leave": ""})
	feedB := b.dialFeed(tr.id)
	feedB.next(t)
	// P plays through server A, Q through server B (forwarded).
	cp, _ := tr.seat(p, cid)
	qb := &browser{t: t, s: b, c: q.c, num: q.num, tok: q.tok}
	qb.c.Jar.SetCookies(mustURL(b.url), q.cookies())
	cq, _ := (&tour{id: tr.id}).seat(qb, cid)
	_ = cq
	st := cp.first
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, srv := range []*Server{a.srv, b.srv, a.srv, b.srv, a.srv, b.srv} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for range 20 {
				if err := srv.settleBattle(context.Background(), cid); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	cp.send(wire.ClientMessage{Type: "resign", Ply: ply(st.Ply)})
	close(start)
	wg.Wait()
	v := tr.waitView(p, func(v *tournamentView) bool { return v.Battles == 1 })
	if v.standing("P").Points != 20 || v.standing("Q").Points != 30 {
		t.Errorf("recorded: %+v", v.Standings)
	}
	d, err := b.st.LoadTournament(context.Background(), tr.id)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range d.Challenges {
		if c.State == store.ChallengeDone {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d battles recorded", n)
	}
	for {
		fv := feedB.next(t)
		if fv.Battles == 1 {
			if fv.standing("P").Points != 20 {
				t.Errorf("server B's feed: %+v", fv.Standings)
			}
			break
		}
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
