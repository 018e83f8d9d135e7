package core

// Rules: a compiled variant, built from a Definition, that positions play by.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"anychess/betza"
)

// Rules is a compiled variant. It is immutable and shared by all positions of
// the variant.
type Rules struct {
	Def     *Definition
	Board   *Board
	Players int
	Pieces  []PieceInfo // indexed by PieceType; Pieces[0] is unused
	Hooks   *Hooks
	Options map[string]string // option values in force
	// Extra is what Hooks.Prepare computed for these rules, for the other
	// hooks to read; nil without it.
	Extra any

	team    [MaxPlayers]int
	forward [MaxPlayers][2]int // unit vector each player calls forward
	letters map[byte]PieceType
	moves   [MaxPlayers][]pieceMoves // by player, then PieceType
	// reachLeaps[piece] and reachSlides[piece]: the piece's plain
	// capturing leaps (their deltas) and slides, by its cell value (owner
	// and type), for Position.Reach.
	reachLeaps  [256][]int32
	reachSlides [256][]attackStep
	attack      [MaxPlayers]attackTable
	epSteps     [MaxPlayers][]attackStep // steps that may capture en passant, by capturing player
	castling    []castleRule
	promotion   [MaxPlayers]promoRule
	reaches     [MaxPlayers]*Region
	hasRoyal    bool
	hasReaches  bool // some player has a goals.royal_reaches region
	// exoticPins: the pin shortcut (pinShortcut) fails only because of exotic
	// pieces whose captures all have a known reach (pieceMoves.attackReach),
	// so it holds in positions where no such enemy piece can reach the royal.
	exoticPins bool
	// pinShortcut: every capture is a plain leap or slide, so a non-royal piece
	// that is not on a line from its king to an enemy slider can move freely.
	pinShortcut bool
	zobrist     zobrist
	plane       *planeRules // the compiled moves of an unbounded board, nil on bounded boards
	startBoard  []Piece     // the start position's cells, for unmoved-piece rights
	// counterDraw and repetitionDraw are the reasons of draws by the move
	// counter and by repetition, written once (the search meets them often).
	counterDraw, repetitionDraw string
}

// PieceInfo describes one piece type.
type PieceInfo struct {
	Name   string
	Letter byte
	Betza  string
	Royal  bool
	Pawn   bool
	Value  int
	Parsed *betza.Piece
}

