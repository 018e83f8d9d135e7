// Package e2e holds anychess's end-to-end tests: the real server (package server on a temporary SQLite store, in this process or as a separate process killed and restarted) and the browser client (package web) in a real headless Chromium driven by chromedp.
//
// The package has no code of its own; its tests run with go test ./...
// They skip when no Chromium is installed, and fail then when the CI
// environment variable is set. Screenshots of every variant, on a desktop
// and a phone screen, go to $ANYCHESS_SCREENSHOTS (default
// $TMPDIR/anychess-screens).
package e2e
