// The FlickDesk database (core/store/store.h): creation, migrations with backups, the daily backup and its
// rotation, refusal of foreign and damaged files, a second instance, history import and its
// refusals, rating lists, frozen awards, foreign keys, and loadHistory() against the folder.
#include "../common/storefixtures.h"
#include "core/awards/awarding.h"
#include "core/awards/monthlocks.h"
#include "core/awards/tourpoints.h"
#include "core/formats/eventexchange.h"
#include "core/formats/historydigest.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"
#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/monthlylock.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <thread>

using namespace flickdesk;
using core::Store;
using core::StoreError;
using core::StoreOptions;
using testing::queryInteger;

namespace {

QString dataPath(const QString& relative)
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR)).filePath(relative);
}

QString ncaHistory()
{
    return dataPath(QStringLiteral("nca-history"));
}

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

// A wall clock that tests move by hand.
struct TestClock {
    std::shared_ptr<QDateTime> now = std::make_shared<QDateTime>(QDate(2025, 3, 1), QTime(9, 30), Qt::UTC);
    std::function<QDateTime()> function() const
    {
        return [now = now] { return *now; };
    }
};

std::unique_ptr<Store> openStore(const QString& path, const TestClock& clock = {}, int version = 0)
{
    StoreOptions options;
    options.path = path;
    options.clock = clock.function();
    options.schemaVersion = version;
    return testing::openStore(options);
}

// Everything a database holds, table by table, as text: two databases with the same data give the
// same text whatever their files look like.
QString dumpTables(const QString& path)
{
    return testing::dumpTables(path, testing::RowOrder::Sorted);
}

// A copy of the NCA history whose results are results_raw.csv: ten events with defects.
QString makeRawHistory(const QTemporaryDir& temp)
{
    const QString dir = temp.filePath(QStringLiteral("raw"));
    QDir().mkpath(dir);
    QFile::copy(QDir(ncaHistory()).filePath(QStringLiteral("events.csv")),
                QDir(dir).filePath(QStringLiteral("events.csv")));
    QFile::copy(QDir(ncaHistory()).filePath(QStringLiteral("results_raw.csv")),
                QDir(dir).filePath(QStringLiteral("results.csv")));
    return dir;
}

QSet<QString> cleanedEvents()
{
    QSet<QString> ids;
    const QList<QByteArray> lines =
        readBytes(QDir(ncaHistory()).filePath(QStringLiteral("cleaning.csv"))).split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (!lines[i].trimmed().isEmpty())
            ids.insert(QString::fromUtf8(lines[i].split(',').first()));
    }
    return ids;
}

int distinctPlayers(const QString& historyDir)
{
    QSet<QByteArray> ids;
    const QList<QByteArray> lines =
        readBytes(QDir(historyDir).filePath(QStringLiteral("results.csv"))).split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> fields = lines[i].trimmed().split(',');
        if (fields.size() >= 3)
            ids.insert(fields[2]);
    }
    return static_cast<int>(ids.size());
}

// An award of every unit of `event` by place, with made-up ratings: what Store::award freezes.
core::AwardRecord madeUpAward(const core::EventRecord& event, double fsi)
{
    core::AwardRecord award;
    award.lockMonth = event.date.left(7);
    award.fsi = fsi;
    award.fdi = 0.25;
    for (const core::UnitRecord& unit : event.units) {
        for (const QString& player : unit.playerIds) {
            award.ratings.push_back({player, 1.0 / (unit.place.value_or(1) + 1), 0.5});
            award.awards.push_back(
                {player, unit.place.value_or(1), std::max(1.0, 50.0 - unit.place.value_or(1))});
        }
    }
    std::sort(
        award.ratings.begin(), award.ratings.end(),
        [](const core::LockedRating& a, const core::LockedRating& b) { return a.playerId < b.playerId; });
    std::sort(award.awards.begin(), award.awards.end(),
              [](const core::PlayerAward& a, const core::PlayerAward& b) {
                  return std::tie(a.place, a.playerId) < std::tie(b.place, b.playerId);
              });
    return award;
}

} // namespace

class TestStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void createsNewDatabase();
    void createsInPlaceOfEmptyFile();
    void migratesOlderFileAfterBackup();
    void refusesNewerFile();
    void dailyBackupKeepsNewestSeven();
    void failedDailyBackupIsReported();
    void refusesForeignFile_data();
    void refusesForeignFile();
    void refusesDamagedFile_data();
    void refusesDamagedFile();
    void checksWholeFileAtFirstOpenOfDay();
    void checksWholeFileAfterUncleanClose_data();
    void checksWholeFileAfterUncleanClose();
    void secondInstanceIsReadOnly();
    void workerConnectionWritesBesideWindow();
    void workerOfReadOnlyStoreIsReadOnly();
    void workerKeepsTheLockFileUntilItCloses();
    void emptyLockFileOfKilledWriterIsTakenOver();
    void importsNcaHistory();
    void reimportIsNoOp();
    void refusesRawHistoryUnchanged();
    void refusesConflictingEvent();
    void importsRatingList();
    void ratingListDefects();
    void storesComputedLock();
    void awardsAreFrozen();
    void awardFromTourPoints();
    void foreignKeysEnforced();
    void loadHistoryRatesLikeFolder_data();
    void loadHistoryRatesLikeFolder();
    void settingsAndAuditLog();
    void exchangeRoundTripsNumbers();
    void exchangeRefusesTampering();
};

void TestStore::initTestCase()
{
    // Every test names its database; should one not, it lands in Qt's test folder, never in the
    // user's application data.
    QStandardPaths::setTestModeEnabled(true);
}

void TestStore::createsNewDatabase()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("sub/new.sqlite"));
    {
        const auto store = openStore(path);
        QVERIFY(store);
        QVERIFY(store->created());
        QVERIFY(!store->isReadOnly());
        QCOMPARE(store->schemaVersion(), Store::latestSchemaVersion);
        QCOMPARE(store->eventCount(), 0);
        QVERIFY(store->backupsMade().isEmpty()); // nothing to back up yet
        QVERIFY(QFileInfo::exists(path + QStringLiteral(".lock")));
        QVERIFY(!QFileInfo::exists(path + QStringLiteral(".new")));
    }
    QVERIFY(!QFileInfo::exists(path + QStringLiteral(".lock")));
    {
        // An empty database is not worth the day's backup.
        TestClock tomorrow;
        *tomorrow.now = tomorrow.now->addDays(1);
        const auto again = openStore(path, tomorrow);
        QVERIFY(again);
        QVERIFY(!again->created());
        QVERIFY(again->backupsMade().isEmpty());
        QVERIFY(Store::backups(path).isEmpty());
    }
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    QCOMPARE(db.queryInteger("PRAGMA application_id").value_or(0), Store::applicationId);
    QCOMPARE(db.queryInteger("PRAGMA user_version").value_or(0), Store::latestSchemaVersion);
    QCOMPARE(db.queryText("PRAGMA journal_mode").value_or(QString()), QStringLiteral("wal"));
    // The header holds the application id in the file itself, not only in a write-ahead log.
    QCOMPARE(readBytes(path).mid(68, 4), QByteArray::fromHex("466C446B"));
}

void TestStore::createsInPlaceOfEmptyFile()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("empty.sqlite"));
    writeBytes(path, {});
    // An empty file is not a database: refused, unless a new database in its place is asked for.
    const auto refused = openStore(path);
    QVERIFY(!refused);
    QCOMPARE(QFileInfo(path).size(), 0);
    StoreOptions options;
    options.path = path;
    options.creation = StoreOptions::Creation::IfMissingOrEmpty;
    const auto store = testing::openStore(options);
    QVERIFY(store);
    QVERIFY(store->created());
    QVERIFY(QFileInfo(path).size() > 0);
}

