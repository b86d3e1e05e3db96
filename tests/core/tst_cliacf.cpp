// flickdesk-cli acf on docs/examples (ratings worked out by hand below), in-process and as the real
// executable; the history table; refusal of defective files with file, line and field (DECISIONS D2).
#include "cli/cli.h"
#include "clitestsupport.h"
#include "core/systems/systems.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <random>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

// The ratings of docs/examples, worked out by hand from acf-players.csv and acf-games.csv
// (docs/acf.md shows the same arithmetic).
//
// Before: Ann 2000 (200 games, peak 2090, 60 rounds), Ben 1800 (40, 1850, 12), Cleo 1650 (128,
// 1700, 40); Dan and Eve unrated.
//
// Spring Open, 2025-03-01, scored by round (window 400, clamp 300):
//   round 1  Ann-Cleo 1 win for Ann, 3 draws: Ann wins;  Ben-Dan 4 draws: drawn
//   round 2  Ann-Ben  Ben 2 wins, Ann 1: Ben wins;       Cleo-Dan 1 win for Cleo, 3 draws: Cleo wins
//   round 3  Ann-Dan  2 wins for Ann, 2 draws: Ann wins; Ben-Cleo 1 win each: drawn
//   Ann:  Cleo counts 2000 - 300 = 1700 (350 away, A2), Ben 1800; Dan (unrated) not at all (A4).
//         W1 L1, Rc 1750, Rp 1750; (1750 x 8 + 2000 x 128) / 136 = 1985.29, but 208 games and peak
//         2090: held at 1990 (A3).
//   Ben:  Ann 2000, Cleo 1650; W1 D1, Rc 1825, Rp = 1825 + 400 / 2 = 2025;
//         (2025 x 8 + 1800 x 40) / 48 = 1837.5 (published 1838); 48 games, 14 rounds.
//   Cleo: Ann counts 1650 + 300 = 1950, Ben 1800; L1 D1, Rc 1875, Rp = 1875 - 200 = 1675;
//         (1675 x 8 + 1650 x 128) / 136 = 1651.47; 136 games, 42 rounds.
//   Dan:  drew with Ben (a rated player): first rating (A4) over Ben 1800, Cleo 1650, Ann 2000:
//         D1 L2, Rc 1816.67, Rp = 1816.67 - 800 / 3 = 1550; 12 games, 3 rounds, peak 1550.
// Summer Match, 2025-06-14, scored by game (window 670, clamp 502.5), two-game rounds:
//   round 1  Ann-Dan 1-0 1-0;    Ben-Eve 1-0 1-0
//   round 2  Ann-Cleo 1-0 draw;  Dan-Eve 1-0 1-0
//   round 3  Ben-Cleo draw draw; Ann-Eve 1-0 1-0
//   Ann:  Dan 1550 twice, Cleo 1651.47 twice; W3 D1, Rc 1600.74, Rp = 1600.74 + 670 x 3 / 4 = 2103.24;
//         (2103.24 x 4 + 1990 x 128) / 132 = 1993.43 -> 1993 (above the floor 1990); 212 games, 64 rounds.
//   Ben:  Cleo 1651.47 twice; D2, Rp 1651.47; (1651.47 x 2 + 1837.5 x 48) / 50 = 1830.06 -> 1830;
//         50 games, 15 rounds: still temporary.
//   Cleo: Ann 1990 twice, Ben 1837.5 twice; L1 D3, Rc 1913.75, Rp = 1913.75 - 670 / 4 = 1746.25;
//         (1746.25 x 4 + 1651.47 x 128) / 132 = 1654.34 -> 1654; 140 games, 44 rounds.
//   Dan:  Ann 1990 twice (440 away, within 502.5); L2, Rp = 1990 - 670 = 1320;
//         (1320 x 2 + 1550 x 12) / 14 = 1517.14 -> 1517; 14 games, 4 rounds.
//   Eve:  lost all six games to rated players: no draw, so still unrated (A4).
const QByteArray kExampleRatings = "player_id,name,rating,games,rounds,peak,status\n"
                                   "101,Ann Archer,1993,212,64,2090,established\n"
                                   "102,Ben Brooks,1830,50,15,1850,temporary\n"
                                   "103,Cleo Cho,1654,140,44,1700,established\n"
                                   "104,Dan Dorsey,1517,14,4,1550,temporary\n"
                                   "105,Eve Ellis,,0,0,,unrated\n";

