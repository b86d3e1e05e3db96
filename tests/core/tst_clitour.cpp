// flickdesk-cli lock, points, standings and payout: formats, the monthly lock against `rate`, the
// points of the real NCA history checked row by row and recomputed independently from `lock`,
// standings against the points, tie-breaks on a hand-built history, payout tables, bad input and
// usage errors.
#include "clitestsupport.h"
#include "core/awards/tourpoints.h"
#include "cli/cli.h"
#include "core/formats/historyreader.h"
#include "core/store/store.h"
#include "flickdesk/engine/points.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <vector>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

QStringList lines(const QString& text)
{
    return text.split(u'\n', Qt::SkipEmptyParts);
}

// A CSV number with exactly `decimals` decimals; NaN if it is not one.
double number(const QString& text, int decimals)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    return ok && text.section(u'.', 1).size() == decimals ? value : std::nan("");
}

long long tenths(const QString& text)
{
    return std::llround(number(text, 1) * 10.0);
}

// events.csv of the NCA history, by event id: the row's fields, and the ids in file order.
struct EventsCsv {
    QStringList header;
    QHash<QString, QStringList> byId;
    QStringList order;

    QString field(const QString& eventId, const char* column) const
    {
        return byId.value(eventId).value(header.indexOf(QLatin1String(column)));
    }
};

EventsCsv readEventsCsv(const QString& dir)
{
    EventsCsv events;
    const QList<QStringList> rows = parseCsv(readText(QDir(dir).filePath(QStringLiteral("events.csv"))));
    events.header = rows.value(0);
    for (qsizetype i = 1; i < rows.size(); ++i) {
        events.byId.insert(rows[i][0], rows[i]);
        events.order.append(rows[i][0]);
    }
    return events;
}

// `points` of the whole NCA history, run once: its rows without the header.
const QList<QStringList>& ncaPointsRows()
{
    static const QList<QStringList> rows = [] {
        const CliRun result = run({QStringLiteral("points"), ncaHistoryDir()});
        QList<QStringList> parsed = parseCsv(result.out);
        if (result.status != core::cli_exit::ok || parsed.isEmpty())
            return QList<QStringList>();
        parsed.removeFirst();
        return parsed;
    }();
    return rows;
}

// A folder in `dir`'s subfolder `name` with these files; params.json only when given.
QString writeFolder(const QTemporaryDir& dir, const QString& name, const QByteArray& events,
                    const QByteArray& results, const QByteArray& params = {})
{
    if (!QDir(dir.path()).mkpath(name))
        return {};
    const QDir folder(dir.filePath(name));
    if (!writeFile(folder.filePath(QStringLiteral("events.csv")), events) ||
        !writeFile(folder.filePath(QStringLiteral("results.csv")), results))
        return {};
    if (!params.isNull() && !writeFile(folder.filePath(QStringLiteral("params.json")), params))
        return {};
    return folder.path();
}

// A copy of the history folder `source` with only the events dated before `firstDay` (YYYY-MM-DD),
// written to `dir`'s subfolder `name`.
QString writeEarlierEvents(const QString& source, const QString& firstDay, const QTemporaryDir& dir,
                           const QString& name)
{
    const QStringList eventLines = lines(readText(QDir(source).filePath(QStringLiteral("events.csv"))));
    const QStringList resultLines = lines(readText(QDir(source).filePath(QStringLiteral("results.csv"))));
    QByteArray events = eventLines.value(0).toUtf8() + '\n';
    QSet<QString> kept;
    for (qsizetype i = 1; i < eventLines.size(); ++i) {
        const QStringList fields = eventLines[i].split(u',');
        if (fields.value(1) < firstDay) {
            kept.insert(fields[0]);
            events += eventLines[i].toUtf8() + '\n';
        }
    }
    QByteArray results = resultLines.value(0).toUtf8() + '\n';
    for (qsizetype i = 1; i < resultLines.size(); ++i) {
        if (kept.contains(resultLines[i].section(u',', 0, 0)))
            results += resultLines[i].toUtf8() + '\n';
    }
    const QString params = QDir(source).filePath(QStringLiteral("params.json"));
    return writeFolder(dir, name, events, results,
                       QFile::exists(params) ? readText(params).toUtf8() : QByteArray());
}

// For the lock: players 1-4 in January; 1, 5-7 and doubles 1+8, 2+9, 3+5 in February (the 3rd and
// the 20th); 5, 6, 2 in March.
const QByteArray lockEvents = "event_id,date,name,format,group,tour,tier,season,field_size\n"
                              "1,2024-01-10,January Open,singles,UK,none,,S1,4\n"
                              "2,2024-02-03,February Open,singles,NCA,competitive,3,S1,4\n"
                              "3,2024-02-20,February Doubles,doubles,NCA,competitive,2,S1,3\n"
                              "4,2024-03-02,March Open,singles,NCA,competitive,1,S1,3\n";
const QByteArray lockResults = "event_id,place,player_id,team\n"
                               "1,1,1,\n1,2,2,\n1,3,3,\n1,4,4,\n"
                               "2,1,1,\n2,2,5,\n2,3,6,\n2,4,7,\n"
                               "3,1,1,1\n3,1,8,1\n3,2,2,2\n3,2,9,2\n3,3,3,3\n3,3,5,3\n"
                               "4,1,5,\n4,2,6,\n4,3,2,\n";

// A hand-built history for tie-breaks. Every event is in March 2030 with nobody rated before it,
// so every locked mu is 0 and each event pays its Tier floor: Tier 3 with 4 players pays
// 20.0 / 6.2 / 1.9 / 1.0, Tier 1 pays 40.0 / 12.3 / 3.8 / 1.0 (DECISIONS P4, P7).
//   A: 10 wins two Tier 3 events, 2 one Tier 1 event: 40.0 each, 10 has more 1st places.
//   B: 10 1st and 2 2nd, then 2 1st and 10 2nd at the WCC Singles: 26.2 each, the Finale decides.
//   C: 10 and 2 win one event each, no WCC Singles: tied; event 33 (no tour) can be named Finale.
//   R1, R2: recreational, 10 ahead of 2 in both.
const QByteArray tieEvents = "event_id,date,name,format,group,tour,tier,season,field_size\n"
                             "11,2030-03-02,Alpha Open,singles,NCA,competitive,3,A,4\n"
                             "12,2030-03-02,Alpha Classic,singles,NCA,competitive,3,A,4\n"
                             "13,2030-03-03,Alpha Major,singles,NCA,competitive,1,A,4\n"
                             "21,2030-03-05,Beta Open,singles,NCA,competitive,3,B,4\n"
                             "22,2030-03-06,WCC Singles 2030,singles,NCA,competitive,3,B,4\n"
                             "31,2030-03-07,Gamma Open,singles,NCA,competitive,3,C,4\n"
                             "32,2030-03-07,Gamma Classic,singles,NCA,competitive,3,C,4\n"
                             "33,2030-03-08,Gamma Friendly,singles,UK,none,,C,3\n"
                             "41,2030-03-10,Rec One,singles,NCA REC,recreational,3,R1,4\n"
                             "51,2030-03-20,Rec Two,singles,NCA REC,recreational,3,R2,4\n";
const QByteArray tieResults = "event_id,place,player_id,team\n"
                              "11,1,10,\n11,2,101,\n11,3,102,\n11,4,103,\n"
                              "12,1,10,\n12,2,104,\n12,3,105,\n12,4,106,\n"
                              "13,1,2,\n13,2,107,\n13,3,108,\n13,4,109,\n"
                              "21,1,10,\n21,2,2,\n21,3,201,\n21,4,202,\n"
                              "22,1,2,\n22,2,10,\n22,3,203,\n22,4,204,\n"
                              "31,1,10,\n31,2,301,\n31,3,302,\n31,4,303,\n"
                              "32,1,2,\n32,2,304,\n32,3,305,\n32,4,306,\n"
                              "33,1,900,\n33,2,301,\n33,3,901,\n"
                              "41,1,10,\n41,2,2,\n41,3,401,\n41,4,402,\n"
                              "51,1,10,\n51,2,2,\n51,3,501,\n51,4,502,\n";