void TestStore::migratesOlderFileAfterBackup()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("old.sqlite"));
    TestClock clock;
    {
        const auto store = openStore(path, clock, 1);
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), 1);
        QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    }
    const int events = static_cast<int>(queryInteger(path, "SELECT count(*) FROM events"));
    QVERIFY(events > 0);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'events_by_date'"), 0);
    const QString before = dumpTables(path);

    // Opening with this FlickDesk upgrades it, after a backup of the file as it was.
    *clock.now = clock.now->addSecs(60);
    const auto store = openStore(path, clock);
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), Store::latestSchemaVersion);
    const QStringList made = store->backupsMade();
    QCOMPARE(made.size(), 1); // the migration's backup counts as the day's
    QVERIFY2(made.first().endsWith(
                 QStringLiteral("old-20250301-093100-before-v%1.sqlite").arg(Store::latestSchemaVersion)),
             qPrintable(made.first()));
    QCOMPARE(QFileInfo(made.first()).dir().dirName(), QStringLiteral("backups"));
    {
        core::sqlite::Database backup(made.first(), core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(backup.queryInteger("PRAGMA user_version").value_or(0), 1);
        QCOMPARE(backup.queryInteger("SELECT count(*) FROM events").value_or(0), events);
    }
    QCOMPARE(dumpTables(made.first()), before);
    QCOMPARE(store->eventCount(), events);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'events_by_date'"), 1);
    QCOMPARE(queryInteger(path, "PRAGMA user_version"), Store::latestSchemaVersion);
    // The data as it was; a column a migration adds comes last and is NULL (version 3:
    // standings.listed), and a table a migration adds is empty (version 4: the rating pools).
    // Version 6 adds a lock's digest and stale flag ('' and 1 for a lock computed before it) and
    // the history's generation. Version 7 moves a lock's rows into its `locks` row (none here) and
    // drops the table `lock_ratings`.
    const QRegularExpression addedColumns(QStringLiteral("(NULL\\|)+\n"));
    const QRegularExpression lockColumns(QStringLiteral("\\|\\|[01]\n"));
    const QRegularExpression addedTables(QStringLiteral(
        "\\[(pools|pool_players|pool_games|play_formats|play_places|play_scores|play_shoot_outs|play_"
        "withdrawals)\\]\n|\\[history_state\\]\n1\\|0\\|\n"));
    QCOMPARE(dumpTables(path)
                 .replace(addedColumns, QStringLiteral("\n"))
                 .replace(lockColumns, QStringLiteral("\n"))
                 .remove(addedTables),
             QString(before)
                 .replace(addedColumns, QStringLiteral("\n"))
                 .replace(lockColumns, QStringLiteral("\n"))
                 .remove(QStringLiteral("[lock_ratings]\n")));
}

void TestStore::refusesNewerFile()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("future.sqlite"));
    QVERIFY(openStore(path));
    {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
        db.execute("PRAGMA user_version = 99");
    }
    const QByteArray bytes = readBytes(path);
    StoreOptions options;
    options.path = path;
    const Store::OpenResult result = Store::open(options);
    QVERIFY(!result.store);
    QCOMPARE(result.failure, Store::OpenFailure::TooNew);
    QVERIFY2(result.error.contains(QLatin1String("newer FlickDesk")), qPrintable(result.error));
    QCOMPARE(readBytes(path), bytes);
}

void TestStore::dailyBackupKeepsNewestSeven()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("daily.sqlite"));
    TestClock clock;
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    }
    QVERIFY(Store::backups(path).isEmpty());
    // A backup that a killed process left unfinished is cleared away, and never counted.
    QDir().mkpath(Store::backupFolder(path));
    writeBytes(QDir(Store::backupFolder(path))
                   .filePath(QStringLiteral("daily-20250301-000000-daily.sqlite.partial")),
               "half");

    QStringList expected;
    for (int day = 1; day <= 10; ++day) {
        *clock.now = QDateTime(QDate(2025, 3, 1).addDays(day), QTime(8, 0), Qt::UTC);
        {
            const auto store = openStore(path, clock);
            QVERIFY(store);
            QCOMPARE(store->backupsMade().size(), 1);
            expected.prepend(store->backupsMade().first());
        }
        // The second open of the same day makes none.
        *clock.now = clock.now->addSecs(3600);
        const auto again = openStore(path, clock);
        QVERIFY(again);
        QVERIFY(again->backupsMade().isEmpty());
    }
    const QStringList kept = Store::backups(path);
    QCOMPARE(kept, expected.mid(0, 7));
    QVERIFY(kept.first().endsWith(QStringLiteral("daily-20250311-080000-daily.sqlite")));
    QVERIFY(kept.last().endsWith(QStringLiteral("daily-20250305-080000-daily.sqlite")));
    QCOMPARE(QDir(Store::backupFolder(path)).entryList(QDir::Files).size(), 7);
    // Each backup is a whole, valid FlickDesk database.
    for (const QString& backup : kept) {
        core::sqlite::Database db(backup, core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(db.queryText("PRAGMA integrity_check").value_or(QString()), QStringLiteral("ok"));
        QCOMPARE(db.queryInteger("PRAGMA application_id").value_or(0), Store::applicationId);
    }
}

void TestStore::failedDailyBackupIsReported()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("nobackup.sqlite"));
    TestClock clock;
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    }
    writeBytes(Store::backupFolder(path), "a file where the backups folder should be");
    *clock.now = clock.now->addDays(1);
    const auto store = openStore(path, clock);
    QVERIFY(store); // the database is still there to work with
    QVERIFY(!store->isReadOnly());
    QVERIFY(store->backupsMade().isEmpty());
    QCOMPARE(store->warnings().size(), 1);
    QVERIFY2(store->warnings().first().contains(QLatin1String("backup")),
             qPrintable(store->warnings().first()));
}

void TestStore::refusesForeignFile_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("text file") << QStringLiteral("text");
    QTest::newRow("another application's SQLite database") << QStringLiteral("sqlite");
    QTest::newRow("SQLite database with another application id") << QStringLiteral("application id");
    QTest::newRow("SQLite header, garbage after it") << QStringLiteral("short");
}

