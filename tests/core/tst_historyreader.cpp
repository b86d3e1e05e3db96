// Reading history folders: the real NCA history, its uncleaned results, and crafted defects.
#include "clitestsupport.h"
#include "core/formats/historyreader.h"
#include "flickdesk/engine/date.h"
#include "flickdesk/engine/history.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <tuple>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

QString fileNameOf(const engine::Defect& defect)
{
    return QFileInfo(QString::fromStdString(defect.source.file)).fileName();
}

QString describeAll(const std::vector<engine::Defect>& defects)
{
    QString text;
    for (const engine::Defect& defect : defects)
        text += QString::fromStdString(engine::describe(defect)) + u'\n';
    return text;
}

// The rows of a small CSV file without quoted fields, header first.
QList<QStringList> readSimpleCsv(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QList<QStringList> rows;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (!line.isEmpty())
            rows.append(line.split(u','));
    }
    return rows;
}

// A small valid folder: a singles event, a doubles event, an event rated from its games.
const QByteArray validEvents = "event_id,date,name,format,group,tour,tier,season,field_size\n"
                               "1,2024-01-06,Winter Open,singles,NCA,competitive,3,15,3\n"    // line 2
                               "2,2024-01-07,Winter Doubles,doubles,NCA,competitive,3,15,2\n" // line 3
                               "3,2024-02-03,Round Robin,singles,UK,none,,15,3\n";            // line 4
const QByteArray validResults = "event_id,place,player_id,team\n"
                                "1,1,A,\n"  // line 2
                                "1,2,B,\n"  // line 3
                                "1,3,C,\n"  // line 4
                                "2,1,A,1\n" // line 5
                                "2,1,D,1\n" // line 6
                                "2,2,B,2\n" // line 7
                                "2,2,C,2\n" // line 8
                                "3,,A,\n"   // line 9
                                "3,,B,\n"   // line 10
                                "3,,C,\n";  // line 11
const QByteArray validGames = "event_id,game,side_a,side_b,winner\n"
                              "3,2,A,C,draw\n" // line 2
                              "3,1,A,B,a\n"    // line 3
                              "3,3,B,C,b\n";   // line 4

// Writes a history folder into `dir`; a null `games` or `params` leaves that file out.
bool writeFolder(const QTemporaryDir& dir, const QByteArray& events, const QByteArray& results,
                 const QByteArray& games, const QByteArray& params = {})
{
    bool ok = writeFile(dir.filePath(QStringLiteral("events.csv")), events) &&
              writeFile(dir.filePath(QStringLiteral("results.csv")), results);
    if (!games.isNull())
        ok = ok && writeFile(dir.filePath(QStringLiteral("games.csv")), games);
    if (!params.isNull())
        ok = ok && writeFile(dir.filePath(QStringLiteral("params.json")), params);
    return ok;
}

QByteArray replaceLine(const QByteArray& text, int line, const QByteArray& replacement)
{
    QList<QByteArray> lines = text.split('\n');
    lines[line - 1] = replacement;
    return lines.join('\n');
}

std::size_t finishesOf(const engine::RatingHistory& history)
{
    std::size_t finishes = 0;
    for (const engine::Event& event : history.events) {
        for (const engine::Standing& standing : event.standings)
            finishes += standing.unit.players.size();
    }
    return finishes;
}

} // namespace

class TestHistoryReader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void isoDates_data();
    void isoDates();
    void dayNumbersRoundTrip();
    void readsNcaHistory();
    void readsNcaHistoryQuickly();
    void keepsEachFileNameOnce();
    void readsCraftedFolder();
    void toleratesCsvVariants();
    void refusesRawNcaResults();
    void reportsDefect_data();
    void reportsDefect();
    void reportsEveryDefect();
    void namesLookalikeIds();
    void acceptsPlacesWithGaps();
    void reportsMissingFiles();
    void validatesPlayerIndices();
    void readsParameters();
};

void TestHistoryReader::isoDates_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("epoch") << QByteArray("1970-01-01") << true;
    QTest::newRow("leap day") << QByteArray("2024-02-29") << true;
    QTest::newRow("leap day 2000") << QByteArray("2000-02-29") << true;
    QTest::newRow("no leap day 1900") << QByteArray("1900-02-29") << false;
    QTest::newRow("no leap day 2023") << QByteArray("2023-02-29") << false;
    QTest::newRow("February 30") << QByteArray("2023-02-30") << false;
    QTest::newRow("April 31") << QByteArray("2023-04-31") << false;
    QTest::newRow("month 13") << QByteArray("2023-13-01") << false;
    QTest::newRow("day 0") << QByteArray("2023-01-00") << false;
    QTest::newRow("one-digit month") << QByteArray("2023-1-01") << false;
    QTest::newRow("slashes") << QByteArray("2023/01/01") << false;
    QTest::newRow("trailing text") << QByteArray("2023-01-01x") << false;
    QTest::newRow("empty") << QByteArray("") << false;
}

