package martian_test

// Hands package variant's loader to the tests of package martian (see loader_test.go).

import (
	"anychess/variant"
	"anychess/variant/martian"
)

func init() {
	martian.Load, martian.Compile, martian.ParseOptions = variant.Load, variant.Compile, variant.ParseOptions
}