void TestStore::refusesForeignFile()
{
    QFETCH(QString, kind);
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("data.sqlite"));
    if (kind == QLatin1String("text")) {
        writeBytes(path, "event_id,date,name\n1,2025-01-01,Not a database\n");
    } else if (kind == QLatin1String("short")) {
        writeBytes(path, QByteArray("SQLite format 3\0", 16) + QByteArray(20, 'x'));
    } else {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWriteCreate);
        db.execute("CREATE TABLE torrents (hash TEXT PRIMARY KEY, name TEXT);"
                   "INSERT INTO torrents VALUES ('abc', 'something');");
        if (kind == QLatin1String("application id"))
            db.execute("PRAGMA application_id = 1234");
    }
    // A FlickDesk backup of that name exists: the message offers it.
    QDir().mkpath(Store::backupFolder(path));
    const QString backup =
        QDir(Store::backupFolder(path)).filePath(QStringLiteral("data-20250201-120000-daily.sqlite"));
    {
        // Made beside it and copied in: a backup command never writes into a backups/ folder.
        const auto real = openStore(temp.filePath(QStringLiteral("real.sqlite")));
        QVERIFY(real);
        real->backup(temp.filePath(QStringLiteral("copy.sqlite")));
        QVERIFY(QFile::rename(temp.filePath(QStringLiteral("copy.sqlite")), backup));
    }
    const QByteArray bytes = readBytes(path);
    const QStringList filesBefore = QDir(temp.path()).entryList(QDir::Files);

    StoreOptions options;
    options.path = path;
    const Store::OpenResult result = Store::open(options);
    QVERIFY(!result.store);
    QCOMPARE(result.failure, Store::OpenFailure::NotFlickDesk);
    QVERIFY2(result.error.contains(QDir::toNativeSeparators(path)), qPrintable(result.error));
    QVERIFY2(result.error.contains(QLatin1String("is not a FlickDesk database")), qPrintable(result.error));
    QVERIFY2(result.error.contains(QLatin1String("did not change it")), qPrintable(result.error));
    QVERIFY2(
        result.error.contains(QStringLiteral("The newest backup is ") + QDir::toNativeSeparators(backup)),
        qPrintable(result.error));
    // Never written, and nothing left beside it (no journal, no lock).
    QCOMPARE(readBytes(path), bytes);
    QCOMPARE(QDir(temp.path()).entryList(QDir::Files), filesBefore);
}

void TestStore::refusesDamagedFile_data()
{
    QTest::addColumn<QString>("damage");
    QTest::newRow("a page overwritten in the middle") << QStringLiteral("overwrite");
    QTest::newRow("truncated to half") << QStringLiteral("truncate");
}

void TestStore::refusesDamagedFile()
{
    QFETCH(QString, damage);
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("nca.sqlite"));
    TestClock clock;
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QVERIFY(store->importHistory(ncaHistory()).ok());
    }
    *clock.now = clock.now->addDays(1);
    QString newest;
    {
        const auto store = openStore(path, clock); // the day's backup
        QVERIFY(store);
        QCOMPARE(store->backupsMade().size(), 1);
        newest = store->backupsMade().first();
    }
    QByteArray bytes = readBytes(path);
    QVERIFY(bytes.size() > 40 * 4096);
    if (damage == QLatin1String("overwrite")) {
        const qsizetype page = (bytes.size() / 4096 / 2) * 4096;
        for (qsizetype i = 0; i < 4096; ++i)
            bytes[page + i] = static_cast<char>(0x5A ^ (i & 0xff));
    } else {
        bytes.truncate((bytes.size() / 4096 / 2) * 4096);
    }
    writeBytes(path, bytes);

    *clock.now = clock.now->addDays(1);
    StoreOptions options;
    options.path = path;
    options.clock = clock.function();
    const Store::OpenResult result = Store::open(options);
    QVERIFY(!result.store);
    QCOMPARE(result.failure, Store::OpenFailure::Damaged);
    QVERIFY2(result.error.contains(QStringLiteral("%1 is damaged").arg(QDir::toNativeSeparators(path))),
             qPrintable(result.error));
    QVERIFY2(result.error.contains(QLatin1String("did not change it")), qPrintable(result.error));
    QVERIFY2(
        result.error.contains(QStringLiteral("The newest backup is ") + QDir::toNativeSeparators(newest)),
        qPrintable(result.error));
    QCOMPARE(readBytes(path), bytes);
    QCOMPARE(Store::backups(path), QStringList{newest}); // no backup made of a damaged file

    // The backup it names is whole.
    const auto restored = openStore(newest, clock);
    QVERIFY(restored);
    QCOMPARE(restored->eventCount(), 153);
}

// The whole file is read for damage once a day, before the day's backup, not at every open: a page
// damaged after that check goes unnoticed by the day's later opens, and `check` (checkOnOpen) and
// the next day's first open find it.
void TestStore::checksWholeFileAtFirstOpenOfDay()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("nca.sqlite"));
    TestClock clock;
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::Skipped); // a new database
        QVERIFY(store->importHistory(ncaHistory()).ok());
    }
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::FirstOpenOfDay);
        QCOMPARE(store->backupsMade().size(), 1);
    }
    const QStringList backups = Store::backups(path);
    *clock.now = clock.now->addSecs(3600);
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::Skipped);
        QVERIFY(store->backupsMade().isEmpty());
    }

    QByteArray bytes = readBytes(path);
    const qsizetype page = (bytes.size() / 4096 / 2) * 4096;
    for (qsizetype i = 0; i < 4096; ++i)
        bytes[page + i] = static_cast<char>(0x5A ^ (i & 0xff));
    writeBytes(path, bytes);
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::Skipped);
        // Its integrity check finds the damage: as problems, or as a page it cannot read.
        QString found;
        try {
            found = store->check().join(u'\n');
        } catch (const core::StoreError& error) {
            found = error.message();
        }
        QVERIFY2(found.contains(QLatin1String("integrity:")) || found.contains(QLatin1String("malformed")),
                 qPrintable(found));
    }
    StoreOptions options;
    options.path = path;
    options.clock = clock.function();
    options.checkOnOpen = true;
    Store::OpenResult asked = Store::open(options);
    QVERIFY(!asked.store);
    QCOMPARE(asked.failure, Store::OpenFailure::Damaged);

    *clock.now = clock.now->addDays(1);
    options.checkOnOpen = false;
    const Store::OpenResult nextDay = Store::open(options);
    QVERIFY(!nextDay.store);
    QCOMPARE(nextDay.failure, Store::OpenFailure::Damaged);
    QCOMPARE(Store::backups(path), backups); // the damaged file is not the new day's backup
    QCOMPARE(readBytes(path), bytes);
}

void TestStore::checksWholeFileAfterUncleanClose_data()
{
    QTest::addColumn<bool>("staleLock");
    QTest::addColumn<bool>("walLeft");
    // A crash or a kill: its lock and its -wal stay.
    QTest::newRow("the lock and the -wal left") << true << true;
    // Nothing written since the last checkpoint, or the -wal lost.
    QTest::newRow("the lock left") << true << false;
    // The lock of a crashed computer removed by `flickdesk-cli unlock`.
    QTest::newRow("the -wal left") << false << true;
}

void TestStore::checksWholeFileAfterUncleanClose()
{
    QFETCH(bool, staleLock);
    QFETCH(bool, walLeft);
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("nca.sqlite"));
    const QString wal = path + QStringLiteral("-wal");
    const QString lock = path + QStringLiteral(".lock");
    TestClock clock;
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QVERIFY(store->importHistory(ncaHistory()).ok());
    }
    {
        const auto store = openStore(path, clock); // the day's check and backup
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::FirstOpenOfDay);
    }
    // A session's files as they are while it runs, after a change: what a crash leaves on disk.
    QByteArray databaseBytes;
    QByteArray walBytes;
    QByteArray lockBytes;
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::Skipped);
        store->setSetting(QStringLiteral("test.session"), 7);
        databaseBytes = readBytes(path);
        walBytes = readBytes(wal);
        lockBytes = readBytes(lock);
    }
    QVERIFY(walBytes.size() > 0);
    QVERIFY(lockBytes.size() > 0);
    // A clean close leaves neither, and the next open does not check.
    QVERIFY(!QFileInfo::exists(wal));
    QVERIFY(!QFileInfo::exists(lock));
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::Skipped);
    }

    // The lock of a process that has ended, as a crashed FlickDesk leaves it.
    QProcess ended;
    ended.start(QStringLiteral(FLICKDESK_CLI_PATH), {QStringLiteral("--version")});
    QVERIFY(ended.waitForStarted());
    const qint64 endedPid = ended.processId();
    QVERIFY(ended.waitForFinished());
    QList<QByteArray> lockLines = lockBytes.split('\n');
    lockLines[0] = QByteArray::number(endedPid);
    writeBytes(path, databaseBytes);
    if (walLeft)
        writeBytes(wal, walBytes);
    if (staleLock)
        writeBytes(lock, lockLines.join('\n'));
    {
        const auto store = openStore(path, clock);
        QVERIFY(store);
        QVERIFY2(!store->isReadOnly(), qPrintable(store->readOnlyReason()));
        QCOMPARE(store->openCheck(), Store::OpenCheck::AfterUncleanClose);
        if (walLeft)
            QCOMPARE(store->setting(QStringLiteral("test.session")).toInt(), 7);
    }
    {
        const auto store = openStore(path, clock); // that session closed cleanly
        QVERIFY(store);
        QCOMPARE(store->openCheck(), Store::OpenCheck::Skipped);
    }
}

