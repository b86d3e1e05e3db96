// flickdesk-cli squares (spec 002; DECISIONS S1-S5): the standings of docs/examples against values
// worked out by hand, the history table, and bad input: exit 2, every defect naming file, line and
// field, and no output file.

#include "clitestsupport.h"
#include "cli/cli.h"
#include "core/systems/systems.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <vector>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

// The standings of docs/examples/squares-games.csv, worked out by hand (docs/squares.md shows the
// working):
//   R1 is a solo by 1 (18): 1 scores 100, everyone else 0; 2, 3, 4 survive (loss), 5, 6, 7 are out.
//   R2 is a draw, 12, 10, 6, 4, 2, 0, 0 centres: Σc² = 144 + 100 + 36 + 16 + 4 = 300, so 8 scores
//   48, 9 33.33, 10 12, 1 5.33, 2 1.33.
//   R3 is a draw, 10, 10, 8, 6, 0, 0, 0: Σc² = 100 + 100 + 64 + 36 = 300, so 5 and 6 score 33.33,
//   7 21.33, 8 12.
//   Totals: 1 105.33, 8 60, 5 / 6 / 9 33.33 each (exactly 100/3), 7 21.33, 10 12, 2 1.33, 3 and 4 0.
//   Drawn games played (S5: R2 and R3, counting the players eliminated in them; R1 is a solo):
//   8, 9, 10 and 3 played both, everyone else one (1, 2, 4 R2; 5, 6, 7 R3).
//   9 (out in R3, a drawn game all the same) has 2 drawn games, 5 and 6 one: 9 is first of the
//   three and 5 below it at "draws". 5 and 6 share R3 (equal 1st of 2) as their best; their second
//   game is R1, where both are out: 5 in 1906, 6 in 1904 (S4), so 6 is below 5 at "second".
//   3 and 4 score 0 with no wins: 3 was eliminated in two drawn games (R2, R3), 4 in one (R2), so 4
//   is below 3 at "draws".
const char* const kExpectedStandings[] = {
    "rank,player_id,name,total,games,wins,draws,best,second,third,tie_break",
    "1,1,Ana Kovac,105.33,2,1,1,100.00,5.33,,",
    "2,8,Hamish Reid,60.00,2,0,2,48.00,12.00,,total",
    "3,9,Ines Duarte,33.33,2,0,2,33.33,0.00,,total",
    "4,5,Erin O'Neill,33.33,2,0,1,33.33,0.00,,draws",
    "5,6,Felix Braun,33.33,2,0,1,33.33,0.00,,second",
    "6,7,Grace Liu,21.33,2,0,1,21.33,0.00,,total",
    "7,10,Jonah Cole,12.00,2,0,2,12.00,0.00,,total",
    "8,2,Ben Walsh,1.33,2,0,1,1.33,0.00,,total",
    "9,3,Chloe Martin,0.00,3,0,2,0.00,0.00,0.00,total",
    "10,4,Dev Patel,0.00,2,0,1,0.00,0.00,,draws",
};

QStringList expectedStandings(bool withNames)
{
    QStringList result;
    for (const char* line : kExpectedStandings) {
        QString text = QString::fromUtf8(line);
        if (!withNames && !text.startsWith(u"rank")) {
            QStringList fields = text.split(u',');
            fields[2].clear();
            text = fields.join(u',');
        }
        result << text;
    }
    return result;
}

const char* const kGamesHeader = "game,round,player_id,power,centres,eliminated_year\n";

} // namespace

class TestCliSquares : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exampleStandings();
    void exampleStandingsWithoutPlayers();
    void exampleHistory();
    void pointsRoundTheExactFractions();
    void totalRoundsTheExactSum();
    void equalPlayersByPlayerId();
    void executableExitStatus();
    void badInput_data();
    void badInput();
    void columns();
    void takesNoDatabase_data();
    void takesNoDatabase();
};

