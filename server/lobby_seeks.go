package server

// Seeks: made, followed, taken (the game starts, made by the server's create path, when the last person's seat is taken), left, cancelled, quick pairing. Each change is stored on the version read, and read again when another came first; it is stored before anybody is told.

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"anychess/game"
	"anychess/store"
	"anychess/wire"
)

// seekTries bounds the tries of a change whose seek keeps changing.
const seekTries = 8

// errSeek turns the store's errors about a seek into the client's.
func errSeek(id string, err error) error {
	switch {
	case errors.Is(err, store.ErrNoSeek):
		return status(http.StatusNotFound, "no such seek: %s", truncate(id, 64))
	case errors.Is(err, store.ErrLobbyFull):
		return status(http.StatusServiceUnavailable, "the lobby holds %d open seeks, its most; try later", MaxOpenSeeks)
	}
	return err
}

// notOpen is the error for a change of a seek that no longer waits.
func notOpen(k *store.Seek) error {
	if k.State == store.SeekStarted {
		return status(http.StatusConflict, "the seek has started: its game is /g/%s", k.Game)
	}
	return status(http.StatusConflict, "the seek was %s", k.State)
}

// push sends a message to a connection.
func (lc *lconn) send(v any) { lc.c.push(mustJSON(v)) }

// look makes lc follow seek id (a challenge's page): it is sent the seek
// now and whenever it changes.
func (l *lobby) look(lc *lconn, id string) error {
	ctx, cancel := l.ctx()
	defer cancel()
	k, err := l.s.st.LoadSeek(ctx, id)
	if err != nil {
		return errSeek(id, err)
	}
	if k.State == store.SeekOpen {
		l.mu.Lock()
		ok := l.followLocked(lc, id)
		l.mu.Unlock()
		if !ok {
			return bad("you follow %d seeks already, the most", MaxFollowed)
		}
	}
	lc.send(wire.SeekMessage{Type: "seek", Seek: l.s.seekView(k)})
	return nil
}

// reattach gives lc back a seat it held (a reconnection): the seat is
// held again while the seek waits; a seek that started or ended is sent,
// so that the client goes to its game or forgets it.
func (l *lobby) reattach(lc *lconn, h wire.HeldSeat) error {
	ctx, cancel := l.ctx()
	defer cancel()
	k, err := l.s.st.LoadSeek(ctx, h.Seek)
	if errors.Is(err, store.ErrNoSeek) {
		lc.send(wire.SeekMessage{Type: "seek", Seek: wire.Seek{ID: h.Seek, State: "gone", Seats: []wire.SeekSeat{}}})
		return nil
	}
	if err != nil {
		return err
	}
	seat := h.Seat - 1
	if seat >= len(k.Seats) || !tokenIs(k.Seats[seat].Holder, h.Token) {
		// Freed while its person was gone (or never theirs).
		lc.send(wire.ReleasedMessage{Type: "released", Seek: k.ID, Seat: h.Seat})
		return nil
	}
	if k.State == store.SeekOpen {
		ok, err := l.s.st.AttachSeat(ctx, k.ID, seat, k.Seats[seat].Holder, l.s.proc, time.Now())
		if err != nil {
			return err
		}
		if ok {
			l.mu.Lock()
			if len(lc.follows) >= MaxFollowed && !lc.follows[k.ID] {
				l.mu.Unlock()
				return bad("you follow %d seeks already, the most", MaxFollowed)
			}
			l.holdLocked(lc, k.ID, heldSeat{seat: seat, hash: k.Seats[seat].Holder, creator: seat == k.Creator})
			l.mu.Unlock()
		}
	}
	lc.send(wire.SeekMessage{Type: "seek", Seek: l.s.seekView(k)})
	return nil
}

