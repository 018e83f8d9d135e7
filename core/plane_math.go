package core

// Exact arithmetic for unbounded boards: a small signed 128-bit integer, checked 64-bit operations and primality.

import "math/bits"

// int128 is a signed 128-bit integer in two's complement: hi holds the upper
// 64 bits (with the sign), lo the lower. Unbounded boards use it where a
// product of a coordinate (up to 2^62) and a step component could leave the
// int64 range: line keys and the intersections of lines.
type int128 struct {
	hi int64
	lo uint64
}

// i128 widens an int64.
func i128(v int64) int128 { return int128{hi: v >> 63, lo: uint64(v)} }

func (a int128) add(b int128) int128 {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	return int128{hi: a.hi + b.hi + int64(carry), lo: lo}
}

func (a int128) neg() int128 {
	lo, borrow := bits.Sub64(0, a.lo, 0)
	return int128{hi: -a.hi - int64(borrow), lo: lo}
}

func (a int128) sub(b int128) int128 { return a.add(b.neg()) }

// cmp returns -1, 0 or +1 as a is less than, equal to or greater than b.
func (a int128) cmp(b int128) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// mul64 returns the exact product a*b.
func mul64(a, b int64) int128 {
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(absU(a), absU(b))
	r := int128{hi: int64(hi), lo: lo}
	if neg {
		r = r.neg()
	}
	return r
}

// mulSmall returns a*b for a small b (|b| < 2^31); it does not overflow as
// long as |a| < 2^96.
func (a int128) mulSmall(b int64) int128 {
	neg := b < 0
	if neg {
		b = -b
	}
	if a.hi < 0 {
		a = a.neg()
		neg = !neg
	}
	hi1, lo := bits.Mul64(a.lo, uint64(b))
	r := int128{hi: int64(hi1) + a.hi*b, lo: lo}
	if neg {
		r = r.neg()
	}
	return r
}

// divSmall divides a by d (0 < |d| < 2^63) and reports whether the division
// is exact and the quotient fits an int64.
func (a int128) divSmall(d int64) (int64, bool) {
	neg := (a.hi < 0) != (d < 0)
	if a.hi < 0 {
		a = a.neg()
	}
	ud := absU(d)
	if uint64(a.hi) >= ud {
		return 0, false // quotient needs more than 64 bits
	}
	q, r := bits.Div64(uint64(a.hi), a.lo, ud)
	if r != 0 || q > 1<<63 || (q == 1<<63 && !neg) {
		return 0, false
	}
	if neg {
		return int64(-q), true
	}
	return int64(q), true
}

// int64Value returns a as an int64 and whether it fits.
func (a int128) int64Value() (int64, bool) {
	v := int64(a.lo)
	return v, a.hi == v>>63
}

// cross128 returns the exact cross product x*vy - y*vx, the key of the line
// through (x, y) along (vx, vy).
func cross128(x, y, vx, vy int64) int128 {
	const small = 1 << 54 // |x*vy| < 2^61 when |x| < 2^54 and |vy| < 2^7
	if x > -small && x < small && y > -small && y < small && vx > -128 && vx < 128 && vy > -128 && vy < 128 {
		return i128(x*vy - y*vx)
	}
	return mul64(x, vy).sub(mul64(y, vx))
}

func absU(v int64) uint64 {
	if v < 0 {
		return uint64(-v) // also right for math.MinInt64
	}
	return uint64(v)
}

// addChecked returns a+b and whether it did not overflow.
func addChecked(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// mulChecked returns a*b and whether it did not overflow.
func mulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := mul64(a, b)
	v, ok := p.int64Value()
	return v, ok
}

// smallPrimeLimit bounds the sieve that answers primality for small numbers.
const smallPrimeLimit = 1 << 16

// composite is a bit set over the odd numbers below smallPrimeLimit: bit
// n/2 is set when the odd number n is composite (1 counts as composite).
var composite = func() []uint64 {
	c := make([]uint64, smallPrimeLimit/128)
	set := func(n int) { c[n/128] |= 1 << (uint(n/2) % 64) }
	set(1)
	for i := 3; i*i < smallPrimeLimit; i += 2 {
		if c[i/128]>>(uint(i/2)%64)&1 != 0 {
			continue
		}
		for j := i * i; j < smallPrimeLimit; j += 2 * i {
			set(j)
		}
	}
	return c
}()

// millerRabinBases make the Miller–Rabin test deterministic for every n below
// 3.3·10^24, so in particular for every 64-bit n (the first twelve primes).
var millerRabinBases = [...]uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}

// IsPrime reports whether n is a prime number. It is exact for every uint64:
// a sieve answers below 65536, and above it a deterministic Miller–Rabin test
// with the first twelve primes as bases (which no composite below 3.3·10^24
// passes), multiplying with math/bits' 128-bit products.
func IsPrime(n uint64) bool {
	if n < smallPrimeLimit {
		if n < 3 {
			return n == 2
		}
		return n&1 == 1 && composite[n/128]>>((n/2)%64)&1 == 0
	}
	if n&1 == 0 {
		return false
	}
	for _, p := range millerRabinBases {
		if n%p == 0 {
			return false
		}
	}
	d, s := n-1, 0
	for d&1 == 0 {
		d >>= 1
		s++
	}
	for _, a := range millerRabinBases {
		x := powMod(a, d, n)
		if x == 1 || x == n-1 {
			continue
		}
		witness := true
		for r := 1; r < s; r++ {
			x = mulMod(x, x, n)
			if x == n-1 {
				witness = false
				break
			}
		}
		if witness {
			return false
		}
	}
	return true
}

func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%m, lo, m)
	return r
}

func powMod(a, e, m uint64) uint64 {
	r := uint64(1)
	a %= m
	for e > 0 {
		if e&1 == 1 {
			r = mulMod(r, a, m)
		}
		a = mulMod(a, a, m)
		e >>= 1
	}
	return r
}

// nextPrime returns the smallest prime ≥ n, or 0 if there is none below
// limit.
func nextPrime(n, limit uint64) uint64 {
	if n <= 2 {
		return 2
	}
	if n&1 == 0 {
		n++
	}
	for ; n < limit; n += 2 {
		if IsPrime(n) {
			return n
		}
	}
	return 0
}