// DECISIONS P4-P7 written out: the FSI (floored) and FDI of a field of unit ratings.
struct FieldIndices {
    double fsi = 0.0;
    double fdi = 0.0;
};

FieldIndices fieldIndices(std::vector<double> ratings, bool doubles, int tier)
{
    std::sort(ratings.begin(), ratings.end(), std::greater<double>());
    const auto n = static_cast<int>(ratings.size());
    const int top = std::min(doubles ? 10 : 20, n); // the top 20 players or 10 teams
    double sum = 0.0;
    for (int i = 0; i < top; ++i)
        sum += ratings[static_cast<std::size_t>(i)];
    const double floor = tier == 1 ? 0.80 : tier == 2 ? 0.60 : 0.40;
    FieldIndices indices;
    indices.fsi = std::max(floor, sum / top / 3.3);
    if (n >= (doubles ? 10 : 20)) { // the depth thresholds
        double lower = 0.0;
        for (int i = n / 2; i < n; ++i) // ranks floor(N/2)+1 .. N
            lower += ratings[static_cast<std::size_t>(i)];
        indices.fdi = std::clamp(lower / (n - n / 2) / 2.0, 0.0, 1.0);
    }
    return indices;
}

// DECISIONS P7 written out: the unrounded points of a place.
double placePoints(int place, int n, FieldIndices indices, bool doubles)
{
    if (place == 1)
        return indices.fsi * 50.0;
    const double base = std::pow(1.0 - static_cast<double>(place) / n, doubles ? 2.3 : 1.7);
    return std::max(1.0, indices.fsi * 50.0 * std::min(1.0, base + 0.40 * indices.fdi * (1.0 - base)));
}

} // namespace

class TestCliTour : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void help_data();
    void help();
    void lockExcludesItsOwnMonth();
    void lockEqualsRateOfEarlierEvents_data();
    void lockEqualsRateOfEarlierEvents();
    void lockUsageErrors_data();
    void lockUsageErrors();
    void pointsOfNcaHistory();
    void pointsRecomputedFromLock_data();
    void pointsRecomputedFromLock();
    void pointsRefusesDefectiveInput();
    void standingsTotalsFromPoints_data();
    void standingsTotalsFromPoints();
    void standingsTieBreaks_data();
    void standingsTieBreaks();
    void pastChampionsMoveTheTitle();
    void noChampionBeforeTheFinale_data();
    void noChampionBeforeTheFinale();
    void standingsByTheExecutable();
    void standingsUsageErrors_data();
    void standingsUsageErrors();
    void payoutFloridaExample();
    void payoutDoublesField();
    void payoutFormulaAndCap_data();
    void payoutFormulaAndCap();
    void payoutBadField();
    void payoutUsageErrors_data();
    void payoutUsageErrors();
    void payoutFormatKeywordInAnyCase_data();
    void payoutFormatKeywordInAnyCase();
    void payoutMessagesAreTranslated_data();
    void payoutMessagesAreTranslated();
    void databaseMessagesAreTranslated_data();
    void databaseMessagesAreTranslated();
};

void TestCliTour::help_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("synopsis");
    QTest::newRow("lock") << QStringLiteral("lock")
                          << QStringLiteral("HISTORY_DIR --month YYYY-MM [--params FILE] [--epsilon E] "
                                            "[--max-iter N] [-o OUT.csv]");
    QTest::newRow("points") << QStringLiteral("points") << QStringLiteral("HISTORY_DIR [-o OUT.csv]");
    QTest::newRow("standings") << QStringLiteral("standings")
                               << QStringLiteral(
                                      "HISTORY_DIR --season S --division competitive|recreational "
                                      "[--finale EVENT_ID] [--past-champions ID,ID...] [-o OUT.csv]");
    QTest::newRow("payout") << QStringLiteral("payout")
                            << QStringLiteral("--format singles|doubles --tier 1|2|3 [--experimental-cap X] "
                                              "[-o OUT.csv] FIELD.csv");
}

void TestCliTour::help()
{
    QFETCH(QString, command);
    QFETCH(QString, synopsis);
    const CliRun help = run({QStringLiteral("--help")});
    QCOMPARE(help.status, core::cli_exit::ok);
    QVERIFY2(help.out.contains(QStringLiteral("\n  %1 %2\n").arg(command, synopsis)), qPrintable(help.out));

    const CliRun commandHelp = run({command, QStringLiteral("--help")});
    QCOMPARE(commandHelp.status, core::cli_exit::ok);
    QVERIFY(
        commandHelp.out.startsWith(QStringLiteral("Usage: flickdesk-cli %1 %2\n").arg(command, synopsis)));
    QVERIFY(commandHelp.err.isEmpty());
    const CliRun helpCommand = run({QStringLiteral("help"), command});
    QCOMPARE(helpCommand.out, commandHelp.out);
}

void TestCliTour::lockExcludesItsOwnMonth()
{
    QTemporaryDir temp;
    const QString dir = writeFolder(temp, QStringLiteral("lock"), lockEvents, lockResults);
    QVERIFY(!dir.isEmpty());
    const auto playersOf = [&dir](const char* month) {
        const CliRun result =
            run({QStringLiteral("lock"), dir, QStringLiteral("--month"), QLatin1String(month)});
        QStringList players;
        const QList<QStringList> rows = parseCsv(result.out);
        if (result.status != core::cli_exit::ok ||
            rows.value(0).join(u',') != QLatin1String("player_id,mu,sigma"))
            return QStringList{QStringLiteral("error: ") + result.err};
        for (qsizetype i = 1; i < rows.size(); ++i) {
            if (rows[i].size() != 3 || std::isnan(number(rows[i][1], 9)) || std::isnan(number(rows[i][2], 9)))
                return QStringList{QStringLiteral("bad row: ") + rows[i].join(u',')};
            players.append(rows[i][0]);
        }
        return players;
    };
    // DECISIONS P1: no event before January; February counts January only (not its own 3rd or
    // 20th); March counts all of February; players by id, numerically.
    QCOMPARE(playersOf("2024-01"), QStringList());
    QCOMPARE(playersOf("2024-02"), (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                                                QStringLiteral("4")}));
    QCOMPARE(playersOf("2024-03").size(), 9);
    QCOMPARE(playersOf("2024-03"), playersOf("2030-12"));
    QCOMPARE(playersOf("2024-04"), playersOf("2030-12")); // March's event counts in April
    QVERIFY(playersOf("2024-04").contains(QStringLiteral("6")));
}

void TestCliTour::lockEqualsRateOfEarlierEvents_data()
{
    QTest::addColumn<QString>("source"); // "crafted", "crafted with params.json" or a folder
    QTest::addColumn<QString>("month");
    QTest::addColumn<QStringList>("options");

    QTest::newRow("crafted, February")
        << QStringLiteral("crafted") << QStringLiteral("2024-02") << QStringList();
    QTest::newRow("crafted, March") << QStringLiteral("crafted") << QStringLiteral("2024-03")
                                    << QStringList();
    QTest::newRow("crafted, April") << QStringLiteral("crafted") << QStringLiteral("2024-04")
                                    << QStringList();
    QTest::newRow("crafted, params.json")
        << QStringLiteral("crafted with params.json") << QStringLiteral("2024-04") << QStringList();
    QTest::newRow("crafted, --max-iter 1") << QStringLiteral("crafted") << QStringLiteral("2024-04")
                                           << QStringList{QStringLiteral("--max-iter"), QStringLiteral("1")};
    QTest::newRow("crafted, --epsilon and --params")
        << QStringLiteral("crafted") << QStringLiteral("2024-04")
        << QStringList{QStringLiteral("--epsilon=1e-8"), QStringLiteral("--params"),
                       QStringLiteral("PARAMS")};
    QTest::newRow("NCA, January 2025") << ncaHistoryDir() << QStringLiteral("2025-01") << QStringList();
    QTest::newRow("NCA, June 2016 (nothing before)")
        << ncaHistoryDir() << QStringLiteral("2016-06") << QStringList();
}

