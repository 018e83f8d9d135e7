package server

// Fuzzing a hub with any sequence of client messages from two seats and a spectator: nothing panics, every answer is a well-formed message, and the store always holds exactly the game in memory.

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"anychess/wire"
)

// FuzzHub feeds a hub lines of messages: each line's first byte picks the
// connection (seat 1, seat 2 or a spectator), the rest is the message.
// Its seeds are in testdata/fuzz/FuzzHub.
func FuzzHub(f *testing.F) {
	s := newTestServer(f, Config{IdleFinished: 10 * time.Millisecond})
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &testServer{t: t, srv: s.srv, url: s.url, client: s.client, st: s.st}
		g := s.create(map[string]any{"variant": "chess", "takebacks": true, "clock": "1h"})
		conns := []*conn{newConn(nil), newConn(nil), newConn(nil)}
		err := s.srv.do(g.ID, func(h *hub) {
			h.handle(joinMsg{c: conns[0], seat: 0, token: g.token(1)})
			h.handle(joinMsg{c: conns[1], seat: 1, token: g.token(2)})
			h.handle(joinMsg{c: conns[2], seat: -1})
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			c := conns[int(line[0])%len(conns)]
			raw := line[1:]
			var m any
			if len(raw) > wire.MaxMessageBytes {
				continue // the connection's read limit closes it first
			}
			if cm, err := wire.DecodeClient(raw); err != nil {
				m = badMsg{c: c, err: err}
			} else {
				m = inMsg{c: c, m: cm}
			}
			var problem string
			err := s.srv.do(g.ID, func(h *hub) {
				h.handle(m)
				problem = consistent(h)
			})
			if err != nil {
				t.Fatal(err)
			}
			if problem != "" {
				t.Fatalf("after %q: %s", raw, problem)
			}
			for _, c := range conns {
				drain(t, c)
			}
		}
		// End the game and leave, so that its hub goes away.
		s.srv.do(g.ID, func(h *hub) {
			if !h.g.Over() {
				h.handle(inMsg{c: conns[0], m: wire.ClientMessage{Type: "resign", Ply: ply(h.g.Ply())}})
			}
			for _, c := range conns {
				h.handle(leaveMsg{c})
			}
		})
	})
}

// consistent compares the game in memory with the store's.
func consistent(h *hub) string {
	row, moves, err := h.s.st.Load(context.Background(), h.id)
	if err != nil {
		return err.Error()
	}
	if len(moves) != h.g.Ply() {
		return "stored moves differ from the game's"
	}
	for i, m := range h.g.Moves() {
		if moves[i].Text != m.Text || moves[i].Clock != m.Clock.Truncate(time.Millisecond) {
			return "stored move differs: " + moves[i].Text + " " + m.Text
		}
	}
	if (row.Result != "") != h.g.Over() {
		return "stored result " + row.Result + " but the game says " + h.g.ResultText()
	}
	return ""
}

// drain reads what a connection was sent: each a state, an error or a pong.
func drain(t *testing.T, c *conn) {
	for {
		select {
		case data := <-c.send:
			var m struct {
				Type string `json:"type"`
			}
			if err := json.Unmarshal(data, &m); err != nil || (m.Type != "state" && m.Type != "error" && m.Type != "pong") {
				t.Fatalf("sent %s", data)
			}
		default:
			return
		}
	}
}
