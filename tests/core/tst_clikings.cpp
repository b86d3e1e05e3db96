// flickdesk-cli kc on the example files of docs/examples (values worked out by hand in
// docs/kings-cribbage.md), the pool scopes of runKingsSystem, and refusal of defective input: exit 2,
// every defect named with file:line: field, and no output file.
#include "clitestsupport.h"
#include "cli/cli.h"
#include "core/systems/systems.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <random>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

// The ratings of the example files, each worked out by hand (docs/kings-cribbage.md, "Worked example"):
//   queen    2100 - 62 (g3: servant wins by 81, 41 x 1.5 = 61.5 -> 62); group 2000 - 44 (g7)
//   lord     1850 + 2 (g2) - 6 (g5: draw with knight, 139/25 = 5.56); group 1700 - 4 (g6)
//   knight   1700 + 13 (g1) + 6 (g5); group 1700 + 16 (g6)
//   commoner 1500 - 13 (g1) - 6 (g4: rated vs provisional, -6 + 13/100 = -5.87); group 1500 - 3 (g7)
//   newbie   1500 + 77 (g4: 0.2 x (1487 - 1500) + 80 = 77.4) - 146 (g8: 0.2 x (1248 - 1577) - 80);
//            group 1500 + 11 (g7)
//   peasant  1250 - 2 (g2) + 9 (g8: 6 + 329/100 = 9.29); group 1500 - 12 (g6)
//   servant  1100 + 62 (g3); group 1300 + 36 (g7)
const QByteArray kExpectedRatings = "player_id,name,rating,games,status,group_rating,group_games\n"
                                    "queen,Quinn Queen,2038,81,rated,1956,1\n"
                                    "lord,Lee Lord,1846,62,rated,1696,21\n"
                                    "knight,Kim Knight,1719,27,rated,1716,13\n"
                                    "commoner,Cam Commoner,1481,32,rated,1497,9\n"
                                    "newbie,Nell Newbie,1431,2,provisional,1511,1\n"
                                    "peasant,Pat Peasant,1257,42,rated,1488,6\n"
                                    "servant,Sam Servant,1162,16,rated,1336,1\n";

const QByteArray kGamesHeader = "game,date,player1,score1,player2,score2,player3,score3,player4,score4\n";

} // namespace

class TestCliKings : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exampleInProcess();
    void exampleAsProcess();
    void exampleWithoutPlayers();
    void historyTable();
    void poolScopes();
    void tiedRatingsByPlayerId();
    void defectiveInput_data();
    void defectiveInput();
    void defectivePlayersFile();
    void unreadablePlayerRowHasNoFollowOns();
    void emptyGamesFileHint();
    void garbageNeverCrashes();
};

void TestCliKings::exampleInProcess()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString output = dir.filePath(QStringLiteral("ratings.csv"));
    const CliRun result =
        run({QStringLiteral("kc"), examplePath(QStringLiteral("kc-games.csv")), QStringLiteral("--players"),
             examplePath(QStringLiteral("kc-players.csv")), QStringLiteral("-o"), output});
    QCOMPARE(result.status, core::cli_exit::ok);
    QVERIFY2(result.err.isEmpty(), qPrintable(result.err));
    QCOMPARE(readBytes(output), kExpectedRatings);
}

void TestCliKings::exampleAsProcess()
{
    QProcess process;
    process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                  {QStringLiteral("kc"), examplePath(QStringLiteral("kc-games.csv")),
                   QStringLiteral("--players"), examplePath(QStringLiteral("kc-players.csv"))});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(process.readAllStandardOutput(), kExpectedRatings);
}

