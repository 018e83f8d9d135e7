package martian

// The variant loader, for the tests of this package (set by loader_ext_test.go).

import "anychess/core"

// The tests read the built-in variant through package variant, as every
// program does (its file, its options, these hooks). Package variant imports
// this one, so only the external test package may import it: its init
// (loader_ext_test.go) hands the loader's functions over before any test runs.
var (
	Load         func(name string, options map[string]string) (*core.Rules, error)
	Compile      func(filename string, data []byte, options map[string]string) (*core.Rules, error)
	ParseOptions func(args []string) (map[string]string, error)
)