// Hooks are the Go code a variant adds for what its data cannot say. Every
// field is optional. A game's hooks live in a package of their own
// (variant/longchess, variant/martian, variant/plane), registered by name
// with RegisterHooks and named by the variant file (Definition.Hooks).
type Hooks struct {
	// Configure adjusts the definition for the chosen options before compiling.
	Configure func(def *Definition, options map[string]string) error
	// Prepare runs once the rules are compiled, before the start position is
	// read; what it returns is kept in Rules.Extra, for tables the other
	// hooks would otherwise rebuild on every call (squares of the board's
	// features, piece types looked up by letter, the options' effect).
	Prepare func(r *Rules) (any, error)
	// Step rules on every step of the Betza moves — a leap, or one step of a
	// slide or ride, from the square it starts on to the square it reaches —
	// before the generator looks at what stands there, for terrain that data
	// cannot describe (a river crossed only where a bridge is, a line riders
	// must stop on). It sees only the rules (board and options), not the
	// position. Nil: every step is StepFree. Setting it sends the variant's
	// steps through the general generator; other variants' fast path is
	// unchanged.
	Step func(r *Rules, from, to Square) StepRule
	// Generate appends the variant's own moves (kinds ≥ KindSpecial, or extra
	// normal moves) to buf.
	Generate func(p *Position, buf []Move) []Move
	// Legal vetoes moves the rules otherwise allow (Martian no-rejection); it
	// sees the position before the move.
	Legal func(p *Position, m Move) bool
	// Pass gives the move a player with no legal move makes instead (a pass,
	// of a variant-defined kind): LegalMoves then returns that move alone, so
	// the game goes on where it would end in checkmate or stalemate.
	Pass func(p *Position) Move
	// Unlisted serves a kind of move too numerous to list (nil: LegalMoves
	// lists every legal move).
	Unlisted *UnlistedMoves
	// MakeSpecial carries out a move of kind ≥ KindSpecial through the Position's
	// recording setters (Put, SetMark, SetCarry, SetScore, SetCounter).
	MakeSpecial func(p *Position, m Move)
	// BeforeMove runs before every move is carried out, while the position is
	// still as it was (the piece about to be captured is on the board), for
	// effects such as scoring a capture; it must use recording setters.
	BeforeMove func(p *Position, m Move)
	// AfterMove runs after every move is made and before the turn passes, for
	// effects such as zone ownership or mines; it must use recording setters.
	AfterMove func(p *Position, m Move)
	// Declarations are the announcements a player may add to a move (see
	// Declaration).
	Declarations []Declaration
	// Outcome decides a result the core does not know; ok false means none.
	Outcome func(p *Position) (Outcome, bool)
	// InsufficientMaterial replaces the rule of DrawDef.InsufficientMaterialRule
	// (when DrawDef.InsufficientMaterial is on): true draws the game.
	InsufficientMaterial func(p *Position) bool
	// Position replaces FEN for games whose state FEN cannot carry (scores,
	// piles, clocks, carried items, more than two players); nil keeps FEN.
	Position *PositionText
	// MoveText writes a move of a variant-defined kind (≥ KindSpecial) in
	// coordinate notation; "" leaves the notation's default. Decoders match
	// input against it, so it must tell the variant's moves apart.
	MoveText func(r *Rules, m Move) string
	// Readable is the variant's own readable notation, which notation.SAN
	// writes and reads in place of SAN; nil keeps SAN.
	Readable *ReadableNotation
	// Status describes the variant's own state for displays (scores, piles,
	// clocks), one line each.
	Status func(p *Position) []string
	// Evaluate is a static evaluation in centipawns from player pl's view, for
	// the computer player of games where material on the board says little
	// (Martian Chess scores captures). Nil: the search counts material.
	// It weighs its terms by w, one weight per EvalTerms entry in that
	// order, and must be affine in w (a fixed part plus each weight times
	// a count that does not depend on w; a final division for more than
	// two players may round), so that a tuner can fit w (anychess tune).
	// The search passes the variant's tuned weights, or the defaults.
	Evaluate func(p *Position, pl Player, w []int) int
	// EvalTerms name Evaluate's weights and give their defaults.
	EvalTerms []EvalTerm
}

// EvalTerm is one weight of a variant's evaluation (Hooks.Evaluate).
type EvalTerm struct {
	// Name identifies the weight in a tuned weights file.
	Name string
	// Default is the weight's value without tuning, in centipawns per
	// unit of its term.
	Default int
	// Unit marks the term that sets the evaluation's scale (a pawn's
	// value): a tuner keeps it at its default and fits the others
	// against it, since scaling every weight at once says nothing new.
	Unit bool
}

// EvalDefaults returns the default weights of the rules' evaluation
// terms (Hooks.EvalTerms), a new slice.
func (r *Rules) EvalDefaults() []int { return TermDefaults(r.Hooks.EvalTerms) }

// TermDefaults returns the default weights of terms, a new slice.
func TermDefaults(terms []EvalTerm) []int {
	w := make([]int, len(terms))
	for i, t := range terms {
		w[i] = t.Default
	}
	return w
}

// PositionText is a variant's own position text, in place of FEN
// (Hooks.Position): Rules.ParsePosition reads it and Position.String writes
// it. Both functions are set.
type PositionText struct {
	// Parse reads text into a new position of r; on any fault it returns
	// only an error (a *PositionError, see PositionFault). The core then
	// refuses a position whose previous player is in check.
	Parse func(r *Rules, text string) (*Position, error)
	// Format writes p as Parse reads it.
	Format func(p *Position) string
}

// ReadableNotation is a variant's own readable notation (Hooks.Readable),
// with squares named as its players name them. Both functions are set.
type ReadableNotation struct {
	// Write writes m, one of p's legal moves; "" keeps SAN for that move.
	Write func(p *Position, m Move) string
	// Parse reads s back: it returns one of p's legal moves or an error,
	// and must not panic.
	Parse func(p *Position, s string) (Move, error)
}

