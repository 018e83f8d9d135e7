package betza_test

// Runnable examples for the betza package documentation.

import (
	"fmt"

	"anychess/betza"
)

func ExampleParse() {
	pawn, err := betza.Parse("fmWfceFifmnD")
	if err != nil {
		panic(err)
	}
	for _, p := range pawn.Paths {
		fmt.Println(p)
	}
	_, err = betza.Parse("fmWfceFifmnX")
	fmt.Println(err)
	// Output:
	// m(0,1)
	// ep c(1,1)
	// ep c(-1,1)
	// initial m(0,2) lame(0,1)
	// betza: "fmWfceFifmnX" at offset 11: unknown atom 'X'
}

func ExampleParse_multiLeg() {
	checker, _ := betza.Parse("fcafmF")
	for _, p := range checker.Paths {
		fmt.Println(p)
	}
	// Output:
	// c(1,1) then m(1,1)
	// c(-1,1) then m(-1,1)
}