void TestStore::secondInstanceIsReadOnly()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("shared.sqlite"));
    const auto first = openStore(path);
    QVERIFY(first);
    QVERIFY(!first->isReadOnly());
    QVERIFY(first->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const int events = first->eventCount();

    const auto second = openStore(path);
    QVERIFY(second);
    QVERIFY(second->isReadOnly());
    QVERIFY2(second->readOnlyReason().contains(QLatin1String("in use by another FlickDesk")),
             qPrintable(second->readOnlyReason()));
    QVERIFY(second->readOnlyReason().contains(QString::number(QCoreApplication::applicationPid())));
    QCOMPARE(second->eventCount(), events); // it reads
    try {
        second->importHistory(ncaHistory());
        QFAIL("a read-only store wrote");
    } catch (const StoreError& error) {
        QCOMPARE(error.kind(), StoreError::Kind::ReadOnly);
        QVERIFY(error.message().contains(QLatin1String("Nothing was written")));
    }
    QVERIFY_THROWS_EXCEPTION(StoreError, second->setSetting(QStringLiteral("x"), 1));
    QCOMPARE(first->eventCount(), events);

    // The first one goes on writing, and the second sees it.
    first->setSetting(QStringLiteral("written"), 42);
    QCOMPARE(second->setting(QStringLiteral("written")).toInt(), 42);
    QVERIFY(second->check().isEmpty());
}

// A background task's own connection (Store::openWorker): it reads and writes the same database
// in its own thread while the window's Store reads, and makes no backup and no lock file.
void TestStore::workerConnectionWritesBesideWindow()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("worker.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const QStringList filesBefore = QDir(temp.path()).entryList(QDir::Files | QDir::Hidden);
    const QStringList backupsBefore = Store::backups(path);
    const int events = store->eventCount();
    QVERIFY(!store->storedLockFor(QStringLiteral("2023-09-15")));

    std::unique_ptr<Store> worker = store->openWorker();
    QVERIFY(worker);
    QVERIFY(!worker->isReadOnly());
    std::atomic<bool> done = false;
    std::atomic<bool> readOnce = false; // the worker starts once the window has read: on a loaded
                                        // machine it could otherwise finish before the first read
    QString failure;
    std::thread thread([&worker, &done, &readOnce, &failure] {
        while (!readOnce)
            std::this_thread::yield();
        try {
            const qint64 generation = worker->historyGeneration();
            const core::HistoryFolder folder = worker->loadHistory();
            const engine::DayNumber first = *engine::parseIsoDate("2023-09-01");
            engine::FlickSkillParameters parameters;
            folder.parameters.applyTo(parameters);
            const QJsonObject parametersJson = core::flickSkillParametersJson(parameters);
            const engine::MonthlyLock lock = engine::computeMonthlyLock(folder.history, first, parameters);
            std::vector<core::LockedRating> ratings;
            for (std::size_t k = 0; k < lock.players.size(); ++k)
                ratings.push_back({QString::fromStdString(
                                       folder.history.playerIds[static_cast<std::size_t>(lock.players[k])]),
                                   lock.posteriors[k].mu, lock.posteriors[k].sigma});
            worker->storeComputedLock(QStringLiteral("2023-09"), ratings, parametersJson, lock.iterations,
                                      lock.converged,
                                      core::historyDigestBefore(folder, parametersJson, first), generation);
            worker.reset(); // closed in the thread that used it
        } catch (const std::exception& error) {
            failure = QString::fromUtf8(error.what());
        }
        done = true;
    });
    int reads = 0;
    while (!done) { // the window's connection keeps reading meanwhile
        QCOMPARE(store->eventCount(), events);
        ++reads;
        readOnce = true;
    }
    thread.join();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QVERIFY(reads > 0);
    // The window's Store sees the lock the worker wrote, fresh.
    const std::optional<core::MonthLockRatings> stored = store->storedLockFor(QStringLiteral("2023-09-15"));
    QVERIFY(stored);
    QVERIFY(stored->players > 0);
    QCOMPARE(core::MonthLocks(*store).lockFor(QStringLiteral("2023-09")).mu, stored->mu);
    // No backup, no second lock file, nothing else beside the database.
    QCOMPARE(Store::backups(path), backupsBefore);
    QCOMPARE(QDir(temp.path()).entryList(QDir::Files | QDir::Hidden), filesBefore);
    QVERIFY(!store->isReadOnly()); // the window still holds the lock
}

void TestStore::workerOfReadOnlyStoreIsReadOnly()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("shared.sqlite"));
    const auto first = openStore(path);
    QVERIFY(first);
    QVERIFY(first->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const auto second = openStore(path);
    QVERIFY(second && second->isReadOnly());
    const std::unique_ptr<Store> worker = second->openWorker();
    QVERIFY(worker->isReadOnly());
    QCOMPARE(worker->readOnlyReason(), second->readOnlyReason());
    QCOMPARE(worker->eventCount(), first->eventCount()); // it reads
    try {
        worker->storeComputedLock(QStringLiteral("2023-09"), {}, {}, 1, true, QStringLiteral("x"));
        QFAIL("a worker of a read-only store wrote");
    } catch (const StoreError& error) {
        QCOMPARE(error.kind(), StoreError::Kind::ReadOnly);
    }
    // The writable window's worker writes.
    QVERIFY(!first->openWorker()->isReadOnly());
}

// A worker that outlives the window's Store (the window closed, or another database opened, while a
// lock is computed) keeps the lock file until it closes: no other FlickDesk takes the database
// while it still writes, and its write lands.
void TestStore::workerKeepsTheLockFileUntilItCloses()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("outlived.sqlite"));
    const QString lockFile = path + QStringLiteral(".lock");
    auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    std::unique_ptr<Store> worker = store->openWorker();
    QVERIFY(worker);
    store.reset(); // the window goes first
    QVERIFY(QFileInfo::exists(lockFile));
    {
        const auto other = openStore(path); // another FlickDesk meanwhile: read-only
        QVERIFY(other);
        QVERIFY(other->isReadOnly());
    }
    QVERIFY(QFileInfo::exists(lockFile));
    const qint64 generation = worker->historyGeneration();
    worker->storeComputedLock(QStringLiteral("2023-09"), {{QStringLiteral("a"), 1.0, 0.5}},
                              core::flickSkillParametersJson(engine::FlickSkillParameters{}), 3, true,
                              QStringLiteral("digest"), generation);
    worker.reset();
    QVERIFY(!QFileInfo::exists(lockFile));
    const auto reopened = openStore(path);
    QVERIFY(reopened);
    QVERIFY2(!reopened->isReadOnly(), qPrintable(reopened->readOnlyReason()));
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM locks WHERE month = '2023-09'"), 1);
}

