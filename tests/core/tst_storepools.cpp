// The rating pools of the other systems in the database (core/store/store.h, schema version 4): the
// migration from version 3 keeps the data, pools are created, renamed and deleted, a game or an
// import with a defect writes nothing, and a pool survives closing and reopening the database.
#include "../common/storefixtures.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/systems/systems.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <vector>

using namespace flickdesk;
using core::PoolChange;
using core::PoolContent;
using core::Store;
using core::StoreError;
using core::StoreOptions;
using core::SystemKind;
using testing::dumpTables;
using testing::queryInteger;

namespace {

// The database at `path` brought to schema `version` (0: the latest), its clock stopped on 1 March 2025.
std::unique_ptr<Store> openStore(const QString& path, int version = 0)
{
    StoreOptions options;
    options.path = path;
    options.clock = testing::fixedClock(QDateTime(QDate(2025, 3, 1), QTime(9, 30), Qt::UTC));
    options.schemaVersion = version;
    return testing::openStore(options);
}

QByteArray readExample(const QString& name)
{
    QFile file(QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../docs/examples")).filePath(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The value of `column` in the row of `player` of a result table.
QString cell(const core::SystemTable& table, const QString& player, const QString& column)
{
    const qsizetype c = table.columns.indexOf(column);
    for (const QStringList& row : table.rows) {
        if (!row.isEmpty() && row[0] == player && c >= 0 && c < row.size())
            return row[c];
    }
    return QStringLiteral("<none>");
}

const QStringList kingsPlayerA{QStringLiteral("A"), QStringLiteral("Ann"), QStringLiteral("1700"),
                               QStringLiteral("10")};
const QStringList kingsPlayerB{QStringLiteral("B"), QStringLiteral("Bob"), QStringLiteral("1500"),
                               QStringLiteral("10")};

// A Kings Cribbage head-to-head game in the columns game,date,player1,score1,player2,score2,...
QStringList kingsGame(const QString& id, const QString& p1, int s1, const QString& p2, int s2)
{
    return {id, QStringLiteral("2025-03-01"), p1, QString::number(s1), p2, QString::number(s2)};
}

// A Kings head-to-head pool "Kings" of A (1700) and B (1500) and a game for each of `losers`: A
// beats B 121 to it, game ids 1, 2, ... Fails the test (and returns -1) when the store refuses any.
qint64 kingsPoolOfAAndB(Store& store, const std::vector<int>& losers)
{
    const qint64 pool = store.createPool(SystemKind::KingsHeadToHead, QStringLiteral("Kings"));
    bool added = store.addPoolPlayer(pool, kingsPlayerA).ok() && store.addPoolPlayer(pool, kingsPlayerB).ok();
    for (std::size_t game = 0; game < losers.size() && added; ++game)
        added = store
                    .addPoolGame(pool, {kingsGame(QString::number(game + 1), QStringLiteral("A"), 121,
                                                  QStringLiteral("B"), losers[game])})
                    .ok();
    if (!added)
        QTest::qFail("the store refused a player or game of the pool", __FILE__, __LINE__);
    return added ? pool : -1;
}

} // namespace

class TestStorePools : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void migrationFromVersion3KeepsTheData();
    void migrationFromVersion7KeepsThePools();
    void createRenameDelete();
    void kingsHeadToHeadFromTheRules();
    void refusedGameWritesNothing();
    void refusedImportWritesNothing();
    void importMatchesTheSystemAndSurvivesReopening();
    void deleteGame();
    void editGameKeepsItsPlaceAndRerates();
    void restoredGameTakesItsNumber();
    void playersEditedDeletedAndRestored();
    void sameGameIsFound();
    void kingsClubPoolTakesTheDocsExample();
    void secondInstanceIsReadOnly();
    void exportedKingsTableImportsAsPlayers();
};

void TestStorePools::migrationFromVersion3KeepsTheData()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("old.sqlite"));
    QString playerId;
    {
        auto store = openStore(path, 3);
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), 3);
        playerId = store->addPlayer(QStringLiteral("Ada Lovelace"), QStringLiteral("London"));
        core::EventDraft draft;
        draft.date = QStringLiteral("2025-02-01");
        draft.name = QStringLiteral("Winter Open");
        store->createEvent(draft);
    }
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM sqlite_schema WHERE name = 'pools'"), 0);
    const QString before = dumpTables(path);

    // To version 4, the pools' migration (version 5 adds the events' location, tst_storeplayers).
    auto store = openStore(path, 4);
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), 4);
    QCOMPARE(store->player(playerId)->name, QStringLiteral("Ada Lovelace"));
    QCOMPARE(store->eventCount(), 1);
    QVERIFY(store->pools().empty());
    // A copy of the version-3 file was made before the migration.
    QVERIFY(store->backupsMade().join(u' ').contains(QStringLiteral("before-v4")));
    const qint64 id = store->createPool(SystemKind::Squares, QStringLiteral("Nationals 2025"));
    QCOMPARE(store->pool(id)->name, QStringLiteral("Nationals 2025"));
    QVERIFY(store->check().isEmpty());
    store.reset();
    // Every table of version 3 holds what it held; version 4 added the pool tables.
    const QString after = dumpTables(path);
    for (const QString& table : before.split(u'[', Qt::SkipEmptyParts)) {
        if (!table.startsWith(QLatin1String("audit_log")))
            QVERIFY2(after.contains(u'[' + table), qPrintable(table));
    }
    QCOMPARE(queryInteger(path, "PRAGMA user_version"), 4);
}

