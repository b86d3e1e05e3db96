// Monthly locks computed once and reused (issue 15, docs/monthly-locks.md): a computed lock is
// stored with the digest of the history before its month; the schema's triggers mark it stale
// when an event before the month changes, and only then; a stale lock whose history is unchanged
// is fresh again without computing; `points` and `standings` on a database reuse and store locks.
#include "../common/storefixtures.h"
#include "clitestsupport.h"
#include "core/awards/monthlocks.h"
#include "core/awards/tourlocks.h"
#include "core/formats/historydigest.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <future>
#include <sqlite3.h>
#include <thread>

using namespace flickdesk;
using core::Store;
using core::StoreError;
using testing::queryInteger;

namespace {

std::int64_t ratingRuns(const QString& path)
{
    return queryInteger(path, "SELECT count(*) FROM rating_runs");
}

int staleOf(const QString& path, const char* month)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    return static_cast<int>(
        db.queryInteger(std::string("SELECT stale FROM locks WHERE month = '") + month + "'").value_or(-1));
}

// Runs SQL on the file as another program would: the schema's triggers do the rest.
void execute(const QString& path, const std::string& sql)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
    db.execute("PRAGMA foreign_keys = ON");
    db.execute(sql);
}

// The id of a finished event of `month` with at least two units placed.
QString eventOf(const QString& path, const QString& month)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    core::sqlite::Statement select(db,
                                   "SELECT e.id FROM events e WHERE e.date LIKE ? AND e.format = 'singles' "
                                   "AND (SELECT count(*) FROM standings s WHERE s.event_id = e.id) >= 4 "
                                   "ORDER BY e.date, e.id LIMIT 1");
    select.bind(1, month + u'%');
    return select.step() ? select.text(0) : QString();
}

QJsonObject storedParameters(Store& store)
{
    engine::FlickSkillParameters parameters;
    store.flickSkillParameters().applyTo(parameters);
    return core::flickSkillParametersJson(parameters);
}

// Every month's cold lock of the stored history (DECISIONS P1), with its digest: what a Recompute
// hands to Store::storeRatingRun.
std::vector<core::ComputedLock> coldLocksOf(Store& store)
{
    const core::HistoryFolder folder = store.loadHistory();
    engine::FlickSkillParameters parameters;
    store.flickSkillParameters().applyTo(parameters);
    const std::vector<engine::DayNumber> months = engine::monthsOfEvents(folder.history);
    const std::map<engine::DayNumber, QString> digests =
        core::historyDigestsBefore(folder, core::flickSkillParametersJson(parameters), months);
    std::vector<core::ComputedLock> locks;
    for (const engine::DayNumber month : months)
        locks.push_back(core::computedLockOf(
            folder, engine::computeMonthlyLock(folder.history, month, parameters), digests.at(month)));
    return locks;
}

// Every lock of `locks` is stored, fresh, and holds exactly its ratings.
void verifyStored(Store& store, const std::vector<core::ComputedLock>& locks)
{
    for (const core::ComputedLock& lock : locks) {
        const std::optional<core::MonthLockRatings> read =
            store.storedLockFor(lock.month + QStringLiteral("-15"));
        QVERIFY2(read, qPrintable(lock.month));
        QCOMPARE(read->players, static_cast<int>(lock.ratings.size()));
        for (const core::LockedRating& r : lock.ratings) {
            QCOMPARE(read->muOf(r.playerId), r.mu);
            QCOMPARE(read->sigmaOf(r.playerId), r.sigma);
        }
    }
}

// A director's check-in in the window: a new event and its first entrant.
void checkIn(Store& store, const QString& playerId)
{
    core::EventDraft draft;
    draft.date = QStringLiteral("2026-11-28");
    draft.name = QStringLiteral("Saturday open");
    const QString event = store.createEvent(draft);
    store.addEntrant(event, {playerId}, core::EntrantStatus::Started);
}

// The NCA sample imported into a database at `path` whose lock writes take at most `rows` rows per
// transaction (StoreOptions::lockRowsPerTransaction; 500 split nearly every lock) and, unless
// `milliseconds` says otherwise, no limit of time, so that the transactions are the same on every
// machine. Null when either fails.
std::unique_ptr<Store> ncaStoreWritingLocks(const QString& path, int rows, int milliseconds = 0)
{
    core::StoreOptions options;
    options.path = path;
    options.clock = testing::fixedClock(testing::saturdayEvening());
    options.lockRowsPerTransaction = rows;
    options.lockWriteMilliseconds = milliseconds;
    std::unique_ptr<Store> store = testing::openStore(options);
    if (store && !store->importHistory(testing::ncaHistoryDir()).ok())
        return nullptr;
    return store;
}

// A write through a worker connection (Store::openWorker) in a thread of its own, as the window's
// background work writes: the first time it calls `pause` (from a store's progress callback, after
// a transaction) it stops until `between` has run on this thread. A StoreError it throws is
// returned; so is a write that never paused.
std::optional<StoreError>
writeInWorker(Store& store, const std::function<void(Store&, const std::function<void()>&)>& write,
              const std::function<void()>& between)
{
    std::optional<StoreError> error;
    std::unique_ptr<Store> worker = store.openWorker();
    std::promise<void> paused;
    std::promise<void> resume;
    std::future<void> resumed = resume.get_future();
    const std::function<void()> pause = [&] {
        if (resumed.valid()) {
            paused.set_value();
            resumed.get(); // the window writes meanwhile
        }
    };
    std::thread thread([&] {
        try {
            write(*worker, pause);
        } catch (const StoreError& failure) {
            error = failure;
        }
        worker.reset(); // closed in the thread that used it
    });
    std::future<void> pauseReached = paused.get_future();
    const bool stopped = pauseReached.wait_for(std::chrono::seconds(120)) == std::future_status::ready;
    if (stopped)
        between();
    resume.set_value();
    thread.join();
    if (!stopped && !error)
        error = StoreError(StoreError::Kind::Failed, QStringLiteral("the store never paused"));
    return error;
}

