#include "flickdesk/engine/playstandings.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <unordered_map>

namespace flickdesk::engine::play {

namespace {

std::string twoDecimals(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

// A recorded shoot-out holding every unit of `tied`: their positions in it; empty when none does.
std::vector<int> shootOutPositions(const std::vector<std::vector<UnitId>>& shootOuts,
                                   const std::vector<UnitId>& tied)
{
    // The latest recording that holds them all counts (a director may record a tie again).
    for (auto order = shootOuts.rbegin(); order != shootOuts.rend(); ++order) {
        std::vector<int> positions;
        for (const UnitId& unit : tied) {
            const auto it = std::find(order->begin(), order->end(), unit);
            if (it == order->end())
                break;
            positions.push_back(static_cast<int>(it - order->begin()));
        }
        if (positions.size() == tied.size())
            return positions;
    }
    return {};
}

void collectTies(Standings& standings, const std::vector<int>& cuts)
{
    const auto& rows = standings.rows;
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i;
        while (j + 1 < rows.size() && rows[j].decidedBy == DecidedBy::Unresolved)
            ++j;
        if (j > i) {
            UnresolvedTie tie;
            for (std::size_t k = i; k <= j; ++k)
                tie.units.push_back(rows[k].unit);
            tie.firstPosition = static_cast<int>(i) + 1;
            tie.lastPosition = static_cast<int>(j) + 1;
            // DECISIONS G2: a tie decides who advances when a cut lies inside it.
            for (int cut : cuts)
                if (cut >= tie.firstPosition && cut < tie.lastPosition)
                    tie.decisive = true;
            standings.ties.push_back(std::move(tie));
        }
        i = j + 1;
    }
}

} // namespace

Standings groupStandings(const GroupStandingsInput& input)
{
    Standings result;
    const std::size_t n = input.units.size();
    std::unordered_map<UnitId, std::size_t> indexOf;
    indexOf.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        indexOf.emplace(input.units[i], i);
    std::vector<StandingRow> rows(n);
    for (std::size_t i = 0; i < n; ++i)
        rows[i].unit = input.units[i];
    // Each game's units by index, once (a mini-league below runs over the games for every tied set).
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::vector<std::pair<std::size_t, std::size_t>> sides;
    sides.reserve(input.games.size());
    // gamesOf[i]: the games between two units of the group that unit i played as side A, so that a
    // mini-league reads only its tied units' games (a field of hundreds has many small tied sets).
    std::vector<std::vector<std::size_t>> gamesOf(n);
    for (std::size_t g = 0; g < input.games.size(); ++g) {
        const GroupGame& game = input.games[g];
        const auto a = indexOf.find(game.a);
        const auto b = game.kind == GameKind::Bye ? indexOf.end() : indexOf.find(game.b);
        sides.emplace_back(a == indexOf.end() ? kNone : a->second, b == indexOf.end() ? kNone : b->second);
        if (sides.back().first != kNone && sides.back().second != kNone)
            gamesOf[sides.back().first].push_back(g);
    }
    auto rowAt = [&](std::size_t index) -> StandingRow* { return index == kNone ? nullptr : &rows[index]; };
    for (std::size_t g = 0; g < input.games.size(); ++g) {
        const GroupGame& game = input.games[g];
        StandingRow* a = rowAt(sides[g].first);
        if (game.kind == GameKind::Bye) {
            // DECISIONS G3: a bye's points, no 20s.
            if (a) {
                a->points += game.score.pointsA;
                ++a->games;
                ++a->byes;
            }
            continue;
        }
        StandingRow* b = rowAt(sides[g].second);
        const int pa = game.score.pointsA;
        const int pb = game.score.pointsB;
        if (a) {
            a->points += pa;
            a->twenties += game.kind == GameKind::Played ? game.score.twentiesA : 0;
            ++a->games;
            (pa > pb ? a->wins : pa == pb ? a->draws : a->losses)++;
        }
        if (b) {
            b->points += pb;
            b->twenties += game.kind == GameKind::Played ? game.score.twentiesB : 0;
            ++b->games;
            (pb > pa ? b->wins : pa == pb ? b->draws : b->losses)++;
        }
    }

    // Seeding order first, then points: the order within an unresolved tie is the seeding order.
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return rows[x].points > rows[y].points; });
    // boundary[k]: what separates order[k] from order[k + 1]; detail the values compared.
    std::vector<DecidedBy> boundary(n, DecidedBy::Last);
    std::vector<std::pair<std::string, std::string>> detail(n);
    std::vector<std::size_t> tiedCount(n, 0); // the units level on points a mini-league compared
    for (std::size_t k = 0; k + 1 < n; ++k) {
        if (rows[order[k]].points != rows[order[k + 1]].points) {
            boundary[k] = DecidedBy::Points;
            detail[k] = {std::to_string(rows[order[k]].points), std::to_string(rows[order[k + 1]].points)};
        }
    }

    // The points each unit of `tied` took from the games among them only (a walkover counts: it is a
    // result between them; a bye is not).
    std::vector<long> mini(n, 0);
    std::vector<char> inTied(n, 0);
    auto miniLeague = [&](const std::vector<std::size_t>& tied) {
        for (std::size_t i : tied) {
            inTied[i] = 1;
            mini[i] = 0;
        }
        // Integer sums: the order the games are read in does not change them.
        for (std::size_t i : tied)
            for (std::size_t g : gamesOf[i]) {
                const std::size_t b = sides[g].second;
                if (!inTied[b])
                    continue;
                mini[i] += input.games[g].score.pointsA;
                mini[b] += input.games[g].score.pointsB;
            }
        std::vector<long> values;
        for (std::size_t i : tied) {
            values.push_back(mini[i]);
            inTied[i] = 0;
        }
        return values;
    };

    // DECISIONS G2: split a run of units level on points by the first tie-break that separates them;
    // every part still level starts again from the first tie-break (the mini-league recomputed for it).
    std::function<void(std::size_t, std::size_t)> split = [&](std::size_t begin, std::size_t end) {
        if (end - begin < 2)
            return;
        std::vector<std::size_t> tied(order.begin() + static_cast<std::ptrdiff_t>(begin),
                                      order.begin() + static_cast<std::ptrdiff_t>(end));
        for (TieBreak criterion : input.tieBreaks) {
            std::vector<long> values;
            DecidedBy by = DecidedBy::Twenties;
            switch (criterion) {
            case TieBreak::Twenties:
                for (std::size_t i : tied)
                    values.push_back(rows[i].twenties);
                break;
            case TieBreak::MiniLeague:
                values = miniLeague(tied);
                by = DecidedBy::MiniLeague;
                break;
            case TieBreak::ShootOut: {
                std::vector<UnitId> units;
                for (std::size_t i : tied)
                    units.push_back(rows[i].unit);
                const std::vector<int> positions = shootOutPositions(input.shootOuts, units);
                if (positions.empty())
                    continue;
                for (int position : positions)
                    values.push_back(-position); // earlier in the shoot-out order is better
                by = DecidedBy::ShootOut;
                break;
            }
            }
            if (std::all_of(values.begin(), values.end(), [&](long v) { return v == values.front(); }))
                continue;
            std::vector<std::size_t> byValue(tied.size());
            for (std::size_t k = 0; k < tied.size(); ++k)
                byValue[k] = k;
            std::stable_sort(byValue.begin(), byValue.end(),
                             [&](std::size_t x, std::size_t y) { return values[x] > values[y]; });
            for (std::size_t k = 0; k < tied.size(); ++k)
                order[begin + k] = tied[byValue[k]];
            std::size_t runStart = begin;
            for (std::size_t k = 0; k < tied.size(); ++k) {
                const bool lastOfRun = k + 1 == tied.size() || values[byValue[k]] != values[byValue[k + 1]];
                if (!lastOfRun)
                    continue;
                if (k + 1 < tied.size()) {
                    boundary[begin + k] = by;
                    tiedCount[begin + k] = tied.size();
                    if (by == DecidedBy::ShootOut)
                        detail[begin + k] = {};
                    else
                        detail[begin + k] = {std::to_string(values[byValue[k]]),
                                             std::to_string(values[byValue[k + 1]])};
                }
                split(runStart, begin + k + 1);
                runStart = begin + k + 1;
            }
            return;
        }
        for (std::size_t k = begin; k + 1 < end; ++k)
            boundary[k] = DecidedBy::Unresolved;
    };
    for (std::size_t begin = 0; begin < n;) {
        std::size_t end = begin + 1;
        while (end < n && rows[order[end]].points == rows[order[begin]].points)
            ++end;
        split(begin, end);
        begin = end;
    }

    for (std::size_t k = 0; k < n; ++k) {
        StandingRow row = rows[order[k]];
        row.position = static_cast<int>(k) + 1;
        row.decidedBy = boundary[k];
        if (k + 1 < n) {
            const std::size_t nextIndex = order[k + 1];
            const std::string& next = nextIndex < input.names.size() && !input.names[nextIndex].empty()
                                          ? input.names[nextIndex]
                                          : rows[nextIndex].unit;
            const auto& [mine, theirs] = detail[k];
            switch (row.decidedBy) {
            case DecidedBy::Points:
                row.reason = "ahead of " + next + " on points (" + mine + " to " + theirs + ")";
                break;
            case DecidedBy::Twenties:
                row.reason = "ahead of " + next + " on 20s (" + mine + " to " + theirs + ")";
                break;
            case DecidedBy::MiniLeague:
                row.reason = "ahead of " + next + " on the games among the " + std::to_string(tiedCount[k]) +
                             " level on points (" + mine + " to " + theirs + ")";
                break;
            case DecidedBy::ShootOut:
                row.reason = "ahead of " + next + " by the shoot-out";
                break;
            case DecidedBy::Unresolved:
                row.reason = "level with " + next + " on everything: a shoot-out decides";
                break;
            default:
                break;
            }
        }
        result.rows.push_back(std::move(row));
    }
    collectTies(result, input.cuts);
    return result;
}