void TestCliTour::lockEqualsRateOfEarlierEvents()
{
    QFETCH(QString, source);
    QFETCH(QString, month);
    QFETCH(QStringList, options);
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString params = temp.filePath(QStringLiteral("other.json"));
    QVERIFY(writeFile(params, "{\"gamma\": 0.05, \"beta\": 1.5}"));
    options.replaceInStrings(QStringLiteral("PARAMS"), params);
    if (source.startsWith(QLatin1String("crafted")))
        source = writeFolder(temp, QStringLiteral("full"), lockEvents, lockResults,
                             source.endsWith(QLatin1String("params.json")) ? QByteArray("{\"beta\": 0.5}")
                                                                           : QByteArray());
    QVERIFY(!source.isEmpty());

    const QString output = temp.filePath(QStringLiteral("lock.csv"));
    const CliRun lock = run(QStringList{QStringLiteral("lock"), source, QStringLiteral("--month"), month,
                                        QStringLiteral("-o"), output} +
                            options);
    QVERIFY2(lock.status == core::cli_exit::ok, qPrintable(lock.err));
    QVERIFY(lock.out.isEmpty());
    const QList<QStringList> lockRows = parseCsv(readText(output));
    QCOMPARE(lockRows.value(0).join(u','), QStringLiteral("player_id,mu,sigma"));

    // `rate` of only the events before the month: each player's last row is their lock.
    const QString earlier =
        writeEarlierEvents(source, month + QStringLiteral("-01"), temp, QStringLiteral("earlier"));
    QVERIFY(!earlier.isEmpty());
    QMap<QString, QStringList> lastRows;
    if (!parseCsv(readText(QDir(earlier).filePath(QStringLiteral("results.csv")))).mid(1).isEmpty()) {
        const CliRun rate = run(QStringList{QStringLiteral("rate"), earlier} + options);
        QVERIFY2(rate.status == core::cli_exit::ok, qPrintable(rate.err));
        const QList<QStringList> rateRows = parseCsv(rate.out);
        for (qsizetype i = 1; i < rateRows.size(); ++i)
            lastRows.insert(rateRows[i][0], rateRows[i]); // rows by date: the last one stays
    }
    QCOMPARE(lockRows.size() - 1, lastRows.size());
    double largest = 0.0;
    for (qsizetype i = 1; i < lockRows.size(); ++i) {
        const QStringList& row = lockRows[i];
        QVERIFY2(lastRows.contains(row[0]), qPrintable(row.join(u',')));
        if (i > 1)
            QVERIFY(lockRows[i - 1][0].toLongLong() < row[0].toLongLong());
        const QStringList& expected = lastRows.value(row[0]);
        for (int column : {1, 2}) {
            const double difference = std::abs(number(row[column], 9) - number(expected[column + 1], 9));
            QVERIFY2(difference <= 2e-9,
                     qPrintable(row.join(u',') + QStringLiteral(" vs ") + expected.join(u',')));
            largest = std::max(largest, difference);
        }
    }
    qInfo("%lld players, largest difference %.3g", static_cast<long long>(lockRows.size() - 1), largest);
}

void TestCliTour::lockUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    const QString nca = ncaHistoryDir();
    const QString month = QStringLiteral("--month");
    QTest::newRow("month 13") << QStringList{nca, month, QStringLiteral("2024-13")};
    QTest::newRow("month 0") << QStringList{nca, month, QStringLiteral("2024-00")};
    QTest::newRow("one digit") << QStringList{nca, month, QStringLiteral("2024-1")};
    QTest::newRow("slash") << QStringList{nca, month, QStringLiteral("2024/01")};
    QTest::newRow("a date") << QStringList{nca, month, QStringLiteral("2024-01-05")};
    QTest::newRow("words") << QStringList{nca, month, QStringLiteral("January")};
    QTest::newRow("empty") << QStringList{nca, QStringLiteral("--month=")};
    QTest::newRow("no value") << QStringList{nca, month};
    QTest::newRow("no month") << QStringList{nca};
    QTest::newRow("no folder") << QStringList{month, QStringLiteral("2024-01")};
    QTest::newRow("bad max-iter") << QStringList{nca, month, QStringLiteral("2024-01"),
                                                 QStringLiteral("--max-iter"), QStringLiteral("x")};
    QTest::newRow("unknown option") << QStringList{nca, month, QStringLiteral("2024-01"),
                                                   QStringLiteral("--season"), QStringLiteral("15")};
}

void TestCliTour::lockUsageErrors()
{
    QFETCH(QStringList, args);
    const CliRun result = run(QStringList{QStringLiteral("lock")} + args);
    QCOMPARE(result.status, core::cli_exit::usage);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.startsWith(QLatin1String("flickdesk-cli lock: ")), qPrintable(result.err));
    QVERIFY(result.err.contains(QLatin1String("Usage: flickdesk-cli lock HISTORY_DIR --month YYYY-MM")));
}

void TestCliTour::pointsOfNcaHistory()
{
    const CliRun result = run({QStringLiteral("points"), ncaHistoryDir()});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QVERIFY(result.out.startsWith(QLatin1String("event_id,place,player_id,fsi,fdi,points\n")));
    const QList<QStringList>& rows = ncaPointsRows();
    QVERIFY(!rows.isEmpty());

    // The unrounded FSI of each event, from the glue the command uses.
    const core::HistoryFolder folder = core::readHistoryFolder(ncaHistoryDir());
    const core::TourPoints glue = core::computeTourPoints(folder, {});
    QHash<QString, double> unroundedFsi;
    for (const core::TourEventPoints& event : glue.events)
        unroundedFsi.insert(folder.events[event.eventIndex].eventId, event.payout.fieldStrengthIndex);

    // Tour events of events.csv, in the order they must appear: by date, then file order.
    const EventsCsv events = readEventsCsv(ncaHistoryDir());
    QStringList expectedOrder;
    for (const QString& id : events.order) {
        if (events.field(id, "tour") != QLatin1String("none"))
            expectedOrder.append(id);
    }
    std::stable_sort(expectedOrder.begin(), expectedOrder.end(),
                     [&events](const QString& a, const QString& b) {
                         return events.field(a, "date") < events.field(b, "date");
                     });
    QCOMPARE(expectedOrder.size(), 129);

    QStringList seenOrder;
    QMap<QString, QList<QStringList>> byEvent;
    for (const QStringList& row : rows) {
        QCOMPARE(row.size(), 6);
        if (seenOrder.isEmpty() || seenOrder.last() != row[0]) {
            QVERIFY2(!seenOrder.contains(row[0]),
                     qPrintable(QStringLiteral("event %1 in two blocks").arg(row[0])));
            seenOrder.append(row[0]);
        }
        byEvent[row[0]].append(row);
    }
    QCOMPARE(seenOrder, expectedOrder); // every Tour event exactly once, in order

    for (const QString& id : expectedOrder) {
        const QList<QStringList>& eventRows = byEvent[id];
        const bool doubles = events.field(id, "format") == QLatin1String("doubles");
        const int n = events.field(id, "field_size").toInt();
        const int tier = events.field(id, "tier").toInt();
        const QString context = QStringLiteral("event %1").arg(id);
        QVERIFY2(eventRows.size() == (doubles ? 2 * n : n), qPrintable(context));

        const double fsi = number(eventRows[0][3], 3);
        const double fdi = number(eventRows[0][4], 3);
        QVERIFY2(fsi >= engine::fieldStrengthFloor(static_cast<engine::Tier>(tier)), qPrintable(context));
        QVERIFY2(fdi >= 0.0 && fdi <= 1.0, qPrintable(context));
        if (n < (doubles ? 10 : 20)) // DECISIONS P6: no depth below 20 players / 10 teams
            QCOMPARE(eventRows[0][4], QStringLiteral("0.000"));
        QVERIFY(unroundedFsi.contains(id));
        QCOMPARE(eventRows[0][3], QString::number(unroundedFsi.value(id), 'f', 3));
        // DECISIONS P7, P8: the winner gets FSI x 50, rounded to 0.1 (from the unrounded FSI).
        QCOMPARE(tenths(eventRows[0][5]), engine::awardTenths(unroundedFsi.value(id) * 50.0));

        for (qsizetype i = 0; i < eventRows.size(); ++i) {
            const QStringList& row = eventRows[i];
            const int place = static_cast<int>(doubles ? i / 2 + 1 : i + 1);
            QCOMPARE(row[1], QString::number(place));
            QCOMPARE(row[3], eventRows[0][3]);
            QCOMPARE(row[4], eventRows[0][4]);
            const double points = number(row[5], 1);
            QVERIFY2(points >= 1.0, qPrintable(context));
            if (i > 0) {
                QVERIFY2(points <= number(eventRows[i - 1][5], 1), qPrintable(context));
                if (row[1] == eventRows[i - 1][1]) // doubles partners: the team's award, ids in order
                    QCOMPARE(row[5], eventRows[i - 1][5]);
                if (row[1] == eventRows[i - 1][1])
                    QVERIFY(eventRows[i - 1][2].toLongLong() < row[2].toLongLong());
            }
        }
    }
}