void TestCliSquares::exampleStandings()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString output = dir.filePath(QStringLiteral("standings.csv"));
    const CliRun result =
        run({QStringLiteral("squares"), examplePath(QStringLiteral("squares-games.csv")),
             QStringLiteral("--players"), examplePath(QStringLiteral("squares-players.csv")),
             QStringLiteral("-o"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QCOMPARE(nonEmptyLines(QString::fromUtf8(readBytes(output))), expectedStandings(true));
}

void TestCliSquares::exampleStandingsWithoutPlayers()
{
    // Without --players the names are empty and the standings the same.
    const CliRun result = run({QStringLiteral("squares"), examplePath(QStringLiteral("squares-games.csv"))});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QCOMPARE(nonEmptyLines(result.out), expectedStandings(false));
}

void TestCliSquares::exampleHistory()
{
    core::SystemInput input;
    input.games = readBytes(examplePath(QStringLiteral("squares-games.csv")));
    input.players = readBytes(examplePath(QStringLiteral("squares-players.csv")));
    input.hasPlayers = true;
    QVERIFY(!input.games.isEmpty());
    const core::SystemResult result = core::runSystem(core::SystemKind::Squares, input);
    QVERIFY(result.defects.empty());
    QCOMPARE(
        result.history.columns,
        QStringList({QStringLiteral("player_id"), QStringLiteral("game"), QStringLiteral("round"),
                     QStringLiteral("power"), QStringLiteral("centres"), QStringLiteral("eliminated_year"),
                     QStringLiteral("class"), QStringLiteral("position"), QStringLiteral("score")}));
    QCOMPARE(result.history.rows.size(), 21); // 3 games of 7
    QStringList ofPlayer3;
    for (const QStringList& row : result.history.rows) {
        if (row.front() == QStringLiteral("3"))
            ofPlayer3 << row.join(u',');
    }
    // Player 3 by hand: survived R1's solo with 5 centres (a loss, 3rd behind 18 and 9); out in
    // 1907 in R2 (equal 6th of 2 behind five survivors); out in 1903 in R3 (equal 5th of 3).
    QCOMPARE(ofPlayer3, QStringList({QStringLiteral("3,R1,1,Germany,5,,loss,3,0.00"),
                                     QStringLiteral("3,R2,2,England,0,1907,elimination,=6,0.00"),
                                     QStringLiteral("3,R3,3,Turkey,0,1903,elimination,=5,0.00")}));
    // 8 in R2: 144/300 of 100 = 48, outright 1st of a draw.
    QVERIFY(result.history.rows.contains(
        QStringList({QStringLiteral("8"), QStringLiteral("R2"), QStringLiteral("2"), QStringLiteral("Russia"),
                     QStringLiteral("12"), QString(), QStringLiteral("draw"), QStringLiteral("1"),
                     QStringLiteral("48.00")})));
    // 1 in R1: the solo.
    QVERIFY(result.history.rows.contains(
        QStringList({QStringLiteral("1"), QStringLiteral("R1"), QStringLiteral("1"), QStringLiteral("France"),
                     QStringLiteral("18"), QString(), QStringLiteral("win"), QStringLiteral("1"),
                     QStringLiteral("100.00")})));
}

void TestCliSquares::pointsRoundTheExactFractions()
{
    // G1: 6, 10, 3, 2, 1 centres, Σc² = 36 + 100 + 9 + 4 + 1 = 150: P 3600/150 = 24, A 10000/150 =
    // 66.666.., B 900/150 = 6, C 400/150 = 2.666.., D 100/150 = 0.666...
    // G2: 1, 5, 2, 1, 1 centres, Σc² = 1 + 25 + 4 + 1 + 1 = 32: P 100/32 = 25/8 = 3.125, A 2500/32 =
    // 78.125, B 400/32 = 12.5, C and D 3.125.
    // Totals: A 200/3 + 625/8 = 3475/24 = 144.7916..; P 24 + 25/8 = 217/8 = 27.125; B 18.5;
    // C 8/3 + 25/8 = 139/24 = 5.7916..; D 2/3 + 25/8 = 91/24 = 3.7916...
    // Printed half away from zero from the exact fractions: 3.125 is 3.13, 27.125 is 27.13 and
    // 78.125 is 78.13 (the doubles 27.125 and 78.125 are exact binary ties that printf sends down).
    // All games are draws; the ranks follow the totals.
    core::SystemInput input;
    input.games = QByteArray(kGamesHeader) + "G1,1,P,France,6,\n"
                                             "G1,1,A,England,10,\n"
                                             "G1,1,B,Germany,3,\n"
                                             "G1,1,C,Italy,2,\n"
                                             "G1,1,D,Russia,1,\n"
                                             "G2,2,P,France,1,\n"
                                             "G2,2,A,England,5,\n"
                                             "G2,2,B,Germany,2,\n"
                                             "G2,2,C,Italy,1,\n"
                                             "G2,2,D,Russia,1,\n";
    const core::SystemResult result = core::runSystem(core::SystemKind::Squares, input);
    QVERIFY(result.defects.empty());
    QCOMPARE(
        QString::fromUtf8(tableToCsv(result.table)).split(u'\n', Qt::SkipEmptyParts),
        QStringList({QStringLiteral("rank,player_id,name,total,games,wins,draws,best,second,third,tie_break"),
                     QStringLiteral("1,A,,144.79,2,0,2,78.13,66.67,,"),
                     QStringLiteral("2,P,,27.13,2,0,2,24.00,3.13,,total"),
                     QStringLiteral("3,B,,18.50,2,0,2,12.50,6.00,,total"),
                     QStringLiteral("4,C,,5.79,2,0,2,3.13,2.67,,total"),
                     QStringLiteral("5,D,,3.79,2,0,2,3.13,0.67,,total")}));
    QStringList scoresOfP;
    for (const QStringList& row : result.history.rows) {
        if (row.front() == QStringLiteral("P"))
            scoresOfP << row.back();
    }
    QCOMPARE(scoresOfP, QStringList({QStringLiteral("24.00"), QStringLiteral("3.13")}));
}

void TestCliSquares::totalRoundsTheExactSum()
{
    // P plays three seven-power draws:
    //   G1: 5 of 5, 2, 3, 5, 5, 6, 6 centres, Σc² = 25 + 4 + 9 + 25 + 25 + 36 + 36 = 160: 2500/160 = 125/8
    //   G2: 4 of 4, 3, 5, 5, 5, 5, 5, Σc² = 16 + 9 + 5 x 25 = 150: 1600/150 = 32/3
    //   G3: 1 of 1, 1, 4, 4, 5, 5, 6, Σc² = 1 + 1 + 16 + 16 + 25 + 25 + 36 = 120: 100/120 = 5/6
    // Total 125/8 + 32/3 + 5/6 = (375 + 256 + 20) / 24 = 651/24 = 217/8 = 27.125 exactly: 27.13. In
    // doubles, summed best game first, it is 27.124999999999996, which printed 27.12.
    // Scores: 15.625 -> 15.63, 10.666.. -> 10.67, 0.833.. -> 0.83.
    QByteArray games = kGamesHeader;
    const char* const powers[] = {"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"};
    const std::vector<std::vector<int>> boards = {
        {5, 2, 3, 5, 5, 6, 6}, {4, 3, 5, 5, 5, 5, 5}, {1, 1, 4, 4, 5, 5, 6}};
    for (std::size_t g = 0; g < boards.size(); ++g) {
        for (std::size_t seat = 0; seat < boards[g].size(); ++seat) {
            const QByteArray player =
                seat == 0 ? QByteArray("P") : "x" + QByteArray::number(int(g * 10 + seat));
            games += "G" + QByteArray::number(int(g + 1)) + ',' + QByteArray::number(int(g + 1)) + ',' +
                     player + ',' + powers[seat] + ',' + QByteArray::number(boards[g][seat]) + ",\n";
        }
    }
    core::SystemInput input;
    input.games = games;
    const core::SystemResult result = core::runSystem(core::SystemKind::Squares, input);
    QVERIFY(result.defects.empty());
    QStringList rowOfP;
    for (const QStringList& row : result.table.rows) {
        if (row.at(1) == QStringLiteral("P"))
            rowOfP = row.mid(3, 7);
    }
    // total, games, wins, draws, best, second, third
    QCOMPARE(rowOfP, QStringList({QStringLiteral("27.13"), QStringLiteral("3"), QStringLiteral("0"),
                                  QStringLiteral("3"), QStringLiteral("15.63"), QStringLiteral("10.67"),
                                  QStringLiteral("0.83")}));
}

void TestCliSquares::equalPlayersByPlayerId()
{
    // Four powers with 5 centres each: everyone scores 25, equal 1st of 4, and nothing splits them:
    // one shared rank, listed by player id in the order of every table (as acf and kc list equal
    // ratings): whole-number ids by number (9 before 10, though "10" < "9" as text), then the others
    // as text.
    core::SystemInput input;
    input.games = QByteArray(kGamesHeader) + "G1,1,p2,France,5,\n"
                                             "G1,1,10,England,5,\n"
                                             "G1,1,9,Germany,5,\n"
                                             "G1,1,p10,Italy,5,\n";
    const core::SystemResult result = core::runSystem(core::SystemKind::Squares, input);
    QVERIFY(result.defects.empty());
    QStringList order;
    for (const QStringList& row : result.table.rows)
        order << row.at(0) + QLatin1Char(' ') + row.at(1);
    QCOMPARE(order, QStringList({QStringLiteral("1 9"), QStringLiteral("1 10"), QStringLiteral("1 p10"),
                                 QStringLiteral("1 p2")}));
}

void TestCliSquares::executableExitStatus()
{
    // The real executable: 0 on the example, 2 on a game with one player.
    QProcess process;
    process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                  {QStringLiteral("squares"), examplePath(QStringLiteral("squares-games.csv"))});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(nonEmptyLines(QString::fromUtf8(process.readAllStandardOutput())), expectedStandings(false));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    QVERIFY(writeFile(games, QByteArray(kGamesHeader) + "G1,1,1,France,10,\n"));
    process.start(QStringLiteral(FLICKDESK_CLI_PATH), {QStringLiteral("squares"), games});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), core::cli_exit::inputDefects);
    QVERIFY(QString::fromUtf8(process.readAllStandardError())
                .contains(games + QStringLiteral(":2: game: game G1: one player")));
}

