// flickdesk-cli's database commands end to end: import-history, import-ratings, export-event,
// import-event, events, backup and check, `--db` before the command and in place of HISTORY_DIR,
// a second FlickDesk on the same database, in-process and as the real executable.
#include "clitestsupport.h"
#include "core/awards/awarding.h"
#include "core/awards/tourpoints.h"
#include "cli/cli.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

QStringList eventIds(const QString& eventsOutput)
{
    QStringList ids;
    for (const QString& line : eventsOutput.split(u'\n', Qt::SkipEmptyParts))
        ids.append(line.section(u'\t', 0, 0));
    return ids;
}

int countEvents(const QString& database)
{
    const CliRun events = run({QStringLiteral("events"), QStringLiteral("--db"), database});
    return events.status == core::cli_exit::ok ? static_cast<int>(eventIds(events.out).size()) : -1;
}

// Awards `eventId` through the store, as the window will: Tour points from its month's lock.
void awardEvent(const QString& database, const QString& eventId)
{
    core::StoreOptions options;
    options.path = database;
    const core::Store::OpenResult opened = core::Store::open(options);
    QVERIFY2(opened.store, qPrintable(opened.error));
    const core::HistoryFolder folder = opened.store->loadHistory();
    const core::TourPoints points = core::computeTourPoints(
        folder, {}, [&eventId](const core::EventInfo& info) { return info.eventId == eventId; }, {}, 1);
    QVERIFY(points.defects.empty());
    QCOMPARE(points.events.size(), std::size_t{1});
    opened.store->award(eventId, core::awardRecordOf(folder, points.events.front(), points.locks));
}

} // namespace

class TestCliStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void importsHistoryAndListsEvents();
    void databaseBeforeTheCommand();
    void refusesRawHistory();
    void executableImportsAndLists();
    void checkFindsBrokenDatabase();
    void refusesForeignAndDamagedFiles();
    void checkReadsWholeFileEveryTime();
    void backupCopiesDatabase();
    void exportImportRoundTrip_data();
    void exportImportRoundTrip();
    void refusesTamperedFile();
    void importsRatings();
    void ratingCommandsReadDatabase_data();
    void ratingCommandsReadDatabase();
    void secondInstanceCannotWrite();
    void standingsUseStoredSettings();
    void usageErrors_data();
    void usageErrors();
};

void TestCliStore::initTestCase()
{
    // Every test names its database; should one not, it lands in Qt's test folder, never in the
    // user's application data.
    QStandardPaths::setTestModeEnabled(true);
}

void TestCliStore::importsHistoryAndListsEvents()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("nca.sqlite"));
    const CliRun imported =
        run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    QVERIFY2(
        imported.err.contains(QLatin1String("import-history: 153 events added (0 already there, unchanged)")),
        qPrintable(imported.err));
    QVERIFY(imported.err.contains(QLatin1String("6707 finishes")));
    QVERIFY(imported.out.isEmpty());

    const CliRun events = run({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(events.status, core::cli_exit::ok);
    const QStringList lines = events.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 153);
    QCOMPARE(lines.first(), QStringLiteral("174\t2016-06-04\tWCC Doubles 2016\tfinished"));
    static const QRegularExpression line(
        QStringLiteral("^[^\\t]+\\t\\d{4}-\\d{2}-\\d{2}\\t[^\\t]*\\tfinished$"));
    QString previousDate;
    for (const QString& text : lines) {
        QVERIFY2(line.match(text).hasMatch(), qPrintable(text));
        const QString date = text.section(u'\t', 1, 1);
        QVERIFY(previousDate <= date);
        previousDate = date;
    }
    QVERIFY(events.err.contains(QLatin1String("events: 153 events in ")));

    // Again: nothing new, nothing changed.
    const CliRun again = run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db});
    QCOMPARE(again.status, core::cli_exit::ok);
    QVERIFY2(
        again.err.contains(QLatin1String("0 events added (153 already there, unchanged), 0 new players")),
        qPrintable(again.err));
    QCOMPARE(run({QStringLiteral("events"), QStringLiteral("--db"), db}).out, events.out);
}