void TestCliTour::pointsRecomputedFromLock_data()
{
    QTest::addColumn<QString>("eventId");
    QTest::newRow("Elmira 2025, 56 players") << QStringLiteral("82");
    QTest::newRow("US Open 2025, 56 teams") << QStringLiteral("136");
    QTest::newRow("Ontario Singles 2025, late in May") << QStringLiteral("89");
}

void TestCliTour::pointsRecomputedFromLock()
{
    QFETCH(QString, eventId);
    const EventsCsv events = readEventsCsv(ncaHistoryDir());
    const QString date = events.field(eventId, "date");
    const bool doubles = events.field(eventId, "format") == QLatin1String("doubles");
    const int tier = events.field(eventId, "tier").toInt();

    // The lock of the event's month, from the command line.
    const CliRun lock =
        run({QStringLiteral("lock"), ncaHistoryDir(), QStringLiteral("--month"), date.left(7)});
    QVERIFY2(lock.status == core::cli_exit::ok, qPrintable(lock.err));
    QHash<QString, double> mu;
    for (const QStringList& row : parseCsv(lock.out).mid(1))
        mu.insert(row[0], number(row[1], 9));

    // The units of the event and their locked ratings (a player without an event before: 0, N6).
    QMap<int, QList<double>> unitMu; // by place: one mu (singles) or two (doubles)
    int unknownPlayers = 0;
    for (const QStringList& row :
         parseCsv(readText(QDir(ncaHistoryDir()).filePath(QStringLiteral("results.csv"))))) {
        if (row[0] != eventId)
            continue;
        unknownPlayers += mu.contains(row[2]) ? 0 : 1;
        unitMu[row[1].toInt()].append(mu.value(row[2], 0.0));
    }
    std::vector<double> ratings;
    for (const QList<double>& unit : unitMu) {
        QCOMPARE(unit.size(), doubles ? 2 : 1);
        // DECISIONS P5: 0.6 x the higher partner + 0.4 x the lower.
        ratings.push_back(doubles ? 0.6 * std::max(unit[0], unit[1]) + 0.4 * std::min(unit[0], unit[1])
                                  : unit[0]);
    }
    const int n = static_cast<int>(ratings.size());
    const FieldIndices indices = fieldIndices(ratings, doubles, tier);
    qInfo("event %s: N %d (%d players new), FSI %.6f, FDI %.6f", qPrintable(eventId), n, unknownPlayers,
          indices.fsi, indices.fdi);

    // The glue's unrounded FSI agrees to the 9 decimals of the lock's output...
    const core::HistoryFolder folder = core::readHistoryFolder(ncaHistoryDir());
    const core::TourPoints glue = core::computeTourPoints(
        folder, {}, [&eventId](const core::EventInfo& info) { return info.eventId == eventId; });
    QCOMPARE(glue.events.size(), std::size_t{1});
    QVERIFY(std::abs(glue.events[0].payout.fieldStrengthIndex - indices.fsi) < 1e-8);
    QVERIFY(std::abs(glue.events[0].payout.fieldDepthIndex - indices.fdi) < 1e-8);

    // ... and so does `points`, row by row.
    QList<QStringList> rows;
    for (const QStringList& row : ncaPointsRows()) {
        if (row[0] == eventId)
            rows.append(row);
    }
    QCOMPARE(rows.size(), doubles ? 2 * n : n);
    for (const QStringList& row : rows) {
        QVERIFY(std::abs(number(row[3], 3) - indices.fsi) <= 0.0005 + 1e-9);
        QVERIFY(std::abs(number(row[4], 3) - indices.fdi) <= 0.0005 + 1e-9);
        const double expected = placePoints(row[1].toInt(), n, indices, doubles);
        QVERIFY2(std::abs(number(row[5], 1) - expected) <= 0.05 + 1e-9,
                 qPrintable(row.join(u',') + QStringLiteral(" expected %1").arg(expected)));
    }
    QCOMPARE(rows[0][5], QString::number(std::round(indices.fsi * 500.0) / 10.0, 'f', 1));
}

void TestCliTour::pointsRefusesDefectiveInput()
{
    QTemporaryDir temp;
    const QString dir = writeFolder(temp, QStringLiteral("bad"),
                                    "event_id,date,name,format,group,tour,season\n"
                                    "1,2024-01-06,Open,singles,NCA,competitive,15\n"
                                    "2,2024-01-07,Other,singles,NCA,recreational,15\n",
                                    "event_id,place,player_id\n1,1,A\n1,2,B\n2,1,A\n2,1,B\n");
    const QString output = temp.filePath(QStringLiteral("points.csv"));
    const CliRun result = run({QStringLiteral("points"), dir, QStringLiteral("-o"), output});
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY(result.out.isEmpty());
    QVERIFY(!QFileInfo::exists(output));
    // Every defect at once, the folder's (a tie) and the Tour's (no tier), in file order.
    const QStringList errLines = lines(result.err);
    QCOMPARE(errLines.size(), 4);
    QVERIFY2(errLines[0].endsWith(QLatin1String(
                 "events.csv:2: tier: event 1: an event of the competitive tour needs tier 1, 2 or 3 for its "
                 "Tour points")),
             qPrintable(result.err));
    QVERIFY(
        errLines[1].endsWith(QLatin1String("events.csv:3: tier: event 2: an event of the recreational tour "
                                           "needs tier 1, 2 or 3 for its Tour points")));
    QVERIFY2(errLines[2].contains(QLatin1String("results.csv:4: place: event 2: place 1 is tied")),
             qPrintable(result.err));
    QCOMPARE(errLines[3], QStringLiteral("points: 3 defects in %1; no points awarded").arg(dir));

    const CliRun standings =
        run({QStringLiteral("standings"), dir, QStringLiteral("--season"), QStringLiteral("15"),
             QStringLiteral("--division"), QStringLiteral("competitive")});
    QCOMPARE(standings.status, core::cli_exit::inputDefects);
    QVERIFY(standings.err.contains(QLatin1String("events.csv:2: tier: event 1: ")));
}

void TestCliTour::standingsTotalsFromPoints_data()
{
    QTest::addColumn<QString>("season");
    QTest::addColumn<QString>("division");
    QTest::newRow("15 competitive") << QStringLiteral("15") << QStringLiteral("competitive");
    QTest::newRow("15 recreational") << QStringLiteral("15") << QStringLiteral("recreational");
    QTest::newRow("14 competitive") << QStringLiteral("14") << QStringLiteral("competitive");
    QTest::newRow("14 recreational") << QStringLiteral("14") << QStringLiteral("recreational");
}