// seekRules checks a variant and its options through the rules cache
// (built-in and uploaded variants alike) for a seek: 2 to 4 players.
func (s *Server) seekRules(name string, options map[string]string) (*rulesEntry, string, error) {
	text, err := optionsText(options)
	if err != nil {
		return nil, "", err
	}
	e, err := s.rc.entry(name, text)
	if err != nil {
		return nil, "", bad("%v", err)
	}
	if n := e.r.Players; n < wire.MinSeekSeats || n > wire.MaxSeekSeats {
		return nil, "", bad("%s has %d players with these options: the lobby seats %d to %d", truncate(name, 40), n, wire.MinSeekSeats, wire.MaxSeekSeats)
	}
	// The options in force, defaults included, when they read back the
	// same: seeks of the same game match whatever was written.
	if canon := game.OptionsText(e.r.Options); canon != text {
		if c, err := s.rc.entry(name, canon); err == nil && c.r.Players == e.r.Players && game.OptionsText(c.r.Options) == canon {
			e, text = c, canon
		}
	}
	return e, text, nil
}

// seekClock checks a seek's clock and writes it as the store keeps it.
func seekClock(text string) (string, error) {
	tc, err := game.ParseTimeControl(text)
	if err != nil {
		return "", bad("clock: %v", err)
	}
	if tc.On() && tc.Initial < MinClock {
		return "", bad("clock %q: at least %v", text, MinClock)
	}
	if !tc.On() {
		return "", nil
	}
	return tc.String(), nil
}

// create makes a seek, its creator sitting in its "you" seat.
func (l *lobby) create(lc *lconn, n *wire.NewSeek, name string) error {
	s := l.s
	l.mu.Lock()
	mine := 0
	for _, h := range lc.held {
		if h.creator {
			mine++
		}
	}
	full := len(lc.follows) >= MaxFollowed
	l.mu.Unlock()
	if mine >= MaxSeeksPerConn {
		return bad("you have %d open seeks, the most: cancel one first", mine)
	}
	if full {
		return bad("you follow %d seeks already, the most", MaxFollowed)
	}
	e, options, err := s.seekRules(n.Variant, n.Options)
	if err != nil {
		return err
	}
	if len(n.Seats) != e.r.Players {
		return bad("%d seats for a game of %d players", len(n.Seats), e.r.Players)
	}
	clock, err := seekClock(n.Clock)
	if err != nil {
		return err
	}
	start := strings.TrimSpace(n.Start)
	if start != "" {
		g, err := game.New(game.Config{Rules: e.r, Start: start})
		if err != nil {
			return bad("start: %v", err)
		}
		if g.Over() {
			closeGame(g)
			return bad("start: the game is over in that position")
		}
		if g.StartText() == e.r.StartPosition().String() {
			start = ""
		}
		closeGame(g)
	}
	now := time.Now()
	token, hash := newToken()
	k := &store.Seek{ID: randomID() + randomID(), Variant: e.r.Name(), Options: options, Start: start, Clock: clock, Takebacks: n.Takebacks,
		Unlisted: n.Unlisted, Created: now, State: store.SeekOpen}
	for i, p := range n.Seats {
		st := store.SeekSeat{Seat: i, Plays: p}
		switch p {
		case "you":
			k.Creator = i
			st = store.SeekSeat{Seat: i, Plays: store.SeatOpen, Name: strings.TrimSpace(name), Holder: hash, Proc: s.proc, Attached: true, Seen: now}
		case "open":
			st.Plays = store.SeatOpen
		default:
			if _, err := parsePlays(p); err != nil {
				return bad("seat %d: %v", i+1, err)
			}
		}
		k.Seats = append(k.Seats, st)
	}
	if !l.seekAddrs.allow(lc.addr, now) {
		return status(http.StatusTooManyRequests, "too many seeks from your address: %d at once, then one every %v", SeekBurst, SeekEvery)
	}
	ctx, cancel := l.ctx()
	defer cancel()
	if err := s.st.CreateSeek(ctx, k, MaxOpenSeeks); err != nil {
		return errSeek(k.ID, err)
	}
	l.mu.Lock()
	l.holdLocked(lc, k.ID, heldSeat{seat: k.Creator, hash: hash, creator: true})
	l.mu.Unlock()
	s.log.Info("seek made", "seek", k.ID, "variant", k.Variant, "options", k.Options, "unlisted", k.Unlisted)
	lc.send(wire.SeatedMessage{Type: "seated", Seek: s.seekView(k), Seat: k.Creator + 1, Token: token})
	l.changed(k.ID)
	return nil
}