// A writer killed between creating its lock file and writing its process id leaves an empty lock
// file; nothing holds it, so the next FlickDesk must take it over rather than open read-only.
void TestStore::emptyLockFileOfKilledWriterIsTakenOver()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("orphan.sqlite"));
    {
        const auto store = openStore(path);
        QVERIFY(store);
    }
    writeBytes(path + QStringLiteral(".lock"), QByteArray());
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY2(!store->isReadOnly(), qPrintable(store->readOnlyReason()));

    // A lock that a live FlickDesk holds is still respected.
    const auto second = openStore(path);
    QVERIFY(second);
    QVERIFY(second->isReadOnly());
}

void TestStore::importsNcaHistory()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("nca.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    const core::ImportReport report = store->importHistory(ncaHistory());
    QVERIFY(report.ok());
    QCOMPARE(report.eventsAdded, 153);
    QCOMPARE(report.eventsUnchanged, 0);
    QCOMPARE(report.finishes, 6707);
    const int players = distinctPlayers(ncaHistory());
    QCOMPARE(report.playersAdded, players);
    QCOMPARE(store->eventCount(), 153);
    QCOMPARE(store->playerCount(), players);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM entrant_players"), 6707);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM events WHERE status = 'finished'"), 153);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM players WHERE name IS NOT NULL"), 0); // no names: D1

    const std::optional<core::EventRecord> wcc = store->event(QStringLiteral("174"));
    QVERIFY(wcc);
    QCOMPARE(wcc->date, QStringLiteral("2016-06-04"));
    QCOMPARE(wcc->name, QStringLiteral("WCC Doubles 2016"));
    QCOMPARE(wcc->format, engine::EventFormat::Doubles);
    QCOMPARE(wcc->tour, core::Tour::Competitive);
    QCOMPARE(wcc->tier, std::optional<int>(1));
    QCOMPARE(wcc->season, QStringLiteral("9"));
    QCOMPARE(wcc->fieldSize, std::optional<int>(32));
    QCOMPARE(wcc->units.size(), std::size_t{32});
    QCOMPARE(wcc->units.front().playerIds, (QStringList{QStringLiteral("725"), QStringLiteral("746")}));
    QCOMPARE(wcc->units.front().place, std::optional<int>(1));
    QCOMPARE(wcc->status, core::EventStatus::Finished);

    const std::vector<core::EventSummary> events = store->events();
    QCOMPARE(events.size(), std::size_t{153});
    for (std::size_t i = 1; i < events.size(); ++i)
        QVERIFY(events[i - 1].date <= events[i].date);
    const std::vector<core::AuditEntry> log = store->auditLog();
    QCOMPARE(log.size(), std::size_t{1});
    QCOMPARE(log.front().action, QStringLiteral("import-history"));
}

void TestStore::reimportIsNoOp()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("nca.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(ncaHistory()).ok());
    const QString before = dumpTables(path);
    const core::ImportReport again = store->importHistory(ncaHistory());
    QVERIFY(again.ok());
    QCOMPARE(again.eventsAdded, 0);
    QCOMPARE(again.eventsUnchanged, 153);
    QCOMPARE(again.playersAdded, 0);
    QCOMPARE(dumpTables(path), before); // not even an audit entry
}

void TestStore::refusesRawHistoryUnchanged()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("raw.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const int events = store->eventCount();
    const QString before = dumpTables(path);

    const core::ImportReport report = store->importHistory(makeRawHistory(temp));
    QVERIFY(!report.ok());
    QCOMPARE(report.eventsAdded, 0);
    const QSet<QString> named(report.defectiveEvents.begin(), report.defectiveEvents.end());
    QCOMPARE(named, cleanedEvents());
    QCOMPARE(named.size(), 10);
    for (const engine::Defect& defect : report.defects) {
        QVERIFY(defect.source.file.name().ends_with("results.csv"));
        QVERIFY(defect.source.line > 1);
        QVERIFY(defect.field == "place" || defect.field == "player_id");
    }
    QCOMPARE(store->eventCount(), events);
    QCOMPARE(dumpTables(path), before);
}

void TestStore::refusesConflictingEvent()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("conflict.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const QString before = dumpTables(path);

    // The same folder with one event renamed and one event more.
    const QString dir = temp.filePath(QStringLiteral("changed"));
    QDir().mkpath(dir);
    QByteArray events = readBytes(dataPath(QStringLiteral("reference/ttt/tiny/events.csv")));
    QByteArray results = readBytes(dataPath(QStringLiteral("reference/ttt/tiny/results.csv")));
    const QList<QByteArray> lines = events.split('\n');
    const QByteArray firstId = lines[1].split(',').first();
    events.replace(lines[1], QByteArray(lines[1]).replace(",Event ", ",Renamed "));
    QVERIFY(events != readBytes(dataPath(QStringLiteral("reference/ttt/tiny/events.csv"))));
    events.append("new-1,2025-01-01,Brand new,singles,NCA,none,,1,2\n");
    results.append("new-1,1,P900,\nnew-1,2,P901,\n");
    writeBytes(QDir(dir).filePath(QStringLiteral("events.csv")), events);
    writeBytes(QDir(dir).filePath(QStringLiteral("results.csv")), results);

    const core::ImportReport report = store->importHistory(dir);
    QVERIFY(!report.ok());
    QCOMPARE(report.defects.size(), std::size_t{1});
    const engine::Defect& defect = report.defects.front();
    QCOMPARE(defect.source.line, 2);
    QCOMPARE(defect.field, std::string("event_id"));
    QVERIFY2(
        QString::fromStdString(defect.message)
            .contains(QStringLiteral("event %1 is already in the database").arg(QString::fromUtf8(firstId))),
        defect.message.c_str());
    QVERIFY(QString::fromStdString(defect.message).contains(QLatin1String("its name is")));
    QCOMPARE(report.defectiveEvents, QStringList{QString::fromUtf8(firstId)});
    QCOMPARE(dumpTables(path), before); // not even the new event
}

