package wire

// The lobby's messages: what a client asks (seek, take a seat, quick pairing, leave, cancel) and what the server shows (open seeks, live games to watch).

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LobbyMessage is a message from a browser on the lobby's websocket. Type
// says what it asks:
//
//	hello   Held: the seats this client holds (after a reconnection), each
//	        with the token the server gave for it
//	look    follow seek Seek (a challenge's link): its changes are sent
//	create  make seek New, sitting in its "you" seat, as Name
//	accept  take seat Seat (1-based; 0: the first open one) of seek Seek,
//	        as Name
//	quick   quick pairing: take an open seat of a listed seek of Variant
//	        with Options and Clock, or make one
//	leave   give up the seat held in seek Seek (its creator: cancel it)
//	cancel  cancel seek Seek (its creator only)
//	ping    keep the connection alive
type LobbyMessage struct {
	Type    string            `json:"type"`
	Seek    string            `json:"seek,omitempty"`
	Seat    int               `json:"seat,omitempty"`
	Name    string            `json:"name,omitempty"`
	Held    []HeldSeat        `json:"held,omitempty"`
	New     *NewSeek          `json:"new,omitempty"`
	Variant string            `json:"variant,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Clock   string            `json:"clock,omitempty"`
}

// HeldSeat is a seek's seat that a client holds: Seat is 1-based, Token
// the token the server gave when the seat was taken.
type HeldSeat struct {
	Seek  string `json:"seek"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// NewSeek describes a seek to make. Seats has one entry per seat of the
// variant (with these options): "you" (exactly one: the creator's),
// "open" (for a person), "computer:N" or "random". Unlisted makes a
// challenge: it is not in the list, and only its link leads to it. Start
// is a start position, "" for the variant's.
type NewSeek struct {
	Variant   string            `json:"variant"`
	Options   map[string]string `json:"options,omitempty"`
	Start     string            `json:"start,omitempty"`
	Clock     string            `json:"clock,omitempty"`
	Takebacks bool              `json:"takebacks,omitempty"`
	Seats     []string          `json:"seats"`
	Unlisted  bool              `json:"unlisted,omitempty"`
}

// Limits of lobby messages.
const (
	// MaxLobbyMessageBytes is the largest lobby message a client may send.
	MaxLobbyMessageBytes = 8192
	// MaxSeekStart is the longest start position of a seek.
	MaxSeekStart = 4096
	// MaxHeld is the most seats a hello may name.
	MaxHeld = 8
	// MinSeekSeats and MaxSeekSeats bound a seek's seats.
	MinSeekSeats = 2
	MaxSeekSeats = 4
	// MaxLobbyName is the longest name, in characters.
	MaxLobbyName = 40
	// MaxSeekOptions is the most options a seek may give.
	MaxSeekOptions = 32
)

// ValidSeekID reports whether s has the shape of a seek's id: 1 to 64
// letters and digits.
func ValidSeekID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// ValidSeatPlays reports whether s says who plays a seek's seat: you,
// open, random or computer:N with N from 1 to 99 (the server checks N
// against its levels).
func ValidSeatPlays(s string) bool {
	switch s {
	case "you", "open", "random":
		return true
	}
	arg, ok := strings.CutPrefix(s, "computer:")
	if !ok {
		return false
	}
	n, err := strconv.Atoi(arg)
	return err == nil && n >= 1 && n <= 99 && arg == strconv.Itoa(n)
}

// ValidName reports whether a person's name can be shown: at most
// MaxLobbyName printable characters.
func ValidName(s string) bool {
	return utf8.ValidString(s) && utf8.RuneCountInString(s) <= MaxLobbyName && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) })
}

// DecodeLobby reads one lobby message and checks its shape: a known type,
// the fields it needs, sizes within the limits. It never panics, whatever
// the bytes. Whether a variant, an option or a clock exists is the
// server's to say.
func DecodeLobby(data []byte) (LobbyMessage, error) {
	var m LobbyMessage
	bad := func(format string, args ...any) (LobbyMessage, error) {
		return LobbyMessage{}, fmt.Errorf("%w: %s", ErrBadMessage, fmt.Sprintf(format, args...))
	}
	if err := decodeObject(data, MaxLobbyMessageBytes, &m); err != nil {
		return bad("%v", err)
	}
	if !ValidName(m.Name) {
		return bad("name: at most %d printable characters", MaxLobbyName)
	}
	if m.Seat < 0 || m.Seat > MaxSeekSeats {
		return bad("seat %d: want 1 to %d, or none for the first open seat", m.Seat, MaxSeekSeats)
	}
	if m.Seat != 0 && m.Type != "accept" {
		return bad("%s: no seat expected", m.Type)
	}
	needSeek := false
	switch m.Type {
	case "hello":
		if len(m.Held) > MaxHeld {
			return bad("hello names %d seats, more than %d", len(m.Held), MaxHeld)
		}
		for i, h := range m.Held {
			if !ValidSeekID(h.Seek) || h.Seat < 1 || h.Seat > MaxSeekSeats || h.Token == "" || len(h.Token) > MaxTokenText {
				return bad("hello: held seat %d: want a seek's id, a seat from 1 to %d and its token", i+1, MaxSeekSeats)
			}
		}
	case "look", "accept", "leave", "cancel":
		needSeek = true
	case "create":
		if m.New == nil {
			return bad("create: no seek (new)")
		}
		if err := checkNewSeek(m.New); err != nil {
			return bad("create: %v", err)
		}
	case "quick":
		if m.Variant == "" || len(m.Variant) > 64 {
			return bad("quick: want a variant's name")
		}
		if len(m.Options) > MaxSeekOptions {
			return bad("quick: %d options, more than %d", len(m.Options), MaxSeekOptions)
		}
		if len(m.Clock) > 32 {
			return bad("quick: a clock of at most 32 bytes")
		}
	case "ping":
	case "":
		return bad("no type")
	default:
		return bad("unknown type %q", truncate(m.Type, 32))
	}
	if needSeek && !ValidSeekID(m.Seek) {
		return bad("%s: want a seek's id", m.Type)
	}
	if !needSeek && m.Seek != "" {
		return bad("%s: no seek expected", m.Type)
	}
	if m.Type != "create" && m.New != nil {
		return bad("%s: no new seek expected", m.Type)
	}
	if m.Type != "hello" && m.Held != nil {
		return bad("%s: no held seats expected", m.Type)
	}
	return m, nil
}

