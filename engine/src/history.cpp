// Validation of rating input: everything that makes a history unratable, every defect listed.
//
// Defect fields name the input column concerned, in the words of the history folder format
// (player_id, place, team, side_a, side_b); a defect about a whole event has no field and points
// at the event's own source.
#include "flickdesk/engine/history.h"

#include <algorithm>
#include <cstddef>
#include <functional>

namespace flickdesk::engine {
namespace {

class EventValidator {
public:
    EventValidator(const RatingHistory& history, const Event& event, std::vector<Defect>& defects)
        : history_(history)
        , event_(event)
        , defects_(defects)
    {
    }

    void run()
    {
        checkStandingUnits();
        checkPlayersListedOnce();
        checkUnitCount();
        if (event_.ratedFromGames())
            checkGames(); // DECISIONS N3: places play no part in an event rated from its games
        else
            checkPlaces();
    }

private:
    bool isKnownPlayer(PlayerIndex player) const noexcept
    {
        return player >= 0 && static_cast<std::size_t>(player) < history_.playerIds.size();
    }

    std::string playerName(PlayerIndex player) const
    {
        if (isKnownPlayer(player))
            return history_.playerIds[static_cast<std::size_t>(player)];
        std::string name = "#";
        name += std::to_string(player);
        return name;
    }

    std::string unitName(const Unit& unit) const
    {
        if (unit.players.empty())
            return "(nobody)";
        std::string name;
        for (PlayerIndex player : unit.players) {
            if (!name.empty())
                name += '+';
            name += playerName(player);
        }
        return name;
    }

    // "line 12", or "file:12" when `source` is in another file than `relativeTo`.
    static std::string where(const SourceRef& source, const SourceRef& relativeTo)
    {
        std::string text = !(source.file == relativeTo.file) ? source.file.name() + ":" : "line ";
        return text + std::to_string(source.line);
    }

    std::string eventName() const { return "event " + event_.id; }

    void report(const SourceRef& source, std::string field, std::string message)
    {
        defects_.push_back(Defect{source, std::move(field), event_.id, std::move(message)});
    }

    std::size_t expectedUnitSize() const noexcept { return event_.format == EventFormat::Doubles ? 2 : 1; }

    // DECISIONS N2: a singles unit is one player, a doubles unit two.
    std::string unitSizeProblem(const Unit& unit) const
    {
        const std::size_t size = unit.players.size();
        if (size == expectedUnitSize())
            return {};
        const std::string count = std::to_string(size) + (size == 1 ? " player" : " players");
        if (event_.format == EventFormat::Doubles)
            return "the team of " + unitName(unit) + " has " + count +
                   // DECISIONS N2: units of one or two players.
                   "; a doubles team is exactly two players";
        return "the entrant " + unitName(unit) + " has " + count +
               // DECISIONS N2: units of one or two players.
               "; a singles entrant is exactly one player";
    }

    // Where the player at `position` in the standing's unit came from.
    static const SourceRef& sourceOf(const Standing& standing, std::size_t position)
    {
        return standing.playerSources.size() == standing.unit.players.size()
                   ? standing.playerSources[position]
                   : standing.source;
    }

    void checkPlayerIndices(const Unit& unit,
                            const std::function<const SourceRef&(std::size_t)>& sourceOfPlayer,
                            const std::string& field)
    {
        for (std::size_t i = 0; i < unit.players.size(); ++i) {
            const PlayerIndex player = unit.players[i];
            if (!isKnownPlayer(player))
                report(sourceOfPlayer(i), field,
                       eventName() + ": player index " + std::to_string(player) +
                           " is out of range (the history has " + std::to_string(history_.playerIds.size()) +
                           " players)");
        }
    }

    void checkStandingUnits()
    {
        for (const Standing& standing : event_.standings) {
            checkPlayerIndices(
                standing.unit, [&](std::size_t i) -> const SourceRef& { return sourceOf(standing, i); },
                "player_id");
            if (std::string problem = unitSizeProblem(standing.unit); !problem.empty())
                report(standing.source, "team", eventName() + ": " + problem);
        }
    }

    // One player cannot hold two places of one event; two people sharing an id need two ids (D1).
    void checkPlayersListedOnce()
    {
        struct Entry {
            PlayerIndex player;
            const SourceRef* source;
        };
        std::vector<Entry> entries;
        for (const Standing& standing : event_.standings) {
            for (std::size_t i = 0; i < standing.unit.players.size(); ++i) {
                if (isKnownPlayer(standing.unit.players[i]))
                    entries.push_back({standing.unit.players[i], &sourceOf(standing, i)});
            }
        }
        std::stable_sort(entries.begin(), entries.end(),
                         [](const Entry& x, const Entry& y) { return x.player < y.player; });
        for (std::size_t first = 0, i = 1; i < entries.size(); ++i) {
            if (entries[i].player != entries[first].player) {
                first = i;
                continue;
            }
            const SourceRef& firstSource = *entries[first].source;
            const SourceRef& repeatSource = *entries[i].source;
            report(repeatSource, "player_id",
                   eventName() + ": player " + playerName(entries[i].player) + " is listed twice (" +
                       where(firstSource, repeatSource) + " and " + where(repeatSource, repeatSource) +
                       // DECISIONS D1: a player is identified by an id.
                       "); if these are two different people, give one of them a new id");
        }
    }

