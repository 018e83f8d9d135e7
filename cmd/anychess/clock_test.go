// Tests of time-control parsing: the accepted forms, each refusal, and a fuzz target.
package main

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	for _, tc := range []struct {
		text        string
		clock, inc  time.Duration
		errContains string
	}{
		{"5m+2s", 5 * time.Minute, 2 * time.Second, ""},
		{" 10s+100ms ", 10 * time.Second, 100 * time.Millisecond, ""},
		{"1m", time.Minute, 0, ""},
		{"1m+0s", time.Minute, 0, ""},
		{"", 0, 0, `clock "" is not a duration`},
		{"ten", 0, 0, `clock "ten" is not a duration`},
		{"0s+1s", 0, 0, "the clock must be more than 0"},
		{"-5s", 0, 0, "the clock must be more than 0"},
		{"5s+", 0, 0, `increment "" is not a duration`},
		{"5s+-1s", 0, 0, "the increment must not be negative"},
		{"5s+1s+1s", 0, 0, `increment "1s+1s" is not a duration`},
	} {
		clock, inc, err := parseTimeControl(tc.text)
		if tc.errContains != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errContains) || clock != 0 || inc != 0 {
				t.Errorf("%q: %v, %v, error %v; want an error with %q", tc.text, clock, inc, err, tc.errContains)
			}
			continue
		}
		if err != nil || clock != tc.clock || inc != tc.inc {
			t.Errorf("%q: %v, %v, error %v; want %v, %v", tc.text, clock, inc, err, tc.clock, tc.inc)
		}
	}
}

// FuzzTimeControl: any text gives a positive clock and an increment of at
// least 0, or an error that quotes the text and no durations.
func FuzzTimeControl(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		clock, inc, err := parseTimeControl(text)
		if err != nil {
			if clock != 0 || inc != 0 || !strings.Contains(err.Error(), "time control ") {
				t.Fatalf("%q: %v, %v with error %v", text, clock, inc, err)
			}
			return
		}
		if clock <= 0 || inc < 0 {
			t.Fatalf("%q: clock %v, increment %v accepted", text, clock, inc)
		}
	})
}