void TestHistoryReader::isoDates()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    const auto day =
        engine::parseIsoDate(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    QCOMPARE(day.has_value(), valid);
    if (valid)
        QCOMPARE(QByteArray::fromStdString(engine::formatIsoDate(*day)), text);
}

void TestHistoryReader::dayNumbersRoundTrip()
{
    QCOMPARE(engine::toDayNumber({1970, 1, 1}), 0);
    const engine::DayNumber first = engine::toDayNumber({1899, 12, 25});
    const engine::DayNumber last = engine::toDayNumber({2101, 1, 10});
    engine::CivilDate previous = engine::toCivilDate(first - 1);
    for (engine::DayNumber day = first; day <= last; ++day) {
        const engine::CivilDate date = engine::toCivilDate(day);
        QCOMPARE(engine::toDayNumber(date), day);
        // Consecutive days: the next day of the month, or the 1st of the next month or year.
        const bool nextDay =
            date.year == previous.year && date.month == previous.month && date.day == previous.day + 1;
        const bool nextMonth =
            date.day == 1 && ((date.year == previous.year && date.month == previous.month + 1) ||
                              (date.year == previous.year + 1 && date.month == 1 && previous.month == 12));
        QVERIFY2(nextDay || nextMonth, engine::formatIsoDate(day).c_str());
        QCOMPARE(engine::firstOfMonth(day), day - (date.day - 1));
        previous = date;
    }
}

void TestHistoryReader::readsNcaHistory()
{
    const QString dir = dataPath(QStringLiteral("nca-history"));
    const core::HistoryFolder folder = core::readHistoryFolder(dir);
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));

    // The figures of tests/data/nca-history/README.md.
    QCOMPARE(folder.history.events.size(), std::size_t{153});
    QCOMPARE(finishesOf(folder.history), std::size_t{6707});
    const auto doubles =
        std::count_if(folder.history.events.begin(), folder.history.events.end(),
                      [](const engine::Event& e) { return e.format == engine::EventFormat::Doubles; });
    QCOMPARE(doubles, std::ptrdiff_t{47});

    // Events in events.csv row order, metadata as in the file, field size = units.
    const QList<QStringList> rows = readSimpleCsv(QDir(dir).filePath(QStringLiteral("events.csv")));
    QCOMPARE(rows.size() - 1, qsizetype(folder.events.size()));
    QCOMPARE(folder.events.size(), folder.history.events.size());
    const QStringList header = rows.first();
    const auto column = [&](const char* name) { return header.indexOf(QLatin1String(name)); };
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QStringList& row = rows[i];
        const core::EventInfo& info = folder.events[std::size_t(i - 1)];
        const engine::Event& event = folder.history.events[std::size_t(i - 1)];
        QCOMPARE(info.eventId, row[column("event_id")]);
        QCOMPARE(QString::fromStdString(event.id), info.eventId);
        QCOMPARE(QString::fromStdString(engine::formatIsoDate(info.date)), row[column("date")]);
        QCOMPARE(info.name, row[column("name")].trimmed()); // the reader trims fields
        QCOMPARE(info.group, row[column("group")]);
        QCOMPARE(info.season, row[column("season")]);
        QCOMPARE(info.fieldSize, row[column("field_size")].toInt());
        QCOMPARE(std::size_t(info.fieldSize), event.standings.size());
        QCOMPARE(info.tier.has_value(), !row[column("tier")].isEmpty());
        const QString tour = row[column("tour")];
        QCOMPARE(info.tour, tour == QLatin1String("competitive")    ? core::Tour::Competitive
                            : tour == QLatin1String("recreational") ? core::Tour::Recreational
                                                                    : core::Tour::None);
        QCOMPARE(event.source.line, int(i + 1));
        for (const engine::Standing& standing : event.standings)
            QCOMPARE(standing.unit.players.size(),
                     std::size_t{event.format == engine::EventFormat::Doubles ? 2u : 1u});
    }
    QVERIFY(!folder.parameters.epsilon && !folder.parameters.drawProbabilityGame);
}

