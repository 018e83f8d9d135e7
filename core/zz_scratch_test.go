package core

import "testing"

func chessDef() *Definition {
	return &Definition{
		Name: "chess",
		Board: BoardDef{Files: 8, Ranks: 8, Regions: map[string][]string{"w": {"a8-h8"}, "b": {"a1-h1"}}},
		Players: []PlayerDef{{Name: "white", Forward: "north"}, {Name: "black", Forward: "south"}},
		Pieces: []PieceDef{{Name: "king", Letter: "K", Betza: "K", Royal: true}, {Letter: "Q", Betza: "Q"}, {Letter: "R", Betza: "R"}, {Letter: "B", Betza: "B"}, {Letter: "N", Betza: "N"}, {Letter: "P", Betza: "fmWfceFifmnD", Pawn: true}},
		Start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Promotion: []PromotionDef{{Player: 0, Region: "w", Pieces: []string{"Q", "R", "B", "N"}}, {Player: 1, Region: "b", Pieces: []string{"Q", "R", "B", "N"}}},
		Castling: []CastlingDef{
			{Player: 0, Flag: "K", KingFrom: "e1", KingTo: "g1", RookFrom: "h1", RookTo: "f1"},
			{Player: 0, Flag: "Q", KingFrom: "e1", KingTo: "c1", RookFrom: "a1", RookTo: "d1"},
			{Player: 1, Flag: "k", KingFrom: "e8", KingTo: "g8", RookFrom: "h8", RookTo: "f8"},
			{Player: 1, Flag: "q", KingFrom: "e8", KingTo: "c8", RookFrom: "a8", RookTo: "d8"},
		},
	}
}

func TestScratch(t *testing.T) {
	r, err := Compile(chessDef(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	} {
		p, err := r.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(p.FEN(), p.Perft(1), p.Perft(2), p.Perft(3), p.Perft(4))
	}
}

func BenchmarkScratchPerft5(b *testing.B) {
	r, _ := Compile(chessDef(), nil)
	p := r.StartPosition()
	var n uint64
	for i := 0; i < b.N; i++ {
		n += p.Perft(5)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}
