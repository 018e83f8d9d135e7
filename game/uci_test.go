package game

// Tests of the go limits of a UCI player: checked before any engine starts, written in one canonical line.

import "testing"

// TestParseGoLimits: a UCI player's go limits are checked before any
// engine starts.
func TestParseGoLimits(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"nodes 20000", "nodes 20000"},
		{"  depth 6   nodes 1000 ", "depth 6 nodes 1000"},
		{"movetime 50", "movetime 50"},
		{"", ""},
		{"nodes", ""},
		{"nodes 0", ""},
		{"nodes -5", ""},
		{"nodes 5 nodes 6", ""},
		{"infinite", ""},
		{"wtime 100 btime 100", ""},
		{"depth x", ""},
	} {
		got, err := ParseGoLimits(tc.text)
		if got != tc.want || (err == nil) != (tc.want != "") {
			t.Errorf("ParseGoLimits(%q) = %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
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
