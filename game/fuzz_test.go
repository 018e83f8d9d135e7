package game

// Fuzz targets of the game record reader, of Submit and of time controls: any text is read or refused without a panic, and a refused move changes nothing.

import (
	"strings"
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

// FuzzParseTimeControl: any text gives no clock (only from blank text), a
// positive clock and an increment of at least 0 that read back the same
// from their text, or an error that quotes the text and no clock.
func FuzzParseTimeControl(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ParseTimeControl(text)
		if err != nil {
			if tc != (TimeControl{}) || !strings.Contains(err.Error(), "time control ") {
				t.Fatalf("%q: %v with error %v", text, tc, err)
			}
			return
		}
		if !tc.On() {
			if strings.TrimSpace(text) != "" || tc != (TimeControl{}) {
				t.Fatalf("%q: no clock, %v", text, tc)
			}
			return
		}
		if tc.Initial <= 0 || tc.Increment < 0 || tc.Initial > MaxClock || tc.Increment > MaxClock {
			t.Fatalf("%q: %v accepted", text, tc)
		}
		if back, err := ParseTimeControl(tc.String()); err != nil || back != tc {
			t.Fatalf("%q: %v writes %q, which reads as %v, %v", text, tc, tc.String(), back, err)
		}
	})
}
