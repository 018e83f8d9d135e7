package atomicfile

// Tests of WriteFile: content and permissions, replacement, refusals that leave nothing behind, concurrent writers and readers, and a writer killed with kill -9 mid-write.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// childEnv, when set, makes the test binary write versions of a file
// forever (the file the variable names) instead of running the tests.
const childEnv = "ATOMICFILE_TEST_WRITER"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		for i := 0; ; i++ {
			if err := WriteFile(path, version(i), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	}
	os.Exit(m.Run())
}

// version is the i-th content: a header naming i and a body of a length
// that varies, ending in a trailer, so that a torn file is recognised.
func version(i int) []byte {
	body := strings.Repeat(strconv.Itoa(i%10), 1000+(i*7919)%200000)
	return []byte(fmt.Sprintf("version %d\n%s\nend %d\n", i, body, i))
}

// whole reports whether data is one complete version.
func whole(data []byte) bool {
	var i int
	if _, err := fmt.Sscanf(string(data), "version %d\n", &i); err != nil || i < 0 {
		return false
	}
	return bytes.Equal(data, version(i))
}

// listDir names the files in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFile(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.txt")
	for _, tc := range []struct {
		data []byte
		perm os.FileMode
		want os.FileMode
	}{
		{[]byte("first\n"), 0o644, 0o644},
		{[]byte("second, longer than the first\n"), 0o600, 0o600},
		{[]byte{}, 0o666, 0o644}, // the umask applies
		{[]byte("x"), 0o644, 0o644},
	} {
		if err := WriteFile(path, tc.data, tc.perm); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, tc.data) {
			t.Errorf("read %q, %v; want %q", got, err, tc.data)
		}
		st, err := os.Stat(path)
		if err != nil || st.Mode().Perm() != tc.want {
			t.Errorf("mode %v, %v; want %v", st.Mode().Perm(), err, tc.want)
		}
		if names := listDir(t, dir); len(names) != 1 || names[0] != "game.txt" {
			t.Errorf("the directory holds %v", names)
		}
	}
	// A relative path in the working directory.
	t.Chdir(dir)
	if err := WriteFile("rel.txt", []byte("rel"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "rel.txt")); string(got) != "rel" {
		t.Errorf("relative path: %q", got)
	}
}

// TestWriteFileRefusals: a path in a missing directory, a path that is a
// directory and a directory path are refused, and nothing is left behind.
func TestWriteFileRefusals(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), []byte("k"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing", "f.txt"), "cannot create a file in " + filepath.Join(dir, "missing") + ": no such file"},
		{sub, "sub"},
		{dir + "/", "names a directory"},
	} {
		err := WriteFile(tc.path, []byte("data"), 0o644)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.path, err, tc.want)
		}
	}
	if names := listDir(t, dir); len(names) != 1 || names[0] != "sub" {
		t.Errorf("left behind: %v", names)
	}
	if names := listDir(t, sub); len(names) != 1 || names[0] != "keep" {
		t.Errorf("left behind in the directory: %v", names)
	}
}

// TestConcurrentWriters: writers replacing one file while readers read it;
// every read sees one whole version.
func TestConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := WriteFile(path, version(0), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 100)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 15; i++ {
				if err := WriteFile(path, version(w*100+i), 0o644); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	var rg sync.WaitGroup
	reads := 0
	rg.Add(1)
	go func() {
		defer rg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			data, err := os.ReadFile(path)
			if err != nil || !whole(data) {
				errs <- fmt.Errorf("a reader saw %d bytes (%v), not a whole version", len(data), err)
				return
			}
			reads++
		}
	}()
	wg.Wait()
	close(stop)
	rg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if names := listDir(t, filepath.Dir(path)); len(names) != 1 {
		t.Errorf("left behind: %v", names)
	}
	t.Logf("%d reads", reads)
}

// TestKilledWriter: a process writing the file again and again is killed
// with SIGKILL at moments spread over its writes; the file is always one
// whole version afterwards.
func TestKilledWriter(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	for round := 0; round < 5; round++ {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"="+path)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for a first version, then a little more.
		deadline := time.Now().Add(20 * time.Second)
		for {
			if _, err := os.Stat(path); err == nil {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("the writer wrote nothing: %s", stderr.String())
			}
			time.Sleep(time.Millisecond)
		}
		time.Sleep(time.Duration(round*17) * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		data, err := os.ReadFile(path)
		if err != nil || !whole(data) {
			t.Fatalf("round %d: after kill -9 the file holds %d bytes (%v), not a whole version", round, len(data), err)
		}
		// Temporary files of the killed writer may remain (it had no
		// chance to remove them); they are hidden and never the file.
		for _, n := range listDir(t, dir) {
			if n != "f" && !strings.HasPrefix(n, ".f.tmp-") {
				t.Errorf("unexpected file %s", n)
			}
		}
	}
}