core::SystemInput exampleInput()
{
    core::SystemInput input;
    input.players = readBytes(examplePath(QStringLiteral("acf-players.csv")));
    input.playersFile = QStringLiteral("acf-players.csv");
    input.hasPlayers = true;
    input.games = readBytes(examplePath(QStringLiteral("acf-games.csv")));
    input.gamesFile = QStringLiteral("acf-games.csv");
    return input;
}

const QByteArray kGamesHeader = "event,date,scoring,round,player_a,player_b,result\n";

// A complete round-scored round between two players, then `extra` rows.
QByteArray gamesWith(const QByteArray& extra)
{
    return kGamesHeader +
           "Open,2025-01-01,round,1,p1,p2,1-0\n"
           "Open,2025-01-01,round,1,p2,p1,1/2-1/2\n"
           "Open,2025-01-01,round,1,p1,p2,0-1\n"
           "Open,2025-01-01,round,1,p2,p1,draw\n" +
           extra;
}

const QByteArray kPlayers = "player_id,name,rating,games,peak,rounds\n"
                            "p1,One,1800,,,\n"
                            "p2,Two,1700,50,1750,10\n"
                            "p3,Three,,,,\n";

} // namespace

class TestCliAcf : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exampleFilesUseTheDocumentedHeaders();
    void exampleRatingsInProcess();
    void exampleRatingsFromTheExecutable();
    void exampleHistory();
    void withoutPlayersEveryoneStaysUnrated();
    void playersFileDefaults();
    void exactHalfIsPublishedUp();
    void tiedRatingsByPlayerId();
    void peakFloorNeverLifts();
    void defectiveInput_data();
    void defectiveInput();
    void mutatedInputNeverCrashes();
};

void TestCliAcf::exampleFilesUseTheDocumentedHeaders()
{
    const QByteArray players = readBytes(examplePath(QStringLiteral("acf-players.csv")));
    const QByteArray games = readBytes(examplePath(QStringLiteral("acf-games.csv")));
    QVERIFY(!players.isEmpty());
    QVERIFY(!games.isEmpty());
    QCOMPARE(QString::fromUtf8(players.left(players.indexOf('\n'))), core::acfPlayerColumns().join(u','));
    QCOMPARE(QString::fromUtf8(games.left(games.indexOf('\n'))), core::acfGameColumns().join(u','));
    QCOMPARE(core::systemPlayerColumns(core::SystemKind::Acf), core::acfPlayerColumns());
}