void TestCliStore::databaseBeforeTheCommand()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("global.sqlite"));
    QCOMPARE(run({QStringLiteral("--db"), db, QStringLiteral("import-history"),
                  dataPath(QStringLiteral("reference/ttt/tiny"))})
                 .status,
             core::cli_exit::ok);
    const CliRun before = run({QStringLiteral("--db"), db, QStringLiteral("events")});
    const CliRun equals = run({QStringLiteral("--db=") + db, QStringLiteral("events")});
    const CliRun after = run({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(before.status, core::cli_exit::ok);
    QVERIFY(!before.out.isEmpty());
    QCOMPARE(before.out, after.out);
    QCOMPARE(equals.out, after.out);
    // A folder and a database at once is a usage error.
    const CliRun both = run(
        {QStringLiteral("--db"), db, QStringLiteral("rate"), dataPath(QStringLiteral("reference/ttt/tiny"))});
    QCOMPARE(both.status, core::cli_exit::usage);
    QVERIFY(both.err.contains(QLatin1String("not both")));
}

void TestCliStore::refusesRawHistory()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("raw.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), dataPath(QStringLiteral("reference/ttt/tiny")),
                  QStringLiteral("--db"), db})
                 .status,
             core::cli_exit::ok);
    const int before = countEvents(db);
    const QString raw = temp.filePath(QStringLiteral("raw"));
    QDir().mkpath(raw);
    QVERIFY(QFile::copy(QDir(ncaHistoryDir()).filePath(QStringLiteral("events.csv")),
                        QDir(raw).filePath(QStringLiteral("events.csv"))));
    QVERIFY(QFile::copy(QDir(ncaHistoryDir()).filePath(QStringLiteral("results_raw.csv")),
                        QDir(raw).filePath(QStringLiteral("results.csv"))));

    const CliRun refused = run({QStringLiteral("import-history"), raw, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QStringList lines = refused.err.split(u'\n', Qt::SkipEmptyParts);
    const QString summary = lines.takeLast();
    QVERIFY2(summary.contains(QLatin1String("in 10 events: ")), qPrintable(summary));
    QVERIFY(summary.endsWith(QLatin1String("nothing was imported")));
    for (const char* id : {"79", "134", "154", "155", "156", "164", "165", "183", "187", "193"})
        QVERIFY2(summary.contains(QRegularExpression(QStringLiteral("[ :,]%1(,|;)").arg(QLatin1String(id)))),
                 id);
    static const QRegularExpression defect(
        QStringLiteral("^.*results\\.csv:\\d+: (place|player_id): event \\d+: .+$"));
    for (const QString& line : lines)
        QVERIFY2(defect.match(line).hasMatch(), qPrintable(line));
    QCOMPARE(countEvents(db), before);
}

void TestCliStore::executableImportsAndLists()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("process.sqlite"));
    const CliRun imported =
        runProcess({QStringLiteral("--db"), db, QStringLiteral("import-history"), ncaHistoryDir()});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    const CliRun events = runProcess({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(events.status, core::cli_exit::ok);
    QCOMPARE(events.out.count(u'\n'), 153);
    QCOMPARE(events.out, run({QStringLiteral("events"), QStringLiteral("--db"), db}).out);
    const CliRun check = runProcess({QStringLiteral("check"), QStringLiteral("--db"), db});
    QCOMPARE(check.status, core::cli_exit::ok);
    QVERIFY2(check.err.contains(QLatin1String("is sound")), qPrintable(check.err));
    QVERIFY(!QFileInfo::exists(db + QStringLiteral(".lock"))); // released at exit
}

void TestCliStore::checkFindsBrokenDatabase()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("broken.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), dataPath(QStringLiteral("reference/ttt/tiny")),
                  QStringLiteral("--db"), db})
                 .status,
             core::cli_exit::ok);
    const CliRun sound = run({QStringLiteral("check"), QStringLiteral("--db"), db});
    QCOMPARE(sound.status, core::cli_exit::ok);
    QVERIFY(sound.out.isEmpty());

    // Written behind the store's back, with foreign keys off: standings of an event that is not there.
    {
        core::sqlite::Database raw(db, core::sqlite::Database::Mode::ReadWrite);
        raw.execute("PRAGMA foreign_keys = OFF");
        raw.execute("INSERT INTO entrants (event_id, unit, status) VALUES ('ghost', 1, 'started')");
        raw.execute("INSERT INTO standings (event_id, unit, place) VALUES ('ghost', 1, 1)");
    }
    const CliRun broken = run({QStringLiteral("check"), QStringLiteral("--db"), db});
    QCOMPARE(broken.status, core::cli_exit::badDatabase);
    QVERIFY2(broken.out.contains(QLatin1String("foreign key: a row of entrants")), qPrintable(broken.out));
    QVERIFY2(broken.err.contains(QLatin1String("check: 1 problem in")), qPrintable(broken.err));
    QCOMPARE(runProcess({QStringLiteral("check"), QStringLiteral("--db"), db}).status,
             core::cli_exit::badDatabase);
}

