package variant

// Tests of CompileUpload: accepted uploads, and hostile ones refused quickly with clear errors.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"anychess/core"
)

// uploadCase is a file of testdata/upload: its first line says what
// CompileUpload must answer, "# want: ok" or "# want: " and part of the error.
type uploadCase struct {
	name string
	data []byte
	want string // "ok", or part of the error text
}

func uploadCases(t testing.TB) []uploadCase {
	t.Helper()
	paths, err := filepath.Glob("testdata/upload/*.toml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no upload cases: %v", err)
	}
	var out []uploadCase
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		want, ok := strings.CutPrefix(first, "# want: ")
		if !ok {
			t.Fatalf("%s: first line %q is not # want: …", p, first)
		}
		out = append(out, uploadCase{filepath.Base(p), data, want})
	}
	return out
}

func TestUploadCases(t *testing.T) {
	for _, tc := range uploadCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			r, rep, err := CompileUpload(tc.name, tc.data, nil, UploadLimits{})
			elapsed := time.Since(start)
			if rep == nil {
				t.Fatal("no report")
			}
			if tc.want == "ok" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				checkAccepted(t, r, rep)
				return
			}
			if err == nil {
				t.Fatalf("accepted, want an error containing %q (report %+v)", tc.want, rep)
			}
			var e *Error
			if !errors.As(err, &e) || e.File != tc.name {
				t.Errorf("error %v (%T) is not an *Error of %s", err, err, tc.name)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n  %v\nwant it to contain\n  %s", err, tc.want)
			}
			if errors.Is(err, ErrInternal) {
				t.Errorf("internal error: %v", err)
			}
			// Refusals come from the checks, not from running out of time.
			if elapsed > time.Second {
				t.Errorf("refused after %v", elapsed)
			}
		})
	}
}

// checkAccepted checks an accepted upload's report against its rules.
func checkAccepted(t *testing.T, r *core.Rules, rep *UploadReport) {
	t.Helper()
	if r == nil {
		t.Fatal("accepted without rules")
	}
	p := r.StartPosition()
	if len(rep.Perft) != 2 || rep.Perft[0] != p.Perft(1) || rep.Perft[1] != p.Perft(2) {
		t.Errorf("report perft %v, want %d %d", rep.Perft, p.Perft(1), p.Perft(2))
	}
	if rep.Name != r.Def.Name || rep.Players != r.Players || rep.Pieces != len(r.Def.Pieces) {
		t.Errorf("report %+v does not describe %s", rep, r.Def.Name)
	}
	if rep.Work <= 0 || rep.Work > DefaultUploadLimits().MaxWork || rep.StartPieces <= 0 {
		t.Errorf("report work %d, start pieces %d", rep.Work, rep.StartPieces)
	}
	if rep.Nodes < 1+int(rep.Perft[0]) || rep.RandomPlies <= 0 {
		t.Errorf("report nodes %d, random plies %d", rep.Nodes, rep.RandomPlies)
	}
}

// TestUploadBuiltins uploads the built-in variants that have no Go hooks as
// files of their own: every one is accepted, with the perft counts of the
// built-in. Those with hooks are refused: an upload may not name them.
func TestUploadBuiltins(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			def, err := Definition(name)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join("testdata/expanded", name+".toml"))
			if err != nil {
				_, data, err = builtinFile(name)
				if err != nil {
					t.Fatal(err)
				}
			}
			r, rep, err := CompileUpload(name+".toml", data, nil, UploadLimits{})
			if def.Hooks != "" {
				if err == nil || !strings.Contains(err.Error(), "hooks: an uploaded variant cannot name Go hooks") {
					t.Errorf("error %v, want the hooks refused", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkAccepted(t, r, rep)
			b, err := Load(name, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := rep.Perft[1], b.StartPosition().Perft(2); got != want {
				t.Errorf("perft(2) %d, want the built-in's %d", got, want)
			}
		})
	}
}

