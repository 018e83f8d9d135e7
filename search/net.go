package search

// An evaluation network for games of two players on a bounded board: one hidden layer over the pieces' squares, updated square by square between evaluations.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"

	"anychess/core"
)

// Net is an evaluation network for one variant of two players on a
// bounded board, made by 'anychess tune --net' (tune_net.go). Its input
// is, from one player's view, one feature for each piece: whether the
// piece is the player's own or the opponent's, its type and its square
// seen from the player's side (relIndex, as the tuned tables). Both
// players' views pass through the same input weights to a hidden layer
// of Hidden units, each clamped to [0, 1]; the output weighs the side to
// move's units first, then the opponent's, and is the evaluation for the
// side to move in units of netScale centipawns.
//
// The weights are stored quantised: a weight of 1.0 is netQ.
//
//	Input[(own·Types + type)·Files·Ranks + square][unit]  own = 0, opponent's = 1
//	Bias[unit]
//	Output[unit] for the side to move, Output[Hidden+unit] for the other
//	OutBias, at netQ² (Squared: netQ²·netOutQ)
type Net struct {
	Variant string `json:"variant"`
	Files   int    `json:"files"`
	Ranks   int    `json:"ranks"`
	// Types are the piece types' names by type number (the first, 0, is
	// none): the net fits rules whose types have these names.
	Types   []string `json:"types"`
	Hidden  int      `json:"hidden"`
	Input   []int16  `json:"input"`
	Bias    []int16  `json:"bias"`
	Output  []int16  `json:"output"`
	OutBias int32    `json:"outBias"`
	// Squared: a hidden unit's output is its clamped sum squared
	// (SCReLU), not the clamped sum; its output weights are then stored
	// with 1.0 as netOutQ, each within ±netOutLimit, so that a unit's
	// output times its weight fits 16 bits.
	Squared bool `json:"squared,omitempty"`
	// Buckets, if more than 1, is the number of output layers; a
	// position's is netBucket of its pieces, with BucketPieces the
	// pieces of the game's start, and adds its BucketBias to OutBias.
	Buckets      int     `json:"buckets,omitempty"`
	BucketPieces int     `json:"bucketPieces,omitempty"`
	BucketBias   []int32 `json:"bucketBias,omitempty"`
	// Mirror: a player's view is mirrored left to right (its files
	// reversed) while the player's royal piece stands on the board's
	// right half (mirrored), so that a position and its mirror image
	// share their weights; a player without a royal piece is seen
	// unmirrored.
	Mirror bool `json:"mirror,omitempty"`
	// Base is what the net's output is added to: nothing (""), the
	// material balance by the evaluation's piece values ("material",
	// PieceValues), or the evaluation's terms ("evaluation": the net
	// corrects them).
	Base string `json:"base,omitempty"`
	// Note says how the net was made (the command, the data, the errors).
	Note string `json:"note,omitempty"`
}

// The bases a net's output may be added to (Net.Base).
const (
	NetBaseMaterial   = "material"
	NetBaseEvaluation = "evaluation"
)

// netQ is a weight of 1.0 in a Net's quantised weights, and a hidden
// unit's clamp.
const netQ = 256

// netOutQ is an output weight of 1.0 in a squared net, and netOutLimit
// the largest magnitude of one: a clamped unit (at most netQ) times it
// stays within 16 bits.
const (
	netOutQ     = 64
	netOutLimit = 127
)

// outScale is the net's output of 1.0 before it is scaled to centipawns.
func (n *Net) outScale() int64 {
	if n.Squared {
		return netQ * netQ * netOutQ
	}
	return netQ * netQ
}

// netScale is the centipawns of a net's output of 1.0, so that the
// weights of a fit stay near 1 (as in the networks of the field).
const netScale = 400

// maxNetHidden bounds a net's hidden layer, maxNetBuckets its output
// buckets.
const (
	maxNetHidden  = 1024
	maxNetBuckets = 32
)

// buckets is the number of the net's output layers.
func (n *Net) buckets() int { return max(n.Buckets, 1) }

// startPieces is the number of pieces on the board at r's start
// (Net.BucketPieces).
func startPieces(r *core.Rules) int {
	start, pieces := r.StartPosition(), 0
	for _, sq := range r.Board.Squares() {
		if start.At(sq).IsPiece() {
			pieces++
		}
	}
	return pieces
}