// UnlistedMoves serve a variant whose LegalMoves lists only a candidate
// subset of some kind of move, because all of them are too many to list
// (Longchess's artillery salvos): perft, move lists and the search use the
// subset, while any move of the kind stays playable by name (Hooks.Unlisted).
// Every function is set.
type UnlistedMoves struct {
	// Exact decides whether m is legal when LegalMoves may leave it out:
	// decided false leaves m to the list of legal moves; otherwise err is
	// nil for a legal move and says why an illegal one is not. IsLegal asks
	// it first. It must not panic, whatever m holds.
	Exact func(p *Position, m Move) (decided bool, err error)
	// ParseText reads s as a move in the variant's own coordinate form
	// (Hooks.MoveText's) and decides exactly whether it is legal, without
	// the list of legal moves: ok false means s is not in that form (the
	// coordinate notation goes on as usual); otherwise err says why the
	// move is not legal, or m is the legal move. It must not panic.
	ParseText func(p *Position, s string) (m Move, ok bool, err error)
	// Note describes the candidate subset in one line, for move lists and
	// perft (Rules.CandidateNote).
	Note func(r *Rules) string
}

// StepRule is a variant's ruling on one step of a Betza move (Hooks.Step).
type StepRule uint8

// Step rulings.
const (
	// StepFree: the step is taken as usual.
	StepFree StepRule = iota
	// StepBlocked: the step may not be taken; the move ends before it.
	StepBlocked
	// StepLast: the piece may land on (or capture on) the step's square, but
	// its move goes no further.
	StepLast
)

var (
	hooksMu       sync.Mutex
	hooksRegistry = map[string]*Hooks{}
)

// RegisterHooks makes a hook set available to Definitions by name.
func RegisterHooks(name string, h *Hooks) {
	hooksMu.Lock()
	defer hooksMu.Unlock()
	hooksRegistry[name] = h
}

type castleRule struct {
	player                             Player
	flag                               byte
	kingFrom, kingTo, rookFrom, rookTo Square
	empty                              []Square // must be empty (other than king and rook)
	safe                               []Square // the king may not stand attacked on these
}

type promoRule struct {
	region   *Region
	choices  []PieceType
	optional bool
}

