// The store's announcements (Store::addChangeListener): what each write touched, heard once its
// transaction committed. SQLite's commit and rollback hooks sort the changes of a write that
// commits from those of one rolled back, so that a write says what it touches in one line
// (Private::touched) wherever it is, and a refusal thrown after it announces nothing.

#include "core/store/storeprivate.h"

namespace flickdesk::core {

void Store::Private::touched(const StoreChange& change)
{
    if (listeners.empty())
        return; // nobody hears it (the command line, a worker connection)
    if (hookedHandle != db.handle()) {
        hookedHandle = db.handle();
        sqlite3_commit_hook(
            hookedHandle,
            [](void* data) {
                auto* d = static_cast<Private*>(data);
                d->committedChange.merge(d->pendingChange);
                d->pendingChange = {};
                return 0; // the commit goes on
            },
            this);
        sqlite3_rollback_hook(
            hookedHandle, [](void* data) { static_cast<Private*>(data)->pendingChange = {}; }, this);
    }
    pendingChange.merge(change);
}

void Store::Private::announcePending() noexcept
{
    // Touched outside any transaction (SQLite's autocommit): written already.
    if (db.isOpen() && sqlite3_get_autocommit(db.handle()) != 0) {
        committedChange.merge(pendingChange);
        pendingChange = {};
    }
    if (committedChange.isEmpty())
        return;
    const StoreChange change = std::exchange(committedChange, StoreChange{});
    const auto heard = listeners; // a listener may remove itself or another
    for (const auto& [id, listener] : heard) {
        try {
            listener(change);
        } catch (...) { // a listener's failure is its own; the write stands
        }
    }
}

StoreChange Store::Private::eventDayChange(const QString& eventId, EventStatus status, const QString& action,
                                           const QJsonObject& details)
{
    if (listeners.empty())
        return {};
    StoreChange change;
    if (action == QLatin1String("update-event") || action == QLatin1String("status")) {
        change = StoreChange::of(StoreChange::Event, eventId);
    } else if (action == QLatin1String("award")) {
        change = StoreChange::of(StoreChange::Event | StoreChange::Awards, eventId);
    } else if (action == QLatin1String("set-standings") || action == QLatin1String("set-games")) {
        // Places live with the entrants (Entrant::place): every unit may have another.
        change = StoreChange::of(StoreChange::Results | StoreChange::Entrants, eventId);
    } else {
        change = StoreChange::of(StoreChange::Entrants, eventId);
        if (details.contains(QStringLiteral("unit")))
            change.units.append(details.value(QStringLiteral("unit")).toInt());
        for (const QString& key : {QStringLiteral("added"), QStringLiteral("removed"),
                                   QStringLiteral("restored"), QStringLiteral("before")}) {
            for (const QJsonValue& unit : details.value(key).toArray()) {
                const int number = unit.toObject().value(QStringLiteral("unit")).toInt();
                if (number > 0 && !change.units.contains(number))
                    change.units.append(number);
            }
        }
    }
    if (status == EventStatus::Finished || status == EventStatus::Awarded) {
        // Finished and awarded events are the rated history, from this event's date on (an event
        // moved to another date: from the earlier of the two, and so from any).
        const bool moved = action == QLatin1String("update-event");
        change.merge(StoreChange::history(moved ? QString() : requireEvent(eventId).date));
    }
    return change;
}

int Store::addChangeListener(std::function<void(const StoreChange&)> listener)
{
    const int id = d->nextListener++;
    d->listeners.emplace(id, std::move(listener));
    return id;
}

void Store::removeChangeListener(int id)
{
    d->listeners.erase(id);
}

void Store::announce(const StoreChange& change)
{
    const Private::Announcing announcing(*d);
    d->committedChange.merge(change);
}

} // namespace flickdesk::core
