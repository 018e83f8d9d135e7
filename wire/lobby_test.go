package wire

import (
	"errors"
	"strings"
	"testing"
)

// TestDecodeLobby: the lobby's messages read, and malformed ones refused
// with their reason.
func TestDecodeLobby(t *testing.T) {
	id := strings.Repeat("a", 20)
	good := []string{
		`{"type":"ping"}`,
		`{"type":"hello"}`,
		`{"type":"hello","held":[{"seek":"` + id + `","seat":2,"token":"tok"}]}`,
		`{"type":"look","seek":"` + id + `"}`,
		`{"type":"accept","seek":"` + id + `"}`,
		`{"type":"accept","seek":"` + id + `","seat":4,"name":"Ann B."}`,
		`{"type":"leave","seek":"` + id + `"}`,
		`{"type":"cancel","seek":"` + id + `"}`,
		`{"type":"quick","variant":"chess","clock":"5m+3s","options":{"players":"4"}}`,
		`{"type":"create","new":{"variant":"martian-chess","options":{"players":"4"},"seats":["open","you","computer:3","random"],"clock":"1m","unlisted":true,"start":"x"}}`,
	}
	for _, g := range good {
		if _, err := DecodeLobby([]byte(g)); err != nil {
			t.Errorf("%s: %v", g, err)
		}
	}
	bad := []struct{ text, want string }{
		{``, "not a JSON"},
		{`{}`, "no type"},
		{`{"type":"dance"}`, "unknown type"},
		{`{"type":"ping","extra":1}`, "unknown field"},
		{`{"type":"ping"} {}`, "more than one"},
		{`{"type":"look"}`, "want a seek's id"},
		{`{"type":"look","seek":"a/b"}`, "want a seek's id"},
		{`{"type":"look","seek":"` + strings.Repeat("a", 65) + `"}`, "want a seek's id"},
		{`{"type":"ping","seek":"abc"}`, "no seek expected"},
		{`{"type":"look","seek":"abc","seat":1}`, "no seat expected"},
		{`{"type":"accept","seek":"abc","seat":5}`, "seat 5"},
		{`{"type":"accept","seek":"abc","seat":-1}`, "seat -1"},
		{`{"type":"accept","seek":"abc","name":"` + strings.Repeat("x", 41) + `"}`, "name"},
		{`{"type":"accept","seek":"abc","name":"a\u0007b"}`, "name"},
		{`{"type":"hello","held":[{"seek":"abc","seat":0,"token":"t"}]}`, "held seat 1"},
		{`{"type":"hello","held":[{"seek":"abc","seat":1,"token":""}]}`, "held seat 1"},
		{`{"type":"hello","held":[` + strings.Repeat(`{"seek":"abc","seat":1,"token":"t"},`, 8) + `{"seek":"abc","seat":1,"token":"t"}]}`, "9 seats"},
		{`{"type":"look","seek":"abc","held":[]}`, "no held seats"},
		{`{"type":"create"}`, "no seek"},
		{`{"type":"look","seek":"abc","new":{"variant":"chess","seats":["you","open"]}}`, "no new seek"},
		{`{"type":"create","new":{"variant":"","seats":["you","open"]}}`, "variant"},
		{`{"type":"create","new":{"variant":"chess","seats":["you"]}}`, "1 seats"},
		{`{"type":"create","new":{"variant":"chess","seats":["you","open","open","open","open"]}}`, "5 seats"},
		{`{"type":"create","new":{"variant":"chess","seats":["open","open"]}}`, "exactly one"},
		{`{"type":"create","new":{"variant":"chess","seats":["you","random"]}}`, "no seat is open"},
		{`{"type":"create","new":{"variant":"chess","seats":["you","computer:0"]}}`, "computer:0"},
		{`{"type":"create","new":{"variant":"chess","seats":["you","computer:03"]}}`, "computer:03"},
		{`{"type":"create","new":{"variant":"chess","seats":["you","human"]}}`, "human"},
		{`{"type":"create","new":{"variant":"chess","seats":["you","open"],"start":"` + strings.Repeat("x", MaxSeekStart+1) + `"}}`, "more than"},
		{`{"type":"quick"}`, "want a variant"},
		{`{"type":"quick","variant":"chess","clock":"` + strings.Repeat("1", 33) + `"}`, "clock"},
		{`{"type":"ping","name":"` + strings.Repeat("é", 41) + `"}`, "name"},
		{"{\"type\":\"ping\",\"name\":\"\xff\"}", "UTF-8"},
		{`{"type":"look","seek":"` + strings.Repeat("a", MaxLobbyMessageBytes) + `"}`, "bytes"},
	}
	for _, b := range bad {
		_, err := DecodeLobby([]byte(b.text))
		if err == nil || !errors.Is(err, ErrBadMessage) || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%.80s: %v, want %q", b.text, err, b.want)
		}
	}
}

// FuzzDecodeLobby: any bytes are read or refused without a panic; a
// message read is of a known type with its fields within the limits.
// Its seeds are in testdata/fuzz/FuzzDecodeLobby.
func FuzzDecodeLobby(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeLobby(data)
		if err != nil {
			if !errors.Is(err, ErrBadMessage) {
				t.Fatalf("%q: an error that is not ErrBadMessage: %v", data, err)
			}
			return
		}
		if len(data) > MaxLobbyMessageBytes || !ValidName(m.Name) || m.Seat < 0 || m.Seat > MaxSeekSeats {
			t.Fatalf("%q: read as %+v", data, m)
		}
		switch m.Type {
		case "ping", "hello", "quick":
			if m.Seek != "" {
				t.Fatalf("%q: a seek for %s", data, m.Type)
			}
		case "look", "accept", "leave", "cancel":
			if !ValidSeekID(m.Seek) {
				t.Fatalf("%q: seek %q", data, m.Seek)
			}
		case "create":
			n := m.New
			if n == nil || len(n.Seats) < MinSeekSeats || len(n.Seats) > MaxSeekSeats || len(n.Start) > MaxSeekStart || len(n.Options) > MaxSeekOptions {
				t.Fatalf("%q: new seek %+v", data, n)
			}
			you := 0
			for _, s := range n.Seats {
				if !ValidSeatPlays(s) {
					t.Fatalf("%q: seat %q", data, s)
				}
				if s == "you" {
					you++
				}
			}
			if you != 1 {
				t.Fatalf("%q: %d seats are the creator's", data, you)
			}
		default:
			t.Fatalf("%q: type %q", data, m.Type)
		}
		if m.Type != "create" && m.New != nil || m.Type != "hello" && m.Held != nil || len(m.Held) > MaxHeld {
			t.Fatalf("%q: fields of another type: %+v", data, m)
		}
		for _, h := range m.Held {
			if !ValidSeekID(h.Seek) || h.Seat < 1 || h.Seat > MaxSeekSeats || h.Token == "" || len(h.Token) > MaxTokenText {
				t.Fatalf("%q: held %+v", data, h)
			}
		}
	})
}
