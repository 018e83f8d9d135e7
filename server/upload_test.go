package server

// Tests of uploads: a variant accepted, listed, given its rules page and diagrams, played; one inheriting another upload; every upload case of the variant package accepted or refused with its error, the hostile ones quickly; names, sizes, the rate limit; uploads surviving a restart; the request decoder fuzzed.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"anychess/internal/pgtest"
	"anychess/wire"
)

// TestUploadsOnPostgres runs the upload tests on PostgreSQL.
func TestUploadsOnPostgres(t *testing.T) {
	pgtest.URL(t)
	onPostgres = true
	defer func() { onPostgres = false }()
	t.Run("Accepted", TestUploadAccepted)
	t.Run("Sought", TestUploadSought)
	t.Run("Options", TestUploadOptions)
	t.Run("Cases", TestUploadCases)
	t.Run("Refusals", TestUploadRefusals)
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// upload posts a file; it returns the status and the answer's body.
func (s *testServer) upload(file, text string) (int, []byte) {
	s.t.Helper()
	code, body, _ := s.do("POST", "/api/uploads", map[string]any{"file": file, "text": text})
	return code, body
}

// TestUploadAccepted: a small file that inherits chess and adds a camel is
// accepted; it is listed as uploaded, has its rules page and a diagram
// for the camel, is played (the camel's move among the legal ones), its
// source is served; a file inheriting it is accepted too; a new server on
// the same database knows both, and a game of the upload goes on there.
func TestUploadAccepted(t *testing.T) {
	s := newTestServer(t, Config{})
	code, body := s.upload("camel.toml", readFile(t, "testdata/upload/camel.toml"))
	if code != http.StatusCreated {
		t.Fatalf("upload: %d %s", code, body)
	}
	var a uploadAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatal(err)
	}
	if a.Name != "camel-chess" || a.Title != "Camel Chess" || a.Rules != "/rules/camel-chess" || len(a.Parents) != 1 || a.Parents[0] != "chess" ||
		a.Board != "8x8" || a.Players != 2 || a.Pieces != 7 || len(a.Perft) == 0 || a.Perft[0] != 20 {
		t.Errorf("answer: %+v", a)
	}
	var vs []variantInfo
	code, body, _ = s.do("GET", "/api/variants", nil)
	json.Unmarshal(body, &vs)
	found := false
	for _, v := range vs {
		if v.Name == "camel-chess" {
			found = v.Uploaded && v.Title == "Camel Chess" && v.Players == 2
		} else if v.Uploaded {
			t.Errorf("%s listed as uploaded", v.Name)
		}
	}
	if code != 200 || !found {
		t.Errorf("/api/variants: %d %s", code, body)
	}
	if code, _, _ := s.do("GET", "/rules/camel-chess", nil); code != 200 {
		t.Errorf("rules page: %d", code)
	}
	if code, _, _ := s.do("GET", "/rules/no-such-upload", nil); code != 404 {
		t.Errorf("rules page of nothing: %d", code)
	}
	var ra rulesAnswer
	code, body, _ = s.do("GET", "/api/rules?variant=camel-chess", nil)
	if err := json.Unmarshal(body, &ra); err != nil || code != 200 {
		t.Fatalf("/api/rules: %d %s", code, body)
	}
	camel := false
	for _, d := range ra.Diagrams {
		if d.Letter == "C" {
			// A camel alone near the centre reaches 8 squares.
			camel = len(d.Both) == 8 && d.Betza == "C"
		}
	}
	if !camel || ra.Board.Variant != "camel-chess" {
		t.Errorf("no camel diagram of 8 squares: %+v", ra.Diagrams)
	}
	code, body, _ = s.do("GET", "/api/uploads/camel-chess", nil)
	if code != 200 || !bytes.Contains(body, []byte(`name = "camel-chess"`)) {
		t.Errorf("source: %d %s", code, body)
	}
	// Played: White's camel leaps b1-c4 at once.
	g := s.create(map[string]any{"variant": "camel-chess", "you": 0})
	c1 := s.dial(g.ID, g.cookie)
	st := c1.state(nil)
	ok := false
	for _, m := range st.Legal {
		if m.Text == "b1c4" {
			ok = true
		}
	}
	if !ok || len(st.Legal) != 20 {
		t.Fatalf("legal moves: %+v", st.Legal)
	}
	c1.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "b1c4"})
	if st := c1.atPly(1); st.Moves[0].SAN != "Cc4" {
		t.Errorf("the camel's move: %+v", st.Moves[0])
	}
	// An upload inheriting an upload.
	code, body = s.upload("camel-wazir.toml", readFile(t, "testdata/upload/camel-wazir.toml"))
	if code != http.StatusCreated || !strings.Contains(string(body), `"parents":["camel-chess","chess"]`) {
		t.Fatalf("an upload inheriting an upload: %d %s", code, body)
	}
	// A new server on the same database: the uploads, the game.
	s.close()
	s2 := startTestServer(t, s.st, s.db, Config{})
	c2 := s2.dial(g.ID, g.cookie)
	if st := c2.state(nil); st.Ply != 1 || st.Moves[0].SAN != "Cc4" || st.You != 0 {
		t.Errorf("after a restart: ply %d you %d", st.Ply, st.You)
	}
	code, body, _ = s2.do("GET", "/api/board?variant=camel-wazir", nil)
	if code != 200 || !strings.Contains(string(body), `"betza":"CW"`) {
		t.Errorf("board of the second upload: %d %s", code, body)
	}
	// Imports of a record of the upload.
	code, body, _ = s2.do("POST", "/api/import", map[string]any{"text": "[Variant \"camel-chess\"]\n\n1. Cc4 *\n"})
	if code != http.StatusCreated {
		t.Errorf("import: %d %s", code, body)
	}
}

