package server

// Uploaded variants: a designer's TOML file checked by variant.CompileUpload within its limits, stored under the variant's name, and from then on resolved like a built-in variant everywhere the server resolves one (rulesCache.entry).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"anychess/core"
	"anychess/game"
	"anychess/store"
	"anychess/variant"
)

// Limits of uploads.
const (
	// MaxUploadBody is the largest upload request: the file's limit and
	// room for its JSON escaping.
	MaxUploadBody = 192 << 10
	// MaxUploadName is the longest variant name an upload may have.
	MaxUploadName = 40
	// UploadBurst uploads may come from one address at once, then one
	// every UploadEvery (refused ones count: checking costs the server).
	UploadBurst = 5
	UploadEvery = 10 * time.Second
	// MaxUploadsPerHour bounds the variants stored in an hour from one
	// address, MaxUploadsPerHourAll from everyone (across all servers).
	MaxUploadsPerHour    = 20
	MaxUploadsPerHourAll = 200
	// MaxUploadsListed is the most uploaded variants /api/variants lists
	// (the oldest; every upload is played by its name): fewer than the
	// rules cache keeps, so that listing them seldom compiles one twice.
	MaxUploadsListed = 300
	// uploadWait is how long an upload waits for the check running before
	// it is refused as busy.
	uploadWait = 5 * time.Second
)

// uploads holds the per-address rate limits and the checks running.
type uploads struct {
	mu sync.Mutex // guards refused
	// addrs limits the uploads of each address (UploadBurst, UploadEvery).
	addrs *addrLimiter
	// checks lets one upload be checked at a time in this process: a
	// check may use a core for its time limit.
	checks chan struct{}
	// limits are the library's, with Resolve set per check.
	limits variant.UploadLimits
	// refused keeps, for a while, the refusals of uploaded variants asked
	// for with other options (name NUL options), so that asking again
	// costs no check; a refusal for lack of time is not kept.
	refused map[string]refusal
}

// refusal is an option set's refusal and when it was made.
type refusal struct {
	err error
	at  time.Time
}

const (
	// maxRefusals bounds uploads.refused; refusalKeep is how long one
	// is kept.
	maxRefusals = 1024
	refusalKeep = time.Minute
)

func newUploads() *uploads {
	return &uploads{addrs: newAddrLimiter(UploadBurst, UploadEvery), refused: map[string]refusal{}, checks: make(chan struct{}, 1),
		limits: variant.DefaultUploadLimits()}
}

// uploaderID is what the store keeps of an address: a hash.
func uploaderID(addr string) string {
	sum := sha256.Sum256([]byte("anychess upload " + addr))
	return hex.EncodeToString(sum[:12])
}