// A Recompute's store, stopped after its first transaction until `between` has run. The report, or
// the error.
struct WorkerStore {
    std::optional<core::RatingRunReport> report;
    std::optional<StoreError> error;
    std::vector<std::pair<int, int>> calls; // (written, to write) after each transaction
};

WorkerStore storeInWorker(Store& store, const std::vector<core::ComputedLock>& locks,
                          const std::function<void()>& between)
{
    WorkerStore result;
    const QString fingerprint = store.historyFingerprint();
    const qint64 generation = store.historyGeneration();
    result.error = writeInWorker(
        store,
        [&](Store& worker, const std::function<void()>& pause) {
            result.report = worker.storeRatingRun(storedParameters(worker), fingerprint, 7, true, locks,
                                                  generation, [&](int written, int toWrite) {
                                                      result.calls.emplace_back(written, toWrite);
                                                      if (written > 0 && written < toWrite)
                                                          pause();
                                                  });
        },
        between);
    return result;
}

} // namespace

class TestStoreLocks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void storedLocksAreTheColdLocks_data();
    void storedLocksAreTheColdLocks();
    void lockIsStoredWithItsDigestAndReused();
    void editInvalidatesOnlyTheMonthsAfterIt();
    void staleLockWithTheSameHistoryIsFreshAgain();
    void homeForgetsLocksOfOtherParameters();
    void lockComputedFromAnOlderHistoryIsRefused();
    void pointsAndStandingsReuseAndStoreLocks();
    void storingTourLocksStopsWhenAsked();
    void windowWritesGoBeforeTheNextBackgroundTransaction();
    void busyTimeoutWaitsForTheLockThenGivesUp();
    void recomputeStoreLetsTheWindowWriteBetweenMonths();
    void historyChangedWhileStoringStopsAtATransaction();
    void ratingRunStoredLockByLock();
    void lockSplitOverTransactionsIsNeverReadHalfWritten();
    void oneLargeLockTakesTurnsWithTheWindow();
    void lockWritesStopWhenTheirTimeIsUp();
};

void TestStoreLocks::storedLocksAreTheColdLocks_data()
{
    QTest::addColumn<QString>("history");
    QTest::newRow("NCA sample") << testing::ncaHistoryDir();
    for (const char* name : {"mixed", "gaps", "games", "singles"})
        QTest::newRow(name) << testing::dataPath(QStringLiteral("reference/ttt/") + QLatin1String(name));
}

// DECISIONS P1 and N5: every month's lock, computed and stored by the store, read back in another
// session, is the engine's cold lock of that month bit for bit.
void TestStoreLocks::storedLocksAreTheColdLocks()
{
    QFETCH(QString, history);
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    core::HistoryFolder folder;
    engine::FlickSkillParameters parameters;
    {
        const auto store = testing::openStoppedStore(path);
        QVERIFY(store);
        QVERIFY(store->importHistory(history).ok());
        folder = store->loadHistory();
        store->flickSkillParameters().applyTo(parameters);
        for (const engine::DayNumber month : engine::monthsOfEvents(folder.history))
            core::MonthLocks(*store).lockFor(QString::fromStdString(engine::formatIsoDate(month)));
    }
    const auto store = testing::openStoppedStore(path);
    const std::vector<engine::DayNumber> months = engine::monthsOfEvents(folder.history);
    QVERIFY(!months.empty());
    for (const engine::DayNumber month : months) {
        const QString date = QString::fromStdString(engine::formatIsoDate(month));
        const std::optional<core::MonthLockRatings> stored = store->storedLockFor(date);
        QVERIFY2(stored, qPrintable(date));
        const engine::MonthlyLock cold = engine::computeMonthlyLock(folder.history, month, parameters);
        QCOMPARE(stored->players, static_cast<int>(cold.players.size()));
        for (std::size_t k = 0; k < cold.players.size(); ++k) {
            const QString id =
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(cold.players[k])]);
            QCOMPARE(stored->muOf(id), cold.posteriors[k].mu);
            QCOMPARE(stored->sigmaOf(id), cold.posteriors[k].sigma);
        }
    }
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM rating_runs"),
             static_cast<std::int64_t>(months.size()));
}