void TestStore::importsRatingList()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("ratings.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(ncaHistory()).ok());
    const QString list = temp.filePath(QStringLiteral("nca-2025-01.csv"));
    writeBytes(list, "player_id,name,mu,sigma\n"
                     "725,\"Smith, Anna\",2.5,0.75\n"
                     "746,,-0.125,1.2\n"
                     "999001,New Player,0.1,1.667\n");
    core::RatingsImportReport report = core::importRatingList(*store, list, QStringLiteral("2025-01"), false);
    QVERIFY(report.defects.empty());
    QCOMPARE(report.players, 3);
    QCOMPARE(report.playersAdded, 1);
    QVERIFY(!report.replaced);
    const std::vector<core::LockedRating> lock = store->lockRatings(QStringLiteral("2025-01"));
    QCOMPARE(lock.size(), std::size_t{3});
    QCOMPARE(lock[0], (core::LockedRating{QStringLiteral("725"), 2.5, 0.75}));
    QCOMPARE(lock[1], (core::LockedRating{QStringLiteral("746"), -0.125, 1.2}));
    QCOMPARE(store->player(QStringLiteral("725"))->name, QStringLiteral("Smith, Anna"));
    QCOMPARE(store->player(QStringLiteral("999001"))->name, QStringLiteral("New Player"));
    {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(db.queryText("SELECT source FROM locks WHERE month = '2025-01'").value_or(QString()),
                 QStringLiteral("imported"));
    }

    // A month no awarded event used is simply replaced.
    writeBytes(list, "player_id,name,mu,sigma\n725,,3.0,0.5\n");
    report = core::importRatingList(*store, list, QStringLiteral("2025-01"), false);
    QVERIFY(report.replaced);
    QCOMPARE(store->lockRatings(QStringLiteral("2025-01")).size(), std::size_t{1});
    QCOMPARE(store->player(QStringLiteral("725"))->name, QStringLiteral("Smith, Anna")); // names are kept

    // A month an awarded event used needs --replace, which is logged under the event.
    const std::optional<core::EventRecord> event = store->event(QStringLiteral("174"));
    core::AwardRecord award = madeUpAward(*event, 0.8);
    award.lockMonth = QStringLiteral("2025-01");
    store->award(QStringLiteral("174"), award);
    const std::optional<core::AwardRecord> frozen = store->currentAward(QStringLiteral("174"));
    try {
        core::importRatingList(*store, list, QStringLiteral("2025-01"), false);
        QFAIL("an awarded lock was replaced without --replace");
    } catch (const StoreError& error) {
        QCOMPARE(error.kind(), StoreError::Kind::Refused);
        QVERIFY2(error.message().contains(QLatin1String("174")), qPrintable(error.message()));
    }
    writeBytes(list, "player_id,name,mu,sigma\n725,,4.0,0.5\n746,,1.0,0.5\n");
    report = core::importRatingList(*store, list, QStringLiteral("2025-01"), true);
    QVERIFY(report.replaced);
    QCOMPARE(store->lockRatings(QStringLiteral("2025-01"))[0].mu, 4.0);
    QCOMPARE(store->currentAward(QStringLiteral("174")), frozen); // DECISIONS P2
    const std::vector<core::AuditEntry> log = store->auditLog(QStringLiteral("174"));
    QVERIFY(std::any_of(log.begin(), log.end(), [](const core::AuditEntry& entry) {
        return entry.action == QLatin1String("replace-lock") &&
               entry.details.contains(QLatin1String("2025-01"));
    }));

    QVERIFY_THROWS_EXCEPTION(StoreError,
                             core::importRatingList(*store, list, QStringLiteral("2025-13"), false));
}

void TestStore::ratingListDefects()
{
    const core::ParsedRatingList list = core::parseRatingList("player_id,name,mu,sigma\n"
                                                              "1,A,0.5,1\n"
                                                              "2,B,abc,1\n"
                                                              "1,C,0.5,1\n"
                                                              "3,D,0.5,0\n"
                                                              "\n"
                                                              "4,E,0.5\n",
                                                              QStringLiteral("list.csv"));
    QCOMPARE(list.defects.size(), std::size_t{4});
    QCOMPARE(engine::describe(list.defects[0]), std::string("list.csv:3: mu: 'abc' is not a number"));
    QCOMPARE(engine::describe(list.defects[1]),
             std::string("list.csv:4: player_id: player 1 is listed twice (line 2 and line 4)"));
    QCOMPARE(engine::describe(list.defects[2]),
             std::string("list.csv:5: sigma: '0' is not a number above 0"));
    QCOMPARE(list.defects[3].source.line, 7);

    const core::ParsedRatingList missing = core::parseRatingList("id,mu\n1,2\n", QStringLiteral("x.csv"));
    QCOMPARE(missing.defects.size(), std::size_t{2}); // player_id and sigma
    QCOMPARE(missing.defects[0].field, std::string("player_id"));
    QVERIFY(!core::parseRatingList({}, QStringLiteral("empty.csv")).defects.empty());
}

void TestStore::storesComputedLock()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("lock.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(ncaHistory()).ok());
    const core::HistoryFolder folder = store->loadHistory();
    const engine::MonthlyLock lock = engine::computeMonthlyLock(
        folder.history, *engine::parseIsoDate("2024-03-01"), engine::FlickSkillParameters{});
    std::vector<core::LockedRating> ratings;
    for (std::size_t k = 0; k < lock.players.size(); ++k)
        ratings.push_back(
            {QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(lock.players[k])]),
             lock.posteriors[k].mu, lock.posteriors[k].sigma});
    std::sort(ratings.begin(), ratings.end(), [](const core::LockedRating& a, const core::LockedRating& b) {
        return a.playerId < b.playerId;
    });
    QVERIFY(ratings.size() > 500);
    store->storeComputedLock(QStringLiteral("2024-03"), ratings,
                             QJsonObject{{QStringLiteral("epsilon"), 0.001}}, lock.iterations,
                             lock.converged);
    QCOMPARE(store->lockRatings(QStringLiteral("2024-03")), ratings); // bit for bit
    {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(db.queryText("SELECT source FROM locks WHERE month = '2024-03'").value_or(QString()),
                 QStringLiteral("computed"));
        // The digest of the history before the month: what the lock was computed from.
        const QString digest = core::historyDigestBefore(
            folder, QJsonObject{{QStringLiteral("epsilon"), 0.001}}, *engine::parseIsoDate("2024-03-01"));
        QCOMPARE(
            db.queryText("SELECT r.history_fingerprint FROM locks l JOIN rating_runs r ON r.id = l.run_id")
                .value_or(QString()),
            digest);
        QCOMPARE(db.queryText("SELECT history_digest FROM locks WHERE month = '2024-03'").value_or(QString()),
                 digest);
        QCOMPARE(db.queryInteger("SELECT stale FROM locks WHERE month = '2024-03'").value_or(-1), 0);
        QCOMPARE(db.queryInteger("SELECT iterations FROM rating_runs").value_or(-1), lock.iterations);
    }
    // Once an award used it, a recomputation does not replace it (DECISIONS P2).
    core::AwardRecord award = madeUpAward(*store->event(QStringLiteral("174")), 0.9);
    award.lockMonth = QStringLiteral("2024-03");
    store->award(QStringLiteral("174"), award);
    QVERIFY_THROWS_EXCEPTION(StoreError,
                             store->storeComputedLock(QStringLiteral("2024-03"), {}, {}, 1, true));
    QCOMPARE(store->lockRatings(QStringLiteral("2024-03")), ratings);
}