// accept seats lc in seat (0-based; -1: the first open one) of seek id.
func (l *lobby) accept(lc *lconn, id string, seat int, name string) error {
	_, err := l.take(lc, id, seat, name)
	return err
}

// take seats lc in a seat of seek id; when it was the last seat open for
// a person, the game is made and stored with the seat, in one
// transaction. It returns the seek as changed.
func (l *lobby) take(lc *lconn, id string, seat int, name string) (*store.Seek, error) {
	s := l.s
	l.mu.Lock()
	_, holds := lc.held[id]
	full := len(lc.follows) >= MaxFollowed && !lc.follows[id]
	l.mu.Unlock()
	if holds {
		return nil, status(http.StatusConflict, "you have a seat in this seek already")
	}
	if full {
		return nil, bad("you follow %d seeks already, the most", MaxFollowed)
	}
	name = strings.TrimSpace(name)
	ctx, cancel := l.ctx()
	defer cancel()
	for range seekTries {
		k, err := s.st.LoadSeek(ctx, id)
		if err != nil {
			return nil, errSeek(id, err)
		}
		if k.State != store.SeekOpen {
			return nil, notOpen(k)
		}
		at := seat
		if at < 0 {
			for i := range k.Seats {
				if k.Seats[i].Open() {
					at = i
					break
				}
			}
			if at < 0 {
				return nil, status(http.StatusConflict, "no seat of the seek is open")
			}
		}
		if at >= len(k.Seats) {
			return nil, bad("seat %d: the seek has %d seats", at+1, len(k.Seats))
		}
		if !k.Seats[at].Open() {
			return nil, status(http.StatusConflict, "seat %d of the seek is not open", at+1)
		}
		left := 0
		for i := range k.Seats {
			if i != at && k.Seats[i].Open() {
				left++
			}
		}
		token, hash := newToken()
		now := time.Now()
		var m *made
		var row *store.Game
		if left == 0 {
			if m, row, err = s.seekGame(k, at, hash, name); err != nil {
				return nil, err
			}
		}
		err = s.st.TakeSeat(ctx, k.ID, k.Version, at, name, hash, s.proc, now, row)
		if errors.Is(err, store.ErrConflict) {
			if m != nil {
				closeGame(m.g)
			}
			continue // another change came first: read the seek again
		}
		if err != nil {
			if m != nil {
				closeGame(m.g)
			}
			return nil, errSeek(id, err)
		}
		k.Version++
		k.Seats[at] = store.SeekSeat{Seat: at, Plays: store.SeatOpen, Name: name, Holder: hash, Proc: s.proc, Attached: true, Seen: now}
		if m != nil {
			s.startMade(m, row)
			k.State, k.Game, k.Ended = store.SeekStarted, row.ID, now
			s.log.Info("seek started", "seek", k.ID, "game", row.ID)
		} else {
			l.mu.Lock()
			l.holdLocked(lc, k.ID, heldSeat{seat: at, hash: hash})
			l.mu.Unlock()
		}
		lc.send(wire.SeatedMessage{Type: "seated", Seek: s.seekView(k), Seat: at + 1, Token: token})
		l.changed(k.ID)
		return k, nil
	}
	return nil, status(http.StatusConflict, "the seek changed too often while you took a seat; try again")
}