// TestUploadSought: a variant just uploaded is sought in the lobby at
// once; the seek is listed under its title, the second person's seat
// starts its game, and the game plays the upload's rules (the camel).
func TestUploadSought(t *testing.T) {
	s := newTestServer(t, Config{})
	if code, body := s.upload("camel.toml", readFile(t, "testdata/upload/camel.toml")); code != http.StatusCreated {
		t.Fatalf("upload: %d %s", code, body)
	}
	a, b := s.lobbyClient(), s.lobbyClient()
	sa := a.seated(newSeek("camel-chess", nil, "you", "open"))
	k := sa.Seek
	if k.Variant != "camel-chess" || k.Title != "Camel Chess" || k.Open != 1 {
		t.Fatalf("the seek: %+v", k)
	}
	b.listed(hasSeek(k.ID))
	sb := b.seated(map[string]any{"type": "accept", "seek": k.ID})
	if sb.Seek.State != "started" || sb.Seek.Game == "" {
		t.Fatalf("the last seat: %+v", sb)
	}
	ck := s.takeGameSeat(sb.Seek.Game, 1, sa.Token)
	c := s.dial(sb.Seek.Game, ck)
	st := c.state(nil)
	if st.You != 0 || len(st.Legal) != 20 {
		t.Fatalf("the game: you %d, %d legal moves", st.You, len(st.Legal))
	}
	c.send(wire.ClientMessage{Type: "move", Ply: ply(0), Move: "b1c4"})
	if st := c.atPly(1); st.Moves[0].SAN != "Cc4" {
		t.Errorf("the camel's move: %+v", st.Moves[0])
	}
}

