#pragma once

// DAANZ Diplomacy "Squares" scoring: game scores, the comparison of games and tournament standings
// (spec 002; DECISIONS S1-S5). Plain structs in, plain structs out; docs/squares.md explains the
// readings taken where the document is open.

#include "flickdesk/engine/history.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flickdesk::engine {

// The seven great powers of standard Diplomacy.
enum class DiplomacyPower : std::uint8_t { Austria, England, France, Germany, Italy, Russia, Turkey };

inline constexpr int kDiplomacyPowers = 7;
inline constexpr int kSupplyCentres = 34; // on the standard board
inline constexpr int kSoloCentres = 18;   // 18 centres win the game outright (a solo)
inline constexpr int kFirstGameYear = 1901;
inline constexpr int kLastGameYear = 2000; // a sanity bound for elimination years (docs/squares.md)
inline constexpr int kMinimumGamePlayers = 2;

// "Austria", "England", ...
std::string_view powerName(DiplomacyPower power) noexcept;
// The power of a name, ignoring ASCII case; nothing for anything else.
std::optional<DiplomacyPower> powerFromName(std::string_view name) noexcept;

// One power in one game: who played it and how it ended.
struct SquaresSeat {
    std::string playerId;
    DiplomacyPower power = DiplomacyPower::Austria;
    int centres = 0;        // supply centres held at the end
    int eliminatedYear = 0; // the year the power lost its last centre; 0 while it holds centres
    SourceRef source;
};

struct SquaresGame {
    std::string id;
    int round = 0;
    std::vector<SquaresSeat> seats; // 2 to 7 powers, each once
    SourceRef source;               // where the game first appears
};

// Every reason `game` cannot be scored, each naming the seat (file, line, field) at fault: centres
// outside 0-34, a board total over 34, two powers with 18 or more, no power holding centres, an
// elimination year on a power with centres or missing for one without, a year outside 1901-2000,
// a power or a player twice, fewer than 2 powers.
std::vector<Defect> validateSquaresGame(const SquaresGame& game);

// The squares before normalisation: 5 centres are worth 25, 15 centres 225 (spec 002 §1).
constexpr int squaresOfCentres(int centres) noexcept
{
    return centres * centres;
}

// A game score as an exact fraction of points: 100·c² / Σc² in a draw, 100/1 or 0/1 in a solo.
// Comparisons between games are exact (cross-multiplied); see docs/squares.md, "Precision".
struct SquaresScore {
    std::int64_t numerator = 0;
    std::int64_t denominator = 1; // > 0

    double value() const noexcept
    {
        return static_cast<double>(numerator) / static_cast<double>(denominator);
    }

    // The score in hundredths of a point, rounded half away from zero from the exact fraction: what
    // the tables print with 2 decimals (25/8 = 3.125 is 313, never the double's 3.12).
    std::int64_t hundredths() const noexcept;
};

// The sum of `scores` in hundredths of a point, rounded half away from zero from the exact sum of
// the fractions, however many denominators it has (217/8 = 27.125 is 2713). For game scores as
// scoreSquaresGame gives them: numerators >= 0, denominators up to 2 x 17².
std::int64_t hundredthsOfSum(const std::vector<SquaresScore>& scores);

// <0, 0, >0 as a is below, equal to, above b.
int compareScores(const SquaresScore& a, const SquaresScore& b) noexcept;

// DECISIONS S2: Win > Draw > Elimination > Loss; the enumerators ascend in that order.
enum class SquaresClass : std::uint8_t { Loss, Elimination, Draw, Win };

std::string_view className(SquaresClass gameClass) noexcept; // "win", "draw", "elimination", "loss"

// DECISIONS S3: place 1 + the number of powers with more centres; `sharing` powers hold the same
// number (1 = outright). Eliminated powers share the last place by centres.
struct SquaresPosition {
    int place = 1;
    int sharing = 1;
};

// DECISIONS S3: >0 when `a` is the better position. (place, sharing) compared lexicographically,
// lower better: an outright 1st beats an equal 1st, an equal 1st of 3 beats an outright 2nd, an
// equal 2nd of 2 beats an equal 2nd of 3.
int comparePositions(const SquaresPosition& a, const SquaresPosition& b) noexcept;