// TestUploadInheritsHooks: a child of a built-in variant with hooks gets
// them, and plays as the built-in where it changes nothing.
func TestUploadInheritsHooks(t *testing.T) {
	for _, parent := range []string{"infinite-plane", "longchess", "martian-chess"} {
		text := fmt.Sprintf("inherits = %q\nname = \"child\"\ntitle = \"A child\"\n", parent)
		r, rep, err := CompileUpload("child.toml", []byte(text), nil, UploadLimits{})
		if err != nil {
			t.Errorf("%s: %v", parent, err)
			continue
		}
		b, err := Load(parent, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Hooks != b.Def.Hooks || rep.Hooks == "" || !slices.Equal(rep.Parents, []string{parent}) || r.Hooks != b.Hooks {
			t.Errorf("%s: hooks %q, parents %v", parent, rep.Hooks, rep.Parents)
		}
		if want := b.StartPosition().Perft(2); rep.Perft[1] != want {
			t.Errorf("%s: perft(2) %d, want %d", parent, rep.Perft[1], want)
		}
	}
	// With an option the hooks read: Martian Chess for four.
	_, rep, err := CompileUpload("child.toml", []byte("inherits = \"martian-chess\"\nname = \"m4\"\n"), map[string]string{"players": "4"}, UploadLimits{})
	if err != nil || rep.Players != 4 || rep.Board != "8x8" {
		t.Errorf("four players: %v, report %+v", err, rep)
	}
}

// TestUploadHostile refuses files too large or too deep to read, quickly.
func TestUploadHostile(t *testing.T) {
	const size = 64 << 10
	tests := []struct {
		name string
		data string
		want string
	}{
		{"one byte too many", strings.Repeat("#", size+1), fmt.Sprintf("big.toml: the file is %d bytes, more than %d", size+1, size)},
		{"arrays nested to the limit of the size", "x = " + strings.Repeat("[", size/2-4) + strings.Repeat("]", size/2-4), "big.toml:1: arrays and tables nested more than 16 deep"},
		{"inline tables nested", "x = " + strings.Repeat("{a = ", (size-16)/6) + "1" + strings.Repeat("}", (size-16)/6), "big.toml:1: arrays and tables nested more than 16 deep"},
		{"a key of 30000 parts", strings.Repeat("a.", size/2-4) + "b = 1", "big.toml:1: a dotted key of more than 16 parts"},
		{"a header of 30000 parts", "[" + strings.Repeat("a.", size/2-4) + "b]", "big.toml:1: a dotted key of more than 16 parts"},
		{"many unknown keys", manyLines(size, "k%d = 1\n"), "big.toml:1: k0: unknown key"},
		{"many tables", manyLines(size, "[t%d]\n"), "big.toml:1: t0: unknown key"},
		{"many pieces", manyLines(size, "[[pieces]]\nletter = \"%d\"\n"), "big.toml:1: name: missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, _, err := CompileUpload("big.toml", []byte(tt.data), nil, UploadLimits{})
			if elapsed := time.Since(start); elapsed > 500*time.Millisecond {
				t.Errorf("refused after %v", elapsed)
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want %s…", err, tt.want)
			}
		})
	}
}

// manyLines repeats a line with a counter up to about size bytes.
func manyLines(size int, format string) string {
	var sb strings.Builder
	for i := 0; sb.Len() < size-64; i++ {
		fmt.Fprintf(&sb, format, i)
	}
	return sb.String()
}