// bucketBiases is the number of BucketBias a net has: one a bucket, none
// without buckets.
func (n *Net) bucketBiases() int {
	if n.Buckets > 1 {
		return n.Buckets
	}
	return 0
}

// netBucket returns the output bucket of a position of pieces pieces,
// of buckets buckets, full the pieces of the game's start: the buckets
// share the counts from 1 to full evenly, and more than full count as
// full. In chess with 8 buckets, bucket 0 holds 2–4 pieces and bucket 7
// 29–32.
func netBucket(pieces, buckets, full int) int {
	if buckets <= 1 || full < 1 {
		return 0
	}
	return min(buckets-1, max(pieces-1, 0)*buckets/full)
}

// LoadNet reads a net written by 'anychess tune --net', or that file
// gzipped (as search/weights keeps them).
func LoadNet(path string) (*Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("net: %w", err)
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		if data, err = gunzip(data); err != nil {
			return nil, fmt.Errorf("net: %s: %w", path, err)
		}
	}
	n, err := ParseNet(data)
	if err != nil {
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return n, nil
}

// maxNetText is the most a gzipped net may unpack to, so that a file
// that unpacks without end is refused; chess's net of 256 units is
// under a megabyte.
const maxNetText = 1 << 30

// gunzip unpacks a gzipped net, refusing one that unpacks to more than
// maxNetText bytes.
func gunzip(data []byte) ([]byte, error) {
	z, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(z, maxNetText+1))
	if err != nil {
		return nil, err
	}
	if len(out) > maxNetText {
		return nil, fmt.Errorf("it unpacks to more than %d bytes", maxNetText)
	}
	return out, nil
}

// ParseNet reads a net from its JSON form, checking that its sizes agree.
func ParseNet(data []byte) (*Net, error) {
	var n Net
	if err := json.Unmarshal(data, &n); err != nil {
		return nil, fmt.Errorf("net: %w", err)
	}
	if err := n.check(); err != nil {
		return nil, fmt.Errorf("net: %w", err)
	}
	return &n, nil
}

// check reports whether the net's sizes agree with each other.
func (n *Net) check() error {
	switch {
	case n.Files < 1 || n.Ranks < 1 || n.Files > core.MaxBoardSide || n.Ranks > core.MaxBoardSide:
		return fmt.Errorf("board %d×%d: want 1 to %d files and ranks", n.Files, n.Ranks, core.MaxBoardSide)
	case len(n.Types) < 2 || len(n.Types) > 64:
		return fmt.Errorf("%d piece types: want 2 to 64 (the first is none)", len(n.Types))
	case n.Hidden < 1 || n.Hidden > maxNetHidden:
		return fmt.Errorf("%d hidden units: want 1 to %d", n.Hidden, maxNetHidden)
	case len(n.Input) != n.inputs()*n.Hidden:
		return fmt.Errorf("%d input weights: want %d", len(n.Input), n.inputs()*n.Hidden)
	case len(n.Bias) != n.Hidden:
		return fmt.Errorf("%d biases: want %d", len(n.Bias), n.Hidden)
	case n.Buckets < 0 || n.Buckets > maxNetBuckets:
		return fmt.Errorf("%d output buckets: want 0 to %d", n.Buckets, maxNetBuckets)
	case n.Buckets > 1 && (n.BucketPieces < 1 || n.BucketPieces > n.Files*n.Ranks):
		return fmt.Errorf("%d pieces at the start for the buckets: want 1 to %d", n.BucketPieces, n.Files*n.Ranks)
	case len(n.BucketBias) != n.bucketBiases():
		return fmt.Errorf("%d bucket biases: want %d", len(n.BucketBias), n.bucketBiases())
	case len(n.Output) != 2*n.Hidden*n.buckets():
		return fmt.Errorf("%d output weights: want %d", len(n.Output), 2*n.Hidden*n.buckets())
	case n.Base != "" && n.Base != NetBaseMaterial && n.Base != NetBaseEvaluation:
		return fmt.Errorf("base %q: want %q, %q or none", n.Base, NetBaseMaterial, NetBaseEvaluation)
	}
	if n.Squared {
		for i, o := range n.Output {
			if abs(int(o)) > netOutLimit {
				return fmt.Errorf("output weight %d is %d: a squared net's are within ±%d", i, o, netOutLimit)
			}
		}
	}
	// A hidden unit's sum is kept in 16 bits: with a piece on every
	// square, each at its largest weight, it must still fit.
	squares := n.Files * n.Ranks
	for j, b := range n.Bias {
		largest := 0
		for i := j; i < len(n.Input); i += n.Hidden {
			largest = max(largest, abs(int(n.Input[i])))
		}
		if sum := abs(int(b)) + squares*largest; sum > math.MaxInt16 {
			return fmt.Errorf("hidden unit %d could sum to %d (bias %d, an input weight of %d on each of %d squares): want at most %d", j, sum, b, largest, squares, math.MaxInt16)
		}
	}
	return nil
}

