// Package tournament keeps the scores of a Longchess tournament: points, the
// challenge fee, surrender, results, piece values traded, elimination and the
// army limit.
//
// The rules are the seed's "Longchess Tournament" section as anychess reads
// them (../shared/rules/longchess.md, Tournament): every player starts with
// 30 points. Challenging costs the attacker 5 (the challenge fee, which a
// tournament may leave out). The defender may surrender: the attacker gains
// 10, the defender loses 5. Otherwise a battle (standard Capture the Map,
// rivers, no modifications) is fought: the attacker gains 10 for a win, the
// defender nothing; the loser loses 5 with surviving pieces, 30 with all
// its pieces captured. Whatever the result, each player loses the value of
// its pieces captured and gains the value of the pieces it captured
// (retreated pieces count for nobody). A player below 10 points is
// eliminated. A player below 30 points fields an army whose value does not
// exceed its points, leaving out pieces of its choice.
//
// Decisions where the seed is silent (each is marked D in the docs):
//   - a player with 30 points or more fields the full army;
//   - the army limit uses the points a player has when the challenge is
//     made, before the fee;
//   - a drawn battle gives neither side result points (pieces traded
//     still count); an unfinished battle costs only the fee;
//   - "all pieces captured" means every piece the loser fielded was
//     captured (none retreated or left);
//   - eliminated players neither challenge nor are challenged; standings
//     rank the players still in by points, then the eliminated by how long
//     they lasted.
package tournament
