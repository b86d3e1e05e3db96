// A monthly lock stored whole (core/store/lockblob.h, schema version 7): one row per month with its
// ratings in one blob. The blob reads back exactly; a damaged one is refused with a message that
// names the month, never a crash; the migration from version 6 moves every lock's rows into its
// blob; a player's change of id moves their rating inside each lock; Store::check reads each lock.

#include "../common/storefixtures.h"
#include "clitestsupport.h"
#include "core/awards/monthlocks.h"
#include "core/store/lockblob.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"

#include <QTemporaryDir>
#include <QTest>
#include <limits>

using namespace flickdesk;
using core::Store;
using core::StoreError;

namespace {

namespace lockblob = core::lockblob;

std::string_view bytesOf(const QByteArray& blob)
{
    return {blob.constData(), static_cast<std::size_t>(blob.size())};
}

void execute(const QString& path, const std::string& sql)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
    db.execute(sql);
}

// Replaces the stored blob of `month` with `bytes`, as a damaged file would hold it.
void damage(const QString& path, const QString& month, const QByteArray& bytes)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
    core::sqlite::Statement update(db, "UPDATE locks SET ratings = ? WHERE month = ?");
    update.bindBlob(1, bytesOf(bytes)).bind(2, month).run();
}

QByteArray storedBlob(const QString& path, const QString& month)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    core::sqlite::Statement select(db, "SELECT ratings FROM locks WHERE month = ?");
    select.bind(1, month);
    if (!select.step())
        return {};
    const std::string_view blob = select.blob(0);
    return QByteArray(blob.data(), static_cast<qsizetype>(blob.size()));
}

QString refusal(const std::function<void()>& work)
{
    try {
        work();
    } catch (const StoreError& error) {
        return error.message();
    }
    return {};
}

} // namespace

class TestLockStorage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void blobReadsBackExactly();
    void badRatingsAreNotEncoded();
    void damagedBlobIsRefusedWithAMessage_data();
    void damagedBlobIsRefusedWithAMessage();
    void damagedStoredLockIsRefusedOrComputedAgain();
    void version6LocksMoveIntoTheirBlobs();
    void changeOfIdMovesTheRatingInsideEachLock();
};

void TestLockStorage::blobReadsBackExactly()
{
    // Any order in, the ids' byte order out; the doubles bit for bit (the smallest sigma, a negative
    // mu, ids beyond ASCII).
    const std::vector<core::LockedRating> ratings{
        {QStringLiteral("L2"), -3.25, 0.5},
        {QStringLiteral("1748"), 25.0 / 3.0, std::numeric_limits<double>::denorm_min()},
        {QStringLiteral("Zoë"), 1e300, 8.333},
        {QStringLiteral("0175"), 0.0, 1.0},
    };
    QString problem;
    const QByteArray blob = lockblob::encode(ratings, &problem);
    QVERIFY2(!blob.isEmpty(), qPrintable(problem));
    QCOMPARE(lockblob::countOf(bytesOf(blob)), 4);
    const std::optional<std::vector<lockblob::Entry>> entries = lockblob::decode(bytesOf(blob), &problem);
    QVERIFY2(entries, qPrintable(problem));
    QStringList ids;
    for (const lockblob::Entry& entry : *entries)
        ids.append(lockblob::idOf(entry));
    QCOMPARE(ids, (QStringList{QStringLiteral("0175"), QStringLiteral("1748"), QStringLiteral("L2"),
                               QStringLiteral("Zoë")}));
    for (const core::LockedRating& r : ratings) {
        const QByteArray id = r.playerId.toUtf8();
        const lockblob::Entry* entry = lockblob::find(*entries, bytesOf(id));
        QVERIFY(entry);
        QCOMPARE(entry->mu, r.mu);
        QCOMPARE(entry->sigma, r.sigma);
        QVERIFY(lockblob::mayName(bytesOf(blob), bytesOf(id)));
    }
    QVERIFY(!lockblob::find(*entries, "17"));
    QVERIFY(!lockblob::mayName(bytesOf(blob), "1749"));
    // Encoding is canonical: the same ratings in another order give the same bytes.
    std::vector<core::LockedRating> reversed(ratings.rbegin(), ratings.rend());
    QCOMPARE(lockblob::encode(reversed, nullptr), blob);
    // An empty lock is a header alone, and reads back empty.
    const QByteArray empty = lockblob::encode({}, nullptr);
    QCOMPARE(empty.size(), 12);
    QVERIFY(lockblob::decode(bytesOf(empty), nullptr)->empty());
}

