//go:build !amd64

package search

// haveAVX2 is false off amd64: the kernels run in Go.
const haveAVX2 = false

func addRowAVX2(acc, w *int16, n int)              { panic("no AVX2") }
func subRowAVX2(acc, w *int16, n int)              { panic("no AVX2") }
func dotClampAVX2(acc, w *int16, n, q int) int32   { panic("no AVX2") }
func dotSquaredAVX2(acc, w *int16, n, q int) int32 { panic("no AVX2") }
func addFloatsAVX2(dst, src *float64, n int)       { panic("no AVX2") }