void TestStoreLocks::lockIsStoredWithItsDigestAndReused()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    {
        const auto store = testing::openStoppedStore(path);
        QVERIFY(store);
        QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
        QVERIFY(!store->storedLockFor(QStringLiteral("2024-03-16"))); // nothing computed yet
        const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(QStringLiteral("2024-03-16"));
        QVERIFY(lock.players > 500);
        QCOMPARE(ratingRuns(path), 1);
        QCOMPARE(staleOf(path, "2024-03"), 0);

        // The digest stored is that of the history before March 2024 with the stored parameters.
        const core::HistoryFolder folder = store->loadHistory();
        const QString digest =
            core::historyDigestBefore(folder, storedParameters(*store), *engine::parseIsoDate("2024-03-01"));
        QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks WHERE month = '2024-03' AND history_digest = "
                                    "(SELECT history_digest FROM locks WHERE month = '2024-03')"),
                 1);
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(db.queryText("SELECT history_digest FROM locks WHERE month = '2024-03'").value_or(QString()),
                 digest);
        // Only the players rated before the month are stored (N6: the others have the prior).
        QCOMPARE(db.queryInteger("SELECT players FROM locks WHERE month = '2024-03'").value_or(0),
                 lock.players);
        // The engine's lock of the same month, bit for bit.
        const engine::MonthlyLock engineLock =
            engine::computeMonthlyLock(folder.history, *engine::parseIsoDate("2024-03-01"));
        QCOMPARE(static_cast<int>(engineLock.players.size()), lock.players);
        for (std::size_t k = 0; k < engineLock.players.size(); ++k) {
            const QString id = QString::fromStdString(
                folder.history.playerIds[static_cast<std::size_t>(engineLock.players[k])]);
            QCOMPARE(lock.muOf(id), engineLock.posteriors[k].mu);
        }
    }
    // Another session takes it from the file without computing or reading the history.
    const auto again = testing::openStoppedStore(path);
    QVERIFY(again);
    const std::optional<core::MonthLockRatings> stored = again->storedLockFor(QStringLiteral("2024-03-01"));
    QVERIFY(stored);
    core::MonthLocks locks(*again);
    const core::MonthLockRatings computed = locks.lockFor(QStringLiteral("2024-03-30"));
    QCOMPARE(stored->mu, computed.mu);
    QCOMPARE(locks.computed(), 0);
    QCOMPARE(ratingRuns(path), 1);

    // The window reads a lock at once only when that is quick: in memory, or not too many players.
    const auto third = testing::openStoppedStore(path);
    QVERIFY(third->lockIsQuickToRead(QStringLiteral("2024-03-01"), 50000));
    QVERIFY(!third->lockIsQuickToRead(QStringLiteral("2024-03-01"), 100));
    QVERIFY(third->lockIsQuickToRead(QStringLiteral("2019-05-01"), 100)); // nothing stored: nothing to read
    core::MonthLocks thirdLocks(*third);
    const core::Month march = *core::Month::fromString(QStringLiteral("2024-03"));
    QVERIFY(thirdLocks.quickToRead(march, 50000));
    QVERIFY(!thirdLocks.quickToRead(march, 100));
    QVERIFY(thirdLocks.ready(march));
    QVERIFY(thirdLocks.quickToRead(march, 100));                           // in memory now
    QVERIFY(!third->lockIsQuickToRead(QStringLiteral("2024-03-01"), 100)); // the store keeps no memory
    thirdLocks.forget();
    QVERIFY(!thirdLocks.quickToRead(march, 100));
    QCOMPARE(thirdLocks.computed(), 0);
}

void TestStoreLocks::editInvalidatesOnlyTheMonthsAfterIt()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    const QStringList months = {QStringLiteral("2023-05"), QStringLiteral("2024-06"),
                                QStringLiteral("2024-07"), QStringLiteral("2025-02")};
    std::map<QString, core::MonthLockRatings> before;
    for (const QString& month : months)
        before[month] = core::MonthLocks(*store).lockFor(month + QStringLiteral("-10"));
    QCOMPARE(ratingRuns(path), 4);
    const qint64 generation = store->historyGeneration();

    // Two players of a June 2024 event change places.
    const QString event = eventOf(path, QStringLiteral("2024-06"));
    QVERIFY(!event.isEmpty());
    const std::string id = event.toStdString();
    execute(path, "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" + id +
                      "' AND place IN (1, 2)");
    QVERIFY(store->historyGeneration() > generation);
    // DECISIONS P1: the lock of June itself and earlier months do not rate it; July and later do.
    QCOMPARE(staleOf(path, "2023-05"), 0);
    QCOMPARE(staleOf(path, "2024-06"), 0);
    QCOMPARE(staleOf(path, "2024-07"), 1);
    QCOMPARE(staleOf(path, "2025-02"), 1);

    store.reset();
    const auto reopened = testing::openStoppedStore(path); // no cache of the first session's locks
    QVERIFY(reopened->storedLockFor(QStringLiteral("2024-06-20")));
    QVERIFY(!reopened->storedLockFor(QStringLiteral("2024-07-20")));
    QCOMPARE(core::MonthLocks(*reopened).lockFor(QStringLiteral("2024-06-20")).mu,
             before[QStringLiteral("2024-06")].mu);
    QCOMPARE(ratingRuns(path), 4);
    const core::MonthLockRatings july = core::MonthLocks(*reopened).lockFor(QStringLiteral("2024-07-20"));
    QCOMPARE(ratingRuns(path), 5); // computed again, and only July
    QVERIFY(july.mu != before[QStringLiteral("2024-07")].mu);
    QCOMPARE(staleOf(path, "2024-07"), 0);
    QCOMPARE(staleOf(path, "2025-02"), 1);
    // The recomputed lock is the engine's lock of the changed history.
    const core::HistoryFolder folder = reopened->loadHistory();
    const engine::MonthlyLock engineLock =
        engine::computeMonthlyLock(folder.history, *engine::parseIsoDate("2024-07-01"));
    for (std::size_t k = 0; k < engineLock.players.size(); ++k)
        QCOMPARE(july.muOf(QString::fromStdString(
                     folder.history.playerIds[static_cast<std::size_t>(engineLock.players[k])])),
                 engineLock.posteriors[k].mu);

    // An event that is not rated (planned) changes nothing.
    const QString planned = reopened->createEvent(testing::draftOn(QStringLiteral("2024-01-20")));
    QVERIFY(!planned.isEmpty());
    QCOMPARE(staleOf(path, "2024-07"), 0);
}