void TestHistoryReader::readsNcaHistoryQuickly()
{
    const QString dir = dataPath(QStringLiteral("nca-history"));
    QBENCHMARK
    {
        const core::HistoryFolder folder = core::readHistoryFolder(dir);
        QVERIFY(folder.defects.empty());
    }
}

// Every row names its file and line, and holds the file's name once for all rows (a pointer to a
// shared copy, engine::SourceFile), not a copy of its own: at a million finishes the copies took
// tens of megabytes. The standings keep no unused room either.
void TestHistoryReader::keepsEachFileNameOnce()
{
    static_assert(sizeof(engine::SourceRef) <= 16, "a row's source is a pointer and a line");
    const QString dir = dataPath(QStringLiteral("nca-history"));
    const core::HistoryFolder folder = core::readHistoryFolder(dir);
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
    const engine::Event& first = folder.history.events.front();
    const std::string* events = &first.source.file.name();
    const std::string* results = &first.standings.front().source.file.name();
    QCOMPARE(QString::fromStdString(*events), QDir(dir).filePath(QStringLiteral("events.csv")));
    QCOMPARE(QString::fromStdString(*results), QDir(dir).filePath(QStringLiteral("results.csv")));
    std::size_t rows = 0;
    for (const engine::Event& event : folder.history.events) {
        QCOMPARE(&event.source.file.name(), events);
        QCOMPARE(event.standings.capacity(), event.standings.size());
        for (const engine::Standing& standing : event.standings) {
            QCOMPARE(&standing.source.file.name(), results);
            for (const engine::SourceRef& source : standing.playerSources)
                QCOMPARE(&source.file.name(), results);
            ++rows;
        }
    }
    QCOMPARE(rows, std::size_t{5388}); // the units of the sample (its field sizes), singles and doubles

    // A handle outlives the folder it was read with, and compares by the name it holds.
    engine::SourceFile kept = first.source.file;
    {
        const core::HistoryFolder again = core::readHistoryFolder(dir);
        QVERIFY(again.history.events.front().source.file == kept);
        QVERIFY(&again.history.events.front().source.file.name() != &kept.name());
    }
    engine::SourceFile moved = std::move(kept);
    QCOMPARE(&moved.name(), events);
    QVERIFY(engine::SourceFile().empty());
    QVERIFY(engine::SourceFile(std::string()) == engine::SourceFile());
    QVERIFY(!(engine::SourceFile("games.csv") == engine::SourceFile("results.csv")));
    QCOMPARE(engine::describe(engine::Defect{engine::SourceRef{"results.csv", 12}, "place", "7", "empty"}),
             std::string("results.csv:12: place: empty"));
}

void TestHistoryReader::readsCraftedFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFolder(dir, validEvents, validResults, validGames, QByteArray("{\"p_draw_game\": 0.2}")));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
    QCOMPARE(folder.history.events.size(), std::size_t{3});
    QCOMPARE(folder.history.playerIds, (std::vector<std::string>{"A", "B", "C", "D"}));

    const engine::Event& doubles = folder.history.events[1];
    QCOMPARE(doubles.format, engine::EventFormat::Doubles);
    QCOMPARE(doubles.standings.size(), std::size_t{2});
    QCOMPARE(doubles.standings[0].unit.players, (std::vector<engine::PlayerIndex>{0, 3}));
    QCOMPARE(doubles.standings[1].place, 2);
    QCOMPARE(doubles.standings[1].playerSources.size(), std::size_t{2});
    QCOMPARE(doubles.standings[1].playerSources[1].line, 8);

    // Games in the order of their numbers, whatever the row order.
    const engine::Event& roundRobin = folder.history.events[2];
    QVERIFY(roundRobin.ratedFromGames());
    QCOMPARE(roundRobin.games.size(), std::size_t{3});
    QCOMPARE(roundRobin.games[0].source.line, 3);
    QCOMPARE(roundRobin.games[0].outcome, engine::GameOutcome::WinA);
    QCOMPARE(roundRobin.games[1].outcome, engine::GameOutcome::Draw);
    QCOMPARE(roundRobin.games[2].outcome, engine::GameOutcome::WinB);
    QCOMPARE(roundRobin.standings[0].place, 0);

    QCOMPARE(folder.events[2].tour, core::Tour::None);
    QVERIFY(!folder.events[2].tier);
    QCOMPARE(folder.events[0].tier, std::optional<int>(3));
    QCOMPARE(folder.parameters.drawProbabilityGame, std::optional<double>(0.2));
}