// abs returns |v|.
func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// netWeightLimit is the largest magnitude of an input weight that keeps
// every hidden unit's sum of a board of squares within 16 bits, with a
// bias of at most netBiasLimit.
func netWeightLimit(squares int) int { return (math.MaxInt16 - netBiasLimit) / max(squares, 1) }

// netBiasLimit is the largest magnitude of a quantised bias (2.0).
const netBiasLimit = 2 * netQ

// inputs is the number of input features of one view.
func (n *Net) inputs() int { return 2 * len(n.Types) * n.Files * n.Ranks }

// Fits reports whether the net was made for rules like r: a game the
// generic evaluation plays with tables (Tunable: two players on a bounded
// board, no evaluation of the variant's own), on a board of its size,
// with piece types of its names.
func (n *Net) Fits(r *core.Rules) error {
	b := r.Board
	if !Tunable(r) || b.Files != n.Files || b.Ranks != n.Ranks || len(r.Pieces) != len(n.Types) {
		return fmt.Errorf("net: made for %s (%d×%d, %d piece types), not %s", n.Variant, n.Files, n.Ranks, len(n.Types)-1, r.Name())
	}
	for t := 1; t < len(r.Pieces); t++ {
		if r.Pieces[t].Name != n.Types[t] {
			return fmt.Errorf("net: made for %s: piece type %d is %q, not %q", n.Variant, t, n.Types[t], r.Pieces[t].Name)
		}
	}
	return nil
}

// netState is one engine's evaluation by a net: each player's hidden
// layer before the clamp (acc), for the board last evaluated (last); the
// next evaluation updates them square by square where the board differs,
// so a search, whose consecutive positions differ in a few squares, pays
// for the pieces that moved.
type netState struct {
	n     *Net
	r     *core.Rules
	types int
	// rel[pl][sq] is the square's index from player pl's side, -1 off
	// the board; relMirror the same of the square mirrored left to
	// right, read while mirror[pl] (Net.Mirror).
	rel       [2][]int32
	relMirror [2][]int32
	// right[sq]: a royal piece on sq mirrors its player's view (Net.Mirror).
	right  []bool
	mirror [2]bool // acc[pl] was summed mirrored
	acc    [2][]int16
	last   []core.Piece // by square
	// values are the pieces' values when the net adds material;
	// material is player 0's balance of the last board.
	values   []int
	material int
	// pieces is the number of pieces on the last board.
	pieces int
	// ev is the evaluation whose terms the net corrects (Base
	// "evaluation"), nil otherwise.
	ev *evaluator
}

// newNetState prepares n to evaluate positions of r, or returns an error
// when it does not fit them; ev is the evaluation a net of Base
// "evaluation" corrects.
func newNetState(n *Net, r *core.Rules, ev *evaluator) (*netState, error) {
	if err := n.Fits(r); err != nil {
		return nil, err
	}
	b := r.Board
	ns := &netState{n: n, r: r, types: len(n.Types), last: make([]core.Piece, b.Size())}
	switch n.Base {
	case NetBaseMaterial:
		ns.values = PieceValues(r)
	case NetBaseEvaluation:
		ns.ev = ev
	}
	for pl := 0; pl < 2; pl++ {
		ns.rel[pl] = make([]int32, b.Size())
		for i := range ns.rel[pl] {
			ns.rel[pl][i] = -1
		}
		ns.relMirror[pl] = append([]int32(nil), ns.rel[pl]...)
		for _, sq := range b.Squares() {
			rel := relIndex(r, core.Player(pl), sq)
			x := int(b.Coord(sq).X)
			ns.rel[pl][sq] = int32(rel)
			ns.relMirror[pl][sq] = int32(rel - x + b.Files - 1 - x)
		}
		ns.acc[pl] = append([]int16(nil), n.Bias...)
	}
	ns.right = make([]bool, b.Size())
	for _, sq := range b.Squares() {
		ns.right[sq] = 2*int(b.Coord(sq).X) >= b.Files
	}
	return ns, nil
}

