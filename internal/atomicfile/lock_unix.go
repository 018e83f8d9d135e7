//go:build unix

package atomicfile

// File locking on Unix: flock on a lock file beside the file.

import (
	"fmt"
	"os"
	"syscall"
)

// Lock takes the exclusive lock of the file at path, waiting for another
// process that holds it, and returns the function that releases it; hold
// it around a read-modify-write cycle so that concurrent changes by several
// processes are applied one after the other. The lock is an flock on
// path+".lock" (created if missing, left in place): not on path itself,
// which WriteFile replaces by a rename, so a waiter would lock the replaced
// file. The system releases it if the process dies.
func Lock(path string) (unlock func(), err error) {
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