// Compile checks a definition and builds its rules for the given options.
// Errors are *FieldError naming the faulty field where one is to blame.
func Compile(def *Definition, options map[string]string) (*Rules, error) {
	d := *def
	r := &Rules{Def: &d, Options: map[string]string{}, letters: map[byte]PieceType{}}
	if d.Name == "" {
		return nil, &FieldError{Field: "name", Err: fmt.Errorf("missing")}
	}
	if err := r.applyOptions(&d, options); err != nil {
		return nil, err
	}
	if d.Hooks != "" {
		hooksMu.Lock()
		h := hooksRegistry[d.Hooks]
		hooksMu.Unlock()
		if h == nil {
			return nil, &FieldError{Field: "hooks", Err: fmt.Errorf("no hooks named %q", d.Hooks)}
		}
		r.Hooks = h
		if h.Configure != nil {
			if err := h.Configure(&d, r.Options); err != nil {
				return nil, err
			}
		}
	} else {
		r.Hooks = &Hooks{}
	}
	if err := r.compilePlayers(&d); err != nil {
		return nil, err
	}
	pad, err := r.compilePieces(&d)
	if err != nil {
		return nil, err
	}
	if r.Board, err = newBoard(&d.Board, pad); err != nil {
		return nil, err
	}
	if err := r.checkMarks(&d); err != nil {
		return nil, err
	}
	switch d.Draws.InsufficientMaterialRule {
	case "", MaterialOrthodox, MaterialBareRoyals:
	default:
		return nil, &FieldError{Field: "draws.insufficient_material_rule", Err: fmt.Errorf("want %q or %q, got %q", MaterialOrthodox, MaterialBareRoyals, d.Draws.InsufficientMaterialRule)}
	}
	if len(d.Board.Zones) > r.Players {
		return nil, &FieldError{Field: "board.zones", Err: fmt.Errorf("%d zones for %d players", len(d.Board.Zones), r.Players)}
	}
	if d.Board.Unbounded {
		if err := r.compilePlane(&d); err != nil {
			return nil, err
		}
	} else {
		r.compileMoves()
	}
	if r.Hooks.Generate != nil || r.Hooks.Legal != nil {
		r.pinShortcut = false
		r.exoticPins = false
	}
	if err := r.compilePromotion(&d); err != nil {
		return nil, err
	}
	if err := r.compileCastling(&d); err != nil {
		return nil, err
	}
	for i, name := range d.Goals.RoyalReaches {
		if i >= r.Players {
			return nil, &FieldError{Field: "goals.royal_reaches", Err: fmt.Errorf("more entries than players")}
		}
		if name == "" {
			continue
		}
		r.hasReaches = true
		if r.reaches[i] = r.Board.Region(name); r.reaches[i] == nil {
			return nil, &FieldError{Field: fmt.Sprintf("goals.royal_reaches[%d]", i), Err: fmt.Errorf("no region named %q", name)}
		}
	}
	r.zobrist = newZobrist(r)
	r.counterDraw = fmt.Sprintf("%d plies without capture or pawn move", d.Draws.MoveCounter)
	r.repetitionDraw = fmt.Sprintf("%d-fold repetition", d.Draws.Repetition)
	if r.Hooks.Prepare != nil {
		if r.Extra, err = r.Hooks.Prepare(r); err != nil {
			return nil, err
		}
	}
	if d.Start == "" {
		return nil, &FieldError{Field: "start", Err: fmt.Errorf("missing")}
	}
	if r.Hooks.Position != nil {
		start, err := r.Hooks.Position.Parse(r, d.Start)
		if err != nil {
			return nil, &FieldError{Field: "start", Err: err}
		}
		r.startBoard = start.board
		return r, nil
	}
	if r.plane != nil {
		if _, err := r.parsePlane(d.Start); err != nil {
			return nil, &FieldError{Field: "start", Err: err}
		}
		return r, nil
	}
	start, err := r.parseFEN(d.Start, false)
	if err != nil {
		return nil, &FieldError{Field: "start", Err: err}
	}
	r.startBoard = start.board
	if _, err := r.ParseFEN(d.Start); err != nil {
		return nil, &FieldError{Field: "start", Err: err}
	}
	return r, nil
}

func (r *Rules) applyOptions(d *Definition, options map[string]string) error {
	known := map[string]*OptionDef{}
	for i := range d.Options {
		o := &d.Options[i]
		field := fmt.Sprintf("options[%d]", i)
		switch {
		case o.Name == "":
			return &FieldError{Field: field + ".name", Err: fmt.Errorf("missing")}
		case known[o.Name] != nil:
			return &FieldError{Field: field + ".name", Err: fmt.Errorf("option %q declared twice", o.Name)}
		case o.Default != "" && len(o.Values) > 0 && !slices.Contains(o.Values, o.Default):
			return &FieldError{Field: field + ".default", Err: fmt.Errorf("%q is not one of %s", o.Default, strings.Join(o.Values, ", "))}
		}
		known[o.Name] = o
		if o.Default != "" {
			r.Options[o.Name] = o.Default
		}
	}
	names := make([]string, 0, len(options))
	for name := range options {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		val := options[name]
		o := known[name]
		if o == nil {
			names := make([]string, 0, len(known))
			for n := range known {
				names = append(names, n)
			}
			sort.Strings(names)
			if len(names) == 0 {
				return fmt.Errorf("variant %s has no options (got %q)", d.Name, name)
			}
			return fmt.Errorf("variant %s has no option %q (options: %s)", d.Name, name, strings.Join(names, ", "))
		}
		if len(o.Values) == 0 {
			if val != "" && val != "true" && val != "false" {
				return fmt.Errorf("option %s is a flag: give it without a value, or =true/=false", name)
			}
			if val == "" {
				val = "true"
			}
		} else {
			ok := false
			for _, v := range o.Values {
				ok = ok || v == val
			}
			if !ok {
				return fmt.Errorf("option %s: value %q is not one of %s", name, val, strings.Join(o.Values, ", "))
			}
		}
		r.Options[name] = val
	}
	return nil
}

