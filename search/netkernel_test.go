package search

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestNetKernels: the kernels give the loops' integers for every length
// (the vector part and the tail), including sums that wrap in int16 and
// hidden units beyond the clamp on both sides.
func TestNetKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 80; n++ {
		for trial := range 20 {
			acc := make([]int16, n)
			w := make([]int16, n+3)
			for j := range acc {
				acc[j] = int16(rng.IntN(1200) - 600)
				if trial == 0 {
					acc[j] = int16(rng.IntN(65536) - 32768) // wraps when added to
				}
			}
			for j := range w {
				w[j] = int16(rng.IntN(65536) - 32768)
			}
			want := append([]int16(nil), acc...)
			for j := range want {
				want[j] += w[j]
			}
			got := append([]int16(nil), acc...)
			addRow(got, w)
			for j := range want {
				if got[j] != want[j] {
					t.Fatalf("addRow, %d units: unit %d is %d, want %d", n, j, got[j], want[j])
				}
			}
			subRow(got, w)
			for j := range acc {
				if got[j] != acc[j] {
					t.Fatalf("subRow, %d units: unit %d is %d, want %d", n, j, got[j], acc[j])
				}
			}
			var dot int32
			for j, a := range acc {
				dot += int32(min(max(a, 0), netQ)) * int32(w[j])
			}
			if d := dotClamp(acc, w, netQ); d != dot {
				t.Fatalf("dotClamp, %d units: %d, want %d", n, d, dot)
			}
			small := make([]int16, n)
			var sq int64
			for j, a := range acc {
				small[j] = int16(rng.IntN(2*netOutLimit+1) - netOutLimit)
				c := int64(min(max(a, 0), netQ))
				sq += c * c * int64(small[j])
			}
			if d := dotSquared(acc, small, netQ); int64(d) != sq {
				t.Fatalf("dotSquared, %d units: %d, want %d", n, d, sq)
			}
		}
	}
}

// TestAddFloats: addFloats makes the loop's sums, bit for bit, for every
// length (the vector part and the tail), so that a fit gives the same net
// with the kernel as without it.
func TestAddFloats(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 80; n++ {
		dst := make([]float64, n)
		src := make([]float64, n+5)
		for j := range dst {
			dst[j] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6))
		}
		for j := range src {
			src[j] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6))
		}
		want := append([]float64(nil), dst...)
		for j := range want {
			want[j] += src[j]
		}
		addFloats(dst, src)
		for j := range want {
			if math.Float64bits(dst[j]) != math.Float64bits(want[j]) {
				t.Fatalf("addFloats, %d elements: element %d is %g, want %g", n, j, dst[j], want[j])
			}
		}
	}
}

func BenchmarkNetKernels(b *testing.B) {
	acc := make([]int16, 256)
	w := make([]int16, 512)
	var sink int32
	for range b.N {
		addRow(acc, w)
		subRow(acc, w[256:])
		sink += dotClamp(acc, w, netQ) + dotSquared(acc, w[:256], netQ)
	}
	_ = sink
}

// BenchmarkAddFloats adds a fit's row of 256 weights (a hidden layer's).
func BenchmarkAddFloats(b *testing.B) {
	dst := make([]float64, 256)
	src := make([]float64, 256)
	for range b.N {
		addFloats(dst, src)
	}
}
