// Benchmark of the checks an import makes before it writes (docs/imports.md): prints milliseconds
// and microseconds. Asserts nothing.
//
//   bench_imports [EVENTS]
//
// A generated history of EVENTS events (default 20,000: about seven a day over eight years, 8 to 40
// players each from a pool of 3,000) is imported into a new database; then
// 1. Store::sameEventAs for 1,000 of its events under another id (each finds its stored twin):
//    the look-up by date and name that import-event and import-history make for every new event;
// 2. importEventExchange of one of them under another id: refused, as the window and
//    `flickdesk-cli import-event` refuse it. Median of 5.
// The look-up reads only the events of one day (the events_by_date index), so neither figure grows
// with the number of events stored.

#include "benchtiming.h"
#include "core/formats/eventexchange.h"
#include "core/formats/historyreader.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"

#include <QCoreApplication>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::median;
using flickdesk::bench::millisecondsSince;
using Clock = std::chrono::steady_clock;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// events.csv and results.csv of `events` singles events.
bool writeHistory(const QString& dir, int events)
{
    std::mt19937 random(20260101);
    std::uniform_int_distribution<int> fieldSize(8, 40);
    std::uniform_int_distribution<int> player(1, 3000);
    QByteArray eventsCsv = "event_id,date,name,format,group,tour,tier,season,field_size\n";
    QByteArray resultsCsv = "event_id,place,player_id,team\n";
    const QDate first(2018, 1, 1);
    for (int e = 1; e <= events; ++e) {
        const QDate date = first.addDays(e / 7);
        const int size = fieldSize(random);
        eventsCsv += QStringLiteral("%1,%2,Club night %3,singles,NCA,none,,,%4\n")
                         .arg(e)
                         .arg(date.toString(Qt::ISODate))
                         .arg(e % 7)
                         .arg(size)
                         .toUtf8();
        std::vector<int> field;
        while (static_cast<int>(field.size()) < size) {
            const int p = player(random);
            if (std::find(field.begin(), field.end(), p) == field.end())
                field.push_back(p);
        }
        for (int place = 1; place <= size; ++place)
            resultsCsv += QStringLiteral("%1,%2,%3,\n").arg(e).arg(place).arg(field[place - 1]).toUtf8();
    }
    return writeFile(QDir(dir).filePath(QStringLiteral("events.csv")), eventsCsv) &&
           writeFile(QDir(dir).filePath(QStringLiteral("results.csv")), resultsCsv);
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const int events = argc > 1 ? std::max(10, QString::fromLocal8Bit(argv[1]).toInt()) : 20000;
    QTemporaryDir temp;
    if (!temp.isValid() || !writeHistory(temp.path(), events))
        return 1;
    core::StoreOptions options;
    options.path = temp.filePath(QStringLiteral("bench.sqlite"));
    core::Store::OpenResult opened = core::Store::open(options);
    if (!opened.store) {
        std::fprintf(stderr, "bench_imports: %s\n", qPrintable(opened.error));
        return 1;
    }
    core::Store& store = *opened.store;
    auto start = Clock::now();
    const core::ImportReport report = store.importHistory(temp.path());
    if (!report.ok()) {
        std::fprintf(stderr, "bench_imports: the generated history has %zu defects\n", report.defects.size());
        return 1;
    }
    std::printf("import of a generated history of %d events (%d finishes) into a new database: %.0f ms\n",
                report.eventsAdded, report.finishes, millisecondsSince(start));

    // 1. The look-up of each of 1,000 events under another id.
    std::vector<core::EventRecord> lookalikes;
    for (int e = 1; e <= events; e += std::max(1, events / 1000)) {
        core::EventRecord record = *store.event(QString::number(e));
        record.id = QStringLiteral("L%1").arg(e);
        lookalikes.push_back(std::move(record));
    }
    int found = 0;
    start = Clock::now();
    for (const core::EventRecord& record : lookalikes)
        found += store.sameEventAs(record) ? 1 : 0;
    const double lookups = millisecondsSince(start);
    std::printf("Store::sameEventAs of %zu events under another id: %.1f ms, %.1f us each (%d found)\n",
                lookalikes.size(), lookups, 1000.0 * lookups / static_cast<double>(lookalikes.size()), found);

    // 2. import-event of one of them: refused before anything is written.
    core::EventExchange exchange = core::exchangeOfEvent(store, QString::number(events / 2));
    exchange.event.id = QStringLiteral("L-bench");
    const QByteArray file = core::serializeEventExchange(exchange);
    std::vector<double> imports;
    for (int run = 0; run < 5; ++run) {
        start = Clock::now();
        const core::EventImportResult result =
            core::importEventExchange(store, file, QStringLiteral("bench.json"));
        imports.push_back(millisecondsSince(start));
        if (result.outcome != core::EventImportResult::Outcome::Refused) {
            std::fprintf(stderr, "bench_imports: the lookalike was not refused\n");
            return 1;
        }
    }
    const core::EventImportResult result =
        core::importEventExchange(store, file, QStringLiteral("bench.json"));
    std::printf("import-event of a lookalike into that database, refused: %.2f ms (median of 5): %s\n",
                median(imports),
                result.defects.empty() ? "" : engine::describe(result.defects.front()).c_str());
    return 0;
}
