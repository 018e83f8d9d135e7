// Fuzz targets of the match package's parsers: player descriptions and a UCI player's go limits.
package match

import (
	"strings"
	"testing"
	"time"
)

// FuzzParsePlayer: any description other than an external engine's (which
// would start a process) gives a player named by it, or an error.
func FuzzParsePlayer(f *testing.F) {
	f.Fuzz(func(t *testing.T, desc string) {
		if strings.HasPrefix(desc, "uci") {
			return
		}
		p, err := ParsePlayer(desc, 10*time.Millisecond, 1)
		if err != nil {
			if p != nil {
				t.Fatalf("%q: a player and an error %v", desc, err)
			}
			return
		}
		defer p.Close()
		if desc != "random" && p.Name() != desc {
			t.Fatalf("%q: player named %q", desc, p.Name())
		}
	})
}

// FuzzParseGoLimits: accepted limits are written in one canonical line
// that is accepted again unchanged.
func FuzzParseGoLimits(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		line, err := ParseGoLimits(text)
		if err != nil {
			if line != "" {
				t.Fatalf("%q: %q with error %v", text, line, err)
			}
			return
		}
		again, err := ParseGoLimits(line)
		if err != nil || again != line {
			t.Fatalf("%q: %q, then %q, %v", text, line, again, err)
		}
	})
}
