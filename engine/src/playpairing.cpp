#include "flickdesk/engine/playpairing.h"

#include "flickdesk/engine/boarddraw.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

namespace flickdesk::engine::play {

namespace {

// Fisher-Yates by the module's generator: the same order on every platform.
template <typename T> void shuffle(std::vector<T>& items, SplitMix64& random)
{
    for (std::size_t i = items.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(random.below(i));
        std::swap(items[i - 1], items[j]);
    }
}

// Meetings and byes of the units of one draw, by index.
struct Met {
    int n = 0;
    std::vector<int> counts; // n x n
    int at(int a, int b) const { return counts[static_cast<std::size_t>(a * n + b)]; }
};

constexpr int kExactUpTo = 40;         // units a round searched exactly for a draw without repeats
constexpr long kSearchBudget = 400000; // nodes of that search, so that a round's draw stays bounded
constexpr int kRepairPasses = 30;

// A perfect matching of `order` without a repeated meeting, first unit first, partners in order.
bool matchWithoutRepeats(const std::vector<int>& order, const Met& met, std::vector<int>& partner,
                         long& budget)
{
    int first = -1;
    for (int u : order)
        if (partner[static_cast<std::size_t>(u)] < 0) {
            first = u;
            break;
        }
    if (first < 0)
        return true;
    for (int v : order) {
        if (v == first || partner[static_cast<std::size_t>(v)] >= 0 || met.at(first, v) > 0)
            continue;
        if (--budget < 0)
            return false;
        partner[static_cast<std::size_t>(first)] = v;
        partner[static_cast<std::size_t>(v)] = first;
        if (matchWithoutRepeats(order, met, partner, budget))
            return true;
        partner[static_cast<std::size_t>(first)] = -1;
        partner[static_cast<std::size_t>(v)] = -1;
    }
    return false;
}

// Greedy pairs in order (each unit with the first later unit it met least), then swaps between two
// pairs while they lower the repeated meetings.
std::vector<std::pair<int, int>> greedyPairs(const std::vector<int>& order, const Met& met)
{
    std::vector<std::pair<int, int>> pairs;
    std::vector<bool> used(static_cast<std::size_t>(met.n), false);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const int u = order[i];
        if (used[static_cast<std::size_t>(u)])
            continue;
        int best = -1;
        for (std::size_t j = i + 1; j < order.size(); ++j) {
            const int v = order[j];
            if (used[static_cast<std::size_t>(v)])
                continue;
            if (best < 0 || met.at(u, v) < met.at(u, best))
                best = v;
            if (met.at(u, best) == 0)
                break;
        }
        used[static_cast<std::size_t>(u)] = true;
        used[static_cast<std::size_t>(best)] = true;
        pairs.emplace_back(u, best);
    }
    for (int pass = 0; pass < kRepairPasses; ++pass) {
        bool improved = false;
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            if (met.at(pairs[p].first, pairs[p].second) == 0)
                continue;
            for (std::size_t q = 0; q < pairs.size(); ++q) {
                if (q == p)
                    continue;
                const auto [a, b] = pairs[p];
                const auto [c, d] = pairs[q];
                const int now = met.at(a, b) + met.at(c, d);
                if (met.at(a, c) + met.at(b, d) < now) {
                    pairs[p] = {a, c};
                    pairs[q] = {b, d};
                    improved = true;
                    break;
                }
                if (met.at(a, d) + met.at(b, c) < now) {
                    pairs[p] = {a, d};
                    pairs[q] = {c, b};
                    improved = true;
                    break;
                }
            }
        }
        if (!improved)
            break;
    }
    return pairs;
}

} // namespace

std::vector<std::vector<UnitId>> snakeGroups(const std::vector<UnitId>& seeded, int groups)
{
    std::vector<std::vector<UnitId>> result(static_cast<std::size_t>(std::max(groups, 0)));
    if (groups <= 0)
        return result;
    // DECISIONS G4: 1..g, then g..1, so that every group gets one of each band of g seeds.
    for (std::size_t k = 0; k < seeded.size(); ++k) {
        const std::size_t cycle = k / static_cast<std::size_t>(groups);
        const std::size_t position = k % static_cast<std::size_t>(groups);
        const std::size_t group = cycle % 2 == 0 ? position : static_cast<std::size_t>(groups) - 1 - position;
        result[group].push_back(seeded[k]);
    }
    return result;
}

