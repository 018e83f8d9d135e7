//go:build !unix

// The process's CPU time where it cannot be read: the wall clock stands in.
package main

import "time"

var processStart = time.Now()

// cpuTime stands in the wall time since the process started for the CPU
// time, which this system does not report.
func cpuTime() time.Duration { return time.Since(processStart) }
