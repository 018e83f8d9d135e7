package plane_test

// Hands package variant's loader to the tests of package plane (see loader_test.go).

import (
	"anychess/variant"
	"anychess/variant/plane"
)

func init() {
	plane.Load, plane.Compile, plane.ParseOptions = variant.Load, variant.Compile, variant.ParseOptions
}
