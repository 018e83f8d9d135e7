package atomicfile

// WriteFile: a temporary file in the same directory, fsync, rename, fsync of the directory.

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// WriteFile writes data to path as os.WriteFile does, but atomically and
// durably: it writes a temporary file in path's directory, syncs it to
// disk, renames it over path and syncs the directory, so that path always
// holds either its old content or all of data, also after a crash (kill
// -9, a power cut) at any moment. perm is the new file's permission bits,
// less the umask, as with os.WriteFile; unlike os.WriteFile, a file that
// already exists gets them too (it is replaced, not rewritten). On error
// no temporary file is left behind and path is unchanged — save when only
// the last step, syncing the directory, fails: path then holds the new
// content, which a crash might still undo.
//
// Concurrent WriteFile calls on one path do not corrupt it: the last
// rename wins. They do not serialise read-modify-write cycles; callers
// that need that hold a lock.
func WriteFile(path string, data []byte, perm os.FileMode) (err error) {
	dir, base := filepath.Split(path)
	if base == "" {
		return fmt.Errorf("atomicfile: %q names a directory, not a file", path)
	}
	dir = filepath.Clean(dir) // "." when empty
	f, tmp, err := createTemp(dir, base, perm)
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("atomicfile: writing %s: %w", tmp, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("atomicfile: syncing %s: %w", tmp, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("atomicfile: closing %s: %w", tmp, err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	// The rename is durable once the directory is synced. Some systems
	// cannot sync a directory (EINVAL): the rename is then as durable as
	// they make it.
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	serr := d.Sync()
	d.Close()
	if serr != nil && !errors.Is(serr, syscall.EINVAL) {
		return fmt.Errorf("atomicfile: syncing directory %s: %w", dir, serr)
	}
	return nil
}

// createTemp creates a new file for writing next to the target, named
// after it (".NAME.tmp-RANDOM"), with permissions perm less the umask.
func createTemp(dir, base string, perm os.FileMode) (*os.File, string, error) {
	for range 100 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, "", err
		}
		name := filepath.Join(dir, "."+base+".tmp-"+hex.EncodeToString(b[:]))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("cannot create a file in %s: %w", dir, pe.Err)
		}
		return f, name, err
	}
	return nil, "", errors.New("no free temporary file name")
}
