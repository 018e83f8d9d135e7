package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestDistUpToDate rebuilds the client in memory and compares it with the
// committed web/dist: run `go generate ./web` after changing web/src.
func TestDistUpToDate(t *testing.T) {
	files, err := Bundle("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names(files) {
		have, err := os.ReadFile(filepath.Join("..", "dist", name))
		if err != nil {
			t.Errorf("dist/%s: %v (run go generate ./web)", name, err)
			continue
		}
		if !bytes.Equal(have, files[name]) {
			t.Errorf("dist/%s is out of date: run go generate ./web", name)
		}
	}
	list, err := os.ReadDir(filepath.Join("..", "dist"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if _, ok := files[e.Name()]; !ok {
			t.Errorf("dist/%s is not built from src: run go generate ./web", e.Name())
		}
	}
	for _, page := range []string{"index.html", "game.html", "rules.html", "index.js", "game.js", "rules.js", "style.css"} {
		if _, ok := files[page]; !ok {
			t.Errorf("the build has no %s", page)
		}
	}
}
