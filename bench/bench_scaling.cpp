// Benchmark of how two commands of flickdesk-cli grow with their input: prints seconds per size.
// Asserts nothing.
//
//   bench_scaling [history N...] [export N...]
//
// history N: `flickdesk-cli import-history` of a generated folder whose results.csv has N rows, each
//            naming an event that events.csv does not list (every row a defect; the whole refusal
//            is timed, its messages written to a discarded stream). Default 10000 80000 320000 1000000.
// export N:  `flickdesk-cli export-event` of one finished singles event of N units (a database
//            made through the Store API first, not timed). Default 20000 40000 80000 200000.
//
// Without arguments both run with their defaults. Each figure is one run: the sizes differ enough
// for the growth to show; time whole processes for a median.

#include "benchtiming.h"
#include "cli/cli.h"
#include "core/store/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

int runCommand(const QStringList& args)
{
    QString outText;
    QString errText;
    QTextStream out(&outText);
    QTextStream err(&errText);
    return core::runCli(args, out, err);
}

bool benchHistory(const QTemporaryDir& temp, int rows)
{
    const QString folder = temp.filePath(QStringLiteral("history-%1").arg(rows));
    if (!QDir().mkpath(folder))
        return false;
    QByteArray events("event_id,date,format\nE1,2024-01-06,singles\n");
    QByteArray results("event_id,place,player_id\n");
    results.reserve(rows * 24);
    for (int row = 0; row < rows; ++row)
        results.append("X" + QByteArray::number(row) + ",1,P" + QByteArray::number(row) + '\n');
    if (!writeFile(QDir(folder).filePath(QStringLiteral("events.csv")), events) ||
        !writeFile(QDir(folder).filePath(QStringLiteral("results.csv")), results))
        return false;
    const QString database = temp.filePath(QStringLiteral("history-%1.sqlite").arg(rows));
    const auto start = Clock::now();
    const int status =
        runCommand({QStringLiteral("import-history"), folder, QStringLiteral("--db"), database});
    const double seconds = secondsSince(start);
    std::printf("import-history, %7d rows naming unknown events: %8.3f s (exit %d)\n", rows, seconds, status);
    std::fflush(stdout);
    return status == core::cli_exit::inputDefects;
}

bool benchExport(const QTemporaryDir& temp, int units)
{
    const QString database = temp.filePath(QStringLiteral("export-%1.sqlite").arg(units));
    {
        core::StoreOptions options;
        options.path = database;
        core::Store::OpenResult opened = core::Store::open(options);
        if (!opened.store) {
            std::fprintf(stderr, "bench_scaling: %s\n", qPrintable(opened.error));
            return false;
        }
        core::EventRecord event;
        event.id = QStringLiteral("BIG");
        event.date = QStringLiteral("2024-01-06");
        event.name = QStringLiteral("A large open");
        event.status = core::EventStatus::Finished;
        std::vector<core::PlayerRecord> players;
        players.reserve(static_cast<std::size_t>(units));
        event.units.reserve(static_cast<std::size_t>(units));
        for (int unit = 1; unit <= units; ++unit) {
            const QString id = QStringLiteral("P%1").arg(unit);
            players.push_back({id, QStringLiteral("Player %1").arg(unit), QString(), QString()});
            core::UnitRecord record;
            record.number = unit;
            record.status = core::EntrantStatus::Started;
            record.place = unit;
            record.playerIds = {id};
            event.units.push_back(std::move(record));
        }
        opened.store->addEvent(event, players);
    }
    const QString output = temp.filePath(QStringLiteral("export-%1.json").arg(units));
    const auto start = Clock::now();
    const int status = runCommand({QStringLiteral("export-event"), QStringLiteral("BIG"),
                                   QStringLiteral("--db"), database, QStringLiteral("-o"), output});
    const double seconds = secondsSince(start);
    std::printf("export-event, one event of %7d units:          %8.3f s (exit %d; the file %.1f MB)\n", units,
                seconds, status, static_cast<double>(QFile(output).size()) / 1e6);
    std::fflush(stdout);
    return status == core::cli_exit::ok;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QTemporaryDir temp;
    if (!temp.isValid())
        return 1;
    std::vector<int> historyRows;
    std::vector<int> exportUnits;
    std::vector<int>* sizes = nullptr;
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == "history") {
            sizes = &historyRows;
        } else if (argument == "export") {
            sizes = &exportUnits;
        } else if (bool ok = false; sizes && (argument.toInt(&ok), ok) && argument.toInt() > 0) {
            sizes->push_back(argument.toInt());
        } else {
            std::fprintf(stderr, "usage: bench_scaling [history N...] [export N...]\n");
            return 64;
        }
    }
    if (argc == 1) {
        historyRows = {10000, 80000, 320000, 1000000};
        exportUnits = {20000, 40000, 80000, 200000};
    }
    for (const int rows : historyRows) {
        if (!benchHistory(temp, rows))
            return 1;
    }
    for (const int units : exportUnits) {
        if (!benchExport(temp, units))
            return 1;
    }
    return 0;
}
