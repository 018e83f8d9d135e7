package variant

// The built-in variants and the loader: Names, Definition, Load, LoadFile, Parse, Compile and ParseOptions.

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"

	"anychess/core"
)

// builtin holds the variants shipped with anychess, one file per variant,
// named after the variant.
//
//go:embed variants/*.toml
var builtin embed.FS

const builtinDir = "variants"

// Names returns the names of the built-in variants, sorted.
func Names() []string {
	entries, err := fs.ReadDir(builtin, builtinDir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".toml"); ok && !e.IsDir() {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// builtinFile returns the text of a built-in variant and its name for errors.
func builtinFile(name string) (file string, data []byte, err error) {
	names := Names()
	if !slices.Contains(names, name) {
		return "", nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(names, ", "))
	}
	file = builtinDir + "/" + name + ".toml"
	data, err = builtin.ReadFile(file)
	return file, data, err
}

// Definition returns the parsed definition of a built-in variant, with
// what it inherits merged in. Each call returns a new copy that the caller
// may change.
func Definition(name string) (*core.Definition, error) {
	t, err := loadBuiltin(name)
	if err != nil {
		return nil, err
	}
	return t.definition()
}

// Load compiles a built-in variant with the given option values.
func Load(name string, options map[string]string) (*core.Rules, error) {
	t, err := loadBuiltin(name)
	if err != nil {
		return nil, err
	}
	return t.compile(options)
}

// loadBuiltin reads a built-in variant and what it inherits.
func loadBuiltin(name string) (*tree, error) {
	file, data, err := builtinFile(name)
	if err != nil {
		return nil, err
	}
	return load(name, file, data, true, nil, nil)
}

// LoadFile reads and compiles a variant file (the --variant-file flag). A
// file it inherits is a built-in variant or, by FileResolver, a file beside it.
func LoadFile(path string, options map[string]string) (*core.Rules, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return CompileWith(path, data, options, FileResolver)
}

// Parse decodes a variant file. filename is used only in errors. It rejects
// TOML syntax errors, values of the wrong type and unknown keys (keys are
// case-sensitive), and merges in what the file inherits (inherits = "NAME",
// a built-in variant); it does not check the rules themselves, which
// Compile does.
func Parse(filename string, data []byte) (*core.Definition, error) {
	return ParseWith(filename, data, nil)
}

// ParseWith is Parse with the variants the file may inherit besides the
// built-in ones found by resolve (nil for none).
func ParseWith(filename string, data []byte, resolve Resolver) (*core.Definition, error) {
	t, err := load(filename, filename, data, false, resolve, nil)
	if err != nil {
		return nil, err
	}
	return t.definition()
}

// Compile parses a variant file and compiles it with the given option values.
// A fault in the file, found by Parse or by core.Compile, is an *Error at the
// line of the field concerned (a fault in a value the file inherits: at its
// inherits line, naming the field and where the parent writes it); an
// option the variant does not declare is an *Error at the line where its
// options are declared (line 1 if it declares none).
func Compile(filename string, data []byte, options map[string]string) (*core.Rules, error) {
	return CompileWith(filename, data, options, nil)
}

// CompileWith is Compile with the variants the file may inherit besides the
// built-in ones found by resolve (nil for none).
func CompileWith(filename string, data []byte, options map[string]string, resolve Resolver) (*core.Rules, error) {
	t, err := load(filename, filename, data, false, resolve, nil)
	if err != nil {
		return nil, err
	}
	return t.compile(options)
}

// definition decodes the merged table into a new Definition.
func (t *tree) definition() (*core.Definition, error) {
	def := new(core.Definition)
	if err := decode(t.raw, def); err != nil {
		return nil, &Error{File: t.src.file, Err: err}
	}
	return def, nil
}

// compile decodes and compiles the merged variant, placing its faults.
func (t *tree) compile(options map[string]string) (*core.Rules, error) {
	def, err := t.definition()
	if err != nil {
		return nil, err
	}
	if err := t.optionError(def, options); err != nil {
		return nil, err
	}
	r, err := core.Compile(def, options)
	if err != nil {
		return nil, t.compileError(err)
	}
	return r, nil
}

// ParseOptions turns repeated --option arguments of the form NAME or
// NAME=VALUE into a map from name to value; NAME alone gives the value "",
// which sets a flag. An empty name or a name given twice is an error.
func ParseOptions(args []string) (map[string]string, error) {
	opts := make(map[string]string, len(args))
	for _, a := range args {
		name, value, _ := strings.Cut(a, "=")
		if name == "" {
			return nil, fmt.Errorf("option %q: missing name (want NAME or NAME=VALUE)", a)
		}
		if _, dup := opts[name]; dup {
			return nil, fmt.Errorf("option %s given twice", name)
		}
		opts[name] = value
	}
	return opts, nil
}