func checkNewSeek(n *NewSeek) error {
	if n.Variant == "" || len(n.Variant) > 64 {
		return fmt.Errorf("want a variant's name")
	}
	if len(n.Options) > MaxSeekOptions {
		return fmt.Errorf("%d options, more than %d", len(n.Options), MaxSeekOptions)
	}
	if len(n.Start) > MaxSeekStart {
		return fmt.Errorf("a start position of %d bytes, more than %d", len(n.Start), MaxSeekStart)
	}
	if len(n.Clock) > 32 {
		return fmt.Errorf("a clock of at most 32 bytes")
	}
	if len(n.Seats) < MinSeekSeats || len(n.Seats) > MaxSeekSeats {
		return fmt.Errorf("%d seats: want %d to %d", len(n.Seats), MinSeekSeats, MaxSeekSeats)
	}
	you, open := 0, 0
	for i, s := range n.Seats {
		if !ValidSeatPlays(s) {
			return fmt.Errorf("seat %d: %q; want you, open, random or computer:LEVEL", i+1, truncate(s, 20))
		}
		switch s {
		case "you":
			you++
		case "open":
			open++
		}
	}
	if you != 1 {
		return fmt.Errorf("%d seats are yours: want exactly one \"you\"", you)
	}
	if open == 0 {
		return fmt.Errorf("no seat is open for a person: a seek waits for somebody")
	}
	return nil
}

// Seek is a seek as the lobby shows it.
type Seek struct {
	ID      string            `json:"id"`
	Variant string            `json:"variant"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options"`
	// Start is the seek's start position, "" for the variant's.
	Start     string `json:"start,omitempty"`
	Clock     string `json:"clock"`
	Takebacks bool   `json:"takebacks"`
	Unlisted  bool   `json:"unlisted"`
	// Creator is the seat (1-based) of the person who made it.
	Creator int `json:"creator"`
	// Created is when it was made, in milliseconds since 1970.
	Created int64 `json:"created"`
	// State is open, started, cancelled or expired; Game the game made
	// when it started.
	State string     `json:"state"`
	Game  string     `json:"game,omitempty"`
	Seats []SeekSeat `json:"seats"`
	// Open is how many seats still wait for a person.
	Open int `json:"open"`
	// Link is the seek's page (/s/ID).
	Link string `json:"link"`
}

// SeekSeat is a seat of a seek.
type SeekSeat struct {
	Seat int `json:"seat"` // 1-based
	// Player is the variant's name of the seat ("White", "South-west").
	Player string `json:"player"`
	// Plays is open (a person's seat) or who plays it (computer:N, random).
	Plays string `json:"plays"`
	// Taken: a person sits in it, named Name.
	Taken bool   `json:"taken"`
	Name  string `json:"name,omitempty"`
}

// LiveGame is a game that goes on, in the list of games to watch.
type LiveGame struct {
	ID      string            `json:"id"`
	Variant string            `json:"variant"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options"`
	Seats   []SeatInfo        `json:"seats"`
	Ply     int               `json:"ply"`
	// Spectators is how many spectators are connected, to any server.
	Spectators int   `json:"spectators"`
	Created    int64 `json:"created"`
	// Watch is the game's page (/g/ID).
	Watch string `json:"watch"`
}

// Lobby messages of the server: the list of open seeks, the list of live
// games, one seek (its changes, to the clients that hold a seat in it or
// follow it), a seat just taken (with its token), a seat no longer held,
// an error.
type (
	// SeeksMessage: type "seeks".
	SeeksMessage struct {
		Type  string `json:"type"`
		Seeks []Seek `json:"seeks"`
	}
	// GamesMessage: type "games".
	GamesMessage struct {
		Type  string     `json:"type"`
		Games []LiveGame `json:"games"`
	}
	// SeekMessage: type "seek".
	SeekMessage struct {
		Type string `json:"type"`
		Seek Seek   `json:"seek"`
	}
	// SeatedMessage: type "seated": the connection took Seat (1-based)
	// of Seek; Token is its key to the seat, and then to the game's.
	SeatedMessage struct {
		Type  string `json:"type"`
		Seek  Seek   `json:"seek"`
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	// ReleasedMessage: type "released": the connection does not hold
	// Seat (1-based) of seek Seek (any more): it left it, or its token no
	// longer opens it (the seat was freed while its person was gone).
	ReleasedMessage struct {
		Type string `json:"type"`
		Seek string `json:"seek"`
		Seat int    `json:"seat"`
	}
)
