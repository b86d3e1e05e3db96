// A writer killed at any moment leaves the database consistent: flickdesk-cli import-history of
// the NCA history, killed (SIGKILL) after a random delay spread over the import's duration, at
// least 100 times, alternately into a new database and into one that holds earlier data. After
// each kill: PRAGMA integrity_check is ok, foreign_key_check is empty, the import is all there or
// not at all, the earlier data is intact, and FlickDesk opens the file (its stale lock included).
#include "core/store/sqlite.h"
#include "core/store/store.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <random>
#include <vector>

using namespace flickdesk;

namespace {

QString ncaHistory()
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR)).filePath(QStringLiteral("nca-history"));
}

constexpr int ncaEvents = 153;
constexpr int ncaFinishes = 6707;
constexpr int earlierEvents = 40; // the first rows of events.csv, in the database before the import

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The NCA history's first `count` events with their results: a folder of its own.
QString writeEarlierHistory(const QString& dir, int count, QStringList& ids)
{
    QDir().mkpath(dir);
    const QList<QByteArray> events =
        readBytes(QDir(ncaHistory()).filePath(QStringLiteral("events.csv"))).split('\n');
    QByteArray eventsOut = events.first() + '\n';
    for (int i = 1; i <= count && i < events.size(); ++i) {
        eventsOut += events[i] + '\n';
        ids.append(QString::fromUtf8(events[i].split(',').first()));
    }
    const QList<QByteArray> results =
        readBytes(QDir(ncaHistory()).filePath(QStringLiteral("results.csv"))).split('\n');
    QByteArray resultsOut = results.first() + '\n';
    for (qsizetype i = 1; i < results.size(); ++i) {
        if (ids.contains(QString::fromUtf8(results[i].split(',').first())))
            resultsOut += results[i] + '\n';
    }
    for (const auto& [name, bytes] : {std::pair(QStringLiteral("events.csv"), eventsOut),
                                      std::pair(QStringLiteral("results.csv"), resultsOut)}) {
        QFile file(QDir(dir).filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return {};
    }
    return dir;
}

// The earlier data as text: its events with their fields and standings, and the imported lock.
QString earlierData(core::sqlite::Database& db, const QStringList& ids)
{
    QString text;
    const auto add = [&](const char* sql) {
        core::sqlite::Statement rows(db, sql);
        while (rows.step()) {
            for (int c = 0; c < rows.columnCount(); ++c)
                text += (rows.isNull(c) ? QStringLiteral("NULL") : rows.text(c)) + u'|';
            text += u'\n';
        }
    };
    add("SELECT * FROM events ORDER BY id");
    add("SELECT * FROM entrants ORDER BY event_id, unit");
    add("SELECT * FROM entrant_players ORDER BY event_id, unit, seat");
    add("SELECT * FROM standings ORDER BY event_id, unit");
    // A lock's ratings are one blob (core/store/lockblob.h): compared as hex.
    add("SELECT month, source, run_id, origin, created_at, history_digest, stale, players, hex(ratings) "
        "FROM locks ORDER BY month");
    // Only the earlier events: the full import adds others around them.
    QStringList kept;
    for (const QString& line : text.split(u'\n', Qt::SkipEmptyParts)) {
        const QString first = line.section(u'|', 0, 0);
        if (ids.contains(first) || first.size() == 7) // an event's rows, or a lock month (YYYY-MM)
            kept.append(line);
    }
    return kept.join(u'\n');
}

struct Outcome {
    int events = 0;
    bool fileExists = true;
    bool midWrite = false; // killed while committing: the write-ahead log held part of a transaction
};

} // namespace

class TestStoreKill : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killedImportLeavesDatabaseConsistent();

private:
    // Checks one database after a kill; `outcome` says how many events it holds.
    void verify(const QString& path, bool fresh, Outcome& outcome);

    QTemporaryDir temp_;
    QString template_; // a database holding the earlier data
    QStringList earlierIds;
    QString earlierText;
    int earlierFinishes = 0;
    qint64 importMicroseconds = 0; // an import run whole, as a process
};

