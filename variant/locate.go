package variant

// Source locator: finds the line of every table, key and array element of a TOML text.

import (
	"slices"
	"strconv"
	"strings"
)

// entry is one place in the source: a table, a key or an array element.
type entry struct {
	path  string   // dotted path with indexes, as core names fields: "pieces[2].betza"
	parts []string // the key names of path without indexes, for MetaData keys
	elem  bool     // an array element (path ends in an index)
	line  int
}

// locator maps field paths to source lines. It is built by scanning a text that
// the TOML decoder has accepted; on other text it still terminates, and finds
// what it can.
type locator struct {
	entries []entry
	first   map[string]int // path → index in entries of its first occurrence
	arrays  map[string]int // array-of-tables path → elements seen so far
	keys    map[string]int // key names joined by NUL → index of its first entry, built by key
}

// locate scans src.
func locate(src []byte) *locator {
	l := &locator{first: map[string]int{}, arrays: map[string]int{}}
	s := &scanner{src: src, line: 1, loc: l}
	s.document()
	return l
}

// add records the first occurrence of a path.
func (l *locator) add(path string, parts []string, elem bool, line int) {
	if _, seen := l.first[path]; seen {
		return
	}
	l.first[path] = len(l.entries)
	l.entries = append(l.entries, entry{path: path, parts: slices.Clone(parts), elem: elem, line: line})
}

// line returns the line where path is written or, if it is absent, where its
// nearest enclosing table or array is; 1 (the root table) if none is.
func (l *locator) line(path string) int {
	for p := path; p != ""; p = parent(p) {
		if i, ok := l.first[p]; ok {
			return l.entries[i].line
		}
	}
	return 1
}

// key returns the first entry written for a key given by its names without
// indexes (as MetaData.Undecoded reports it).
func (l *locator) key(parts []string) (entry, bool) {
	if l.keys == nil {
		l.keys = map[string]int{}
		for i := len(l.entries) - 1; i >= 0; i-- {
			if e := &l.entries[i]; !e.elem {
				l.keys[strings.Join(e.parts, "\x00")] = i
			}
		}
	}
	if i, ok := l.keys[strings.Join(parts, "\x00")]; ok {
		return l.entries[i], true
	}
	return entry{}, false
}

// resolve turns key names into a path, giving each array of tables seen so far
// the index of its last element, as a TOML header or error position means.
func (l *locator) resolve(parts []string) string {
	path := ""
	for _, k := range parts {
		path = join(path, k)
		if n, ok := l.arrays[path]; ok && n > 0 {
			path = index(path, n-1)
		}
	}
	return path
}

// parent strips the last ".key" or "[i]" of a path. A key that itself holds
// dots or brackets may be cut in the middle; the caller then simply keeps
// looking further up.
func parent(p string) string {
	if strings.HasSuffix(p, "]") {
		if i := strings.LastIndexByte(p, '['); i >= 0 {
			return p[:i]
		}
	}
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i]
	}
	return ""
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// scanner walks a TOML text, recording positions in its locator. Every loop
// consumes at least one byte, so malformed text cannot make it hang.
type scanner struct {
	src   []byte
	pos   int
	line  int
	loc   *locator
	table string   // path of the current table
	parts []string // its key names without indexes
}

func (s *scanner) peek() byte {
	if s.pos < len(s.src) {
		return s.src[s.pos]
	}
	return 0
}

func (s *scanner) eof() bool { return s.pos >= len(s.src) }

// advance consumes one byte, counting lines.
func (s *scanner) advance() {
	if s.src[s.pos] == '\n' {
		s.line++
	}
	s.pos++
}

// skipSpace skips blanks on the current line.
func (s *scanner) skipSpace() {
	for !s.eof() && (s.peek() == ' ' || s.peek() == '\t') {
		s.pos++
	}
}

// skipBlank skips blanks, newlines and comments.
func (s *scanner) skipBlank() {
	for !s.eof() {
		switch s.peek() {
		case ' ', '\t', '\r', '\n':
			s.advance()
		case '#':
			for !s.eof() && s.peek() != '\n' {
				s.pos++
			}
		default:
			return
		}
	}
}

// document scans statements: table headers and key/value pairs.
func (s *scanner) document() {
	for {
		s.skipBlank()
		if s.eof() {
			return
		}
		start, line := s.pos, s.line
		switch {
		case strings.HasPrefix(string(s.src[s.pos:min(s.pos+2, len(s.src))]), "[["):
			s.pos += 2
			s.arrayHeader(s.key(), line)
		case s.peek() == '[':
			s.pos++
			s.tableHeader(s.key(), line)
		default:
			keys := s.key()
			s.skipSpace()
			if s.peek() == '=' && len(keys) > 0 {
				s.pos++
				s.keyValue(s.table, s.parts, keys, line)
			}
		}
		// Skip the rest of the line (closing brackets, comments, junk).
		for !s.eof() && s.peek() != '\n' && s.peek() != '#' {
			s.pos++
		}
		if s.pos == start {
			s.advance()
		}
	}
}

// tableHeader handles [a.b].
func (s *scanner) tableHeader(keys []string, line int) {
	if len(keys) == 0 {
		return
	}
	s.implicit(keys[:len(keys)-1], line)
	s.table = s.loc.resolve(keys)
	s.parts = keys
	s.loc.add(s.table, keys, false, line)
}