void TestStoreLocks::staleLockWithTheSameHistoryIsFreshAgain()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(QStringLiteral("2025-02-10"));
    QCOMPARE(ratingRuns(path), 1);

    // A change undone: the places are swapped and swapped back.
    const std::string id = eventOf(path, QStringLiteral("2024-06")).toStdString();
    const std::string swap =
        "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" + id +
        "' AND place IN (1, 2)";
    execute(path, swap);
    execute(path, swap);
    QCOMPARE(staleOf(path, "2025-02"), 1);
    store.reset();
    const auto reopened = testing::openStoppedStore(path);
    QVERIFY(!reopened->storedLockFor(QStringLiteral("2025-02-10")));
    // The digest shows the history before February 2025 is what the lock rated: no computing.
    core::MonthLocks locks(*reopened);
    QCOMPARE(locks.lockFor(QStringLiteral("2025-02-10")).mu, lock.mu);
    QCOMPARE(locks.computed(), 0);
    QCOMPARE(ratingRuns(path), 1);
    QCOMPARE(staleOf(path, "2025-02"), 0);
}

// The one home of a month's lock (core/awards/monthlocks.h) keeps locks in memory only while the
// history and the FlickSkill parameters are those they came from: other parameters, another lock.
void TestStoreLocks::homeForgetsLocksOfOtherParameters()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    core::MonthLocks locks(*store);
    const core::Month month = *core::Month::fromString(QStringLiteral("2025-02"));
    const core::MonthLockRatings first = locks.lockOf(month);
    QCOMPARE(locks.computed(), 1);
    QCOMPARE(locks.lockOf(month).mu, first.mu); // in memory
    QCOMPARE(locks.computed(), 1);
    QCOMPARE(ratingRuns(path), 1);

    QJsonObject parameters = storedParameters(*store);
    parameters.insert(QStringLiteral("beta"), parameters.value(QStringLiteral("beta")).toDouble() * 2);
    store->setSetting(QStringLiteral("flickskill.parameters"), parameters);
    const core::MonthLockRatings other = locks.lockOf(month);
    QCOMPARE(locks.computed(), 2);
    QVERIFY(other.mu != first.mu);
    QCOMPARE(ratingRuns(path), 2);
    // A lock remembered from other parameters or another history than the store's is not taken.
    QVERIFY(!locks.remember(first, store->historyGeneration(), QJsonObject{}));
    QVERIFY(!locks.remember(first, store->historyGeneration() - 1, storedParameters(*store)));
    QCOMPARE(locks.lockOf(month).mu, other.mu);
    QCOMPARE(locks.computed(), 2);
}

void TestStoreLocks::lockComputedFromAnOlderHistoryIsRefused()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    const qint64 generation = store->historyGeneration();
    const core::HistoryFolder folder = store->loadHistory();
    const QJsonObject parameters = storedParameters(*store);
    const engine::DayNumber march = *engine::parseIsoDate("2025-03-01");
    const engine::MonthlyLock lock = engine::computeMonthlyLock(folder.history, march);
    std::vector<core::LockedRating> ratings;
    for (std::size_t k = 0; k < lock.players.size(); ++k)
        ratings.push_back(
            {QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(lock.players[k])]),
             lock.posteriors[k].mu, lock.posteriors[k].sigma});
    const QString digest = core::historyDigestBefore(folder, parameters, march);

    // The history changes while the lock is computed (here: before it is stored).
    const std::string id = eventOf(path, QStringLiteral("2024-06")).toStdString();
    execute(path, "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" + id +
                      "' AND place IN (1, 2)");
    bool refused = false;
    try {
        store->storeComputedLock(QStringLiteral("2025-03"), ratings, parameters, lock.iterations,
                                 lock.converged, digest, generation);
    } catch (const StoreError& error) {
        refused = error.kind() == StoreError::Kind::Refused;
    }
    QVERIFY(refused);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks"), 0);
    QCOMPARE(ratingRuns(path), 0);
    // With the current generation it is stored.
    store->storeComputedLock(QStringLiteral("2025-03"), ratings, parameters, lock.iterations, lock.converged,
                             digest, store->historyGeneration());
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0"), 1);
}

void TestStoreLocks::pointsAndStandingsReuseAndStoreLocks()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    {
        const auto store = testing::openStoppedStore(path);
        QVERIFY(store);
        QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    }
    const QStringList points = {QStringLiteral("points"), QStringLiteral("--db"), path};
    const testing::CliRun first = testing::run(points);
    QCOMPARE(first.status, 0);
    QVERIFY2(first.err.contains(QLatin1String("0 stored before)")), qPrintable(first.err));
    const std::int64_t locks = queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0");
    QVERIFY(locks > 30);
    {
        // What it stored (a lock's rows made as it is written) is the cold lock of each month.
        const auto store = testing::openStoppedStore(path);
        QVERIFY(store);
        std::vector<core::ComputedLock> stored;
        for (core::ComputedLock& lock : coldLocksOf(*store)) {
            if (store->storedLockFor(lock.month + QStringLiteral("-15")))
                stored.push_back(std::move(lock));
        }
        QCOMPARE(static_cast<std::int64_t>(stored.size()), locks);
        verifyStored(*store, stored);
        if (QTest::currentTestFailed())
            return;
    }

    // Each lock was stored as soon as it was computed, in turns of its own, with its run.
    const std::int64_t storedRuns = queryInteger(path, "SELECT count(*) FROM rating_runs");
    QCOMPARE(storedRuns, locks);

    const testing::CliRun second = testing::run(points);
    QCOMPARE(second.status, 0);
    QCOMPARE(second.out, first.out); // the same points, byte for byte
    QVERIFY2(second.err.contains(QStringLiteral("(0 computed on")), qPrintable(second.err));
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM rating_runs"), storedRuns); // nothing written again

    // The history folder computes every lock and pays the same.
    const testing::CliRun folder = testing::run({QStringLiteral("points"), testing::ncaHistoryDir()});
    QCOMPARE(folder.status, 0);
    QCOMPARE(folder.out, first.out);

    // An edit before the last months: only the months after it are computed again.
    const std::string id = eventOf(path, QStringLiteral("2025-08")).toStdString();
    QVERIFY(!id.empty());
    execute(path, "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" + id +
                      "' AND place IN (1, 2)");
    const std::int64_t stale = queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 1");
    QVERIFY(stale > 0 && stale < 6);
    const testing::CliRun third = testing::run(points);
    QCOMPARE(third.status, 0);
    QVERIFY2(third.err.contains(QStringLiteral("(%1 computed on").arg(stale)), qPrintable(third.err));
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 1"), 0);

    // Standings take the stored locks as well: nothing is computed or written.
    const std::int64_t runs = queryInteger(path, "SELECT count(*) FROM rating_runs");
    const testing::CliRun standings =
        testing::run({QStringLiteral("standings"), QStringLiteral("--db"), path, QStringLiteral("--season"),
                      QStringLiteral("15"), QStringLiteral("--division"), QStringLiteral("competitive")});
    QCOMPARE(standings.status, 0);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM rating_runs"), runs);
}