void TestHistoryReader::toleratesCsvVariants()
{
    // A BOM, CRLF, columns in another order, quoted fields with commas, quotes and a line break,
    // spaces around fields, blank lines inside and at the end.
    const QByteArray events = "\xEF\xBB\xBF"
                              "date,event_id,format,field_size,name\r\n"
                              "2024-01-06,1,singles,2,\"Smith, \"\"Jr\"\" Open\"\r\n"
                              "\r\n"
                              " 2024-01-07 , 2 ,Doubles,2,\"Two\r\nLines\"\r\n"
                              "\r\n\r\n";
    const QByteArray results = "player_id,team,event_id,place\r\n"
                               "\"A\",,1,1\r\n"
                               "B,,1,2\r\n"
                               "A,7,2,2\r\n"
                               "B,7,2,2\r\n"
                               "C,3,2,1\r\n"
                               "D,3,2,1\r\n"
                               "\r\n";
    QTemporaryDir dir;
    QVERIFY(writeFolder(dir, events, results, {}));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
    QCOMPARE(folder.events.size(), std::size_t{2});
    QCOMPARE(folder.events[0].name, QStringLiteral("Smith, \"Jr\" Open"));
    QCOMPARE(folder.events[1].name, QStringLiteral("Two\nLines"));
    QCOMPARE(folder.events[1].eventId, QStringLiteral("2"));
    QCOMPARE(QString::fromStdString(engine::formatIsoDate(folder.events[1].date)),
             QStringLiteral("2024-01-07"));
    QCOMPARE(folder.history.events[1].format, engine::EventFormat::Doubles);
    QCOMPARE(folder.history.events[1].source.line, 4);
    QCOMPARE(folder.history.events[1].standings.size(), std::size_t{2});
    QCOMPARE(folder.history.events[1].standings[1].source.line, 6);
}

void TestHistoryReader::refusesRawNcaResults()
{
    const QDir source(dataPath(QStringLiteral("nca-history")));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::copy(source.filePath(QStringLiteral("events.csv")),
                        dir.filePath(QStringLiteral("events.csv"))));
    QVERIFY(QFile::copy(source.filePath(QStringLiteral("results_raw.csv")),
                        dir.filePath(QStringLiteral("results.csv"))));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
    QVERIFY(!folder.defects.empty());

    // Every defect names results.csv, a line and a field.
    QMultiHash<QString, const engine::Defect*> defectsByEvent;
    for (const engine::Defect& defect : folder.defects) {
        QCOMPARE(fileNameOf(defect), QStringLiteral("results.csv"));
        QVERIFY(defect.source.line > 1);
        QVERIFY(!defect.field.empty());
        defectsByEvent.insert(QString::fromStdString(defect.eventId), &defect);
    }

    // cleaning.csv lists the six events with a player listed twice and the four with tied places.
    const QList<QStringList> cleaning = readSimpleCsv(source.filePath(QStringLiteral("cleaning.csv")));
    QVERIFY(cleaning.size() > 1);
    const QStringList header = cleaning.first();
    const qsizetype eventColumn = header.indexOf(QStringLiteral("event_id"));
    const qsizetype whatColumn = header.indexOf(QStringLiteral("what"));
    const qsizetype oldIdColumn = header.indexOf(QStringLiteral("old_player_id"));
    QSet<QString> expected;
    int duplicates = 0;
    int ties = 0;
    for (qsizetype i = 1; i < cleaning.size(); ++i) {
        const QStringList& row = cleaning[i];
        const QString eventId = row[eventColumn];
        expected.insert(eventId);
        const QList<const engine::Defect*> found = defectsByEvent.values(eventId);
        QVERIFY2(!found.isEmpty(), qPrintable(QStringLiteral("event %1 is not named").arg(eventId)));
        if (row[whatColumn].contains(QLatin1String("twice"))) {
            ++duplicates;
            const QString playerId = row[oldIdColumn];
            const bool named = std::any_of(found.begin(), found.end(), [&](const engine::Defect* d) {
                return d->field == "player_id" && QString::fromStdString(d->message)
                                                      .contains(QStringLiteral("player %1 ").arg(playerId));
            });
            QVERIFY2(named,
                     qPrintable(QStringLiteral("event %1: player %2 not reported").arg(eventId, playerId)));
        } else {
            QVERIFY(row[whatColumn].contains(QLatin1String("tied")));
            ++ties;
            const bool named = std::any_of(found.begin(), found.end(), [](const engine::Defect* d) {
                return d->field == "place" && d->message.find("tied") != std::string::npos;
            });
            QVERIFY2(named, qPrintable(QStringLiteral("event %1: no tie reported").arg(eventId)));
        }
    }
    QCOMPARE(duplicates, 6);
    QCOMPARE(ties, 4);

    // results_raw.csv also skips a place without a tie in two events (renumbered in results.csv):
    // the order is still strict, so they are rated as they are and not named (see history.cpp).

    // Nothing else is named.
    const QList<QString> named = defectsByEvent.uniqueKeys();
    QCOMPARE(QSet<QString>(named.begin(), named.end()), expected);
}