void TestCliKings::exampleWithoutPlayers()
{
    // Without a players file everyone starts at 1500, provisional, with 0 games (DECISIONS K2), and
    // two provisional players use the standard formula: g1 knight beats commoner at 1500 each: +21.
    core::SystemInput input;
    input.games = readBytes(examplePath(QStringLiteral("kc-games.csv")));
    const core::SystemResult result = core::runSystem(core::SystemKind::Kings, input);
    QVERIFY(result.defects.empty());
    QCOMPARE(result.table.rows.size(), 7);
    for (const QStringList& row : result.table.rows) {
        QCOMPARE(row[1], QString()); // no names without a players file
        QCOMPARE(row[4], QStringLiteral("provisional"));
    }
    QCOMPARE(result.history.rows.first(),
             (QStringList{QStringLiteral("knight"), QStringLiteral("g1"), QStringLiteral("2026-03-01"),
                          QStringLiteral("head-to-head"), QStringLiteral("1"), QStringLiteral("1"),
                          QStringLiteral("121"), QStringLiteral("commoner"), QStringLiteral("1500"),
                          QStringLiteral("21"), QStringLiteral("1521")}));
}

void TestCliKings::historyTable()
{
    core::SystemInput input;
    input.games = readBytes(examplePath(QStringLiteral("kc-games.csv")));
    input.players = readBytes(examplePath(QStringLiteral("kc-players.csv")));
    input.hasPlayers = true;
    const core::SystemResult result = core::runSystem(core::SystemKind::Kings, input);
    QVERIFY(result.defects.empty());
    QCOMPARE(
        result.history.columns,
        (QStringList{QStringLiteral("player_id"), QStringLiteral("game"), QStringLiteral("date"),
                     QStringLiteral("kind"), QStringLiteral("seat"), QStringLiteral("place"),
                     QStringLiteral("score"), QStringLiteral("opponents"), QStringLiteral("rating_before"),
                     QStringLiteral("change"), QStringLiteral("rating_after")}));
    // 6 head-to-head games x 2 + 3 + 4 group entries.
    QCOMPARE(result.history.rows.size(), 19);
    QStringList newbie;
    for (const QStringList& row : result.history.rows)
        if (row[0] == QStringLiteral("newbie"))
            newbie << row.mid(1).join(u',');
    // g4 and g8 by hand (see kExpectedRatings); g7: the 4-player game, second place, +11.
    QCOMPARE(newbie,
             (QStringList{QStringLiteral("g4,2026-03-02,head-to-head,1,1,121,commoner,1500,77,1577"),
                          QStringLiteral("g7,2026-03-03,group,4,2,110,commoner;queen;servant,1500,11,1511"),
                          QStringLiteral("g8,2026-03-04,head-to-head,1,2,118,peasant,1577,-146,1431")}));
}

void TestCliKings::poolScopes()
{
    core::SystemInput input;
    input.games = readBytes(examplePath(QStringLiteral("kc-games.csv")));
    input.gamesFile = QStringLiteral("kc-games.csv");
    // A head-to-head pool refuses the group games g6 and g7 (lines 7 and 8).
    const core::SystemResult headToHead = core::runSystem(core::SystemKind::KingsHeadToHead, input);
    QCOMPARE(headToHead.defects.size(), std::size_t(2));
    QCOMPARE(headToHead.defects[0].source.line, 7);
    QCOMPARE(headToHead.defects[1].source.line, 8);
    QVERIFY(headToHead.table.rows.isEmpty());
    // A group pool refuses the six head-to-head games.
    const core::SystemResult group = core::runSystem(core::SystemKind::KingsGroup, input);
    QCOMPARE(group.defects.size(), std::size_t(6));
    QCOMPARE(group.defects[0].field, std::string("player3"));

    // The group games alone in a group pool: the table is sorted by group rating and has only the
    // group columns (g6 and g7 at 1500 each: see docs/kings-cribbage.md for the 4-player game).
    input.games = kGamesHeader + "g6,2026-03-03,knight,121,lord,100,peasant,90,,\n";
    const core::SystemResult alone = core::runSystem(core::SystemKind::KingsGroup, input);
    QVERIFY(alone.defects.empty());
    QCOMPARE(alone.table.columns,
             (QStringList{QStringLiteral("player_id"), QStringLiteral("name"), QStringLiteral("group_rating"),
                          QStringLiteral("group_games")}));
    // All at 1500, knight follows peasant: knight over lord 21/2 -> 11, over peasant 21/2 -> 11
    // plus round(0/2); lord over peasant 11: knight +22, lord 0, peasant -22.
    QCOMPARE(alone.table.rows.size(), 3);
    QCOMPARE(alone.table.rows[0].join(u','), QStringLiteral("knight,,1522,1"));
    QCOMPARE(alone.table.rows[1].join(u','), QStringLiteral("lord,,1500,1"));
    QCOMPARE(alone.table.rows[2].join(u','), QStringLiteral("peasant,,1478,1"));
}