void TestStore::awardsAreFrozen()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("awards.sqlite"));
    TestClock clock;
    const auto store = openStore(path, clock);
    QVERIFY(store);
    QVERIFY(store->importHistory(ncaHistory()).ok());
    const QString id = QStringLiteral("175");
    const core::EventRecord event = *store->event(id);
    const core::AwardRecord award = madeUpAward(event, 1.125);
    store->award(id, award);
    QCOMPARE(store->event(id)->status, core::EventStatus::Awarded);
    core::AwardRecord expected = award;
    expected.awardedAt = QStringLiteral("2025-03-01T09:30:00Z");
    QCOMPARE(store->currentAward(id), std::optional(expected));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->award(id, award)); // once only

    // Nothing changes what was awarded, not even SQL behind the store's back.
    {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
        QVERIFY_THROWS_EXCEPTION(core::sqlite::Error, db.execute("UPDATE awards SET points = 99"));
        QVERIFY_THROWS_EXCEPTION(core::sqlite::Error, db.execute("DELETE FROM awards"));
        QVERIFY_THROWS_EXCEPTION(core::sqlite::Error, db.execute("UPDATE event_awards SET fsi = 2"));
        QVERIFY_THROWS_EXCEPTION(core::sqlite::Error, db.execute("DELETE FROM award_ratings"));
    }
    QVERIFY_THROWS_EXCEPTION(StoreError, store->setEventStatus(id, core::EventStatus::Finished));

    // Re-awarding is explicit, needs a reason, keeps the earlier revision and is logged.
    const core::AwardRecord second = madeUpAward(event, 1.5);
    QVERIFY_THROWS_EXCEPTION(StoreError, store->reaward(id, second, QString()));
    *clock.now = clock.now->addDays(3);
    store->reaward(id, second, QStringLiteral("results corrected"));
    const std::vector<core::AwardRecord> revisions = store->awardRevisions(id);
    QCOMPARE(revisions.size(), std::size_t{2});
    QCOMPARE(revisions[0], expected);
    QCOMPARE(revisions[1].revision, 2);
    QCOMPARE(revisions[1].fsi, 1.5);
    QCOMPARE(revisions[1].reason, QStringLiteral("results corrected"));
    QCOMPARE(store->currentAward(id)->revision, 2);
    const std::vector<core::AuditEntry> log = store->auditLog(id);
    QCOMPARE(log.size(), std::size_t{2});
    QCOMPARE(log[0].action, QStringLiteral("award"));
    QCOMPARE(log[1].action, QStringLiteral("reaward"));
    QVERIFY(log[1].details.contains(QLatin1String("results corrected")));
    QCOMPARE(log[1].at, QStringLiteral("2025-03-04T09:30:00Z"));

    // An award naming a player outside the field is refused.
    core::AwardRecord stranger = madeUpAward(event, 1.0);
    stranger.awards.push_back({QStringLiteral("not-a-player"), 1, 10.0});
    QVERIFY_THROWS_EXCEPTION(StoreError, store->reaward(id, stranger, QStringLiteral("x")));
    QCOMPARE(store->awardRevisions(id).size(), std::size_t{2});
    QVERIFY(store->check().isEmpty());
}

void TestStore::awardFromTourPoints()
{
    // The award a Tour points computation makes, stored and read back bit for bit.
    QTemporaryDir temp;
    const auto store = openStore(temp.filePath(QStringLiteral("points.sqlite")));
    QVERIFY(store);
    QVERIFY(store->importHistory(ncaHistory()).ok());
    const core::HistoryFolder folder = store->loadHistory();
    const core::TourPoints points = core::computeTourPoints(
        folder, {}, [](const core::EventInfo& info) { return info.eventId == QLatin1String("175"); }, {}, 1);
    QVERIFY(points.defects.empty());
    QCOMPARE(points.events.size(), std::size_t{1});
    const core::AwardRecord award = core::awardRecordOf(folder, points.events.front(), points.locks);
    QCOMPARE(award.lockMonth, QStringLiteral("2016-06"));
    QCOMPARE(award.awards.size(), std::size_t{58});
    store->award(QStringLiteral("175"), award);
    const std::optional<core::AwardRecord> stored = store->currentAward(QStringLiteral("175"));
    QVERIFY(stored);
    QCOMPARE(stored->fsi, points.events.front().payout.fieldStrengthIndex);
    QCOMPARE(stored->fdi, points.events.front().payout.fieldDepthIndex);
    QCOMPARE(stored->awards, award.awards);
    QCOMPARE(stored->ratings, award.ratings);
    QCOMPARE(stored->awards.front().place, 1);
    QCOMPARE(stored->awards.front().points, points.events.front().units.front().award);
}

void TestStore::foreignKeysEnforced()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("fk.sqlite"));
    const auto store = openStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const QString before = dumpTables(path);

    // A game naming a player who is not an entrant of its event would break a foreign key: it is
    // refused as a defect of what is added, before anything is written.
    core::EventRecord event;
    event.id = QStringLiteral("fk-1");
    event.date = QStringLiteral("2025-02-01");
    event.status = core::EventStatus::Finished;
    event.units = {{1, core::EntrantStatus::Started, 1, {QStringLiteral("A")}},
                   {2, core::EntrantStatus::Started, 2, {QStringLiteral("B")}}};
    event.games = {{1, {QStringLiteral("A")}, {QStringLiteral("C")}, engine::GameOutcome::WinA}};
    try {
        store->addEvent(event, {});
        QFAIL("a game with a player outside the field was stored");
    } catch (const StoreError& error) {
        QCOMPARE(error.kind(), StoreError::Kind::Refused);
        QVERIFY2(error.message().contains(QLatin1String("game 1 names player C, who is not in the field")),
                 qPrintable(error.message()));
    }
    QVERIFY(!store->event(QStringLiteral("fk-1")));
    QCOMPARE(dumpTables(path), before);

    event.games.front().sideB = {QStringLiteral("B")};
    store->addEvent(event, {});
    QVERIFY(store->event(QStringLiteral("fk-1")));
    QCOMPARE(*store->event(QStringLiteral("fk-1")), event);

    // The schema's keys hold for any connection that enforces them.
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
    db.execute("PRAGMA foreign_keys = ON");
    QVERIFY_THROWS_EXCEPTION(
        core::sqlite::Error,
        db.execute("INSERT INTO standings (event_id, unit, place) VALUES ('nope', 1, 1)"));
    QVERIFY_THROWS_EXCEPTION(core::sqlite::Error,
                             db.execute("INSERT INTO locks (month, source, run_id, created_at) "
                                        "VALUES ('2020-01', 'computed', 999, '')"));
    QVERIFY_THROWS_EXCEPTION(core::sqlite::Error, db.execute("DELETE FROM players WHERE id = 'A'"));
}

void TestStore::loadHistoryRatesLikeFolder_data()
{
    QTest::addColumn<QString>("dir");
    QTest::newRow("NCA history") << ncaHistory();
    QTest::newRow("games and params.json") << dataPath(QStringLiteral("reference/ttt/games"));
    QTest::newRow("mixed") << dataPath(QStringLiteral("reference/ttt/mixed"));
}

void TestStore::loadHistoryRatesLikeFolder()
{
    QFETCH(QString, dir);
    const core::HistoryFolder folder = core::readHistoryFolder(dir);
    QVERIFY(folder.defects.empty());
    QTemporaryDir temp;
    const auto store = openStore(temp.filePath(QStringLiteral("load.sqlite")));
    QVERIFY(store);
    QVERIFY(store->importHistory(dir).ok());
    const core::HistoryFolder loaded = store->loadHistory();
    QVERIFY(loaded.defects.empty());
    QCOMPARE(loaded.history.playerIds, folder.history.playerIds);
    QCOMPARE(loaded.history.events.size(), folder.history.events.size());
    for (std::size_t i = 0; i < folder.events.size(); ++i) {
        QCOMPARE(loaded.events[i].eventId, folder.events[i].eventId);
        QCOMPARE(loaded.events[i].date, folder.events[i].date);
        QCOMPARE(loaded.events[i].tier, folder.events[i].tier);
        QCOMPARE(loaded.events[i].fieldSize, folder.events[i].fieldSize);
        QCOMPARE(loaded.history.events[i].standings.size(), folder.history.events[i].standings.size());
        QCOMPARE(loaded.history.events[i].games.size(), folder.history.events[i].games.size());
    }

    engine::FlickSkillParameters fromFolder;
    folder.parameters.applyTo(fromFolder);
    engine::FlickSkillParameters fromStore;
    loaded.parameters.applyTo(fromStore);
    QCOMPARE(fromStore.drawProbabilityGame, fromFolder.drawProbabilityGame);
    QCOMPARE(fromStore.gamma, fromFolder.gamma);

    const engine::FlickSkillResult expected = engine::rateHistory(folder.history, fromFolder);
    const engine::FlickSkillResult actual = engine::rateHistory(loaded.history, fromStore);
    QCOMPARE(actual.iterations, expected.iterations);
    QCOMPARE(actual.curves.size(), expected.curves.size());
    for (std::size_t p = 0; p < expected.curves.size(); ++p) {
        QCOMPARE(actual.curves[p].size(), expected.curves[p].size());
        for (std::size_t k = 0; k < expected.curves[p].size(); ++k) {
            QCOMPARE(actual.curves[p][k].date, expected.curves[p][k].date);
            // Exactly: the same history in the same order gives the same bits.
            QVERIFY(std::memcmp(&actual.curves[p][k].mu, &expected.curves[p][k].mu, sizeof(double)) == 0);
            QVERIFY(std::memcmp(&actual.curves[p][k].sigma, &expected.curves[p][k].sigma, sizeof(double)) ==
                    0);
        }
    }
    QCOMPARE(actual.logEvidence, expected.logEvidence);
    QCOMPARE(store->historyFingerprint().size(), 64);
}

