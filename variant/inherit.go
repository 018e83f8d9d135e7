package variant

// Inheritance: a variant file that says inherits = "NAME" is merged over its parent, and every value keeps where it was written.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// MaxInheritDepth is the most parents a variant file may have above it
// (a inherits b inherits chess is two).
const MaxInheritDepth = 8

// Resolver finds the parent that a variant file names with inherits = "NAME"
// when NAME is not a built-in variant (built-in names always mean the
// built-in variant). from is the file that names it, as the loader was given
// it or as the resolver returned it; the returned file name is used in
// errors, to tell a cycle and as from for the parent's own parent. An error
// says why NAME cannot be had; the loader reports it at the inherits line.
type Resolver func(from, name string) (file string, data []byte, err error)

// FileResolver is the Resolver of files on disk (LoadFile, --variant-file):
// a NAME ending in ".toml" is the file of that path, relative to the
// directory of the file that names it unless absolute. Other names are not
// files.
func FileResolver(from, name string) (string, []byte, error) {
	if !strings.HasSuffix(name, ".toml") {
		return "", nil, fmt.Errorf("no variant %q: not a built-in variant (%s), nor a file (a file's name ends in .toml)", name, strings.Join(Names(), ", "))
	}
	path := name
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(from), name)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	return path, data, nil
}

// origin is where a value of a merged variant was written: its path in a file.
type origin struct {
	src  *source
	path string
}

// tree is a variant's table after inheritance, with the origin of every
// table, key and array element in it.
type tree struct {
	raw map[string]any
	org map[string]origin // path in raw → where it was written; "" is the root
	src *source           // the file the tree is for
	// parents are the names of the variants merged under src, nearest first.
	parents []string
}

// leafTree is the tree of a file that inherits nothing.
func leafTree(s *source) *tree {
	t := &tree{raw: s.raw, org: map[string]origin{}, src: s}
	walkPaths(s.raw, "", func(p string) { t.org[p] = origin{s, p} })
	return t
}

// walkPaths calls fn with path and the path of every table, key and array
// element inside v.
func walkPaths(v any, path string, fn func(string)) {
	fn(path)
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			walkPaths(e, join(path, k), fn)
		}
	case []map[string]any:
		for i, e := range x {
			walkPaths(e, index(path, i), fn)
		}
	case []any:
		for i, e := range x {
			walkPaths(e, index(path, i), fn)
		}
	}
}

// under reports whether path is prefix or lies inside it, and what follows
// prefix in path ("" or a suffix starting with "." or "[", for rebase).
func under(path, prefix string) (suffix string, ok bool) {
	switch {
	case prefix == "":
		return prefixed(path), true
	case path == prefix:
		return "", true
	case strings.HasPrefix(path, prefix) && (path[len(prefix)] == '.' || path[len(prefix)] == '['):
		return path[len(prefix):], true
	}
	return "", false
}

// rebase joins a prefix and a suffix returned by under.
func rebase(prefix, suffix string) string {
	if prefix == "" {
		return strings.TrimPrefix(suffix, ".")
	}
	return prefix + suffix
}

// lookup returns the origin of path: that of path itself or of the nearest
// table or array above it, and the rest of path below that one.
func (t *tree) lookup(path string) (origin, string) {
	for p := path; ; p = parent(p) {
		if o, ok := t.org[p]; ok {
			if p == "" {
				return o, path
			}
			return o, path[len(p):]
		}
		if p == "" {
			return origin{src: t.src}, path
		}
	}
}

// place turns a fault at a path of the merged variant into an *Error: at the
// line of the file being read where that value is written there; for a value
// it inherits, at its inherits line, naming the field and where the parent
// writes it.
func (t *tree) place(path string, err error) *Error {
	o, rest := t.lookup(path)
	top := t.src
	if o.src == top {
		p := o.path + rest
		if o.path == "" {
			p = rest
		}
		return &Error{File: top.file, Line: top.loc().line(p), Field: p, Err: err}
	}
	p := strings.TrimPrefix(o.path+rest, ".")
	return &Error{File: top.file, Line: top.loc().line(keyInherits), Field: path,
		Err: inheritedError{err: err, from: o.src.name, file: o.src.file, line: o.src.loc().line(p)}}
}