void TestHistoryReader::reportsDefect_data()
{
    QTest::addColumn<QByteArray>("events");
    QTest::addColumn<QByteArray>("results");
    QTest::addColumn<QByteArray>("games");
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("eventId");

    const QByteArray noParams;
    const auto s = [](const char* text) { return QString::fromLatin1(text); };
    const auto row = [&](const char* name) -> QTestData& { return QTest::newRow(name); };

    row("bad date") << replaceLine(validEvents, 3,
                                   "2,2024-02-30,Winter Doubles,doubles,NCA,competitive,3,15,2")
                    << validResults << validGames << noParams << s("events.csv") << 3 << s("date") << s("2");
    row("unknown format") << replaceLine(validEvents, 2,
                                         "1,2024-01-06,Winter Open,triples,NCA,competitive,3,15,3")
                          << validResults << validGames << noParams << s("events.csv") << 2 << s("format")
                          << s("1");
    row("bad tier") << replaceLine(validEvents, 2, "1,2024-01-06,Winter Open,singles,NCA,competitive,4,15,3")
                    << validResults << validGames << noParams << s("events.csv") << 2 << s("tier") << s("1");
    row("unknown tour") << replaceLine(validEvents, 4, "3,2024-02-03,Round Robin,singles,UK,club,,15,3")
                        << validResults << validGames << noParams << s("events.csv") << 4 << s("tour")
                        << s("3");
    row("field size") << replaceLine(validEvents, 2,
                                     "1,2024-01-06,Winter Open,singles,NCA,competitive,3,15,4")
                      << validResults << validGames << noParams << s("events.csv") << 2 << s("field_size")
                      << s("1");
    row("event listed twice") << validEvents + "1,2024-03-01,Again,singles,NCA,competitive,3,15,3\n"
                              << validResults << validGames << noParams << s("events.csv") << 5
                              << s("event_id") << s("1");
    // Ids by one grammar (core/records/identifiers.h): a lookalike of event 1 or of player C is refused.
    row("event id with a space") << validEvents + "\"1 \",2024-03-01,Again,singles,NCA,none,,15,0\n"
                                 << validResults << validGames << noParams << s("events.csv") << 5
                                 << s("event_id") << s("");
    row("event id with a leading zero")
        << validEvents + "01,2024-03-01,Again,singles,NCA,none,,15,0\n"
        << validResults << validGames << noParams << s("events.csv") << 5 << s("event_id") << s("");
    row("event id with a byte order mark")
        << validEvents + "\"\xEF\xBB\xBF"
                         "1\",2024-03-01,Again,singles,NCA,none,,15,0\n"
        << validResults << validGames << noParams << s("events.csv") << 5 << s("event_id") << s("");
    row("player id with a tab") << validEvents << replaceLine(validResults, 4, "1,3,\"C\t\",") << validGames
                                << noParams << s("results.csv") << 4 << s("player_id") << s("1");
    row("player id with a right-to-left mark")
        << validEvents << replaceLine(validResults, 4, "1,3,C\xE2\x80\x8F,") << validGames << noParams
        << s("results.csv") << 4 << s("player_id") << s("1");
    row("side with a lookalike id") << validEvents << validResults
                                    << replaceLine(validGames, 3, "3,1,A,B\xE2\x80\x8B,a") << noParams
                                    << s("games.csv") << 3 << s("side_b") << s("3");
    row("unquoted comma") << replaceLine(validEvents, 2,
                                         "1,2024-01-06,Winter, Open,singles,NCA,competitive,3,15,3")
                          << validResults << validGames << noParams << s("events.csv") << 2 << s("") << s("");
    row("unclosed quote") << replaceLine(validEvents, 4, "3,2024-02-03,\"Round Robin,singles,UK,none,,15,3")
                          << validResults << validGames << noParams << s("events.csv") << 4 << s("name")
                          << s("");
    row("fewer than two units") << validEvents + "4,2024-03-01,Solo,singles,NCA,competitive,3,15,1\n"
                                << validResults + "4,1,A,\n"
                                << validGames << noParams << s("events.csv") << 5 << s("") << s("4");
    row("missing column") << validEvents
                          << QByteArray(
                                 "event_id,player_id,team\n1,A,\n1,B,\n1,C,\n2,A,1\n2,D,1\n2,B,2\n2,C,2\n")
                          << validGames << noParams << s("results.csv") << 1 << s("place") << s("");
    row("non-numeric place") << validEvents << replaceLine(validResults, 3, "1,second,B,") << validGames
                             << noParams << s("results.csv") << 3 << s("place") << s("1");
    row("empty place") << validEvents << replaceLine(validResults, 3, "1,,B,") << validGames << noParams
                       << s("results.csv") << 3 << s("place") << s("1");
    row("unknown event id") << validEvents << validResults + "9,1,A,\n"
                            << validGames << noParams << s("results.csv") << 12 << s("event_id") << s("9");
    row("empty player id") << validEvents << replaceLine(validResults, 4, "1,3,,") << validGames << noParams
                           << s("results.csv") << 4 << s("player_id") << s("1");
    row("player twice") << validEvents << replaceLine(validResults, 4, "1,3,A,") << validGames << noParams
                        << s("results.csv") << 4 << s("player_id") << s("1");
    row("tied place") << validEvents << replaceLine(validResults, 3, "1,1,B,") << validGames << noParams
                      << s("results.csv") << 2 << s("place") << s("1");
    row("doubles team of three") << validEvents << validResults + "2,1,E,1\n"
                                 << validGames << noParams << s("results.csv") << 5 << s("team") << s("2");
    row("doubles without team") << validEvents << replaceLine(validResults, 6, "2,1,D,") << validGames
                                << noParams << s("results.csv") << 6 << s("team") << s("2");
    row("partners with two places") << validEvents << replaceLine(validResults, 8, "2,3,C,2") << validGames
                                    << noParams << s("results.csv") << 8 << s("place") << s("2");
    row("game player not in event") << validEvents << validResults << replaceLine(validGames, 3, "3,1,A,D,a")
                                    << noParams << s("games.csv") << 3 << s("side_b") << s("3");
    row("game sides share a player") << validEvents << validResults
                                     << replaceLine(validGames, 2, "3,2,C,C,draw") << noParams
                                     << s("games.csv") << 2 << s("side_b") << s("3");
    row("bad winner") << validEvents << validResults << replaceLine(validGames, 4, "3,3,B,C,c") << noParams
                      << s("games.csv") << 4 << s("winner") << s("3");
    row("bad side") << validEvents << validResults << replaceLine(validGames, 4, "3,3,B+,C,b") << noParams
                    << s("games.csv") << 4 << s("side_a") << s("3");
    row("game number twice") << validEvents << validResults << replaceLine(validGames, 4, "3,1,B,C,b")
                             << noParams << s("games.csv") << 4 << s("game") << s("3");
    row("game of unknown event") << validEvents << validResults << validGames + "8,1,A,B,a\n"
                                 << noParams << s("games.csv") << 5 << s("event_id") << s("8");
    row("unknown parameter") << validEvents << validResults << validGames
                             << QByteArray("{\n  \"p_draw_game\": 0.1,\n  \"p_drawgame\": 0.1\n}\n")
                             << s("params.json") << 3 << s("p_drawgame") << s("");
    row("parameter out of range") << validEvents << validResults << validGames
                                  << QByteArray("{\n  \"sigma\": -1\n}\n") << s("params.json") << 2
                                  << s("sigma") << s("");
    row("parameter not JSON") << validEvents << validResults << validGames
                              << QByteArray("{\n  \"sigma\": 1,\n}\n") << s("params.json") << 3 << s("")
                              << s("");
    // QJsonDocument would keep the second sigma silently.
    row("parameter given twice") << validEvents << validResults << validGames
                                 << QByteArray("{\n  \"sigma\": 1.5,\n  \"sigma\": 9\n}\n")
                                 << s("params.json") << 3 << s("sigma") << s("");
    // DECISIONS N3: with p_draw_game 0 games cannot end level; the draw on line 2 is the defect.
    row("draw without draw probability")
        << validEvents << validResults << validGames << QByteArray("{\"p_draw_game\": 0}") << s("games.csv")
        << 2 << s("winner") << s("3");
}

