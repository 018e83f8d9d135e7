package wire

// Tests of the wire: boards of every variant, states per seat, client messages checked.

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"anychess/core"
	"anychess/game"
	"anychess/variant"
)

func load(t testing.TB, name string, opts map[string]string) *core.Rules {
	t.Helper()
	r, err := variant.Load(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestBoardOf(t *testing.T) {
	for _, tc := range []struct {
		name               string
		opts               map[string]string
		files, ranks       int
		holes, pass, water int
		zones              int
	}{
		{"chess", nil, 8, 8, 0, 0, 0, 0},
		{"siberia", nil, 9, 9, 0, 0, 0, 0},
		{"claustrophobia", nil, 8, 8, 0, 18, 0, 0},
		{"martian-chess", nil, 4, 8, 0, 0, 0, 2},
		{"martian-chess", map[string]string{"players": "4"}, 8, 8, 0, 0, 0, 4},
		{"longchess", nil, 37, 9, 0, 0, 18, 0},
		{"longchess", map[string]string{"no-central-river": ""}, 37, 9, 0, 0, 12, 0},
		{"infinite-plane", nil, 0, 0, 0, 0, 0, 0},
	} {
		b := BoardOf(load(t, tc.name, tc.opts))
		count := map[string]int{}
		for _, c := range b.Cells {
			count[c.Kind]++
		}
		zones := 0
		for _, r := range b.Regions {
			if r.Zone >= 0 {
				zones++
			}
		}
		if b.Files != tc.files || b.Ranks != tc.ranks || count["hole"] != tc.holes || count["pass"] != tc.pass ||
			count["water"] != tc.water || zones != tc.zones {
			t.Errorf("%s %v: %d×%d, cells %v, %d zones", tc.name, tc.opts, b.Files, b.Ranks, count, zones)
		}
		if len(b.Pieces) == 0 || len(b.Players) < 2 || b.Help == "" {
			t.Errorf("%s: %d pieces, %d players, help %d bytes", tc.name, len(b.Pieces), len(b.Players), len(b.Help))
		}
		if _, err := json.Marshal(b); err != nil {
			t.Error(err)
		}
	}
}

func TestStateOf(t *testing.T) {
	r := load(t, "chess", nil)
	g, err := game.New(game.Config{Rules: r, Clock: game.TimeControl{Initial: 60e9}})
	if err != nil {
		t.Fatal(err)
	}
	g.SubmitText(0, "e4")
	for _, you := range []int{-1, 0, 1} {
		s := StateOf("abc", g, you)
		if s.Ply != 1 || s.Turn != 1 || len(s.Pieces) != 32 || len(s.Moves) != 1 || s.Moves[0].SAN != "e4" ||
			s.LastMove == nil || s.LastMove.To.X != "4" || s.LastMove.To.Y != "3" || len(s.Clocks) != 2 || s.Running != 1 {
			t.Errorf("seat %d: %+v", you, s)
		}
		if (len(s.Legal) > 0) != (you == 1) || (you == 1 && len(s.Legal) != 20) {
			t.Errorf("seat %d sees %d legal moves", you, len(s.Legal))
		}
	}
	// The plane: coordinates past 2^53 travel exactly.
	plane := load(t, "infinite-plane", nil)
	g, err = game.New(game.Config{Rules: plane, Start: "K0,0|R1,1|Q2,2|Q3,3|C4,4|k5,8|q6,8|r9007199254740993,-4611686018427387000 w"})
	if err != nil {
		t.Fatal(err)
	}
	s := StateOf("p", g, 0)
	data, _ := json.Marshal(s)
	if !strings.Contains(string(data), `"x":"9007199254740993","y":"-4611686018427387000"`) {
		t.Errorf("far rook not exact: %s", data)
	}
	found := false
	for _, m := range s.Legal {
		if m.From != nil && m.From.X == "1" && m.To != nil && m.To.X == "9007199254740993" {
			found = true // the rook captures the far rook
		}
	}
	if !found {
		t.Errorf("no capture of the far rook among %d legal moves", len(s.Legal))
	}
}

func TestDecodeClient(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ok   bool
		want string
	}{
		{`{"type":"move","ply":3,"move":"e2e4"}`, true, ""},
		{`{"type":"hello","seat":1,"token":"abc"}`, true, ""},
		{`{"type":"hello"}`, true, ""},
		{`{"type":"ping"}`, true, ""},
		{`{"type":"draw","ply":0,"action":"offer"}`, true, ""},
		{`{"type":"takeback","ply":2,"action":"accept"}`, true, ""},
		{`{"type":"resign","ply":9}`, true, ""},
		{`{"type":"move","move":"e2e4"}`, false, "no ply"},
		{`{"type":"move","ply":-1,"move":"e2e4"}`, false, "negative"},
		{`{"type":"move","ply":1,"move":"  "}`, false, "no move text"},
		{`{"type":"move","ply":1,"move":"` + strings.Repeat("a", MaxMoveText+1) + `"}`, false, "more than"},
		{`{"type":"hello","seat":1}`, false, "both"},
		{`{"type":"hello","seat":9,"token":"x"}`, false, "seat 9"},
		{`{"type":"draw","ply":1,"action":"maybe"}`, false, "action"},
		{`{"type":"fly","ply":1}`, false, "unknown type"},
		{`{"ply":1}`, false, "no type"},
		{`{"type":"move","ply":1,"move":"e2e4","extra":1}`, false, "unknown field"},
		{`{"type":"move","ply":1.5,"move":"e2e4"}`, false, "JSON"},
		{`[1,2]`, false, "JSON"},
		{`{"type":"ping"} {"type":"ping"}`, false, "more than one"},
		{"\xff", false, "UTF-8"},
		{``, false, "JSON"},
		{strings.Repeat(" ", MaxMessageBytes+1), false, "bytes"},
	} {
		m, err := DecodeClient([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("%.60q: %+v, %v", tc.in, m, err)
			continue
		}
		if err != nil && (!errors.Is(err, ErrBadMessage) || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%.60q: error %q, want one naming %q", tc.in, err, tc.want)
		}
	}
}

// FuzzDecodeClient: any bytes are read or refused without a panic, and a
// message read is one of the known types with its fields in range.
func FuzzDecodeClient(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeClient(data)
		if err != nil {
			return
		}
		switch m.Type {
		case "hello", "ping":
		case "move", "resign", "draw", "takeback", "claim":
			if m.Ply == nil || *m.Ply < 0 {
				t.Fatalf("%q: ply %v", data, m.Ply)
			}
		default:
			t.Fatalf("%q: type %q", data, m.Type)
		}
		if len(m.Move) > MaxMoveText || len(m.Token) > MaxTokenText {
			t.Fatalf("%q: fields too long", data)
		}
	})
}