void TestCliKings::tiedRatingsByPlayerId()
{
    // Equal ratings are listed by player id in the order of every table (as acf and squares do):
    // whole-number ids by number (9 before 10, though "10" < "9" as text), then the others as text.
    // Nobody plays, so everyone keeps the rating of the players file; the group table too.
    core::SystemInput input;
    input.players = "player_id,name,rating,games,group_rating,group_games\n"
                    "p2,,1500,30,1500,8\n"
                    "10,,1500,30,1500,8\n"
                    "9,,1500,30,1500,8\n"
                    "p10,,1500,30,1500,8\n";
    input.hasPlayers = true;
    input.games = kGamesHeader;
    const core::SystemResult result = core::runSystem(core::SystemKind::Kings, input);
    QVERIFY(result.defects.empty());
    QCOMPARE(tableToCsv(result.table),
             QByteArray("player_id,name,rating,games,status,group_rating,group_games\n"
                        "9,,1500,30,rated,1500,8\n"
                        "10,,1500,30,rated,1500,8\n"
                        "p10,,1500,30,rated,1500,8\n"
                        "p2,,1500,30,rated,1500,8\n"));
    const core::SystemResult group = core::runSystem(core::SystemKind::KingsGroup, input);
    QVERIFY(group.defects.empty());
    QCOMPARE(tableToCsv(group.table), QByteArray("player_id,name,group_rating,group_games\n"
                                                 "9,,1500,8\n"
                                                 "10,,1500,8\n"
                                                 "p10,,1500,8\n"
                                                 "p2,,1500,8\n"));
}

void TestCliKings::defectiveInput_data()
{
    QTest::addColumn<QByteArray>("rows");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    // Line 1 is the header; the players file lists ann, bob, cat, dan, eve.
    QTest::newRow("one player") << QByteArray("g1,2026-03-01,ann,121,,,,,,\n") << 2
                                << QStringLiteral("player2") << QStringLiteral("at least 2 players");
    QTest::newRow("no player") << QByteArray("g1,2026-03-01,,,,,,,,\n") << 2 << QStringLiteral("player1")
                               << QStringLiteral("at least 2 players");
    QTest::newRow("unknown player")
        << QByteArray("g1,2026-03-01,ann,121,bob,90,,,,\ng2,2026-03-02,ann,121,zed,90,,,,\n") << 3
        << QStringLiteral("player2") << QStringLiteral("no player zed");
    QTest::newRow("player twice") << QByteArray("g1,2026-03-01,ann,121,bob,90,ann,80,,\n") << 2
                                  << QStringLiteral("player3") << QStringLiteral("also player1");
    QTest::newRow("bad score") << QByteArray("g1,2026-03-01,ann,121,bob,ninety,,,,\n") << 2
                               << QStringLiteral("score2") << QStringLiteral("'ninety' is not a score");
    QTest::newRow("negative score") << QByteArray("g1,2026-03-01,ann,-5,bob,90,,,,\n") << 2
                                    << QStringLiteral("score1") << QStringLiteral("'-5' is not a score");
    QTest::newRow("empty score") << QByteArray("g1,2026-03-01,ann,121,bob,,,,,\n") << 2
                                 << QStringLiteral("score2") << QStringLiteral("empty");
    QTest::newRow("duplicate game")
        << QByteArray("g1,2026-03-01,ann,121,bob,90,,,,\ng1,2026-03-02,ann,121,bob,90,,,,\n") << 3
        << QStringLiteral("game") << QStringLiteral("listed twice (line 2 and line 3)");
    QTest::newRow("bad date") << QByteArray("g1,2026-02-30,ann,121,bob,90,,,,\n") << 2
                              << QStringLiteral("date") << QStringLiteral("not a date");
    QTest::newRow("gap in seats") << QByteArray("g1,2026-03-01,ann,121,bob,90,,,cat,80\n") << 2
                                  << QStringLiteral("player4") << QStringLiteral("without gaps");
    QTest::newRow("tie in a group game") << QByteArray("g1,2026-03-01,ann,121,bob,90,cat,90,,\n") << 2
                                         << QStringLiteral("score3") << QStringLiteral("tied with player2");
    QTest::newRow("score without player")
        << QByteArray("g1,2026-03-01,ann,121,bob,90,,45,,\n") << 2 << QStringLiteral("score3")
        << QStringLiteral("a score without a player");
}

