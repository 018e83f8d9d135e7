package core

// Definition: a variant as plain data, the form variant files decode into.

// Definition describes a variant as data. Variant files (TOML) decode into it;
// Compile checks it and builds Rules. Squares are named in coordinate notation
// ("e1", "aa9"); regions are lists of squares or rectangles "a1-i2".
type Definition struct {
	Name  string `toml:"name"`  // short name used on the command line, e.g. "siberia"
	Title string `toml:"title"` // display name
	// Help is the rules text as anychess plays them, including every decision
	// taken where the source was vague.
	Help string `toml:"help"`
	// MoveHelp tells players how to enter the variant's moves, each kind of
	// special move above all (promotions, range attacks, charges, mines,
	// declarations …), with examples in the notation the front ends read.
	// Front ends show it as in-game help (the terminal's 'help', the web
	// page's).
	MoveHelp string `toml:"move_help"`
	// Hooks names a set of Go hooks registered with RegisterHooks, for the rules
	// data cannot say. Empty for none.
	Hooks string `toml:"hooks"`

	Board   BoardDef    `toml:"board"`
	Players []PlayerDef `toml:"players"`
	Pieces  []PieceDef  `toml:"pieces"`
	// Start is the initial position in extended FEN.
	Start     string         `toml:"start"`
	Promotion []PromotionDef `toml:"promotion"`
	Castling  []CastlingDef  `toml:"castling"`
	Draws     DrawDef        `toml:"draws"`
	Goals     GoalDef        `toml:"goals"`
	Options   []OptionDef    `toml:"options"`
}

// BoardDef is a bounded board: a Files×Ranks rectangle minus cells that are not
// part of it. An Unbounded board has no size and no cell lists: its squares
// are all (x, y) with |x|, |y| < 2^62, its regions are rectangles written
// "(X,Y)" where X and Y are integers, "*" or ranges "a..b" ("(*,8)" is
// rank 8), and its positions are piece lists (core.PlaneTextHelp).
type BoardDef struct {
	Files     int  `toml:"files"`
	Ranks     int  `toml:"ranks"`
	Unbounded bool `toml:"unbounded"`
	// Names chooses how squares of an unbounded board are written:
	// "numeric" (the default), (x,y); or "letters", the file letters and rank
	// number of LettersA1's frame in parentheses: (e8), (φ8) left of a, (-b8)
	// left of that, (aa8) right of z. Both forms are always read.
	Names string `toml:"names"`
	// LettersA1 is the square (x,y) that the letters form calls a1 (default
	// "(1,1)").
	LettersA1 string `toml:"letters_a1"`
	// Holes are cells outside the board that block movement like its edge ("*" in FEN).
	Holes []string `toml:"holes"`
	// PassThrough are cells outside the board that moves may cross but not stop on
	// (Claustrophobia's unused cells; also "*" in FEN).
	PassThrough []string `toml:"pass_through"`
	// Water are cells of the board no piece may enter or cross, save by variant rule.
	Water []string `toml:"water"`
	// Regions names sets of squares (zones, palaces, keeps, promotion areas).
	Regions map[string][]string `toml:"regions"`
	// Zones names regions that are players' territories: Zones[i] is player
	// i's zone (Martian Chess). Board.Zone tells a square's zone, and board
	// displays draw the borders between zones (Martian Chess's canals).
	Zones []string `toml:"zones"`
	// Draw gives board displays a character for the empty squares of a
	// region ({bridges = "=", white_keep = "x"}: Longchess's bridges and
	// keeps). One printable ASCII character each; regions that overlap must
	// not ask for different characters.
	Draw map[string]string `toml:"draw"`
	// FileLabels and RankLabels are the names players give the files
	// (FileLabels[0] is file a) and ranks (RankLabels[0] is rank 1) when
	// they are not the coordinates: displays show them beside the
	// coordinates (Longchess counts ranks from each end). Empty for none;
	// otherwise one label of 1 to 3 characters per file or rank.
	FileLabels []string `toml:"file_labels"`
	RankLabels []string `toml:"rank_labels"`
	// Marks are the kinds of mark the variant's hooks keep in a position's
	// marks layer (Position.Mark), which board displays draw (Longchess's
	// mines and shells).
	Marks []MarkDef `toml:"marks"`
}

