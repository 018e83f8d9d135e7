package server

import (
	"fmt"
	"net/http"
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

// TestClientAddr: the port dropped; IPv6 addresses by their /64.
func TestClientAddr(t *testing.T) {
	for _, tc := range []struct{ remote, want string }{
		{"192.0.2.7:5555", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:443", "2001:db8:1:2::/64"},
		{"[::1]:80", "::/64"},
		{"garbage", "garbage"},
	} {
		if got := clientAddr(&http.Request{RemoteAddr: tc.remote}); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.remote, got, tc.want)
		}
	}
}