// inheritedError is a fault in a value a variant inherits.
type inheritedError struct {
	err  error
	from string // the variant it comes from
	file string
	line int
}

func (e inheritedError) Error() string {
	return fmt.Sprintf("%v (inherited from %s, %s:%d)", e.err, e.from, e.file, e.line)
}

func (e inheritedError) Unwrap() error { return e.err }

// load reads a variant file and everything it inherits. name is the
// variant's name for messages (a built-in's name, else the file). Built-in
// parents are found by name; others by resolve (nil: none). stack holds the
// files being read below this one, for cycles.
func load(name, file string, data []byte, builtin bool, resolve Resolver, stack []string) (*tree, error) {
	s, err := readSource(file, data)
	if err != nil {
		return nil, err
	}
	s.name, s.builtin = name, builtin
	if s.inherits == "" {
		return leafTree(s), nil
	}
	if len(stack) >= MaxInheritDepth {
		return nil, s.errorAt(keyInherits, fmt.Errorf("more than %d levels of inheritance (%s)", MaxInheritDepth, strings.Join(append(stack, file), " → ")))
	}
	pname, pfile, pdata, pbuiltin, err := resolveParent(s, resolve)
	if err != nil {
		return nil, s.errorAt(keyInherits, err)
	}
	here := append(slices.Clone(stack), file)
	if slices.Contains(here, pfile) {
		return nil, s.errorAt(keyInherits, fmt.Errorf("inheritance cycle: %s → %s", strings.Join(here, " → "), pfile))
	}
	presolve := resolve
	if pbuiltin {
		presolve = nil // built-in variants build only on built-in variants
	}
	p, err := load(pname, pfile, pdata, pbuiltin, presolve, here)
	if err != nil {
		return nil, err
	}
	return merge(p, s)
}

// resolveParent finds the variant s inherits: a built-in one by its name,
// or what resolve returns.
func resolveParent(s *source, resolve Resolver) (name, file string, data []byte, builtin bool, err error) {
	if slices.Contains(Names(), s.inherits) {
		file, data, err = builtinFile(s.inherits)
		return s.inherits, file, data, true, err
	}
	if resolve == nil {
		return "", "", nil, false, fmt.Errorf("unknown variant %q (built-in variants: %s)", s.inherits, strings.Join(Names(), ", "))
	}
	file, data, err = resolve(s.file, s.inherits)
	if err != nil {
		return "", "", nil, false, err
	}
	return file, file, data, false, nil
}

// merger builds the tree of a child merged over its parent's.
type merger struct {
	p, out *tree
	c      *source
}

// fromParent takes the parent's value at ppath (nil if it has none) as the
// merged value at mpath, with its origins.
func (m *merger) fromParent(ppath, mpath string) {
	for p, o := range m.p.org {
		if rest, ok := under(p, ppath); ok {
			m.out.org[rebase(mpath, rest)] = o
		}
	}
}

// fromChild records the child's value at cpath, v, as the merged value at mpath.
func (m *merger) fromChild(v any, cpath, mpath string) {
	walkPaths(v, "", func(p string) {
		m.out.org[rebase(mpath, prefixed(p))] = origin{m.c, rebase(cpath, prefixed(p))}
	})
}

// prefixed turns a path relative to a value into a suffix for rebase.
func prefixed(p string) string {
	if p == "" || p[0] == '[' {
		return p
	}
	return "." + p
}

