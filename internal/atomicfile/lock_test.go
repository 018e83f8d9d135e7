//go:build unix

package atomicfile

// Tests of the lock: read-modify-write cycles under it lose nothing.

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

func TestLockSerialisesChanges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "counter")
	if err := WriteFile(path, []byte("0"), 0o644); err != nil {
		t.Fatal(err)
	}
	const workers, rounds = 8, 25
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				unlock, err := Lock(path)
				if err != nil {
					t.Error(err)
					return
				}
				data, err := os.ReadFile(path)
				n, _ := strconv.Atoi(string(data))
				if err == nil {
					err = WriteFile(path, []byte(strconv.Itoa(n+1)), 0o644)
				}
				unlock()
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	data, _ := os.ReadFile(path)
	if string(data) != strconv.Itoa(workers*rounds) {
		t.Errorf("counter %s after %d increments under the lock", data, workers*rounds)
	}
}