// mirrored reports whether player pl's view of p is mirrored: the net
// mirrors (Net.Mirror) and pl's royal piece stands on the right half.
func (ns *netState) mirrored(p *core.Position, pl core.Player) bool {
	if !ns.n.Mirror {
		return false
	}
	sq := p.Royal(pl)
	return sq >= 0 && int(sq) < len(ns.right) && ns.right[sq]
}

// row returns the first input weight of piece pc on sq from player pl's
// view.
func (ns *netState) row(pl core.Player, pc core.Piece, sq core.Square) int {
	f := int(pc.Type())
	if pc.Owner() != pl {
		f += ns.types
	}
	rel := ns.rel[pl]
	if ns.mirror[pl] {
		rel = ns.relMirror[pl]
	}
	return (f*ns.n.Files*ns.n.Ranks + int(rel[sq])) * ns.n.Hidden
}

// update adds (sign 1) or removes (sign −1) piece pc on sq in the views
// not to be summed afresh (skip).
func (ns *netState) update(pc core.Piece, sq core.Square, sign int32, skip [2]bool) {
	if ns.values != nil {
		v := ns.values[pc.Type()]
		if pc.Owner() != 0 {
			v = -v
		}
		ns.material += int(sign) * v
	}
	ns.pieces += int(sign)
	for pl := 0; pl < 2; pl++ {
		if skip[pl] {
			continue
		}
		w := ns.n.Input[ns.row(core.Player(pl), pc, sq):]
		if sign > 0 {
			addRow(ns.acc[pl], w)
		} else {
			subRow(ns.acc[pl], w)
		}
	}
}

// sum sums player pl's view of the last board afresh.
func (ns *netState) sum(pl core.Player) {
	copy(ns.acc[pl], ns.n.Bias)
	for _, sq := range ns.r.Board.Squares() {
		if pc := ns.last[sq]; pc.IsPiece() {
			addRow(ns.acc[pl], ns.n.Input[ns.row(pl, pc, sq):])
		}
	}
}

// eval returns the net's evaluation of p in centipawns for the side to
// move.
func (ns *netState) eval(p *core.Position) int {
	// A view whose mirroring changed (its royal piece crossed the middle)
	// is summed afresh after the others are updated.
	var fresh [2]bool
	if ns.n.Mirror {
		for pl := range 2 {
			if m := ns.mirrored(p, core.Player(pl)); m != ns.mirror[pl] {
				ns.mirror[pl], fresh[pl] = m, true
			}
		}
	}
	for _, sq := range ns.r.Board.Squares() {
		pc := p.At(sq)
		old := ns.last[sq]
		if pc == old {
			continue
		}
		if old.IsPiece() {
			ns.update(old, sq, -1, fresh)
		}
		if pc.IsPiece() {
			ns.update(pc, sq, 1, fresh)
		}
		ns.last[sq] = pc
	}
	for pl := range 2 {
		if fresh[pl] {
			ns.sum(core.Player(pl))
		}
	}
	us := p.Turn() & 1
	h := ns.n.Hidden
	b := netBucket(ns.pieces, ns.n.Buckets, ns.n.BucketPieces)
	out := ns.n.Output[b*2*h : (b+1)*2*h]
	sum := int64(ns.n.OutBias)
	if b < len(ns.n.BucketBias) {
		sum += int64(ns.n.BucketBias[b])
	}
	for side, pl := range [2]core.Player{us, 1 - us} {
		if ns.n.Squared {
			sum += int64(dotSquared(ns.acc[pl], out[side*h:], netQ))
		} else {
			sum += int64(dotClamp(ns.acc[pl], out[side*h:], netQ))
		}
	}
	v := int(sum * netScale / ns.n.outScale())
	if us == 0 {
		v += ns.material
	} else {
		v -= ns.material
	}
	if ns.ev != nil {
		v += ns.ev.eval(p, us, true)
	}
	return v
}
