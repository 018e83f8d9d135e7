// Tests of terminal games with clocks: the clock line, a human losing on time, the computer keeping to its clock.
package termui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"anychess/core"
	"anychess/variant"
)

func TestClockText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00.00"},
		{-time.Second, "0:00.00"},
		{9870 * time.Millisecond, "0:09.87"},
		{10 * time.Second, "0:10.0"},
		{245300 * time.Millisecond, "4:05.3"},
		{5 * time.Minute, "5:00.0"},
	} {
		if got := ClockText(tc.d); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestHumanLosesOnTime: a human whose clock has run out loses when typing.
func TestHumanLosesOnTime(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	seats := []Seat{{Clock: time.Nanosecond}, {Computer: true, Level: 1, Clock: time.Minute}}
	var out strings.Builder
	o := Play(r.StartPosition(), seats, strings.NewReader("e2e4\n"), &out)
	if o.Status != core.Win || o.Winners != 0b10 || !strings.Contains(o.Reason, "clock ran out") {
		t.Errorf("outcome %v", o)
	}
	if !strings.Contains(out.String(), "Clock: white 0:00.00, black 1:00.0") || !strings.Contains(out.String(), "Game over: black wins by time") {
		t.Errorf("output:\n%s", out.String())
	}
}

// TestComputerOnTheClock: the computer moves within its clock, which the
// next clock line shows reduced (by less than a quarter) plus the
// increment.
func TestComputerOnTheClock(t *testing.T) {
	r, err := variant.Load("chess", nil)
	if err != nil {
		t.Fatal(err)
	}
	seats := []Seat{{Computer: true, Clock: 2 * time.Second, Increment: time.Second}, {}}
	var out strings.Builder
	start := time.Now()
	o := Play(r.StartPosition(), seats, strings.NewReader("quit\n"), &out)
	if o.Status != core.Ongoing {
		t.Errorf("outcome %v", o)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the computer's first move took %v of its 2 s clock", d)
	}
	clocks := regexp.MustCompile(`Clock: white 0:0(\d\.\d\d)`).FindAllStringSubmatch(out.String(), -1)
	if len(clocks) != 2 || clocks[0][1] != "2.00" || clocks[1][1] <= "2.50" || clocks[1][1] > "3.00" {
		t.Errorf("clock lines %v:\n%s", clocks, out.String())
	}
}
