// Benchmark of the FlickDesk database (core/store/store.h): prints milliseconds. Asserts nothing.
//
//   bench_store [HISTORY_DIR]   (default tests/data/nca-history; see bench/README.md)
//
// 1. Import of the whole history (the NCA sample: 153 events, 6,707 finishes) into a
//    new database, as `flickdesk-cli import-history` does it: reading the folder, creating the
//    file, one transaction. Median of 3, a new database each time. Target: under 2 s.
// 2. Opening that database and listing its events, as `flickdesk-cli events` does (the lock file,
//    the header, the list). The first open of a day also reads the whole file for damage
//    (quick_check) and makes the day's backup; it is shown apart. Median of 7. Target: under 0.3 s.
// 3. Export and import of the largest event (by units), awarded: the submission file and its
//    history folder, then into a new database. Median of 5.
// 4. The lock of the month after the history (core/records/monthlock.h): its first use, computed from the
//    stored history and stored; its use in a newly opened store, read back; and in the same store,
//    from memory. Median of 3, each first use on its own copy of the database.

#include "benchtiming.h"
#include "core/awards/awarding.h"
#include "core/awards/monthlocks.h"
#include "core/awards/tourpoints.h"
#include "core/formats/eventexchange.h"
#include "core/formats/historyreader.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::median;
using flickdesk::bench::millisecondsSince;
using Clock = std::chrono::steady_clock;

namespace {

std::unique_ptr<core::Store> open(const QString& path)
{
    core::StoreOptions options;
    options.path = path;
    core::Store::OpenResult opened = core::Store::open(options);
    if (!opened.store)
        std::fprintf(stderr, "bench_store: %s\n", qPrintable(opened.error));
    return std::move(opened.store);
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const QString history = flickdesk::bench::historyDirArgument(app.arguments().mid(1));
    QTemporaryDir temp;
    if (!temp.isValid())
        return 1;

    // 1. Import
    std::vector<double> imports;
    std::vector<double> reads;
    QString database;
    int eventsAdded = 0;
    for (int run = 0; run < 3; ++run) {
        database = temp.filePath(QStringLiteral("import-%1.sqlite").arg(run));
        const auto start = Clock::now();
        const core::HistoryFolder folder = core::readHistoryFolder(history);
        reads.push_back(millisecondsSince(start));
        const auto store = open(database);
        if (!store)
            return 1;
        const core::ImportReport report = store->importHistory(folder, history);
        imports.push_back(millisecondsSince(start));
        if (!report.ok() || report.eventsAdded == 0) {
            std::fprintf(stderr, "bench_store: the import failed\n");
            return 1;
        }
        eventsAdded = report.eventsAdded;
    }
    std::printf("import of the history (%d events) into a new database: %.1f ms "
                "(median of 3; reading the folder %.1f ms of it; target under 2000 ms for the NCA sample)\n",
                eventsAdded, median(imports), median(reads));
    std::printf("  database file: %.0f KiB\n", static_cast<double>(QFile(database).size()) / 1024.0);

    // 2. Open and list
    double firstOpen = 0.0;
    std::vector<double> opens;
    std::size_t listed = 0;
    for (int run = 0; run < 8; ++run) {
        const auto start = Clock::now();
        const auto store = open(database);
        if (!store)
            return 1;
        listed = store->events().size();
        const double ms = millisecondsSince(start);
        if (run == 0)
            firstOpen = ms;
        else
            opens.push_back(ms);
    }
    std::printf("open the database and list its %zu events: %.1f ms (median of 7; the first open of the day, "
                "with its backup: %.1f ms; target under 300 ms)\n",
                listed, median(opens), firstOpen);

    // 3. Export and import of the largest event, awarded
    QString largest;
    std::size_t units = 0;
    {
        const auto store = open(database);
        if (!store)
            return 1;
        for (const core::EventSummary& summary : store->events()) {
            const std::optional<core::EventRecord> event = store->event(summary.id);
            if (event && event->units.size() > units) {
                units = event->units.size();
                largest = summary.id;
            }
        }
        const core::HistoryFolder folder = store->loadHistory();
        const core::TourPoints points = core::computeTourPoints(
            folder, {}, [&largest](const core::EventInfo& info) { return info.eventId == largest; });
        if (points.events.size() == 1)
            store->award(largest, core::awardRecordOf(folder, points.events.front(), points.locks));
    }
    std::vector<double> exports;
    std::vector<double> importsOfEvent;
    std::vector<double> opensOfNew;
    qint64 bytes = 0;
    for (int run = 0; run < 5; ++run) {
        const QString json = temp.filePath(QStringLiteral("event-%1.json").arg(run));
        {
            const auto store = open(database);
            if (!store)
                return 1;
            const auto start = Clock::now();
            const core::EventExchange exchange = core::exchangeOfEvent(*store, largest);
            if (const QString error = core::writeEventExport(exchange, json); !error.isEmpty()) {
                std::fprintf(stderr, "bench_store: %s\n", qPrintable(error));
                return 1;
            }
            exports.push_back(millisecondsSince(start));
        }
        bytes = QFile(json).size();
        const auto openStart = Clock::now();
        const auto target = open(temp.filePath(QStringLiteral("target-%1.sqlite").arg(run)));
        if (!target)
            return 1;
        opensOfNew.push_back(millisecondsSince(openStart));
        const auto start = Clock::now();
        QFile file(json);
        if (!file.open(QIODevice::ReadOnly))
            return 1;
        const core::EventImportResult result = core::importEventExchange(*target, file.readAll(), json);
        importsOfEvent.push_back(millisecondsSince(start));
        if (result.outcome != core::EventImportResult::Outcome::Added) {
            std::fprintf(stderr, "bench_store: the event import failed\n");
            return 1;
        }
    }
    std::printf(
        "export of the largest event (%s, %zu units, awarded): %.1f ms for the %.0f KiB file and its history "
        "folder (median of 5)\n",
        qPrintable(largest), units, median(exports), static_cast<double>(bytes) / 1024.0);
    std::printf("import of that file into another database: %.1f ms (median of 5; creating that database "
                "%.1f ms before it)\n",
                median(importsOfEvent), median(opensOfNew));

    // 4. The lock of a month
    std::vector<double> firstUses;
    std::vector<double> storedUses;
    std::vector<double> cachedUses;
    int players = 0;
    for (int run = 0; run < 3; ++run) {
        const QString copy = temp.filePath(QStringLiteral("lock-%1.sqlite").arg(run));
        if (!QFile::copy(database, copy))
            return 1;
        {
            const auto store = open(copy);
            if (!store)
                return 1;
            core::MonthLocks locks(*store); // the one home of a month's lock, with its memory
            auto start = Clock::now();
            players = locks.lockFor(QStringLiteral("2026-01")).players;
            firstUses.push_back(millisecondsSince(start));
            start = Clock::now();
            locks.lockFor(QStringLiteral("2026-01"));
            cachedUses.push_back(millisecondsSince(start));
        }
        const auto store = open(copy);
        if (!store)
            return 1;
        const auto start = Clock::now();
        core::MonthLocks(*store).lockFor(QStringLiteral("2026-01"));
        storedUses.push_back(millisecondsSince(start));
    }
    std::printf("the lock of 2026-01 (%d players rated): first use, computed and stored %.1f ms; in a newly "
                "opened store, read back %.1f ms; again in the same store %.3f ms (medians of 3)\n",
                players, median(firstUses), median(storedUses), median(cachedUses));
    return 0;
}