void TestStoreKill::initTestCase()
{
    QVERIFY(temp_.isValid());
    const QString folder =
        writeEarlierHistory(temp_.filePath(QStringLiteral("earlier")), earlierEvents, earlierIds);
    QVERIFY(!folder.isEmpty());
    QCOMPARE(earlierIds.size(), earlierEvents);
    template_ = temp_.filePath(QStringLiteral("template.sqlite"));
    {
        core::StoreOptions options;
        options.path = template_;
        const core::Store::OpenResult opened = core::Store::open(options);
        QVERIFY2(opened.store, qPrintable(opened.error));
        const core::ImportReport report = opened.store->importHistory(folder);
        QVERIFY(report.ok());
        earlierFinishes = report.finishes;
        opened.store->importRatings({{QStringLiteral("725"), QStringLiteral("A"), 1.25, 0.5},
                                     {QStringLiteral("746"), QString(), -0.5, 0.75}},
                                    QStringLiteral("2020-01"), false, QStringLiteral("list.csv"));
    }
    core::sqlite::Database db(template_, core::sqlite::Database::Mode::ReadOnly);
    earlierText = earlierData(db, earlierIds);
    QVERIFY(earlierText.count(u'\n') > earlierFinishes);

    // How long an import takes whole, as the process the test kills: the median of three.
    std::vector<qint64> runs;
    for (int i = 0; i < 3; ++i) {
        const QString path = temp_.filePath(QStringLiteral("timing-%1.sqlite").arg(i));
        QElapsedTimer timer;
        timer.start();
        QProcess process;
        process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                      {QStringLiteral("--db"), path, QStringLiteral("import-history"), ncaHistory()});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        runs.push_back(timer.nsecsElapsed() / 1000);
    }
    std::sort(runs.begin(), runs.end());
    importMicroseconds = runs[1];
    qInfo("an uninterrupted import takes %lld ms as a process", importMicroseconds / 1000);
}

void TestStoreKill::verify(const QString& path, bool fresh, Outcome& outcome)
{
    if (!QFileInfo::exists(path)) {
        // Killed before the new database was renamed into place: nothing at all, as it should be.
        if (!fresh)
            QTest::qFail("the database with earlier data is gone", __FILE__, __LINE__);
        outcome.fileExists = false;
        return;
    }
    const qint64 walBefore = QFileInfo(path + QStringLiteral("-wal")).size();
    {
        // A plain connection first: it recovers the write-ahead log as any reader would.
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
        db.execute("PRAGMA foreign_keys = ON");
        QString integrity;
        {
            core::sqlite::Statement check(db, "PRAGMA integrity_check");
            while (check.step())
                integrity += check.text(0);
        }
        if (integrity != QLatin1String("ok"))
            QTest::qFail(qPrintable(QStringLiteral("integrity_check: %1").arg(integrity)), __FILE__,
                         __LINE__);
        core::sqlite::Statement foreignKeys(db, "PRAGMA foreign_key_check");
        if (foreignKeys.step())
            QTest::qFail(qPrintable(QStringLiteral("foreign_key_check: %1").arg(foreignKeys.text(0))),
                         __FILE__, __LINE__);
        QCOMPARE(db.queryInteger("PRAGMA application_id").value_or(0), core::Store::applicationId);

        outcome.events = static_cast<int>(db.queryInteger("SELECT count(*) FROM events").value_or(-1));
        const auto finishes = db.queryInteger("SELECT count(*) FROM entrant_players").value_or(-1);
        const auto standings = db.queryInteger("SELECT count(*) FROM standings").value_or(-1);
        const auto units = db.queryInteger("SELECT count(*) FROM entrants").value_or(-1);
        const auto players = db.queryInteger("SELECT count(*) FROM players").value_or(-1);
        const int before = fresh ? 0 : earlierEvents;
        if (outcome.events == ncaEvents) {
            QCOMPARE(finishes, ncaFinishes);
            QCOMPARE(standings, units);
            QVERIFY(players > 1700);
            QCOMPARE(
                db.queryInteger("SELECT count(*) FROM audit_log WHERE action = 'import-history'").value_or(0),
                fresh ? 1 : 2);
        } else if (outcome.events == before) {
            QCOMPARE(finishes, fresh ? 0 : earlierFinishes);
            if (fresh)
                QCOMPARE(players, 0);
        } else {
            QTest::qFail(
                qPrintable(
                    QStringLiteral("%1 events: neither all nor none of the import").arg(outcome.events)),
                __FILE__, __LINE__);
        }
        outcome.midWrite = outcome.events != ncaEvents && walBefore > 0;
        if (!fresh && earlierData(db, earlierIds) != earlierText)
            QTest::qFail("the earlier data changed", __FILE__, __LINE__);
    }
    // And FlickDesk opens it: not refused as damaged, the killed writer's lock seen as stale.
    core::StoreOptions options;
    options.path = path;
    const core::Store::OpenResult opened = core::Store::open(options);
    if (!opened.store)
        QTest::qFail(qPrintable(opened.error), __FILE__, __LINE__);
    else if (opened.store->isReadOnly())
        QTest::qFail(qPrintable(opened.store->readOnlyReason()), __FILE__, __LINE__);
    else if (opened.store->eventCount() != outcome.events)
        QTest::qFail("the store counts other events", __FILE__, __LINE__);
}

