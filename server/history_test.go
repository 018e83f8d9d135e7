package server

// Tests of a game's board and past positions.

import (
	"encoding/json"
	"strings"
	"testing"

	"anychess/wire"
)

func TestGameBoard(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "martian-chess", "options": map[string]string{"players": "4", "teams": "true"}})
	code, body, _ := s.do("GET", "/api/games/"+g.ID+"/board", nil)
	var b wire.Board
	if code != 200 || json.Unmarshal(body, &b) != nil {
		t.Fatalf("board: %d %s", code, body)
	}
	if b.Variant != "martian-chess" || b.Options["players"] != "4" || b.Options["teams"] != "true" || len(b.Players) != 4 || b.Files != 8 {
		t.Errorf("board: %s %v, %d players, %d files", b.Variant, b.Options, len(b.Players), b.Files)
	}
	if code, body, _ := s.do("GET", "/api/games/AAAAAAAAAA/board", nil); code != 404 || !strings.Contains(string(body), "no such game") {
		t.Errorf("board of no game: %d %s", code, body)
	}
}

func TestPosition(t *testing.T) {
	s := newTestServer(t, Config{})
	g := s.create(map[string]any{"variant": "chess", "clock": "5m+2s", "you": 0})
	a := s.dial(g.ID, g.cookie)
	a.state(nil)
	b := s.dial(g.ID, seatCookieFor(g.ID, 2, g.token(2)))
	b.state(nil)
	for i, mv := range []string{"e4", "e5", "Nf3"} {
		c := []*client{a, b}[i%2]
		c.send(wire.ClientMessage{Type: "move", Ply: ply(i), Move: mv})
		c.atPly(i + 1)
	}
	live := getState(t, s, g.ID, g.cookie)
	pos := func(q string) (int, *wire.State, string) {
		code, body, _ := s.do("GET", "/api/games/"+g.ID+"/position"+q, nil, g.cookie)
		var st wire.State
		if code == 200 {
			if err := json.Unmarshal(body, &st); err != nil {
				t.Fatal(err)
			}
		}
		return code, &st, string(body)
	}
	for n, want := range []string{"e2", "e4", "e5", "f3"} {
		code, st, body := pos("?ply=" + string(rune('0'+n)))
		if code != 200 {
			t.Fatalf("ply %d: %d %s", n, code, body)
		}
		if st.Ply != n || st.You != -1 || st.Legal != nil || st.Running != -1 || len(st.Moves) != n || len(st.Clocks) != 2 {
			t.Errorf("ply %d: ply %d you %d legal %d running %d moves %d clocks %v", n, st.Ply, st.You, len(st.Legal), st.Running, len(st.Moves), st.Clocks)
		}
		for i := range st.Moves {
			if st.Moves[i] != live.Moves[i] {
				t.Errorf("ply %d: move %d is %+v, the game's %+v", n, i, st.Moves[i], live.Moves[i])
			}
		}
		if n > 0 && st.Clocks[(n-1)%2] != live.Moves[n-1].ClockMs {
			t.Errorf("ply %d: the mover's clock %d, the record's %d", n, st.Clocks[(n-1)%2], live.Moves[n-1].ClockMs)
		}
		// The square the last move reached (or e2 at the start) holds a pawn or knight.
		sq := map[string]wire.Coord{"e2": {X: "4", Y: "1"}, "e4": {X: "4", Y: "3"}, "e5": {X: "4", Y: "4"}, "f3": {X: "5", Y: "2"}}[want]
		found := false
		for _, p := range st.Pieces {
			found = found || p.At == sq
		}
		if !found || n > 0 && (st.LastMove == nil || *st.LastMove.To != sq) {
			t.Errorf("ply %d: nothing on %s, or the last move is not there: %+v", n, want, st.LastMove)
		}
	}
	for _, q := range []string{"", "?ply=", "?ply=-1", "?ply=4", "?ply=x", "?ply=99999999999", "?ply=1.5"} {
		if code, _, body := pos(q); code != 400 || !strings.Contains(body, "ply") {
			t.Errorf("position%s: %d %s", q, code, body)
		}
	}
	if code, body, _ := s.do("GET", "/api/games/AAAAAAAAAA/position?ply=0", nil); code != 404 {
		t.Errorf("position of no game: %d %s", code, body)
	}
}
