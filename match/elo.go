package match

// Match statistics: score, Elo difference and its 95% interval from the score and the draw rate.

import (
	"fmt"
	"math"
)

// Score is a match result from the first player's view. Points are 1 for a
// win, ½ for a draw; in games of more than two players a game's point is
// the first player's share of the winners (½ when nobody wins).
type Score struct {
	Games  int
	Points float64
	// Wins, Draws, Losses count games the first player won outright, drew
	// (or shared), and lost.
	Wins, Draws, Losses int
	// sq sums the squared game points, for the variance.
	sq float64
}

// Add records one game's points for the first player.
func (s *Score) Add(points float64) {
	s.Games++
	s.Points += points
	s.sq += points * points
	switch {
	case points >= 1:
		s.Wins++
	case points <= 0:
		s.Losses++
	default:
		s.Draws++
	}
}

// Fraction returns the mean points per game.
func (s Score) Fraction() float64 {
	if s.Games == 0 {
		return 0.5
	}
	return s.Points / float64(s.Games)
}

// Elo returns the Elo difference the score implies and the bounds of its 95%
// confidence interval (normal approximation of the mean game points, whose
// variance comes from the games themselves, so draws narrow it). A score of
// 0% or 100% has an infinite estimate; its finite bound is then the one from
// the rule of three (the true score is at least 1 − 3/N with 95%
// confidence).
func (s Score) Elo() (elo, lo, hi float64) {
	n := float64(s.Games)
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	f := s.Fraction()
	variance := s.sq/n - f*f
	se := math.Sqrt(max(variance, 0) / n)
	loF, hiF := f-1.96*se, f+1.96*se
	if f >= 1 {
		loF = 1 - 3/n
	}
	if f <= 0 {
		hiF = 3 / n
	}
	return eloOf(f), eloOf(loF), eloOf(hiF)
}

// eloOf converts a score fraction into an Elo difference.
func eloOf(f float64) float64 {
	switch {
	case f >= 1:
		return math.Inf(1)
	case f <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/f-1)
}

// String writes the score as "+W =D -L, P/N (F%), Elo E [LO, HI]".
func (s Score) String() string {
	elo, lo, hi := s.Elo()
	return fmt.Sprintf("+%d =%d -%d, %.1f/%d (%.1f%%), Elo %s [95%%: %s, %s]",
		s.Wins, s.Draws, s.Losses, s.Points, s.Games, 100*s.Fraction(), eloText(elo), eloText(lo), eloText(hi))
}

func eloText(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", e)
}
