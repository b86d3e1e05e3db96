#pragma once

// The event day of the FlickDesk database (core/store/store.h): the stored events, an event's
// settings and status, its entrants, standings and games.

#include "core/records/eventdayrecords.h"
#include "core/records/eventrecords.h"
#include "core/store/storeconnection.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace flickdesk::core {

class EventDayStore : public virtual StoreConnection {
public:
    std::vector<EventSummary> events(); // by date, then in the order they were added
    std::optional<EventRecord> event(const QString& id);
    int eventCount();
    void setEventStatus(const QString& eventId, EventStatus status);

    // ---- the event day. Writes are one transaction each and refused on a read-only store
    // (StoreError::ReadOnly) as every write is; a change to a finished or awarded event is logged in
    // the audit log. StoreError::Refused, with the reason in words, for a request the data forbids.

    // A new planned event with a local id ("L1", "L2", ...; never one an import uses).
    QString createEvent(const EventDraft& draft);
    // Name, date, format, tier, Tour division, group, season and experimental cap; not the status.
    void updateEvent(const QString& eventId, const EventDraft& draft);

    // A new entrant of one player (singles) or one or two (doubles; pair them later): its number.
    // A player is at most once in an event.
    int addEntrant(const QString& eventId, const QStringList& playerIds,
                   EntrantStatus status = EntrantStatus::Registered);
    // Refused while a game of the event names one of its players.
    void removeEntrant(const QString& eventId, int unit);
    // Refused (Started or Withdrawn) for a doubles unit of one player: pair a partner first.
    void setEntrantStatus(const QString& eventId, int unit, EntrantStatus status);
    // Several entrants at once, in one transaction: all of them, or none when one is refused.
    void setEntrantStatuses(const QString& eventId, const std::vector<int>& units, EntrantStatus status);
    // Doubles: the single player of `partnerUnit` joins `unit` as its second partner; `partnerUnit`
    // goes (with any place it had). The team keeps `unit`'s number; it began if either had.
    int pairPartners(const QString& eventId, int unit, int partnerUnit);
    // The players of a unit: one (singles), one or two (doubles).
    void setTeam(const QString& eventId, int unit, const QStringList& playerIds);
    // Puts entrants back exactly as given (players, status, place and listed position): each one
    // replaces the entrant of its number or is added with it. The undo of the edits above.
    void restoreEntrants(const QString& eventId, const std::vector<Entrant>& entrants);
    std::vector<Entrant> entrants(const QString& eventId); // by number
    std::optional<Entrant> entrant(const QString& eventId, int unit);

    // The final standings, replacing any earlier: each unit's place, in the order listed (kept:
    // DECISIONS N4 breaks a tie by it). Equal places are stored; core::validateResults reports them
    // (core/awards/awarding.h).
    void setStandings(const QString& eventId, const std::vector<Placing>& listed);
    std::vector<Placing> standings(const QString& eventId); // in listed order
    // DECISIONS N3: the event's head-to-head games, replacing any earlier; numbered 1.. as given.
    void setGames(const QString& eventId, const std::vector<GameRecord>& games);
    // Both in one transaction (DECISIONS G8: the places of a day of play and, when the event is rated
    // from its games, its games; an empty list of games: rated from its places).
    void setStandingsAndGames(const QString& eventId, const std::vector<Placing>& listed,
                              const std::vector<GameRecord>& games);

protected:
    EventDayStore() = default;
    ~EventDayStore() = default;

private:
    // The writes of the three above, inside the caller's transaction.
    void writeStandings(const QString& eventId, const std::vector<Placing>& listed);
    void writeGames(const QString& eventId, const std::vector<GameRecord>& games);
};

} // namespace flickdesk::core