void TestStorePools::migrationFromVersion7KeepsThePools()
{
    // Version 8 builds the pool tables again to admit a Kings Cribbage club's pool: every pool,
    // player and game is kept, and deleting a pool still deletes its rows.
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("v7.sqlite"));
    qint64 kings = 0;
    qint64 squares = 0;
    {
        auto store = openStore(path, 7);
        QVERIFY(store);
        kings = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Kings"));
        QVERIFY(store->addPoolPlayer(kings, kingsPlayerA).ok());
        QVERIFY(store->addPoolPlayer(kings, kingsPlayerB).ok());
        QVERIFY(store
                    ->addPoolGame(kings, {kingsGame(QStringLiteral("1"), QStringLiteral("A"), 121,
                                                    QStringLiteral("B"), 100)})
                    .ok());
        squares = store->createPool(SystemKind::Squares, QStringLiteral("Squares"));
        QVERIFY(store
                    ->importPool(squares, readExample(QStringLiteral("squares-players.csv")),
                                 QStringLiteral("squares-players.csv"),
                                 readExample(QStringLiteral("squares-games.csv")),
                                 QStringLiteral("squares-games.csv"))
                    .ok());
        QVERIFY_THROWS_EXCEPTION(StoreError, store->createPool(SystemKind::Kings, QStringLiteral("Club")));
    }
    const QString before = dumpTables(path);
    auto store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), Store::latestSchemaVersion);
    QVERIFY(store->backupsMade().join(u' ').contains(
        QStringLiteral("before-v%1").arg(Store::latestSchemaVersion)));
    const QString after = dumpTables(path);
    for (const QString& table : before.split(u'[', Qt::SkipEmptyParts)) {
        if (table.startsWith(QLatin1String("pool")))
            QVERIFY2(after.contains(u'[' + table), qPrintable(table));
    }
    QVERIFY(store->check().isEmpty());
    QCOMPARE(cell(store->poolResult(kings).table, QStringLiteral("A"), QStringLiteral("rating")),
             QStringLiteral("1713"));
    QVERIFY(store->createPool(SystemKind::Kings, QStringLiteral("Club")) > 0);
    // The players and games of a deleted pool go with it (the children's references were renamed).
    store->deletePool(squares);
    QCOMPARE(
        queryInteger(
            path,
            qPrintable(QStringLiteral("SELECT COUNT(*) FROM pool_games WHERE pool_id = %1").arg(squares))),
        0);
    QCOMPARE(
        queryInteger(
            path,
            qPrintable(QStringLiteral("SELECT COUNT(*) FROM pool_players WHERE pool_id = %1").arg(squares))),
        0);
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM sqlite_schema WHERE sql LIKE '%_v8%'"), 0);
}

