package core

// Tests of the exact arithmetic of unbounded boards: primality, 128-bit products and checked operations.

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestIsPrimeNamedNumbers checks famous primes and the composites that fool
// weaker tests: Carmichael numbers (Fermat liars to every coprime base) and
// strong pseudoprimes to the first few prime bases. Each composite comes with
// a factorisation, checked here, so the expectation does not rest on the
// code under test.
func TestIsPrimeNamedNumbers(t *testing.T) {
	composites := []struct {
		name    string
		n       uint64
		factors []uint64
	}{
		{"Carmichael 561", 561, []uint64{3, 11, 17}},
		{"Carmichael 1105", 1105, []uint64{5, 13, 17}},
		{"Carmichael 1729", 1729, []uint64{7, 13, 19}},
		{"Carmichael 41041", 41041, []uint64{7, 11, 13, 41}},
		{"Carmichael 825265", 825265, []uint64{5, 7, 17, 19, 73}},
		{"Carmichael 3215031751", 3215031751, []uint64{151, 751, 28351}},
		{"strong pseudoprime base 2", 2047, []uint64{23, 89}},
		{"strong pseudoprime bases 2,3", 1373653, []uint64{829, 1657}},
		{"strong pseudoprime bases 2,3,5", 25326001, []uint64{2251, 11251}},
		{"strong pseudoprime bases 2..11", 2152302898747, []uint64{6763, 10627, 29947}},
		{"strong pseudoprime bases 2..13", 3474749660383, []uint64{1303, 16927, 157543}},
		{"strong pseudoprime bases 2..17", 341550071728321, []uint64{10670053, 32010157}},
		{"strong pseudoprime bases 2..23", 3825123056546413051, []uint64{149491, 747451, 34233211}},
		{"square of a large prime", 4294967291 * 4294967291, []uint64{4294967291, 4294967291}},
		{"2^64 - 1", math.MaxUint64, []uint64{3, 5, 17, 257, 641, 65537, 6700417}},
	}
	for _, c := range composites {
		product := uint64(1)
		for _, f := range c.factors {
			if f < 2 || !big.NewInt(0).SetUint64(f).ProbablyPrime(0) {
				t.Fatalf("%s: factor %d is not prime", c.name, f)
			}
			product *= f
		}
		if product != c.n {
			t.Fatalf("%s: factors multiply to %d, not %d", c.name, product, c.n)
		}
		if IsPrime(c.n) {
			t.Errorf("IsPrime(%d) (%s) = true, want false", c.n, c.name)
		}
	}
	primes := []struct {
		name string
		n    uint64
	}{
		{"2", 2}, {"5", 5}, {"65521 (largest below 2^16)", 65521}, {"65537 (first above the sieve)", 65537},
		{"2^31 - 1", 1<<31 - 1}, {"4294967291 (largest below 2^32)", 4294967291},
		{"2^61 - 1", 1<<61 - 1}, {"2^62 - 57", 1<<62 - 57}, {"2^63 - 25", 1<<63 - 25},
		{"largest 64-bit prime", math.MaxUint64 - 58},
	}
	for _, c := range primes {
		if !big.NewInt(0).SetUint64(c.n).ProbablyPrime(0) {
			t.Fatalf("%s: math/big says %d is composite", c.name, c.n)
		}
		if !IsPrime(c.n) {
			t.Errorf("IsPrime(%d) (%s) = false, want true", c.n, c.name)
		}
	}
}

// TestIsPrimeAgreesWithBig compares IsPrime with math/big's ProbablyPrime(0),
// which is exact below 2^64 (Baillie–PSW), over small numbers, random ones
// and the numbers around powers of two.
func TestIsPrimeAgreesWithBig(t *testing.T) {
	check := func(n uint64) {
		t.Helper()
		want := big.NewInt(0).SetUint64(n).ProbablyPrime(0)
		if got := IsPrime(n); got != want {
			t.Fatalf("IsPrime(%d) = %v, math/big says %v", n, got, want)
		}
	}
	for n := uint64(0); n < 70000; n++ {
		check(n)
	}
	rng := rand.New(rand.NewPCG(5, 7))
	for i := 0; i < 20000; i++ {
		check(rng.Uint64() >> uint(rng.IntN(64)))
	}
	for b := 17; b < 64; b++ {
		for d := uint64(0); d < 40; d++ {
			check(1<<b + d)
			check(1<<b - d)
		}
	}
}

