package core

// Tests of the pin set behind Position.Pins.

import "testing"

// TestPinSetOverflow: a set with more pins than it has room for counts
// every piece as pinned, so Safe passes no move of a piece it dropped.
func TestPinSetOverflow(t *testing.T) {
	var s PinSet
	s.ok, s.k = true, 99
	for sq := Square(0); sq < Square(len(s.sqs)); sq++ {
		s.add(sq)
	}
	free := NewMove(200, 201)
	if !s.Safe(free) || s.Safe(NewMove(3, 4)) {
		t.Fatalf("a full set: Safe(free) %v, Safe(pinned) %v", s.Safe(free), s.Safe(NewMove(3, 4)))
	}
	s.add(300)
	if s.Safe(free) || s.Safe(NewMove(300, 301)) {
		t.Error("past its room the set still lets moves pass")
	}
}