void TestCliSquares::badInput_data()
{
    QTest::addColumn<QByteArray>("games");
    QTest::addColumn<QByteArray>("players"); // empty: no --players
    // What the error stream must contain, "FILE" standing for the games file, "PLAYERS" for the
    // players file: file, line and field.
    QTest::addColumn<QString>("expected");

    const QByteArray ok = "G1,1,1,France,10,\nG1,1,2,England,8,\n"; // lines 2 and 3
    const QByteArray header(kGamesHeader);
    QTest::newRow("negative centres")
        << header + ok + "G1,1,3,Italy,-2,\n"
        << QByteArray() << QStringLiteral("FILE:4: centres: game G1: '-2' is negative");
    QTest::newRow("centres over 34") << header + ok + "G1,1,3,Italy,35,\n"
                                     << QByteArray()
                                     << QStringLiteral(
                                            "FILE:4: centres: game G1: 35 centres; the board has 34");
    QTest::newRow("centres not a number")
        << header + ok + "G1,1,3,Italy,ten,\n"
        << QByteArray() << QStringLiteral("FILE:4: centres: game G1: 'ten' is not a number");
    QTest::newRow("board over 34") << header + ok + "G1,1,3,Italy,17,\n"
                                   << QByteArray()
                                   << QStringLiteral("FILE:2: centres: game G1: the powers hold 35 centres");
    QTest::newRow("two solos") << header + "G1,1,1,France,18,\nG1,1,2,England,18,\n"
                               << QByteArray()
                               << QStringLiteral("FILE:3: centres: game G1: a second power with 18");
    QTest::newRow("year on a survivor")
        << header + ok + "G1,1,3,Italy,3,1905\n"
        << QByteArray() << QStringLiteral("FILE:4: eliminated_year: game G1: a power holding 3");
    QTest::newRow("year missing") << header + ok + "G1,1,3,Italy,0,\n"
                                  << QByteArray()
                                  << QStringLiteral(
                                         "FILE:4: eliminated_year: game G1: a power with 0 centres");
    QTest::newRow("year before 1901")
        << header + ok + "G1,1,3,Italy,0,1899\n"
        << QByteArray() << QStringLiteral("FILE:4: eliminated_year: game G1: '1899' is not a year");
    QTest::newRow("power twice") << header + ok + "G1,1,3,France,3,\n"
                                 << QByteArray()
                                 << QStringLiteral("FILE:4: power: game G1: France is played twice");
    QTest::newRow("unknown power") << header + ok + "G1,1,3,Prussia,3,\n"
                                   << QByteArray()
                                   << QStringLiteral("FILE:4: power: game G1: 'Prussia' is not a power");
    QTest::newRow("player twice") << header + ok + "G1,1,2,Italy,3,\n"
                                  << QByteArray()
                                  << QStringLiteral("FILE:4: player_id: game G1: player 2 plays twice");
    QTest::newRow("one player") << header + ok + "G2,1,3,Italy,3,\n"
                                << QByteArray() << QStringLiteral("FILE:4: game: game G2: one player (3)");
    QTest::newRow("round disagrees") << header + ok + "G1,2,3,Italy,3,\n"
                                     << QByteArray()
                                     << QStringLiteral("FILE:4: round: game G1: round 2, but line 2");
    // A round at odds with the game's does not hide the game's own defects: both in one reading.
    QTest::newRow("round disagrees and power twice")
        << header + ok + "G1,2,3,France,3,\n"
        << QByteArray() << QStringLiteral("FILE:4: power: game G1: France is played twice");
    QTest::newRow("missing column") << QByteArray("game,round,player_id,power\nG1,1,1,France\n")
                                    << QByteArray() << QStringLiteral("FILE:1: centres: missing column");
    QTest::newRow("unknown player") << header + ok + "G1,1,99,Italy,3,\n"
                                    << QByteArray("player_id,name\n1,One\n2,Two\n")
                                    << QStringLiteral("FILE:4: player_id: game G1: unknown player '99'");
    // An unknown player does not hide the game's own defects.
    QTest::newRow("unknown player alone in a game")
        << header + ok + "G2,1,99,Italy,3,\n"
        << QByteArray("player_id,name\n1,One\n2,Two\n")
        << QStringLiteral("FILE:4: game: game G2: one player (99)");
    QTest::newRow("player listed twice") << header + ok << QByteArray("player_id,name\n1,One\n2,Two\n1,Uno\n")
                                         << QStringLiteral("PLAYERS:4: player_id: player 1 is listed twice");
}