std::vector<std::vector<UnitId>> randomGroups(const std::vector<UnitId>& units, int groups,
                                              std::uint64_t seed)
{
    std::vector<UnitId> order = units;
    SplitMix64 random(seed);
    shuffle(order, random);
    return snakeGroups(order, groups);
}

std::vector<double> groupMeanRatings(const std::vector<std::vector<UnitId>>& groups,
                                     const std::vector<UnitId>& units, const std::vector<double>& ratings)
{
    std::unordered_map<UnitId, double> ratingOf;
    for (std::size_t i = 0; i < units.size() && i < ratings.size(); ++i)
        ratingOf[units[i]] = ratings[i];
    std::vector<double> means;
    for (const std::vector<UnitId>& group : groups) {
        double sum = 0;
        for (const UnitId& unit : group) {
            const auto it = ratingOf.find(unit);
            sum += it == ratingOf.end() ? 0.0 : it->second;
        }
        means.push_back(group.empty() ? 0.0 : sum / static_cast<double>(group.size()));
    }
    return means;
}

std::vector<Round> roundRobinRounds(const std::vector<UnitId>& units, int cycles)
{
    std::vector<Round> rounds;
    if (units.size() < 2)
        return rounds;
    // DECISIONS G3: the circle method; an odd group gets an empty seat, whose partner sits out.
    std::vector<UnitId> circle = units;
    if (circle.size() % 2 == 1)
        circle.emplace_back();
    const std::size_t m = circle.size();
    for (int cycle = 0; cycle < std::max(cycles, 1); ++cycle) {
        for (std::size_t r = 0; r + 1 < m; ++r) {
            // Position 0 stays; the others turn r places.
            std::vector<UnitId> at(m);
            at[0] = circle[0];
            for (std::size_t i = 1; i < m; ++i)
                at[i] = circle[1 + (i - 1 + r) % (m - 1)];
            Round round;
            std::optional<Pairing> bye;
            for (std::size_t i = 0; i < m / 2; ++i) {
                UnitId a = at[i];
                UnitId b = at[m - 1 - i];
                // The fixed unit alternates sides round by round; every second cycle swaps all sides.
                if ((i == 0 && r % 2 == 1) != (cycle % 2 == 1))
                    std::swap(a, b);
                if (a.empty())
                    bye = Pairing{b, {}};
                else if (b.empty())
                    bye = Pairing{a, {}};
                else
                    round.push_back({a, b});
            }
            if (bye)
                round.push_back(*bye);
            rounds.push_back(std::move(round));
        }
    }
    return rounds;
}

int timesMet(const RoundHistory& history, const UnitId& a, const UnitId& b)
{
    int count = 0;
    for (const Round& round : history.rounds)
        for (const Pairing& pairing : round)
            if (!pairing.isBye() &&
                ((pairing.a == a && pairing.b == b) || (pairing.a == b && pairing.b == a)))
                ++count;
    return count;
}

int repeatedMeetings(const Round& round, const RoundHistory& history)
{
    std::map<std::pair<UnitId, UnitId>, int> met;
    for (const Round& earlier : history.rounds)
        for (const Pairing& pairing : earlier)
            if (!pairing.isBye())
                ++met[std::minmax(pairing.a, pairing.b)];
    int repeats = 0;
    for (const Pairing& pairing : round)
        if (!pairing.isBye()) {
            const auto it = met.find(std::minmax(pairing.a, pairing.b));
            repeats += it == met.end() ? 0 : it->second;
        }
    return repeats;
}