void TestStorePools::createRenameDelete()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("pools.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 acf = store->createPool(SystemKind::Acf, QStringLiteral("Checkers club"));
    const qint64 h2h = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Kings 1v1"));
    const qint64 group = store->createPool(SystemKind::KingsGroup, QStringLiteral("Kings tables"));
    const qint64 squares = store->createPool(SystemKind::Squares, QStringLiteral("  Diplomacy   cup "));
    const std::vector<core::PoolSummary> pools = store->pools();
    QCOMPARE(pools.size(), std::size_t(4));
    // By name, in any case.
    QCOMPARE(pools[0].id, acf);
    QCOMPARE(pools[1].name, QStringLiteral("Diplomacy cup")); // spaces simplified
    QCOMPARE(pools[1].kind, SystemKind::Squares);
    QCOMPARE(pools[2].kind, SystemKind::KingsHeadToHead);
    QCOMPARE(pools[3].kind, SystemKind::KingsGroup);
    {
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(db.queryText("SELECT system FROM pools WHERE name = 'Kings tables'").value_or(QString()),
                 QStringLiteral("kc-group"));
    }

    // Refused: a taken name in another case, an empty name.
    QVERIFY_THROWS_EXCEPTION(StoreError, store->createPool(SystemKind::Acf, QStringLiteral("CHECKERS CLUB")));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->createPool(SystemKind::Acf, QStringLiteral("  ")));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->renamePool(h2h, QStringLiteral("kings TABLES")));
    QCOMPARE(store->pools().size(), std::size_t(4));

    store->renamePool(h2h, QStringLiteral("Kings singles"));
    QCOMPARE(store->pool(h2h)->name, QStringLiteral("Kings singles"));

    QVERIFY(store->addPoolPlayer(squares, {QStringLiteral("1"), QStringLiteral("Ana")}).ok());
    QCOMPARE(store->pool(squares)->players, 1);
    store->deletePool(squares);
    QVERIFY(!store->pool(squares));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM pool_players"), 0); // its players went with it
    QVERIFY_THROWS_EXCEPTION(StoreError, store->poolContent(squares));
    QCOMPARE(store->pools().size(), std::size_t(3));
    (void)group;

    QStringList actions;
    for (const core::AuditEntry& entry : store->auditLog())
        actions.append(entry.action);
    QCOMPARE(actions.count(QStringLiteral("pool-create")), 4);
    QCOMPARE(actions.count(QStringLiteral("pool-rename")), 1);
    QCOMPARE(actions.count(QStringLiteral("pool-add-player")), 1);
    QCOMPARE(actions.count(QStringLiteral("pool-delete")), 1);
    QVERIFY(store->check().isEmpty());
}

void TestStorePools::kingsHeadToHeadFromTheRules()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("kings.sqlite")));
    QVERIFY(store);
    const qint64 pool = kingsPoolOfAAndB(*store, {});
    const PoolChange change = store->addPoolGame(
        pool, {kingsGame(QStringLiteral("1"), QStringLiteral("A"), 121, QStringLiteral("B"), 100)});
    QVERIFY2(change.ok(), qPrintable(change.messages().join(u'\n')));
    QCOMPARE(change.gamesAdded, 1);
    // DECISIONS K1, the document's example: 1700 beats 1500 -> 1713 / 1487 (g = 21 + (1500 - 1700)/25
    // = 13; both have 10 games, so neither is provisional, K2; a margin of 21 is no skunk, K3).
    const core::SystemResult result = store->poolResult(pool);
    QVERIFY(result.defects.empty());
    QCOMPARE(cell(result.table, QStringLiteral("A"), QStringLiteral("rating")), QStringLiteral("1713"));
    QCOMPARE(cell(result.table, QStringLiteral("B"), QStringLiteral("rating")), QStringLiteral("1487"));
    // Two history rows, one per player of the game.
    int historyOfA = 0;
    for (const QStringList& row : result.history.rows)
        historyOfA += row.value(0) == QLatin1String("A") ? 1 : 0;
    QCOMPARE(historyOfA, 1);
}