void TestCliSquares::badInput()
{
    QFETCH(QByteArray, games);
    QFETCH(QByteArray, players);
    QFETCH(QString, expected);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString gamesFile = dir.filePath(QStringLiteral("games.csv"));
    const QString playersFile = dir.filePath(QStringLiteral("players.csv"));
    const QString output = dir.filePath(QStringLiteral("standings.csv"));
    QVERIFY(writeFile(gamesFile, games));
    QStringList args{QStringLiteral("squares"), gamesFile, QStringLiteral("-o"), output};
    if (!players.isEmpty()) {
        QVERIFY(writeFile(playersFile, players));
        args << QStringLiteral("--players") << playersFile;
    }
    const CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    expected.replace(QStringLiteral("PLAYERS"), playersFile).replace(QStringLiteral("FILE"), gamesFile);
    QVERIFY2(result.err.contains(expected),
             qPrintable(QStringLiteral("expected '%1' in:\n%2").arg(expected, result.err)));
    QVERIFY(result.err.contains(QStringLiteral("no standings computed")));
    QVERIFY(!QFile::exists(output));
    QVERIFY(result.out.isEmpty());
}

void TestCliSquares::columns()
{
    QCOMPARE(
        core::systemGameColumns(core::SystemKind::Squares),
        QStringList({QStringLiteral("game"), QStringLiteral("round"), QStringLiteral("player_id"),
                     QStringLiteral("power"), QStringLiteral("centres"), QStringLiteral("eliminated_year")}));
    QCOMPARE(core::systemPlayerColumns(core::SystemKind::Squares),
             QStringList({QStringLiteral("player_id"), QStringLiteral("name")}));
}