void TestCliTour::standingsTotalsFromPoints()
{
    QFETCH(QString, season);
    QFETCH(QString, division);
    QTemporaryDir temp;
    const QString output = temp.filePath(QStringLiteral("standings.csv"));
    const CliRun result = run({QStringLiteral("standings"), ncaHistoryDir(), QStringLiteral("--season"),
                               season, QStringLiteral("--division"), division, QStringLiteral("-o"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
    const QList<QStringList> rows = parseCsv(readText(output));
    QCOMPARE(rows.value(0).join(u','), QStringLiteral("rank,player_id,total,counted_events,note"));

    // Each player's awards at the season's events of the division, from `points` (T1: best 5 / 4).
    const EventsCsv events = readEventsCsv(ncaHistoryDir());
    const std::size_t counted = division == QLatin1String("competitive") ? 5 : 4;
    QHash<QString, std::vector<long long>> awards;
    QSet<QString> seasonEvents;
    for (const QStringList& row : ncaPointsRows()) {
        if (events.field(row[0], "season") == season && events.field(row[0], "tour") == division) {
            awards[row[2]].push_back(tenths(row[5]));
            seasonEvents.insert(row[0]);
        }
    }
    QVERIFY(!seasonEvents.isEmpty());
    QHash<QString, long long> expectedTotal;
    QHash<QString, int> expectedCounted;
    for (auto it = awards.begin(); it != awards.end(); ++it) {
        std::vector<long long>& points = it.value();
        std::sort(points.begin(), points.end(), std::greater<long long>());
        const std::size_t take = std::min(counted, points.size());
        expectedTotal.insert(it.key(),
                             std::accumulate(points.begin(), points.begin() + static_cast<long>(take), 0LL));
        expectedCounted.insert(it.key(), static_cast<int>(take));
    }

    QCOMPARE(rows.size() - 1, expectedTotal.size());
    QMap<long long, int> playersWithTotal;
    for (const QStringList& row : rows.mid(1))
        ++playersWithTotal[tenths(row[2])];
    int champions = 0;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QStringList& row = rows[i];
        QCOMPARE(row.size(), 5);
        const QString context = row.join(u',');
        QVERIFY2(expectedTotal.contains(row[1]), qPrintable(context));
        QCOMPARE(tenths(row[2]), expectedTotal.value(row[1]));
        QCOMPARE(row[3].toInt(), expectedCounted.value(row[1]));
        // Ranks ordered by total: a player's rank lies within the positions of their total's group,
        // and is its first position when nobody shares the total.
        const long long total = tenths(row[2]);
        int higher = 0;
        for (auto it = playersWithTotal.upperBound(total); it != playersWithTotal.end(); ++it)
            higher += it.value();
        const int rank = row[0].toInt();
        QVERIFY2(rank >= higher + 1 && rank <= higher + playersWithTotal.value(total), qPrintable(context));
        if (playersWithTotal.value(total) == 1)
            QCOMPARE(rank, higher + 1);
        if (i > 1) {
            const QStringList& previous = rows[i - 1];
            QVERIFY(previous[0].toInt() <= rank);
            QVERIFY(tenths(previous[2]) >= total);
            if (previous[0].toInt() == rank)
                QVERIFY(previous[1].toLongLong() < row[1].toLongLong());
        }
        champions += row[4].contains(QLatin1String("champion")) ? 1 : 0;
    }
    QCOMPARE(champions, division == QLatin1String("recreational") ? 1 : 0);
    QVERIFY(result.err.contains(QStringLiteral("%1 events").arg(seasonEvents.size())));
}

void TestCliTour::standingsTieBreaks_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("expected"); // the first rows after the header

    const QString season = QStringLiteral("--season");
    const QString competitive = QStringLiteral("competitive");
    const QString recreational = QStringLiteral("recreational");
    const auto args = [&](const char* s, const QString& division, QStringList more = {}) {
        return QStringList{season, QLatin1String(s), QStringLiteral("--division"), division} + more;
    };
    QTest::newRow("1st places") << args("A", competitive)
                                << QStringList{QStringLiteral("1,10,40.0,2,more 1st places"),
                                               QStringLiteral("2,2,40.0,1,"), QStringLiteral("3,107,12.3,1,"),
                                               QStringLiteral("4,101,6.2,1,tied"),
                                               QStringLiteral("4,104,6.2,1,tied")};
    QTest::newRow("Finale") << args("B", competitive)
                            << QStringList{QStringLiteral("1,2,26.2,2,Finale: 1st vs 2nd"),
                                           QStringLiteral("2,10,26.2,2,"),
                                           QStringLiteral("3,203,1.9,1,Finale: attended"),
                                           QStringLiteral("4,201,1.9,1,"),
                                           QStringLiteral("5,202,1.0,1,tied"),
                                           QStringLiteral("5,204,1.0,1,tied")};
    QTest::newRow("Finale named") << args("B", competitive,
                                          {QStringLiteral("--finale"), QStringLiteral("21")})
                                  << QStringList{QStringLiteral("1,10,26.2,2,Finale: 1st vs 2nd"),
                                                 QStringLiteral("2,2,26.2,2,"),
                                                 QStringLiteral("3,201,1.9,1,Finale: attended"),
                                                 QStringLiteral("4,203,1.9,1,")};
    QTest::newRow("stays tied") << args("C", competitive) << QStringList{QStringLiteral("1,2,20.0,1,tied"),
                                                                         QStringLiteral("1,10,20.0,1,tied"),
                                                                         QStringLiteral("3,301,6.2,1,tied"),
                                                                         QStringLiteral("3,304,6.2,1,tied"),
                                                                         QStringLiteral("5,302,1.9,1,tied"),
                                                                         QStringLiteral("5,305,1.9,1,tied"),
                                                                         QStringLiteral("7,303,1.0,1,tied"),
                                                                         QStringLiteral("7,306,1.0,1,tied")};
    QTest::newRow("neither attended the Finale")
        << args("C", competitive, {QStringLiteral("--finale=33")})
        << QStringList{QStringLiteral("1,2,20.0,1,tied"), QStringLiteral("1,10,20.0,1,tied"),
                       QStringLiteral("3,301,6.2,1,Finale: attended"), QStringLiteral("4,304,6.2,1,")};
    // DECISIONS T2: the seasons R1 and R2 have no Finale. R1 closed when R2 began; R2, the latest,
    // has a leader until a Finale is named and played.
    QTest::newRow("recreational champion")
        << args("R1", recreational)
        << QStringList{QStringLiteral("1,10,20.0,1,champion"), QStringLiteral("2,2,6.2,1,")};
    QTest::newRow("past champion") << args("R1", recreational,
                                           {QStringLiteral("--past-champions"), QStringLiteral("10")})
                                   << QStringList{QStringLiteral("1,10,20.0,1,"),
                                                  QStringLiteral("2,2,6.2,1,champion")};
    QTest::newRow("leader of the latest season")
        << args("R2", recreational)
        << QStringList{QStringLiteral("1,10,20.0,1,"), QStringLiteral("2,2,6.2,1,leader")};
    QTest::newRow("champion of an earlier season")
        << args("R2", recreational, {QStringLiteral("--finale"), QStringLiteral("51")})
        << QStringList{QStringLiteral("1,10,20.0,1,"), QStringLiteral("2,2,6.2,1,champion")};
    QTest::newRow("earlier and past champions")
        << args("R2", recreational,
                {QStringLiteral("--past-champions"), QStringLiteral("2,999"), QStringLiteral("--finale=51")})
        << QStringList{QStringLiteral("1,10,20.0,1,"), QStringLiteral("2,2,6.2,1,"),
                       QStringLiteral("3,501,1.9,1,champion"), QStringLiteral("4,502,1.0,1,")};
    QTest::newRow("no recreational events") << args("A", recreational) << QStringList();
}

void TestCliTour::standingsTieBreaks()
{
    QFETCH(QStringList, options);
    QFETCH(QStringList, expected);
    QTemporaryDir temp;
    const QString dir = writeFolder(temp, QStringLiteral("ties"), tieEvents, tieResults);
    QVERIFY(!dir.isEmpty());
    const CliRun result = run(QStringList{QStringLiteral("standings"), dir} + options);
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    const QStringList rows = lines(result.out);
    QCOMPARE(rows.value(0), QStringLiteral("rank,player_id,total,counted_events,note"));
    QCOMPARE(rows.mid(1, expected.size()), expected);
}

void TestCliTour::pastChampionsMoveTheTitle()
{
    const QStringList args{QStringLiteral("standings"),  ncaHistoryDir(),
                           QStringLiteral("--season"),   QStringLiteral("15"),
                           QStringLiteral("--division"), QStringLiteral("recreational")};
    const CliRun plain = run(args);
    QVERIFY2(plain.status == core::cli_exit::ok, qPrintable(plain.err));
    const QList<QStringList> rows = parseCsv(plain.out);
    QVERIFY(rows.size() > 5);
    QCOMPARE(rows[1][0], QStringLiteral("1"));
    QCOMPARE(rows[1][4], QStringLiteral("champion")); // nobody ahead of 1st has won before
    const QString champion = rows[1][1];

    // The same standings; the title goes to the best-ranked player who has not won it before:
    // neither the named player nor a champion of the history's seasons 13 and 14.
    const CliRun moved = run(args + QStringList{QStringLiteral("--past-champions"), champion});
    QVERIFY2(moved.status == core::cli_exit::ok, qPrintable(moved.err));
    const QList<QStringList> movedRows = parseCsv(moved.out);
    QCOMPARE(movedRows.size(), rows.size());
    const QStringList earlier =
        moved.err.section(QStringLiteral("(earlier champions: "), 1).section(u')', 0, 0).split(u' ');
    QVERIFY2(earlier.contains(champion), qPrintable(moved.err));
    int champions = 0;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        QCOMPARE(movedRows[i].mid(0, 4), rows[i].mid(0, 4)); // T3: the standings are not changed
        if (movedRows[i][4].contains(QLatin1String("champion"))) {
            ++champions;
            QVERIFY(!earlier.contains(movedRows[i][1]));
            for (qsizetype j = 1; j < i; ++j) // everyone ranked above has won it before
                QVERIFY(earlier.contains(movedRows[j][1]) || movedRows[j][0] == movedRows[i][0]);
        }
    }
    QCOMPARE(champions, 1);
    QVERIFY(movedRows[1][4].isEmpty());
}