// MarkDef is a kind of mark in the marks layer, one bit per player: player
// pl's mark of this kind is bit Bit+pl of Position.Mark. Displays draw it
// with Symbol, an ASCII letter that no piece uses, in its owner's style as
// pieces are drawn (upper case for player 0, lower case for player 1 …).
type MarkDef struct {
	Name   string `toml:"name"`   // "mine"
	Symbol string `toml:"symbol"` // "M"
	Bit    int    `toml:"bit"`    // the bit of player 0's mark, 0 to 7
}

// PlayerDef is one seat.
type PlayerDef struct {
	Name string `toml:"name"` // "white"
	// Forward is the direction the player's pieces call forward: "north" (+rank),
	// "south", "east" (+file) or "west".
	Forward string `toml:"forward"`
	// Team groups partners; players with the same nonzero team are allies.
	Team int `toml:"team"`
}

// PieceDef is one piece type.
type PieceDef struct {
	Name   string `toml:"name"`   // "knight"
	Letter string `toml:"letter"` // one upper-case letter used in FEN and SAN, "N"
	Betza  string `toml:"betza"`  // its moves in Betza / XBetza
	// Royal pieces may not be left attacked; checkmating one wins.
	Royal bool `toml:"royal"`
	// Pawn pieces reset the move counter, promote, and give en-passant rights
	// on the squares passed by their multi-square non-capturing moves.
	Pawn bool `toml:"pawn"`
	// Value in centipawns for the engine; 0 lets the engine derive it.
	Value int `toml:"value"`
}

// PromotionDef says where a player's pawns promote and to what.
type PromotionDef struct {
	Player int      `toml:"player"`
	Region string   `toml:"region"` // name of a region in BoardDef.Regions
	Pieces []string `toml:"pieces"` // letters of the choices, e.g. ["Q","R","B","N"]
	// Optional: promotion may be declined (the pawn stays a pawn). Default mandatory.
	Optional bool `toml:"optional"`
}

// CastlingDef is one castling move: king and rook jump together.
type CastlingDef struct {
	Player   int    `toml:"player"`
	Flag     string `toml:"flag"` // FEN castling letter: K, Q, k, q
	KingFrom string `toml:"king_from"`
	KingTo   string `toml:"king_to"`
	RookFrom string `toml:"rook_from"`
	RookTo   string `toml:"rook_to"`
}

// DrawDef switches draw rules on.
type DrawDef struct {
	// Repetition: the game is drawn when a position recurs this many times (0 = off).
	Repetition int `toml:"repetition"`
	// MoveCounter: drawn after this many plies without capture or pawn move (0 = off).
	MoveCounter int `toml:"move_counter"`
	// InsufficientMaterial draws the game when neither side has material
	// enough to win, as InsufficientMaterialRule defines it.
	InsufficientMaterial bool `toml:"insufficient_material"`
	// InsufficientMaterialRule chooses what InsufficientMaterial counts as too
	// little to win: "orthodox" (the default when empty) is chess's rule — only
	// royal pieces are left, or one knight or bishop besides them, or bishops all
	// on one colour, knights and bishops being the pieces whose Betza is "N" and
	// "B"; "bare_royals" is only royal pieces left, for games in which any other
	// piece might still win (by helping a royal piece reach a goal, say).
	InsufficientMaterialRule string `toml:"insufficient_material_rule"`
}

// Insufficient-material rules (DrawDef.InsufficientMaterialRule).
const (
	MaterialOrthodox   = "orthodox"
	MaterialBareRoyals = "bare_royals"
)

// GoalDef lists the ways to win besides checkmate of a royal piece.
type GoalDef struct {
	// Checkmate: a player whose royal piece is attacked and who has no legal move
	// loses. Default true when a royal piece exists.
	NoCheckmate bool `toml:"no_checkmate"`
	// StalemateWins: a player with no legal move who is not in check loses
	// instead of drawing.
	StalemateLoses bool `toml:"stalemate_loses"`
	// RoyalReaches: moving a royal piece onto this region of an opponent wins
	// (Claustrophobia's scepter). Region names are per player: RoyalReaches[i]
	// is the region player i's royal must reach.
	RoyalReaches []string `toml:"royal_reaches"`
}

// OptionDef is a variant option, set with --option NAME[=VALUE].
type OptionDef struct {
	Name        string   `toml:"name"`
	Description string   `toml:"description"`
	Default     string   `toml:"default"`
	Values      []string `toml:"values"` // allowed values; empty for a flag (on/off)
}
