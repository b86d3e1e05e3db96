#pragma once

// Kings Cribbage ratings [003] as DECISIONS K1-K4 read them: head-to-head games (two players) move
// the head-to-head rating, group games (three or four players) a separate group rating.
//
// All arithmetic is exact: the formulas' fractions (1/25, 1/100, 1/5, the skunk's 1.5) are carried
// in integer hundredths and rounded once, to the nearest integer, half away from zero (DECISIONS K1).
// Ratings are whole numbers.

#include "flickdesk/engine/history.h"

#include <cstdint>
#include <string>
#include <vector>

namespace flickdesk::engine::kings {

// Ratings are whole numbers; the arithmetic is exact for ratings within +-10^15 (the reader takes
// 0-9999 and a game moves a rating by a bounded amount).
using Rating = std::int64_t;

// DECISIONS K2: everyone starts at 1500 (both ratings).
inline constexpr Rating kStartRating = 1500;
// DECISIONS K2: a player is provisional in a head-to-head game when they have played fewer than 10
// head-to-head games before it (the 10th game is still played as provisional, the 11th as rated).
inline constexpr int kProvisionalGames = 10;
// DECISIONS K3: a win by 75 or more is a skunk (x1.5), by 150 or more a double skunk (x2).
inline constexpr int kSkunkMargin = 75;
inline constexpr int kDoubleSkunkMargin = 150;
// K4 (FlickDesk's group formula): a follower's correction is (R_followed - R_follower) / 50,
// at most this many points either way, before the division by n - 1.
inline constexpr int kFollowCorrectionCap = 6;

// The skunk multiplier in halves: 2 (x1), 3 (x1.5) or 4 (x2) for a winning margin (DECISIONS K3).
int skunkMultiplierHalves(int margin) noexcept;

// Rounds numerator / denominator (denominator > 0) to the nearest integer, half away from zero.
std::int64_t roundHalfAwayFromZero(std::int64_t numerator, std::int64_t denominator) noexcept;

enum class HeadToHeadFormula {
    Standard,           // DECISIONS K1: both rated, or both provisional (K2)
    RatedVsProvisional, // DECISIONS K2: formula 1 for the rated player, formula 2 for the other
};

// One side of a head-to-head game as it stands before the game.
struct HeadToHeadSide {
    Rating rating = kStartRating;
    bool provisional = true;
    int score = 0; // the game's points (121 ends a game); the higher score wins, equal is a draw
};

struct HeadToHeadChange {
    Rating changeA = 0;
    Rating changeB = 0;
    HeadToHeadFormula formula = HeadToHeadFormula::Standard;
    int multiplierHalves = 2; // 2 = no skunk, 3 = skunk, 4 = double skunk
};

// The rating changes of one head-to-head game (DECISIONS K1-K3).
HeadToHeadChange headToHeadChange(const HeadToHeadSide& a, const HeadToHeadSide& b) noexcept;

// The exact, unrounded group changes of one game, for checking the formula's properties: the players'
// group ratings in seat order (each player follows the one before; the first follows the last) and
// their places (1 = first; all different). See groupChanges.
std::vector<double> exactGroupChanges(const std::vector<Rating>& ratings, const std::vector<int>& places);

// DECISIONS K4, FlickDesk's group formula. For n players (3 or 4), every pair (a finished above b)
// moves T(a, b) points from b to a:
//
//   T(a, b) = round( clamp(21 + (R_b - R_a) / 25, 2, 41) / (n - 1) ) + round( F(a, b) / (n - 1) )
//   F(a, b) = clamp((R_b - R_a) / 50, -6, 6)  when a directly follows b in seat order, else 0
//
// (round: to the nearest integer, half away from zero; the two parts are rounded separately.) A player's
// change is the sum of the transfers they receive minus those they give. The first part is K1's win on the
// two group ratings, shared over the n - 1 opponents; F is the follower's correction: beating the player who
// set you up counts for less when they are weaker than you and for more when they are stronger. Properties
// (docs/kings-cribbage.md has the proofs):
//   - the changes of a game sum to exactly 0 (each transfer is one integer, given and received);
//   - T(a, b) never decreases when R_b grows (both parts are non-decreasing in R_b, so is rounding):
//     replacing an opponent who finished below you by a stronger one never lowers your change;
//   - the winner's change is the same sum plus round(F(winner, the player they follow) / (n - 1)), so
//     with everything else equal a winner who follows a weaker player gains less than one who follows
//     a stronger player: strictly in the exact value while a gap is under 300 points, and after
//     rounding whenever either correction rounds to a point or more (a gap of 50 points at three
//     players, 75 at four).
// Places must be a permutation of 1..n (ties are refused by the reader). No skunks in group games.
std::vector<Rating> groupChanges(const std::vector<Rating>& ratings, const std::vector<int>& places);

// ---------------------------------------------------------------------------------------------
// A whole history of games.

struct PlayerState {
    Rating rating = kStartRating; // head-to-head rating
    int games = 0;                // head-to-head games played
    Rating groupRating = kStartRating;
    int groupGames = 0;

    bool provisional() const noexcept { return games < kProvisionalGames; }
};

struct Game {
    std::string id;
    DayNumber date = 0;
    std::vector<PlayerIndex> seats; // in seat order
    std::vector<int> scores;        // parallel to seats; the highest score finished first
    SourceRef source;
};

enum class GameKind { HeadToHead, Group };

// One player's part in one game, in the order computed.
struct GameEntry {
    std::size_t game = 0; // index into the games given
    PlayerIndex player = 0;
    GameKind kind = GameKind::HeadToHead;
    int seat = 1;             // 1-based
    int place = 1;            // 1-based; both players of a drawn game are 1
    bool provisional = false; // head-to-head: provisional in this game (K2)
    HeadToHeadFormula formula = HeadToHeadFormula::Standard;
    int multiplierHalves = 2;
    Rating ratingBefore = kStartRating;
    Rating change = 0;
};

struct KingsResult {
    std::vector<Defect> defects; // when any, nothing below is computed
    std::vector<PlayerState> players;
    std::vector<GameEntry> entries;
};

// Everything that makes a game unratable: fewer than 2 or more than 4 seats, a player twice, a
// player index out of range, scores missing or negative, tied scores in a group game.
std::vector<Defect> validateGames(std::size_t playerCount, const std::vector<Game>& games);

// Rates the games in the order given (a reader sorts them by date first), starting from `players`.
KingsResult rateGames(std::vector<PlayerState> players, const std::vector<Game>& games);

} // namespace flickdesk::engine::kings