// seekGame builds the game of seek k, whose seat at is about to be taken
// by the person whose token hashes to hash: every person keeps their
// token, now the game's seat token.
func (s *Server) seekGame(k *store.Seek, at int, hash, name string) (*made, *store.Game, error) {
	e, err := s.rc.entry(k.Variant, k.Options)
	if err != nil {
		return nil, nil, bad("the seek's variant: %v", err)
	}
	if len(k.Seats) != e.r.Players {
		return nil, nil, status(http.StatusConflict, "the seek has %d seats and its variant %d players now", len(k.Seats), e.r.Players)
	}
	tc, err := game.ParseTimeControl(k.Clock)
	if err != nil {
		return nil, nil, bad("the seek's clock: %v", err)
	}
	n := len(k.Seats)
	ng := &newGame{rules: e.r, options: k.Options, start: k.Start, clock: tc, takebacks: k.Takebacks,
		seats: make([]seatSpec, n), hashes: make([]string, n)}
	for i, st := range k.Seats {
		sp := seatSpec{Plays: st.Plays, Name: st.Name}
		h := st.Holder
		if i == at {
			sp.Name, h = name, hash
		}
		if sp.Plays == store.SeatOpen {
			sp.Plays = "human"
		}
		ng.seats[i], ng.hashes[i] = sp, h
	}
	m, row, _, err := s.buildGame(ng)
	if err != nil {
		return nil, nil, err
	}
	row.ID = randomID()
	return m, row, nil
}

// quick pairs lc for a variant: a seat in the oldest listed open seek of
// that variant, options and clock (from the variant's start, without
// takebacks) that lc is not in, else a new seek with every other seat
// open for a person.
func (l *lobby) quick(lc *lconn, variantName string, options map[string]string, clock, name string) error {
	s := l.s
	e, text, err := s.seekRules(variantName, options)
	if err != nil {
		return err
	}
	if clock, err = seekClock(clock); err != nil {
		return err
	}
	ctx, cancel := l.ctx()
	ks, err := s.st.FindSeeks(ctx, e.r.Name(), text, clock, 20)
	cancel()
	if err != nil {
		return err
	}
	for _, k := range ks {
		l.mu.Lock()
		_, mine := lc.held[k.ID]
		l.mu.Unlock()
		if mine {
			continue
		}
		if _, err := l.take(lc, k.ID, -1, name); err == nil {
			return nil
		} else if he := (*httpError)(nil); !errors.As(err, &he) || he.code != http.StatusConflict {
			return err
		}
		// Taken or ended meanwhile: the next one.
	}
	seats := []string{"you"}
	for range e.r.Players - 1 {
		seats = append(seats, "open")
	}
	return l.create(lc, &wire.NewSeek{Variant: e.r.Name(), Options: options, Clock: clock, Seats: seats}, name)
}

// leaveSeek gives up lc's seat in seek id; its creator's leaving (or
// cancel) cancels the seek. Only the creator may cancel.
func (l *lobby) leaveSeek(lc *lconn, id string, cancelIt bool) error {
	s := l.s
	l.mu.Lock()
	h, ok := lc.held[id]
	l.mu.Unlock()
	if !ok {
		return status(http.StatusForbidden, "you hold no seat in seek %s", id)
	}
	if cancelIt && !h.creator {
		return status(http.StatusForbidden, "only the seek's creator may cancel it")
	}
	ctx, cancel := l.ctx()
	defer cancel()
	for range seekTries {
		k, err := s.st.LoadSeek(ctx, id)
		if err != nil {
			return errSeek(id, err)
		}
		if k.State != store.SeekOpen {
			return notOpen(k)
		}
		if h.seat >= len(k.Seats) || k.Seats[h.seat].Holder != h.hash {
			return status(http.StatusForbidden, "you hold no seat in seek %s", id)
		}
		if h.creator {
			err = s.st.EndSeek(ctx, id, k.Version, store.SeekCancelled, time.Now())
		} else {
			err = s.st.FreeSeat(ctx, id, k.Version, h.seat)
		}
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return errSeek(id, err)
		}
		l.mu.Lock()
		l.unfollowLocked(lc, id)
		l.mu.Unlock()
		if h.creator {
			k.State = store.SeekCancelled
			s.log.Info("seek cancelled", "seek", id)
		} else {
			k.Seats[h.seat] = store.SeekSeat{Seat: h.seat, Plays: store.SeatOpen}
			lc.send(wire.ReleasedMessage{Type: "released", Seek: id, Seat: h.seat + 1})
		}
		k.Version++
		lc.send(wire.SeekMessage{Type: "seek", Seek: s.seekView(k)})
		l.changed(id)
		return nil
	}
	return status(http.StatusConflict, "the seek changed too often; try again")
}
