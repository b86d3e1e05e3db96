#include "flickdesk/engine/kingscribbage.h"

#include <algorithm>

namespace flickdesk::engine::kings {

namespace {

// The formulas' values are carried in hundredths of a rating point: (R_opp - R) / 25 is
// 4 * (R_opp - R) hundredths, exactly.
constexpr std::int64_t kHundredths = 100;

int sign(int value) noexcept
{
    return (value > 0) - (value < 0);
}

// DECISIONS K1: the winner's gain, clamp(21 + (R_loser - R_winner) / 25, 2, 41), in hundredths.
std::int64_t winGainHundredths(Rating winner, Rating loser) noexcept
{
    return std::clamp<std::int64_t>(2100 + 4 * (loser - winner), 200, 4100);
}

// K4: the follower's correction clamp((R_followed - R_follower) / 50, -6, 6), in hundredths.
std::int64_t followCorrectionHundredths(Rating follower, Rating followed) noexcept
{
    constexpr std::int64_t cap = kFollowCorrectionCap * kHundredths;
    return std::clamp<std::int64_t>(2 * (followed - follower), -cap, cap);
}

bool follows(std::size_t a, std::size_t b, std::size_t n) noexcept
{
    return a == (b + 1) % n;
}

// K4: the two parts of the pair (a finished above b), in hundredths, before the division by n - 1:
// K1's win on the group ratings, and the follower's correction when a directly follows b.
struct PairParts {
    std::int64_t win = 0;
    std::int64_t correction = 0;
};

PairParts pairHundredths(const std::vector<Rating>& ratings, std::size_t a, std::size_t b) noexcept
{
    PairParts parts{winGainHundredths(ratings[a], ratings[b]), 0};
    if (follows(a, b, ratings.size()))
        parts.correction = followCorrectionHundredths(ratings[a], ratings[b]);
    return parts;
}

bool validGroup(const std::vector<Rating>& ratings, const std::vector<int>& places) noexcept
{
    const std::size_t n = ratings.size();
    if (n < 3 || n > 4 || places.size() != n)
        return false;
    std::vector<bool> seen(n, false);
    for (const int place : places) {
        if (place < 1 || static_cast<std::size_t>(place) > n || seen[static_cast<std::size_t>(place - 1)])
            return false;
        seen[static_cast<std::size_t>(place - 1)] = true;
    }
    return true;
}

} // namespace

int skunkMultiplierHalves(int margin) noexcept
{
    // DECISIONS K3
    if (margin >= kDoubleSkunkMargin)
        return 4;
    if (margin >= kSkunkMargin)
        return 3;
    return 2;
}

std::int64_t roundHalfAwayFromZero(std::int64_t numerator, std::int64_t denominator) noexcept
{
    const std::int64_t magnitude = numerator < 0 ? -numerator : numerator;
    const std::int64_t rounded = (2 * magnitude + denominator) / (2 * denominator);
    return numerator < 0 ? -rounded : rounded;
}

HeadToHeadChange headToHeadChange(const HeadToHeadSide& a, const HeadToHeadSide& b) noexcept
{
    HeadToHeadChange result;
    const int resultA = sign(a.score - b.score); // S of DECISIONS K2: +1 win, 0 draw, -1 loss
    std::int64_t hundredthsA = 0;
    std::int64_t hundredthsB = 0;
    if (a.provisional == b.provisional) {
        // DECISIONS K1 (and K2: two provisional players use the standard formula).
        if (resultA > 0) {
            hundredthsA = winGainHundredths(a.rating, b.rating);
            hundredthsB = -hundredthsA;
        } else if (resultA < 0) {
            hundredthsB = winGainHundredths(b.rating, a.rating);
            hundredthsA = -hundredthsB;
        } else {
            // K1: a draw moves each player by clamp((R_opp - R) / 25, -20, 20).
            hundredthsA = std::clamp<std::int64_t>(4 * (b.rating - a.rating), -2000, 2000);
            hundredthsB = -hundredthsA;
        }
    } else {
        // DECISIONS K2. Formula 1 (rated): R + 6S + (R_opp - R) / 100.
        // Formula 2 (provisional): 0.8 R + 0.2 R_opp + 80 S, a change of 0.2 (R_opp - R) + 80 S.
        result.formula = HeadToHeadFormula::RatedVsProvisional;
        const auto rated = [](int s, Rating own, Rating opponent) {
            return 600 * static_cast<std::int64_t>(s) + (opponent - own);
        };
        const auto provisional = [](int s, Rating own, Rating opponent) {
            return 8000 * static_cast<std::int64_t>(s) + 20 * (opponent - own);
        };
        hundredthsA =
            a.provisional ? provisional(resultA, a.rating, b.rating) : rated(resultA, a.rating, b.rating);
        hundredthsB =
            b.provisional ? provisional(-resultA, b.rating, a.rating) : rated(-resultA, b.rating, a.rating);
    }
    // DECISIONS K3: the skunk multiplies both players' changes after the clamps; the product is
    // rounded once (41 x 2 = 82 in the document's example), so a standard game still sums to 0.
    const int margin = a.score > b.score ? a.score - b.score : b.score - a.score;
    result.multiplierHalves = resultA == 0 ? 2 : skunkMultiplierHalves(margin);
    result.changeA = roundHalfAwayFromZero(hundredthsA * result.multiplierHalves, 2 * kHundredths);
    result.changeB = roundHalfAwayFromZero(hundredthsB * result.multiplierHalves, 2 * kHundredths);
    return result;
}

std::vector<double> exactGroupChanges(const std::vector<Rating>& ratings, const std::vector<int>& places)
{
    std::vector<double> changes(ratings.size(), 0.0);
    if (!validGroup(ratings, places))
        return changes;
    const double divisor = static_cast<double>(kHundredths) * static_cast<double>(ratings.size() - 1);
    for (std::size_t a = 0; a < ratings.size(); ++a) {
        for (std::size_t b = 0; b < ratings.size(); ++b) {
            if (places[a] >= places[b])
                continue;
            const PairParts parts = pairHundredths(ratings, a, b);
            const double transfer = static_cast<double>(parts.win + parts.correction) / divisor;
            changes[a] += transfer;
            changes[b] -= transfer;
        }
    }
    return changes;
}

std::vector<Rating> groupChanges(const std::vector<Rating>& ratings, const std::vector<int>& places)
{
    std::vector<Rating> changes(ratings.size(), 0);
    if (!validGroup(ratings, places))
        return changes;
    const std::int64_t divisor = kHundredths * static_cast<std::int64_t>(ratings.size() - 1);
    for (std::size_t a = 0; a < ratings.size(); ++a) {
        for (std::size_t b = 0; b < ratings.size(); ++b) {
            if (places[a] >= places[b])
                continue;
            // Each part is rounded on its own: the same integer is received and given, so the game
            // sums to 0, and a rounded part never decreases when its exact value grows, so the
            // properties of the exact formula hold for the rounded one (docs/kings-cribbage.md).
            const PairParts parts = pairHundredths(ratings, a, b);
            const Rating transfer =
                roundHalfAwayFromZero(parts.win, divisor) + roundHalfAwayFromZero(parts.correction, divisor);
            changes[a] += transfer;
            changes[b] -= transfer;
        }
    }
    return changes;
}

std::vector<Defect> validateGames(std::size_t playerCount, const std::vector<Game>& games)
{
    std::vector<Defect> defects;
    const auto report = [&defects](const Game& game, std::string field, std::string message) {
        defects.push_back(Defect{game.source, std::move(field), game.id, std::move(message)});
    };
    for (const Game& game : games) {
        const std::size_t n = game.seats.size();
        if (n < 2 || n > 4) {
            report(game, {}, "a game has 2 to 4 players, this one " + std::to_string(n));
            continue;
        }
        if (game.scores.size() != n) {
            report(game, {}, "every player needs a score");
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const std::string seat = std::to_string(i + 1);
            if (game.seats[i] < 0 || static_cast<std::size_t>(game.seats[i]) >= playerCount)
                report(game, "player" + seat, "no such player");
            if (game.scores[i] < 0)
                report(game, "score" + seat, "a score cannot be negative");
            for (std::size_t j = 0; j < i; ++j) {
                if (game.seats[j] == game.seats[i])
                    report(game, "player" + seat, "the player is also player" + std::to_string(j + 1));
                if (n > 2 && game.scores[j] == game.scores[i])
                    report(game, "score" + seat,
                           "tied with player" + std::to_string(j + 1) +
                               "; group games need different scores to place the players");
            }
        }
    }
    return defects;
}

KingsResult rateGames(std::vector<PlayerState> players, const std::vector<Game>& games)
{
    KingsResult result;
    result.defects = validateGames(players.size(), games);
    if (!result.defects.empty())
        return result;
    result.entries.reserve(games.size() * 2);
    for (std::size_t g = 0; g < games.size(); ++g) {
        const Game& game = games[g];
        const std::size_t n = game.seats.size();
        if (n == 2) {
            PlayerState& a = players[static_cast<std::size_t>(game.seats[0])];
            PlayerState& b = players[static_cast<std::size_t>(game.seats[1])];
            const HeadToHeadSide sideA{a.rating, a.provisional(), game.scores[0]};
            const HeadToHeadSide sideB{b.rating, b.provisional(), game.scores[1]};
            const HeadToHeadChange change = headToHeadChange(sideA, sideB);
            const int placeA = game.scores[0] < game.scores[1] ? 2 : 1;
            const int placeB = game.scores[1] < game.scores[0] ? 2 : 1;
            result.entries.push_back(GameEntry{g, game.seats[0], GameKind::HeadToHead, 1, placeA,
                                               sideA.provisional, change.formula, change.multiplierHalves,
                                               a.rating, change.changeA});
            result.entries.push_back(GameEntry{g, game.seats[1], GameKind::HeadToHead, 2, placeB,
                                               sideB.provisional, change.formula, change.multiplierHalves,
                                               b.rating, change.changeB});
            a.rating += change.changeA;
            b.rating += change.changeB;
            ++a.games;
            ++b.games;
            continue;
        }
        std::vector<Rating> ratings(n);
        std::vector<int> places(n, 1);
        for (std::size_t i = 0; i < n; ++i) {
            ratings[i] = players[static_cast<std::size_t>(game.seats[i])].groupRating;
            for (std::size_t j = 0; j < n; ++j)
                places[i] += game.scores[j] > game.scores[i] ? 1 : 0;
        }
        const std::vector<Rating> changes = groupChanges(ratings, places);
        for (std::size_t i = 0; i < n; ++i) {
            PlayerState& player = players[static_cast<std::size_t>(game.seats[i])];
            result.entries.push_back(GameEntry{g, game.seats[i], GameKind::Group, static_cast<int>(i + 1),
                                               places[i], false, HeadToHeadFormula::Standard, 2, ratings[i],
                                               changes[i]});
            player.groupRating += changes[i];
            ++player.groupGames;
        }
    }
    result.players = std::move(players);
    return result;
}

} // namespace flickdesk::engine::kings
