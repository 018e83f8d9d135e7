package variant

// One variant file as read: its TOML table, checked against core.Definition, and the loader's own keys.

import (
	"fmt"
	"reflect"
	"sort"

	"github.com/BurntSushi/toml"
)

// Keys a variant file may hold that are not fields of core.Definition: the
// loader reads and removes them before the rest is decoded (FORMAT.md,
// "Inheritance").
const (
	keyInherits = "inherits" // top level: the parent variant
	keyRemove   = "remove"   // in [[pieces]]: remove the parent's piece of this letter
	keyBefore   = "before"   // in [[pieces]]: place a new piece before this letter
)

// source is one variant file as read: its text, its table as decoded (the
// loader's keys taken out) and the loader's keys.
type source struct {
	name    string // the variant's name for messages: a built-in's name, else the file
	file    string // the file name errors give
	data    []byte
	raw     map[string]any
	builtin bool // one of the embedded variants
	// inherits is the parent's name ("" for none).
	inherits string
	// pieces holds the loader keys of each [[pieces]] table, by index.
	pieces []pieceKeys
	lines  *locator // built on first use
}

// pieceKeys are the loader keys of one [[pieces]] table.
type pieceKeys struct {
	remove bool   // remove = true
	before string // before = "P"
}

// loc returns the source's locator, built on first use.
func (s *source) loc() *locator {
	if s.lines == nil {
		s.lines = locate(s.data)
	}
	return s.lines
}

// errorAt builds the *Error of a fault at path in this file.
func (s *source) errorAt(path string, err error) *Error {
	return &Error{File: s.file, Line: s.loc().line(path), Field: path, Err: err}
}

// readSource decodes one variant file and checks that every value has the
// type core.Definition gives it and every key is known; the loader's keys are
// checked and taken out. It does not follow inherits.
func readSource(file string, data []byte) (*source, error) {
	s := &source{name: file, file: file, data: data}
	if err := checkNesting(file, data); err != nil {
		return nil, err
	}
	if _, err := toml.Decode(string(data), &s.raw); err != nil {
		return nil, syntaxError(file, data, err)
	}
	if s.raw == nil {
		s.raw = map[string]any{}
	}
	var probs []problem
	s.takeLoaderKeys(&probs)
	checkShape(s.raw, definitionType, "", &probs)
	if len(probs) > 0 {
		return nil, shapeError(file, data, probs)
	}
	var unknown []toml.Key
	unknownKeys(s.raw, definitionType, nil, &unknown)
	if len(unknown) > 0 {
		return nil, unknownKeyError(file, data, unknown)
	}
	return s, nil
}

// takeLoaderKeys reads inherits and the [[pieces]] tables' remove and before
// into s, removing them from s.raw; a value of the wrong type, or remove or
// before in a file that inherits nothing, is a problem.
func (s *source) takeLoaderKeys(probs *[]problem) {
	if v, ok := s.raw[keyInherits]; ok {
		delete(s.raw, keyInherits)
		switch name, isString := v.(string); {
		case !isString:
			*probs = append(*probs, problem{keyInherits, "want a string, got " + tomlType(v)})
		case name == "":
			*probs = append(*probs, problem{keyInherits, "empty: name the variant this one builds on"})
		default:
			s.inherits = name
		}
	}
	elems, ok := tables(s.raw["pieces"])
	if !ok {
		return // checkShape reports it
	}
	s.pieces = make([]pieceKeys, len(elems))
	for i, m := range elems {
		if m == nil {
			continue
		}
		path := index("pieces", i)
		if v, ok := m[keyRemove]; ok {
			delete(m, keyRemove)
			b, isBool := v.(bool)
			switch {
			case !isBool:
				*probs = append(*probs, problem{join(path, keyRemove), "want true or false, got " + tomlType(v)})
			case s.inherits == "":
				*probs = append(*probs, problem{join(path, keyRemove), "only a variant that inherits another (inherits = \"NAME\") removes pieces"})
			}
			s.pieces[i].remove = b
		}
		if v, ok := m[keyBefore]; ok {
			delete(m, keyBefore)
			str, isString := v.(string)
			switch {
			case !isString:
				*probs = append(*probs, problem{join(path, keyBefore), "want a string, got " + tomlType(v)})
			case s.inherits == "":
				*probs = append(*probs, problem{join(path, keyBefore), "only a variant that inherits another (inherits = \"NAME\") places pieces with before"})
			}
			s.pieces[i].before = str
		}
	}
}

// tables returns the tables of an array of tables as decoded (nil for an
// element that is not a table); ok is false if v is not an array.
func tables(v any) (out []map[string]any, ok bool) {
	switch a := v.(type) {
	case []map[string]any:
		return a, true
	case []any:
		out = make([]map[string]any, len(a))
		for i, e := range a {
			out[i], _ = e.(map[string]any)
		}
		return out, true
	}
	return nil, false
}