// The window stores a Tour view's locks until it quits (ui::quitting): asked to stop, the store
// writes no further lock.
void TestStoreLocks::storingTourLocksStopsWhenAsked()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("stop.sqlite"));
    const auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    const qint64 generation = store->historyGeneration();
    const core::HistoryFolder folder = store->loadHistory();
    engine::FlickSkillParameters parameters;
    store->flickSkillParameters().applyTo(parameters);
    const core::TourPoints points = core::computeTourPoints(
        folder, parameters,
        core::standingsEvents(folder, QStringLiteral("15"), engine::Division::Competitive));
    QVERIFY(points.defects.empty());
    QVERIFY(points.locks.size() >= 6);

    engine::CancelToken stop;
    stop.cancel();
    QCOMPARE(core::storeComputedTourLocks(*store, folder, parameters, points, generation, &stop), 0);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks"), 0);
    const engine::CancelToken go;
    QCOMPARE(core::storeComputedTourLocks(*store, folder, parameters, points, generation, &go),
             static_cast<int>(points.locks.size()));
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks"),
             static_cast<std::int64_t>(points.locks.size()));
}

// Database::setBusyTimeout tries the lock again every millisecond (SQLite's own handler sleeps in
// growing steps): a write waits while another connection holds the lock and goes in once it is
// released; held past the timeout, it fails as busy. (How soon it gets in is bench_recompute's.)
void TestStoreLocks::busyTimeoutWaitsForTheLockThenGivesUp()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("busy.sqlite"));
    {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWriteCreate);
        db.execute("PRAGMA journal_mode = WAL; CREATE TABLE writes (id INTEGER PRIMARY KEY, who TEXT)");
    }
    core::sqlite::Database holder(path, core::sqlite::Database::Mode::ReadWrite);
    core::sqlite::Database waiter(path, core::sqlite::Database::Mode::ReadWrite);
    waiter.setBusyTimeout(30000);
    holder.execute("BEGIN IMMEDIATE; INSERT INTO writes (who) VALUES ('holder')");

    std::promise<void> trying;
    std::optional<std::string> failure;
    std::thread thread([&] {
        trying.set_value();
        try {
            waiter.execute("BEGIN IMMEDIATE; INSERT INTO writes (who) VALUES ('waiter'); COMMIT");
        } catch (const core::sqlite::Error& error) {
            failure = error.what();
        }
    });
    trying.get_future().wait();
    std::this_thread::sleep_for(std::chrono::milliseconds(50)); // the waiter is retrying meanwhile
    holder.execute("COMMIT");
    thread.join();
    QVERIFY2(!failure, failure ? failure->c_str() : "");
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM writes WHERE who = 'waiter'"), 1);
    QCOMPARE(queryInteger(path, "SELECT id FROM writes WHERE who = 'waiter'"), 2); // after the holder's

    // Held past the timeout: busy.
    waiter.setBusyTimeout(20);
    holder.execute("BEGIN IMMEDIATE; INSERT INTO writes (who) VALUES ('holder again')");
    bool busy = false;
    try {
        waiter.execute("BEGIN IMMEDIATE");
    } catch (const core::sqlite::Error& error) {
        busy = (error.code() & 0xff) == SQLITE_BUSY;
    }
    holder.execute("COMMIT");
    QVERIFY(busy);
}

// sqlite::WriteTurns: a background connection that ends a transaction while the window waits to
// write begins its next one only after the window's (without the turns SQLite lets in whichever
// asks first: the worker, at once, while the window's busy handler sleeps).
void TestStoreLocks::windowWritesGoBeforeTheNextBackgroundTransaction()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("turns.sqlite"));
    {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWriteCreate);
        db.execute("PRAGMA journal_mode = WAL; CREATE TABLE writes (id INTEGER PRIMARY KEY, who TEXT)");
    }
    const auto turns = std::make_shared<core::sqlite::WriteTurns>();
    core::sqlite::Database background(path, core::sqlite::Database::Mode::ReadWrite);
    background.shareWriteTurns(turns, core::sqlite::WriteTurns::Role::Background);
    background.setBusyTimeout(20000);
    core::sqlite::Database window(path, core::sqlite::Database::Mode::ReadWrite);
    window.shareWriteTurns(turns, core::sqlite::WriteTurns::Role::Window);
    window.setBusyTimeout(20000);

    auto first = std::make_unique<core::sqlite::Transaction>(background);
    background.execute("INSERT INTO writes (who) VALUES ('background 1')");
    std::string windowFailure;
    std::thread director([&] {
        try {
            core::sqlite::Transaction transaction(window); // waits for the background's transaction
            window.execute("INSERT INTO writes (who) VALUES ('window')");
            transaction.commit();
        } catch (const std::exception& error) {
            windowFailure = error.what();
        }
    });
    for (int k = 0; k < 2000 && turns->windowWriters() == 0; ++k)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    QCOMPARE(turns->windowWriters(), 1);
    first->commit();
    first.reset();
    {
        core::sqlite::Transaction second(background); // waits for the window's turn
        background.execute("INSERT INTO writes (who) VALUES ('background 2')");
        second.commit();
    }
    director.join();
    QVERIFY2(windowFailure.empty(), windowFailure.c_str());
    QCOMPARE(turns->windowWriters(), 0);
    core::sqlite::Statement order(background, "SELECT who FROM writes ORDER BY id");
    QStringList who;
    while (order.step())
        who.append(order.text(0));
    QCOMPARE(who, QStringList({QStringLiteral("background 1"), QStringLiteral("window"),
                               QStringLiteral("background 2")}));
}

