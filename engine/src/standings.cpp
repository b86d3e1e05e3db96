#include "flickdesk/engine/standings.h"

#include "flickdesk/engine/points.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace flickdesk::engine {

namespace {

// DECISIONS T2: tie-breaks decide places 1-3 only.
constexpr int kLastTieBrokenPlace = 3;

struct PlayerSeason {
    std::string playerId;
    long long totalTenths = 0;
    std::vector<std::string> countedEventIds;
    std::map<int, int> countedPlaces; // place -> how many counted results at that place
    std::optional<int> finalePlace;
};

// How one tie-break comparison came out: order > 0 when `a` ranks above `b`, with the step that
// decided it, order == 0 when T2 leaves them tied.
struct TieBreak {
    int order = 0;
    std::string reason;
};

std::string ordinal(int n)
{
    const int lastTwo = n % 100;
    const int last = n % 10;
    const char* suffix = "th";
    if (lastTwo < 11 || lastTwo > 13) {
        if (last == 1) {
            suffix = "st";
        } else if (last == 2) {
            suffix = "nd";
        } else if (last == 3) {
            suffix = "rd";
        }
    }
    return std::to_string(n) + suffix;
}

std::string describeAward(std::size_t index, const TourAward& award)
{
    return "award " + std::to_string(index + 1) + " (player \"" + award.playerId + "\", event \"" +
           award.eventId + "\")";
}

void validate(const TourSeason& season)
{
    std::set<std::pair<std::string, std::string>> seen;
    for (std::size_t i = 0; i < season.awards.size(); ++i) {
        const TourAward& award = season.awards[i];
        if (award.playerId.empty()) {
            throw std::invalid_argument(describeAward(i, award) + ": player id is empty");
        }
        if (award.eventId.empty()) {
            throw std::invalid_argument(describeAward(i, award) + ": event id is empty");
        }
        if (award.place < 1) {
            throw std::invalid_argument(describeAward(i, award) + ": place must be at least 1");
        }
        if (!std::isfinite(award.points) || award.points < 0.0) {
            throw std::invalid_argument(describeAward(i, award) + ": points must be a finite number >= 0");
        }
        if (!seen.emplace(award.playerId, award.eventId).second) {
            throw std::invalid_argument(describeAward(i, award) +
                                        ": the player has two awards at this event");
        }
    }
    for (const auto& [playerId, place] : season.finalePlaces) {
        if (place < 1) {
            throw std::invalid_argument("Finale place of player \"" + playerId + "\" must be at least 1");
        }
    }
}

// DECISIONS T1: the best 5 / 4 awards, summed as whole tenths so that equal totals compare equal.
// Among awards of equal points the better place counts (then the event id, for a stable answer):
// "best results" read as the results that serve the player best, which matters to T2's count of
// 1st places among counted results.
std::vector<PlayerSeason> collectPlayers(const TourSeason& season)
{
    std::map<std::string, int> finalePlaces;
    if (season.finaleEventId) {
        for (const TourAward& award : season.awards) {
            if (award.eventId == *season.finaleEventId) {
                finalePlaces[award.playerId] = award.place;
            }
        }
    }
    for (const auto& [playerId, place] : season.finalePlaces) {
        finalePlaces[playerId] = place; // the explicit place wins
    }

    struct Result {
        long long tenths;
        int place;
        const std::string* eventId;
    };
    std::map<std::string, std::vector<Result>> resultsByPlayer;
    for (const TourAward& award : season.awards) {
        resultsByPlayer[award.playerId].push_back({awardTenths(award.points), award.place, &award.eventId});
    }

    const auto counted = static_cast<std::size_t>(resultsCounted(season.division));
    std::vector<PlayerSeason> players;
    players.reserve(resultsByPlayer.size());
    for (auto& [playerId, results] : resultsByPlayer) {
        std::sort(results.begin(), results.end(), [](const Result& a, const Result& b) {
            return std::tie(b.tenths, a.place, *a.eventId) < std::tie(a.tenths, b.place, *b.eventId);
        });
        PlayerSeason player;
        player.playerId = playerId;
        const std::size_t take = std::min(counted, results.size());
        for (std::size_t i = 0; i < take; ++i) {
            player.totalTenths += results[i].tenths;
            player.countedEventIds.push_back(*results[i].eventId);
            ++player.countedPlaces[results[i].place];
        }
        if (const auto found = finalePlaces.find(playerId); found != finalePlaces.end()) {
            player.finalePlace = found->second;
        }
        players.push_back(std::move(player));
    }
    return players;
}

// DECISIONS T2 for two players with equal totals, step by step.
TieBreak breakTie(const PlayerSeason& a, const PlayerSeason& b)
{
    // Steps 1-3: most 1st places among the counted results, then most 2nd, 3rd, ... through every
    // place either player has. Both maps are ordered by place, so walk them together.
    auto itA = a.countedPlaces.begin();
    auto itB = b.countedPlaces.begin();
    while (itA != a.countedPlaces.end() || itB != b.countedPlaces.end()) {
        int place = 0;
        int countA = 0;
        int countB = 0;
        if (itB == b.countedPlaces.end() || (itA != a.countedPlaces.end() && itA->first < itB->first)) {
            place = itA->first;
            countA = (itA++)->second;
        } else if (itA == a.countedPlaces.end() || itB->first < itA->first) {
            place = itB->first;
            countB = (itB++)->second;
        } else {
            place = itA->first;
            countA = (itA++)->second;
            countB = (itB++)->second;
        }
        if (countA != countB) {
            return {countA > countB ? 1 : -1, "more " + ordinal(place) + " places"};
        }
    }
    // Step 4: the better Finale finish; an attendee above a non-attendee.
    if (a.finalePlace && b.finalePlace) {
        if (*a.finalePlace == *b.finalePlace) {
            return {}; // e.g. doubles partners at a doubles Finale
        }
        const bool aBetter = *a.finalePlace < *b.finalePlace;
        const int higher = aBetter ? *a.finalePlace : *b.finalePlace;
        const int lower = aBetter ? *b.finalePlace : *a.finalePlace;
        return {aBetter ? 1 : -1, "Finale: " + ordinal(higher) + " vs " + ordinal(lower)};
    }
    if (a.finalePlace || b.finalePlace) {
        return {a.finalePlace ? 1 : -1, "Finale: attended"};
    }
    // Step 5: neither attended the Finale: the tie stands.
    return {};
}

void appendNote(std::string& note, const std::string& part)
{
    if (!part.empty()) {
        note += note.empty() ? part : "; " + part;
    }
}

StandingsRow makeRow(const PlayerSeason& player, int rank, std::string note)
{
    StandingsRow row;
    row.rank = rank;
    row.playerId = player.playerId;
    row.totalTenths = player.totalTenths;
    row.total = static_cast<double>(player.totalTenths) / 10.0;
    row.countedEvents = static_cast<int>(player.countedEventIds.size());
    row.countedEventIds = player.countedEventIds;
    row.note = std::move(note);
    return row;
}

// Ranks one group of equal totals whose first position `position` is within the top 3.
//
// Reading of T2 for groups of three or more: every step compares a single number per player (count
// of 1st places, of 2nd places, ..., Finale finish with non-attendees last), so T2 is a lexicographic
// key and sorting the group by it gives the same order as applying the steps pairwise or restarting
// them for the players left once one is separated. The group then splits into runs of equal keys.
// Runs starting at positions 1-3 take that position as their rank; from the first run that would
// start below 3rd, the rest of the group share one rank ("deeper ties stand": the tie-breaks only
// fill places 1-3). A separated player's note names the step that put them above the next run.
void rankTopGroup(std::vector<const PlayerSeason*> group, int position, std::vector<StandingsRow>& rows)
{
    std::stable_sort(group.begin(), group.end(),
                     [](const PlayerSeason* a, const PlayerSeason* b) { return breakTie(*a, *b).order > 0; });
    std::size_t begin = 0;
    while (begin < group.size()) {
        if (position > kLastTieBrokenPlace) {
            const bool shared = group.size() - begin > 1;
            for (std::size_t i = begin; i < group.size(); ++i) {
                rows.push_back(makeRow(*group[i], position, shared ? "tied" : ""));
            }
            return;
        }
        std::size_t end = begin + 1;
        while (end < group.size() && breakTie(*group[end - 1], *group[end]).order == 0) {
            ++end;
        }
        if (end - begin > 1) {
            for (std::size_t i = begin; i < end; ++i) {
                rows.push_back(makeRow(*group[i], position, "tied"));
            }
        } else {
            const std::string reason = end < group.size() ? breakTie(*group[begin], *group[end]).reason : "";
            rows.push_back(makeRow(*group[begin], position, reason));
        }
        position += static_cast<int>(end - begin);
        begin = end;
    }
}

// DECISIONS T3: the highest-ranked player who has not won the title before; ranks are untouched.
void crownRecreationalChampion(const TourSeason& season, TourStandings& standings)
{
    std::optional<int> championRank;
    for (StandingsRow& row : standings.rows) {
        if (season.earlierRecreationalChampions.count(row.playerId) != 0) {
            continue;
        }
        if (championRank && row.rank != *championRank) {
            break;
        }
        championRank = row.rank;
        row.recreationalChampion = true;
        appendNote(row.note, "champion");
        standings.recreationalChampions.push_back(row.playerId);
    }
}

} // namespace

