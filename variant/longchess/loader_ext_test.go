package longchess_test

// Hands package variant's loader to the tests of package longchess (see loader_test.go).

import (
	"anychess/variant"
	"anychess/variant/longchess"
)

func init() {
	longchess.Load, longchess.Compile, longchess.ParseOptions = variant.Load, variant.Compile, variant.ParseOptions
}