    void checkUnitCount()
    {
        const std::size_t units = event_.standings.size();
        if (units >= 2)
            return;
        report(event_.source, {},
               eventName() + " has " + std::to_string(units) + (units == 1 ? " unit" : " units") +
                   "; an event needs at least two units to be rated");
    }

    // DECISIONS N2, N4: the standings are one game of N units in finishing order. Only the order is
    // rated, so a place that nobody holds (the raw NCA data skips a 68th once) leaves the order strict
    // and is accepted; a tie is not, and is reported once (event, place, entrants).
    void checkPlaces()
    {
        std::vector<std::size_t> placed;
        for (std::size_t i = 0; i < event_.standings.size(); ++i) {
            const Standing& standing = event_.standings[i];
            if (standing.place >= 1) {
                placed.push_back(i);
                continue;
            }
            report(
                standing.source, "place",
                eventName() + ": " + unitName(standing.unit) +
                    (standing.place == 0 ? " has no place" : " has place " + std::to_string(standing.place)) +
                    "; an event rated from its standings needs a place (1 = winner) for every unit");
        }
        std::stable_sort(placed.begin(), placed.end(), [this](std::size_t x, std::size_t y) {
            return event_.standings[x].place < event_.standings[y].place;
        });

        for (std::size_t begin = 0; begin < placed.size();) {
            const int place = event_.standings[placed[begin]].place;
            std::size_t end = begin + 1;
            while (end < placed.size() && event_.standings[placed[end]].place == place)
                ++end;
            if (end - begin > 1)
                reportTie(place, placed.begin() + static_cast<std::ptrdiff_t>(begin),
                          placed.begin() + static_cast<std::ptrdiff_t>(end));
            begin = end;
        }
    }

    void reportTie(int place, std::vector<std::size_t>::const_iterator first,
                   std::vector<std::size_t>::const_iterator last)
    {
        const SourceRef& source = event_.standings[*first].source;
        std::string entrants;
        for (auto it = first; it != last; ++it) {
            if (it != first)
                entrants += it + 1 == last ? " and " : ", ";
            const Standing& standing = event_.standings[*it];
            entrants += unitName(standing.unit) + " (" + where(standing.source, source) + ")";
        }
        report(source, "place",
               eventName() + ": place " + std::to_string(place) + " is tied between " + entrants +
                   // DECISIONS N4: a tied finish is not valid rating input.
                   "; a tied finish cannot be rated, break the tie first");
    }

    // DECISIONS N3: every game is between units of this event, and no player is on both sides.
    void checkGames()
    {
        std::vector<PlayerIndex> entrants;
        for (const Standing& standing : event_.standings) {
            for (PlayerIndex player : standing.unit.players)
                entrants.push_back(player);
        }
        std::sort(entrants.begin(), entrants.end());

        for (const HeadToHeadGame& game : event_.games) {
            checkGameSide(game.a, game.source, "side_a", entrants);
            checkGameSide(game.b, game.source, "side_b", entrants);
            for (PlayerIndex player : game.b.players) {
                if (std::find(game.a.players.begin(), game.a.players.end(), player) != game.a.players.end())
                    report(game.source, "side_b",
                           eventName() + ": player " + playerName(player) +
                               " plays on both sides of this game");
            }
        }
    }

    void checkGameSide(const Unit& side, const SourceRef& source, const std::string& field,
                       const std::vector<PlayerIndex>& entrants)
    {
        checkPlayerIndices(
            side, [&](std::size_t) -> const SourceRef& { return source; }, field);
        if (std::string problem = unitSizeProblem(side); !problem.empty())
            report(source, field, eventName() + ": game side " + problem);
        for (std::size_t i = 0; i < side.players.size(); ++i) {
            const PlayerIndex player = side.players[i];
            if (!isKnownPlayer(player))
                continue;
            if (std::find(side.players.begin(), side.players.begin() + static_cast<std::ptrdiff_t>(i),
                          player) != side.players.begin() + static_cast<std::ptrdiff_t>(i)) {
                report(source, field,
                       eventName() + ": player " + playerName(player) + " is named twice on one side");
                continue;
            }
            if (!std::binary_search(entrants.begin(), entrants.end(), player))
                report(source, field,
                       eventName() + ": player " + playerName(player) +
                           " is not among the event's entrants; list every entrant in the event's results");
        }
    }

    const RatingHistory& history_;
    const Event& event_;
    std::vector<Defect>& defects_;
};

} // namespace

std::vector<Defect> validateHistory(const RatingHistory& history)
{
    std::vector<Defect> defects;
    for (const Event& event : history.events)
        EventValidator(history, event, defects).run();
    return defects;
}

std::vector<Defect> validateHistoryBefore(const RatingHistory& history, DayNumber before)
{
    std::vector<Defect> defects;
    for (const Event& event : history.events) {
        if (event.date < before)
            EventValidator(history, event, defects).run();
    }
    return defects;
}

std::string describe(const Defect& defect)
{
    std::string text = defect.source.file.name();
    if (defect.source.line > 0) {
        if (!text.empty())
            text += ':';
        text += std::to_string(defect.source.line);
    }
    for (const std::string* part : {&defect.field, &defect.message}) {
        if (part->empty())
            continue;
        if (!text.empty())
            text += ": ";
        text += *part;
    }
    return text;
}

} // namespace flickdesk::engine