void TestLockStorage::badRatingsAreNotEncoded()
{
    QString problem;
    QVERIFY(lockblob::encode({{QStringLiteral("A"), 1.0, 0.5}, {QStringLiteral("A"), 2.0, 0.5}}, &problem)
                .isEmpty());
    QVERIFY2(problem.contains(QStringLiteral("twice")), qPrintable(problem));
    QVERIFY(lockblob::encode({{QStringLiteral("A"), 1.0, 0.0}}, &problem).isEmpty());
    QVERIFY(lockblob::encode({{QStringLiteral("A"), std::nan(""), 1.0}}, &problem).isEmpty());
    QVERIFY(lockblob::encode({{QString(), 1.0, 1.0}}, &problem).isEmpty());

    // Through the store: an NCA list naming a player twice is refused, and nothing is written.
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    const QString message = refusal([&] {
        store->importRatings({{QStringLiteral("1001"), QStringLiteral("Ann"), 20.0, 2.0, 2},
                              {QStringLiteral("1001"), QStringLiteral("Ann"), 21.0, 2.0, 3}},
                             QStringLiteral("2026-01"), false, QStringLiteral("list.csv"));
    });
    QVERIFY2(message.contains(QStringLiteral("2026-01")) && message.contains(QStringLiteral("1001")),
             qPrintable(message));
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM locks"), 0);
}

void TestLockStorage::damagedBlobIsRefusedWithAMessage_data()
{
    const QByteArray good =
        lockblob::encode({{QStringLiteral("1001"), 20.0, 2.0}, {QStringLiteral("1002"), 21.0, 2.5}}, nullptr);
    QTest::addColumn<QByteArray>("blob");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not a lock") << QByteArray("SQLite format 3");
    QTest::newRow("header cut") << good.left(10);
    QTest::newRow("cut inside a player") << good.left(good.size() - 3);
    QTest::newRow("bytes after the players") << good + QByteArray("x");
    QByteArray version = good;
    version[4] = 2;
    QTest::newRow("another format") << version;
    QByteArray count = good;
    count[8] = char(0xff);
    count[9] = char(0xff);
    count[10] = char(0xff);
    count[11] = char(0x7f);
    QTest::newRow("a count it cannot hold") << count;
    QByteArray order = good;
    order[12 + 2 + 3] = '3'; // 1001 becomes 1003, after 1002
    QTest::newRow("players out of order") << order;
    QByteArray length = good;
    length[12] = char(0xff);
    length[13] = char(0xff);
    QTest::newRow("an id longer than the blob") << length;
    QByteArray sigma = good;
    for (int k = 0; k < 8; ++k)
        sigma[12 + 2 + 4 + 8 + k] = 0; // sigma 0
    QTest::newRow("a sigma of 0") << sigma;
}

void TestLockStorage::damagedBlobIsRefusedWithAMessage()
{
    QFETCH(QByteArray, blob);
    QString problem;
    QVERIFY(!lockblob::decode(bytesOf(blob), &problem));
    QVERIFY(!problem.isEmpty());
    const QString message = refusal([&] { lockblob::decodeOrRefuse(blob, QStringLiteral("2026-01")); });
    QVERIFY2(message.contains(QStringLiteral("2026-01")) && message.contains(problem), qPrintable(message));
}