func TestNextPrime(t *testing.T) {
	for _, tc := range []struct{ n, limit, want uint64 }{
		{0, 100, 2}, {3, 100, 3}, {8, 100, 11}, {24, 100, 29}, {90, 97, 0}, {90, 98, 97},
	} {
		if got := nextPrime(tc.n, tc.limit); got != tc.want {
			t.Errorf("nextPrime(%d, %d) = %d, want %d", tc.n, tc.limit, got, tc.want)
		}
	}
	// Far out, the answer is prime and no number between is.
	for _, n := range []uint64{1e12, 1 << 61, 1<<62 - 100} {
		q := nextPrime(n, math.MaxUint64)
		if q < n || !big.NewInt(0).SetUint64(q).ProbablyPrime(0) {
			t.Fatalf("nextPrime(%d) = %d, not a prime ≥ n", n, q)
		}
		for k := n; k < q; k++ {
			if big.NewInt(0).SetUint64(k).ProbablyPrime(0) {
				t.Fatalf("nextPrime(%d) = %d skips the prime %d", n, q, k)
			}
		}
	}
}

// big128 converts an int128 for comparison.
func big128(a int128) *big.Int {
	v := big.NewInt(a.hi)
	v.Lsh(v, 64)
	return v.Add(v, new(big.Int).SetUint64(a.lo))
}

// TestInt128AgainstBig checks every int128 operation against math/big.
func TestInt128AgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	edge := []int64{0, 1, -1, 2, math.MaxInt64, math.MinInt64 + 1, MaxPlaneCoord, -MaxPlaneCoord, 1 << 54, -(1 << 54)}
	val := func() int64 {
		if rng.IntN(4) == 0 {
			return edge[rng.IntN(len(edge))]
		}
		return int64(rng.Uint64()) >> uint(rng.IntN(63))
	}
	for i := 0; i < 20000; i++ {
		a, b := val(), val()
		small := int64(rng.IntN(1<<16)) - 1<<15
		p := mul64(a, b)
		if want := new(big.Int).Mul(big.NewInt(a), big.NewInt(b)); big128(p).Cmp(want) != 0 {
			t.Fatalf("mul64(%d, %d) = %v, want %v", a, b, big128(p), want)
		}
		q := i128(a)
		if big128(q.add(i128(b))).Cmp(new(big.Int).Add(big.NewInt(a), big.NewInt(b))) != 0 {
			t.Fatalf("add(%d, %d) wrong", a, b)
		}
		if big128(q.sub(i128(b))).Cmp(new(big.Int).Sub(big.NewInt(a), big.NewInt(b))) != 0 {
			t.Fatalf("sub(%d, %d) wrong", a, b)
		}
		if got, want := q.cmp(i128(b)), big.NewInt(a).Cmp(big.NewInt(b)); got != want {
			t.Fatalf("cmp(%d, %d) = %d, want %d", a, b, got, want)
		}
		ms := p.mulSmall(small)
		if want := new(big.Int).Mul(big128(p), big.NewInt(small)); big128(ms).Cmp(want) != 0 && big128(p).BitLen() < 96 {
			t.Fatalf("mulSmall(%v, %d) = %v, want %v", big128(p), small, big128(ms), want)
		}
		if small != 0 {
			quo, ok := p.divSmall(small)
			wq, wr := new(big.Int).QuoRem(big128(p), big.NewInt(small), new(big.Int))
			wantOK := wr.Sign() == 0 && wq.IsInt64()
			if ok != wantOK || ok && quo != wq.Int64() {
				t.Fatalf("divSmall(%v, %d) = %d, %v; want %v, %v", big128(p), small, quo, ok, wq, wantOK)
			}
		}
		x, y, vx, vy := val()>>1, val()>>1, int64(rng.IntN(255))-127, int64(rng.IntN(255))-127
		want := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(x), big.NewInt(vy)), new(big.Int).Mul(big.NewInt(y), big.NewInt(vx)))
		if got := cross128(x, y, vx, vy); big128(got).Cmp(want) != 0 {
			t.Fatalf("cross128(%d, %d, %d, %d) = %v, want %v", x, y, vx, vy, big128(got), want)
		}
		s, ok := addChecked(a, b)
		sum := new(big.Int).Add(big.NewInt(a), big.NewInt(b))
		if ok != sum.IsInt64() || ok && s != sum.Int64() {
			t.Fatalf("addChecked(%d, %d) = %d, %v", a, b, s, ok)
		}
		m, ok := mulChecked(a, b)
		prod := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
		if ok != prod.IsInt64() || ok && m != prod.Int64() {
			t.Fatalf("mulChecked(%d, %d) = %d, %v", a, b, m, ok)
		}
	}
}