// validUploadName reports whether name can be an uploaded variant's: a
// lower-case letter, then lower-case letters, digits and '-', at most
// MaxUploadName.
func validUploadName(name string) bool {
	if len(name) == 0 || len(name) > MaxUploadName || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// uploadFile is the name a stored upload goes by when another file
// inherits it or when it is compiled again.
func uploadFile(name string) string { return "uploads/" + name + ".toml" }

// resolver finds the uploaded variants a file may inherit (besides the
// built-in ones).
func (s *Server) resolver(ctx context.Context) variant.Resolver {
	return func(from, name string) (string, []byte, error) {
		if !validUploadName(name) {
			return "", nil, fmt.Errorf("unknown variant %q (not a built-in variant: %s; nor an uploaded one)", name, strings.Join(variant.Names(), ", "))
		}
		u, err := s.st.GetUpload(ctx, name)
		if errors.Is(err, store.ErrNoUpload) {
			return "", nil, fmt.Errorf("unknown variant %q (not a built-in variant: %s; nor an uploaded one)", name, strings.Join(variant.Names(), ", "))
		}
		if err != nil {
			return "", nil, errors.New("the uploaded variants cannot be read now")
		}
		return uploadFile(name), []byte(u.Source), nil
	}
}

// uploadedRules compiles an uploaded variant (the rules cache's fallback
// for names that are not built in). With its default options it is
// compiled as it was checked when it was accepted; other options may
// reshape it (through inherited hooks), so it is checked again within the
// upload limits.
func (s *Server) uploadedRules(name string, opts map[string]string) (*core.Rules, error) {
	unknown := fmt.Errorf("unknown variant %q (known: %s, and the uploaded variants)", truncate(name, 40), strings.Join(variant.Names(), ", "))
	if !validUploadName(name) {
		return nil, unknown
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	u, err := s.st.GetUpload(ctx, name)
	if errors.Is(err, store.ErrNoUpload) {
		return nil, unknown
	}
	if err != nil {
		return nil, err
	}
	if len(opts) == 0 {
		return variant.CompileWith(uploadFile(name), []byte(u.Source), opts, s.resolver(ctx))
	}
	// Another option set: a check within the upload limits, one at a time
	// with the uploads' checks (the rules cache keeps what passes).
	key := name + "\x00" + game.OptionsText(opts)
	if err := s.uploads.refusedBefore(key); err != nil {
		return nil, err
	}
	select {
	case s.uploads.checks <- struct{}{}:
	case <-time.After(uploadWait):
		return nil, status(http.StatusServiceUnavailable, "the server is checking uploaded variants; try again")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	lim := s.uploads.limits
	lim.Resolve = s.resolver(ctx)
	r, _, err := variant.CompileUpload(uploadFile(name), []byte(u.Source), opts, lim)
	<-s.uploads.checks
	if err != nil && !errors.Is(err, variant.ErrTimeLimit) {
		s.uploads.refuse(key, err)
	}
	return r, err
}

// refusedBefore returns the kept refusal of key, or nil.
func (u *uploads) refusedBefore(key string) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if f, ok := u.refused[key]; ok && time.Since(f.at) < refusalKeep {
		return f.err
	}
	return nil
}

// refuse keeps key's refusal, dropping old ones (or any one) when full.
func (u *uploads) refuse(key string, err error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if len(u.refused) >= maxRefusals {
		for k, f := range u.refused {
			if time.Since(f.at) >= refusalKeep {
				delete(u.refused, k)
			}
		}
		for k := range u.refused {
			if len(u.refused) < maxRefusals {
				break
			}
			delete(u.refused, k)
		}
	}
	u.refused[key] = refusal{err: err, at: time.Now()}
}

// knownVariant reports whether name is a built-in or an uploaded variant.
func (s *Server) knownVariant(name string) bool {
	if slices.Contains(variant.Names(), name) {
		return true
	}
	if !validUploadName(name) {
		return false
	}
	_, err := s.rc.entry(name, "")
	return err == nil
}

// uploadRequest is POST /api/uploads's body: the file's name (for errors,
// optional) and its text.
type uploadRequest struct {
	File string `json:"file"`
	Text string `json:"text"`
}

// decodeUpload reads an upload request's body: one JSON object with a text
// of at most the file limit and a file name of letters, digits, '.', '_'
// and '-' (upload.toml when none).
func decodeUpload(r io.Reader, maxBytes int) (*uploadRequest, error) {
	var req uploadRequest
	if err := decodeJSON(r, &req); err != nil {
		return nil, err
	}
	if req.File == "" {
		req.File = "upload.toml"
	}
	if len(req.File) > 64 || strings.ContainsFunc(req.File, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')
	}) || strings.HasPrefix(req.File, ".") {
		return nil, bad("file %q: a name of at most 64 letters, digits, '.', '_' and '-'", truncate(req.File, 64))
	}
	if strings.TrimSpace(req.Text) == "" {
		return nil, bad("the file is empty: paste or choose a variant file (TOML)")
	}
	if len(req.Text) > maxBytes {
		return nil, bad("%s: the file is %d bytes, more than %d", req.File, len(req.Text), maxBytes)
	}
	return &req, nil
}

// uploadAnswer is POST /api/uploads's answer for an accepted variant.
type uploadAnswer struct {
	Name    string   `json:"name"`
	Title   string   `json:"title"`
	Rules   string   `json:"rules"`
	Play    string   `json:"play"`
	Parents []string `json:"parents"`
	Board   string   `json:"board"`
	Players int      `json:"players"`
	Pieces  int      `json:"pieces"`
	Perft   []uint64 `json:"perft"`
	CheckMS int64    `json:"checkMs"`
}

func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	addr := s.clientAddr(r)
	if !s.uploads.addrs.allow(addr, time.Now()) {
		w.Header().Set("Retry-After", fmt.Sprint(int(UploadEvery.Seconds())))
		s.fail(w, r, status(http.StatusTooManyRequests, "too many uploads: at most %d at once, then one every %v", UploadBurst, UploadEvery))
		return
	}
	body := http.MaxBytesReader(w, r.Body, MaxUploadBody)
	req, err := decodeUpload(body, s.uploads.limits.MaxBytes)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	who := uploaderID(addr)
	hour := time.Now().Add(-time.Hour)
	if n, err := s.st.UploadsSince(ctx, hour, who); err != nil {
		s.fail(w, r, err)
		return
	} else if n >= MaxUploadsPerHour {
		s.fail(w, r, status(http.StatusTooManyRequests, "too many variants uploaded from your address in the last hour (at most %d)", MaxUploadsPerHour))
		return
	}
	if n, err := s.st.UploadsSince(ctx, hour, ""); err != nil {
		s.fail(w, r, err)
		return
	} else if n >= MaxUploadsPerHourAll {
		s.fail(w, r, status(http.StatusTooManyRequests, "too many variants uploaded in the last hour (at most %d); try later", MaxUploadsPerHourAll))
		return
	}
	select {
	case s.uploads.checks <- struct{}{}:
	case <-time.After(uploadWait):
		s.fail(w, r, status(http.StatusServiceUnavailable, "the server is checking other uploads; try again"))
		return
	case <-ctx.Done():
		return
	}
	lim := s.uploads.limits
	lim.Resolve = s.resolver(ctx)
	start := time.Now()
	rules, rep, err := variant.CompileUpload(req.File, []byte(req.Text), nil, lim)
	<-s.uploads.checks
	took := time.Since(start)
	if err != nil {
		if errors.Is(err, variant.ErrInternal) {
			s.log.Error("an upload's check panicked", "err", err)
		}
		s.log.Info("upload refused", "took", took.Round(time.Millisecond), "err", err)
		s.fail(w, r, bad("%v", err))
		return
	}
	name := rules.Name()
	switch {
	case !validUploadName(name):
		s.fail(w, r, bad("%s: name %q: an uploaded variant's name is a lower-case letter then lower-case letters, digits and '-', at most %d", req.File, truncate(name, 60), MaxUploadName))
		return
	case slices.Contains(variant.Names(), name):
		s.fail(w, r, status(http.StatusConflict, "%s: name %q is a built-in variant's: name yours differently (it may inherit %s)", req.File, name, name))
		return
	}
	title := rules.Def.Title
	if title == "" {
		title = name
	}
	u := &store.Upload{Name: name, Title: title, File: req.File, Source: req.Text, Created: time.Now(), Uploader: who}
	if err := s.st.AddUpload(ctx, u); err != nil {
		if errors.Is(err, store.ErrConflict) {
			s.fail(w, r, status(http.StatusConflict, "%s: a variant named %q was uploaded before: name yours differently", req.File, name))
			return
		}
		s.fail(w, r, err)
		return
	}
	s.log.Info("variant uploaded", "variant", name, "took", took.Round(time.Millisecond))
	a := uploadAnswer{Name: name, Title: title, Rules: "/rules/" + name, Play: "/?variant=" + name, Parents: rep.Parents,
		Board: rep.Board, Players: rep.Players, Pieces: rep.Pieces, Perft: rep.Perft, CheckMS: took.Milliseconds()}
	a.Parents = []string{}
	for _, p := range rep.Parents {
		// A parent uploaded before is named by its variant's name.
		if n, ok := strings.CutPrefix(p, "uploads/"); ok {
			p = strings.TrimSuffix(n, ".toml")
		}
		a.Parents = append(a.Parents, p)
	}
	writeJSON(w, http.StatusCreated, a)
}

