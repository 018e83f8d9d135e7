package game

// The variants and option sets every table test runs over.

import (
	"sort"
	"strings"

	"anychess/core"
)

type testVariant struct {
	name string
	opts map[string]string
}

func (v testVariant) label() string {
	var o []string
	for k, val := range v.opts {
		o = append(o, k+"="+val)
	}
	sort.Strings(o)
	return v.name + " " + strings.Join(o, ",")
}

var testVariants = []testVariant{
	{"chess", nil},
	{"siberia", nil},
	{"claustrophobia", nil},
	{"martian-chess", nil},
	{"martian-chess", map[string]string{"players": "4"}},
	{"martian-chess", map[string]string{"players": "4", "teams": ""}},
	{"infinite-plane", nil},
	{"infinite-plane-huygens", map[string]string{"names": "letters"}},
	{"longchess", nil},
	{"longchess", map[string]string{"mode": "ctm"}},
	{"longchess", map[string]string{"teams": "4"}},
	{"longchess", map[string]string{"mines": "", "artillery": "", "nonlethal": ""}},
	{"longchess", map[string]string{"no-central-river": "", "no-range-attacks": ""}},
}

type (
	coreRules  = core.Rules
	corePlayer = core.Player
)