void TestCliAcf::exampleRatingsInProcess()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString output = dir.filePath(QStringLiteral("ratings.csv"));
    const CliRun result =
        run({QStringLiteral("acf"), examplePath(QStringLiteral("acf-games.csv")), QStringLiteral("--players"),
             examplePath(QStringLiteral("acf-players.csv")), QStringLiteral("-o"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QCOMPARE(readBytes(output), kExampleRatings);

    // To standard output without -o.
    const CliRun toStdout =
        run({QStringLiteral("acf"), examplePath(QStringLiteral("acf-games.csv")), QStringLiteral("--players"),
             examplePath(QStringLiteral("acf-players.csv"))});
    QCOMPARE(toStdout.status, core::cli_exit::ok);
    QCOMPARE(toStdout.out.toUtf8(), kExampleRatings);
}

void TestCliAcf::exampleRatingsFromTheExecutable()
{
    QProcess process;
    process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                  {QStringLiteral("acf"), examplePath(QStringLiteral("acf-games.csv")),
                   QStringLiteral("--players"), examplePath(QStringLiteral("acf-players.csv"))});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(process.readAllStandardOutput(), kExampleRatings);
}

void TestCliAcf::exampleHistory()
{
    const core::SystemResult result = core::runAcfSystem(exampleInput());
    QVERIFY(result.defects.empty());
    QCOMPARE(result.history.columns,
             (QStringList{QStringLiteral("player_id"), QStringLiteral("event"), QStringLiteral("date"),
                          QStringLiteral("scoring"), QStringLiteral("rounds"), QStringLiteral("games"),
                          QStringLiteral("W"), QStringLiteral("L"), QStringLiteral("D"), QStringLiteral("Rc"),
                          QStringLiteral("performance"), QStringLiteral("rating_before"),
                          QStringLiteral("rating_after"), QStringLiteral("status_after")}));
    // Four players in the Spring Open, five in the Summer Match.
    QCOMPARE(result.history.rows.size(), 9);
    const auto rowOf = [&](const QString& player, const QString& event) {
        for (const QStringList& row : result.history.rows) {
            if (row[0] == player && row[1] == event)
                return row.join(u',');
        }
        return QString();
    };
    const QString spring = QStringLiteral("Spring Open");
    const QString summer = QStringLiteral("Summer Match");
    // The figures of the comment above kExampleRatings; Rc and performance to one decimal.
    QCOMPARE(
        rowOf(QStringLiteral("101"), spring),
        QStringLiteral("101,Spring Open,2025-03-01,round,2,8,1,1,0,1750.0,1750.0,2000,1990,established"));
    QCOMPARE(rowOf(QStringLiteral("102"), spring),
             QStringLiteral("102,Spring Open,2025-03-01,round,2,8,1,0,1,1825.0,2025.0,1800,1838,temporary"));
    QCOMPARE(
        rowOf(QStringLiteral("103"), spring),
        QStringLiteral("103,Spring Open,2025-03-01,round,2,8,0,1,1,1875.0,1675.0,1650,1651,established"));
    QCOMPARE(rowOf(QStringLiteral("104"), spring),
             QStringLiteral("104,Spring Open,2025-03-01,round,3,12,0,2,1,1816.7,1550.0,,1550,temporary"));
    QCOMPARE(
        rowOf(QStringLiteral("101"), summer),
        QStringLiteral("101,Summer Match,2025-06-14,game,2,4,3,0,1,1600.7,2103.2,1990,1993,established"));
    QCOMPARE(
        rowOf(QStringLiteral("103"), summer),
        QStringLiteral("103,Summer Match,2025-06-14,game,2,4,0,1,3,1913.8,1746.3,1651,1654,established"));
    QCOMPARE(rowOf(QStringLiteral("105"), summer),
             QStringLiteral("105,Summer Match,2025-06-14,game,3,6,0,6,0,,,,,unrated"));
    QCOMPARE(tableToCsv(result.table), kExampleRatings);
}

void TestCliAcf::withoutPlayersEveryoneStaysUnrated()
{
    // DECISIONS A4: nobody has a rating to start from, so nobody can draw with a rated player.
    const CliRun result = run({QStringLiteral("acf"), examplePath(QStringLiteral("acf-games.csv"))});
    QCOMPARE(result.status, core::cli_exit::ok);
    QCOMPARE(result.out, QStringLiteral("player_id,name,rating,games,rounds,peak,status\n"
                                        "101,,,0,0,,unrated\n"
                                        "102,,,0,0,,unrated\n"
                                        "103,,,0,0,,unrated\n"
                                        "104,,,0,0,,unrated\n"
                                        "105,,,0,0,,unrated\n"));
}

void TestCliAcf::playersFileDefaults()
{
    // p1 has a rating but no games, peak or rounds: 128 games, peak 1800, 16 rounds (established).
    // p2 gives everything. p3 is unrated and plays no game. The round p1-p2 is a win each and two
    // draws: drawn. p1: Rc 1700, Rp 1700; (1700 x 4 + 1800 x 128) / 132 = 1796.97 -> 1797 (132 games,
    // 17 rounds). p2: Rc 1800, Rp 1800; (1800 x 4 + 1700 x 50) / 54 = 1707.41 -> 1707 (54, 11 rounds).
    core::SystemInput input;
    input.players = kPlayers;
    input.hasPlayers = true;
    input.games = gamesWith({});
    const core::SystemResult result = core::runAcfSystem(input);
    QVERIFY(result.defects.empty());
    QCOMPARE(tableToCsv(result.table), QByteArray("player_id,name,rating,games,rounds,peak,status\n"
                                                  "p1,One,1797,132,17,1800,established\n"
                                                  "p2,Two,1707,54,11,1750,temporary\n"
                                                  "p3,Three,,0,0,,unrated\n"));
}

void TestCliAcf::exactHalfIsPublishedUp()
{
    // x (1500, 1 game, 1 round) beats a, b and c in one game each, game-scored (window 670, clamp
    // 502.5). x: Rc = (1386 + 1659 + 1315) / 3 = 4360 / 3, Rp = 4360 / 3 + 670 = 6370 / 3;
    // new = (6370 / 3 x 3 + 1500 x 1) / 4 = 7870 / 4 = 1967.5 exactly -> 1968 (half away from zero;
    // in doubles the sum is 1967.4999999999998). 4 games, 4 rounds: temporary; peak 1968.
    // a, b, c (128 games, 16 rounds by default) each lose to x, who counts 1500 for them:
    // Rp = 1500 - 670 = 830; a (830 + 1386 x 128) / 129 = 1381.69 -> 1382; b (830 + 1659 x 128) / 129 =
    // 1652.57 -> 1653; c (830 + 1315 x 128) / 129 = 1311.24 -> 1311; peaks unchanged.
    core::SystemInput input;
    input.players = "player_id,name,rating,games,peak,rounds\n"
                    "x,,1500,1,,1\n"
                    "a,,1386,,,\n"
                    "b,,1659,,,\n"
                    "c,,1315,,,\n";
    input.hasPlayers = true;
    input.games = kGamesHeader + "E,2025-01-01,game,1,x,a,1-0\n"
                                 "E,2025-01-01,game,2,b,x,0-1\n"
                                 "E,2025-01-01,game,3,x,c,1-0\n";
    const core::SystemResult result = core::runAcfSystem(input);
    QVERIFY(result.defects.empty());
    QCOMPARE(tableToCsv(result.table), QByteArray("player_id,name,rating,games,rounds,peak,status\n"
                                                  "x,,1968,4,4,1968,temporary\n"
                                                  "b,,1653,129,17,1659,established\n"
                                                  "a,,1382,129,17,1386,established\n"
                                                  "c,,1311,129,17,1315,established\n"));
}

void TestCliAcf::tiedRatingsByPlayerId()
{
    // Equal published ratings are listed by player id in the order of every table: whole-number ids
    // by number (9 before 10, though "10" < "9" as text), then the others as text. The one round
    // is drawn, so everyone keeps 1500.
    core::SystemInput input;
    input.players = "player_id,name,rating,games,peak,rounds\n"
                    "p2,,1500,,,\n"
                    "10,,1500,,,\n"
                    "9,,1500,,,\n"
                    "p10,,1500,,,\n";
    input.hasPlayers = true;
    input.games = kGamesHeader + "E,2025-01-01,game,1,10,9,1/2-1/2\n";
    const core::SystemResult result = core::runAcfSystem(input);
    QVERIFY(result.defects.empty());
    QCOMPARE(tableToCsv(result.table), QByteArray("player_id,name,rating,games,rounds,peak,status\n"
                                                  "9,,1500,129,17,1500,established\n"
                                                  "10,,1500,129,17,1500,established\n"
                                                  "p10,,1500,128,16,1500,established\n"
                                                  "p2,,1500,128,16,1500,established\n"));
}

// DECISIONS A3 (settled 2026-11-26): the 128-game floor stops a fall and never lifts. p, rated 1700
// with a peak of 2000 and 120 games, loses all eight games of the event that brings them to 128:
// Rp 1300, (1300 x 8 + 1700 x 120) / 128 = 1675, held at min(2000 - 100, 1700) = 1700, not 1900.
void TestCliAcf::peakFloorNeverLifts()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString games = dir.filePath(QStringLiteral("games.csv"));
    const QString players = dir.filePath(QStringLiteral("players.csv"));
    QByteArray rows = kGamesHeader;
    for (const char* round : {"1", "2"})
        for (int game = 0; game < 4; ++game)
            rows += QByteArray("Fall Open,2025-09-01,round,") + round + ",p,q,0-1\n";
    QVERIFY(writeFile(games, rows));
    QVERIFY(writeFile(players, "player_id,name,rating,games,peak,rounds\n"
                               "p,Pat,1700,120,2000,40\n"
                               "q,Quinn,1700,500,1700,100\n"));
    const CliRun result = runProcess({QStringLiteral("acf"), games, QStringLiteral("--players"), players});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    const QStringList lines = result.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("player_id,name,rating,games,rounds,peak,status"));
    const auto rowOf = [&lines](const QString& id) {
        for (const QString& line : lines)
            if (line.startsWith(id + u','))
                return line.split(u',');
        return QStringList();
    };
    const QStringList pat = rowOf(QStringLiteral("p"));
    QVERIFY2(pat.size() == 7, qPrintable(result.out));
    QCOMPARE(pat[2], QStringLiteral("1700"));
    QCOMPARE(pat[3], QStringLiteral("128"));
    QCOMPARE(pat[5], QStringLiteral("2000"));
    // q won every game: the formula alone, (2100 x 8 + 1700 x 128) / 136 = 1723.53.
    QCOMPARE(rowOf(QStringLiteral("q")).value(2), QStringLiteral("1724"));
}

