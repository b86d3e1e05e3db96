#pragma once

// American Checker Federation ratings [001] as FlickDesk reads them (DECISIONS A1-A4); the rules,
// the readings the document leaves open and a worked example are in docs/acf.md.
//
// Plain structs in, plain structs out: the reader (ui/core/systems/acfsystem.cpp) builds an AcfHistory from
// the CSV files, rateAcf() rates its events in date order and returns every player's record after
// each event. All arithmetic is done in full double precision; only the tables round (to whole
// points, see roundAcfRating).

#include "flickdesk/engine/date.h"
#include "flickdesk/engine/history.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace flickdesk::engine {

// How an event is scored (DECISIONS A1).
enum class AcfScoring {
    ByRound, // four-game rounds; a round is one unit, won by whoever won more of its games
    ByGame,  // two-game rounds; every game is one unit
};

// The method-of-scoring constant [001 "The Window_Size Constant"].
inline constexpr double acfWindow(AcfScoring scoring) noexcept
{
    return scoring == AcfScoring::ByRound ? 400.0 : 670.0;
}

// The number of games of a complete round: exactly four when scored by round; at most two when scored
// by game (a single game between the pair is a round too).
inline constexpr int acfGamesPerRound(AcfScoring scoring) noexcept
{
    return scoring == AcfScoring::ByRound ? 4 : 2;
}

inline constexpr double kAcfOpponentFloor = 1000.0; // DECISIONS A2: an opponent counts as 1000 or above
inline constexpr double kAcfClampShare = 0.75;      // DECISIONS A2: at most 0.75 x window from your own
inline constexpr int kAcfGameLimit = 128;           // DECISIONS A3: previous games weigh at most 128
inline constexpr double kAcfPeakFloorGap = 100.0;   // DECISIONS A3: never more than 100 below the peak
inline constexpr int kAcfTemporaryRounds = 15;      // DECISIONS A4: temporary with 15 or fewer rounds
// The most games or rounds a starting record may hold: far above any real career, low enough that the
// counts of any input cannot overflow.
inline constexpr int kAcfMostRecordedGames = 10'000'000;
// The arithmetic runs in doubles, whose rounding errors can leave a rating that is exactly a half in
// exact arithmetic a few units in the last place below it (1967.5 computed as 1967.4999999999998).
// A rating this close to a half is published as that half would be (roundAcfRating). The tolerance
// is far above those errors (a unit in the last place of a rating near 10000 is 2e-12) and far below
// the distance from a half of any rating that is not one: from whole-point ratings an event's exact
// new rating is a fraction with denominator N x (n + min(G, 128)), 1/(2 x that) from a half at least,
// which stays above 1e-9 up to events of thousands of units.
inline constexpr double kAcfHalfTolerance = 1e-9;

// A player's ACF record at one moment (before the first event, or after an event).
struct AcfRecord {
    bool rated = false;
    double rating = 0.0; // full precision; meaningful only when rated
    int games = 0;       // G: rated games played so far (the weight of `rating` in A3, up to 128)
    int rounds = 0;      // rated rounds played so far (A4: temporary while <= 15)
    double peak = 0.0;   // the highest rating held so far; meaningful only when rated
};

enum class AcfStatus { Unrated, Temporary, Established };

// DECISIONS A4: unrated without a rating; temporary while 15 or fewer rated rounds.
AcfStatus acfStatus(const AcfRecord& record) noexcept;

// One pairing of one round: the games two players played against each other in that round.
struct AcfRound {
    int number = 0; // the round of the event it belongs to: nobody plays two pairings of one round
    PlayerIndex a = 0;
    PlayerIndex b = 0;
    std::vector<GameOutcome> games; // WinA means `a` won that game
    SourceRef source;               // the pairing's first game
};

struct AcfEvent {
    std::string id;
    DayNumber date = 0;
    AcfScoring scoring = AcfScoring::ByRound;
    std::vector<AcfRound> rounds; // every pairing of every round, in any order
    SourceRef source;
};

struct AcfHistory {
    std::vector<std::string> playerIds; // players known by id only (DECISIONS D1)
    std::vector<AcfRecord> start;       // parallel to playerIds: each player before the first event
    // Rated in date order; events on the same date in the order given here. Each event is rated as a
    // whole: every player's result uses the ratings all players held before that event.
    std::vector<AcfEvent> events;
};

// One player's part in one event.
struct AcfEventLine {
    PlayerIndex player = 0;
    std::size_t event = 0; // index into AcfHistory::events
    int rounds = 0;        // rounds that counted (against opponents rated before the event)
    int games = 0;         // n: games that counted
    int wins = 0;          // W, L and D in units (rounds or games, A1) that counted
    int losses = 0;
    int draws = 0;
    std::optional<double> competition; // Rc, when anything counted (A2)
    std::optional<double> performance; // Rp, when anything counted
    bool peakFloorApplied = false;     // A3: the rating was held at min(peak - 100, rating before)
    AcfRecord before;
    AcfRecord after;
};

struct AcfResult {
    // Structural defects of the history (see validateAcf); when there are any, nothing is rated and
    // the other members are empty.
    std::vector<Defect> defects;
    std::vector<AcfRecord> final;        // parallel to playerIds: each player after the last event
    std::vector<std::size_t> eventOrder; // the events in the order they were rated
    std::vector<AcfEventLine> lines;     // every participant of every event, in rating order
};

// The arithmetic of one unit and one event, exposed for the tests and the documentation.

// DECISIONS A2: max(1000, opponent), then no further than 0.75 x window from `own` (toward the
// opponent). `own` is empty for a player without a rating: then only the 1000 floor applies.
double acfEffectiveOpponentRating(std::optional<double> own, double opponent, double window) noexcept;

// Rp = Rc + window x (W - L) / N [001 "ACF Ratings Formula"]; N > 0.
double acfPerformanceRating(double competition, double window, int wins, int losses, int units) noexcept;

// DECISIONS A3: (Rp x n + R_old x min(G, 128)) / (n + min(G, 128)); n > 0.
double acfGameWeightedRating(double performance, int gamesThisEvent, double oldRating, int oldGames) noexcept;

// Checks what the rating needs: player indices in range, no player against themselves, nobody in two
// pairings of one round, a round of exactly four games (by round) or one or two games (by game),
// finite starting ratings, starting counts from 0 to kAcfMostRecordedGames.
std::vector<Defect> validateAcf(const AcfHistory& history);

// Rates every event (DECISIONS A1-A4). Once a player has 128 games (the event's included), the
// rating after an event is at least min(peak - 100, the rating before the event): the peak floor
// stops a fall and never lifts a player who was already further below their peak. Linear in the number of
// games; never throws for bad input (a history with defects gives them back and rates nothing).
AcfResult rateAcf(const AcfHistory& history);

// A rating as published: whole points, half away from zero, a rating within kAcfHalfTolerance of a
// half counting as the half (1967.4999999999998 is published 1968). 0 for a NaN or an infinity.
long long roundAcfRating(double rating) noexcept;

} // namespace flickdesk::engine
