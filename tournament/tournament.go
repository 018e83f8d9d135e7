package tournament

// Armies, standings and the scoring rules of the seed's Longchess Tournament.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Scoring constants, in points.
const (
	StartPoints       = 30        // every player's points at the start
	ChallengeFee      = 5         // what challenging costs the attacker
	SurrenderGain     = 10        // the attacker's gain when the defender surrenders
	SurrenderLoss     = 5         // the defender's loss when it surrenders
	AttackerWinGain   = 10        // the attacker's gain for a win
	DefenderWinGain   = 0         // the defender's gain for a win
	LossWithSurvivors = 5         // the loser's loss when some of its pieces survive
	LossAllCaptured   = 30        // the loser's loss when all its pieces were captured
	EliminationBelow  = 10        // a player below this is eliminated
	FullArmyPoints    = 30        // below this a player's army must fit its points
	MaxStartPoints    = 1_000_000 // the most points a player may join with
)

// Army counts the pieces of a Longchess army (flags are not used: Capture
// the Map). Its text form is each piece letter followed by its count, R2N2B2P8,
// or the letters repeated, RRNNP; "-" or "" is no piece.
type Army struct {
	Rooks, Nightriders, Bishops, Pawns int
}

// pieceKind is a piece of an army: letter, name, value, and its count in
// an Army.
type pieceKind struct {
	letter byte
	name   string
	value  int
	count  func(a *Army) *int
}

// pieceKinds lists the pieces.
var pieceKinds = []pieceKind{
	{'R', "rook", 5, func(a *Army) *int { return &a.Rooks }},
	{'N', "nightrider", 3, func(a *Army) *int { return &a.Nightriders }},
	{'B', "bishop", 3, func(a *Army) *int { return &a.Bishops }},
	{'P', "pawn", 1, func(a *Army) *int { return &a.Pawns }},
}

// FullArmy is the army of a player with 30 points or more: 2 rooks, 2
// nightriders, 2 bishops and 8 pawns (worth 30).
func FullArmy() Army { return Army{Rooks: 2, Nightriders: 2, Bishops: 2, Pawns: 8} }

// Value is the army's worth in points: rook 5, nightrider 3, bishop 3, pawn 1.
func (a Army) Value() int {
	v := 0
	for _, k := range pieceKinds {
		v += k.value * *k.count(&a)
	}
	return v
}

// Count is the number of pieces.
func (a Army) Count() int { return a.Rooks + a.Nightriders + a.Bishops + a.Pawns }