// TestUploadLimits: the limits given are the limits applied.
func TestUploadLimits(t *testing.T) {
	chess := []byte("inherits = \"chess\"\nname = \"c\"\n")
	tests := []struct {
		name string
		lim  UploadLimits
		want string
	}{
		{"size", UploadLimits{MaxBytes: 10}, "c.toml: the file is 30 bytes, more than 10"},
		{"nodes", UploadLimits{MaxNodes: 10}, "c.toml: move generation needs more than 10 positions for perft(2) and 4 random games of 40 plies"},
		{"work", UploadLimits{MaxWork: 1000}, "c.toml:1: pieces[1].betza: listing one position's moves could visit 158720 squares, more than 1000: 32 pieces at the start; the queen moves along 8 paths that may visit 56 squares from one square (inherited from chess, variants/chess.toml:"},
		{"start pieces", UploadLimits{MaxStartPieces: 31}, "c.toml:1: start: 32 pieces, more than 31 (inherited from chess, variants/chess.toml:4)"},
		{"paths", UploadLimits{MaxPaths: 20}, "c.toml:1: pieces[3].betza: the pieces have more than 20 paths (directions and legs combined) together (inherited from chess"},
		{"regions", UploadLimits{MaxRegions: 1}, "c.toml:1: board.regions: 2 regions and drawings, more than 1 (inherited from chess"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := CompileUpload("c.toml", chess, nil, tt.lim)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error\n  %v\nwant\n  %s…", err, tt.want)
			}
		})
	}
}

// TestUploadTimeout: a check that runs out of time returns at once, and
// the goroutine that ran it stops soon after.
func TestUploadTimeout(t *testing.T) {
	data, err := os.ReadFile("testdata/upload/ok-plane-child.toml")
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	lim := UploadLimits{Timeout: 5 * time.Millisecond, PerftDepth: 3, MaxNodes: 1 << 30}
	start := time.Now()
	_, _, err = CompileUpload("slow.toml", data, nil, lim)
	elapsed := time.Since(start)
	if err == nil || err.Error() != "slow.toml: checking the variant took longer than 5ms" || !errors.Is(err, ErrTimeLimit) {
		t.Errorf("error %v", err)
	}
	if elapsed > 200*time.Millisecond {
		t.Errorf("returned after %v", elapsed)
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the timeout, %d before", n, before)
	}
}

// TestUploadResolver: an upload may inherit a variant uploaded before, by
// the caller's resolver; hooks that such a variant names are refused.
func TestUploadResolver(t *testing.T) {
	stored := map[string]string{
		"mine":    "inherits = \"chess\"\nname = \"mine\"\n[[pieces]]\nletter = \"N\"\nbetza = \"NN\"\n",
		"hooked":  "inherits = \"chess\"\nname = \"hooked\"\nhooks = \"infinite-plane\"\n",
		"planted": "inherits = \"infinite-plane\"\nname = \"planted\"\n",
	}
	lim := UploadLimits{Resolve: files(stored)}
	r, rep, err := CompileUpload("up.toml", []byte("inherits = \"mine\"\nname = \"up\"\n"), nil, lim)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Parents, []string{"mine", "chess"}) || r.Def.Pieces[4].Betza != "NN" {
		t.Errorf("parents %v, knight %q", rep.Parents, r.Def.Pieces[4].Betza)
	}
	_, _, err = CompileUpload("up.toml", []byte("inherits = \"hooked\"\nname = \"up\"\n"), nil, lim)
	if want := `up.toml:1: hooks: an uploaded variant cannot name Go hooks; it has a built-in variant's hooks by inheriting it (inherited from hooked, hooked:3)`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if _, rep, err = CompileUpload("up.toml", []byte("inherits = \"planted\"\nname = \"up\"\n"), nil, lim); err != nil || rep.Hooks != "infinite-plane" {
		t.Errorf("hooks through a stored child of a built-in: %v, %q", err, rep.Hooks)
	}
	_, _, err = CompileUpload("up.toml", []byte("inherits = \"nothing\"\nname = \"up\"\n"), nil, UploadLimits{})
	if want := `up.toml:1: inherits: unknown variant "nothing" (built-in variants: chess, `; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want %s…", err, want)
	}
}

