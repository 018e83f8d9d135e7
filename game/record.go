package game

// Game records: the anychess record (every seat, every variant) and PGN (two-player variants that FEN can carry), written and read back.

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"anychess/core"
	"anychess/notation"
)

// Record is a game written down: its tags (name and value, in order) and
// its moves. The anychess record and PGN share this shape and one syntax,
// so ParseRecord reads both:
//
//	[Game "anychess"]
//	[Variant "martian-chess"]
//	[Options "players=4 teams"]
//	[Seat1 "Ann"]
//	[Seat1Plays "human"]
//	[Clock "5m+2s"]
//	[Result "*"]
//
//	1. d2c3 {[%emt 0:00:01.234] [%clk 0:04:58.766]} a7b6 …
//
// Moves are in coordinate notation in the anychess record and in SAN in
// PGN; either is read back by ParseMove. Each move may carry its time
// ([%emt], elapsed move time) and its mover's clock after it ([%clk]).
type Record struct {
	Tags  []Tag
	Moves []RecordMove
}

// Tag is a record's named value.
type Tag struct{ Name, Value string }

// RecordMove is one move of a record.
type RecordMove struct {
	Text string
	// Spent and Clock are the move's time and its mover's clock after it,
	// when the record has them (Timed).
	Spent, Clock time.Duration
	Timed        bool
}

// Limits of what ParseRecord reads: a record past them is refused.
const (
	MaxRecordBytes = 8 << 20
	MaxRecordMoves = 100_000
	MaxRecordTags  = 64
)

// Tag returns the value of the named tag, or "".
func (rec *Record) Tag(name string) string {
	for _, t := range rec.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Set sets a tag, replacing one of the same name.
func (rec *Record) Set(name, value string) {
	for i := range rec.Tags {
		if rec.Tags[i].Name == name {
			rec.Tags[i].Value = value
			return
		}
	}
	rec.Tags = append(rec.Tags, Tag{name, value})
}

// Record writes the game down as an anychess record: the variant, its
// options, the start (when it is not the variant's), every seat's name and
// who plays it (Seat.Plays), the clock, the result, and every move in
// coordinate notation with its time.
func (g *Game) Record() *Record {
	r := g.rules
	rec := &Record{}
	rec.Set("Game", "anychess")
	rec.Set("Variant", r.Name())
	if opts := OptionsText(r.Options); opts != "" {
		rec.Set("Options", opts)
	}
	if g.startText != r.StartPosition().String() {
		rec.Set("Start", g.startText)
	}
	for i := range g.seats {
		rec.Set(fmt.Sprintf("Seat%d", i+1), g.names[i])
		rec.Set(fmt.Sprintf("Seat%dPlays", i+1), g.Plays(core.Player(i)))
	}
	if g.cfg.Clock.On() {
		rec.Set("Clock", g.cfg.Clock.String())
	}
	if g.cfg.Takebacks {
		rec.Set("Takebacks", "yes")
	}
	if g.cfg.FirstMovesFree && g.cfg.Clock.On() {
		rec.Set("FirstMovesFree", "yes")
	}
	rec.Set("Result", resultTag(g.Outcome(), false))
	if o := g.Outcome(); o.Status != core.Ongoing {
		rec.Set("Termination", o.Reason)
	}
	for _, p := range g.played {
		rec.Moves = append(rec.Moves, RecordMove{Text: p.Text, Spent: p.Spent, Clock: p.Clock, Timed: true})
	}
	return rec
}

// Plays describes who plays seat pl, as records keep it: Seat.Plays, else
// "human" for a person and the player's name otherwise.
func (g *Game) Plays(pl core.Player) string {
	s := g.seats[pl]
	switch {
	case s.Plays != "":
		return s.Plays
	case s.Player == nil:
		return "human"
	}
	if d, ok := s.Player.(interface{ Plays() string }); ok {
		return d.Plays()
	}
	return s.Player.Name()
}

// OptionsText writes variant options as "NAME[=VALUE] …", sorted by name; a
// flag option ("on") is written by its name alone.
func OptionsText(opts map[string]string) string {
	names := make([]string, 0, len(opts))
	for n := range opts {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		if v := opts[n]; v != "" && v != "on" && v != "true" {
			names[i] = n + "=" + v
		}
	}
	return strings.Join(names, " ")
}

// OptionList reads the Options tag back into NAME[=VALUE] items, the form
// variant.ParseOptions takes.
func (rec *Record) OptionList() []string { return strings.Fields(rec.Tag("Options")) }

// resultTag writes an outcome: PGN's 1-0, 0-1, 1/2-1/2 and * where they
// fit (pgn, or two players), "win 1,3" and "draw" otherwise.
func resultTag(o core.Outcome, twoPlayers bool) string {
	switch {
	case o.Status == core.Ongoing:
		return "*"
	case o.Status == core.Draw && twoPlayers:
		return "1/2-1/2"
	case o.Status == core.Draw:
		return "draw"
	case twoPlayers && o.Winners == 1:
		return "1-0"
	case twoPlayers && o.Winners == 2:
		return "0-1"
	}
	var ws []string
	for i := 0; i < core.MaxPlayers; i++ {
		if o.Winners>>i&1 != 0 {
			ws = append(ws, strconv.Itoa(i+1))
		}
	}
	return "win " + strings.Join(ws, ",")
}

// parseResult reads a Result tag (either form) and the Termination reason.
func parseResult(result, reason string, players int) (core.Outcome, error) {
	if reason == "" {
		reason = "as recorded"
	}
	switch result {
	case "", "*":
		return core.Outcome{}, nil
	case "1-0":
		return core.Outcome{Status: core.Win, Winners: 1, Reason: reason}, nil
	case "0-1":
		return core.Outcome{Status: core.Win, Winners: 2, Reason: reason}, nil
	case "1/2-1/2", "draw":
		return core.Outcome{Status: core.Draw, Reason: reason}, nil
	}
	list, ok := strings.CutPrefix(result, "win ")
	if !ok {
		return core.Outcome{}, fmt.Errorf("result %q: want *, 1-0, 0-1, 1/2-1/2, draw or win N[,N…]", result)
	}
	o := core.Outcome{Status: core.Win, Reason: reason}
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > players {
			return core.Outcome{}, fmt.Errorf("result %q: %q is not a seat from 1 to %d", result, f, players)
		}
		o.Winners |= 1 << (n - 1)
	}
	return o, nil
}

