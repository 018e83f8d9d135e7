// Time controls on the command line: "10s+100ms" is a game clock of 10 s per player and 100 ms more after each move.
package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"
)

// parseTimeControl reads CLOCK[+INCREMENT], both Go durations: "5m+2s",
// "10s+100ms", "1m".
func parseTimeControl(text string) (clock, increment time.Duration, err error) {
	bad := func(why string) (time.Duration, time.Duration, error) {
		return 0, 0, fmt.Errorf("time control %q: %s (want CLOCK[+INCREMENT] as durations, e.g. 5m+2s or 10s+100ms)", text, why)
	}
	c, inc, hasInc := strings.Cut(strings.TrimSpace(text), "+")
	if clock, err = time.ParseDuration(c); err != nil {
		return bad(fmt.Sprintf("clock %q is not a duration", c))
	}
	if clock <= 0 {
		return bad("the clock must be more than 0")
	}
	if hasInc {
		if increment, err = time.ParseDuration(inc); err != nil {
			return bad(fmt.Sprintf("increment %q is not a duration", inc))
		}
		if increment < 0 {
			return bad("the increment must not be negative")
		}
	}
	return clock, increment, nil
}

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
