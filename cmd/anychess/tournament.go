package main

// The tournament subcommand: a Longchess tournament's battles kept in a local JSON file, and its standings.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"anychess/tournament"
)

const tournamentUsage = `usage: anychess tournament COMMAND [flags]

Longchess tournament scoring (see 'anychess rules --variant longchess' and
package tournament): every player starts with 30 points; challenging costs 5
(unless the tournament was started with --no-fee); a surrender gives the
attacker +10 and the defender -5; a win gives the attacker +10, the defender
0; the loser loses 5, or 30 with all its pieces captured; the pieces captured
move their value from one player to the other whatever the result; below 10
points a player is eliminated; below 30 its army must be worth no more than
its points. Armies are written R2N2B2P8 (or RRNNBBPPPPPPPP); "-" is none.

commands:
  new        start a tournament file: new [--no-fee]
  join       add players: join [--points N] NAME...
  battle     record a challenge: battle --attacker A --defender D --result R
             [--attacker-army ARMY] [--defender-army ARMY]
             [--attacker-lost ARMY] [--defender-lost ARMY]
             [--attacker-colour white|black] [--date DATE]
             R is attacker, defender, draw, surrender or unfinished; an army
             left out is the full one (30 points or more)
  army       check that an army fits a player's points: army --player P --army ARMY
  standings  print the standings

Every command takes --file PATH (default tournament.json) and prints the
standings after a change. A change is made under a lock (the file
PATH.lock) and written atomically, so commands run at once on one file
are applied one after the other and none is lost.
`

func cmdTournament(args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, tournamentUsage)
		return nil
	}
	sub, rest := args[0], args[1:]
	flags := newFlagSet("tournament "+sub, stdout)
	file := flags.String("file", "tournament.json", "the tournament file (JSON)")
	switch sub {
	case "new":
		noFee := flags.Bool("no-fee", false, "leave out the challenge fee")
		if err := parseNoWords(flags, "tournament new", rest); err != nil {
			return err
		}
		if err := tournament.Create(*file, &tournament.Tournament{NoFee: *noFee}); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "started %s\n", *file)
		return nil
	case "join":
		points := flags.Int("points", tournament.StartPoints, "the points the players start with")
		if err := flags.Parse(rest); err != nil {
			return err
		}
		if flags.NArg() == 0 {
			return errors.New("tournament join: name the players")
		}
		if *points < tournament.EliminationBelow || *points > tournament.MaxStartPoints {
			return fmt.Errorf("tournament join: --points %d: want %d to %d (below %d a player is out)", *points, tournament.EliminationBelow, tournament.MaxStartPoints, tournament.EliminationBelow)
		}
		for _, name := range flags.Args() {
			if strings.HasPrefix(name, "-") {
				return fmt.Errorf("tournament join: %q: the flags go before the names", name)
			}
		}
		return changeTournament(*file, stdout, func(t *tournament.Tournament) error {
			for _, name := range flags.Args() {
				if err := t.Join(name, *points); err != nil {
					return err
				}
			}
			return nil
		})
	case "battle":
		var b tournament.Battle
		var result, aArmy, dArmy, aLost, dLost string
		flags.StringVar(&b.Attacker, "attacker", "", "the challenger")
		flags.StringVar(&b.Defender, "defender", "", "the player challenged")
		flags.StringVar(&result, "result", "", "attacker, defender, draw, surrender or unfinished")
		flags.StringVar(&aArmy, "attacker-army", "", "the attacker's army (default: the full army)")
		flags.StringVar(&dArmy, "defender-army", "", "the defender's army (default: the full army)")
		flags.StringVar(&aLost, "attacker-lost", "", "the attacker's pieces captured")
		flags.StringVar(&dLost, "defender-lost", "", "the defender's pieces captured")
		flags.StringVar(&b.AttackerColour, "attacker-colour", "", "the side the attacker played: white or black")
		flags.StringVar(&b.Date, "date", "", "the date of the battle")
		if err := flags.Parse(rest); err != nil {
			return err
		}
		if flags.NArg() > 0 {
			return fmt.Errorf("tournament battle: unexpected %q", flags.Arg(0))
		}
		b.Result = tournament.Result(result)
		for _, a := range []struct {
			text string
			army **tournament.Army
			lost *tournament.Army
		}{{aArmy, &b.AttackerArmy, nil}, {dArmy, &b.DefenderArmy, nil}, {aLost, nil, &b.AttackerLost}, {dLost, nil, &b.DefenderLost}} {
			if a.text == "" {
				continue
			}
			v, err := tournament.ParseArmy(a.text)
			if err != nil {
				return err
			}
			if a.army != nil {
				*a.army = &v
			} else {
				*a.lost = v
			}
		}
		return changeTournament(*file, stdout, func(t *tournament.Tournament) error { return t.Record(b) })
	case "army":
		player := flags.String("player", "", "the player")
		army := flags.String("army", "", "the army, like R2N2P7")
		if err := parseNoWords(flags, "tournament army", rest); err != nil {
			return err
		}
		t, err := tournament.Load(*file)
		if err != nil {
			return err
		}
		points, err := t.PointsOf(*player)
		if err != nil {
			return err
		}
		a, err := tournament.ParseArmy(*army)
		if err != nil {
			return err
		}
		if err := tournament.ArmyFits(points, a); err != nil {
			return fmt.Errorf("%s: %v", *player, err)
		}
		fmt.Fprintf(stdout, "%s (%d points) may field %s (worth %d)\n", *player, points, a, a.Value())
		return nil
	case "standings":
		if err := parseNoWords(flags, "tournament standings", rest); err != nil {
			return err
		}
		t, err := tournament.Load(*file)
		if err != nil {
			return err
		}
		return printStandings(t, stdout)
	}
	return fmt.Errorf("unknown tournament command %q (try 'anychess tournament help')", sub)
}

// changeTournament applies change to the tournament in file, under the
// file's lock, saves it and prints the standings; nothing is saved when
// change fails.
func changeTournament(file string, stdout io.Writer, change func(t *tournament.Tournament) error) error {
	t, err := tournament.Update(file, change)
	if err != nil {
		return err
	}
	return printStandings(t, stdout)
}

// parseNoWords parses a subcommand's flags and refuses any other word.
func parseNoWords(flags *flag.FlagSet, cmd string, args []string) error {
	words, err := parseArgs(flags, args)
	if err != nil {
		return err
	}
	return noWords(cmd, words)
}

// printStandings writes the standings table.
func printStandings(t *tournament.Tournament, stdout io.Writer) error {
	st, err := t.Standings()
	if err != nil {
		return err
	}
	fee := "with the challenge fee"
	if t.NoFee {
		fee = "without the challenge fee"
	}
	fmt.Fprintf(stdout, "%s, %s, %s\n", plural(len(st), "player"), plural(len(t.Battles), "battle"), fee)
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "#\tplayer\tpoints\tbattles\twon\tlost\tcaptured\tforfeited\tstatus")
	for i, s := range st {
		status := "in"
		if s.Eliminated() {
			status = fmt.Sprintf("eliminated after battle %d", s.Out)
		}
		fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", i+1, strings.TrimSpace(s.Name), s.Points, s.Battles, s.Won, s.Lost, s.Captured, s.Forfeited, status)
	}
	return w.Flush()
}

// plural writes a count and a noun, with an s unless the count is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