void TestCliAcf::defectiveInput_data()
{
    QTest::addColumn<QByteArray>("games");
    QTest::addColumn<QByteArray>("players"); // empty: no --players
    QTest::addColumn<QString>("file");       // games or players
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("words"); // a part of the message

    const QByteArray fine = gamesWith({});
    QTest::newRow("unknown player") << gamesWith("Open,2025-01-01,round,2,p1,p9,1-0\n") << kPlayers << "games"
                                    << 6 << "player_b"
                                    << "unknown player p9";
    QTest::newRow("against themselves")
        << gamesWith("Open,2025-01-01,round,2,p3,p3,1-0\n") << kPlayers << "games" << 6 << "player_b"
        << "plays against themselves";
    QTest::newRow("bad result") << kGamesHeader + "Open,2025-01-01,game,1,p1,p2,2-0\n"
                                << QByteArray() << "games" << 2 << "result"
                                << "'2-0' is not a result";
    QTest::newRow("bad date") << kGamesHeader + "Open,2025-02-30,game,1,p1,p2,1-0\n"
                              << QByteArray() << "games" << 2 << "date"
                              << "'2025-02-30' is not a date";
    QTest::newRow("missing column") << QByteArray("event,date,scoring,round,player_a,player_b\n"
                                                  "Open,2025-01-01,game,1,p1,p2\n")
                                    << QByteArray() << "games" << 1 << "result"
                                    << "missing column";
    QTest::newRow("unknown scoring") << kGamesHeader + "Open,2025-01-01,match,1,p1,p2,1-0\n"
                                     << QByteArray() << "games" << 2 << "scoring"
                                     << "'match' is not a scoring";
    QTest::newRow("two scorings") << gamesWith("Open,2025-01-01,game,2,p1,p2,1-0\n") << QByteArray()
                                  << "games" << 6 << "scoring"
                                  << "an event has one scoring";
    QTest::newRow("two dates") << gamesWith("Open,2025-01-02,round,2,p1,p2,1-0\n") << QByteArray() << "games"
                               << 6 << "date"
                               << "has two dates";
    QTest::newRow("short round") << kGamesHeader + "Open,2025-01-01,round,1,p1,p2,1-0\n"
                                                   "Open,2025-01-01,round,1,p2,p1,1-0\n"
                                                   "Open,2025-01-01,round,1,p1,p2,1-0\n"
                                 << QByteArray() << "games" << 2 << "round"
                                 << "exactly 4 games";
    QTest::newRow("long round") << gamesWith("Open,2025-01-01,round,1,p2,p1,1-0\n") << QByteArray() << "games"
                                << 6 << "round"
                                << "exactly 4 games";
    QTest::newRow("three games in a game round") << kGamesHeader + "Duo,2025-01-01,game,1,p1,p2,1-0\n"
                                                                   "Duo,2025-01-01,game,1,p2,p1,1-0\n"
                                                                   "Duo,2025-01-01,game,1,p1,p2,1-0\n"
                                                 << QByteArray() << "games" << 4 << "round"
                                                 << "at most 2 games";
    QTest::newRow("twice in a round")
        << gamesWith("Open,2025-01-01,round,1,p3,p1,1-0\n") << kPlayers << "games" << 6 << "player_b"
        << "is in round 1 twice";
    QTest::newRow("bad round number") << kGamesHeader + "Duo,2025-01-01,game,0,p1,p2,1-0\n"
                                      << QByteArray() << "games" << 2 << "round"
                                      << "'0' is not a round number";
    QTest::newRow("bad rating") << fine << QByteArray("player_id,name,rating\np1,One,18OO\np2,Two,1700\n")
                                << "players" << 2 << "rating"
                                << "'18OO' is not a rating";
    QTest::newRow("player listed twice") << fine
                                         << QByteArray("player_id,name,rating\np1,One,1800\np2,Two,1700\n"
                                                       "p1,Again,1600\n")
                                         << "players" << 4 << "player_id"
                                         << "listed twice";
    QTest::newRow("peak below rating") << fine
                                       << QByteArray("player_id,name,rating,peak\np1,One,1800,1700\n"
                                                     "p2,Two,1700,\n")
                                       << "players" << 2 << "peak"
                                       << "below the rating";
}

