// Package variant reads variant definitions: the TOML file format, the
// built-in variants and --option values, and it brings every game's Go
// hooks along.
//
// A variant file is a core.Definition written in TOML (see FORMAT.md); the
// built-in ones are embedded (variants/*.toml, listed by Names). Load and
// LoadFile compile a variant with its options into core.Rules. A file may
// build on another variant (inherits = "chess") and write only what
// differs (FORMAT.md, "Inheritance"); a Resolver finds parents that are not
// built in. Every error about a file is an *Error naming the file, the line
// and the field at fault, printed as "FILE:LINE: FIELD: message".
// CompileUpload reads a file from someone not trusted within bounds of
// size, time and work (FORMAT.md, "Uploaded variants").
//
// What a game's data cannot say is Go code in a package of its own under
// this one — variant/longchess, variant/martian, variant/plane — which
// registers its hooks with the core by the name its file gives (hooks =
// "longchess"). This package imports them all, so every program that loads
// variants through it can play every game; a game's package reaches only
// the core's public API (see ExampleLoad).
package variant