// A damaged NCA list is refused wherever it is read (the history too, whose ratings it would
// change), saying which month and how to replace it; a damaged computed lock is not taken: it is
// computed again and stored over. Store::check names both.
void TestLockStorage::damagedStoredLockIsRefusedOrComputedAgain()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    QVERIFY(store->importHistory(testing::ncaHistoryDir()).ok());
    const core::MonthLockRatings computed = core::MonthLocks(*store).lockFor(QStringLiteral("2024-03-16"));
    QVERIFY(computed.players > 500);
    store->importRatings({{QStringLiteral("1001"), {}, 20.0, 2.0, 2}}, QStringLiteral("2026-01"), false,
                         QStringLiteral("list.csv"));
    QVERIFY(store->check().isEmpty());
    const QByteArray good = storedBlob(path, QStringLiteral("2024-03"));
    QCOMPARE(lockblob::countOf(bytesOf(good)), computed.players);
    QCOMPARE(testing::queryInteger(path, "SELECT players FROM locks WHERE month = '2024-03'"),
             computed.players);

    damage(path, QStringLiteral("2026-01"), QByteArray("FDLK\x01\x00\x00\x00\x05", 9));
    damage(path, QStringLiteral("2024-03"), good.left(good.size() / 2));
    const QStringList problems = store->check();
    QCOMPARE(problems.size(), 2);
    QVERIFY2(problems.join(u'\n').contains(QStringLiteral("2026-01")), qPrintable(problems.join(u'\n')));
    QVERIFY2(problems.join(u'\n').contains(QStringLiteral("2024-03")), qPrintable(problems.join(u'\n')));

    const QString message = refusal([&] { store->lockRatings(QStringLiteral("2026-01")); });
    QVERIFY2(message.contains(QStringLiteral("2026-01")) && message.contains(QStringLiteral("damaged")),
             qPrintable(message));
    QVERIFY(!refusal([&] { core::MonthLocks(*store).lockFor(QStringLiteral("2026-01-10")); }).isEmpty());
    QVERIFY(!refusal([&] { store->loadHistory(); }).isEmpty());

    // As the message says, the list imported again replaces it.
    store->importRatings({{QStringLiteral("1001"), {}, 20.0, 2.0, 2}}, QStringLiteral("2026-01"), true,
                         QStringLiteral("list.csv"));
    QCOMPARE(store->lockRatings(QStringLiteral("2026-01")),
             (std::vector<core::LockedRating>{{QStringLiteral("1001"), 20.0, 2.0}}));
    QCOMPARE(store->check().size(), 1); // the computed lock of 2024-03 is still damaged

    // The computed one: not taken, computed again, and stored whole over the damaged one.
    QVERIFY(!store->storedLockFor(QStringLiteral("2024-03-16")));
    const core::MonthLockRatings again = core::MonthLocks(*store).lockFor(QStringLiteral("2024-03-16"));
    QCOMPARE(again.players, computed.players);
    QCOMPARE(again.mu, computed.mu);
    QCOMPARE(storedBlob(path, QStringLiteral("2024-03")), good);
    QVERIFY(store->check().isEmpty());
}