void TestCliStore::refusesForeignAndDamagedFiles()
{
    QTemporaryDir temp;
    const QString text = temp.filePath(QStringLiteral("notes.txt"));
    writeBytes(text, "hello\n");
    const CliRun foreign = run({QStringLiteral("check"), QStringLiteral("--db"), text});
    QCOMPARE(foreign.status, core::cli_exit::badDatabase);
    QVERIFY2(foreign.err.contains(QLatin1String("is not a FlickDesk database")), qPrintable(foreign.err));
    QCOMPARE(readBytes(text), QByteArray("hello\n"));
    const CliRun write =
        run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), text});
    QCOMPARE(write.status, core::cli_exit::badDatabase);
    QCOMPARE(readBytes(text), QByteArray("hello\n"));
    // A command that reads a history says so as a defect of its input.
    const CliRun rate = run({QStringLiteral("rate"), QStringLiteral("--db"), text});
    QCOMPARE(rate.status, core::cli_exit::inputDefects);
    QVERIFY(rate.err.contains(QLatin1String("is not a FlickDesk database")));

    const QString db = temp.filePath(QStringLiteral("damaged.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    QByteArray bytes = readBytes(db);
    bytes.truncate(bytes.size() / 2);
    writeBytes(db, bytes);
    const CliRun damaged = run({QStringLiteral("check"), QStringLiteral("--db"), db});
    QCOMPARE(damaged.status, core::cli_exit::badDatabase);
    QVERIFY2(damaged.err.contains(QLatin1String("is damaged")), qPrintable(damaged.err));
    QCOMPARE(readBytes(db), bytes);
}

// The commands read the whole file for damage at the day's first open only (core::Store::OpenCheck);
// `check` does at every run, so a page damaged later the same day is found there.
void TestCliStore::checkReadsWholeFileEveryTime()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("nca.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    const CliRun first = run({QStringLiteral("events"), QStringLiteral("--db"), db}); // the day's backup
    QCOMPARE(first.status, core::cli_exit::ok);
    QVERIFY2(first.err.contains(QLatin1String("backed up the database")), qPrintable(first.err));
    QByteArray bytes = readBytes(db);
    const qsizetype page = (bytes.size() / 4096 / 2) * 4096;
    for (qsizetype i = 0; i < 4096; ++i)
        bytes[page + i] = static_cast<char>(0x5A ^ (i & 0xff));
    writeBytes(db, bytes);
    const CliRun events = run({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(events.status, core::cli_exit::ok);
    QCOMPARE(events.out, first.out);
    const CliRun check = run({QStringLiteral("check"), QStringLiteral("--db"), db});
    QCOMPARE(check.status, core::cli_exit::badDatabase);
    QVERIFY2(check.err.contains(QLatin1String("is damaged")), qPrintable(check.err));
    QCOMPARE(readBytes(db), bytes);
}

void TestCliStore::backupCopiesDatabase()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("live.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    const QString copy = temp.filePath(QStringLiteral("copies/copy.sqlite"));
    QDir().mkpath(temp.filePath(QStringLiteral("copies")));
    // While another FlickDesk holds the database: the backup API copies a consistent snapshot.
    core::StoreOptions options;
    options.path = db;
    const core::Store::OpenResult holder = core::Store::open(options);
    QVERIFY(holder.store);
    const CliRun backup =
        run({QStringLiteral("backup"), QStringLiteral("-o"), copy, QStringLiteral("--db"), db});
    QVERIFY2(backup.status == core::cli_exit::ok, qPrintable(backup.err));
    QVERIFY(backup.err.contains(QLatin1String("read-only"))); // the note of the second instance
    QVERIFY(!QFileInfo::exists(copy + QStringLiteral(".partial")));
    QCOMPARE(countEvents(copy), 153);
    QCOMPARE(run({QStringLiteral("check"), QStringLiteral("--db"), copy}).status, core::cli_exit::ok);
    QCOMPARE(run({QStringLiteral("events"), QStringLiteral("--db"), copy}).out,
             run({QStringLiteral("events"), QStringLiteral("--db"), db}).out);
    const CliRun nowhere =
        run({QStringLiteral("backup"), QStringLiteral("-o"),
             temp.filePath(QStringLiteral("no/such/dir/x.sqlite")), QStringLiteral("--db"), db});
    QCOMPARE(nowhere.status, core::cli_exit::cannotWrite);
}

void TestCliStore::exportImportRoundTrip_data()
{
    QTest::addColumn<QString>("history");
    QTest::addColumn<QString>("eventId");
    QTest::addColumn<bool>("awarded");
    // A singles event of 58 players, awarded; a doubles event; an event rated from its games.
    QTest::newRow("WCC Singles 2016, awarded") << ncaHistoryDir() << QStringLiteral("175") << true;
    QTest::newRow("WCC Doubles 2016, finished") << ncaHistoryDir() << QStringLiteral("174") << false;
    QTest::newRow("head-to-head games")
        << dataPath(QStringLiteral("reference/ttt/games")) << QStringLiteral("7") << false;
}

void TestCliStore::exportImportRoundTrip()
{
    QFETCH(QString, history);
    QFETCH(QString, eventId);
    QFETCH(bool, awarded);
    QTemporaryDir temp;
    const QString first = temp.filePath(QStringLiteral("first.sqlite"));
    const QString second = temp.filePath(QStringLiteral("second.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), history, QStringLiteral("--db"), first}).status,
             core::cli_exit::ok);
    if (awarded)
        awardEvent(first, eventId);

    const QString exported = temp.filePath(QStringLiteral("event.json"));
    const CliRun exportRun = run({QStringLiteral("export-event"), eventId, QStringLiteral("-o"), exported,
                                  QStringLiteral("--db"), first});
    QVERIFY2(exportRun.status == core::cli_exit::ok, qPrintable(exportRun.err));
    const QByteArray json = readBytes(exported);
    QVERIFY(json.contains("\"format\": \"flickdesk-event\""));
    QVERIFY(json.contains("\"flickdesk\": \"" FLICKDESK_VERSION "\""));
    QCOMPARE(json.contains("\"lock_month\""), awarded);
    const QDir folder(temp.filePath(QStringLiteral("event-history")));
    QVERIFY(QFileInfo::exists(folder.filePath(QStringLiteral("events.csv"))));
    QVERIFY(QFileInfo::exists(folder.filePath(QStringLiteral("results.csv"))));
    QCOMPARE(QFileInfo::exists(folder.filePath(QStringLiteral("games.csv"))), json.contains("\"winner\""));

    // Into another database, by the real executable, and out again: byte for byte the same.
    const CliRun imported =
        runProcess({QStringLiteral("import-event"), exported, QStringLiteral("--db"), second});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    QVERIFY(imported.err.contains(QStringLiteral("event %1 added").arg(eventId)));
    const QString again = temp.filePath(QStringLiteral("again.json"));
    QCOMPARE(run({QStringLiteral("export-event"), eventId, QStringLiteral("-o"), again,
                  QStringLiteral("--db"), second})
                 .status,
             core::cli_exit::ok);
    QCOMPARE(readBytes(again), json);
    const QDir folderAgain(temp.filePath(QStringLiteral("again-history")));
    for (const QString& name :
         {QStringLiteral("events.csv"), QStringLiteral("results.csv"), QStringLiteral("games.csv")})
        QCOMPARE(readBytes(folderAgain.filePath(name)), readBytes(folder.filePath(name)));

    // Importing it once more changes nothing.
    const CliRun twice = run({QStringLiteral("import-event"), exported, QStringLiteral("--db"), second});
    QCOMPARE(twice.status, core::cli_exit::ok);
    QVERIFY(twice.err.contains(QLatin1String("unchanged")));

    // The history folder beside it is a valid history of that one event.
    const QString third = temp.filePath(QStringLiteral("third.sqlite"));
    const CliRun fromFolder =
        run({QStringLiteral("import-history"), folder.path(), QStringLiteral("--db"), third});
    QVERIFY2(fromFolder.status == core::cli_exit::ok, qPrintable(fromFolder.err));
    QCOMPARE(countEvents(third), 1);
    core::StoreOptions options;
    options.path = third;
    const auto thirdStore = core::Store::open(options).store;
    options.path = second;
    const auto secondStore = core::Store::open(options).store;
    QVERIFY(thirdStore && secondStore);
    QVERIFY(thirdStore->event(eventId)->sameContent(*secondStore->event(eventId)));
}

void TestCliStore::refusesTamperedFile()
{
    QTemporaryDir temp;
    const QString first = temp.filePath(QStringLiteral("first.sqlite"));
    const QString second = temp.filePath(QStringLiteral("second.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), first}).status,
             core::cli_exit::ok);
    awardEvent(first, QStringLiteral("175"));
    const QString exported = temp.filePath(QStringLiteral("175.json"));
    QCOMPARE(run({QStringLiteral("export-event"), QStringLiteral("175"), QStringLiteral("-o"), exported,
                  QStringLiteral("--db"), first})
                 .status,
             core::cli_exit::ok);
    QCOMPARE(run({QStringLiteral("import-history"), dataPath(QStringLiteral("reference/ttt/tiny")),
                  QStringLiteral("--db"), second})
                 .status,
             core::cli_exit::ok);
    const int before = countEvents(second);

    // One digit of one award changed.
    QByteArray json = readBytes(exported);
    const qsizetype at = json.indexOf("\"points\": ");
    QVERIFY(at > 0);
    const qsizetype digit = at + 10;
    QVERIFY(json[digit] >= '0' && json[digit] <= '9');
    json[digit] = json[digit] == '9' ? '8' : static_cast<char>(json[digit] + 1);
    const QString tampered = temp.filePath(QStringLiteral("tampered.json"));
    writeBytes(tampered, json);
    const CliRun refused = run({QStringLiteral("import-event"), tampered, QStringLiteral("--db"), second});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(QLatin1String("sha256: the checksum does not match the content")),
             qPrintable(refused.err));
    QVERIFY(refused.err.contains(QLatin1String("refused, nothing was imported")));
    QCOMPARE(countEvents(second), before);
}

void TestCliStore::importsRatings()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("ratings.sqlite"));
    const QString list = temp.filePath(QStringLiteral("list.csv"));
    writeBytes(list, "player_id,name,mu,sigma\nA,Ann,1.5,0.5\nB,,0.25,0.75\n");
    const CliRun imported = run({QStringLiteral("import-ratings"), list, QStringLiteral("--month"),
                                 QStringLiteral("2025-02"), QStringLiteral("--db"), db});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    QVERIFY2(imported.err.contains(QLatin1String("the lock of 2025-02: 2 players (2 new)")),
             qPrintable(imported.err));
    const CliRun replaced = run({QStringLiteral("--db"), db, QStringLiteral("import-ratings"),
                                 QStringLiteral("--replace"), list, QStringLiteral("--month=2025-02")});
    QVERIFY2(replaced.status == core::cli_exit::ok, qPrintable(replaced.err));
    QVERIFY(replaced.err.contains(QLatin1String("replacing the earlier lock")));

    writeBytes(list, "player_id,name,mu,sigma\nA,Ann,x,0.5\n");
    const CliRun bad = run({QStringLiteral("import-ratings"), list, QStringLiteral("--month"),
                            QStringLiteral("2025-03"), QStringLiteral("--db"), db});
    QCOMPARE(bad.status, core::cli_exit::inputDefects);
    QVERIFY2(bad.err.contains(QLatin1String("list.csv:2: mu: 'x' is not a number")), qPrintable(bad.err));

    core::StoreOptions options;
    options.path = db;
    const auto store = core::Store::open(options).store;
    QVERIFY(store);
    QCOMPARE(store->lockRatings(QStringLiteral("2025-02")).size(), std::size_t{2});
    QVERIFY(store->lockRatings(QStringLiteral("2025-03")).empty());
}

void TestCliStore::ratingCommandsReadDatabase_data()
{
    QTest::addColumn<QString>("history");
    QTest::addColumn<QStringList>("command");
    QTest::newRow("rate NCA") << ncaHistoryDir() << QStringList{QStringLiteral("rate")};
    QTest::newRow("rate games, params.json")
        << dataPath(QStringLiteral("reference/ttt/games")) << QStringList{QStringLiteral("rate")};
    QTest::newRow("lock NCA") << ncaHistoryDir()
                              << QStringList{QStringLiteral("lock"), QStringLiteral("--month"),
                                             QStringLiteral("2024-03")};
    QTest::newRow("points NCA") << ncaHistoryDir() << QStringList{QStringLiteral("points")};
    QTest::newRow("standings NCA") << ncaHistoryDir()
                                   << QStringList{QStringLiteral("standings"), QStringLiteral("--season"),
                                                  QStringLiteral("15"), QStringLiteral("--division"),
                                                  QStringLiteral("competitive")};
}

void TestCliStore::ratingCommandsReadDatabase()
{
    QFETCH(QString, history);
    QFETCH(QStringList, command);
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("rate.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), history, QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    const CliRun fromFolder = run(command + QStringList{history});
    QVERIFY2(fromFolder.status == core::cli_exit::ok, qPrintable(fromFolder.err));
    const CliRun fromDatabase = run(command + QStringList{QStringLiteral("--db"), db});
    QVERIFY2(fromDatabase.status == core::cli_exit::ok, qPrintable(fromDatabase.err));
    QVERIFY(!fromFolder.out.isEmpty());
    QCOMPARE(fromDatabase.out, fromFolder.out);
    const CliRun global = run(QStringList{QStringLiteral("--db"), db} + command);
    QCOMPARE(global.out, fromFolder.out);
}

void TestCliStore::secondInstanceCannotWrite()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("held.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), dataPath(QStringLiteral("reference/ttt/tiny")),
                  QStringLiteral("--db"), db})
                 .status,
             core::cli_exit::ok);
    const int before = countEvents(db);
    core::StoreOptions options;
    options.path = db;
    const core::Store::OpenResult holder = core::Store::open(options);
    QVERIFY(holder.store);
    QVERIFY(!holder.store->isReadOnly());

    const CliRun refused =
        run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::databaseBusy);
    QVERIFY2(refused.err.contains(QLatin1String("in use by another FlickDesk")), qPrintable(refused.err));
    QVERIFY(refused.err.contains(QLatin1String("Nothing was written.")));
    const CliRun process =
        runProcess({QStringLiteral("--db"), db, QStringLiteral("import-history"), ncaHistoryDir()});
    QCOMPARE(process.status, core::cli_exit::databaseBusy);
    QVERIFY2(process.err.contains(QStringLiteral("process %1").arg(QCoreApplication::applicationPid())),
             qPrintable(process.err));
    // Reading goes on, with a note.
    const CliRun events = runProcess({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(events.status, core::cli_exit::ok);
    QCOMPARE(eventIds(events.out).size(), before);
    QVERIFY(events.err.contains(QLatin1String("opened read-only")));
    QCOMPARE(holder.store->eventCount(), before);
}

// The database's settings name a season's Finale and the earlier Recreational champions (T2, T3):
// `standings --db` uses them, and the command line wins over them.
void TestCliStore::standingsUseStoredSettings()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("nca.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    const QStringList competitive{
        QStringLiteral("standings"),  QStringLiteral("--db"), db,
        QStringLiteral("--season"),   QStringLiteral("15"),   QStringLiteral("--division"),
        QStringLiteral("competitive")};
    // Without a setting: the season's latest WCC Singles (event 96).
    const CliRun byDefault = run(competitive);
    QVERIFY2(byDefault.status == core::cli_exit::ok, qPrintable(byDefault.err));
    QVERIFY2(byDefault.err.contains(QLatin1String("Finale 96 ")), qPrintable(byDefault.err));

    const QStringList recreational{
        QStringLiteral("standings"),   QStringLiteral("--db"), db,
        QStringLiteral("--season"),    QStringLiteral("13"),   QStringLiteral("--division"),
        QStringLiteral("recreational")};
    const CliRun championBefore = run(recreational);
    QCOMPARE(championBefore.status, core::cli_exit::ok);
    const QRegularExpression championLine(QStringLiteral("\\n\\d+,(\\w+),[^\\n]*champion"));
    const QString champion = championLine.match(championBefore.out).captured(1);
    QVERIFY2(!champion.isEmpty(), qPrintable(championBefore.out));

    {
        core::StoreOptions options;
        options.path = db;
        const core::Store::OpenResult opened = core::Store::open(options);
        QVERIFY(opened.store);
        opened.store->setSetting(core::Store::finaleKey(QStringLiteral("15")), QStringLiteral("95"));
        opened.store->setSetting(core::Store::earlierRecreationalChampionsKey(),
                                 QJsonArray{QJsonValue(champion)});
    }
    const CliRun stored = run(competitive);
    QVERIFY2(stored.err.contains(QLatin1String("Finale 95 ")), qPrintable(stored.err));
    const CliRun overridden =
        run(competitive + QStringList{QStringLiteral("--finale"), QStringLiteral("96")});
    QVERIFY2(overridden.err.contains(QLatin1String("Finale 96 ")), qPrintable(overridden.err));

    // The stored earlier champion cannot win the title again; the standings themselves are unchanged.
    const CliRun championAfter = run(recreational);
    QCOMPARE(championAfter.status, core::cli_exit::ok);
    const QString newChampion = championLine.match(championAfter.out).captured(1);
    QVERIFY(!newChampion.isEmpty());
    QVERIFY(newChampion != champion);
    QString withoutNotes = championAfter.out;
    QString before = championBefore.out;
    withoutNotes.remove(QStringLiteral("champion"));
    before.remove(QStringLiteral("champion"));
    QCOMPARE(withoutNotes, before);
}