// String writes the record: tags, an empty line, the moves with their
// times, numbered by round.
func (rec *Record) String() string {
	var sb strings.Builder
	for _, t := range rec.Tags {
		fmt.Fprintf(&sb, "[%s %s]\n", t.Name, quote(t.Value))
	}
	sb.WriteByte('\n')
	players := 2
	if n, err := strconv.Atoi(rec.Tag("Players")); err == nil && n > 0 {
		players = n
	} else {
		for i := 3; i <= core.MaxPlayers; i++ {
			if rec.Tag(fmt.Sprintf("Seat%d", i)) != "" {
				players = i
			}
		}
	}
	line := 0
	write := func(s string) {
		if line > 0 && line+1+len(s) > 100 {
			sb.WriteByte('\n')
			line = 0
		} else if line > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(s)
		line += len(s)
	}
	for i, m := range rec.Moves {
		if i%players == 0 {
			write(strconv.Itoa(i/players+1) + ".")
		}
		write(m.Text)
		if m.Timed {
			write(fmt.Sprintf("{[%%emt %s] [%%clk %s]}", clockTag(m.Spent), clockTag(m.Clock)))
		}
	}
	if res := rec.Tag("Result"); res == "1-0" || res == "0-1" || res == "1/2-1/2" {
		write(res)
	}
	sb.WriteByte('\n')
	return sb.String()
}

// quote writes a tag value in double quotes, escaping \ and ".
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(s) + `"`
}

// clockTag writes a duration as H:MM:SS.mmm.
func clockTag(d time.Duration) string {
	d = max(d, 0).Round(time.Millisecond)
	h, m := d/time.Hour, d%time.Hour/time.Minute
	s, ms := d%time.Minute/time.Second, d%time.Second/time.Millisecond
	return fmt.Sprintf("%d:%02d:%02d.%03d", h, m, s, ms)
}

// parseClockTag reads H:MM:SS[.fff] (or M:SS, or SS).
func parseClockTag(s string) (time.Duration, error) {
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0, fmt.Errorf("time %q: want H:MM:SS.fff", s)
	}
	var total float64
	for i, p := range parts {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || strings.Trim(p, "0123456789.") != "" || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) || (i < len(parts)-1 && v != math.Trunc(v)) {
			return 0, fmt.Errorf("time %q: want H:MM:SS.fff", s)
		}
		total = total*60 + v
	}
	if total > (2 * MaxClock).Seconds() {
		return 0, fmt.Errorf("time %q: more than %v", s, 2*MaxClock)
	}
	return time.Duration(math.Round(total*1000)) * time.Millisecond, nil
}

