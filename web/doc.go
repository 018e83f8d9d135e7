// Package web holds the browser client: the pages and the script built from web/src, embedded in the binary and served by the server.
package web