// Issue 14, item 4: one event in November made a "champion". DECISIONS T2: until the season's
// Finale is played, the top of the standings is its leader; season 16 of the NCA history (June to
// November 2025) has no WCC Singles yet, season 15 has (WCC Singles 2025, event 96). Season 13 had
// none: it closed when season 14 began.
void TestCliTour::noChampionBeforeTheFinale_data()
{
    QTest::addColumn<QString>("season");
    QTest::addColumn<bool>("decided");
    QTest::newRow("season 16, no Finale yet") << QStringLiteral("16") << false;
    QTest::newRow("season 15, Finale played") << QStringLiteral("15") << true;
    QTest::newRow("season 13, no Finale, closed by season 14") << QStringLiteral("13") << true;
}

void TestCliTour::noChampionBeforeTheFinale()
{
    QFETCH(QString, season);
    QFETCH(bool, decided);
    const CliRun result = run({QStringLiteral("standings"), ncaHistoryDir(), QStringLiteral("--season"),
                               season, QStringLiteral("--division"), QStringLiteral("recreational")});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    const QList<QStringList> rows = parseCsv(result.out);
    QVERIFY(rows.size() > 2);
    int champions = 0;
    int leaders = 0;
    for (const QStringList& row : rows.mid(1)) {
        champions += row[4].contains(QLatin1String("champion")) ? 1 : 0;
        leaders += row[4].contains(QLatin1String("leader")) ? 1 : 0;
    }
    QCOMPARE(champions, decided ? 1 : 0);
    QCOMPARE(leaders, decided ? 0 : 1);
    QCOMPARE(result.err.contains(QLatin1String("Recreational Tour Champion")), decided);
    QCOMPARE(result.err.contains(QLatin1String("Recreational Tour leader")), !decided);
}

void TestCliTour::standingsByTheExecutable()
{
    QProcess process;
    const QStringList args{QStringLiteral("standings"),  ncaHistoryDir(),
                           QStringLiteral("--season"),   QStringLiteral("15"),
                           QStringLiteral("--division"), QStringLiteral("competitive")};
    process.start(QStringLiteral(FLICKDESK_CLI_PATH), args);
    QVERIFY2(process.waitForFinished(60000), qPrintable(process.errorString()));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(process.exitCode() == core::cli_exit::ok, qPrintable(err));
    QCOMPARE(QString::fromUtf8(process.readAllStandardOutput()), run(args).out);
    // The default Finale of season 15 is its latest WCC Singles.
    QVERIFY2(err.contains(QLatin1String("Finale 96 (WCC Singles 2025)")), qPrintable(err));
}

void TestCliTour::standingsUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString nca = ncaHistoryDir();
    const QStringList season15{nca, QStringLiteral("--season"), QStringLiteral("15")};
    const QStringList competitive{QStringLiteral("--division"), QStringLiteral("competitive")};
    QTest::newRow("unknown season") << QStringList{nca, QStringLiteral("--season"), QStringLiteral("2099")} +
                                           competitive
                                    << QStringLiteral("unknown season '2099'");
    QTest::newRow("unknown Finale") << season15 + competitive +
                                           QStringList{QStringLiteral("--finale"), QStringLiteral("4242")}
                                    << QStringLiteral("unknown Finale event '4242'");
    QTest::newRow("no season") << QStringList{nca} + competitive << QStringLiteral("missing --season");
    QTest::newRow("no division") << season15 << QStringLiteral("missing --division");
    QTest::newRow("bad division") << season15 +
                                         QStringList{QStringLiteral("--division"), QStringLiteral("open")}
                                  << QStringLiteral(
                                         "--division needs competitive or recreational, not 'open'");
    QTest::newRow("empty past champion")
        << season15 + competitive + QStringList{QStringLiteral("--past-champions"), QStringLiteral("1,,2")}
        << QStringLiteral("--past-champions needs player ids");
    QTest::newRow("no folder") << QStringList{QStringLiteral("--season"), QStringLiteral("15")} + competitive
                               << QStringLiteral("missing HISTORY_DIR");
}

void TestCliTour::standingsUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun result = run(QStringList{QStringLiteral("standings")} + args);
    QCOMPARE(result.status, core::cli_exit::usage);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.startsWith(QStringLiteral("flickdesk-cli standings: ") + message),
             qPrintable(result.err));
    QVERIFY(result.err.contains(QLatin1String("Usage: flickdesk-cli standings HISTORY_DIR")));
}

void TestCliTour::payoutFloridaExample()
{
    // The explainer's Florida State Championship: 14 singles entrants with little experience, Tier 3:
    // the FSI is the Tier floor 0.40 and FDI is 0 (fewer than 20): 20.0 / 9.4 / 2.4 for 1st / 5th / 10th.
    QTemporaryDir temp;
    const QString field = temp.filePath(QStringLiteral("florida.csv"));
    QVERIFY(writeFile(field,
                      "mu\n0.91\n-0.35\n0.42\n0.10\n-1.20\n0.75\n0.00\n0.33\n-0.60\n1.05\n0.18\n-0.05\n"
                      "0.64\n-0.90\n"));
    const CliRun result =
        run({QStringLiteral("payout"), QStringLiteral("--format"), QStringLiteral("singles"),
             QStringLiteral("--tier"), QStringLiteral("3"), field});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    const QStringList rows = lines(result.out);
    QCOMPARE(rows.mid(0, 4), (QStringList{QStringLiteral("# FSI 0.400"), QStringLiteral("# FDI 0.000"),
                                          QStringLiteral("# N 14"), QStringLiteral("place,points")}));
    QCOMPARE(rows.size(), 4 + 14);
    QCOMPARE(rows[4], QStringLiteral("1,20.0"));
    QCOMPARE(rows[4 + 4], QStringLiteral("5,9.4"));
    QCOMPARE(rows[4 + 9], QStringLiteral("10,2.4"));
    for (int place = 1; place <= 14; ++place) { // 20 x (1 - p/14)^1.7, at least 1
        const QStringList row = rows[3 + place].split(u',');
        QCOMPARE(row[0], QString::number(place));
        QVERIFY(std::abs(number(row[1], 1) - placePoints(place, 14, {0.40, 0.0}, false)) <= 0.05 + 1e-9);
    }
    QCOMPARE(rows.last(), QStringLiteral("14,1.0"));
}