void TestStorePools::refusedGameWritesNothing()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("refused.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 pool = kingsPoolOfAAndB(*store, {90});
    const QString before = dumpTables(path);

    // An unknown player: named by the new game and its field.
    PoolChange change = store->addPoolGame(
        pool, {kingsGame(QStringLiteral("2"), QStringLiteral("A"), 121, QStringLiteral("Zed"), 90)});
    QVERIFY(!change.ok());
    QCOMPARE(change.defects.front().where, QStringLiteral("the new game"));
    QCOMPARE(change.defects.front().field, QStringLiteral("player2"));
    QCOMPARE(change.defects.front().game, 2);
    QVERIFY2(change.messages().front().startsWith(QStringLiteral("the new game, field player2: ")),
             qPrintable(change.messages().front()));
    QVERIFY(change.messages().front().contains(QStringLiteral("Zed")));

    // A game of one player.
    change = store->addPoolGame(
        pool, {kingsGame(QStringLiteral("2"), QStringLiteral("A"), 121, QString(), 0).mid(0, 4)});
    QVERIFY(!change.ok());
    // A game id used by game 1 already: the defect names the new game.
    change = store->addPoolGame(
        pool, {kingsGame(QStringLiteral("1"), QStringLiteral("B"), 121, QStringLiteral("A"), 90)});
    QVERIFY(!change.ok());
    QCOMPARE(change.defects.front().field, QStringLiteral("game"));
    // A player listed twice.
    QVERIFY(!store->addPoolPlayer(pool, kingsPlayerA).ok());
    // No rows at all.
    QVERIFY(!store->addPoolGame(pool, {}).ok());

    QCOMPARE(dumpTables(path), before);
    QCOMPARE(store->pool(pool)->games, 1);
    QCOMPARE(store->schemaVersion(), Store::latestSchemaVersion);
    QVERIFY(store->check().isEmpty());
    store.reset();
    QCOMPARE(queryInteger(path, "PRAGMA user_version"), Store::latestSchemaVersion);
}

void TestStorePools::refusedImportWritesNothing()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("import.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Squares, QStringLiteral("Squares"));
    const QString before = dumpTables(path);
    const QByteArray players = readExample(QStringLiteral("squares-players.csv"));
    QVERIFY(!players.isEmpty());

    // Line 4 of the games file names player 99, who is in neither the pool nor the players file.
    const QByteArray games = "game,round,player_id,power,centres,eliminated_year\n"
                             "R1,1,1,France,10,\n"
                             "R1,1,2,England,8,\n"
                             "R1,1,99,Germany,16,\n";
    PoolChange change =
        store->importPool(pool, players, QStringLiteral("players.csv"), games, QStringLiteral("round1.csv"));
    QVERIFY(!change.ok());
    QCOMPARE(change.defects.front().where, QStringLiteral("round1.csv line 4"));
    QCOMPARE(change.defects.front().field, QStringLiteral("player_id"));

    // A file without the centres column: one defect on its header, not one per row.
    const QByteArray noCentres = "game,round,player_id,power\n"
                                 "R1,1,1,France\n"
                                 "R1,1,2,England\n";
    change = store->importPool(pool, players, QStringLiteral("players.csv"), noCentres,
                               QStringLiteral("short.csv"));
    QVERIFY(!change.ok());
    QStringList centresDefects;
    for (const core::PoolDefect& defect : change.defects) {
        if (defect.field == QLatin1String("centres"))
            centresDefects.append(defect.text());
    }
    QCOMPARE(centresDefects, QStringList{QStringLiteral("short.csv line 1, field centres: missing column")});

    // A column the system does not know, and a row with a field too many.
    change = store->importPool(pool, "player_id,name,rating\n1,Ana,1500\n", QStringLiteral("p.csv"), {}, {});
    QVERIFY(!change.ok());
    QCOMPARE(change.defects.front().where, QStringLiteral("p.csv line 1"));
    QCOMPARE(change.defects.front().field, QStringLiteral("rating"));
    change = store->importPool(pool, "player_id,name\n1,Ana\n2,Ben,extra\n", QStringLiteral("p.csv"), {}, {});
    QVERIFY(!change.ok());
    QCOMPARE(change.defects.front().where, QStringLiteral("p.csv line 3"));

    QCOMPARE(dumpTables(path), before);
    QVERIFY(store->check().isEmpty());
    QCOMPARE(store->schemaVersion(), Store::latestSchemaVersion);
}

