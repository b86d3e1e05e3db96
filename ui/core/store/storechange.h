#pragma once

// What a write of the database touched (Store::addChangeListener): announced once the write's
// transaction committed, never for one rolled back, so that every model and view that shows
// something of the store can redo or mark stale what the write changed, and nobody refreshes a
// view by hand. Several transactions of one call (an import, a rating run) are one announcement.

#include <QList>
#include <QString>
#include <QStringList>
#include <algorithm>

namespace flickdesk::core {

struct StoreChange {
    enum Area : unsigned {
        None = 0,
        Event = 1u << 0,    // an event's own fields or status, an event added (eventIds)
        Entrants = 1u << 1, // the field of the events in eventIds: units, players, check-in
        Results = 1u << 2,  // standings or games of the events in eventIds
        Players = 1u << 3,  // a player added, removed, renamed, merged or given another id
        History = 1u << 4,  // the rated history (finished and awarded events) from historySince on
        Locks = 1u << 5,    // stored locks (months; all of them when empty) or their parameters
        Awards = 1u << 6,   // awarded points of the events in eventIds
        Pools = 1u << 7,    // the rating pools of the other systems
        Settings = 1u << 8, // a setting (the Finale of a season, earlier champions, parameters)
        Play = 1u << 9,     // the day of play of the events in eventIds: format, scores, shoot-outs, places
    };

    unsigned areas = None;
    QStringList eventIds; // the events whose Event, Entrants, Results or Awards changed
    // With History: the date (YYYY-MM-DD) of the earliest event whose change touched the rated
    // history, so that the locks of months up to its own stay as they were; empty: all of it.
    QString historySince;
    QStringList months; // with Locks: the months whose stored lock changed; empty: any month
    // With Entrants: the units (entrant numbers) changed; empty: any of them.
    QList<int> units;

    static StoreChange of(unsigned areas, const QString& eventId = {})
    {
        StoreChange change;
        change.areas = areas;
        if (!eventId.isEmpty())
            change.eventIds.append(eventId);
        return change;
    }
    // The rated history changed at `date` (empty: anywhere).
    static StoreChange history(const QString& date = {})
    {
        StoreChange change = of(History);
        change.historySince = date;
        return change;
    }
    static StoreChange locks(const QString& month = {})
    {
        StoreChange change = of(Locks);
        if (!month.isEmpty())
            change.months.append(month);
        return change;
    }

    bool isEmpty() const { return areas == None; }
    bool touches(unsigned any) const { return (areas & any) != 0; }
    // Whether one of `any` changed for the event `eventId`.
    bool touchesEvent(const QString& eventId, unsigned any = Event | Entrants | Results | Awards) const
    {
        return touches(any) && (eventIds.isEmpty() || eventIds.contains(eventId));
    }
    // Whether the lock of `month` (YYYY-MM), computed from the history before the month's first
    // day, may be another now: the history before it changed, or its stored lock.
    bool touchesLockOf(const QString& month) const
    {
        if (touches(History) && (historySince.isEmpty() || historySince.left(7) < month))
            return true;
        return touches(Locks) && (months.isEmpty() || months.contains(month));
    }

    // The change of both (one announcement for several writes).
    void merge(const StoreChange& other)
    {
        if (other.isEmpty())
            return;
        const bool hadEvents = touches(Event | Entrants | Results | Awards);
        const bool otherEvents = other.touches(Event | Entrants | Results | Awards);
        // An empty list is "every event" once an area of events is touched.
        if (hadEvents && otherEvents && !eventIds.isEmpty() && !other.eventIds.isEmpty()) {
            for (const QString& id : other.eventIds) {
                if (!eventIds.contains(id))
                    eventIds.append(id);
            }
        } else if (hadEvents && otherEvents) {
            eventIds.clear();
        } else if (otherEvents) {
            eventIds = other.eventIds;
        }
        if (other.touches(Entrants)) {
            if (!touches(Entrants))
                units = other.units;
            else if (units.isEmpty() || other.units.isEmpty())
                units.clear();
            else {
                for (const int unit : other.units) {
                    if (!units.contains(unit))
                        units.append(unit);
                }
            }
        }
        if (other.touches(History)) {
            if (!touches(History))
                historySince = other.historySince;
            else if (historySince.isEmpty() || other.historySince.isEmpty())
                historySince.clear();
            else
                historySince = std::min(historySince, other.historySince);
        }
        if (other.touches(Locks)) {
            if (!touches(Locks))
                months = other.months;
            else if (months.isEmpty() || other.months.isEmpty())
                months.clear();
            else {
                for (const QString& month : other.months) {
                    if (!months.contains(month))
                        months.append(month);
                }
            }
        }
        areas |= other.areas;
    }
};

} // namespace flickdesk::core
