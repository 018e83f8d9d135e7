// Package pgtest gives tests a PostgreSQL database of their own: a new, empty database on the server that ANYCHESS_TEST_POSTGRES names, or on a private server it starts.
//
// ANYCHESS_TEST_POSTGRES is the URL of a database whose user may create
// databases (.ci/run sets it). Without it, the first test that asks
// starts a private server from the PostgreSQL binaries it finds
// (/usr/lib/postgresql/*/bin), in a directory under the system's temporary
// directory, listening on a Unix socket there only, and leaves it running
// for the next test run. When no PostgreSQL can be had the tests skip,
// except where the CI environment variable is set: there they fail.
package pgtest
