package main

// End-to-end tests of the infinite plane through the command: the candidate-set note, perft, moves and far moves.

import (
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
)

// withStderr runs f and returns what it wrote to os.Stderr.
func withStderr(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	f()
	os.Stderr = old
	w.Close()
	return <-done
}

func TestPlaneCommands(t *testing.T) {
	for _, v := range []string{"infinite-plane", "infinite-plane-huygens"} {
		var moves, perft string
		var err1, err2 error
		stderr := withStderr(t, func() {
			moves, err1 = runCmd(t, "", "moves", "--variant", v, "--moves", "(4,2)(4,4) (4,7)(4,5) Q(4,1)-(4,3) (5,7)(5,6) Q(4,3)-(1000000000000,3) (1,7)(1,6)")
			perft, err2 = runCmd(t, "", "perft", "--variant", v, "--depth", "1", "--moves", "(4,2)(4,4) (4,7)(4,5) Q(4,1)-(4,3) (5,7)(5,6) Q(4,3)-(1000000000000,3) (1,7)(1,6)")
		})
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", v, err1, err2)
		}
		if strings.Count(stderr, "candidate set") != 2 {
			t.Errorf("%s: stderr does not say twice that the candidate set is counted:\n%s", v, stderr)
		}
		n := len(strings.Fields(moves))
		if got, want := lastLine(perft), "nodes: "+strconv.Itoa(n); got != want {
			t.Errorf("%s: perft says %q, moves lists %d", v, got, n)
		}
		// The queen a trillion squares away can come back, capture on the
		// far side, or go farther still: its candidate moves are listed.
		for _, want := range []string{"(1000000000000,3)(4,3)\n", "(1000000000000,3)(1000000000000,7)\n", "(1000000000000,3)(1000000000008,3)\n"} {
			if !strings.Contains(moves, want) {
				t.Errorf("%s: no %q among the moves", v, strings.TrimSpace(want))
			}
		}
	}
	out, err := runCmd(t, "", "perft", "--variant", "infinite-plane", "--depth", "2", "--divide")
	if err != nil || !strings.HasPrefix(lastLine(out), "nodes: ") || !strings.Contains(out, "(4,2)(4,4): ") {
		t.Errorf("divide: %v\n%s", err, out)
	}
	_, err = runCmd(t, "", "moves", "--variant", "infinite-plane", "--moves", "(1,2)(1,3) (1,7)(1,6) R(1,1)-(1,4611686018427387904)")
	if err == nil || !strings.Contains(err.Error(), "outside ±2^62") {
		t.Errorf("a move off the plane: %v", err)
	}
	help, err := runCmd(t, "", "rules", "--variant", "infinite-plane-huygens")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"candidate set", "Huygens (U) [W{prime>=5}]", "Insufficient material", "φ (also written 0)", "D Every pawn"} {
		if !strings.Contains(help, want) {
			t.Errorf("rules text lacks %q", want)
		}
	}
}
