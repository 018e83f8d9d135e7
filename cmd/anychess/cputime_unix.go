//go:build unix

// The process's CPU time, for 'bench --search' on a machine shared with other jobs.
package main

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