TourStandings computeTourStandings(const TourSeason& season)
{
    validate(season);
    std::vector<PlayerSeason> players = collectPlayers(season);
    // By total, highest first; players arrive sorted by id, which stable_sort keeps within a total.
    std::stable_sort(players.begin(), players.end(), [](const PlayerSeason& a, const PlayerSeason& b) {
        return a.totalTenths > b.totalTenths;
    });

    TourStandings standings;
    standings.division = season.division;
    standings.rows.reserve(players.size());
    std::size_t begin = 0;
    while (begin < players.size()) {
        std::size_t end = begin + 1;
        while (end < players.size() && players[end].totalTenths == players[begin].totalTenths) {
            ++end;
        }
        const int position = static_cast<int>(begin) + 1;
        if (end - begin > 1 && position <= kLastTieBrokenPlace) {
            std::vector<const PlayerSeason*> group;
            for (std::size_t i = begin; i < end; ++i) {
                group.push_back(&players[i]);
            }
            rankTopGroup(std::move(group), position, standings.rows);
        } else {
            const bool shared = end - begin > 1; // DECISIONS T2: deeper ties share a rank
            for (std::size_t i = begin; i < end; ++i) {
                standings.rows.push_back(makeRow(players[i], position, shared ? "tied" : ""));
            }
        }
        begin = end;
    }
    std::stable_sort(standings.rows.begin(), standings.rows.end(),
                     [](const StandingsRow& a, const StandingsRow& b) {
                         return std::tie(a.rank, a.playerId) < std::tie(b.rank, b.playerId);
                     });

    if (season.division == Division::Recreational) {
        crownRecreationalChampion(season, standings);
    }
    return standings;
}

} // namespace flickdesk::engine