// unknownKeys appends to out, as the decoder's MetaData would, the keys of v
// that no field of type t takes. Keys matching a field only when letter case
// is ignored are checkShape's to report.
func unknownKeys(v any, t reflect.Type, parts []string, out *[]toml.Key) {
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for _, k := range sortedKeys(m) {
			key := append(parts[:len(parts):len(parts)], k)
			f, _ := field(t, k)
			if f == nil {
				*out = append(*out, toml.Key(key))
				continue
			}
			unknownKeys(m[k], f.Type, key, out)
		}
	case reflect.Map:
		if m, ok := v.(map[string]any); ok {
			for _, k := range sortedKeys(m) {
				unknownKeys(m[k], t.Elem(), append(parts[:len(parts):len(parts)], k), out)
			}
		}
	case reflect.Slice:
		rv := reflect.ValueOf(v)
		if v == nil || rv.Kind() != reflect.Slice {
			return
		}
		for i := 0; i < rv.Len(); i++ {
			unknownKeys(rv.Index(i).Interface(), t.Elem(), parts, out)
		}
	}
}

// loaderKeys lists the loader's keys that the table at the given key names
// takes besides core.Definition's fields.
func loaderKeys(parts []string) []string {
	switch {
	case len(parts) == 0:
		return []string{keyInherits}
	case len(parts) == 1 && parts[0] == "pieces":
		return []string{keyBefore, keyRemove}
	}
	return nil
}

// decode fills def from a table that checkShape has accepted, as the TOML
// decoder would.
func decode(raw map[string]any, def any) error {
	return assign(reflect.ValueOf(def).Elem(), raw, "")
}

// assign stores v in dst, whose type checkShape has matched v against.
func assign(dst reflect.Value, v any, path string) error {
	mismatch := func() error {
		return fmt.Errorf("%s: cannot store %s in a %s", path, tomlType(v), dst.Type())
	}
	switch dst.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return mismatch()
		}
		t := dst.Type()
		for i := 0; i < t.NumField(); i++ {
			k := tag(t.Field(i))
			if val, ok := m[k]; ok {
				if err := assign(dst.Field(i), val, join(path, k)); err != nil {
					return err
				}
			}
		}
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return mismatch()
		}
		out := reflect.MakeMapWithSize(dst.Type(), len(m))
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			e := reflect.New(dst.Type().Elem()).Elem()
			if err := assign(e, m[k], join(path, k)); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(k), e)
		}
		dst.Set(out)
	case reflect.Slice:
		rv := reflect.ValueOf(v)
		if v == nil || rv.Kind() != reflect.Slice {
			return mismatch()
		}
		out := reflect.MakeSlice(dst.Type(), rv.Len(), rv.Len())
		for i := 0; i < rv.Len(); i++ {
			if err := assign(out.Index(i), rv.Index(i).Interface(), index(path, i)); err != nil {
				return err
			}
		}
		dst.Set(out)
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return mismatch()
		}
		dst.SetString(s)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(int64)
		if !ok || dst.OverflowInt(n) {
			return mismatch()
		}
		dst.SetInt(n)
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			return mismatch()
		}
		dst.SetBool(b)
	default:
		return mismatch()
	}
	return nil
}

// Bounds on the structure of a file's text, checked before it is decoded:
// the TOML decoder's time and memory grow with the square of the nesting
// depth of arrays and inline tables and of the number of parts of a dotted
// key (a 64 KiB file of one key with 30000 parts takes it a minute and
// 40 GB), while a variant file needs a depth of 2 and keys of 3 parts.
const (
	maxNesting  = 16 // arrays and inline tables inside one another
	maxKeyParts = 16 // parts of a dotted key (more precisely, dots between separators)
)

// checkNesting refuses a text whose arrays and inline tables nest more than
// maxNesting deep or that has a dotted key of more than maxKeyParts parts.
// It reads strings and comments as TOML does and otherwise only counts
// brackets and dots, so it runs in one pass over any text; what it lets
// through is the decoder's to judge.
func checkNesting(file string, data []byte) error {
	depth, dots, line := 0, 0, 1
	fail := func(format string, args ...any) error {
		return &Error{File: file, Line: line, Err: fmt.Errorf(format, args...)}
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line++
			dots = 0
		case '#':
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			triple := i+2 < len(data) && data[i+1] == c && data[i+2] == c
			if triple {
				i += 2
			}
			for i++; i < len(data); i++ {
				d := data[i]
				if d == '\\' && c == '"' {
					i++
					if i < len(data) && data[i] == '\n' {
						line++
					}
					continue
				}
				if d == '\n' {
					line++
					if !triple {
						break
					}
				}
				if d == c && (!triple || i+2 < len(data) && data[i+1] == c && data[i+2] == c) {
					if triple {
						i += 2
					}
					break
				}
			}
		case '[', '{':
			if depth++; depth > maxNesting {
				return fail("arrays and tables nested more than %d deep", maxNesting)
			}
			dots = 0
		case ']', '}':
			depth = max(depth-1, 0)
			dots = 0
		case '=', ',':
			dots = 0
		case '.':
			if dots++; dots >= maxKeyParts {
				return fail("a dotted key of more than %d parts", maxKeyParts)
			}
		}
	}
	return nil
}
