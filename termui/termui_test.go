package termui

// Tests of the text board.

import (
	"strings"
	"testing"

	"anychess/variant"
)

func TestRenderSiberia(t *testing.T) {
	r, err := variant.Load("siberia", nil)
	if err != nil {
		t.Fatal(err)
	}
	out := Render(r.StartPosition())
	for _, want := range []string{"9 r n b q k . b n r", "1 R N B Q K . B N R", "a b c d e f g h i"} {
		if !strings.Contains(out, want) {
			t.Errorf("render lacks %q:\n%s", want, out)
		}
	}
}
