package server

import (
	"fmt"
	"net/http"
	"net/netip"
	"testing"
	"time"
)

// TestAddrLimiter: a burst, then one token every interval, per address;
// the buckets stay bounded however many addresses come.
func TestAddrLimiter(t *testing.T) {
	a := newAddrLimiter(2, time.Minute)
	now := time.Unix(1_700_000_000, 0)
	for i, want := range []bool{true, true, false, false} {
		if got := a.allow("10.0.0.1", now); got != want {
			t.Errorf("try %d: %v, want %v", i+1, got, want)
		}
	}
	if !a.allow("10.0.0.2", now) {
		t.Error("another address shares the bucket")
	}
	if !a.allow("10.0.0.1", now.Add(time.Minute)) || a.allow("10.0.0.1", now.Add(time.Minute)) {
		t.Error("one token a minute")
	}
	for i := range maxAddrs + 10 {
		a.allow(fmt.Sprintf("a%d", i), now)
	}
	if n := len(a.addrs); n > maxAddrs {
		t.Errorf("%d buckets kept, more than %d", n, maxAddrs)
	}
}

// TestClientAddr: the port dropped; IPv6 addresses by their /64;
// X-Forwarded-For read only from a trusted proxy, from the right, up to
// the first address that is not a trusted proxy.
func TestClientAddr(t *testing.T) {
	proxies := &Server{cfg: Config{TrustedProxies: []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8:ffff::/48"),
	}}}
	none := &Server{}
	for _, tc := range []struct {
		name   string
		s      *Server
		remote string
		xff    []string
		want   string
	}{
		{"IPv4", none, "192.0.2.7:5555", nil, "192.0.2.7"},
		{"IPv6 by /64", none, "[2001:db8:1:2:3:4:5:6]:443", nil, "2001:db8:1:2::/64"},
		{"IPv6 by /64, another host", none, "[2001:db8:1:2:ffff::1]:443", nil, "2001:db8:1:2::/64"},
		{"loopback IPv6", none, "[::1]:80", nil, "::/64"},
		{"IPv4 mapped", none, "[::ffff:192.0.2.9]:80", nil, "192.0.2.9"},
		{"garbage", none, "garbage", nil, "garbage"},
		{"header without trusted proxies", none, "192.0.2.7:1", []string{"198.51.100.1"}, "192.0.2.7"},
		{"header from an untrusted peer", proxies, "192.0.2.7:1", []string{"198.51.100.1"}, "192.0.2.7"},
		{"one trusted proxy", proxies, "10.1.2.3:1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"a client's forged hop before", proxies, "10.1.2.3:1", []string{"203.0.113.5, 198.51.100.1"}, "198.51.100.1"},
		{"two trusted proxies", proxies, "10.1.2.3:1", []string{"198.51.100.1, 10.9.9.9"}, "198.51.100.1"},
		{"headers split over lines", proxies, "10.1.2.3:1", []string{"198.51.100.1", "10.9.9.9"}, "198.51.100.1"},
		{"IPv6 client behind a proxy", proxies, "[2001:db8:ffff::1]:1", []string{"2001:db8:5:6::7"}, "2001:db8:5:6::/64"},
		{"no header from a proxy", proxies, "10.1.2.3:1", nil, "10.1.2.3"},
		{"garbage at the right", proxies, "10.1.2.3:1", []string{"198.51.100.1, bogus"}, "10.1.2.3"},
		{"only proxies", proxies, "10.1.2.3:1", []string{"10.4.4.4"}, "10.4.4.4"},
	} {
		r := &http.Request{RemoteAddr: tc.remote, Header: http.Header{}}
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := tc.s.clientAddr(r); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
