package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeFlags: bad flags are refused before anything starts.
func TestServeFlags(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "8080"}, "want HOST:PORT"},
		{[]string{"--addr", "127.0.0.1:http"}, "port must be a number"},
		{[]string{"--addr", "127.0.0.1:70000"}, "port must be a number"},
		{[]string{"--db", ""}, "want a database file"},
		{[]string{"--db", dir}, "is a directory"},
		{[]string{"--db", filepath.Join(dir, "no", "such", "x.db")}, "does not exist"},
		{[]string{"--movetime", "1ms"}, "want 10ms to 1m"},
		{[]string{"--movetime", "2h"}, "want 10ms to 1m"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"--db", "postgres://u:secret@[::1/x"}, "does not parse"},
		{[]string{"--workers", "-1"}, "with a PostgreSQL database"},
		{[]string{"--workers", "1000"}, "want 0 to 256"},
		{[]string{"--search-threads", "0"}, "--search-threads 0: want 1 to 256"},
		{[]string{"--search-threads", "9999"}, "--search-threads 9999"},
		{[]string{"--lease", "1ms"}, "want 500ms to 10m"},
		{[]string{"--trusted-proxy", "10.0.0.0/8,nonsense"}, `--trusted-proxy "nonsense": want an address or a CIDR network`},
		{[]string{"--trusted-proxy", "10.0.0.0/99"}, "--trusted-proxy"},
		{[]string{"--bogus"}, "flag provided but not defined"},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		err := run(append([]string{"serve"}, tc.args...), strings.NewReader(""), &out)
		if err == nil || !strings.Contains(err.Error()+out.String(), tc.want) {
			t.Errorf("serve %v: %v; want an error with %q", tc.args, err, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "anychess.db")); err == nil {
		t.Error("a refused command created a database")
	}
}

// TestParseProxies: addresses and networks, spaces and empty entries.
func TestParseProxies(t *testing.T) {
	got, err := parseProxies(" 10.0.0.0/8, 192.0.2.1 ,,::ffff:198.51.100.2, 2001:db8::/32 , 10.1.2.3/8")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.0/8", "192.0.2.1/32", "198.51.100.2/32", "2001:db8::/32", "10.0.0.0/8"}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("entry %d: %v, want %s", i, got[i], want[i])
		}
	}
	if got, err := parseProxies(""); err != nil || got != nil {
		t.Errorf("none: %v, %v", got, err)
	}
	if _, err := parseProxies(strings.Repeat("10.0.0.1,", 65)); err == nil || !strings.Contains(err.Error(), "at most 64") {
		t.Errorf("65 entries: %v", err)
	}
}
