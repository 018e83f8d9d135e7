package variant

// SAN of the sliding pawn's step past a blocker: it names its file, like a capture.

import (
	"testing"

	"anychess/notation"
)

func TestClaustrophobiaPawnSideStepSAN(t *testing.T) {
	r := clRules(t)
	// White pawn e6 blocked by a black knight on e7: it may step to d7 or to f7
	// (an empty square of Black's palace).
	p, err := r.ParseFEN("5k**/4n2*/4P***/5***/5***/5***/7*/5K** w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"e6d7": "ed7", "e6f7": "ef7"}
	found := 0
	for _, m := range p.LegalMoves(nil) {
		coord := notation.Coordinate.Encode(p, m)
		if w, ok := want[coord]; ok {
			found++
			if got := notation.SAN.Encode(p, m); got != w {
				t.Errorf("%s: SAN %q, want %q", coord, got, w)
			}
			if back, err := notation.SAN.Decode(p, w); err != nil || back != m {
				t.Errorf("%s does not read back: %v", w, err)
			}
		}
	}
	if found != len(want) {
		t.Errorf("found %d of the side steps %v", found, want)
	}
}
