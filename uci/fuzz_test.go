package uci

// Fuzz target of the UCI server: any command lines, answered without a panic, and a refused command changes nothing.

import (
	"strings"
	"testing"
)

// FuzzHandle feeds a session up to eight command lines. Searches are kept
// short (every go gets "nodes 300" instead of its own node limit and
// "infinite"), and Hash, which would allocate its size, is left out. After
// each line the server must have answered an error and kept its variant and
// position, or carried the command out. The seeds are in testdata/fuzz.
func FuzzHandle(f *testing.F) {
	f.Fuzz(func(t *testing.T, input string) {
		out := newLines()
		s := New(out)
		s.hashMB = 1 // a table per search: keep it small
		defer s.halt()
		cmds := strings.Split(input, "\n")
		if len(cmds) > 8 {
			cmds = cmds[:8]
		}
		for _, c := range cmds {
			if strings.Contains(strings.ToLower(c), "hash") {
				continue
			}
			fields := strings.Fields(c)
			if len(fields) > 0 && fields[0] == "go" {
				c = shortGo(fields[1:])
			}
			from := out.count()
			variantBefore, posBefore := s.variant, s.pos.String()
			s.Handle(c)
			s.finish()
			for _, line := range out.since(from) {
				if strings.HasPrefix(line, "info string error: ") &&
					(s.variant != variantBefore || s.pos.String() != posBefore) {
					t.Fatalf("%q was refused (%s) but changed the state: %s %q", c, line, s.variant, s.pos.String())
				}
			}
		}
	})
}

// shortGo rewrites a go command's arguments so that the search is short:
// nodes 300 instead of any node limit or infinite.
func shortGo(args []string) string {
	kept := []string{"go"}
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "infinite":
			continue
		case "nodes":
			i++
			continue
		}
		kept = append(kept, args[i])
	}
	return strings.Join(append(kept, "nodes", "300"), " ")
}