// TestLettersA1: the plane's board names the square its letters call
// (a1); a bounded board has none.
func TestLettersA1(t *testing.T) {
	for _, tc := range []struct {
		name string
		want *Coord
	}{{"infinite-plane", &Coord{"-5", "-5"}}, {"infinite-plane-huygens", &Coord{"-5", "-5"}}, {"chess", nil}} {
		b := BoardOf(load(t, tc.name, nil))
		if (b.LettersA1 == nil) != (tc.want == nil) || b.LettersA1 != nil && *b.LettersA1 != *tc.want {
			t.Errorf("%s: lettersA1 %v, want %v", tc.name, b.LettersA1, tc.want)
		}
	}
}

// TestMarkNames: a mine laid in Longchess shows as a mark named by the
// variant, owned by the player who laid it.
func TestMarkNames(t *testing.T) {
	r := load(t, "longchess", map[string]string{"mines": ""})
	g, err := game.New(game.Config{Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.SubmitText(0, "e9*f9"); err != nil {
		t.Fatal(err)
	}
	s := StateOf("m", g, -1)
	if len(s.Marks) != 1 || s.Marks[0].Name != "mine" || s.Marks[0].Owner != 0 || s.Marks[0].Value == 0 ||
		s.Marks[0].At != (Coord{"5", "8"}) {
		t.Fatalf("marks after a mine laid on f9: %+v", s.Marks)
	}
}