// merge merges child c over the parent tree p (FORMAT.md, "Inheritance").
func merge(p *tree, c *source) (*tree, error) {
	m := &merger{p: p, c: c, out: &tree{raw: map[string]any{}, org: map[string]origin{"": {c, ""}}, src: c}}
	m.out.parents = append([]string{p.src.name}, p.parents...)
	for _, k := range unionKeys(p.raw, c.raw) {
		pv, inP := p.raw[k]
		cv, inC := c.raw[k]
		switch {
		case k == "name":
			if inC { // the name is the child's own, never inherited
				m.out.raw[k] = cv
				m.fromChild(cv, k, k)
			}
		case k == "pieces" && inP && inC:
			v, err := m.pieces(pv, cv)
			if err != nil {
				return nil, err
			}
			m.out.raw[k] = v
		case k == "options" && inP && inC:
			m.out.raw[k] = m.options(pv, cv)
		case (k == "board" || k == "draws" || k == "goals") && inP && inC:
			m.out.raw[k] = m.table(k, pv, cv)
		case inC && inP && emptyArray(cv):
			// [] writes the parent's array away: the key is left out, as
			// in a file that never had it.
		case inC:
			m.out.raw[k] = cv
			m.fromChild(cv, k, k)
		default:
			m.out.raw[k] = pv
			m.fromParent(k, k)
		}
	}
	if err := m.checkResize(); err != nil {
		return nil, err
	}
	return m.out, nil
}

// unionKeys returns the keys of a and b, sorted.
func unionKeys(a, b map[string]any) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// table merges the tables at path key by key: the child's keys replace the
// parent's, arrays whole; board.regions and board.draw merge name by name,
// and a name the child gives [] or "" is removed.
func (m *merger) table(path string, pv, cv any) map[string]any {
	pm, _ := pv.(map[string]any)
	cm, _ := cv.(map[string]any)
	out := map[string]any{}
	m.out.org[path] = origin{m.c, path}
	for _, k := range unionKeys(pm, cm) {
		kp := join(path, k)
		pe, inP := pm[k]
		ce, inC := cm[k]
		switch {
		case (kp == "board.regions" || kp == "board.draw") && inP && inC:
			out[k] = m.named(kp, pe, ce)
		case inC && inP && emptyArray(ce):
		case inC:
			out[k] = ce
			m.fromChild(ce, kp, kp)
		default:
			out[k] = pe
			m.fromParent(kp, kp)
		}
	}
	return out
}

// named merges two tables of named entries (regions, drawings): the child's
// entries replace the parent's of the same name, and an entry the child
// leaves empty ([] or "") is removed.
func (m *merger) named(path string, pv, cv any) map[string]any {
	pm, _ := pv.(map[string]any)
	cm, _ := cv.(map[string]any)
	out := map[string]any{}
	m.out.org[path] = origin{m.c, path}
	for _, k := range unionKeys(pm, cm) {
		kp := join(path, k)
		ce, inC := cm[k]
		switch {
		case inC && empty(ce):
		case inC:
			out[k] = ce
			m.fromChild(ce, kp, kp)
		default:
			out[k] = pm[k]
			m.fromParent(kp, kp)
		}
	}
	return out
}

// empty reports whether v is "" or an empty array.
func empty(v any) bool {
	switch x := v.(type) {
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case []map[string]any:
		return len(x) == 0
	}
	return false
}

// emptyArray reports whether v is an empty array.
func emptyArray(v any) bool {
	_, isString := v.(string)
	return !isString && empty(v)
}

// slot is one element of a merged array of tables.
type slot struct {
	val  map[string]any
	pi   int // index in the parent's array, -1 for the child's own
	ci   int // index in the child's array, -1 if the child does not touch it
	gone bool
}

