package server

// Rate limits per client address.

import (
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// maxAddrs bounds an addrLimiter's buckets; past it the full ones (and if
// need be any) are forgotten, down to nine tenths of it.
const maxAddrs = 100_000

// addrLimiter is a token bucket per client address: burst at once, then
// one every every.
type addrLimiter struct {
	mu    sync.Mutex
	addrs map[string]*rate.Limiter
	burst int
	every time.Duration
}

func newAddrLimiter(burst int, every time.Duration) *addrLimiter {
	return &addrLimiter{addrs: map[string]*rate.Limiter{}, burst: burst, every: every}
}

// allow takes a token from addr's bucket.
func (a *addrLimiter) allow(addr string, now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	b := a.addrs[addr]
	if b == nil {
		if len(a.addrs) >= maxAddrs {
			a.forget(now)
		}
		b = rate.NewLimiter(rate.Every(a.every), a.burst)
		a.addrs[addr] = b
	}
	return b.AllowN(now, 1)
}

// forget drops the buckets that are full again, then any, until nine
// tenths of maxAddrs are left: one scan pays for a tenth of maxAddrs new
// addresses.
func (a *addrLimiter) forget(now time.Time) {
	for k, b := range a.addrs {
		if b.TokensAt(now) >= float64(a.burst) {
			delete(a.addrs, k)
		}
	}
	for k := range a.addrs {
		if len(a.addrs) < maxAddrs*9/10 {
			break
		}
		delete(a.addrs, k)
	}
}

// clientAddr is the request's address without its port; IPv6 addresses
// count by their /64 network, which one client usually holds whole.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := net.ParseIP(host); ip != nil && ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return host
}
