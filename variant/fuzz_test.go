package variant

// Fuzz test of the variant file reader: no input may make it panic or misreport.

import (
	"bytes"
	"errors"
	"testing"
)

func FuzzParseVariant(f *testing.F) {
	for _, name := range Names() {
		if _, data, err := builtinFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(mini))
	f.Fuzz(func(t *testing.T, data []byte) {
		locate(data) // must terminate on any text
		lines := 1 + bytes.Count(data, []byte{'\n'})
		check := func(err error) {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is not an *Error", err, err)
			}
			if e.File != "fuzz.toml" || e.Line < 0 || e.Line > lines {
				t.Fatalf("error %v: file %q line %d of %d", err, e.File, e.Line, lines)
			}
		}
		def, err := Parse("fuzz.toml", data)
		if err != nil {
			check(err)
			return
		}
		if def == nil {
			t.Fatal("Parse returned neither a definition nor an error")
		}
		r, err := Compile("fuzz.toml", data, nil)
		if err != nil {
			check(err)
			return
		}
		if r == nil {
			t.Fatal("Compile returned neither rules nor an error")
		}
		// A compiled variant must be playable from its start.
		p := r.StartPosition()
		if _, err := r.ParsePosition(p.String()); err != nil {
			t.Fatalf("start position %q does not read back: %v", p, err)
		}
		p.LegalMoves(nil)
	})
}
