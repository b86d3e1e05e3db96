#pragma once

// Standings of a group (DECISIONS G2) and across parallel groups (DECISIONS G4), each row with the
// reason for its order and every tie the settings cannot break, so that the director is asked for a
// shoot-out order exactly where one decides something.

#include "flickdesk/engine/playformat.h"

#include <optional>
#include <string>
#include <vector>

namespace flickdesk::engine::play {

enum class GameKind {
    Played,   // a score entered at the desk
    Bye,      // DECISIONS G3: byePoints to the unit, no 20s, no opponent, not rated
    Walkover, // DECISIONS G7: a withdrawn unit's game; not rated
};

// One finished game of a group, as standings read it. For a bye only `a` and pointsA count.
struct GroupGame {
    UnitId a;
    UnitId b;
    Score score;
    GameKind kind = GameKind::Played;
};

// What placed a row above the row below it.
enum class DecidedBy {
    Points,     // more points
    Twenties,   // DECISIONS G2: level on points, more 20s
    MiniLeague, // DECISIONS G2: more points in the games among the tied units
    ShootOut,   // the director's recorded shoot-out order
    Rank,       // across groups (G4): a better rank in the group
    PointsPerGame,
    TwentiesPerGame,
    Unresolved, // level on everything: the order shown is the seeding order until a shoot-out
    Last,       // the last row
};

struct StandingRow {
    UnitId unit;
    int position = 0; // 1-based
    int points = 0;
    int twenties = 0;
    int games = 0; // games counted, byes and walkovers included (per-game figures divide by it)
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int byes = 0;
    DecidedBy decidedBy = DecidedBy::Last; // against the next row
    std::string reason; // "ahead of Ann on 20s (12 to 9)"; empty when more points or the last row
};

// A set of units level on everything the settings allow (consecutive rows first..last, 1-based).
struct UnresolvedTie {
    std::vector<UnitId> units; // in the order shown
    int firstPosition = 0;
    int lastPosition = 0;
    bool decisive = false; // it straddles a cut: it decides who advances (G2), break it before going on
    // Where a shoot-out order for it is recorded (ShootOutOrder of playday.h); set by computePlay.
    int stage = -1;
    int group = -1; // -1: the ranking across the stage's groups
};

struct Standings {
    std::vector<StandingRow> rows;
    std::vector<UnresolvedTie> ties;
};

struct GroupStandingsInput {
    std::vector<UnitId> units;      // the group, in seeding order (the order of an unresolved tie)
    std::vector<std::string> names; // parallel to units, for the reasons; empty: the ids
    std::vector<GroupGame> games;
    std::vector<TieBreak> tieBreaks{TieBreak::Twenties, TieBreak::MiniLeague, TieBreak::ShootOut};
    std::vector<std::vector<UnitId>> shootOuts; // recorded orders, best first; a tie uses one holding all
    std::vector<int> cuts;                      // positions p (1-based): a cut lies between rows p and p + 1
};

// DECISIONS G2: points, then the tie-breaks in order. A tied set is split by the first criterion that
// separates it; each part still tied is split again from the first criterion, the mini-league
// recomputed for the smaller set.
Standings groupStandings(const GroupStandingsInput& input);

// One group's standing, for a ranking across groups.
struct GroupStanding {
    std::string groupName;
    Standings standings;
};

struct AcrossGroupsInput {
    std::vector<GroupStanding> groups;
    std::vector<std::string> names; // parallel to `units`; empty: the ids
    std::vector<UnitId> units;      // for the names only
    std::vector<std::vector<UnitId>> shootOuts;
    std::vector<int> cuts;
};

// DECISIONS G4: across parallel groups, rank in the group, then points per game, then 20s per game,
// then the shoot-out. Rows keep their group figures; unresolved ties are the ties of this ranking
// (equal rank and figures, not ordered by a shoot-out) and, kept from the groups, ties within one
// group that this order cannot separate.
Standings acrossGroups(const AcrossGroupsInput& input);

} // namespace flickdesk::engine::play
