package plane

// The infinite plane's insufficient-material rule allocates nothing: the search calls it.

import "testing"

func TestPlaneInsufficientAllocatesNothing(t *testing.T) {
	r, err := Load("infinite-plane", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{r.Def.Start, "K5,1|N2,1|k5,8 w - 0 1", "K5,1|R1,1|k5,8|r8,8 w - 0 1"} {
		p, err := r.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		if allocs := testing.AllocsPerRun(10, func() { planeInsufficient(p) }); allocs != 0 {
			t.Errorf("%s: %.0f allocations per call", text, allocs)
		}
	}
}
