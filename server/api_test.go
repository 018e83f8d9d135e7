package server

// Tests of the HTTP API: pages, variants, boards, rules, creating games and every refusal, seats, records, import, rematch.

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"anychess/wire"
)

func TestReads(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "chess"})
	tests := []struct {
		path string
		code int
		want string // a fragment of the body
	}{
		{"/", 200, "<html"},
		{"/g/" + g.ID, 200, "<html"},
		{"/g/AAAAAAAAAA", 404, "no such game"},
		{"/g/../etc", 404, ""},
		{"/rules/longchess", 200, "<html"},
		{"/rules/nope", 404, "no such variant"},
		{"/static/index.html", 200, "<html"},
		{"/static/nope.js", 404, ""},
		{"/api/variants", 200, `"name":"martian-chess"`},
		{"/api/board?variant=longchess", 200, `"files":37`},
		{"/api/board?variant=martian-chess&option=players=4&option=teams", 200, `"teams":"true"`},
		{"/api/board", 400, "no variant"},
		{"/api/board?variant=nope", 400, "unknown variant"},
		{"/api/board?variant=chess&option=bogus", 400, "bogus"},
		{"/api/board?variant=martian-chess&option=players=5", 400, "players"},
		{"/api/board?variant=chess&option=a&option=a", 400, "twice"},
		{"/api/rules?variant=infinite-plane", 200, `"diagrams":[`},
		{"/api/rules?variant=chess", 200, `"letter":"N"`},
		{"/api/games/" + g.ID, 200, `"you":-1`},
		{"/api/games/AAAAAAAAAA", 404, "no such game"},
		{"/api/games/short", 404, "no such game"},
		{"/api/games/" + g.ID + "/record", 200, `[Variant "chess"]`},
		{"/api/games/" + g.ID + "/pgn", 200, `[White "white"]`},
		{"/api/nothing", 404, "no such API"},
	}
	for _, tc := range tests {
		code, body, _ := s.do("GET", tc.path, nil)
		if code != tc.code || !strings.Contains(string(body), tc.want) {
			t.Errorf("GET %s: %d %.200s; want %d with %q", tc.path, code, body, tc.code, tc.want)
		}
	}
	// The rules' diagrams: one per piece.
	_, body, _ := s.do("GET", "/api/rules?variant=chess", nil)
	var ra struct {
		Board    wire.Board     `json:"board"`
		Diagrams []wire.Diagram `json:"diagrams"`
	}
	if err := json.Unmarshal(body, &ra); err != nil || len(ra.Diagrams) != len(ra.Board.Pieces) || len(ra.Diagrams) != 6 {
		t.Errorf("chess rules: %v, %d diagrams for %d pieces", err, len(ra.Diagrams), len(ra.Board.Pieces))
	}
}

func TestPGNRefusedWhereItDoesNotFit(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "martian-chess", "options": map[string]string{"players": "4"}})
	code, body, _ := s.do("GET", "/api/games/"+g.ID+"/pgn", nil)
	if code != http.StatusConflict || !strings.Contains(string(body), "PGN carries two players") {
		t.Errorf("PGN of a 4-player game: %d %s", code, body)
	}
}

