//go:build !unix

// File locking where flock is missing: none.
package tournament

// lockFile does not lock on this system: concurrent changes to one file by
// several processes are not serialised here (on Unix they are).
func lockFile(path string) (unlock func(), err error) { return func() {}, nil }

// syncDir does nothing on this system: a rename is made durable by the
// system itself, or not at all.
func syncDir(dir string) error { return nil }