Round drawRandomRound(const std::vector<UnitId>& units, const RoundHistory& history, std::uint64_t seed,
                      const std::vector<UnitId>& order)
{
    const int n = static_cast<int>(units.size());
    Round round;
    if (n == 0)
        return round;
    std::unordered_map<UnitId, int> indexOf;
    for (int i = 0; i < n; ++i)
        indexOf[units[static_cast<std::size_t>(i)]] = i;
    Met met;
    met.n = n;
    met.counts.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
    std::vector<int> byes(static_cast<std::size_t>(n), 0);
    for (const Round& earlier : history.rounds)
        for (const Pairing& pairing : earlier) {
            const auto a = indexOf.find(pairing.a);
            if (a == indexOf.end())
                continue;
            if (pairing.isBye()) {
                ++byes[static_cast<std::size_t>(a->second)];
                continue;
            }
            const auto b = indexOf.find(pairing.b);
            if (b == indexOf.end())
                continue;
            ++met.counts[static_cast<std::size_t>(a->second * n + b->second)];
            ++met.counts[static_cast<std::size_t>(b->second * n + a->second)];
        }

    SplitMix64 random(seed);
    std::vector<int> base(static_cast<std::size_t>(n));
    std::iota(base.begin(), base.end(), 0);
    shuffle(base, random);
    if (!order.empty()) {
        // Swiss: the given order (best first); units it leaves out follow in the shuffled order.
        std::unordered_map<UnitId, std::size_t> rank;
        for (std::size_t i = 0; i < order.size(); ++i)
            rank.emplace(order[i], i);
        std::stable_sort(base.begin(), base.end(), [&](int x, int y) {
            const auto rx = rank.find(units[static_cast<std::size_t>(x)]);
            const auto ry = rank.find(units[static_cast<std::size_t>(y)]);
            const std::size_t kx = rx == rank.end() ? order.size() : rx->second;
            const std::size_t ky = ry == rank.end() ? order.size() : ry->second;
            return kx < ky;
        });
    }

    // DECISIONS G3: the bye to a unit with the fewest byes so far, drawn among equals (the shuffle).
    std::vector<int> byeCandidates{-1};
    if (n % 2 == 1) {
        byeCandidates.clear();
        const int fewest = *std::min_element(byes.begin(), byes.end());
        std::vector<int> shuffled = base;
        if (!order.empty()) // Swiss: the bye to the lowest placed unit without one
            std::reverse(shuffled.begin(), shuffled.end());
        for (int u : shuffled)
            if (byes[static_cast<std::size_t>(u)] == fewest)
                byeCandidates.push_back(u);
    }

    auto without = [&](int bye) {
        std::vector<int> rest;
        for (int u : base)
            if (u != bye)
                rest.push_back(u);
        return rest;
    };
    auto cost = [&](const std::vector<std::pair<int, int>>& pairs) {
        int total = 0;
        for (const auto& [a, b] : pairs)
            total += met.at(a, b);
        return total;
    };

    int chosenBye = byeCandidates.front();
    std::vector<std::pair<int, int>> pairs = greedyPairs(without(chosenBye), met);
    if (cost(pairs) > 0) {
        // A round without repeats may still exist: search for it (exactly for small fields, within a
        // budget above), trying each unit that may take the bye.
        long budget = n <= kExactUpTo ? kSearchBudget : kSearchBudget / 4;
        for (int bye : byeCandidates) {
            std::vector<int> partner(static_cast<std::size_t>(n), -1);
            const std::vector<int> rest = without(bye);
            if (matchWithoutRepeats(rest, met, partner, budget)) {
                chosenBye = bye;
                // Keep each pair once, in the order of its first unit.
                std::vector<std::pair<int, int>> unique;
                std::vector<bool> seen(static_cast<std::size_t>(n), false);
                for (int u : rest) {
                    const int v = partner[static_cast<std::size_t>(u)];
                    if (seen[static_cast<std::size_t>(u)] || v < 0)
                        continue;
                    seen[static_cast<std::size_t>(u)] = seen[static_cast<std::size_t>(v)] = true;
                    unique.emplace_back(u, v);
                }
                pairs = std::move(unique);
                break;
            }
            if (budget < 0)
                break;
        }
    }
    for (const auto& [a, b] : pairs)
        round.push_back({units[static_cast<std::size_t>(a)], units[static_cast<std::size_t>(b)]});
    if (chosenBye >= 0)
        round.push_back({units[static_cast<std::size_t>(chosenBye)], {}});
    return round;
}

BoardSlot boardOf(int gameIndex, int boards)
{
    if (boards <= 0)
        return {gameIndex + 1, 1};
    return {gameIndex % boards + 1, gameIndex / boards + 1};
}

std::vector<std::pair<int, int>> bracketFirstRound(int size)
{
    std::vector<int> seeds{1, 2};
    while (static_cast<int>(seeds.size()) < size) {
        const int next = static_cast<int>(seeds.size()) * 2 + 1;
        std::vector<int> grown;
        for (int seed : seeds) {
            grown.push_back(seed);
            grown.push_back(next - seed);
        }
        seeds = grown;
    }
    std::vector<std::pair<int, int>> pairs;
    for (std::size_t i = 0; i + 1 < seeds.size(); i += 2)
        pairs.emplace_back(seeds[i], seeds[i + 1]);
    if (size < 2)
        pairs.clear();
    return pairs;
}

} // namespace flickdesk::engine::play
