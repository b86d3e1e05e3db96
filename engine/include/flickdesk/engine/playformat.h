#pragma once

// The format of an event's day of play (DECISIONS G1-G7): its stages in order and their settings, the
// templates a director starts from, a format's problems for a field size, and the check of one game's
// score against its stage. Plain structs, no behaviour of their own: the store keeps them with the
// event, the window edits them before play starts. docs/play.md describes the formats in words.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace flickdesk::engine::play {

using UnitId = std::string; // a player (singles) or a team (doubles): one unit of the field (DECISIONS P3)

enum class StageKind {
    RoundRobin,   // groups, each a round robin by the circle method (DECISIONS G3)
    RandomRounds, // one group of every unit, rounds against opponents not met yet (DECISIONS G3)
    Tiers,        // Pools A, B, C... filled in order from the stage before, each a round robin
    Playoff,      // knock-out brackets of matches (DECISIONS G5); always the last stage
};

// The order of the tie-breaks after points (DECISIONS G2: a setting; this is the default order).
enum class TieBreak {
    Twenties,   // total 20s
    MiniLeague, // the points of the games among the tied units only, recomputed for each tied subset
    ShootOut,   // the order the director records after a shoot-out
};

// How the first stage's units go into groups (DECISIONS G4). A later stage always seeds by the
// standing in the stage before.
enum class Seeding {
    Snake,  // on the ratings: 1..g, then g..1, ...
    Random, // from the event's seed
    Hand,   // the director's assignment (PlayInput::handGroups)
};

enum class MatchKind {
    BestOf,  // best of n games (DECISIONS G5, default 3)
    FirstTo, // one game played until a side has at least x points and more than the other
};

// What ends a playoff game level after its rounds (DECISIONS G5).
enum class LevelPlayoffGame {
    ExtraRounds,      // extra rounds until one side wins a round: the sum passes 2 x rounds in steps of 2
    TwentiesShootOut, // a 20s shoot-out: the score stays level and names the shoot-out's winner
};

struct StageSettings {
    int roundsPerGame = 4;   // DECISIONS G1: a game of 4 rounds splits 8 points
    int gamesPerPairing = 1; // DECISIONS G3: round robin cycles
    int byePoints = 4;       // DECISIONS G3: half a game's points, no 20s, not rated
    int walkoverPoints = 8;  // DECISIONS G7: a won game, no 20s, not rated
    std::vector<TieBreak> tieBreaks{TieBreak::Twenties, TieBreak::MiniLeague, TieBreak::ShootOut};
    Seeding seeding = Seeding::Snake; // the first stage only
    int boards = 0;                   // boards available; 0: one board a game (no waves)
    // Playoffs (DECISIONS G5).
    MatchKind match = MatchKind::BestOf;
    int bestOf = 3;         // odd: the match ends at (bestOf + 1) / 2 won games
    int firstTo = 9;        // points of a first-to match
    bool thirdPlace = true; // the semi-final losers play for 3rd; else 3rd and 4th by their standing
    LevelPlayoffGame level = LevelPlayoffGame::ExtraRounds;
};

struct Stage {
    std::string name; // "Morning groups", "Pools", "Finals": shown to the director
    StageKind kind = StageKind::RoundRobin;
    StageSettings settings;
    // The units the stage takes from the stage before, by their standing there (DECISIONS G4); 0: all.
    // A first stage takes the whole field; a playoff takes what its bracket sizes say.
    int takeTop = 0;
    int groups = 1;  // RoundRobin: parallel groups, sizes as equal as possible
    int rounds = 10; // RandomRounds
    // RandomRounds: Swiss pairing instead: each round pairs units close in points so far (still
    // without repeated opponents while possible); the first round is random.
    bool swiss = false;
    std::vector<int> poolSizes; // Tiers: the sizes of Pools A, B, C..., summing to the units taken
    // Playoff: bracket sizes (2, 4, 8...). With perTier, bracket i takes the top bracketSizes[i] of
    // pool i of the stage before (a Tiers stage; 0: that pool has no playoff); otherwise one bracket
    // takes the top bracketSizes[0] of the stage before.
    std::vector<int> bracketSizes;
    bool perTier = false;
};

struct Format {
    std::string name;
    std::vector<Stage> stages;
};

enum class Template {
    NcaDay,        // groups, then Pools A-D by points, Pool A's top 4 to semi-finals and final, finals in B-D
    Wcc,           // 10 random rounds, top 16 in two pools of 8, semi-finals, final and 3rd place
    OneRoundRobin, // one round robin; its standing is the result
    RandomThenTop8, // random rounds (7), then the top 8 to quarter-finals, semi-finals, final and 3rd
};

// The templates' names as the director sees them ("NCA day", "WCC", "One round robin", "Swiss or
// random rounds, then top 8").
std::string templateName(Template kind);

// A template sized for `units` units: group counts and pool sizes follow the field (docs/play.md,
// "Templates"). `boards` (0: enough) goes to every stage. The result may still have a problem for a
// very small field: check formatProblem.
Format makeTemplate(Template kind, int units, int boards = 0);

// Why `format` cannot be played by `units` units (a pool larger than the field, a bracket that is not
// a power of two, a playoff before another stage...), in the director's words; nothing when it can.
std::optional<std::string> formatProblem(const Format& format, int units);

// The units each stage of a valid format holds, in order (stage 0: `units`).
std::vector<int> unitsPerStage(const Format& format, int units);

// Group sizes of `units` units in `groups` groups, as equal as possible, larger groups first.
std::vector<int> groupSizes(int units, int groups);

// One game's score as the director enters it: "6 2 3 1" is side A 6 points, side B 2 points, side A
// 3 twenties, side B 1 twenty (points first, then 20s, each side A then B).
enum class Side { None, A, B };
struct Score {
    int pointsA = 0;
    int pointsB = 0;
    int twentiesA = 0;
    int twentiesB = 0;
    Side shootOutWinner = Side::None; // a level playoff game decided by a 20s shoot-out (G5 setting)
    bool operator==(const Score&) const = default;
};

// Reads "6 2 3 1" (optionally a fifth "A" or "B": the 20s shoot-out's winner); nothing on bad text.
std::optional<Score> parseScore(const std::string& text);
std::string scoreText(const Score& score);

// Why `score` is not a possible game of the stage (DECISIONS G1, G5), in the director's words, or
// nothing. A group game's points sum to 2 x rounds; a playoff game cannot end level: with extra rounds
// its sum is 2 x rounds (a winner ahead) or more in steps of 2 with the winner 2 ahead; with a 20s
// shoot-out it sums to 2 x rounds and a level score names the winner. A first-to-x game has an even
// sum and a winner with at least x points. 20s are at most 12 a side a round.
std::optional<std::string> scoreProblem(const Score& score, const StageSettings& settings, bool playoff);

// The side that won a playoff game (never None for a valid playoff score).
Side winnerOf(const Score& score);

} // namespace flickdesk::engine::play
