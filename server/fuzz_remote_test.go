package server

// Fuzzing what reaches a game's owner from other processes through the inbox: client messages, presences, workers' moves.

import (
	"testing"
	"time"

	"anychess/internal/pgtest"
	"anychess/store"
)

// FuzzRemoteMessage feeds an owner's hub inbox messages of any kind, seat
// and body (a line each: the first byte picks the kind, the second the
// seat); nothing panics, every answer is a well-formed message, and the
// store always holds the game in memory. Seeds in
// testdata/fuzz/FuzzRemoteMessage.
func FuzzRemoteMessage(f *testing.F) {
	url := pgtest.URL(f)
	st, err := store.Open(f.Context(), url)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	srv := startTestServer(f, st, url, Config{IdleFinished: 10 * time.Millisecond, Workers: -1})
	for _, seed := range []string{
		"m\x00" + `{"type":"move","ply":0,"move":"e4"}`,
		"m\x01" + `{"type":"move","ply":0,"move":"e4"}`,
		"m\x00" + `{"type":"hello","seat":1,"token":"x"}`,
		"m\x00" + `{"type":"resign","ply":0}`,
		"m\x05" + `{"type":"resign","ply":0}`,
		"m\x00" + `{"type":"draw","ply":0,"action":"offer"}` + "\nm\x01" + `{"type":"draw","ply":0,"action":"offer"}`,
		"m\x00" + `{"type":"move","ply":0,"move":"e4"}` + "\nm\x01" + `{"type":"takeback","ply":1,"action":"propose"}` + "\nm\x00" + `{"type":"takeback","ply":1,"action":"accept"}`,
		"p\x00" + "3", "p\x00" + "4", "p\x00" + "-1", "p\x00" + "99999999999", "p\x00",
		"r\x00" + `{"job":"","ply":0,"move":"e2e4"}`, "r\x00" + `{"job":"x","ply":0,"move":"zz"}`, "r\x00" + `{"job":`,
		"z\x00" + "anything", "m\x00" + `{"type":"move","ply":0,"move":"e4"`, "m\x00" + "\xff\xfe",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &testServer{t: t, srv: srv.srv, url: srv.url, client: srv.client, st: srv.st}
		g := s.create(map[string]any{"variant": "chess", "takebacks": true, "clock": "1h"})
		for _, line := range splitLines(data) {
			if len(line) < 2 {
				continue
			}
			kind := map[byte]string{'m': kindMessage, 'p': kindPresence, 'r': kindResult}[line[0]]
			if kind == "" {
				kind = string(line[:1])
			}
			m := store.Message{ID: "x", Game: g.ID, Sender: "pOther", Conn: 7, Seat: int(int8(line[1])), Kind: kind, Body: string(line[2:]), Created: time.Now()}
			var problem string
			err := s.srv.do(g.ID, func(h *hub) {
				h.handle(remoteMsg{m: m})
				problem = consistent(h)
			})
			if err != nil {
				t.Fatal(err)
			}
			if problem != "" {
				t.Fatalf("after %q: %s", line, problem)
			}
		}
		s.srv.do(g.ID, func(h *hub) {
			if !h.g.Over() {
				h.g.Resign(0, nil)
				h.stored(nil, h.storeEnd())
			}
		})
	})
}

func splitLines(data []byte) [][]byte {
	var out [][]byte
	start := 0
	for i, b := range data {
		if b == '\n' {
			out = append(out, data[start:i])
			start = i + 1
		}
	}
	return append(out, data[start:])
}