void TestCliKings::defectiveInput()
{
    QFETCH(QByteArray, rows);
    QFETCH(int, line);
    QFETCH(QString, field);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    const QString players = dir.filePath(QStringLiteral("players.csv"));
    const QString output = dir.filePath(QStringLiteral("out.csv"));
    QVERIFY(writeFile(games, kGamesHeader + rows));
    QVERIFY(writeFile(players, "player_id,name\nann,Ann\nbob,Bob\ncat,Cat\ndan,Dan\neve,Eve\n"));
    const CliRun result = run(
        {QStringLiteral("kc"), games, QStringLiteral("--players"), players, QStringLiteral("-o"), output});
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    const QString where = QStringLiteral("%1:%2: %3: ").arg(games).arg(line).arg(field);
    QVERIFY2(result.err.contains(where), qPrintable(result.err));
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
    QVERIFY(result.err.contains(QStringLiteral("no ratings computed")));
    QVERIFY(!QFileInfo::exists(output));
}

void TestCliKings::defectivePlayersFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    const QString players = dir.filePath(QStringLiteral("players.csv"));
    const QString output = dir.filePath(QStringLiteral("out.csv"));
    QVERIFY(writeFile(games, kGamesHeader + "g1,2026-03-01,ann,121,bob,90,,,,\n"));
    QVERIFY(writeFile(players, "player_id,name,rating,games,group_rating,group_games\n"
                               "ann,Ann,fast,,,\n"
                               "bob,Bob,1500,ten,,\n"
                               "ann,Ann again,,,,\n"));
    const CliRun result = run(
        {QStringLiteral("kc"), games, QStringLiteral("--players"), players, QStringLiteral("-o"), output});
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY2(result.err.contains(QStringLiteral("%1:2: rating: ").arg(players)), qPrintable(result.err));
    QVERIFY2(result.err.contains(QStringLiteral("%1:3: games: ").arg(players)), qPrintable(result.err));
    QVERIFY2(result.err.contains(QStringLiteral("%1:4: player_id: ").arg(players)), qPrintable(result.err));
    // Exactly these three: ann and bob are still known, so g1 names no unknown player.
    QVERIFY2(!result.err.contains(QStringLiteral("no player")), qPrintable(result.err));
    QVERIFY(result.err.contains(QStringLiteral("3 defects")));
    QVERIFY(!QFileInfo::exists(output));
}