void TestCliStore::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    const QString db = QStringLiteral("unused.sqlite");
    QTest::newRow("export without -o")
        << QStringList{QStringLiteral("export-event"), QStringLiteral("1"), QStringLiteral("--db"), db};
    QTest::newRow("import-ratings without month")
        << QStringList{QStringLiteral("import-ratings"), QStringLiteral("x.csv"), QStringLiteral("--db"), db};
    QTest::newRow("bad month") << QStringList{QStringLiteral("import-ratings"), QStringLiteral("x.csv"),
                                              QStringLiteral("--month"),        QStringLiteral("2025-13"),
                                              QStringLiteral("--db"),           db};
    QTest::newRow("payout with --db") << QStringList{QStringLiteral("--db"), db, QStringLiteral("payout")};
    QTest::newRow("--db without file") << QStringList{QStringLiteral("--db")};
    QTest::newRow("--db without command") << QStringList{QStringLiteral("--db"), db};
    QTest::newRow("events with argument")
        << QStringList{QStringLiteral("events"), QStringLiteral("extra"), QStringLiteral("--db"), db};
    QTest::newRow("backup without -o") << QStringList{QStringLiteral("backup"), QStringLiteral("--db"), db};
    QTest::newRow("empty --db") << QStringList{QStringLiteral("events"), QStringLiteral("--db=")};
}

void TestCliStore::usageErrors()
{
    QFETCH(QStringList, args);
    QTemporaryDir temp;
    QVERIFY(QDir::setCurrent(temp.path())); // nothing may be created but in here
    const CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::usage);
    QVERIFY(result.out.isEmpty());
    QVERIFY2(result.err.contains(QLatin1String("Usage: flickdesk-cli")), qPrintable(result.err));
    QVERIFY(!QFileInfo::exists(temp.filePath(QStringLiteral("unused.sqlite"))));
    QVERIFY(QDir::setCurrent(QDir::tempPath()));
}

QTEST_MAIN(TestCliStore)
#include "tst_clistore.moc"