// acf, kc and squares read only their files: --db is a usage error, and their help does not offer it.
void TestCliSquares::takesNoDatabase_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("games");
    QTest::newRow("acf") << QStringLiteral("acf") << QStringLiteral("acf-games.csv");
    QTest::newRow("kc") << QStringLiteral("kc") << QStringLiteral("kc-games.csv");
    QTest::newRow("squares") << QStringLiteral("squares") << QStringLiteral("squares-games.csv");
}

void TestCliSquares::takesNoDatabase()
{
    QFETCH(QString, command);
    QFETCH(QString, games);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString database = dir.filePath(QStringLiteral("never.sqlite"));
    const CliRun before = run({QStringLiteral("--db"), database, command, examplePath(games)});
    QCOMPARE(before.status, core::cli_exit::usage);
    QVERIFY2(before.err.contains(QStringLiteral("%1 does not use a database").arg(command)),
             qPrintable(before.err));
    const CliRun among = run({command, examplePath(games), QStringLiteral("--db"), database});
    QCOMPARE(among.status, core::cli_exit::usage);
    QVERIFY2(among.err.contains(QStringLiteral("unknown option '--db'")), qPrintable(among.err));
    QVERIFY(!QFile::exists(database));
    const CliRun help = run({QStringLiteral("help"), command});
    QCOMPARE(help.status, core::cli_exit::ok);
    QVERIFY(help.out.contains(QStringLiteral("--players")));
    QVERIFY2(!help.out.contains(QStringLiteral("--db")), qPrintable(help.out));
}

QTEST_GUILESS_MAIN(TestCliSquares)
#include "tst_clisquares.moc"
