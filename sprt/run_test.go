package sprt

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"anychess/core"
	"anychess/game"
	"anychess/search"
	"anychess/variant"
)

func load(t *testing.T, name string, opts map[string]string) *core.Rules {
	t.Helper()
	r, err := variant.Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// newGame marks the start of a game in a seatRecorder's record.
const newGame core.Player = 255

// seatRecorder is a random mover that records the seats it is asked to
// move in.
type seatRecorder struct {
	*game.Random
	mu    *sync.Mutex
	seats *[]core.Player
}

func (s seatRecorder) Move(st *game.State) (core.Move, error) {
	s.mu.Lock()
	*s.seats = append(*s.seats, st.Position.Turn())
	s.mu.Unlock()
	return s.Random.Move(st)
}

func (s seatRecorder) NewGame(r *core.Rules) error {
	s.mu.Lock()
	*s.seats = append(*s.seats, newGame)
	s.mu.Unlock()
	return nil
}

func TestRunEngineBeatsRandom(t *testing.T) {
	for _, c := range []struct {
		variant string
		opts    map[string]string
	}{
		{"chess", nil},
		{"martian-chess", map[string]string{"players": "4"}},
	} {
		r := load(t, c.variant, c.opts)
		book, err := Openings(r, BookConfig{Size: 4, Plies: 2, Margin: 200, Nodes: 500, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var played []int
		cfg := Config{
			Rules: r, Openings: book, Workers: 2, Test: Test{Elo0: 0, Elo1: 200}, MaxPairs: 40, MaxPlies: 200,
			NewPlayers: func(w int) (game.Player, game.Player, error) {
				return game.NewEngine("engine", search.Options{}, search.Limits{Depth: 2}), game.NewRandom(uint64(w)), nil
			},
			OnPair: func(p PairResult) error {
				mu.Lock()
				played = append(played, p.Index)
				mu.Unlock()
				return nil
			},
		}
		rep, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Verdict != H1 {
			t.Errorf("%s: depth 2 against a random mover: %v, want H1 accepted (%s)", c.variant, rep.Verdict, rep.String(cfg.Test))
		}
		if rep.Games() != 2*rep.Penta.Pairs() || len(played) != rep.Penta.Pairs() {
			t.Errorf("%s: %d games, %d pairs counted, %d reported", c.variant, rep.Games(), rep.Penta.Pairs(), len(played))
		}
		slices.Sort(played)
		if len(slices.Compact(played)) != len(played) {
			t.Errorf("%s: a pair was played twice: %v", c.variant, played)
		}
	}
}

// In a pair A takes the even seats in its first game and the odd ones in
// the second, in two- and four-player games.
func TestRunSeats(t *testing.T) {
	for _, players := range []string{"2", "4"} {
		r := load(t, "martian-chess", map[string]string{"players": players})
		var mu sync.Mutex
		var aSeats, bSeats []core.Player
		cfg := Config{
			Rules: r, Test: Test{Elo0: 0, Elo1: 10}, MaxPairs: 2, MaxPlies: 12,
			NewPlayers: func(int) (game.Player, game.Player, error) {
				return seatRecorder{game.NewRandom(1), &mu, &aSeats}, seatRecorder{game.NewRandom(2), &mu, &bSeats}, nil
			},
		}
		if _, err := Run(cfg); err != nil {
			t.Fatal(err)
		}
		// Split the records into games at each NewGame (A and B are told
		// of each game once per seat they hold).
		games := func(rec []core.Player) [][]core.Player {
			var out [][]core.Player
			for _, s := range rec {
				if s == newGame {
					if len(out) == 0 || len(out[len(out)-1]) > 0 {
						out = append(out, nil)
					}
					continue
				}
				out[len(out)-1] = append(out[len(out)-1], s)
			}
			return out
		}
		for who, rec := range map[string][]core.Player{"A": aSeats, "B": bSeats} {
			gs := games(rec)
			if len(gs) != 4 {
				t.Fatalf("%s players: %s moved in %d games, want 4", players, who, len(gs))
			}
			for i, g := range gs {
				parity := core.Player(i % 2) // A: even seats first
				if who == "B" {
					parity = 1 - parity
				}
				for _, s := range g {
					if s%2 != parity {
						t.Errorf("%s players: %s moved for seat %d in game %d", players, who, s, i+1)
					}
				}
			}
		}
	}
}

func TestRunResumes(t *testing.T) {
	r := load(t, "martian-chess", nil)
	path := filepath.Join(t.TempDir(), "test.log")
	players := func(w int) (game.Player, game.Player, error) {
		return game.NewEngine("engine", search.Options{}, search.Limits{Depth: 1}), game.NewRandom(uint64(w)), nil
	}
	run := func(maxPairs int) (Report, []PairResult) {
		log, done, err := OpenLog(path, "a test")
		if err != nil {
			t.Fatal(err)
		}
		defer log.Close()
		var played []PairResult
		rep, err := Run(Config{Rules: r, Test: Test{Elo0: -1, Elo1: 1}, MaxPairs: maxPairs, MaxPlies: 60, Workers: 2,
			NewPlayers: players, Done: done,
			OnPair: func(p PairResult) error { played = append(played, p); return log.Write(p) }})
		if err != nil {
			t.Fatal(err)
		}
		return rep, played
	}
	rep1, first := run(3)
	if len(first) != 3 || rep1.Penta.Pairs() != 3 {
		t.Fatalf("first run: %d pairs played, %d counted, want 3", len(first), rep1.Penta.Pairs())
	}
	rep2, second := run(5)
	if len(second) != 2 || rep2.Penta.Pairs() != 5 {
		t.Fatalf("resumed run: %d pairs played, %d counted, want 2 and 5", len(second), rep2.Penta.Pairs())
	}
	for _, p := range second {
		if p.Index < 3 {
			t.Errorf("resumed run played pair %d again", p.Index)
		}
	}
	// A cut last line is dropped; another test's log is refused.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"Index":9,"Poi`)
	f.Close()
	if _, done, err := OpenLog(path, "a test"); err != nil || len(done) != 5 {
		t.Errorf("log with a cut line: %d pairs, %v; want 5", len(done), err)
	}
	if _, _, err := OpenLog(path, "another test"); err == nil {
		t.Error("a log of another test was accepted")
	}
}

func TestOpenings(t *testing.T) {
	for _, c := range []struct {
		variant string
		opts    map[string]string
	}{
		{"chess", nil},
		{"siberia", nil},
		{"longchess", nil},
		{"martian-chess", map[string]string{"players": "4"}},
		{"infinite-plane", nil},
	} {
		r := load(t, c.variant, c.opts)
		cfg := BookConfig{Size: 6, Plies: 6, Margin: 80, Nodes: 2000, Seed: 7}
		book, err := Openings(r, cfg)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := Openings(r, cfg)
		if !reflect.DeepEqual(book, again) {
			t.Errorf("%s: the book differs from one build to the next", c.variant)
		}
		seen := map[uint64]bool{}
		balanced := 0
		for i, o := range book {
			p := r.StartPosition()
			for _, m := range o {
				mv, err := game.ParseMove(p, m)
				if err != nil {
					t.Fatalf("%s opening %d: %v", c.variant, i, err)
				}
				p.MakeMove(mv)
			}
			if len(o) != cfg.Plies || p.Outcome().Status != core.Ongoing || seen[p.Hash()] {
				t.Errorf("%s opening %d: %d plies, %v, repeated %v", c.variant, i, len(o), p.Outcome(), seen[p.Hash()])
			}
			seen[p.Hash()] = true
			res := search.New(search.Options{HashMB: 1}).Search(p, search.Limits{Nodes: cfg.Nodes})
			if abs(res.Score) <= cfg.Margin {
				balanced++
			}
		}
		if balanced < len(book)-1 {
			t.Errorf("%s: %d of %d openings within the margin", c.variant, balanced, len(book))
		}
	}
}

func TestCachedOpenings(t *testing.T) {
	r := load(t, "chess", nil)
	dir := t.TempDir()
	cfg := BookConfig{Size: 5, Plies: 4, Margin: 100, Nodes: 1000, Seed: 2}
	book, err := CachedOpenings(r, "chess []", cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 1 {
		t.Fatalf("%d book files, want 1", len(files))
	}
	// The file is read, not rebuilt: change it and the change is seen.
	data, _ := os.ReadFile(files[0])
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	lines[1] = "e2e4 e7e5"
	os.WriteFile(files[0], []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	cached, err := CachedOpenings(r, "chess []", cfg, dir)
	if err != nil || strings.Join(cached[0], " ") != "e2e4 e7e5" || !reflect.DeepEqual(cached[1:], book[1:]) {
		t.Errorf("cached book %v, %v", cached, err)
	}
	// Another seed is another book.
	cfg.Seed = 3
	other, err := CachedOpenings(r, "chess []", cfg, dir)
	if err != nil || reflect.DeepEqual(other, book) {
		t.Errorf("seed 3 gave the same book (%v)", err)
	}
}

// With a resignation margin, games against a random mover end when the
// engine has led by it for the given plies, as the engine's wins.
func TestRunResigns(t *testing.T) {
	r := load(t, "chess", nil)
	var results []PairResult
	rep, err := Run(Config{
		Rules: r, Test: Test{Elo0: -1, Elo1: 1}, MaxPairs: 3, ResignMargin: 500, ResignPlies: 4,
		NewPlayers: func(w int) (game.Player, game.Player, error) {
			return game.NewEngine("engine", search.Options{}, search.Limits{Depth: 2}), game.NewRandom(uint64(w)), nil
		},
		OnPair: func(p PairResult) error { results = append(results, p); return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Adjudicated == 0 || rep.Wins != rep.Games() {
		t.Errorf("%d games adjudicated, %d won: %s", rep.Adjudicated, rep.Wins, rep.String(Test{Elo0: -1, Elo1: 1}))
	}
	for _, p := range results {
		for g := range 2 {
			if p.Adjudicated[g] && p.Points[g] != 1 {
				t.Errorf("pair %d game %d: adjudicated with A's points %g", p.Index, g, p.Points[g])
			}
		}
	}
}