void TestCliKings::unreadablePlayerRowHasNoFollowOns()
{
    // A players file saved in Latin-1: the name on line 2 is refused (not UTF-8), and that is the only
    // defect of k1: k1, whose row could not be read, is not also "no player k1" in the games file.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    const QString players = dir.filePath(QStringLiteral("players.csv"));
    const QString output = dir.filePath(QStringLiteral("out.csv"));
    QVERIFY(writeFile(games, kGamesHeader + "g1,2026-03-01,k1,121,k2,90,,,,\n"
                                            "g2,2026-03-02,k2,121,k3,90,,,,\n"));
    QVERIFY(writeFile(players, "player_id,name\nk1,Ren\xe9 Fran\xe7ois\nk2,Kim\n"));
    const CliRun result = runProcess(
        {QStringLiteral("kc"), games, QStringLiteral("--players"), players, QStringLiteral("-o"), output});
    QCOMPARE(result.status, int(core::cli_exit::inputDefects));
    QVERIFY2(result.err.contains(QStringLiteral("%1:2: name: ").arg(players)), qPrintable(result.err));
    QVERIFY2(result.err.contains(QStringLiteral("not valid UTF-8")), qPrintable(result.err));
    QVERIFY2(!result.err.contains(QStringLiteral("no player k1")), qPrintable(result.err));
    // k3 is truly missing: still reported.
    QVERIFY2(result.err.contains(QStringLiteral("%1:3: player2: ").arg(games)), qPrintable(result.err));
    QVERIFY2(result.err.contains(QStringLiteral("no player k3")), qPrintable(result.err));
    QVERIFY2(result.err.contains(QStringLiteral("2 defects")), qPrintable(result.err));
    QVERIFY(!QFileInfo::exists(output));

    // An id listed again after its unreadable row is still listed twice.
    QVERIFY(writeFile(players, "player_id,name\nk1,Ren\xe9\nk2,Kim\nk1,Rene\nk3,Cat\n"));
    const CliRun twice = run(
        {QStringLiteral("kc"), games, QStringLiteral("--players"), players, QStringLiteral("-o"), output});
    QCOMPARE(twice.status, core::cli_exit::inputDefects);
    QVERIFY2(twice.err.contains(QStringLiteral("%1:4: player_id: ").arg(players)), qPrintable(twice.err));
    QVERIFY2(twice.err.contains(QStringLiteral("listed twice (line 2 and line 4)")), qPrintable(twice.err));
    QVERIFY2(!twice.err.contains(QStringLiteral("no player")), qPrintable(twice.err));
}

void TestCliKings::emptyGamesFileHint()
{
    // The hint for an empty games file proposes the columns of docs/kings-cribbage.md: four seats,
    // never a fifth (a fifth player is a defect).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    QVERIFY(writeFile(games, ""));
    const CliRun result = runProcess({QStringLiteral("kc"), games});
    QCOMPARE(result.status, int(core::cli_exit::inputDefects));
    QVERIFY2(result.err.contains(QStringLiteral("%1:1: the file is empty").arg(games)),
             qPrintable(result.err));
    QVERIFY2(result.err.contains(QString::fromLatin1(kGamesHeader.trimmed())), qPrintable(result.err));
    QVERIFY2(!result.err.contains(QStringLiteral("player5")), qPrintable(result.err));
    QVERIFY2(!result.err.contains(QStringLiteral("score5")), qPrintable(result.err));
}

void TestCliKings::garbageNeverCrashes()
{
    // Rows cut and spliced from valid and invalid fragments: every run ends with either defects or a
    // table, never a crash. The fragments cover the value kinds the reader checks.
    const QList<QByteArray> fragments{"g1", "2026-03-01", "ann", "bob",         "cat", "dan", "121",
                                      "0",  "-1",         "",    "99999999999", "\"",  "a,b", "2026-13-01",
                                      "\n", " ",          "eve", "120",         "ann"};
    std::mt19937 random(99);
    std::uniform_int_distribution<qsizetype> pick(0, fragments.size() - 1);
    std::uniform_int_distribution<int> width(0, 12);
    std::uniform_int_distribution<int> height(0, 8);
    int tables = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        QByteArray games = trial % 2 == 0 ? kGamesHeader : QByteArray();
        for (int row = height(random); row > 0; --row) {
            QByteArrayList fields;
            for (int column = width(random); column > 0; --column)
                fields << fragments[pick(random)];
            games += fields.join(',') + '\n';
        }
        core::SystemInput input;
        input.games = games;
        input.players = "player_id,name\nann,Ann\nbob,Bob\ncat,Cat\n";
        input.hasPlayers = trial % 3 == 0;
        const core::SystemResult result = core::runSystem(core::SystemKind::Kings, input);
        QVERIFY(!result.defects.empty() || !result.table.columns.isEmpty());
        QVERIFY(result.defects.empty() || result.table.rows.isEmpty());
        tables += result.defects.empty() ? 1 : 0;
    }
    // Some inputs are valid (a header and no rows at least).
    QVERIFY(tables > 0);
}

QTEST_GUILESS_MAIN(TestCliKings)
#include "tst_clikings.moc"