// Version 6 stored a row per player per lock. The migration to 7 moves each lock's rows into its
// blob (backed up before), drops the table, and reads back the same ratings; a version 6 file
// opened read-only is read from its rows.
void TestLockStorage::version6LocksMoveIntoTheirBlobs()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("v6.sqlite"));
    QVERIFY(testing::openStoreAtVersion(path, 6));
    execute(path, R"sql(
        INSERT INTO players (id, name) VALUES ('1001', 'Ann'), ('1002', 'Bo'), ('L1', 'Cy');
        INSERT INTO rating_runs (id, created_at, parameters, history_fingerprint, iterations, converged)
            VALUES (1, '2025-01-01T00:00:00Z', '{}', 'f', 3, 1);
        INSERT INTO locks (month, source, run_id, origin, created_at, history_digest, stale)
            VALUES ('2025-01', 'computed', 1, '', '2025-01-01T00:00:00Z', 'd', 0),
                   ('2025-02', 'imported', NULL, 'list.csv', '2025-02-01T00:00:00Z', '', 0);
        INSERT INTO lock_ratings (month, player_id, mu, sigma) VALUES
            ('2025-01', 'L1', 0.1, 0.7), ('2025-01', '1002', 19.5, 2.25), ('2025-01', '1001', 21.125, 1.5),
            ('2025-02', '1001', 22.0, 1.25);
    )sql");
    const std::vector<core::LockedRating> january{{QStringLiteral("1001"), 21.125, 1.5},
                                                  {QStringLiteral("1002"), 19.5, 2.25},
                                                  {QStringLiteral("L1"), 0.1, 0.7}};
    {
        const auto reader = testing::openStoppedStore(path, true);
        QVERIFY(reader);
        QCOMPARE(reader->schemaVersion(), 6);
        QCOMPARE(reader->lockRatings(QStringLiteral("2025-01")), january);
        QVERIFY(reader->lockIsQuickToRead(QStringLiteral("2025-01-10"), 3));
        QVERIFY(!reader->lockIsQuickToRead(QStringLiteral("2025-01-10"), 2));
    }
    const auto upgraded = testing::openStoppedStore(path);
    QVERIFY(upgraded);
    QCOMPARE(upgraded->schemaVersion(), core::Store::latestSchemaVersion); // through version 7
    QVERIFY(!upgraded->backupsMade().isEmpty());
    QCOMPARE(
        testing::queryInteger(path, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'lock_ratings%'"), 0);
    QCOMPARE(upgraded->lockRatings(QStringLiteral("2025-01")), january);
    QCOMPARE(upgraded->lockRatings(QStringLiteral("2025-02")),
             (std::vector<core::LockedRating>{{QStringLiteral("1001"), 22.0, 1.25}}));
    QCOMPARE(testing::queryInteger(path, "SELECT players FROM locks WHERE month = '2025-01'"), 3);
    QVERIFY(upgraded->lockIsQuickToRead(QStringLiteral("2025-01-10"), 3));
    QVERIFY(!upgraded->lockIsQuickToRead(QStringLiteral("2025-01-10"), 2));
    // The rest of each row as it was.
    QCOMPARE(testing::queryInteger(path,
                                   "SELECT count(*) FROM locks WHERE month = '2025-01' AND run_id = 1 AND "
                                   "history_digest = 'd' AND stale = 0"),
             1);
    const QStringList problems = upgraded->check();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    // A player named only by a lock stays: the lock names them.
    QVERIFY(refusal([&] { upgraded->removePlayer(QStringLiteral("L1")); }).contains(QStringLiteral("L1")));
}

// DECISIONS D1a: a player's change of id moves their rating inside every lock that names them, and
// undoing it puts each lock back byte for byte.
void TestLockStorage::changeOfIdMovesTheRatingInsideEachLock()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("locks.sqlite"));
    const auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    store->importRatings({{QStringLiteral("L7"), QStringLiteral("Di"), 18.0, 2.0, 2},
                          {QStringLiteral("1001"), QStringLiteral("Ann"), 20.0, 2.0, 3}},
                         QStringLiteral("2026-01"), false, QStringLiteral("a.csv"));
    store->importRatings({{QStringLiteral("1001"), QStringLiteral("Ann"), 21.0, 2.0, 2}},
                         QStringLiteral("2026-02"), false, QStringLiteral("b.csv"));
    store->importRatings({{QStringLiteral("L7"), QStringLiteral("Di"), 19.0, 1.5, 2}},
                         QStringLiteral("2026-03"), false, QStringLiteral("c.csv"));
    const QByteArray january = storedBlob(path, QStringLiteral("2026-01"));
    const QByteArray february = storedBlob(path, QStringLiteral("2026-02"));
    const QByteArray march = storedBlob(path, QStringLiteral("2026-03"));

    const core::PlayerMerge change = store->changePlayerId(QStringLiteral("L7"), QStringLiteral("1750"));
    QCOMPARE(change.locks.size(), std::size_t(2));
    QCOMPARE(store->lockRatings(QStringLiteral("2026-01")),
             (std::vector<core::LockedRating>{{QStringLiteral("1001"), 20.0, 2.0},
                                              {QStringLiteral("1750"), 18.0, 2.0}}));
    QCOMPARE(store->lockRatings(QStringLiteral("2026-03")),
             (std::vector<core::LockedRating>{{QStringLiteral("1750"), 19.0, 1.5}}));
    QCOMPARE(storedBlob(path, QStringLiteral("2026-02")), february); // not named: not rewritten
    QVERIFY(store->check().isEmpty());

    store->unmergePlayer(change);
    QCOMPARE(storedBlob(path, QStringLiteral("2026-01")), january);
    QCOMPARE(storedBlob(path, QStringLiteral("2026-02")), february);
    QCOMPARE(storedBlob(path, QStringLiteral("2026-03")), march);
    QVERIFY(store->check().isEmpty());
}

QTEST_GUILESS_MAIN(TestLockStorage)
#include "tst_lockstorage.moc"