void TestCliTour::payoutDoublesField()
{
    // 10 teams of a 3.0 and a 1.0 partner, in either order: team rating 0.6 x 3 + 0.4 x 1 = 2.2, so
    // FSI 2.2 / 3.3 = 0.667 and FDI min(1, 2.2 / 2) = 1.000 (10 teams reach the depth threshold).
    // Place 2: base 0.8^2.3 = 0.59857, ratio 0.59857 + 0.4 x 0.40143 = 0.75914, 33.333 x 0.75914 = 25.3;
    // place 10: base 0, ratio 0.4: 13.3.
    QTemporaryDir temp;
    const QString field = temp.filePath(QStringLiteral("doubles.csv"));
    QByteArray text = "mu_a,mu_b\n";
    for (int team = 0; team < 10; ++team)
        text += team % 2 ? "1.0,3.0\n" : "3.0,1.0\n";
    QVERIFY(writeFile(field, text));
    const QString output = temp.filePath(QStringLiteral("payout.csv"));
    const CliRun result = run({QStringLiteral("payout"), QStringLiteral("--tier=1"),
                               QStringLiteral("--format=doubles"), field, QStringLiteral("-o"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QVERIFY(result.out.isEmpty());
    const QStringList rows = lines(readText(output));
    QCOMPARE(rows.mid(0, 4), (QStringList{QStringLiteral("# FSI 0.800"), QStringLiteral("# FDI 1.000"),
                                          QStringLiteral("# N 10"), QStringLiteral("place,points")}));
    QCOMPARE(rows[4], QStringLiteral("1,40.0")); // Tier 1 lifts 0.667 to its floor 0.80

    const CliRun tier3 = run(
        {QStringLiteral("payout"), QStringLiteral("--tier=3"), QStringLiteral("--format=doubles"), field});
    QVERIFY2(tier3.status == core::cli_exit::ok, qPrintable(tier3.err));
    const QStringList rows3 = lines(tier3.out);
    QCOMPARE(rows3.mid(0, 3), (QStringList{QStringLiteral("# FSI 0.667"), QStringLiteral("# FDI 1.000"),
                                           QStringLiteral("# N 10")}));
    QCOMPARE(rows3[4], QStringLiteral("1,33.3"));
    QCOMPARE(rows3[5], QStringLiteral("2,25.3"));
    QCOMPARE(rows3.last(), QStringLiteral("10,13.3"));
    QCOMPARE(rows3.size(), 14);
}

void TestCliTour::payoutFormulaAndCap_data()
{
    QTest::addColumn<bool>("doubles");
    QTest::addColumn<int>("tier");
    QTest::addColumn<int>("units");
    QTest::addColumn<double>("cap"); // negative: none
    QTest::newRow("singles 48, Tier 1") << false << 1 << 48 << -1.0;
    QTest::newRow("singles 20, Tier 2") << false << 2 << 20 << -1.0;
    QTest::newRow("singles 19, Tier 2: no depth") << false << 2 << 19 << -1.0;
    QTest::newRow("doubles 23, Tier 2") << true << 2 << 23 << -1.0;
    QTest::newRow("doubles 9, Tier 3: no depth") << true << 3 << 9 << -1.0;
    QTest::newRow("singles 30, capped at 1.00") << false << 1 << 30 << 1.0;
    QTest::newRow("one entrant") << false << 3 << 1 << -1.0;
}

void TestCliTour::payoutFormulaAndCap()
{
    QFETCH(bool, doubles);
    QFETCH(int, tier);
    QFETCH(int, units);
    QFETCH(double, cap);
    // A field of strong, spread ratings (a deterministic sequence between -1.5 and 5.5; one higher
    // still where the cap is to lower the FSI).
    const double shift = cap >= 0.0 ? 1.5 : 0.0;
    QByteArray text = doubles ? "mu_a,mu_b\n" : "mu\n";
    std::vector<double> ratings;
    for (int i = 0; i < units; ++i) {
        const double a = shift - 1.5 + std::fmod(i * 2.718281828, 7.0);
        const double b = shift - 1.5 + std::fmod(i * 1.414213562 + 3.0, 7.0);
        text += doubles ? QByteArray::number(a, 'f', 6) + ',' + QByteArray::number(b, 'f', 6) + '\n'
                        : QByteArray::number(a, 'f', 6) + '\n';
        ratings.push_back(doubles ? 0.6 * std::max(a, b) + 0.4 * std::min(a, b) : a);
    }
    FieldIndices indices = fieldIndices(ratings, doubles, tier);
    if (cap >= 0.0)
        indices.fsi = std::min(indices.fsi, cap);

    QTemporaryDir temp;
    const QString field = temp.filePath(QStringLiteral("field.csv"));
    QVERIFY(writeFile(field, text));
    QStringList args{QStringLiteral("payout"),
                     QStringLiteral("--format"),
                     doubles ? QStringLiteral("doubles") : QStringLiteral("singles"),
                     QStringLiteral("--tier"),
                     QString::number(tier),
                     field};
    if (cap >= 0.0)
        args += QStringList{QStringLiteral("--experimental-cap"), QString::number(cap)};
    const CliRun result = run(args);
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    const QStringList rows = lines(result.out);
    QCOMPARE(rows.size(), 4 + units);
    QCOMPARE(rows[0], QStringLiteral("# FSI %1").arg(indices.fsi, 0, 'f', 3));
    QCOMPARE(rows[1], QStringLiteral("# FDI %1").arg(indices.fdi, 0, 'f', 3));
    QCOMPARE(rows[2], QStringLiteral("# N %1").arg(units));
    if (cap >= 0.0) {
        QCOMPARE(rows[0], QStringLiteral("# FSI 1.000"));
        QVERIFY(result.err.contains(QLatin1String("lowered to the experimental cap 1.000")));
    }
    for (int place = 1; place <= units; ++place) {
        const QStringList row = rows[3 + place].split(u',');
        QCOMPARE(row[0], QString::number(place));
        QVERIFY2(std::abs(number(row[1], 1) - placePoints(place, units, indices, doubles)) <= 0.05 + 1e-9,
                 qPrintable(rows[3 + place]));
    }
}

void TestCliTour::payoutBadField()
{
    QTemporaryDir temp;
    const QString field = temp.filePath(QStringLiteral("field.csv"));
    QVERIFY(writeFile(field, "mu_a,mu_b\n1.0,2.0\n1.5\n,0.5\nabc,1.0\n1.0,2.0,3.0\n"));
    const CliRun result =
        run({QStringLiteral("payout"), QStringLiteral("--format"), QStringLiteral("doubles"),
             QStringLiteral("--tier"), QStringLiteral("2"), field});
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY(result.out.isEmpty());
    QCOMPARE(
        lines(result.err),
        (QStringList{
            field + QStringLiteral(":3: mu_b: missing; the row has 1 fields, the header 2"),
            field + QStringLiteral(":4: mu_a: empty; expected a number, a partner's locked FlickSkill mu"),
            field + QStringLiteral(":5: mu_a: 'abc' is not a number; expected a partner's locked "
                                   "FlickSkill mu"),
            field + QStringLiteral(":6: the row has 3 fields, the header 2"),
            QStringLiteral("payout: 4 defects in %1; no payout computed").arg(field)}));

    const CliRun wrongFormat =
        run({QStringLiteral("payout"), QStringLiteral("--format"), QStringLiteral("singles"),
             QStringLiteral("--tier"), QStringLiteral("2"), field});
    QCOMPARE(wrongFormat.status, core::cli_exit::inputDefects);
    QVERIFY2(wrongFormat.err.startsWith(field + QStringLiteral(":1: mu: missing column")),
             qPrintable(wrongFormat.err));

    const CliRun missing =
        run({QStringLiteral("payout"), QStringLiteral("--format"), QStringLiteral("singles"),
             QStringLiteral("--tier"), QStringLiteral("2"), temp.filePath(QStringLiteral("no.csv"))});
    QCOMPARE(missing.status, core::cli_exit::inputDefects);
    QVERIFY(missing.err.contains(QLatin1String("no.csv: the file is missing")));

    // An output that cannot be written leaves nothing behind.
    QVERIFY(writeFile(field, "mu\n1.0\n"));
    const QString output = temp.filePath(QStringLiteral("no/such/folder/payout.csv"));
    const CliRun unwritable =
        run({QStringLiteral("payout"), QStringLiteral("--format"), QStringLiteral("singles"),
             QStringLiteral("--tier"), QStringLiteral("2"), field, QStringLiteral("-o"), output});
    QCOMPARE(unwritable.status, core::cli_exit::cannotWrite);
    QVERIFY(!QFileInfo::exists(output));
}

void TestCliTour::payoutUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString field = QStringLiteral("field.csv");
    const QStringList format{QStringLiteral("--format"), QStringLiteral("singles")};
    const QStringList tier{QStringLiteral("--tier"), QStringLiteral("2")};
    QTest::newRow("no format") << tier + QStringList{field} << QStringLiteral("missing --format");
    QTest::newRow("no tier") << format + QStringList{field} << QStringLiteral("missing --tier");
    QTest::newRow("no field") << format + tier << QStringLiteral("missing FIELD.csv");
    QTest::newRow("two fields") << format + tier + QStringList{field, field}
                                << QStringLiteral("unexpected argument");
    QTest::newRow("tier 4") << format + QStringList{QStringLiteral("--tier"), QStringLiteral("4"), field}
                            << QStringLiteral("--tier needs 1, 2 or 3, not '4'");
    QTest::newRow("triples") << tier +
                                    QStringList{QStringLiteral("--format"), QStringLiteral("triples"), field}
                             << QStringLiteral("--format needs singles or doubles, not 'triples'");
    QTest::newRow("negative cap") << format + tier +
                                         QStringList{QStringLiteral("--experimental-cap"),
                                                     QStringLiteral("-1"), field}
                                  << QStringLiteral("--experimental-cap needs a number 0 or above");
    QTest::newRow("cap not a number")
        << format + tier + QStringList{QStringLiteral("--experimental-cap=high"), field}
        << QStringLiteral("--experimental-cap needs a number 0 or above, not 'high'");
    QTest::newRow("tier without value") << format + QStringList{field, QStringLiteral("--tier")}
                                        << QStringLiteral("option --tier needs a value");
    QTest::newRow("unknown option") << format + tier +
                                           QStringList{QStringLiteral("--season"), QStringLiteral("15"),
                                                       field}
                                    << QStringLiteral("unknown option '--season'");
}

void TestCliTour::payoutUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun result = run(QStringList{QStringLiteral("payout")} + args);
    QCOMPARE(result.status, core::cli_exit::usage);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.startsWith(QStringLiteral("flickdesk-cli payout: ") + message),
             qPrintable(result.err));
    QVERIFY(result.err.contains(QLatin1String("Usage: flickdesk-cli payout --format singles|doubles")));
}