void TestStoreKill::killedImportLeavesDatabaseConsistent()
{
    constexpr int wantedKills = 100;
    constexpr int mostRuns = 300;
    std::mt19937 random(0xF1D4u);
    // Spread over the whole run, from the process's start to past its usual end.
    // (Half as long again: runs under load, beside other tests, take longer than the measured one.)
    std::uniform_int_distribution<qint64> delay(0, importMicroseconds * 3 / 2);
    int killed = 0;
    int none = 0;
    int all = 0;
    int noFile = 0;
    int midWrite = 0;
    int runs = 0;
    for (int i = 0; killed < wantedKills && i < mostRuns; ++i, ++runs) {
        const bool fresh = i % 2 == 0;
        const QString dir = temp_.filePath(QStringLiteral("run-%1").arg(i));
        QVERIFY(QDir().mkpath(dir));
        const QString path = QDir(dir).filePath(QStringLiteral("flickdesk.sqlite"));
        if (!fresh)
            QVERIFY(QFile::copy(template_, path));

        const qint64 wait = delay(random);
        QElapsedTimer timer;
        timer.start();
        QProcess process;
        process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                      {QStringLiteral("--db"), path, QStringLiteral("import-history"), ncaHistory()});
        QVERIFY(process.waitForStarted(10000));
        const qint64 left = wait - timer.nsecsElapsed() / 1000;
        if (left > 0)
            process.waitForFinished(static_cast<int>((left + 999) / 1000));
        if (process.state() != QProcess::NotRunning) {
            process.kill(); // SIGKILL
            ++killed;
            QVERIFY(process.waitForFinished(10000));
        }

        Outcome outcome;
        verify(path, fresh, outcome);
        if (QTest::currentTestFailed()) {
            qWarning("run %d (%s database, killed after %lld us)", i, fresh ? "new" : "earlier", wait);
            return;
        }
        midWrite += outcome.midWrite ? 1 : 0;
        if (!outcome.fileExists)
            ++noFile;
        else if (outcome.events == ncaEvents)
            ++all;
        else
            ++none;
        QDir(dir).removeRecursively();
    }
    qInfo("%d runs, %d killed: %d with the whole import, %d with none of it (%d of them killed while "
          "committing), %d before the new file existed",
          runs, killed, all, none, midWrite, noFile);
    QVERIFY(killed >= wantedKills);
}

QTEST_MAIN(TestStoreKill)
#include "tst_storekill.moc"