void TestCliAcf::defectiveInput()
{
    QFETCH(QByteArray, games);
    QFETCH(QByteArray, players);
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, field);
    QFETCH(QString, words);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString gamesPath = dir.filePath(QStringLiteral("games.csv"));
    const QString playersPath = dir.filePath(QStringLiteral("players.csv"));
    const QString output = dir.filePath(QStringLiteral("ratings.csv"));
    QVERIFY(writeFile(gamesPath, games));
    QStringList args{QStringLiteral("acf"), gamesPath, QStringLiteral("-o"), output};
    if (!players.isEmpty()) {
        QVERIFY(writeFile(playersPath, players));
        args << QStringLiteral("--players") << playersPath;
    }
    const CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    const QString where = QStringLiteral("%1:%2: %3: ")
                              .arg(file == QStringLiteral("games") ? gamesPath : playersPath)
                              .arg(line)
                              .arg(field);
    QVERIFY2(result.err.contains(where),
             qPrintable(QStringLiteral("expected '%1' in:\n%2").arg(where, result.err)));
    QVERIFY2(result.err.contains(words), qPrintable(result.err));
    QVERIFY(result.err.contains(QStringLiteral("no ratings computed")));
    QVERIFY(result.out.isEmpty());
    QVERIFY(!QFileInfo::exists(output));
}

