package web

//go:generate go run ./build

import (
	"embed"
	"io/fs"
)

//go:embed dist
var dist embed.FS

// Static holds the client's files: index.html (the home page: new games),
// game.html (a game), rules.html (a variant's rules), and the scripts and
// styles they load, all served from the binary.
var Static fs.FS

func init() {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embedded tree always has dist
	}
	Static = sub
}