// TestCreateRefusals: every absurd request is refused with a clear error
// and stores nothing.
func TestCreateRefusals(t *testing.T) {
	s := newTestServer(t, Config{})
	tests := []struct {
		name string
		body string
		code int
		want string
	}{
		{"no body", ``, 400, "no JSON body"},
		{"malformed", `{"variant":`, 400, "not the JSON expected"},
		{"not an object", `[1,2]`, 400, "not the JSON expected"},
		{"two values", `{"variant":"chess"} {}`, 400, "more than one JSON value"},
		{"unknown field", `{"variant":"chess","colour":"white"}`, 400, "unknown field"},
		{"unknown variant", `{"variant":"chesss"}`, 400, "unknown variant"},
		{"no variant", `{}`, 400, "unknown variant"},
		{"unknown option", `{"variant":"chess","options":{"bogus":""}}`, 400, "bogus"},
		{"bad option value", `{"variant":"martian-chess","options":{"players":"7"}}`, 400, "players"},
		{"option with a space", `{"variant":"martian-chess","options":{"players":"4 teams"}}`, 400, "without spaces"},
		{"unknown seat kind", `{"variant":"chess","seats":[{"plays":"alien"}]}`, 400, "want human, random or computer:LEVEL"},
		{"level 9", `{"variant":"chess","seats":[{"plays":"computer:9"}]}`, 400, "level from 1 to 8"},
		{"level 0", `{"variant":"chess","seats":[{"plays":"computer:0"}]}`, 400, "level from 1 to 8"},
		{"level 05", `{"variant":"chess","seats":[{"plays":"computer:05"}]}`, 400, "level from 1 to 8"},
		{"too many seats", `{"variant":"chess","seats":[{"plays":"human"},{"plays":"human"},{"plays":"human"}]}`, 400, "3 seats for a game of 2 players"},
		{"long name", `{"variant":"chess","seats":[{"plays":"human","name":"` + strings.Repeat("x", 41) + `"}]}`, 400, "at most 40"},
		{"control character in name", `{"variant":"chess","seats":[{"plays":"human","name":"a\u0007b"}]}`, 400, "printable"},
		{"bad clock", `{"variant":"chess","clock":"five minutes"}`, 400, "clock"},
		{"negative increment", `{"variant":"chess","clock":"5m+-2s"}`, 400, "clock"},
		{"tiny clock", `{"variant":"chess","clock":"10ms"}`, 400, "at least 1s"},
		{"huge clock", `{"variant":"chess","clock":"10000h"}`, 400, "at most"},
		{"you out of range", `{"variant":"chess","you":2}`, 400, "you: seat 2"},
		{"you negative", `{"variant":"chess","you":-2}`, 400, "you: seat -2"},
		{"you on a computer", `{"variant":"chess","seats":[{"plays":"computer:1"}],"you":0}`, 400, "not a person"},
		{"bad start", `{"variant":"chess","start":"not a fen"}`, 400, "FEN"},
		{"oversized body", `{"variant":"chess","start":"` + strings.Repeat("x", MaxBodyBytes) + `"}`, 413, "more than 65536 bytes"},
		{"long start", `{"variant":"chess","start":"` + strings.Repeat("x", 20000) + `"}`, 400, "16 KB"},
	}
	for _, tc := range tests {
		code, body, cookies := s.do("POST", "/api/games", tc.body)
		var e struct{ Error string }
		json.Unmarshal(body, &e)
		if code != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: %d %s; want %d with %q", tc.name, code, body, tc.code, tc.want)
		}
		if len(cookies) > 0 {
			t.Errorf("%s: a cookie was set", tc.name)
		}
	}
	ids, err := s.st.Unfinished(context.Background())
	if err != nil || len(ids) != 0 {
		t.Errorf("refused requests stored games: %v %v", ids, err)
	}
}

func TestCreateAnswer(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "martian-chess", "options": map[string]string{"players": "4", "teams": ""},
		"seats": []map[string]string{{"plays": "human", "name": "Ann"}, {"plays": "computer:3"}, {"plays": "human"}, {"plays": "random"}},
		"clock": "5m+2s", "takebacks": true, "you": 2})
	if len(g.Seats) != 4 || g.You != 2 || g.Spectate != "/g/"+g.ID {
		t.Fatalf("answer %+v", g.createAnswer)
	}
	for i, want := range []struct {
		plays, name string
		link        bool
	}{{"human", "Ann", true}, {"computer:3", "north-west", false}, {"human", "north-east", true}, {"random", "south-east", false}} {
		st := g.Seats[i]
		if st.Seat != i+1 || st.Plays != want.plays || st.Name != want.name || (st.Link != "") != want.link {
			t.Errorf("seat %d: %+v, want %+v", i+1, st, want)
		}
		if want.link && !strings.HasPrefix(st.Link, "/g/"+g.ID+"#seat="+string(rune('1'+i))+"&token=") {
			t.Errorf("seat %d link %q", i+1, st.Link)
		}
	}
	if g.cookie == nil || g.cookie.Value != "3."+g.token(3) || !g.cookie.HttpOnly || g.cookie.SameSite != http.SameSiteStrictMode {
		t.Errorf("creator's cookie %+v", g.cookie)
	}
	if len(g.token(1)) != 22 || g.token(1) == g.token(3) {
		t.Errorf("tokens %q %q: want 128 random bits in base64url each", g.token(1), g.token(3))
	}
	// Only the hashes are stored.
	row, _, err := s.st.Load(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range row.Seats {
		if st.TokenHash != "" && (strings.Contains(st.TokenHash, g.token(1)) || len(st.TokenHash) != 64) {
			t.Errorf("seat %d stores %q", st.Seat+1, st.TokenHash)
		}
	}
	// The state for the cookie's seat.
	code, body, _ := s.do("GET", "/api/games/"+g.ID, nil, g.cookie)
	var st wire.State
	if err := json.Unmarshal(body, &st); code != 200 || err != nil || st.You != 2 || !st.Takebacks || len(st.Clocks) != 4 {
		t.Errorf("state: %d %v you %d takebacks %v clocks %v", code, err, st.You, st.Takebacks, st.Clocks)
	}
}