// handleUploadSource serves GET /api/uploads/{name}: the file as uploaded.
func (s *Server) handleUploadSource(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !validUploadName(name) {
		s.fail(w, r, status(http.StatusNotFound, "no uploaded variant %q", truncate(name, 40)))
		return
	}
	u, err := s.st.GetUpload(r.Context(), name)
	if errors.Is(err, store.ErrNoUpload) {
		s.fail(w, r, status(http.StatusNotFound, "no uploaded variant %q", name))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	io.WriteString(w, u.Source)
}

// uploadedVariants lists the uploaded variants for /api/variants.
func (s *Server) uploadedVariants(ctx context.Context) ([]variantInfo, error) {
	names, err := s.st.UploadNames(ctx, MaxUploadsListed)
	if err != nil {
		return nil, err
	}
	var out []variantInfo
	for _, name := range names {
		e, err := s.rc.entry(name, "")
		if err != nil {
			s.log.Error("an uploaded variant does not compile", "variant", name, "err", err)
			continue
		}
		v := infoOf(name, e.r.Def, e.r.Players)
		v.Uploaded = true
		out = append(out, v)
	}
	return out, nil
}

// decodeJSON reads one JSON object with known fields only from r (a
// body already bounded).
func decodeJSON(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		if errors.Is(err, io.EOF) {
			return bad("the request has no JSON body")
		}
		return bad("the request body is not the JSON expected: %v", err)
	}
	if dec.More() {
		return bad("the request body holds more than one JSON value")
	}
	return nil
}