Standings acrossGroups(const AcrossGroupsInput& input)
{
    struct Entry {
        StandingRow row;
        int rank = 0;
        std::string group;
        std::size_t groupIndex = 0;
    };
    std::vector<Entry> entries;
    for (std::size_t g = 0; g < input.groups.size(); ++g) {
        const Standings& standings = input.groups[g].standings;
        for (const StandingRow& row : standings.rows) {
            Entry entry{row, row.position, input.groups[g].groupName, g};
            // A tie the group could not break gives its units one rank: the ranking across the
            // groups must then break it (or ask for a shoot-out).
            for (const UnresolvedTie& tie : standings.ties)
                if (std::find(tie.units.begin(), tie.units.end(), row.unit) != tie.units.end())
                    entry.rank = tie.firstPosition;
            entries.push_back(std::move(entry));
        }
    }
    // Points per game and 20s per game compared exactly, as fractions.
    auto perGame = [](int value, int games) { return std::pair<long, long>(value, std::max(games, 1)); };
    auto compareFractions = [](std::pair<long, long> x, std::pair<long, long> y) {
        const long left = x.first * y.second;
        const long right = y.first * x.second;
        return left < right ? -1 : left > right ? 1 : 0;
    };
    auto level = [&](const Entry& x, const Entry& y) {
        return x.rank == y.rank &&
               compareFractions(perGame(x.row.points, x.row.games), perGame(y.row.points, y.row.games)) ==
                   0 &&
               compareFractions(perGame(x.row.twenties, x.row.games), perGame(y.row.twenties, y.row.games)) ==
                   0;
    };
    // DECISIONS G4: rank in the group, points per game, 20s per game; the group order keeps equals.
    std::stable_sort(entries.begin(), entries.end(), [&](const Entry& x, const Entry& y) {
        if (x.rank != y.rank)
            return x.rank < y.rank;
        const int points =
            compareFractions(perGame(x.row.points, x.row.games), perGame(y.row.points, y.row.games));
        if (points != 0)
            return points > 0;
        return compareFractions(perGame(x.row.twenties, x.row.games), perGame(y.row.twenties, y.row.games)) >
               0;
    });
    // Runs level on all three: the shoot-out's order where one holds them all.
    for (std::size_t i = 0; i < entries.size();) {
        std::size_t j = i + 1;
        while (j < entries.size() && level(entries[i], entries[j]))
            ++j;
        if (j - i > 1) {
            std::vector<UnitId> units;
            for (std::size_t k = i; k < j; ++k)
                units.push_back(entries[k].row.unit);
            const std::vector<int> positions = shootOutPositions(input.shootOuts, units);
            if (!positions.empty()) {
                std::vector<std::size_t> byPosition(j - i);
                for (std::size_t k = 0; k < byPosition.size(); ++k)
                    byPosition[k] = k;
                std::stable_sort(byPosition.begin(), byPosition.end(),
                                 [&](std::size_t x, std::size_t y) { return positions[x] < positions[y]; });
                std::vector<Entry> sorted;
                for (std::size_t k : byPosition)
                    sorted.push_back(entries[i + k]);
                std::copy(sorted.begin(), sorted.end(), entries.begin() + static_cast<std::ptrdiff_t>(i));
                for (std::size_t k = i; k + 1 < j; ++k)
                    entries[k].row.decidedBy = DecidedBy::ShootOut;
            } else {
                for (std::size_t k = i; k + 1 < j; ++k)
                    entries[k].row.decidedBy = DecidedBy::Unresolved;
            }
        }
        if (j - i > 0) {
            // The last of the run: decided against the next run by rank or figures, set below.
            entries[j - 1].row.decidedBy = DecidedBy::Last;
        }
        i = j;
    }
    std::unordered_map<UnitId, std::string> nameOf;
    for (std::size_t i = 0; i < input.units.size() && i < input.names.size(); ++i)
        if (!input.names[i].empty())
            nameOf.emplace(input.units[i], input.names[i]);
    Standings result;
    for (std::size_t k = 0; k < entries.size(); ++k) {
        Entry& entry = entries[k];
        StandingRow row = entry.row;
        row.position = static_cast<int>(k) + 1;
        const std::string rankText = std::to_string(entry.rank);
        if (k + 1 < entries.size()) {
            const Entry& next = entries[k + 1];
            const auto known = nameOf.find(next.row.unit);
            const std::string& name = known == nameOf.end() ? next.row.unit : known->second;
            if (row.decidedBy == DecidedBy::ShootOut) {
                row.reason = "ahead of " + name + " by the shoot-out";
            } else if (row.decidedBy == DecidedBy::Unresolved) {
                row.reason =
                    "level with " + name + " on place in group, points and 20s a game: a shoot-out decides";
            } else if (entry.rank != next.rank) {
                row.decidedBy = DecidedBy::Rank;
                row.reason = "ahead of " + name + " on place in group (" + rankText + " in " + entry.group +
                             " to " + std::to_string(next.rank) + " in " + next.group + ")";
            } else if (compareFractions(perGame(row.points, row.games),
                                        perGame(next.row.points, next.row.games)) != 0) {
                row.decidedBy = DecidedBy::PointsPerGame;
                row.reason = "ahead of " + name + " on points a game (" +
                             twoDecimals(static_cast<double>(row.points) / std::max(row.games, 1)) + " to " +
                             twoDecimals(static_cast<double>(next.row.points) / std::max(next.row.games, 1)) +
                             ")";
            } else {
                row.decidedBy = DecidedBy::TwentiesPerGame;
                row.reason =
                    "ahead of " + name + " on 20s a game (" +
                    twoDecimals(static_cast<double>(row.twenties) / std::max(row.games, 1)) + " to " +
                    twoDecimals(static_cast<double>(next.row.twenties) / std::max(next.row.games, 1)) + ")";
            }
        } else {
            row.decidedBy = DecidedBy::Last;
            row.reason.clear();
        }
        result.rows.push_back(std::move(row));
    }
    collectTies(result, input.cuts);
    return result;
}

} // namespace flickdesk::engine::play
