package game

// Fuzz targets of the game record reader and of Submit: any text is read or refused without a panic, and a refused move changes nothing.

import (
	"testing"
)

// FuzzParseRecord reads any text as a record and, when it reads, restores
// it as a game of chess, of four-player Martian Chess and of the infinite
// plane: each either fails with an error, or gives a game whose own record
// reads back to the same position. The seeds are in testdata/fuzz.
func FuzzParseRecord(f *testing.F) {
	rules := []*coreRules{load(f, "chess", nil), load(f, "martian-chess", map[string]string{"players": "4"}), load(f, "infinite-plane", nil)}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			return
		}
		for _, r := range rules {
			rec.Set("Variant", r.Name())
			g, err := rec.Restore(Config{Rules: r})
			if err != nil {
				continue
			}
			if g.Ply() != len(rec.Moves) {
				t.Fatalf("%d moves restored of %d", g.Ply(), len(rec.Moves))
			}
			written := g.Record().String()
			again, err := ParseRecord(written)
			if err != nil {
				t.Fatalf("a written record does not read: %v\n%s", err, written)
			}
			back, err := again.Restore(Config{Rules: r})
			if err != nil || back.Position().String() != g.Position().String() || back.Outcome() != g.Outcome() {
				t.Fatalf("a written record restores differently (%v):\n%s", err, written)
			}
		}
	})
}

// FuzzSubmitText submits any text as the move of each seat: a refused text
// leaves the game as it was.
func FuzzSubmitText(f *testing.F) {
	chess := load(f, "chess", nil)
	plane := load(f, "infinite-plane", nil)
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range []*coreRules{chess, plane} {
			g := mustNew(t, Config{Rules: r})
			for seat := 0; seat < 2; seat++ {
				before := snapshot(g)
				if _, err := g.SubmitText(corePlayer(seat), text); err != nil && snapshot(g) != before {
					t.Fatalf("%q was refused (%v) but changed the game", text, err)
				}
			}
		}
	})
}