void TestCliTour::payoutFormatKeywordInAnyCase_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("summary");
    QTest::newRow("singles") << QStringLiteral("singles")
                             << QStringLiteral("payout: singles, Tier 3, 2 entrants");
    QTest::newRow("Singles") << QStringLiteral("Singles")
                             << QStringLiteral("payout: singles, Tier 3, 2 entrants");
    QTest::newRow("DOUBLES") << QStringLiteral("DOUBLES")
                             << QStringLiteral("payout: doubles, Tier 3, 2 teams");
}

// --format reads the keyword every file uses (singles, doubles), in any case as it always did.
void TestCliTour::payoutFormatKeywordInAnyCase()
{
    QFETCH(QString, format);
    QFETCH(QString, summary);
    QTemporaryDir temp;
    const QString field = temp.filePath(QStringLiteral("field.csv"));
    QVERIFY(writeFile(field, format.toLower() == QLatin1String("doubles") ? "mu_a,mu_b\n0.5,0.2\n1.0,0.1\n"
                                                                          : "mu\n0.5\n1.0\n"));
    const CliRun result = run({QStringLiteral("payout"), QStringLiteral("--format"), format,
                               QStringLiteral("--tier"), QStringLiteral("3"), field});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QVERIFY2(result.err.startsWith(summary), qPrintable(result.err));
}

namespace {

// A translation of the command-line messages that marks every text it translates.
class MarkingTranslator : public QTranslator {
public:
    QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr,
                      int n = -1) const override
    {
        Q_UNUSED(disambiguation);
        Q_UNUSED(n);
        if (qstrcmp(context, "flickdesk::core::Cli") != 0)
            return {};
        return QStringLiteral("<<") + QString::fromUtf8(sourceText) + QStringLiteral(">>");
    }
    bool isEmpty() const override { return false; }
};

} // namespace

void TestCliTour::payoutMessagesAreTranslated_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("format") << QStringList{QStringLiteral("--format"), QStringLiteral("triples"),
                                           QStringLiteral("--tier"), QStringLiteral("3"),
                                           QStringLiteral("field.csv")}
                            << QStringLiteral("<<--format needs singles or doubles, not 'triples'>>");
    QTest::newRow("usage") << QStringList{QStringLiteral("--format"), QStringLiteral("singles")}
                           << QStringLiteral("<<Usage: flickdesk-cli payout --format singles|doubles");
    QTest::newRow("summary") << QStringList{QStringLiteral("--format"), QStringLiteral("singles"),
                                            QStringLiteral("--tier"), QStringLiteral("3")}
                             << QStringLiteral("<<singles, Tier 3, 2 entrants: FSI before the floor 0.");
}

// The command-line messages go through Qt's translation, like the window's.
void TestCliTour::payoutMessagesAreTranslated()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir temp;
    const QString field = temp.filePath(QStringLiteral("field.csv"));
    QVERIFY(writeFile(field, "mu\n0.5\n1.0\n"));
    if (args.size() == 4)
        args.append(field);
    MarkingTranslator translator;
    QVERIFY(QCoreApplication::installTranslator(&translator));
    const CliRun result = run(QStringList{QStringLiteral("payout")} + args);
    QCoreApplication::removeTranslator(&translator);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
}

void TestCliTour::databaseMessagesAreTranslated_data()
{
    // `message`: a pattern the error stream matches; << >> mark a translated text.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("events") << QStringList{QStringLiteral("events")}
                            << QStringLiteral(
                                   "<<events: 0 events in [^\\n]*>><<; 'flickdesk-cli import-history "
                                   "HISTORY_DIR' adds a history>>\n");
    QTest::newRow("check") << QStringList{QStringLiteral("check")}
                           << QStringLiteral(
                                  "<<check: [^\\n]* is sound: integrity, tables and foreign keys ok, "
                                  "0 events, 0 players, database version \\d+>>\n");
    QTest::newRow("import-event") << QStringList{QStringLiteral("import-event"),
                                                 QStringLiteral("missing.json")}
                                  << QStringLiteral(
                                         "<<import-event: [^\\n]*missing\\.json: [^\\n]*; nothing was "
                                         "imported>>\n");
    QTest::newRow("no database") << QStringList{QStringLiteral("events"), QStringLiteral("--db"),
                                                QStringLiteral("none.sqlite")}
                                 << QStringLiteral(
                                        "<<events: 'flickdesk-cli import-history HISTORY_DIR --db FILE' "
                                        "makes a new database>>\n");
}

// The messages of the database commands go through the same translation as payout's.
void TestCliTour::databaseMessagesAreTranslated()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir temp;
    const QString database = temp.filePath(QStringLiteral("flickdesk.sqlite"));
    {
        core::StoreOptions options;
        options.path = database;
        options.creation = core::StoreOptions::Creation::IfMissing;
        QVERIFY(core::Store::open(options).store);
    }
    for (QString& arg : args) {
        if (arg.endsWith(QLatin1String(".json")) || arg.endsWith(QLatin1String("none.sqlite")))
            arg = temp.filePath(arg);
    }
    if (!args.contains(QLatin1String("--db")))
        args << QStringLiteral("--db") << database;
    MarkingTranslator translator;
    QVERIFY(QCoreApplication::installTranslator(&translator));
    const CliRun result = run(args);
    QCoreApplication::removeTranslator(&translator);
    QVERIFY2(result.err.contains(QRegularExpression(message)), qPrintable(result.err));
}

QTEST_GUILESS_MAIN(TestCliTour)
#include "tst_clitour.moc"
