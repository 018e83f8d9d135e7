package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"anychess/notation"
	"anychess/search"
	"anychess/variant"
)

// TestSPRTCommand: a short test between the engine and a random mover
// decides for the engine, writes its log, and goes on from it when run
// again; bad settings are refused with the flag named.
func TestSPRTCommand(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "test.log")
	args := []string{"sprt", "martian-chess", "--a", "anychess:depth=2", "--b", "random", "--elo0", "0", "--elo1", "200",
		"--workers", "2", "--max-pairs", "20", "--max-plies", "100", "--book-size", "4", "--book-plies", "2",
		"--book-nodes", "300", "--book-dir", dir, "--log", log}
	out, err := runCmd(t, "", args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "H1 accepted after") || !strings.Contains(out, "ptnml [") {
		t.Errorf("no verdict for the engine:\n%s", out)
	}
	data, _ := os.ReadFile(log)
	pairs := strings.Count(string(data), "\n") - 1
	if pairs < 1 {
		t.Fatalf("log holds %d pairs:\n%s", pairs, data)
	}
	out, err = runCmd(t, "", args...)
	if err != nil || !strings.Contains(out, "already played") || !strings.Contains(out, "H1 accepted after") {
		t.Errorf("run again: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sprt", "--b", ""}, "--b is required"},
		{[]string{"sprt", "--b", "random", "--elo0", "5", "--elo1", "5"}, "elo0"},
		{[]string{"sprt", "--b", "random", "--alpha", "0.7"}, "alpha"},
		{[]string{"sprt", "--b", "random", "--model", "bayes"}, "--model"},
		{[]string{"sprt", "--b", "random", "--workers", "0"}, "--workers"},
		{[]string{"sprt", "--b", "random", "--book-size", "0"}, "--book-size"},
		{[]string{"sprt", "--b", "nobody"}, "nobody"},
		{[]string{"sprt", "--b", "random", "--tc", "1s", "--movetime", "1s"}, "not both"},
	} {
		if _, err := runCmd(t, "", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %q", tc.args, err, tc.want)
		}
	}
}

