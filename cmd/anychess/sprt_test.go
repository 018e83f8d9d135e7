package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"anychess/search"
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
	if err := json.Unmarshal(raw, &w); err != nil || w.Variant != "chess" || len(w.MG["knight"]) != 64 || w.Note == "" {
		t.Errorf("weights %v: %.200s", err, raw)
	}
	// The same positions fitted coarsely, held by a ridge.
	if text, err := runCmd(t, "", "tune", "chess", "--data", data, "--out", out, "--epochs", "20", "--coarse", "--ridge", "0.001"); err != nil ||
		!strings.Contains(text, "ridge 0.001, coarse true") {
		t.Errorf("coarse fit: %v\n%s", err, text)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tune", "chess"}, "--data"},
		{[]string{"tune", "chess", "--data", data}, "nothing to do"},
		{[]string{"tune", "longchess", "--data", data, "--games", "1"}, "only the generic evaluation"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--result-weight", "2"}, "--result-weight"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--ridge", "-1"}, "--ridge"},
		{[]string{"tune", "chess", "--data", data, "--out", out, "--ridge", "NaN"}, "--ridge"},
	} {
		if _, err := runCmd(t, "", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %q", tc.args, err, tc.want)
		}
	}
}