// ParseRecord reads an anychess record or a PGN game: tag pairs, then the
// moves. Move numbers, results, NAGs ($1), annotation marks and variations
// in parentheses are skipped; a comment after a move may give its time
// ([%emt …]) and its mover's clock ([%clk …]). Moves are not checked here:
// Restore replays them.
func ParseRecord(text string) (*Record, error) {
	if len(text) > MaxRecordBytes {
		return nil, fmt.Errorf("record: %d bytes, more than %d", len(text), MaxRecordBytes)
	}
	rec := &Record{}
	i, line := 0, 1
	fail := func(format string, args ...any) (*Record, error) {
		return nil, fmt.Errorf("record line %d: %s", line, fmt.Sprintf(format, args...))
	}
	skipSpace := func() {
		for i < len(text) && strings.IndexByte(" \t\r\n", text[i]) >= 0 {
			if text[i] == '\n' {
				line++
			}
			i++
		}
	}
	// Tags.
	for skipSpace(); i < len(text) && text[i] == '['; skipSpace() {
		end := i + 1
		for end < len(text) && text[end] != ' ' && text[end] != ']' && text[end] != '"' {
			end++
		}
		name := text[i+1 : end]
		if name == "" || !validTagName(name) {
			return fail("tag name %q: want letters, digits and _", name)
		}
		i = end
		for i < len(text) && text[i] == ' ' {
			i++
		}
		if i >= len(text) || text[i] != '"' {
			return fail("tag %s: want a quoted value", name)
		}
		i++
		var sb strings.Builder
		for ; i < len(text) && text[i] != '"'; i++ {
			if text[i] == '\n' {
				return fail("tag %s: the value runs past the end of the line", name)
			}
			if text[i] == '\\' && i+1 < len(text) {
				i++
			}
			sb.WriteByte(text[i])
		}
		if i >= len(text) {
			return fail("tag %s: the value is not closed", name)
		}
		i++
		for i < len(text) && text[i] == ' ' {
			i++
		}
		if i >= len(text) || text[i] != ']' {
			return fail("tag %s: want ] after the value", name)
		}
		i++
		if rec.Tag(name) != "" {
			return fail("tag %s given twice", name)
		}
		if len(rec.Tags) >= MaxRecordTags {
			return fail("more than %d tags", MaxRecordTags)
		}
		rec.Tags = append(rec.Tags, Tag{name, sb.String()})
	}
	// Moves.
	depth := 0 // inside variations
	for skipSpace(); i < len(text); skipSpace() {
		switch c := text[i]; {
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return fail("a comment is not closed")
			}
			comment := text[i+1 : i+end]
			line += strings.Count(comment, "\n")
			i += end + 1
			if depth > 0 || len(rec.Moves) == 0 {
				continue
			}
			if err := readTimes(comment, &rec.Moves[len(rec.Moves)-1]); err != nil {
				return fail("%v", err)
			}
			continue
		case c == ';':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case c == '(' && coordGroup(text[i:], false) == 0:
			depth++
			i++
			continue
		case c == ')':
			if depth == 0 {
				return fail("a ) without its (")
			}
			depth--
			i++
			continue
		case c == '[':
			return fail("a tag after the moves")
		case c == '}':
			return fail("a } without its {")
		}
		end := i
		for end < len(text) {
			if n := coordGroup(text[end:], end > i); n > 0 {
				end += n // a square of an unbounded board: (8,40)
				continue
			}
			if strings.IndexByte(" \t\r\n{}();", text[end]) >= 0 {
				break
			}
			end++
		}
		tok := text[i:end]
		i = end
		if depth > 0 || skipToken(tok) {
			continue
		}
		// "12.e4": a move number joined to the move.
		if dot := strings.LastIndex(tok, "."); dot > 0 && allDigits(strings.TrimRight(tok[:dot+1], ".")) {
			tok = tok[dot+1:]
		}
		if len(rec.Moves) >= MaxRecordMoves {
			return fail("more than %d moves", MaxRecordMoves)
		}
		rec.Moves = append(rec.Moves, RecordMove{Text: tok})
	}
	if depth > 0 {
		return fail("a ( is not closed")
	}
	return rec, nil
}