// TestTuneCommand: a few self-play games give positions with results and
// scores, and the fit writes weights the search reads.
func TestTuneCommand(t *testing.T) {
	dir := t.TempDir()
	data, out := filepath.Join(dir, "chess.data"), filepath.Join(dir, "chess.json")
	text, err := runCmd(t, "", "tune", "chess", "--games", "2", "--nodes", "300", "--workers", "1", "--max-plies", "60",
		"--data", data, "--out", out, "--epochs", "20")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	lines, _ := os.ReadFile(data)
	for _, l := range strings.Split(strings.TrimSpace(string(lines)), "\n") {
		if f := strings.Split(l, "\t"); len(f) != 3 {
			t.Fatalf("data line %q: want RESULT, SCORE and POSITION", l)
		}
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var w search.Weights
	if err := json.Unmarshal(raw, &w); err != nil || w.Variant != "chess" || len(w.MG["knight"]) != 64 || w.Note == "" || len(w.Terms) == 0 {
		t.Errorf("weights %v: %.200s", err, raw)
	}
	// The structure terms are fitted with the tables; --freeze keeps some.
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--out", out, "--epochs", "20", "--freeze", "pawn-threat,tempo.mg"); err != nil ||
		!strings.Contains(text, "frozen: pawn-threat,tempo.mg") {
		t.Errorf("--freeze: %v\n%s", err, text)
	}
	raw, _ = os.ReadFile(out)
	if err := json.Unmarshal(raw, &w); err != nil || w.Terms["pawn-threat.mg"] != 0 || w.Terms["pawn-threat.eg"] != 0 || w.Terms["tempo.mg"] != 15 {
		t.Errorf("--freeze: weights %v: %v", err, w.Terms)
	}
	// A fit started from the last one's weights.
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--out", out, "--epochs", "5", "--from", out); err != nil ||
		!strings.Contains(text, "started from "+out) {
		t.Errorf("--from: %v\n%s", err, text)
	}
	// The same positions fitted coarsely, held by a ridge.
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--out", out, "--epochs", "20", "--coarse", "--ridge", "0.001"); err != nil ||
		!strings.Contains(text, "ridge 0.001, min count 0, coarse true") {
		t.Errorf("coarse fit: %v\n%s", err, text)
	}
	// A variant with its own evaluation: its named terms are fitted, and
	// the unit term keeps its value.
	mdata, mout := filepath.Join(dir, "martian.data"), filepath.Join(dir, "martian.json")
	if text, err := runCmd(t, "", "tune", "martian-chess", "--games", "6", "--nodes", "300", "--workers", "1",
		"--data", mdata, "--out", mout, "--epochs", "20"); err != nil {
		t.Fatalf("martian-chess: %v\n%s", err, text)
	}
	// The scale given, not fitted to the results.
	if text, err := runCmd(t, "", "tune", "martian-chess", "--data", mdata, "--out", mout, "--epochs", "5", "--scale", "1"); err != nil ||
		!strings.Contains(text, "K 1.000 (--scale, not fitted)") {
		t.Errorf("--scale 1: %v\n%s", err, text)
	}
	raw, err = os.ReadFile(mout)
	var mw search.Weights
	if err != nil || json.Unmarshal(raw, &mw) != nil || mw.Variant != "martian-chess" || len(mw.Terms) < 4 || mw.Terms["point"] != 100 || len(mw.MG) != 0 {
		t.Errorf("martian-chess weights %v: %.300s", err, raw)
	}
	// The plane: its terms and pieces' values, the pawn the unit.
	pdata, pout := filepath.Join(dir, "plane.data"), filepath.Join(dir, "plane.json")
	if text, err := runCmd(t, "", "tune", "infinite-plane", "--games", "2", "--nodes", "300", "--workers", "1", "--max-plies", "40",
		"--data", pdata, "--out", pout, "--epochs", "20"); err != nil {
		t.Fatalf("infinite-plane: %v\n%s", err, text)
	}
	raw, err = os.ReadFile(pout)
	var pw search.Weights
	if err != nil || json.Unmarshal(raw, &pw) != nil || pw.Terms["pawn"] != 100 || pw.Terms["activity"] == 0 || len(pw.MG) != 0 {
		t.Errorf("infinite-plane weights %v: %.300s", err, raw)
	}
	// A file holding its games twice: the fit warns that its validating
	// positions were trained on; the file as played does not.
	twice := filepath.Join(dir, "twice.data")
	if err := os.WriteFile(twice, append(append([]byte(nil), lines...), lines...), 0o644); err != nil {
		t.Fatal(err)
	}
	if text, err := runCmd(t, "", "tune", "chess", "--data", twice, "--out", out, "--epochs", "2"); err != nil ||
		!strings.Contains(text, "validating positions also stand in the training part") {
		t.Errorf("a file of its games twice: %v\n%s", err, text)
	}
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--out", out, "--epochs", "2"); err != nil ||
		strings.Contains(text, "warning") {
		t.Errorf("the file as played: %v\n%s", err, text)
	}
	// A network fitted to the same positions, which a player can use.
	nout := filepath.Join(dir, "chess.net.json")
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--net", "4", "--net-base", "material", "--epochs", "3", "--halving", "--squared", "--eval-scale", "--out", nout); err != nil ||
		!strings.Contains(text, "--squared --halving --net-base material --eval-scale:") || !strings.Contains(text, "the evaluation's terms") ||
		!strings.Contains(text, "the net's output read at the evaluation's scale") {
		t.Errorf("--net: %v\n%s", err, text)
	}
	if n, err := search.LoadNet(nout); err != nil || n.Hidden != 4 || n.Base != search.NetBaseMaterial || n.Variant != "chess" || n.Note == "" || !n.Squared {
		t.Errorf("net %v, %+v", err, n)
	}
	if text, err := runCmd(t, "", "match", "--a", "anychess:nodes=200,net="+nout, "--b", "random", "--games", "1", "--max-plies", "20"); err != nil {
		t.Errorf("a match with the net: %v\n%s", err, text)
	}
	// A net of output buckets, which a player can use; a bucket count out
	// of range is refused.
	bout := filepath.Join(dir, "chess-buckets.net.json")
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--net", "4", "--squared", "--buckets", "4", "--epochs", "2", "--out", bout); err != nil ||
		!strings.Contains(text, "--squared --buckets 4:") {
		t.Errorf("--buckets: %v\n%s", err, text)
	}
	if n, err := search.LoadNet(bout); err != nil || n.Buckets != 4 || n.BucketPieces != 32 || len(n.Output) != 4*2*4 {
		t.Errorf("net of buckets %v, %+v", err, n)
	}
	if text, err := runCmd(t, "", "match", "--a", "anychess:nodes=200,net="+bout, "--b", "random", "--games", "1", "--max-plies", "20"); err != nil {
		t.Errorf("a match with the net of buckets: %v\n%s", err, text)
	}
	// A fit started from a net (--from): of one bucket into four, and
	// refused from a net of another shape or no net at all.
	fromOut := filepath.Join(dir, "chess-from.net.json")
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--net", "4", "--squared", "--buckets", "4", "--epochs", "1", "--from", nout, "--out", fromOut); err == nil ||
		!strings.Contains(err.Error(), "adds its output") {
		t.Errorf("--from a net of another base: %v\n%s", err, text)
	}
	plain := filepath.Join(dir, "chess-plain.net.json")
	if _, err := runCmd(t, "", "tune", "chess", "--data", data, "--net", "4", "--squared", "--epochs", "1", "--out", plain); err != nil {
		t.Fatal(err)
	}
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--net", "4", "--squared", "--buckets", "4", "--epochs", "1", "--from", plain, "--out", fromOut); err != nil ||
		!strings.Contains(text, "epoch 0 (the starting net)") || !strings.Contains(text, "--from "+plain) {
		t.Errorf("--from: %v\n%s", err, text)
	}
	if n, err := search.LoadNet(fromOut); err != nil || n.Buckets != 4 {
		t.Errorf("net fitted --from: %v, %+v", err, n)
	}
	for _, bad := range []string{filepath.Join(dir, "none.net.json"), bout} {
		if _, err := runCmd(t, "", "tune", "chess", "--data", data, "--net", "8", "--squared", "--from", bad, "--out", fromOut); err == nil || !strings.Contains(err.Error(), "--from") && !strings.Contains(err.Error(), "starting net") {
			t.Errorf("--from %s: %v", bad, err)
		}
	}
	// A mirrored net (--mirror), which a player can use.
	mirrorOut := filepath.Join(dir, "chess-mirror.net.json")
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--net", "4", "--squared", "--buckets", "2", "--mirror", "--epochs", "2", "--out", mirrorOut); err != nil ||
		!strings.Contains(text, "--buckets 2 --mirror:") {
		t.Errorf("--mirror: %v\n%s", err, text)
	}
	if n, err := search.LoadNet(mirrorOut); err != nil || !n.Mirror || n.Buckets != 2 {
		t.Errorf("mirrored net %v, %+v", err, n)
	}
	if text, err := runCmd(t, "", "match", "--a", "anychess:nodes=200,net="+mirrorOut, "--b", "random", "--games", "1", "--max-plies", "20"); err != nil {
		t.Errorf("a match with the mirrored net: %v\n%s", err, text)
	}
	// Nets measured on the positions a fit holds out (--score-nets), one
	// of them gzipped as search/weights keeps them, which a player can
	// also use.
	var zipped bytes.Buffer
	z := gzip.NewWriter(&zipped)
	if raw, err := os.ReadFile(mirrorOut); err != nil {
		t.Fatal(err)
	} else if _, err := z.Write(raw); err != nil || z.Close() != nil {
		t.Fatal(err)
	}
	mirrorZipped := mirrorOut + ".gz"
	if err := os.WriteFile(mirrorZipped, zipped.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--score-nets", nout+","+mirrorZipped); err != nil ||
		strings.Count(text, "mean squared error") != 2 || !strings.Contains(text, mirrorZipped+": mean squared error") {
		t.Errorf("--score-nets: %v\n%s", err, text)
	}
	if text, err := runCmd(t, "", "match", "--a", "anychess:nodes=200,net="+mirrorZipped, "--b", "random", "--games", "1", "--max-plies", "20"); err != nil {
		t.Errorf("a match with the gzipped net: %v\n%s", err, text)
	}
	badZip := filepath.Join(dir, "bad.net.json.gz")
	if err := os.WriteFile(badZip, append([]byte{0x1f, 0x8b}, "not gzip at all"...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{filepath.Join(dir, "none.net.json"), badZip, mout} {
		if _, err := runCmd(t, "", "tune", "chess", "--data", data, "--score-nets", bad); err == nil || !strings.Contains(err.Error(), filepath.Base(bad)) {
			t.Errorf("--score-nets %s: error %v, want one naming the file", bad, err)
		}
	}
	if _, err := runCmd(t, "", "tune", "chess", "--data", data, "--out", mirrorOut, "--mirror"); err == nil || !strings.Contains(err.Error(), "--mirror wants --net") {
		t.Errorf("tune --mirror without --net: %v", err)
	}
	for _, bad := range [][]string{{"--net", "4", "--buckets", "33"}, {"--net", "4", "--buckets", "-1"}, {"--buckets", "4"}} {
		if _, err := runCmd(t, "", append([]string{"tune", "chess", "--data", data, "--out", bout}, bad...)...); err == nil || !strings.Contains(err.Error(), "--buckets") {
			t.Errorf("tune %v: %v", bad, err)
		}
	}
	// Self-play games of engines that evaluate with the net.
	ndata := filepath.Join(dir, "net.data")
	if text, err := runCmd(t, "", "tune", "chess", "--games", "1", "--nodes", "200", "--workers", "1", "--max-plies", "30", "--play-net", nout, "--data", ndata); err != nil ||
		!strings.Contains(text, "played 1 games") {
		t.Errorf("--play-net: %v\n%s", err, text)
	}
	// Noise: the same opening's game differs.
	quiet, noisy := filepath.Join(dir, "quiet.data"), filepath.Join(dir, "noisy.data")
	for _, run := range []struct {
		path, noise string
	}{{quiet, "0"}, {noisy, "40"}} {
		if text, err := runCmd(t, "", "tune", "chess", "--games", "1", "--nodes", "200", "--workers", "1", "--max-plies", "40", "--noise", run.noise, "--data", run.path); err != nil {
			t.Fatalf("--noise %s: %v\n%s", run.noise, err, text)
		}
	}
	if a, b := readFile(t, quiet), readFile(t, noisy); a == "" || a == b {
		t.Errorf("--noise 40 played the game of --noise 0:\n%s", b)
	}
	if _, err := runCmd(t, "", "tune", "siberia", "--games", "1", "--play-net", nout, "--data", ndata); err == nil || !strings.Contains(err.Error(), "--play-net: net: made for chess") {
		t.Errorf("--play-net with a net of another game: %v", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tune", "chess"}, "--data"},
		{[]string{"tune", "chess", "--data", data, "--net", "4"}, "--net wants --out"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--net", "4", "--net-base", "pawns"}, "--net-base"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--rate", "NaN"}, "--rate NaN"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--epochs", "2000000"}, "--epochs 2000000"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--net", "-1"}, "--net -1"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--net", "5000"}, "--net 5000"},
		{[]string{"tune", "chess", "--data", data, "--games", "1", "--noise", "-1"}, "--noise -1"},
		{[]string{"tune", "chess", "--data", data, "--games", "1", "--noise", "5000"}, "--noise 5000"},
		{[]string{"tune", "martian-chess", "--data", mdata, "--out", out, "--net", "4"}, "a net needs a game of two players on a bounded board"},
		{[]string{"tune", "chess", "--data", data}, "nothing to do"},
		{[]string{"tune", "longchess", "--option", "teams=4", "--data", data, "--games", "1"}, "only a game of two players"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--result-weight", "2"}, "--result-weight"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--ridge", "-1"}, "--ridge"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--ridge", "NaN"}, "--ridge"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--min-count", "-1"}, "--min-count"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--scale", "-1"}, "--scale"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--scale", "NaN"}, "--scale"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--freeze", "no-such-term"}, "no-such-term"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--from", filepath.Join(dir, "none.json")}, "none.json"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--from", data}, "--from " + data},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--from", mout}, `"martian-chess"`},
	} {
		if _, err := runCmd(t, "", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %q", tc.args, err, tc.want)
		}
	}
}

