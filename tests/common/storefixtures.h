#pragma once

// Fixtures shared by the tests of tests/core and tests/ui that work on a FlickDesk database
// (core/store/store.h): opening a store with the options a test varies, the event a director drafts,
// a realistic field from the history's latest events, and every table's rows as text to compare a
// database before and after a change. The helpers for driving flickdesk-cli are in
// tests/core/clitestsupport.h.

#include "core/store/sqlite.h"
#include "core/store/store.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QtGlobal>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace flickdesk::testing {

// A wall clock stopped at `now`: backup names and audit times come out the same on every run.
inline std::function<QDateTime()> fixedClock(const QDateTime& now)
{
    return [now] { return now; };
}

// Opens the store `options` describe. When it cannot, warns with the store's reason (a bare
// QVERIFY(store) would not show it) and returns null.
inline std::unique_ptr<core::Store> openStore(const core::StoreOptions& options)
{
    core::Store::OpenResult result = core::Store::open(options);
    if (!result.store)
        qWarning("%s", qPrintable(result.error));
    return std::move(result.store);
}

// Opens the database at `path` with the default options.
inline std::unique_ptr<core::Store> openStore(const QString& path)
{
    core::StoreOptions options;
    options.path = path;
    return openStore(options);
}

// A database at `path` as an older FlickDesk made it: created (or opened) at schema `version`. Null,
// with a warning, when it cannot be, or opens at another version.
inline std::unique_ptr<core::Store> openStoreAtVersion(const QString& path, int version)
{
    core::StoreOptions options;
    options.path = path;
    options.schemaVersion = version;
    std::unique_ptr<core::Store> store = openStore(options);
    if (store && store->schemaVersion() != version) {
        qWarning("%s opened at schema version %d, not %d", qPrintable(path), store->schemaVersion(), version);
        return nullptr;
    }
    return store;
}

// The evening of Saturday 6 December 2025 (UTC): where the store tests stop the clock.
inline QDateTime saturdayEvening()
{
    return QDateTime(QDate(2025, 12, 6), QTime(18, 0), Qt::UTC);
}

// Opens the database at `path` (read-only when asked) with its clock stopped at saturdayEvening().
inline std::unique_ptr<core::Store> openStoppedStore(const QString& path, bool readOnly = false)
{
    core::StoreOptions options;
    options.path = path;
    options.readOnly = readOnly;
    options.clock = fixedClock(saturdayEvening());
    return openStore(options);
}

// The "Tavistock Open" of the NCA on the Competitive Tour on `date`, as a director drafts it.
inline core::EventDraft draftOn(const QString& date,
                                engine::EventFormat format = engine::EventFormat::Singles, int tier = 3,
                                const QString& season = QString())
{
    core::EventDraft draft;
    draft.date = date;
    draft.name = QStringLiteral("Tavistock Open");
    draft.format = format;
    draft.tier = tier;
    draft.tour = core::Tour::Competitive;
    draft.group = QStringLiteral("NCA");
    draft.season = season;
    return draft;
}

// Whether an event came with the history rather than from the test: the store gives the events a
// director creates local ids with the desk tag, "E7KQX-1", "E7KQX-2", ... (older databases: "L1")
inline bool isHistoryEvent(const core::EventSummary& event)
{
    return !event.id.startsWith(u'E') && !event.id.startsWith(u'L');
}

// The first event the test created in `store` (its id carries the database's desk tag).
inline QString createdEvent(core::Store& store)
{
    for (const core::EventSummary& event : store.events())
        if (!isHistoryEvent(event))
            return event.id;
    return {};
}

// Which of a store's events a helper draws on.
using EventFilter = std::function<bool(const core::EventSummary&)>;

// Up to `count` distinct players of the latest events that `include` accepts, most recent event
// first: a realistic field.
inline QStringList recentPlayers(core::Store& store, int count, const EventFilter& include = isHistoryEvent)
{
    QStringList ids;
    const std::vector<core::EventSummary> events = store.events();
    for (auto it = events.rbegin(); it != events.rend() && ids.size() < count; ++it) {
        if (!include(*it))
            continue;
        const core::EventRecord event = *store.event(it->id);
        for (const core::UnitRecord& unit : event.units) {
            for (const QString& id : unit.playerIds) {
                if (!ids.contains(id) && ids.size() < count)
                    ids.append(id);
            }
        }
    }
    return ids;
}

// How dumpTables() lists a table's rows.
enum class RowOrder {
    AsRead, // as SQLite returns them: a change that only moves rows shows
    Sorted, // by every column: two databases with the same data give the same text whatever their
            // files look like
};

// Every table's rows as text, read beside the store (read-only), to compare a database before and
// after a change.
inline QString dumpTables(const QString& path, RowOrder order = RowOrder::AsRead)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    QString text;
    QStringList tables;
    {
        core::sqlite::Statement list(db, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
        while (list.step())
            tables.append(list.text(0));
    }
    for (const QString& table : tables) {
        text += u'[' + table + QStringLiteral("]\n");
        std::string sql = "SELECT * FROM \"" + table.toStdString() + "\"";
        if (order == RowOrder::Sorted) {
            const int columns = core::sqlite::Statement(db, sql).columnCount();
            for (int c = 1; c <= columns; ++c) {
                sql += c > 1 ? ", " : " ORDER BY ";
                sql += std::to_string(c);
            }
        }
        core::sqlite::Statement rows(db, sql);
        while (rows.step()) {
            for (int c = 0; c < rows.columnCount(); ++c)
                text += (rows.isNull(c) ? QStringLiteral("NULL") : rows.text(c)) + u'|';
            text += u'\n';
        }
    }
    return text;
}

// The single integer `sql` gives on the database at `path`, read beside the store; -1 when none.
inline std::int64_t queryInteger(const QString& path, const char* sql)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    return db.queryInteger(sql).value_or(-1);
}

} // namespace flickdesk::testing
