package server

// Rate limits per client address.

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
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

// clientAddr is the request's client address without its port; IPv6
// addresses count by their /64 network, which one client usually holds
// whole. Behind a proxy of Config.TrustedProxies the client is the last
// address of X-Forwarded-For that is not such a proxy (the addresses a
// client writes itself come before those the proxies append); from any
// other peer the header is ignored.
func (s *Server) clientAddr(r *http.Request) string {
	ip := peerAddr(r)
	if ip.IsValid() && s.trusted(ip) {
		hops := r.Header.Values("X-Forwarded-For")
	walk:
		for i := len(hops) - 1; i >= 0; i-- {
			parts := strings.Split(hops[i], ",")
			for j := len(parts) - 1; j >= 0; j-- {
				hop, err := netip.ParseAddr(strings.TrimSpace(parts[j]))
				if err != nil {
					break walk // not an address: the client is the last proxy's peer
				}
				ip = hop.Unmap()
				if !s.trusted(ip) {
					break walk
				}
			}
		}
	}
	if !ip.IsValid() {
		return r.RemoteAddr
	}
	if ip.Is6() {
		return netip.PrefixFrom(ip, 64).Masked().String()
	}
	return ip.String()
}

// peerAddr is the address of the request's peer (the zero Addr when it
// does not parse).
func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return ip.Unmap()
}

// trusted reports whether ip is one of Config.TrustedProxies.
func (s *Server) trusted(ip netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