// TestUploadPanic: a panic inside the check (here the caller's resolver's)
// is an error wrapping ErrInternal, not a crash.
func TestUploadPanic(t *testing.T) {
	lim := UploadLimits{Resolve: func(from, name string) (string, []byte, error) { panic("resolver bug") }}
	_, _, err := CompileUpload("p.toml", []byte("inherits = \"elsewhere\"\nname = \"p\"\n"), nil, lim)
	if !errors.Is(err, ErrInternal) || !strings.Contains(err.Error(), "resolver bug") {
		t.Errorf("error %v, want an internal error", err)
	}
}

// FuzzCompileUpload feeds CompileUpload any text: it must never panic (nor
// report an internal error, which is a recovered panic), never take much
// longer than its time limit, and answer either rules whose report agrees
// with them or an *Error of the file at one of its lines.
func FuzzCompileUpload(f *testing.F) {
	for _, tc := range uploadCases(f) {
		f.Add(tc.data)
	}
	expanded, _ := filepath.Glob("testdata/expanded/*.toml")
	for _, p := range expanded {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(mini))
	f.Add([]byte("inherits = \"chess\"\nname = \"x\"\n[[pieces]]\nletter = \"N\"\nbetza = \"mafsW\"\n"))
	lim := UploadLimits{Timeout: time.Second}
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		r, rep, err := CompileUpload("fuzz.toml", data, nil, lim)
		if elapsed := time.Since(start); elapsed > lim.Timeout+500*time.Millisecond {
			t.Fatalf("took %v, the limit is %v", elapsed, lim.Timeout)
		}
		if rep == nil {
			t.Fatal("no report")
		}
		if err != nil {
			if errors.Is(err, ErrInternal) {
				t.Fatalf("internal error: %v", err)
			}
			var e *Error
			lines := 1 + strings.Count(string(data), "\n")
			if !errors.As(err, &e) || e.File != "fuzz.toml" || e.Line < 0 || e.Line > lines {
				t.Fatalf("error %v (%T): not an *Error at one of the file's %d lines", err, err, lines)
			}
			return
		}
		if r == nil || len(rep.Perft) == 0 {
			t.Fatalf("accepted without rules or perft: %+v", rep)
		}
		if n := uint64(len(r.StartPosition().LegalMoves(nil))); rep.Perft[0] != n {
			t.Fatalf("report perft(1) %d, the start has %d moves", rep.Perft[0], n)
		}
	})
}

// TestFormatUploads checks that the errors FORMAT.md shows for uploads are
// the ones CompileUpload gives (the node and time limits' wording is
// checked by TestUploadLimits and TestUploadTimeout).
func TestFormatUploads(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## Uploaded variants\n")
	section, _, ok2 := strings.Cut(section, "\n## ")
	if !ok || !ok2 {
		t.Fatal("FORMAT.md has no Uploaded variants section")
	}
	given := map[string]bool{}
	_, _, err = CompileUpload("up.toml", make([]byte, 70000), nil, UploadLimits{})
	given[err.Error()] = true
	for _, tc := range uploadCases(t) {
		if _, _, err := CompileUpload("up.toml", tc.data, nil, UploadLimits{}); err != nil {
			given[err.Error()] = true
		}
	}
	shown := 0
	for _, l := range strings.Split(section, "\n") {
		if !strings.HasPrefix(l, "| ") {
			continue
		}
		cells := strings.Split(l, " | ")
		example := strings.Trim(strings.TrimSpace(strings.TrimSuffix(cells[len(cells)-1], "|")), "`")
		if !strings.HasPrefix(example, "up.toml") || strings.Contains(example, "move generation needs") || strings.Contains(example, "took longer") {
			continue
		}
		shown++
		if !given[example] {
			t.Errorf("FORMAT.md shows an error no upload case gives:\n  %s", example)
		}
	}
	if shown < 8 {
		t.Errorf("%d error examples checked", shown)
	}
}
