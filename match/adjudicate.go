package match

// Judging games: A's points for a result, and games cut short by the lead of
// one side.

import (
	"fmt"
	"sync"

	"anychess/core"
	"anychess/search"
)

// Points returns A's points for a game: its share of the winners, or ½ for
// a draw.
func Points(r *core.Rules, o core.Outcome, aSeat []bool) float64 {
	if o.Status != core.Win || o.Winners == 0 {
		return 0.5
	}
	won, total := 0, 0
	for pl := 0; pl < r.Players; pl++ {
		if o.Winners>>pl&1 != 0 {
			total++
			if aSeat[pl] {
				won++
			}
		}
	}
	return float64(won) / float64(total)
}

// Adjudicate decides a game cut short: the player with the highest lead
// (Leader) wins, with its partners, when the lead is at least margin;
// otherwise it is a draw.
func Adjudicate(p *core.Position, margin int, material bool) core.Outcome {
	pl, lead := Leader(p, material)
	if lead < margin {
		return core.Outcome{Status: core.Draw, Reason: "adjudicated: no clear lead"}
	}
	return WinFor(p.Rules(), core.Player(pl), fmt.Sprintf("adjudicated: leads by %d", lead))
}

var (
	valuesMu sync.Mutex
	valuesOf = map[*core.Rules][]int{}
)

// pieceValues returns search.PieceValues(r), computed once per rules.
func pieceValues(r *core.Rules) []int {
	valuesMu.Lock()
	defer valuesMu.Unlock()
	v, ok := valuesOf[r]
	if !ok {
		v = search.PieceValues(r)
		valuesOf[r] = v
	}
	return v
}

// WinFor is a win of pl and its partners.
func WinFor(r *core.Rules, pl core.Player, reason string) core.Outcome {
	o := core.Outcome{Status: core.Win, Reason: reason}
	for q := 0; q < r.Players; q++ {
		if r.Allies(core.Player(q), pl) {
			o.Winners |= 1 << q
		}
	}
	return o
}

// Leader returns the player with the highest lead and the lead: a
// player's evaluation (search.EvaluateFor), or with material its side's
// material less the richest other side's.
func Leader(p *core.Position, material bool) (int, int) {
	r := p.Rules()
	lead := func(pl core.Player) int { return search.EvaluateFor(p, nil, pl) }
	if material {
		values := pieceValues(r)
		var side [core.MaxPlayers]int // each player's side's material
		for pl := 0; pl < r.Players; pl++ {
			for _, sq := range p.PieceSquares(core.Player(pl)) {
				v := values[p.At(sq).Type()]
				for q := 0; q < r.Players; q++ {
					if r.Allies(core.Player(pl), core.Player(q)) {
						side[q] += v
					}
				}
			}
		}
		lead = func(pl core.Player) int {
			richest := 0
			for q := 0; q < r.Players; q++ {
				if !r.Allies(pl, core.Player(q)) {
					richest = max(richest, side[q])
				}
			}
			return side[pl] - richest
		}
	}
	best, bestPl := 0, -1
	for pl := 0; pl < r.Players; pl++ {
		if v := lead(core.Player(pl)); bestPl < 0 || v > best {
			best, bestPl = v, pl
		}
	}
	return bestPl, best
}