// A Recompute stores its run and locks through a worker connection a few months per transaction:
// a check-in in the window gets in between them, and the locks stored are every month's cold lock
// bit for bit, all of this run.
void TestStoreLocks::recomputeStoreLetsTheWindowWriteBetweenMonths()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    const std::vector<core::ComputedLock> locks = coldLocksOf(*store);
    QVERIFY(locks.size() > 50);
    const QString player = locks.back().ratings.front().playerId;

    QString checkInFailure;
    const WorkerStore stored = storeInWorker(*store, locks, [&] {
        try {
            checkIn(*store, player); // as the window does, on this thread, between two transactions
        } catch (const StoreError& error) {
            checkInFailure = error.message();
        }
    });
    QVERIFY2(!stored.error, stored.error ? qPrintable(stored.error->message()) : "");
    QVERIFY2(checkInFailure.isEmpty(), qPrintable(checkInFailure));
    QVERIFY(stored.report);
    // Several transactions, each reported; the last with every month written.
    QVERIFY2(stored.calls.size() > 2, qPrintable(QString::number(stored.calls.size())));
    QCOMPARE(stored.calls.front(), std::pair(0, static_cast<int>(locks.size())));
    QCOMPARE(stored.calls.back(), std::pair(static_cast<int>(locks.size()), static_cast<int>(locks.size())));
    QCOMPARE(stored.report->written.size(), static_cast<qsizetype>(locks.size()));
    QVERIFY(stored.report->unchanged.isEmpty());
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM entrants e JOIN events v ON v.id = e.event_id WHERE "
                                "v.name = 'Saturday open'"),
             1);
    QCOMPARE(ratingRuns(path), 1);
    QCOMPARE(queryInteger(path, "SELECT count(DISTINCT run_id) FROM locks"), 1);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0"),
             static_cast<std::int64_t>(locks.size()));
    verifyStored(*store, locks);
    if (QTest::currentTestFailed())
        return;

    // The same run again over the unchanged history: every lock attributed to it, none rewritten.
    const std::unique_ptr<Store> worker = store->openWorker();
    const core::RatingRunReport again = worker->storeRatingRun(
        storedParameters(*store), store->historyFingerprint(), 7, true, locks, store->historyGeneration());
    QVERIFY(again.written.isEmpty());
    QCOMPARE(again.unchanged.size(), static_cast<qsizetype>(locks.size()));
    QCOMPARE(queryInteger(
                 path, ("SELECT count(*) FROM locks WHERE run_id = " + std::to_string(again.runId)).c_str()),
             static_cast<std::int64_t>(locks.size()));
}

// The rated history changes between two of the store's transactions: the next one is refused. The
// months written before stay, and the schema marked those the change reaches stale, so no lock
// that is not marked stale differs from the history before its month.
void TestStoreLocks::historyChangedWhileStoringStopsAtATransaction()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = ncaStoreWritingLocks(path, core::StoreOptions().lockRowsPerTransaction);
    QVERIFY(store);
    const std::vector<core::ComputedLock> locks = coldLocksOf(*store);
    const QString editedMonth = locks[1].month; // the history's second month
    const QString event = eventOf(path, editedMonth);
    QVERIFY(!event.isEmpty());

    const WorkerStore stored = storeInWorker(*store, locks, [&] {
        execute(path, "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" +
                          event.toStdString() + "' AND place IN (1, 2)");
    });
    QVERIFY(stored.error);
    QCOMPARE(stored.error->kind(), StoreError::Kind::Refused);
    QVERIFY(!stored.report);
    QVERIFY(stored.calls.size() >= 2);
    const int written = stored.calls[1].first; // the first transaction's months, then it stopped
    QVERIFY(written > 1);
    QVERIFY(written < static_cast<int>(locks.size()));
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks"), written);
    // Written months after the edited one are stale; the others are fresh and are still the history's.
    const core::HistoryFolder folder = store->loadHistory();
    for (int k = 0; k < written; ++k) {
        const QString& month = locks[static_cast<std::size_t>(k)].month;
        QCOMPARE(staleOf(path, month.toUtf8().constData()), month > editedMonth ? 1 : 0);
        if (month <= editedMonth)
            QCOMPARE(locks[static_cast<std::size_t>(k)].historyDigest,
                     core::historyDigestBefore(
                         folder, storedParameters(*store),
                         *engine::parseIsoDate((month + QStringLiteral("-01")).toStdString())));
    }
    // The audit log says which months the stopped run wrote.
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run' AND details LIKE "
                                "'%\"stopped\":true%'"),
             1);
}

