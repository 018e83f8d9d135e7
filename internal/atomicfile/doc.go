// Package atomicfile writes files atomically and durably: a reader sees
// the old content or the new, never a mix, and once WriteFile returns the
// new content survives a crash of the process or the machine. Lock
// serialises read-modify-write cycles of one file between processes (with
// flock, where the system has it).
package atomicfile