void TestStorePools::importMatchesTheSystemAndSurvivesReopening()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("reopen.sqlite"));
    const QByteArray players = readExample(QStringLiteral("acf-players.csv"));
    const QByteArray games = readExample(QStringLiteral("acf-games.csv"));
    QVERIFY(!games.isEmpty());
    // Independently: the system itself on the example files, as `flickdesk-cli acf` runs it.
    core::SystemInput input;
    input.players = players;
    input.hasPlayers = true;
    input.games = games;
    const core::SystemResult expected = core::runSystem(SystemKind::Acf, input);
    QVERIFY(expected.defects.empty());
    QVERIFY(!expected.table.rows.isEmpty());

    qint64 pool = 0;
    {
        auto store = openStore(path);
        QVERIFY(store);
        pool = store->createPool(SystemKind::Acf, QStringLiteral("Checkers"));
        const PoolChange change = store->importPool(pool, players, QStringLiteral("acf-players.csv"), games,
                                                    QStringLiteral("acf-games.csv"));
        QVERIFY2(change.ok(), qPrintable(change.messages().join(u'\n')));
        QCOMPARE(change.playersAdded, 5);
        // A game of an ACF pool is one pairing of a round (its 4 games when scored by round, its 1-2
        // when scored by game): the distinct (event, round, pair of players) of the file.
        QSet<QString> pairings;
        for (const QByteArray& line : games.split('\n').mid(1)) {
            const QList<QByteArray> f = line.trimmed().split(',');
            if (f.size() == 7)
                pairings.insert(QString::fromUtf8(f[0] + '|' + f[3] + '|' + std::min(f[4], f[5]) + '|' +
                                                  std::max(f[4], f[5])));
        }
        QCOMPARE(change.gamesAdded, pairings.size());
        QVERIFY(change.gamesAdded < 36); // fewer games than rows
    }
    auto store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->pools().size(), std::size_t(1));
    const PoolContent content = store->poolContent(pool);
    QCOMPARE(content.players.size(), 5);
    QCOMPARE(content.players[0].value(1), QStringLiteral("Ann Archer"));
    const core::SystemResult result = store->poolResult(pool);
    QVERIFY(result.defects.empty());
    QCOMPARE(result.table.columns, expected.table.columns);
    QCOMPARE(result.table.rows, expected.table.rows);
    QCOMPARE(result.history.rows, expected.history.rows);
}

void TestStorePools::deleteGame()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("delete.sqlite")));
    QVERIFY(store);
    const qint64 pool = kingsPoolOfAAndB(*store, {100, 100, 100});
    QVERIFY(store->deletePoolGame(pool, 2).ok());
    const PoolContent content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(2));
    QCOMPARE(content.games[0].number, 1);
    QCOMPARE(content.games[1].number, 3); // numbers are kept
    QVERIFY_THROWS_EXCEPTION(StoreError, store->deletePoolGame(pool, 2));
    // After the deletion the next game is number 4, as a game of the pool, and A has beaten B twice:
    // 1700 -> 1713 (g = 13), then g = clamp(21 + (1487 - 1713)/25) = 21 - 9.04 = 11.96 -> 12: 1725.
    QCOMPARE(cell(store->poolResult(pool).table, QStringLiteral("A"), QStringLiteral("rating")),
             QStringLiteral("1725"));
}

