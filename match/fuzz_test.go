package match

// Fuzz target of the match package's parser of player descriptions.

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