void TestHistoryReader::reportsDefect()
{
    QFETCH(QByteArray, events);
    QFETCH(QByteArray, results);
    QFETCH(QByteArray, games);
    QFETCH(QByteArray, params);
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, field);
    QFETCH(QString, eventId);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFolder(dir, events, results, games, params));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
    // Exactly the one defect: its consequences (a place missing after an unreadable one, a team short
    // of a player whose row is unreadable) are not reported again.
    QVERIFY2(folder.defects.size() == 1, qPrintable(describeAll(folder.defects)));
    const engine::Defect& defect = folder.defects.front();
    QCOMPARE(fileNameOf(defect), file);
    QCOMPARE(defect.source.line, line);
    QCOMPARE(QString::fromStdString(defect.field), field);
    QCOMPARE(QString::fromStdString(defect.eventId), eventId);
    QVERIFY(!defect.message.empty());
    const QString described = QString::fromStdString(engine::describe(defect));
    QVERIFY2(described.contains(QStringLiteral("%1:%2: ").arg(file).arg(line)), qPrintable(described));
}

void TestHistoryReader::reportsEveryDefect()
{
    const QByteArray events =
        replaceLine(validEvents, 2, "1,2024-13-06,Winter Open,singles,NCA,competitive,3,15,3"); // bad date
    QByteArray results = validResults;
    results = replaceLine(results, 3, "1,two,B,"); // non-numeric place
    results = replaceLine(results, 7, "2,2,A,2");  // A twice in event 2
    results += "5,1,A,\n";                         // line 12: unknown event
    results += "1,,,\n";                           // line 13: empty place and empty player id
    const QByteArray games = replaceLine(validGames, 3, "3,1,A,Z,draw") + "3,4,B,C,maybe\n"; // lines 3, 5

    QTemporaryDir dir;
    QVERIFY(writeFolder(dir, events, results, games));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());

    using Found = std::tuple<QString, int, QString>;
    QList<Found> found;
    for (const engine::Defect& defect : folder.defects)
        found.append({fileNameOf(defect), defect.source.line, QString::fromStdString(defect.field)});
    const QList<Found> expected = {
        {QStringLiteral("events.csv"), 2, QStringLiteral("date")},
        {QStringLiteral("results.csv"), 3, QStringLiteral("place")},
        {QStringLiteral("results.csv"), 7, QStringLiteral("player_id")},
        {QStringLiteral("results.csv"), 12, QStringLiteral("event_id")},
        {QStringLiteral("results.csv"), 13, QStringLiteral("player_id")},
        {QStringLiteral("results.csv"), 13, QStringLiteral("place")},
        {QStringLiteral("games.csv"), 3, QStringLiteral("side_b")},
        {QStringLiteral("games.csv"), 5, QStringLiteral("winner")},
    };
    QVERIFY2(found == expected, qPrintable(describeAll(folder.defects)));
}

