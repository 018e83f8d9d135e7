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

	"github.com/BurntSushi/toml"

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

// Definition returns the parsed definition of a built-in variant. Each call
// returns a new copy that the caller may change.
func Definition(name string) (*core.Definition, error) {
	file, data, err := builtinFile(name)
	if err != nil {
		return nil, err
	}
	return Parse(file, data)
}

// Load compiles a built-in variant with the given option values.
func Load(name string, options map[string]string) (*core.Rules, error) {
	file, data, err := builtinFile(name)
	if err != nil {
		return nil, err
	}
	return Compile(file, data, options)
}

// LoadFile reads and compiles a variant file (the --variant-file flag).
func LoadFile(path string, options map[string]string) (*core.Rules, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Compile(path, data, options)
}

// Parse decodes a variant file. filename is used only in errors. It rejects
// TOML syntax errors, values of the wrong type and unknown keys (keys are
// case-sensitive); it does not check the rules themselves, which Compile does.
func Parse(filename string, data []byte) (*core.Definition, error) {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return nil, syntaxError(filename, data, err)
	}
	var probs []problem
	checkShape(raw, definitionType, "", &probs)
	if len(probs) > 0 {
		return nil, shapeError(filename, data, probs)
	}
	def := new(core.Definition)
	md, err := toml.Decode(string(data), def)
	if err != nil {
		// checkShape should have caught it; the decoder's text has its line.
		return nil, &Error{File: filename, Err: err}
	}
	if keys := md.Undecoded(); len(keys) > 0 {
		return nil, unknownKeyError(filename, data, keys)
	}
	return def, nil
}

// Compile parses a variant file and compiles it with the given option values.
// A fault in the file, found by Parse or by core.Compile, is an *Error at the
// line of the field concerned; an option the variant does not declare is an
// *Error at the line where its options are declared (line 1 if none are).
func Compile(filename string, data []byte, options map[string]string) (*core.Rules, error) {
	def, err := Parse(filename, data)
	if err != nil {
		return nil, err
	}
	if err := optionError(filename, data, def, options); err != nil {
		return nil, err
	}
	r, err := core.Compile(def, options)
	if err != nil {
		return nil, compileError(filename, data, err)
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
