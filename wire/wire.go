package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"anychess/core"
)

// Coord is a square's coordinates as decimal strings.
type Coord struct {
	X string `json:"x"`
	Y string `json:"y"`
}

// CoordOf writes a core coordinate.
func CoordOf(c core.Coord) Coord {
	return Coord{X: strconv.FormatInt(c.X, 10), Y: strconv.FormatInt(c.Y, 10)}
}

// Core reads the coordinate back; it fails on text that is not a 64-bit
// integer.
func (c Coord) Core() (core.Coord, error) {
	x, err1 := strconv.ParseInt(c.X, 10, 64)
	y, err2 := strconv.ParseInt(c.Y, 10, 64)
	if err1 != nil || err2 != nil {
		return core.Coord{}, fmt.Errorf("coordinate (%q,%q): want two whole numbers", c.X, c.Y)
	}
	return core.Coord{X: x, Y: y}, nil
}

// Board is what a page needs to draw a variant's board and explain its
// moves: geometry, regions, players and pieces. It depends on the rules
// alone, not on a position.
type Board struct {
	Variant string            `json:"variant"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options"`
	// Unbounded boards have no size and no cell list.
	Unbounded bool `json:"unbounded"`
	Files     int  `json:"files"`
	Ranks     int  `json:"ranks"`
	// Cells lists every cell of the Files×Ranks rectangle that is not a
	// plain playable square: "hole" (not part of the board, blocks moves),
	// "pass" (not part of the board, moves cross it) or "water" (part of
	// the board, blocks moves).
	Cells []Cell `json:"cells"`
	// Regions are the board's named areas (zones, palaces, keeps, bridges,
	// promotion areas); Zone is the player whose zone it is, or -1.
	Regions []Region `json:"regions"`
	// FileLabels and RankLabels are what players call files and ranks when
	// that is not the coordinates (Longchess); FileNames are the
	// coordinate names of the files (a, b, … aa).
	FileLabels []string `json:"fileLabels,omitempty"`
	RankLabels []string `json:"rankLabels,omitempty"`
	FileNames  []string `json:"fileNames,omitempty"`
	Players    []Player `json:"players"`
	Pieces     []Piece  `json:"pieces"`
	// Declarations are the announcements a player may add to a move (":clock").
	Declarations []Declaration `json:"declarations"`
	// Help is the rules text; CandidateNote, when not empty, says which
	// moves the legal-move lists leave out (they stay playable by text).
	Help          string `json:"help"`
	CandidateNote string `json:"candidateNote,omitempty"`
	// LettersA1 is, on an unbounded board, the square that the letters
	// form of square names calls (a1) (core.BoardDef.LettersA1); nil on a
	// bounded board.
	LettersA1 *Coord `json:"lettersA1,omitempty"`
}

// Cell is one cell of a bounded board that is not a plain square.
type Cell struct {
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Kind string `json:"kind"`
}

// Region is a named area of a bounded board.
type Region struct {
	Name string `json:"name"`
	// Symbol is the character text displays draw on its empty squares
	// ("=" for a bridge), "" for none.
	Symbol  string  `json:"symbol,omitempty"`
	Zone    int     `json:"zone"`
	Squares []Coord `json:"squares"`
}

// Player is a seat of the variant.
type Player struct {
	Name    string `json:"name"`
	Forward string `json:"forward"` // north, south, east or west
	Team    int    `json:"team"`
}

// Piece is a piece type.
type Piece struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
	Betza  string `json:"betza"`
	Royal  bool   `json:"royal,omitempty"`
	Pawn   bool   `json:"pawn,omitempty"`
}

// Declaration is an announcement made with a move.
type Declaration struct {
	Name string `json:"name"`
	Help string `json:"help"`
}

// BoardOf describes the rules' board.
func BoardOf(r *core.Rules) *Board {
	def := r.Def
	b := &Board{Variant: r.Name(), Title: def.Title, Options: r.Options, Unbounded: r.Board.Unbounded,
		Files: r.Board.Files, Ranks: r.Board.Ranks, Help: strings.TrimSpace(def.Help), CandidateNote: r.CandidateNote(),
		Cells: []Cell{}, Regions: []Region{}}
	if b.Options == nil {
		b.Options = map[string]string{}
	}
	if b.Title == "" {
		b.Title = r.Name()
	}
	for i := 0; i < r.Players; i++ {
		pl := Player{Name: fmt.Sprintf("player %d", i+1), Forward: "north", Team: r.Team(core.Player(i))}
		if i < len(def.Players) {
			if def.Players[i].Name != "" {
				pl.Name = def.Players[i].Name
			}
			if def.Players[i].Forward != "" {
				pl.Forward = def.Players[i].Forward
			}
		}
		b.Players = append(b.Players, pl)
	}
	for t := 1; t < len(r.Pieces); t++ {
		pi := r.Pieces[t]
		b.Pieces = append(b.Pieces, Piece{Letter: string(pi.Letter), Name: pi.Name, Betza: pi.Betza, Royal: pi.Royal, Pawn: pi.Pawn})
	}
	for _, d := range r.Hooks.Declarations {
		b.Declarations = append(b.Declarations, Declaration{Name: d.Name, Help: d.Help})
	}
	if b.Unbounded {
		p := r.NewPosition()
		if sq, err := p.ParseSquare("(a1)"); err == nil {
			a1 := CoordOf(p.Coord(sq))
			b.LettersA1 = &a1
		}
		return b
	}
	board := r.Board
	b.FileLabels, b.RankLabels = def.Board.FileLabels, def.Board.RankLabels
	for x := 0; x < board.Files; x++ {
		b.FileNames = append(b.FileNames, core.FileName(int64(x)))
	}
	for y := 0; y < board.Ranks; y++ {
		for x := 0; x < board.Files; x++ {
			sq := board.Square(core.Coord{X: int64(x), Y: int64(y)})
			kind := ""
			switch {
			case board.IsWater(sq):
				kind = "water"
			case board.IsPassThrough(sq):
				kind = "pass"
			case !board.Playable(sq):
				kind = "hole"
			}
			if kind != "" {
				b.Cells = append(b.Cells, Cell{X: x, Y: y, Kind: kind})
			}
		}
	}
	zoneOf := map[string]int{}
	for i, z := range def.Board.Zones {
		zoneOf[z] = i
	}
	names := make([]string, 0, len(def.Board.Regions))
	for name := range def.Board.Regions {
		names = append(names, name)
	}
	sortStrings(names)
	for _, name := range names {
		reg := board.Region(name)
		if reg == nil {
			continue
		}
		out := Region{Name: name, Symbol: def.Board.Draw[name], Zone: -1, Squares: []Coord{}}
		if z, ok := zoneOf[name]; ok {
			out.Zone = z
		}
		for _, sq := range reg.Squares {
			out.Squares = append(out.Squares, CoordOf(board.Coord(sq)))
		}
		b.Regions = append(b.Regions, out)
	}
	return b
}

