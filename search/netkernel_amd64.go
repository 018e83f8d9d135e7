package search

import "golang.org/x/sys/cpu"

// haveAVX2 says whether the kernels may use AVX2 (netkernel_amd64.s).
var haveAVX2 = cpu.X86.HasAVX2

// addRowAVX2 adds the n int16 at w to those at acc (n a multiple of 16).
//
//go:noescape
func addRowAVX2(acc, w *int16, n int)

// subRowAVX2 takes the n int16 at w from those at acc (n a multiple of 16).
//
//go:noescape
func subRowAVX2(acc, w *int16, n int)

// dotClampAVX2 returns Σ clamp(acc[j], 0, q)·w[j] over n units (a
// multiple of 16).
//
//go:noescape
func dotClampAVX2(acc, w *int16, n, q int) int32

// dotSquaredAVX2 returns Σ c²·w[j], c = clamp(acc[j], 0, q), over n units
// (a multiple of 16); each c·w[j] must fit 16 bits.
//
//go:noescape
func dotSquaredAVX2(acc, w *int16, n, q int) int32

// addFloatsAVX2 adds the n float64 at src to those at dst (n a multiple
// of 16).
//
//go:noescape
func addFloatsAVX2(dst, src *float64, n int)