// arrayHeader handles [[a.b]]: a new element of the array of tables a.b.
func (s *scanner) arrayHeader(keys []string, line int) {
	if len(keys) == 0 {
		return
	}
	s.implicit(keys[:len(keys)-1], line)
	array := join(s.loc.resolve(keys[:len(keys)-1]), keys[len(keys)-1])
	n := s.loc.arrays[array]
	s.loc.arrays[array] = n + 1
	s.loc.add(array, keys, false, line)
	s.table = index(array, n)
	s.parts = keys
	s.loc.add(s.table, keys, true, line)
}

// implicit records the tables a header names on the way to its own.
func (s *scanner) implicit(keys []string, line int) {
	for i := range keys {
		s.loc.add(s.loc.resolve(keys[:i+1]), keys[:i+1], false, line)
	}
}

// keyValue handles keys = value inside the table at path.
func (s *scanner) keyValue(path string, parts, keys []string, line int) {
	parts = slices.Clone(parts)
	for _, k := range keys {
		path = join(path, k)
		parts = append(parts, k)
		s.loc.add(path, parts, false, line)
	}
	s.skipSpace()
	s.value(path, parts)
}

// key reads a dotted key; it returns nil if there is none.
func (s *scanner) key() []string {
	var keys []string
	for {
		s.skipSpace()
		switch c := s.peek(); {
		case c == '"':
			keys = append(keys, unquote(s.basicString()))
		case c == '\'':
			str := s.literalString()
			keys = append(keys, strings.Trim(str, "'"))
		case bare(c):
			start := s.pos
			for !s.eof() && bare(s.peek()) {
				s.pos++
			}
			keys = append(keys, string(s.src[start:s.pos]))
		default:
			return keys
		}
		s.skipSpace()
		if s.peek() != '.' {
			return keys
		}
		s.pos++
	}
}

func bare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// value reads one value at path, recording array elements and inline-table keys.
func (s *scanner) value(path string, parts []string) {
	switch s.peek() {
	case '"':
		s.basicString()
	case '\'':
		s.literalString()
	case '[':
		s.array(path, parts)
	case '{':
		s.inlineTable(path, parts)
	default:
		for !s.eof() && !strings.ContainsRune(",]}#\n", rune(s.peek())) {
			s.pos++
		}
	}
}

// array reads [v, v, …], which may span lines and hold comments.
func (s *scanner) array(path string, parts []string) {
	s.pos++
	for i := 0; ; i++ {
		s.skipBlank()
		if s.eof() {
			return
		}
		if s.peek() == ']' {
			s.pos++
			return
		}
		start := s.pos
		elem := index(path, i)
		s.loc.add(elem, parts, true, s.line)
		s.value(elem, parts)
		s.skipBlank()
		if s.peek() == ',' {
			s.pos++
		} else if s.pos == start {
			s.advance()
		}
	}
}

// inlineTable reads {k = v, …}.
func (s *scanner) inlineTable(path string, parts []string) {
	s.pos++
	for {
		s.skipBlank()
		if s.eof() {
			return
		}
		if s.peek() == '}' {
			s.pos++
			return
		}
		start, line := s.pos, s.line
		keys := s.key()
		s.skipSpace()
		if s.peek() == '=' && len(keys) > 0 {
			s.pos++
			s.keyValue(path, parts, keys, line)
		}
		s.skipBlank()
		if s.peek() == ',' {
			s.pos++
		} else if s.pos == start {
			s.advance()
		}
	}
}

// basicString reads a basic string, single or triple quoted, and returns the
// text read, quotes included.
func (s *scanner) basicString() string {
	return s.quoted('"', true)
}

// literalString reads a literal string, single or triple quoted, and returns
// the text read, quotes included.
func (s *scanner) literalString() string {
	return s.quoted('\'', false)
}

func (s *scanner) quoted(q byte, escapes bool) string {
	start := s.pos
	triple := string([]byte{q, q, q})
	multi := strings.HasPrefix(string(s.src[s.pos:min(s.pos+3, len(s.src))]), triple)
	if multi {
		s.pos += 3
	} else {
		s.pos++
	}
	for !s.eof() {
		c := s.peek()
		switch {
		case escapes && c == '\\':
			s.advance()
			if !s.eof() {
				s.advance()
			}
		case c == q && !multi:
			s.pos++
			return string(s.src[start:s.pos])
		case c == q && strings.HasPrefix(string(s.src[s.pos:min(s.pos+3, len(s.src))]), triple):
			s.pos += 3
			// Up to two more quotes may close the string's content.
			for n := 0; n < 2 && s.peek() == q; n++ {
				s.pos++
			}
			return string(s.src[start:s.pos])
		case c == '\n' && !multi:
			return string(s.src[start:s.pos])
		default:
			s.advance()
		}
	}
	return string(s.src[start:s.pos])
}

// unquote decodes a basic-string key; escapes Go does not know are kept as written.
func unquote(q string) string {
	if u, err := strconv.Unquote(q); err == nil {
		return u
	}
	return strings.Trim(q, `"`)
}