void TestStorePools::editGameKeepsItsPlaceAndRerates()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("edit.sqlite")));
    QVERIFY(store);
    const qint64 pool = kingsPoolOfAAndB(*store, {100, 100});
    // Game 1 corrected: B won it. It stays first: B 1500 beats A 1700: g = 21 + 200/25 = 29 -> A 1671,
    // B 1529; then A beats B: g = clamp(21 + (1529 - 1671)/25) = 21 - 5.68 = 15.32 -> 15: A 1686, B 1514.
    const PoolChange edited = store->replacePoolGame(
        pool, 1, {kingsGame(QStringLiteral("1"), QStringLiteral("B"), 121, QStringLiteral("A"), 100)});
    QVERIFY2(edited.ok(), qPrintable(edited.messages().join(QLatin1Char('\n'))));
    QCOMPARE(edited.game, 1);
    const PoolContent content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(2));
    QCOMPARE(content.games[0].number, 1);
    QCOMPARE(content.games[0].rows[0][2], QStringLiteral("B"));
    QCOMPARE(cell(store->poolResult(pool).table, QStringLiteral("A"), QStringLiteral("rating")),
             QStringLiteral("1686"));
    QCOMPARE(cell(store->poolResult(pool).table, QStringLiteral("B"), QStringLiteral("rating")),
             QStringLiteral("1514"));
    QCOMPARE(queryInteger(temp.filePath(QStringLiteral("edit.sqlite")),
                          "SELECT COUNT(*) FROM audit_log WHERE action = 'pool-edit-game'"),
             1);
    // A correction with a defect writes nothing and names the game.
    const PoolChange refused = store->replacePoolGame(
        pool, 2, {kingsGame(QStringLiteral("2"), QStringLiteral("A"), 121, QStringLiteral("Zed"), 100)});
    QVERIFY(!refused.ok());
    QVERIFY2(refused.defects.front().where.startsWith(QStringLiteral("game 2")),
             qPrintable(refused.defects.front().where));
    QCOMPARE(store->poolContent(pool).games[1].rows[0][4], QStringLiteral("B"));
    QVERIFY_THROWS_EXCEPTION(
        StoreError,
        store->replacePoolGame(
            pool, 7, {kingsGame(QStringLiteral("7"), QStringLiteral("A"), 121, QStringLiteral("B"), 100)}));
}

void TestStorePools::restoredGameTakesItsNumber()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("restore.sqlite")));
    QVERIFY(store);
    const qint64 pool = kingsPoolOfAAndB(*store, {99, 98, 97});
    const QList<QStringList> second = store->poolContent(pool).game(2)->rows;
    QVERIFY(store->deletePoolGame(pool, 2).ok());
    const PoolChange restored = store->restorePoolGame(pool, 2, second);
    QVERIFY(restored.ok());
    const PoolContent content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(3));
    QCOMPARE(content.games[1].number, 2);
    QCOMPARE(content.games[1].rows, second);
    // A number that is taken is refused.
    QVERIFY_THROWS_EXCEPTION(StoreError, store->restorePoolGame(pool, 3, second));
}

