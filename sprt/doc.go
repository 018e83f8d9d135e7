// Package sprt tests whether one player is stronger than another by a sequential probability ratio test over game pairs.
//
// A test plays game pairs: both games of a pair start from the same opening,
// with the seats swapped, and a pair scores 0, ½, 1, 1½ or 2 points for the
// first player (A). The counts of the five pair scores (the pentanomial) are
// the data. The test is Wald's sequential probability ratio test, in the
// generalised form fishtest uses (GSPRT): under each hypothesis, "A's
// expected score is s0" (Elo elo0) and "it is s1" (Elo elo1), the pair-score
// distribution is the one of greatest likelihood for the data with that
// expected score, and the log-likelihood ratio of the two is compared with
// Wald's bounds log(β/(1−α)) and log((1−β)/α). The pentanomial model counts
// the correlation of the two games of a pair (an opening that favours one
// colour), so it needs fewer games than a model of single games.
//
// Run plays a test: games in parallel on several workers, from a book of
// balanced openings (Openings), each game a game.Game.
package sprt
