package server

// The server's memory with 100 live games.

import (
	"runtime"
	"testing"

	"anychess/wire"
)

// heapInUse returns the heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestMemory100Games measures the heap that 100 live games take: people
// playing each other with both seats and a spectator connected over
// websockets (the clients' side of the connections, in this process too,
// is counted), then 100 games against the computer.
func TestMemory100Games(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 300 websockets")
	}
	s := newTestServer(t, Config{})
	base := heapInUse()
	var clients []*client
	for i := range 100 {
		g := s.create(map[string]any{"variant": "chess", "clock": "30m+5s", "you": 0})
		a := s.dial(g.ID, g.cookie)
		b := s.dial(g.ID)
		b.send(wire.ClientMessage{Type: "hello", Seat: 2, Token: g.token(2)})
		spec := s.dial(g.ID)
		a.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "e4"})
		a.atPly(1)
		spec.atPly(1)
		b.atPly(1)
		clients = append(clients, a, b, spec)
		_ = i
	}
	people := heapInUse()
	for range 100 {
		s.create(map[string]any{"variant": "chess", "seats": []map[string]string{{"plays": "human"}, {"plays": "computer:5"}}})
	}
	computers := heapInUse()
	mb := func(n uint64) float64 { return float64(n) / (1 << 20) }
	t.Logf("heap in use: %.1f MB before; %.1f MB with 100 live games between people with 300 websockets (%.0f KB a game); %.1f MB with 100 more against the computer (%.0f KB a game)",
		mb(base), mb(people), float64(people-base)/100/1024, mb(computers), float64(computers-people)/100/1024)
	if people-base > 100<<20 || computers-people > 50<<20 {
		t.Errorf("100 games take more than 100 MB (people) or 50 MB (computer)")
	}
	runtime.KeepAlive(clients)
}