// pieces merges the [[pieces]] tables by letter: a child's table changes the
// parent's piece of its letter key by key, or removes it (remove = true), or
// adds a new piece at the end or before the piece named by before.
func (m *merger) pieces(pv, cv any) ([]map[string]any, error) {
	ps, _ := tables(pv)
	cs, _ := tables(cv)
	var slots []*slot
	for i, e := range ps {
		slots = append(slots, &slot{val: e, pi: i, ci: -1})
	}
	find := func(letter string) *slot {
		for _, s := range slots {
			if l, _ := s.val["letter"].(string); l == letter && !s.gone {
				return s
			}
		}
		return nil
	}
	pname := m.p.src.name
	given := map[string]int{}
	var added []int
	for j, e := range cs {
		path := index("pieces", j)
		if e == nil {
			e = map[string]any{}
		}
		keys := m.c.pieces[j]
		letter, _ := e["letter"].(string)
		if _, ok := e["letter"]; !ok {
			if keys.remove {
				return nil, m.c.errorAt(join(path, keyRemove), errors.New("name the piece to remove with its letter"))
			}
			added = append(added, j) // core reports the missing letter
			continue
		}
		if k, dup := given[letter]; dup {
			return nil, m.c.errorAt(join(path, "letter"), fmt.Errorf("letter %q is given twice (also pieces[%d])", letter, k))
		}
		given[letter] = j
		s := find(letter)
		switch {
		case keys.remove:
			if s == nil {
				return nil, m.c.errorAt(join(path, keyRemove), fmt.Errorf("%s has no piece %q to remove", pname, letter))
			}
			if keys.before != "" {
				return nil, m.c.errorAt(join(path, keyBefore), errors.New("a removed piece takes only its letter"))
			}
			for _, k := range sortedKeys(e) {
				if k != "letter" {
					return nil, m.c.errorAt(join(path, k), errors.New("a removed piece takes only its letter"))
				}
			}
			s.gone = true
		case s != nil:
			if keys.before != "" {
				return nil, m.c.errorAt(join(path, keyBefore), fmt.Errorf("%q is %s's piece and keeps its place; before places new pieces", letter, pname))
			}
			s.ci = j
		default:
			added = append(added, j)
		}
	}
	for _, j := range added {
		s := &slot{val: cs[j], pi: -1, ci: j}
		if s.val == nil {
			s.val = map[string]any{}
		}
		before := m.c.pieces[j].before
		if before == "" {
			slots = append(slots, s)
			continue
		}
		at := slices.IndexFunc(slots, func(o *slot) bool {
			l, _ := o.val["letter"].(string)
			return l == before && !o.gone
		})
		if at < 0 {
			return nil, m.c.errorAt(join(index("pieces", j), keyBefore), fmt.Errorf("no piece %q to place this one before", before))
		}
		slots = slices.Insert(slots, at, s)
	}
	m.out.org["pieces"] = origin{m.c, "pieces"}
	var out []map[string]any
	for _, s := range slots {
		if s.gone {
			continue
		}
		mp := index("pieces", len(out))
		switch {
		case s.pi < 0:
			m.fromChild(s.val, index("pieces", s.ci), mp)
			out = append(out, s.val)
		case s.ci < 0:
			m.fromParent(index("pieces", s.pi), mp)
			out = append(out, s.val)
		default:
			out = append(out, m.override(s, "pieces", cs[s.ci], mp))
		}
	}
	return out, nil
}

// override merges the child's table of an array element over the parent's, key by key.
func (m *merger) override(s *slot, array string, child map[string]any, mp string) map[string]any {
	pp, cp := index(array, s.pi), index(array, s.ci)
	merged := map[string]any{}
	m.out.org[mp] = origin{m.c, cp}
	for _, k := range unionKeys(s.val, child) {
		if v, ok := child[k]; ok {
			merged[k] = v
			m.fromChild(v, join(cp, k), join(mp, k))
		} else {
			merged[k] = s.val[k]
			m.fromParent(join(pp, k), join(mp, k))
		}
	}
	return merged
}