// TestTuneTeacher: a teacher engine (this binary as 'anychess uci', at
// depth 4) scores a positions file: its scores are the first player's,
// a position whose best move captures is kept out, a stopped run goes on
// where it stopped with the same result, a file of other positions is
// refused, and the fit reads the teacher's file.
func TestTuneTeacher(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(uciChildEnv, filepath.Join(dir, "uci.log"))
	data, scored, out := filepath.Join(dir, "in.data"), filepath.Join(dir, "sf.data"), filepath.Join(dir, "w.json")
	positions := []string{
		"1\t0\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"0.5\t0\t4k3/8/8/8/8/8/8/3QK3 b - - 0 1",  // a queen up for the first player, the second to move
		"0\t0\t4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", // the rook takes the queen
	}
	if err := os.WriteFile(data, []byte(strings.Join(positions, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	teacher := "uci:" + os.Args[0] + "|go depth 4"
	teach := func() (string, error) {
		return runCmd(t, "", "tune", "chess", "--data", data, "--teacher", teacher, "--scored", scored, "--workers", "2")
	}
	if text, err := teach(); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	raw, _ := os.ReadFile(scored)
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	if len(lines) != 4 || lines[0] != "#! anychess tune chess --data "+data+" --teacher '"+teacher+"'" {
		t.Fatalf("scored file:\n%s", raw)
	}
	header := lines[0]
	lines = lines[1:]
	for i, want := range []string{"1\t", "0.5\t", "# 4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d %q, want it to start %q", i+1, lines[i], want)
		}
	}
	if f := strings.Split(lines[1], "\t"); len(f) != 3 || len(f[1]) < 3 || f[1][0] == '-' {
		t.Errorf("a queen up for the first player scored %q, want hundreds of centipawns for it", lines[1])
	}
	// Stopped after one position and partway through the next line.
	if err := os.WriteFile(scored, []byte(header+"\n"+lines[0]+"\n0.5\t12"), 0o644); err != nil {
		t.Fatal(err)
	}
	if text, err := teach(); err != nil || !strings.Contains(text, "scored 2 positions") {
		t.Fatalf("resumed: %v\n%s", err, text)
	}
	if again, _ := os.ReadFile(scored); string(again) != string(raw) {
		t.Errorf("resumed file:\n%s\nwant:\n%s", again, raw)
	}
	// The fit reads the teacher's scores.
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--scored", scored, "--out", out, "--epochs", "5", "--result-weight", "0"); err != nil ||
		!strings.Contains(text, "anychess tune chess: 2 positions of "+scored) || !strings.Contains(text, "was made by: anychess tune chess --data "+data) {
		t.Errorf("fit: %v\n%s", err, text)
	}
	other := filepath.Join(dir, "other.data")
	if err := os.WriteFile(other, []byte("1\t5\t8/8/8/8/8/8/8/K1k5 w - - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--teacher", teacher, "--scored", other}, "does not continue"},
		{[]string{"--teacher", teacher}, "--scored"},
		{[]string{"--teacher", "anychess:depth=4", "--scored", other}, "want uci:"},
		{[]string{"--teacher", "uci:" + os.Args[0], "--scored", other}, "fixed limits"},
		{[]string{"--scored", data, "--out", out}, "another file"},
	} {
		args := append([]string{"tune", "chess", "--data", data}, tc.args...)
		if _, err := runCmd(t, "", args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %q", tc.args, err, tc.want)
		}
	}
}

// TestQuietMove: the moves whose positions the tuner keeps: steps, double
// steps and castling are quiet; captures, en passant and promotions are not.
func TestQuietMove(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		fen, move string
		quiet     bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "d2d4", true},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", true},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", true},
		{"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5", false},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", false},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", false},
	} {
		p, err := r.ParsePosition(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := notation.Coordinate.Decode(p, tc.move)
		if err != nil {
			t.Fatalf("%s in %s: %v", tc.move, tc.fen, err)
		}
		if got := quietMove(p, m); got != tc.quiet {
			t.Errorf("%s in %s: quiet %v, want %v", tc.move, tc.fen, got, tc.quiet)
		}
	}
}

// readFile returns a file's text, failing the test when it cannot be read.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