// Issue 15: the window's Recompute stores its run lock by lock as the locks are computed
// (Store::beginRatingRun). Nothing is written before the first lock; each lock is whole and fresh
// once added; a change of the rated history refuses the next lock, keeps those stored, stores
// nothing more, and the run is logged as stopped.
void TestStoreLocks::ratingRunStoredLockByLock()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = ncaStoreWritingLocks(path, core::StoreOptions().lockRowsPerTransaction);
    QVERIFY(store);
    const std::vector<core::ComputedLock> locks = coldLocksOf(*store);
    QVERIFY(locks.size() > 10);
    const core::HistoryFolder folder = store->loadHistory();
    std::vector<QString> players;
    for (const std::string& id : folder.history.playerIds)
        players.push_back(QString::fromStdString(id));

    const std::unique_ptr<Store> worker = store->openWorker();
    {
        std::unique_ptr<core::RatingRunStore> run =
            worker->beginRatingRun(storedParameters(*store), store->historyFingerprint(), 7, true,
                                   store->historyGeneration(), players);
        QCOMPARE(ratingRuns(path), 0);
        for (std::size_t k = 0; k < 3; ++k) {
            run->add({&locks[k]});
            QCOMPARE(ratingRuns(path), 1);
            QCOMPARE(
                queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0 AND history_digest <> ''"),
                static_cast<std::int64_t>(k + 1));
        }
        verifyStored(*store, {locks.begin(), locks.begin() + 3});
        QCOMPARE(run->report().written.size(), 3);

        // The rated history changes (places swapped in the last month's event): the next lock is
        // refused with the count stored in words, and nothing more is stored.
        const QString event = eventOf(path, locks.back().month);
        QVERIFY(!event.isEmpty());
        execute(path, "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" +
                          event.toStdString() + "' AND place IN (1, 2)");
        try {
            run->add({&locks[3]});
            QFAIL("a lock stored after the history changed");
        } catch (const StoreError& refused) {
            QCOMPARE(refused.kind(), StoreError::Kind::Refused);
            QVERIFY2(refused.message().contains(QStringLiteral("of 3 months were stored")),
                     qPrintable(refused.message()));
        }
        QVERIFY(run->failed());
        run->add({&locks[4]}); // does nothing
        QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks"), 3);
        QCOMPARE(queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run' AND details "
                                    "LIKE '%\"stopped\":true%'"),
                 1);
    }
    // Let go after the failure: logged once.
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run'"), 1);

    // A run let go part way without a failure (cancelled) is logged as stopped when it goes; one
    // that no lock reached writes nothing at all.
    {
        std::unique_ptr<core::RatingRunStore> run =
            worker->beginRatingRun(storedParameters(*store), store->historyFingerprint(), 7, true,
                                   store->historyGeneration(), players);
        run->add({&locks[0]});
    }
    QCOMPARE(ratingRuns(path), 2);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run' AND details "
                                "LIKE '%\"stopped\":true%'"),
             2);
    {
        const std::unique_ptr<core::RatingRunStore> run =
            worker->beginRatingRun(storedParameters(*store), store->historyFingerprint(), 7, true,
                                   store->historyGeneration(), players);
    }
    QCOMPARE(ratingRuns(path), 2);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run'"), 2);

    // The history changed while the run was computed (before its first lock): the run is refused
    // whole, and nothing of it is written.
    {
        const qint64 generation = store->historyGeneration();
        std::unique_ptr<core::RatingRunStore> run = worker->beginRatingRun(
            storedParameters(*store), store->historyFingerprint(), 7, true, generation, players);
        const QString event = eventOf(path, locks[2].month);
        QVERIFY(!event.isEmpty());
        execute(path, "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" +
                          event.toStdString() + "' AND place IN (1, 2)");
        QVERIFY(store->historyGeneration() != generation);
        try {
            run->add({&locks[0]});
            QFAIL("a run stored after the history changed");
        } catch (const StoreError& refused) {
            QCOMPARE(refused.kind(), StoreError::Kind::Refused);
            QVERIFY2(refused.message().contains(QStringLiteral("the run was not stored")),
                     qPrintable(refused.message()));
        }
    }
    QCOMPARE(ratingRuns(path), 2);
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run'"), 2);
}

// A transaction writes at most its rows' worth of locks, and one lock at least: a lock is one row
// (core/store/lockblob.h), never written in part. Here transactions of 500 ratings hold one lock
// each: a reader between two of them finds every stored lock whole and fresh.
void TestStoreLocks::lockSplitOverTransactionsIsNeverReadHalfWritten()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = ncaStoreWritingLocks(path, 500);
    QVERIFY(store);
    const std::vector<core::ComputedLock> locks = coldLocksOf(*store);
    std::map<QString, std::int64_t> rowsOf;
    for (const core::ComputedLock& lock : locks)
        rowsOf[lock.month] = static_cast<std::int64_t>(lock.ratings.size());

    QStringList pending;    // marked as written in part: none
    QStringList takenShort; // read back with other ratings than the lock's
    int readsBetween = 0;
    const WorkerStore stored = storeInWorker(*store, locks, [&] {
        ++readsBetween;
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
        if (const auto month =
                db.queryText("SELECT month FROM locks WHERE stale = 1 AND history_digest = ''"))
            pending.append(*month);
        core::sqlite::Statement fresh(db, "SELECT month, players FROM locks WHERE stale = 0");
        while (fresh.step()) {
            if (fresh.integer(1) != rowsOf[fresh.text(0)] ||
                static_cast<std::int64_t>(store->lockRatings(fresh.text(0)).size()) != rowsOf[fresh.text(0)])
                takenShort.append(fresh.text(0));
        }
    });
    QVERIFY2(!stored.error, stored.error ? qPrintable(stored.error->message()) : "");
    QVERIFY(readsBetween > 0);
    QVERIFY2(pending.isEmpty(), qPrintable(pending.join(u' ')));
    QVERIFY2(takenShort.isEmpty(), qPrintable(takenShort.join(u' ')));
    // Every lock of the sample names over 500 players after its first months: one per transaction.
    const auto large = std::count_if(locks.begin(), locks.end(), [](const core::ComputedLock& lock) {
        return lock.ratings.size() >= 500;
    });
    QVERIFY2(stored.calls.size() > static_cast<std::size_t>(large),
             qPrintable(QString::number(stored.calls.size())));
    QCOMPARE(stored.report->written.size(), static_cast<qsizetype>(locks.size()));
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0 AND history_digest <> ''"),
             static_cast<std::int64_t>(locks.size()));
    verifyStored(*store, locks);
}