void TestCliAcf::mutatedInputNeverCrashes()
{
    // Random damage to the example files: every outcome is either defects with file and line and no
    // table, or a complete table of whole-number ratings. (Nothing here can crash the test silently:
    // a crash fails it.)
    const core::SystemInput example = exampleInput();
    std::mt19937 random(7);
    const QByteArray alphabet = ",\"\n\r 0123456789-/.abdr\xC2\xBD";
    int refused = 0;
    for (int i = 0; i < 400; ++i) {
        core::SystemInput input = example;
        QByteArray& text = i % 3 == 0 ? input.players : input.games;
        const int damage = 1 + static_cast<int>(random() % 3);
        for (int d = 0; d < damage && !text.isEmpty(); ++d) {
            const auto at = static_cast<qsizetype>(random() % static_cast<unsigned>(text.size()));
            switch (random() % 4) {
            case 0:
                text.remove(at, 1);
                break;
            case 1:
                text.insert(at, alphabet[static_cast<qsizetype>(random() % alphabet.size())]);
                break;
            case 2:
                text[at] = alphabet[static_cast<qsizetype>(random() % alphabet.size())];
                break;
            default: {
                // Repeat the line around `at`.
                const qsizetype begin = text.lastIndexOf('\n', at) + 1;
                const qsizetype end = text.indexOf('\n', at);
                text.insert(begin, text.mid(begin, end < 0 ? -1 : end - begin + 1));
                break;
            }
            }
        }
        const core::SystemResult result = core::runAcfSystem(input);
        if (!result.defects.empty()) {
            ++refused;
            QVERIFY(result.table.rows.isEmpty());
            for (const engine::Defect& defect : result.defects) {
                QVERIFY(!defect.source.file.empty());
                QVERIFY(defect.source.line >= 1);
                QVERIFY(!defect.message.empty());
            }
            continue;
        }
        QCOMPARE(result.table.columns.size(), 7);
        for (const QStringList& row : result.table.rows) {
            QCOMPARE(row.size(), 7);
            bool whole = true;
            if (!row[2].isEmpty())
                row[2].toLongLong(&whole);
            QVERIFY(whole);
        }
    }
    qInfo("%d of 400 damaged inputs refused", refused);
    QVERIFY(refused > 0);
}

QTEST_MAIN(TestCliAcf)
#include "tst_cliacf.moc"