// TestUploadOptions: an uploaded variant asked for with other options is
// checked once per option set: what passes is cached with the rules, a
// refusal is kept for a while and answered again without a check.
func TestUploadOptions(t *testing.T) {
	s := newTestServer(t, Config{})
	if code, body := s.upload("martian.toml", readFile(t, "../variant/testdata/upload/ok-martian-child.toml")); code != http.StatusCreated {
		t.Fatalf("upload: %d %s", code, body)
	}
	code, body, _ := s.do("GET", "/api/board?variant=martian-again&option=players=4", nil)
	if code != 200 {
		t.Fatalf("four players: %d %s", code, body)
	}
	s.srv.rc.mu.Lock()
	_, ok := s.srv.rc.entries["martian-again\x00players=4"]
	s.srv.rc.mu.Unlock()
	if !ok {
		t.Errorf("the option set that passed is not cached")
	}
	for try := range 2 {
		code, body, _ = s.do("GET", "/api/board?variant=martian-again&option=players=3", nil)
		if code != http.StatusBadRequest || !strings.Contains(string(body), "players") {
			t.Errorf("try %d, three players: %d %s", try+1, code, body)
		}
		if err := s.srv.uploads.refusedBefore("martian-again\x00players=3"); err == nil {
			t.Errorf("try %d: the refusal is not kept", try+1)
		}
	}
}

// uploadCases are the variant package's upload cases: a file and the
// error it must get ("ok": accepted).
func uploadCases(t testing.TB) map[string]string {
	t.Helper()
	paths, err := filepath.Glob("../variant/testdata/upload/*.toml")
	if err != nil || len(paths) < 20 {
		t.Fatalf("the upload cases: %d, %v", len(paths), err)
	}
	out := map[string]string{}
	for _, p := range paths {
		text := readFile(t, p)
		first, _, _ := strings.Cut(text, "\n")
		want, ok := strings.CutPrefix(first, "# want: ")
		if !ok {
			t.Fatalf("%s: no want line", p)
		}
		out[p] = text + "\x00" + want
	}
	return out
}

// TestUploadCases: every case of the variant package's upload tests,
// through the endpoint: the accepted ones stored, the refused ones with
// their FILE:LINE: FIELD: message error, each answered within 3 s.
func TestUploadCases(t *testing.T) {
	s := newTestServer(t, Config{})
	s.srv.uploads.addrs = newAddrLimiter(1000, UploadEvery)
	for p, c := range uploadCases(t) {
		text, want, _ := strings.Cut(c, "\x00")
		file := filepath.Base(p)
		start := time.Now()
		code, body := s.upload(file, text)
		took := time.Since(start)
		if took > 3*time.Second {
			t.Errorf("%s: answered in %v", file, took)
		}
		var ans map[string]any
		json.Unmarshal(body, &ans)
		if want == "ok" {
			if code != http.StatusCreated {
				t.Errorf("%s: %d %s", file, code, body)
			}
			continue
		}
		msg, _ := ans["error"].(string)
		if code != http.StatusBadRequest || !strings.Contains(msg, want) || !strings.HasPrefix(msg, file+":") {
			t.Errorf("%s: %d %q; want 400 with %q", file, code, msg, want)
		}
		t.Logf("%s: %v: %s", file, took.Round(time.Millisecond), truncate(msg, 120))
	}
}