void TestStorePools::playersEditedDeletedAndRestored()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("players.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Kings"));
    QCOMPARE(store->addPoolPlayer(pool, kingsPlayerA).playerLine, 1);
    QCOMPARE(store->addPoolPlayer(pool, kingsPlayerB).playerLine, 2);
    const QStringList carol{QStringLiteral("C"), QStringLiteral("Carol"), QString(), QString()};
    QCOMPARE(store->addPoolPlayer(pool, carol).playerLine, 3);
    QVERIFY(store
                ->addPoolGame(pool, {kingsGame(QStringLiteral("1"), QStringLiteral("A"), 121,
                                               QStringLiteral("B"), 100)})
                .ok());
    // A name corrected.
    QStringList renamed = kingsPlayerB;
    renamed[1] = QStringLiteral("Bob Brown");
    QVERIFY(store->replacePoolPlayer(pool, 2, renamed).ok());
    QCOMPARE(store->poolContent(pool).playerName(QStringLiteral("b")), QStringLiteral("Bob Brown"));
    // B plays game 1: B's id cannot change, nor can B be deleted.
    QStringList otherId = renamed;
    otherId[0] = QStringLiteral("BB");
    QVERIFY(!store->replacePoolPlayer(pool, 2, otherId).ok());
    QVERIFY(!store->deletePoolPlayer(pool, 2).ok());
    QCOMPARE(store->poolContent(pool).players.size(), 3);
    // Carol plays nothing: deleted, then put back on her line; a new player takes the next line.
    QVERIFY(store->deletePoolPlayer(pool, 3).ok());
    QCOMPARE(store->poolContent(pool).players.size(), 2);
    QVERIFY(store->restorePoolPlayer(pool, 3, carol).ok());
    const PoolContent content = store->poolContent(pool);
    QCOMPARE(content.playerLines, (QList<int>{1, 2, 3}));
    QCOMPARE(content.players[2][0], QStringLiteral("C"));
    QVERIFY(store->deletePoolPlayer(pool, 1).ok() == false); // A plays game 1
    QCOMPARE(store->addPoolPlayer(pool, {QStringLiteral("D"), QStringLiteral("Dee"), QString(), QString()})
                 .playerLine,
             4);
    QVERIFY_THROWS_EXCEPTION(StoreError, store->restorePoolPlayer(pool, 4, carol));
}

void TestStorePools::sameGameIsFound()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("same.sqlite")));
    QVERIFY(store);
    const qint64 pool = kingsPoolOfAAndB(*store, {100});
    const PoolContent content = store->poolContent(pool);
    // The same game under another id, and with its seats swapped, is the same game.
    QCOMPARE(content.sameGames(
                 {kingsGame(QStringLiteral("2"), QStringLiteral("A"), 121, QStringLiteral("B"), 100)}),
             (QList<int>{1}));
    QCOMPARE(content.sameGames(
                 {kingsGame(QStringLiteral("2"), QStringLiteral("b"), 100, QStringLiteral("a"), 121)}),
             (QList<int>{1}));
    // Another score, another date or the game itself left out: not the same.
    QVERIFY(
        content
            .sameGames({kingsGame(QStringLiteral("2"), QStringLiteral("A"), 121, QStringLiteral("B"), 101)})
            .isEmpty());
    QStringList otherDay = kingsGame(QStringLiteral("2"), QStringLiteral("A"), 121, QStringLiteral("B"), 100);
    otherDay[1] = QStringLiteral("2025-03-02");
    QVERIFY(content.sameGames({otherDay}).isEmpty());
    QVERIFY(content
                .sameGames(
                    {kingsGame(QStringLiteral("1"), QStringLiteral("A"), 121, QStringLiteral("B"), 100)}, 1)
                .isEmpty());
}

void TestStorePools::kingsClubPoolTakesTheDocsExample()
{
    // docs/examples/kc-games.csv holds head-to-head and group games in one file: a club's pool
    // takes both, with the players file, and gives the command line's `kc` table.
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("club.sqlite")));
    QVERIFY(store);
    QVERIFY(core::poolKinds().contains(SystemKind::Kings));
    const qint64 pool = store->createPool(SystemKind::Kings, QStringLiteral("Club"));
    const QByteArray players = readExample(QStringLiteral("kc-players.csv"));
    const QByteArray games = readExample(QStringLiteral("kc-games.csv"));
    QVERIFY(!players.isEmpty() && !games.isEmpty());
    const PoolChange imported = store->importPool(pool, players, QStringLiteral("kc-players.csv"), games,
                                                  QStringLiteral("kc-games.csv"));
    QVERIFY2(imported.ok(), qPrintable(imported.messages().join(QLatin1Char('\n'))));
    core::SystemInput input;
    input.players = players;
    input.hasPlayers = true;
    input.games = games;
    const core::SystemResult direct = core::runSystem(SystemKind::Kings, input);
    QVERIFY(direct.defects.empty());
    QCOMPARE(store->poolResult(pool).table.rows, direct.table.rows);
}