func (r *Rules) compilePlayers(d *Definition) error {
	n := len(d.Players)
	if n < 2 || n > MaxPlayers {
		return &FieldError{Field: "players", Err: fmt.Errorf("need 2 to %d players, got %d", MaxPlayers, n)}
	}
	r.Players = n
	for i, p := range d.Players {
		switch p.Forward {
		case "north":
			r.forward[i] = [2]int{0, 1}
		case "south":
			r.forward[i] = [2]int{0, -1}
		case "east":
			r.forward[i] = [2]int{1, 0}
		case "west":
			r.forward[i] = [2]int{-1, 0}
		default:
			return &FieldError{Field: fmt.Sprintf("players[%d].forward", i), Err: fmt.Errorf("want north, south, east or west, got %q", p.Forward)}
		}
		r.team[i] = p.Team
	}
	return nil
}

func (r *Rules) compilePieces(d *Definition) (pad int, err error) {
	if len(d.Pieces) == 0 || len(d.Pieces) > MaxPieceTypes {
		return 0, &FieldError{Field: "pieces", Err: fmt.Errorf("need 1 to %d piece types, got %d", MaxPieceTypes, len(d.Pieces))}
	}
	pad = 2
	r.Pieces = make([]PieceInfo, 1, len(d.Pieces)+1)
	for i, pd := range d.Pieces {
		field := fmt.Sprintf("pieces[%d]", i)
		if len(pd.Letter) != 1 || pd.Letter[0] < 'A' || pd.Letter[0] > 'Z' {
			return 0, &FieldError{Field: field + ".letter", Err: fmt.Errorf("want one upper-case letter, got %q", pd.Letter)}
		}
		letter := pd.Letter[0]
		if _, dup := r.letters[letter]; dup {
			return 0, &FieldError{Field: field + ".letter", Err: fmt.Errorf("letter %q used twice", pd.Letter)}
		}
		// An empty Betza string is a piece that never moves by itself (a
		// flag): the variant's hooks move it, if anything does.
		parsed := &betza.Piece{}
		if pd.Betza != "" {
			var err error
			if parsed, err = betza.Parse(pd.Betza); err != nil {
				return 0, &FieldError{Field: field + ".betza", Err: err}
			}
		}
		if !d.Board.Unbounded {
			parsed = expandPrimes(parsed, max(d.Board.Files, d.Board.Ranks))
		}
		for _, path := range parsed.Paths {
			for _, leg := range path.Legs {
				pad = max(pad, abs(leg.DX), abs(leg.DY))
			}
		}
		if pad > 16 && !d.Board.Unbounded {
			return 0, &FieldError{Field: field + ".betza", Err: fmt.Errorf("leaps longer than 16 squares are not supported on bounded boards")}
		}
		name := pd.Name
		if name == "" {
			name = pd.Letter
		}
		r.letters[letter] = PieceType(len(r.Pieces))
		r.Pieces = append(r.Pieces, PieceInfo{Name: name, Letter: letter, Betza: pd.Betza, Royal: pd.Royal, Pawn: pd.Pawn, Value: pd.Value, Parsed: parsed})
		r.hasRoyal = r.hasRoyal || pd.Royal
	}
	return pad, nil
}

func (r *Rules) compilePromotion(d *Definition) error {
	for i, pd := range d.Promotion {
		field := fmt.Sprintf("promotion[%d]", i)
		if pd.Player < 0 || pd.Player >= r.Players {
			return &FieldError{Field: field + ".player", Err: fmt.Errorf("no player %d", pd.Player)}
		}
		reg := r.Board.Region(pd.Region)
		if reg == nil {
			return &FieldError{Field: field + ".region", Err: fmt.Errorf("no region named %q", pd.Region)}
		}
		rule := promoRule{region: reg, optional: pd.Optional}
		for j, l := range pd.Pieces {
			t, ok := r.PieceByLetter(l)
			if !ok {
				return &FieldError{Field: fmt.Sprintf("%s.pieces[%d]", field, j), Err: fmt.Errorf("no piece with letter %q", l)}
			}
			rule.choices = append(rule.choices, t)
		}
		if len(rule.choices) == 0 {
			return &FieldError{Field: field + ".pieces", Err: fmt.Errorf("no choices")}
		}
		if r.promotion[pd.Player].region != nil {
			return &FieldError{Field: field + ".player", Err: fmt.Errorf("player %d already has a promotion rule", pd.Player)}
		}
		r.promotion[pd.Player] = rule
	}
	return nil
}

