#pragma once

// Groups and pairings of the day's play (DECISIONS G3, G4): snake, random or hand seeding into
// groups, round robins by the circle method, random (or Swiss) rounds without repeated opponents,
// board numbers in waves. Every function is pure: the same arguments give the same draw on every
// platform (the generator is SplitMix64 of boarddraw.h), so a draw can be repeated from the event's
// data.

#include "flickdesk/engine/playformat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace flickdesk::engine::play {

// A unit in seeding order: `units` must be given best first (by rating for a first stage, by
// standing for a later one). DECISIONS G4: snake puts unit k into group 1..g, then g..1, ...
std::vector<std::vector<UnitId>> snakeGroups(const std::vector<UnitId>& seeded, int groups);

// The units in `groups` groups of sizes groupSizes(n, groups), in an order shuffled by `seed`.
std::vector<std::vector<UnitId>> randomGroups(const std::vector<UnitId>& units, int groups,
                                              std::uint64_t seed);

// The mean rating of each group (the window shows them, DECISIONS G4). `ratingOf` is parallel to
// `units` of the whole field.
std::vector<double> groupMeanRatings(const std::vector<std::vector<UnitId>>& groups,
                                     const std::vector<UnitId>& units, const std::vector<double>& ratings);

// One pairing of a round: side A and side B; an empty b is a bye for a.
struct Pairing {
    UnitId a;
    UnitId b;
    bool isBye() const { return b.empty(); }
};
using Round = std::vector<Pairing>;

// DECISIONS G3: the circle method. n units (n even: n - 1 rounds; n odd: n rounds, each unit sits out
// once) per cycle, `cycles` cycles (the games per pairing), sides swapped in every second cycle. The
// first unit stays, the others turn one place a round. A bye is listed last in its round.
std::vector<Round> roundRobinRounds(const std::vector<UnitId>& units, int cycles = 1);

// What the rounds before drew, for the next random round.
struct RoundHistory {
    std::vector<Round> rounds; // earlier rounds of the same stage, byes included
};

// DECISIONS G3: a random round. The bye (odd count) goes to a unit with the fewest byes so far, drawn
// among equals; the others are paired so that no two meet again while that is possible (an exact
// search for up to 40 units, a greedy draw repaired by swaps above it); when it is not, the draw has
// as few repeated meetings as its search found. `order`: empty for a random round; for a Swiss round,
// the units best first (by points so far): pairs are then sought between neighbours in that order.
// Deterministic for (units, history, seed, order).
Round drawRandomRound(const std::vector<UnitId>& units, const RoundHistory& history, std::uint64_t seed,
                      const std::vector<UnitId>& order = {});

// Times two units met before in `history`; a bye is no meeting.
int timesMet(const RoundHistory& history, const UnitId& a, const UnitId& b);
// The sum over a round's pairs of the times they met before.
int repeatedMeetings(const Round& round, const RoundHistory& history);

// DECISIONS G3: the board (1..boards) and wave (1...) of the k-th game of a round (byes excluded):
// with fewer boards than games the round runs in waves. boards <= 0: every game its own board.
struct BoardSlot {
    int board = 0;
    int wave = 0;
};
BoardSlot boardOf(int gameIndex, int boards);

// The standard seeding of a knock-out bracket of `size` (a power of two) seeds 1..size: the pairs of
// its first round, top to bottom, so that seeds 1 and 2 can meet only in the final (8: 1-8, 4-5, 2-7,
// 3-6). DECISIONS G5: semi-finals 1-4 and 2-3.
std::vector<std::pair<int, int>> bracketFirstRound(int size);

} // namespace flickdesk::engine::play
