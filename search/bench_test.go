package search

// Search speed benchmarks, one per variant: nodes per second from the start position.

import (
	"testing"

	"anychess/core"
	"anychess/variant"
)

// benchVariants are the variant configurations every speed and strength
// check covers.
var benchVariants = []struct {
	name, variant string
	opts          map[string]string
	depth         int // for benchmarks
	quick         int // the depth of a quick test search
}{
	{"Chess", "chess", nil, 6, 3},
	{"Siberia", "siberia", nil, 6, 3},
	{"Claustrophobia", "claustrophobia", nil, 5, 3},
	{"Martian2", "martian-chess", nil, 6, 3},
	{"Martian4", "martian-chess", map[string]string{"players": "4"}, 4, 3},
	{"Martian4Teams", "martian-chess", map[string]string{"players": "4", "teams": ""}, 4, 3},
	{"LongchessCTF", "longchess", nil, 4, 3},
	{"LongchessCTM", "longchess", map[string]string{"mode": "ctm"}, 4, 3},
	{"Plane", "infinite-plane", nil, 4, 2},
	{"PlaneHuygens", "infinite-plane-huygens", nil, 4, 2},
}

func benchSearch(b *testing.B, variantName string, opts map[string]string, depth int) {
	r, err := variant.Load(variantName, opts)
	if err != nil {
		b.Skip(err)
	}
	e := New(Options{})
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.NewGame()
		p := r.StartPosition()
		res := e.Search(p, Limits{Depth: depth})
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkSearchChess(b *testing.B)          { benchSearch(b, "chess", nil, 6) }
func BenchmarkSearchSiberia(b *testing.B)        { benchSearch(b, "siberia", nil, 6) }
func BenchmarkSearchClaustrophobia(b *testing.B) { benchSearch(b, "claustrophobia", nil, 5) }
func BenchmarkSearchMartian2(b *testing.B)       { benchSearch(b, "martian-chess", nil, 6) }
func BenchmarkSearchMartian4(b *testing.B) {
	benchSearch(b, "martian-chess", map[string]string{"players": "4"}, 6)
}
func BenchmarkSearchLongchess(b *testing.B) { benchSearch(b, "longchess", nil, 4) }
func BenchmarkSearchPlane(b *testing.B)     { benchSearch(b, "infinite-plane", nil, 4) }
func BenchmarkSearchHuygens(b *testing.B)   { benchSearch(b, "infinite-plane-huygens", nil, 4) }

// startOf loads a variant configuration's start position.
func startOf(t testing.TB, name string, opts map[string]string) *core.Position {
	t.Helper()
	r, err := variant.Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r.StartPosition()
}

// Longchess's modifications (skipped where they are not built): artillery
// salvos through their candidate subset, and the four-team game (best-reply search).
func BenchmarkSearchLongchessArtillery(b *testing.B) {
	benchSearch(b, "longchess", map[string]string{"artillery": "", "mines": ""}, 4)
}
func BenchmarkSearchLongchessFour(b *testing.B) {
	benchSearch(b, "longchess", map[string]string{"teams": "4", "artillery": "", "mines": ""}, 5)
}