func TestSeatClaim(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "chess"})
	other := s.create(map[string]any{"variant": "chess"})
	path := "/api/games/" + g.ID + "/seat"
	tests := []struct {
		name string
		body any
		code int
	}{
		{"wrong token", map[string]any{"seat": 1, "token": "AAAAAAAAAAAAAAAAAAAAAA"}, 403},
		{"another seat's token", map[string]any{"seat": 1, "token": g.token(2)}, 403},
		{"another game's token", map[string]any{"seat": 1, "token": other.token(1)}, 403},
		{"seat 0", map[string]any{"seat": 0, "token": g.token(1)}, 400},
		{"seat 3", map[string]any{"seat": 3, "token": g.token(1)}, 403},
		{"no token", map[string]any{"seat": 1}, 400},
		{"long token", map[string]any{"seat": 1, "token": strings.Repeat("A", 200)}, 400},
		{"malformed", `{"seat":`, 400},
		{"right", map[string]any{"seat": 2, "token": g.token(2)}, 204},
	}
	for _, tc := range tests {
		code, body, cookies := s.do("POST", path, tc.body)
		if code != tc.code {
			t.Errorf("%s: %d %s, want %d", tc.name, code, body, tc.code)
		}
		if (len(cookies) > 0) != (code == 204) {
			t.Errorf("%s: cookies %v", tc.name, cookies)
		}
		if code == 204 {
			if c := cookies[0]; c.Name != "ac_"+g.ID || c.Value != "2."+g.token(2) || !c.HttpOnly {
				t.Errorf("cookie %+v", c)
			}
		}
	}
	if code, _, _ := s.do("POST", "/api/games/AAAAAAAAAA/seat", map[string]any{"seat": 1, "token": g.token(1)}); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
	// A forged or foreign cookie gives a spectator's state.
	for _, ck := range []*http.Cookie{seatCookieFor(g.ID, 1, other.token(1)), seatCookieFor(g.ID, 1, "x"), {Name: "ac_" + g.ID, Value: "garbage"}} {
		_, body, _ := s.do("GET", "/api/games/"+g.ID, nil, ck)
		if !strings.Contains(string(body), `"you":-1`) {
			t.Errorf("cookie %q: %.100s", ck.Value, body)
		}
	}
}

func TestImport(t *testing.T) {
	s := newTestServer(t, Config{})
	pgn := `[Event "x"]
[White "Ann"]
[Black "Bob"]
[TimeControl "300+2"]

1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:57]} 2. Nf3 *`
	code, body, cookies := s.do("POST", "/api/import", map[string]any{"text": pgn, "you": 1})
	if code != 201 {
		t.Fatalf("import: %d %s", code, body)
	}
	var a createAnswer
	json.Unmarshal(body, &a)
	if len(cookies) != 1 || a.You != 1 || a.Seats[0].Name != "Ann" || a.Seats[1].Name != "Bob" {
		t.Errorf("answer %s, cookies %v", body, cookies)
	}
	_, body, _ = s.do("GET", "/api/games/"+a.ID, nil, cookies...)
	var st wire.State
	json.Unmarshal(body, &st)
	if st.Ply != 3 || st.You != 1 || len(st.Legal) == 0 || st.Clocks[0] != 298000 {
		t.Errorf("imported state: ply %d you %d legal %d clocks %v", st.Ply, st.You, len(st.Legal), st.Clocks)
	}
	_, moves, _ := s.st.Load(context.Background(), a.ID)
	if len(moves) != 3 || moves[2].Text != "g1f3" {
		t.Errorf("stored moves %+v", moves)
	}
	// A finished anychess record of Martian Chess for four.
	rec := "[Game \"anychess\"]\n[Variant \"martian-chess\"]\n[Options \"players=4\"]\n[Seat2Plays \"uci:stockfish\"]\n[Result \"win 1\"]\n[Termination \"resignation\"]\n\n"
	code, body, _ = s.do("POST", "/api/import", map[string]any{"text": rec})
	if code != 201 {
		t.Fatalf("import: %d %s", code, body)
	}
	json.Unmarshal(body, &a)
	if a.Seats[1].Plays != "human" || len(a.Seats) != 4 {
		t.Errorf("seats %+v", a.Seats)
	}
	row, _, _ := s.st.Load(context.Background(), a.ID)
	if row.Result != "win 1" || row.Finished.IsZero() {
		t.Errorf("stored result %q finished %v", row.Result, row.Finished)
	}
	for _, tc := range []struct {
		name, body, want string
	}{
		{"illegal move", `{"text":"1. e4 e4"}`, "e4"},
		{"unknown variant", `{"text":"[Variant \"xiangqi\"]\n\n*"}`, "xiangqi"},
		{"bad option", `{"text":"[Variant \"chess\"]\n[Options \"bogus\"]\n\n*"}`, "bogus"},
		{"unclosed tag", `{"text":"[Variant \"chess\n"}`, "record line 1"},
		{"seat kinds", `{"text":"1. e4","seats":[{"plays":"computer:99"}]}`, "level"},
	} {
		code, body, _ := s.do("POST", "/api/import", tc.body)
		if code != 400 || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s: %d %s", tc.name, code, body)
		}
	}
	big := `{"text":"` + strings.Repeat("e4 ", MaxImportBytes/3) + `"}`
	if code, _, _ := s.do("POST", "/api/import", big); code != 413 {
		t.Errorf("oversized import: %d", code)
	}
}