// String writes the army as R2N2B2P8, leaving out pieces it has none of;
// "-" for no piece.
func (a Army) String() string {
	var sb strings.Builder
	for _, k := range pieceKinds {
		if n := *k.count(&a); n != 0 {
			sb.WriteByte(k.letter)
			sb.WriteString(strconv.Itoa(n))
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

// ParseArmy reads an army's text (see Army). Counts are at most 99 each.
func ParseArmy(s string) (Army, error) {
	var a Army
	t := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if t == "" || t == "-" {
		return a, nil
	}
	if len(t) > 100 {
		return a, fmt.Errorf("army %q: too long", s)
	}
	for i := 0; i < len(t); {
		k := -1
		for j, kind := range pieceKinds {
			if kind.letter == t[i] {
				k = j
			}
		}
		if k < 0 {
			return Army{}, fmt.Errorf("army %q: %q is not a piece (R rook, N nightrider, B bishop, P pawn)", s, string(t[i]))
		}
		j := i + 1
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		n := 1
		if j > i+1 {
			var err error
			if n, err = strconv.Atoi(t[i+1 : j]); err != nil || j-i-1 > 2 {
				return Army{}, fmt.Errorf("army %q: bad count %q", s, t[i+1:j])
			}
		}
		*pieceKinds[k].count(&a) += n
		if *pieceKinds[k].count(&a) > 99 {
			return Army{}, fmt.Errorf("army %q: too many pieces", s)
		}
		i = j
	}
	return a, nil
}

// MarshalText writes the army's text.
func (a Army) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads the army's text.
func (a *Army) UnmarshalText(b []byte) error {
	v, err := ParseArmy(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// within reports whether every count of a is between 0 and that of b, and
// names the first piece that is not.
func (a Army) within(b Army) (string, bool) {
	for _, k := range pieceKinds {
		if n := *k.count(&a); n < 0 || n > *k.count(&b) {
			return k.name, false
		}
	}
	return "", true
}

// ArmyFits says whether a player with the given points may field the army:
// with 30 points or more, the full army; below, any part of the full army
// worth no more than the points, but at least one piece (with none the
// battle would be lost before a move, all pieces "captured"). The error
// says why not.
func ArmyFits(points int, a Army) error {
	full := FullArmy()
	if a == (Army{}) {
		return fmt.Errorf("an army of no pieces: field at least one piece (or surrender a challenge)")
	}
	if name, ok := a.within(full); !ok {
		return fmt.Errorf("army %s: more %ss than the full army %s has", a, name, full)
	}
	if points >= FullArmyPoints {
		if a != full {
			return fmt.Errorf("with %d points (%d or more) a player fields the full army %s, not %s", points, FullArmyPoints, full, a)
		}
		return nil
	}
	if a.Value() > points {
		return fmt.Errorf("army %s is worth %d points, more than the player's %d: leave out pieces worth %d", a, a.Value(), points, a.Value()-points)
	}
	return nil
}

// Result is how a challenge ended.
type Result string

// Results.
const (
	AttackerWins Result = "attacker"   // the attacker won the battle
	DefenderWins Result = "defender"   // the defender won the battle
	Drawn        Result = "draw"       // the battle was drawn
	Surrendered  Result = "surrender"  // the defender surrendered: no battle
	Unfinished   Result = "unfinished" // the battle has not ended
)

// Results lists the results, for help texts.
var Results = []Result{AttackerWins, DefenderWins, Drawn, Surrendered, Unfinished}

// Battle is one challenge, as the tournament records it.
type Battle struct {
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
	// AttackerColour is the side the attacker played, "white" or "black"
	// (the seed's record names it); empty if not said.
	AttackerColour string `json:"attacker_colour,omitempty"`
	Date           string `json:"date,omitempty"`
	Result         Result `json:"result"`
	// AttackerArmy and DefenderArmy are the armies fielded; nil is the
	// full army, which only a player with 30 points or more fields.
	AttackerArmy *Army `json:"attacker_army,omitempty"`
	DefenderArmy *Army `json:"defender_army,omitempty"`
	// AttackerLost and DefenderLost are each side's pieces captured by the
	// other (retreated pieces are not counted).
	AttackerLost Army `json:"attacker_lost"`
	DefenderLost Army `json:"defender_lost"`
}

// played reports whether a battle was fought (and so has armies and losses).
func (b *Battle) played() bool { return b.Result.Fought() }

// Fought reports whether a challenge that ended so was fought as a battle
// (won by either side or drawn), not surrendered or withdrawn.
func (r Result) Fought() bool { return r == AttackerWins || r == DefenderWins || r == Drawn }

// Entry is a player as the tournament lists it: the name and the points it
// starts with (30, unless it joined with others).
type Entry struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
}

// Tournament is the record of a tournament: its players and its battles,
// in order. The standings follow from it (Standings).
type Tournament struct {
	// NoFee leaves out the challenge fee (the seed's worked example does).
	NoFee   bool     `json:"no_fee,omitempty"`
	Players []Entry  `json:"players"`
	Battles []Battle `json:"battles"`
}

// Standing is one player's state after the battles.
type Standing struct {
	Name   string
	Points int
	// Out is the number of the battle (from 1) after which the player was
	// eliminated, 0 while it is still in.
	Out                 int
	Battles, Won, Lost  int
	Captured, Forfeited int // points of pieces captured from others and lost to them
}

// Eliminated reports whether the player is out.
func (s Standing) Eliminated() bool { return s.Out != 0 }

// Join adds a player with the given starting points.
func (t *Tournament) Join(name string, points int) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "" || len(name) > 60 || strings.ContainsAny(name, "\n\t\r"):
		return fmt.Errorf("bad player name %q (1 to 60 characters, no tabs or newlines)", name)
	case points < EliminationBelow || points > MaxStartPoints:
		return fmt.Errorf("bad starting points %d (%d to %d: below %d a player is out)", points, EliminationBelow, MaxStartPoints, EliminationBelow)
	case t.index(name) >= 0:
		return fmt.Errorf("%s is already in the tournament", name)
	}
	t.Players = append(t.Players, Entry{Name: name, Points: points})
	return nil
}

// index returns the player's position in Players, or -1.
func (t *Tournament) index(name string) int {
	return slices.IndexFunc(t.Players, func(e Entry) bool { return e.Name == name })
}

// Record checks a battle against the standings so far and adds it.
func (t *Tournament) Record(b Battle) error {
	st, err := t.replay()
	if err != nil {
		return err
	}
	if _, err := t.apply(st, b, len(t.Battles)+1); err != nil {
		return err
	}
	t.Battles = append(t.Battles, b)
	return nil
}

// Standings replays the battles and returns every player's standing: the
// players still in by points (most first), then the eliminated, the last
// to go first; ties by name.
func (t *Tournament) Standings() ([]Standing, error) {
	st, err := t.replay()
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(st, func(a, b Standing) int {
		switch {
		case a.Eliminated() != b.Eliminated():
			if a.Eliminated() {
				return 1
			}
			return -1
		case a.Out != b.Out:
			return b.Out - a.Out
		case a.Points != b.Points:
			return b.Points - a.Points
		}
		return strings.Compare(a.Name, b.Name)
	})
	return st, nil
}

// PointsOf returns a player's points after the battles.
func (t *Tournament) PointsOf(name string) (int, error) {
	st, err := t.replay()
	if err != nil {
		return 0, err
	}
	i := t.index(name)
	if i < 0 {
		return 0, fmt.Errorf("no player %q", name)
	}
	return st[i].Points, nil
}

// replay checks the record and returns the standings, in Players order.
func (t *Tournament) replay() ([]Standing, error) {
	st := make([]Standing, len(t.Players))
	seen := map[string]bool{}
	for i, e := range t.Players {
		if e.Name == "" || seen[e.Name] {
			return nil, fmt.Errorf("player %d: missing or repeated name %q", i+1, e.Name)
		}
		if e.Points < EliminationBelow || e.Points > 1_000_000 {
			return nil, fmt.Errorf("player %s: bad starting points %d (%d to 1000000)", e.Name, e.Points, EliminationBelow)
		}
		seen[e.Name] = true
		st[i] = Standing{Name: e.Name, Points: e.Points}
	}
	for i, b := range t.Battles {
		var err error
		if st, err = t.apply(st, b, i+1); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// apply scores battle number n on the standings (a copy is returned).
func (t *Tournament) apply(in []Standing, b Battle, n int) ([]Standing, error) {
	bad := func(format string, args ...any) ([]Standing, error) {
		return nil, fmt.Errorf("battle %d (%s vs %s): %s", n, b.Attacker, b.Defender, fmt.Sprintf(format, args...))
	}
	st := slices.Clone(in)
	ai, di := t.index(b.Attacker), t.index(b.Defender)
	switch {
	case ai < 0:
		return bad("no player %q", b.Attacker)
	case di < 0:
		return bad("no player %q", b.Defender)
	case ai == di:
		return bad("a player cannot challenge itself")
	case st[ai].Out != 0:
		return bad("%s is eliminated", b.Attacker)
	case st[di].Out != 0:
		return bad("%s is eliminated", b.Defender)
	case !slices.Contains(Results, b.Result):
		return bad("result %q: want one of %s", b.Result, resultList())
	case b.AttackerColour != "" && b.AttackerColour != "white" && b.AttackerColour != "black":
		return bad("attacker colour %q: want white or black", b.AttackerColour)
	case len(b.Date) > 40:
		return bad("date too long")
	}
	a, d := &st[ai], &st[di]
	if !b.played() {
		if b.AttackerArmy != nil || b.DefenderArmy != nil || b.AttackerLost != (Army{}) || b.DefenderLost != (Army{}) {
			return bad("no battle was fought (%s): no armies or losses", b.Result)
		}
	} else {
		aArmy, err := fielded(b.Attacker, a.Points, b.AttackerArmy)
		if err != nil {
			return bad("%v", err)
		}
		dArmy, err := fielded(b.Defender, d.Points, b.DefenderArmy)
		if err != nil {
			return bad("%v", err)
		}
		if name, ok := b.AttackerLost.within(aArmy); !ok {
			return bad("%s lost more %ss than it fielded (%s)", b.Attacker, name, aArmy)
		}
		if name, ok := b.DefenderLost.within(dArmy); !ok {
			return bad("%s lost more %ss than it fielded (%s)", b.Defender, name, dArmy)
		}
		a.Battles++
		d.Battles++
		// Pieces traded: each loses what it lost and gains what it took.
		lostA, lostD := b.AttackerLost.Value(), b.DefenderLost.Value()
		a.Points += lostD - lostA
		d.Points += lostA - lostD
		a.Captured += lostD
		a.Forfeited += lostA
		d.Captured += lostA
		d.Forfeited += lostD
		switch b.Result {
		case AttackerWins:
			a.Won++
			d.Lost++
			a.Points += AttackerWinGain
			d.Points -= loss(b.DefenderLost, dArmy)
		case DefenderWins:
			d.Won++
			a.Lost++
			d.Points += DefenderWinGain
			a.Points -= loss(b.AttackerLost, aArmy)
		}
	}
	if !t.NoFee {
		a.Points -= ChallengeFee
	}
	if b.Result == Surrendered {
		a.Points += SurrenderGain
		d.Points -= SurrenderLoss
	}
	for i := range st {
		if st[i].Out == 0 && st[i].Points < EliminationBelow {
			st[i].Out = n
		}
	}
	return st, nil
}

// loss is what losing costs: more when every piece fielded was captured.
func loss(lost, army Army) int {
	if lost == army {
		return LossAllCaptured
	}
	return LossWithSurvivors
}

// fielded returns the army a player fielded: the one recorded, or the full
// army when none is (only for 30 points or more), checked against its
// points before the challenge.
func fielded(name string, points int, army *Army) (Army, error) {
	if army == nil {
		if points < FullArmyPoints {
			return Army{}, fmt.Errorf("%s has %d points: name the army it fields (worth at most %d)", name, points, points)
		}
		return FullArmy(), nil
	}
	if err := ArmyFits(points, *army); err != nil {
		return Army{}, fmt.Errorf("%s (%d points): %v", name, points, err)
	}
	return *army, nil
}

// resultList names the results.
func resultList() string {
	var names []string
	for _, r := range Results {
		names = append(names, string(r))
	}
	return strings.Join(names, ", ")
}
