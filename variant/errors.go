package variant

// Errors in variant files: the file, line and field at fault.

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"anychess/core"
)

// Error is a fault in a variant file. Its text is "FILE:LINE: FIELD: message";
// the line is left out when it is unknown (0) and the field when no field is
// to blame.
type Error struct {
	File  string // the file name given to Parse or Compile
	Line  int    // 1-based line of the fault, 0 if unknown
	Field string // dotted path of the field, e.g. "pieces[2].betza"; "" if none
	Err   error  // what is wrong
}

// Error implements error.
func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString(e.File)
	if e.Line > 0 {
		sb.WriteString(":" + strconv.Itoa(e.Line))
	}
	if e.Field != "" {
		sb.WriteString(": " + e.Field)
	}
	sb.WriteString(": " + e.Err.Error())
	return sb.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// syntaxErr shows a toml.ParseError by its message alone; Error adds the place.
type syntaxErr struct{ pe toml.ParseError }

func (s syntaxErr) Error() string { return s.pe.Message }
func (s syntaxErr) Unwrap() error { return s.pe }

// syntaxError places an error of the TOML decoder.
func syntaxError(file string, data []byte, err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return &Error{File: file, Err: err}
	}
	line := pe.Position.Line
	// The byte offset is more precise than the line: at a newline the decoder
	// may already count the next line.
	if s := pe.Position.Start; s >= 0 && s <= len(data) {
		line = 1 + bytes.Count(data[:s], []byte{'\n'})
	}
	field := ""
	start := lineStart(data, line)
	text := data[start:]
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	// On a header line the last key is that of the table before: name none.
	if pe.LastKey != "" && !bytes.HasPrefix(bytes.TrimSpace(text), []byte("[")) {
		// Index the arrays of tables as the text before the error leaves them.
		loc := locate(data[:start])
		keys := (&scanner{src: []byte(pe.LastKey), line: 1}).key()
		field = loc.resolve(keys)
	}
	return &Error{File: file, Line: line, Field: field, Err: syntaxErr{pe}}
}

// lineStart returns the byte offset where a 1-based line begins.
func lineStart(data []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return len(data)
		}
		off += i + 1
	}
	return off
}

// shapeError reports the first (in source order) of the problems found by checkShape.
func shapeError(file string, data []byte, probs []problem) error {
	loc := locate(data)
	best := &Error{File: file}
	for _, p := range probs {
		if l := loc.line(p.path); best.Err == nil || l < best.Line {
			best.Line, best.Field, best.Err = l, p.path, errors.New(p.msg)
		}
	}
	return best
}

// unknownKeyError reports the first (in source order) of the keys no field
// took, naming the outermost unknown key of each ("q" for an unknown [q.r]).
func unknownKeyError(file string, data []byte, keys []toml.Key) error {
	loc := locate(data)
	best := &Error{File: file}
	for _, k := range keys {
		parts := unknownPrefix(k)
		e, ok := loc.key(parts)
		if !ok {
			e = entry{path: loc.resolve(parts)}
			e.line = loc.line(e.path)
		}
		if best.Err == nil || e.line < best.Line {
			msg := "unknown key"
			if known := keysOf(parts[:len(parts)-1]); len(known) > 0 {
				msg += " (this table takes: " + strings.Join(known, ", ") + ")"
			}
			best.Line, best.Field, best.Err = e.line, e.path, errors.New(msg)
		}
	}
	return best
}

// typeAt returns the Go type that the value at the given key names decodes
// into, or false if core.Definition has no such field.
func typeAt(parts []string) (reflect.Type, bool) {
	t := definitionType
	for _, k := range parts {
		for t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Map:
			t = t.Elem()
		case reflect.Struct:
			f, exact := field(t, k)
			if f == nil || !exact {
				return nil, false
			}
			t = f.Type
		default:
			return nil, false
		}
	}
	return t, true
}

// unknownPrefix returns the shortest leading part of k that names no field.
func unknownPrefix(k []string) []string {
	for i := 1; i < len(k); i++ {
		if _, ok := typeAt(k[:i]); !ok {
			return k[:i]
		}
	}
	return k
}

// keysOf lists, sorted, the keys the table at the given key names takes, or
// nil if that is not a table of fixed keys.
func keysOf(parts []string) []string {
	t, ok := typeAt(parts)
	if !ok {
		return nil
	}
	for t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	keys := loaderKeys(parts)
	for i := 0; i < t.NumField(); i++ {
		keys = append(keys, tag(t.Field(i)))
	}
	sort.Strings(keys)
	return keys
}

// compileError places an error of core.Compile: a *core.FieldError at the
// line of its field, anything else at the file alone.
func (t *tree) compileError(err error) error {
	var fe *core.FieldError
	if !errors.As(err, &fe) {
		return &Error{File: t.src.file, Err: err}
	}
	msg := fe.Err
	if err != error(fe) {
		msg = err // wrapped by a hook: keep the whole story
	}
	return t.place(fe.Field, msg)
}

// optionError checks the names of the options given against those the
// definition declares, placing a bad one at the declaration of the options.
// Values are left to core.Compile.
func (t *tree) optionError(def *core.Definition, options map[string]string) error {
	known := make([]string, 0, len(def.Options))
	for _, o := range def.Options {
		known = append(known, o.Name)
	}
	sort.Strings(known)
	given := make([]string, 0, len(options))
	for name := range options {
		given = append(given, name)
	}
	sort.Strings(given)
	for _, name := range given {
		if _, ok := sort.Find(len(known), func(i int) int { return strings.Compare(name, known[i]) }); ok {
			continue
		}
		var err error
		if len(known) == 0 {
			err = fmt.Errorf("variant %s has no options (got %q)", def.Name, name)
		} else {
			err = fmt.Errorf("variant %s has no option %q (options: %s)", def.Name, name, strings.Join(known, ", "))
		}
		return t.place("options", err)
	}
	return nil
}