// options merges the [[options]] tables by name: a child's table changes the
// parent's option of its name key by key, or adds a new option at the end.
func (m *merger) options(pv, cv any) []map[string]any {
	ps, _ := tables(pv)
	cs, _ := tables(cv)
	slots := make([]*slot, 0, len(ps)+len(cs))
	for i, e := range ps {
		slots = append(slots, &slot{val: e, pi: i, ci: -1})
	}
	for j, e := range cs {
		name, named := e["name"].(string)
		at := -1
		if named {
			at = slices.IndexFunc(slots, func(s *slot) bool { n, _ := s.val["name"].(string); return s.pi >= 0 && s.ci < 0 && n == name })
		}
		if at >= 0 {
			slots[at].ci = j
		} else {
			slots = append(slots, &slot{val: e, pi: -1, ci: j})
		}
	}
	m.out.org["options"] = origin{m.c, "options"}
	out := make([]map[string]any, 0, len(slots))
	for _, s := range slots {
		mp := index("options", len(out))
		switch {
		case s.pi < 0:
			if s.val == nil {
				s.val = map[string]any{}
			}
			m.fromChild(s.val, index("options", s.ci), mp)
			out = append(out, s.val)
		case s.ci < 0:
			m.fromParent(index("options", s.pi), mp)
			out = append(out, s.val)
		default:
			out = append(out, m.override(s, "options", cs[s.ci], mp))
		}
	}
	return out
}

// squareFields are the values that name squares of the board; a child that
// changes the board's size must write them itself.
var squareFields = []string{"start", "board.holes", "board.pass_through", "board.water", "board.file_labels", "board.rank_labels", "board.letters_a1", "castling"}

// checkResize applies the board-size rule: if the child changes files,
// ranks or unbounded, it must write every value its parent has that names
// squares, and every region of the parent (or remove it with []).
func (m *merger) checkResize() error {
	pb, _ := m.p.raw["board"].(map[string]any)
	mb, _ := m.out.raw["board"].(map[string]any)
	cb, _ := m.c.raw["board"].(map[string]any)
	var cause string
	for _, k := range []string{"files", "ranks", "unbounded"} {
		if _, written := cb[k]; written && !valueEqual(pb[k], mb[k]) {
			cause = "board." + k
			break
		}
	}
	if cause == "" {
		return nil
	}
	line := m.c.loc().line(cause)
	fail := func(field, what string) error {
		return &Error{File: m.c.file, Line: line, Field: field, Err: fmt.Errorf(
			"%s changes the board from %s to %s, and %s names squares of %s's board: write it for the new board%s",
			cause, boardSize(pb), boardSize(mb), what, m.p.src.name, removeHint(field))}
	}
	for _, f := range squareFields {
		top, key, _ := strings.Cut(f, ".")
		pv, has := m.p.raw[top], false
		cv, written := m.c.raw[top]
		if key != "" {
			pm, _ := pv.(map[string]any)
			pv, has = pm[key]
			cm, _ := cv.(map[string]any)
			_, written = cm[key]
		} else {
			has = pv != nil
		}
		if has && !empty(pv) && !written {
			return fail(f, f)
		}
	}
	pr, _ := pb["regions"].(map[string]any)
	cr, _ := cb["regions"].(map[string]any)
	for _, name := range sortedKeys(pr) {
		if _, written := cr[name]; !written && !empty(pr[name]) {
			return fail(join("board.regions", name), "region "+name)
		}
	}
	return nil
}

// removeHint says how to write a value away.
func removeHint(field string) string {
	switch {
	case field == "castling":
		return " (castling = [] for none)"
	case strings.HasPrefix(field, "board.regions."):
		return " (or = [] to remove it)"
	case field == "start", field == "board.letters_a1":
		return ""
	}
	return " (= [] for none)"
}

// boardSize describes the size of a [board] table.
func boardSize(b map[string]any) string {
	if u, _ := b["unbounded"].(bool); u {
		return "unbounded"
	}
	f, _ := b["files"].(int64)
	r, _ := b["ranks"].(int64)
	return fmt.Sprintf("%dx%d", f, r)
}

// valueEqual compares two decoded scalars (nil for absent).
func valueEqual(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil || b == false || b == int64(0)
	case bool:
		if b == nil {
			return !x
		}
	case int64:
		if b == nil {
			return x == 0
		}
	}
	return a == b
}
