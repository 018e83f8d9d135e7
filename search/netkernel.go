package search

// The net's vector kernels: rows of int16 weights added to or taken from a
// hidden layer, and the clamped layer's dot product with the output
// weights. On amd64 with AVX2 they run in assembly (netkernel_amd64.s),
// sixteen units an instruction; elsewhere, and for the units past the last
// multiple of sixteen, in Go. Both give the same integers: the adds wrap
// as int16 arithmetic does, and a net's weights are bounded (Net.check) so
// that no hidden unit's sum ever needs to.

// addFloats adds src to dst, element by element (len(src) ≥ len(dst)): a
// fit's rows of weights and gradients (tune_net.go). Each sum is the one
// the loop makes, in either form.
func addFloats(dst, src []float64) {
	n := len(dst)
	src = src[:n]
	v := n &^ 15
	if v > 0 && haveAVX2 {
		addFloatsAVX2(&dst[0], &src[0], v)
	} else {
		v = 0
	}
	for j := v; j < n; j++ {
		dst[j] += src[j]
	}
}

// addRow adds w to acc, unit by unit (len(w) ≥ len(acc)).
func addRow(acc, w []int16) {
	n := len(acc)
	w = w[:n]
	v := n &^ 15
	if v > 0 && haveAVX2 {
		addRowAVX2(&acc[0], &w[0], v)
	} else {
		v = 0
	}
	for j := v; j < n; j++ {
		acc[j] += w[j]
	}
}

// subRow takes w from acc, unit by unit (len(w) ≥ len(acc)).
func subRow(acc, w []int16) {
	n := len(acc)
	w = w[:n]
	v := n &^ 15
	if v > 0 && haveAVX2 {
		subRowAVX2(&acc[0], &w[0], v)
	} else {
		v = 0
	}
	for j := v; j < n; j++ {
		acc[j] -= w[j]
	}
}

// dotClamp returns Σ clamp(acc[j], 0, q)·w[j] (len(w) ≥ len(acc)).
func dotClamp(acc, w []int16, q int16) int32 {
	n := len(acc)
	w = w[:n]
	v := n &^ 15
	var sum int32
	if v > 0 && haveAVX2 {
		sum = dotClampAVX2(&acc[0], &w[0], v, int(q))
	} else {
		v = 0
	}
	for j := v; j < n; j++ {
		sum += int32(min(max(acc[j], 0), q)) * int32(w[j])
	}
	return sum
}

// dotSquared returns Σ c²·w[j], c = clamp(acc[j], 0, q) (len(w) ≥
// len(acc)); each c·w[j] must fit 16 bits, as Net.check ensures.
func dotSquared(acc, w []int16, q int16) int32 {
	n := len(acc)
	w = w[:n]
	v := n &^ 15
	var sum int32
	if v > 0 && haveAVX2 {
		sum = dotSquaredAVX2(&acc[0], &w[0], v, int(q))
	} else {
		v = 0
	}
	for j := v; j < n; j++ {
		c := int32(min(max(acc[j], 0), q))
		sum += c * int32(w[j]) * c
	}
	return sum
}
