// Command build bundles the browser client: the TypeScript in web/src,
// compiled by esbuild's Go API, and the pages and styles beside it, written
// to web/dist, which the binary embeds. It runs from web's go:generate
// line; the test in this package fails when web/dist is out of date.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// entries are the pages' scripts: src/NAME.ts becomes dist/NAME.js.
var entries = []string{"index", "game", "rules", "tournament", "upload"}

// copied are the extensions of the files of src copied to dist unchanged.
var copied = []string{".html", ".css", ".svg"}

func main() {
	dir := flag.String("web", ".", "the web directory (holding src and dist)")
	flag.Parse()
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

// write rebuilds dir/dist from dir/src, removing files no longer built.
func write(dir string) error {
	files, err := Bundle(dir)
	if err != nil {
		return err
	}
	dist := filepath.Join(dir, "dist")
	old, err := os.ReadDir(dist)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	for _, e := range old {
		if _, ok := files[e.Name()]; !ok && !e.IsDir() {
			if err := os.Remove(filepath.Join(dist, e.Name())); err != nil {
				return err
			}
		}
	}
	if err := os.MkdirAll(dist, 0o755); err != nil {
		return err
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dist, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Bundle builds the client in memory: file name in dist → contents.
func Bundle(dir string) (map[string][]byte, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	src := filepath.Join(abs, "src")
	var points []string
	for _, e := range entries {
		points = append(points, filepath.Join(src, e+".ts"))
	}
	res := api.Build(api.BuildOptions{
		EntryPoints:       points,
		Bundle:            true,
		Write:             false,
		Outdir:            filepath.Join(abs, "dist"),
		AbsWorkingDir:     abs,
		Format:            api.FormatIIFE,
		Target:            api.ES2020,
		Platform:          api.PlatformBrowser,
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		LegalComments:     api.LegalCommentsNone,
		Charset:           api.CharsetUTF8,
		TsconfigRaw:       `{"compilerOptions":{"strict":true}}`,
		LogLevel:          api.LogLevelSilent,
		MinifyIdentifiers: false,
	})
	if len(res.Errors) > 0 {
		var msgs []string
		for _, m := range res.Errors {
			where := ""
			if m.Location != nil {
				where = fmt.Sprintf("%s:%d:%d: ", m.Location.File, m.Location.Line, m.Location.Column)
			}
			msgs = append(msgs, where+m.Text)
		}
		return nil, errors.New(strings.Join(msgs, "\n"))
	}
	files := map[string][]byte{}
	for _, f := range res.OutputFiles {
		files[filepath.Base(f.Path)] = f.Contents
	}
	list, err := os.ReadDir(src)
	if err != nil {
		return nil, err
	}
	for _, e := range list {
		if e.IsDir() || !hasExt(e.Name(), copied) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return nil, err
		}
		files[e.Name()] = data
	}
	return files, nil
}

func hasExt(name string, exts []string) bool {
	for _, x := range exts {
		if strings.HasSuffix(name, x) {
			return true
		}
	}
	return false
}

// names lists the files' names in order.
func names(files map[string][]byte) []string {
	out := make([]string, 0, len(files))
	for n := range files {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
