package core_test

// Perft tests against the independent reference counts, and perft benchmarks.

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"anychess/core"
	"anychess/variant"
)

var perftDepth = flag.Int("perft.depth", 4, "deepest reference perft depth to check (deeper counts take minutes)")

type epdCase struct {
	fen    string
	counts map[int]uint64
}

func readEPD(t testing.TB, path string) []epdCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []epdCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		c := epdCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, p := range parts[1:] {
			var d int
			var n uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &n); err != nil {
				t.Fatalf("%s: bad entry %q", path, p)
			}
			c.counts[d] = n
		}
		out = append(out, c)
	}
	return out
}

func TestPerftReference(t *testing.T) {
	for _, tc := range []struct{ variant, file string }{
		{"chess", "testdata/perft-chess.epd"},
		{"siberia", "testdata/perft-siberia.epd"},
	} {
		rules, err := variant.Load(tc.variant, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range readEPD(t, tc.file) {
			for d := 1; d <= *perftDepth; d++ {
				want, ok := c.counts[d]
				if !ok {
					continue
				}
				t.Run(fmt.Sprintf("%s/%d/D%d", tc.variant, i+1, d), func(t *testing.T) {
					p, err := rules.ParseFEN(c.fen)
					if err != nil {
						t.Fatal(err)
					}
					before := p.FEN()
					if got := p.Perft(d); got != want {
						t.Errorf("%s: perft(%d) = %d, want %d", c.fen, d, got, want)
					}
					if p.FEN() != before || p.Hash() != p.ComputeHash() {
						t.Errorf("perft changed the position")
					}
				})
			}
		}
	}
}

// TestReferenceCopy checks that testdata holds the shared reference figures
// unchanged, when the shared folder is beside the checkout.
func TestReferenceCopy(t *testing.T) {
	for _, name := range []string{"perft-chess.epd", "perft-siberia.epd"} {
		shared, err := os.ReadFile(filepath.Join("..", "..", "shared", "reference", name))
		if err != nil {
			t.Skipf("shared reference not beside the checkout: %v", err)
		}
		local, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if string(shared) != string(local) {
			t.Errorf("testdata/%s differs from shared/reference/%s", name, name)
		}
	}
}

func benchmarkPerft(b *testing.B, name, fen string, depth int) {
	rules, err := variant.Load(name, nil)
	if err != nil {
		b.Fatal(err)
	}
	p, err := rules.ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var leaves uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves += p.Perft(depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftChessStart5(b *testing.B) {
	benchmarkPerft(b, "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5)
}

func BenchmarkPerftKiwipete4(b *testing.B) {
	benchmarkPerft(b, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4)
}

func BenchmarkPerftSiberiaStart5(b *testing.B) {
	benchmarkPerft(b, "siberia", "rnbqk1bnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQK1BNR w KQkq - 0 1", 5)
}

var _ = strconv.Itoa
var _ core.Move

// TestPerftAbsurdDepth: perft allocates as the walk goes deeper, not in
// proportion to the depth asked: a mated position counts 0 leaves at any
// depth, at once, allocating what depth 1 does (it used to allocate a
// buffer per ply up front and run out of memory).
func TestPerftAbsurdDepth(t *testing.T) {
	r := mustRules(t, "chess")
	p, err := r.ParseFEN("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1") // Black is mated
	if err != nil {
		t.Fatal(err)
	}
	allocs := func(depth int) float64 {
		return testing.AllocsPerRun(1, func() {
			if got := p.Perft(depth); got != 0 {
				t.Errorf("perft(%d) = %d, want 0", depth, got)
			}
		})
	}
	base := allocs(1)
	for _, depth := range []int{1_000_000_000, 1 << 40} {
		if a := allocs(depth); a > base {
			t.Errorf("perft(%d) made %v allocations, perft(1) %v", depth, a, base)
		}
	}
}
