#pragma once

// NCA Tour standings for one season and division (spec 000 §1; DECISIONS T1-T3).

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace flickdesk::engine {

enum class Division { Competitive, Recreational };

// DECISIONS T1: best 5 results count in the competitive division, best 4 in the recreational one.
constexpr int resultsCounted(Division division) noexcept
{
    return division == Division::Recreational ? 4 : 5;
}

// One player's award at one NCA Tour event of the season (doubles partners each have one, P9).
struct TourAward {
    std::string playerId;
    std::string eventId;
    int place = 0;       // finishing place in that event, 1 = winner
    double points = 0.0; // the award rounded to 0.1 (DECISIONS P8)
};

struct TourSeason {
    Division division = Division::Competitive;
    std::vector<TourAward> awards; // this season and division only
    // DECISIONS T2: the Finale (default the season's WCC Singles). When it is one of `awards`' events,
    // the places there are taken from the awards.
    std::optional<std::string> finaleEventId;
    // Finale places given directly, by player id: the Finale may be in the other division or not be
    // an awarded event. Where both give a place for a player, this one wins.
    std::map<std::string, int> finalePlaces;
    // DECISIONS T3: players who won the Recreational Tour title in an earlier season.
    std::set<std::string> earlierRecreationalChampions;
};

struct StandingsRow {
    int rank = 0; // competition ranking: 1, 2, 2, 4
    std::string playerId;
    double total = 0.0;                       // sum of the counted rounded awards
    long long totalTenths = 0;                // the same total in tenths: the exact value ranks compare
    int countedEvents = 0;                    // results counted: at most 5 / 4 (DECISIONS T1)
    std::vector<std::string> countedEventIds; // best first
    // Which tie-break decided a top-3 place ("more 1st places", "more 3rd places",
    // "Finale: 2nd vs 5th", "Finale: attended"), "tied" for a shared rank, then "champion" for the
    // Recreational Tour Champion, joined by "; "; empty otherwise.
    std::string note;
    bool recreationalChampion = false;
};

struct TourStandings {
    Division division = Division::Competitive;
    std::vector<StandingsRow> rows; // by rank, then player id
    // DECISIONS T3, recreational division only. Normally one player; several only when the best
    // eligible rank is a tie that T2 cannot break (co-champions: the association decides).
    std::vector<std::string> recreationalChampions;
};

// Ranks a season (DECISIONS T1-T3). Throws std::invalid_argument naming the award at fault for an
// empty id, a place below 1, points that are not a finite number >= 0, a player with two awards at
// one event, or a Finale place below 1.
TourStandings computeTourStandings(const TourSeason& season);

} // namespace flickdesk::engine