// sortStrings sorts a few strings (insertion sort: regions are few).
func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// ClientMessage is a message from a browser. Type says what it asks:
//
//	hello     identify: Seat (1-based) and Token, or neither for a spectator
//	move      play Move (text in any notation the CLI takes) at Ply
//	resign    resign at Ply
//	draw      Action offer (also accepts) or decline, at Ply
//	takeback  Action propose, accept or decline, at Ply
//	claim     claim the win against an opponent gone past the limit, at Ply
//	ping      keep the connection alive (no Ply)
type ClientMessage struct {
	Type   string `json:"type"`
	Ply    *int   `json:"ply,omitempty"`
	Move   string `json:"move,omitempty"`
	Action string `json:"action,omitempty"`
	Seat   int    `json:"seat,omitempty"`
	Token  string `json:"token,omitempty"`
}

// Limits of client messages.
const (
	// MaxMessageBytes is the largest message a client may send.
	MaxMessageBytes = 4096
	// MaxMoveText is the longest move text.
	MaxMoveText = 512
	// MaxTokenText is the longest seat token.
	MaxTokenText = 128
)

// ErrBadMessage is the error DecodeClient wraps.
var ErrBadMessage = errors.New("bad message")

// decodeObject reads data, at most limit bytes of UTF-8, as one JSON object
// of known fields only into v.
func decodeObject(data []byte, limit int, v any) error {
	if len(data) > limit {
		return fmt.Errorf("%d bytes, more than %d", len(data), limit)
	}
	if !utf8.Valid(data) {
		return errors.New("not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("not a JSON message object: %v", err)
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

// DecodeClient reads one client message and checks its shape: a known
// type, the fields that type needs and no others out of range. It never
// panics, whatever the bytes.
func DecodeClient(data []byte) (ClientMessage, error) {
	var m ClientMessage
	bad := func(format string, args ...any) (ClientMessage, error) {
		return ClientMessage{}, fmt.Errorf("%w: %s", ErrBadMessage, fmt.Sprintf(format, args...))
	}
	if err := decodeObject(data, MaxMessageBytes, &m); err != nil {
		return bad("%v", err)
	}
	needPly := true
	switch m.Type {
	case "hello":
		needPly = false
		if m.Seat < 0 || m.Seat > core.MaxPlayers {
			return bad("seat %d: want 1 to %d, or none for a spectator", m.Seat, core.MaxPlayers)
		}
		if (m.Seat == 0) != (m.Token == "") {
			return bad("hello wants both seat and token, or neither")
		}
		if len(m.Token) > MaxTokenText {
			return bad("token too long")
		}
	case "move":
		if strings.TrimSpace(m.Move) == "" {
			return bad("move: no move text")
		}
		if len(m.Move) > MaxMoveText {
			return bad("move text of %d bytes, more than %d", len(m.Move), MaxMoveText)
		}
	case "resign", "claim":
	case "draw":
		if m.Action != "offer" && m.Action != "decline" {
			return bad("draw: action %q, want offer or decline", m.Action)
		}
	case "takeback":
		if m.Action != "propose" && m.Action != "accept" && m.Action != "decline" {
			return bad("takeback: action %q, want propose, accept or decline", m.Action)
		}
	case "ping":
		needPly = false
	case "":
		return bad("no type")
	default:
		return bad("unknown type %q", truncate(m.Type, 32))
	}
	if needPly && m.Ply == nil {
		return bad("%s: no ply (the ply the message is meant for)", m.Type)
	}
	if m.Ply != nil && *m.Ply < 0 {
		return bad("ply %d is negative", *m.Ply)
	}
	return m, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// ErrorMessage is the server's answer to a message it refused; the game is
// unchanged.
type ErrorMessage struct {
	Type    string `json:"type"` // "error"
	Message string `json:"message"`
	// Ply is the game's ply, so that a client with a stale view can tell.
	Ply int `json:"ply"`
}

// NewError builds an error message.
func NewError(ply int, format string, args ...any) ErrorMessage {
	return ErrorMessage{Type: "error", Message: fmt.Sprintf(format, args...), Ply: ply}
}