// coordGroup returns the length of the square in parentheses that s starts
// with — "(8,40)", "(-3,7)", the letters form "(e8)" inside a move or when
// the move goes on right after it — or 0 when s does not start with one (a
// variation).
func coordGroup(s string, inMove bool) int {
	if s == "" || s[0] != '(' {
		return 0
	}
	end := strings.IndexAny(s[1:], "() \t\r\n{};")
	if end < 0 || s[1+end] != ')' || end == 0 {
		return 0
	}
	n := end + 2
	inner := s[1 : 1+end]
	if inMove || strings.Contains(inner, ",") || (n < len(s) && strings.IndexByte(" \t\r\n)", s[n]) < 0) {
		return n
	}
	return 0
}

func validTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return len(s) <= 64
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// skipToken reports whether a movetext token is not a move: a move number
// ("12." "12..."), a result, a NAG ("$1") or an annotation mark.
func skipToken(tok string) bool {
	switch tok {
	case "*", "1-0", "0-1", "1/2-1/2", "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	if tok[0] == '$' {
		return true
	}
	return allDigits(strings.TrimRight(tok, ".")) && strings.HasSuffix(tok, ".")
}

// readTimes reads [%emt …] and [%clk …] from a comment into m.
func readTimes(comment string, m *RecordMove) error {
	for _, key := range []string{"%emt", "%clk"} {
		at := strings.Index(comment, "["+key+" ")
		if at < 0 {
			continue
		}
		rest := comment[at+len(key)+2:]
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return fmt.Errorf("[%s …] is not closed", key)
		}
		d, err := parseClockTag(strings.TrimSpace(rest[:end]))
		if err != nil {
			return err
		}
		if key == "%emt" {
			m.Spent = d
		} else {
			m.Clock = d
		}
		m.Timed = true
	}
	return nil
}

// Restore plays a record again under the rules (which the caller loaded
// from its Variant and Options tags), with the given seats: the start
// (Start or FEN), the clock (Clock, or PGN's TimeControl), the takeback
// rule and every move with its time; a result the moves do not reach
// (resignation, time, agreement) is taken from the Result tag. Seat names
// come from the record where the seats have none. The game then goes on
// with the recorded clocks; the time the game was away is charged to
// nobody.
func (rec *Record) Restore(cfg Config) (*Game, error) {
	r := cfg.Rules
	if r == nil {
		return nil, errors.New("record: no rules")
	}
	if v := rec.Tag("Variant"); v != "" && v != r.Name() && !(v == "Standard" && r.Name() == "chess") {
		return nil, fmt.Errorf("record: a game of %s, not %s", v, r.Name())
	}
	if cfg.Start == "" {
		cfg.Start = rec.Tag("Start")
		if cfg.Start == "" {
			cfg.Start = rec.Tag("FEN")
		}
	}
	if !cfg.Clock.On() {
		tc, err := rec.TimeControl()
		if err != nil {
			return nil, err
		}
		cfg.Clock = tc
	}
	if rec.Tag("Takebacks") == "yes" {
		cfg.Takebacks = true
	}
	if rec.Tag("FirstMovesFree") == "yes" {
		cfg.FirstMovesFree = true
	}
	seats := make([]Seat, r.Players)
	copy(seats, cfg.Seats)
	for i := range seats {
		if seats[i].Name == "" {
			seats[i].Name = rec.Tag(fmt.Sprintf("Seat%d", i+1))
			if seats[i].Name == "" && r.Players == 2 {
				seats[i].Name = rec.Tag([]string{"White", "Black"}[i])
			}
		}
	}
	cfg.Seats = seats
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	for _, m := range rec.Moves {
		clock := m.Clock
		if !m.Timed && g.clocks != nil {
			clock = g.clocks[g.Turn()] // an untimed record: the clock stands
		}
		if err := g.Replay(m.Text, m.Spent, clock); err != nil {
			return nil, err
		}
	}
	o, err := parseResult(rec.Tag("Result"), rec.Tag("Termination"), r.Players)
	if err != nil {
		return nil, err
	}
	if o.Status != core.Ongoing && !g.Over() {
		g.finish(o)
	}
	return g, nil
}