// The window's background task stores one month's lock whole, in one transaction however many
// players it names (a row and its blob, core/store/lockblob.h), reported once; a check-in made
// just after it is written. Refused (the results changed before it was written), nothing of it
// stays, neither the lock nor its run.
void TestStoreLocks::oneLargeLockTakesTurnsWithTheWindow()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = ncaStoreWritingLocks(path, 500);
    QVERIFY(store);
    const std::vector<core::ComputedLock> locks = coldLocksOf(*store);
    const core::ComputedLock& lock = locks.back();
    const int rows = static_cast<int>(lock.ratings.size());
    QVERIFY2(rows > 1000, qPrintable(QString::number(rows)));
    const std::string month = lock.month.toStdString();

    std::vector<std::pair<int, int>> calls; // (rows written, rows) after each transaction
    const auto record = [&calls](int written, int all) { calls.emplace_back(written, all); };
    store->storeComputedLock(lock.month, lock.ratings, storedParameters(*store), 7, true, lock.historyDigest,
                             store->historyGeneration(), record);
    QCOMPARE(static_cast<int>(calls.size()), 1);
    QCOMPARE(calls.front(), std::pair(rows, rows));
    checkIn(*store, lock.ratings.front().playerId); // as the window does
    QCOMPARE(ratingRuns(path), 1);
    QCOMPARE(staleOf(path, month.c_str()), 0);
    QCOMPARE(queryInteger(path, ("SELECT players FROM locks WHERE month = '" + month +
                                 "' AND history_digest = '" + lock.historyDigest.toStdString() + "'")
                                    .c_str()),
             rows);
    verifyStored(*store, {lock});
    if (QTest::currentTestFailed())
        return;

    // Stored again over no lock after the results changed: refused, and neither the lock nor its
    // run stays (the next selection computes it again).
    const core::ComputedLock& earlier = locks[locks.size() - 2];
    const QString event = eventOf(path, earlier.month);
    QVERIFY(!event.isEmpty());
    execute(path, "DELETE FROM locks WHERE month = '" + month + "'");
    const qint64 generation = store->historyGeneration();
    execute(path, "UPDATE standings SET place = CASE place WHEN 1 THEN 2 ELSE 1 END WHERE event_id = '" +
                      event.toStdString() + "' AND place IN (1, 2)");
    calls.clear();
    try {
        store->storeComputedLock(lock.month, lock.ratings, storedParameters(*store), 7, true,
                                 lock.historyDigest, generation, record);
        QFAIL("stored over a changed history");
    } catch (const StoreError& refused) {
        QCOMPARE(refused.kind(), StoreError::Kind::Refused);
    }
    QCOMPARE(calls.size(), std::size_t{0});
    QCOMPARE(queryInteger(path, ("SELECT count(*) FROM locks WHERE month = '" + month + "'").c_str()), 0);
    QCOMPARE(ratingRuns(path), 1);
}

// The rows alone do not bound a transaction's time: one also ends when its time is up
// (StoreOptions::lockWriteMilliseconds), after a whole lock. Here every lock would fit one
// transaction's rows, and 1 ms ends nearly every transaction after its first lock; no reader ever
// finds a lock with fewer ratings than it has.
void TestStoreLocks::lockWritesStopWhenTheirTimeIsUp()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = ncaStoreWritingLocks(path, 1000000, 1);
    QVERIFY(store);
    const std::vector<core::ComputedLock> locks = coldLocksOf(*store);
    std::map<QString, std::int64_t> rowsOf;
    for (const core::ComputedLock& lock : locks)
        rowsOf[lock.month] = static_cast<std::int64_t>(lock.ratings.size());

    int transactions = 0;
    int pendingSeen = 0;
    QStringList takenShort; // fresh locks with fewer rows than they have: what a reader would take
    const core::RatingRunReport report = store->storeRatingRun(
        storedParameters(*store), store->historyFingerprint(), 7, true, locks, store->historyGeneration(),
        [&](int, int) {
            ++transactions;
            core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
            pendingSeen +=
                db.queryInteger("SELECT count(*) FROM locks WHERE stale = 1 AND history_digest = ''")
                            .value_or(0) > 0
                    ? 1
                    : 0;
            core::sqlite::Statement fresh(db, "SELECT month, players FROM locks WHERE stale = 0");
            while (fresh.step()) {
                if (fresh.integer(1) != rowsOf[fresh.text(0)])
                    takenShort.append(fresh.text(0));
            }
        });
    QVERIFY2(transactions > 3, qPrintable(QString::number(transactions)));
    QCOMPARE(pendingSeen, 0);
    QVERIFY2(takenShort.isEmpty(), qPrintable(takenShort.join(u' ')));
    QCOMPARE(report.written.size(), static_cast<qsizetype>(locks.size()));
    QCOMPARE(queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0 AND history_digest <> ''"),
             static_cast<std::int64_t>(locks.size()));
    verifyStored(*store, locks);
}

QTEST_GUILESS_MAIN(TestStoreLocks)
#include "tst_storelocks.moc"