// Only the finishing order is rated (DECISIONS N2): a place nobody holds, or a first place of 2,
// leaves the order strict and is no defect; the raw NCA data has two such events.
void TestHistoryReader::namesLookalikeIds()
{
    // The grammar of core/records/identifiers.h, with the reason in words; the mark itself is not printed.
    const core::HistoryFolder folder =
        core::parseHistoryFiles(validEvents + "0175,2024-03-01,Again,singles,NCA,none,,15,0\n", validResults,
                                replaceLine(validGames, 3, "3,1,A,B\xE2\x80\x8B,a"), std::nullopt);
    QCOMPARE(
        describeAll(folder.defects),
        QStringLiteral("events.csv:5: event_id: the id '0175' begins with 0; a number has no leading zero\n"
                       "games.csv:3: side_b: the id 'B<U+200B>' contains an invisible character U+200B\n"));
}

void TestHistoryReader::acceptsPlacesWithGaps()
{
    for (const QByteArray& results :
         {replaceLine(validResults, 4, "1,4,C,"),
          replaceLine(replaceLine(replaceLine(validResults, 2, "1,2,A,"), 3, "1,3,B,"), 4, "1,4,C,")}) {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writeFolder(dir, validEvents, results, validGames));
        const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
        QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
        const engine::FlickSkillResult rated = engine::rateHistory(folder.history);
        QVERIFY(!rated.curves.empty());
    }
}

