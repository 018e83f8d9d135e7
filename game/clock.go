package game

// Time controls and the text of clocks.

import (
	"fmt"
	"strings"
	"time"
)

// TimeControl is a Fischer clock: every seat starts with Initial and gains
// Increment after each of its moves. A zero Initial means no clocks.
type TimeControl struct {
	Initial   time.Duration
	Increment time.Duration
}

// MaxClock is the longest clock a time control may give (a week): longer
// ones are refused as mistakes, and durations stay far from overflow.
const MaxClock = 7 * 24 * time.Hour

// ParseTimeControl reads CLOCK[+INCREMENT], both Go durations: "5m+2s",
// "10s+100ms", "1m". An empty text is no clock.
func ParseTimeControl(text string) (TimeControl, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return TimeControl{}, nil
	}
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %q: %s (want CLOCK[+INCREMENT] as durations, e.g. 5m+2s or 10s+100ms)", text, why)
	}
	c, inc, hasInc := strings.Cut(text, "+")
	var tc TimeControl
	var err error
	if tc.Initial, err = time.ParseDuration(c); err != nil {
		return bad(fmt.Sprintf("clock %q is not a duration", c))
	}
	if tc.Initial <= 0 {
		return bad("the clock must be more than 0")
	}
	if tc.Initial > MaxClock {
		return bad(fmt.Sprintf("the clock must be at most %v", MaxClock))
	}
	if hasInc {
		if tc.Increment, err = time.ParseDuration(inc); err != nil {
			return bad(fmt.Sprintf("increment %q is not a duration", inc))
		}
		if tc.Increment < 0 {
			return bad("the increment must not be negative")
		}
		if tc.Increment > MaxClock {
			return bad(fmt.Sprintf("the increment must be at most %v", MaxClock))
		}
	}
	return tc, nil
}

// String writes the time control as ParseTimeControl reads it ("" for no
// clock).
func (tc TimeControl) String() string {
	if tc.Initial <= 0 {
		return ""
	}
	if tc.Increment == 0 {
		return tc.Initial.String()
	}
	return tc.Initial.String() + "+" + tc.Increment.String()
}

// On reports whether the time control gives clocks.
func (tc TimeControl) On() bool { return tc.Initial > 0 }

// ClockText writes the time on a clock as players read it: minutes and
// seconds, with hundredths under ten seconds ("4:05.3", "0:09.87"), hours
// when there are any ("1:02:03").
func ClockText(d time.Duration) string {
	d = max(d, 0)
	if d >= time.Hour {
		h, m, s := int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second)
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	// Truncated, not rounded: a clock never shows more than it has.
	m, sec := int(d/time.Minute), d%time.Minute
	if d < 10*time.Second {
		return fmt.Sprintf("%d:%02d.%02d", m, sec/time.Second, sec%time.Second/(10*time.Millisecond))
	}
	return fmt.Sprintf("%d:%02d.%d", m, sec/time.Second, sec%time.Second/(100*time.Millisecond))
}