void TestStorePools::secondInstanceIsReadOnly()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("shared.sqlite"));
    auto first = openStore(path);
    QVERIFY(first);
    const qint64 pool = first->createPool(SystemKind::KingsGroup, QStringLiteral("Tables"));
    auto second = openStore(path);
    QVERIFY(second);
    QVERIFY(second->isReadOnly());
    QCOMPARE(second->pools().size(), std::size_t(1));
    try {
        second->addPoolPlayer(pool, {QStringLiteral("A")});
        QFAIL("a read-only store wrote");
    } catch (const StoreError& error) {
        QCOMPARE(error.kind(), StoreError::Kind::ReadOnly);
    }
    QVERIFY_THROWS_EXCEPTION(StoreError, second->createPool(SystemKind::Acf, QStringLiteral("X")));
    QCOMPARE(first->pool(pool)->players, 0);
}

void TestStorePools::exportedKingsTableImportsAsPlayers()
{
    // The ratings table a Kings Cribbage pool exports (`flickdesk-cli kc`'s columns) imports back as
    // a players file: rating, games, group_rating and group_games are the starting record, status
    // (computed) is left out; a column that is neither is still refused, with file, line and name.
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("club.sqlite")));
    QVERIFY(store);
    const qint64 club = store->createPool(SystemKind::Kings, QStringLiteral("Club"));
    QVERIFY(store
                ->importPool(club, readExample(QStringLiteral("kc-players.csv")),
                             QStringLiteral("kc-players.csv"), readExample(QStringLiteral("kc-games.csv")),
                             QStringLiteral("kc-games.csv"))
                .ok());
    const core::SystemTable ladder = store->poolResult(club).table;
    QVERIFY(ladder.columns.contains(QStringLiteral("status")));
    const QByteArray exported = core::tableToCsv(ladder);
    for (const SystemKind kind : {SystemKind::Kings, SystemKind::KingsHeadToHead}) {
        const qint64 next = store->createPool(kind, QStringLiteral("Next %1").arg(core::systemKey(kind)));
        const PoolChange imported = store->importPool(next, exported, QStringLiteral("ladder.csv"), {}, {});
        QVERIFY2(imported.ok(), qPrintable(imported.messages().join(QLatin1Char('\n'))));
        QCOMPARE(imported.playersAdded, 7);
        const PoolContent content = store->poolContent(next);
        QCOMPARE(content.players[0],
                 (QStringList{QStringLiteral("queen"), QStringLiteral("Quinn Queen"), QStringLiteral("2038"),
                              QStringLiteral("81"), QStringLiteral("1956"), QStringLiteral("1")}));
        // With no games the new pool's table is the exported one (the ratings are the record).
        QCOMPARE(cell(store->poolResult(next).table, QStringLiteral("servant"), QStringLiteral("rating")),
                 QStringLiteral("1162"));
    }
    const qint64 odd = store->createPool(SystemKind::Kings, QStringLiteral("Odd"));
    const PoolChange refused = store->importPool(odd, "player_id,name,rating,colour\nx,Xena,1500,red\n",
                                                 QStringLiteral("odd.csv"), {}, {});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.defects.size(), std::size_t(1));
    QCOMPARE(refused.defects[0].where, QStringLiteral("odd.csv line 1"));
    QCOMPARE(refused.defects[0].field, QStringLiteral("colour"));
    QCOMPARE(store->poolContent(odd).players.size(), 0);
}

QTEST_GUILESS_MAIN(TestStorePools)
#include "tst_storepools.moc"