void TestHistoryReader::reportsMissingFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const core::HistoryFolder folder = core::readHistoryFolder(dir.filePath(QStringLiteral("nowhere")));
    QStringList files;
    for (const engine::Defect& defect : folder.defects)
        files.append(fileNameOf(defect));
    QCOMPARE(files, (QStringList{QStringLiteral("events.csv"), QStringLiteral("results.csv")}));

    QVERIFY(writeFolder(dir, QByteArray(""), QByteArray("event_id,place,player_id\n"), {}));
    const core::HistoryFolder empty = core::readHistoryFolder(dir.path());
    QCOMPARE(empty.defects.size(), std::size_t{1});
    QCOMPARE(fileNameOf(empty.defects.front()), QStringLiteral("events.csv"));
    QCOMPARE(empty.defects.front().source.line, 1);
}

void TestHistoryReader::validatesPlayerIndices()
{
    // Readers cannot produce an index out of range; the engine still refuses one.
    engine::RatingHistory history;
    history.playerIds = {"A", "B"};
    engine::Event event;
    event.id = "1";
    event.standings.push_back({1, {{0}}, {"results.csv", 2}, {}});
    event.standings.push_back({2, {{5}}, {"results.csv", 3}, {}});
    history.events.push_back(event);
    const std::vector<engine::Defect> defects = engine::validateHistory(history);
    QCOMPARE(defects.size(), std::size_t{1});
    QCOMPARE(defects.front().field, std::string("player_id"));
    QCOMPARE(defects.front().source.line, 3);
    QVERIFY(engine::describe(defects.front()).starts_with("results.csv:3: player_id: "));
}

void TestHistoryReader::readsParameters()
{
    const core::ParametersFile reference =
        core::readParametersJson(dataPath(QStringLiteral("reference/ttt/games/params.json")));
    QVERIFY(reference.defects.empty());
    QCOMPARE(reference.parameters.drawProbabilityGame, std::optional<double>(0.1));
    QVERIFY(!reference.parameters.epsilon && !reference.parameters.maxIterations &&
            !reference.parameters.sigma0);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("all.json"));
    QVERIFY(writeFile(path,
                      "{\"mu\": 1.5, \"sigma\": 2, \"beta\": 0.5, \"gamma\": 0.02, \"epsilon\": 1e-6,"
                      " \"max_iter\": 7, \"p_draw\": 0.01, \"p_draw_game\": 0.2, \"doubles_weight\": 0.6}"));
    const core::ParametersFile all = core::readParametersJson(path);
    QVERIFY2(all.defects.empty(), qPrintable(describeAll(all.defects)));
    engine::FlickSkillParameters parameters;
    all.parameters.applyTo(parameters);
    QCOMPARE(parameters.mu0, 1.5);
    QCOMPARE(parameters.sigma0, 2.0);
    QCOMPARE(parameters.beta, 0.5);
    QCOMPARE(parameters.gamma, 0.02);
    QCOMPARE(parameters.epsilon, 1e-6);
    QCOMPARE(parameters.maxIterations, 7);
    QCOMPARE(parameters.drawProbabilityFinish, 0.01);
    QCOMPARE(parameters.drawProbabilityGame, 0.2);
    QCOMPARE(parameters.doublesWeight, 0.6);

    // A later file overrides only what it sets.
    core::ParameterOverrides merged = all.parameters;
    merged.overrideWith(reference.parameters);
    QCOMPARE(merged.drawProbabilityGame, std::optional<double>(0.1));
    QCOMPARE(merged.maxIterations, std::optional<int>(7));

    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QVERIFY(writeFile(bad, "{\n \"max_iter\": 2.5,\n \"p_draw_game\": \"0.1\",\n \"doubles_weight\": 0\n}"));
    const core::ParametersFile refused = core::readParametersJson(bad);
    QCOMPARE(refused.defects.size(), std::size_t{3});
    QCOMPARE(refused.defects[0].field, std::string("max_iter"));
    QCOMPARE(refused.defects[0].source.line, 2);
    QCOMPARE(refused.defects[1].source.line, 3);
    QCOMPARE(refused.defects[2].source.line, 4);
    QVERIFY(!refused.parameters.maxIterations && !refused.parameters.drawProbabilityGame);
}

QTEST_APPLESS_MAIN(TestHistoryReader)
#include "tst_historyreader.moc"