// Seats builds the seats the record describes: each seat's name (SeatN)
// and who plays it (SeatNPlays, read by NewSeatPlayer: human,
// computer:LEVEL, random). moveTime and seed are NewSeatPlayer's.
func (rec *Record) Seats(players int, moveTime time.Duration, seed uint64) ([]Seat, error) {
	seats := make([]Seat, players)
	for i := range seats {
		seats[i].Name = rec.Tag(fmt.Sprintf("Seat%d", i+1))
		plays := rec.Tag(fmt.Sprintf("Seat%dPlays", i+1))
		if plays == "" {
			continue
		}
		p, err := NewSeatPlayer(plays, moveTime, seed+uint64(i))
		if err != nil {
			return nil, fmt.Errorf("record: seat %d: %w", i+1, err)
		}
		seats[i].Player, seats[i].Plays = p, plays
	}
	return seats, nil
}

// TimeControl reads the record's clock: the Clock tag ("5m+2s"), or PGN's
// TimeControl ("300+2", seconds).
func (rec *Record) TimeControl() (TimeControl, error) {
	if c := rec.Tag("Clock"); c != "" {
		return ParseTimeControl(c)
	}
	tc := rec.Tag("TimeControl")
	if tc == "" || tc == "-" || tc == "?" {
		return TimeControl{}, nil
	}
	base, inc, _ := strings.Cut(tc, "+")
	b, err1 := strconv.ParseUint(base, 10, 32)
	n := uint64(0)
	var err2 error
	if inc != "" {
		n, err2 = strconv.ParseUint(inc, 10, 32)
	}
	if err1 != nil || err2 != nil || b == 0 {
		return TimeControl{}, fmt.Errorf("record: TimeControl %q: want SECONDS[+SECONDS]", tc)
	}
	return ParseTimeControl(fmt.Sprintf("%ds+%ds", b, n))
}

// FitsPGN reports why the game cannot be written as PGN, or nil: PGN
// carries two players and a start FEN can carry.
func (g *Game) FitsPGN() error {
	r := g.rules
	switch {
	case r.Players != 2:
		return fmt.Errorf("PGN carries two players; %s has %d (use the anychess record)", r.Name(), r.Players)
	case g.start.Unbounded():
		return fmt.Errorf("PGN cannot carry the unbounded board of %s (use the anychess record)", r.Name())
	case r.Hooks.Position != nil:
		return fmt.Errorf("%s's position text is not a FEN, which PGN needs (use the anychess record)", r.Name())
	}
	return nil
}

// PGN writes the game as PGN: the seven tags, Variant, FEN and SetUp when
// the start is not the variant's, TimeControl, and the moves in SAN with
// their clocks ([%clk]). Games that PGN cannot carry get an error
// (FitsPGN).
func (g *Game) PGN() (string, error) {
	if err := g.FitsPGN(); err != nil {
		return "", err
	}
	r := g.rules
	rec := &Record{}
	rec.Set("Event", "anychess game")
	rec.Set("Site", "anychess")
	rec.Set("Date", "????.??.??")
	rec.Set("Round", "-")
	rec.Set("White", g.names[0])
	rec.Set("Black", g.names[1])
	rec.Set("Result", resultTag(g.Outcome(), true))
	if r.Name() != "chess" {
		rec.Set("Variant", r.Name())
	}
	if opts := OptionsText(r.Options); opts != "" {
		rec.Set("Options", opts)
	}
	if g.startText != r.StartPosition().String() || r.Name() != "chess" {
		rec.Set("FEN", g.startText)
		rec.Set("SetUp", "1")
	}
	if tc := g.cfg.Clock; tc.On() {
		rec.Set("TimeControl", fmt.Sprintf("%d+%d", int(tc.Initial.Seconds()), int(tc.Increment.Seconds())))
	}
	if o := g.Outcome(); o.Status != core.Ongoing {
		rec.Set("Termination", o.Reason)
	}
	p := g.start.Copy()
	for _, m := range g.played {
		bare := r.Bare(m.Move)
		rec.Moves = append(rec.Moves, RecordMove{Text: notation.SAN.Encode(p, bare) + p.DeclarationText(m.Move),
			Spent: m.Spent, Clock: m.Clock, Timed: g.clocks != nil})
		p.MakeMove(m.Move)
	}
	return rec.String(), nil
}
