package main

// Flags given on the command line.

import (
	"errors"
	"flag"
	"fmt"
	"time"
)

// flagGiven reports whether the command line set the flag.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// checkMoveTime refuses a computer's --movetime that is negative, or 0
// without a game clock (the computer would think without end).
func checkMoveTime(d time.Duration, clock bool) error {
	switch {
	case d < 0:
		return fmt.Errorf("--movetime %v: the time must not be negative", d)
	case d == 0 && !clock:
		return errors.New("--movetime 0: the computer would think without end; give a positive time or --clock")
	}
	return nil
}