// One player's result in one game: everything the comparison of games (spec 002 §4) needs.
struct SquaresGameResult {
    std::size_t game = 0; // index of the game in the input
    std::size_t seat = 0; // index of the seat in that game
    std::string playerId;
    SquaresClass gameClass = SquaresClass::Draw;
    // The game ended in a draw (nobody soloed), whether or not this player survived it: DECISIONS S5
    // counts the drawn games a player played.
    bool drawnGame = true;
    SquaresScore score;
    SquaresPosition position;
    int eliminatedYear = 0;
    // The score of the player finishing 1st, 2nd, ... 7th in this game (by score, which follows the
    // centres); zero where the game has fewer players. Spec 002 §4's last steps compare
    // score - placeScores[k], k = 0..6 (docs/squares.md).
    std::array<SquaresScore, kDiplomacyPowers> placeScores{};
};

// Scores one valid game (validateSquaresGame empty), one result per seat in seat order.
// DECISIONS S1: a solo scores 100 for the winner and 0 for everyone else; otherwise 100·c²/Σc².
// Throws std::invalid_argument for an invalid game.
std::vector<SquaresGameResult> scoreSquaresGame(const SquaresGame& game, std::size_t gameIndex = 0);

// The step of spec 002 §4 that split two games.
enum class SquaresGameStep : std::uint8_t {
    Class,       // DECISIONS S2
    Points,      // the game score
    Position,    // DECISIONS S3
    Elimination, // DECISIONS S4: both eliminated, the later elimination is better
    Versus1st,   // own score minus the score of the player finishing 1st
    Versus2nd,
    Versus3rd,
    Versus4th,
    Versus5th,
    Versus6th,
    Versus7th,
    Equal, // nothing splits them
};

std::string_view stepName(SquaresGameStep step) noexcept;

struct SquaresGameComparison {
    int order = 0; // >0 when a is the better game, <0 when b is, 0 when equal
    SquaresGameStep step = SquaresGameStep::Equal;
};

// Spec 002 §4 in order: class, points, position, elimination year (both eliminated), then the
// margin over the player finishing 1st, 2nd, ... 7th. Exact; a strict weak order.
SquaresGameComparison compareGames(const SquaresGameResult& a, const SquaresGameResult& b) noexcept;

// The step that separated a player from the one ranked above (DECISIONS S5).
enum class SquaresTieBreak : std::uint8_t { None, Total, Wins, Draws, Best, Second, Third, Equal };

std::string_view tieBreakName(SquaresTieBreak step) noexcept; // "", "total", "wins", ..., "equal"

struct SquaresStanding {
    int rank = 0; // competition ranking: 1, 2, 2, 4
    std::string playerId;
    double total = 0.0;               // sum of the game scores
    std::int64_t totalNanos = 0;      // the total in units of 1e-9 points: what ranks compare
    std::int64_t totalHundredths = 0; // the exact total rounded to 0.01 points: what tables print
    int games = 0;
    int wins = 0;                            // games of class Win
    int draws = 0;                           // drawn games played (S5), eliminated or not
    std::vector<std::size_t> gamesBestFirst; // indices into SquaresTournament::results, best first
    SquaresTieBreak tieBreak = SquaresTieBreak::None;
};

struct SquaresTournament {
    std::vector<SquaresGameResult> results; // game by game in input order, seats in seat order
    std::vector<SquaresStanding> standings; // by rank, then player id
};

// A best country award: one result (an index into the results given to squaresBestCountries) whose
// game with its power is the best of that power.
struct SquaresBestCountry {
    DiplomacyPower power = DiplomacyPower::Austria;
    std::size_t result = 0;
};

// Best country awards (spec 002 §4 compares games "for tie-breakers, including tie-breaking best
// country awards"): for each power, Austria ... Turkey, the results whose game with that power is the
// best by compareGames (DECISIONS S2-S4: class, points, position, elimination year, the margins).
// Equal games share the award, listed by player id (whole-number ids by number, as the standings),
// then in the order of `results`. A power nobody played has no award. `results` are scored from
// `games` (SquaresTournament::results of scoreSquaresTournament(games)); a result naming a game or
// seat that `games` does not have throws std::invalid_argument.
std::vector<SquaresBestCountry> squaresBestCountries(const std::vector<SquaresGame>& games,
                                                     const std::vector<SquaresGameResult>& results);

// Scores every game and ranks the players (DECISIONS S5): total, then most wins, most drawn games,
// best, second best and third best game by compareGames (a missing game is below any game);
// players still level share a rank. Throws std::invalid_argument when a game is invalid.
SquaresTournament scoreSquaresTournament(const std::vector<SquaresGame>& games);

} // namespace flickdesk::engine