void TestStore::settingsAndAuditLog()
{
    QTemporaryDir temp;
    const auto store = openStore(temp.filePath(QStringLiteral("settings.sqlite")));
    QVERIFY(store);
    QVERIFY(store->setting(QStringLiteral("none")).isUndefined());
    store->setSetting(Store::finaleKey(QStringLiteral("15")), QStringLiteral("175"));
    store->setSetting(Store::earlierRecreationalChampionsKey(),
                      QJsonArray{QStringLiteral("12"), QStringLiteral("34")});
    store->setSetting(QStringLiteral("number"), 0.1);
    QCOMPARE(store->setting(Store::finaleKey(QStringLiteral("15"))).toString(), QStringLiteral("175"));
    QCOMPARE(store->setting(Store::earlierRecreationalChampionsKey()).toArray().size(), 2);
    QCOMPARE(store->setting(QStringLiteral("number")).toDouble(), 0.1);

    // A status change of a finished event is logged; of a planned one it is not.
    QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const QString id = store->events().front().id;
    const std::size_t logged = store->auditLog().size();
    store->setEventStatus(id, core::EventStatus::Started);
    const std::vector<core::AuditEntry> log = store->auditLog(id);
    QCOMPARE(store->auditLog().size(), logged + 1);
    QCOMPARE(log.back().action, QStringLiteral("status"));
    QVERIFY(log.back().details.contains(QLatin1String("\"before\":\"finished\"")));
    store->setEventStatus(id, core::EventStatus::Planned);
    QCOMPARE(store->auditLog().size(), logged + 1);
    QVERIFY_THROWS_EXCEPTION(StoreError,
                             store->setEventStatus(QStringLiteral("nope"), core::EventStatus::Started));
}

void TestStore::exchangeRoundTripsNumbers()
{
    // Every double survives the file bit for bit: random bit patterns and values like ratings.
    std::mt19937_64 random(20250301);
    core::EventExchange exchange;
    exchange.event.id = QStringLiteral("x1");
    exchange.event.date = QStringLiteral("2025-03-01");
    exchange.event.status = core::EventStatus::Awarded;
    exchange.event.experimentalCap = 1.0 / 3.0;
    exchange.award = core::AwardRecord{};
    exchange.award->lockMonth = QStringLiteral("2025-03");
    exchange.award->fsi = std::nextafter(0.8, 1.0);
    exchange.award->fdi = 5e-324;
    for (int i = 0; i < 400; ++i) {
        const QString id = QStringLiteral("p%1").arg(i);
        exchange.event.units.push_back({i + 1, core::EntrantStatus::Started, i + 1, {id}});
        double mu = 0.0;
        if (i % 2 == 0) {
            const std::uint64_t bits = random();
            std::memcpy(&mu, &bits, sizeof mu);
            if (!std::isfinite(mu))
                mu = -0.0;
        } else {
            mu = std::ldexp(static_cast<double>(random() >> 11), -53) * 8.0 - 4.0;
        }
        exchange.award->ratings.push_back(
            {id, mu, 0.1 + std::ldexp(static_cast<double>(random() >> 11), -53)});
        exchange.award->awards.push_back(
            {id, i + 1, std::round(std::ldexp(static_cast<double>(random() >> 11), -53) * 600) / 10});
    }
    const QByteArray bytes = core::serializeEventExchange(exchange);
    const core::ParsedEventExchange parsed = core::parseEventExchange(bytes, QStringLiteral("x.json"));
    QVERIFY2(parsed.defects.empty(),
             parsed.defects.empty() ? "" : engine::describe(parsed.defects.front()).c_str());
    QVERIFY(parsed.exchange.award);
    for (std::size_t i = 0; i < exchange.award->ratings.size(); ++i) {
        const double a = exchange.award->ratings[i].mu;
        const double b = parsed.exchange.award->ratings[i].mu;
        QVERIFY2(std::memcmp(&a, &b, sizeof a) == 0, qPrintable(QString::number(a, 'g', 17)));
    }
    QCOMPARE(parsed.exchange.award, exchange.award);
    QCOMPARE(parsed.exchange.event, exchange.event);
    QCOMPARE(core::serializeEventExchange(parsed.exchange), bytes);
}

void TestStore::exchangeRefusesTampering()
{
    core::EventExchange exchange;
    exchange.event.id = QStringLiteral("t1");
    exchange.event.date = QStringLiteral("2025-03-01");
    exchange.event.status = core::EventStatus::Finished;
    exchange.event.units = {{1, core::EntrantStatus::Started, 1, {QStringLiteral("A")}},
                            {2, core::EntrantStatus::Started, 2, {QStringLiteral("B")}}};
    QByteArray bytes = core::serializeEventExchange(exchange);
    QVERIFY(core::parseEventExchange(bytes, QStringLiteral("t.json")).defects.empty());

    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("flickdesk-event"));
    QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(root.value(QStringLiteral("sha256")).toString(),
             QString::fromLatin1(
                 QCryptographicHash::hash(QJsonDocument(root.value(QStringLiteral("content")).toObject())
                                              .toJson(QJsonDocument::Compact),
                                          QCryptographicHash::Sha256)
                     .toHex()));

    // One digit changed: a place 2 becomes 3, which would still be a valid event.
    QByteArray tampered = bytes;
    const qsizetype at = tampered.indexOf("\"place\": 2");
    QVERIFY(at > 0);
    tampered[at + 9] = '3';
    const core::ParsedEventExchange parsed = core::parseEventExchange(tampered, QStringLiteral("t.json"));
    QVERIFY(parsed.checksumMismatch);
    QCOMPARE(parsed.defects.size(), std::size_t{1});
    QCOMPARE(parsed.defects.front().field, std::string("sha256"));

    // With a matching checksum, bad content is listed by its path.
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    QJsonObject event = content.value(QStringLiteral("event")).toObject();
    event.insert(QStringLiteral("date"), QStringLiteral("2025-02-30"));
    content.insert(QStringLiteral("event"), event);
    QJsonObject forged = root;
    forged.insert(QStringLiteral("content"), content);
    forged.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    const core::ParsedEventExchange bad =
        core::parseEventExchange(QJsonDocument(forged).toJson(), QStringLiteral("t.json"));
    QVERIFY(!bad.checksumMismatch);
    QCOMPARE(bad.defects.size(), std::size_t{1});
    QCOMPARE(bad.defects.front().field, std::string("content.event.date"));
    QCOMPARE(core::parseEventExchange("{not json", QStringLiteral("t.json")).defects.size(), std::size_t{1});
}

QTEST_MAIN(TestStore)
#include "tst_store.moc"