// TestUploadRefusals: names, sizes, bodies and the rate limit; nothing is
// stored.
func TestUploadRefusals(t *testing.T) {
	s := newTestServer(t, Config{})
	s.srv.uploads.addrs = newAddrLimiter(1000, UploadEvery)
	camel := readFile(t, "testdata/upload/camel.toml")
	for _, c := range []struct {
		file, text string
		code       int
		want       string
	}{
		{"chess.toml", "inherits = \"chess\"\nname = \"chess\"\n", 409, `chess.toml: name "chess" is a built-in variant's`},
		{"x.toml", "inherits = \"chess\"\nname = \"Big Chess\"\n", 400, `x.toml: name "Big Chess": an uploaded variant's name is a lower-case letter`},
		{"x.toml", "", 400, "the file is empty"},
		{"../x.toml", camel, 400, `file "../x.toml": a name of at most 64`},
		{"x.toml", strings.Repeat("# padding\n", 7000), 400, "x.toml: the file is 70000 bytes, more than 65536"},
		{"x.toml", "name = \"x\"\n[board]\nfiles = 8\n", 400, "x.toml:"},
		{"x.toml", "inherits = \"chesss\"\nname = \"typo\"\n", 400, `x.toml:1: inherits: unknown variant "chesss"`},
		{"x.toml", "inherits = \"camel-chess\"\nname = \"typo\"\n", 400, `x.toml:1: inherits: unknown variant "camel-chess"`},
		{"x.toml", "name = \"deep\"\nx = " + strings.Repeat("[", 65000), 400, "x.toml:2: arrays and tables nested more than 16 deep"},
		{"x.toml", "name = \"wide\"\n" + strings.Repeat("a.", 32000) + "b = 1\n", 400, "x.toml:2: a dotted key of more than 16 parts"},
	} {
		start := time.Now()
		code, body := s.upload(c.file, c.text)
		var e struct{ Error string }
		json.Unmarshal(body, &e)
		if code != c.code || !strings.Contains(e.Error, c.want) {
			t.Errorf("%q: %d %s; want %d with %q", truncate(c.text, 40), code, truncate(string(body), 300), c.code, c.want)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("%q: refused in %v", truncate(c.text, 40), took)
		}
	}
	if code, body := s.upload("camel.toml", camel); code != http.StatusCreated {
		t.Fatalf("%d %s", code, body)
	}
	if code, body := s.upload("again.toml", camel); code != http.StatusConflict || !strings.Contains(string(body), `a variant named \"camel-chess\" was uploaded before`) {
		t.Errorf("a name taken: %d %s", code, body)
	}
	for _, body := range []string{`{"text": 1}`, `{"text": "x", "extra": 1}`, `{} {}`, ``, `[`} {
		code, data, _ := s.do("POST", "/api/uploads", body)
		if code != http.StatusBadRequest {
			t.Errorf("body %q: %d %s", body, code, data)
		}
	}
	code, _, _ := s.do("POST", "/api/uploads", `{"text": "`+strings.Repeat("a", MaxUploadBody)+`"}`)
	if code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over the limit: %d", code)
	}
	var vs []variantInfo
	_, body, _ := s.do("GET", "/api/variants", nil)
	json.Unmarshal(body, &vs)
	n := 0
	for _, v := range vs {
		if v.Uploaded {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d uploads listed, want 1", n)
	}
	// The rate limit: a burst, then refused (refusals count).
	s.srv.uploads.addrs = newAddrLimiter(3, time.Hour)
	codes := []int{}
	for range 5 {
		code, _ := s.upload("x.toml", "name = \"x\"\n")
		codes = append(codes, code)
	}
	if codes[0] != 400 || codes[2] != 400 || codes[3] != http.StatusTooManyRequests || codes[4] != http.StatusTooManyRequests {
		t.Errorf("rate limit: %v", codes)
	}
}

// FuzzUploadRequest: the upload request's decoder never panics, and what
// it accepts is one JSON object with a sane file name and a text within
// the limit.
func FuzzUploadRequest(f *testing.F) {
	f.Add([]byte(`{"file":"a.toml","text":"name = \"a\""}`))
	f.Add([]byte(`{"text":"x"}`))
	f.Add([]byte(`{"file":"../../etc/passwd","text":"x"}`))
	f.Add([]byte(`{"file":".hidden","text":"x"}`))
	f.Add([]byte(`{"text":""}`))
	f.Add([]byte(`{"text":"x"} {"text":"y"}`))
	f.Add([]byte(`{"text":"\u0000\uffff"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := decodeUpload(bytes.NewReader(data), 1024)
		if err != nil {
			return
		}
		if req.File == "" || len(req.File) > 64 || strings.ContainsAny(req.File, "/\\ ") || strings.HasPrefix(req.File, ".") {
			t.Errorf("accepted file name %q", req.File)
		}
		if len(req.Text) > 1024 || strings.TrimSpace(req.Text) == "" {
			t.Errorf("accepted a text of %d bytes", len(req.Text))
		}
		if !utf8.ValidString(req.File) {
			t.Errorf("file name not UTF-8")
		}
	})
}
