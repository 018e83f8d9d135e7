//go:build unix

// File locking on Unix: flock on a lock file beside the tournament file.
package tournament

import (
	"fmt"
	"os"
	"syscall"
)

// lockFile takes the exclusive lock of the tournament file at path, waiting
// for another process that holds it, and returns the function that releases
// it. The lock is an flock on path+".lock" (created if missing, left in
// place): not on path itself, which Save replaces by a rename, so a waiter
// would lock the replaced file. The system releases it if the process dies.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// syncDir flushes the directory dir, so that a rename in it is durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