func (r *Rules) compileCastling(d *Definition) error {
	for i, cd := range d.Castling {
		field := fmt.Sprintf("castling[%d]", i)
		if cd.Player < 0 || cd.Player >= r.Players {
			return &FieldError{Field: field + ".player", Err: fmt.Errorf("no player %d", cd.Player)}
		}
		if len(cd.Flag) != 1 {
			return &FieldError{Field: field + ".flag", Err: fmt.Errorf("want one letter, got %q", cd.Flag)}
		}
		c := castleRule{player: Player(cd.Player), flag: cd.Flag[0]}
		for _, other := range r.castling {
			if other.flag == c.flag {
				return &FieldError{Field: field + ".flag", Err: fmt.Errorf("flag %q used twice", cd.Flag)}
			}
		}
		for _, f := range []struct {
			name string
			src  string
			dst  *Square
		}{{"king_from", cd.KingFrom, &c.kingFrom}, {"king_to", cd.KingTo, &c.kingTo}, {"rook_from", cd.RookFrom, &c.rookFrom}, {"rook_to", cd.RookTo, &c.rookTo}} {
			sq, err := r.Board.ParseSquare(f.src)
			if err != nil {
				return &FieldError{Field: field + "." + f.name, Err: err}
			}
			*f.dst = sq
		}
		kf, kt, rf, rt := r.Board.Coord(c.kingFrom), r.Board.Coord(c.kingTo), r.Board.Coord(c.rookFrom), r.Board.Coord(c.rookTo)
		if kf.Y != kt.Y || kf.Y != rf.Y || kf.Y != rt.Y {
			return &FieldError{Field: field, Err: fmt.Errorf("king and rook must stay on one rank")}
		}
		lo := min(kf.X, kt.X, rf.X, rt.X)
		hi := max(kf.X, kt.X, rf.X, rt.X)
		for x := lo; x <= hi; x++ {
			sq := r.Board.Square(Coord{X: x, Y: kf.Y})
			if sq != c.kingFrom && sq != c.rookFrom {
				c.empty = append(c.empty, sq)
			}
		}
		step := int64(1)
		if kt.X < kf.X {
			step = -1
		}
		for x := kf.X; ; x += step {
			c.safe = append(c.safe, r.Board.Square(Coord{X: x, Y: kf.Y}))
			if x == kt.X {
				break
			}
		}
		r.castling = append(r.castling, c)
	}
	return nil
}

// PieceByLetter returns the piece type with the given upper-case letter.
func (r *Rules) PieceByLetter(l string) (PieceType, bool) {
	if len(l) != 1 {
		return 0, false
	}
	t, ok := r.letters[l[0]]
	return t, ok
}

// Name returns the variant's short name.
func (r *Rules) Name() string { return r.Def.Name }

// Team returns the player's team (0 = none).
func (r *Rules) Team(p Player) int { return r.team[p] }

// Allies reports whether two players are the same or partners.
func (r *Rules) Allies(a, b Player) bool {
	return a == b || (r.team[a] != 0 && r.team[a] == r.team[b])
}

// PromotionChoices returns the piece types player p's pawns may promote to on sq,
// or nil if sq is not in p's promotion region.
func (r *Rules) PromotionChoices(p Player, sq Square) []PieceType {
	pr := &r.promotion[p]
	if pr.region == nil || !pr.region.Contains(sq) {
		return nil
	}
	return pr.choices
}

// GoalRegion returns the region player p wins by moving a royal piece onto
// (goals.royal_reaches), or nil if p has none.
func (r *Rules) GoalRegion(p Player) *Region {
	if int(p) >= r.Players {
		return nil
	}
	return r.reaches[p]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
